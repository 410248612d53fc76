"""Number payloads: their representation, Go's rounding contexts, construction and inspection.

Part of cty._number (see its docstring for the semantics); the only modules importing gmpy2
are cty._number_* and cty._mpfr_range.
"""

from __future__ import annotations

import math
import threading
from fractions import Fraction
from typing import Any, Final, TypeAlias

import gmpy2
from gmpy2 import mpfr

from ._errors import CtyTypeError, CtyValueError
from ._memo_room import make_room
from ._mpfr_range import EMAX, EMIN, widen_this_thread

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
    """Return the payload of a float64 at precision 53 (NumberFloatVal); NaN raises ValueError.

    Recent results are remembered (see remembered_float), except zeros, whose sign a float key
    would lose: data holds the same floats over and over, and a lookup costs a fraction of
    rounding anew."""
    if f:
        n = _floats.get(f)
        if n is not None:
            return n
        if math.isnan(f):
            raise CtyValueError("NaN is not a number value")
        n = _C53.add(f, _PZERO)
        make_room(_floats, _FLOATS_REMEMBERED)
        _floats[f] = n
        return n
    return _C53.minus(ZERO) if math.copysign(1.0, f) < 0 else _C53.plus(ZERO)


def trunc(n: Num) -> int:
    """Return the integer part of finite *n*, toward zero, exactly (an mpfr's ``int()``
    rounds to nearest, and ``math.trunc`` of one goes through a float)."""
    if isinstance(n, int):
        return n
    m, e = n.as_mantissa_exp()
    m, e = int(m), int(e)
    if e >= 0:
        return m << e
    q = (-m if m < 0 else m) >> -e
    return -q if m < 0 else q


def from_ints_and_floats(xs: list[int | float]) -> list[Num]:
    """Return the payloads of ints and floats (each as number_val and from_float make it), in
    one pass and without from_float's memory (for many distinct floats); NaN raises ValueError.
    Every element is exactly an int or a float (no subclasses, no other kinds)."""
    plus = _C53.plus  # exact: a float has 53 bits
    return [x if x.__class__ is int
            else plus(x) if x and x == x  # noqa: PLR0124 (False for NaN)
            else from_float(x)  # zeros keep their sign; NaN raises
            for x in xs]


_FLOATS_REMEMBERED: Final = 4096
_floats: dict[float, Num] = {}
remembered_float: Final = _floats.get
"""remembered_float(f): from_float(f) if from_float gave it recently, else None."""


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
    if _is_regular(n) and _get_exp(n) <= -1022:  # below 2**-1022, the least normal float64
        if _get_exp(n) <= -1075:  # below 2**-1075, half the least subnormal: zero
            return -0.0 if n < 0 else 0.0
        num, den = n.as_integer_ratio()  # subnormal: round once, from the exact value
        return float(Fraction(int(num), int(den)))
    return float(_C53.plus(n))


def as_mpfr(n: Num) -> mpfr:
    """Return *n* as a gmpy2.mpfr at its go precision (an int at max(64, bits), exactly).

    The infinity singletons come back as new objects, as big.Float copies do.
    """
    if isinstance(n, int):
        return _from_int_at(n, max(64, n.bit_length()))
    if n is POS_INF or n is NEG_INF:
        return _prec0_inf(n is NEG_INF)
    return n




def sort_key(n: Num) -> Num:
    """Return a key ordering numbers by value (ints and mpfrs compare exactly)."""
    return n
