"""Parsing numbers as go-cty does: big.ParseFloat(s, 10, 512, ToNearestEven). Part of cty._number.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from gmpy2 import mpfr, mpz

from ._errors import CtyValueError
from ._mpfr_range import GO_MAX_EXP, GO_MIN_EXP
from ._number_core import (
    _C512,
    _C576,
    _C640,
    _INT64_MAX,
    _INT64_MIN,
    _PZERO,
    PARSE_PRECISION,
    Num,
    _ctx,
)

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


def from_decimal(d: Decimal) -> Num:
    """Return *d* as go-cty's ParseNumberVal reads its text (512 bits)."""
    if d.is_nan():
        raise CtyValueError("NaN is not a number value")
    if d.is_infinite():
        return parse("-inf" if d.is_signed() else "inf")
    return parse(str(d))
