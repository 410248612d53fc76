"""msgpack encoding: a planned converter per (wanted type, value type) pair, then msgspec.

msgspec's msgpack encoder already writes what go-cty's encoder (vmihailenco/msgpack with compact
ints) writes for the payload forms: the shortest int with unsigned codes for non-negatives,
float64 for floats, str8 from 32 bytes, bin for bytes, the smallest fixext/ext header, and
dicts in insertion order (payload dicts are sorted). So most of a payload tree is handed to
msgspec as it is. The planned converter rebuilds only what differs on the wire:

* a number: an int outside int64 is written as its decimal string (go-cty >= 1.14.4); a
  non-integer big.Float goes through ``number_wire`` (msgspec's ``enc_hook`` does it);
* a value in a slot of DynamicPseudoType: ``[bin(type JSON), value]``;
* a set: its elements in go-cty's order (``enc_hook``: ``SetPayload.elems``);
* an unknown: extension 0 or 12 (``enc_hook``).

A mark, a capsule or a type with no JSON form makes the fast pass stop; a second, slow walk in
go-cty's order then finds the first offending value and raises EncodeError with its path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeAlias

import msgspec

import cty
from cty import LimitExceededError, Type, Value, _number
from cty._internal import (
    Marked,
    SetPayload,
    Unknown,
    deep,
    encode_spliced,
    in_deep_thread,
)

from ._codec import element_slots
from ._errors import EncodeError
from ._json_type import type_to_json
from ._msgpack_codegen import EncKind, object_encoder
from ._msgpack_refinement import number_wire, unknown_ext
from ._plans import planned_encoders

Enc: TypeAlias = Callable[[Any], Any]
"""A planned converter: payload -> what msgspec encodes as go-cty's bytes."""

_INT64_MIN: Final = -(1 << 63)
_INT64_MAX: Final = (1 << 63) - 1
_DynamicPseudoType: Final = cty.DynamicPseudoType


_EXPAND: Final[dict[type, Callable[[Any], Any]]] = {SetPayload: lambda p: p.elems}
"""What encode_spliced must open that the enc_hook opens: a set's payload."""


class Refused(Exception):
    """Internal: the fast pass met something it cannot encode (the slow walk explains)."""


def _hook(obj: Any) -> Any:
    c = obj.__class__
    if c is Unknown:
        return unknown_ext(obj)
    if c is SetPayload:
        return obj.elems
    if _number.is_mpfr(obj):
        try:
            return number_wire(obj)
        except LimitExceededError:  # the slow walk reports it with its path
            raise Refused from None
    raise Refused


encoder: Final = msgspec.msgpack.Encoder(enc_hook=_hook)
"""The one msgspec encoder every cty msgpack encoder uses."""




def _number_enc(p: Any) -> Any:
    c = p.__class__
    if c is int:
        return p if _INT64_MIN <= p <= _INT64_MAX else _number.whole_number_text(p)
    if p is None or c is Unknown or c is Marked:
        return p
    return number_wire(p)


def _refuse(p: Any) -> Any:
    raise Refused


def _plan(decl: Type, actual: Type) -> Enc | None:
    if decl is _DynamicPseudoType:
        if actual is _DynamicPseudoType:
            return None
        try:
            tj = type_to_json(actual)
        except EncodeError:
            return _refuse
        inner = plan(actual, actual)
        if inner is None:
            return lambda p: [tj, p]
        return lambda p: [tj, inner(p)]
    if decl is cty.String or decl is cty.Bool:
        return None
    if decl is cty.Number:
        return _number_enc
    if decl.is_list_type() or decl.is_set_type():
        f = plan(decl.element_type(), actual.element_type())
        if f is None:
            return None
        g: Enc = f
        if decl.is_list_type():
            return lambda p: list(map(g, p)) if p.__class__ is tuple else p
        return lambda p: list(map(g, p.elems)) if p.__class__ is SetPayload else p
    if decl.is_map_type():
        f = plan(decl.element_type(), actual.element_type())
        if f is None:
            return None
        return lambda p: {k: f(v) for k, v in p.items()} if p.__class__ is dict else p
    if decl.is_object_type():
        return _plan_object(decl, actual)
    if decl.is_tuple_type():
        return _plan_tuple(decl, actual)
    return _plan_capsule


def _plan_capsule(p: Any) -> Any:
    if p is None or p.__class__ is Unknown or p.__class__ is Marked:
        return p
    raise Refused


def _plan_object(decl: Type, actual: Type) -> Enc | None:
    aattrs = actual.attribute_types()
    convs: list[tuple[str, EncKind, Enc]] = []
    for k, t in decl.attribute_types().items():
        f = plan(t, aattrs[k])
        if f is not None:
            convs.append((k, "int64" if f is _number_enc else "call", f))
    if not convs:
        return None
    return object_encoder(convs)


def _plan_tuple(decl: Type, actual: Type) -> Enc | None:
    fs = [plan(d, a) for d, a in zip(decl.tuple_element_types(),
                                     actual.tuple_element_types(), strict=True)]
    if all(f is None for f in fs):
        return None
    ids = [f if f is not None else _identity for f in fs]

    def enc(p: Any) -> Any:
        if p.__class__ is tuple:
            return [f(e) for f, e in zip(ids, p, strict=True)]
        return p

    return enc


def _identity(p: Any) -> Any:
    return p


def encode_payload(v: Value, ty: Type, conv: Enc | None) -> bytes:
    """Return the msgpack bytes of *v* (conforming to *ty*) with the planned converter."""
    if v._marks:
        raise EncodeError(cty.Path(), "value has marks, so it cannot be serialized")
    try:
        wire = v._v if conv is None else conv(v._v)
        try:
            return encoder.encode(wire)
        except RecursionError:
            if not in_deep_thread():
                raise
        return encode_spliced(encoder.encode, wire, _EXPAND)  # deeper than msgspec may go
    except (Refused, TypeError, ValueError, OverflowError) as e:
        explain(ty, v._ty, v._v, cty.Path())
        raise EncodeError(cty.Path(), f"cannot serialize value: {e}") from None


@deep
def explain(decl: Type, actual: Type, p: Any, path: cty.Path) -> None:
    """Raise EncodeError for the first value go-cty's marshal would refuse; walk in its order."""
    if p.__class__ is Marked:
        raise EncodeError(path, "value has marks, so it cannot be serialized")
    if decl is _DynamicPseudoType and actual is not _DynamicPseudoType:
        try:
            type_to_json(actual)
        except EncodeError as e:
            raise EncodeError(path, f"failed to serialize type: {e.message}") from None
        decl = actual
    if p.__class__ is Unknown:
        try:
            unknown_ext(p)  # a refinement's number bounds
        except LimitExceededError as e:
            raise EncodeError(path, str(e)) from None
        return
    if p is None:
        return
    if decl is cty.Number:
        try:
            number_wire(p)
        except LimitExceededError as e:
            raise EncodeError(path, str(e)) from None
    if decl.is_primitive_type():
        return
    if decl.is_capsule_type():
        raise EncodeError(path, "capsule types not supported for msgpack encoding")
    for d, a, elem, elem_path in element_slots(decl, actual, p, path):
        explain(d, a, elem, elem_path)


# --- the planner's cache (encoding._plans) -------------------------------------------------

plan: Callable[[Type, Type], Enc | None] = planned_encoders(
    _plan, "plan", "Return the converter for a payload of type *actual* in a slot of type "
    "*decl*, or None when msgspec encodes it correctly as it is.")
