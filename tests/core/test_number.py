"""cty._number: Go big.Float parsing, formatting, precision rules and equality.

Three kinds of check:
* tables: the inventory's concrete results, go-cty's value_ops_test.go arithmetic cases,
  parse accept/reject lists, formatting, equality and the NaN errors;
* every number line of go-cty's vectors (strings.jsonl number_parse/number_format and the
  arithmetic lines of ops.jsonl), run straight against the module;
* properties against independent references written here: a literal transcription of Go's
  decimal/roundShortest/ftoa on full decimal expansions, and exact rational arithmetic with
  Go's round-to-nearest-even at a precision.
"""

from __future__ import annotations

import json
import math
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import gmpy2
import pytest
from gmpy2 import mpfr, mpz
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cty import _number as N

from .._examples import examples

VECTORS = Path(__file__).resolve().parent.parent / "vectors"

P = N.parse
F = N.from_float
INF = N.POS_INF
NINF = N.NEG_INF


def exact(n: Any) -> Fraction:
    """The exact value of a finite payload."""
    if isinstance(n, int):
        return Fraction(n)
    num, den = n.as_integer_ratio()
    return Fraction(int(num), int(den))


def go_round(q: Fraction, prec: int) -> Fraction:
    """q rounded to *prec* significant bits, nearest even (big.Float rounding, any exponent)."""
    if q == 0:
        return q
    neg = q < 0
    a = -q if neg else q
    n, d = a.numerator, a.denominator
    e = n.bit_length() - d.bit_length() - prec
    while True:
        num, den = (n, d << e) if e >= 0 else (n << -e, d)
        m, r = divmod(num, den)
        if m >= 1 << prec:
            e += 1
        elif m < 1 << (prec - 1):
            e -= 1
        else:
            break
    if 2 * r > den or (2 * r == den and m & 1):
        m += 1
    res = m * Fraction(2) ** e
    return -res if neg else res


def min_prec(q: Fraction) -> int:
    """big.Float.MinPrec of a dyadic rational."""
    if q == 0:
        return 0
    m = abs(q.numerator)
    return m.bit_length() - ((m & -m).bit_length() - 1)


def mpfr_of(m: int, e: int, prec: int) -> Any:
    """The mpfr m * 2**e at precision prec (m must fit)."""
    c = gmpy2.context(precision=prec)
    return c.mul_2exp(c.add(m, mpfr(0, 2)), e)


# --- a literal transcription of Go's math/big decimal + roundShortest + ftoa --------------------


class GoDecimal:
    """Go's big.decimal on a full expansion: 0.mant * 10**exp, no trailing zeros."""

    def __init__(self, m: int, shift: int) -> None:
        if m == 0:
            self.mant, self.exp = "", 0
            return
        if shift >= 0:
            s = (mpz(m) << shift).digits()
            self.exp = len(s)
        else:
            s = (mpz(m) * mpz(5) ** -shift).digits()
            self.exp = len(s) + shift
        self.mant = s.rstrip("0")

    def at(self, i: int) -> str:
        return self.mant[i] if 0 <= i < len(self.mant) else "0"

    def round(self, n: int) -> None:
        if n < 0 or n >= len(self.mant):
            return
        if self.mant[n] == "5" and n + 1 == len(self.mant):
            up = n > 0 and int(self.mant[n - 1]) % 2 == 1
        else:
            up = self.mant[n] >= "5"
        if up:
            self.round_up(n)
        else:
            self.round_down(n)

    def round_up(self, n: int) -> None:
        if n < 0 or n >= len(self.mant):
            return
        while n > 0 and self.mant[n - 1] >= "9":
            n -= 1
        if n == 0:
            self.mant = "1"
            self.exp += 1
            return
        self.mant = self.mant[: n - 1] + chr(ord(self.mant[n - 1]) + 1)

    def round_down(self, n: int) -> None:
        if n < 0 or n >= len(self.mant):
            return
        self.mant = self.mant[:n].rstrip("0")
        if not self.mant:
            self.exp = 0


def go_round_shortest(d: GoDecimal, mant: int, exp: int, prec: int) -> None:
    if not d.mant:
        return
    s = mant.bit_length() - (prec + 1)
    mant = mant >> s if s > 0 else mant << -s
    exp += s
    lower = GoDecimal(mant - 1, exp)
    upper = GoDecimal(mant + 1, exp)
    inclusive = mant & 2 == 0
    for i, m in enumerate(d.mant):
        lo, up = lower.at(i), upper.at(i)
        okdown = lo != m or (inclusive and i + 1 == len(lower.mant))
        okup = m != up and (inclusive or ord(m) + 1 < ord(up) or i + 1 < len(upper.mant))
        if okdown and okup:
            d.round(i + 1)
            return
        if okdown:
            d.round_down(i + 1)
            return
        if okup:
            d.round_up(i + 1)
            return


def go_fmt_e(d: GoDecimal, prec: int) -> str:
    out = d.mant[0] if d.mant else "0"
    if prec > 0:
        out += "."
        i, m = 1, min(len(d.mant), prec + 1)
        if i < m:
            out += d.mant[i:m]
            i = m
        out += "0" * (prec + 1 - i)
    exp = d.exp - 1 if d.mant else 0
    return out + ("e-" if exp < 0 else "e+") + f"{abs(exp):02d}"


def go_fmt_f(d: GoDecimal, prec: int) -> str:
    if d.exp > 0:
        m = min(len(d.mant), d.exp)
        out = d.mant[:m] + "0" * (d.exp - m)
    else:
        out = "0"
    if prec > 0:
        out += "." + "".join(d.at(d.exp + i) for i in range(prec))
    return out


