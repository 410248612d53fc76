"""gob's wire forms of numbers beyond msgpack's integers, unknowns with refinements, and marks.

Four msgpack extension codes (docs/formats/gob.md):

* 1, unknown: empty data for no refinement, else a msgpack map of the refinement's fields;
* 2, the mark tag: empty data; first item of a marked slot ``[tag, marks, payload]``;
* 3, number: a msgpack array ``[kind, ...]`` holding a big integer or a gmpy2 mpfr exactly;
* 4, registered mark: a msgpack array ``[name, bytes]``.

Decoding reports problems by raising Fail (cty.encoding._errors); encoding a mark that gob
cannot write raises UnencodableMark.
"""

from __future__ import annotations

import math
from contextvars import ContextVar
from typing import Any, Final

import msgspec
from msgspec.msgpack import Ext

from cty import CtyTypeError, DynamicPseudoType, _number
from cty._internal import UNKNOWN, Refinement, Unknown, not_null_unknown

from . import _gob_registry as registry
from ._errors import Fail

EXT_UNKNOWN: Final = 1
EXT_MARKED: Final = 2
EXT_NUMBER: Final = 3
EXT_MARK: Final = 4

MARK_TAG: Final = Ext(EXT_MARKED, b"")
"""The first item of a marked slot."""
UNKNOWN_EXT: Final = Ext(EXT_UNKNOWN, b"")
"""An unknown without refinement."""

NUM_BIG_INT: Final = 0
NUM_FINITE: Final = 1
NUM_ZERO: Final = 2
NUM_INF: Final = 3
NUM_SINGLETON: Final = 4

INT_MIN: Final = -(1 << 63)
"""The smallest integer msgpack holds (int 64)."""
UINT_MAX: Final = (1 << 64) - 1
"""The largest integer msgpack holds (uint 64)."""
_MAX_EXP: Final = 1 << 40
"""A binary exponent beyond this is out of range for any number (Go's limit is 2**31)."""
MAX_PRECISION: Final = (1 << 31) - 1

_encode: Final = msgspec.msgpack.encode
_decode: Final = msgspec.msgpack.decode
_Raw: Final = msgspec.Raw

_SINGLETONS: Final = (_number.ZERO, _number.POS_INF, _number.NEG_INF)
_ZERO: Final = _number.ZERO
_float64_value: Final = _number.float64_value
_from_float: Final = _number.from_float
_SINGLETON_EXTS: Final = tuple(Ext(EXT_NUMBER, _encode([NUM_SINGLETON, i])) for i in range(3))


# --- the precision budget of one frame ----------------------------------------------------------

BASE_BUDGET: Final = 1 << 20
"""Precision bits any frame may allocate for its numbers, whatever its size."""
BUDGET_PER_BYTE: Final = 512
"""Further precision bits allowed per byte of the frame (so 64 bytes of numbers per byte)."""

_budget: Final[ContextVar[int]] = ContextVar("cty_gob_budget", default=BASE_BUDGET)
"""Precision bits the numbers decoded next may allocate: a context variable, so helper threads
decoding a deep value's parts (cty._deep) draw on their caller's budget."""


def set_budget(bits: int) -> None:
    """Set the precision bits the numbers decoded next (in this context) may allocate."""
    _budget.set(bits)


def get_budget() -> int:
    """Return the precision bits left in this thread's budget."""
    return _budget.get()


def _charge(prec: int) -> None:
    left = get_budget() - prec
    if left < 0:
        raise Fail(f"numbers of too high a precision for the size of the frame (a frame of n "
                   f"bytes may hold at most {BASE_BUDGET} + {BUDGET_PER_BYTE}*n bits of "
                   f"precision)")
    _budget.set(left)


# --- numbers ------------------------------------------------------------------------------------


def _magnitude(m: int) -> bytes:
    return m.to_bytes((m.bit_length() + 7) >> 3, "big")


def big_int_ext(i: int) -> Ext:
    """Return the number extension of an integer payload outside msgpack's integer range."""
    neg = i < 0
    return Ext(EXT_NUMBER, _encode([NUM_BIG_INT, neg, _magnitude(-i if neg else i)]))


