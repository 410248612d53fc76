"""Stdlib functions on large input keep go-cty's answers without its quadratic loops."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
import cty.testing.strategies as cst
from cty.function import stdlib

from .._examples import examples


def _distinct_by_definition(v: cty.Value) -> list[cty.Value]:
    """go-cty's distinct: each element compared with every one kept before it."""
    kept: list[cty.Value] = []
    for _, e in v.elements():
        if not any(k.equals(e).true() for k in kept):
            kept.append(e)
    return kept


@settings(max_examples=examples(300))
@given(cst.types(max_depth=2).filter(lambda t: not t.has_dynamic_types()).flatmap(
    lambda t: st.lists(cst.values_conforming(t, unknowns=False, marks=("m",)), min_size=1,
                       max_size=8).map(lambda es: es + es[::2])))
@pytest.mark.slow
def test_distinct_keeps_the_first_of_each_equal_element(elements: list[cty.Value]) -> None:
    v = cty.list_val(elements)
    plain, marks = v.unmark_deep()
    got = stdlib.distinct(v)  # (the function sees its argument unmarked, and marks its result)
    assert got.marks() == marks
    assert [e for _, e in got.unmark()[0].elements()] == _distinct_by_definition(plain)


def test_distinct_compares_numbers_by_value_and_ignores_marks() -> None:
    v = cty.list_val([cty.number_int_val(1), cty.parse_number_val("1.0").mark("m"),
                      cty.number_float_val(0.5), cty.parse_number_val("0.50"),
                      cty.number_int_val(1).mark("x")])
    want = cty.list_val([cty.number_int_val(1), cty.number_float_val(0.5)])
    assert stdlib.distinct(v) == want.mark("m").mark("x")


@pytest.mark.slow
def test_distinct_of_100_000_elements() -> None:
    # (quadratic before: 82 s for 10,000; each element is now compared only with its hash's)
    v = cty.list_val([cty.number_int_val(i % 1_000) for i in range(100_000)])
    got = stdlib.distinct(v)
    assert got.length_int() == 1_000
    assert got == cty.list_val([cty.number_int_val(i) for i in range(1_000)])