def go_text(x: Any, fmt: str, prec: int) -> str:
    """big.Float.Text(fmt, prec) of a finite or infinite mpfr, literally."""
    if gmpy2.is_infinite(x):
        return "-Inf" if x < 0 else "+Inf"
    out = "-" if gmpy2.is_signed(x) else ""
    m, e = (0, 0) if not x else (int(abs(x.as_mantissa_exp()[0])), int(x.as_mantissa_exp()[1]))
    d = GoDecimal(m, e)
    shortest = prec < 0
    if shortest:
        go_round_shortest(d, m, e, x.precision)
        prec = max(len(d.mant) - d.exp, 0) if fmt == "f" else len(d.mant)
    elif fmt == "f":
        d.round(d.exp + prec)
    else:
        prec = prec or 1
        d.round(prec)
    if fmt == "f":
        return out + go_fmt_f(d, prec)
    eprec = prec
    if eprec > len(d.mant) and len(d.mant) >= d.exp:
        eprec = len(d.mant)
    if shortest:
        eprec = 6
    exp = d.exp - 1
    if exp < -4 or exp >= eprec:
        prec = min(prec, len(d.mant))
        return out + go_fmt_e(d, prec - 1)
    if prec > d.exp:
        prec = len(d.mant)
    return out + go_fmt_f(d, max(prec - d.exp, 0))


# --- the inventory's concrete results (section 1.1) -------------------------------------------

CONCRETE = [
    ("1 + 0.1f", lambda: N.add(1, F(0.1)), "1.1000000000000000056", 64),
    ("0.1f + 0.2f", lambda: N.add(F(0.1), F(0.2)), "0.30000000000000004", 53),
    ("0.1 + 0.2 parsed", lambda: N.add(P("0.1"), P("0.2")), "0.3", 512),
    ("1 / 3", lambda: N.div(1, 3), "0.33333333333333333334", 64),
    ("2 / 3", lambda: N.div(2, 3), "0.6666666666666666667", 64),
    ("0.1f * 0.1f", lambda: N.mul(F(0.1), F(0.1)), "0.0100000000000000011102230246251566", 104),
    ("1.1f * 3", lambda: N.mul(F(1.1), 3), "3.3000000000000002665", 64),
    ("1.1 parsed * 3", lambda: N.mul(P("1.1"), 3), "3.3" + "0" * 152 + "2", 512),
]


@pytest.mark.parametrize(("name", "make", "text", "prec"), CONCRETE, ids=[c[0] for c in CONCRETE])
def test_inventory_concrete_results(name: str, make: Any, text: str, prec: int) -> None:
    r = make()
    assert N.format_f(r) == text
    assert N.precision(r) == prec


def test_inventory_float_square_equals_parsed() -> None:
    sq = N.mul(F(22337203685475.5), F(22337203685475.5))
    assert N.equal(sq, P("498950668486420259929661100.2"))


# --- parsing ---------------------------------------------------------------------------------

PARSE_OK = [
    ("123", "123"), ("1.5", "1.5"), (".5", "0.5"), ("5.", "5"), ("00012", "12"),
    ("1e3", "1000"), ("1E-3", "0.001"), ("1.e3", "1000"), ("+.5e-3", "0.0005"),
    ("-.5e-3", "-0.0005"), ("+5", "5"), ("-0", "-0"), ("+0", "0"), ("0.000", "0"),
    ("-0.0e5", "-0"), ("1p3", "8"), ("0.5p1", "1"), ("1P-2", "0.25"), ("3p0", "3"),
    ("1.5p1", "3"), ("inf", "+Inf"), ("Inf", "+Inf"), ("+Inf", "+Inf"), ("+inf", "+Inf"),
    ("-inf", "-Inf"), ("-Inf", "-Inf"), ("1e+0003", "1000"), ("1e-0", "1"),
    ("1e000000000000000000000000000003", "1000"), ("0e999999999999999999", "0"),
    ("1e999999999", "+Inf"), ("-1e999999999", "-Inf"), ("1e-999999999", "0"),
    ("-1e-999999999", "-0"), ("1e-2147483647", "0"), ("1e-2147483649", "0"),
    ("0.1", "0.1"), ("0.30000000000000004", "0.30000000000000004"),
    ("123.456e30", "123456000000000000000000000000000"), ("1e21", "1" + "0" * 21),
    ("1e100", "1" + "0" * 100), ("5e-324", "0." + "0" * 323 + "5"),
]

PARSE_BAD = [
    "", " 5", "5 ", "5\n", "\t5", "INF", "Infinity", "infinity", "NaN", "nan", "0x10", "0b101",
    "0o17", "1_000", "1e", "e3", "-", "+", ".", "-.", "+-1", "--1", "1e+", "1e-", "1e+-3",
    "1.2.3", "1..2", "1e3.5", "1e3e4", "1p", "0x1p-2", "١", "１", "1\u0301", "1,000", "1 000",
    "true", "0-1", "1e9223372036854775808", "1e-9223372036854775809",
    "1e99999999999999999999", "1e2147483648", "1p2147483647", "1p-2147483650",
    "1e-9223372036854775808", "1e-2147483650",
    "0e9223372036854775808",
]


@pytest.mark.parametrize(("text", "want"), PARSE_OK)
def test_parse_accepts_what_go_accepts(text: str, want: str) -> None:
    x = P(text)
    assert N.format_f(x) == want
    assert N.precision(x) == 512
    assert not isinstance(x, int)


@pytest.mark.parametrize("text", PARSE_BAD)
def test_parse_rejects_the_rest(text: str) -> None:
    with pytest.raises(ValueError, match=r"^a number is required$"):
        P(text)


def test_parse_exponent_overflow_says_so() -> None:
    with pytest.raises(N.NumberSyntaxError) as info:
        P("1e2147483648")
    assert info.value.reason == "exponent overflow"
    assert "exponent overflow" in repr(info.value)
    assert str(info.value) == "a number is required"


