"""cty.encoding.json: go-cty's JSON tests (values, implied types, SimpleJSONValue, types),
Go's string escaping, exact numbers, and the decoding rules."""

from __future__ import annotations

import re

import pytest

import cty
from cty.encoding import DecodeError, EncodeError, json
from tests._ids import stable_id

BYTES = cty.Capsule("bytes", bytes)
B = cty.Bool
LB = cty.List(cty.Bool)

# go-cty's TestValueJSONable (cty/json/value_test.go): value, type, JSON, decoded value.
VALUES = [
    (cty.string_val("hello"), cty.String, '"hello"', cty.string_val("hello")),
    (cty.string_val(""), cty.String, '""', cty.string_val("")),
    (cty.string_val("15"), cty.Number, "15", cty.number_int_val(15)),
    (cty.string_val("true"), B, "true", cty.True_),
    (cty.string_val("1"), B, "true", cty.True_),
    (cty.null_val(cty.String), cty.String, "null", cty.null_val(cty.String)),
    (cty.number_int_val(2), cty.Number, "2", cty.number_int_val(2)),
    (cty.number_float_val(2.5), cty.Number, "2.5", cty.number_float_val(2.5)),
    (cty.number_int_val(5), cty.String, '"5"', cty.string_val("5")),
    (cty.True_, B, "true", cty.True_),
    (cty.False_, B, "false", cty.False_),
    (cty.True_, cty.String, '"true"', cty.string_val("true")),
    (cty.list_val([cty.True_, cty.False_]), LB, "[true,false]",
     cty.list_val([cty.True_, cty.False_])),
    (cty.list_val_empty(B), LB, "[]", cty.list_val_empty(B)),
    (cty.list_val([cty.True_, cty.False_]), cty.List(cty.String), '["true","false"]',
     cty.list_val([cty.string_val("true"), cty.string_val("false")])),
    (cty.set_val([cty.True_, cty.False_]), cty.Set(B), "[false,true]",
     cty.set_val([cty.True_, cty.False_])),
    (cty.set_val_empty(B), cty.Set(B), "[]", cty.set_val_empty(B)),
    (cty.tuple_val([cty.True_, cty.number_int_val(5)]), cty.Tuple([B, cty.Number]), "[true,5]",
     cty.tuple_val([cty.True_, cty.number_int_val(5)])),
    (cty.EmptyTupleVal, cty.EmptyTuple, "[]", cty.EmptyTupleVal),
    (cty.map_val_empty(B), cty.Map(B), "{}", cty.map_val_empty(B)),
    (cty.map_val({"yes": cty.True_, "no": cty.False_}), cty.Map(B), '{"no":false,"yes":true}',
     cty.map_val({"yes": cty.True_, "no": cty.False_})),
    (cty.null_val(cty.Map(B)), cty.Map(B), "null", cty.null_val(cty.Map(B))),
    (cty.EmptyObjectVal, cty.EmptyObject, "{}", cty.EmptyObjectVal),
    (cty.object_val({"bool": cty.True_, "number": cty.Zero}),
     cty.Object({"bool": B, "number": cty.Number}), '{"bool":true,"number":0}',
     cty.object_val({"bool": cty.True_, "number": cty.Zero})),
    (cty.capsule_val(BYTES, b"hello"), BYTES, '"aGVsbG8="', None),
    (cty.True_, cty.DynamicPseudoType, '{"value":true,"type":"bool"}', cty.True_),
    (cty.string_val("hello"), cty.DynamicPseudoType, '{"value":"hello","type":"string"}',
     cty.string_val("hello")),
    (cty.number_int_val(5), cty.DynamicPseudoType, '{"value":5,"type":"number"}',
     cty.number_int_val(5)),
    (cty.list_val([cty.True_, cty.False_]), cty.DynamicPseudoType,
     '{"value":[true,false],"type":["list","bool"]}', cty.list_val([cty.True_, cty.False_])),
    (cty.list_val([cty.True_, cty.False_]), cty.List(cty.DynamicPseudoType),
     '[{"value":true,"type":"bool"},{"value":false,"type":"bool"}]',
     cty.list_val([cty.True_, cty.False_])),
    (cty.object_val({"static": cty.True_, "dynamic": cty.True_}),
     cty.Object({"static": B, "dynamic": cty.DynamicPseudoType}),
     '{"dynamic":{"value":true,"type":"bool"},"static":true}',
     cty.object_val({"static": cty.True_, "dynamic": cty.True_})),
    # the sign of zero is kept, as go-cty writes it (checked with the go-cty 1.18.1 oracle):
    # a set may hold both zeros
    (cty.number_float_val(-0.0), cty.Number, "-0", cty.parse_number_val("-0")),
    (cty.set_val([cty.number_float_val(-0.0), cty.number_int_val(0)]), cty.Set(cty.Number),
     "[-0,0]", cty.set_val([cty.parse_number_val("-0"), cty.number_int_val(0)])),
    (cty.object_val({"static": cty.True_, "dynamic": cty.True_}), cty.DynamicPseudoType,
     '{"value":{"dynamic":true,"static":true},"type":["object",{"dynamic":"bool","static":'
     '"bool"}]}', cty.object_val({"static": cty.True_, "dynamic": cty.True_})),
]


