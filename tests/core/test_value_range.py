"""v.range(): what a value may be (go-cty's ValueRange), and its laws with refine()."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cty
from cty._refinement_builder import MAX_INT

S, N = cty.String, cty.Number
U = cty.unknown_val
UNKNOWN_BOOL = U(cty.Bool).refine_not_null()


def n(i: int) -> cty.Value:
    return cty.number_int_val(i)


def test_an_unrefined_unknown_may_be_anything_of_its_type() -> None:
    r = U(N).range()
    assert r.type_constraint() is N
    assert r.could_be_null() and not r.definitely_not_null()
    assert r.number_lower_bound() == (cty.NegativeInfinity, False)
    assert r.number_upper_bound() == (cty.PositiveInfinity, False)
    assert U(S).range().string_prefix() == ""
    lr = U(cty.List(S)).range()
    assert (lr.length_lower_bound(), lr.length_upper_bound()) == (0, MAX_INT)


def test_known_values_are_their_own_range() -> None:
    assert cty.string_val("ami-1").range().string_prefix() == "ami-1"
    r = n(7).range()
    assert r.number_lower_bound() == (n(7), True) and r.number_upper_bound() == (n(7), True)
    assert r.definitely_not_null()
    lr = cty.list_val([cty.string_val("a"), U(S)]).range()
    assert (lr.length_lower_bound(), lr.length_upper_bound()) == (2, 2)
    sr = cty.set_val([cty.string_val("a"), U(S)]).range()  # the unknown may coalesce
    assert (sr.length_lower_bound(), sr.length_upper_bound()) == (0, MAX_INT)
    assert cty.null_val(S).range().could_be_null()
    assert not cty.null_val(S).range().definitely_not_null()
    assert cty.True_.range().definitely_not_null()


def test_a_range_of_type_any() -> None:
    r = cty.DynamicVal.range()
    assert r.number_lower_bound() == (U(N), False)
    assert r.string_prefix() == ""
    assert (r.length_lower_bound(), r.length_upper_bound()) == (0, MAX_INT)


@pytest.mark.parametrize("query", ["number_lower_bound", "number_upper_bound",
                                   "string_prefix", "length_lower_bound",
                                   "length_upper_bound"])
def test_asking_the_wrong_kind_of_range_is_a_type_error(query: str) -> None:
    with pytest.raises(TypeError):
        getattr(cty.True_.range(), query)()


def test_a_marked_value_has_no_range() -> None:
    with pytest.raises(ValueError, match="unmark"):
        cty.string_val("x").mark("m").range()


@pytest.mark.parametrize(("unknown", "value", "want"), [
    (U(S).refine().string_prefix_full("ami-").new_value(), cty.string_val("ami-1"),
     UNKNOWN_BOOL),
    (U(S).refine().string_prefix_full("ami-").new_value(), cty.string_val("snap-1"),
     cty.False_),
    (U(S).refine().string_prefix_full("ami-").new_value(), U(S), UNKNOWN_BOOL),
    (U(N).refine().number_range_inclusive(n(0), n(10)).new_value(), n(10), UNKNOWN_BOOL),
    (U(N).refine().number_range_inclusive(n(0), n(10)).new_value(), n(11), cty.False_),
    (U(N).refine().number_range_lower_bound(n(0), False).new_value(), n(0), cty.False_),
    (U(cty.List(S)).refine().collection_length_upper_bound(1).new_value(),
     cty.list_val([cty.string_val("a"), cty.string_val("b")]), cty.False_),
    (U(cty.List(S)).refine().collection_length_lower_bound(1).new_value(),
     cty.list_val([cty.string_val("a")]), UNKNOWN_BOOL),
    (U(S).refine_not_null(), cty.null_val(S), cty.False_),
    (U(S), cty.null_val(S), cty.True_),
    (cty.null_val(S), cty.null_val(S), cty.True_),
    (cty.null_val(S), cty.string_val("x"), cty.False_),
    (U(S), n(1), cty.False_),  # another type
    (U(S), cty.DynamicVal, cty.False_),  # any does not conform to string (go-cty too)
    (cty.DynamicVal, cty.string_val("x"), UNKNOWN_BOOL),
])
def test_includes(unknown: cty.Value, value: cty.Value, want: cty.Value) -> None:
    assert unknown.range().includes(value) == want


# --- laws -----------------------------------------------------------------------------------

Refiner = Callable[[cty.RefinementBuilder], cty.RefinementBuilder]
small = st.integers(-5, 5)

number_refiners: st.SearchStrategy[Refiner] = st.one_of(
    st.tuples(small, st.booleans()).map(
        lambda a: lambda b: b.number_range_lower_bound(n(a[0]), a[1])),
    st.tuples(small, st.booleans()).map(
        lambda a: lambda b: b.number_range_upper_bound(n(a[0]), a[1])),
    st.just(lambda b: b.not_null()),
)
string_refiners: st.SearchStrategy[Refiner] = st.one_of(
    st.text("ab-", max_size=3).map(lambda p: lambda b: b.string_prefix_full(p)),
    st.text("ab-", max_size=3).map(lambda p: lambda b: b.string_prefix(p)),
    st.just(lambda b: b.not_null()),
)
list_refiners: st.SearchStrategy[Refiner] = st.one_of(
    st.integers(0, 4).map(lambda k: lambda b: b.collection_length_lower_bound(k)),
    st.integers(0, 4).map(lambda k: lambda b: b.collection_length_upper_bound(k)),
    st.just(lambda b: b.not_null()),
)
cases = st.one_of(
    st.tuples(small.map(n), st.lists(number_refiners, max_size=4)),
    st.tuples(st.text("ab-", max_size=4).map(cty.string_val), st.lists(string_refiners,
                                                                         max_size=3)),
    st.tuples(st.integers(0, 4).map(lambda k: cty.list_val([cty.True_] * k) if k else
                                    cty.list_val_empty(cty.Bool)),
              st.lists(list_refiners, max_size=3)),
)


@given(cases)
def test_a_refined_range_includes_every_value_the_refinements_accept(
        case: tuple[cty.Value, list[Refiner]]) -> None:
    known, refiners = case
    try:
        assert known.refine_with(*refiners) == known  # refining a known value only checks
    except cty.CtyValueError:
        return  # the known value is outside: nothing to check
    unknown = U(known.type()).refine_with(*refiners)
    assert unknown.range().includes(known) != cty.False_


@given(cases)
def test_new_value_is_idempotent(case: tuple[cty.Value, list[Refiner]]) -> None:
    known, refiners = case
    builder = U(known.type()).refine()
    try:
        for refiner in refiners:
            refiner(builder)
        once = builder.new_value()
    except cty.CtyValueError:
        return
    assert once.refine().new_value() == once


def _wider_or_equal(wide: cty.ValueRange, narrow: cty.ValueRange) -> bool:
    """Return whether *wide* admits everything *narrow* admits, bound by bound."""
    if narrow.could_be_null() and not wide.could_be_null():
        return False
    t = narrow.type_constraint()
    if t is N:
        (wlo, wlo_inc), (nlo, nlo_inc) = wide.number_lower_bound(), narrow.number_lower_bound()
        (whi, whi_inc), (nhi, nhi_inc) = wide.number_upper_bound(), narrow.number_upper_bound()
        if wlo.greater_than(nlo).true() or (wlo.equals(nlo).true() and nlo_inc and not wlo_inc):
            return False
        if whi.less_than(nhi).true() or (whi.equals(nhi).true() and nhi_inc and not whi_inc):
            return False
    if t is S and not narrow.string_prefix().startswith(wide.string_prefix()):
        return False
    if t.is_collection_type():
        return (wide.length_lower_bound() <= narrow.length_lower_bound()
                and wide.length_upper_bound() >= narrow.length_upper_bound())
    return True


@given(cases)
def test_a_msgpack_round_trip_never_narrows_a_range(
        case: tuple[cty.Value, list[Refiner]]) -> None:
    from cty.encoding import msgpack

    known, refiners = case
    builder = U(known.type()).refine()
    try:
        for refiner in refiners:
            refiner(builder)
        v = builder.new_value()
    except cty.CtyValueError:
        return
    back = msgpack.unmarshal(msgpack.marshal(v, v.type()), v.type())
    assert _wider_or_equal(back.range(), v.range())
    # and for these short prefixes the range is the same (an empty refinement comes back as
    # none at all, as in go-cty: the same range)
    assert _wider_or_equal(v.range(), back.range())


@given(st.text(max_size=300).map(lambda t: "x" * 250 + t))
def test_a_long_prefix_comes_back_as_a_prefix_of_itself(text: str) -> None:
    from cty.encoding import msgpack

    v = U(S).refine().string_prefix(text).new_value()
    back = msgpack.unmarshal(msgpack.marshal(v, S), S)
    assert v.range().string_prefix().startswith(back.range().string_prefix())


@given(cases)
def test_gob_keeps_refinements_whole(case: tuple[cty.Value, list[Refiner]]) -> None:
    from cty.encoding import gob

    known, refiners = case
    builder = U(known.type()).refine()
    try:
        for refiner in refiners:
            refiner(builder)
        v = builder.new_value()
    except cty.CtyValueError:
        return
    assert gob.loads(gob.dumps(v)) == v
