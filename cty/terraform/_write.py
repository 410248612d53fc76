"""Plans and states written back as ``terraform show -json`` writes them, byte for byte.

Terraform writes its JSON with Go's encoding/json: properties in the order of its structs'
fields (those tagged ``omitempty`` left out when empty), maps' keys sorted, no spaces, ``<``,
``>`` and ``&`` escaped; values with go-cty's JSON (``value_to_json``). A document read with
``read_plan`` or ``read_state`` and written again is the same bytes, where Terraform wrote it;
what the readers keep as the JSON's Python objects (the configuration, checks) is written
as it was read, in its order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import cty
from cty import Value
from cty._internal import deep, go_json_string
from cty.encoding import json as cty_json
from cty.encoding._json_number import JNum

from ._plan import (
    Change,
    Module,
    Output,
    Plan,
    RelevantAttribute,
    Resource,
    ResourceChange,
    State,
    StateValues,
)
from ._values import SENSITIVE, value_to_json

__all__ = ["json_text", "write_plan", "write_state"]


def write_plan(plan: Plan, *, newline: bool = True) -> bytes:
    """Return *plan* as the JSON ``terraform show -json PLAN`` writes (ending in a newline as
    its output does, unless *newline* is false)."""
    w = _Writer(_sensitive_trees(plan.format_version))
    return w.plan(plan).encode() + (b"\n" if newline else b"")


def write_state(state: State, *, newline: bool = True) -> bytes:
    """Return *state* as the JSON ``terraform show -json`` writes for a state."""
    w = _Writer(_sensitive_trees(state.format_version))
    return w.state(state).encode() + (b"\n" if newline else b"")


def _sensitive_trees(version: str) -> bool:
    """Whether documents of format *version* have sensitive trees (0.2 on: Terraform 0.15)."""
    try:
        major, minor = (int(p) for p in version.split(".")[:2])
    except ValueError:
        return True
    return (major, minor) >= (0, 2)


# (property name, its text) pairs: None leaves the property out
_Props = list[tuple[str, str | None]]

_ORDER_AFTER: Final = {"deferred_changes": "resource_changes",
                       "deferred_action_invocations": "deferred_changes",
                       "action_invocations": "output_changes"}
"""Where the plan properties this package keeps untyped stand among the typed ones."""


def _object(props: _Props) -> str:
    return "{" + ",".join([f"{go_json_string(k)}:{v}" for k, v in props if v is not None]) \
        + "}"


def _text(s: str) -> str | None:
    """An ``omitempty`` string."""
    return go_json_string(s) if s else None


def _bool(b: bool | None) -> str | None:
    return None if b is None else ("true" if b else "false")


def _array(items: list[str]) -> str | None:
    """An ``omitempty`` array."""
    return "[" + ",".join(items) + "]" if items else None


def _map(m: Mapping[str, Any], write: Callable[[Any], str]) -> str | None:
    """An ``omitempty`` map, its keys sorted as Go sorts a map's."""
    if not m:
        return None
    return "{" + ",".join([f"{go_json_string(k)}:{write(m[k])}" for k in sorted(m)]) + "}"


def _value(value: Value) -> str:
    """*value* (no unknowns, no marks) in go-cty's JSON, typed as itself."""
    plain, _ = value.unmark_deep()
    return cty_json.marshal(plain, plain.type()).decode()


