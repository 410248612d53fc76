"""A key that comes twice in one object or map: go-cty decodes every entry, in the order
written, and keeps the last. An earlier entry that does not fit is an error even though a
later one replaces it; msgspec, which the decoders read with, drops earlier entries unseen.

The expected answers are go-cty 1.18.1's (asked through ../shared/oracle's ctyoracle):
the error and its path, or the value."""

from __future__ import annotations

import pytest

import cty
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack
from tests._ids import stable_id

NFC_E = "\u00e9"       # é, composed
NFD_E = "e\u0301"      # é, decomposed: the same key once normalised

OBJ_A_BOOL = cty.Object({"a": cty.Bool})

# JSON text, type, and go-cty's answer: (path text, error) or the value
JSON_CASES: list[tuple[str, cty.Type, tuple[str, str] | cty.Value]] = [
    ('{"a":"x","a":true}', OBJ_A_BOOL, (".a", "a bool is required")),
    ('{"a":true,"a":"x"}', OBJ_A_BOOL, (".a", "a bool is required")),
    ('{"a":"x","a":true}', cty.Map(cty.Bool), ('["a"]', "a bool is required")),
    ('{"a":[1,{}],"a":[]}', cty.Object({"a": cty.List(cty.String)}),
     (".a[1]", "string is required")),
    ('{"a":true,"b":"x","a":false}', cty.Map(cty.Bool), ('["b"]', "a bool is required")),
    ('{"value":{"a":1,"a":"x"},"type":["object",{"a":"number"}]}', cty.DynamicPseudoType,
     (".a", "a number is required")),
    ('{"a":true,"a":false}', cty.Map(cty.Bool), cty.map_val({"a": cty.False_})),
    ('[{"a":1.5,"a":2.5}]', cty.List(cty.Map(cty.Number)),
     cty.list_val([cty.map_val({"a": cty.parse_number_val("2.5")})])),
    ('{"a":"1:2","b":"3"}', cty.Map(cty.String),  # (colons in strings are no entries)
     cty.map_val({"a": cty.string_val("1:2"), "b": cty.string_val("3")})),
    # keys equal once normalised: a map holds one, and reads both
    (f'{{"{NFC_E}":true,"{NFD_E}":"b"}}', cty.Map(cty.String),
     cty.map_val({NFC_E: cty.string_val("b")})),
    (f'{{"{NFC_E}":{{}},"{NFD_E}":"b"}}', cty.Map(cty.String),
     (f'["{NFC_E}"]', "string is required")),
    (f'{{"{NFC_E}":{{}},"{NFD_E}":"b"}}', cty.Map(cty.DynamicPseudoType),
     (f'["{NFC_E}"]', "missing type in dynamically-typed value")),
]


@pytest.mark.parametrize(("text", "ty", "want"), JSON_CASES, ids=stable_id)
def test_json_reads_every_entry_of_a_repeated_key(text: str, ty: cty.Type,
                                                  want: tuple[str, str] | cty.Value) -> None:
    if isinstance(want, cty.Value):
        assert cty_json.unmarshal(text.encode(), ty).raw_equals(want)
        return
    with pytest.raises(cty_json.DecodeError) as caught:
        cty_json.unmarshal(text.encode(), ty)
    assert (caught.value.path.format(), caught.value.message) == want


# msgpack (hex), type, and go-cty's answer
MSGPACK_CASES: list[tuple[str, cty.Type, tuple[str, str] | cty.Value]] = [
    # {"é" (composed): true, "é" (decomposed): "b"}
    ("82a2c3a9c3a365cc81a162", cty.Map(cty.String), (f'["{NFC_E}"]', "string is required")),
    # {"é": NaN, "é": 1}: go-cty panics on the NaN; a NaN is no number here (see divergences)
    ("82a2c3a9cb7ff8000000000000a365cc8101", cty.Map(cty.String),
     (f'["{NFC_E}"]', "string is required")),
    ("82a2c3a9cb7ff8000000000000a365cc8101", cty.Map(cty.Number),
     (f'["{NFC_E}"]', "number is required (NaN is not a number)")),
    # {"é": "x", "é": "b"}: both fit, the last is kept
    ("82a2c3a9a178a365cc81a162", cty.Map(cty.String),
     cty.map_val({NFC_E: cty.string_val("b")})),
    ("82a2c3a9c3a365cc81a162", cty.Map(cty.DynamicPseudoType),
     (f'["{NFC_E}"]', "msgpack: invalid code=c3 decoding array length")),
]


@pytest.mark.parametrize(("hex_data", "ty", "want"), MSGPACK_CASES, ids=stable_id)
def test_msgpack_reads_every_entry_of_keys_equal_once_normalised(
        hex_data: str, ty: cty.Type, want: tuple[str, str] | cty.Value) -> None:
    data = bytes.fromhex(hex_data)
    if isinstance(want, cty.Value):
        assert cty_msgpack.unmarshal(data, ty).raw_equals(want)
        return
    with pytest.raises(cty_json.DecodeError) as caught:
        cty_msgpack.unmarshal(data, ty)
    assert (caught.value.path.format(), caught.value.message) == want


TYPE_CASES: list[tuple[str, str | cty.Type]] = [
    ('["object",{"a":"bogus","a":"string"}]', 'invalid primitive type name "bogus"'),
    ('["object",{"a":"string","a":"bogus"}]', 'invalid primitive type name "bogus"'),
    ('["object",{"a":"bogus","b":1, "a":"string"}]', 'invalid primitive type name "bogus"'),
    ('["object",{"a":"number","a":"string"}]', cty.Object({"a": cty.String})),
    ('["object",{"a":"number","b":"bool", "a":"string"},["a","a"]]',
     cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Bool}, ["a"])),
]


@pytest.mark.parametrize(("text", "want"), TYPE_CASES, ids=stable_id)
def test_type_json_reads_every_entry_of_a_repeated_name(text: str, want: str | cty.Type) -> None:
    if isinstance(want, cty.Type):
        assert cty.type_from_json(text) == want
        return
    with pytest.raises(cty.TypeJSONError) as caught:
        cty.type_from_json(text)
    assert str(caught.value) == want
