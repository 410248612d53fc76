"""Terraform's collection functions (OpenTofu's lang/funcs collection.go): alltrue, anytrue,
coalesce, one, sum, transpose, and the removed list and map."""

from __future__ import annotations

from cty import (
    Bool,
    CtyError,
    DynamicPseudoType,
    False_,
    List,
    Map,
    Number,
    String,
    True_,
    Type,
    Value,
    list_val,
    map_val,
    map_val_empty,
    null_val,
    string_val,
    unknown_val,
)
from cty.convert import convert

from .._errors import ArgError, FunctionError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ..stdlib._general import coalesce_type

__all__ = ["alltrue", "anytrue", "coalesce", "one", "sum_", "transpose"]


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


_NOT_NUMBERS = "argument must be list, set, or tuple of number values"


def _sum(args: list[Value], ty: Type) -> Value:
    value = args[0]
    if not value.can_iterate_elements():
        raise ArgError(0, "cannot sum noniterable")
    if value.length_int() == 0:
        raise ArgError(0, "cannot sum an empty list")
    vt = value.type()
    if not (vt.is_list_type() or vt.is_set_type() or vt.is_tuple_type()):
        raise ArgError(0, f"argument must be list, set, or tuple. Received "
                          f"{vt.friendly_name()}")
    if not value.is_wholly_known():
        return unknown_val(Number)
    total: Value | None = None
    for _, v in value.elements():
        if v.is_null():
            raise ArgError(0, _NOT_NUMBERS)
        try:
            n = convert(v, Number)
        except CtyError:
            raise ArgError(0, _NOT_NUMBERS) from None
        try:
            total = n if total is None else total.add(n)
        except CtyError:
            raise FunctionError("can't compute sum of opposing infinities") from None
    assert total is not None  # (the list is not empty)
    return total


sum_ = Function(params=[Parameter("list", DynamicPseudoType)], type=static_return_type(Number),
                refine_result=refine_not_null, impl=_sum,
                description="Returns the total sum of the elements of the list.")
"""sum(list): the sum of the numbers of a list, set or tuple (each converted to a number;
none null); an error for an empty one."""

_MAP_OF_LISTS = Map(List(String))


def _transpose(args: list[Value], ty: Type) -> Value:
    value = args[0]
    if not value.is_wholly_known():
        return unknown_val(_MAP_OF_LISTS)
    flipped: dict[str, list[str]] = {}
    for key, items in value.elements():
        for _, item in items.elements():
            flipped.setdefault(item.as_string(), []).append(key.as_string())
    if not flipped:
        return map_val_empty(List(String))
    return map_val({k: list_val([string_val(s) for s in sorted(v)])
                    for k, v in flipped.items()})


transpose = Function(params=[Parameter("values", _MAP_OF_LISTS)],
                     type=static_return_type(_MAP_OF_LISTS), refine_result=refine_not_null,
                     impl=_transpose,
                     description="Takes a map of lists of strings and swaps the keys and values "
                                 "to produce a new map of lists of strings.")
"""transpose(values): a map of lists of strings turned inside out: each string to the sorted
keys whose lists hold it."""


def _coalesce(args: list[Value], ty: Type) -> Value:
    for arg in args:
        value = convert(arg, ty)  # (the type unifies them all: it converts)
        if not value.is_known():
            return unknown_val(ty)
        if value.is_null() or (ty is String and value.raw_equals(_EMPTY)):
            continue
        return value
    raise FunctionError("no non-null, non-empty-string arguments")


_EMPTY = string_val("")

coalesce = Function(var_param=Parameter("vals", DynamicPseudoType, allow_unknown=True,
                                        allow_dynamic_type=True, allow_null=True),
                    type=coalesce_type, refine_result=refine_not_null, impl=_coalesce,
                    description="Takes any number of arguments and returns the first one that "
                                "isn't null or an empty string.")
"""coalesce(vals...): the first argument that is neither null nor (where they unify to
strings) empty, converted to the type all of them unify to (unsafely: ``1`` and ``"a"``
unify to strings); unknown where an unknown comes first."""


def _removed(name: str, instead: str) -> Function:
    """A function Terraform removed: every call says what to write instead."""
    message = (f'the "{name}" function was deprecated in Terraform v0.12 and is no longer '
               f"available; use {instead} syntax to write a literal {name}")

    def refuse_type(args: list[Value]) -> Type:
        raise FunctionError(message)

    def refuse(args: list[Value], ty: Type) -> Value:
        raise FunctionError(message)

    return Function(var_param=Parameter("vals", DynamicPseudoType, allow_unknown=True,
                                        allow_dynamic_type=True, allow_null=True),
                    type=refuse_type, impl=refuse,
                    description=f"Removed: use {instead} syntax instead.")


list_ = _removed("list", "tolist([ ... ])")
"""list(vals...): removed from Terraform in v0.12; every call is an error saying to write
``tolist([ ... ])`` (``list_``: Python has ``list``)."""
map_ = _removed("map", "tomap({ ... })")
"""map(vals...): removed from Terraform in v0.12; every call is an error saying to write
``tomap({ ... })`` (``map_``: Python has ``map``)."""
