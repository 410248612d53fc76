"""Numbers as text: Go's Text('f', -1), Text('g', 10) and Text('g', -1), GoString and exact
decimals. Part of cty._number.
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any, Final

import gmpy2
from gmpy2 import mpfr, mpz

from ._errors import CtyValueError
from ._limits import check_number_digits
from ._number_core import (
    _PZERO,
    _STR_BITS,
    _THREAD,
    _TWO64,
    Num,
    _bit_scan1,
    _exact_ctx,
    _get_exp,
    _is_inf,
    _is_regular,
    _is_signed,
    _new_ctx,
    float64_value,
)


def _exact_digits(n: Num) -> tuple[bool, str, int]:
    """Return (negative, digits, point) of finite *n*: exactly 0.digits * 10**point."""
    if isinstance(n, int):
        neg = n < 0
        text = int_text(-n if neg else n)
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
    _check_text_length(n, True)
    neg, digits, point = _exact_digits(n)
    if not digits:
        return "-0" if neg else "0"
    return ("-" if neg else "") + _fmt_f(digits, point)


def to_decimal(n: Num) -> Decimal:
    """Return *n* as an exact Decimal (infinities as Decimal infinities)."""
    if not isinstance(n, int) and _is_inf(n):
        return Decimal("-Infinity" if _is_signed(n) else "Infinity")
    _check_text_length(n, True)
    neg, digits, point = _exact_digits(n)
    if not digits:
        return Decimal((1 if neg else 0, (0,), 0))
    return Decimal((1 if neg else 0, tuple(map(int, digits)), point - len(digits)))




# --- decimal digits (Go's math/big decimal, roundShortest and ftoa) ----------------------------

_POW10_INT: list[mpz] = [mpz(10) ** i for i in range(700)]
_POW10_26: Final = _POW10_INT[26]
_POW10_27: Final = _POW10_INT[27]
_LOG10_2: Final = 0.30102999566398120


_TEXT_CHECK_BITS: Final = 13_000
"""Numbers whose binary exponent is beyond this (about 3,900 digits) have their text length
checked against cty.set_limits' max_number_digits before it is built."""


def _check_text_length(n: Num, exact: bool) -> None:
    """Raise LimitExceededError when the positional text of *n* would be too long.

    (*exact*: the exact decimal expansion, whose digits run to the last binary place, rather
    than the shortest digits that read back as *n*.)
    """
    if isinstance(n, int):
        bits = n.bit_length()
        if bits > _TEXT_CHECK_BITS:
            check_number_digits(int(bits * _LOG10_2) + 1)
        return
    if not _is_regular(n):
        return
    e = int(_get_exp(n))
    if e > _TEXT_CHECK_BITS:
        check_number_digits(int(e * _LOG10_2) + 1)
    elif e < -_TEXT_CHECK_BITS:
        check_number_digits(-e + n.precision if exact else int(-e * _LOG10_2) + 2)


def _pow10(k: int) -> mpz:
    return _POW10_INT[k] if k < 700 else mpz(10) ** k


def int_text(i: int) -> str:
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


def float_set_key(x: mpfr) -> tuple[str, tuple[bool, str, int]] | None:
    """Return (format_g10(x), eq_key(x)) for a 53-bit *x* that is a normal, non-integral,
    non-power-of-two float64 below 2**49, by Python's float formatting; None for others.

    (Python's '.10g' of a float is Go's Text('g', 10) of the same binary value, and its repr
    gives Go's shortest digits there, as _digits_shortest says.)
    """
    if x.precision != 53:
        return None
    f = float(x)
    a = -f if f < 0 else f
    if not _MIN_NORMAL <= a < _TWO49 or a.is_integer() or math.frexp(a)[0] == 0.5:
        return None
    digits, dexp = _float_digits(a)
    return format(f, ".10g"), (f < 0, digits, dexp)


def _fmt_f(digits: str, dexp: int) -> str:
    """Go's fmtF with the precision that shows every digit (non-empty digits)."""
    nd = len(digits)
    if dexp <= 0:
        return "0." + "0" * -dexp + digits
    if dexp >= nd:
        return digits + "0" * (dexp - nd)
    return digits[:dexp] + "." + digits[dexp:]


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
        return sign_text + _fmt_e_go(digits, dexp, prec - 1, "e")
    if not digits:
        return sign_text + "0"
    return sign_text + _fmt_f(digits, dexp)


def format_f(n: Num) -> str:
    """Return Go's Text('f', -1): the shortest decimal at the number's precision, positional.

    >>> from cty._number import from_float, parse
    >>> format_f(parse("1e3")), format_f(from_float(0.1)), format_f(parse("-0"))
    ('1000', '0.1', '-0')
    """
    if isinstance(n, int):
        if -_TWO64 < n < _TWO64:
            return str(n)
        _check_text_length(n, False)
        return "-" + int_text(-n) if n < 0 else int_text(n)
    e = _get_exp(n)
    if e > _TEXT_CHECK_BITS or e < -_TEXT_CHECK_BITS:
        _check_text_length(n, False)
    if n.is_integer():
        if not n:
            return "-0" if _is_signed(n) else "0"
        bits = e
        if bits <= n.precision:  # exact, and its ulp is at most 1
            return str(int(n)) if bits < _STR_BITS else _int_text_signed(n)
    elif not _is_regular(n):
        if _is_inf(n):
            return "-Inf" if _is_signed(n) else "+Inf"
        raise CtyValueError("NaN is not a number value")
    neg, digits, dexp = _digits_shortest(n)
    return ("-" if neg else "") + _fmt_f(digits, dexp)


