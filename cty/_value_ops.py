"""Collection and structure operations: length, index, has_index, has_element, get_attr and
element iteration (go-cty's value_ops.go, element_iterator.go)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from . import _number
from ._dynamic import DynamicPseudoType
from ._errors import (
    CtyTypeError,
    CtyValueError,
    ElementNotFoundError,
    IndexOutOfRangeError,
    KeyNotFoundError,
)
from ._marks import Marked
from ._primitive_type import Bool, Number, String
from ._refinement_builder import MAX_INT, RefinementBuilder
from ._strings import normalize_string
from ._unknown import UNKNOWN, Unknown
from ._unknown_refinement import Refinement, not_null_unknown
from ._value import DynamicVal, False_, True_, Value, check_value, make, unknown_val, wrap
from ._value_range import value_range


def _with_marks(r: Value, *mark_sets: frozenset[Any]) -> Value:
    m = r._marks
    for s in mark_sets:
        if s:
            m = m | s
    return r if m is r._marks else make(r._ty, r._v, m)


def _unknown_bool() -> Value:
    return make(Bool, not_null_unknown(Bool))


def length_int(self: Value) -> int:
    """Return the number of elements: a tuple's type length, an object's attribute count,
    a set's physical element count (each unknown counted)."""
    t = self._ty
    if self._marks:
        raise CtyValueError("length_int: value is marked, so it must be unmarked first")
    if t.is_tuple_type():
        return t.length()
    if t.is_object_type():
        return len(t.attribute_types())
    p = self._v
    if p is None:
        raise CtyValueError("length_int: value is null")
    if p.__class__ is Unknown:
        raise CtyValueError("length_int: value is unknown")
    if t.is_set_type():
        return len(p.elems)
    if t.is_list_type() or t.is_map_type():
        return len(p)
    raise CtyTypeError(f"length_int: {t.friendly_name()} has no length")


def length(self: Value) -> Value:
    """Return the number of elements as a Number value (unknown where not yet known)."""
    t = self._ty
    if self._marks:
        return _with_marks(length(make(t, self._v)), self._marks)
    if t.is_tuple_type():
        return make(Number, t.length())
    p = self._v
    if t is DynamicPseudoType and p.__class__ is Unknown:
        return _length_between(0, MAX_INT)
    if t is DynamicPseudoType:
        return make(Number, not_null_unknown(Number))
    if p.__class__ is Unknown:
        if t.is_object_type():
            # go-cty 1.18 panics here (an unknown object has no length range)
            raise CtyTypeError(f"length: an unknown {t.friendly_name()} has no length; "
                               "length_int() gives its number of attributes")
        if not t.is_collection_type():
            raise CtyTypeError(f"length: {t.friendly_name()} has no length")
        r = value_range(self)
        return _length_between(r.length_lower_bound(), r.length_upper_bound())
    if t.is_object_type():
        # as go-cty: an object's length is its type's attribute count, even when it is null
        return make(Number, len(t.attribute_types()))
    if p is None:
        raise CtyValueError("length: value is null")
    if t.is_set_type():
        n = len(p.elems)
        if n > 1 and (p.has_unknown() or not self.is_wholly_known()):
            # unknown elements may coalesce with others: between 1 and what is stored
            return _length_between(1, n)
        return make(Number, n)
    if t.is_object_type():
        return make(Number, len(t.attribute_types()))
    if t.is_list_type() or t.is_map_type():
        return make(Number, len(p))
    raise CtyTypeError(f"length: {t.friendly_name()} has no length")


def _length_between(lo: int, hi: int) -> Value:
    """Return an unknown length known not to be null and to lie in [lo, hi]."""
    return RefinementBuilder(make(Number, UNKNOWN)).not_null()\
        .number_range_inclusive(make(Number, lo), make(Number, hi)).new_value()