def mpfr_wire(x: Any) -> Any:
    """Return the wire form of the gmpy2 mpfr payload *x*: a float64 when the precision is 53
    and a float64 holds the value exactly, else a number extension holding it exactly."""
    if x.precision == 53 and x is not _ZERO:
        f = _float64_value(x)
        if f is not None:
            return f
    return mpfr_ext(x)


def mpfr_ext(x: Any) -> Ext:
    """Return the number extension holding the gmpy2 mpfr payload *x* exactly."""
    for i, s in enumerate(_SINGLETONS):
        if x is s:
            return _SINGLETON_EXTS[i]
    p = _number.precision(x)
    if _number.is_inf(x):
        data: list[Any] = [NUM_INF, p, x < 0]
    elif not x:
        data = [NUM_ZERO, p, _number.is_neg_zero(x)]
    else:
        mz, ez = x.as_mantissa_exp()
        m, e = int(mz), int(ez)
        neg = m < 0
        if neg:
            m = -m
        tz = (m & -m).bit_length() - 1
        data = [NUM_FINITE, p, neg, _magnitude(m >> tz), e + tz]
    return Ext(EXT_NUMBER, _encode(data))


def number_wire(n: Any) -> Any:
    """Return the wire form of number payload *n*: a msgpack int or a number extension."""
    if n.__class__ is int:
        if INT_MIN <= n <= UINT_MAX:
            return n
        return big_int_ext(n)
    return mpfr_wire(n)


def number_from_float(f: float) -> Any:
    """Return the number payload of a msgpack float: that value at precision 53."""
    if math.isnan(f):
        raise Fail("NaN is not a number")
    return _from_float(f)


def _number_items(data: bytes) -> list[Any]:
    try:
        t = _decode(data)
    except (msgspec.DecodeError, ValueError, RecursionError):
        raise Fail("malformed number extension") from None
    if t.__class__ is not list or not t or t[0].__class__ is not int:
        raise Fail("a number extension holds an array [kind, ...]")
    return t


def _prec(p: Any, lo: int) -> int:
    if p.__class__ is not int or not lo <= p <= MAX_PRECISION:
        raise Fail(f"number precision must be an integer from {lo} to {MAX_PRECISION}, not {p!r}")
    return p


def _flag(b: Any, what: str) -> bool:
    if b is not True and b is not False:
        raise Fail(f"{what} must be a bool, not {b!r}")
    return b


def _mag(b: Any) -> int:
    if b.__class__ is not bytes or not b or b[0] == 0:
        raise Fail("a magnitude is non-empty big-endian bytes without leading zero bytes")
    return int.from_bytes(b, "big")


def big_int_from_items(t: list[Any]) -> int:
    """Return the integer of a number extension of kind 0 (its decoded array *t*)."""
    if len(t) != 3:
        raise Fail("a big integer is [0, negative, magnitude]")
    neg = _flag(t[1], "the sign")
    m = _mag(t[2])
    return -m if neg else m


def number_from_ext(data: bytes) -> Any:
    """Return the number payload held by a number extension's *data*."""
    t = _number_items(data)
    kind = t[0]
    if kind == NUM_BIG_INT:
        return big_int_from_items(t)
    if kind == NUM_FINITE:
        if len(t) != 5:
            raise Fail("a finite number is [1, precision, negative, magnitude, exponent]")
        prec = _prec(t[1], 1)
        neg = _flag(t[2], "the sign")
        m = _mag(t[3])
        e = t[4]
        if e.__class__ is not int or not -_MAX_EXP < e < _MAX_EXP:
            raise Fail(f"number exponent out of range: {e!r}")
        if m.bit_length() > prec:
            raise Fail(f"a mantissa of {m.bit_length()} bits does not fit precision {prec}")
        _charge(prec)
        x = _number._from_int_at(-m if neg else m, prec)
        if e:
            x = _number._ctx(prec).mul_2exp(x, e)
            if not x or _number.is_inf(x):
                raise Fail("number exponent out of range")
        return _number.from_mpfr(x)
    if kind in (NUM_ZERO, NUM_INF):
        if len(t) != 3:
            raise Fail("a zero or an infinity is [kind, precision, negative]")
        if kind == NUM_INF and t[1] == 0 and t[1].__class__ is int:
            _flag(t[2], "the sign")
            return _number._prec0_inf(t[2])
        prec = _prec(t[1], 1 if kind == NUM_ZERO else 2)
        neg = _flag(t[2], "the sign")
        _charge(prec)
        ctx = _number._ctx(prec)
        if kind == NUM_ZERO:
            z = ctx.add(0, _number._PZERO)
            return _number.from_mpfr(ctx.minus(z) if neg else z)
        return _number.from_mpfr(ctx.add(_number._NINF1 if neg else _number._INF1,
                                          _number._PZERO))
    if kind == NUM_SINGLETON:
        if len(t) != 2 or t[1].__class__ is not int or not 0 <= t[1] < 3:
            raise Fail("a number singleton is [4, 0|1|2]")
        return _SINGLETONS[t[1]]
    raise Fail(f"unknown number kind {kind}")


