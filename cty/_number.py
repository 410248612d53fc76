"""Numbers: Go's math/big.Float semantics, as go-cty uses them. The only gmpy2 import.

A number payload is a Python ``int`` (an exact integer at go precision max(64, bit length)) or
a ``gmpy2.mpfr`` whose go precision is its ``.precision``. Three objects are identity
singletons, as in go-cty: ``ZERO`` (``cty.Zero``, precision 53) and ``POS_INF``/``NEG_INF``
(``cty.PositiveInfinity``/``cty.NegativeInfinity``, precision 0). Any other infinity of go
precision 0 is an mpfr of precision 1, which no finite cty number has.

Everything follows big.Float: binary mantissas rounded to nearest even, signed zeros, no NaN
(an operation that would make one raises ValueError), exponents within Go's int32 range.
Formatting reproduces ``Text('f', -1)`` (the shortest decimal that reads back to the same
number at its own precision), ``Text('g', 10)`` and ``Text('g', -1)``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any, Final, TypeAlias

import gmpy2
from gmpy2 import mpfr

Num: TypeAlias = Any
"""A number payload: an int or a gmpy2.mpfr (gmpy2 has no type hints, hence Any)."""

_MPFR = type(mpfr(0))
_MAX_EXP: Final = (1 << 31) - 1
_MIN_EXP: Final = -(1 << 31)
_INT64_MIN: Final = -(1 << 63)
_INT64_MAX: Final = (1 << 63) - 1
_UINT64_MAX: Final = (1 << 64) - 1
PARSE_PRECISION: Final = 512
"""The precision of parsed numbers (go-cty's ParseNumberVal)."""


@cache
def _ctx(prec: int) -> Any:
    """Return a gmpy2 context rounding to nearest even at *prec* bits, with Go's exponent range."""
    return gmpy2.context(
        precision=max(prec, 1),
        round=gmpy2.RoundToNearest,
        emax=_MAX_EXP,
        emin=_MIN_EXP,
        subnormalize=False,
    )


def _prec0_inf(negative: bool) -> Any:
    """Return a new infinity of go precision 0 (an mpfr of precision 1)."""
    return _ctx(1).add(mpfr("-inf" if negative else "inf"), 0)


ZERO: Final = mpfr(0, 53)
"""go-cty's cty.Zero (precision 53); compared by identity."""
POS_INF: Final = _prec0_inf(False)
"""go-cty's cty.PositiveInfinity (go precision 0); compared by identity."""
NEG_INF: Final = _prec0_inf(True)
"""go-cty's cty.NegativeInfinity (go precision 0); compared by identity."""


def is_mpfr(x: object) -> bool:
    """Return whether *x* is a gmpy2.mpfr."""
    return x.__class__ is _MPFR


def _is_nan(x: Any) -> bool:
    return x.__class__ is _MPFR and gmpy2.is_nan(x)


# --- construction -------------------------------------------------------------------------------


def from_int(i: int) -> Num:
    """Return the payload of an exact integer (NumberIntVal, NumberUIntVal, big ints)."""
    return int(i)


def from_float(f: float) -> Num:
    """Return the payload of a float64 at precision 53 (NumberFloatVal). NaN raises ValueError."""
    if math.isnan(f):
        raise ValueError("NaN is not a number value")
    return mpfr(f, 53)


def from_mpfr(x: Any) -> Num:
    """Return a number payload from a gmpy2.mpfr, keeping its precision. NaN raises ValueError."""
    if not is_mpfr(x):
        raise TypeError(f"expected a gmpy2.mpfr, not {type(x).__name__}")
    if gmpy2.is_nan(x):
        raise ValueError("NaN is not a number value")
    return mpfr(x, x.precision)


def from_fraction(q: Fraction) -> Num:
    """Return *q* rounded to 512 bits, as parsing its decimal form would."""
    return _ctx(PARSE_PRECISION).div(mpfr(q.numerator, max(q.numerator.bit_length(), 1)),
                                      mpfr(q.denominator, max(q.denominator.bit_length(), 1)))


def from_decimal(d: Decimal) -> Num:
    """Return *d* parsed as go-cty's ParseNumberVal parses its text."""
    if d.is_nan():
        raise ValueError("NaN is not a number value")
    if d.is_infinite():
        return parse("-inf" if d < 0 else "inf")
    return parse(str(d))


# --- parsing ------------------------------------------------------------------------------------

_NUMBER_RE = re.compile(r"([+-]?)(?:([0-9]*)\.?([0-9]*))(?:([eEpP])([+-]?[0-9]+))?\Z")
_INF_TEXT = {"inf": False, "Inf": False, "+inf": False, "+Inf": False, "-inf": True, "-Inf": True}


def parse(s: str) -> Num:
    """Return the number *s* spells, at 512 bits (big.ParseFloat(s, 10, 512, ToNearestEven)).

    Accepts what Go accepts: a sign, digits with one optional point, an exponent ``e`` (powers
    of ten) or ``p`` (powers of two), and ``inf``/``Inf`` with an optional sign.
    Raises ValueError("a number is required") for anything else.
    """
    neg = _INF_TEXT.get(s)
    if neg is not None:
        return mpfr("-inf" if neg else "inf", PARSE_PRECISION)
    m = _NUMBER_RE.match(s)
    if m is None or not (m.group(2) or m.group(3)) or (
        "." not in s[: m.end(3)] and m.group(3)
    ):
        raise ValueError("a number is required")
    sign, int_digits, frac_digits, ebase, exp_text = m.groups()
    mant = int(int_digits + frac_digits) if (int_digits or frac_digits) else 0
    exp = 0
    if exp_text is not None:
        if len(exp_text.lstrip("+-")) > 19:
            raise ValueError("a number is required")
        exp = int(exp_text)
        if not _INT64_MIN <= exp <= _INT64_MAX:
            raise ValueError("a number is required")
    neg = sign == "-"
    if mant == 0:
        return mpfr("-0" if neg else "0", PARSE_PRECISION)
    # Go normalises the mantissa, then applies the radix point and exponent as a power of two
    # (exp2) and a power of five (exp5), checking exp2 against its exponent range.
    exp5 = -len(frac_digits)
    exp2 = mant.bit_length() + exp5
    if ebase in ("e", "E"):
        exp5 += exp
        exp2 += exp
    elif ebase is not None:
        exp2 += exp
    if not _MIN_EXP <= exp2 <= _MAX_EXP:
        raise ValueError("a number is required")
    shift = exp2 - mant.bit_length()  # value = mant * 2**shift * 5**exp5
    if neg:
        mant = -mant
    ctx = _ctx(PARSE_PRECISION)
    exact = mpfr(mant, max(mant.bit_length(), 1))
    if exp5 == 0:
        return _scale2(ctx, exact, shift)
    scaled = _exact_scale2(exact, shift)
    p5 = _pow5(-exp5 if exp5 < 0 else exp5, PARSE_PRECISION + 64)
    return ctx.div(scaled, p5) if exp5 < 0 else ctx.mul(scaled, p5)


def _exact_scale2(x: Any, n: int) -> Any:
    """Return x * 2**n exactly (x keeps its precision; only the exponent moves)."""
    return _ctx(x.precision).mul_2exp(x, n)


def _scale2(ctx: Any, x: Any, n: int) -> Any:
    return ctx.mul_2exp(x, n)


_POW5_SMALL = [5**i for i in range(28)]


def _pow5(n: int, prec: int) -> Any:
    """Return 5**n as Go's Float.pow5 computes it at *prec* bits (rounding as Go does)."""
    if n <= 27:
        return mpfr(_POW5_SMALL[n], prec)
    z = mpfr(_POW5_SMALL[27], prec)
    n -= 27
    zc = _ctx(prec)
    fc = _ctx(prec + 64)
    f = mpfr(5, prec + 64)
    while n > 0:
        if n & 1:
            z = zc.mul(z, f)
        f = fc.mul(f, f)
        n >>= 1
    return z


# --- inspection ---------------------------------------------------------------------------------


def precision(n: Num) -> int:
    """Return the go precision of *n* in bits (0 for the infinities of go precision 0)."""
    if n.__class__ is int:
        return max(64, n.bit_length())
    p: int = n.precision
    if p == 1 and gmpy2.is_infinite(n):
        return 0
    return p


def is_integer(n: Num) -> bool:
    """Return whether *n* is a finite whole number (-0 included)."""
    return n.__class__ is int or bool(n.is_integer())


def is_inf(n: Num) -> bool:
    """Return whether *n* is an infinity."""
    return n.__class__ is not int and bool(gmpy2.is_infinite(n))


def sign(n: Num) -> int:
    """Return -1, 0 or 1 (zero for both zeros)."""
    if n.__class__ is int:
        return (n > 0) - (n < 0)
    return int(gmpy2.sign(n))


def is_neg_zero(n: Num) -> bool:
    """Return whether *n* is negative zero."""
    return n.__class__ is _MPFR and n == 0 and gmpy2.is_signed(n)


def to_int(n: Num) -> int:
    """Return the whole number *n* as an int; ValueError if it is not one."""
    if n.__class__ is int:
        return n
    if not n.is_integer():
        raise ValueError(f"{format_f(n)} is not a whole number")
    return int(n)


def int64_value(n: Num) -> int | None:
    """Return *n* as an int if it is a whole number in the int64 range, else None."""
    if n.__class__ is int:
        return n if _INT64_MIN <= n <= _INT64_MAX else None
    if not n.is_integer():
        return None
    i = int(n)
    return i if _INT64_MIN <= i <= _INT64_MAX else None


def uint64_value(n: Num) -> int | None:
    """Return *n* as an int if it is a whole number in the uint64 range, else None."""
    if n.__class__ is int:
        return n if 0 <= n <= _UINT64_MAX else None
    if not n.is_integer():
        return None
    i = int(n)
    return i if 0 <= i <= _UINT64_MAX else None


def float64_value(n: Num) -> float | None:
    """Return *n* as a float if a float64 holds it exactly (infinities too), else None."""
    if n.__class__ is int:
        if -(1 << 53) <= n <= (1 << 53):
            return float(n)
        f = float(n) if n.bit_length() <= 1024 else None
        return f if f is not None and int(f) == n else None
    f = float(n)
    if f in (float("inf"), float("-inf")) and not gmpy2.is_infinite(n):
        return None
    return f if mpfr(f, 53) == n else None


def to_float(n: Num) -> float:
    """Return the float64 nearest to *n*."""
    return float(n)


def as_mpfr(n: Num) -> Any:
    """Return *n* as a new gmpy2.mpfr at its go precision (an int at max(64, bits))."""
    if n.__class__ is int:
        return mpfr(n, max(64, n.bit_length()))
    return mpfr(n, n.precision)


def to_exact_text(n: Num) -> str:
    """Return *n*'s exact value as decimal text (exact for every finite binary number)."""
    if n.__class__ is int:
        return str(n)
    if gmpy2.is_infinite(n):
        return "-inf" if n < 0 else "inf"
    if n == 0:
        return "-0" if gmpy2.is_signed(n) else "0"
    num, den = n.as_integer_ratio()
    if den == 1:
        return str(num)
    k = den.bit_length() - 1  # den is a power of two
    digits = str(abs(num) * 5**k).rjust(k + 1, "0")
    text = (digits[:-k] + "." + digits[-k:]).rstrip("0")
    return ("-" if num < 0 else "") + text


def to_decimal(n: Num) -> Decimal:
    """Return *n* as an exact Decimal (infinities as Decimal infinities)."""
    if n.__class__ is int:
        return Decimal(n)
    t = to_exact_text(n)
    return Decimal({"inf": "Infinity", "-inf": "-Infinity"}.get(t, t))


def sort_key(n: Num) -> Num:
    """Return a key that orders numbers by value (ints and mpfrs compare exactly)."""
    return n


# --- decimal conversion (Go's math/big decimal and ftoa) ---------------------------------------


def _decimal(mant: int, exp: int) -> tuple[str, int]:
    """Return (digits, point) with mant * 2**exp == 0.digits * 10**point; no trailing zeros."""
    if mant == 0:
        return "", 0
    if exp >= 0:
        digits = str(mant << exp)
        point = len(digits)
    else:
        k = -exp
        digits = str(mant * 5**k)
        point = len(digits) - k
    stripped = digits.rstrip("0")
    return stripped, point


def _round_up(digits: str, point: int, n: int) -> tuple[str, int]:
    """Round 0.digits up at n digits (Go decimal.roundUp; a no-op when n is out of range)."""
    if n < 0 or n >= len(digits):
        return digits, point
    d = digits[:n]
    i = len(d)
    while i > 0 and d[i - 1] == "9":
        i -= 1
    if i == 0:
        return "1", point + 1
    return d[: i - 1] + chr(ord(d[i - 1]) + 1), point


def _round_down(digits: str, point: int, n: int) -> tuple[str, int]:
    if n < 0 or n >= len(digits):
        return digits, point
    d = digits[:n].rstrip("0")
    return d, point if d else 0


def _round(digits: str, point: int, n: int) -> tuple[str, int]:
    """Round 0.digits to n digits, halfway cases to even (Go decimal.round)."""
    if n < 0 or n >= len(digits):
        return digits, point
    c = digits[n]
    if c == "5" and n + 1 == len(digits):
        up = n > 0 and (ord(digits[n - 1]) - 48) & 1 == 1
    else:
        up = c >= "5"
    return _round_up(digits, point, n) if up else _round_down(digits, point, n)


def _mant_exp(x: Any) -> tuple[int, int]:
    """Return (m, e) with |x| == m * 2**e, m an odd positive integer (x finite, non-zero)."""
    m, e = x.as_mantissa_exp()
    m = abs(int(m))
    tz = (m & -m).bit_length() - 1
    return m >> tz, int(e) + tz


def _shortest(x: Any, prec: int) -> tuple[str, int]:
    """Return the shortest digits that identify |x| at *prec* bits (Go roundShortest)."""
    m, e = _mant_exp(x)
    digits, point = _decimal(m, e)
    # Scale the mantissa to prec+1 bits, so one unit is half an ulp.
    s = prec + 1 - m.bit_length()
    mm = m << s
    ee = e - s
    lower, lpoint = _decimal(mm - 1, ee)
    upper, upoint = _decimal(mm + 1, ee)
    inclusive = (mm & 2) == 0
    del lpoint, upoint  # Go compares digits position by position, as here
    nl, nu = len(lower), len(upper)
    for i, c in enumerate(digits):
        lc = lower[i] if i < nl else "0"
        uc = upper[i] if i < nu else "0"
        okdown = lc != c or (inclusive and i + 1 == nl)
        okup = c != uc and (inclusive or ord(c) + 1 < ord(uc) or i + 1 < nu)
        if okdown and okup:
            return _round(digits, point, i + 1)
        if okdown:
            return _round_down(digits, point, i + 1)
        if okup:
            return _round_up(digits, point, i + 1)
    return digits, point


def _fmt_f(digits: str, point: int, frac: int) -> str:
    head = digits[:point].ljust(point, "0") if point > 0 else "0"
    if frac <= 0:
        return head
    tail = "".join(
        digits[i] if 0 <= i < len(digits) else "0" for i in range(point, point + frac)
    )
    return head + "." + tail


def _fmt_e(digits: str, point: int, prec: int) -> str:
    first = digits[0] if digits else "0"
    out = first
    if prec > 0:
        rest = digits[1 : prec + 1]
        out += "." + rest.ljust(prec, "0")
    exp = point - 1 if digits else 0
    sign_ch = "-" if exp < 0 else "+"
    exp = abs(exp)
    return f"{out}e{sign_ch}{exp:02d}"


def _parts(n: Num) -> tuple[bool, Any]:
    """Return (negative, x) with x a finite non-zero mpfr or int, for the formatters."""
    if n.__class__ is int:
        return n < 0, n
    return bool(gmpy2.is_signed(n)), n


def format_f(n: Num) -> str:
    """Return Go's Text('f', -1): shortest decimal at the number's precision, positional.

    >>> format_f(parse("1e3")), format_f(from_float(0.1)), format_f(parse("-0"))
    ('1000', '0.1', '-0')
    """
    if n.__class__ is int:
        # exact at its precision, whose ulp is at most 1: the integer itself is shortest
        return str(n)
    if gmpy2.is_infinite(n):
        return "-Inf" if n < 0 else "+Inf"
    neg = gmpy2.is_signed(n)
    if n == 0:
        return "-0" if neg else "0"
    prec = n.precision
    if n.is_integer():
        i = int(n)
        if i.bit_length() <= prec:
            return str(i)
    if prec == 53:
        fast = _format_f53(n)
        if fast is not None:
            return fast
    digits, point = _shortest(n, prec)
    return ("-" if neg else "") + _fmt_f(digits, point, max(len(digits) - point, 0))


_FLOAT_REPR = re.compile(r"(-?)(\d)(?:\.(\d+))?(?:e([+-]\d+))?\Z")


def _float_digits(f: float) -> tuple[str, int] | None:
    """Return (digits, point) of repr(f) (the shortest round-trip digits), or None."""
    m = _FLOAT_REPR.match(repr(abs(f)).replace(".0e", "e").removesuffix(".0"))
    if m is None:
        r = repr(abs(f))
        if "e" in r or "inf" in r or "nan" in r:
            return None
        int_part, _, frac = r.partition(".")
        digits = (int_part + frac).lstrip("0")
        point = len(int_part) if int_part != "0" else -(len(frac) - len(frac.lstrip("0")))
        return digits.rstrip("0"), point
    _, d0, rest, e = m.groups()
    digits = (d0 + (rest or "")).rstrip("0")
    point = 1 + (int(e) if e else 0)
    return digits, point


def _format_f53(n: Any) -> str | None:
    """Text('f', -1) of a 53-bit number through float repr (Go and Python agree there)."""
    f = float(n)
    if f == 0 or abs(f) < 2.2250738585072014e-308 or f in (float("inf"), float("-inf")):
        return None
    if math.frexp(f)[0] in (0.5, -0.5):
        return None  # a power of two: go's symmetric interval differs from float repr's
    parts = _float_digits(f)
    if parts is None:
        return None
    digits, point = parts
    return ("-" if f < 0 else "") + _fmt_f(digits, point, max(len(digits) - point, 0))


def _digits_for_g(n: Num, prec: int) -> tuple[bool, str, int, bool]:
    """Return (negative, digits, point, shortest) for a 'g' format at *prec* (-1: shortest)."""
    neg, x = _parts(n)
    if x.__class__ is int:
        if x == 0:
            return False, "", 0, prec < 0
        gp = max(64, x.bit_length())
        x = mpfr(x, gp)
    else:
        gp = x.precision
        if x == 0:
            return neg, "", 0, prec < 0
    if prec < 0:
        digits, point = _shortest(x, gp)
        return neg, digits, point, True
    m, e = _mant_exp(x)
    digits, point = _decimal(m, e)
    digits, point = _round(digits, point, prec if prec > 0 else 1)
    return neg, digits, point, False


def _format_g(n: Num, prec: int) -> str:
    if n.__class__ is not int and gmpy2.is_infinite(n):
        return "-Inf" if n < 0 else "+Inf"
    neg, digits, point, shortest = _digits_for_g(n, prec)
    if shortest:
        prec = len(digits)
    elif prec == 0:
        prec = 1
    eprec = prec
    if eprec > len(digits) and len(digits) >= point:
        eprec = len(digits)
    if shortest:
        eprec = 6
    exp = point - 1
    sign_text = "-" if neg else ""
    if exp < -4 or exp >= eprec:
        prec = min(prec, len(digits))
        return sign_text + _fmt_e(digits, point, prec - 1)
    if prec > point:
        prec = len(digits)
    return sign_text + _fmt_f(digits, point, max(prec - point, 0))


def format_g10(n: Num) -> str:
    """Return Go's Text('g', 10) (big.Float.String(); go-cty's set hash bytes)."""
    if n.__class__ is int and -10_000_000_000 < n < 10_000_000_000:
        return str(n)
    return _format_g(n, 10)


def format_g(n: Num) -> str:
    """Return Go's Text('g', -1): shortest digits, exponent form outside [1e-4, 1e6)."""
    return _format_g(n, -1)


def _go_float_v(f: float) -> str:
    """Return Go's %v of a float64."""
    if f == float("inf"):
        return "+Inf"
    if f == float("-inf"):
        return "-Inf"
    if f == 0:
        return "-0" if str(f).startswith("-") else "0"
    parts = _float_digits(f)
    assert parts is not None
    digits, point = parts
    exp = point - 1
    sign_text = "-" if f < 0 else ""
    if exp < -4 or exp >= 6:
        return sign_text + _fmt_e(digits, point, len(digits) - 1)
    return sign_text + _fmt_f(digits, point, max(len(digits) - point, 0))


def gostring(n: Num) -> str:
    """Return go-cty's GoString of a number value."""
    if is_integer(n):
        return f"cty.NumberIntVal({format_g(n)})"
    f = float64_value(n)
    if f is not None:
        return f"cty.NumberFloatVal({_go_float_v(f)})"
    return f'cty.MustParseNumberVal("{format_f(n)}")'


# --- arithmetic ---------------------------------------------------------------------------------


def _m(n: Num) -> Any:
    """Return *n* as an mpfr carrying its go precision (ints exact)."""
    if n.__class__ is int:
        return mpfr(n, max(64, n.bit_length()))
    return n


def _prec2(a: Num, b: Num) -> int:
    return max(precision(a), precision(b))


def _result(x: Any, prec: int) -> Num:
    """Return the payload for an mpfr result of go precision *prec*."""
    if gmpy2.is_nan(x):
        raise ValueError("the result is not a number")
    if prec == 0:
        return _prec0_inf(x < 0) if gmpy2.is_infinite(x) else x
    if prec == 64 and x.is_integer() and not (x == 0 and gmpy2.is_signed(x)):
        i = int(x)
        if i.bit_length() <= 64:
            return i
    return x


def add(a: Num, b: Num) -> Num:
    """Return a + b at max(precision a, precision b)."""
    if a.__class__ is int and b.__class__ is int:
        r = a + b
        if r.bit_length() <= 64 and a.bit_length() <= 64 and b.bit_length() <= 64:
            return r
    if is_inf(a) and is_inf(b) and sign(a) != sign(b):
        raise ValueError("can't compute sum of opposing infinities")
    p = _prec2(a, b)
    return _result(_ctx(p).add(_m(a), _m(b)), p)


def neg(a: Num) -> Num:
    """Return -a at a's precision."""
    if a.__class__ is int:
        if a == 0:
            return mpfr("-0", 64)
        return -a
    if gmpy2.is_infinite(a):
        p = precision(a)
        return _prec0_inf(a > 0) if p == 0 else _ctx(p).minus(a)
    return _ctx(a.precision).minus(a)


def sub(a: Num, b: Num) -> Num:
    """Return a - b, as go-cty computes it: a + (-b)."""
    if a.__class__ is int and b.__class__ is int:
        r = a - b
        if r.bit_length() <= 64 and a.bit_length() <= 64 and b.bit_length() <= 64:
            return r
    if is_inf(a) and is_inf(b) and sign(a) == sign(b):
        raise ValueError("can't subtract infinity from itself")
    return add(a, neg(b))


def abs_(a: Num) -> Num:
    """Return |a| at a's precision."""
    if a.__class__ is int:
        return -a if a < 0 else a
    if gmpy2.is_infinite(a):
        p = precision(a)
        return _prec0_inf(False) if p == 0 else _ctx(p).abs(a)
    return _ctx(a.precision).abs(a)


def mul(a: Num, b: Num) -> Num:
    """Return a * b: the product rounded to 512 bits, at max(pa, pb, its minimum precision)."""
    if a.__class__ is int and b.__class__ is int:
        r = a * b
        if r.bit_length() <= 64 and a.bit_length() <= 64 and b.bit_length() <= 64:
            return r
    ma, mb = _m(a), _m(b)
    if (is_inf(a) and sign(b) == 0) or (is_inf(b) and sign(a) == 0):
        raise ValueError("can't multiply zero by infinity")
    x = _ctx(512).mul(ma, mb)
    if gmpy2.is_infinite(x):
        p = max(precision(a), precision(b))
        return _result(x, p)
    min_prec = 0
    if x != 0:
        m, _ = _mant_exp(x)
        min_prec = m.bit_length()
    p = max(precision(a), precision(b), min_prec)
    return _result(mpfr(x, p), p)


def div(a: Num, b: Num) -> Num:
    """Return a / b at max(precision a, precision b); x/0 is a signed infinity."""
    if sign(a) == 0 and sign(b) == 0:
        raise ValueError("can't divide zero by zero or infinity by infinity")
    if is_inf(a) and is_inf(b):
        raise ValueError("can't divide zero by zero or infinity by infinity")
    p = _prec2(a, b)
    if a.__class__ is int and b.__class__ is int and b != 0 and a % b == 0 and p == 64:
        q = a // b
        if q.bit_length() <= 64 and not (q == 0 and (a < 0) != (b < 0)):
            return q
    ma, mb = _m(a), _m(b)
    if sign(b) == 0:
        negative = bool(gmpy2.is_signed(ma)) != bool(gmpy2.is_signed(mb))
        return _result(mpfr("-inf" if negative else "inf", max(p, 1)), p)
    return _result(_ctx(p).div(ma, mb), p)


def mod(a: Num, b: Num) -> Num:
    """Return go-cty's Modulo: a - b*trunc(a/b) at a's precision; x % 0 is x.

    When either operand is the PositiveInfinity/NegativeInfinity singleton, go-cty returns
    a * b instead.
    """
    if a is POS_INF or a is NEG_INF or b is POS_INF or b is NEG_INF:
        return mul(a, b)
    if sign(b) == 0:
        return a
    if is_inf(a) or is_inf(b):
        raise ValueError("can't use modulo with zero and infinity")
    if a.__class__ is int and b.__class__ is int and a.bit_length() <= 63 \
            and b.bit_length() <= 64:
        # exact here: go's 64-bit quotient cannot round across an integer below 2**63
        q = abs(a) // abs(b)
        if (a < 0) != (b < 0):
            q = -q
        return a - b * q
    rat = div(a, b)
    t = to_int(rat) if rat.__class__ is int else int(_ctx(max(precision(rat), 1)).trunc(rat))
    pa = precision(a)
    ctx = _ctx(pa)
    work = mpfr(t, max(pa, 1))
    work = ctx.mul(_m(b), work)
    work = ctx.sub(_m(a), work)
    return _result(work, pa)


def cmp(a: Num, b: Num) -> int:
    """Return -1, 0 or 1 comparing a and b exactly (-0 equals 0)."""
    if a.__class__ is int and b.__class__ is int:
        return (a > b) - (a < b)
    return int((a > b) - (a < b))


def equal(a: Num, b: Num) -> bool:
    """Return go-cty's number equality: integers as integers, otherwise by Text('f', -1)."""
    if a.__class__ is int and b.__class__ is int:
        return a == b
    if sign(a) != sign(b):
        return False
    ai, bi = is_integer(a), is_integer(b)
    if ai != bi:
        return False
    if ai:
        return to_int(a) == to_int(b)
    fa, fb = format_f(a), format_f(b)
    return fa == fb


def eq_key(n: Num) -> Hashable:
    """Return a hashable key that is equal for numbers equal() calls equal."""
    if n.__class__ is int:
        return n
    if n.is_integer():
        return int(n)
    return format_f(n)


_ = Fraction
