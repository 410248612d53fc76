"""equal, not_equal and coalesce (go-cty's stdlib general.go)."""

from __future__ import annotations

from cty import Bool, DynamicPseudoType, Type, Value, unknown_val
from cty.convert import convert, unify_unsafe

from .._errors import FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._refine import not_null

__all__ = ["coalesce", "equal", "not_equal"]


def _anything(name: str) -> Parameter:
    return Parameter(name, DynamicPseudoType, allow_unknown=True, allow_dynamic_type=True,
                     allow_null=True)


equal = Function(
    description="Returns true if the two given values are equal, or false otherwise.",
    params=[_anything("a"), _anything("b")], type=static_return_type(Bool),
    refine_result=not_null, impl=lambda args, ty: args[0].equals(args[1]))
"""equal(a, b): whether two values are equal (unknown when that depends on unknowns)."""

not_equal = Function(
    description="Returns false if the two given values are equal, or true otherwise.",
    params=[_anything("a"), _anything("b")], type=static_return_type(Bool),
    refine_result=not_null, impl=lambda args, ty: args[0].equals(args[1]).not_())
"""not_equal(a, b): whether two values differ."""


def coalesce_type(args: list[Value]) -> Type:
    """The type coalesce's arguments unify to (unsafely); FunctionError where none: Terraform's
    coalesce decides its type the same way."""
    ty, _ = unify_unsafe([a.type() for a in args])
    if ty is None:
        raise FunctionError("all arguments must have the same type")
    return ty


def _coalesce(args: list[Value], ty: Type) -> Value:
    for a in args:
        if not a.is_known():
            return unknown_val(ty)
        if a.is_null():
            continue
        return convert(a, ty)  # a PathError, with its path, is the call's error
    raise FunctionError("no non-null arguments")


coalesce = Function(
    description="Returns the first of the given arguments that isn't null, or raises an error "
                "if there are no non-null arguments.",
    var_param=_anything("vals"), type=coalesce_type, refine_result=not_null, impl=_coalesce)
"""coalesce(vals...): the first argument that is not null, converted to the arguments'
common type."""
