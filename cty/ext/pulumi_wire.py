"""Pulumi's property-value wire form for cty values (what Pulumi's SDKs send over gRPC as a
protobuf Struct), with cty.ext.eventual's marks for secrets and dependencies.

A value becomes plain JSON-like data: null, bools, strings, numbers (IEEE doubles), lists
(lists, sets and tuples) and dicts (maps and objects). An unknown becomes Pulumi's unknown
sentinel string; a SECRET value is wrapped in a secret object (Pulumi's signature key and
secret signature, with the value under ``"value"``). With ``keep_output_values``, a value that
is unknown or depends on resources is written as an output value object (value, ``secret``
and ``dependencies``), so nothing of its metadata is lost; without it, dependencies are not
written (Pulumi's SDKs send them beside the properties: collect them with
``eventual.dependencies``). Marks of any other kind have no wire form and are an error, as is
a number a double cannot hold exactly (unless ``allow_lossy_numbers``).

Pulumi's unknowns carry no type, so decoding takes the type to decode into; without one
(dynamic) objects decode as cty objects, arrays as tuples and unknowns as DynamicVal.

>>> from cty.ext import eventual, pulumi_wire
>>> pulumi_wire.to_pulumi_wire(eventual.secret(cty.string_val("pw")))
{'4dabf18193072939515e22adb298388d': '1b47061264138c4ac30d75fd1eb44270', 'value': 'pw'}
>>> pulumi_wire.from_pulumi_wire([1, pulumi_wire.UNKNOWN], cty.List(cty.Number))
cty.list_val([cty.number_val(1), cty.unknown_val(cty.Number)])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from cty import (
    Bool,
    CtyValueError,
    DynamicPseudoType,
    GetAttrStep,
    IndexStep,
    Number,
    PathError,
    String,
    Type,
    Value,
    _number,
    bool_val,
    list_val,
    list_val_empty,
    map_val,
    map_val_empty,
    null_val,
    number_float_val,
    number_int_val,
    object_val,
    set_val,
    set_val_empty,
    string_val,
    tuple_val,
    unknown_val,
)
from cty._internal import Trail, check_type, check_value, deep, hop, trail_path
from cty.convert import convert

from .eventual import SECRET, DependsOn

__all__ = [
    "ARCHIVE_SIG",
    "ASSET_SIG",
    "OUTPUT_VALUE_SIG",
    "RESOURCE_REFERENCE_SIG",
    "SECRET_SIG",
    "SIG_KEY",
    "UNKNOWN",
    "PulumiWireError",
    "from_pulumi_wire",
    "to_pulumi_wire",
]

SIG_KEY = "4dabf18193072939515e22adb298388d"
"""The key whose value says what kind of special object a dict is."""
SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270"
"""The signature of a secret: the secret value is under "value"."""
OUTPUT_VALUE_SIG = "d0e6a833031e9bbcd3f4e8bde6ca49a4"
"""The signature of an output value: "value" (absent when unknown), "secret", "dependencies"."""
ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17"
"""The signature of an asset (decoded by a caller's decoder: see from_pulumi_wire)."""
ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7"
"""The signature of an archive (decoded by a caller's decoder)."""
RESOURCE_REFERENCE_SIG = "5cf8f73096256a8f31e491e813e4eb8e"
"""The signature of a resource reference (decoded by a caller's decoder)."""
UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9"
"""The sentinel string that stands for an unknown value."""

Decoder = Callable[[Mapping[str, Any], Type], Value]


class PulumiWireError(PathError):
    """A value with no Pulumi wire form, or wire data that is not a value of the type asked
    for; ``path`` says where. Messages never show a value's text."""


def _error(where: Trail, message: str) -> PulumiWireError:
    return PulumiWireError(trail_path(where), message)


def _attr_step(k: Value) -> GetAttrStep:
    return GetAttrStep(k.as_string())


# --- encoding ----------------------------------------------------------------------------------


@deep
def to_pulumi_wire(v: Value, *, keep_output_values: bool = False,
                   allow_lossy_numbers: bool = False) -> Any:
    """Return *v* as Pulumi's wire data (see the module's description).

    A capsule value is written by its object's ``__pulumi_wire__()`` method (an asset or a
    resource reference, say: examples/pulumi_capsules.py), and is an error without one.
    """
    check_value(v, "the value")
    return _encode(v, None, keep_output_values, allow_lossy_numbers)


@deep  # (it recurses: any depth)
def _encode(v: Value, path: Trail, keep: bool, lossy: bool) -> Any:
    bare, marks = v.unmark()
    deps = sorted(m.urn for m in marks if isinstance(m, DependsOn))
    for m in marks:
        if m is not SECRET and not isinstance(m, DependsOn):
            raise _error(path, f"a mark of type {type(m).__name__} has no Pulumi wire "
                                        "form (only eventual.SECRET and DependsOn marks have)")
    is_secret = SECRET in marks
    known = bare.is_known()
    if keep and (deps or not known):
        out: dict[str, Any] = {SIG_KEY: OUTPUT_VALUE_SIG}
        if known:
            out["value"] = _encode_bare(bare, path, keep, lossy)
        if is_secret:
            out["secret"] = True
        if deps:
            out["dependencies"] = deps
        return out
    if not known:
        return UNKNOWN
    data = _encode_bare(bare, path, keep, lossy)
    if is_secret:
        return {SIG_KEY: SECRET_SIG, "value": data}
    return data


def _encode_bare(v: Value, path: Trail, keep: bool, lossy: bool) -> Any:
    if v.is_null():
        return None
    t = v.type()
    if t is String:
        return v.as_string()
    if t is Bool:
        return v.true()
    if t is Number:
        n = v._v
        f = _number.float64_value(n)
        if f is None:
            if not lossy:
                raise _error(path, "a number that a double cannot hold exactly "
                                            "(allow_lossy_numbers=True rounds it)")
            f = _number.to_float(n)
        return int(f) if f.is_integer() and abs(f) < 2 ** 53 else f
    if t.is_list_type() or t.is_set_type() or t.is_tuple_type():
        return [_encode(e, (path, IndexStep(k)), keep, lossy) for k, e in v.elements()]
    if t.is_map_type() or t.is_object_type():
        step = IndexStep if t.is_map_type() else _attr_step
        return {k.as_string(): _encode(e, (path, step(k)), keep, lossy)
                for k, e in v.elements()}
    if t.is_capsule_type():
        hook = getattr(v.encapsulated_value(), "__pulumi_wire__", None)
        if hook is None:
            raise _error(path, f"a capsule value of type {t.friendly_name()} has no "
                                        "Pulumi wire form (its object has no __pulumi_wire__)")
        return hook()
    raise _error(path, f"a value of type {t.friendly_name()} has no Pulumi wire form")


# --- decoding ----------------------------------------------------------------------------------


@deep
def from_pulumi_wire(data: Any, ty: Type = DynamicPseudoType, *,
                     decoders: Mapping[str, Decoder] | None = None) -> Value:
    """Return the value that Pulumi's wire *data* describes, of type *ty*.

    Secrets come back marked SECRET, output values with SECRET and a DependsOn per
    dependency (unknown when they hold no value). Special objects of other signatures (assets,
    archives, resource references) are decoded by ``decoders[signature](data, ty)`` and
    converted to *ty* if the decoder made a value of another type (a PathError if it does not
    convert); one with no decoder is an error. A resource reference whose ``id`` is ``""`` (a
    resource not yet created) is unknown, as Pulumi reads it.
    """
    check_type(ty, "the type to decode into")
    return _decode(data, ty, None, decoders or {})


@hop  # (it recurses: any depth)
def _decode(data: Any, ty: Type, path: Trail, decoders: Mapping[str, Decoder]) -> Value:
    if data is None:
        return null_val(ty)
    if isinstance(data, str) and data == UNKNOWN:
        return unknown_val(ty)
    if isinstance(data, dict) and SIG_KEY in data:
        return _decode_special(data, ty, path, decoders)
    if ty is DynamicPseudoType:
        return _decode_implied(data, path, decoders)
    if ty.is_primitive_type():
        v = _decode_implied(data, path, decoders)
        try:
            return convert(v, ty)
        except PathError as e:
            raise _error(path, e.message) from None
    if ty.is_list_type() or ty.is_set_type():
        items = _expect(data, list, path, ty)
        ety = ty.element_type()
        elems = [_decode(e, ety, (path, IndexStep(number_int_val(i))), decoders)
                 for i, e in enumerate(items)]
        if ty.is_list_type():
            return list_val(elems) if elems else list_val_empty(ety)
        return set_val(elems) if elems else set_val_empty(ety)
    if ty.is_tuple_type():
        items = _expect(data, list, path, ty)
        types = ty.tuple_element_types()
        if len(items) != len(types):
            raise _error(path, f"{len(types)} elements required, but received "
                                        f"{len(items)}")
        return tuple_val([_decode(e, t, (path, IndexStep(number_int_val(i))), decoders)
                          for i, (e, t) in enumerate(zip(items, types, strict=True))])
    if ty.is_map_type():
        members = _expect(data, dict, path, ty)
        ety = ty.element_type()
        entries = {k: _decode(e, ety, (path, IndexStep(string_val(k))), decoders)
                   for k, e in members.items()}
        return map_val(entries) if entries else map_val_empty(ety)
    if ty.is_object_type():
        members = _expect(data, dict, path, ty)
        attrs = ty.attribute_types()
        extra = sorted(set(members) - set(attrs))
        if extra:
            raise _error(path, f"unsupported attribute {extra[0]!r}")
        return object_val({name: _decode(members.get(name), t, (path, GetAttrStep(name)), decoders)
                           for name, t in attrs.items()})
    raise _error(path, f"{ty.friendly_name()} values have no Pulumi wire form "
                                "(a capsule needs a decoder for its signature)")


def _expect(data: Any, kind: type, path: Trail, ty: Type) -> Any:
    if not isinstance(data, kind):
        what = "an array" if kind is list else "an object"
        raise _error(path, f"{ty.friendly_name()} required: {what}, not "
                                    f"{type(data).__name__}")
    return data


def _decode_implied(data: Any, path: Trail, decoders: Mapping[str, Decoder]) -> Value:
    if isinstance(data, bool):
        return bool_val(data)
    if isinstance(data, str):
        return string_val(data)
    if isinstance(data, int):
        return number_int_val(data)
    if isinstance(data, float):
        if math.isnan(data):
            raise _error(path, "NaN is not a number cty can hold")
        return number_float_val(data)
    if isinstance(data, list):
        return tuple_val([_decode(e, DynamicPseudoType, (path, IndexStep(number_int_val(i))),
                                  decoders) for i, e in enumerate(data)])
    if isinstance(data, dict):
        for k in data:
            if not isinstance(k, str):
                raise _error(path, f"object keys are strings, not {type(k).__name__}")
        return object_val({k: _decode(e, DynamicPseudoType, (path, GetAttrStep(k)), decoders)
                           for k, e in data.items()})
    raise _error(path, f"{type(data).__name__} is not Pulumi wire data")


def _decode_special(data: dict[str, Any], ty: Type, path: Trail,
                    decoders: Mapping[str, Decoder]) -> Value:
    sig = data[SIG_KEY]
    if sig == SECRET_SIG:
        return _decode(data.get("value"), ty, path, decoders).mark(SECRET)
    if sig == OUTPUT_VALUE_SIG:
        v = (_decode(data["value"], ty, path, decoders) if "value" in data
             else unknown_val(ty))
        deps = data.get("dependencies", [])
        if not isinstance(deps, list) or not all(isinstance(d, str) for d in deps):
            raise _error(path, "an output value's dependencies are a list of URNs")
        marks: set[object] = {DependsOn(d) for d in deps}
        if data.get("secret") is True:
            marks.add(SECRET)
        return v.with_marks(frozenset(marks))
    if sig == RESOURCE_REFERENCE_SIG and data.get("id") == "":
        # (a custom resource whose id is not known yet: Pulumi's deserialize_property)
        return unknown_val(ty)
    decoder = decoders.get(sig) if isinstance(sig, str) else None
    if decoder is None:
        raise _error(path, f"no decoder for the special object of signature {sig!r}")
    v = decoder(data, ty)
    if not isinstance(v, Value):
        raise CtyValueError(f"the decoder for signature {sig!r} returned a "
                            f"{type(v).__name__}, not a cty.Value")
    if ty is DynamicPseudoType or v.type() == ty:
        return v
    try:  # (the decoder's type, asked for another: converted, or an error here)
        return convert(v, ty)
    except PathError as e:
        raise _error(path, e.message) from None
