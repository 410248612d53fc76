"""Sets: go-cty's set_internals_test.go and set_type_test.go, carried over, and ValueSet.

Covers set hash bytes, set order, coalescing in set_val, unknown elements, and the ValueSet
operations (go-cty's ValueSet over set.Set).
"""

from __future__ import annotations

import zlib

import gmpy2
import pytest

import cty
from cty._set_rules import hash_bytes
from cty.encoding import json as cty_json
from tests._ids import stable_id


class Encapsulated:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Encapsulated({self.name!r})"


typeWithHash = cty.CapsuleWithOps(
    "with hash function",
    Encapsulated,
    cty.CapsuleOps(raw_equals=lambda a, b: a.name == b.name, hash_key=lambda v: v.name),
)
typeWithoutHash = cty.CapsuleWithOps(
    "without hash function",
    Encapsulated,
    cty.CapsuleOps(raw_equals=lambda a, b: a.name == b.name),
)
typeWithoutEquals = cty.Capsule("without hash function", Encapsulated)


def encapsulated(name: str) -> Encapsulated:
    return Encapsulated(name)


SET_HASH_BYTES = [
    # value, hash bytes, the marks found inside the value (None: none)
    (cty.unknown_val(cty.Number), "?", None),
    (cty.unknown_val(cty.String), "?", None),
    (cty.null_val(cty.Number), "~", None),
    (cty.null_val(cty.String), "~", None),
    (cty.DynamicVal, "?", None),
    (cty.number_val(gmpy2.mpfr(12)), "12", None),
    (cty.string_val(""), '""', None),
    (cty.string_val("pizza"), '"pizza"', None),
    (cty.True_, "T", None),
    (cty.False_, "F", None),
    (cty.list_val_empty(cty.Bool), "[]", None),
    (cty.list_val_empty(cty.DynamicPseudoType), "[]", None),
    (cty.list_val([cty.True_, cty.False_]), "[T;F;]", None),
    (cty.list_val([cty.unknown_val(cty.Bool)]), "[?;]", None),
    (cty.list_val([cty.list_val_empty(cty.Bool)]), "[[];]", None),
    (cty.map_val_empty(cty.Bool), "{}", None),
    (cty.map_val({"true": cty.True_, "false": cty.False_}), '{"false":F;"true":T;}', None),
    (
        cty.map_val(
            {"true": cty.True_, "unknown": cty.unknown_val(cty.Bool), "dynamic": cty.DynamicVal}
        ),
        '{"dynamic":?;"true":T;"unknown":?;}',
        None,
    ),
    (cty.set_val_empty(cty.Bool), "[]", None),
    (cty.set_val([cty.True_, cty.True_, cty.False_]), "[F;T;]", None),
    (cty.set_val([cty.unknown_val(cty.Bool), cty.unknown_val(cty.Bool)]), "[?;?;]", None),
    (cty.EmptyObjectVal, "<>", None),
    (
        cty.object_val(
            {"name": cty.string_val("ermintrude"), "age": cty.number_val(gmpy2.mpfr(54))}
        ),
        '<54;"ermintrude";>',
        None,
    ),
    (cty.EmptyTupleVal, "<>", None),
    (
        cty.tuple_val([cty.string_val("ermintrude"), cty.number_val(gmpy2.mpfr(54))]),
        '<"ermintrude";54;>',
        None,
    ),
    (cty.string_val("pizza").mark(1), '"pizza"', cty.new_value_marks(1)),
    (
        cty.object_val(
            {
                "name": cty.string_val("ermintrude").mark(1),
                "age": cty.number_val(gmpy2.mpfr(54)).mark(2),
            }
        ),
        '<54;"ermintrude";>',
        cty.new_value_marks(1, 2),
    ),
    (cty.capsule_val(typeWithHash, encapsulated("boop")), '«"boop"»', None),
    (cty.capsule_val(typeWithoutHash, encapsulated("boop")), "«?»", None),
]


@pytest.mark.parametrize(("value", "want", "want_marks"), SET_HASH_BYTES, ids=stable_id)
def test_set_hash_bytes(value: cty.Value, want: str, want_marks: frozenset[object] | None) -> None:
    assert hash_bytes(value.type(), value._v) == want
    unmarked, marks = value.unmark_deep()
    assert marks == (want_marks or frozenset())
    assert unmarked.hash() == zlib.crc32(want.encode())
    if marks:
        # go-cty's Value.Hash panics on a marked value
        with pytest.raises(ValueError):
            value.hash()


