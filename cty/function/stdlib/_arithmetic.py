"""Arithmetic and comparison of numbers: absolute, add, subtract, multiply, divide, modulo,
negate and the four comparisons (go-cty's stdlib number.go, first part)."""

from __future__ import annotations

from collections.abc import Callable

from cty import Bool, Number, Type, Value, _number

from .._errors import FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._refine import not_null

__all__ = ["absolute", "add", "divide", "greater_than", "greater_than_or_equal_to",
           "less_than", "less_than_or_equal_to", "modulo", "multiply", "negate", "subtract"]


def _number_param(name: str, *, allow_unknown: bool = False, allow_marked: bool = False
            ) -> Parameter:
    return Parameter(name, Number, allow_dynamic_type=True, allow_unknown=allow_unknown,
                     allow_marked=allow_marked)


def _binary(op: Callable[[Value, Value], Value]) -> Callable[[list[Value], Type], Value]:
    def impl(args: list[Value], ty: Type) -> Value:
        try:
            return op(args[0], args[1])
        except _number.NaNResultError as e:  # go-cty's functions return these as errors
            raise FunctionError(str(e)) from None

    return impl


def _arithmetic(description: str, op: Callable[[Value, Value], Value]) -> Function:
    return Function(description=description, params=[_number_param("a"), _number_param("b")],
                    type=static_return_type(Number), refine_result=not_null,
                    impl=_binary(op))


def _comparison(description: str, op: Callable[[Value, Value], Value]) -> Function:
    params = [_number_param(n, allow_unknown=True, allow_marked=True) for n in ("a", "b")]
    return Function(description=description, params=params, type=static_return_type(Bool),
                    refine_result=not_null, impl=lambda args, ty: op(args[0], args[1]))


absolute = Function(
    description="If the given number is negative then returns its positive equivalent, or "
                "otherwise returns the given number unchanged.",
    params=[_number_param("num", allow_marked=True)], type=static_return_type(Number),
    refine_result=not_null, impl=lambda args, ty: args[0].absolute())
"""absolute(num): the number without its sign."""

negate = Function(
    description="Multiplies the given number by -1.",
    params=[_number_param("num", allow_marked=True)], type=static_return_type(Number),
    refine_result=not_null, impl=lambda args, ty: args[0].negate())
"""negate(num): the number times -1."""

add = _arithmetic("Returns the sum of the two given numbers.", Value.add)
"""add(a, b): a + b."""
subtract = _arithmetic("Returns the difference between the two given numbers.", Value.subtract)
"""subtract(a, b): a - b."""
multiply = _arithmetic("Returns the product of the two given numbers.", Value.multiply)
"""multiply(a, b): a * b."""
divide = _arithmetic("Divides the first given number by the second.", Value.divide)
"""divide(a, b): a / b."""
modulo = _arithmetic("Divides the first given number by the second and then returns the "
                     "remainder.", Value.modulo)
"""modulo(a, b): the remainder of a / b."""

greater_than = _comparison("Returns true if and only if the second number is greater than the "
                           "first.", Value.greater_than)
"""greater_than(a, b): a > b."""
greater_than_or_equal_to = _comparison(
    "Returns true if and only if the second number is greater than or equal to the first.",
    Value.greater_than_or_equal_to)
"""greater_than_or_equal_to(a, b): a >= b."""
less_than = _comparison("Returns true if and only if the second number is less than the first.",
                        Value.less_than)
"""less_than(a, b): a < b."""
less_than_or_equal_to = _comparison(
    "Returns true if and only if the second number is less than or equal to the first.",
    Value.less_than_or_equal_to)
"""less_than_or_equal_to(a, b): a <= b."""
