"""Value constructors: go-cty's value_init_test.go, carried over, and constructor rules."""

from __future__ import annotations

from typing import Any

import pytest

import cty
from tests._ids import stable_id


def test_set_val() -> None:
    # go-cty's TestSetVal: element marks move onto the set
    plain = cty.set_val([cty.True_])
    marked = cty.set_val([cty.True_]).mark(1)
    deep_marked = cty.set_val([cty.True_.mark(2), cty.True_.mark(3)])
    assert plain != marked
    assert marked != deep_marked
    assert marked.marks() == cty.new_value_marks(1)
    # both marks stay, although both marked the one element the set holds
    assert deep_marked.marks() == cty.new_value_marks(2, 3)
    assert deep_marked.unmark()[0] == cty.set_val([cty.True_])


SET_VAL_NESTED_STRUCTURES = [
    # name, elements
    ("set", [cty.set_val([cty.number_int_val(5)])]),
    ("doubly nested set", [cty.set_val([cty.set_val([cty.number_int_val(5)])])]),
    ("list", [cty.list_val([cty.number_int_val(5)])]),
    ("doubly nested list", [cty.list_val([cty.list_val([cty.number_int_val(5)])])]),
    ("map", [cty.map_val({"key": cty.number_int_val(5)})]),
    (
        "doubly nested map",
        [cty.map_val({"key": cty.map_val({"child": cty.string_val("hello world")})})],
    ),
    ("tuple", [cty.tuple_val([cty.number_int_val(5)])]),
    ("doubly nested tuple", [cty.tuple_val([cty.tuple_val([cty.number_int_val(5)])])]),
]


@pytest.mark.parametrize(("name", "elems"), SET_VAL_NESTED_STRUCTURES, ids=stable_id)
def test_set_val_nested_structures(name: str, elems: list[cty.Value]) -> None:
    s = cty.set_val(elems)
    assert s.length_int() == len(elems)
    assert s.as_value_slice() == elems


CAN_LIST_VAL = [
    # elements, whether they make a list
    ([cty.string_val("Hello"), cty.string_val("World")], True),
    ([cty.number_int_val(13), cty.number_int_val(31)], True),
    ([cty.bool_val(True), cty.bool_val(False)], True),
    (
        [
            cty.list_val([cty.string_val("Hello"), cty.string_val("World")]),
            cty.list_val([cty.string_val("beep"), cty.string_val("boop"), cty.string_val("bloop")]),
        ],
        True,
    ),
    (
        [cty.map_val({"a": cty.string_val("Hello")}), cty.map_val({"c": cty.string_val("World")})],
        True,
    ),
    (
        [
            cty.set_val([cty.string_val("Hello"), cty.string_val("World")]),
            cty.set_val([cty.string_val("beep"), cty.string_val("boop"), cty.string_val("bloop")]),
        ],
        True,
    ),
    ([cty.string_val("hello"), cty.number_int_val(13)], False),
    (
        [
            cty.list_val([cty.string_val("Hello"), cty.string_val("World")]),
            cty.map_val({"a": cty.string_val("bloop")}),
        ],
        False,
    ),
    (
        [
            cty.list_val([cty.string_val("Hello"), cty.string_val("World")]),
            cty.list_val(
                [
                    cty.list_val([cty.string_val("a"), cty.string_val("b")]),
                    cty.list_val([cty.string_val("c"), cty.string_val("d")]),
                ]
            ),
        ],
        False,
    ),
    ([cty.map_val({"a": cty.string_val("Hello")}), cty.map_val({"a": cty.bool_val(True)})], False),
]