@pytest.mark.parametrize(("value", "ty", "want", "decoded"), VALUES, ids=stable_id)
def test_value_json(value: cty.Value, ty: cty.Type, want: str,
                    decoded: cty.Value | None) -> None:
    got = json.marshal(value, ty)

    assert got.decode() == want
    back = json.unmarshal(got, ty)
    if decoded is None:  # a capsule: compare what it wraps
        assert back.encapsulated_value() == value.encapsulated_value()
    else:
        assert back == decoded


# Go's json.Marshal of strings, and Text('f', -1) of numbers.
TEXTS = [
    (cty.string_val('<a href="x">&amp;</a>'),
     '"\\u003ca href=\\"x\\"\\u003e\\u0026amp;\\u003c/a\\u003e"'),
    (cty.string_val("\u2028\u2029\x7f\x00\x1f"), '"\\u2028\\u2029\x7f\\u0000\\u001f"'),
    (cty.string_val("tab\there\nnewline\r\"q\"\\"), '"tab\\there\\nnewline\\r\\"q\\"\\\\"'),
    (cty.string_val("\x08\x0c"), '"\\b\\f"'),
    (cty.string_val("e\u0301"), '"\u00e9"'),
    (cty.parse_number_val("1e100"), "1" + "0" * 100),
    (cty.parse_number_val("-0"), "-0"),
    (cty.parse_number_val("0.1"), "0.1"),
    (cty.number_float_val(0.1), "0.1"),
    (cty.number_float_val(1e-7), "0.0000001"),
    (cty.number_float_val(1e21), "1000000000000000000000"),
    (cty.number_int_val(1).divide(cty.number_int_val(3)), "0.33333333333333333334"),
    (cty.number_val(2**100), str(2**100)),
]


@pytest.mark.parametrize(("value", "want"), TEXTS, ids=stable_id)
def test_text_is_gos(value: cty.Value, want: str) -> None:
    assert json.marshal(value, value.type()).decode() == want


def test_marshal_type() -> None:
    ty = cty.ObjectWithOptionalAttrs({"b": cty.List(cty.Number), "a<": cty.String}, ["b"])
    assert json.marshal_type(ty) == b'["object",{"a\\u003c":"string","b":["list","number"]},["b"]]'
    assert json.unmarshal_type(json.marshal_type(ty)) is ty
    assert json.unmarshal_type('["tuple",["string","dynamic"]]') is \
        cty.Tuple([cty.String, cty.DynamicPseudoType])
    # names escaped as Go (1.22 on) escapes them: go-cty 1.18.1's oracle wrote these bytes
    assert json.marshal_type(cty.Object({"a\b\f<": cty.String})) == \
        b'["object",{"a\\b\\f\\u003c":"string"}]'
    with pytest.raises(DecodeError, match='invalid primitive type name "any"'):
        json.unmarshal_type('"any"')
    with pytest.raises(EncodeError, match="type not allowed"):
        json.marshal_type(BYTES)


