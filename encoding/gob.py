"""cty.encoding.gob: a self-describing, streaming binary format for cty values.

Save any value to disk or send it to another process, and read it back with no schema in
hand: a stream describes each type once and then refers to it by a small id, so many values of
one type cost only their payloads. Everything a Value holds survives: every type (optional
attributes, dynamic slots), nulls, unknowns with their refinements, marks at any depth, numbers
with their exact precision, set order.

>>> v = cty.object_val({"name": cty.string_val("web"), "port": cty.number_int_val(80)})
>>> gob.loads(gob.dumps(v)) == v
True

A stream starts with magic bytes and a format version and is made of frames, each with its
length and a CRC-32, so a reader yields every intact value of a file whose tail was torn and
then raises DecodeError saying the tail is incomplete; a corrupt frame is reported with its
index. Decoding untrusted bytes runs no code of the data's choosing, allocates in proportion
to the input, and raises only DecodeError. The format is built on msgpack (msgspec);
docs/formats/gob.md specifies it byte by byte.

Capsule values are written through a codec registered with register_capsule_codec(); marks
that are not str, int, bool, None or tuples of those through register_mark_type().
Values pickle through this format, so they cross process boundaries.
"""

from __future__ import annotations

import copyreg
import io
import os
import struct
import zlib
from types import TracebackType
from typing import IO, Any, Final

import msgspec

from cty import CtyTypeError, CtyValueError, DynamicPseudoType, Path, Type, Value
from cty._internal import CapsuleType, Marked, make, replace_file

from ._errors import DecodeError, EncodeError, Fail
from ._failure_memo import forget_failures
from ._gob_decode import Dec, decode_deep, plan
from ._gob_encode import ValueEncoder, value_encoder
from ._gob_frame import (
    HEADER,
    KIND_END,
    KIND_TYPES,
    KIND_VALUE,
    MAX_BODY,
    BlockSequence,
    FrameReader,
    end_frame,
    frame,
    parse_end,
    parse_value_prefix,
    stream_spans,
    value_frame,
    value_prefix,
)
from ._gob_opaque import OpaqueCapsule
from ._gob_registry import (
    CapsuleDecodeHook,
    CapsuleEncodeHook,
    MarkDecodeHook,
    MarkEncodeHook,
    register_capsule_codec,
    register_mark_type,
)
from ._gob_scalar import BASE_BUDGET, BUDGET_PER_BYTE, set_budget
from ._gob_types import DecoderTypes, EncoderTypes, unencodable_capsule_place

__all__ = [
    "CapsuleDecodeHook",
    "CapsuleEncodeHook",
    "DecodeError",
    "Decoder",
    "EncodeError",
    "Encoder",
    "MarkDecodeHook",
    "MarkEncodeHook",
    "OpaqueCapsule",
    "dump",
    "dumps",
    "load",
    "loads",
    "register_capsule_codec",
    "register_mark_type",
    "stream_spans",
]

_encode_descs: Final = msgspec.msgpack.Encoder().encode
_decode_msgpack: Final = msgspec.msgpack.decode
_pack: Final = struct.Struct(">I").pack
_unpack_from: Final = struct.Struct(">I").unpack_from
_crc32: Final = zlib.crc32


def _check_value(value: object) -> Value:
    if value.__class__ is not Value:
        raise CtyTypeError(f"gob encodes cty.Value objects, not {type(value).__name__}")
    return value


def _write_all(fp: io.RawIOBase) -> Any:
    """Return a function that writes all of its bytes to the unbuffered file *fp*."""
    def write(data: bytes) -> None:
        view = memoryview(data)
        while view:
            n = fp.write(view)
            if n is None:
                raise BlockingIOError("gob.Encoder: the file is non-blocking and not ready")
            view = view[n:]
    return write


class _Writer:
    """The frames of one stream: its type table, and the last type written (the fast path)."""

    __slots__ = ("frames_written", "last_enc", "last_prefix", "last_type", "types")

    def __init__(self) -> None:
        self.frames_written = 0
        self.types = EncoderTypes()
        self.last_type: Type | None = None
        self.last_prefix = b""
        self.last_enc: ValueEncoder | None = None

    def frames(self, value: Value) -> bytes:
        """Return the frames of *value*: its types' descriptions if new, and its value frame.

        (Encoder.encode writes a value of the last type itself, without calling this.)
        """
        ty = value._ty
        try:
            tid, descs, pending = self.types.plan(ty)
        except EncodeError as e:  # (a capsule type without a codec: say where it is)
            raise EncodeError(unencodable_capsule_place(value), e.message) from None
        prefix = value_prefix(tid)
        enc = value_encoder(ty)
        payload = enc(value._v, value._marks)
        seq = self.frames_written
        if descs:  # (the types' frame first: each frame's checksum starts from its index)
            types = frame(b"T", _encode_descs(descs), seq=seq)
            out = types + value_frame(prefix, payload, seq + 1)
            self.frames_written = seq + 2
        else:
            out = value_frame(prefix, payload, seq)
            self.frames_written = seq + 1
        self.types.commit(pending)
        self.last_type, self.last_prefix, self.last_enc = ty, prefix, enc
        return out