def element_iterator(self: Value) -> Iterator[tuple[Value, Value]]:
    """Iterate (key, element) pairs: list/tuple index order, map/object sorted keys, set
    order (key is the element)."""
    t = self._ty
    if self._marks:
        raise CtyValueError("element_iterator: value is marked, so it must be unmarked first")
    p = self._v
    if p is None:
        raise CtyValueError("element_iterator: value is null")
    if p.__class__ is Unknown:
        raise CtyValueError("element_iterator: value is unknown")
    if t.is_list_type():
        et = t.element_type()
        return ((make(Number, i), wrap(et, e)) for i, e in enumerate(p))
    if t.is_tuple_type():
        return ((make(Number, i), wrap(et, e))
                for i, (et, e) in enumerate(zip(t.tuple_element_types(), p, strict=True)))
    if t.is_map_type():
        et = t.element_type()
        return ((make(String, k), wrap(et, e)) for k, e in p.items())
    if t.is_object_type():
        return ((make(String, k), wrap(at, e))
                for (k, at), e in zip(t.attribute_types().items(), p.values(), strict=True))
    if t.is_set_type():
        et = t.element_type()
        return ((make(et, e), make(et, e)) for e in p.elems)
    raise CtyTypeError(f"element_iterator: {t.friendly_name()} values have no elements")


def get_attr(self: Value, name: str, /) -> Value:
    """Return the attribute *name* of an object value."""
    t = self._ty
    if self._marks:
        return _with_marks(get_attr(make(t, self._v), name), self._marks)
    if t is DynamicPseudoType:
        return DynamicVal
    if not t.is_object_type():
        raise CtyTypeError(f"get_attr: {t.friendly_name()} value has no attributes")
    if not isinstance(name, str):
        raise CtyTypeError(f"get_attr: attribute name must be a str, not {type(name).__name__}")
    name = normalize_string(name)
    attrs = t.attribute_types()
    if name not in attrs:
        raise ElementNotFoundError(f"get_attr: object has no attribute {name!r}")
    at = attrs[name]
    p = self._v
    if p.__class__ is Unknown:
        return unknown_val(at)
    if p is None:
        raise CtyValueError(f"get_attr: cannot access attribute {name!r} of a null object")
    return wrap(at, p[name])


BEYOND_ANY_INDEX: Final = 1 << 63
"""What list_index gives for a whole number too large to index anything (1e400000000 would
take a 160 MB int to write out; no sequence is so long)."""


def list_index(key: Value) -> int | None:
    """Return a non-negative int index from a known number key, or None if it is not one; a
    whole number of BEYOND_ANY_INDEX or more is BEYOND_ANY_INDEX."""
    kp = key._v
    if kp.__class__ is int:
        return (kp if kp < BEYOND_ANY_INDEX else BEYOND_ANY_INDEX) if kp >= 0 else None
    if _number.is_integer(kp) and _number.sign(kp) >= 0 and not _number.is_inf(kp):
        return _number.to_int(kp) if kp < BEYOND_ANY_INDEX else BEYOND_ANY_INDEX
    return None


def _index_text(i: int, key: Value) -> str:
    """*i* as an error message writes it: the key's own number (in exponent form when it has
    more than 30 digits) when it is beyond any index."""
    if i < BEYOND_ANY_INDEX:
        return str(i)
    kp = key._v
    return str(kp) if kp.__class__ is int and kp < 10**30 else \
        str(_number.to_int(kp)) if kp < 10**30 else _number.format_g(kp)


