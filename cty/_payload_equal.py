"""go-cty's RawEquals of two payloads of one type: the layer below Values needs it (set order)."""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any

from . import _number
from ._capsule import capsule_equal
from ._deep import deep
from ._marks import Marked
from ._primitive_type import Bool, Number, String
from ._type import Type
from ._unknown import Unknown


def _refinements_equal(a: Unknown, b: Unknown) -> bool:
    ra, rb = a.refinement, b.refinement
    if ra is None or rb is None:
        return ra is rb
    return bool(ra == rb)


def raw_equal_payloads(ty: Type, a: Any, b: Any) -> bool:
    """Return go-cty's RawEquals of two payloads of type *ty* (marks included)."""
    if a is b:
        return True
    ca, cb = a.__class__, b.__class__
    if ca is Marked or cb is Marked:
        if ca is not cb or a.marks != b.marks:
            return False
        return _raw_equal_payloads(ty, a.v, b.v)
    if a is None or b is None:
        return False
    if ca is Unknown or cb is Unknown:
        return ca is cb and _refinements_equal(a, b)
    if ty is String or ty is Bool:
        return a == b  # type: ignore[no-any-return]
    if ty is Number:
        return _number.equal(a, b)
    if ty.is_list_type():
        et = ty.element_type()
        if len(a) != len(b):
            return False
        if all(map(is_, a, b)):  # (one pass in C: a list shared, element by element)
            return True
        f = raw_equal_payloads if et.is_primitive_type() else _raw_equal_payloads
        return all(map(f, repeat(et), a, b))
    if ty.is_set_type():
        et = ty.element_type()
        ea, eb = a.elems, b.elems
        f = raw_equal_payloads if et.is_primitive_type() else _raw_equal_payloads
        return len(ea) == len(eb) and all(map(f, repeat(et), ea, eb))
    if ty.is_map_type():
        et = ty.element_type()
        f = raw_equal_payloads if et.is_primitive_type() else _raw_equal_payloads
        return a.keys() == b.keys() and all(f(et, a[k], b[k]) for k in a)
    if ty.is_object_type():
        return all(
            _raw_equal_payloads(at, a[k], b[k]) for k, at in ty.attribute_types().items()
        )
    if ty.is_tuple_type():
        etys = ty.tuple_element_types()
        return len(etys) == len(a) == len(b) and all(map(_raw_equal_payloads, etys, a, b))
    if ty.is_capsule_type():
        return capsule_equal(ty, a, b)
    return False


_raw_equal_payloads = deep(raw_equal_payloads)
"""raw_equal_payloads for children that may nest further (cty._deep: any depth)."""
