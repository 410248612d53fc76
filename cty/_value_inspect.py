"""Deep inspection: is_wholly_known and has_wholly_known_type."""

from __future__ import annotations

from itertools import chain
from typing import Any

from ._deep import deep
from ._dynamic import DynamicPseudoType
from ._marks import Marked
from ._set_payload import SetPayload
from ._type import Type
from ._unknown import Unknown
from ._value import Value


def _children(ty: Type, p: Any) -> Any:
    """Yield (type, payload) of the direct children of a known, non-null container payload."""
    if ty.is_list_type():
        et = ty.element_type()
        return ((et, e) for e in p)
    if ty.is_set_type():
        et = ty.element_type()
        return ((et, e) for e in p.elems)
    if ty.is_map_type():
        et = ty.element_type()
        return ((et, e) for e in p.values())
    if ty.is_object_type():
        return zip(ty.attribute_types().values(), p.values(), strict=True)
    if ty.is_tuple_type():
        return zip(ty.tuple_element_types(), p, strict=True)
    return ()


_NESTED = frozenset({Marked, tuple, dict, SetPayload})
"""Payload classes that need a closer look: a mark's wrapper and the containers' payloads."""


@deep  # (it recurses: any depth)
def _wholly_known(ty: Type, p: Any) -> bool:
    c = p.__class__
    if c is Marked:
        p = p.v
        c = p.__class__
    if p is None:
        return True
    if c is Unknown:
        return False
    if c is tuple or c is dict or c is SetPayload:
        # the classes of the children, in one pass in C: most containers hold leaves only
        kinds = set(map(type, p if c is tuple else p.values() if c is dict else p.elems))
        if Unknown in kinds:
            return False
        if kinds.isdisjoint(_NESTED):
            return True
        grand = grandchild_kinds(kinds, p if c is tuple else p.values() if c is dict
                                 else p.elems)
        if grand is not None:
            if Unknown in grand:
                return False
            if grand.isdisjoint(_NESTED):
                return True
        return all(_wholly_known(t, x) for t, x in _children(ty, p))
    return True


_NONE = type(None)


def grandchild_kinds(kinds: set[type], children: Any) -> set[type] | None:
    """The classes of the children's children, in one pass in C, when every child is a dict
    (a map's or an object's payload) or every child a tuple (a list's or a tuple's), nulls
    aside: a list of objects, say. None otherwise."""
    kinds = kinds - {_NONE}
    if len(kinds) != 1:
        return None
    (kind,) = kinds
    if kind is dict:
        return set(map(type, chain.from_iterable(map(dict.values, filter(None, children)))))
    if kind is tuple:
        return set(map(type, chain.from_iterable(filter(None, children))))
    return None


@deep
def is_wholly_known(self: Value) -> bool:
    """Return whether neither the value nor anything inside it is unknown (null: True)."""
    return _wholly_known(self._ty, self._v)


@deep  # (it recurses: any depth)
def _known_type(ty: Type, p: Any) -> bool:
    if p.__class__ is Marked:
        p = p.v
    if p.__class__ is Unknown:
        return not ty.has_dynamic_types()
    if p is None:
        return True
    if ty is DynamicPseudoType:
        return False
    if p.__class__ in (tuple, dict) or ty.is_set_type():
        for t, c in _children(ty, p):  # (a loop: no generator frame on each level)
            if not _known_type(t, c):
                return False
    return True


@deep
def has_wholly_known_type(self: Value) -> bool:
    """Return False when a DynamicVal sits inside, or the value is unknown of a dynamic type."""
    return _known_type(self._ty, self._v)


children = _children
