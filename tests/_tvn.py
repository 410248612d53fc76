"""The oracle's typed value notation (TVN): build cty values from vector lines, render them back.

shared/oracle/README.md defines the notation; this module follows the oracle's own builder and
renderer (shared/oracle/main.go) step for step:

* `build(type_json, node)` makes the value a node describes in a slot of the given type, with
  cty's public constructors, as the oracle does with go-cty's (an empty list node gives
  ``list_val_empty(element type)``, a dynamic node builds its value against its own type, ...);
* `render(v)` gives the oracle's rendering of a value: ``{"type", "value"}`` plus
  ``number_precs``/``number_exact`` when a number's precision is not 512;
* `render_path(path)` renders a path's steps;
* `matches`/`difference` compare a rendered result with the expected one.

Types go through cty's own JSON type codec (``cty._type_json``), so building and rendering a
type exercises it on every vector line.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

import msgspec

import cty
from cty import _number
from cty._type_json import type_from_json, type_to_json
from cty.function.stdlib import Bytes

__all__ = [
    "InvalidUTF8",
    "build",
    "build_type",
    "by_canonical_json",
    "canonical",
    "difference",
    "matches",
    "render",
    "render_node",
    "render_path",
    "type_json",
]


class InvalidUTF8(Exception):
    """A ``string_hex`` node whose bytes are not UTF-8: no cty string can hold them.

    cty strings are Python ``str`` (Unicode), so where go-cty keeps raw bytes we refuse them.
    Deliberately not a ValueError, so that a test expecting the code under test to raise one
    cannot pass because the *input* could not be built.
    """


class InputError(Exception):
    """A vector line that the oracle itself would have refused (a malformed TVN node)."""


# --- types --------------------------------------------------------------------------------------

_encode_json = msgspec.json.encode
_decode_json = msgspec.json.decode


BYTES = Bytes
"""go-cty's stdlib Bytes capsule type (cty.function.stdlib.Bytes), written
``{"capsule": "bytes"}`` in the vectors (the oracle's extension of the type JSON; go-cty's own
type JSON has no capsules)."""


def build_type(j: Any) -> cty.Type:
    """Return the type written in go-cty's type JSON (as decoded Python data, or a Type)."""
    if isinstance(j, cty.Type):
        return j
    if '"capsule"' in (text := _encode_json(j)).decode():
        return _build_type_with_capsules(j)
    return type_from_json(text)


def _build_type_with_capsules(j: Any) -> cty.Type:
    """Build a type whose JSON names the Bytes capsule somewhere (by hand: cty's type JSON
    codec rightly refuses capsules)."""
    if j == {"capsule": "bytes"}:
        return BYTES
    if isinstance(j, list) and len(j) >= 2:
        kind, body = j[0], j[1]
        if kind in ("list", "set", "map"):
            elem = _build_type_with_capsules(body)
            return {"list": cty.List, "set": cty.Set, "map": cty.Map}[kind](elem)
        if kind == "tuple":
            return cty.Tuple([_build_type_with_capsules(e) for e in body])
        if kind == "object":
            attrs = {k: _build_type_with_capsules(e) for k, e in body.items()}
            return cty.ObjectWithOptionalAttrs(attrs, j[2]) if len(j) > 2 else cty.Object(attrs)
    return type_from_json(_encode_json(j))


def type_json(t: cty.Type) -> Any:
    """Return go-cty's type JSON of *t* as Python data (lists, dicts, strings)."""
    if t is BYTES:
        return {"capsule": "bytes"}
    if t.is_collection_type():
        kind = "list" if t.is_list_type() else "set" if t.is_set_type() else "map"
        if _mentions_bytes(t):
            return [kind, type_json(t.element_type())]
    elif t.is_tuple_type() and _mentions_bytes(t):
        return ["tuple", [type_json(e) for e in t.tuple_element_types()]]
    elif t.is_object_type() and _mentions_bytes(t):
        attrs = {k: type_json(e) for k, e in t.attribute_types().items()}
        opt = sorted(t.optional_attributes())
        return ["object", attrs, opt] if opt else ["object", attrs]
    return _decode_json(type_to_json(t))


def _mentions_bytes(t: cty.Type) -> bool:
    if t is BYTES:
        return True
    if t.is_collection_type():
        return _mentions_bytes(t.element_type())
    if t.is_tuple_type():
        return any(_mentions_bytes(e) for e in t.tuple_element_types())
    if t.is_object_type():
        return any(_mentions_bytes(e) for e in t.attribute_types().values())
    return False


