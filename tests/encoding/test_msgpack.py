"""cty.encoding.msgpack: go-cty's msgpack tests (round trips, implied types), byte-exact
encodings, refinements, and the strict decoding rules."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

import cty
from cty.convert import convert
from cty.encoding import DecodeError, EncodeError, msgpack
from tests._ids import stable_id


def refined(ty: cty.Type, *, null: bool | None = None, prefix: str | None = None,
            min: Any = None, min_inclusive: bool = False, max: Any = None,
            max_inclusive: bool = False, length_min: int | None = None,
            length_max: int | None = None) -> cty.Value:
    """Return an unknown of *ty* refined with the public builder, the way go-cty's tests
    build theirs (StringPrefixFull for a prefix, so that it is kept whole)."""
    b = cty.unknown_val(ty).refine()
    if null is False:
        b.not_null()
    if prefix is not None:
        b.string_prefix_full(prefix)
    if min is not None:
        b.number_range_lower_bound(min if isinstance(min, cty.Value) else cty.number_val(min),
                                   min_inclusive)
    if max is not None:
        b.number_range_upper_bound(max if isinstance(max, cty.Value) else cty.number_val(max),
                                   max_inclusive)
    if length_min is not None:
        b.collection_length_lower_bound(length_min)
    if length_max is not None:
        b.collection_length_upper_bound(length_max)
    return b.new_value()


def num(text: str) -> Any:
    return cty.parse_number_val(text)._v


BIG = cty.parse_number_val("9" * 100)
LS = cty.List(cty.String)

# go-cty's TestRoundTrip (cty/msgpack/roundtrip_test.go): value, type.
ROUND_TRIP = [
    (cty.string_val("hello"), cty.String),
    (cty.string_val(""), cty.String),
    (cty.null_val(cty.String), cty.String),
    (cty.unknown_val(cty.String), cty.String),
    (cty.unknown_val(cty.String).refine_not_null(), cty.String),
    (refined(cty.String, prefix="foo-"), cty.String),
    (refined(cty.String, null=False, prefix="foo-"), cty.String),
    (cty.True_, cty.Bool),
    (cty.False_, cty.Bool),
    (cty.null_val(cty.Bool), cty.Bool),
    (cty.unknown_val(cty.Bool), cty.Bool),
    (cty.unknown_val(cty.Bool).refine_not_null(), cty.Bool),
    (cty.number_int_val(1), cty.Number),
    (cty.number_float_val(1.5), cty.Number),
    (BIG, cty.Number),
    (cty.parse_number_val("9223372036854775807"), cty.Number),
    (cty.parse_number_val("9223372036854775808"), cty.Number),
    (cty.parse_number_val("9223372036854775809"), cty.Number),
    (cty.parse_number_val("18446744073709551616"), cty.Number),
    (cty.parse_number_val("0.8"), cty.Number),
    (cty.PositiveInfinity, cty.Number),
    (cty.NegativeInfinity, cty.Number),
    (cty.unknown_val(cty.Number), cty.Number),
    (cty.unknown_val(cty.Number).refine_not_null(), cty.Number),
    (refined(cty.Number, min=cty.Zero, min_inclusive=True), cty.Number),
    (refined(cty.Number, min=cty.Zero, min_inclusive=False), cty.Number),
    (refined(cty.Number, max=cty.Zero, max_inclusive=True), cty.Number),
    (refined(cty.Number, max=cty.Zero, max_inclusive=False), cty.Number),
    (refined(cty.Number, min=cty.Zero, min_inclusive=True, max=1, max_inclusive=True),
     cty.Number),
    (cty.list_val([cty.string_val("hello")]), LS),
    (cty.list_val([cty.unknown_val(cty.String)]), LS),
    (cty.list_val([cty.null_val(cty.String)]), LS),
    (cty.null_val(LS), LS),
    (cty.list_val_empty(cty.String), LS),
    (cty.unknown_val(LS), LS),
    (cty.unknown_val(LS).refine_not_null(), LS),
    (refined(LS, length_min=1), LS),
    (refined(LS, length_max=1), LS),
    (refined(LS, length_min=1, length_max=2), LS),
    (refined(LS, null=False, length_max=1), LS),
    (cty.set_val([cty.string_val("hello")]), cty.Set(cty.String)),
    (cty.set_val([cty.unknown_val(cty.String)]), cty.Set(cty.String)),
    (cty.set_val([cty.null_val(cty.String)]), cty.Set(cty.String)),
    (cty.set_val_empty(cty.String), cty.Set(cty.String)),
    (cty.map_val({"greeting": cty.string_val("hello")}), cty.Map(cty.String)),
    (cty.map_val({"greeting": cty.unknown_val(cty.String)}), cty.Map(cty.String)),
    (cty.map_val({"greeting": cty.null_val(cty.String)}), cty.Map(cty.String)),
    (cty.map_val_empty(cty.String), cty.Map(cty.String)),
    (cty.tuple_val([cty.string_val("hello")]), cty.Tuple([cty.String])),
    (cty.tuple_val([cty.unknown_val(cty.String)]), cty.Tuple([cty.String])),
    (cty.tuple_val([cty.null_val(cty.String)]), cty.Tuple([cty.String])),
    (cty.EmptyTupleVal, cty.EmptyTuple),
    (cty.object_val({"greeting": cty.string_val("hello")}), cty.Object({"greeting": cty.String})),
    (cty.object_val({"greeting": cty.unknown_val(cty.String)}),
     cty.Object({"greeting": cty.String})),
    (cty.object_val({"greeting": cty.null_val(cty.String)}),
     cty.Object({"greeting": cty.String})),
    (cty.object_val({"a": cty.null_val(cty.String), "b": cty.null_val(cty.String)}),
     cty.Object({"a": cty.String, "b": cty.String})),
    (cty.object_val({"a": cty.unknown_val(cty.String), "b": cty.unknown_val(cty.String)}),
     cty.Object({"a": cty.String, "b": cty.String})),
    (cty.EmptyObjectVal, cty.EmptyObject),
    (cty.null_val(cty.String), cty.DynamicPseudoType),
    (cty.DynamicVal, cty.DynamicPseudoType),
    (cty.list_val([cty.string_val("hello")]), cty.List(cty.DynamicPseudoType)),
    (cty.list_val([cty.null_val(cty.String)]), cty.List(cty.DynamicPseudoType)),
    (cty.list_val([cty.DynamicVal]), cty.List(cty.DynamicPseudoType)),
]


@pytest.mark.parametrize(("value", "ty"), ROUND_TRIP, ids=stable_id)
def test_round_trip(value: cty.Value, ty: cty.Type) -> None:
    got = msgpack.unmarshal(msgpack.marshal(value, ty), ty)

    assert got == value


def test_length_refinement_collapses_to_known_list() -> None:
    # go-cty: a list refined to exactly two elements decodes as a known list of unknowns,
    # once it is known not to be null
    v = refined(LS, null=False, length_min=2, length_max=2)

    got = msgpack.unmarshal(msgpack.marshal(v, LS), LS)

    assert got == cty.list_val([cty.unknown_val(cty.String)] * 2)


def test_a_refinement_that_says_nothing_comes_back_as_a_plain_unknown() -> None:
    # go-cty writes an unknown whose refinement says nothing as the plain unknown's extension
    for ty in (cty.String, cty.Number, LS):
        v = cty.unknown_val(ty).refine().new_value()
        assert v != cty.unknown_val(ty)  # raw equality sees the empty refinement

        data = msgpack.marshal(v, ty)

        assert data == b"\xd4\x00\x00"
        assert msgpack.unmarshal(data, ty) == cty.unknown_val(ty)


def test_negative_zero_is_written_as_the_integer_zero() -> None:
    # as in go-cty (checked with the go-cty 1.18.1 oracle): so a set of both zeros comes
    # back with one
    s = cty.set_val([cty.parse_number_val("-0"), cty.number_int_val(0)])
    assert s.length_int() == 2
    data = msgpack.marshal(s, cty.Set(cty.Number))
    assert data.hex() == "920000"
    assert msgpack.unmarshal(data, cty.Set(cty.Number)) == cty.set_val([cty.number_int_val(0)])


def test_a_refinement_longer_than_1024_bytes_is_written_but_not_read() -> None:
    # marshal writes a bound as its decimal text, however long (go-cty does too, and takes
    # minutes over this one), and unmarshal refuses a refinement of more than 1024 bytes, as
    # go-cty's does
    v = refined(cty.Number, max=cty.parse_number_val("1e-400000"))
    data = msgpack.marshal(v, cty.Number)
    assert len(data) > 400_000
    with pytest.raises(DecodeError, match="oversize unknown value refinement"):
        msgpack.unmarshal(data, cty.Number)


# go-cty's TestRoundTrip_fromString: string -> type -> msgpack -> type -> string is the identity.
FROM_STRING = [
    ("0", cty.Number), ("1", cty.Number), ("-1", cty.Number),
    ("9223372036854775807", cty.Number), ("9223372036854775808", cty.Number),
    ("9223372036854775809", cty.Number), ("18446744073709551616", cty.Number),
    ("-9223372036854775807", cty.Number), ("-9223372036854775808", cty.Number),
    ("-9223372036854775809", cty.Number), ("-18446744073709551616", cty.Number),
    ("true", cty.Bool), ("false", cty.Bool),
]


@pytest.mark.parametrize(("text", "ty"), FROM_STRING, ids=stable_id)
def test_round_trip_from_string(text: str, ty: cty.Type) -> None:
    original = convert(cty.string_val(text), ty)

    got = msgpack.unmarshal(msgpack.marshal(original, ty), ty)

    assert got == original
    assert convert(got, cty.String) == cty.string_val(text)


# go-cty's TestRoundTrip_truncatesStringPrefixRefinement: a prefix over 256 bytes is cut.
PREFIXES = [
    ("a" * 1024, "a" * 254),
    ("c" * 255 + "-", "c" * 255 + "-"),
    ("d" * 255 + "\U0001f937\U0001f937", "d" * 254),
]


@pytest.mark.parametrize(("prefix", "want"), PREFIXES, ids=lambda s: f"{s[:3]}..x{len(s)}")
def test_long_string_prefix_is_truncated(prefix: str, want: str) -> None:
    v = refined(cty.String, null=False, prefix=prefix)

    got = msgpack.unmarshal(msgpack.marshal(v, cty.String), cty.String)

    assert got == refined(cty.String, null=False, prefix=want)


# Byte-exact encodings (inventory section 17): value, type, hex.
ENCODINGS = [
    (cty.number_int_val(0), cty.Number, "00"),
    (cty.number_int_val(127), cty.Number, "7f"),
    (cty.number_int_val(128), cty.Number, "cc80"),
    (cty.number_int_val(65535), cty.Number, "cdffff"),
    (cty.number_int_val(65536), cty.Number, "ce00010000"),
    (cty.number_int_val(2**32), cty.Number, "cf0000000100000000"),
    (cty.number_int_val(-1), cty.Number, "ff"),
    (cty.number_int_val(-33), cty.Number, "d0df"),
    (cty.number_int_val(-129), cty.Number, "d1ff7f"),
    (cty.number_int_val(-(2**31) - 1), cty.Number, "d3ffffffff7fffffff"),
    # the int64 range's ends are integers; one past either is written as its digits
    (cty.number_int_val(-(2**63)), cty.Number, "d38000000000000000"),
    (cty.parse_number_val("-9223372036854775809"), cty.Number,
     "b4" + b"-9223372036854775809".hex()),
    (cty.number_int_val(2**63 - 1), cty.Number, "cf7fffffffffffffff"),
    (cty.parse_number_val("-0"), cty.Number, "00"),
    (cty.number_float_val(0.5), cty.Number, "cb3fe0000000000000"),
    (cty.number_float_val(5.0), cty.Number, "05"),
    (cty.parse_number_val("0.5"), cty.Number, "cb3fe0000000000000"),
    (cty.parse_number_val("0.8"), cty.Number, "a3302e38"),
    (cty.number_float_val(0.8), cty.Number, "cb3fe999999999999a"),
    (cty.parse_number_val("9223372036854775808"), cty.Number,
     "b3" + b"9223372036854775808".hex()),
    # a whole number beyond int64 as Text('f', -1): for the float64 2**64 the shortest digits
    # at precision 53, which read back (at 512 bits) as another number, as go-cty's do
    (cty.number_float_val(2.0**64), cty.Number, "b4" + b"18446744073709550000".hex()),
    (cty.number_float_val(1e23), cty.Number, "b8" + b"100000000000000000000000".hex()),
    (cty.PositiveInfinity, cty.Number, "cb7ff0000000000000"),
    (cty.NegativeInfinity, cty.Number, "cbfff0000000000000"),
    (cty.parse_number_val("inf"), cty.Number, "cb7ff0000000000000"),
    (cty.string_val("y" * 31), cty.String, "bf" + "79" * 31),
    (cty.string_val("y" * 32), cty.String, "d920" + "79" * 32),
    (cty.string_val("y" * 256), cty.String, "da0100" + "79" * 256),
    (cty.string_val("hi"), cty.DynamicPseudoType, "92c40822737472696e6722a26869"),
    (cty.null_val(cty.String), cty.DynamicPseudoType, "92c40822737472696e6722c0"),
    (cty.unknown_val(cty.String), cty.DynamicPseudoType, "92c40822737472696e6722d40000"),
    (cty.null_val(cty.DynamicPseudoType), cty.DynamicPseudoType, "c0"),
    (cty.DynamicVal, cty.DynamicPseudoType, "d40000"),
    (cty.unknown_val(cty.String), cty.String, "d40000"),
    (cty.unknown_val(cty.String).refine_not_null(), cty.String, "c7030c8101c2"),
    (refined(cty.String, null=False, prefix="foo-"), cty.String, "c7090c8201c202a4666f6f2d"),
    (refined(cty.Number, min=0, min_inclusive=True), cty.Number, "c7050c81039200c3"),
    (refined(LS, length_max=200), LS, "d60c8106ccc8"),
    (refined(cty.String), cty.String, "d40000"),
    (cty.set_val([cty.string_val("b"), cty.string_val("a"), cty.unknown_val(cty.String)]),
     cty.Set(cty.String), "93a161a162d40000"),
    (cty.set_val([cty.number_int_val(10), cty.number_int_val(-1), cty.number_int_val(2)]),
     cty.Set(cty.Number), "93ff020a"),
    (cty.map_val({"b": cty.True_, "a": cty.False_}), cty.Map(cty.Bool), "82a161c2a162c3"),
    (cty.object_val({"name": cty.string_val("web"), "port": cty.number_int_val(80)}),
     cty.Object({"name": cty.String, "port": cty.Number}), "82a46e616d65a3776562a4706f727450"),
    (cty.tuple_val([cty.True_, cty.number_int_val(5)]), cty.Tuple([cty.Bool, cty.Number]),
     "92c305"),
]


@pytest.mark.parametrize(("value", "ty", "want"), ENCODINGS, ids=stable_id)
def test_encoding_is_go_ctys(value: cty.Value, ty: cty.Type, want: str) -> None:
    assert msgpack.marshal(value, ty).hex() == want


def test_encoder_and_decoder_are_reusable() -> None:
    ty = cty.Map(cty.Number)
    enc, dec = msgpack.Encoder(ty), msgpack.Decoder(ty)
    values = [cty.map_val({"a": cty.number_int_val(i)}) for i in range(3)]

    assert [dec.decode(enc.encode(v)) for v in values] == values
    assert enc.type is ty and dec.type is ty


def test_marshal_converts_a_non_conforming_value() -> None:
    assert msgpack.marshal(cty.string_val("12"), cty.Number).hex() == "0c"


# --- errors --------------------------------------------------------------------------------


def test_marks_are_refused_with_their_path() -> None:
    v = cty.object_val({"a": cty.list_val([cty.string_val("x"), cty.string_val("y").mark("s")])})

    with pytest.raises(EncodeError, match="value has marks, so it cannot be serialized") as e:
        msgpack.marshal(v, v.type())

    assert e.value.path == cty.Path().get_attr("a").index_int(1)


def test_top_level_marks_are_refused() -> None:
    with pytest.raises(EncodeError, match="value has marks"):
        msgpack.marshal(cty.string_val("x").mark("s"), cty.String)


def test_capsules_are_refused() -> None:
    ty = cty.Capsule("thing", object)
    with pytest.raises(EncodeError, match="capsule types not supported for msgpack encoding"):
        msgpack.marshal(cty.capsule_val(ty, object()), ty)
    assert msgpack.marshal(cty.null_val(ty), ty) == b"\xc0"


# Malformed input: hex, type, message pattern, path (as a formatted string), offset or None.
BAD = [
    ("", cty.String, "EOF", "", 0),
    ("92a161", LS, "EOF", "[1]", None),
    ("a3616263c0", cty.String, "extra bytes", "", 4),
    ("d50100ff", cty.Bool, r"unsupported extension type 0x01 with len 2", "", None),
    ("d400", cty.Number, "EOF", "", None),
    ("c9ffffffff00", cty.Number, "unsupported extension type 0x00 with len 4294967295", "",
     None),
    ("c7ff0c" + "81" * 10, cty.String, "EOF", "", None),
    ("a2c328", cty.String, "UTF-8", "", None),
    ("91c402c328", LS, "UTF-8", "[0]", None),
    ("cb7ff8000000000000", cty.Number, "NaN", "", None),
    ("a3616263", cty.Number, "number is required", "", None),
    ("c3", cty.String, "string is required", "", None),
    ("01", cty.Bool, "bool is required", "", None),
    ("a161", LS, "a list is required", "", None),
    ("80", cty.Object({"a": cty.Number}), r"an object with 1 attributes is required \(0 given\)",
     "", None),
    ("90", cty.Tuple([cty.Number]), "a tuple of length 1 is required", "", None),
    # go-cty carries on after a bad map key, reading the value under the key ""
    ("810102", cty.Map(cty.Number), "map keys must be strings", '[""]', None),
    ("82a16101a16102", cty.Object({"a": cty.Number, "b": cty.Number}), "more than once", "",
     None),
    ("81a162c3", cty.Object({"a": cty.Bool}), "unsupported attribute", '["b"]', None),
    ("9292c40822737472696e6722a17892c408226e756d6265722201", cty.List(cty.DynamicPseudoType),
     "inconsistent list element types", "", None),
    ("ddffffffff", cty.List(cty.Number), "EOF", "[0]", None),
    ("dfffffffff", cty.Map(cty.Number), "EOF", '[""]', None),
    ("92c404226e6f22c0", cty.DynamicPseudoType, "invalid primitive type name", "", None),
    ("91", cty.DynamicPseudoType, "exactly two elements", "", None),
    ("c1", cty.String, "string is required", "", 0),
]


@pytest.mark.parametrize(("hexdata", "ty", "message", "path", "offset"), BAD, ids=stable_id)
def test_malformed_input_is_a_decode_error(hexdata: str, ty: cty.Type, message: str,
                                           path: str, offset: int | None) -> None:
    with pytest.raises(DecodeError, match=message) as e:
        msgpack.unmarshal(bytes.fromhex(hexdata), ty)

    assert e.value.path.format() == path
    if offset is not None:
        assert e.value.offset == offset


def test_an_attribute_name_in_another_normal_form_is_unsupported_as_in_go_cty() -> None:
    ty = cty.Object({"\u00e9": cty.Number})
    assert msgpack.unmarshal(bytes.fromhex("81a2c3a901"), ty) == \
        cty.object_val({"\u00e9": cty.number_int_val(1)})

    with pytest.raises(DecodeError, match="unsupported attribute") as e:
        msgpack.unmarshal(bytes.fromhex("81a365cc8101"), ty)  # "e" + U+0301

    assert e.value.path == cty.Path([cty.IndexStep(cty.string_val("\u00e9"))])


def test_map_repeating_a_key_keeps_the_last_but_checks_every_entry() -> None:
    ty = cty.Map(cty.Number)
    assert msgpack.unmarshal(bytes.fromhex("82a16101a16102"), ty) == \
        cty.map_val({"a": cty.number_int_val(2)})
    with pytest.raises(DecodeError, match="number is required"):
        msgpack.unmarshal(bytes.fromhex("82a161c3a16102"), ty)


def test_short_extensions_of_any_code_are_unknowns() -> None:
    for data in ("d40500", "c7000c", "c70105ff", "c701ff00"):
        assert msgpack.unmarshal(bytes.fromhex(data), cty.Number) == cty.unknown_val(cty.Number)


def test_timestamp_extension_is_refused() -> None:
    # go-cty prints the code as a signed byte, in hexadecimal: -1 is "0x-1"
    with pytest.raises(DecodeError, match="unsupported extension type 0x-1 with len 4"):
        msgpack.unmarshal(bytes.fromhex("d6ff00000001"), cty.String)


REFINEMENT_BAD = [
    ({2: "x"}, cty.Number, "string prefix refinement for non-string type"),
    ({3: [0, True]}, cty.String, "numeric bound refinement for non-number type"),
    ({5: 1}, cty.String, "length lower bound refinement for non-collection type"),
    ({3: [1, True], 4: [0, True]}, cty.Number, "lower bound 1 is greater than upper bound 0"),
    ({5: 3, 6: 2}, LS, "upper bound 2 is less than lower bound 3"),
    ({1: "x"}, cty.Bool, "null refinement is not boolean"),
    ({3: [0]}, cty.Number, "must be [number, bool] array"),
    ({3: ["zero", True]}, cty.Number, "must be [number, bool] array"),
    ({"a": 1}, cty.Number, "non-integer key in map"),
    # go-cty does not read the value of a key it does not know, so that value is the next key
    ({7: [1, 2], 1: False}, cty.String, "non-integer key in map"),
]


def _ext12(entries: Any) -> str:
    return msgspec.msgpack.encode(
        msgspec.msgpack.Ext(12, msgspec.msgpack.encode(entries))).hex()


@pytest.mark.parametrize(("entries", "ty", "message"), REFINEMENT_BAD, ids=stable_id)
def test_bad_refinements_are_decode_errors(entries: Any, ty: cty.Type, message: str) -> None:
    with pytest.raises(DecodeError, match=re.escape(message)):
        msgpack.unmarshal(bytes.fromhex(_ext12(entries)), ty)


def test_refinement_body_must_be_a_map() -> None:
    with pytest.raises(DecodeError, match="not a map"):
        msgpack.unmarshal(bytes.fromhex("d50c0102"), cty.Bool)


def ext12(entries: dict[int, Any]) -> bytes:
    """Return the msgpack of an unknown value with the refinement map *entries*."""
    return msgspec.msgpack.encode(msgspec.msgpack.Ext(12, msgspec.msgpack.encode(entries)))


PINNED = [
    # not null and 3 <= n <= 3: the number 3
    ({1: False, 3: [3, True], 4: [3, True]}, cty.Number, cty.number_int_val(3)),
    # definitely null: the null
    ({1: True}, cty.String, cty.null_val(cty.String)),
    # not null and of length 0: empty collections
    ({1: False, 5: 0, 6: 0}, cty.Set(cty.Bool), cty.set_val_empty(cty.Bool)),
    ({1: False, 6: 0}, cty.Map(cty.Bool), cty.map_val_empty(cty.Bool)),
    # not null, a set of exactly one element: a known set holding one unknown
    ({1: False, 5: 1, 6: 1}, cty.Set(cty.Bool), cty.set_val([cty.unknown_val(cty.Bool)])),
    # without "not null" nothing collapses
    ({3: [3, True], 4: [3, True]}, cty.Number,
     refined(cty.Number, min=3, min_inclusive=True, max=3, max_inclusive=True)),
    # refinements of dynamic values are ignored
    ({1: False}, cty.DynamicPseudoType, cty.DynamicVal),
    # go-cty does not read the value of a key it does not know: last, it is harmless
    ({1: False, 7: 3}, cty.String, cty.unknown_val(cty.String).refine_not_null()),
]


@pytest.mark.parametrize(("entries", "ty", "want"), PINNED, ids=stable_id)
def test_refinements_decode_as_go_cty_builds_them(entries: dict[int, Any], ty: cty.Type,
                                                   want: cty.Value) -> None:
    assert msgpack.unmarshal(ext12(entries), ty) == want


def test_trailing_bytes_after_a_refinement_map_are_ignored() -> None:
    data = msgspec.msgpack.encode(msgspec.msgpack.Ext(12, bytes.fromhex("8101c2ffff")))
    assert msgpack.unmarshal(data, cty.String) == cty.unknown_val(cty.String).refine_not_null()


def test_oversized_refinement_is_refused() -> None:
    data = msgspec.msgpack.encode(msgspec.msgpack.Ext(12, b"\x80" * 1025))
    with pytest.raises(DecodeError, match="oversize unknown value refinement"):
        msgpack.unmarshal(data, cty.String)


def test_declared_huge_lengths_fail_fast() -> None:
    for data in ("ddffffffff01", "dfffffffffa161", "c6ffffffff", "dbffffffff61"):
        with pytest.raises(DecodeError):
            msgpack.unmarshal(bytes.fromhex(data), cty.List(cty.Number))


def test_deep_nesting_is_a_decode_error() -> None:
    ty: cty.Type = cty.DynamicPseudoType
    data = b"\x91" * 100_000
    with pytest.raises(DecodeError):
        msgpack.unmarshal(data, cty.List(ty))


def test_non_bytes_input_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        msgpack.unmarshal("c0", cty.String)  # type: ignore[arg-type]


# --- implied types (go-cty's TestImpliedType) --------------------------------------------------

IMPLIED = [
    ("c0", cty.DynamicPseudoType),
    ("01", cty.Number), ("ff", cty.Number), ("cc04", cty.Number), ("cd0004", cty.Number),
    ("ce00040201", cty.Number), ("cf0004020100040201", cty.Number), ("d004", cty.Number),
    ("d10004", cty.Number), ("d200040201", cty.Number), ("d30004020100040201", cty.Number),
    ("ca01010101", cty.Number), ("cb0101010101010101", cty.Number),
    ("c2", cty.Bool), ("c3", cty.Bool),
    ("a0", cty.String), ("a161", cty.String), ("d90161", cty.String), ("da000161", cty.String),
    ("db0000000161", cty.String),
    ("90", cty.EmptyTuple), ("dc0000", cty.EmptyTuple), ("dd00000000", cty.EmptyTuple),
    ("9101", cty.Tuple([cty.Number])),
    ("92c0a161", cty.Tuple([cty.DynamicPseudoType, cty.String])),
    ("80", cty.EmptyObject), ("de0000", cty.EmptyObject), ("df00000000", cty.EmptyObject),
    ("81a16101", cty.Object({"a": cty.Number})),
    ("82a16101a161a178", cty.Object({"a": cty.String})),
    ("81a16191c3", cty.Object({"a": cty.Tuple([cty.Bool])})),
    ("d40000", cty.DynamicPseudoType),
    ("c7030c8101c2", cty.DynamicPseudoType),
]


@pytest.mark.parametrize(("hexdata", "want"), IMPLIED, ids=stable_id)
def test_implied_type(hexdata: str, want: cty.Type) -> None:
    assert msgpack.implied_type(bytes.fromhex(hexdata)) is want


@pytest.mark.parametrize(("hexdata", "message"), [
    ("c40161", "unsupported msgpack code 0xc4"),
    ("c0c0", "extra bytes"),
    ("", "EOF"),
    ("810101", "msgpack: invalid code=1 decoding string/bytes length"),
])
def test_implied_type_errors(hexdata: str, message: str) -> None:
    with pytest.raises(DecodeError, match=message):
        msgpack.implied_type(bytes.fromhex(hexdata))


# go-cty's own words for malformed msgpack, including those it passes on from the Go msgpack
# library: "EOF" where nothing is left, "unexpected EOF" where a value is cut off inside
GO_WORDS = [
    ("", cty.String, "EOF"),
    ("a5616263", cty.String, "string is required"),
    ("cb3ff0", cty.Number, "number is required"),
    ("dd0000", LS, "a list is required"),
    ("de00", cty.Object({}), "an object is required"),
    ("c3", cty.DynamicPseudoType, "msgpack: invalid code=c3 decoding array length"),
    ("920101", cty.DynamicPseudoType, "msgpack: invalid code=1 decoding string/bytes length"),
    ("92c0c0", cty.DynamicPseudoType, "EOF"),
    ("d4", LS, "extension code is required for unknown value"),
    ("d400", cty.Number, "failed to read msgpack extension body: EOF"),
    ("9201", None, "EOF"),
    ("cf8000000000", None, "unexpected EOF"),
    ("0102", None, "extra bytes after msgpack value"),
    ("c1", None, "unsupported msgpack code 0xc1"),
]


@pytest.mark.parametrize(("hexdata", "ty", "message"), GO_WORDS, ids=stable_id)
def test_errors_are_go_ctys_word_for_word(hexdata: str, ty: cty.Type | None,
                                          message: str) -> None:
    """Decoding with a type is unmarshal; without one (None) it is implied_type."""
    data = bytes.fromhex(hexdata)
    with pytest.raises(DecodeError) as e:
        msgpack.implied_type(data) if ty is None else msgpack.unmarshal(data, ty)
    assert e.value.message == message


def test_implied_type_of_nfc_equal_keys_keeps_the_last() -> None:
    got = msgpack.implied_type(bytes.fromhex("82a2c38501a4e284ab80"[:8] + "01a3e284abc3"))
    assert got == cty.Object({"\u00c5": cty.Bool})