CAN_SET_VAL = [
    # elements, whether they make a set
    ([cty.string_val("Hello"), cty.string_val("World")], True),
    ([cty.string_val("Hello").mark(1), cty.string_val("World").mark(2)], True),
    ([cty.number_int_val(13), cty.number_int_val(31)], True),
    ([cty.bool_val(True), cty.bool_val(False)], True),
    (
        [
            cty.list_val([cty.string_val("Hello"), cty.string_val("World")]),
            cty.list_val([cty.string_val("beep"), cty.string_val("boop"), cty.string_val("bloop")]),
        ],
        True,
    ),
    (
        [cty.map_val({"a": cty.string_val("Hello")}), cty.map_val({"c": cty.string_val("World")})],
        True,
    ),
    (
        [
            cty.set_val([cty.string_val("Hello"), cty.string_val("World")]),
            cty.set_val([cty.string_val("beep"), cty.string_val("boop"), cty.string_val("bloop")]),
        ],
        True,
    ),
    ([cty.string_val("hello"), cty.number_int_val(13)], False),
    (
        [
            cty.list_val([cty.string_val("Hello"), cty.string_val("World")]),
            cty.map_val({"a": cty.string_val("bloop")}),
        ],
        False,
    ),
    (
        [
            cty.list_val([cty.string_val("Hello"), cty.string_val("World")]),
            cty.list_val(
                [
                    cty.list_val([cty.string_val("a"), cty.string_val("b")]),
                    cty.list_val([cty.string_val("c"), cty.string_val("d")]),
                ]
            ),
        ],
        False,
    ),
    ([cty.map_val({"a": cty.string_val("Hello")}), cty.map_val({"a": cty.bool_val(True)})], False),
]

CAN_MAP_VAL = [
    # elements, whether they make a map
    ({"a": cty.string_val("Hello"), "b": cty.string_val("World")}, True),
    ({"one": cty.number_int_val(13), "two": cty.number_int_val(31)}, True),
    ({"one": cty.bool_val(True), "two": cty.bool_val(False)}, True),
    (
        {
            "lista": cty.list_val([cty.string_val("Hello"), cty.string_val("World")]),
            "listb": cty.list_val(
                [cty.string_val("beep"), cty.string_val("boop"), cty.string_val("bloop")]
            ),
        },
        True,
    ),
    (
        {
            "map_a": cty.map_val({"a": cty.string_val("Hello")}),
            "map_b": cty.map_val({"c": cty.string_val("World")}),
        },
        True,
    ),
    (
        {
            "set_a": cty.set_val([cty.string_val("Hello"), cty.string_val("World")]),
            "set_b": cty.set_val(
                [cty.string_val("beep"), cty.string_val("boop"), cty.string_val("bloop")]
            ),
        },
        True,
    ),
    ({"one": cty.string_val("hello"), "two": cty.number_int_val(13)}, False),
    (
        {
            "one": cty.list_val([cty.string_val("Hello"), cty.string_val("World")]),
            "two": cty.map_val({"a": cty.string_val("bloop")}),
        },
        False,
    ),
    (
        {
            "one": cty.list_val([cty.string_val("Hello"), cty.string_val("World")]),
            "two": cty.list_val(
                [
                    cty.list_val([cty.string_val("a"), cty.string_val("b")]),
                    cty.list_val([cty.string_val("c"), cty.string_val("d")]),
                ]
            ),
        },
        False,
    ),
    (
        {
            "one": cty.map_val({"a": cty.string_val("Hello")}),
            "two": cty.map_val({"a": cty.bool_val(True)}),
        },
        False,
    ),
]


@pytest.mark.parametrize(("elems", "want"), CAN_LIST_VAL, ids=stable_id)
def test_list_val_needs_consistent_element_types(elems: list[cty.Value], want: bool) -> None:
    if want:
        assert cty.list_val(elems).as_value_slice() == elems
    else:
        with pytest.raises(TypeError, match="inconsistent list element types"):
            cty.list_val(elems)


@pytest.mark.parametrize(("elems", "want"), CAN_SET_VAL, ids=stable_id)
def test_set_val_needs_consistent_element_types(elems: list[cty.Value], want: bool) -> None:
    if want:
        assert cty.set_val(elems).unmark()[0].length_int() == len(elems)
    else:
        with pytest.raises(TypeError, match="inconsistent set element types"):
            cty.set_val(elems)