def test_parse_gives_512_bit_values_not_ints_or_singletons() -> None:
    assert N.precision(P("5")) == 512
    assert N.is_mpfr(P("5"))
    assert P("inf") is not INF
    assert N.precision(P("inf")) == 512


def test_parse_of_exact_decimals_is_correctly_rounded() -> None:
    # Go's powers of five are exact up to 5**27, so these round once
    for text, q in [("0.1", Fraction(1, 10)), ("2.5e-20", Fraction(1, 4 * 10**19)),
                    ("1.7976931348623157e308", Fraction(17976931348623157) * 10**292)]:
        assert exact(P(text)) == go_round(q, 512)


def test_parse_of_long_and_huge_inputs_does_not_hang() -> None:
    digits = "7" * 200_000
    x = P(digits)
    assert exact(x) == go_round(Fraction(int(mpz(digits))), 512)
    y = P("0." + digits)
    assert N.format_f(y).startswith("0.7777777")
    z = P("1e300000000")  # a 996578428-bit exponent: within range, and quick
    assert N.format_g10(z) == "1e+300000000"
    assert N.format_g10(P("1e400000000")) == "1e+400000000"  # Go's 32-bit exponent range
    assert N.format_g10(P("1e-400000000")) == "1e-400000000"
    assert N.is_inf(P("1e999999999"))
    assert N.format_f(P("1e-999999999")) == "0"


def go_pow5(n: int) -> Fraction:
    """Go's Float.pow5 at 576 bits (f at 640), exactly as rounded there."""
    if n <= 27:
        return Fraction(5**n)
    z = Fraction(5**27)
    f = Fraction(5)
    n -= 27
    while n > 0:
        if n & 1:
            z = go_round(z * f, 576)
        f = go_round(f * f, 640)
        n >>= 1
    return z


def go_parse_reference(mant: int, frac_digits: int, exp10: int) -> Fraction:
    """big.ParseFloat(mant / 10**frac_digits * 10**exp10, 512) with Go's own powers of five."""
    exp5 = exp10 - frac_digits
    if exp5 == 0:
        return go_round(Fraction(mant), 512)
    scaled = mant * Fraction(2) ** exp5
    if exp5 < 0:
        return go_round(scaled / go_pow5(-exp5), 512)
    return go_round(scaled * go_pow5(exp5), 512)


@settings(max_examples=examples(300))
@given(st.integers(1, 10**60), st.integers(0, 40), st.integers(-400, 400))
@example(1, 0, 28)
@example(1, 0, -28)
@example(123456789, 9, -300)
@example(7, 0, 340)
def test_parse_matches_go_pow5_arithmetic(mant: int, frac_digits: int, exp10: int) -> None:
    digits = str(mant).rjust(frac_digits + 1, "0")
    text = digits[: len(digits) - frac_digits] + "." + digits[len(digits) - frac_digits:]
    assert exact(P(f"{text}e{exp10}")) == go_parse_reference(mant, frac_digits, exp10)


# --- construction and inspection ------------------------------------------------------------


def test_constructors_and_precisions() -> None:
    assert N.from_int(5) == 5 and isinstance(N.from_int(5), int)
    assert N.precision(5) == 64
    assert N.precision(-(2**64 - 1)) == 64
    assert N.precision(2**100) == 101
    assert N.precision(F(0.5)) == 53
    assert N.precision(N.ZERO) == 53 and N.ZERO == 0 and not N.is_neg_zero(N.ZERO)
    assert N.precision(INF) == 0 and N.precision(NINF) == 0
    assert N.precision(F(math.inf)) == 53 and F(math.inf) is not INF
    assert N.is_neg_zero(F(-0.0)) and N.precision(F(-0.0)) == 53
    assert exact(F(0.1)) == Fraction(0.1)
    assert N.precision(N.from_mpfr(mpfr("1.25", 20))) == 20
    assert N.from_mpfr(mpfr(7, 64)) == 7 and isinstance(N.from_mpfr(mpfr(7, 64)), int)
    assert N.precision(N.from_fraction(Fraction(1, 3))) == 512
    assert exact(N.from_fraction(Fraction(1, 3))) == go_round(Fraction(1, 3), 512)
    assert N.format_f(N.from_decimal(Decimal("1.50"))) == "1.5"
    assert N.format_f(N.from_decimal(Decimal("-Infinity"))) == "-Inf"


@pytest.mark.parametrize("bad", [math.nan, -math.nan])
def test_nan_is_refused(bad: float) -> None:
    with pytest.raises(ValueError, match="NaN"):
        F(bad)
    with pytest.raises(ValueError, match="NaN"):
        N.from_mpfr(mpfr("nan"))
    with pytest.raises(ValueError, match="NaN"):
        N.from_decimal(Decimal("NaN"))


