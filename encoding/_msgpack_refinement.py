"""Unknown values on the msgpack wire: extension 0 (no refinement) and 12 (refinements).

An unknown value with nothing known about it is ``d4 00 00``: a fixext1 of code 0 with one
zero byte. One whose refinement says something is an extension of code 12 holding a msgpack
map with small integer keys, written in this order:

=== ============================ =====================================================
key meaning                      value
=== ============================ =====================================================
1   nullness                     ``false`` (definitely not null); ``true`` decodes too
3   number lower bound           ``[number, inclusive]``, the number as usual
4   number upper bound           ``[number, inclusive]``
2   string prefix                str; cut to 255 bytes first when longer than 256
5   collection length lower bnd  int
6   collection length upper bnd  int
=== ============================ =====================================================

Decoding follows go-cty's RefinementBuilder: contradictory refinements are an error (go-cty
panics), and a refinement that pins the value down gives the known value (a null, a number
whose inclusive bounds are equal, an empty collection, a list of known length, a one-element
set). Any extension of length 0 or 1 is a plain unknown, whatever its code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import msgspec
from msgspec.msgpack import Ext

import cty
from cty import Type, _number, normalize_string
from cty._internal import (
    EMPTY_SET,
    MAX_KNOWN_LIST_LENGTH,
    UNKNOWN,
    Refinement,
    SetPayload,
    Unknown,
    safe_known_prefix,
    safe_prefix_before_cut,
)

from ._errors import Fail
from ._msgpack_go import GoDecoder, GoError

UNKNOWN_EXT: Final = Ext(0, b"\x00")
"""The extension go-cty writes for an unknown value without refinements."""

REFINED_EXT_CODE: Final = 12
MAX_REFINEMENT_BYTES: Final = 1024
_MAX_INT: Final = (1 << 63) - 1
_MAX_PREFIX_BYTES: Final = 256
_KEY_NULL, _KEY_PREFIX, _KEY_MIN, _KEY_MAX, _KEY_LEN_MIN, _KEY_LEN_MAX = 1, 2, 3, 4, 5, 6

_encode = msgspec.msgpack.encode
_decode = msgspec.msgpack.decode


# --- encoding -----------------------------------------------------------------------------


def number_wire(n: Any) -> Any:
    """Return what go-cty writes for number payload *n*, as msgspec will encode it.

    An integer in int64 range as an int (compact, unsigned codes for non-negatives), any
    infinity as a float64, a non-integer that float64 holds exactly as a float, anything else
    (a whole number beyond int64 included) as the decimal string ``Text('f', -1)``, which for
    a number of less than 512 bits' precision is the shortest text that rounds to it at its own
    precision, as go-cty writes it. ``-0`` is written as the int 0.
    """
    if n.__class__ is int:
        if -_MAX_INT - 1 <= n <= _MAX_INT:
            return n
        return _number.whole_number_text(n)
    # float() rounds, maybe imperfectly for subnormals; only an exact result is kept
    f = float(n)
    if f == n:  # a float64 holds n exactly (infinities included)
        if not f.is_integer():
            return f
        if -9.223372036854775808e18 <= f < 9.223372036854775808e18:
            return int(f)
        return _number.format_f(n)
    i = _number.int64_value(n)
    if i is not None:
        return i
    return _number.format_f(n)


def unknown_ext(u: Unknown) -> Ext:
    """Return the extension for the unknown payload *u*, with its refinement if it has one."""
    r = u.refinement
    if r is None:
        return UNKNOWN_EXT
    entries: dict[int, Any] = {}
    if r.null is False:
        entries[_KEY_NULL] = False
    lo = r.min
    if lo is not None and lo is not _number.NEG_INF:
        entries[_KEY_MIN] = [number_wire(lo), bool(r.min_inclusive)]
    hi = r.max
    if hi is not None and hi is not _number.POS_INF:
        entries[_KEY_MAX] = [number_wire(hi), bool(r.max_inclusive)]
    if r.prefix:
        entries[_KEY_PREFIX] = _wire_prefix(r.prefix)
    if r.length_min:
        entries[_KEY_LEN_MIN] = r.length_min
    if r.length_max is not None and r.length_max != _MAX_INT:
        entries[_KEY_LEN_MAX] = r.length_max
    if not entries:
        return UNKNOWN_EXT
    return Ext(REFINED_EXT_CODE, _encode(entries))


def _wire_prefix(prefix: str) -> str:
    """Return *prefix* as go-cty writes it: whole up to 256 bytes, else cut to 255 bytes and
    made safe again (ctystrings.SafeKnownPrefix of the cut bytes)."""
    raw = prefix.encode("utf-8")
    if len(raw) <= _MAX_PREFIX_BYTES:
        return prefix
    cut = raw[:_MAX_PREFIX_BYTES - 1]
    try:
        return safe_known_prefix(cut.decode("utf-8"))
    except UnicodeDecodeError as e:  # the cut fell inside a character
        return safe_prefix_before_cut(cut[:e.start].decode("utf-8"))


# --- decoding -----------------------------------------------------------------------------


def decode_unknown(ty: Type, ext: Ext, number: Callable[[Any], Any]) -> Any:
    """Return the payload of the unknown value extension *ext* stands for, in a slot of *ty*.

    The refinement map is read entry by entry in stream order, as go-cty reads it, so the
    first problem is the one go-cty reports; an entry with a key go-cty does not know is not
    skipped (go-cty reads on from its value, as the next key). Bytes after the map are
    ignored, as go-cty does. *number* decodes a number payload (for the bounds). Raises Fail
    for an unsupported extension, an oversized or malformed refinement, or refinements that
    contradict.
    """
    data = bytes(ext.data)
    n = len(data)
    if n <= 1:
        return UNKNOWN
    if ext.code != REFINED_EXT_CODE:
        raise Fail(f"unsupported extension type 0x{ext.code:02x} with len {n}")
    if n > MAX_REFINEMENT_BYTES:
        raise Fail("oversize unknown value refinement")
    rd = GoDecoder(data)
    try:
        count = rd.decode_map_len()
    except GoError:
        raise _body_error("not a map") from None
    if ty is cty.DynamicPseudoType:
        return UNKNOWN  # go-cty ignores refinements of DynamicVal
    b = _Builder(ty)
    for _ in range(count):
        try:
            key = rd.decode_int()
        except GoError:
            raise _body_error("non-integer key in map") from None
        if key == _KEY_NULL:
            try:
                is_null = rd.decode_bool()
            except GoError:
                raise _body_error("null refinement is not boolean") from None
            b.null(is_null)
        elif key == _KEY_PREFIX:
            if ty is not cty.String:
                raise _body_error("string prefix refinement for non-string type")
            try:
                raw = rd.decode_raw_string()
            except GoError:
                raise _body_error("string prefix refinement is not string") from None
            b.prefix(_prefix_text(raw))
        elif key in (_KEY_LEN_MIN, _KEY_LEN_MAX):
            if not ty.is_collection_type():
                raise _body_error("length lower bound refinement for non-collection type")
            try:
                bound = rd.decode_int()
            except GoError:
                raise _body_error("length bound refinement must be integer or [integer, bool] "
                                  "array") from None
            if key == _KEY_LEN_MIN:
                b.length_min(bound)
            else:
                b.length_max(bound)
        elif key in (_KEY_MIN, _KEY_MAX):
            if ty is not cty.Number:
                raise _body_error("numeric bound refinement for non-number type")
            value, inclusive = _number_bound(rd, number)
            if key == _KEY_MIN:
                b.lower(value, inclusive)
            else:
                b.upper(value, inclusive)
    return b.new_payload()


def _body_error(what: str) -> Fail:
    return Fail(f"failed to decode msgpack extension body: {what}")


def _prefix_text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _body_error("string prefix refinement is not valid UTF-8") from None


def _number_bound(rd: GoDecoder, number: Callable[[Any], Any]) -> tuple[Any, bool]:
    """Read a number bound, [number, inclusive], as go-cty reads a tuple(number, bool): a
    null, an unknown or anything else there is an error."""
    bad = _body_error("length bound refinement must be [number, bool] array")
    try:
        if rd.decode_array_len() != 2:
            raise bad
        start = rd.pos
        rd.skip()
        bound = number(_decode(rd.data[start:rd.pos]))
        if rd.peek_code() not in (0xC2, 0xC3):
            raise bad
        inclusive = rd.decode_bool()
    except (GoError, Fail, msgspec.DecodeError, ValueError):
        raise bad from None
    if bound is None or bound.__class__ is Unknown:
        raise bad
    return bound, inclusive


class _Builder:
    """go-cty's RefinementBuilder for an unknown value of one type, raising Fail where it
    panics."""

    __slots__ = ("hi", "hi_inc", "is_null", "len_hi", "len_lo", "lo", "lo_inc", "pfx", "ty")

    def __init__(self, ty: Type) -> None:
        self.ty = ty
        self.is_null: bool | None = None
        self.pfx = ""
        self.lo: Any = None
        self.lo_inc = False
        self.hi: Any = None
        self.hi_inc = False
        self.len_lo = 0
        self.len_hi = _MAX_INT

    def null(self, is_null: bool) -> None:
        if self.is_null is not None and self.is_null != is_null:
            raise Fail("refining null value as non-null" if not is_null
                       else "refining non-null value as null")
        self.is_null = is_null

    def prefix(self, prefix: str) -> None:
        try:
            new = normalize_string(prefix)
        except ValueError:
            raise Fail("failed to decode msgspec extension body: "
                       "string prefix refinement is not valid UTF-8") from None
        have = self.pfx.encode("utf-8")
        got = new.encode("utf-8")
        m = min(len(have), len(got))
        if have[:m] != got[:m]:
            raise Fail("refined prefix is inconsistent with previous refined prefix")
        if len(got) > len(have):
            self.pfx = new

    def lower(self, bound: Any, inclusive: bool) -> None:
        if self.lo is not None:
            c = _number.cmp(bound, self.lo)
            ok = c > 0 if (inclusive and not self.lo_inc) else c >= 0
            if not ok:
                return
        if bound is not _number.NEG_INF:
            self.lo = bound
            self.lo_inc = inclusive
        self._check_bounds()

    def upper(self, bound: Any, inclusive: bool) -> None:
        if self.hi is not None:
            c = _number.cmp(bound, self.hi)
            ok = c < 0 if (inclusive and not self.hi_inc) else c <= 0
            if not ok:
                return
        if bound is not _number.POS_INF:
            self.hi = bound
            self.hi_inc = inclusive
        self._check_bounds()

    def _check_bounds(self) -> None:
        if self.lo is None or self.hi is None:
            return
        c = _number.cmp(self.lo, self.hi)
        ok = c < 0 if self.lo_inc != self.hi_inc else c <= 0
        if not ok:
            raise Fail(f"number lower bound {_number.format_f(self.lo)} is greater than "
                       f"upper bound {_number.format_f(self.hi)}")

    def length_min(self, n: int) -> None:
        if self.len_lo > n:
            return
        self.len_lo = n
        self._check_lengths()

    def length_max(self, n: int) -> None:
        if self.len_hi < n:
            return
        self.len_hi = n
        self._check_lengths()

    def _check_lengths(self) -> None:
        if self.len_hi < self.len_lo:
            raise Fail(f"collection length upper bound {self.len_hi} is less than lower "
                       f"bound {self.len_lo}")

    def new_payload(self) -> Any:
        """Return the payload go-cty's NewValue gives: known when the refinements pin it."""
        ty = self.ty
        if self.is_null is True:
            return None
        if self.is_null is False:
            if ty is cty.Number:
                if self.lo_inc and self.hi_inc and self.lo is not None and self.hi is not None \
                        and _number.equal(self.lo, self.hi):
                    return self.lo
            elif ty.is_collection_type() and self.len_lo == self.len_hi:
                n = self.len_lo
                if n == 0:
                    if ty.is_list_type():
                        return ()
                    if ty.is_set_type():
                        return EMPTY_SET
                    return {}
                if ty.is_list_type() and n <= MAX_KNOWN_LIST_LENGTH:
                    return (UNKNOWN,) * n
                if ty.is_set_type() and n == 1:
                    return SetPayload((UNKNOWN,))
        r = Refinement(
            self.is_null,
            prefix=self.pfx,
            min=self.lo,
            min_inclusive=self.lo_inc,
            max=self.hi,
            max_inclusive=self.hi_inc,
            length_min=self.len_lo,
            length_max=None if self.len_hi == _MAX_INT else self.len_hi,
        )
        return Unknown(r)