@pytest.mark.parametrize(("elems", "want"), CAN_MAP_VAL, ids=stable_id)
def test_map_val_needs_consistent_element_types(elems: dict[str, cty.Value], want: bool) -> None:
    if want:
        assert cty.map_val(elems).as_value_map() == elems
    else:
        with pytest.raises(TypeError, match="inconsistent map element types"):
            cty.map_val(elems)


@pytest.mark.parametrize(("elems", "want"), CAN_LIST_VAL, ids=stable_id)
def test_can_list_val(elems: list[cty.Value], want: bool) -> None:
    assert cty.can_list_val(elems) is want


@pytest.mark.parametrize(("elems", "want"), CAN_SET_VAL, ids=stable_id)
def test_can_set_val(elems: list[cty.Value], want: bool) -> None:
    assert cty.can_set_val(elems) is want


@pytest.mark.parametrize(("elems", "want"), CAN_MAP_VAL, ids=stable_id)
def test_can_map_val(elems: dict[str, cty.Value], want: bool) -> None:
    assert cty.can_map_val(elems) is want


def test_can_val_of_nothing_is_true() -> None:
    assert cty.can_list_val([]) is True
    assert cty.can_set_val([]) is True
    assert cty.can_map_val({}) is True


CONSTRUCTED = [
    # built value, an equal value built another way (RawEquals)
    # dynamic elements take the element type (go-cty stores raw payloads only)
    (
        cty.list_val([cty.DynamicVal, cty.string_val("a")]),
        cty.list_val([cty.unknown_val(cty.String), cty.string_val("a")]),
    ),
    (
        cty.list_val([cty.string_val("a"), cty.null_val(cty.DynamicPseudoType)]),
        cty.list_val([cty.string_val("a"), cty.null_val(cty.String)]),
    ),
    (
        cty.map_val({"a": cty.DynamicVal, "b": cty.True_}),
        cty.map_val({"a": cty.unknown_val(cty.Bool), "b": cty.True_}),
    ),
    (
        cty.set_val([cty.null_val(cty.DynamicPseudoType), cty.True_]),
        cty.set_val([cty.True_, cty.null_val(cty.Bool)]),
    ),
    # only dynamic elements: a list of dynamic
    (cty.list_val([cty.DynamicVal]).type(), cty.List(cty.DynamicPseudoType)),
    # map keys and attribute names are NFC
    (cty.map_val({"e\u0301": cty.True_}), cty.map_val({"\xe9": cty.True_})),
    (cty.object_val({"e\u0301": cty.True_}), cty.object_val({"\xe9": cty.True_})),
    (cty.string_val("e\u0301"), cty.string_val("\xe9")),
    (cty.normalize_string("e\u0301"), "\xe9"),
    # empties
    (cty.tuple_val([]), cty.EmptyTupleVal),
    (cty.object_val({}), cty.EmptyObjectVal),
    (cty.EmptyTupleVal.type(), cty.EmptyTuple),
    (cty.EmptyObjectVal.type(), cty.EmptyObject),
    (cty.list_val_empty(cty.String).length_int(), 0),
    (cty.unknown_val(cty.DynamicPseudoType), cty.DynamicVal),
    (cty.bool_val(True), cty.True_),
    (cty.bool_val(False), cty.False_),
    # numbers: every constructor of the same number gives RawEqual values
    (cty.number_int_val(5), cty.number_uint_val(5)),
    (cty.number_int_val(5), cty.number_float_val(5.0)),
    (cty.number_int_val(5), cty.number_val(5)),
    (cty.number_int_val(5), cty.parse_number_val("5")),
    (cty.number_int_val(5), cty.must_parse_number_val("5.0")),
    (cty.Zero, cty.number_int_val(0)),
    (cty.number_float_val(float("inf")), cty.PositiveInfinity),
    (cty.number_float_val(float("-inf")), cty.NegativeInfinity),
    (cty.parse_number_val("inf"), cty.PositiveInfinity),
    (cty.parse_number_val("-Inf"), cty.NegativeInfinity),
    (cty.number_int_val(-(2**63)), cty.must_parse_number_val("-9223372036854775808")),
    (cty.number_uint_val(2**64 - 1), cty.must_parse_number_val("18446744073709551615")),
]


