"""A small, strict msgpack reader in Python, for the cold paths only.

msgspec does the decoding. This reader runs when msgspec has refused the input, to say where
(byte offset, and the array indices and map keys leading there), where an extension of code -1
is not a valid timestamp (msgspec insists on timestamps; go-cty reads any short extension as an
unknown value), and when a map may repeat a key, which msgspec resolves silently (the last entry
wins) while go-cty decodes every entry. (The refinement map inside an unknown value's extension
is read entry by entry, as go-cty reads it, by cty.encoding._msgpack_go.)

It builds what msgspec builds: None, bool, int, float, str, bytes, list, dict and
msgspec.msgpack.Ext (for every extension code, -1 included), except that a map which repeats a
key becomes a DupDict, which keeps what msgspec would silently drop. Declared lengths are checked
against the bytes left before anything is allocated.
"""

from __future__ import annotations

import struct
from typing import Any

from msgspec.msgpack import Ext

from cty import limits
from cty._internal import deep, hop

_unpack_from = struct.unpack_from


class ReaderError(Exception):
    """Malformed msgpack: *message*, at byte *offset*, inside the containers *spath*.

    ``spath`` lists array indices (int) and map keys (any decoded key) from the outside in.
    """

    def __init__(self, message: str, offset: int, spath: list[Any]) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.spath = spath


class DupDict(dict[Any, Any]):
    """A map that repeated a key: the last entry of each key, as msgspec gives, plus what it
    hid. ``declared`` is the entry count on the wire, ``shadowed`` the (key, value) entries
    that a later one replaced, in stream order.
    """

    def __init__(self, items: dict[Any, Any], *, declared: int) -> None:
        super().__init__(items)
        self.declared = declared
        self.shadowed: list[tuple[Any, Any]] = []


class _Reader:
    __slots__ = ("data", "max_depth", "n", "spath")

    def __init__(self, data: bytes, max_depth: int) -> None:
        self.data = data
        self.n = len(data)
        self.spath: list[Any] = []
        self.max_depth = max_depth

    def fail(self, message: str, offset: int) -> ReaderError:
        return ReaderError(message, offset, list(self.spath))

    def need(self, pos: int, k: int, what: str) -> None:
        if self.n - pos < k:
            raise self.fail(f"truncated {what}: {k} bytes needed, {max(self.n - pos, 0)} left",
                            pos)

    @hop  # (it recurses, keeping spath: any depth)
    def value(self, pos: int, depth: int) -> tuple[Any, int]:
        data = self.data
        if pos >= self.n:
            raise self.fail("unexpected end of data (EOF)", pos)
        if depth > self.max_depth:
            raise self.fail("data nested too deeply", pos)
        c = data[pos]
        pos += 1
        if c <= 0x7F:
            return c, pos
        if c >= 0xE0:
            return c - 0x100, pos
        if 0xA0 <= c <= 0xBF:
            return self.text(pos, c & 0x1F)
        if 0x90 <= c <= 0x9F:
            return self.array(pos, c & 0x0F, depth)
        if 0x80 <= c <= 0x8F:
            return self.map(pos, c & 0x0F, depth)
        if c == 0xC0:
            return None, pos
        if c == 0xC2:
            return False, pos
        if c == 0xC3:
            return True, pos
        if c in _FIXED:
            fmt, size, what = _FIXED[c]
            self.need(pos, size, what)
            return _unpack_from(fmt, data, pos)[0], pos + size
        if c in _LENGTHS:
            fmt, size, kind = _LENGTHS[c]
            self.need(pos, size, f"{kind} header")
            length = _unpack_from(fmt, data, pos)[0]
            pos += size
            if kind == "str":
                return self.text(pos, length)
            if kind == "bin":
                self.need(pos, length, "bin body")
                return data[pos:pos + length], pos + length
            if kind == "array":
                return self.array(pos, length, depth)
            if kind == "map":
                return self.map(pos, length, depth)
            # ext8/16/32: length, then the type byte
            self.need(pos, 1, "extension type")
            code = _unpack_from(">b", data, pos)[0]
            return self.ext(pos + 1, code, length)
        if c in _FIXEXT:
            self.need(pos, 1, "extension type")
            code = _unpack_from(">b", data, pos)[0]
            return self.ext(pos + 1, code, _FIXEXT[c])
        raise self.fail(f"invalid msgpack code 0x{c:02x}", pos - 1)

    def text(self, pos: int, length: int) -> tuple[str, int]:
        self.need(pos, length, "string body")
        raw = self.data[pos:pos + length]
        try:
            return raw.decode("utf-8"), pos + length
        except UnicodeDecodeError as e:
            raise self.fail("invalid UTF-8 in string", pos + e.start) from None

    def ext(self, pos: int, code: int, length: int) -> tuple[Ext, int]:
        self.need(pos, length, "extension body")
        return Ext(code, self.data[pos:pos + length]), pos + length

    def array(self, pos: int, length: int, depth: int) -> tuple[list[Any], int]:
        # every element takes at least one byte: refuse impossible lengths before allocating
        self.need(pos, length, f"array of {length} elements")
        out = []
        spath = self.spath
        for i in range(length):
            spath.append(i)
            item, pos = self.value(pos, depth + 1)
            spath.pop()
            out.append(item)
        return out, pos

    def map(self, pos: int, length: int, depth: int) -> tuple[dict[Any, Any], int]:
        self.need(pos, 2 * length, f"map of {length} entries")
        out: dict[Any, Any] = {}
        spath = self.spath
        for _ in range(length):
            kpos = pos
            key, pos = self.value(pos, depth + 1)
            if isinstance(key, list | dict | Ext):  # (a DupDict too)
                raise self.fail("map keys must be strings", kpos)
            spath.append(key)
            item, pos = self.value(pos, depth + 1)
            spath.pop()
            if key in out:
                if not isinstance(out, DupDict):
                    out = DupDict(out, declared=length)
                out.shadowed.append((key, out.pop(key)))
            out[key] = item
        return out, pos


