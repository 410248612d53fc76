"""gob's container: the header, and length-prefixed, checksummed frames.

A stream is the 8-byte header (the magic ``89 63 74 79 67 6f 62`` and the version byte), then
frames. A frame is a big-endian uint32 body length *n*, the *n* body bytes, and the big-endian
CRC-32 (IEEE, zlib.crc32) of the length bytes and the body. The body's first byte is its kind:
``T`` (0x54) describes types, ``V`` (0x56) holds a value, ``E`` (0x45) ends the stream. In
version 2 the end frame counts the frames before it (so a deleted frame is noticed) and, in a
dataset file, numbers its block and says whether it is the file's last (so a lost block is).
In version 3 each frame's CRC-32 starts from the frame's index in its stream instead of 0, so
a frame that is moved, repeated or lost makes the first frame out of place fail its check.
"""

from __future__ import annotations

import struct
import zlib
from typing import IO, Any, Final, NamedTuple

import msgspec

from cty import CtyTypeError, Path

from ._errors import DecodeError, EncodeError

MAGIC: Final = b"\x89ctygob"
VERSION: Final = 3
"""The version written; readers take 1 to 3 (version 1's end frame is ``E`` alone; version 3's
checksums start from the frame's index)."""
SEEDED: Final = 3
"""The first version whose frame checksums start from the frame's index in its stream."""
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


def frame(*parts: bytes, seq: int = 0) -> bytes:
    """Return the frame whose body is the concatenation of *parts*, the *seq*-th frame of its
    stream (its checksum starts from that index)."""
    n = 0
    for p in parts:
        n += len(p)
    if n > MAX_BODY:
        raise EncodeError(Path(), f"a gob frame holds at most {MAX_BODY} bytes; this value "
                                  f"needs {n}")
    head = _pack(n)
    crc = _crc32(head, seq)
    for p in parts:
        crc = _crc32(p, crc)
    return b"".join((head, *parts, _pack(crc)))


def value_frame(prefix: bytes, payload: bytes, seq: int = 0) -> bytes:
    """Return the value frame whose body is *prefix* (see value_prefix) and *payload*, the
    *seq*-th frame of its stream."""
    n = len(prefix) + len(payload)
    if n > MAX_BODY:
        raise EncodeError(Path(), f"a gob frame holds at most {MAX_BODY} bytes; this value "
                                  f"needs {n}")
    head = _pack(n) + prefix
    return b"".join((head, payload, _pack(_crc32(payload, _crc32(head, seq)))))


_encode_end: Final = msgspec.msgpack.Encoder().encode
_decode_end: Final = msgspec.msgpack.Decoder(list[int | bool]).decode


def end_frame(frames: int, block: tuple[int, bool] | None = None) -> bytes:
    """Return a version 2 end frame: ``E`` and a msgpack array, ``[frames]`` or, for the
    block of a dataset file, ``[frames, block index, last block?]``, where *frames* counts the
    stream's frames before this one."""
    info: list[int | bool] = [frames] if block is None else [frames, block[0], block[1]]
    return frame(b"E", _encode_end(info), seq=frames)


class EndInfo(NamedTuple):
    """What a version 2 end frame says: how many frames came before it in its stream, and
    for a dataset file's block, its index and whether it is the file's last."""

    frames: int
    block: tuple[int, bool] | None


def parse_end(body: Any, version: int, idx: int, off: int) -> EndInfo | None:
    """Return what the end frame *body* (frame *idx* at *off*) of a stream of *version* says
    (None for version 1, whose end frame says nothing). Raises DecodeError if malformed."""
    if version == 1:
        if len(body) != 1:
            raise DecodeError(f"frame {idx}: a version 1 end frame has no content", offset=off)
        return None
    try:
        info = _decode_end(body[1:])
    except (msgspec.DecodeError, ValueError) as e:
        raise DecodeError(f"frame {idx}: malformed end frame ({e})", offset=off) from None
    if len(info) == 1 and _count(info[0]):
        return EndInfo(info[0], None)
    if len(info) == 3 and _count(info[0]) and _count(info[1]) and info[2].__class__ is bool:
        return EndInfo(info[0], (info[1], info[2]))
    raise DecodeError(f"frame {idx}: malformed end frame: it holds {info!r}, not [frames] or "
                      f"[frames, block, last]", offset=off)


