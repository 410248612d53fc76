"""The fast paths for sets of numbers and strings agree with the general ones.

A fraction from a Python float is keyed by Python's float formatting instead of Go's, and a
Python set of ints and floats is ordered by Python's sort instead of coalesced and sorted:
both must give exactly what the general code gives.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cty
from cty import _number

FINITE = st.floats(allow_nan=False, allow_infinity=False)
NUMBERS = st.one_of(st.floats(allow_nan=False), st.integers(), st.integers(-2**80, 2**80))


@given(FINITE)
def test_the_float_set_key_is_the_general_key(f: float) -> None:
    n = _number.from_float(f)
    fast = _number.float_set_key(n) if _number.is_mpfr(n) else None
    if fast is not None:
        assert fast == (_number.format_g10(n), _number.eq_key(n))


def test_the_float_set_key_covers_the_usual_fractions() -> None:
    assert _number.float_set_key(_number.from_float(0.25 + 1e-3)) is not None
    for f in (0.5, 1.0, 2.0 ** 60 + 0.0, 5e-324):  # powers of two, whole, huge, subnormal
        n = _number.from_float(f)
        assert not _number.is_mpfr(n) or _number.float_set_key(n) is None
    assert _number.float_set_key(cty.parse_number_val("0.1")._v) is None  # 512 bits


@given(st.sets(NUMBERS, max_size=40))
def test_a_python_set_of_numbers_builds_as_a_list_of_them_does(items: set[float]) -> None:
    ty = cty.Set(cty.Number)
    fast = cty.from_python(items, ty)
    general = cty.from_python(list(items), ty)
    assert fast.raw_equals(general)
    assert [e.go_string() for e in fast.as_value_slice()] == \
        [e.go_string() for e in general.as_value_slice()]
    by_values = cty.set_val([cty.from_python(x, cty.Number) for x in items]) if items \
        else cty.set_val_empty(cty.Number)
    assert fast.raw_equals(by_values)


@given(st.lists(st.one_of(NUMBERS, st.sampled_from([0, 0.0, -0.0, 1, 1.0, 2.5])), max_size=40),
       st.booleans())
def test_a_list_of_numbers_builds_as_the_set_of_its_elements(items: list[float],
                                                             as_tuple: bool) -> None:
    # Duplicates (1 and 1.0: the first stays), zeros of both signs (go-cty keeps them
    # apart) and big ints beside floats, all as cty.set_val makes them one value at a time.
    ty = cty.Set(cty.Number)
    fast = cty.from_python(tuple(items) if as_tuple else items, ty)
    by_values = cty.set_val([cty.from_python(x, cty.Number) for x in items]) if items \
        else cty.set_val_empty(cty.Number)
    assert fast.raw_equals(by_values)
    assert [e.go_string() for e in fast.as_value_slice()] == \
        [e.go_string() for e in by_values.as_value_slice()]


def test_zeros_of_both_signs_in_a_list_stay_two_elements() -> None:
    v = cty.from_python([0, -0.0, 3], cty.Set(cty.Number))
    assert [e.go_string() for e in v.as_value_slice()] == \
        ["cty.NumberIntVal(-0)", "cty.NumberIntVal(0)", "cty.NumberIntVal(3)"]


def test_a_nan_in_a_python_set_is_refused() -> None:
    for items in ({1.0, math.nan, 2}, [1.0, math.nan, 2], (math.nan,)):
        with pytest.raises(cty.PathError, match="NaN is not a number value"):
            cty.from_python(items, cty.Set(cty.Number))


@given(st.sets(st.text(max_size=6), max_size=30))
def test_a_python_set_of_strings_builds_as_a_list_of_them_does(items: set[str]) -> None:
    ty = cty.Set(cty.String)
    fast = cty.from_python(items, ty)
    assert fast.raw_equals(cty.from_python(list(items), ty))
    assert all(type(e.as_string()) is str for e in fast.as_value_slice())


def test_str_subclasses_in_a_python_set_become_plain_strings() -> None:
    class Name(str):
        pass

    v = cty.from_python(frozenset({Name("b"), "a"}), cty.Set(cty.String))
    assert [type(e.as_string()) for e in v.as_value_slice()] == [str, str]
    assert v == cty.set_val([cty.string_val("a"), cty.string_val("b")])
