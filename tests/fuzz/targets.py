"""Fuzz targets: each takes bytes and feeds them to one entry point that reads untrusted input.

A target passes when the entry point returns, or raises one of the errors it documents (the
``allowed`` of its Target). Anything else escaping is a bug: the fuzzers (the hypothesis tests
in test_fuzz.py, and ``python -m tests.fuzz.run_atheris``) report it, and the input that
found it goes into ``corpus/`` as a regression test.

Decoders that accept the input are checked further: what they decode must encode again (or
fail to encode for a documented reason, such as an infinity in JSON), and decoding that and
encoding it once more must give the same bytes, so a decoder that accepts garbage and builds a
broken value is caught too.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

import cty
from cty import convert
from cty.encoding import DecodeError, EncodeError, gob
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack
from tests.encoding._gob_strategies import raw_stream, split_frames

TYPES: list[cty.Type] = [
    cty.String,
    cty.Number,
    cty.Bool,
    cty.DynamicPseudoType,
    cty.List(cty.String),
    cty.Map(cty.Number),
    cty.Set(cty.String),
    cty.Set(cty.DynamicPseudoType),
    cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Number}, ["b"]),
    cty.Tuple([cty.String, cty.Number, cty.Bool]),
    cty.List(cty.Object({"x": cty.List(cty.DynamicPseudoType), "y": cty.Map(cty.Bool)})),
    cty.Map(cty.Set(cty.Number)),
    cty.List(cty.List(cty.List(cty.Number))),
]
"""The types the typed decoders and conversions are fuzzed with; the first input byte picks."""


def _split(data: bytes) -> tuple[cty.Type, bytes]:
    """Return the type the first byte picks, and the rest of the input."""
    if not data:
        return cty.String, b""
    return TYPES[data[0] % len(TYPES)], data[1:]


def _round_trip(v: cty.Value, ty: cty.Type, marshal: Callable[[cty.Value, cty.Type], bytes],
                unmarshal: Callable[[bytes, cty.Type], cty.Value], refusals: tuple[str, ...]
                ) -> None:
    try:
        again = marshal(v, ty)
    except EncodeError as e:
        if not any(r in e.message for r in refusals):
            raise AssertionError(f"decoded {v!r}, which does not encode: {e}") from None
        return
    back = unmarshal(again, ty)
    # (not raw_equals: as in go-cty, an unknown whose refinement refines nothing is not
    # raw-equal to a plain unknown, and is written as one)
    if marshal(back, ty) != again:
        raise AssertionError(f"decoded {v!r}, encoded {again!r}, decoded {back!r}, "
                             f"which encodes otherwise")


_MSGPACK_REFUSALS = ("too large to write as text",)
_JSON_REFUSALS = ("too large to write as text", "infinity")


def _typed(data: bytes, marshal: Callable[[cty.Value, cty.Type], bytes],
           unmarshal: Callable[[bytes, cty.Type], cty.Value], refusals: tuple[str, ...]) -> None:
    """Decode the input as a value of the type its first byte picks; round-trip what decodes."""
    ty, body = _split(data)
    try:
        v = unmarshal(body, ty)
    except DecodeError:
        return
    _round_trip(v, ty, marshal, unmarshal, refusals)


def msgpack_unmarshal(data: bytes) -> None:
    """msgpack.unmarshal, and a round trip of what it accepts."""
    _typed(data, cty_msgpack.marshal, cty_msgpack.unmarshal, _MSGPACK_REFUSALS)


def msgpack_implied_type(data: bytes) -> None:
    """msgpack.implied_type."""
    try:
        cty_msgpack.implied_type(data)
    except DecodeError:
        return


def json_unmarshal(data: bytes) -> None:
    """json.unmarshal, and a round trip of what it accepts."""
    _typed(data, cty_json.marshal, cty_json.unmarshal, _JSON_REFUSALS)


def json_simple(data: bytes) -> None:
    """json.simple_json_unmarshal (the type the JSON implies)."""
    try:
        v = cty_json.simple_json_unmarshal(data)
    except DecodeError:
        return
    _round_trip(v, v.type(), cty_json.marshal, cty_json.unmarshal, _JSON_REFUSALS)


def type_json(data: bytes) -> None:
    """cty.type_from_json, and json.unmarshal_type; both must agree."""
    try:
        t = cty.type_from_json(data)
    except cty.TypeJSONError:
        t = None
    try:
        u = cty_json.unmarshal_type(data)
    except DecodeError:
        u = None
    if t is not None and cty.type_from_json(cty.type_to_json(t)) is not t:
        raise AssertionError(f"type JSON of {t!r} does not read back")
    if (t is None) != (u is None):
        raise AssertionError(f"type_from_json gave {t!r}, unmarshal_type {u!r}")


def type_expression(data: bytes) -> None:
    """cty.parse_type, and a round trip of what it accepts through str()."""
    text = data.decode("utf-8", "replace")
    try:
        t = cty.parse_type(text)
    except cty.CtyValueError:
        return
    if cty.parse_type(str(t)) is not t:
        raise AssertionError(f"{text!r} parsed to {t!r}, whose text {str(t)!r} reads otherwise")


def gob_loads(data: bytes) -> None:
    """gob.loads, the Decoder over bytes and over a file; all three agree."""
    try:
        one: cty.Value | None = gob.loads(data)
    except DecodeError:
        one = None
    got: list[cty.Value] = []
    try:
        for v in gob.Decoder(io.BytesIO(data)):
            got.append(v)
    except DecodeError:
        pass
    buffered: list[cty.Value] = []
    try:
        for v in gob.Decoder(data):
            buffered.append(v)
    except DecodeError:
        pass
    if [v.raw_equals(w) for v, w in zip(got, buffered, strict=False)] != \
            [True] * min(len(got), len(buffered)) or len(got) != len(buffered):
        raise AssertionError("gob.Decoder over a file and over bytes disagree")
    if one is not None:
        if not got or not one.raw_equals(got[0]):
            raise AssertionError("gob.loads and gob.Decoder disagree")
        if not gob.loads(gob.dumps(one)).raw_equals(one):
            raise AssertionError(f"gob value {one!r} does not round-trip")


_BODY_SEPARATOR = b"\xff\x00"


def gob_frames(data: bytes) -> None:
    """gob.loads of a stream whose frame bodies the input gives (separated by ff 00), framed
    with right lengths and checksums, so the fuzzer reaches past the frame checks."""
    gob_loads(raw_stream(*data.split(_BODY_SEPARATOR)))


def _bodies(stream: bytes) -> bytes:
    """The frame bodies of a one-stream gob *stream* (not the end frame), as gob_frames reads."""
    return _BODY_SEPARATOR.join(stream[start + 4:end - 4]
                                for start, end, kind in split_frames(stream) if kind != "E")


def _python_data(data: bytes) -> Any:
    """Python data from the input: JSON if it is JSON, else msgpack, else the text."""
    for decode in (msgspec.json.decode, msgspec.msgpack.decode):
        try:
            return decode(data)
        except (msgspec.DecodeError, UnicodeDecodeError, ValueError, RecursionError):
            pass
    return data.decode("utf-8", "replace")


def python_data(data: bytes) -> None:
    """cty.implied_type, cty.from_python to each fuzzed type, and convert between them."""
    ty, body = _split(data)
    obj = _python_data(body)
    try:
        implied = cty.implied_type(obj)
    except cty.CtyTypeError:  # bytes, a set of mixed types: documented
        implied = cty.DynamicPseudoType
    try:
        v = cty.from_python(obj, implied)
    except cty.PathError:
        return
    with contextlib.suppress(cty.PathError):
        cty.from_python(obj, ty)
    with contextlib.suppress(cty.PathError):
        convert.convert(v, ty)
    unsafe = convert.get_conversion_unsafe(implied, ty)
    if unsafe is not None:
        with contextlib.suppress(cty.PathError):
            unsafe(v)


@dataclass(frozen=True)
class Target:
    """A fuzz target: its function, and the input that seeds it."""

    fn: Callable[[bytes], None]
    seeds: tuple[bytes, ...]


def _seed_values() -> list[tuple[cty.Value, cty.Type]]:
    return [
        (cty.string_val("héllo"), cty.String),
        (cty.parse_number_val("-12.5e3"), cty.Number),
        (cty.list_val([cty.string_val("a"), cty.string_val("b")]), cty.List(cty.String)),
        (cty.map_val({"k": cty.number_int_val(1)}), cty.Map(cty.Number)),
        (cty.set_val([cty.string_val("x"), cty.unknown_val(cty.String)]), cty.Set(cty.String)),
        (cty.object_val({"a": cty.string_val("s")}),
         cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Number}, ["b"])),
        (cty.tuple_val([cty.string_val("t"), cty.number_int_val(7), cty.True_]),
         cty.Tuple([cty.String, cty.Number, cty.Bool])),
        (cty.object_val({"n": cty.list_val([cty.number_int_val(1)])}), cty.DynamicPseudoType),
    ]


def _typed_seed(v: cty.Value, ty: cty.Type, marshal: Callable[..., bytes]) -> bytes:
    try:
        return bytes([TYPES.index(ty)]) + marshal(v, ty)
    except EncodeError:  # (JSON: the unknown in the set)
        return bytes([TYPES.index(ty)])


def targets() -> dict[str, Target]:
    """Every fuzz target by name, with its seed inputs."""
    vals = _seed_values()
    gob_seeds = [gob.dumps(v.mark("m") if i % 2 else v) for i, (v, _) in enumerate(vals)]
    return {
        "msgpack_unmarshal": Target(msgpack_unmarshal, tuple(
            _typed_seed(v, t, cty_msgpack.marshal) for v, t in vals)),
        "msgpack_implied_type": Target(msgpack_implied_type, tuple(
            cty_msgpack.marshal(v, t) for v, t in vals)),
        "json_unmarshal": Target(json_unmarshal, tuple(
            _typed_seed(v, t, cty_json.marshal) for v, t in vals)),
        "json_simple": Target(json_simple, (
            b'{"a":[1,2.5e3,"x",true,null],"b":{"c":{}}}', b'[[[]]]', b'"\\u00e9"')),
        "type_json": Target(type_json, tuple(cty.type_to_json(t) for t in TYPES)),
        "type_expression": Target(type_expression, (
            *(str(t).encode() for t in TYPES), b'object({a = optional(string, "d")})')),
        "gob_loads": Target(gob_loads, (*gob_seeds, b"".join(gob_seeds[:3]))),
        "gob_frames": Target(gob_frames, tuple(_bodies(s) for s in gob_seeds)),
        "python_data": Target(python_data, (
            b'\x08{"a":"s","b":1}', b'\x04["a","b"]', b'\x0a["t",1,true]', b"\x03[1,[2,[3]]]",
            b'\x0b{"k":[1,2]}', b"\x01" + msgspec.msgpack.encode([1, 2.5, b"x", None]))),
    }
