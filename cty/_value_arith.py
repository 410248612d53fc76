"""Arithmetic, comparison and logic operations (go-cty's value_ops.go, numeric and bool parts).

Every operation unmarks its operands shallowly and marks the result with the union of their
marks. An unknown operand gives an unknown result refined as not null; a DynamicPseudoType
operand gives an unknown of the operation's result type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import _number
from ._dynamic import DynamicPseudoType
from ._errors import CtyError, CtyTypeError, CtyValueError
from ._marks import NO_MARKS
from ._primitive_type import Bool, Number
from ._refinement_builder import RefinementBuilder
from ._type import Type
from ._unknown import UNKNOWN, Unknown
from ._unknown_refinement import not_null_unknown
from ._value import (
    False_,
    NegativeInfinity,
    PositiveInfinity,
    True_,
    Value,
    Zero,
    check_value,
    make,
)
from ._value_range import value_range


def _with_marks(r: Value, a: frozenset[Any], b: frozenset[Any] = NO_MARKS) -> Value:
    m = a | b if b else a
    if not m:
        return r
    return make(r._ty, r._v, r._marks | m if r._marks else m)


def _type_check(want: Type, *vals: Value, nulls_ok: bool = False) -> bool:
    """Raise TypeError for a wrong operand type; return True when the result is unknown.

    A null operand raises ValueError unless the result is unknown anyway or *nulls_ok*.
    """
    short = False
    null_at = -1
    for i, v in enumerate(vals):
        t = v._ty
        if t is DynamicPseudoType:
            short = True
            continue
        if t is not want:
            raise CtyTypeError(
                f"type mismatch: want {want.friendly_name()} but value {i} is {t.friendly_name()}"
            )
        if v._v.__class__ is Unknown:
            short = True
        elif v._v is None and null_at < 0:
            null_at = i
    if null_at >= 0 and not short and not nulls_ok:
        raise CtyValueError(
            f"operand {null_at} is a null {want.friendly_name()}, which has no value")
    return short


def _unknown(t: Type) -> Value:
    return make(t, not_null_unknown(t))


def _binary_number(
    name: str, fn: Callable[[Any, Any], Any], a: Value, b: Value,
    interval: Callable[[Value, Value], Value] | None = None,
) -> Value:
    check_value(b, f"{name}() operand")
    if a._marks or b._marks:
        return _with_marks(_binary_number(name, fn, _bare(a), _bare(b), interval),
                           a._marks, b._marks)
    if _type_check(Number, a, b):
        if interval is None:
            return _unknown(Number)
        return _interval_result(interval, a, b)
    return make(Number, fn(a._v, b._v))


def _interval_result(op: Callable[[Value, Value], Value], a: Value, b: Value) -> Value:
    """Return the unknown result of op(a, b), refined by interval arithmetic over the ranges
    of *a* and *b* and as not null (go-cty's numericRangeArithmetic)."""
    ra, rb = value_range(a), value_range(b)
    a_lo, a_hi = ra.number_lower_bound()[0], ra.number_upper_bound()[0]
    b_lo, b_hi = rb.number_lower_bound()[0], rb.number_upper_bound()[0]
    corners = [_try(op, a_lo, b_lo), _try(op, a_lo, b_hi), _try(op, a_hi, b_lo),
               _try(op, a_hi, b_hi)]
    lo = _most(less_than, corners)
    hi = _most(greater_than, corners)
    builder = RefinementBuilder(make(Number, UNKNOWN))
    if _known_false(lo.equals(NegativeInfinity)):
        builder.number_range_lower_bound(lo, True)
    if _known_false(hi.equals(PositiveInfinity)):
        builder.number_range_upper_bound(hi, True)
    return builder.not_null().new_value()


def _try(op: Callable[[Value, Value], Value], a: Value, b: Value) -> Value:
    """Return op(a, b), or an unknown number where go-cty's operation would panic."""
    try:
        return op(a, b)
    except CtyError:  # inf - inf, and the like
        return make(Number, UNKNOWN)


def _most(op: Callable[[Value, Value], Value], values: list[Value]) -> Value:
    """Return the value of *values* that is *op*-most (the least, with less_than), or an
    unknown number when a comparison is unknown (go-cty's mostNumberValue)."""
    r = values[0]
    for v in values[1:]:
        more = op(v, r)
        if not more.is_known():
            return make(Number, UNKNOWN)
        if more._v is True:
            r = v
    return r


def _known_false(b: Value) -> bool:
    return b.is_known() and b._v is False


def _bare(v: Value) -> Value:
    return make(v._ty, v._v) if v._marks else v


def add(self: Value, other: Value, /) -> Value:
    """Return the sum of two numbers."""
    return _binary_number("add", _number.add, self, other, add)


def subtract(self: Value, other: Value, /) -> Value:
    """Return the difference of two numbers."""
    return _binary_number("subtract", _number.sub, self, other, subtract)


def multiply(self: Value, other: Value, /) -> Value:
    """Return the product of two numbers; go-cty's Zero times anything, even an unknown, is
    Zero."""
    check_value(other, "multiply() operand")
    if self._marks or other._marks:
        return _with_marks(multiply(_bare(self), _bare(other)), self._marks, other._marks)
    if self._v is _number.ZERO or other._v is _number.ZERO:
        return Zero
    return _binary_number("multiply", _number.mul, self, other, multiply)


def divide(self: Value, other: Value, /) -> Value:
    """Return the quotient of two numbers (x/0 is an infinity)."""
    return _binary_number("divide", _number.div, self, other)


def modulo(self: Value, other: Value, /) -> Value:
    """Return the remainder of truncated division (x % 0 is x)."""
    return _binary_number("modulo", _number.mod, self, other)


def _unary_number(name: str, fn: Callable[[Any], Any], a: Value) -> Value:
    if a._marks:
        return _with_marks(_unary_number(name, fn, _bare(a)), a._marks)
    if _type_check(Number, a):
        return _unknown(Number)
    return make(Number, fn(a._v))


def negate(self: Value) -> Value:
    """Return the number with its sign flipped."""
    return _unary_number("negate", _number.neg, self)


def absolute(self: Value) -> Value:
    """Return the number's absolute value; an unknown operand gives an unknown refined as at
    least zero."""
    if self._marks:
        return _with_marks(absolute(_bare(self)), self._marks)
    if _type_check(Number, self):
        return RefinementBuilder(make(Number, UNKNOWN)).not_null()\
            .number_range_inclusive(Zero, make(Number, UNKNOWN)).new_value()
    return make(Number, _number.abs_(self._v))


def _compare(a: Value, b: Value, test: Callable[[int], bool], greater: bool) -> Value:
    if a._marks or b._marks:
        return _with_marks(_compare(_bare(a), _bare(b), test, greater), a._marks, b._marks)
    if _type_check(Number, a, b):
        return _compare_ranges(a, b, greater)
    return True_ if test(_number.cmp(a._v, b._v)) else False_


def _compare_ranges(a: Value, b: Value, greater: bool) -> Value:
    """Return a < b (or a > b, when *greater*) where an operand is unknown: known when their
    ranges do not overlap (every bound taken as exclusive, as go-cty takes them), else an
    unknown bool that is not null."""
    ra, rb = value_range(a), value_range(b)
    if ra.type_constraint() is Number and rb.type_constraint() is Number:
        if greater:
            ra, rb = rb, ra  # a > b is b < a
        a_hi, b_lo = ra.number_upper_bound()[0], rb.number_lower_bound()[0]
        if a_hi.is_known() and b_lo.is_known() and less_than(a_hi, b_lo)._v is True:
            return True_
        a_lo, b_hi = ra.number_lower_bound()[0], rb.number_upper_bound()[0]
        if a_lo.is_known() and b_hi.is_known() and greater_than(a_lo, b_hi)._v is True:
            return False_
    return _unknown(Bool)


def less_than(self: Value, other: Value, /) -> Value:
    """Return whether this number is less than *other*."""
    check_value(other, "less_than() operand")
    return _compare(self, other, lambda c: c < 0, False)


def greater_than(self: Value, other: Value, /) -> Value:
    """Return whether this number is greater than *other*, as a Bool value."""
    check_value(other, "greater_than() operand")
    return _compare(self, other, lambda c: c > 0, True)


def less_than_or_equal_to(self: Value, other: Value, /) -> Value:
    """Return whether this number is less than or equal to *other* (less_than or equals, as
    go-cty computes it)."""
    return _or_equal(less_than, "less_than_or_equal_to", self, other)


def greater_than_or_equal_to(self: Value, other: Value, /) -> Value:
    """Return whether this number is greater than or equal to *other* (greater_than or
    equals, as go-cty computes it)."""
    return _or_equal(greater_than, "greater_than_or_equal_to", self, other)


def _or_equal(strict: Callable[[Value, Value], Value], name: str, a: Value, b: Value) -> Value:
    check_value(b, f"{name}() operand")
    if a._marks or b._marks:
        return _with_marks(_or_equal(strict, name, _bare(a), _bare(b)), a._marks, b._marks)
    return strict(a, b).or_(a.equals(b))


def and_(self: Value, other: Value, /) -> Value:
    """Return the logical AND of two bools (a known false wins over an unknown)."""
    check_value(other, "and_() operand")
    if self._marks or other._marks:
        return _with_marks(and_(_bare(self), _bare(other)), self._marks, other._marks)
    if _type_check(Bool, self, other, nulls_ok=True):
        if self._v is False or other._v is False:
            return False_
        return _unknown(Bool)
    # as Go's &&: a false left operand never reads the right one, even a null
    _require_bool(self, 0)
    if self._v is False:
        return False_
    _require_bool(other, 1)
    return True_ if other._v else False_


def _require_bool(v: Value, i: int) -> None:
    if v._v is None:
        raise CtyValueError(f"operand {i} is a null bool, which has no value")


def or_(self: Value, other: Value, /) -> Value:
    """Return the logical OR of two bools (a known true wins over an unknown)."""
    check_value(other, "or_() operand")
    if self._marks or other._marks:
        return _with_marks(or_(_bare(self), _bare(other)), self._marks, other._marks)
    if _type_check(Bool, self, other, nulls_ok=True):
        if self._v is True or other._v is True:
            return True_
        return _unknown(Bool)
    # as Go's ||: a true left operand never reads the right one, even a null
    _require_bool(self, 0)
    if self._v is True:
        return True_
    _require_bool(other, 1)
    return True_ if other._v else False_


def not_(self: Value) -> Value:
    """Return the logical negation of a bool."""
    if self._marks:
        return _with_marks(not_(_bare(self)), self._marks)
    if _type_check(Bool, self):
        return _unknown(Bool)
    return False_ if self._v else True_