# --- unknowns -----------------------------------------------------------------------------------

R_NULL, R_PREFIX, R_MIN, R_MIN_INCL, R_MAX, R_MAX_INCL, R_LEN_MIN, R_LEN_MAX = range(1, 9)

_unknown_cache: dict[int, tuple[Unknown, Ext]] = {}


def unknown_ext(u: Unknown) -> Ext:
    """Return the unknown extension of the Unknown payload *u*, refinement included."""
    r = u.refinement
    if r is None:
        return UNKNOWN_EXT
    hit = _unknown_cache.get(id(u))
    if hit is not None and hit[0] is u:
        return hit[1]
    m: dict[int, Any] = {}
    if r.null is not None:
        m[R_NULL] = bool(r.null)
    if r.prefix:
        m[R_PREFIX] = r.prefix
    if r.min is not None:
        m[R_MIN] = number_wire(r.min)
    if r.min_inclusive:
        m[R_MIN_INCL] = True
    if r.max is not None:
        m[R_MAX] = number_wire(r.max)
    if r.max_inclusive:
        m[R_MAX_INCL] = True
    if r.length_min:
        m[R_LEN_MIN] = int(r.length_min)
    if r.length_max is not None:
        m[R_LEN_MAX] = int(r.length_max)
    ext = Ext(EXT_UNKNOWN, _encode(m))
    if len(_unknown_cache) > 4096:
        _unknown_cache.clear()
    _unknown_cache[id(u)] = (u, ext)
    return ext


def _ref_number(x: Any) -> Any:
    if x.__class__ is int:
        return x
    if x.__class__ is float:
        return number_from_float(x)
    if x.__class__ is Ext and x.code == EXT_NUMBER:
        return number_from_ext(bytes(x.data))
    raise Fail(f"a refinement bound must be a number, not {x!r}")


def _length(x: Any) -> int:
    if x.__class__ is not int or x < 0:
        raise Fail(f"a refinement length must be a non-negative integer, not {x!r}")
    return x


def unknown_from_ext(data: bytes) -> Unknown:
    """Return the Unknown payload an unknown extension's *data* describes."""
    if not data:
        return UNKNOWN
    try:
        m = _decode(data)
    except (msgspec.DecodeError, ValueError, RecursionError):
        raise Fail("malformed refinement in an unknown extension") from None
    if m.__class__ is not dict:
        raise Fail("a refinement is a msgpack map")
    kw: dict[str, Any] = {}
    null: bool | None = None
    for k, x in m.items():
        if k.__class__ is not int:
            raise Fail(f"unknown refinement key {k!r}")
        if k == R_NULL:
            null = _flag(x, "refinement nullness")
        elif k == R_PREFIX:
            if x.__class__ is not str:
                raise Fail("a refinement prefix must be a string")
            kw["prefix"] = x
        elif k == R_MIN:
            kw["min"] = _ref_number(x)
        elif k == R_MIN_INCL:
            kw["min_inclusive"] = _flag(x, "min_inclusive")
        elif k == R_MAX:
            kw["max"] = _ref_number(x)
        elif k == R_MAX_INCL:
            kw["max_inclusive"] = _flag(x, "max_inclusive")
        elif k == R_LEN_MIN:
            kw["length_min"] = _length(x)
        elif k == R_LEN_MAX:
            kw["length_max"] = _length(x)
        else:
            raise Fail(f"unknown refinement key {k}")
    if null is False and not kw:
        return not_null_unknown(DynamicPseudoType)  # the shared payload of RefineNotNull
    return Unknown(Refinement(null, **kw))