def index(self: Value, key: Value, /) -> Value:
    """Return the element of a list, map or tuple at *key*."""
    check_value(key, "index key")
    if self._marks or key._marks:
        return _with_marks(index(_bare(self), _bare(key)), self._marks, key._marks)
    t = self._ty
    if t is DynamicPseudoType:
        return DynamicVal
    p = self._v
    kp = key._v
    if t.is_list_type() or t.is_map_type():
        want = Number if t.is_list_type() else String
        et = t.element_type()
        if key._ty is not want and key._ty is not DynamicPseudoType:
            raise CtyTypeError(f"index: key for {t.friendly_name()} must be "
                               f"{want.friendly_name()}, not {key._ty.friendly_name()}")
        if p.__class__ is Unknown or key._ty is DynamicPseudoType or kp.__class__ is Unknown:
            return unknown_val(et)
        if p is None:
            raise CtyValueError("index: cannot index a null value")
        if kp is None:
            raise CtyValueError("index: key is null")
        if want is Number:
            i = list_index(key)
            if i is None:
                raise CtyValueError("element key for list must be non-negative integer")
            if i >= len(p):
                raise IndexOutOfRangeError(
                    f"index: list has no element {_index_text(i, key)} (its length is "
                    f"{len(p)})")
            return wrap(et, p[i])
        if kp not in p:
            # go-cty yields a null element for a missing key; we report it instead.
            raise KeyNotFoundError(f"index: map has no element {kp!r}")
        return wrap(et, p[kp])
    if t.is_tuple_type():
        if key._ty is not Number and key._ty is not DynamicPseudoType:
            raise CtyTypeError(f"index: key for a tuple must be a number, not "
                               f"{key._ty.friendly_name()}")
        if key._ty is DynamicPseudoType or kp.__class__ is Unknown:
            return DynamicVal
        if kp is None:
            raise CtyValueError("index: key is null")
        i = list_index(key)
        if i is None:
            raise CtyValueError("element key for list must be non-negative integer")
        etys = t.tuple_element_types()
        if i >= len(etys):
            raise IndexOutOfRangeError(
                f"index: tuple has no element {_index_text(i, key)} (its length is "
                f"{len(etys)})")
        if p.__class__ is Unknown:
            return unknown_val(etys[i])
        if p is None:
            raise CtyValueError("index: cannot index a null value")
        return wrap(etys[i], p[i])
    raise CtyTypeError(f"index: {t.friendly_name()} value cannot be indexed")


def _bare(v: Value) -> Value:
    return make(v._ty, v._v) if v._marks else v


def has_index(self: Value, key: Value, /) -> Value:
    """Return whether *key* is a valid index, as a Bool value. Never raises on key type."""
    check_value(key, "has_index key")
    if self._marks or key._marks:
        return _with_marks(has_index(_bare(self), _bare(key)), self._marks, key._marks)
    t = self._ty
    if t is DynamicPseudoType or key._ty is DynamicPseudoType:
        return _unknown_bool()
    p = self._v
    kp = key._v
    if t.is_list_type() or t.is_tuple_type():
        if key._ty is not Number:
            return False_
        if kp.__class__ is Unknown:
            return _unknown_bool()
        if kp is None:
            raise CtyValueError("has_index: key is null")
        if p.__class__ is Unknown and t.is_list_type():  # (as go-cty: before the key's check)
            return _unknown_bool()
        i = list_index(key)
        if i is None:
            return False_
        if t.is_tuple_type():
            return True_ if i < t.length() else False_
        if p is None:
            raise CtyValueError("has_index: value is null")
        return True_ if i < len(p) else False_
    if t.is_map_type():
        if key._ty is not String:
            return False_
        if kp.__class__ is Unknown or p.__class__ is Unknown:
            return _unknown_bool()
        if kp is None:
            raise CtyValueError("has_index: key is null")
        if p is None:
            raise CtyValueError("has_index: value is null")
        return True_ if kp in p else False_
    raise CtyTypeError(f"has_index: {t.friendly_name()} is not a list, map, or tuple type")


