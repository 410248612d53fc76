"""cty.ext.xtypes' written forms: parse_xtype, str() and pretty_xtype (row T3.11 of the design's
table, extensions.md section 3.4), and extended type JSON (row T3.13); print -> parse and
JSON round trips over generated types."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import cty
from cty.ext.xtypes import (
    BOOL,
    DYNAMIC,
    INT,
    NEVER,
    NONE,
    NUMBER,
    STRING,
    XType,
    list_,
    map_,
    object_,
    optional,
    output,
    parse_xtype,
    pretty_xtype,
    promise,
    set_,
    tuple_,
    union,
    x,
    xtype_from_json,
    xtype_to_json,
)

from .._examples import examples
from ..strategies import types
from .test_xtypes import _xtypes


def test_t3_11_unions_optional_and_precedence() -> None:
    assert parse_xtype("string | (int | bool)") == union(BOOL, INT, STRING)
    assert parse_xtype("union(string, none)") == optional(STRING)
    assert str(union()) == "never"
    assert str(list_(union(NUMBER, STRING))) == "list(number | string)"
    got = parse_xtype("int | string?")
    assert got == union(INT, optional(STRING))
    assert str(got) == "(int | string)?"


def test_every_construct_reads() -> None:
    assert parse_xtype("any") == DYNAMIC
    assert parse_xtype("never") == NEVER == parse_xtype("union()")
    assert parse_xtype("none") == NONE
    assert parse_xtype("output(list(promise(int)))") == output(list_(INT))
    assert parse_xtype("promise(map(output(int)))") == promise(map_(output(INT)))
    assert parse_xtype("set(bool)?") == optional(set_(BOOL))
    assert parse_xtype("tuple([int, string?,])") == tuple_(INT, optional(STRING))
    assert parse_xtype("tuple([])") == tuple_()
    text = 'object({\n  a = int\n  b: optional(string | bool), # a comment\n  "c d" = none,\n})'
    assert parse_xtype(text) == object_({"a": INT, "b": optional(union(STRING, BOOL)),
                                         "c d": NONE})
    assert parse_xtype("object({a=string?})") == parse_xtype("object({a=optional(string)})")
    assert parse_xtype("((int))") == INT


def test_capsule_names_read_only_when_given() -> None:
    blob = cty.Capsule("blob", bytes)
    assert parse_xtype("list(blob)", capsules={"blob": blob}) == list_(x(blob))
    with pytest.raises(cty.TypeExprError, match='keyword "blob" is not a valid type'):
        parse_xtype("list(blob)")
    with pytest.raises(cty.CtyTypeError):
        parse_xtype("blob", capsules={"blob": cty.String})


@pytest.mark.parametrize(("text", "detail", "column"), [
    ("list", "The list type constructor requires one argument specifying the element type.",
     1),
    ("list()", "The list type constructor requires one argument", 6),
    ("list(string, string)", "The list type constructor requires one argument", 12),
    ("output()", "The output type constructor requires one argument", 8),
    ("bool()", 'Type keyword "bool" does not expect arguments.', 1),
    ("shwoop(string)", 'Keyword "shwoop" is not a valid type constructor.', 1),
    ('list("string")', "A type specification is a type keyword", 6),
    ("object(string)", "Object type constructor requires a map whose keys", 8),
    ("tuple(string)", "Tuple type constructor requires a list of element types.", 7),
    ("optional(string)", 'Keyword "optional" is valid only as a modifier', 1),
    ('object({a=optional(string, "x")})', "Optional attribute modifier expects only one", 26),
    ("object({a=int,a=int})", 'The attribute "a" is given more than once.', 15),
    ("object({1=int})", "Object constructor map keys must be attribute names.", 9),
    ("int |", "A type specification is a type keyword", 6),
    ("int string", "Extra characters after the type: 'string'.", 5),
    ("(int", "Expected a closing parenthesis, found the end of the expression.", 5),
    ("int??", "Extra characters after the type: '?'.", 5),
    ("union(int,, string)", "A type specification is a type keyword", 11),
    ("int & string", "The character '&' is not expected here.", 5),
])
def test_errors_say_what_and_where(text: str, detail: str, column: int) -> None:
    with pytest.raises(cty.TypeExprError) as info:
        parse_xtype(text)
    assert info.value.detail.startswith(detail), info.value.detail
    assert (info.value.line, info.value.column) == (1, column)


def test_pretty_form_past_the_threshold() -> None:
    five = object_({k: STRING for k in "abcde"})
    assert pretty_xtype(five) == ("object({\n  a = string,\n  b = string,\n  c = string,\n"
                                  "  d = string,\n  e = string,\n})")
    four = object_({k: STRING for k in "abcd"})
    assert pretty_xtype(four) == str(four) == "object({a=string,b=string,c=string,d=string})"
    nested = list_(object_({"name": STRING, "ports": list_(INT), "tls": optional(BOOL),
                            "weird key": union(INT, STRING)}))
    assert pretty_xtype(nested) == (
        "list(object({\n"
        "  name = string,\n"
        "  ports = list(int),\n"
        "  tls = optional(bool),\n"
        '  "weird key" = int | string,\n'
        "}))")
    assert pretty_xtype(tuple_(*[INT] * 5)) == "tuple([\n" + "  int,\n" * 5 + "])"


def test_t3_13_extended_type_json() -> None:
    core = cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Number}, ["b"])
    assert cty.type_to_json(core) == b'["object",{"a":"string","b":"number"},["b"]]'
    assert xtype_to_json(x(core)) == cty.type_to_json(core)
    assert xtype_to_json(optional(INT)) == b'["union",["int","none"]]'
    for data in (b'["union",["int","none"]]', b'"int"', b'"none"', b'["output","string"]'):
        with pytest.raises(cty.TypeJSONError):
            cty.type_from_json(data)
    assert xtype_from_json(b'["union",["int","none"]]') == optional(INT)
    assert xtype_to_json(NEVER) == b'["union",[]]'
    assert xtype_to_json(promise(output(INT))) == b'["promise",["output","int"]]'
    assert xtype_to_json(object_({"<&>": NONE})) == b'["object",{"\\u003c\\u0026\\u003e":"none"}]'


@pytest.mark.parametrize(("data", "message"), [
    (b'"integer"', 'an extended type is a word ("bool", "int"'),
    (b"3", "an extended type is a word or an array that starts with its kind, not 3"),
    (b'["list"]', '["list", T] has one element type'),
    (b'["tuple","int"]', '["tuple", [T, ...]] has an array of types'),
    (b'["object",{"a":"int"},["b"]]', "optional names the undeclared attribute 'b'"),
    (b'["object",{"a":"int"},[1]]', "an object's optional attributes are an array of names"),
    (b'["blob","int"]', "the kind of an extended type is list, set, map"),
    (b"[", "not JSON"),
])
def test_bad_json_is_a_type_json_error(data: bytes, message: str) -> None:
    with pytest.raises(cty.TypeJSONError) as info:
        xtype_from_json(data)
    assert str(info.value).startswith(message), str(info.value)


def test_capsules_have_no_json() -> None:
    with pytest.raises(cty.CtyValueError, match="capsule type has no JSON form"):
        xtype_to_json(x(cty.Capsule("blob", bytes)))


@settings(max_examples=examples(400))
@given(_xtypes())
def test_print_parse_round_trip(t: XType) -> None:
    assert parse_xtype(str(t)) == t, str(t)
    assert parse_xtype(pretty_xtype(t)) == t, pretty_xtype(t)
    assert xtype_from_json(xtype_to_json(t)) == t, xtype_to_json(t)


@settings(max_examples=examples(200))
@given(types(max_depth=3))
def test_core_types_write_as_the_core_does(t: cty.Type) -> None:
    assert xtype_to_json(x(t)) == cty.type_to_json(t)
    assert str(x(t)) == str(t)
    assert parse_xtype(str(t)) == x(t)
