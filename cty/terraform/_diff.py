"""A change's ``before`` and ``after`` compared path by path, and a plan summed up for people
as ``terraform plan`` shows it: never a sensitive value's text.

``diff`` walks two values together and reports each leaf that differs (``Difference``: its
path, whether it is ``added``, ``removed``, ``changed`` or becomes ``unknown``, and whether
it is sensitive). Objects, maps, lists and tuples are walked into; a set is compared whole,
as are a sensitive value and a value whose type changed. ``summarize`` writes every resource
and output change of a plan that does something, each with the paths that change, then
Terraform's count of what the plan adds, changes and destroys.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Final, Literal

import cty
from cty import Value
from cty.encoding import json as cty_json

from ._document import load
from ._plan import Plan, ResourceChange
from ._write import json_text

__all__ = ["Difference", "diff", "summarize", "summary_json"]

Kind = Literal["added", "removed", "changed", "unknown"]

_SIGNS: Final = {"added": "+", "removed": "-", "changed": "~", "unknown": "~"}
_WIDE: Final = 1 << 30
"""format_value's width for one line."""


@dataclass(frozen=True, slots=True)
class Difference:
    """One place where ``before`` and ``after`` differ."""

    path: cty.Path
    kind: Kind
    before: Value
    """The value before (null where it was ``added``)."""
    after: Value
    """The value after (null where it was ``removed``; unknown where ``unknown``)."""
    sensitive: bool
    """Whether either side is sensitive: then neither is ever shown."""

    def text(self, name: str = "") -> str:
        """The difference on one line, as ``terraform plan`` shows it: ``~ tags["env"] =
        "prod" -> "dev"``, ``+ arn = (known after apply)``, ``~ password = (sensitive
        value)``; its path after *name* when given (an output's)."""
        where = name + self.path.format() if name else self.path.format().lstrip(".")
        where = where or "(the value)"
        if self.sensitive:
            return f"{_SIGNS[self.kind]} {where} = (sensitive value)"
        if self.kind == "added" or (self.kind == "unknown" and self.before.is_null()):
            return f"+ {where} = {_show(self.after)}"
        if self.kind == "removed":
            return f"- {where} = {_show(self.before)}"
        return f"~ {where} = {_show(self.before)} -> {_show(self.after)}"


def _show(value: Value) -> str:
    return cty.format_value(value, width=_WIDE)


def diff(before: Value, after: Value, /) -> list[Difference]:
    """The leaves where *before* and *after* differ, in path order (see the module's words).

    A value carrying any mark ``cty.sensitive_marks()`` holds (``"sensitive"`` among them)
    counts as sensitive."""
    out: list[Difference] = []
    _walk(cty.Path(()), before, after, cty.sensitive_marks(), out)
    return out


def _sensitive(value: Value, marks: frozenset[Hashable]) -> bool:
    return value.is_marked() and not marks.isdisjoint(value.marks())


def _walk(path: cty.Path, before: Value, after: Value, marks: frozenset[Hashable],
          out: list[Difference]) -> None:
    todo = [(path, before, after)]
    while todo:
        path, b, a = todo.pop()
        if b.is_null() and a.is_null() and not (_sensitive(b, marks) or _sensitive(a, marks)):
            continue
        if _sensitive(b, marks) or _sensitive(a, marks):
            plain_b, _ = b.unmark_deep()
            plain_a, _ = a.unmark_deep()
            if plain_b.is_null() and plain_a.is_null():
                continue
            if not plain_b.raw_equals(plain_a) or _sensitive(b, marks) != _sensitive(a, marks):
                out.append(Difference(path, _kind(plain_b, plain_a), b, a, True))
            continue
        b, _ = b.unmark()
        a, _ = a.unmark()
        if not a.is_known():
            if b.is_known() or b.type() != a.type():
                out.append(Difference(path, "unknown", b, a, False))
            continue
        if not b.is_known():
            out.append(Difference(path, "changed", b, a, False))
            continue
        ty = a.type() if not a.is_null() else b.type()
        if ty.is_object_type() or ty.is_map_type() or ty.is_list_type() or ty.is_tuple_type():
            children = _children(path, b, a, ty)
            if children is not None:
                todo.extend(reversed(children))
                continue
        if not b.raw_equals(a):
            out.append(Difference(path, _kind(b, a), b, a, False))


def _kind(before: Value, after: Value) -> Kind:
    if before.is_null() and not after.is_null():
        return "added"
    if after.is_null() and not before.is_null():
        return "removed"
    return "changed"


def _children(path: cty.Path, b: Value, a: Value, ty: cty.Type
              ) -> list[tuple[cty.Path, Value, Value]] | None:
    """The pairs to compare inside *b* and *a* (a null side is walked as nulls), or None
    when the two are to be compared whole (their kinds of type differ)."""
    kind = _container(ty)
    for side in (b, a):
        if not side.is_null() and _container(side.type()) != kind:
            return None
    if kind == "attrs":
        names = sorted(set(_attrs(b)) | set(_attrs(a)))
        return [(path.get_attr(n), _attr(b, n), _attr(a, n)) for n in names]
    if kind == "keys":
        keys = sorted(set(_keys(b)) | set(_keys(a)))
        return [(path.index(cty.string_val(k)), _element(b, cty.string_val(k)),
                 _element(a, cty.string_val(k))) for k in keys]
    size = max(_length(b), _length(a))
    return [(path.index(cty.number_int_val(i)), _element(b, cty.number_int_val(i)),
             _element(a, cty.number_int_val(i))) for i in range(size)]