class Encoder:
    """Writes a stream of values to the binary file *fp*.

    The header is written at once; encode() writes each value (and, the first time a type
    appears, its description); close() writes the end frame, without which a reader reports
    the stream's tail as incomplete. *block* numbers the stream as a block of a dataset file
    (cty.dataset writes them; see close). Used as a context manager, the encoder closes the stream
    when the block ends normally, and leaves it unterminated when the block raises, so a
    reader can tell that the writer did not finish. Not thread-safe.

    >>> buf = io.BytesIO()
    >>> with gob.Encoder(buf) as enc:
    ...     for i in range(3):
    ...         enc.encode(cty.number_int_val(i))
    >>> [v.as_big_float() for v in gob.Decoder(buf.getvalue())] == [0, 1, 2]
    True
    """

    __slots__ = ("_block", "_closed", "_write", "_writer")

    def __init__(self, fp: IO[bytes], /, *, block: int | None = None) -> None:
        write = getattr(fp, "write", None)
        if write is None:
            raise CtyTypeError(f"gob.Encoder writes to a binary file, not {type(fp).__name__}")
        if block is not None and (block.__class__ is not int or block < 0):
            raise CtyValueError(f"a block number is a non-negative int, not {block!r}")
        if isinstance(fp, io.RawIOBase):  # unbuffered: a write may take only part of the data
            write = _write_all(fp)
        self._write = write
        self._writer = _Writer()
        self._block = block
        self._closed = False
        write(HEADER)

    def encode(self, value: Value, /) -> None:
        """Write *value* as the next frame(s) of the stream.

        Raises EncodeError (naming the path) for what gob cannot write: a capsule without a
        codec, a mark of an unregistered class. Nothing is written then.
        Cost: O(size of the value); a value of the type written just before costs its payload
        and a few microseconds.
        """
        w = self._writer
        if value.__class__ is Value and value._ty is w.last_type:
            prefix = w.last_prefix
            payload = w.last_enc(value._v, value._marks)  # type: ignore[misc]
            n = len(prefix) + len(payload)
            if n > MAX_BODY:
                self._write(value_frame(prefix, payload))  # raises EncodeError
            head = _pack(n) + prefix
            seq = w.frames_written
            self._write(b"".join((head, payload, _pack(_crc32(payload, _crc32(head, seq))))))
            w.frames_written = seq + 1
            return
        if self._closed:
            raise CtyValueError("gob.Encoder.encode() after close()")
        self._write(w.frames(_check_value(value)))

    def close(self, *, last_block: bool = True) -> None:
        """Write the end frame (once); the file itself stays open. It counts the stream's
        frames, so a reader notices one that went missing. For a stream made with *block*
        (a block of a cty.dataset file), it also holds that number and *last_block*, whether
        this is the file's last block, so a reader of the whole file notices a lost block."""
        if not self._closed:
            self._closed = True
            w = self._writer
            w.last_type = None
            block = None if self._block is None else (self._block, bool(last_block))
            self._write(end_frame(w.frames_written, block))

    def __enter__(self) -> Encoder:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is None:
            self.close()