def test_inspection_helpers() -> None:
    assert N.is_integer(5) and N.is_integer(P("5")) and N.is_integer(F(-0.0))
    assert not N.is_integer(P("0.5")) and not N.is_integer(INF)
    assert N.is_inf(INF) and N.is_inf(P("-inf")) and not N.is_inf(5)
    assert [N.sign(x) for x in (-3, 0, 3, F(-0.0), P("-2.5"), NINF, INF)] == [-1, 0, 1, 0, -1,
                                                                              -1, 1]
    assert N.to_int(P("1e30")) == 10**30
    with pytest.raises(ValueError):
        N.to_int(P("0.5"))
    with pytest.raises(ValueError):
        N.to_int(INF)
    assert N.int64_value(P("-9223372036854775808")) == -(2**63)
    assert N.int64_value(P("9223372036854775808")) is None
    assert N.int64_value(F(-0.0)) == 0
    assert N.int64_value(P("1.5")) is None
    assert N.uint64_value(2**64 - 1) == 2**64 - 1 and N.uint64_value(-1) is None
    assert N.uint64_value(P("18446744073709551616")) is None
    assert N.float64_value(P("0.5")) == 0.5
    assert N.float64_value(P("0.1")) is None
    assert N.float64_value(F(0.1)) == 0.1
    assert N.float64_value(INF) == math.inf
    assert N.float64_value(P("1e400")) is None
    assert N.float64_value(P("5e-324")) is None
    assert N.float64_value(F(5e-324)) == 5e-324
    assert N.float64_value(2**53 + 1) is None and N.float64_value(2**60) == 2.0**60
    assert N.to_float(P("0.1")) == 0.1 and N.to_float(2**2000) == math.inf
    assert N.to_float(P("1e-320")) == 1e-320
    assert N.to_decimal(P("0.5")) == Decimal("0.5")
    assert N.to_decimal(F(0.1)) == Decimal.from_float(0.1)
    assert str(N.to_decimal(F(-0.0))) == "-0"
    assert N.to_exact_text(F(0.1)) == str(Decimal.from_float(0.1))
    assert N.to_exact_text(F(-0.0)) == "-0" and N.to_exact_text(NINF) == "-inf"
    a = N.as_mpfr(5)
    assert a == 5 and a.precision == 64
    assert N.as_mpfr(INF) is not INF and N.precision(N.as_mpfr(INF)) == 0


# --- formatting --------------------------------------------------------------------------------

FORMATS = [
    # value, Text('f',-1), Text('g',10), Text('g',-1), GoString
    (0, "0", "0", "0", "cty.NumberIntVal(0)"),
    (-5, "-5", "-5", "-5", "cty.NumberIntVal(-5)"),
    (1000000, "1000000", "1000000", "1e+06", "cty.NumberIntVal(1e+06)"),
    (123456, "123456", "123456", "123456", "cty.NumberIntVal(123456)"),
    (12345678901, "12345678901", "1.23456789e+10", "1.2345678901e+10",
     "cty.NumberIntVal(1.2345678901e+10)"),
    (2**64 - 1, "18446744073709551615", "1.844674407e+19", "1.8446744073709551615e+19",
     "cty.NumberIntVal(1.8446744073709551615e+19)"),
    (F(-0.0), "-0", "-0", "-0", "cty.NumberIntVal(-0)"),
    (N.ZERO, "0", "0", "0", "cty.NumberIntVal(0)"),
    (INF, "+Inf", "+Inf", "+Inf", "cty.NumberFloatVal(+Inf)"),
    (NINF, "-Inf", "-Inf", "-Inf", "cty.NumberFloatVal(-Inf)"),
    (F(0.1), "0.1", "0.1", "0.1", "cty.NumberFloatVal(0.1)"),
    (F(1e-5), "0.00001", "1e-05", "1e-05", "cty.NumberFloatVal(1e-05)"),
    (F(1.5e-7), "0.00000015", "1.5e-07", "1.5e-07", "cty.NumberFloatVal(1.5e-07)"),
    (F(1e21), "1" + "0" * 21, "1e+21", "1e+21", "cty.NumberIntVal(1e+21)"),
    (F(2.0**64), "18446744073709550000", "1.844674407e+19", "1.844674407370955e+19",
     "cty.NumberIntVal(1.844674407370955e+19)"),
    (F(12345678.5), "12345678.5", "12345678.5", "1.23456785e+07",
     "cty.NumberFloatVal(1.23456785e+07)"),
    (F(1 / 3), "0.3333333333333333", "0.3333333333", "0.3333333333333333",
     "cty.NumberFloatVal(0.3333333333333333)"),
    (P("0.1"), "0.1", "0.1", "0.1", 'cty.MustParseNumberVal("0.1")'),
    (P("1.23456789e10"), "12345678900", "1.23456789e+10", "1.23456789e+10",
     "cty.NumberIntVal(1.23456789e+10)"),
    (P("-2.5"), "-2.5", "-2.5", "-2.5", "cty.NumberFloatVal(-2.5)"),
    (P("1e100"), "1" + "0" * 100, "1e+100", "1e+100", "cty.NumberIntVal(1e+100)"),
    (P("3.14159265358979323846264338327950288419716939937510582097494459"),
     "3.14159265358979323846264338327950288419716939937510582097494459", "3.141592654",
     "3.14159265358979323846264338327950288419716939937510582097494459",
     'cty.MustParseNumberVal("3.14159265358979323846264338327950288419716939937510582097494459")'),
    (N.div(1, 3), "0.33333333333333333334", "0.3333333333", "0.33333333333333333334",
     'cty.MustParseNumberVal("0.33333333333333333334")'),
    (P("0.000123456789012"), "0.000123456789012", "0.000123456789", "0.000123456789012",
     'cty.MustParseNumberVal("0.000123456789012")'),
    (P("9999999999.5"), "9999999999.5", "1e+10", "9.9999999995e+09",
     'cty.NumberFloatVal(9.9999999995e+09)'),
    (P("0.00001"), "0.00001", "1e-05", "1e-05", 'cty.MustParseNumberVal("0.00001")'),
]


@pytest.mark.parametrize(("value", "f", "g10", "g", "gostring"), FORMATS,
                         ids=[f[1][:30] for f in FORMATS])
def test_formats(value: Any, f: str, g10: str, g: str, gostring: str) -> None:
    assert N.format_f(value) == f
    assert N.format_g10(value) == g10
    assert N.format_g(value) == g
    assert N.gostring(value) == gostring