@pytest.mark.parametrize(("got", "want"), CONSTRUCTED, ids=stable_id)
def test_constructors(got: Any, want: Any) -> None:
    assert got == want


NUMBER_GO_STRINGS = [
    # value, its GoString (which shows the number's go precision at work)
    (
        cty.number_int_val(1).add(cty.number_float_val(0.1)),
        'cty.MustParseNumberVal("1.1000000000000000056")',
    ),
    (
        cty.number_float_val(0.1).add(cty.number_float_val(0.2)),
        "cty.NumberFloatVal(0.30000000000000004)",
    ),
    (cty.parse_number_val("0.1").add(cty.parse_number_val("0.2")), 'cty.MustParseNumberVal("0.3")'),
    (
        cty.number_int_val(1).divide(cty.number_int_val(3)),
        'cty.MustParseNumberVal("0.33333333333333333334")',
    ),
    (
        cty.number_float_val(0.1).multiply(cty.number_float_val(0.1)),
        'cty.MustParseNumberVal("0.0100000000000000011102230246251566")',
    ),
    (cty.number_int_val(1000000), "cty.NumberIntVal(1e+06)"),
    (cty.number_int_val(123456), "cty.NumberIntVal(123456)"),
    (cty.must_parse_number_val("-0"), "cty.NumberIntVal(-0)"),
    (cty.number_float_val(1e-7), "cty.NumberFloatVal(1e-07)"),
    (cty.PositiveInfinity, "cty.NumberFloatVal(+Inf)"),
    (cty.parse_number_val("1p3"), "cty.NumberIntVal(8)"),
]


@pytest.mark.parametrize(("value", "want"), NUMBER_GO_STRINGS, ids=stable_id)
def test_number_precision_shows_in_go_string(value: cty.Value, want: str) -> None:
    assert value.go_string() == want


BAD_CONSTRUCTIONS = [
    # call (a Python expression), error type, words the message must hold
    ("cty.list_val([])", ValueError, "list_val_empty"),
    ("cty.set_val([])", ValueError, "set_val_empty"),
    ("cty.map_val({})", ValueError, "map_val_empty"),
    ('cty.list_val([cty.string_val("a"), cty.number_int_val(1)])', TypeError, "inconsistent"),
    ('cty.list_val([cty.True_, "x"])', TypeError, "element 1"),
    ('cty.map_val({"a": cty.True_, "b": 2})', TypeError, "'b'"),
    ('cty.object_val({"a": None})', TypeError, "'a'"),
    ("cty.object_val({1: cty.True_})", TypeError, "1"),
    ("cty.tuple_val([cty.True_, 3])", TypeError, "1"),
    ("cty.number_int_val(2**63)", ValueError, "int64"),
    ("cty.number_int_val(1.5)", TypeError, "int"),
    ("cty.number_uint_val(2**64)", ValueError, "uint64"),
    ('cty.number_float_val(float("nan"))', ValueError, "NaN"),
    ('cty.number_val(float("nan"))', ValueError, "NaN"),
    ("cty.number_val([1])", TypeError, "list"),
    ('cty.parse_number_val("NaN")', ValueError, "a number is required"),
    ('cty.parse_number_val(" 1")', ValueError, "a number is required"),
    ('cty.must_parse_number_val("x")', ValueError, "a number is required"),
    ("cty.string_val(1)", TypeError, "str"),
    ('cty.bool_val("true")', TypeError, "bool"),
    ("cty.null_val(None)", TypeError, "cty.Type"),
    ("cty.unknown_val(str)", TypeError, "cty.Type"),
    ('cty.list_val_empty("string")', TypeError, "cty.Type"),
    ('cty.capsule_val(cty.Capsule("ints", int), "1")', TypeError, "ints"),
    ("cty.set_val_from_value_set([cty.True_])", TypeError, "ValueSet"),
]


@pytest.mark.parametrize(("call", "error", "words"), BAD_CONSTRUCTIONS, ids=stable_id)
def test_bad_constructions_raise_typed_errors(
    call: str, error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as caught:
        eval(call, {"cty": cty})
    assert words in str(caught.value)
