"""gob's container: the header, and length-prefixed, checksummed frames.

A stream is the 8-byte header (the magic ``89 63 74 79 67 6f 62`` and the version byte), then
frames. A frame is a big-endian uint32 body length *n*, the *n* body bytes, and the big-endian
CRC-32 (IEEE, zlib.crc32) of the length bytes and the body. The body's first byte is its kind:
``T`` (0x54) describes types, ``V`` (0x56) holds a value, ``E`` (0x45) ends the stream.
"""

from __future__ import annotations

import struct
import zlib
from typing import IO, Any, Final

from cty import CtyTypeError, Path

from ._errors import DecodeError, EncodeError

MAGIC: Final = b"\x89ctygob"
VERSION: Final = 1
HEADER: Final = MAGIC + bytes([VERSION])

KIND_TYPES: Final = 0x54
KIND_VALUE: Final = 0x56
KIND_END: Final = 0x45

MAX_BODY: Final = 0xFFFF_FFFF
_CHUNK: Final = 1 << 20
"""Files are read in pieces of at most this size, so a corrupt length allocates nothing."""

_u32: Final = struct.Struct(">I")
_pack: Final = _u32.pack
_unpack_from: Final = _u32.unpack_from
_crc32: Final = zlib.crc32


def frame(*parts: bytes) -> bytes:
    """Return the frame whose body is the concatenation of *parts*."""
    n = 0
    for p in parts:
        n += len(p)
    if n > MAX_BODY:
        raise EncodeError(Path(), f"a gob frame holds at most {MAX_BODY} bytes; this value "
                                  f"needs {n}")
    head = _pack(n)
    crc = _crc32(head)
    for p in parts:
        crc = _crc32(p, crc)
    return b"".join((head, *parts, _pack(crc)))


def value_frame(prefix: bytes, payload: bytes) -> bytes:
    """Return the value frame whose body is *prefix* (see value_prefix) and *payload*."""
    n = len(prefix) + len(payload)
    if n > MAX_BODY:
        raise EncodeError(Path(), f"a gob frame holds at most {MAX_BODY} bytes; this value "
                                  f"needs {n}")
    head = _pack(n) + prefix
    return b"".join((head, payload, _pack(_crc32(payload, _crc32(head)))))


END_FRAME: Final = frame(b"E")

_ID_BYTES: Final = [b"V" + bytes([i]) for i in range(128)]


def value_prefix(type_id: int) -> bytes:
    """Return the start of a value frame's body: ``V`` and the type id as a msgpack uint."""
    if type_id < 128:
        return _ID_BYTES[type_id]
    if type_id < 0x100:
        return b"V\xcc" + bytes([type_id])
    if type_id < 0x10000:
        return b"V\xcd" + type_id.to_bytes(2, "big")
    return b"V\xce" + type_id.to_bytes(4, "big")


def parse_value_prefix(body: Any) -> tuple[int, int] | None:
    """Return (type id, offset of the payload) of a value frame's body, None if malformed."""
    n = len(body)
    if n < 2:
        return None
    b = body[1]
    if b < 0x80:
        return b, 2
    width = {0xCC: 1, 0xCD: 2, 0xCE: 4}.get(b)
    if width is None or n < 2 + width:
        return None
    return int.from_bytes(body[2:2 + width], "big"), 2 + width


