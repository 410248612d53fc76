"""Hypothesis laws for the core: equality, hashing, set order, marks, repr."""

from __future__ import annotations

from typing import Any

import gmpy2
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import cty
from cty._value_repr import value_repr
from cty.testing import strategies as cst

PRIMITIVES = [cty.String, cty.Number, cty.Bool]


def types(depth: int = 2) -> st.SearchStrategy[cty.Type]:
    base = st.sampled_from(PRIMITIVES)
    if depth == 0:
        return base
    inner = types(depth - 1)
    return st.one_of(
        base,
        inner.map(cty.List),
        inner.map(cty.Set),
        inner.map(cty.Map),
        st.lists(inner, max_size=3).map(cty.Tuple),
        st.dictionaries(st.sampled_from(["a", "b", "é", "name"]), inner, max_size=3).map(
            cty.Object),
    )


numbers = st.one_of(
    st.integers(-(2**70), 2**70).map(cty.number_val),
    st.floats(allow_nan=False).map(cty.number_float_val),
    st.decimals(allow_nan=False, allow_infinity=False, places=4).map(
        lambda d: cty.parse_number_val(str(d))),
    st.sampled_from([cty.Zero, cty.PositiveInfinity, cty.NegativeInfinity,
                     cty.parse_number_val("-0")]),
)
marks = st.frozensets(st.sampled_from(["sensitive", "ephemeral", 7]), max_size=2)


def known(t: cty.Type) -> st.SearchStrategy[cty.Value]:
    if t is cty.String:
        return st.text(alphabet="ab\u00e9e\u0301 ", max_size=4).map(cty.string_val)
    if t is cty.Number:
        return numbers
    if t is cty.Bool:
        return st.booleans().map(cty.bool_val)
    if t.is_list_type() or t.is_set_type():
        ety = t.element_type()
        make = cty.list_val if t.is_list_type() else cty.set_val
        empty = cty.list_val_empty if t.is_list_type() else cty.set_val_empty
        return st.lists(values(ety), max_size=3).map(lambda xs: make(xs) if xs else empty(ety))
    if t.is_map_type():
        ety = t.element_type()
        return st.dictionaries(st.sampled_from(["k", "l", "é"]), values(ety), max_size=3).map(
            lambda d: cty.map_val(d) if d else cty.map_val_empty(ety))
    if t.is_tuple_type():
        return st.tuples(*[values(e) for e in t.tuple_element_types()]).map(cty.tuple_val)
    attrs = t.attribute_types()
    return st.fixed_dictionaries({k: values(a) for k, a in attrs.items()}).map(cty.object_val)


def values(t: cty.Type) -> st.SearchStrategy[cty.Value]:
    plain = st.one_of(
        known(t),
        st.just(cty.null_val(t)),
        st.just(cty.unknown_val(t)),
    )
    return st.tuples(plain, marks).map(lambda vm: vm[0].with_marks(vm[1]))


any_value = types().flatmap(values)


@given(any_value, any_value, any_value)
def test_raw_equality_is_an_equivalence_and_hash_agrees(a: Any, b: Any, c: Any) -> None:
    assert a == a  # noqa: PLR0124 - reflexivity is the law under test
    assert (a == b) == (b == a)
    if a == b and b == c:
        assert a == c
    if a == b:
        assert hash(a) == hash(b)


@given(types().flatmap(lambda t: st.tuples(st.just(t), values(t), values(t))))
def test_equals_agrees_with_raw_equals_on_wholly_known_values(tab: Any) -> None:
    _, a, b = tab
    if a.is_wholly_known() and b.is_wholly_known() and a == b:
        assert a.equals(b).unmark()[0] == cty.True_


@given(types(1).flatmap(lambda t: st.lists(known(t), min_size=1, max_size=6)),
       st.randoms(use_true_random=False))
def test_set_order_does_not_depend_on_insertion_order(elems: Any, rnd: Any) -> None:
    shuffled = list(elems)
    rnd.shuffle(shuffled)
    a, marks_a = cty.set_val(elems).unmark()
    b, marks_b = cty.set_val(shuffled).unmark()
    assert marks_a == marks_b
    if a.is_wholly_known():
        assert [x for x in a] == [x for x in b]
    assert a.length_int() == b.length_int()


