"""The set functions (go-cty's stdlib set.go): set_has_element, set_union, set_intersection,
set_subtract, set_symmetric_difference."""

from __future__ import annotations

from collections.abc import Callable

from cty import (
    Bool,
    DynamicPseudoType,
    PathError,
    Set,
    Type,
    Value,
    ValueSet,
    set_val_from_value_set,
    unknown_val,
)
from cty.convert import convert, unify_unsafe

from .._errors import ArgError, FunctionError
from .._function import Function, ImplFunc, static_return_type
from .._parameter import Parameter
from ._refine import not_null

__all__ = [
    "set_has_element",
    "set_intersection",
    "set_subtract",
    "set_symmetric_difference",
    "set_union",
]

_ANY_SET = Set(DynamicPseudoType)


def _set(name: str) -> Parameter:
    return Parameter(name, _ANY_SET, allow_dynamic_type=True)


set_has_element = Function(
    description="Returns true if the given set contains the given element, or false otherwise.",
    params=[_set("set"), Parameter("elem", DynamicPseudoType, allow_dynamic_type=True)],
    type=static_return_type(Bool), refine_result=not_null,
    impl=lambda args, ty: args[0].has_element(args[1]))
"""set_has_element(set, elem): whether a set holds *elem*."""


def _set_operation_type(args: list[Value]) -> Type:
    types = []
    for i, a in enumerate(args):
        if a.type() is DynamicPseudoType:  # (go-cty panics asking for its element type)
            raise ArgError(i, "a set is required, but the type of this argument is not known")
        ety = a.type().element_type()
        if a.is_known() and a.length_int() == 0 and ety is DynamicPseudoType:
            continue
        types.append(ety)
    if not types:
        return _ANY_SET
    unified, _ = unify_unsafe(types)
    if unified is None:
        raise FunctionError("given sets must all have compatible element types")
    return Set(unified)


def _set_operation(op: Callable[[ValueSet, ValueSet], ValueSet], allow_unknowns: bool
                   ) -> ImplFunc:
    def impl(args: list[Value], ty: Type) -> Value:
        values = []
        for i, a in enumerate(args):
            try:
                v = convert(a, ty)
            except PathError as e:
                raise ArgError(i, e.message) from None
            if not allow_unknowns and not v.is_wholly_known():
                return unknown_val(ty)
            values.append(v)
        if len({v.type() for v in values}) > 1:
            # (the element type is "any", and the sets keep their own types: go-cty panics
            # combining them; they are brought to the type of their elements together)
            values = _to_common_type(values)
        result = values[0].as_value_set()
        for v in values[1:]:
            result = op(result, v.as_value_set())
        return set_val_from_value_set(result)

    return impl


def _to_common_type(sets: list[Value]) -> list[Value]:
    """Return *sets* (of several set types) converted to the set type of their elements
    together; a set of "any" (empty, or of unknowns of unknown type) takes the others'."""
    types = [v.type().element_type() for v in sets
             if v.type().element_type() is not DynamicPseudoType]
    unified, _ = unify_unsafe(types) if types else (DynamicPseudoType, None)
    if unified is None:
        raise FunctionError("given sets must all have compatible element types")
    try:
        return [convert(v, Set(unified)) for v in sets]
    except PathError as e:
        raise FunctionError(f"given sets must all have compatible element types: {e}") from None


def _set_operation_function(description: str, operation: Callable[[ValueSet, ValueSet],
                                                                   ValueSet],
                            allow_unknowns: bool, two: bool = False) -> Function:
    if two:
        return Function(description=description, params=[_set("a"), _set("b")],
                        type=_set_operation_type, refine_result=not_null,
                        impl=_set_operation(operation, allow_unknowns))
    return Function(description=description, params=[_set("first_set")],
                    var_param=_set("other_sets"), type=_set_operation_type,
                    refine_result=not_null, impl=_set_operation(operation, allow_unknowns))


set_union = _set_operation_function("Returns the union of all given sets.", ValueSet.union,
                                    True)
"""set_union(first_set, other_sets...): the elements of any of the sets."""

set_intersection = _set_operation_function("Returns the intersection of all given sets.",
                                           ValueSet.intersection, False)
"""set_intersection(first_set, other_sets...): the elements of all of the sets."""

set_subtract = _set_operation_function("Returns the relative complement of the two given sets.",
                                       ValueSet.subtract, False, two=True)
"""set_subtract(a, b): the elements of *a* that are not in *b*."""

set_symmetric_difference = _set_operation_function(
    "Returns the symmetric difference of the two given sets.", ValueSet.symmetric_difference,
    False)
"""set_symmetric_difference(first_set, other_sets...): the elements of an odd number of the
sets."""