# --- decoding ----------------------------------------------------------------------------------

DECODE = [
    ("1.50", cty.String, cty.string_val("1.50")),
    ("1e3", cty.String, cty.string_val("1e3")),
    ("-0", cty.String, cty.string_val("-0")),
    ("-0", cty.Number, cty.parse_number_val("-0")),
    ('"12.5"', cty.Number, cty.parse_number_val("12.5")),
    ("0.1", cty.Number, cty.parse_number_val("0.1")),
    ("123456789012345678901234567890", cty.Number,
     cty.parse_number_val("123456789012345678901234567890")),
    ("1E400", cty.Number, cty.parse_number_val("1e400")),
    ('"0"', B, cty.False_),
    ("false", cty.String, cty.string_val("false")),
    ('{"a":"x"}', cty.Object({"a": cty.String, "b": cty.Number}),
     cty.object_val({"a": cty.string_val("x"), "b": cty.null_val(cty.Number)})),
    ('["b","a","b"]', cty.Set(cty.String), cty.set_val([cty.string_val("a"),
                                                       cty.string_val("b")])),
    ('{"b":1,"a":2}', cty.Map(cty.Number),
     cty.map_val({"a": cty.parse_number_val("2"), "b": cty.parse_number_val("1")})),
    ('{"type":"string","value":null}', cty.DynamicPseudoType, cty.null_val(cty.String)),
    ("null", cty.DynamicPseudoType, cty.null_val(cty.DynamicPseudoType)),
    (' {"e\\u0301": 1} ', cty.Map(cty.Number), cty.map_val({"\u00e9": cty.number_int_val(1)})),
]


@pytest.mark.parametrize(("text", "ty", "want"), DECODE, ids=stable_id)
def test_decode(text: str, ty: cty.Type, want: cty.Value) -> None:
    got = json.unmarshal(text, ty)

    assert got == want


_TEXT_SLOTS = cty.Object({"s": cty.String, "l": cty.List(cty.String), "t": cty.Set(cty.String),
                          "m": cty.Map(cty.String), "o": cty.List(cty.Object({"s": cty.String}))})


@pytest.mark.parametrize("literal", ["1.5", "1e3", "-0", "7"])
def test_a_number_literal_in_a_string_slot_becomes_a_plain_str(literal: str) -> None:
    # number literals travel inside the decoder as a str subclass; none may reach a payload
    text = (f'{{"s": {literal}, "l": [{literal}], "t": [{literal}], "m": {{"k": {literal}}},'
            f' "o": [{{"s": {literal}}}, {{"s": {literal}}}]}}')
    got = json.unmarshal(text, _TEXT_SLOTS)

    strings = [got.get_attr("s"), *got.get_attr("l").as_value_slice(),
               *got.get_attr("t").as_value_slice(), *got.get_attr("m").as_value_map().values(),
               *(o.get_attr("s") for o in got.get_attr("o").as_value_slice())]
    assert [s.as_string() for s in strings] == [literal] * 6
    assert {type(s.as_string()) for s in strings} == {str}


def test_numbers_decode_at_512_bits() -> None:
    from cty import _number

    assert _number.precision(json.unmarshal("7", cty.Number)._v) == 512
    assert _number.precision(json.unmarshal("0.25", cty.Number)._v) == 512