SET_ORDER = [
    # a, b, whether a sorts before b (go-cty's setRules.Less)
    (cty.string_val("a"), cty.string_val("b"), True),
    (cty.string_val("b"), cty.string_val("a"), False),
    (cty.unknown_val(cty.String), cty.string_val("a"), False),
    (cty.string_val("a"), cty.unknown_val(cty.String), True),
    (cty.Zero, cty.number_int_val(1), True),
    (cty.number_int_val(1), cty.Zero, False),
    (cty.False_, cty.True_, True),
    (cty.True_, cty.False_, False),
    (cty.unknown_val(cty.String), cty.unknown_val(cty.String), False),
    (cty.null_val(cty.String), cty.string_val("a"), False),
    (cty.string_val("a"), cty.null_val(cty.String), True),
    (cty.unknown_val(cty.String), cty.null_val(cty.String), True),
    (cty.null_val(cty.String), cty.unknown_val(cty.String), False),
    (cty.list_val_empty(cty.String), cty.list_val([cty.string_val("boop")]), False),
    (cty.list_val([cty.string_val("boop")]), cty.list_val_empty(cty.String), True),
    (cty.set_val_empty(cty.String), cty.set_val([cty.string_val("boop")]), False),
    (cty.set_val([cty.string_val("boop")]), cty.set_val_empty(cty.String), True),
    (cty.map_val_empty(cty.String), cty.map_val({"blah": cty.string_val("boop")}), False),
    (cty.map_val({"blah": cty.string_val("boop")}), cty.map_val_empty(cty.String), True),
]


@pytest.mark.parametrize(("a", "b", "a_first"), SET_ORDER, ids=stable_id)
def test_set_order(a: cty.Value, b: cty.Value, a_first: bool) -> None:
    # Insert b first: a moves ahead of b exactly when a sorts before b (a stable sort).
    elems = list(cty.set_val([b, a]))
    assert len(elems) == 2
    assert elems[0].raw_equals(a) is (a_first or a.raw_equals(b))
    if a_first:
        assert list(cty.set_val([a, b])) == elems


def test_unknowns_never_coalesce_and_have_no_order() -> None:
    # go-cty's "no defined ordering" for two unknowns: both stay, after every known element
    s = cty.set_val([cty.unknown_val(cty.String), cty.string_val("b"), cty.unknown_val(cty.String)])
    assert list(s) == [
        cty.string_val("b"),
        cty.unknown_val(cty.String),
        cty.unknown_val(cty.String),
    ]
    assert s.length_int() == 3


SAME_RULES = [
    # element type a, element type b, whether their sets have the same rules
    (cty.EmptyObject, cty.DynamicPseudoType, False),
    (cty.EmptyObject, cty.EmptyObject, True),
    (cty.String, cty.String, True),
    (cty.Object({"a": cty.String}), cty.Object({"a": cty.String}), True),
    (cty.Object({"a": cty.String}), cty.Object({"a": cty.Bool}), False),
]


@pytest.mark.parametrize(("a", "b", "same"), SAME_RULES, ids=stable_id)
def test_value_sets_combine_only_with_the_same_rules(a: cty.Type, b: cty.Type, same: bool) -> None:
    # go-cty's TestSetRulesSameRules: set operations need equal rules (equal element types)
    sa, sb = cty.ValueSet(a), cty.ValueSet(b)
    if same:
        assert sa.union(sb).length() == 0
        return
    for op in (sa.union, sa.intersection, sa.subtract, sa.symmetric_difference):
        with pytest.raises(TypeError):
            op(sb)


def test_set_operations() -> None:
    # go-cty's TestSetOperations
    s1 = cty.set_val([cty.string_val("a"), cty.string_val("b"), cty.string_val("c")])
    s2 = cty.set_val([cty.string_val("c"), cty.string_val("d"), cty.string_val("e")])
    s3 = cty.set_val_from_value_set(s1.as_value_set().union(s2.as_value_set()))
    assert s3.length_int() == 5
    for want in "abcde":
        assert s3.has_element(cty.string_val(want)) == cty.True_


def _names(vals: list[cty.Value]) -> list[str]:
    return sorted(v.encapsulated_value().name for v in vals)


def test_set_of_capsule_type_with_hash() -> None:
    v = cty.set_val([cty.capsule_val(typeWithHash, encapsulated(n)) for n in "abac"])
    assert _names(v.as_value_slice()) == ["a", "b", "c"]


def test_set_of_capsule_type_without_hash() -> None:
    v = cty.set_val([cty.capsule_val(typeWithoutHash, encapsulated(n)) for n in "abac"])
    assert _names(v.as_value_slice()) == ["a", "b", "c"]