class FrameReader:
    """Reads a header and frames from a binary file or a bytes-like object.

    ``offset`` is the number of bytes consumed, ``index`` the number of frames read (both
    counted from where reading began, across concatenated streams).
    """

    __slots__ = ("_buf", "_fp", "_size", "index", "offset")

    def __init__(self, src: IO[bytes] | bytes | bytearray | memoryview) -> None:
        if isinstance(src, (bytes, bytearray, memoryview)):
            self._buf: memoryview | None = memoryview(src).cast("B")
            self._fp: IO[bytes] | None = None
            self._size = len(self._buf)
        else:
            if not hasattr(src, "read"):
                raise CtyTypeError(f"gob reads a binary file or bytes, not {type(src).__name__}")
            self._buf = None
            self._fp = src
            self._size = -1
        self.offset = 0
        self.index = 0

    def at_end(self) -> bool:
        """Return whether a bytes input is used up (always False for files)."""
        return self._buf is not None and self.offset >= len(self._buf)

    def _read(self, n: int) -> Any:
        """Return up to *n* bytes (fewer only at the end of the input)."""
        buf = self._buf
        if buf is not None:
            start = self.offset
            out = buf[start:start + n]
            self.offset = start + len(out)
            return out
        fp = self._fp
        assert fp is not None
        if n <= _CHUNK:
            b = fp.read(n)
            if b is None:
                raise DecodeError("the file is non-blocking and has no data ready",
                                  offset=self.offset)
            if len(b) < n:
                more = bytearray(b)
                while len(more) < n:
                    piece = fp.read(n - len(more))
                    if not piece:
                        break
                    more += piece
                b = bytes(more)
        else:
            acc = bytearray()
            while len(acc) < n:
                piece = fp.read(min(_CHUNK, n - len(acc)))
                if not piece:
                    break
                acc += piece
            b = bytes(acc)
        self.offset += len(b)
        return b

    def read_header(self, *, first: bool) -> bool:
        """Read a stream header; return False at a clean end of input (when not *first*).

        Raises DecodeError for an empty input (when *first*), a cut or foreign header, or a
        version this reader does not know.
        """
        off = self.offset
        h = self._read(len(HEADER))
        if not len(h):
            if first:
                raise DecodeError("empty input: not a cty gob stream (no header)", offset=off)
            return False
        h = bytes(h)
        magic = h[:len(MAGIC)]
        if magic != MAGIC[:len(magic)]:
            if first:
                raise DecodeError(f"not a cty gob stream: it starts with {h.hex(' ')}, not the "
                                  f"magic bytes {MAGIC.hex(' ')}", offset=off)
            raise DecodeError("unexpected bytes after the end frame of a stream (neither the "
                              "end of the input nor a new stream's header)", offset=off)
        if len(h) < len(HEADER):
            raise DecodeError("the header is incomplete: the tail is incomplete (torn write)",
                              offset=off)
        if h[-1] != VERSION:
            raise DecodeError(f"unsupported cty gob format version {h[-1]} (this reader "
                              f"knows version {VERSION})", offset=off)
        return True

    def read_frame(self) -> tuple[Any, int, int]:
        """Return (body, frame index, frame offset) of the next frame.

        Raises DecodeError when the input ends within the frame or before it (a torn tail), or
        when the checksum does not match (a corrupt frame).
        """
        buf = self._buf
        if buf is not None:  # the usual case of a buffer, in one piece; else say what is wrong
            off = self.offset
            start = off + 4
            if start <= self._size:
                stop = start + _unpack_from(buf, off)[0]
                if start < stop <= self._size - 4 and \
                        _crc32(buf[off:stop]) == _unpack_from(buf, stop)[0]:
                    self.offset = stop + 4
                    idx = self.index
                    self.index = idx + 1
                    return buf[start:stop], idx, off
        return self._read_frame()

    def _read_frame(self) -> tuple[Any, int, int]:
        off, idx = self.offset, self.index
        head = self._read(4)
        if len(head) < 4:
            if not len(head):
                raise DecodeError(f"the tail is incomplete: the stream ends without its end "
                                  f"frame (frame {idx} would start here; a torn write?)",
                                  offset=off)
            raise DecodeError(f"frame {idx} is incomplete: the input ends within its length "
                              f"field; the tail is incomplete (torn write)", offset=off)
        (n,) = _unpack_from(head)
        rest = self._read(n + 4)
        if len(rest) < n + 4:
            raise DecodeError(f"frame {idx} is incomplete: it declares {n} body bytes but the "
                              f"input ends {len(rest)} bytes later; the tail is incomplete "
                              f"(torn write) or the length is corrupt", offset=off)
        body = rest[:n]
        (crc,) = _unpack_from(rest, n)
        if _crc32(body, _crc32(head)) != crc:
            raise DecodeError(f"frame {idx} is corrupt: its checksum does not match",
                              offset=off)
        if not n:
            raise DecodeError(f"frame {idx} is empty (a frame's body starts with its kind)",
                              offset=off)
        self.index = idx + 1
        return body, idx, off


def stream_spans(data: bytes | bytearray | memoryview) -> list[tuple[int, int]]:
    """The (start, stop) byte ranges of the streams written one after another in *data*.

    A stream runs from its header to just past its end frame; a last stream without one (a
    torn tail) runs to the end of the data, and its reader reports the tear. Only frame
    lengths are read, not bodies, so finding the streams of a large file costs a few bytes per
    frame. Raises DecodeError where a stream should start and no header is.
    """
    try:
        view = memoryview(data)
    except TypeError:
        raise CtyTypeError(f"stream_spans reads bytes, not {type(data).__name__}") from None
    with view, view.cast("B") as buf:  # (both released, so an mmap can close)
        return _spans(buf)


def _spans(buf: memoryview) -> list[tuple[int, int]]:
    n = len(buf)
    spans: list[tuple[int, int]] = []
    off = 0
    while off < n:
        if buf[off:off + len(HEADER)] != HEADER:
            raise DecodeError("no gob stream starts here (a header was expected)", offset=off)
        start = off
        off += len(HEADER)
        while True:
            if off + 4 > n:
                spans.append((start, n))
                return spans
            length = _unpack_from(buf, off)[0]
            stop = off + 8 + length
            if stop > n:
                spans.append((start, n))
                return spans
            is_end = length == 1 and buf[off + 4] == KIND_END
            off = stop
            if is_end:
                break
        spans.append((start, off))
    return spans