# text, type, message, path
DECODE_BAD = [
    ("", cty.String, "EOF", ""),
    ("[1] x", cty.List(cty.Number), "extraneous data", ""),
    ("[1] x", LB, "bool is required", "[0]"),  # go-cty's reading order: the element first
    ("01", cty.Number, "extraneous data", ""),
    ("NaN", cty.Number, "invalid character .N.", ""),
    ('"\\ud800"', cty.String, "surrogate", ""),
    ("[true,", LB, "failed to read list value: EOF", "[1]"),  # nothing after the comma
    ("[tr", LB, "failed to read list value: unexpected EOF", "[0]"),  # a literal cut off
    ("[true", LB, "EOF", ""),
    ('"maybe"', B, "a bool is required", ""),
    ('"TRUE"', B, 'use lowercase "true"', ""),
    ("[1]", cty.String, "string is required", ""),
    ('"x"', cty.Number, "a number is required", ""),
    ("{}", cty.Number, "number is required", ""),
    ("1", LB, "missing expected \\[", ""),
    ("1", cty.Map(B), "missing expected {", ""),
    ('{"c":1}', cty.Object({"a": cty.Number}), 'unsupported attribute "c"', ""),
    ("[1,2,3]", cty.Tuple([cty.Number, cty.Number]), r"too many tuple elements \(need 2\)", ""),
    ('{"value":1}', cty.DynamicPseudoType, "missing type in dynamically-typed value", ""),
    ('{"type":"number"}', cty.DynamicPseudoType, "missing value in dynamically-typed value", ""),
    ('{"type":"number","value":1,"x":2}', cty.DynamicPseudoType, 'invalid key "x"', ""),
    ('{"type":"nope","value":1}', cty.DynamicPseudoType, "failed to decode type", ""),
    ('[{"type":"number","value":true}]', cty.List(cty.DynamicPseudoType),
     "number is required", "[0]"),
    ('{"a":[1,"x"]}', cty.Object({"a": cty.List(cty.Number)}), "a number is required",
     ".a[1]"),
    ('[{"type":"string","value":"x"},{"type":"number","value":1}]',
     cty.List(cty.DynamicPseudoType), "inconsistent list element types", ""),
    ('{"a": 1, "b": true}', cty.Object({"a": cty.Bool, "b": cty.Number}), "bool is required",
     ".a"),
    ('{"b": true, "a": 1}', cty.Object({"a": cty.Bool, "b": cty.Number}),
     "number is required", ".b"),
]


@pytest.mark.parametrize(("text", "ty", "message", "path"), DECODE_BAD, ids=stable_id)
def test_decode_errors(text: str, ty: cty.Type, message: str, path: str) -> None:
    with pytest.raises(DecodeError, match=message) as e:
        json.unmarshal(text, ty)

    assert e.value.path.format() == path


# go-cty's own words, as the Go json.Decoder it reads with gives them (checked against go-cty
# 1.18.1): (text, type, message, path); type None is implied_type
GO_WORDS = [
    ("1.", cty.Number, "unexpected EOF", ""),
    ("\ufeff\"x\"", cty.String, "invalid character 'ï' looking for beginning of value", ""),
    ("trux", B, "invalid character 'x' in literal true (expecting 'e')", ""),
    ('"\\x41"', cty.String, "invalid character 'x' in string escape code", ""),
    ("[1,]", cty.List(cty.Number),
     "failed to read list value: invalid character ']' looking for beginning of value", "[1]"),
    ("[1.5e, 2]", cty.List(cty.Number),
     "failed to read list value: invalid character ',' in exponent of numeric literal", "[0]"),
    ('{"a":1,}', cty.Object({"a": cty.Number}), "failed to read object key: invalid character "
     "'}' looking for beginning of object key string", ".a"),
    ('{"a":1 "b":2}', cty.Object({"a": cty.Number, "b": cty.Number}),
     "failed to read object key: invalid character '\"' after object key:value pair", ".a"),
    ('{"a":1,"b":tru}', cty.Map(cty.Number),
     "failed to read map value: invalid character '}' in literal true (expecting 'e')", '["b"]'),
    ("{1:2}", cty.Map(cty.Number), "failed to read map key: invalid character '1'",
     "[(not yet known)]"),  # (a key never read: unknown)
    ('"\u00e9\u0001"', cty.String, "invalid character '\\x01' in string literal", ""),
    ("{", cty.Tuple([cty.DynamicPseudoType]), "missing expected [", ""),
    ("[", None, "EOF", ""),
    ("1 2", None, "extraneous data after JSON object", ""),
    ('[1,{"a":[}]', None, "invalid character '}' looking for beginning of value", ""),
    ('{"a"}', None, "invalid character '}' after object key", ""),
    # a literal beyond Go's exponent range, in every kind of slot (checked against 1.18.1)
    ('{"a": 1e999999999999}', cty.Object({"a": cty.Number}), "a number is required", ".a"),
    ("[1e999999999999]", cty.List(cty.Number), "a number is required", "[0]"),
    ('{"k": -1e999999999999}', cty.Map(cty.Number), "a number is required", '["k"]'),
]