# --- marks --------------------------------------------------------------------------------------


class UnencodableMark(Exception):
    """A mark gob cannot write (its class is neither built in nor registered)."""

    def __init__(self, mark: object, reason: str) -> None:
        super().__init__(reason)
        self.mark = mark
        self.reason = reason


def mark_wire(m: Any) -> Any:
    """Return the wire form of one mark; raise UnencodableMark for one gob cannot write."""
    c = m.__class__
    if c is str:
        if not m.isascii():
            try:
                m.encode("utf-8")
            except UnicodeEncodeError:
                raise UnencodableMark(m, f"mark {m!r} holds a lone surrogate") from None
        return m
    if c is bool or m is None:
        return m
    if c is int:
        return m if INT_MIN <= m <= UINT_MAX else big_int_ext(m)
    if c is tuple:
        return [mark_wire(x) for x in m]
    codec = registry.marks_by_class.get(c)
    if codec is None:
        raise UnencodableMark(
            m, f"cannot encode mark {m!r} of type {c.__qualname__}: gob writes marks that are "
               f"str, int, bool, None, tuples of those, or of a class registered with "
               f"cty.encoding.gob.register_mark_type")
    try:
        data = codec.encode(m)
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise CtyTypeError(f"it returned {type(data).__name__}, not bytes")
    except Exception as e:
        raise UnencodableMark(m, f"mark codec {codec.name!r} failed on {m!r}: {e}") from e
    return Ext(EXT_MARK, _encode([codec.name, bytes(data)]))


_marks_cache: dict[int, tuple[frozenset[Any], list[Any]]] = {}


def marks_wire(marks: frozenset[Any]) -> list[Any]:
    """Return the wire array of a mark set, in a fixed order (sorted by encoded bytes)."""
    hit = _marks_cache.get(id(marks))
    if hit is not None and hit[0] is marks:
        return hit[1]
    items = sorted(_encode(mark_wire(m)) for m in marks)
    out = [_Raw(b) for b in items]
    if len(_marks_cache) > 4096:
        _marks_cache.clear()
    _marks_cache[id(marks)] = (marks, out)
    return out


def _mark_from_wire(x: Any) -> Any:
    c = x.__class__
    if c is str or c is int or c is bool or x is None:
        return x
    if c is list:
        return tuple([_mark_from_wire(e) for e in x])
    if c is Ext:
        if x.code == EXT_NUMBER:
            t = _number_items(bytes(x.data))
            if t[0] != NUM_BIG_INT:
                raise Fail("a number extension in a mark must be a big integer")
            return big_int_from_items(t)
        if x.code == EXT_MARK:
            return _registered_mark(x.data)
    raise Fail(f"not a mark: {x!r}")


def _registered_mark(data: bytes) -> Any:
    try:
        t = _decode(data)
    except (msgspec.DecodeError, ValueError, RecursionError):
        raise Fail("malformed registered mark") from None
    if t.__class__ is not list or len(t) != 2 or t[0].__class__ is not str \
            or t[1].__class__ is not bytes:
        raise Fail("a registered mark is [name, bytes]")
    codec = registry.marks_by_name.get(t[0])
    if codec is None:
        raise Fail(f"mark type {t[0]!r} is not registered (cty.encoding.gob.register_mark_type)")
    try:
        mark = codec.decode(t[1])
        hash(mark)
    except Exception as e:
        raise Fail(f"mark codec {codec.name!r} failed: {e!r}") from e
    return mark


def marks_from_wire(x: Any) -> frozenset[Any]:
    """Return the mark set a wire array of marks holds (never empty)."""
    if x.__class__ is not list or not x:
        raise Fail("the marks of a marked value are a non-empty array")
    return frozenset([_mark_from_wire(m) for m in x])

