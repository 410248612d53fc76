"""Terraform's own versions of functions go-cty's standard library also has (OpenTofu's
lang/funcs collection.go): length (of strings and structures too), index (where a value is in
a list: go-cty's index is another function), lookup (the default optional, an unknown default
allowed) and matchkeys."""

from __future__ import annotations

from cty import (
    CtyError,
    DynamicPseudoType,
    List,
    Number,
    String,
    Type,
    Value,
    list_val,
    list_val_empty,
    number_int_val,
    string_val,
    unknown_val,
)
from cty._internal import go_quote
from cty.convert import convert, unify_unsafe

from .._errors import ArgError, FunctionError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ..stdlib._general import equal
from ..stdlib._string import strlen
from ._redact import redacted

__all__ = ["index", "length", "lookup", "matchkeys"]


def _length_type(args: list[Value]) -> Type:
    ty = args[0].type()
    if ty is String or ty is DynamicPseudoType or ty.is_collection_type() or \
            ty.is_tuple_type() or ty.is_object_type():
        return Number
    raise FunctionError("argument must be a string, a collection type, or a structural type")


def _length(args: list[Value], ty: Type) -> Value:
    value = args[0]
    marks = value.marks()
    vty = value.type()
    if vty is DynamicPseudoType:
        return unknown_val(Number).with_marks(marks)
    if vty.is_tuple_type():
        return number_int_val(len(vty.tuple_element_types())).with_marks(marks)
    if vty.is_object_type():
        return number_int_val(len(vty.attribute_types())).with_marks(marks)
    if vty is String:
        return strlen(value)
    return value.length()


length = Function(params=[Parameter("value", DynamicPseudoType, allow_dynamic_type=True,
                                    allow_unknown=True, allow_marked=True)],
                  type=_length_type, refine_result=refine_not_null, impl=_length,
                  description="Returns the length of a string, collection or structure.")
"""length(value): the characters of a string (grapheme clusters), the elements of a
collection or tuple, the attributes of an object."""


def _index(args: list[Value], ty: Type) -> Value:
    seq, wanted = args
    sty = seq.type()
    if not (sty.is_list_type() or sty.is_tuple_type()):
        raise FunctionError("argument must be a list or tuple")
    if seq.length_int() == 0:
        raise FunctionError("cannot search an empty list")
    for i, element in seq.elements():
        same = equal(element, wanted)
        if not same.is_known():
            return unknown_val(Number)
        if same.true():
            return i
    raise FunctionError("item not found")


index = Function(params=[Parameter("list", DynamicPseudoType),
                         Parameter("value", DynamicPseudoType)],
                 type=static_return_type(Number), refine_result=refine_not_null, impl=_index,
                 description="Finds the element index for a given value in a list.")
"""index(list, value): the index of the first element of *list* (a list or tuple) equal to
*value*."""


def _lookup_type(args: list[Value]) -> Type:
    if len(args) > 3:
        raise FunctionError(f"lookup() takes two or three arguments, got {len(args)}")
    ty = args[0].type()
    if ty.is_object_type():
        if not args[1].is_known():
            return DynamicPseudoType
        key = args[1].unmark()[0].as_string()
        if ty.has_attribute(key):
            return args[0].get_attr(key).type()
        if len(args) == 3:
            return args[2].type()
        raise ArgError(0, f"the given object has no attribute {go_quote(key)}")
    if ty.is_map_type():
        if len(args) == 3:
            try:
                convert(args[2], ty.element_type())
            except CtyError:
                raise ArgError(2, "the default value must have the same type as the map "
                                  "elements") from None
        return ty.element_type()
    raise ArgError(0, "lookup() requires a map as the first argument")


def _lookup(args: list[Value], ty: Type) -> Value:
    collection, map_marks = args[0].unmark()
    key_value, key_marks = args[1].unmark()
    marks = map_marks | key_marks
    key = key_value.as_string()
    if not collection.is_known():
        return unknown_val(ty).with_marks(marks)
    if collection.type().is_object_type():
        if collection.type().has_attribute(key):
            return collection.get_attr(key).with_marks(marks)
    elif collection.has_index(string_val(key)).true():
        return collection.index(string_val(key)).with_marks(marks)
    if len(args) == 3:
        return convert(args[2], ty).with_marks(marks)
    raise FunctionError(f"lookup failed to find key {redacted(key, key_marks)}")


lookup = Function(params=[Parameter("inputMap", DynamicPseudoType, allow_marked=True),
                          Parameter("key", String, allow_marked=True)],
                  var_param=Parameter("default", DynamicPseudoType, allow_unknown=True,
                                      allow_dynamic_type=True, allow_null=True,
                                      allow_marked=True),
                  type=_lookup_type, impl=_lookup,
                  description="Retrieves the value of a single element from a map, given its "
                              "key. If the given key does not exist, the given default value "
                              "is returned instead.")
"""lookup(map, key, default...): the element of *map* (or attribute of an object) at *key*,
else *default* (converted to the element type), else an error."""

_ANY_LIST = List(DynamicPseudoType)


def _matchkeys_type(args: list[Value]) -> Type:
    if unify_unsafe([args[1].type(), args[2].type()])[0] is None:
        raise FunctionError("keys and searchset must be of the same type")
    return args[0].type()


def _matchkeys(args: list[Value], ty: Type) -> Value:
    values = args[0]
    element = ty.element_type()
    if values.length_int() != args[1].length_int():
        raise FunctionError("length of keys and values should be equal")
    common = unify_unsafe([args[1].type(), args[2].type()])[0]
    assert common is not None  # (the type function made sure)
    keys, searchset = convert(args[1], common), convert(args[2], common)
    if searchset.length_int() == 0:
        return list_val_empty(element)
    if not values.is_wholly_known() or not keys.is_wholly_known():
        return unknown_val(ty)
    found = []
    for i, (_, key) in enumerate(keys.elements()):
        for _, search in searchset.elements():
            same = equal(key, search)
            if not same.is_known():
                return list_val_empty(element)
            if same.true():
                found.append(values.index(number_int_val(i)))
                break
    return list_val(found) if found else list_val_empty(element)


matchkeys = Function(params=[Parameter("values", _ANY_LIST), Parameter("keys", _ANY_LIST),
                             Parameter("searchset", _ANY_LIST)],
                     type=_matchkeys_type, refine_result=refine_not_null, impl=_matchkeys,
                     description="Constructs a new list by taking a subset of elements from "
                                 "one list whose indexes match the corresponding indexes of "
                                 "values in another list.")
"""matchkeys(values, keys, searchset): the elements of *values* whose key (same index in
*keys*) is in *searchset*."""
