"""Constructors of known values, and the value constants (go-cty's value_init.go, null.go)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from . import _number
from ._collection_types import List, Map, Set
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError, CtyValueError
from ._marks import NO_MARKS, Marked
from ._marks_deep import unmark_deep
from ._primitive_type import Number, String
from ._set_payload import EMPTY_SET, build_set_payload
from ._strings import normalize_string
from ._structural_types import Object, Tuple
from ._type import Type, brief, check_type
from ._value import EmptyObjectVal, EmptyTupleVal, False_, True_, Value, check_value, make, wrap
from ._value_set import ValueSet

if TYPE_CHECKING:
    from ._value_set import ValueSet

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1
_UINT64_MAX = (1 << 64) - 1


def string_val(s: str, /) -> Value:
    """Return a known string value; *s* is NFC-normalised.

    >>> cty.string_val("e\\u0301").as_string() == "\\u00e9"
    True
    """
    if s.__class__ is str and s.isascii():
        return make(String, s)
    return make(String, normalize_string(s))


def bool_val(b: bool, /) -> Value:
    """Return a known bool value."""
    if b is True:
        return True_
    if b is False:
        return False_
    raise CtyTypeError(f"bool_val takes a bool, not {type(b).__name__} {brief(b)}")


def _int_text(i: int) -> str:
    """Return *i* for an error message: its digits, or its size when it is very long."""
    if i.bit_length() <= 1_000:
        return str(i)
    return f"an int of {i.bit_length():,} bits"


def number_int_val(i: int, /) -> Value:
    """Return a known number from a signed 64-bit integer (go precision 64).

    Raises ValueError outside the int64 range; number_val() takes any int.
    """
    if i.__class__ is not int:
        if isinstance(i, bool) or not isinstance(i, int):
            raise CtyTypeError(f"number_int_val takes an int, not {type(i).__name__} {brief(i)}")
        i = int(i)
    if not _INT64_MIN <= i <= _INT64_MAX:
        raise CtyValueError(f"number_int_val: {_int_text(i)} is outside the int64 range")
    return make(Number, i)


def number_uint_val(i: int, /) -> Value:
    """Return a known number from an unsigned 64-bit integer (go precision 64)."""
    if i.__class__ is not int:
        if isinstance(i, bool) or not isinstance(i, int):
            raise CtyTypeError(f"number_uint_val takes an int, not {type(i).__name__} {brief(i)}")
        i = int(i)
    if not 0 <= i <= _UINT64_MAX:
        raise CtyValueError(f"number_uint_val: {_int_text(i)} is outside the uint64 range")
    return make(Number, i)


def number_float_val(f: float, /) -> Value:
    """Return a known number from a float (go precision 53). NaN raises ValueError."""
    if isinstance(f, bool) or not isinstance(f, float | int):
        raise CtyTypeError(f"number_float_val takes a float, not {type(f).__name__} {brief(f)}")
    return make(Number, _number.from_float(float(f)))


def parse_number_val(s: str, /) -> Value:
    """Return the number that decimal text *s* spells, at 512 bits (go-cty's ParseNumberVal).

    Raises ValueError("a number is required") for text that is not a number.

    >>> cty.parse_number_val("1e3").as_big_float() == 1000
    True
    """
    if not isinstance(s, str):
        raise CtyTypeError(f"parse_number_val takes a str, not {type(s).__name__}")
    return make(Number, _number.parse(s))


must_parse_number_val = parse_number_val


def number_val(n: int | float | str | Decimal | Fraction | Any, /) -> Value:
    """Return a known number from an int, float, decimal str, Decimal, Fraction or gmpy2.mpfr.

    ints are exact; floats have go precision 53; text, Decimal and Fraction are read at 512 bits.
    """
    if isinstance(n, bool):
        raise CtyTypeError("number_val takes a number, not a bool")
    if isinstance(n, int):
        return make(Number, int(n))
    if isinstance(n, float):
        return make(Number, _number.from_float(float(n)))
    if isinstance(n, Decimal):
        return make(Number, _number.from_decimal(n))
    if isinstance(n, Fraction):
        return make(Number, _number.from_fraction(n))
    if isinstance(n, str):
        return make(Number, _number.parse(n))
    if _number.is_mpfr(n):
        return make(Number, _number.from_mpfr(n))
    raise CtyTypeError(
        f"number_val takes an int, float, str, Decimal, Fraction or mpfr, not {type(n).__name__}"
    )


def _check_iterable(vals: object, what: str) -> None:
    if vals.__class__ is Value or not isinstance(vals, Iterable):
        raise CtyTypeError(f"{what}_val takes a list of cty.Values, not {brief(vals, 80)}")


def _collection_payloads(vals: Iterable[Value], what: str) -> tuple[Type, list[Any]]:
    _check_iterable(vals, what)
    ety: Type = DynamicPseudoType
    out: list[Any] = []
    append = out.append
    for i, v in enumerate(vals):
        if v.__class__ is not Value:
            check_value(v, f"{what} element {i}")
        t = v._ty
        if t is not ety:
            if ety is DynamicPseudoType:
                ety = t
            elif t is not DynamicPseudoType:
                raise CtyTypeError(
                    f"inconsistent {what} element types ({ety!r} then {t!r} at element {i})"
                )
        append(Marked(v._v, v._marks) if v._marks else v._v)
    return ety, out


def list_val(elems: Iterable[Value], /) -> Value:
    """Return a known list of *elems*, which must share one type (DynamicVal elements adapt).

    Raises ValueError for no elements (use list_val_empty) and TypeError naming the first
    element of another type. Cost: O(n).

    >>> cty.list_val([cty.string_val("a")]).length_int()
    1
    """
    ety, payloads = _collection_payloads(elems, "list")
    if not payloads:
        raise CtyValueError("list_val needs at least one element; use list_val_empty(type)")
    return make(List(ety), tuple(payloads))


def can_list_val(elems: Iterable[Value], /) -> bool:
    """Return whether list_val would accept *elems* as element types (True for none)."""
    _check_iterable(elems, "can_list")
    return _consistent(elems)


def can_set_val(elems: Iterable[Value], /) -> bool:
    """Return whether set_val would accept *elems* as element types (True for none)."""
    _check_iterable(elems, "can_set")
    return _consistent(elems)


def can_map_val(elems: Mapping[str, Value], /) -> bool:
    """Return whether map_val would accept the elements of *elems* (True for none)."""
    if not isinstance(elems, Mapping):
        raise CtyTypeError(
            f"can_map_val takes a mapping of str to cty.Value, not {type(elems).__name__}")
    return _consistent(elems.values())


def _consistent(elems: Iterable[Value]) -> bool:
    ety: Type = DynamicPseudoType
    for v in elems:
        t = check_value(v, "element")._ty
        if t is DynamicPseudoType or t is ety:
            continue
        if ety is not DynamicPseudoType:
            return False
        ety = t
    return True


def list_val_empty(element_type: Type, /) -> Value:
    """Return an empty list of *element_type*."""
    return make(List(check_type(element_type, "element type")), ())


def set_val(elems: Iterable[Value], /) -> Value:
    """Return a known set of *elems*; duplicates coalesce and marks move onto the set.

    Unknown elements never coalesce. Raises ValueError for no elements (use set_val_empty).
    """
    ety, payloads = _collection_payloads(elems, "set")
    marks: frozenset[Any] = NO_MARKS
    if not ety.is_primitive_type() or any(p.__class__ is Marked for p in payloads):
        # go-cty's SetVal removes every element's marks, at any depth, and marks the set
        for i, p in enumerate(payloads):
            bare, m = unmark_deep(wrap(ety, p))
            if m:
                marks = marks | m
            payloads[i] = bare._v
    if not payloads:
        raise CtyValueError("set_val needs at least one element; use set_val_empty(type)")
    return make(Set(ety), build_set_payload(ety, payloads), marks)


def set_val_empty(element_type: Type, /) -> Value:
    """Return an empty set of *element_type*."""
    return make(Set(check_type(element_type, "element type")), EMPTY_SET)


def set_val_from_value_set(vs: ValueSet, /) -> Value:
    """Return a known set value holding the elements of the ValueSet *vs*."""
    if not isinstance(vs, ValueSet):
        raise CtyTypeError(f"set_val_from_value_set takes a cty.ValueSet, not {type(vs).__name__}")
    return make(Set(vs.element_type()), vs._payload())


def map_val(elems: Mapping[str, Value], /) -> Value:
    """Return a known map; keys are NFC-normalised and elements must share one type.

    Raises ValueError for no elements (use map_val_empty) or two keys equal after NFC.
    """
    if not isinstance(elems, Mapping):
        raise CtyTypeError(
            f"map_val takes a mapping of str to cty.Value, not {type(elems).__name__}")
    keys = [k if k.__class__ is str and k.isascii() else _key(k) for k in elems]
    for k, v in elems.items():
        if v.__class__ is not Value:
            check_value(v, f"map element {k!r}")
    ety, payloads = _collection_payloads(elems.values(), "map")
    if not payloads:
        raise CtyValueError("map_val needs at least one element; use map_val_empty(type)")
    d = dict(zip(keys, payloads, strict=True))
    if len(d) != len(keys):
        raise CtyValueError("map_val: two keys are equal after NFC normalisation")
    return make(Map(ety), sorted_dict(d))


def _key(k: object) -> str:
    if not isinstance(k, str):
        raise CtyTypeError(
            f"map keys and attribute names must be str, not {type(k).__name__} {brief(k)}")
    return normalize_string(k)


def sorted_dict(d: dict[str, Any]) -> dict[str, Any]:
    if len(d) < 2:
        return d
    keys = list(d)
    ordered = sorted(keys)
    if keys == ordered:
        return d
    return {k: d[k] for k in ordered}


def map_val_empty(element_type: Type, /) -> Value:
    """Return an empty map of *element_type*."""
    return make(Map(check_type(element_type, "element type")), {})


def object_val(attrs: Mapping[str, Value], /) -> Value:
    """Return a known object whose type is built from its attributes' types.

    Attribute names are NFC-normalised; two names equal after NFC raise ValueError.
    """
    if not isinstance(attrs, Mapping):
        raise CtyTypeError(
            f"object_val takes a mapping of str to cty.Value, not {type(attrs).__name__}"
        )
    d: dict[str, Any] = {}
    types: dict[str, Type] = {}
    for k, v in attrs.items():
        nk = k if k.__class__ is str and k.isascii() else _key(k)
        if v.__class__ is not Value:
            check_value(v, f"attribute {k!r}")
        if nk in d:
            raise CtyValueError(f"object_val: attribute names equal after NFC normalisation: {k!r}")
        d[nk] = Marked(v._v, v._marks) if v._marks else v._v
        types[nk] = v._ty
    if not d:
        return EmptyObjectVal
    return make(Object(types), sorted_dict(d))


def tuple_val(elems: Iterable[Value], /) -> Value:
    """Return a known tuple of *elems* (any types; none gives EmptyTupleVal)."""
    _check_iterable(elems, "tuple")
    types: list[Type] = []
    payloads: list[Any] = []
    for i, v in enumerate(elems):
        if v.__class__ is not Value:
            check_value(v, f"tuple element {i}")
        types.append(v._ty)
        payloads.append(Marked(v._v, v._marks) if v._marks else v._v)
    if not payloads:
        return EmptyTupleVal
    return make(Tuple(types), tuple(payloads))


def capsule_val(ty: Type, obj: object, /) -> Value:
    """Return a known capsule value of capsule type *ty* wrapping *obj*.

    Raises TypeError when *obj* is not an instance of the type's encapsulated Python type.
    """
    check_type(ty, "capsule type")
    if not ty.is_capsule_type():
        raise CtyTypeError(f"capsule_val needs a capsule type, not {ty!r}")
    native = ty.encapsulated_type()
    if not isinstance(obj, native):
        raise CtyTypeError(
            f"capsule {ty.friendly_name()} wraps {native.__qualname__}, not {type(obj).__name__}"
        )
    return make(ty, obj)


def null_val(ty: Type, /) -> Value:
    """Return the null value of *ty*."""
    return make(check_type(ty, "type"), None)
