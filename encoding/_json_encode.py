"""JSON encoding: a planned converter per (wanted type, value type) pair, then msgspec.

msgspec.json writes payload trees much as Go's encoding/json does (sorted payload dicts keep
their order; ints of any size are exact; control characters are escaped the same way), and
``go_escape`` adds the escapes Go has and msgspec lacks (``<``, ``>``, ``&``, U+2028, U+2029).
The planned converter rebuilds only what differs:

* a value in a slot of DynamicPseudoType: ``{"value": ..., "type": ...}``, in that order;
* a capsule: the wrapped object, encoded by msgspec;
* a non-integer number (``enc_hook``): ``Text('f', -1)``, the shortest positional decimal;
* a set (``enc_hook``): its elements in go-cty's order.

Unknown and marked values, infinities, and capsules msgspec cannot encode stop the fast pass;
a slow walk in go-cty's order then raises EncodeError with the path and go-cty's message.
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
from ._json_number import float_text_as_msgspec, format_f
from ._json_type import go_escape, type_to_json
from ._msgpack_codegen import EncKind, object_encoder
from ._plans import planned_encoders

Enc: TypeAlias = Callable[[Any], Any]

_DynamicPseudoType: Final = cty.DynamicPseudoType
_Raw: Final = msgspec.Raw


_EXPAND: Final[dict[type, Callable[[Any], Any]]] = {SetPayload: lambda p: p.elems}
"""What encode_spliced must open that the enc_hook opens: a set's payload."""


class Refused(Exception):
    """Internal: the fast pass met something it cannot encode (the slow walk explains)."""


_MPFR: Final = _number.ZERO.__class__
_EXACT: Final = 2**53


_written: dict[int, tuple[Any, Any]] = {}
"""What _hook gave for recent numbers, by their identity (a number payload is immutable and
decoders share them: the same payload comes back again and again). Each entry holds its
number, so that its id is not reused while it is here."""


def _hook(obj: Any) -> Any:
    c = obj.__class__
    if c is SetPayload:
        return obj.elems
    if c is _MPFR:
        seen = _written.get(id(obj))
        if seen is not None and seen[0] is obj:
            return seen[1]
        if len(_written) >= 4096:
            _written.clear()
        out = _number_json(obj)
        _written[id(obj)] = (obj, out)
        return out
    raise Refused


def _number_json(obj: Any) -> Any:
    """What msgspec is to write for a number payload: an int or float it writes as Go would,
    or the text as Raw."""
    if obj.is_integer() and -_EXACT < obj < _EXACT and obj and obj.precision >= 53:
        # Text('f', -1) of a whole number below 2**53 (at 53 bits or more) is its digits
        # (not -0, whose sign it keeps): a JSON number's usual payload, written at C speed
        return int(obj)
    f = float_text_as_msgspec(obj)
    if f is not None:
        return f  # msgspec writes the same shortest positional digits as Go here
    try:
        text = format_f(obj)
    except LimitExceededError:  # the slow walk reports it with its path
        raise Refused from None
    if text[-1] != "f":  # not "+Inf" or "-Inf"
        return _Raw(text.encode())
    raise Refused


_encoder: Final = msgspec.json.Encoder(enc_hook=_hook)
_capsule_encoder: Final = msgspec.json.Encoder()



def _refuse(p: Any) -> Any:
    raise Refused


def _plan(decl: Type, actual: Type) -> Enc | None:
    if decl is _DynamicPseudoType:
        if actual is _DynamicPseudoType:
            return None
        try:
            tj = _Raw(type_to_json(actual))
        except EncodeError:
            return _refuse
        inner = plan(actual, actual)
        if inner is None:
            return lambda p: {"value": p, "type": tj}
        return lambda p: {"value": inner(p), "type": tj}
    if decl.is_primitive_type():
        return None
    if decl.is_list_type() or decl.is_set_type():
        f = plan(decl.element_type(), actual.element_type())
        if f is None:
            return None
        g: Enc = f
        if decl.is_list_type():
            return lambda p: list(map(g, p)) if p.__class__ is tuple else p
        return lambda p: list(map(g, p.elems)) if p.__class__ is SetPayload else p
    if decl.is_map_type():
        fm = plan(decl.element_type(), actual.element_type())
        if fm is None:
            return None
        h: Enc = fm
        return lambda p: {k: h(v) for k, v in p.items()} if p.__class__ is dict else p
    if decl.is_object_type():
        aattrs = actual.attribute_types()
        convs: list[tuple[str, EncKind, Enc]] = []
        for k, t in decl.attribute_types().items():
            f = plan(t, aattrs[k])
            if f is not None:
                convs.append((k, "call", f))
        if not convs:
            return None
        return object_encoder(convs)
    if decl.is_tuple_type():
        fs = [plan(d, a) for d, a in zip(decl.tuple_element_types(),
                                         actual.tuple_element_types(), strict=True)]
        if all(f is None for f in fs):
            return None
        ids = [f if f is not None else _identity for f in fs]
        return lambda p: [f(e) for f, e in zip(ids, p, strict=True)] \
            if p.__class__ is tuple else p
    return _capsule


