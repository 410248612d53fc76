"""Conversions as functions (go-cty's stdlib conversion.go): make_to_func, the to_* functions
HCL-based tools offer (tostring, tonumber, tobool, tolist, toset, tomap), and
assert_not_null."""

from __future__ import annotations

from cty import (
    Bool,
    DynamicPseudoType,
    List,
    Map,
    Number,
    PathError,
    Set,
    String,
    Type,
    Value,
    sensitive_marks,
)
from cty._internal import check_type, go_quote
from cty.convert import convert, get_conversion_unsafe, mismatch_message

from .._errors import ArgError
from .._function import Function
from .._parameter import Parameter
from ._refine import not_null

__all__ = ["assert_not_null", "make_to_func", "to_bool", "to_list", "to_map", "to_number",
           "to_set", "to_string"]


def make_to_func(want: Type, *, marked: bool = False) -> Function:
    """Return a function of one argument that converts it to *want* (unsafe conversions
    included, as HCL's tostring and friends do), or raises an ArgError saying why it cannot.

    *marked*: as Terraform's conversion functions are, the argument's marks stay where they are
    (go-cty's take them all to the result), and a failure to convert a value holding a
    sensitive mark says only "cannot convert this sensitive string to bool".

    >>> make_to_func(cty.Number)(cty.string_val("12"))
    cty.parse_number_val('12')
    """
    check_type(want, "the type to convert to")

    def type_fn(args: list[Value]) -> Type:
        got = args[0].type()
        if got == want:
            return want
        if get_conversion_unsafe(got, want) is None:
            if got.is_tuple_type() and want.is_tuple_type():
                raise ArgError(0, "incompatible tuple type for conversion: "
                                  f"{mismatch_message(got, want)}")
            if got.is_object_type() and want.is_object_type():
                raise ArgError(0, "incompatible object type for conversion: "
                                  f"{mismatch_message(got, want)}")
            raise ArgError(0, f"cannot convert {got.friendly_name()} to "
                              f"{want.friendly_name_for_constraint()}")
        return want

    def impl(args: list[Value], ty: Type) -> Value:
        v = args[0]
        try:
            return convert(v, ty)
        except PathError:
            v, found = v.unmark_deep()
            got = v.type()
            if not sensitive_marks().isdisjoint(found):
                raise ArgError(0, f"cannot convert this sensitive {got.friendly_name()} to "
                                  f"{want.friendly_name_for_constraint()}") from None
            what = "string" if v.is_null() or got is not String else go_quote(v.as_string())
            if got is String and want is Bool:
                raise ArgError(0, f"cannot convert {what} to bool; only the strings \"true\" "
                                  "or \"false\" are allowed") from None
            if got is String and want is Number:
                raise ArgError(0, f"cannot convert {what} to number; given string must be a "
                                  "decimal representation of a number") from None
            raise ArgError(0, f"cannot convert {got.friendly_name()} to "
                              f"{want.friendly_name_for_constraint()}") from None

    return Function(
        description=f"Converts the given value to {want.friendly_name()}, or raises an error if "
                    "that conversion is impossible.",
        params=[Parameter("v", DynamicPseudoType, allow_null=True, allow_dynamic_type=True,
                          allow_marked=marked)],
        type=type_fn, impl=impl)


to_string = make_to_func(String)
"""tostring(v): *v* converted to a string."""
to_number = make_to_func(Number)
"""tonumber(v): *v* converted to a number."""
to_bool = make_to_func(Bool)
"""tobool(v): *v* converted to a bool."""
to_list = make_to_func(List(DynamicPseudoType))
"""tolist(v): *v* converted to a list (of its elements' common type)."""
to_set = make_to_func(Set(DynamicPseudoType))
"""toset(v): *v* converted to a set (of its elements' common type)."""
to_map = make_to_func(Map(DynamicPseudoType))
"""tomap(v): *v* converted to a map (of its elements' common type)."""

assert_not_null = Function(
    description="Returns the given value varbatim if it is non-null, or raises an error if it's "
                "null.",
    params=[Parameter("v", DynamicPseudoType)], type=lambda args: args[0].type(),
    refine_result=not_null, impl=lambda args, ty: args[0])
"""assert_not_null(v): *v* itself; an ArgError when it is null."""
