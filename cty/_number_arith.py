"""Arithmetic, comparison and equality of number payloads with go-cty's precision rules.
Part of cty._number.
"""

from __future__ import annotations

from collections.abc import Hashable

from gmpy2 import mpfr

from ._errors import CtyValueError
from ._number_core import (
    _C64,
    _ONE,
    _PZERO,
    _TWO64,
    NEG_INF,
    POS_INF,
    Num,
    _bit_scan1,
    _ctx,
    _finish,
    _get_exp,
    _int_of,
    _int_payload,
    _is_inf,
    _is_regular,
    _is_signed,
    _prec0_inf,
    is_inf,
    is_integer,
    precision,
    sign,
)
from ._number_text import _digits_shortest, format_f


class NaNResultError(CtyValueError):
    """An operation whose result would be NaN, which a number cannot be (Go's big.ErrNaN,
    a panic in go-cty, which its functions turn into errors with this text)."""


# --- arithmetic ---------------------------------------------------------------------------------


def to_int(n: Num) -> int:
    """Return the whole number *n* as an int; ValueError if it is not one."""
    if isinstance(n, int):
        return int(n)
    if not n.is_integer():
        raise CtyValueError(f"{format_f(n)} is not a whole number")
    return _int_of(n)


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
        raise NaNResultError("can't compute sum of opposing infinities")
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
        raise NaNResultError("can't subtract infinity from itself")
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
        raise NaNResultError("can't multiply zero by infinity")
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
        raise NaNResultError("can't divide zero by zero or infinity by infinity")
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
            raise NaNResultError("can't use modulo with zero and infinity") from None
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
        raise NaNResultError("can't use modulo with zero and infinity") from None
    if is_inf(rat):
        raise NaNResultError("can't use modulo with zero and infinity")
    # The integer part, as an mpfr at rat's own precision (exact there), never as an int:
    # the quotient of 1e400000000 by 7 would be a 1.3-gigabit int
    t = rat if isinstance(rat, int) else _ctx(rat.precision).rint_trunc(rat)
    pa = precision(a)
    ctx = _ctx(pa)
    work = ctx.add(t, _PZERO)
    mb = _m(b)
    if _is_inf(mb) and not work:
        raise NaNResultError("can't use modulo with zero and infinity")
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