def test_format_of_huge_ints_has_no_length_limit() -> None:
    big = 7**20000
    text = str(mpz(big))
    assert N.format_f(big) == text and N.format_f(-big) == "-" + text
    rounded = P(text)
    assert N.format_f(rounded) == go_text(rounded, "f", -1)
    assert N.format_f(rounded).startswith(text[:150]) and len(N.format_f(rounded)) == len(text)
    assert N.format_g10(big) == go_text(N.as_mpfr(big), "g", 10)
    assert N.format_g10(big).endswith(f"e+{len(text) - 1}")


def test_shortest_uses_the_values_own_precision() -> None:
    assert N.format_f(F(0.1)) == "0.1"
    same_value_at_512 = N.from_mpfr(gmpy2.context(precision=512).add(0.1, mpfr(0, 2)))
    assert N.format_f(same_value_at_512) == str(Decimal.from_float(0.1))
    assert N.format_f(F(2.0**100)) == "1267650600228229400000000000000"
    # a power of two: big.Float's halfway points are symmetric, unlike strconv's, so a
    # number that Python's repr prints shorter can need more digits here (and vice versa)
    x = F(2.0**-1000)
    assert N.format_f(x) == go_text(N.as_mpfr(x), "f", -1)
    assert N.format_f(F(5e-324)) == "0." + "0" * 323 + "4940656458412465"


GO_QUIRK_CASES = [
    # (mantissa, exponent, precision): Go's digit walk stops rounding up once the upper
    # halfway point's expansion has ended, so it picks 2360 where 2370 is nearer
    (37, 6, 6),
    (3, -2, 2), (7, -2, 3), (11, -2, 4), (1, 0, 1), (1, 5, 1), (1, -7, 1),
]


@pytest.mark.parametrize(("m", "e", "prec"), GO_QUIRK_CASES)
def test_formats_follow_go_literally_on_odd_precisions(m: int, e: int, prec: int) -> None:
    x = N.from_mpfr(mpfr_of(m, e, prec))
    for fmt, p, fn in (("f", -1, N.format_f), ("g", -1, N.format_g), ("g", 10, N.format_g10)):
        assert fn(x) == go_text(N.as_mpfr(x), fmt, p)
    if (m, e, prec) == (37, 6, 6):
        assert N.format_f(x) == "2360"


def test_formats_agree_with_go_for_every_small_precision_value() -> None:
    for prec in range(1, 9):
        for m in range(1 << (prec - 1), 1 << prec):
            for e in range(-12, 14):
                x = N.from_mpfr(mpfr_of(m, e, prec))
                assert N.format_f(x) == go_text(mpfr_of(m, e, prec), "f", -1), (m, e, prec)
                assert N.format_g(x) == go_text(mpfr_of(m, e, prec), "g", -1), (m, e, prec)


@st.composite
def mpfrs(draw: Any, precisions: Any = None) -> Any:
    if precisions is None:
        precisions = st.one_of(st.sampled_from([53, 64, 100, 104, 512]), st.integers(1, 700))
    prec = draw(precisions)
    m = draw(st.integers(1 << (prec - 1), (1 << prec) - 1))
    m >>= draw(st.integers(0, prec - 1)) if draw(st.booleans()) else 0
    e = draw(st.one_of(st.integers(-prec - 12, -prec + 12), st.integers(-1600, 1600),
                       st.integers(-80, 80)))
    x = mpfr_of(max(m, 1), e, prec)
    return gmpy2.context(precision=prec).minus(x) if draw(st.booleans()) else x


@st.composite
def near_powers_of_ten(draw: Any) -> Any:
    prec = draw(st.sampled_from([53, 64, 100, 512, 8, 17]))
    k = draw(st.integers(-60, 60))
    c = gmpy2.context(precision=prec)
    t = c.div(10**k, 1) if k >= 0 else c.div(1, 10**-k)
    return draw(st.sampled_from([t, c.next_above(t), c.next_below(t)]))


@settings(max_examples=examples(400))
@given(st.one_of(mpfrs(), near_powers_of_ten()))
def test_formats_agree_with_a_literal_transcription_of_go(x: Any) -> None:
    n = N.from_mpfr(x)
    assert N.format_f(n) == go_text(x, "f", -1)
    assert N.format_g(n) == go_text(x, "g", -1)
    assert N.format_g10(n) == go_text(x, "g", 10)


@settings(max_examples=examples(300))
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_float64_formats_agree_with_go(f: float) -> None:
    x = F(f)
    assert N.format_f(x) == go_text(N.as_mpfr(x), "f", -1)
    assert N.format_g10(x) == go_text(N.as_mpfr(x), "g", 10)


@settings(max_examples=examples(300))
@given(st.one_of(mpfrs(st.sampled_from([53, 64, 512])), near_powers_of_ten()))
def test_format_f_round_trips_through_parse(x: Any) -> None:
    text = N.format_f(N.from_mpfr(x))
    assert N.format_f(P(text)) == text


# --- go-cty's value_ops_test.go arithmetic cases (RawEquals compares with rawNumberEqual) -----

