"""What a value may be: ``v.range()`` (go-cty's ValueRange).

For an unknown value the range is what its refinements say; for a known value it is the value
itself (a string is its own prefix, a number its own bounds, a collection its own length).
Operations ask ranges whether a result is already decided (``includes`` can prove two values
unequal) and what to refine a result with.
"""

from __future__ import annotations

from typing import Any, Final

from . import _number
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError, CtyValueError
from ._primitive_type import Bool, Number, String
from ._refinement_builder import MAX_INT
from ._type import Type
from ._unknown import Unknown
from ._unknown_refinement import not_null_unknown
from ._value import False_, NegativeInfinity, PositiveInfinity, True_, Value, check_value, make

_NUMBER_UNKNOWN: Final = make(Number, Unknown())


class ValueRange:
    """The range of values a value may be: see ``Value.range()``. Immutable."""

    __slots__ = ("_kind", "_len_max", "_len_min", "_max", "_max_inc", "_min", "_min_inc",
                 "_null", "_prefix", "_ty")

    def __init__(self, ty: Type, kind: str, null: bool | None, *, prefix: str = "",
                 min: Any = None, min_inclusive: bool = False, max: Any = None,
                 max_inclusive: bool = False, length_min: int = 0,
                 length_max: int = MAX_INT) -> None:
        self._ty = ty
        self._kind = kind
        """"string", "number", "collection" or "nullable": which refinements apply."""
        self._null = null
        self._prefix = prefix
        self._min, self._min_inc = min, min_inclusive
        self._max, self._max_inc = max, max_inclusive
        self._len_min, self._len_max = length_min, length_max

    def __repr__(self) -> str:
        return f"<ValueRange of {self._ty!r}: {self._kind}, null={self._null}>"

    def type_constraint(self) -> Type:
        """Return the type the values of the range have."""
        return self._ty

    def could_be_null(self) -> bool:
        """Return whether a value of the range may be null."""
        return self._null is not False

    def definitely_not_null(self) -> bool:
        """Return whether no value of the range is null."""
        return self._null is False

    def number_lower_bound(self) -> tuple[Value, bool]:
        """Return the lowest number of the range and whether it is included (-inf, not
        included, when nothing is known; an unknown number for a range of type any)."""
        if self._ty is DynamicPseudoType:
            return _NUMBER_UNKNOWN, False
        self._require(self._ty is Number, "number_lower_bound")
        if self._kind == "number" and self._min is not None:
            return make(Number, self._min), self._min_inc
        return NegativeInfinity, False

    def number_upper_bound(self) -> tuple[Value, bool]:
        """Return the highest number of the range and whether it is included (+inf, not
        included, when nothing is known; an unknown number for a range of type any)."""
        if self._ty is DynamicPseudoType:
            return _NUMBER_UNKNOWN, False
        self._require(self._ty is Number, "number_upper_bound")
        if self._kind == "number" and self._max is not None:
            return make(Number, self._max), self._max_inc
        return PositiveInfinity, False

    def string_prefix(self) -> str:
        """Return the prefix every string of the range starts with ("" when none is known)."""
        if self._ty is DynamicPseudoType:
            return ""
        self._require(self._ty is String, "string_prefix")
        return self._prefix if self._kind == "string" else ""

    def length_lower_bound(self) -> int:
        """Return the least length of the collections of the range."""
        if self._ty is DynamicPseudoType:
            return 0
        self._require(self._ty.is_collection_type(), "length_lower_bound")
        return self._len_min if self._kind == "collection" else 0

    def length_upper_bound(self) -> int:
        """Return the greatest length of the collections of the range (Go's MaxInt when
        nothing is known)."""
        if self._ty is DynamicPseudoType:
            return MAX_INT
        self._require(self._ty.is_collection_type(), "length_upper_bound")
        return self._len_max if self._kind == "collection" else MAX_INT

    def _require(self, ok: bool, what: str) -> None:
        if not ok:
            raise CtyTypeError(f"{what} of a range of type {self._ty.friendly_name()}")

    def includes(self, v: Value, /) -> Value:
        """Return whether *v* is in the range: False when the range excludes it, True only
        for a null range and a null *v*, and otherwise an unknown bool (not null)."""
        check_value(v, "the value to test")
        unknown = make(Bool, not_null_unknown(Bool))
        if self._null is True:
            return True_ if v.is_null() else False_
        if self._null is False and v.is_null():
            return False_
        if v.is_null():
            return True_
        if v._ty.test_conformance(self._ty):
            return False_
        if v._ty is DynamicPseudoType:
            return unknown
        kind = self._kind
        if kind == "string":
            if v.is_known() and not v._marks and not v._v.startswith(self._prefix):
                return False_
        elif kind == "collection":
            length = v.length()
            if _known_false(length.greater_than_or_equal_to(make(Number, self._len_min))):
                return False_
            if _known_false(length.less_than_or_equal_to(make(Number, self._len_max))):
                return False_
        elif kind == "number":
            lo, lo_inc = self.number_lower_bound()
            hi, hi_inc = self.number_upper_bound()
            if _known_false(v.greater_than_or_equal_to(lo) if lo_inc else v.greater_than(lo)):
                return False_
            if _known_false(v.less_than_or_equal_to(hi) if hi_inc else v.less_than(hi)):
                return False_
        return unknown


def _known_false(b: Value) -> bool:
    bare = b.unmark()[0] if b._marks else b
    return bare.is_known() and not bare.true()


def value_range(self: Value) -> ValueRange:
    """Return the range of values this value may be (go-cty's Range): what an unknown's
    refinements say, or the known value itself. Raises ValueError for a marked value.

    >>> cty.unknown_val(cty.String).refine().string_prefix_full("ami-").new_value(
    ...     ).range().string_prefix()
    'ami-'
    """
    check_value(self, "value")
    if self._marks:
        raise CtyValueError("range of a marked value: unmark it first")
    ty = self._ty
    p = self._v
    if p.__class__ is Unknown:
        r = p.refinement
        if r is None:
            return ValueRange(ty, "nullable", None)
        return ValueRange(ty, _kind(ty), r.null, prefix=r.prefix, min=r.min,
                          min_inclusive=r.min_inclusive, max=r.max,
                          max_inclusive=r.max_inclusive, length_min=r.length_min,
                          length_max=MAX_INT if r.length_max is None else r.length_max)
    if p is None:
        return ValueRange(ty, "nullable", True)
    if ty is String:
        return ValueRange(ty, "string", False, prefix=p)
    if ty is Number:
        return ValueRange(ty, "number", False, min=p, min_inclusive=True, max=p,
                          max_inclusive=True)
    if ty.is_collection_type():
        length = self.length()
        if length.is_known():
            n = int(_number.int64_value(length._v) or 0)
            return ValueRange(ty, "collection", False, length_min=n, length_max=n)
        return ValueRange(ty, "collection", False)
    return ValueRange(ty, "nullable", False)


def _kind(ty: Type) -> str:
    if ty is String:
        return "string"
    if ty is Number:
        return "number"
    if ty.is_collection_type():
        return "collection"
    return "nullable"