def whole_number_text(n: Num) -> str:
    """Return the exact decimal digits of the whole number *n* (a sign if negative).

    Raises LimitExceededError past cty.set_limits' max_number_digits.
    """
    _check_text_length(n, False)
    if isinstance(n, int):
        return "-" + int_text(-n) if n < 0 else int_text(n)
    if not n:
        return "0"
    return _int_text_signed(n)


def to_shortest_decimal(n: Num) -> Decimal:
    """Return the Decimal that format_f(n) writes, built from its digits and an exponent, so
    no text is written out however far the number is from 1 (finite *n*; -0 is Decimal('-0')).
    """
    if isinstance(n, int):
        return Decimal(n)
    if not n:
        return Decimal((1 if _is_signed(n) else 0, (0,), 0))
    if n.is_integer() and _get_exp(n) <= n.precision:
        return Decimal(int(n))
    neg, digits, dexp = _digits_shortest(n)
    return Decimal((1 if neg else 0, tuple(map(int, digits)), dexp - len(digits)))


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


def _digits_for(n: Num, width: int) -> tuple[bool, str, int, int]:
    """Return (negative, digits, dexp, nd) of finite nonzero *n*: at least the first *width*
    digits of |n| = 0.digits... * 10**dexp (all of them when fewer), and their true count
    (a big number when nonzero digits follow)."""
    if isinstance(n, int):
        neg, digits, dexp = _exact_digits(n)
        return neg, digits, dexp, len(digits)
    neg = bool(_is_signed(n))
    m, e = n.as_mantissa_exp()
    m = abs(m)
    e = int(e)
    ds, dexp, exact = _first_digits(m, e, _dexp_guess(m, e), max(width, 1))
    return neg, ds, dexp, _length(ds, exact)


def _fmt_e_go(digits: str, dexp: int, prec: int, fmt: str) -> str:
    """Go's big.Float fmtE: one digit, *prec* more after the point, then e (or E) and the
    exponent, at least two digits."""
    out = digits[0] if digits else "0"
    if prec > 0:
        frac = digits[1 : prec + 1]
        out += "." + frac + "0" * (prec - len(frac))
    exp = dexp - 1 if digits else 0
    return f"{out}{fmt}{'-' if exp < 0 else '+'}{abs(exp):02d}"


def _fmt_f_go(digits: str, dexp: int, prec: int) -> str:
    """Go's big.Float fmtF: the integer part, then *prec* fraction digits."""
    out = digits[:dexp] + "0" * (dexp - len(digits[:dexp])) if dexp > 0 else "0"
    if prec > 0:
        frac = "".join(digits[i] if 0 <= i < len(digits) else "0"
                       for i in range(dexp, dexp + prec))
        out += "." + frac
    return out


def format_text(n: Num, fmt: str, prec: int) -> str:
    """Return Go's big.Float Text(fmt, prec) for fmt one of e, E, f, g, G; a negative *prec*
    asks for the shortest digits that read back as *n*.

    >>> from cty._number import parse
    >>> format_text(parse("1234.5678"), "e", 3), format_text(parse("0.000012"), "g", -1)
    ('1.235e+03', '1.2e-05')
    """
    neg: bool
    if isinstance(n, int):
        neg = n < 0
    else:
        neg = bool(_is_signed(n))
        if _is_inf(n):
            return "-Inf" if neg else "+Inf"
    if prec > 0:
        check_number_digits(prec)
    zero = not n
    shortest = prec < 0
    if zero:
        digits, dexp = "", 0
    elif shortest:
        if isinstance(n, int) or (n.is_integer() and _get_exp(n) <= n.precision):
            neg, digits, dexp = _exact_digits(n)
        else:
            neg, digits, dexp = _digits_shortest(n)
    else:
        if fmt == "f":
            _check_text_length(n, False)
        want = prec + 1 if fmt in "eE" else max(prec, 1) if fmt in "gG" else prec + 20
        neg, ds, dexp, nd = _digits_for(n, want + 1)
        if fmt == "f" and dexp + prec + 1 > len(ds) and nd > len(ds):
            neg, ds, dexp, nd = _digits_for(n, dexp + prec + 2)
        places = (1 + prec if fmt in "eE" else dexp + prec if fmt == "f"
                  else max(prec, 1))
        if places < 0:
            digits = ds[: min(nd, len(ds))]
        else:
            digits, dexp = _round_at(ds, dexp, nd, places)
    if shortest:
        nd = len(digits)
        if fmt in "eE":
            prec = nd - 1
        elif fmt == "f":
            prec = max(nd - dexp, 0)
        else:
            prec = nd
    sign = "-" if neg else ""
    if fmt in "eE":
        return sign + _fmt_e_go(digits, dexp, prec, fmt)
    if fmt == "f":
        return sign + _fmt_f_go(digits, dexp, prec)
    if prec == 0:  # (only when asked for: shortest digits are never none but for zero)
        prec = 1
    nd = len(digits)
    eprec = prec
    if eprec > nd >= dexp:
        eprec = nd
    if shortest:
        eprec = 6
    exp = dexp - 1
    if exp < -4 or exp >= eprec:
        return sign + _fmt_e_go(digits, dexp, min(prec, nd) - 1, "e" if fmt == "g" else "E")
    if prec > dexp:
        prec = nd
    return sign + _fmt_f_go(digits, dexp, max(prec - dexp, 0))