# --- building -----------------------------------------------------------------------------------

_INFINITIES = {"inf": cty.PositiveInfinity, "+inf": cty.PositiveInfinity,
               "Inf": cty.PositiveInfinity, "+Inf": cty.PositiveInfinity,
               "-inf": cty.NegativeInfinity, "-Inf": cty.NegativeInfinity}


def build_number(text: str) -> cty.Value:
    """Return the number a TVN ``number`` node holds (go-cty's ParseNumberVal, or an infinity)."""
    inf = _INFINITIES.get(text)
    if inf is not None:
        return inf
    return cty.parse_number_val(text)


def build_string_hex(hex_text: str) -> cty.Value:
    """Return the string a ``string_hex`` node holds; raise InvalidUTF8 when it is not UTF-8."""
    raw = bytes.fromhex(hex_text)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        refuse_not_unicode(raw)
    return cty.string_val(text)


def refuse_not_unicode(raw: bytes) -> NoReturn:
    """Check that cty's string constructor refuses *raw*, bytes that are not UTF-8; raise
    InvalidUTF8.

    A cty string is a Python str, so it cannot hold these bytes: ``string_val`` takes no bytes,
    and the nearest str (the bytes' surrogate escapes) holds lone surrogates, which it refuses.
    """
    for attempt in (raw, raw.decode("utf-8", "surrogateescape")):
        try:
            cty.string_val(attempt)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            continue
        raise AssertionError(f"cty.string_val accepted {attempt!r}, which is not Unicode text")
    raise InvalidUTF8(f"{raw.hex()} is not UTF-8: no cty string can hold it")


def build(ty: Any, node: dict[str, Any]) -> cty.Value:
    """Return the value TVN *node* describes, filling a slot of type *ty* (type JSON or Type)."""
    return _build(build_type(ty), node)


def _build_unknown(t: cty.Type, refinement: Any) -> cty.Value:
    """Return an unknown of *t* with the case's ``refinement`` (oracle README, Refinements):
    the builder's calls in the oracle's order, then new_value()."""
    v = cty.unknown_val(t)
    if refinement is None or t is cty.DynamicPseudoType:
        return v  # go-cty ignores refinements of DynamicVal
    known = {"not_null", "string_prefix", "string_prefix_hex", "number_lower",
             "number_lower_inclusive", "number_upper", "number_upper_inclusive",
             "length_lower", "length_upper"}
    if not isinstance(refinement, dict) or refinement.get("not_null", True) is not True \
            or set(refinement) - known:
        raise InputError(f"a malformed refinement {refinement!r}")
    b = v.refine()
    try:
        if refinement.get("not_null"):
            b.not_null()
        if "string_prefix_hex" in refinement:
            b.string_prefix_full(build_string_hex(refinement["string_prefix_hex"]).as_string())
        if "string_prefix" in refinement:
            b.string_prefix_full(refinement["string_prefix"])
        for side in ("lower", "upper"):
            if f"number_{side}" in refinement:
                bound = build_number(refinement[f"number_{side}"])
                inclusive = refinement[f"number_{side}_inclusive"]
                (b.number_range_lower_bound if side == "lower"
                 else b.number_range_upper_bound)(bound, inclusive)
        if "length_lower" in refinement:
            b.collection_length_lower_bound(refinement["length_lower"])
        if "length_upper" in refinement:
            b.collection_length_upper_bound(refinement["length_upper"])
    except (cty.CtyError, KeyError) as e:
        raise InputError(f"the refinement {refinement!r} is refused: {e}") from None
    return b.new_value()