_FIXED = {
    0xCA: (">f", 4, "float32"),
    0xCB: (">d", 8, "float64"),
    0xCC: (">B", 1, "uint8"),
    0xCD: (">H", 2, "uint16"),
    0xCE: (">I", 4, "uint32"),
    0xCF: (">Q", 8, "uint64"),
    0xD0: (">b", 1, "int8"),
    0xD1: (">h", 2, "int16"),
    0xD2: (">i", 4, "int32"),
    0xD3: (">q", 8, "int64"),
}
_LENGTHS = {
    0xC4: (">B", 1, "bin"),
    0xC5: (">H", 2, "bin"),
    0xC6: (">I", 4, "bin"),
    0xC7: (">B", 1, "ext"),
    0xC8: (">H", 2, "ext"),
    0xC9: (">I", 4, "ext"),
    0xD9: (">B", 1, "str"),
    0xDA: (">H", 2, "str"),
    0xDB: (">I", 4, "str"),
    0xDC: (">H", 2, "array"),
    0xDD: (">I", 4, "array"),
    0xDE: (">H", 2, "map"),
    0xDF: (">I", 4, "map"),
}
_FIXEXT = {0xD4: 1, 0xD5: 2, 0xD6: 4, 0xD7: 8, 0xD8: 16}


@deep
def read(data: bytes, max_depth: int | None = None) -> Any:
    """Return the one msgpack value that is all of *data*; ReaderError otherwise (also for
    arrays and maps nested deeper than *max_depth*, by default cty.limits().max_depth)."""
    r = _Reader(data, limits().max_depth if max_depth is None else max_depth)
    value, end = r.value(0, 0)
    if end != len(data):
        raise ReaderError(f"{len(data) - end} extra bytes after the msgpack value", end, [])
    return value

