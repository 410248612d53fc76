"""min_, max_, int_, ceil and floor (go-cty's stdlib number.go, second part)."""

from __future__ import annotations

from collections.abc import Callable

from cty import NegativeInfinity, Number, PositiveInfinity, Type, Value, _number, number_val
from cty._internal import make

from .._errors import ArgError, FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._refine import not_null

__all__ = ["ceil", "floor", "int_", "max_", "min_"]


def _extreme(args: list[Value], start: Value, beats: Callable[[Value, Value], Value]) -> Value:
    """The argument that beats every other (the first of equals), starting from *start*."""
    if not args:
        raise FunctionError("must pass at least one number")
    best = start
    for n in args:
        if beats(n, best).true():
            best = n
    return best


_NUMBERS = Parameter("numbers", Number, allow_dynamic_type=True)

min_ = Function(description="Returns the numerically smallest of all of the given numbers.",
                var_param=_NUMBERS, type=static_return_type(Number), refine_result=not_null,
                impl=lambda args, ty: _extreme(args, PositiveInfinity, Value.less_than))
"""min(numbers...): the smallest number (at least one)."""

max_ = Function(description="Returns the numerically greatest of all of the given numbers.",
                var_param=_NUMBERS, type=static_return_type(Number), refine_result=not_null,
                impl=lambda args, ty: _extreme(args, NegativeInfinity, Value.greater_than))
"""max(numbers...): the greatest number (at least one)."""


def _int(args: list[Value], ty: Type) -> Value:
    p = args[0]._v
    if _number.is_integer(p):
        return args[0]
    # truncated toward zero, as a new exact float (go: SetInt on a zero Float); an infinity
    # has no integer part, which go-cty meets with a nil pointer (a panic; here the argument
    # is refused)
    if _number.is_inf(p):
        raise ArgError(0, "an infinite number has no integer part")
    return number_val(_number.trunc(p))


def _rounded(args: list[Value], up: bool) -> Value:
    p = args[0]._v
    if _number.is_inf(p) or p.__class__ is int:
        return args[0]
    if _number.is_integer(p) and not _number.is_neg_zero(p):
        return args[0]  # (already whole: as go's SetInt of its Int gives, without the int)
    i = _number.trunc(p)  # toward zero
    if up and p > i:
        i += 1
    elif not up and p < i:
        i -= 1
    # go sets the integer into the argument's own Float, at the argument's precision
    return make(Number, _number._from_int_at(i, _number.precision(p)))


int_ = Function(description="Discards any fractional portion of the given number.",
                params=[Parameter("num", Number, allow_dynamic_type=True)],
                type=static_return_type(Number), refine_result=not_null, impl=_int)
"""int(num): the number with its fractional part discarded (toward zero)."""

ceil = Function(description="Returns the smallest whole number that is greater than or equal "
                            "to the given value.",
                params=[Parameter("num", Number)], type=static_return_type(Number),
                refine_result=not_null, impl=lambda args, ty: _rounded(args, True))
"""ceil(num): the smallest whole number not below num."""

floor = Function(description="Returns the greatest whole number that is less than or equal "
                             "to the given value.",
                 params=[Parameter("num", Number)], type=static_return_type(Number),
                 refine_result=not_null, impl=lambda args, ty: _rounded(args, False))
"""floor(num): the greatest whole number not above num."""