def test_set_of_capsule_type_without_equals() -> None:
    # without raw_equals, capsules compare by identity: only the same object coalesces
    d = encapsulated("d")
    v = cty.set_val(
        [
            cty.capsule_val(typeWithoutEquals, encapsulated("a")),
            cty.capsule_val(typeWithoutEquals, encapsulated("b")),
            cty.capsule_val(typeWithoutEquals, d),
            cty.capsule_val(typeWithoutEquals, encapsulated("a")),
            cty.capsule_val(typeWithoutEquals, encapsulated("c")),
            cty.capsule_val(typeWithoutEquals, d),
        ]
    )
    assert _names(v.as_value_slice()) == ["a", "a", "b", "c", "d"]


SET_VAL_COALESCING = [
    # elements, the elements of the set built from them, in set order
    ([cty.True_, cty.True_, cty.False_], [cty.False_, cty.True_]),
    (
        [cty.string_val("b"), cty.string_val("a"), cty.string_val("b")],
        [cty.string_val("a"), cty.string_val("b")],
    ),
    # NFC: both spellings are one string
    ([cty.string_val("\xe9"), cty.string_val("e\u0301")], [cty.string_val("\xe9")]),
    # numbers coalesce by go-cty's number equality, and sort by value
    (
        [cty.number_int_val(10), cty.number_float_val(1.5), cty.number_int_val(2)],
        [cty.number_float_val(1.5), cty.number_int_val(2), cty.number_int_val(10)],
    ),
    (
        [cty.must_parse_number_val("1.2"), cty.number_float_val(1.2)],
        [cty.must_parse_number_val("1.2")],
    ),
    ([cty.number_int_val(1), cty.number_float_val(1.0)], [cty.number_int_val(1)]),
    # 0 and -0 hash differently ("0", "-0"), so a set keeps both
    (
        [cty.Zero, cty.must_parse_number_val("-0")],
        [cty.must_parse_number_val("-0"), cty.Zero],
    ),
    (
        [cty.NegativeInfinity, cty.PositiveInfinity, cty.Zero],
        [cty.NegativeInfinity, cty.Zero, cty.PositiveInfinity],
    ),
    # nulls coalesce into one, which sorts last; unknowns never coalesce and sort before it
    (
        [
            cty.null_val(cty.String),
            cty.unknown_val(cty.String),
            cty.null_val(cty.String),
            cty.string_val("z"),
        ],
        [cty.string_val("z"), cty.unknown_val(cty.String), cty.null_val(cty.String)],
    ),
    # DynamicVal and a dynamic null take the element type
    (
        [cty.DynamicVal, cty.string_val("a"), cty.null_val(cty.DynamicPseudoType)],
        [cty.string_val("a"), cty.unknown_val(cty.String), cty.null_val(cty.String)],
    ),
    # structural elements coalesce by equality, and sort by hash bytes
    (
        [
            cty.list_val([cty.string_val("b")]),
            cty.list_val([cty.string_val("a")]),
            cty.list_val([cty.string_val("b")]),
        ],
        [cty.list_val([cty.string_val("a")]), cty.list_val([cty.string_val("b")])],
    ),
    (
        [
            cty.object_val({"n": cty.number_int_val(2)}),
            cty.object_val({"n": cty.number_float_val(2.0)}),
            cty.object_val({"n": cty.number_int_val(10)}),
        ],
        # hash bytes "<10;>" sort before "<2;>"
        [
            cty.object_val({"n": cty.number_int_val(10)}),
            cty.object_val({"n": cty.number_int_val(2)}),
        ],
    ),
    # structural elements with unknowns inside are never equal to anything
    (
        [
            cty.tuple_val([cty.unknown_val(cty.String)]),
            cty.tuple_val([cty.unknown_val(cty.String)]),
        ],
        [
            cty.tuple_val([cty.unknown_val(cty.String)]),
            cty.tuple_val([cty.unknown_val(cty.String)]),
        ],
    ),
]


@pytest.mark.parametrize(("elems", "want"), SET_VAL_COALESCING, ids=stable_id)
def test_set_val_coalesces_equal_elements(elems: list[cty.Value], want: list[cty.Value]) -> None:
    s = cty.set_val(elems)
    assert list(s) == want
    assert s.length_int() == len(want)
    assert s == cty.set_val(list(reversed(elems)))
    assert s == cty.set_val_from_value_set(cty.ValueSet.from_values(s.type().element_type(), elems))


