"""_number.trunc: the integer part of a number, toward zero, exactly at any size."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cty import _number

DECIMALS = st.builds(lambda m, e: f"{m}e{e}", st.integers(-10**40, 10**40), st.integers(-60, 60))


@given(DECIMALS)
def test_trunc_is_the_exact_integer_part(text: str) -> None:
    n = _number.parse(text)
    assert _number.trunc(n) == int(_number.to_decimal(n))  # Decimal's int() truncates


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_trunc_of_floats_is_pythons(f: float) -> None:
    assert _number.trunc(_number.from_float(f)) == int(f)


def test_trunc_examples() -> None:
    assert [_number.trunc(_number.parse(t)) for t in ("1.5", "-1.5", "-0.5", "7", "-0")] == \
        [1, -1, 0, 7, 0]
    big = _number.parse("123456789012345678901234567890.5")
    assert _number.trunc(big) == 123456789012345678901234567890