def _build(t: cty.Type, node: dict[str, Any]) -> cty.Value:
    if set(node) == {"unknown", "refinement"}:
        return _build_unknown(t, node["refinement"])
    if len(node) != 1:
        raise InputError(f"a TVN node has exactly one key, not {sorted(node)}")
    ((kind, body),) = node.items()
    if kind == "marked":
        v = _build(t, body["value"])
        for m in body["marks"]:
            v = v.mark(m)
        return v
    if kind == "null":
        return cty.null_val(t)
    if kind == "unknown":
        return cty.unknown_val(t)
    if kind == "dynamic":
        if t is not cty.DynamicPseudoType:
            raise InputError(f"a dynamic node in a slot of type {t!r}")
        return _build(build_type(body["type"]), body["value"])
    if t is cty.DynamicPseudoType:
        raise InputError(f"a {kind!r} node cannot fill a dynamic slot")
    if kind == "bool":
        return cty.bool_val(body)
    if kind == "number":
        return build_number(body)
    if kind == "string":
        return cty.string_val(body)
    if kind == "string_hex":
        return build_string_hex(body)
    if kind == "bytes_hex":
        if t is not BYTES:
            raise InputError(f"a bytes_hex node in a slot of type {t!r}")
        return cty.capsule_val(BYTES, bytes.fromhex(body))
    if kind == "list":
        ety = t.element_type()
        if not body:
            return cty.list_val_empty(ety)
        return cty.list_val([_build(ety, e) for e in body])
    if kind == "set":
        ety = t.element_type()
        if not body:
            return cty.set_val_empty(ety)
        return cty.set_val([_build(ety, e) for e in body])
    if kind == "map":
        ety = t.element_type()
        if not body:
            return cty.map_val_empty(ety)
        return cty.map_val({k: _build(ety, e) for k, e in body.items()})
    if kind == "tuple":
        etys = t.tuple_element_types()
        if len(etys) != len(body):
            raise InputError(f"a tuple node of {len(body)} elements for {t!r}")
        return cty.tuple_val([_build(et, e) for et, e in zip(etys, body, strict=True)])
    if kind == "object":
        attrs = t.attribute_types()
        vals: dict[str, cty.Value] = {}
        for k, e in body.items():
            nk = cty.normalize_string(k)
            if nk not in attrs or nk in vals:
                raise InputError(f"object node attribute {k!r} does not fit {t!r}")
            vals[nk] = _build(attrs[nk], e)
        if len(vals) != len(attrs):
            raise InputError(f"object node lacks attributes of {t!r}")
        return cty.object_val(vals)
    raise InputError(f"unknown TVN node kind {kind!r}")


# --- rendering ----------------------------------------------------------------------------------


def number_text(payload: Any) -> str:
    """Return a number payload as the oracle writes it: Text('f', -1), or "inf"/"-inf"."""
    s = _number.format_f(payload)
    if s == "+Inf":
        return "inf"
    if s == "-Inf":
        return "-inf"
    return s


def exact_text(payload: Any) -> str:
    """Return a number payload's exact value: "7", "-3/4", "inf", "-inf", "-0"."""
    if payload.__class__ is int:
        return str(payload)
    f = _number.as_mpfr(payload)
    if f.is_infinite():
        return "inf" if f > 0 else "-inf"
    if f == 0:
        return "-0" if _number.is_neg_zero(payload) else "0"
    num, den = f.as_integer_ratio()
    return str(num) if den == 1 else f"{num}/{den}"


class _Renderer:
    """One rendering: collects number precisions in depth-first order."""

    def __init__(self) -> None:
        self.precs: list[int] = []
        self.exact: list[str | None] = []

    def node(self, v: cty.Value) -> dict[str, Any]:
        if v.is_marked():
            inner, marks = v.unmark()
            return {"marked": {"marks": sorted(marks), "value": self.node(inner)}}
        if v.is_null():
            return {"null": True}
        if not v.is_known():
            return _unknown_node(v)
        t = v.type()
        if t is cty.Bool:
            return {"bool": v.true()}
        if t is cty.Number:
            p = v._v
            prec = _number.precision(p)
            self.precs.append(prec)
            self.exact.append(None if prec == 512 else exact_text(p))
            return {"number": number_text(p)}
        if t is cty.String:
            return {"string": v.as_string()}
        if t is BYTES:
            return {"bytes_hex": v.encapsulated_value().hex()}
        if t.is_list_type() or t.is_set_type() or t.is_tuple_type():
            kind = "list" if t.is_list_type() else "set" if t.is_set_type() else "tuple"
            return {kind: [self.node(e) for _, e in v.element_iterator()]}
        if t.is_map_type() or t.is_object_type():
            kind = "map" if t.is_map_type() else "object"
            return {kind: {k.as_string(): self.node(e) for k, e in v.element_iterator()}}
        raise TypeError(f"cannot render a value of type {t!r}")