def has_element(self: Value, elem: Value, /) -> Value:
    """Return whether a set holds *elem*, as a Bool value."""
    check_value(elem, "has_element element")
    if self._marks or elem._marks:
        return _with_marks(has_element(_bare(self), _bare(elem)), self._marks, elem._marks)
    t = self._ty
    p = self._v
    if p is None:
        raise CtyValueError("has_element: cannot test membership of a null set")
    if p.__class__ is Unknown:
        return _unknown_bool()
    ety = elem._ty
    if (ety is not DynamicPseudoType and t.is_set_type()
            and t.element_type() is not DynamicPseudoType and ety is not t.element_type()):
        return False_
    if not t.is_set_type():
        raise CtyTypeError(f"has_element: {t.friendly_name()} is not a set type")
    if elem._v.__class__ is Unknown:
        return _unknown_bool()
    no_match = False_ if self.is_wholly_known() else _unknown_bool()
    set_ety = t.element_type()
    if set_ety is not ety:
        return False_
    ep = elem._v
    if ep is None:
        return True_ if None in p.elems else no_match
    if elem.contains_marked():
        # marks nested in the element: answer for the unmarked element and carry every mark,
        # as equals does (go-cty panics here: it cannot hash a value holding marks)
        bare, marks = elem.unmark_deep()
        return _with_marks(True_ if p.lookup(set_ety, bare._v) else no_match, marks)
    return True_ if p.lookup(set_ety, ep) else no_match


def getitem(self: Value, key: object) -> Value:
    """Return ``v[key]``: a list or tuple element by int (a negative int counts from the end),
    a map element or an object attribute by str, or the element at a cty key Value."""
    if isinstance(key, Value):
        return index(self, key)
    t = self._ty
    if t.is_object_type():
        if not isinstance(key, str):
            raise CtyTypeError(f"object attributes are named by str, not {type(key).__name__}")
        return get_attr(self, key)
    if isinstance(key, bool):
        raise CtyTypeError("cannot index a cty value with a bool")
    if isinstance(key, int):
        if t.is_list_type() or t.is_tuple_type():
            i = key
            if i < 0 and self._v.__class__ is tuple:
                i += len(self._v)
            if i < 0:
                raise IndexOutOfRangeError(
                    f"index {key} out of range for a {t.friendly_name()} of length "
                    f"{len(self._v)}" if self._v.__class__ is tuple
                    else f"index {key} out of range")
            return index(self, make(Number, i))
        raise CtyTypeError(f"{t.friendly_name()} values are not indexed by int")
    if isinstance(key, str):
        if t.is_map_type():
            return index(self, make(String, normalize_string(key)))
        raise CtyTypeError(f"{t.friendly_name()} values are not indexed by str")
    raise CtyTypeError(f"cannot index a cty value with {type(key).__name__}")


def contains(self: Value, item: object) -> bool:
    """Return ``item in v``: whether a map or object has the key *item* (a str or a string
    Value), or a list, tuple or set has the element *item* (a Value)."""
    t = self._ty
    if t.is_map_type() or t.is_object_type():
        if isinstance(item, Value):
            item = item.as_string()
        if not isinstance(item, str):
            return False
        p = self._v
        if p is None or p.__class__ is Unknown:
            raise CtyValueError("cannot test membership of a null or unknown value")
        return normalize_string(item) in p
    if not isinstance(item, Value):
        raise CtyTypeError("elements of a list, tuple or set are tested with a cty.Value")
    return any(e == item for _, e in element_iterator(self))


_ = Marked, Bool


def refine_not_null(self: Value) -> Value:
    """Return the value refined as definitely not null (go-cty's RefineNotNull).

    A known non-null value is returned as it is; a null raises ValueError.
    DynamicVal is returned unchanged, as go-cty does.
    """
    p = self._v
    if p is None:
        raise CtyValueError("refining null value as non-null")
    if p.__class__ is not Unknown or self._ty is DynamicPseudoType:
        return self
    r = p.refinement
    if r is None or r.null is None:
        if r is None or r == Refinement():
            return make(self._ty, not_null_unknown(self._ty), self._marks)
        nr = Refinement(False, prefix=r.prefix, min=r.min, min_inclusive=r.min_inclusive,
                        max=r.max, max_inclusive=r.max_inclusive, length_min=r.length_min,
                        length_max=r.length_max)
        return make(self._ty, Unknown(nr), self._marks)
    if r.null is True:
        raise CtyValueError("refining null value as non-null")
    return self
