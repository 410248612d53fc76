"""The logical functions: not, and, or (go-cty's stdlib bool.go)."""

from __future__ import annotations

from cty import Bool, Value

from .._function import Function, static_return_type
from .._parameter import Parameter
from ._refine import not_null

__all__ = ["and_", "not_", "or_"]


def _bool_param(name: str) -> Parameter:
    return Parameter(name, Bool, allow_dynamic_type=True, allow_marked=True)


def _not(args: list[Value], ty: object) -> Value:
    return args[0].not_()


def _and(args: list[Value], ty: object) -> Value:
    return args[0].and_(args[1])


def _or(args: list[Value], ty: object) -> Value:
    return args[0].or_(args[1])


not_ = Function(
    description="Applies the logical NOT operation to the given boolean value.",
    params=[_bool_param("val")], type=static_return_type(Bool), refine_result=not_null,
    impl=_not)
"""not(val): the logical NOT of a bool."""

and_ = Function(
    description="Applies the logical AND operation to the given boolean values.",
    params=[_bool_param("a"), _bool_param("b")], type=static_return_type(Bool),
    refine_result=not_null, impl=_and)
"""and(a, b): the logical AND of two bools."""

or_ = Function(
    description="Applies the logical OR operation to the given boolean values.",
    params=[_bool_param("a"), _bool_param("b")], type=static_return_type(Bool),
    refine_result=not_null, impl=_or)
"""or(a, b): the logical OR of two bools."""