@pytest.mark.parametrize(("text", "ty", "message", "path"), GO_WORDS, ids=stable_id)
def test_errors_are_go_ctys_word_for_word(text: str, ty: cty.Type | None, message: str,
                                          path: str) -> None:
    with pytest.raises(DecodeError) as e:
        json.implied_type(text) if ty is None else json.unmarshal(text, ty)
    assert (e.value.message, e.value.path.format()) == (message, path)


def test_invalid_utf8_is_a_decode_error() -> None:
    with pytest.raises(DecodeError, match="UTF-8"):
        json.unmarshal(b'"\xff"', cty.String)


def test_invalid_utf8_is_reported_at_its_offset() -> None:
    with pytest.raises(DecodeError) as e:
        json.unmarshal(b'["ok", "\xff"]', cty.Tuple([cty.String, cty.String]))
    assert e.value.offset == 8
    assert "at byte 8" in str(e.value)


def test_encode_errors_have_paths() -> None:
    v = cty.object_val({"a": cty.list_val([cty.number_int_val(1), cty.PositiveInfinity])})
    with pytest.raises(EncodeError, match="cannot serialize infinity as JSON") as e:
        json.marshal(v, v.type())
    assert e.value.path == cty.Path().get_attr("a").index_int(1)

    with pytest.raises(EncodeError, match="value is not known") as e:
        json.marshal(cty.tuple_val([cty.unknown_val(cty.String)]), cty.Tuple([cty.String]))
    assert e.value.path == cty.Path().index_int(0)

    with pytest.raises(EncodeError, match="value has marks, so it cannot be serialized as JSON"):
        json.marshal(cty.string_val("x").mark("m"), cty.String)

    with pytest.raises(EncodeError, match="value is not known"):
        json.marshal(cty.DynamicVal, cty.DynamicPseudoType)

    inner = cty.list_val([cty.PositiveInfinity])
    with pytest.raises(EncodeError,
                       match=re.escape("failed to serialize value: cannot serialize infinity")):
        json.marshal(inner, cty.DynamicPseudoType)


def test_encoder_and_decoder_are_reusable() -> None:
    ty = cty.List(cty.Number)
    enc, dec = json.Encoder(ty), json.Decoder(ty)
    vals = [cty.list_val([cty.number_int_val(i)]) for i in range(3)]
    assert [dec.decode(enc.encode(v)) for v in vals] == vals