@given(numbers, numbers, marks, marks)
def test_marks_survive_every_number_operation(x: Any, y: Any, mx: Any, my: Any) -> None:
    a, b = x.with_marks(mx), y.with_marks(my)
    for op in ("add", "subtract", "multiply", "divide", "modulo", "less_than", "greater_than",
               "less_than_or_equal_to", "greater_than_or_equal_to", "equals", "not_equal"):
        try:
            r = getattr(a, op)(b)
        except ValueError:
            continue  # NaN-producing operations raise, as go-cty panics
        assert r.marks() == mx | my, op
    assert a.negate().marks() == mx
    assert a.absolute().marks() == mx


@given(any_value)
def test_repr_rebuilds_the_value(v: Any) -> None:
    # (repr redacts a value under a sensitive mark: the full text is what rebuilds it)
    assert eval(value_repr(v, redact=False), {"cty": cty, "gmpy2": gmpy2}) == v
    if not any(v.has_mark_deep(m) for m in cty.sensitive_marks()):
        assert repr(v) == value_repr(v, redact=False)


@given(st.text(alphabet="abcdefgh", min_size=12, max_size=20), st.sampled_from(
    ["sensitive", "other"]))
def test_repr_str_and_format_never_print_a_sensitive_value(secret: str, mark: str) -> None:
    v = cty.string_val(secret).mark(mark)
    values = [v, cty.list_val([v]), cty.set_val([v]), cty.map_val({"k": v}),
              cty.object_val({"a": v, "b": cty.string_val("shown")}), cty.tuple_val([v])]
    for value in values:
        for text in (repr(value), str(value), f"{value}", f"{value!r}"):
            assert (secret in text) == (mark != "sensitive"), text
        assert secret in value.go_string()  # (go-cty's exact text)
    assert repr(v) == "<sensitive cty.String>.mark('sensitive')" if mark == "sensitive" else \
        repr(v) == f"cty.string_val({secret!r}).mark('other')"


@pytest.mark.parametrize("inf", [
    cty.PositiveInfinity,
    cty.number_float_val(float("inf")),
    cty.number_float_val(float("inf")).add(cty.number_int_val(1)),  # (precision 64)
    cty.number_val(gmpy2.mpfr("inf", 700)),
])
def test_an_infinity_of_any_precision_prints_as_the_singleton(inf: cty.Value) -> None:
    assert repr(inf) == "cty.PositiveInfinity"
    assert repr(inf.negate()) == "cty.NegativeInfinity"
    assert repr(cty.list_val([inf])) == "cty.list_val([cty.PositiveInfinity])"
    assert eval(repr(inf), {"cty": cty}) == inf


def test_an_infinite_bound_other_than_the_singleton_keeps_its_precision() -> None:
    # (a refinement's bound at the singleton means "unbounded": another infinity is a bound)
    bound = cty.number_float_val(float("inf")).add(cty.number_int_val(1))
    u = cty.unknown_val(cty.Number).refine().number_range_upper_bound(bound, True).new_value()
    assert "gmpy2.mpfr('inf', 64)" in repr(u)
    assert eval(repr(u), {"cty": cty, "gmpy2": gmpy2}) == u


@given(cst.numbers, st.booleans())
@example(cty.number_float_val(2.451138308353255e16), False)  # (was written as 24511383083532550)
@example(cty.parse_number_val("1e-400000"), True)
def test_repr_rebuilds_a_refined_unknowns_bounds_at_their_precision(n: Any,
                                                                    inclusive: bool) -> None:
    for v in (cty.unknown_val(cty.Number).refine().number_range_upper_bound(n, inclusive),
              cty.unknown_val(cty.Number).refine().number_range_lower_bound(n, inclusive)):
        u = v.new_value()
        assert eval(repr(u), {"cty": cty, "gmpy2": gmpy2}) == u


@given(any_value)
def test_unknown_as_null_makes_values_wholly_known_and_keeps_marks(v: Any) -> None:
    r = cty.unknown_as_null(v)
    assert r.is_wholly_known()
    assert r.type() == v.type()
    assert r.marks() == v.marks()
