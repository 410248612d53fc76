"""How an extended type converts to another: conversion_kind and assignable.

Where both types are plain core types the answer is core cty's (cty.convert's safe and unsafe
conversions), never Pulumi's: in particular bool and number do not convert to each other (in
Pulumi's model they do, unsafely). The X-only constructors follow Pulumi's model: a union
source is taken apart first (safe when every member converts safely, no when none converts),
a union destination takes its best member; int converts safely to number and string, and
number and string convert to it unsafely; none converts only to none (and to a union with it);
output(T) takes U, output(U) and promise(U) as T takes U, promise(T) takes U and promise(U)
but never an output.
"""

from __future__ import annotations

import enum
import functools

from cty import CtyTypeError
from cty._internal import deep
from cty.convert import get_conversion, get_conversion_unsafe

from ._model import DYNAMIC, INT, NONE, NUMBER, STRING, XType, lower

__all__ = ["Kind", "assignable", "conversion_kind"]


class Kind(enum.IntEnum):
    """How a value of one type converts to another: not at all, unsafely (it may fail at run
    time), or safely."""

    NO = 0
    UNSAFE = 1
    SAFE = 2


_X_ONLY = frozenset({"int", "none", "union", "output", "promise"})


@functools.lru_cache(maxsize=4096)
def plain(t: XType) -> bool:
    """Whether *t* is a core type (nothing X-only in it)."""
    if t.kind in _X_ONLY:
        return False
    return all(plain(a) for a in t.children)


def _check_pair(dst: object, src: object, what: str) -> None:
    if not isinstance(dst, XType) or not isinstance(src, XType):
        raise CtyTypeError(f"{what} takes two XTypes, not {type(dst).__name__} and "
                           f"{type(src).__name__}")


def _core_kind(dst: XType, src: XType) -> Kind:
    d, s = lower(dst), lower(src)
    if d == s or get_conversion(s, d) is not None:
        return Kind.SAFE
    if get_conversion_unsafe(s, d) is not None:
        return Kind.UNSAFE
    return Kind.NO


def conversion_kind(dst: XType, src: XType) -> Kind:
    """How values of *src* convert to *dst*."""
    _check_pair(dst, src, "conversion_kind")
    return _kind(dst, src)


@functools.lru_cache(maxsize=16384)
@deep
def _kind(dst: XType, src: XType) -> Kind:
    if dst in (src, DYNAMIC):
        return Kind.SAFE
    if src.kind == "union":  # the source's members first (the formal model's C-USrc)
        kinds = [_kind(dst, m) for m in src.members]
        if all(k == Kind.SAFE for k in kinds):
            return Kind.SAFE
        return Kind.NO if all(k == Kind.NO for k in kinds) else Kind.UNSAFE
    if dst.kind == "union":
        return max((_kind(m, src) for m in dst.members), default=Kind.NO)
    if src == DYNAMIC:
        return Kind.UNSAFE
    if NONE in (dst, src):
        return Kind.NO
    if dst.kind == "output":
        inner = src.elem if src.kind in ("output", "promise") else src
        return _kind(dst.elem, inner)
    if dst.kind == "promise":
        if src.kind == "output":
            return Kind.NO  # a promise cannot carry an output's unknowns and dependencies
        return _kind(dst.elem, src.elem if src.kind == "promise" else src)
    if src.kind in ("output", "promise"):
        return Kind.NO
    if src == INT:
        return Kind.SAFE if dst in (NUMBER, STRING) else _kind(dst, NUMBER)
    if dst == INT:
        k = _kind(NUMBER, src)
        return Kind.UNSAFE if k != Kind.NO else Kind.NO
    if plain(dst) and plain(src):
        return _core_kind(dst, src)
    return _structural_kind(dst, src)


# How one kind of container converts to another in core cty, whatever their elements
_SHAPES = {
    ("list", "list"): Kind.SAFE, ("list", "set"): Kind.SAFE, ("list", "tuple"): Kind.SAFE,
    ("set", "set"): Kind.SAFE, ("set", "list"): Kind.UNSAFE, ("set", "tuple"): Kind.SAFE,
    ("map", "map"): Kind.SAFE, ("map", "object"): Kind.SAFE,
    ("object", "object"): Kind.SAFE, ("object", "map"): Kind.UNSAFE,
    ("tuple", "tuple"): Kind.SAFE,
}


def _structural_kind(dst: XType, src: XType) -> Kind:
    """Containers with X-only types inside: how their kinds of container convert, capped by
    how their elements do. (A tuple shorter than the one it converts to lacks its last
    elements, as an object lacks an attribute: they must admit none.)"""
    d, s = dst.kind, src.kind
    shape = _SHAPES.get((d, s))
    if shape is None:
        return _core_kind(dst, src) if d not in _X_ONLY and s not in _X_ONLY else Kind.NO
    if d in ("list", "set", "map") and s in ("list", "set", "map"):
        return min(shape, _kind(dst.elem, src.elem))
    if d in ("list", "set") and s == "tuple":
        return min([shape, *(_kind(dst.elem, e) for e in src.elems)])
    if d == "map" and s == "object":
        return min([shape, *(_kind(dst.elem, a) for a in src.attrs.values())])
    if d == "tuple" and s == "tuple":
        if len(src.elems) > len(dst.elems):
            return Kind.NO
        have = list(src.elems) + [NONE] * (len(dst.elems) - len(src.elems))
        return min([shape, *(_kind(a, b) for a, b in zip(dst.elems, have,
                                                                    strict=True))])
    if d == "object" and s == "object":
        src_attrs = src.attrs
        return min([shape, *(_kind(a, src_attrs.get(n, NONE))
                             for n, a in dst.attrs.items())])
    # an object from a map: each attribute from the map's elements
    return min([shape, *(_kind(a, src.elem) for a in dst.attrs.values())])


@deep
def assignable(dst: XType, src: XType) -> bool:
    """Whether every value of *src* is a value of *dst* as it is (no conversion): equal
    types, anything to dynamic, a union source whose members all are, a union destination
    with a member that takes it."""
    _check_pair(dst, src, "assignable")
    if dst in (src, DYNAMIC):
        return True
    if src.kind == "union":
        return all(assignable(dst, m) for m in src.members)
    if dst.kind == "union":
        return any(assignable(m, src) for m in dst.members)
    if dst.kind == "output":
        return assignable(dst.elem, src.elem if src.kind in ("output", "promise") else src)
    if dst.kind == "promise":
        return src.kind != "output" and assignable(dst.elem, src.elem if src.kind == "promise"
                                                   else src)
    if dst.kind == src.kind and dst.kind in ("list", "set", "map"):
        return assignable(dst.elem, src.elem)
    if dst.kind == src.kind == "tuple" and len(dst.elems) == len(src.elems):
        return all(assignable(a, b) for a, b in zip(dst.elems, src.elems, strict=True))
    if dst.kind == src.kind == "object":
        src_attrs = src.attrs
        return set(src_attrs) <= set(dst.attrs) and all(
            assignable(a, src_attrs.get(n, NONE)) for n, a in dst.attrs.items())
    return False