class _Writer:
    def __init__(self, sensitive_trees: bool) -> None:
        self.sensitive_trees = sensitive_trees

    def plan(self, p: Plan) -> str:
        props: _Props = [
            ("format_version", _text(p.format_version)),
            ("terraform_version", _text(p.terraform_version)),
            ("variables", _map(p.variables, lambda v: _object([("value", _value(v))]))),
            ("planned_values", None if p.planned_values is None
             else self.values(p.planned_values, planned=True)),
            ("resource_drift", _array([self.resource_change(c) for c in p.resource_drift])),
            ("resource_changes", _array([self.resource_change(c)
                                         for c in p.resource_changes])),
            ("output_changes", _map(p.output_changes, self.output_change)),
            ("prior_state", None if p.prior_state is None else self.state(p.prior_state)),
            ("configuration", None if p.configuration is None else json_text(p.configuration)),
            ("relevant_attributes", _array([self.relevant(r)
                                            for r in p.relevant_attributes])),
            ("checks", None if p.checks is None else json_text(p.checks)),
            ("timestamp", _text(p.timestamp)),
            ("applyable", _bool(p.applyable)),
            ("complete", _bool(p.complete)),
            ("errored", _bool(p.errored)),
        ]
        for name, tree in p.others.items():
            after = _ORDER_AFTER.get(name)
            at = next((i + 1 for i, (k, _) in enumerate(props) if k == after), len(props))
            props.insert(at, (name, json_text(tree)))
        return _object(props)

    def state(self, s: State) -> str:
        return _object([("format_version", _text(s.format_version)),
                        ("terraform_version", _text(s.terraform_version)),
                        ("values", None if s.values is None else self.values(s.values)),
                        ("checks", None if s.checks is None else json_text(s.checks))])

    def values(self, v: StateValues, planned: bool = False) -> str:
        write = self.planned_output if planned else self.output
        return _object([("outputs", _map(v.outputs, write)),
                        ("root_module", self.module(v.root_module))])

    def planned_output(self, o: Output) -> str:
        # (a planned output's value is written only when wholly known)
        known = o.value.is_wholly_known()
        return _object([("sensitive", _bool(o.sensitive)),
                        ("type", None if o.type is None else cty.type_to_json(o.type).decode()),
                        ("value", _value(o.value) if known else None)])

    def output(self, o: Output) -> str:
        return _object([("sensitive", _bool(o.sensitive)), ("value", _value(o.value)),
                        ("type", None if o.type is None else cty.type_to_json(o.type).decode())])

    @deep  # (modules nest)
    def module(self, m: Module) -> str:
        return _object([("resources", _array([self.resource(r) for r in m.resources])),
                        ("address", _text(m.address)),
                        ("child_modules", _array([self.module(c) for c in m.child_modules]))])

    def resource(self, r: Resource) -> str:
        written = value_to_json(r.values)
        values = None
        if written.value is not None and not r.values.is_null() and written.value != b"{}":
            values = written.value.decode()
        return _object([
            ("address", _text(r.address)), ("mode", _text(r.mode)), ("type", _text(r.type)),
            ("name", _text(r.name)), ("index", None if r.index is None else _value(r.index)),
            ("provider_name", _text(r.provider_name)),
            ("schema_version", str(r.schema_version)),
            ("values", values),
            ("sensitive_values", written.sensitive.decode() if self.sensitive_trees else None),
            ("identity_schema_version", None if r.identity_schema_version is None
             else str(r.identity_schema_version)),
            ("identity", None if r.identity is None else _value(r.identity)),
            ("depends_on", _array([go_json_string(d) for d in r.depends_on])),
            ("tainted", "true" if r.tainted else None),
            ("deposed_key", _text(r.deposed_key))])

    def resource_change(self, rc: ResourceChange) -> str:
        return _object([
            ("address", _text(rc.address)), ("previous_address", _text(rc.previous_address)),
            ("module_address", _text(rc.module_address)), ("mode", _text(rc.mode)),
            ("type", _text(rc.type)), ("name", _text(rc.name)),
            ("index", None if rc.index is None else _value(rc.index)),
            ("index_unknown", "true" if rc.index_unknown else None),
            ("provider_name", _text(rc.provider_name)), ("deposed", _text(rc.deposed)),
            ("change", self.change(rc.change, output=False)),
            ("action_reason", _text(rc.action_reason))])

    def output_change(self, c: Change) -> str:
        return self.change(c, output=True)

    def change(self, c: Change, output: bool) -> str:
        before = value_to_json(c.before)
        after = value_to_json(c.after)
        if c.after.unmark_deep()[0].is_wholly_known():
            unknown = "false" if output else "{}"
        else:
            unknown = after.unknown.decode()
        before_s: str | None = None
        after_s: str | None = None
        if not self.sensitive_trees:
            pass
        elif output:  # (one flag for both: whether the output is sensitive)
            before_s = after_s = "true" if c.after.has_mark(SENSITIVE) or \
                c.before.has_mark(SENSITIVE) else "false"
        else:
            before_s, after_s = before.sensitive.decode(), after.sensitive.decode()
        return _object([
            ("actions", _array([go_json_string(a) for a in c.actions])),
            ("before", None if before.value is None else before.value.decode()),
            ("after", None if after.value is None else after.value.decode()),
            ("after_unknown", unknown),
            ("before_sensitive", before_s), ("after_sensitive", after_s),
            ("replace_paths", _array([_path(p) for p in c.replace_paths])),
            ("importing", None if c.importing is None else json_text(c.importing)),
            ("generated_config", _text(c.generated_config)),
            ("before_identity", None if c.before_identity is None
             else _value(c.before_identity)),
            ("after_identity", None if c.after_identity is None else _value(c.after_identity))])

    def relevant(self, r: RelevantAttribute) -> str:
        return _object([("resource", go_json_string(r.resource)),
                        ("attribute", _path(r.attribute))])


def _path(path: cty.Path) -> str:
    steps = []
    for step in path:
        if isinstance(step, cty.GetAttrStep):
            steps.append(go_json_string(step.name))
        elif isinstance(step, cty.IndexStep):
            steps.append(_value(step.key))
        else:
            raise TypeError(f"a path step Terraform cannot write: {step!r}")
    return "[" + ",".join(steps) + "]"


@deep  # (the JSON's Python objects nest to any depth)
def json_text(tree: Any) -> str:
    """Python objects from cty.encoding's reader as Go writes them, objects in their order."""
    c = tree.__class__
    if tree is None:
        return "null"
    if tree is True:
        return "true"
    if tree is False:
        return "false"
    if c is str:
        return go_json_string(tree)
    if c is JNum:
        return str(tree)
    if c is int:
        return str(tree)
    if c is float:
        return repr(tree)
    if c is list:
        return "[" + ",".join([json_text(e) for e in tree]) + "]"
    if c is dict:
        return "{" + ",".join([f"{go_json_string(k)}:{json_text(v)}" for k, v in tree.items()]) \
            + "}"
    raise TypeError(f"{type(tree).__name__} is not a JSON value")
