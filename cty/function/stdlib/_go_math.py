"""Go's math.Log, math.Exp and math.Pow on amd64, bit for bit, for log and pow.

go-cty computes log and pow in float64 with Go's math package, and on amd64 (where go-cty's
reference results come from) Log and Exp are assembly routines: Log the FreeBSD polynomial in
SSE2 instructions, Exp a Taylor series that uses fused multiply-adds on processors that have
them (every amd64 processor of the last decade). Pow is Go code on top of both. Python's libm
rounds differently in the last bit (Log(8)/Log(2) is 3 in Python and 3.0000000000000004 in Go),
so these are ports: each operation below is the instruction's IEEE operation, in its order, with
fused multiply-adds computed exactly and rounded once.
"""

from __future__ import annotations

import math
import struct
from fractions import Fraction

__all__ = ["go_div", "go_exp", "go_log", "go_pow"]

_D = struct.Struct("<d")
_Q = struct.Struct("<Q")


def _bits(x: float) -> int:
    return int(_Q.unpack(_D.pack(x))[0])


def _float(b: int) -> float:
    return float(_D.unpack(_Q.pack(b & 0xFFFFFFFFFFFFFFFF))[0])


def go_div(a: float, b: float) -> float:
    """a / b in IEEE arithmetic, as Go divides: by zero an infinity (or NaN for 0/0)."""
    if b == 0:
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def _fma(a: float, b: float, c: float) -> float:
    """a*b + c rounded once (VFMADD), from the exact value."""
    return float(Fraction(a) * Fraction(b) + Fraction(c))


_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
_L1 = 6.666666666666735130e-01
_L2 = 3.999999999940941908e-01
_L3 = 2.857142874366239149e-01
_L4 = 2.222219843214978396e-01
_L5 = 1.818357216161805012e-01
_L6 = 1.531383769920937332e-01
_L7 = 1.479819860511658591e-01
_HALF_SQRT2 = 7.07106781186547524401e-01


def go_log(x: float) -> float:
    """math.Log as Go's amd64 assembly computes it."""
    b = _bits(x)
    if b & 0x7FFFFFFFFFFFFFFF == 0:
        return -math.inf
    if b >> 63:
        return math.nan
    if b >= 0x7FF0000000000000:
        return x
    f1 = _float((b & 0x000FFFFFFFFFFFFF) | 0x3FE0000000000000)
    k = float(((b >> 52) & 0x7FF) - 0x3FE)
    if f1 < _HALF_SQRT2:
        k -= 1.0
        f1 *= 2.0
    f = f1 - 1.0
    s = f / (2.0 + f)
    s2 = s * s
    s4 = s2 * s2
    t1 = s2 * (_L1 + s4 * (_L3 + s4 * (_L5 + s4 * _L7)))
    t2 = s4 * (_L2 + s4 * (_L4 + s4 * _L6))
    r = t1 + t2
    hfsq = 0.5 * f * f
    return k * _LN2_HI - ((hfsq - (s * (hfsq + r) + k * _LN2_LO)) - f)


_LOG2E = 1.4426950408889634073599246810018920
_LN2U = 0.69314718055966295651160180568695068359375
_LN2L = 0.28235290563031577122588448175013436025525412068e-12
_OVERFLOW = 7.09782712893384e+02
_TAYLOR = (2.4801587301587301587e-5, 1.9841269841269841270e-4, 1.3888888888888888889e-3,
           8.3333333333333333333e-3, 4.1666666666666666667e-2, 1.6666666666666666667e-1,
           0.5, 1.0)


def go_exp(x: float) -> float:
    """math.Exp as Go's amd64 assembly computes it on a processor with FMA."""
    if math.isnan(x) or x == math.inf:
        return x
    if x == -math.inf:
        return 0.0
    if x > _OVERFLOW:
        return math.inf
    t = _LOG2E * x
    # CVTSD2SL: round to nearest even; out of int32's range, the "integer indefinite"
    k = round(t) if abs(t) < 2147483648.0 else -2147483648
    kf = float(k)
    r = _fma(-_LN2U, kf, x)
    r = _fma(-_LN2L, kf, r)
    r *= 0.0625
    p = _TAYLOR[0]
    for c in _TAYLOR[1:]:
        p = _fma(p, r, c)
    r = r * p
    for _ in range(3):
        r = r * (r + 2.0)
    r = _fma(r, r + 2.0, 1.0)
    e = k + 0x3FF
    if e <= 0:
        if e < -52:
            return 0.0
        r *= _float((e + 0x3FE) << 52)
        e = 1
    elif e >= 0x7FF:
        return math.inf
    return r * _float(e << 52)


def _is_odd_int(x: float) -> bool:
    if abs(x) >= 1 << 53:
        return False
    frac, whole = math.modf(x)
    return frac == 0 and int(whole) & 1 == 1


def _ldexp(frac: float, exp: int) -> float:
    try:
        return math.ldexp(frac, exp)
    except OverflowError:
        return math.copysign(math.inf, frac)


def go_pow(x: float, y: float) -> float:
    """math.Pow (Go code, on go_exp and go_log)."""
    if y == 0 or x == 1:
        return 1.0
    if y == 1:
        return x
    if math.isnan(x) or math.isnan(y):
        return math.nan
    if x == 0:
        negative = math.copysign(1.0, x) < 0
        if y < 0:
            return -math.inf if negative and _is_odd_int(y) else math.inf
        return x if negative and _is_odd_int(y) else 0.0
    if math.isinf(y):
        if x == -1:
            return 1.0
        return 0.0 if (abs(x) < 1) == (y > 0) else math.inf
    if math.isinf(x):
        if x < 0:
            return go_pow(1 / x, -y)
        return 0.0 if y < 0 else math.inf
    if y == 0.5:
        return math.sqrt(x) if x >= 0 else math.nan  # Go's Sqrt of a negative is NaN
    if y == -0.5:
        return 1 / math.sqrt(x) if x >= 0 else math.nan
    yf, yi = math.modf(abs(y))
    if yf != 0 and x < 0:
        return math.nan
    if yi >= 1 << 63:
        if x == -1:
            return 1.0
        return 0.0 if (abs(x) < 1) == (y > 0) else math.inf
    a1 = 1.0
    ae = 0
    if yf != 0:
        if yf > 0.5:
            yf -= 1
            yi += 1
        a1 = go_exp(yf * go_log(x))
    x1, xe = math.frexp(x)
    i = int(yi)
    while i != 0:
        if xe < -(1 << 12) or xe > (1 << 12):
            ae += xe
            break
        if i & 1 == 1:
            a1 *= x1
            ae += xe
        x1 *= x1
        xe <<= 1
        if x1 < 0.5:
            x1 += x1
            xe -= 1
        i >>= 1
    if y < 0:
        a1 = 1 / a1
        ae = -ae
    return _ldexp(a1, ae)