I = N.from_int  # noqa: E741 - short names keep the tables readable
ARITH_CASES = [
    ("add", I(1), I(2), I(3)), ("add", I(1), I(-2), I(-1)), ("add", I(1), F(0.5), F(1.5)),
    ("sub", I(1), I(2), I(-1)), ("sub", I(1), I(-2), I(3)), ("sub", I(1), F(0.5), F(0.5)),
    ("mul", I(4), I(2), I(8)), ("mul", I(1), I(-2), I(-2)), ("mul", I(5), F(0.5), F(2.5)),
    ("mul", P("967323432120515089486873574508975134568969931547"), F(12345),
     P("11941607769527758779715454277313298036253933804947715")),
    ("mul", F(22337203685475.5), F(22337203685475.5), P("498950668486420259929661100.2")),
    ("div", I(10), I(2), I(5)), ("div", I(1), I(-2), F(-0.5)), ("div", I(5), F(0.5), I(10)),
    ("div", I(5), I(0), INF), ("div", I(-5), I(0), NINF),
    ("mod", I(10), I(2), I(0)), ("mod", I(-10), I(2), I(0)), ("mod", I(11), I(2), I(1)),
    ("mod", I(-11), I(2), I(-1)), ("mod", I(1), I(-2), F(1)), ("mod", I(5), F(0.5), I(0)),
    ("mod", I(5), F(1.5), F(0.5)), ("mod", I(5), I(0), I(5)), ("mod", I(-5), I(0), I(-5)),
    ("mod", I(10), I(10), I(0)),
    ("mod", P("967323432120515089486873574508975134568969931547"), I(10), I(7)),
]
OPS = {"add": N.add, "sub": N.sub, "mul": N.mul, "div": N.div, "mod": N.mod}


@pytest.mark.parametrize(("op", "a", "b", "want"), ARITH_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(ARITH_CASES)])
def test_go_cty_arithmetic_cases(op: str, a: Any, b: Any, want: Any) -> None:
    assert N.equal(OPS[op](a, b), want)


@pytest.mark.parametrize(("a", "want"), [(I(1), I(-1)), (F(0.5), F(-0.5))])
def test_go_cty_negate_cases(a: Any, want: Any) -> None:
    assert N.equal(N.neg(a), want)


@pytest.mark.parametrize(("a", "want"), [(I(1), I(1)), (I(-1), I(1)), (F(0.5), F(0.5)),
                                         (F(-0.5), F(0.5)), (INF, INF), (NINF, INF)])
def test_go_cty_absolute_cases(a: Any, want: Any) -> None:
    assert N.equal(N.abs_(a), want)


# --- precision rules and payload kinds -------------------------------------------------------


def test_int_results_stay_ints_only_when_an_int_means_the_same_precision() -> None:
    assert N.add(1, 2) == 3 and isinstance(N.add(1, 2), int)
    r = N.add(2**63, 2**63)  # 2**64 at precision 64: not an int payload (that means 65)
    assert N.is_mpfr(r) and N.precision(r) == 64 and exact(r) == 2**64
    r = N.mul(2**32, 2**32)
    assert N.is_mpfr(r) and N.precision(r) == 64 and exact(r) == 2**64
    r = N.mul(2**40 + 1, 2**40 + 1)  # MinPrec 81 > 64: an exact int of 81 bits
    assert r == (2**40 + 1) ** 2 and isinstance(r, int)
    r = N.add(2**100, -1)  # precision 101, value of 100 bits
    assert N.is_mpfr(r) and N.precision(r) == 101 and exact(r) == 2**100 - 1
    assert N.add(2**100, 1) == 2**100 + 1 and isinstance(N.add(2**100, 1), int)
    assert N.div(6, 3) == 2 and isinstance(N.div(6, 3), int)
    assert N.is_mpfr(N.div(1, 3)) and N.precision(N.div(1, 3)) == 64
    assert N.add(1, F(1.0)) == 2 and isinstance(N.add(1, F(1.0)), int)  # 2 at precision 64
    assert N.precision(N.add(F(1.5), F(1.0))) == 53


def test_signed_zeros_follow_go() -> None:
    assert N.is_neg_zero(N.neg(0)) and N.precision(N.neg(0)) == 64
    assert N.is_neg_zero(N.mul(0, -5)) and N.is_neg_zero(N.mul(-5, 0))
    assert N.mul(0, 5) == 0 and not N.is_neg_zero(N.mul(0, 5))
    assert N.is_neg_zero(N.div(0, -5))
    assert N.sub(5, 5) == 0 and not N.is_neg_zero(N.sub(5, 5))
    assert not N.is_neg_zero(N.add(F(-0.0), F(0.0)))
    assert N.is_neg_zero(N.add(F(-0.0), F(-0.0)))
    assert N.abs_(N.neg(0)) == 0 and isinstance(N.abs_(N.neg(0)), int)
    assert N.mod(-4, 2) == 0 and isinstance(N.mod(-4, 2), int)
    assert N.format_f(N.div(-5, F(-0.0))) == "+Inf"


def test_infinities_and_their_identity() -> None:
    assert N.neg(INF) is not NINF and N.equal(N.neg(INF), NINF)
    assert N.precision(N.neg(INF)) == 0
    assert N.precision(N.add(INF, INF)) == 0
    assert N.precision(N.add(INF, 5)) == 64 and N.is_inf(N.add(INF, 5))
    assert N.precision(N.mul(INF, F(2.0))) == 53
    assert N.precision(N.div(5, 0)) == 64 and N.format_f(N.div(5, 0)) == "+Inf"
    assert N.format_f(N.div(F(1.0), INF)) == "0" and N.precision(N.div(F(1.0), INF)) == 53
    # Modulo treats only the singletons specially: it returns a * b
    assert N.format_f(N.mod(INF, 5)) == "+Inf" and N.precision(N.mod(INF, 5)) == 64
    assert N.format_f(N.mod(5, NINF)) == "-Inf"
    assert N.mod(5, F(-0.0)) == 5
    for a, b in [(N.neg(INF), 5), (P("inf"), 5), (5, P("inf")), (INF, 0), (0, NINF)]:
        with pytest.raises(ValueError, match="can't use modulo with zero and infinity"):
            N.mod(a, b)


