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
from collections.abc import Callable
from typing import Any

from msgspec.msgpack import Ext

import cty
from cty import IndexStep, Type, limits, normalize_string
from cty._internal import deep, hop, in_deep_thread, inferred_element_type

from ._errors import DecodeError, Fail
from ._json_number import parse
from ._json_type import type_from_json
from ._msgpack_decode import fixed_decoder
from ._msgpack_go import NIL, GoDecoder, GoError, is_array, is_ext, is_fixed_num, is_map, is_string
from ._msgpack_refinement import MAX_REFINEMENT_BYTES, REFINED_EXT_CODE, decode_unknown
from ._plans import mixed_element_types


class _Stop(Exception):
    """The first error: message, steps from the top, byte offset."""

    def __init__(self, message: str, steps: list[Any], offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.steps = list(steps)
        self.offset = offset


@deep
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
    __slots__ = ("dec", "steps")

    def __init__(self, data: bytes) -> None:
        self.dec = GoDecoder(data)
        self.steps: list[Any] = []

    @property
    def pos(self) -> int:
        return self.dec.pos

    def stop(self, message: str, offset: int | None = None) -> _Stop:
        return _Stop(message, self.steps, self.dec.pos if offset is None else offset)

    def passed_on(self, e: GoError) -> _Stop:
        """The Go library's own error, which go-cty passes on as it is."""
        return _Stop(e.text, self.steps, e.offset)

    # --- go-cty's unmarshal ------------------------------------------------------------------

    @hop  # (it recurses, keeping steps: any depth)
    def value(self, ty: Type, depth: int) -> Type:
        """Read one value of *ty*; return the type of the value go-cty would build."""
        if depth > limits().max_depth:
            raise self.stop("value nested too deeply")
        dec = self.dec
        try:
            c = dec.peek_code()
        except GoError as e:
            raise self.passed_on(e) from None
        if is_ext(c):
            self.unknown(ty)
            return ty
        if ty is cty.DynamicPseudoType:
            return self.dynamic(depth)
        if c == NIL:
            dec.pos += 1
            return ty
        start = dec.pos
        if ty is cty.Bool:
            try:
                dec.decode_bool()
            except GoError:
                raise self.stop("bool is required", start) from None
            return ty
        if ty is cty.Number:
            self.number(c, start)
            return ty
        if ty is cty.String:
            try:
                raw = dec.decode_raw_string()
            except GoError:
                raise self.stop("string is required", start) from None
            self.utf8(raw, dec.pos - len(raw))
            return ty
        if ty.is_list_type() or ty.is_set_type():
            kind = "list" if ty.is_list_type() else "set"
            length = self.length(dec.decode_array_len, f"a {kind} is required", start)
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
            length = self.length(dec.decode_map_len, "a map is required", start)
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
            length = self.length(dec.decode_array_len, "a tuple is required", start)
            if length != len(etys):
                raise self.stop(f"a tuple of length {len(etys)} is required", start)
            types = []
            for i, et in enumerate(etys):
                self.steps.append(IndexStep(cty.number_int_val(i)))
                types.append(self.value(et, depth + 1))
                self.steps.pop()
            return cty.Tuple(types)
        if ty.is_object_type():
            attrs = ty.attribute_types()
            length = self.length(dec.decode_map_len, "an object is required", start)
            if length != len(attrs):
                raise self.stop(f"an object with {len(attrs)} attributes is required "
                                f"({length} given)", start)
            seen: dict[str, Type] = {}
            for _ in range(length):
                key = self.attribute_name()
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

    def length(self, read: Callable[[], int], required: str, start: int) -> int:
        """Read an array or map length with *read*; any failure is go-cty's *required*."""
        try:
            return read()
        except GoError:
            raise self.stop(required, start) from None

    def element_type(self, types: list[Type], what: str) -> Type:
        found, bad = inferred_element_type(types)
        if bad >= 0:
            raise self.stop(mixed_element_types(what, found, types[bad]))
        return found

    def dynamic(self, depth: int) -> Type:
        """Read a dynamic value, [type JSON, value]: go-cty passes the Go library's errors and
        the type JSON's on as they are."""
        dec = self.dec
        try:
            length = dec.decode_array_len()
            if length == -1:
                return cty.DynamicPseudoType
            if length != 2:
                raise self.stop("dynamic value array must have exactly two elements")
            raw = dec.decode_bytes()
        except GoError as e:
            raise self.passed_on(e) from None
        try:
            ty = type_from_json(raw or b"")
        except DecodeError as e:
            raise self.stop(e.message) from None
        return self.value(ty, depth + 1)

    def number(self, c: int, start: int) -> None:
        """Read a number as go-cty does: an integer, a float, or a decimal string."""
        dec = self.dec
        try:
            if is_fixed_num(c) or 0xCC <= c <= 0xD3:
                dec.decode_int()
                return
            if c in (0xCA, 0xCB):
                if math.isnan(dec.decode_float()):
                    raise self.stop("number is required (NaN is not a number)", start)
                return
            raw = dec.decode_raw_string()
        except GoError:
            raise self.stop("number is required", start) from None
        try:
            parse(raw.decode("utf-8"))
        except ValueError:  # UnicodeDecodeError included: not a number either way
            raise self.stop("number is required", start) from None

    def utf8(self, raw: bytes, offset: int) -> str:
        """Return *raw* as text; invalid UTF-8 is refused (a cty string is Unicode)."""
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise self.stop("invalid UTF-8 in string: cty strings are Unicode",
                            offset + e.start) from None

    def attribute_name(self) -> str:
        """Read an attribute name as written (go-cty looks it up without normalising); nil
        reads as "", as in Go."""
        start = self.dec.pos
        try:
            raw = self.dec.decode_raw_string()
        except GoError:
            raise self.stop("all keys must be strings", start) from None
        return self.utf8(raw, self.dec.pos - len(raw))

    def map_key(self) -> tuple[str, str | None]:
        """Read a map key as go-cty does: on failure go-cty drops the error, uses "" and reads
        the value from where the key reading stopped. Return the key and our complaint."""
        dec = self.dec
        try:
            c = dec.peek_code()
        except GoError:
            return "", "map keys must be strings (EOF)"
        if c == NIL:
            dec.pos += 1
            return "", "map keys must be strings, not nil"
        try:
            raw = dec.decode_raw_string()
        except GoError as e:
            if e.text.endswith("EOF"):
                return "", "map key truncated"
            return "", "map keys must be strings"
        try:
            return normalize_string(raw.decode("utf-8")), None
        except UnicodeDecodeError:
            return "", "invalid UTF-8 in a map key: cty strings are Unicode"

    def unknown(self, ty: Type) -> None:
        """Read an unknown value's extension as go-cty's unmarshalUnknownValue does."""
        dec = self.dec
        start = dec.pos
        try:
            code, length = dec.decode_ext_header()
        except GoError:
            raise self.stop("extension code is required for unknown value", start) from None
        if length > 1:
            if code != REFINED_EXT_CODE:
                raise self.stop(f"unsupported extension type 0x{code:02x} with len {length}",
                                start)
            if length > MAX_REFINEMENT_BYTES:
                raise self.stop("oversize unknown value refinement", start)
        try:
            body = dec.read_n(length)
        except GoError as e:
            raise self.stop(f"failed to read msgpack extension body: {e.text}", start) from None
        try:
            decode_unknown(ty, Ext(code, body), _number_payload)
        except Fail as e:
            raise self.stop(e.message, start) from None


def _number_payload(x: Any) -> Any:
    return fixed_decoder(cty.Number)(x)


@deep
def implied_first_error(data: bytes) -> DecodeError | None:
    """Return the error go-cty's ImpliedType gives for *data*, in its words; None where
    go-cty finds a type (then the caller's error, from a rule of ours, stands)."""
    dec = GoDecoder(data)
    try:
        _implied(dec, 0)
    except GoError as e:
        return DecodeError(e.text, offset=e.offset)
    try:
        dec.skip()
    except GoError as e:
        if e.text == "EOF":
            return None
    return DecodeError("extra bytes after msgpack value", offset=dec.pos)


@hop  # (it recurses, moving the decoder: any depth)
def _implied(dec: GoDecoder, depth: int) -> None:
    """Read one value as go-cty's impliedType does, raising the Go library's errors."""
    if depth > limits().max_depth:
        raise dec.error("value nested too deeply")
    c = dec.peek_code()
    if c == NIL or is_ext(c):
        dec.skip()
    elif c in (0xC2, 0xC3):
        dec.decode_bool()
    elif is_fixed_num(c) or 0xD0 <= c <= 0xD3:
        dec.decode_int()
    elif 0xCC <= c <= 0xCF:
        dec.decode_int("uint64")
    elif c in (0xCA, 0xCB):
        dec.decode_float()
    elif is_string(c):
        dec.decode_raw_string()
    elif is_map(c) or is_array(c):
        try:  # go-cty takes a length it cannot read as a dynamic value, and reads on
            length = dec.decode_map_len() if is_map(c) else dec.decode_array_len()
        except GoError:
            return
        for _ in range(length):
            if is_map(c):
                dec.decode_raw_string()
            _implied(dec, depth + 1)
    else:
        raise dec.error(f"unsupported msgpack code 0x{c:x}")