class Decoder:
    """Reads the values of a gob stream one by one from a binary file or bytes *src*.

    Iterate over it: each value is decoded when it is reached, so memory stays constant
    however long the stream. Streams written one after another into one file are read in
    turn. A stream whose tail is missing (a torn write) yields every intact value and then
    raises DecodeError saying the tail is incomplete; a corrupt frame raises DecodeError
    naming the frame's index; a stream whose end frame counts more (or fewer) frames than came
    before it raises DecodeError after its values (a frame was deleted). With *dataset_file*,
    *src* is a whole cty.dataset file, whose blocks must all be there: numbered from 0, the
    last marked last (BlockSequence). With *opaque_capsules*, a capsule type whose codec is
    not registered here is read as an opaque one (OpaqueCapsule payloads, the codec's bytes;
    written to gob again, they give back the same bytes) instead of raising DecodeError.
    After an error the decoder is exhausted.

    >>> for v in gob.Decoder(gob.dumps(cty.string_val("a"))):
    ...     print(v.as_string())
    a
    """

    __slots__ = ("_blocks", "_done", "_first", "_last", "_opaque", "_reader", "_stream_start",
                 "_types", "_version")

    def __init__(self, src: IO[bytes] | bytes | bytearray | memoryview, /, *,
                 dataset_file: bool = False, opaque_capsules: bool = False) -> None:
        self._opaque = opaque_capsules
        self._reader = FrameReader(src)
        self._types: DecoderTypes | None = None
        self._first = True
        self._done = False
        self._last: tuple[int, Type, Dec | None] = (-1, DynamicPseudoType, None)
        self._version = 0
        self._stream_start = 0
        self._blocks = BlockSequence() if dataset_file else None

    def __iter__(self) -> Decoder:
        return self

    def __next__(self) -> Value:
        if self._done:
            raise StopIteration
        r = self._reader
        buf = r._buf
        tid, ty, dec = self._last
        if buf is not None and dec is not None and self._types is not None:
            # the usual case: in a buffer, a well-formed frame of the last value's type
            off = r.offset
            start = off + 4
            if start <= r._size:
                stop = start + _unpack_from(buf, off)[0]
                if start + 2 < stop <= r._size - 4 and buf[start] == KIND_VALUE \
                        and buf[start + 1] == tid \
                        and _crc32(buf[off:stop], r.seed()) == _unpack_from(buf, stop)[0]:
                    set_budget(BASE_BUDGET + BUDGET_PER_BYTE * (stop - start))
                    try:
                        p = dec(_decode_msgpack(buf[start + 2:stop]))
                    except Exception:
                        pass
                    else:
                        r.offset = stop + 4
                        r.index += 1
                        if p.__class__ is Marked:
                            return make(ty, p.v, p.marks)
                        return make(ty, p)
        try:
            v = self._next(stop_at_end=False)
        except BaseException:
            self._done = True
            raise
        if v is None:
            self._done = True
            raise StopIteration
        return v

    def decode(self) -> Value:
        """Return the next value; raise DecodeError when the stream has no more values."""
        try:
            return next(self)
        except StopIteration:
            raise DecodeError("no more values in the stream",
                              offset=self._reader.offset) from None

    def _next(self, *, stop_at_end: bool) -> Value | None:
        """Return the next value, or None at the end of the input (or of the stream)."""
        r = self._reader
        while True:
            if self._types is None:
                version = r.read_header(first=self._first)
                if not version:
                    if self._blocks is not None:
                        self._blocks.finish(r.offset)
                    return None
                self._first = False
                self._version = version
                self._stream_start = r.index
                self._types = DecoderTypes(opaque=self._opaque)
                self._last = (-1, DynamicPseudoType, None)
            body, idx, off = r.read_frame()
            kind = body[0]
            if kind == KIND_VALUE:
                return self._value(body, idx, off)
            if kind == KIND_TYPES:
                _define(self._types, body, idx, off)
            elif kind == KIND_END:
                self._end(body, idx, off)
                self._types = None
                if stop_at_end:
                    return None
            else:
                raise DecodeError(f"frame {idx}: unknown frame kind {kind:#04x}", offset=off)

    def _end(self, body: Any, idx: int, off: int) -> None:
        info = parse_end(body, self._version, idx, off)
        if info is not None:
            came = idx - self._stream_start
            if info.frames != came:
                lost = info.frames - came
                what = (f"{lost} of them {'is' if lost == 1 else 'are'} missing (deleted or "
                        f"lost)" if lost > 0 else "frames were added")
                raise DecodeError(f"frame {idx}: the stream's end frame counts {info.frames} "
                                  f"frames before it, but {came} came: {what}", offset=off)
        if self._blocks is not None:
            self._blocks.see(info, idx, off)

    def _value(self, body: Any, idx: int, off: int) -> Value:
        tid = body[1] if len(body) > 1 else 0xFF
        start = 2
        if tid >= 0x80:
            parsed = parse_value_prefix(body)
            if parsed is None:
                raise DecodeError(f"frame {idx}: a value frame starts with a type id (a msgpack "
                                  f"uint)", offset=off)
            tid, start = parsed
        last = self._last
        try:
            if tid != last[0]:
                assert self._types is not None
                last = self._last = (tid, self._types.get(tid), None)
            ty, dec = last[1], last[2]
            set_budget(BASE_BUDGET + BUDGET_PER_BYTE * len(body))
            try:
                if dec is None:
                    dec = plan(ty)
                    self._last = (tid, ty, dec)
                p = dec(_decode_msgpack(body[start:]))
            except RecursionError:
                return decode_deep(ty, body[start:], BASE_BUDGET + BUDGET_PER_BYTE * len(body))
            if p.__class__ is Marked:
                return make(ty, p.v, p.marks)
            return make(ty, p)
        except Fail as f:
            forget_failures()
            raise DecodeError(f"frame {idx}: {f.message}", path=Path(reversed(f.steps)),
                              offset=off) from None
        except (msgspec.DecodeError, ValueError, OverflowError) as e:
            forget_failures()
            raise DecodeError(f"frame {idx}: malformed msgpack: {e}", offset=off) from None
        except Exception as e:  # the contract: bad input raises DecodeError, whatever happens
            raise DecodeError(f"frame {idx}: unexpected error while decoding ({e!r})",
                              offset=off) from e


