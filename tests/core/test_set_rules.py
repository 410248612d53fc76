"""go-cty's set hash bytes and set order (its set_internals_test tables, carried over)."""

from __future__ import annotations

import pytest

import cty
from cty._set_rules import hash_bytes
from tests._ids import stable_id

HASH_BYTES = [
    # value, hash bytes, marks the value holds
    (cty.unknown_val(cty.Number), "?", set()),
    (cty.unknown_val(cty.String), "?", set()),
    (cty.null_val(cty.Number), "~", set()),
    (cty.null_val(cty.String), "~", set()),
    (cty.DynamicVal, "?", set()),
    (cty.number_float_val(12), "12", set()),
    (cty.string_val(""), '""', set()),
    (cty.string_val("pizza"), '"pizza"', set()),
    (cty.True_, "T", set()),
    (cty.False_, "F", set()),
    (cty.list_val_empty(cty.Bool), "[]", set()),
    (cty.list_val_empty(cty.DynamicPseudoType), "[]", set()),
    (cty.list_val([cty.True_, cty.False_]), "[T;F;]", set()),
    (cty.list_val([cty.unknown_val(cty.Bool)]), "[?;]", set()),
    (cty.list_val([cty.list_val_empty(cty.Bool)]), "[[];]", set()),
    (cty.map_val_empty(cty.Bool), "{}", set()),
    (cty.map_val({"true": cty.True_, "false": cty.False_}), '{"false":F;"true":T;}', set()),
    (cty.map_val({"true": cty.True_, "unknown": cty.unknown_val(cty.Bool),
                  "dynamic": cty.DynamicVal}), '{"dynamic":?;"true":T;"unknown":?;}', set()),
    (cty.set_val_empty(cty.Bool), "[]", set()),
    (cty.set_val([cty.True_, cty.True_, cty.False_]), "[F;T;]", set()),
    # unknowns are never equal, so a set can hold several
    (cty.set_val([cty.unknown_val(cty.Bool), cty.unknown_val(cty.Bool)]), "[?;?;]", set()),
    (cty.EmptyObjectVal, "<>", set()),
    (cty.object_val({"name": cty.string_val("ermintrude"), "age": cty.number_float_val(54)}),
     '<54;"ermintrude";>', set()),
    (cty.EmptyTupleVal, "<>", set()),
    (cty.tuple_val([cty.string_val("ermintrude"), cty.number_float_val(54)]),
     '<"ermintrude";54;>', set()),
    (cty.string_val("pizza").mark(1), '"pizza"', {1}),
    (cty.object_val({"name": cty.string_val("ermintrude").mark(1),
                     "age": cty.number_float_val(54).mark(2)}), '<54;"ermintrude";>', {1, 2}),
    # number forms from big.Float.String(), and Go's %q for strings
    (cty.number_val("1.23456789e10"), "1.23456789e+10", set()),
    (cty.parse_number_val("0.00001"), "1e-05", set()),
    (cty.PositiveInfinity, "+Inf", set()),
    (cty.string_val('a"b\n\u00a0\x7f'), '"a\\"b\\n\\u00a0\\x7f"', set()),
]


@pytest.mark.parametrize(("value", "want", "marks"), HASH_BYTES, ids=stable_id)
def test_set_hash_bytes(value: cty.Value, want: str, marks: set[object]) -> None:
    assert hash_bytes(value.type(), value._v) == want
    assert value.unmark_deep()[1] == frozenset(marks)


SET_ORDER = [
    # a, b, whether a sorts before b
    (cty.string_val("a"), cty.string_val("b"), True),
    (cty.string_val("b"), cty.string_val("a"), False),
    (cty.unknown_val(cty.String), cty.string_val("a"), False),
    (cty.string_val("a"), cty.unknown_val(cty.String), True),
    (cty.Zero, cty.number_int_val(1), True),
    (cty.number_int_val(1), cty.Zero, False),
    (cty.False_, cty.True_, True),
    (cty.True_, cty.False_, False),
    (cty.null_val(cty.String), cty.string_val("a"), False),
    (cty.string_val("a"), cty.null_val(cty.String), True),
    (cty.unknown_val(cty.String), cty.null_val(cty.String), True),
    (cty.null_val(cty.String), cty.unknown_val(cty.String), False),
    # other types order by hash bytes: not a compatibility promise, but it fixes wire bytes
    (cty.list_val_empty(cty.String), cty.list_val([cty.string_val("boop")]), False),
    (cty.list_val([cty.string_val("boop")]), cty.list_val_empty(cty.String), True),
    (cty.set_val_empty(cty.String), cty.set_val([cty.string_val("boop")]), False),
    (cty.set_val([cty.string_val("boop")]), cty.set_val_empty(cty.String), True),
    (cty.map_val_empty(cty.String), cty.map_val({"blah": cty.string_val("boop")}), False),
    (cty.map_val({"blah": cty.string_val("boop")}), cty.map_val_empty(cty.String), True),
]


@pytest.mark.parametrize(("a", "b", "a_first"), SET_ORDER, ids=stable_id)
def test_set_order(a: cty.Value, b: cty.Value, a_first: bool) -> None:
    for inserted in ([a, b], [b, a]):
        elems = list(cty.set_val(inserted))
        assert (elems[0] == a) == a_first


def test_unknowns_keep_insertion_order_and_never_coalesce() -> None:
    u1 = cty.unknown_val(cty.String).refine_not_null()
    u2 = cty.unknown_val(cty.String)
    s = cty.set_val([u1, cty.string_val("z"), u2, cty.string_val("a")])
    assert [x for x in s] == [cty.string_val("a"), cty.string_val("z"), u1, u2]
    assert s.length_int() == 4
    assert not s.length().is_known()


def test_equal_numbers_coalesce_and_zeros_stay_apart() -> None:
    s = cty.set_val([cty.parse_number_val("1.2"), cty.number_float_val(1.2),
                     cty.number_int_val(0), cty.parse_number_val("-0")])
    assert s.length_int() == 3  # 1.2 twice is one element; go-cty keeps 0 and -0 apart


def test_value_hash_is_crc32_of_hash_bytes() -> None:
    import zlib

    v = cty.list_val([cty.True_, cty.False_])
    assert v.hash() == zlib.crc32(b"[T;F;]")


def _nested_sets(depth: int, leaf: cty.Value) -> cty.Value:
    v = leaf
    for _ in range(depth):
        v = cty.set_val([v])
    return v


@pytest.mark.parametrize("depth", [3, 1_500])
def test_deep_sets_hash_and_coalesce_whether_or_not_their_bytes_are_kept(depth: int) -> None:
    # a set keeps its hash bytes only while they are short (cty._set_rules._CACHED_TEXT):
    # deeper ones are computed again each time, with the same result
    a, b = _nested_sets(depth, cty.string_val("x")), _nested_sets(depth, cty.string_val("x"))
    c = _nested_sets(depth, cty.string_val("y"))
    text = hash_bytes(a.type(), a._v)
    assert text == "[" * depth + '"x";' + "];" * (depth - 1) + "]"
    assert hash_bytes(a.type(), a._v) == text == hash_bytes(b.type(), b._v)
    assert a.hash() == b.hash() != c.hash()
    both = cty.set_val([a, b, c, a])
    assert both.length_int() == 2
    assert [e.raw_equals(c) for e in both.as_value_slice()] == ([False, True] if
                                                                hash_bytes(a.type(), a._v) <
                                                                hash_bytes(c.type(), c._v)
                                                                else [True, False])
    kept = a._v._hash is not None
    assert kept == (depth < 1_000)
