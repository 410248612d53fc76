"""json_encode and json_decode (go-cty's stdlib json.go), on cty.encoding.json."""

from __future__ import annotations

from cty import (
    Bool,
    DynamicPseudoType,
    Number,
    PathError,
    String,
    Type,
    Value,
    string_val,
    unknown_val,
)
from cty.encoding import DecodeError
from cty.encoding import json as cty_json

from .._errors import ArgError, FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._go_unicode import GO_SPACE, go_quote_rune
from ._refine import not_null

__all__ = ["json_decode", "json_encode"]


def _json_encode(args: list[Value], ty: Type) -> Value:
    v = args[0]
    if not v.is_wholly_known():
        r = v.range()
        if r.could_be_null():
            return unknown_val(String)
        b = unknown_val(String).refine()
        t = r.type_constraint()
        if t is String:
            b = b.string_prefix_full('"')
        elif t.is_object_type() or t.is_map_type():
            b = b.string_prefix_full("{")
        elif t.is_tuple_type() or t.is_list_type() or t.is_set_type():
            b = b.string_prefix_full("[")
        return b.new_value()
    if v.is_null():
        return string_val("null")
    text = cty_json.marshal(v, v.type()).decode("utf-8")
    return string_val(text.strip(" \t\r\n"))


json_encode = Function(
    description="Returns a string containing a JSON representation of the given value.",
    params=[Parameter("val", DynamicPseudoType, allow_unknown=True, allow_dynamic_type=True,
                      allow_null=True)],
    type=static_return_type(String), refine_result=not_null, impl=_json_encode)
"""json_encode(val): a value as JSON text (go-cty's JSON encoding of the value's type)."""


def _json_decode_type(args: list[Value]) -> Type:
    s = args[0]
    if not s.is_known():
        prefix = s.range().string_prefix().strip(GO_SPACE)
        if prefix:
            c = prefix[0]
            if c == '"':
                return String
            if c in "tf":
                return Bool
            if c in "-0123456789.":
                return Number
            if c not in "{[n":
                raise ArgError(0, "a JSON document cannot begin with the character "
                                  f"{go_quote_rune(c)}")
        return DynamicPseudoType
    try:
        return cty_json.implied_type(s.as_string().encode("utf-8"))
    except DecodeError as e:
        raise FunctionError(e.message) from None


def _json_decode(args: list[Value], ty: Type) -> Value:
    # the document's type is known by now, so what fails is a value at a path (a number out of
    # Go's range, say): go-cty returns Unmarshal's PathError as it is
    try:
        return cty_json.unmarshal(args[0]._v.encode("utf-8"), ty)
    except DecodeError as e:
        raise PathError(e.path, e.message) from None


json_decode = Function(
    description="Parses the given string as JSON and returns a value corresponding to what the "
                "JSON document describes.",
    params=[Parameter("str", String)], type=_json_decode_type, impl=_json_decode)
"""json_decode(str): the value a JSON document describes, of the type it implies."""
