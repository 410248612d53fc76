"""Deep inspection: is_wholly_known and has_wholly_known_type."""

from __future__ import annotations

from typing import Any

from ._deep import deep
from ._dynamic import DynamicPseudoType
from ._marks import Marked
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


def _wholly_known(ty: Type, p: Any) -> bool:
    if p.__class__ is Marked:
        p = p.v
    if p is None:
        return True
    if p.__class__ is Unknown:
        return False
    if p.__class__ in (tuple, dict) or ty.is_set_type():
        return all(_wholly_known(t, c) for t, c in _children(ty, p))
    return True


@deep
def is_wholly_known(v: Value) -> bool:
    """Return whether nothing in *v* is unknown."""
    return _wholly_known(v._ty, v._v)


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
        return all(_known_type(t, c) for t, c in _children(ty, p))
    return True


@deep
def has_wholly_known_type(v: Value) -> bool:
    """Return go-cty's HasWhollyKnownType."""
    return _known_type(v._ty, v._v)


children = _children
