"""Equality: go-cty's RawEquals (Python ==, hash) and Equals (a cty Bool, maybe unknown)."""

from __future__ import annotations

from itertools import repeat
from typing import Any

from . import _number
from ._capsule import capsule_equal
from ._deep import deep
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError
from ._marks import NO_MARKS, Marked
from ._payload_equal import raw_equal_payloads
from ._primitive_type import Bool, Number, String
from ._type import Type
from ._unknown import Unknown
from ._unknown_refinement import not_null_unknown
from ._value import False_, True_, Value, check_value, make
from ._value_range import value_range


@deep
def raw_equals(a: Value, b: Value) -> bool:
    """Return go-cty's RawEquals of two values."""
    if a is b:
        return True
    ty = a._ty
    if ty is not b._ty or a._marks != b._marks:
        return False
    return raw_equal_payloads(ty, a._v, b._v)


def _payload_hash(ty: Type, p: Any) -> int:
    c = p.__class__
    if c is Marked:
        return hash((_deep_payload_hash(ty, p.v), p.marks))
    if p is None:
        return 0x6E756C6C
    if c is Unknown:
        return 0x3F3F3F3F if p.refinement is None else 0x3F3F3F3E
    if ty is String or ty is Bool:
        return hash(p)
    if ty is Number:
        return hash(_number.eq_key(p))
    if ty.is_list_type():
        et = ty.element_type()
        f = _payload_hash if et.is_primitive_type() else _deep_payload_hash
        return hash(tuple(map(f, repeat(et), p)))
    if ty.is_set_type():
        et = ty.element_type()
        f = _payload_hash if et.is_primitive_type() else _deep_payload_hash
        return hash(("set", *map(f, repeat(et), p.elems)))
    if ty.is_map_type():
        et = ty.element_type()
        f = _payload_hash if et.is_primitive_type() else _deep_payload_hash
        return hash(tuple((k, f(et, e)) for k, e in p.items()))
    if ty.is_object_type():
        return hash(tuple(map(_deep_payload_hash, ty.attribute_types().values(), p.values())))
    if ty.is_tuple_type():
        return hash(tuple(map(_deep_payload_hash, ty.tuple_element_types(), p)))
    if ty.is_capsule_type():
        ops = ty.capsule_ops()
        if ops is not None and ops.raw_equals is not None:
            return 0x63617073
        return id(p)
    return 0


_deep_payload_hash = deep(_payload_hash)
"""_payload_hash for children that may nest further (cty._deep: any depth)."""


@deep
def value_hash(self: Value) -> int:
    """Return a hash consistent with ``==`` (RawEquals)."""
    return hash((self._ty, _payload_hash(self._ty, self._v), self._marks))


@deep
def equals(self: Value, other: Value, /) -> Value:
    """Return go-cty's Equals: a Bool value, unknown when the answer is not yet known."""
    check_value(other, "equals() operand")
    if self.contains_marked() or other.contains_marked():
        ua, ma = self.unmark_deep()
        ub, mb = other.unmark_deep()
        if (ua._v is None) != (ub._v is None):
            # go-cty 1.18: against a null, only each side's top-level marks carry over
            ma, mb = self._marks, other._marks
        r = equals(ua, ub)
        marks = ma | mb
        return make(r._ty, r._v, marks) if marks else r
    return _equals_unmarked(self, other, True_, False_)


def _unknown_bool() -> Value:
    return make(Bool, _unknown_not_null())


def _unknown_not_null() -> Any:
    return not_null_unknown(Bool)


def _definitely_not_null(v: Value) -> bool:
    p = v._v
    if p is None:
        return False
    if p.__class__ is Unknown:
        r = p.refinement
        return r is not None and r.definitely_not_null()
    return True


def _equals_unmarked(a: Value, b: Value, true_: Value, false_: Value,
                     check_types: bool = True) -> Value:
    """Equals of unmarked values. *check_types* False skips the nested-DynamicVal check, which
    the caller already made for an enclosing value (it covers the whole tree)."""
    pa, pb = a._v, b._v
    a_unknown = pa.__class__ is Unknown
    b_unknown = pb.__class__ is Unknown
    if pa is None and _definitely_not_null(b):
        return false_
    if pb is None and _definitely_not_null(a):
        return false_
    if a_unknown != b_unknown:
        unknown, known = (a, b) if a_unknown else (b, a)
        inc = value_range(unknown).includes(known)
        if inc._v is False:
            return false_
    if a_unknown and b_unknown:
        return _unknown_bool()
    if a_unknown or b_unknown:
        unknown, known = (a, b) if a_unknown else (b, a)
        if known._v is None or unknown._ty.has_dynamic_types():
            return _unknown_bool()
        if a._ty is not b._ty:
            return false_
        return _unknown_bool()
    if pa is None and pb is None:
        return true_
    if pa is None or pb is None:
        return false_
    if check_types and (not a.has_wholly_known_type() or not b.has_wholly_known_type()):
        if a._ty.test_conformance(b._ty) and b._ty.test_conformance(a._ty):
            return false_
        return _unknown_bool()
    ty = a._ty
    if ty is not b._ty:
        return false_
    r = _equal_known(ty, pa, pb)
    if r is None:
        return _unknown_bool()
    return true_ if r else false_


def _equal_known(ty: Type, a: Any, b: Any) -> bool | None:
    """Equals of two known, non-null, unmarked payloads: True, False or None (unknown)."""
    if ty is String or ty is Bool:
        return a == b  # type: ignore[no-any-return]
    if ty is Number:
        return _number.equal(a, b)
    if ty.is_list_type() or ty.is_tuple_type():
        if len(a) != len(b):
            return False
        etys = (ty.tuple_element_types() if ty.is_tuple_type()
                else [ty.element_type()] * len(a))
        for et, x, y in zip(etys, a, b, strict=True):
            r = _equal_elem(et, x, y)
            if r is not True:
                return r
        return True
    if ty.is_map_type() or ty.is_object_type():
        if a.keys() != b.keys():
            return False
        atys = ty.attribute_types() if ty.is_object_type() else None
        for k in a:  # sorted order: go-cty's map order is random, we choose sorted
            r = _equal_elem(atys[k] if atys is not None else ty.element_type(), a[k], b[k])
            if r is not True:
                return r
        return True
    if ty.is_set_type():
        if a.has_unknown() or b.has_unknown():
            return None
        et = ty.element_type()
        if len(a) != len(b):
            return False
        return all(b.lookup(et, e) for e in a.elems if e is not None) and (
            (None in a.elems) == (None in b.elems)
        )
    if ty.is_capsule_type():
        ops = ty.capsule_ops()
        if ops is not None and ops.equals is not None:

            r = ops.equals(a, b)
            if r.type() is not Bool:
                raise CtyTypeError(
                    f"capsule {ty.friendly_name()} equals returned {r!r}, not a bool")
            if not r.is_known():
                return None
            return bool(r.true())
        return capsule_equal(ty, a, b)
    return False


@deep  # (it recurses: any depth)
def _equal_elem(ty: Type, a: Any, b: Any) -> bool | None:
    r = _equals_unmarked(make(ty, a, NO_MARKS), make(ty, b, NO_MARKS), _T, _F, False)
    if r is _T:
        return True
    if r is _F:
        return False
    return None


class _Sentinel:
    pass


_T: Any = _Sentinel()
_F: Any = _Sentinel()

_ = DynamicPseudoType
