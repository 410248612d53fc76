"""Numbers as Go types, with gocty's errors: what go-cty's functions read their arguments as."""

from __future__ import annotations

import math
import sys

from cty import Path, PathError, Value, _number

__all__ = ["go_big_int", "go_float64", "go_int"]

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1
_INT_MESSAGE = (f"value must be a whole number, between {_INT64_MIN} and {_INT64_MAX}")


def go_int(v: Value) -> int:
    """Return known number *v* as a Go int (64 bits), or raise gocty's PathError."""
    p = v._v
    if _number.is_inf(p) or not _number.is_integer(p):
        raise PathError(Path(), _INT_MESSAGE)
    if p.__class__ is not int and not _INT64_MIN <= p <= _INT64_MAX:
        raise PathError(Path(), _INT_MESSAGE)  # (before making an int of it: 1e400000000)
    i = _number.trunc(p)
    if not _INT64_MIN <= i <= _INT64_MAX:
        raise PathError(Path(), _INT_MESSAGE)
    return i


_MAX_FLOAT64 = f"{int(sys.float_info.max)}.000000"  # Go's %f of math.MaxFloat64
_FLOAT64_MESSAGE = f"value must be between -{_MAX_FLOAT64} and {_MAX_FLOAT64} inclusive"


def go_float64(v: Value) -> float:
    """Return known number *v* as a Go float64 (rounded to nearest), or raise gocty's PathError
    for a finite number beyond the float64 range."""
    p = v._v
    f = _number.to_float(p)
    if math.isinf(f) and not _number.is_inf(p):
        raise PathError(Path(), _FLOAT64_MESSAGE)
    return f


def go_big_int(v: Value, max_bits: int) -> int | None:
    """Return known number *v* as a Go *big.Int, or raise gocty's PathError for a number that
    is not whole (an infinity included); None for a whole number of more than *max_bits* bits
    (the caller refuses it: nothing is made of a number like 1e400000000)."""
    p = v._v
    if _number.is_inf(p) or not _number.is_integer(p):
        raise PathError(Path(), "value must be a whole number")
    if p.__class__ is int:
        return p if p.bit_length() <= max_bits else None
    if abs(p) >= 1 << max_bits:
        return None
    return _number.trunc(p)