NAN_CASES = [
    (N.add, INF, NINF, "can't compute sum of opposing infinities"),
    (N.add, P("-inf"), F(math.inf), "can't compute sum of opposing infinities"),
    (N.sub, INF, INF, "can't subtract infinity from itself"),
    (N.sub, NINF, P("-inf"), "can't subtract infinity from itself"),
    (N.mul, 0, INF, "can't multiply zero by infinity"),
    (N.mul, NINF, F(-0.0), "can't multiply zero by infinity"),
    (N.div, 0, 0, "can't divide zero by zero or infinity by infinity"),
    (N.div, F(-0.0), N.ZERO, "can't divide zero by zero or infinity by infinity"),
    (N.div, INF, NINF, "can't divide zero by zero or infinity by infinity"),
    (N.mod, INF, 0, "can't use modulo with zero and infinity"),
]


@pytest.mark.parametrize(("fn", "a", "b", "message"), NAN_CASES)
def test_nan_results_raise_with_go_cty_wording(fn: Any, a: Any, b: Any, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        fn(a, b)


def test_subtraction_of_opposite_infinities_is_fine() -> None:
    assert N.format_f(N.sub(INF, NINF)) == "+Inf"
    assert N.precision(N.sub(INF, NINF)) == 0


finite_numbers = st.one_of(
    st.integers(-(2**70), 2**70),
    st.integers(-(2**64), 2**64),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-1e30, max_value=1e30).map(F),
    st.decimals(allow_nan=False, allow_infinity=False, places=8, min_value=-10**12,
                max_value=10**12).map(lambda d: P(str(d))),
    mpfrs(st.sampled_from([53, 64, 512, 24, 200])).map(N.from_mpfr),
)


@settings(max_examples=examples(300))
@given(finite_numbers, finite_numbers)
def test_add_sub_div_round_once_at_the_larger_precision(a: Any, b: Any) -> None:
    p = max(N.precision(a), N.precision(b))
    s = N.add(a, b)
    assert exact(s) == go_round(exact(a) + exact(b), p) and N.precision(s) == p
    d = N.sub(a, b)
    assert exact(d) == go_round(exact(a) - exact(b), p) and N.precision(d) == p
    if N.sign(b):
        q = N.div(a, b)
        assert exact(q) == go_round(exact(a) / exact(b), p) and N.precision(q) == p


@settings(max_examples=examples(300))
@given(finite_numbers, finite_numbers)
def test_mul_keeps_the_512_bit_product(a: Any, b: Any) -> None:
    prod = go_round(exact(a) * exact(b), 512)
    r = N.mul(a, b)
    assert exact(r) == prod
    assert N.precision(r) == max(N.precision(a), N.precision(b), min_prec(prod))


@settings(max_examples=examples(300))
@given(finite_numbers, finite_numbers)
def test_mod_follows_go_cty_step_by_step(a: Any, b: Any) -> None:
    r = N.mod(a, b)
    if not N.sign(b):
        assert r is a
        return
    pa = N.precision(a)
    rat = go_round(exact(a) / exact(b), max(pa, N.precision(b)))
    t = go_round(Fraction(math.trunc(rat)), pa)
    work = go_round(exact(b) * t, pa)
    assert exact(r) == go_round(exact(a) - work, pa)
    assert N.precision(r) == pa


@settings(max_examples=examples(200))
@given(finite_numbers)
def test_neg_and_abs_keep_the_precision(a: Any) -> None:
    assert exact(N.neg(a)) == -exact(a) and N.precision(N.neg(a)) == N.precision(a)
    assert exact(N.abs_(a)) == abs(exact(a)) and N.precision(N.abs_(a)) == N.precision(a)


# --- comparison and equality -------------------------------------------------------------------


def test_equality_rules() -> None:
    assert N.equal(P("1.2"), F(1.2))  # by Text('f', -1), though the values differ
    assert exact(P("1.2")) != exact(F(1.2))
    assert N.equal(P("9223372036854775808"), F(2.0**63))
    assert N.equal(F(0.0), F(-0.0)) and N.equal(0, N.neg(0))
    assert N.equal(2**70, P("1180591620717411303424"))
    assert not N.equal(1, P("1.0000000000000000000001"))
    assert not N.equal(F(0.1), N.from_mpfr(gmpy2.context(precision=512).add(0.1, mpfr(0, 2))))
    assert N.equal(INF, P("inf")) and not N.equal(INF, NINF) and N.equal(NINF, N.neg(INF))
    assert not N.equal(P("0.5"), P("-0.5"))
    assert not N.equal(1, F(1.5))
    assert N.cmp(P("1.2"), F(1.2)) != 0  # ordering is exact
    assert N.cmp(F(-0.0), 0) == 0 and N.cmp(NINF, -(10**400)) == -1 and N.cmp(3, 2) == 1


def test_eq_key_is_cheap_for_ints() -> None:
    assert N.eq_key(12345) == 12345 and hash(N.eq_key(12345)) == hash(12345)
    assert N.eq_key(P("5")) == 5 and N.eq_key(F(-0.0)) == 0
    huge = P("1e2000")
    assert N.eq_key(huge) == N.eq_key(int(mpz(go_round(Fraction(10**2000), 512))))
    assert hash(N.eq_key(huge)) == hash(int(mpz(go_round(Fraction(10**2000), 512))))


equality_pool = st.one_of(
    st.integers(-5, 5), st.sampled_from([2**63, 2**64, -(2**70)]),
    st.sampled_from([0.1, 0.5, 1.2, 2.0**63, -0.0, 0.0, 1e21, 1 / 3]).map(F),
    st.sampled_from(["0.1", "0.5", "1.2", "9223372036854775808", "-0", "inf", "-inf",
                     "0.3333333333333333", "1e21", "18446744073709551616"]).map(P),
    st.sampled_from([INF, NINF, N.ZERO, N.div(1, 3), N.neg(INF)]),
    st.sampled_from([0.1, 0.5, 1 / 3]).map(
        lambda f: N.from_mpfr(gmpy2.context(precision=512).add(f, mpfr(0, 2)))),
)


