"""Fast paths for the number work of the encoders, checked against cty._number.

``cty._number`` is exact and general; these helpers handle the common cases in a fraction of
the time and hand everything else to it. tests/encoding/test_json_numbers.py holds each one to
the general function it shortcuts.

* ``parse``: a decimal literal is ParseNumberVal'd (512 bits, nearest even) with one rounding
  of the exact value, which is what Go's algorithm gives while the power of ten is exact
  (|exponent| <= 27, as go's pow5 table); other literals go to ``_number.parse``.
* ``from_float``: a float64 as a 53-bit number (NumberFloatVal).
* ``format_f``: Text('f', -1) of a 53-bit non-integer in the normal range is Python's repr
  (the shortest round-trip digits), except at powers of two, where Go's neighbours differ.
"""

from __future__ import annotations

import math
from typing import Any, Final

from cty import _number
from cty._internal import make_room

# cty._number's rounding contexts (nearest even, Go's exponent range). Arithmetic through a
# context is exact-then-rounded and much faster than building numbers with gmpy2.mpfr().
_ctx512: Final = _number._ctx(_number.PARSE_PRECISION)
_ctx53: Final = _number._ctx(53)
_MAX_POW10: Final = 27
_POW10: Final = tuple(10**i for i in range(_MAX_POW10 + 1))
_MIN_NORMAL: Final = 2.2250738585072014e-308
_ZERO: Final = _number._PZERO


_cache: dict[Any, Any] = {}
_CACHE_SIZE: Final = 4096


remembered_number: Final = _cache.get
"""remembered_number(x): parse(x) or parse_int(x) for the literal or int *x* if either gave it
recently, else None."""


def _remember(key: Any, value: Any) -> Any:
    make_room(_cache, _CACHE_SIZE)
    _cache[key] = value
    return value


def parse(text: str) -> Any:
    """Return ParseNumberVal(text) for a JSON number literal or any decimal text.

    Raises ValueError("a number is required") for text that is not a number. Recent results
    are remembered (numbers repeat in real data; payloads are immutable).
    """
    found = _cache.get(text)
    if found is not None:
        return found
    return _remember(text, _parse(text))


def _parse(text: str) -> Any:
    mant_text = text
    exp = 0
    if "e" in text or "E" in text:
        mant_text, _, exp_text = text.replace("E", "e").partition("e")
        if not exp_text or not exp_text.lstrip("+-").isdigit() or len(exp_text) > 6:
            return _number.parse(text)
        exp = int(exp_text)
    int_part, _, frac = mant_text.partition(".")
    digits = int_part + frac
    body = digits[1:] if digits[:1] in ("-", "+") else digits
    if not body.isdigit() or not body.isascii() or not (int_part.lstrip("+-") or frac) \
            or len(body) > 4_000:  # (int() refuses more than 4,300 digits)
        return _number.parse(text)
    mant = int(digits)
    if mant == 0:
        return _number.parse(text)  # signed zeros
    e = exp - len(frac)
    # true division of ints gives an mpfr rounded once from the exact quotient
    if 0 <= e <= _MAX_POW10:
        return _ctx512.div(mant * _POW10[e], 1)
    if -_MAX_POW10 <= e < 0:
        return _ctx512.div(mant, _POW10[-e])
    return _number.parse(text)


def parse_int(i: int) -> Any:
    """Return ParseNumberVal(str(i)) for an int."""
    found = _cache.get(i)
    if found is not None:
        return found
    if i == 0 or i.bit_length() > _number.PARSE_PRECISION:
        return _remember(i, _number.parse(_number.whole_number_text(i)))
    return _remember(i, _ctx512.add(i, _ZERO))  # exact: fewer than 512 bits


from_float: Final = _number.from_float
remembered_float: Final = _number.remembered_float


def float_text_as_msgspec(n: Any) -> float | None:
    """Return *n* as a float when msgspec's JSON text of that float is Text('f', -1) of *n*:
    a 53-bit non-integer of magnitude 1e-4 to 1e16, not a power of two; None otherwise."""
    if _number.precision(n) != 53:
        return None
    f = float(n)  # exact: 53 bits, and the range below is normal
    if 1e-4 <= abs(f) < 1e16 and not f.is_integer() and math.frexp(f)[0] not in (0.5, -0.5):
        return f
    return None


def format_f(n: Any) -> str:
    """Return Text('f', -1) of number payload *n*, as go-cty's JSON writes it.

    For a whole number of less than 512 bits' precision that is the shortest text that rounds
    to it at its own precision: the float64 2**60 is "1152921504606847000", which reads back,
    at 512 bits, as another number. go-cty writes that, and so do we (docs/design/numbers.md).
    """
    if n.__class__ is int:
        return _number.format_f(n)
    if _number.precision(n) == 53:
        f = _number.to_float(n)
        if (_MIN_NORMAL <= abs(f) < 1e16 and not f.is_integer()
                and math.frexp(f)[0] not in (0.5, -0.5)):
            r = repr(f)
            if "e" not in r:
                return r
    return _number.format_f(n)


class JNum(str):
    """A JSON number literal, as its text (floats, and every number on the slow path).

    A str subclass, so that msgspec's float_hook makes one at C speed; ``x.__class__ is
    JNum`` tells it from a JSON string.
    """

    __slots__ = ()

    @property
    def text(self) -> str:
        """The literal."""
        return str(self)

    def __repr__(self) -> str:
        return f"JNum({str(self)!r})"
