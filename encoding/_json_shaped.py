"""JSON decoding with msgspec checking the type's shape, for the common case.

When a fixed type's JSON is plain (text in NFC with no ``\\u`` escapes, no literal ``-0``, no
key given twice, every string where the type wants a string, every bool where it wants a bool,
every object holding only its type's attributes), msgspec checks all of that in C while it
parses, decoding into Structs and lists of the type's shape. What is left for Python is the
numbers, the order of map keys and set elements, and building the payload. Anything else (a
string for a number is fine; a number for a string, an unknown or missing attribute, deep
nesting, a literal msgspec refuses) makes this pass decline, and the general decoder
(cty.encoding._json_decode) reads the input from the start, with go-cty's leniency and its
errors.

The shapes msgspec checks: str for String, bool for Bool, anything for Number (the number
code below checks it), a list for a list or set, a dict of str for a map, a tuple for a tuple,
a Struct per object type (every attribute present, no others), each of them or None. Types
holding DynamicPseudoType or a capsule type have no shape, nor object types with an attribute
name that plain JSON does not write as it is (one that is not printable ASCII, or holds a
quote or a backslash), nor tall types (cty._type_height: eight levels of containers or more).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import lt as _lt
from typing import Any, Final

import msgspec

import cty
from cty import Type
from cty._internal import (
    EMPTY_SET,
    SetPayload,
    SourceWriter,
    build_set_payload,
    child_types,
    code,
    is_normal_string,
    is_tall,
    join,
    json_repeats_dropped,
    worth_generating,
)

from ._errors import Fail
from ._json_decode import may_hold_negative_zero
from ._json_number import JNum, parse, parse_int, remembered_number

Build = Callable[[Any], Any]
"""Makes the payload of one decoded node (None: the node is its own payload)."""

DECLINED: Final = object()
"""What ShapedDecoder.payload returns when the shaped pass cannot decode the input."""


class ShapedDecoder:
    """The shaped pass for one fixed type: ``payload(raw)`` is the payload of UTF-8 JSON *raw*,
    or DECLINED."""

    __slots__ = ("_build", "_decoder")

    def __init__(self, shape: Any, build: Build | None) -> None:
        self._decoder = msgspec.json.Decoder(shape, float_hook=JNum)
        self._build = build

    def payload(self, raw: bytes, text: str | None = None) -> Any:
        """Return the payload *raw* holds, or DECLINED (see the module's description).
        *text*, when given, is *raw* decoded (the caller's own text: not decoded again)."""
        if b"\\u" in raw or (b"-0" in raw and may_hold_negative_zero(raw)):
            return DECLINED  # (escapes and signed zeros are the general decoder's)
        if not raw.isascii():
            # Every string and key is as go-cty holds it when the whole text is NFC (each
            # one sits between quotes, which compose with nothing); else the general decoder
            # normalises them one by one.
            if text is None:
                try:
                    text = raw.decode()
                except UnicodeDecodeError:
                    return DECLINED
            if not is_normal_string(text):
                return DECLINED
        try:
            tree = self._decoder.decode(raw)
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            return DECLINED
        if json_repeats_dropped(raw, tree, str):
            return DECLINED
        if self._build is None:
            return tree
        try:
            return self._build(tree)
        except (Fail, ValueError, RecursionError):
            return DECLINED


def shaped_decoder(ty: Type) -> ShapedDecoder | None:
    """Return the shaped pass for the fixed type *ty*, or None if it has no shape."""
    if is_tall(ty) or ty.has_dynamic_types() or _has_capsule(ty):
        return None  # (tall types: deep data is the general decoder's, which hops threads)
    try:
        shape, build = _plan(ty)
        return ShapedDecoder(shape, build)
    except _NoShape:
        return None


class _NoShape(Exception):
    """An attribute name that plain JSON cannot hold as it is (not printable ASCII, or a
    quote or backslash, which JSON escapes), or an object type too wide to be worth a
    builder of its own (cty._internal.worth_generating)."""


def _has_capsule(ty: Type) -> bool:
    return ty.is_capsule_type() or any(map(_has_capsule, child_types(ty)))


def _plan(ty: Type) -> tuple[Any, Build | None]:
    """The msgspec shape of *ty*'s JSON and the builder of its payload."""
    if ty is cty.String:
        return str | None, None
    if ty is cty.Bool:
        return bool | None, None
    if ty is cty.Number:
        return Any, _number
    if ty.is_list_type() or ty.is_set_type():
        ety = ty.element_type()
        shape, build = _plan(ety)
        if ty.is_list_type():
            return list[shape] | None, _list(build)  # type: ignore[valid-type]
        return list[shape] | None, _set(ety, build)  # type: ignore[valid-type]
    if ty.is_map_type():
        shape, build = _plan(ty.element_type())
        return dict[str, shape] | None, _map(build)  # type: ignore[valid-type]
    if ty.is_tuple_type():
        plans = [_plan(t) for t in ty.tuple_element_types()]
        shape = tuple[tuple(s for s, _ in plans)] if plans else tuple[()]  # type: ignore[misc]
        return shape | None, _tuple([b for _, b in plans])
    assert ty.is_object_type()
    return _object(ty)


def _number(x: Any) -> Any:
    c = x.__class__
    if c is int:
        return parse_int(x)
    if c is JNum:
        return parse(x)
    if x is None:
        return None
    if c is str:  # (a number given as a string, as go-cty takes it)
        return parse(x)
    raise Fail("number is required")


def _list(build: Build | None) -> Build:
    if build is None:
        return lambda x: None if x is None else tuple(x)
    return lambda x: None if x is None else tuple(map(build, x))


def _set(ety: Type, build: Build | None) -> Build:
    strings = ety is cty.String

    def dec(x: Any) -> Any:
        if x is None:
            return None
        if not x:
            return EMPTY_SET
        if strings and None not in x and all(map(_lt, x, x[1:])):
            return SetPayload(tuple(x))  # (strings strictly increasing: go-cty's order)
        return build_set_payload(ety, x if build is None else list(map(build, x)))

    return dec


def _map(build: Build | None) -> Build:
    def dec(x: Any) -> Any:
        if x is None:
            return None
        if not all(map(_lt, x, list(x)[1:])):
            x = dict(sorted(x.items()))
        return x if build is None else {k: build(v) for k, v in x.items()}

    return dec


def _tuple(builds: list[Build | None]) -> Build:
    def dec(x: Any) -> Any:
        if x is None:
            return None
        return tuple(e if b is None else b(e) for b, e in zip(builds, x, strict=True))

    return dec


_INLINE: Final = {
    # a number: an int or a literal, remembered or parsed
    "number": "    v = x.f{i}\n    c = v.__class__\n"
              "    n = remembered_number(v) if c is int or c is JNum else None\n"
              "    v{i} = n if n is not None else number(v)\n",
    # a list of strings or bools: its elements are their own payloads
    "list": "    v{i} = x.f{i}\n    if v{i} is not None:\n        v{i} = tuple(v{i})\n",
    # a set of strings: as it is when strictly increasing (go-cty's order), else the builder
    "set": "    v{i} = x.f{i}\n    if v{i} is not None:\n        p = None\n"
           "        for k in v{i}:\n            if k is None or (p is not None and not p < k):\n"
           "                v{i} = b{i}(v{i})\n                break\n            p = k\n"
           "        else:\n            v{i} = SetPayload(tuple(v{i})) if v{i} else EMPTY_SET\n",
    # a map of strings or bools: as it is when its keys are in order, else sorted
    "map": "    v{i} = x.f{i}\n    if v{i} is not None:\n        p = None\n"
           "        for k in v{i}:\n            if p is not None and not p < k:\n"
           "                v{i} = dict(sorted(v{i}.items()))\n                break\n"
           "            p = k\n",
}
"""The generated code for the commonest attribute types; others call their builders."""


def _inline(t: Type) -> str | None:
    if t is cty.Number:
        return "number"
    if t.is_collection_type() and (t.element_type() is cty.String or t.element_type() is cty.Bool):
        return "list" if t.is_list_type() else "map" if t.is_map_type() else \
            "set" if t.element_type() is cty.String else None
    return None


def _object(ty: Type) -> tuple[Any, Build]:
    attrs = ty.attribute_types()
    if not worth_generating(len(attrs)):
        raise _NoShape
    for name in attrs:
        if not (name.isascii() and name.isprintable()) or '"' in name or "\\" in name:
            raise _NoShape
    fields = [f"f{i}" for i in range(len(attrs))]
    plans = [_plan(t) for t in attrs.values()]
    struct = msgspec.defstruct(
        "Attributes", [(f, shape) for f, (shape, _) in zip(fields, plans, strict=True)],
        rename=dict(zip(fields, attrs, strict=True)), forbid_unknown_fields=True, gc=False)
    w = SourceWriter("build", "shaped JSON object")
    w.bind_names(number=_number, remembered_number=remembered_number, JNum=JNum,
                 SetPayload=SetPayload, EMPTY_SET=EMPTY_SET)
    w.add("def build(x):\n    if x is None:\n        return None\n")
    out = []
    for i, (t, (_, build)) in enumerate(zip(attrs.values(), plans, strict=True)):
        inline = _inline(t)
        if build is None:
            out.append(code("x.f{i}", i=i))
        elif inline is not None:
            w.add(_INLINE[inline], i=i)
            w.bind(build, name=f"b{i}")
            out.append(code("v{i}", i=i))
        else:
            w.bind(build, name=f"b{i}")
            out.append(code("b{i}(x.f{i})", i=i))
    body = join([code("{k}: {e}", k=w.bind(name, prefix="k"), e=e)
                 for name, e in zip(attrs, out, strict=True)])
    w.add("    return {{{body}}}\n", body=body)
    return struct | None, w.function()
