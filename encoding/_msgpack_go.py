"""The msgpack reading primitives go-cty's decoder stands on, with the errors they give.

go-cty reads msgpack with github.com/vmihailenco/msgpack/v5 (v5.3.5 in go-cty 1.18.1) over a
bytes.Reader, and passes some of that library's errors through to its users unchanged: ``EOF``
when nothing is left where a value should start, ``unexpected EOF`` when a value is cut off
inside, ``msgpack: invalid code=c3 decoding array length`` when a byte is not the kind asked
for. This module reproduces those primitives (read a code, an array or map length, a string or
bin, an integer, a float, an extension header) with the same results and the same error texts,
for the cold path that works out which error go-cty would report (_msgpack_stream). Nothing
here runs while decoding succeeds.
"""

from __future__ import annotations

import struct
from typing import Final

from cty._internal import hop

_unpack_from = struct.unpack_from

NIL: Final = 0xC0
FIXEXT_LENGTHS: Final = {0xD4: 1, 0xD5: 2, 0xD6: 4, 0xD7: 8, 0xD8: 16}
EXT_LENGTH_SIZES: Final = {0xC7: 1, 0xC8: 2, 0xC9: 4}
_INT_SIZES: Final = {0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8, 0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8}
_SIGNED: Final = {0xD0: ">b", 0xD1: ">h", 0xD2: ">i", 0xD3: ">q"}
_STR_LENGTH_SIZES: Final = {0xD9: 1, 0xDA: 2, 0xDB: 4, 0xC4: 1, 0xC5: 2, 0xC6: 4}
_STR_CODES: Final = frozenset({0xD9, 0xDA, 0xDB})


class GoError(Exception):
    """An error of the Go msgpack library: its text, and where reading stood."""

    def __init__(self, text: str, offset: int) -> None:
        super().__init__(text)
        self.text = text
        self.offset = offset


def is_fixed_num(c: int) -> bool:
    """Return whether *c* is a positive or negative fixint."""
    return c <= 0x7F or c >= 0xE0


def is_ext(c: int) -> bool:
    """Return whether *c* starts an extension (fixext or ext 8/16/32)."""
    return c in FIXEXT_LENGTHS or c in EXT_LENGTH_SIZES


def is_string(c: int) -> bool:
    """Return whether *c* starts a str (fixstr or str 8/16/32; not bin)."""
    return 0xA0 <= c <= 0xBF or c in _STR_CODES


def is_array(c: int) -> bool:
    """Return whether *c* starts an array."""
    return 0x90 <= c <= 0x9F or c in (0xDC, 0xDD)


def is_map(c: int) -> bool:
    """Return whether *c* starts a map."""
    return 0x80 <= c <= 0x8F or c in (0xDE, 0xDF)


