"""Which error go-cty would report for msgpack input that does not decode: a cold path.

The fast decoder (msgspec, then the planned decoders) finds *that* the input is bad, but not
always *where go-cty would say*: go-cty reads the bytes as a stream, checking each value against
its type as it goes, so the first problem in stream order wins (a wrong kind in element 0 before
a truncation in element 5), and a truncation is reported at the element being read. This module
replays go-cty's Unmarshal over the bytes, in Python, with our stricter rules applied where they
apply (trailing bytes, invalid UTF-8, NaN, non-string keys, empty maps or arrays for objects or
tuples, an attribute given twice, elements of different types), and returns the first error with
go-cty's path. It runs only after the fast decoder has failed.
"""

from __future__ import annotations

import math
import struct
from typing import Any

from msgspec.msgpack import Ext

import cty
from cty import IndexStep, Type, normalize_string
from cty._internal import in_deep_thread

from ._errors import DecodeError, Fail
from ._json_number import parse
from ._json_type import type_from_json
from ._msgpack_decode import fixed_decoder
from ._msgpack_refinement import decode_unknown

_unpack_from = struct.unpack_from
_MAX_DEPTH = 10_000


class _Stop(Exception):
    """The first error: message, steps from the top, byte offset."""

    def __init__(self, message: str, steps: list[Any], offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.steps = list(steps)
        self.offset = offset


def first_error(data: bytes, ty: Type) -> DecodeError | None:
    """Return the DecodeError go-cty's reading order finds first in *data* read as *ty*, with
    its path and offset; None if the stream decodes (then the caller's error stands)."""
    s = _Stream(data)
    try:
        s.value(ty, 0)
        if s.pos != len(data):
            raise _Stop(f"{len(data) - s.pos} extra bytes after the msgpack value", [], s.pos)
    except _Stop as e:
        return DecodeError(e.message, path=cty.Path(e.steps), offset=e.offset)
    except RecursionError:
        if not in_deep_thread():
            raise
        return DecodeError("value nested too deeply")
    return None


class _Stream:
    __slots__ = ("data", "n", "pos", "steps")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.n = len(data)
        self.pos = 0
        self.steps: list[Any] = []

    def stop(self, message: str, offset: int | None = None) -> _Stop:
        return _Stop(message, self.steps, self.pos if offset is None else offset)

    def peek(self) -> int:
        if self.pos >= self.n:
            raise self.stop("EOF")
        return self.data[self.pos]

    def take(self, k: int) -> bytes:
        if self.n - self.pos < k:
            raise self.stop("unexpected EOF")
        out = self.data[self.pos:self.pos + k]
        self.pos += k
        return out

    def uint(self, size: int) -> int:
        raw = self.take(size)
        return int.from_bytes(raw, "big")

    # --- go-cty's unmarshal ------------------------------------------------------------------

    def value(self, ty: Type, depth: int) -> Type:
        """Read one value of *ty*; return the type of the value go-cty would build."""
        if depth > _MAX_DEPTH:
            raise self.stop("value nested too deeply")
        c = self.peek()
        if _is_ext(c):
            start = self.pos
            ext = self.ext()
            try:
                p = decode_unknown(ty, ext, _number_payload)
            except Fail as e:
                raise self.stop(e.message, start) from None
            del p
            return ty
        if ty is cty.DynamicPseudoType:
            return self.dynamic(depth)
        if c == 0xC0:
            self.pos += 1
            return ty
        if ty is cty.Bool:
            if c not in (0xC2, 0xC3):
                raise self.stop("bool is required")
            self.pos += 1
            return ty
        if ty is cty.Number:
            self.number()
            return ty
        if ty is cty.String:
            text = self.text(c)
            if text is None:
                raise self.stop("string is required")
            return ty
        if ty.is_list_type() or ty.is_set_type():
            kind = "list" if ty.is_list_type() else "set"
            length = self.array_len(c)
            if length is None:
                raise self.stop(f"a {kind} is required")
            ety = ty.element_type()
            if length == 0:
                return ty
            types = []
            for i in range(length):
                self.steps.append(IndexStep(cty.number_int_val(i)))
                types.append(self.value(ety, depth + 1))
                self.steps.pop()
            et = self.element_type(types, kind)
            return cty.List(et) if kind == "list" else cty.Set(et)
        if ty.is_map_type():
            length = self.map_len(c)
            if length is None:
                raise self.stop("a map is required")
            if length == 0:
                return ty
            ety = ty.element_type()
            types = []
            bad_key: _Stop | None = None
            for _ in range(length):
                key, problem = self.map_key()
                self.steps.append(IndexStep(cty.string_val(key)))
                if problem is not None and bad_key is None:
                    bad_key = self.stop(problem)
                types.append(self.value(ety, depth + 1))
                self.steps.pop()
            if bad_key is not None:
                raise bad_key
            return cty.Map(self.element_type(types, "map"))
        if ty.is_tuple_type():
            etys = ty.tuple_element_types()
            length = self.array_len(c)
            if length is None:
                raise self.stop("a tuple is required")
            if length != len(etys):
                raise self.stop(f"a tuple of length {len(etys)} is required")
            types = []
            for i, et in enumerate(etys):
                self.steps.append(IndexStep(cty.number_int_val(i)))
                types.append(self.value(et, depth + 1))
                self.steps.pop()
            return cty.Tuple(types)
        if ty.is_object_type():
            attrs = ty.attribute_types()
            start = self.pos
            length = self.map_len(c)
            if length is None:
                raise self.stop("an object is required")
            if length != len(attrs):
                raise self.stop(f"an object with {len(attrs)} attributes is required "
                                f"({length} given)", start)
            seen: dict[str, Type] = {}
            for _ in range(length):
                key = self.key("all keys must be strings")
                self.steps.append(IndexStep(cty.string_val(key)))
                if key not in attrs:
                    raise self.stop("unsupported attribute")
                t = self.value(attrs[key], depth + 1)
                self.steps.pop()
                if key in seen:
                    raise self.stop(f"attribute {key!r} given more than once", start)
                seen[key] = t
            return cty.Object(seen)
        raise self.stop(f"unsupported type {ty.friendly_name()}")

    def element_type(self, types: list[Type], what: str) -> Type:
        found: Type = cty.DynamicPseudoType
        for t in types:
            if found is cty.DynamicPseudoType:
                found = t
            elif t is not cty.DynamicPseudoType and t is not found:
                raise self.stop(f"inconsistent {what} element types ({found.go_string()} then "
                                f"{t.go_string()})")
        return found

    def dynamic(self, depth: int) -> Type:
        c = self.peek()
        if c == 0xC0:
            self.pos += 1
            return cty.DynamicPseudoType
        length = self.array_len(c)
        if length is None:
            raise self.stop("a dynamic value array is required")
        if length != 2:
            raise self.stop("dynamic value array must have exactly two elements")
        raw = self.raw_text(self.peek())
        if raw is None:
            raise self.stop("the type of a dynamic value must be JSON in a bin or str")
        try:
            ty = type_from_json(raw)
        except DecodeError as e:
            raise self.stop(f"invalid type of dynamic value: {e.message}") from None
        return self.value(ty, depth + 1)

    def number(self) -> None:
        c = self.peek()
        start = self.pos
        if c <= 0x7F or c >= 0xE0:
            self.pos += 1
            return
        size = {0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8, 0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8}.get(c)
        if size is not None:
            self.pos += 1
            self.take(size)
            return
        if c in (0xCA, 0xCB):
            self.pos += 1
            raw = self.take(4 if c == 0xCA else 8)
            f = _unpack_from(">f" if c == 0xCA else ">d", raw)[0]
            if math.isnan(f):
                raise self.stop("number is required (NaN is not a number)", start)
            return
        text = self.text(c)
        if text is None:
            raise self.stop("number is required", start)
        try:
            parse(text)
        except ValueError:
            raise self.stop("number is required", start) from None

    def raw_text(self, c: int) -> bytes | None:
        """Read a str or bin (go's DecodeString/DecodeBytes); None, unread, if it is not one."""
        if 0xA0 <= c <= 0xBF:
            self.pos += 1
            return self.take(c & 0x1F)
        sizes = {0xD9: 1, 0xDA: 2, 0xDB: 4, 0xC4: 1, 0xC5: 2, 0xC6: 4}
        size = sizes.get(c)
        if size is None:
            if c == 0xC0:
                self.pos += 1
                return b""
            return None
        self.pos += 1
        length = self.uint(size)
        return self.take(length)

    def text(self, c: int, normalize: bool = True) -> str | None:
        start = self.pos
        raw = self.raw_text(c)
        if raw is None:
            return None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise self.stop("invalid UTF-8 in string: cty strings are Unicode",
                            start + 1 + e.start) from None
        return normalize_string(text) if normalize else text

    def key(self, message: str) -> str:
        """Read an attribute name as written (go-cty looks it up without normalising)."""
        c = self.peek()
        if c == 0xC0:
            raise self.stop(message)
        text = self.text(c, normalize=False)
        if text is None:
            raise self.stop(message)
        return text

    def map_key(self) -> tuple[str, str | None]:
        """Read a map key as go-cty does: on failure go-cty drops the error, uses "" and reads
        the value from where the key reading stopped. Return the key and our complaint."""
        if self.pos >= self.n:
            return "", "map keys must be strings (EOF)"
        c = self.data[self.pos]
        if c == 0xC0:
            self.pos += 1
            return "", "map keys must be strings, not nil"
        start = self.pos
        try:
            raw = self.raw_text(c)
        except _Stop:
            self.pos = self.n
            return "", "map key truncated"
        if raw is None:
            self.pos += 1
            return "", "map keys must be strings"
        try:
            return normalize_string(raw.decode("utf-8")), None
        except UnicodeDecodeError:
            self.pos = start + 1 + (self.pos - start - 1)
            return "", "invalid UTF-8 in a map key: cty strings are Unicode"

    def array_len(self, c: int) -> int | None:
        if 0x90 <= c <= 0x9F:
            self.pos += 1
            return c & 0x0F
        if c in (0xDC, 0xDD):
            self.pos += 1
            return self.uint(2 if c == 0xDC else 4)
        return None

    def map_len(self, c: int) -> int | None:
        if 0x80 <= c <= 0x8F:
            self.pos += 1
            return c & 0x0F
        if c in (0xDE, 0xDF):
            self.pos += 1
            return self.uint(2 if c == 0xDE else 4)
        return None

    def ext(self) -> Ext:
        c = self.data[self.pos]
        self.pos += 1
        length = _FIXEXT[c] if c in _FIXEXT else self.uint({0xC7: 1, 0xC8: 2, 0xC9: 4}[c])
        code = _unpack_from(">b", self.take(1))[0]
        return Ext(code, self.take(length))


_FIXEXT = {0xD4: 1, 0xD5: 2, 0xD6: 4, 0xD7: 8, 0xD8: 16}


def _is_ext(c: int) -> bool:
    return c in _FIXEXT or c in (0xC7, 0xC8, 0xC9)


def _number_payload(x: Any) -> Any:
    return fixed_decoder(cty.Number)(x)