@settings(max_examples=examples(500))
@given(equality_pool, equality_pool)
def test_eq_key_agrees_with_equal(a: Any, b: Any) -> None:
    assert N.equal(a, b) == (N.eq_key(a) == N.eq_key(b))
    assert N.equal(a, b) == N.equal(b, a)
    if N.equal(a, b):
        assert hash(N.eq_key(a)) == hash(N.eq_key(b))


# --- the reference vectors, straight against the module ----------------------------------------


def _lines(name: str, ops: set[str], field: str = "op") -> list[Any]:
    path = VECTORS / name
    if not path.exists():
        return []
    out = []
    with path.open(encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if line.strip():
                case = json.loads(line)
                if case.get(field) in ops:
                    out.append(pytest.param(case, id=f"{name}:{lineno}"))
    return out


STRING_CASES = _lines("strings.jsonl", {"number_parse", "number_format"})


@pytest.mark.parametrize("case", STRING_CASES)
def test_strings_vectors(case: dict[str, Any]) -> None:
    expect = case["expect"]
    if case["op"] == "number_parse":
        if "error" in expect:
            with pytest.raises(ValueError, match=r"^a number is required$"):
                P(case["s"])
            return
        x = P(case["s"])
        assert N.format_f(x) == expect["back"]
        return
    text = case["number"]
    source = case.get("from", "parse")
    if "panic" in expect:
        with pytest.raises(ValueError):
            F(float(text))
        return
    if source == "parse":
        x = {"inf": INF, "-inf": NINF}.get(text)
        if x is None:
            x = P(text)
    elif source == "float64":
        x = F(float(text))
    else:
        x = N.from_int(int(text))
    assert N.format_f(x) == expect["string"]
    assert N.precision(x) == expect["prec"]
    assert N.gostring(x) == expect["gostring"]


_ARITH = {"Add": N.add, "Subtract": N.sub, "Multiply": N.mul, "Divide": N.div, "Modulo": N.mod,
          "Negate": N.neg, "Absolute": N.abs_}
_COMPARE = {"GreaterThan": lambda c: c > 0, "GreaterThanOrEqualTo": lambda c: c >= 0,
            "LessThan": lambda c: c < 0, "LessThanOrEqualTo": lambda c: c <= 0}


def _plain_number_args(case: dict[str, Any]) -> list[Any] | None:
    args = []
    for a in case["args"]:
        if a.get("type") != "number" or set(a["value"]) != {"number"}:
            return None
        t = a["value"]["number"]
        args.append({"inf": INF, "-inf": NINF}.get(t) or P(t))
    return args


OP_CASES = [c for c in _lines("ops.jsonl", set(_ARITH) | set(_COMPARE) | {"AsBigFloat", "Equals"},
                              "name")
            if _plain_number_args(c.values[0]) is not None]


def _render(n: Any) -> str:
    text = N.format_f(n)
    return {"+Inf": "inf", "-Inf": "-inf"}.get(text, text)


def _exact_text(n: Any) -> str:
    if N.is_inf(n):
        return "-inf" if N.sign(n) < 0 else "inf"
    if N.is_neg_zero(n):
        return "-0"
    q = exact(n)
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


@pytest.mark.parametrize("case", OP_CASES)
def test_ops_vectors(case: dict[str, Any]) -> None:
    name = case["name"]
    args = _plain_number_args(case)
    assert args is not None
    expect = case["expect"]
    if "panic" in expect:
        with pytest.raises(ValueError):
            _ARITH[name](*args)
        return
    if name in _ARITH:
        r = _ARITH[name](*args)
        got: dict[str, Any] = {"type": "number", "value": {"number": _render(r)}}
        if N.precision(r) != 512:
            got["number_precs"] = [N.precision(r)]
            got["number_exact"] = [_exact_text(r)]
    elif name in _COMPARE:
        got = {"type": "bool", "value": {"bool": _COMPARE[name](N.cmp(*args))}}
    elif name == "Equals":
        got = {"type": "bool", "value": {"bool": N.equal(*args)}}
    else:
        got = {"result": _render(args[0])}
    assert got == expect


def test_the_vectors_were_found() -> None:
    assert len(STRING_CASES) > 1000
    assert len(OP_CASES) > 400


def test_module_leaves_the_gmpy2_context_alone() -> None:
    before = repr(gmpy2.get_context())
    N.format_f(N.div(P("1"), P("3")))
    N.mul(F(0.1), N.add(1, P("1e-300")))
    assert repr(gmpy2.get_context()) == before
    with gmpy2.context(precision=10, round=gmpy2.RoundDown):
        assert N.format_f(N.div(1, 3)) == "0.33333333333333333334"
        assert N.format_f(P("0.1")) == "0.1"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))


@pytest.mark.parametrize("text", [
    "1e-400000000", "-1e-400000000", "-3e-324", "2.4e-324", "2.5e-324", "1e-310",
    "2.4703282292062328e-324", "2.4703282292062327e-324", "-2.4703282292062328e-324",
    "4.9406564584124654e-324", "2.2250738585072011e-308", "1e-1075",
])
def test_tiny_numbers_round_to_float64_as_python_parses_them(text: str) -> None:
    # (far below the least subnormal is zero at once: no exact fraction of a billion bits)
    got = N.to_float(N.parse(text))
    assert repr(got) == repr(float(text))


@settings(max_examples=examples(300))
@given(st.integers(1, 10**40), st.integers(-1400, -280), st.booleans())
def test_numbers_near_the_float64_floor_round_as_python_parses_them(m: int, e: int,
                                                                     neg: bool) -> None:
    text = f"{'-' if neg else ''}{m}e{e}"
    assert repr(N.to_float(N.parse(text))) == repr(float(text))