class GoDecoder:
    """A position in the bytes, read the way the Go library's Decoder reads them."""

    __slots__ = ("data", "n", "pos")

    def __init__(self, data: bytes, pos: int = 0) -> None:
        self.data = data
        self.n = len(data)
        self.pos = pos

    def error(self, text: str) -> GoError:
        """Return a GoError at the current position."""
        return GoError(text, self.pos)

    # --- bytes -----------------------------------------------------------------------------

    def peek_code(self) -> int:
        """Return the next byte without reading it; EOF at the end."""
        if self.pos >= self.n:
            raise self.error("EOF")
        return self.data[self.pos]

    def read_code(self) -> int:
        """Read one byte; EOF at the end."""
        if self.pos >= self.n:
            raise self.error("EOF")
        self.pos += 1
        return self.data[self.pos - 1]

    def read_n(self, k: int) -> bytes:
        """Read *k* bytes, as io.ReadFull: EOF when none are left, unexpected EOF when some
        but too few are (the bytes that were there are consumed)."""
        if k <= 0:
            return b""
        left = self.n - self.pos
        if left < k:
            self.pos = self.n
            raise self.error("EOF" if left == 0 else "unexpected EOF")
        self.pos += k
        return self.data[self.pos - k:self.pos]

    def uint_of(self, size: int) -> int:
        """Read a big-endian unsigned integer of *size* bytes (uint8 reads a code)."""
        if size == 1:
            return self.read_code()
        return int.from_bytes(self.read_n(size), "big")

    # --- the Decoder's methods that go-cty calls ---------------------------------------------

    def decode_array_len(self) -> int:
        """DecodeArrayLen: -1 for nil."""
        c = self.read_code()
        if c == NIL:
            return -1
        if 0x90 <= c <= 0x9F:
            return c & 0x0F
        if c in (0xDC, 0xDD):
            return self.uint_of(2 if c == 0xDC else 4)
        raise self.error(f"msgpack: invalid code={c:x} decoding array length")

    def decode_map_len(self) -> int:
        """DecodeMapLen: -1 for nil; an extension header before the map is skipped."""
        c = self.read_code()
        if is_ext(c):
            self.read_code()
            for _ in range(_ext_header_len(c)):
                self.read_code()
            c = self.read_code()
        if c == NIL:
            return -1
        if 0x80 <= c <= 0x8F:
            return c & 0x0F
        if c in (0xDE, 0xDF):
            return self.uint_of(2 if c == 0xDE else 4)
        raise self.error(f"msgpack: unexpected code={c:x} decoding map length")

    def bytes_len(self, c: int) -> int:
        """The length of a str or bin that starts with code *c*: -1 for nil."""
        if c == NIL:
            return -1
        if 0xA0 <= c <= 0xBF:
            return c & 0x1F
        size = _STR_LENGTH_SIZES.get(c)
        if size is None:
            raise self.error(f"msgpack: invalid code={c:x} decoding string/bytes length")
        return self.uint_of(size)

    def decode_raw_string(self) -> bytes:
        """DecodeString, as bytes (Go strings hold any bytes): nil reads as empty."""
        return self.read_n(self.bytes_len(self.read_code()))

    def decode_bytes(self) -> bytes | None:
        """DecodeBytes: None for nil."""
        n = self.bytes_len(self.read_code())
        if n == -1:
            return None
        return self.read_n(n)

    def decode_bool(self) -> bool:
        """DecodeBool: nil reads as false."""
        c = self.read_code()
        if c in (NIL, 0xC2):
            return False
        if c == 0xC3:
            return True
        raise self.error(f"msgpack: invalid code={c:x} decoding bool")

    def decode_int(self, what: str = "int64") -> int:
        """DecodeInt64 (or DecodeUint64 with *what* "uint64"), wrapping as Go's types do."""
        c = self.read_code()
        if c == NIL:
            return 0
        if is_fixed_num(c):
            return c - 256 if c >= 0x80 else c
        size = _INT_SIZES.get(c)
        if size is None:
            raise self.error(f"msgpack: invalid code={c:x} decoding {what}")
        raw = self.read_n(size) if size > 1 else bytes([self.read_code()])
        fmt = _SIGNED.get(c)
        value = _unpack_from(fmt, raw)[0] if fmt else int.from_bytes(raw, "big")
        if what == "uint64":
            return value % (1 << 64)
        return (value + (1 << 63)) % (1 << 64) - (1 << 63)

    def decode_float(self) -> float:
        """DecodeFloat64: a float32, a float64, or any integer."""
        c = self.peek_code()
        if c in (0xCA, 0xCB):
            self.pos += 1
            raw = self.read_n(4 if c == 0xCA else 8)
            return float(_unpack_from(">f" if c == 0xCA else ">d", raw)[0])
        start = self.pos
        try:
            return float(self.decode_int())
        except GoError:
            self.pos = max(self.pos, start + 1)
            raise self.error(f"msgpack: invalid code={c:x} decoding float32") from None

    def decode_ext_header(self) -> tuple[int, int]:
        """DecodeExtHeader: the extension's (type code as int8, body length)."""
        c = self.read_code()
        length = FIXEXT_LENGTHS.get(c)
        if length is None:
            size = EXT_LENGTH_SIZES.get(c)
            if size is None:
                raise self.error(f"msgpack: invalid code={c:x} decoding ext len")
            length = self.uint_of(size)
        code = self.read_code()
        return (code - 256 if code >= 0x80 else code), length

    @hop  # (it recurses: any depth)
    def skip(self) -> None:
        """Skip one whole value (Skip)."""
        c = self.read_code()
        if is_fixed_num(c) or c in (NIL, 0xC2, 0xC3):
            return
        if 0x80 <= c <= 0x8F or c in (0xDE, 0xDF):
            n = c & 0x0F if c <= 0x8F else self.uint_of(2 if c == 0xDE else 4)
            for _ in range(2 * n):
                self.skip()
            return
        if 0x90 <= c <= 0x9F or c in (0xDC, 0xDD):
            n = c & 0x0F if c <= 0x9F else self.uint_of(2 if c == 0xDC else 4)
            for _ in range(n):
                self.skip()
            return
        if 0xA0 <= c <= 0xBF or c in _STR_LENGTH_SIZES:
            self.read_n(self.bytes_len(c))
            return
        size = _INT_SIZES.get(c) or {0xCA: 4, 0xCB: 8}.get(c)
        if size is not None:
            self.read_n(size)
            return
        if is_ext(c):
            length = FIXEXT_LENGTHS.get(c)
            if length is None:
                length = self.uint_of(EXT_LENGTH_SIZES[c])
            self.read_n(length + 1)
            return
        raise self.error(f"msgpack: unknown code {c:x}")


def _ext_header_len(c: int) -> int:
    """How many length bytes follow an extension's first code (Go's extHeaderLen)."""
    return EXT_LENGTH_SIZES.get(c, 0)
