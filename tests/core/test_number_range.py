"""Numbers have Go's binary exponent range (-2**31 .. 2**31 - 1), in every thread.

The expected results come from Go itself: data/go_float_range.go asks math/big, and its output
is data/go_float_range.txt (Text('p', 0) forms of 512-bit results).
"""

from __future__ import annotations

import concurrent.futures
from pathlib import Path

import gmpy2
import pytest

import cty
from cty import _mpfr_range
from cty import _number as N

GO_RESULTS = Path(__file__).parent / "data" / "go_float_range.txt"


def go_p_text(n: N.Num) -> str:
    """Return Go's Text('p', 0) of a number: 0x.<hex mantissa>p<exponent>, 0 or +-Inf."""
    x = N.as_mpfr(n)
    if N.is_inf(x):
        return "-Inf" if N.sign(x) < 0 else "+Inf"
    if not x:
        return "-0" if N.is_neg_zero(x) else "0"
    m, e = x.as_mantissa_exp()
    sign = "-" if m < 0 else ""
    m = abs(int(m))
    exp = int(e) + m.bit_length()  # Go's exponent: 0.5 <= mantissa < 1
    m >>= (m & -m).bit_length() - 1  # drop trailing zero bits
    m <<= -m.bit_length() % 4  # the leading bit at the top of a hex digit
    return f"{sign}0x.{m:x}p{exp:+d}"


def go_cases() -> list[tuple[str, list[str], str]]:
    cases = []
    for line in GO_RESULTS.read_text().splitlines():
        op, _, rest = line.partition(" ")
        *operands, result = rest.split(" ", 1 if op == "parse" else 2)
        cases.append((op, operands, result))
    return cases


def compute(op: str, operands: list[str]) -> str:
    if op == "parse":
        try:
            return go_p_text(N.parse(operands[0]))
        except N.NumberSyntaxError as err:
            return f"error:{err.reason}"
    a, b = (N.parse(t) for t in operands)
    result = {"mul": N.mul, "quo": N.div, "add": N.add, "sub": N.sub}[op](a, b)
    return go_p_text(result)


def test_this_platform_has_gos_range() -> None:
    # Linux wheels of gmpy2 bundle MPFR where it can be found; elsewhere the range stays
    # MPFR's default, which the module documents.
    assert _mpfr_range.WIDE
    assert (_mpfr_range.EMIN, _mpfr_range.EMAX) == (-(1 << 31), (1 << 31) - 1)


@pytest.mark.parametrize(("op", "operands", "expected"), go_cases(),
                         ids=lambda x: x if isinstance(x, str) else " ".join(x))
def test_results_at_the_edge_of_the_range_are_gos(op: str, operands: list[str],
                                                  expected: str) -> None:
    assert compute(op, operands) == expected


def test_every_thread_gets_gos_range() -> None:
    cases = go_cases()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        got = list(pool.map(lambda case: compute(case[0], case[1]), cases))
    assert got == [expected for _, _, expected in cases]


def test_values_beyond_mpfrs_default_range_stay_finite() -> None:
    big = cty.parse_number_val("1e300000000")
    square = big.multiply(big)
    assert square.as_big_float().is_finite()
    assert N.format_g10(N.as_mpfr(square.as_big_float())) == "1e+600000000"
    assert square.divide(big).equals(big).true()
    tiny = cty.number_int_val(1).divide(square)
    assert N.format_g10(tiny.as_big_float()) == "1e-600000000"
    assert tiny.multiply(square).equals(cty.number_int_val(1)).true()
    assert square.multiply(big).as_big_float().is_infinite()  # past Go's range, as in Go


def test_the_callers_gmpy2_context_keeps_its_own_range() -> None:
    N.parse("1e400000000")
    ctx = gmpy2.context(precision=53)
    assert ctx.emax == (1 << 30) - 1
    assert ctx.mul_2exp(gmpy2.mpfr(1), (1 << 30) + 5).is_infinite()
    assert gmpy2.mul_2exp(gmpy2.mpfr(1), (1 << 30) + 5).is_infinite()