def _unknown_node(v: cty.Value) -> dict[str, Any]:
    """Render an unknown as the oracle does: its range(), keys that apply to its type only."""
    t = v.type()
    if t is cty.DynamicPseudoType:
        return {"unknown": True}
    r = v.range()
    ref: dict[str, Any] = {}
    if r.definitely_not_null():
        ref["not_null"] = True
    if t is cty.String and r.string_prefix():
        ref["string_prefix"] = r.string_prefix()
    if t is cty.Number:
        lo, lo_inc = r.number_lower_bound()
        if lo is not cty.NegativeInfinity:
            ref["number_lower"] = number_text(lo._v)
            ref["number_lower_inclusive"] = lo_inc
        hi, hi_inc = r.number_upper_bound()
        if hi is not cty.PositiveInfinity:
            ref["number_upper"] = number_text(hi._v)
            ref["number_upper_inclusive"] = hi_inc
    if t.is_list_type() or t.is_set_type() or t.is_map_type():
        if r.length_lower_bound():
            ref["length_lower"] = r.length_lower_bound()
        if r.length_upper_bound() != (1 << 63) - 1:
            ref["length_upper"] = r.length_upper_bound()
    return {"unknown": True, "refinement": ref} if ref else {"unknown": True}


def render(v: cty.Value) -> dict[str, Any]:
    """Return the oracle's rendering of *v* (its ``typedValue``)."""
    r = _Renderer()
    out: dict[str, Any] = {"type": type_json(v.type()), "value": r.node(v)}
    if any(p != 512 for p in r.precs):
        out["number_precs"] = r.precs
        out["number_exact"] = r.exact
    return out


def render_node(v: cty.Value) -> dict[str, Any]:
    """Return just the TVN node of *v* (no type, no precisions), as path steps show keys."""
    return _Renderer().node(v)


def render_path(path: Any) -> list[Any]:
    """Return the oracle's rendering of a cty.Path (``{"attr"}``/``{"index"}`` steps)."""
    out: list[Any] = []
    for step in path:
        if isinstance(step, cty.GetAttrStep):
            out.append({"attr": step.name})
        elif isinstance(step, cty.IndexStep):
            key = step.key
            out.append({"index": {"type": type_json(key.type()), "value": render_node(key)}})
        elif step is None:
            out.append(None)
        else:
            raise TypeError(f"unknown path step {step!r}")
    return out


# --- comparing ----------------------------------------------------------------------------------


def canonical(x: Any) -> str:
    """Return *x* as canonical JSON text (keys sorted, compact): equal texts mean equal data.

    Unlike ``==`` on Python data, this tells ``true`` from ``1`` and a list from a tuple of
    other contents; it is also the order the oracle sorts its lists by.
    """
    return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def by_canonical_json(items: list[Any]) -> list[Any]:
    """Return *items* sorted as the oracle sorts its unordered lists (by canonical JSON)."""
    return sorted(items, key=lambda x: canonical(x).encode("utf-8", "surrogatepass"))


_NOT_COMPARED = ("nondeterministic", "variants")


def matches(got: Any, expect: dict[str, Any]) -> bool:
    """Return whether rendered *got* is go-cty's answer *expect*, or one of its variants.

    Values compare structurally: same type, same node tree, set elements in the same order,
    marks as sorted lists, unknowns as plain unknowns. ``nondeterministic``/``variants`` list
    every answer go-cty gave; any of them is right.
    """
    want = {k: v for k, v in expect.items() if k not in _NOT_COMPARED}
    text = canonical(got)
    if text == canonical(want):
        return True
    return any(text == canonical(v) for v in expect.get("variants", ()))


def _same_type_json(x: Any) -> Any:
    """Return type JSON in one spelling: go-cty writes the empty tuple type of a Go nil slice as
    ``["tuple", null]``, the same type as ``["tuple", []]``."""
    if isinstance(x, list) and len(x) == 2 and x[0] == "tuple" and x[1] is None:
        return ["tuple", []]
    return x


def difference(got: Any, want: Any, where: str = "$") -> str | None:
    """Return where *got* first differs from *want* (a JSON path and both sides), or None.

    Type JSON compares as types: ``["tuple", null]`` is ``["tuple", []]``.
    """
    got, want = _same_type_json(got), _same_type_json(want)
    if isinstance(got, dict) and isinstance(want, dict):
        for k in sorted(set(got) | set(want)):
            if k not in got:
                return f"{where}.{k}: missing, want {want[k]!r}"
            if k not in want:
                return f"{where}.{k}: unexpected {got[k]!r}"
            d = difference(got[k], want[k], f"{where}.{k}")
            if d:
                return d
        return None
    if isinstance(got, list) and isinstance(want, list):
        for i, (g, w) in enumerate(zip(got, want, strict=False)):
            d = difference(g, w, f"{where}[{i}]")
            if d:
                return d
        if len(got) != len(want):
            return f"{where}: {len(got)} items, want {len(want)}"
        return None
    if canonical(got) != canonical(want):
        return f"{where}: got {got!r}, want {want!r}"
    return None