def _count(x: int) -> bool:
    return x.__class__ is int and x >= 0  # (not a bool)

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

    __slots__ = ("_buf", "_fp", "_size", "index", "offset", "seed_base")

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
        self.seed_base: int | None = None
        """The index of the current stream's first frame, where its checksums start from
        the frame's index (version 3); None where they start from 0."""

    def seed(self) -> int:
        """What the next frame's checksum starts from: its index in its stream, or 0."""
        base = self.seed_base
        return 0 if base is None else self.index - base

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

    def read_header(self, *, first: bool) -> int:
        """Read a stream header and return its version; 0 at a clean end of input (when not
        *first*).

        Raises DecodeError for an empty input (when *first*), a cut or foreign header, or a
        version this reader does not know.
        """
        off = self.offset
        h = self._read(len(HEADER))
        if not len(h):
            if first:
                raise DecodeError("empty input: not a cty gob stream (no header)", offset=off)
            return 0
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
        if not 1 <= h[-1] <= VERSION:
            raise DecodeError(f"unsupported cty gob format version {h[-1]} (this reader "
                              f"knows versions 1 to {VERSION})", offset=off)
        self.seed_base = self.index if h[-1] >= SEEDED else None
        return h[-1]

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
                        _crc32(buf[off:stop], self.seed()) == _unpack_from(buf, stop)[0]:
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
        seed = self.seed()
        if _crc32(body, _crc32(head, seed)) != crc:
            if self.seed_base is not None:  # (a whole frame out of place, or a damaged one?)
                for other in range(max(seed - 64, 0), seed + 65):
                    if other != seed and _crc32(body, _crc32(head, other)) == crc:
                        raise DecodeError(
                            f"frame {idx} is out of place: it was written as frame {other} of "
                            f"its stream, where frame {seed} was due (frames moved, repeated "
                            f"or lost)", offset=off)
            raise DecodeError(f"frame {idx} is corrupt: its checksum does not match",
                              offset=off)
        if not n:
            raise DecodeError(f"frame {idx} is empty (a frame's body starts with its kind)",
                              offset=off)
        self.index = idx + 1
        return body, idx, off


class BlockSequence:
    """Checks the blocks of one dataset file as their end frames are read: numbered 0, 1, 2,
    ... and the last one marked last, so a block deleted from the middle or cut off the end
    (at a block boundary, where every frame is whole) is an error. A file whose streams carry
    no block numbers (written by gob.Encoder, or by version 1) is not checked."""

    __slots__ = ("_after_last", "_next", "_plain")

    def __init__(self) -> None:
        self._next = 0
        self._plain = False
        self._after_last = False

    def see(self, info: EndInfo | None, idx: int, off: int) -> None:
        """Take the end frame *info* (frame *idx* at *off*) of the file's next stream."""
        block = None if info is None else info.block
        if block is None:
            if self._next:
                raise DecodeError(f"frame {idx}: a stream without a block number follows "
                                  f"block {self._next - 1} of a dataset file", offset=off)
            self._plain = True
            return
        index, last = block
        if self._plain:
            raise DecodeError(f"frame {idx}: block {index} follows a stream without a block "
                              f"number: not one dataset file", offset=off)
        if self._after_last:
            raise DecodeError(f"frame {idx}: block {index} follows the file's last block "
                              f"({self._next - 1})", offset=off)
        if index != self._next:
            missing = ("the blocks are out of order" if index < self._next
                       else f"block {self._next} is missing" if index == self._next + 1
                       else f"blocks {self._next} to {index - 1} are missing")
            raise DecodeError(f"frame {idx}: block {index} where block {self._next} was due: "
                              f"{missing}", offset=off)
        self._next = index + 1
        self._after_last = last

    def finish(self, off: int) -> None:
        """The file has ended (at *off*) after the streams seen."""
        if self._next and not self._after_last:
            raise DecodeError(f"the dataset file ends after block {self._next - 1}, which is "
                              f"not its last: the blocks after it are missing (was the file "
                              f"cut short?)", offset=off)


def stream_spans(data: bytes | bytearray | memoryview, *, dataset_file: bool = False
                 ) -> list[tuple[int, int]]:
    """The (start, stop) byte ranges of the streams written one after another in *data*.

    A stream runs from its header to just past its end frame; a last stream without one (a
    torn tail) runs to the end of the data, and its reader reports the tear. Only frame
    lengths and end frames are read, so finding the streams of a large file costs a few bytes
    per frame. Raises DecodeError where a stream should start and no header is. With
    *dataset_file*, *data* is a whole file of cty.dataset blocks: a block missing from their
    numbering, or a last block not marked last, raises DecodeError (see BlockSequence).
    """
    try:
        view = memoryview(data)
    except TypeError:
        raise CtyTypeError(f"stream_spans reads bytes, not {type(data).__name__}") from None
    with view, view.cast("B") as buf:  # (both released, so an mmap can close)
        return _spans(buf, BlockSequence() if dataset_file else None)


def _spans(buf: memoryview, blocks: BlockSequence | None) -> list[tuple[int, int]]:
    n = len(buf)
    spans: list[tuple[int, int]] = []
    off = 0
    index = 0
    while off < n:
        version = buf[off + len(MAGIC)] if off + len(HEADER) <= n else 0
        if buf[off:off + len(MAGIC)].tobytes() != MAGIC or not 1 <= version <= VERSION:
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
            is_end = length and buf[off + 4] == KIND_END
            if is_end and blocks is not None:
                blocks.see(parse_end(buf[off + 4:stop - 4], version, index, off), index, off)
            index += 1
            off = stop
            if is_end:
                break
        spans.append((start, off))
    if blocks is not None:
        blocks.finish(off)
    return spans