def _identity(p: Any) -> Any:
    return p


def _capsule(p: Any) -> Any:
    if p is None or p.__class__ is Unknown or p.__class__ is Marked:
        return p
    try:
        return _Raw(go_escape(_capsule_encoder.encode(p)))
    except (TypeError, ValueError, OverflowError):
        raise Refused from None


def encode_payload(v: Value, ty: Type, conv: Enc | None) -> bytes:
    """Return the JSON text of *v* (conforming to *ty*) with the planned converter."""
    if v._marks:
        raise EncodeError(cty.Path(), "value has marks, so it cannot be serialized as JSON")
    try:
        out = _encode(v._v if conv is None else conv(v._v))
    except (Refused, TypeError, ValueError, OverflowError) as e:
        explain(ty, v._ty, v._v, cty.Path())
        try:  # nothing go-cty refuses: an int too long for Python's str() (4300 digits)?
            out = _encode(_long_ints_as_text(v._v if conv is None else conv(v._v)))
        except (Refused, TypeError, ValueError, OverflowError):
            raise EncodeError(cty.Path(), f"cannot serialize value: {e}") from None
    return go_escape(out)


def _encode(wire: Any) -> bytes:
    """Return msgspec's JSON for the tree *wire*, at any depth."""
    try:
        return _encoder.encode(wire)
    except RecursionError:
        if not in_deep_thread():
            raise
    return encode_spliced(_encoder.encode, wire, _EXPAND)  # deeper than msgspec may go


def encode_lines(ty: Type, payloads: list[Any]) -> bytes | None:
    """Return the JSON text of each payload (unmarked, of type *ty*), each on a line of its
    own, in one msgspec call; None where the fast pass cannot (an unknown, a mark, an
    infinity, a value deeper than msgspec goes): encode_payload then says why, record by
    record."""
    conv = plan(ty, ty)
    try:
        wires = payloads if conv is None else [conv(p) for p in payloads]
        return go_escape(_encoder.encode_lines(wires))
    except (Refused, TypeError, ValueError, OverflowError, RecursionError):
        return None


_LONG_INT_BITS: Final = 14_000
"""Ints of more bits than this may pass Python's int-to-str limit (4,300 digits)."""


@deep
def _long_ints_as_text(p: Any) -> Any:
    """Return payload *p* with every int too long for str() as its raw JSON digits."""
    c = p.__class__
    if c is int:
        return _Raw(format_f(p).encode()) if p.bit_length() > _LONG_INT_BITS else p
    if c is tuple or c is list:
        return [_long_ints_as_text(e) for e in p]
    if c is dict:
        return {k: _long_ints_as_text(e) for k, e in p.items()}
    if c is SetPayload:
        return [_long_ints_as_text(e) for e in p.elems]
    return p


@deep
def explain(decl: Type, actual: Type, p: Any, path: cty.Path) -> None:
    """Raise EncodeError for the first value go-cty's JSON marshal refuses, in its order."""
    if p.__class__ is Marked:
        raise EncodeError(path, "value has marks, so it cannot be serialized as JSON")
    if p.__class__ is Unknown:
        raise EncodeError(path, "value is not known")
    if decl is _DynamicPseudoType and actual is not _DynamicPseudoType:
        try:
            type_to_json(actual)
        except EncodeError as e:
            raise EncodeError(path, f"failed to serialize type: {e.message}") from None
        try:
            explain(actual, actual, p, path)
        except EncodeError as e:
            raise EncodeError(path, f"failed to serialize value: {e.message}") from None
        return
    if p is None:
        return
    if decl is cty.Number:
        if _number.is_inf(p):
            raise EncodeError(path, "cannot serialize infinity as JSON")
        try:
            format_f(p)
        except LimitExceededError as e:
            raise EncodeError(path, str(e)) from None
        return
    if decl.is_primitive_type():
        return
    if decl.is_capsule_type():
        try:
            _capsule_encoder.encode(p)
        except (TypeError, ValueError, OverflowError) as e:
            raise EncodeError(path, str(e)) from None
    for d, a, elem, elem_path in element_slots(decl, actual, p, path):
        explain(d, a, elem, elem_path)


# --- the planner's cache (encoding._plans) -------------------------------------------------

plan: Callable[[Type, Type], Enc | None] = planned_encoders(
    _plan, "plan", "Return the converter for a payload of type *actual* in a slot of type "
    "*decl*, or None when msgspec encodes it correctly as it is.")