# go-cty's TestImpliedType and TestImpliedTypeErrors (cty/json/type_implied_test.go).
IMPLIED = [
    ("null", cty.DynamicPseudoType),
    ("1", cty.Number),
    ("1.2222222222222222222222222222222222", cty.Number),
    ("9" * 60, cty.Number),
    ('""', cty.String),
    ('"hello"', cty.String),
    ("true", B),
    ("false", B),
    ("{}", cty.EmptyObject),
    ('{"true": true}', cty.Object({"true": B})),
    ('{"true": true, "name": "Ermintrude", "null": null}',
     cty.Object({"true": B, "name": cty.String, "null": cty.DynamicPseudoType})),
    ("[]", cty.EmptyTuple),
    ("[true, 1.2, null]", cty.Tuple([B, cty.Number, cty.DynamicPseudoType])),
    ("[[true], [1.2], [null]]", cty.Tuple([cty.Tuple([B]), cty.Tuple([cty.Number]),
                                           cty.Tuple([cty.DynamicPseudoType])])),
    ('[{"true": true}, {"name": "Ermintrude"}, {"null": null}]',
     cty.Tuple([cty.Object({"true": B}), cty.Object({"name": cty.String}),
                cty.Object({"null": cty.DynamicPseudoType})])),
    ('{"a": "hello", "a": "world"}', cty.Object({"a": cty.String})),
]


@pytest.mark.parametrize(("text", "want"), IMPLIED, ids=stable_id)
def test_implied_type(text: str, want: cty.Type) -> None:
    assert json.implied_type(text) is want


@pytest.mark.parametrize(("text", "message"), [
    ('{"a": "hello", "a": true}', 'duplicate "a" property in JSON object'),
    ("{}boop", "extraneous data after JSON object"),
    ("[!]", "invalid character"),
    ("[}", "invalid character"),
    ("{true: null}", "invalid character 't'$"),  # go-cty gives no context here
])
def test_implied_type_errors(text: str, message: str) -> None:
    with pytest.raises(DecodeError, match=message):
        json.implied_type(text)


# go-cty's TestSimpleJSONValue (cty/json/simple_test.go): input, JSON, decoded.
SIMPLE = [
    (cty.number_int_val(5), "5", cty.number_int_val(5)),
    (cty.True_, "true", cty.True_),
    (cty.string_val("hello"), '"hello"', cty.string_val("hello")),
    (cty.tuple_val([cty.string_val("hello"), cty.True_]), '["hello",true]',
     cty.tuple_val([cty.string_val("hello"), cty.True_])),
    (cty.list_val([cty.False_, cty.True_]), "[false,true]",
     cty.tuple_val([cty.False_, cty.True_])),
    (cty.set_val([cty.False_, cty.True_]), "[false,true]",
     cty.tuple_val([cty.False_, cty.True_])),
    (cty.object_val({"true": cty.True_, "greet": cty.string_val("hello")}),
     '{"greet":"hello","true":true}',
     cty.object_val({"true": cty.True_, "greet": cty.string_val("hello")})),
    (cty.map_val({"true": cty.True_, "false": cty.False_}), '{"false":false,"true":true}',
     cty.object_val({"true": cty.True_, "false": cty.False_})),
    (cty.null_val(B), "null", cty.null_val(cty.DynamicPseudoType)),
]


@pytest.mark.parametrize(("value", "text", "want"), SIMPLE, ids=stable_id)
def test_simple_json_value(value: cty.Value, text: str, want: cty.Value) -> None:
    got = json.SimpleJSONValue(value).marshal_json()

    assert got.decode() == text
    assert json.SimpleJSONValue.unmarshal_json(got).value == want
    assert json.simple_json_unmarshal(json.simple_json_marshal(value)) == want


def test_an_attribute_name_in_another_normal_form_is_unsupported_as_in_go_cty() -> None:
    ty = cty.Object({"\u00e9": cty.Number, "n": cty.Object({"\u00e9": cty.Bool})})
    assert json.unmarshal('{"\u00e9": 1}', ty) == cty.object_val({
        "\u00e9": cty.number_int_val(1), "n": cty.null_val(ty.attribute_type("n"))})

    with pytest.raises(DecodeError, match='unsupported attribute "e\u0301"') as e:
        json.unmarshal('{"\u00e9": 1, "n": {"e\u0301": true}}', ty)

    assert e.value.path == cty.Path([cty.GetAttrStep("n")])
