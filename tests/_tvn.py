"""The oracle's typed value notation (TVN): build cty values from vector lines, render them back.

See shared/oracle/README.md for the notation. Building uses only the public constructors.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import cty
from cty import _number


class InvalidUTF8(Exception):
    """A string_hex node whose bytes are not UTF-8 (cty strings are Unicode)."""


def build_type(j: Any) -> cty.Type:
    """Return the type written in go-cty's type JSON (as decoded Python data)."""
    if isinstance(j, str):
        prim = {"string": cty.String, "number": cty.Number, "bool": cty.Bool,
                "dynamic": cty.DynamicPseudoType}
        return prim[j]
    kind = j[0]
    if kind == "list":
        return cty.List(build_type(j[1]))
    if kind == "set":
        return cty.Set(build_type(j[1]))
    if kind == "map":
        return cty.Map(build_type(j[1]))
    if kind == "tuple":
        return cty.Tuple([build_type(t) for t in j[1]])
    if kind == "object":
        attrs = {k: build_type(t) for k, t in j[1].items()}
        if len(j) > 2:
            return cty.ObjectWithOptionalAttrs(attrs, j[2])
        return cty.Object(attrs)
    raise ValueError(f"unknown type JSON {j!r}")


def type_json(t: cty.Type) -> Any:
    """Return go-cty's type JSON of *t* as Python data."""
    if t is cty.String:
        return "string"
    if t is cty.Number:
        return "number"
    if t is cty.Bool:
        return "bool"
    if t is cty.DynamicPseudoType:
        return "dynamic"
    if t.is_list_type():
        return ["list", type_json(t.element_type())]
    if t.is_set_type():
        return ["set", type_json(t.element_type())]
    if t.is_map_type():
        return ["map", type_json(t.element_type())]
    if t.is_tuple_type():
        return ["tuple", [type_json(e) for e in t.tuple_element_types()]]
    out: list[Any] = ["object", {k: type_json(a) for k, a in t.attribute_types().items()}]
    if t.optional_attributes():
        out.append(sorted(t.optional_attributes()))
    return out


def build(ty: Any, node: dict[str, Any]) -> cty.Value:
    """Return the value *node* describes, filling a slot of type *ty* (type JSON or Type)."""
    t = ty if isinstance(ty, cty.Type) else build_type(ty)
    ((kind, v),) = node.items()
    if kind == "null":
        return cty.null_val(t)
    if kind == "unknown":
        return cty.unknown_val(t)
    if kind == "bool":
        return cty.bool_val(v)
    if kind == "number":
        if v == "inf":
            return cty.PositiveInfinity
        if v == "-inf":
            return cty.NegativeInfinity
        return cty.parse_number_val(v)
    if kind == "string":
        return cty.string_val(v)
    if kind == "string_hex":
        try:
            return cty.string_val(bytes.fromhex(v).decode("utf-8"))
        except UnicodeDecodeError:
            raise InvalidUTF8(v) from None
    if kind == "marked":
        x = build(t, v["value"])
        for m in v["marks"]:
            x = x.mark(m)
        return x
    if kind == "dynamic":
        return build(v["type"], v["value"])
    if kind == "list":
        if not v:
            return cty.list_val_empty(t.element_type())
        return cty.list_val([build(t.element_type(), e) for e in v])
    if kind == "set":
        if not v:
            return cty.set_val_empty(t.element_type())
        return cty.set_val([build(t.element_type(), e) for e in v])
    if kind == "map":
        if not v:
            return cty.map_val_empty(t.element_type())
        return cty.map_val({k: build(t.element_type(), e) for k, e in v.items()})
    if kind == "tuple":
        return cty.tuple_val([build(et, e) for et, e in zip(t.tuple_element_types(), v,
                                                              strict=True)])
    if kind == "object":
        attrs = t.attribute_types()
        return cty.object_val(
            {k: build(attrs[cty.normalize_string(k)], e) for k, e in v.items()})
    raise ValueError(f"unknown TVN node {kind!r}")


def _number_text(p: Any) -> str:
    s = _number.format_f(p)
    return {"+Inf": "inf", "-Inf": "-inf"}.get(s, s)


def _exact(p: Any) -> str:
    text = _number.to_exact_text(p)
    if text in ("inf", "-inf", "-0") or "." not in text:
        return text
    f = Fraction(text)
    return f"{f.numerator}/{f.denominator}"


def _node(v: cty.Value, precs: list[int], exact: list[str | None]) -> dict[str, Any]:
    v, marks = v.unmark()
    t = v.type()
    node: dict[str, Any]
    if not v.is_known():
        node = {"unknown": True}
    elif v.is_null():
        node = {"null": True}
    elif t is cty.String:
        node = {"string": v.as_string()}
    elif t is cty.Bool:
        node = {"bool": v.true()}
    elif t is cty.Number:
        p = v._v
        prec = _number.precision(p)
        precs.append(prec)
        exact.append(None if prec == 512 else _exact(p))
        node = {"number": _number_text(p)}
    elif t.is_list_type() or t.is_set_type() or t.is_tuple_type():
        kind = "list" if t.is_list_type() else "set" if t.is_set_type() else "tuple"
        node = {kind: [_node(e, precs, exact) for e in v]}
    else:
        kind = "map" if t.is_map_type() else "object"
        node = {kind: {k.as_string(): _node(e, precs, exact) for k, e in v.element_iterator()}}
    if marks:
        node = {"marked": {"marks": sorted(marks), "value": node}}
    return node


def render(v: cty.Value) -> dict[str, Any]:
    """Return the oracle's rendering of *v*: type, value, and number precisions when not 512."""
    precs: list[int] = []
    exact: list[str | None] = []
    out: dict[str, Any] = {"type": type_json(v.type()), "value": _node(v, precs, exact)}
    if any(p != 512 for p in precs):
        out["number_precs"] = precs
        out["number_exact"] = exact
    return out


def render_path(path: cty.Path) -> list[Any]:
    """Return the oracle's rendering of a path."""
    out: list[Any] = []
    for step in path:
        if isinstance(step, cty.GetAttrStep):
            out.append({"attr": step.name})
        else:
            out.append({"index": strip_precisions(render(step.key))})  # type: ignore[attr-defined]
    return out


def strip_precisions(x: Any) -> Any:
    """Return *x* without number_precs/number_exact keys, at any depth."""
    if isinstance(x, dict):
        return {k: strip_precisions(v) for k, v in x.items()
                if k not in ("number_precs", "number_exact")}
    if isinstance(x, list):
        return [strip_precisions(v) for v in x]
    return x


def canonical(x: Any) -> Any:
    """Return *x* as JSON-normalised Python data (tuples become lists...)."""
    return json.loads(json.dumps(x, sort_keys=True))