SET_VAL_MARKS = [
    # elements, the set built from them
    ([cty.True_.mark(2), cty.True_.mark(3)], cty.set_val([cty.True_]).with_marks({2, 3})),
    (
        [cty.list_val([cty.string_val("a").mark("deep")]), cty.list_val([cty.string_val("a")])],
        cty.set_val([cty.list_val([cty.string_val("a")])]).mark("deep"),
    ),
    ([cty.unknown_val(cty.String).mark(1)], cty.set_val([cty.unknown_val(cty.String)]).mark(1)),
]


@pytest.mark.parametrize(("elems", "want"), SET_VAL_MARKS, ids=stable_id)
def test_set_val_moves_element_marks_onto_the_set(elems: list[cty.Value], want: cty.Value) -> None:
    got = cty.set_val(elems)
    assert got == want
    assert all(not e.contains_marked() for e in got.unmark()[0])


SETS_WITH_UNKNOWNS = [
    # set, length(), length_int()
    (cty.set_val([cty.unknown_val(cty.String)]), cty.number_int_val(1), 1),
    (cty.set_val([cty.string_val("a"), cty.string_val("b")]), cty.number_int_val(2), 2),
    # more than one element, one of them unknown: an unknown could equal a known one later
    (
        cty.set_val([cty.string_val("a"), cty.unknown_val(cty.String)]),
        cty.unknown_val(cty.Number),
        2,
    ),
    (
        cty.set_val([cty.unknown_val(cty.String), cty.unknown_val(cty.String)]),
        cty.unknown_val(cty.Number),
        2,
    ),
    (cty.set_val([cty.list_val([cty.unknown_val(cty.String)])]), cty.number_int_val(1), 1),
    (
        cty.set_val([cty.null_val(cty.String), cty.unknown_val(cty.String)]),
        cty.unknown_val(cty.Number),
        2,
    ),
]


@pytest.mark.parametrize(("s", "want_length", "want_length_int"), SETS_WITH_UNKNOWNS, ids=stable_id)
def test_set_length_with_unknowns(
    s: cty.Value, want_length: cty.Value, want_length_int: int
) -> None:
    got = s.length()
    if want_length.is_known():
        assert got == want_length
    else:
        assert not got.is_known()
        assert got.type() == cty.Number
    assert s.length_int() == want_length_int


def test_set_equality_with_unknowns() -> None:
    a = cty.set_val([cty.string_val("a"), cty.unknown_val(cty.String)])
    b = cty.set_val([cty.string_val("a"), cty.unknown_val(cty.String)])
    # RawEquals compares the elements as listed; Equals cannot know yet
    assert a == b
    assert not a.equals(b).is_known()
    assert a.has_element(cty.string_val("a")) == cty.True_
    assert not a.has_element(cty.string_val("b")).is_known()


def test_value_set_operations() -> None:
    def vs(*names: str) -> cty.ValueSet:
        return cty.ValueSet.from_values(cty.String, [cty.string_val(n) for n in names])

    def names(s: cty.ValueSet) -> list[str]:
        return [v.as_string() for v in s.values()]

    a, b = vs("c", "a", "b"), vs("d", "c", "b")
    assert a.element_type() is cty.String
    assert names(a) == ["a", "b", "c"]
    assert a.length() == len(a) == 3
    assert names(a.union(b)) == ["a", "b", "c", "d"]
    assert names(a.intersection(b)) == ["b", "c"]
    assert names(a.subtract(b)) == ["a"]
    assert names(a.symmetric_difference(b)) == ["a", "d"]
    # operations return new sets
    assert names(a) == ["a", "b", "c"]
    assert names(b) == ["b", "c", "d"]

    c = a.copy()
    c.add(cty.string_val("z"))
    c.add(cty.string_val("a"))
    c.remove(cty.string_val("b"))
    c.remove(cty.string_val("not there"))
    assert names(c) == ["a", "c", "z"]
    assert names(a) == ["a", "b", "c"]
    assert c.has(cty.string_val("z"))
    assert not c.has(cty.string_val("b"))
    assert [v.as_string() for v in c] == ["a", "c", "z"]


