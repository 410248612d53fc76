"""Numbers with Go math/big.Float semantics, as go-cty uses them. The only module importing gmpy2.

A number payload is a Python ``int`` (the exact integer at go precision max(64, bit length)) or
a ``gmpy2.mpfr`` whose go precision is its ``.precision``. Three objects are identity
singletons, as in go-cty: ``ZERO`` (``cty.Zero``, precision 53) and ``POS_INF``/``NEG_INF``
(``cty.PositiveInfinity``/``cty.NegativeInfinity``, go precision 0). An infinity of go
precision 0 is an mpfr of precision 1 (so an mpfr infinity of precision 1 reads as go
precision 0).

Everything follows big.Float: binary mantissas rounded to nearest even, signed zeros, no NaN
(an operation that would make one raises ValueError). Binary exponents have Go's range,
-2**31 to 2**31 - 1 (cty._mpfr_range widens MPFR's default +-(2**30 - 1) in each thread), so a
value overflows to an infinity or underflows to zero exactly where Go's does. Parsing rejects
exponents outside Go's int64 and int32 limits, as Go does.

Formatting reproduces ``Text('f', -1)`` (the shortest decimal that reads back to the same
number at its own precision, found with Go's roundShortest rules), ``Text('g', 10)`` and
``Text('g', -1)``. Every gmpy2 operation here runs in an explicit context, so the caller's
current gmpy2 context never matters and is never changed.
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Hashable
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final, TypeAlias

import gmpy2
from gmpy2 import mpfr, mpz

from ._errors import CtyTypeError, CtyValueError
from ._mpfr_range import EMAX, EMIN, GO_MAX_EXP, GO_MIN_EXP, widen_this_thread

Num: TypeAlias = int | mpfr
"""A number payload: an int or a gmpy2.mpfr."""

_MPFR: Final = type(mpfr(0))
_is_regular = gmpy2.is_regular
_is_signed = gmpy2.is_signed
_is_inf = gmpy2.is_infinite
_is_nan = gmpy2.is_nan
_bit_scan1 = gmpy2.bit_scan1
_get_exp = gmpy2.get_exp

PARSE_PRECISION: Final = 512
"""The precision of parsed numbers (go-cty's ParseNumberVal)."""
_INT64_MIN: Final = -(1 << 63)
_INT64_MAX: Final = (1 << 63) - 1
_UINT64_MAX: Final = (1 << 64) - 1
_TWO64: Final = 1 << 64
_STR_BITS: Final = 12_000
"""Ints longer than this go through mpz for decimal text (Python caps int-to-str at 4300 digits)."""

# --- contexts -----------------------------------------------------------------------------------

class _ThreadContexts(threading.local):
    """This thread's rounding contexts, made after the thread gets Go's exponent range.

    MPFR keeps its exponent range per thread, so the first number work in each thread widens
    it (see cty._mpfr_range); reaching the contexts through this object is what runs that.
    """

    def __init__(self) -> None:
        widen_this_thread()
        self.nearest: dict[int, Any] = {}
        self.down: dict[int, Any] = {}
        self.up: dict[int, Any] = {}


_THREAD: Final = _ThreadContexts()


def _new_ctx(prec: int, rounding: Any) -> Any:
    return gmpy2.context(precision=prec, round=rounding, subnormalize=False, emax=EMAX, emin=EMIN)


def _ctx(prec: int) -> Any:
    """Return a gmpy2 context rounding to nearest even at *prec* bits, in Go's exponent range."""
    contexts = _THREAD.nearest
    c = contexts.get(prec)
    if c is None:
        c = _new_ctx(prec, gmpy2.RoundToNearest)
        if prec <= 4096 or prec % 64 == 0:
            contexts[prec] = c
    return c


def _exact_ctx(bits: int) -> Any:
    """Return a context with at least *bits* bits (for exact conversions)."""
    return _ctx(64 if bits <= 64 else (bits + 63) & ~63)


_C53: Final = _ctx(53)
_C64: Final = _ctx(64)
_C512: Final = _ctx(512)
_C576: Final = _ctx(576)
_C640: Final = _ctx(640)
_PZERO: Final = mpfr(0, 2)
"""A +0 to add ints to: ctx.add(int, _PZERO) converts the int exactly, then rounds once."""
_ONE: Final = mpfr(1, 2)
"""ctx.mul(x, _ONE) is x at the context's precision (infinities and -0 included)."""


def _from_int_at(i: int, prec: int) -> mpfr:
    """Return the mpfr of int *i* rounded to *prec* bits."""
    return _ctx(prec).add(i, _PZERO)


def _exact(i: int) -> mpfr:
    """Return the mpfr holding int *i* exactly."""
    return _exact_ctx(i.bit_length()).add(i, _PZERO)


ZERO: Final = _C53.add(0, _PZERO)
"""go-cty's cty.Zero (precision 53); compared by identity."""
_INF1: Final = _ctx(1).add(mpfr("inf"), _PZERO)
_NINF1: Final = _ctx(1).add(mpfr("-inf"), _PZERO)
POS_INF: Final = _ctx(1).add(_INF1, _PZERO)
"""go-cty's cty.PositiveInfinity (go precision 0); compared by identity."""
NEG_INF: Final = _ctx(1).add(_NINF1, _PZERO)
"""go-cty's cty.NegativeInfinity (go precision 0); compared by identity."""


def _prec0_inf(negative: bool) -> mpfr:
    """Return a new infinity of go precision 0 (not one of the singletons)."""
    return _ctx(1).add(_NINF1 if negative else _INF1, _PZERO)


def is_mpfr(x: object) -> bool:
    """Return whether *x* is a gmpy2.mpfr."""
    return x.__class__ is _MPFR


# --- construction -------------------------------------------------------------------------------


def _finish(x: mpfr, prec: int) -> Num:
    """Return the payload of *x*, an mpfr result whose go precision is *prec*.

    Whole numbers whose precision is exactly what an int payload means become ints.
    """
    if prec == 64:
        if x.is_integer():
            if _is_regular(x):
                if _get_exp(x) <= 64:
                    return int(x)
            elif not _is_signed(x):
                return 0
        return x
    if prec == 0:
        return _prec0_inf(bool(_is_signed(x)))
    if prec > 64 and x.is_integer() and _is_regular(x) and _get_exp(x) == prec:
        return int(x)
    return x


def _int_payload(i: int, prec: int) -> Num:
    """Return the payload of the exact integer *i* at go precision *prec* (rounded if needed)."""
    bl = i.bit_length()
    if (bl <= 64 and prec == 64) or (bl > 64 and bl == prec):
        return i
    return _from_int_at(i, prec)


def from_int(i: int) -> Num:
    """Return the payload of an exact integer (NumberIntVal, NumberUIntVal, big ints)."""
    return int(i)


def from_float(f: float) -> Num:
    """Return the payload of a float64 at precision 53 (NumberFloatVal); NaN raises ValueError."""
    if math.isnan(f):
        raise CtyValueError("NaN is not a number value")
    return _C53.add(f, _PZERO) if f else (_C53.minus(ZERO) if math.copysign(1.0, f) < 0
                                          else _C53.plus(ZERO))


def from_mpfr(x: Any) -> Num:
    """Return the payload of a gmpy2.mpfr, keeping its precision; NaN raises ValueError."""
    if x.__class__ is not _MPFR:
        raise CtyTypeError(f"expected a gmpy2.mpfr, not {type(x).__name__}")
    if _is_nan(x):
        raise CtyValueError("NaN is not a number value")
    p: int = x.precision
    if p == 1 and _is_inf(x):
        return x
    return _finish(x, p)


def from_fraction(q: Fraction) -> Num:
    """Return *q* correctly rounded to 512 bits."""
    num, den = q.numerator, q.denominator
    if den == 1:
        return _from_int_at(num, PARSE_PRECISION)
    return _C512.div(_exact(num), _exact(den))


def from_decimal(d: Decimal) -> Num:
    """Return *d* as go-cty's ParseNumberVal reads its text (512 bits)."""
    if d.is_nan():
        raise CtyValueError("NaN is not a number value")
    if d.is_infinite():
        return parse("-inf" if d.is_signed() else "inf")
    return parse(str(d))


# --- parsing (big.ParseFloat(s, 10, 512, ToNearestEven)) --------------------------------------

_NUMBER_RE: Final = re.compile(r"([+-]?)([0-9]*)(?:(\.)([0-9]*))?(?:([eEpP])([+-]?)([0-9]+))?")
_INF_TEXT: Final = {"inf": False, "Inf": False, "+inf": False, "+Inf": False,
                    "-inf": True, "-Inf": True}


class NumberSyntaxError(CtyValueError):
    """Text that is not a number. The message is go-cty's, "a number is required", whatever the
    cause; ``reason`` says what Go's parser objected to ("invalid syntax", "no digits",
    "exponent out of range" or "exponent overflow").
    """

    def __init__(self, reason: str) -> None:
        super().__init__("a number is required")
        self.reason = reason

    def __repr__(self) -> str:
        return f"NumberSyntaxError(a number is required: {self.reason})"


_POW5_SMALL: Final = [5**i for i in range(28)]
_POW5_CACHE: dict[int, mpfr] = {}
_POW10_CACHE: dict[int, mpfr] = {}


def _go_pow5(n: int) -> mpfr:
    """Return 5**n as Go's Float.pow5 computes it for a 512-bit parse (576 bits, f at 640)."""
    if n <= 27:
        return _C576.add(_POW5_SMALL[n], _PZERO)
    z = _POW5_CACHE.get(n)
    if z is not None:
        return z
    z = _C576.add(_POW5_SMALL[27], _PZERO)
    f = _C640.add(5, _PZERO)
    k = n - 27
    while k > 0:
        if k & 1:
            z = _C576.mul(z, f)
        f = _C640.mul(f, f)
        k >>= 1
    if n < 4096:
        _POW5_CACHE[n] = z
    return z


def _go_pow10(n: int) -> mpfr:
    """Return Go's 5**n times 2**n, exactly (the divisor or factor of a decimal exponent)."""
    z = _POW10_CACHE.get(n)
    if z is None:
        p5 = _go_pow5(n)
        z = _ctx(640).mul_2exp(p5, n)
        if n < 4096:
            _POW10_CACHE[n] = z
    return z


def _digits_value(digits: str) -> int | mpz:
    """Return the integer a string of ASCII digits spells (mpz for long strings)."""
    if len(digits) < 4000:
        return int(digits)
    return mpz(digits)


def parse(s: str) -> Num:
    """Return the number *s* spells, at 512 bits (big.ParseFloat(s, 10, 512, ToNearestEven)).

    Accepts what Go accepts: a sign, ASCII digits with at most one point, an exponent ``e``
    (powers of ten) or ``p`` (powers of two), and ``inf``/``Inf`` with an optional sign.
    Anything else raises NumberSyntaxError (a ValueError), "a number is required".
    """
    if s.isascii():
        if s.isdigit():
            return _C512.add(int(s) if len(s) < 4000 else mpz(s), _PZERO)
        head, dot, tail = s.partition(".")
        if dot and tail.isdigit() and len(s) < 4000:  # fast path: [sign]digits.digits
            sign_ch = head[:1]
            body = head[1:] if sign_ch in ("-", "+") else head
            if not body or body.isdigit():
                mant = int(body + tail)
                if not mant:
                    return _C512.minus(_PZERO) if sign_ch == "-" else _C512.add(0, _PZERO)
                t = _POW10_CACHE.get(len(tail))
                if t is None:
                    t = _go_pow10(len(tail))
                return _C512.div(-mant if sign_ch == "-" else mant, t)
    m = _NUMBER_RE.fullmatch(s)
    c512 = _ctx(PARSE_PRECISION)  # (also gives this thread Go's exponent range)
    if m is None:
        neg = _INF_TEXT.get(s)
        if neg is not None:
            return c512.add(mpfr("-inf" if neg else "inf"), _PZERO)
        raise NumberSyntaxError("invalid syntax")
    sign_text, int_digits, point, frac_digits, ebase, esign, edigits = m.groups()
    if not int_digits and not frac_digits:
        raise NumberSyntaxError("no digits")
    exp = 0
    if ebase is not None:
        edigits = edigits.lstrip("0")
        if len(edigits) > 19:
            raise NumberSyntaxError("exponent out of range")
        exp = int(edigits) if edigits else 0
        if esign == "-":
            exp = -exp
        if not _INT64_MIN <= exp <= _INT64_MAX:
            raise NumberSyntaxError("exponent out of range")
    neg = sign_text == "-"
    mant = _digits_value(int_digits + frac_digits) if point else _digits_value(int_digits)
    if not mant:
        return c512.minus(_PZERO) if neg else c512.add(0, _PZERO)
    if neg:
        mant = -mant
    # Go: exp2 is the binary exponent of the normalised mantissa, moved by the radix point's
    # and the exponent's powers of two; exp5 collects the powers of five.
    fcount = -len(frac_digits) if point else 0
    bitlen = mant.bit_length()
    exp5 = fcount
    shift = fcount + exp  # the power of two applied to the integer mantissa
    if ebase in ("e", "E"):
        exp5 += exp
    if not GO_MIN_EXP <= bitlen + shift <= GO_MAX_EXP:
        raise NumberSyntaxError("exponent overflow")
    if exp5 == 0:
        r = c512.add(mant, _PZERO)
        return r if shift == 0 else c512.mul_2exp(r, shift)
    # gmpy2 takes int and mpz operands exactly, so each of these rounds once, as Go's do
    if shift == exp5:  # a decimal exponent only: Go's power of ten, scaled exactly
        t = _POW10_CACHE.get(-exp5 if exp5 < 0 else exp5)
        if t is not None:  # (a large power of ten could overflow where the result does not)
            return c512.div(mant, t) if exp5 < 0 else c512.mul(mant, t)
    p5 = _go_pow5(-exp5 if exp5 < 0 else exp5)
    r = c512.div(mant, p5) if exp5 < 0 else c512.mul(mant, p5)
    return c512.mul_2exp(r, shift)


# --- inspection ---------------------------------------------------------------------------------


def precision(n: Num) -> int:
    """Return the go precision of *n* in bits (0 for the infinities of go precision 0)."""
    if isinstance(n, int):
        bl: int = n.bit_length()
        return bl if bl > 64 else 64
    p: int = n.precision
    if p == 1 and _is_inf(n):
        return 0
    return p


def is_integer(n: Num) -> bool:
    """Return whether *n* is a finite whole number (zeros included)."""
    return isinstance(n, int) or bool(n.is_integer())


def is_inf(n: Num) -> bool:
    """Return whether *n* is an infinity."""
    return not isinstance(n, int) and bool(_is_inf(n))


def sign(n: Num) -> int:
    """Return -1, 0 or 1 (0 for both zeros)."""
    if isinstance(n, int):
        return (n > 0) - (n < 0)
    if not n:
        return 0
    return -1 if _is_signed(n) else 1


def is_neg_zero(n: Num) -> bool:
    """Return whether *n* is negative zero."""
    return n.__class__ is _MPFR and not n and bool(_is_signed(n))


def _int_of(x: mpfr) -> int:
    """Return the whole number mpfr *x* as an int (exactly)."""
    num, _ = x.as_integer_ratio()
    return int(num)


def to_int(n: Num) -> int:
    """Return the whole number *n* as an int; ValueError if it is not one."""
    if isinstance(n, int):
        return int(n)
    if not n.is_integer():
        raise CtyValueError(f"{format_f(n)} is not a whole number")
    return _int_of(n)


def int64_value(n: Num) -> int | None:
    """Return *n* as an int if it is a whole number in the int64 range (big.Float.Int64 exact)."""
    if isinstance(n, int):
        return int(n) if _INT64_MIN <= n <= _INT64_MAX else None
    if not n.is_integer() or not -9.3e18 < n < 9.3e18:
        return None
    i = _int_of(n)
    return i if _INT64_MIN <= i <= _INT64_MAX else None


def uint64_value(n: Num) -> int | None:
    """Return *n* as an int if it is a whole number in the uint64 range (big.Float.Uint64 exact)."""
    if isinstance(n, int):
        return int(n) if 0 <= n <= _UINT64_MAX else None
    if not n.is_integer() or not -1 < n < 1.9e19:
        return None
    i = _int_of(n)
    return i if 0 <= i <= _UINT64_MAX else None


def float64_value(n: Num) -> float | None:
    """Return *n* as a float when a float64 holds it exactly (big.Float.Float64 exact), else None.

    Infinities count as exact; finite values too large for a float64 do not.
    """
    if isinstance(n, int):
        if -(1 << 53) <= n <= (1 << 53):
            return float(n)
        if n.bit_length() > 1024:
            return None
        f = float(n)
        return f if int(f) == n else None
    if not _is_regular(n):
        if not n:
            return -0.0 if _is_signed(n) else 0.0
        return float(n)
    f = float(n)
    if f in (math.inf, -math.inf):
        return None
    return f if f == n else None


def to_float(n: Num) -> float:
    """Return the float64 nearest to *n* (infinity when beyond the float64 range)."""
    if isinstance(n, int):
        try:
            return float(n)
        except OverflowError:
            return math.inf if n > 0 else -math.inf
    r = _C53.plus(n)
    f = float(r)
    if _is_regular(r) and abs(f) < 2.2250738585072014e-308:
        num, den = n.as_integer_ratio()  # subnormal: round once, from the exact value
        f = float(Fraction(int(num), int(den)))
    return f


def as_mpfr(n: Num) -> mpfr:
    """Return *n* as a gmpy2.mpfr at its go precision (an int at max(64, bits), exactly).

    The infinity singletons come back as new objects, as big.Float copies do.
    """
    if isinstance(n, int):
        return _from_int_at(n, max(64, n.bit_length()))
    if n is POS_INF or n is NEG_INF:
        return _prec0_inf(n is NEG_INF)
    return n


def _exact_digits(n: Num) -> tuple[bool, str, int]:
    """Return (negative, digits, point) of finite *n*: exactly 0.digits * 10**point."""
    if isinstance(n, int):
        neg = n < 0
        text = _int_text(-n if neg else n)
        if text == "0":
            return False, "", 0
        return neg, text.rstrip("0"), len(text)
    neg = bool(_is_signed(n))
    if not n:
        return neg, "", 0
    m, e = n.as_mantissa_exp()
    m = abs(m)
    e = int(e)
    if e >= 0:
        text = (m << e).digits()
        return neg, text.rstrip("0"), len(text)
    tz = _bit_scan1(m)
    if tz >= -e:
        text = (m >> -e).digits()
        return neg, text.rstrip("0"), len(text)
    m >>= tz
    k = -e - tz
    text = (m * mpz(5) ** k).digits()
    return neg, text.rstrip("0"), len(text) - k


def to_exact_text(n: Num) -> str:
    """Return the exact decimal text of *n* ("-0", "inf", "-inf" for the special values)."""
    if not isinstance(n, int) and _is_inf(n):
        return "-inf" if _is_signed(n) else "inf"
    neg, digits, point = _exact_digits(n)
    if not digits:
        return "-0" if neg else "0"
    return ("-" if neg else "") + _fmt_f(digits, point)


def to_decimal(n: Num) -> Decimal:
    """Return *n* as an exact Decimal (infinities as Decimal infinities)."""
    if not isinstance(n, int) and _is_inf(n):
        return Decimal("-Infinity" if _is_signed(n) else "Infinity")
    neg, digits, point = _exact_digits(n)
    if not digits:
        return Decimal((1 if neg else 0, (0,), 0))
    return Decimal((1 if neg else 0, tuple(map(int, digits)), point - len(digits)))


def sort_key(n: Num) -> Num:
    """Return a key ordering numbers by value (ints and mpfrs compare exactly)."""
    return n


# --- decimal digits (Go's math/big decimal, roundShortest and ftoa) ----------------------------

_POW10_INT: list[mpz] = [mpz(10) ** i for i in range(700)]
_POW10_26: Final = _POW10_INT[26]
_POW10_27: Final = _POW10_INT[27]
_LOG10_2: Final = 0.30102999566398120


def _pow10(k: int) -> mpz:
    return _POW10_INT[k] if k < 700 else mpz(10) ** k


def _int_text(i: int) -> str:
    """Return str(i) for a non-negative int, with no length limit."""
    return str(i) if i.bit_length() < _STR_BITS else mpz(i).digits()


def _int_text_signed(x: mpfr) -> str:
    """Return the decimal text of a whole-number mpfr of any size."""
    m, e = x.as_mantissa_exp()
    return str((m << int(e)).digits() if e >= 0 else (m >> int(-e)).digits())


_HUGE_SCALE: Final = 1200
"""Decimal scalings beyond this many digits are done in MPFR rather than with exact ints."""
_FIVE: Final = mpfr(5, 3)
def _directed(prec: int) -> tuple[Any, Any]:
    """Return contexts rounding toward zero and away from zero at *prec* bits."""
    thread = _THREAD
    down = thread.down.get(prec)
    if down is None:
        down = thread.down[prec] = _new_ctx(prec, gmpy2.RoundDown)
        thread.up[prec] = _new_ctx(prec, gmpy2.RoundUp)
    return down, thread.up[prec]


def _scaled_floor_inexact(n: mpz, ee: int, k: int, width: int) -> mpz:
    """Return floor(n * 2**ee * 10**k) for a huge |k|, known not to be a whole number.

    Computed in MPFR with directed rounding, widening until the bounds agree: the exact
    route would need numbers of |k| digits.
    """
    bits = max(int(n.bit_length()), 2)
    v = _exact_ctx(bits).add(n, _PZERO)
    work = int(width * 3.33) + 64
    while True:
        down, up = _directed(work)
        v2 = _exact_ctx(bits).mul_2exp(v, ee + k)  # n * 2**(ee+k), exactly
        if k >= 0:
            lo = down.mul(v2, down.pow(_FIVE, k))
            hi = up.mul(v2, up.pow(_FIVE, k))
        else:
            lo = down.div(v2, up.pow(_FIVE, -k))
            hi = up.div(v2, down.pow(_FIVE, -k))
        qlo = mpz(int(lo))
        if qlo == int(hi):
            return qlo
        work *= 2


def _first_digits(n: mpz, ee: int, dexp: int, width: int) -> tuple[str, int, bool]:
    """Return the first *width* digits of v = n * 2**ee (n > 0), truncated.

    Returns (digits, dexp, exact): 10**(dexp-1) <= v < 10**dexp, and exact says no nonzero
    digit follows. *dexp* is a guess, corrected here.
    """
    lo = _pow10(width - 1)
    hi = _pow10(width)
    while True:
        k = width - dexp
        if (k > _HUGE_SCALE and k > 2 * width) or (k < -_HUGE_SCALE and n.bit_length() < -2 * k):
            # v * 10**k cannot be whole here: for k > 0 it would be a multiple of 5**k, which
            # is above 10**width; for k < 0, n would need the factor 5**-k
            q = _scaled_floor_inexact(n, ee, k, width)
            exact = False
        elif k >= 0:
            num = n * _pow10(k)
            if ee >= 0:
                q = num << ee
                exact = True
            else:
                q = num >> -ee
                exact = _bit_scan1(num) >= -ee
        else:
            den = _pow10(-k)
            if ee >= 0:
                q, r = divmod(n << ee, den)
            else:
                q, r = divmod(n, den << -ee)
            exact = not r
        if q >= hi:
            dexp += 1
        elif q < lo:
            dexp -= 1
        else:
            return q.digits(), dexp, exact


def _dexp_guess(n: mpz, ee: int) -> int:
    """Return a guess at the decimal exponent of n * 2**ee (n > 0)."""
    return math.floor((int(n.bit_length()) + ee) * _LOG10_2) + 1


_UNBOUNDED: Final = 1 << 62


def _length(digits: str, exact: bool) -> int:
    """Return the mantissa length of a digit prefix (a big number when digits follow)."""
    return len(digits.rstrip("0")) if exact else _UNBOUNDED


def _round_at(ds: str, dexp: int, nd: int, n: int) -> tuple[str, int]:
    """Go decimal.round(n): round 0.ds (true length nd) to n digits, halfway to even."""
    if n >= nd:
        return ds[:nd], dexp
    c = ds[n]
    if c == "5" and n + 1 == nd:  # exactly halfway: to even
        if n > 0 and ord(ds[n - 1]) & 1:
            return _round_up(ds, dexp, nd, n)
        return _round_down(ds, dexp, nd, n)
    # otherwise the digit decides (a 5 with more digits after it is above halfway)
    return _round_up(ds, dexp, nd, n) if c >= "5" else _round_down(ds, dexp, nd, n)


def _round_up(ds: str, dexp: int, nd: int, n: int) -> tuple[str, int]:
    if n >= nd:
        return ds[:nd], dexp
    while n > 0 and ds[n - 1] == "9":
        n -= 1
    if n == 0:
        return "1", dexp + 1
    return ds[: n - 1] + chr(ord(ds[n - 1]) + 1), dexp


def _round_down(ds: str, dexp: int, nd: int, n: int) -> tuple[str, int]:
    if n >= nd:
        return ds[:nd], dexp
    return ds[:n].rstrip("0"), dexp


def _common_length(a: str, b: str) -> int:
    """Return how many leading characters two ASCII strings of one length share."""
    x = int.from_bytes(a.encode(), "big") ^ int.from_bytes(b.encode(), "big")
    return len(a) - (x.bit_length() + 7) // 8


def _three_prefixes(mm: mpz, ee: int, dexp: int, width: int) -> tuple[
        str, int, bool, str, bool, str, bool]:
    """Return the *width*-digit prefixes of x = mm * 2**ee and of (mm -+ 1) * 2**ee.

    Returns (ds, dexp, exact_d, ls, exact_l, us, exact_u); each prefix is normalised on its
    own (Go's decimal), dexp is x's decimal exponent (*dexp* on entry is a guess).
    """
    if ee < 0:
        sh = -ee
        lo = _pow10(width - 1)
        hi = _pow10(width)
        while True:
            k = width - dexp
            if k < 0 or k > _HUGE_SCALE:
                break
            p10 = _pow10(k)
            num = mm * p10
            q = num >> sh
            if q >= hi:
                dexp += 1
                continue
            if q < lo:
                dexp -= 1
                continue
            numl = num - p10
            ql = numl >> sh
            if ql < lo:
                numl = (mm - 1) * _pow10(k + 1)
                ql = numl >> sh
            numu = num + p10
            qu = numu >> sh
            if qu >= hi:
                if k == 0:
                    break
                numu = (mm + 1) * _pow10(k - 1)
                qu = numu >> sh
            return (q.digits(), dexp, _bit_scan1(num) >= sh, ql.digits(),
                    _bit_scan1(numl) >= sh, qu.digits(), _bit_scan1(numu) >= sh)
    ds, dexp, dx = _first_digits(mm, ee, dexp, width)
    ls, _, lx = _first_digits(mm - 1, ee, dexp, width)
    us, _, ux = _first_digits(mm + 1, ee, dexp, width)
    return ds, dexp, dx, ls, lx, us, ux


def _shortest(m: mpz, e: int, prec: int, guess: int) -> tuple[str, int]:
    """Return (digits, dexp): Go's roundShortest of |x| = m * 2**e, m of exactly *prec* bits.

    Go compares the exact decimal expansions of x and of the halfway points to its
    neighbours (x -+ 1/2 ulp) digit by digit; this does the same on digit prefixes, widening
    them until the comparison ends within them.
    """
    mm = m << 1
    ee = e - 1
    inclusive = not (m & 1)
    width = int(prec * _LOG10_2) + 5 if prec <= 64 else 24
    while True:
        ds, dexp, dx, ls, lx, us, ux = _three_prefixes(mm, ee, guess, width)
        nd = len(ds.rstrip("0")) if dx else _UNBOUNDED
        nl = len(ls.rstrip("0")) if lx else _UNBOUNDED
        nu = len(us.rstrip("0")) if ux else _UNBOUNDED
        last = nd if nd < width else width - 1
        # Where x's digits match both neighbours' nothing can round up, and rounding down
        # needs the (inclusive) lower bound to end there: skip to the first difference.
        start = min(_common_length(ds, ls), _common_length(ds, us))
        if inclusive and nl <= start and nl <= last:
            return _round_down(ds, dexp, nd, nl)
        for i in range(min(start, last), last):
            c = ds[i]
            uc = us[i]
            okdown = ls[i] != c or (inclusive and i + 1 == nl)
            okup = c != uc and (inclusive or ord(c) + 1 < ord(uc) or i + 1 < nu)
            if okdown:
                if okup:
                    return _round_at(ds, dexp, nd, i + 1)
                return _round_down(ds, dexp, nd, i + 1)
            if okup:
                return _round_up(ds, dexp, nd, i + 1)
        if nd <= last:
            return ds[:nd], dexp
        guess = dexp
        width = max(width * 2, int(prec * _LOG10_2) + 8)


_TWO49: Final = float(1 << 49)
_MIN_NORMAL: Final = 2.2250738585072014e-308


def _float_digits(a: float) -> tuple[str, int]:
    """Return (digits, dexp) of repr(a), a positive finite float: the shortest round trip."""
    text = repr(a)
    mant, _, exp_text = text.partition("e")
    int_part, _, frac_part = mant.partition(".")
    if frac_part == "0":
        frac_part = ""
    raw = int_part + frac_part
    digits = raw.lstrip("0")
    dexp = len(int_part) - (len(raw) - len(digits))
    if exp_text:
        dexp += int(exp_text)
    return digits.rstrip("0"), dexp


def _near_short_decimal(m: mpz, e: int, guess: int) -> tuple[str, int] | None:
    """Return the decimal of at most 24 digits within half an ulp of |x| = m * 2**e, if any.

    m has the precision's full bit count (at least 100) and e <= -4. There the interval
    around x is far narrower than 10**-26 of x, so such a decimal is unique and is exactly
    what Go's roundShortest finds (its digit-by-digit walk behaves like a true shortest
    search when the upper halfway point's expansion is that long).
    """
    sh = -e
    dexp = guess
    for _ in range(3):
        k = 27 - dexp
        if k < 0 or k > _HUGE_SCALE:
            return None
        p10 = _pow10(k)
        num = m * p10
        q = num >> sh
        if q >= _POW10_27:
            dexp += 1
        elif q < _POW10_26:
            dexp -= 1
        else:
            break
    else:
        return None
    if q % 1000:
        q += 1
        if q % 1000:
            return None
    # |q/10**k - x| <= 2**(e-1), strictly unless m is even
    delta = (q << (sh + 1)) - (num << 1)
    if delta < 0:
        delta = -delta
    if delta > p10 or (delta == p10 and m & 1):
        return None
    text = q.digits()
    if len(text) > 27:  # q was 10**27 - 1, rounded up into 10**27
        dexp += 1
    return text.rstrip("0"), dexp


def _digits_shortest(x: mpfr) -> tuple[bool, str, int]:
    """Return (negative, digits, dexp) of Go's shortest decimal for finite nonzero mpfr *x*."""
    neg = bool(_is_signed(x))
    prec: int = x.precision
    f = float(x)
    a = -f if neg else f
    if prec == 53 and _MIN_NORMAL <= a < _TWO49 and math.frexp(a)[0] != 0.5:
        # A normal, non-power-of-two float64 below 2**49: Python's repr is the shortest,
        # nearest decimal, which is what Go's roundShortest finds there.
        digits, dexp = _float_digits(a)
        return neg, digits, dexp
    m, e = x.as_mantissa_exp()
    if neg:
        m = -m
    e = int(e)
    guess = math.floor(math.log10(a)) + 1 if 1e-300 < a < 1e300 else _dexp_guess(m, e)
    if prec >= 100 and e <= -4:
        near = _near_short_decimal(m, e, guess)
        if near is not None:
            return neg, near[0], near[1]
    digits, dexp = _shortest(m, e, prec, guess)
    return neg, digits, dexp


def _fmt_f(digits: str, dexp: int) -> str:
    """Go's fmtF with the precision that shows every digit (non-empty digits)."""
    nd = len(digits)
    if dexp <= 0:
        return "0." + "0" * -dexp + digits
    if dexp >= nd:
        return digits + "0" * (dexp - nd)
    return digits[:dexp] + "." + digits[dexp:]


def _fmt_e(digits: str, dexp: int, prec: int) -> str:
    """Go's fmtE: one digit, *prec* more after the point, then e+-dd."""
    out = digits[0] if digits else "0"
    if prec > 0:
        frac = digits[1 : prec + 1]
        out += "." + frac + "0" * (prec - len(frac))
    exp = dexp - 1 if digits else 0
    if exp < 0:
        return f"{out}e-{-exp:02d}"
    return f"{out}e+{exp:02d}"


def _fmt_g(neg: bool, digits: str, dexp: int, prec: int, shortest: bool) -> str:
    """Go's 'g' formatting of rounded digits (prec: Go's precision after rounding)."""
    nd = len(digits)
    eprec = prec
    if eprec > nd >= dexp:
        eprec = nd
    if shortest:
        eprec = 6
    exp = dexp - 1
    sign_text = "-" if neg else ""
    if exp < -4 or exp >= eprec:
        prec = min(prec, nd)
        return sign_text + _fmt_e(digits, dexp, prec - 1)
    if not digits:
        return sign_text + "0"
    return sign_text + _fmt_f(digits, dexp)


def format_f(n: Num) -> str:
    """Return Go's Text('f', -1): the shortest decimal at the number's precision, positional.

    >>> format_f(parse("1e3")), format_f(from_float(0.1)), format_f(parse("-0"))
    ('1000', '0.1', '-0')
    """
    if isinstance(n, int):
        if -_TWO64 < n < _TWO64:
            return str(n)
        return "-" + _int_text(-n) if n < 0 else _int_text(n)
    if n.is_integer():
        if not n:
            return "-0" if _is_signed(n) else "0"
        bits = _get_exp(n)
        if bits <= n.precision:  # exact, and its ulp is at most 1
            return str(int(n)) if bits < _STR_BITS else _int_text_signed(n)
    elif not _is_regular(n):
        if _is_inf(n):
            return "-Inf" if _is_signed(n) else "+Inf"
        raise CtyValueError("NaN is not a number value")
    neg, digits, dexp = _digits_shortest(n)
    return ("-" if neg else "") + _fmt_f(digits, dexp)


def format_g10(n: Num) -> str:
    """Return Go's Text('g', 10) (big.Float.String(); go-cty's set hash bytes)."""
    if isinstance(n, int):
        if -10_000_000_000 < n < 10_000_000_000:
            return str(n)
        neg, digits, dexp = _exact_digits(n)
        nd = len(digits)
    else:
        if _is_inf(n):
            return "-Inf" if _is_signed(n) else "+Inf"
        neg = bool(_is_signed(n))
        if not n:
            return "-0" if neg else "0"
        if n.is_integer() and _get_exp(n) <= 33:  # fewer than 11 digits: shown as they are
            return str(int(n))
        m, e = n.as_mantissa_exp()
        if neg:
            m = -m
        e = int(e)
        ds, dexp, exact = _first_digits(m, e, _dexp_guess(m, e), 12)
        nd = _length(ds, exact)
        digits = ds[:nd] if nd <= 12 else ds
    digits, dexp = _round_at(digits, dexp, nd, 10)
    return _fmt_g(neg, digits, dexp, 10, False)


def format_g(n: Num) -> str:
    """Return Go's Text('g', -1): shortest digits, exponent form when exp < -4 or exp >= 6."""
    if isinstance(n, int):
        neg, digits, dexp = _exact_digits(n)
    elif _is_inf(n):
        return "-Inf" if _is_signed(n) else "+Inf"
    elif n.is_integer() and (not n or _get_exp(n) <= n.precision):
        neg, digits, dexp = _exact_digits(n)
    else:
        neg, digits, dexp = _digits_shortest(n)
    return _fmt_g(neg, digits, dexp, len(digits), True)


def _go_float_v(f: float) -> str:
    """Return Go's %v of a float64 (strconv 'g' with the shortest digits)."""
    if f in (math.inf, -math.inf):
        return "+Inf" if f > 0 else "-Inf"
    if f == 0:
        return "-0" if math.copysign(1.0, f) < 0 else "0"
    digits, dexp = _float_digits(-f if f < 0 else f)
    return _fmt_g(f < 0, digits, dexp, len(digits), True)


def gostring(n: Num) -> str:
    """Return go-cty's GoString of a number value.

    Whole numbers are ``cty.NumberIntVal(%v)`` (with Go's 'g' form, so 1e+21 and -0 occur),
    values a float64 holds exactly (infinities too) ``cty.NumberFloatVal(%v)``, and the rest
    ``cty.MustParseNumberVal("...")`` with the Text('f', -1) form.
    """
    if isinstance(n, int) or n.is_integer():
        return f"cty.NumberIntVal({format_g(n)})"
    f = float64_value(n)
    if f is not None:
        return f"cty.NumberFloatVal({_go_float_v(f)})"
    return f'cty.MustParseNumberVal("{format_f(n)}")'


# --- arithmetic ---------------------------------------------------------------------------------


def _m(n: Num) -> mpfr:
    """Return *n* as an mpfr carrying its go precision (ints exactly)."""
    if isinstance(n, int):
        bl = n.bit_length()
        return _ctx(bl if bl > 64 else 64).add(n, _PZERO)
    return n


def _prec2(a: Num, b: Num) -> int:
    pa = precision(a)
    pb = precision(b)
    return pa if pa > pb else pb


def add(a: Num, b: Num) -> Num:
    """Return a + b at max(precision a, precision b).

    Raises ValueError("can't compute sum of opposing infinities") for +Inf + -Inf.
    """
    if isinstance(a, int) and isinstance(b, int):
        r = a + b
        if -_TWO64 < r < _TWO64 and -_TWO64 < a < _TWO64 and -_TWO64 < b < _TWO64:
            return r
        return _int_payload(r, _prec2(a, b))
    ma = _m(a)
    mb = _m(b)
    if _is_inf(ma) and _is_inf(mb) and _is_signed(ma) != _is_signed(mb):
        raise CtyValueError("can't compute sum of opposing infinities")
    p = _prec2(a, b)
    return _finish(_ctx(p or 1).add(ma, mb), p)


def neg(a: Num) -> Num:
    """Return -a at a's precision (-0 for an int 0)."""
    if isinstance(a, int):
        if a == 0:
            return _C64.minus(_PZERO)
        return -a
    p = precision(a)
    if p == 0:
        return _prec0_inf(not _is_signed(a))
    return _finish(_ctx(p).minus(a), p)


def sub(a: Num, b: Num) -> Num:
    """Return a - b as go-cty computes it, a + (-b).

    Raises ValueError("can't subtract infinity from itself") for Inf - Inf of one sign.
    """
    if isinstance(a, int) and isinstance(b, int):
        r = a - b
        if -_TWO64 < r < _TWO64 and -_TWO64 < a < _TWO64 and -_TWO64 < b < _TWO64:
            return r
        return _int_payload(r, _prec2(a, b))
    if is_inf(a) and is_inf(b) and _is_signed(a) == _is_signed(b):
        raise CtyValueError("can't subtract infinity from itself")
    return add(a, neg(b))


def abs_(a: Num) -> Num:
    """Return |a| at a's precision."""
    if isinstance(a, int):
        return -a if a < 0 else a
    p = precision(a)
    if p == 0:
        return _prec0_inf(False)
    return _finish(_ctx(p).abs(a), p)


def mul(a: Num, b: Num) -> Num:
    """Return a * b as go-cty computes it.

    The product is rounded to 512 bits, then carried at max(pa, pb, MinPrec(product)), so it
    stays exact up to 512 bits. Raises ValueError("can't multiply zero by infinity").
    """
    if isinstance(a, int) and isinstance(b, int):
        r = a * b
        if not r:
            if a < 0 or b < 0:  # Go's zero product takes the sign of the operands
                return _ctx(_prec2(a, b)).minus(_PZERO)
            return _int_payload(0, _prec2(a, b))
        bl = r.bit_length()
        if bl <= 512:
            if bl <= 64 and -_TWO64 < a < _TWO64 and -_TWO64 < b < _TWO64:
                return r
            min_prec = bl - ((r & -r).bit_length() - 1)
            p = max(_prec2(a, b), min_prec)
            return _int_payload(r, p)
    ma = _m(a)
    mb = _m(b)
    if (_is_inf(ma) and not mb) or (_is_inf(mb) and not ma):
        raise CtyValueError("can't multiply zero by infinity")
    x = _ctx(512).mul(ma, mb)
    p = _prec2(a, b)
    if _is_regular(x):
        mant, _ = x.as_mantissa_exp()
        min_prec = mant.bit_length() - _bit_scan1(mant)
        p = max(p, min_prec)
        if p != 512:
            x = _ctx(p).mul(x, _ONE)
        return _finish(x, p)
    if p != 512 and p:
        x = _ctx(p).mul(x, _ONE)  # (ctx.plus keeps an infinity's precision)
    return _finish(x, p)


def div(a: Num, b: Num) -> Num:
    """Return a / b at max(precision a, precision b); x/0 is an infinity signed as Go signs it.

    Raises ValueError("can't divide zero by zero or infinity by infinity").
    """
    p = _prec2(a, b)
    if isinstance(a, int) and isinstance(b, int) and b and p == 64:
        q, r = divmod(a, b)
        if not r:
            if not q and b < 0:
                return _C64.minus(_PZERO)
            if -_TWO64 < q < _TWO64:
                return q
    ma = _m(a)
    mb = _m(b)
    if (not ma and not mb) or (_is_inf(ma) and _is_inf(mb)):
        raise CtyValueError("can't divide zero by zero or infinity by infinity")
    return _finish(_ctx(p or 1).div(ma, mb), p)


def mod(a: Num, b: Num) -> Num:
    """Return go-cty's Modulo: a - b*trunc(a/b), computed at a's precision; x % 0 is x.

    When either operand is the PositiveInfinity/NegativeInfinity singleton, go-cty returns
    a * b instead. Raises ValueError("can't use modulo with zero and infinity") where go-cty
    panics (an infinite non-singleton operand, or a quotient that overflows).
    """
    if a is POS_INF or a is NEG_INF or b is POS_INF or b is NEG_INF:
        try:
            return mul(a, b)
        except ValueError:
            raise CtyValueError("can't use modulo with zero and infinity") from None
    if not b:
        return a
    if isinstance(a, int) and isinstance(b, int) and -(1 << 63) < a < (1 << 63) \
            and -_TWO64 < b < _TWO64:
        # Exact: Go's 64-bit quotient cannot round across an integer below 2**63.
        r = (-a if a < 0 else a) % (-b if b < 0 else b)
        return -r if a < 0 else r
    try:
        rat = div(a, b)
    except ValueError:
        raise CtyValueError("can't use modulo with zero and infinity") from None
    if is_inf(rat):
        raise CtyValueError("can't use modulo with zero and infinity")
    # The integer part, as an mpfr at rat's own precision (exact there), never as an int:
    # the quotient of 1e400000000 by 7 would be a 1.3-gigabit int
    t = rat if isinstance(rat, int) else _ctx(rat.precision).rint_trunc(rat)
    pa = precision(a)
    ctx = _ctx(pa)
    work = ctx.add(t, _PZERO)
    mb = _m(b)
    if _is_inf(mb) and not work:
        raise CtyValueError("can't use modulo with zero and infinity")
    work = ctx.mul(mb, work)
    return _finish(ctx.sub(_m(a), work), pa)


# --- comparison and equality ---------------------------------------------------------------------


def cmp(a: Num, b: Num) -> int:
    """Return -1, 0 or 1 comparing a and b exactly (-0 equals 0)."""
    if a == b:
        return 0
    return -1 if a < b else 1


def _text_key(n: mpfr) -> Hashable:
    """Return what identifies the Text('f', -1) form of a non-integral mpfr.

    The sign, digits and decimal exponent of the shortest decimal say as much as the text
    and spare building it (0.000...1 can have a great many zeros).
    """
    if _is_inf(n):
        return "-Inf" if _is_signed(n) else "+Inf"
    return _digits_shortest(n)


def equal(a: Num, b: Num) -> bool:
    """Return go-cty's number equality (rawNumberEqual).

    Different signs are unequal (zeros have sign 0); two whole numbers compare as integers;
    a whole number never equals a fraction; otherwise the Text('f', -1) forms are compared.
    """
    if isinstance(a, int) and isinstance(b, int):
        return bool(a == b)
    if sign(a) != sign(b):
        return False
    ai = is_integer(a)
    if ai != is_integer(b):
        return False
    if ai:
        return bool(a == b)
    if a == b and precision(a) == precision(b):
        return True
    return _text_key(a) == _text_key(b)


def eq_key(n: Num) -> Hashable:
    """Return a hashable key, equal for numbers that equal() calls equal.

    Whole numbers key as their int value (an mpfr standing for an enormous one: it hashes and
    compares like the int); other numbers key as what identifies their Text('f', -1) form.
    """
    if isinstance(n, int):
        return n
    if n.is_integer():
        if not n:
            return 0
        if _get_exp(n) <= 4096:
            return _int_of(n)
        big: Hashable = n
        return big
    return _text_key(n)
