"""Laws of cty.encoding.msgpack, checked by hypothesis: generated values round-trip through
marshal/unmarshal unchanged, and any bytes given to unmarshal give a value or DecodeError.

Values come from cty.testing.strategies; types() here keeps dynamic slots and optional
attributes where the wire can carry them. Both are shared with test_json_properties.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cty
from cty import _number
from cty.encoding import DecodeError, msgpack
from cty.testing import strategies as cst

from .._examples import examples

pytestmark = pytest.mark.slow  # hypothesis over generated values

names = cst.unicode_names


def _object_types(inner: st.SearchStrategy[cty.Type]) -> st.SearchStrategy[cty.Type]:
    """Objects of *inner* attributes, some of them optional."""
    attrs = st.dictionaries(names, inner, max_size=4)
    return attrs.flatmap(lambda a: st.lists(st.sampled_from(sorted(a)), unique=True).map(
        lambda opt: cty.ObjectWithOptionalAttrs(a, opt)) if a else st.just(cty.EmptyObject))


def types() -> st.SearchStrategy[cty.Type]:
    """Return a strategy of cty types, with DynamicPseudoType and optional attributes where a
    value's type can travel on the wire: DynamicPseudoType as a slot of its own or as the
    element type of a collection, optional attributes outside collections. (Deeper, an empty
    or null collection decodes with the element type it was declared with, as in go-cty.)"""
    static = cst.types(3, dynamic=False, optional_attrs=False, names=names)
    dynamic = st.just(cty.DynamicPseudoType)
    element = dynamic | static
    slot = st.one_of(static, dynamic, element.map(cty.List), element.map(cty.Set),
                     element.map(cty.Map))
    return st.one_of(slot, st.lists(slot, max_size=3).map(cty.Tuple), _object_types(slot))


def _is_neg_zero(v: cty.Value) -> bool:
    return (v.type() is cty.Number and v.is_known() and not v.is_null()
            and _number.is_neg_zero(v._v))


def typed_values(unknowns: bool = True, infinities: bool = True
                 ) -> st.SearchStrategy[tuple[cty.Value, cty.Type]]:
    """Return (value, type) with the value conforming to the type: unmarked (the wire has no
    marks), with nulls, unknowns when *unknowns*, infinities when *infinities*, numbers of
    the precisions the wire keeps (those of text and floats), any Unicode text in strings,
    map keys and attribute names."""
    return types().flatmap(lambda ty: cst.values_conforming(
        ty, unknowns=unknowns, infinities=infinities, any_precision=False, marks=False,
        names=names,
    ).map(lambda v: (v, ty)))


def _as_written(v: cty.Value, wire: str) -> cty.Value:
    """A whole number of less than 512 bits' precision as it reads back from the shortest
    digits at its own precision, which go-cty writes (the float64 2**64 as
    18446744073709550000; msgpack writes one in int64 range as an integer); others as they
    are."""
    if v.type() is not cty.Number or not v.is_known() or v.is_null():
        return v
    n = v._v
    if n.__class__ is int or _number.is_inf(n) or not _number.is_integer(n):
        return v
    if _number.precision(n) >= 512:
        return v
    if wire == "msgpack" and _number.int64_value(n) is not None:
        return v
    return cty.parse_number_val(_number.format_f(n))


def as_the_wire_gives_back(v: cty.Value, ty: cty.Type, wire: str = "json") -> cty.Value:
    """Return *v* as go-cty's decoders give it back when told *ty*: a null (or unknown)
    object comes back with *ty*'s optional attribute markers, which values never carry;
    whole numbers of low precision come back from their shortest digits; and from msgpack
    (which writes -0 as the integer 0, as go-cty does) a negative zero comes back as 0, so a
    set holding both zeros holds one."""
    v = cty.transform(v, lambda _, e: _as_written(e, wire))
    if wire == "msgpack":
        v = cty.transform(v, lambda _, e: cty.Zero if _is_neg_zero(e) else e)
    if not ty.is_object_type():
        return v
    if v.is_null():
        return cty.null_val(ty)
    if not v.is_known():
        u = cty.unknown_val(ty)
        return u.refine_not_null() if v.range().definitely_not_null() else u
    return v


@settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
@given(typed_values())
def test_round_trip(vt: tuple[cty.Value, cty.Type]) -> None:
    v, ty = vt

    got = msgpack.unmarshal(msgpack.marshal(v, ty), ty)

    assert got == as_the_wire_gives_back(v, ty, "msgpack")


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
@given(typed_values())
def test_an_encoder_keeps_nothing_from_one_value_to_the_next(
        vt: tuple[cty.Value, cty.Type]) -> None:
    v, ty = vt
    enc = msgpack.Encoder(ty)
    first = enc.encode(v)
    # go-cty's bytes for a null and for an unknown of any type: nil, and fixext1 0 with 0
    assert enc.encode(cty.null_val(ty)) == b"\xc0"
    assert enc.encode(cty.unknown_val(ty)) == b"\xd4\x00\x00"
    assert enc.encode(v) == first == msgpack.Encoder(ty).encode(v)


@settings(max_examples=examples(300))
@given(st.binary(max_size=64), types())
def test_random_bytes_decode_or_raise_decode_error(data: bytes, ty: cty.Type) -> None:
    try:
        v = msgpack.unmarshal(data, ty)
    except DecodeError:
        return
    assert isinstance(v, cty.Value)


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
@given(typed_values(), st.data())
def test_damaged_encodings_decode_or_raise_decode_error(vt: tuple[cty.Value, cty.Type],
                                                        data: Any) -> None:
    v, ty = vt
    good = bytearray(msgpack.marshal(v, ty))
    if not good:
        return
    cut = data.draw(st.integers(0, len(good)))
    flips = data.draw(st.lists(st.tuples(st.integers(0, len(good) - 1), st.integers(0, 255)),
                               max_size=3))
    for i, b in flips:
        good[i] = b
    damaged = bytes(good[:cut])
    for candidate in (damaged, bytes(good)):
        with contextlib.suppress(DecodeError):
            msgpack.unmarshal(candidate, ty)
        with contextlib.suppress(DecodeError):
            msgpack.implied_type(candidate)