def _container(ty: cty.Type) -> str:
    if ty.is_object_type():
        return "attrs"
    if ty.is_map_type():
        return "keys"
    if ty.is_list_type() or ty.is_tuple_type():
        return "indexes"
    return "whole"


def _attrs(v: Value) -> list[str]:
    return [] if v.is_null() else list(v.type().attribute_types())


def _keys(v: Value) -> list[str]:
    return [] if v.is_null() else [k.as_string() for k, _ in v.elements()]


def _length(v: Value) -> int:
    return 0 if v.is_null() else v.length_int()


def _attr(v: Value, name: str) -> Value:
    if v.is_null() or not v.type().has_attribute(name):
        return cty.null_val(cty.DynamicPseudoType)
    return v.get_attr(name)


def _element(v: Value, key: Value) -> Value:
    if v.is_null() or not v.has_index(key).true():
        return cty.null_val(cty.DynamicPseudoType)
    return v.index(key)


# --- a plan, for people ----------------------------------------------------------------------

_HEADINGS: Final = {
    "create": "will be created", "update": "will be updated in-place",
    "delete": "will be destroyed", "replace": "must be replaced",
    "read": "will be read during apply", "forget": "will no longer be managed by Terraform",
}


def summarize(plan: Plan) -> str:
    """Every change of *plan* that does something, each with the paths that change (unknowns
    as ``(known after apply)``, sensitive values as ``(sensitive value)``), then what the plan
    imports, adds, changes and destroys, as ``terraform plan`` counts them."""
    lines: list[str] = []
    for rc, differences in _changes(plan):
        lines.append(f"# {_heading(rc)}")
        lines.extend(f"    {d.text()}{_forces(rc, d)}" for d in differences)
    outputs = _outputs(plan)
    if outputs:
        lines.append("Changes to Outputs:")
        for name, differences in outputs:
            lines.extend(f"    {d.text(name)}" for d in differences)
    if not lines:
        lines.append("No changes.")
    counts = _counts(plan)
    imports = f"{counts['import']} to import, " if counts["import"] else ""
    lines.append(f"Plan: {imports}{counts['add']} to add, {counts['change']} to change, "
                 f"{counts['destroy']} to destroy.")
    return "\n".join(lines) + "\n"


def summary_json(plan: Plan) -> bytes:
    """``summarize`` as JSON: each change's address, action and differences (the path as
    Terraform writes paths, the kind, and each side in go-cty's typed JSON, ``{"value": ...,
    "type": ...}``, or null where it is sensitive or unknown, which ``sensitive`` and
    ``unknown`` say), the output changes likewise, and the counts."""
    changes = [{"address": rc.address, "action": rc.change.action,
                "differences": [_difference_json(d) for d in differences]}
               for rc, differences in _changes(plan)]
    outputs = [{"name": name, "differences": [_difference_json(d) for d in differences]}
               for name, differences in _outputs(plan)]
    doc = {"resource_changes": changes, "output_changes": outputs, "counts": _counts(plan)}
    return json_text(doc).encode() + b"\n"


def _difference_json(d: Difference) -> dict[str, Any]:
    def side(v: Value) -> Any:
        if d.sensitive or not v.is_known() or v.is_null():
            return None
        plain, _ = v.unmark_deep()
        if not plain.is_wholly_known():
            return None
        return load(cty_json.marshal(plain, cty.DynamicPseudoType))  # (numbers exact)

    return {"path": d.path.format().lstrip("."), "kind": d.kind,
            "before": side(d.before), "after": side(d.after), "sensitive": d.sensitive,
            "unknown": not d.sensitive and not d.after.unmark_deep()[0].is_wholly_known()}


def _changes(plan: Plan) -> list[tuple[ResourceChange, list[Difference]]]:
    out = []
    for rc in plan.resource_changes:
        moved = rc.previous_address and rc.previous_address != rc.address
        if rc.change.action == "no-op" and not moved and rc.change.importing is None:
            continue
        out.append((rc, diff(rc.change.before, rc.change.after)))
    return out


def _outputs(plan: Plan) -> list[tuple[str, list[Difference]]]:
    return [(name, diff(c.before, c.after)) for name, c in sorted(plan.output_changes.items())
            if c.action != "no-op"]


def _counts(plan: Plan) -> dict[str, int]:
    counts = {"import": 0, "add": 0, "change": 0, "destroy": 0}
    for rc in plan.resource_changes:
        action = rc.change.action
        if rc.change.importing is not None:
            counts["import"] += 1
        if rc.mode == "data":
            continue
        if action in ("create", "replace"):
            counts["add"] += 1
        if action == "update":
            counts["change"] += 1
        if action in ("delete", "replace"):
            counts["destroy"] += 1
    return counts


def _heading(rc: ResourceChange) -> str:
    action = rc.change.action
    if rc.mode == "data" and action == "read":
        return f"{rc.address} will be read during apply"
    words = _HEADINGS.get(action, f"will be changed ({action})")
    if rc.previous_address and rc.previous_address != rc.address:
        if action == "no-op":
            return f"{rc.previous_address} has moved to {rc.address}"
        return f"{rc.address} {words} (moved from {rc.previous_address})"
    if rc.change.importing is not None:
        return f"{rc.address} will be imported" if action == "no-op" else \
            f"{rc.address} {words} (imported)"
    if rc.deposed:
        return f"{rc.address} (deposed object {rc.deposed}) {words}"
    return f"{rc.address} {words}"


def _forces(rc: ResourceChange, d: Difference) -> str:
    for p in rc.change.replace_paths:
        if d.path.has_prefix(p):
            return " # forces replacement"
    return ""
