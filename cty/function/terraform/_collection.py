"""Terraform's collection functions (OpenTofu's lang/funcs collection.go): alltrue, anytrue,
one."""

from __future__ import annotations

from cty import Bool, DynamicPseudoType, False_, List, True_, Type, Value, null_val, unknown_val

from .._errors import ArgError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter

__all__ = ["alltrue", "anytrue", "one"]


def _alltrue(args: list[Value], ty: Type) -> Value:
    for _, v in args[0].elements():
        if not v.is_known():
            return unknown_val(Bool)
        if v.is_null() or not v.true():
            return False_
    return True_


alltrue = Function(params=[Parameter("list", List(Bool))], type=static_return_type(Bool),
                   refine_result=refine_not_null, impl=_alltrue,
                   description="Returns true if all elements in a given collection are true "
                               "or \"true\". It also returns true if the collection is empty.")
"""alltrue(list): whether every element is true (a null one is not; an unknown one, before a
false or null, makes the answer unknown); true for an empty list."""


def _anytrue(args: list[Value], ty: Type) -> Value:
    unknown = False
    for _, v in args[0].elements():
        if not v.is_known():
            unknown = True
        elif not v.is_null() and v.true():
            return True_
    return unknown_val(Bool) if unknown else False_


anytrue = Function(params=[Parameter("list", List(Bool))], type=static_return_type(Bool),
                   refine_result=refine_not_null, impl=_anytrue,
                   description="Returns true if any of the elements in a given collection are "
                               "true or \"true\". It also returns false if the collection is "
                               "empty.")
"""anytrue(list): whether any element is true (unknown where none is and one is unknown);
false for an empty list."""

_ONE_ERROR = "must be a list, set, or tuple value with either zero or one elements"


def _one_type(args: list[Value]) -> Type:
    ty = args[0].type()
    if ty.is_list_type() or ty.is_set_type():
        return ty.element_type()
    if ty.is_tuple_type():
        types = ty.tuple_element_types()
        if not types:
            return DynamicPseudoType
        if len(types) == 1:
            return types[0]
    raise ArgError(0, _ONE_ERROR)


def _one(args: list[Value], ty: Type) -> Value:
    value = args[0]
    vt = value.type()
    if vt.is_list_type() or vt.is_set_type():
        length = value.length()
        if not length.is_known():
            return unknown_val(ty)
        elements = [e for _, e in value.elements()]
        if not elements:
            return null_val(ty)
        if len(elements) == 1:
            return elements[0]
        raise ArgError(0, _ONE_ERROR)
    if not vt.tuple_element_types():
        return null_val(ty)
    return next(e for _, e in value.elements())


one = Function(params=[Parameter("list", DynamicPseudoType)], type=_one_type, impl=_one,
               description="Returns either the first element of a one-element list, or null "
                           "if given a zero-element list.")
"""one(list): the one element of a list, set or tuple of one element, or null for none (of
the element type); more is an error."""