def test_value_set_with_unknowns() -> None:
    s = cty.ValueSet(cty.String)
    s.add(cty.unknown_val(cty.String))
    s.add(cty.unknown_val(cty.String))
    s.add(cty.string_val("a"))
    s.add(cty.null_val(cty.String))
    s.add(cty.null_val(cty.String))
    assert s.length() == 4
    assert s.values() == [
        cty.string_val("a"),
        cty.unknown_val(cty.String),
        cty.unknown_val(cty.String),
        cty.null_val(cty.String),
    ]
    # an unknown is never in a set, not even the set it was added to
    assert not s.has(cty.unknown_val(cty.String))
    assert s.has(cty.null_val(cty.String))
    other = cty.ValueSet.from_values(cty.String, [cty.string_val("a"), cty.unknown_val(cty.String)])
    assert s.intersection(other).values() == [cty.string_val("a")]
    assert s.union(other).length() == 5
    assert s.subtract(other).values() == [
        cty.unknown_val(cty.String),
        cty.unknown_val(cty.String),
        cty.null_val(cty.String),
    ]


BAD_VALUE_SET_ELEMENTS = [
    # element type, element
    # go-cty: "cannot store marked value directly in a set"
    (cty.String, cty.string_val("a").mark(1)),
    (cty.List(cty.String), cty.list_val([cty.string_val("a").mark(1)])),
    # go-cty: "attempt to use ... value with set of ..."
    (cty.String, cty.number_int_val(1)),
    (cty.String, "a"),
]


@pytest.mark.parametrize(("ety", "elem"), BAD_VALUE_SET_ELEMENTS, ids=stable_id)
def test_value_set_rejects_bad_elements(ety: cty.Type, elem: object) -> None:
    s = cty.ValueSet(ety)
    for op in (s.add, s.remove, s.has):
        with pytest.raises((TypeError, ValueError)):
            op(elem)  # type: ignore[arg-type]
    assert s.length() == 0


def test_set_hash_bytes_of_numbers_use_ten_significant_digits() -> None:
    # big.Float.String() is %.10g: numbers that agree in 10 digits share a hash bucket
    a = cty.number_float_val(1.00000000001)
    b = cty.number_float_val(1.00000000002)
    assert hash_bytes(cty.Number, a._v) == hash_bytes(cty.Number, b._v) == "1"
    assert cty.set_val([a, b]).length_int() == 2
    assert a.hash() == b.hash()
    assert cty.number_val(gmpy2.mpfr(1e22)).hash() == zlib.crc32(b"1e+22")


def test_value_set_each_value_visits_in_set_order() -> None:
    s = cty.ValueSet.from_values(cty.Number, [cty.number_int_val(3), cty.number_int_val(1),
                                              cty.number_int_val(2)])
    seen: list[cty.Value] = []
    s.each_value(seen.append)
    assert seen == s.values() == [cty.number_int_val(i) for i in (1, 2, 3)]
    with pytest.raises(cty.CtyTypeError, match="each_value needs a callable"):
        s.each_value("not callable")  # type: ignore[arg-type]


# --- order where go-cty's Less is not a strict weak order (issue #47, item 3) ------------------


def _texts(v: cty.Value) -> list[str]:
    return [e.go_string() for e in v.as_value_slice()]


def test_raw_equal_numbers_in_different_buckets_keep_the_bucket_order() -> None:
    # A float64 and go-cty's 512-bit parse of the same text are RawEqual (Text('f', -1) is the
    # same) but hash apart (Text('g', 10) rounds them either way): go-cty's msgpack puts the
    # float first, whichever came first.
    f, p = cty.number_float_val(34947.407335), cty.must_parse_number_val("34947.407335")
    assert f.raw_equals(p) and f.hash() != p.hash()
    for elems in ([f, p], [p, f]):
        s = cty.set_val(elems)
        assert _texts(s) == [f.go_string(), p.go_string()]


def test_numbers_of_one_text_at_two_precisions_order_by_bucket() -> None:
    one_bit = cty.number_val(gmpy2.mpfr("0.1", 1))  # 0.125, written 0.1
    bits_24 = cty.number_val(gmpy2.mpfr("0.1", 24))
    assert one_bit.raw_equals(bits_24)
    want = sorted([one_bit, bits_24], key=lambda v: v.hash())
    for elems in ([one_bit, bits_24], [bits_24, one_bit]):
        assert _texts(cty.set_val(elems)) == [v.go_string() for v in want]


def test_lists_of_zeros_of_both_signs_order_by_bucket() -> None:
    # [0] and [-0] are RawEqual and hash apart: not by hash text ("[-0;]" < "[0;]"), as go-cty
    zero, neg = cty.list_val([cty.Zero]), cty.list_val([cty.must_parse_number_val("-0")])
    for elems in ([zero, neg], [neg, zero]):
        assert _texts(cty.set_val(elems)) == [zero.go_string(), neg.go_string()]
    assert cty_json.marshal(cty.set_val([neg, zero]), cty.Set(cty.List(cty.Number))) \
        == b"[[0],[-0]]"