def _define(types: DecoderTypes, body: Any, idx: int, off: int) -> None:
    try:
        descs = _decode_msgpack(body[1:])
    except (msgspec.DecodeError, ValueError, RecursionError, OverflowError) as e:
        raise DecodeError(f"frame {idx}: malformed type frame: {e}", offset=off) from None
    try:
        types.define(descs)
    except Fail as f:
        raise DecodeError(f"frame {idx}: {f.message}", offset=off) from None
    except RecursionError:
        raise DecodeError(f"frame {idx}: type descriptors nested too deeply",
                          offset=off) from None


def dumps(value: Value, /) -> bytes:
    """Return a complete gob stream holding *value*.

    Raises EncodeError (naming the path) for what gob cannot write, such as a capsule without a
    registered codec or a mark of an unregistered class.

    >>> gob.dumps(cty.string_val("hi")).hex(" ", 4)
    '89637479 676f6203 00000005 5601a268 69fa9d69 4e000000 03459101 40a2bfc2'
    """
    w = _Writer()
    body = w.frames(_check_value(value))
    return b"".join((HEADER, body, end_frame(w.frames_written)))


def dump(value: Value, fp: IO[bytes] | str | os.PathLike[str], /) -> None:
    """Write a complete gob stream holding *value* to the binary file or the path *fp*.

    Given a path, the file is replaced atomically: the stream is written to a new file beside
    it, flushed to disk, and renamed over the path, so a crash leaves the old file or the new
    one, never a half-written one. A replaced file keeps its permission bits; a new one gets
    the usual ones (0o666 less the umask). Nothing touches the disk when the value cannot be
    encoded (EncodeError).
    """
    if isinstance(fp, (str, os.PathLike)):
        replace_file(os.fspath(fp), dumps(value))
        return
    write = getattr(fp, "write", None)
    if not callable(write):
        raise CtyTypeError(f"gob.dump writes to a binary file or a path, not {type(fp).__name__}")
    write(dumps(value))


def _load(src: IO[bytes] | bytes | bytearray | memoryview) -> tuple[Value, Decoder]:
    dec = Decoder(src)
    v = dec._next(stop_at_end=True)
    if v is None:
        raise DecodeError("the stream holds no value", offset=dec._reader.offset)
    if dec._next(stop_at_end=True) is not None:
        raise DecodeError("the stream holds more than one value (read it with gob.Decoder)",
                          offset=dec._reader.offset)
    return v, dec


def load(fp: IO[bytes] | str | os.PathLike[str], /) -> Value:
    """Return the one value of the gob stream that the binary file *fp* continues with, or of
    the file at the path *fp*.

    From an open file, reads up to the stream's end frame and no further, so streams written
    by successive dump() calls are read by successive load() calls. A path must name a file
    holding exactly one stream. Raises DecodeError for a stream that is malformed, incomplete,
    or holds no value or more than one.
    """
    if isinstance(fp, (str, os.PathLike)):
        with open(fp, "rb") as f:
            return loads(f.read())
    return _load(fp)[0]


def loads(data: bytes | bytearray | memoryview, /) -> Value:
    """Return the value of the gob stream *data*, which must hold exactly one value.

    Raises DecodeError for bad input (malformed, incomplete, trailing bytes, not one value).
    """
    v, dec = _load(data)
    if not dec._reader.at_end():
        raise DecodeError("trailing bytes after the end of the stream (another stream? "
                          "gob.Decoder reads streams written one after another)",
                          offset=dec._reader.offset)
    return v


# --- pickling -----------------------------------------------------------------------------------


def _unpickle_value(data: bytes) -> Value:
    """Rebuild a pickled Value (the pickle holds its gob stream)."""
    return loads(data)


def _reduce_type(t: Type) -> tuple[Any, tuple[bytes]]:
    """Return a pickle reduction of type *t* through gob (as the type of a null value)."""
    return (_unpickle_type, (dumps(make(t, None)),))


def _unpickle_type(data: bytes) -> Type:
    """Rebuild a type pickled by _reduce_type()."""
    return loads(data).type()


# Capsule types pickle through their registered codec's name, so a type holding one (and
# everything built on it) can cross a process boundary and come back as the same capsule type.
copyreg.pickle(CapsuleType, _reduce_type)

