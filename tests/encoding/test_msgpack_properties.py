"""Laws of cty.encoding.msgpack, checked by hypothesis: generated values round-trip through
marshal/unmarshal unchanged, and any bytes given to unmarshal give a value or DecodeError.

The strategies here (types(), values()) are shared with test_json_properties.
"""

from __future__ import annotations

import contextlib
import unicodedata
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cty
from cty.encoding import DecodeError, msgpack

PRIMITIVES = [cty.String, cty.Number, cty.Bool]

names = st.text(st.characters(blacklist_categories=("Cs",)), max_size=6).map(
    lambda s: unicodedata.normalize("NFC", s))


def _object_types(inner: st.SearchStrategy[cty.Type],
                  optional_attrs: bool = True) -> st.SearchStrategy[cty.Type]:
    @st.composite
    def build(draw: Any) -> cty.Type:
        attrs = draw(st.dictionaries(names, inner, max_size=4))
        optional = draw(st.lists(st.sampled_from(sorted(attrs)), unique=True)) \
            if attrs and optional_attrs else []
        if optional:
            return cty.ObjectWithOptionalAttrs(attrs, optional)
        return cty.Object(attrs)

    return build()


def static_types() -> st.SearchStrategy[cty.Type]:
    """Return a strategy of cty types without DynamicPseudoType or optional attributes."""
    return st.recursive(st.sampled_from(PRIMITIVES), lambda inner: st.one_of(
        inner.map(cty.List), inner.map(cty.Set), inner.map(cty.Map),
        st.lists(inner, max_size=3).map(cty.Tuple), _object_types(inner, False),
    ), max_leaves=8)


def types() -> st.SearchStrategy[cty.Type]:
    """Return a strategy of cty types, with DynamicPseudoType and optional attributes where a
    value's type can travel on the wire: DynamicPseudoType as a slot of its own or as the
    element type of a collection, optional attributes outside collections. (Deeper, an empty
    or null collection decodes with the element type it was declared with, as in go-cty.)"""
    static = static_types()
    dynamic = st.just(cty.DynamicPseudoType)
    element = dynamic | static
    slot = st.one_of(static, dynamic, element.map(cty.List), element.map(cty.Set),
                     element.map(cty.Map))
    return st.one_of(slot, st.lists(slot, max_size=3).map(cty.Tuple), _object_types(slot))


def _number(infinities: bool) -> st.SearchStrategy[cty.Value]:
    options = [
        st.integers(-(1 << 63), (1 << 63) - 1).map(cty.number_int_val),
        st.integers(-(1 << 200), 1 << 200).map(cty.number_val),
        st.floats(allow_nan=False, allow_infinity=False).filter(
            lambda f: f != 0 or str(f)[0] != "-").map(cty.number_float_val),
        st.decimals(allow_nan=False, allow_infinity=False, places=None).map(str).filter(
            lambda t: not t.startswith("-0") or t.strip("-0.E+") != "").map(_parse),
    ]
    if infinities:
        options.append(st.sampled_from([cty.PositiveInfinity, cty.NegativeInfinity]))
    return st.one_of(options).filter(lambda v: v is not None)  # type: ignore[return-value]


def _parse(text: str) -> cty.Value | None:
    try:
        v = cty.parse_number_val(text)
    except ValueError:
        return None
    from cty import _number

    return None if _number.is_neg_zero(v._v) else v


def concrete(ty: cty.Type) -> st.SearchStrategy[cty.Type]:
    """Return a strategy of types that conform to *ty*: DynamicPseudoType replaced by
    primitive types."""
    if ty is cty.DynamicPseudoType:
        return st.sampled_from(PRIMITIVES)
    if ty.is_primitive_type():
        return st.just(ty)
    if ty.is_list_type():
        return concrete(ty.element_type()).map(cty.List)
    if ty.is_set_type():
        return concrete(ty.element_type()).map(cty.Set)
    if ty.is_map_type():
        return concrete(ty.element_type()).map(cty.Map)
    if ty.is_tuple_type():
        return st.tuples(*[concrete(t) for t in ty.tuple_element_types()]).map(cty.Tuple)
    attrs = ty.attribute_types()
    return st.fixed_dictionaries({k: concrete(t) for k, t in attrs.items()}).map(cty.Object)


@st.composite
def values(draw: Any, ty: cty.Type, unknowns: bool = True, infinities: bool = True,
           depth: int = 0) -> cty.Value:
    """Return a value that conforms to *ty*: nulls, unknowns (when *unknowns*), and known
    values of every kind, DynamicPseudoType slots filled with values of primitive types."""
    kind = draw(st.sampled_from(["known"] * 6 + ["null"] + (["unknown"] if unknowns else [])))
    if kind == "null":
        return cty.null_val(ty)
    if kind == "unknown":
        u = cty.unknown_val(ty)
        return u.refine_not_null() if draw(st.booleans()) else u
    if ty is cty.DynamicPseudoType:
        ty = draw(concrete(ty))
    if ty is cty.String:
        return cty.string_val(draw(st.text(st.characters(blacklist_categories=("Cs",)),
                                           max_size=40)))
    if ty is cty.Number:
        return draw(_number(infinities))
    if ty is cty.Bool:
        return cty.bool_val(draw(st.booleans()))
    sub = dict(unknowns=unknowns, infinities=infinities, depth=depth + 1)
    size = st.integers(0, 3 if depth < 2 else 1)
    if ty.is_list_type() or ty.is_set_type() or ty.is_map_type():
        ety = draw(concrete(ty.element_type()))
        n = draw(size)
        elems = [draw(values(ety, **sub)) for _ in range(n)]
        if ty.is_list_type():
            return cty.list_val(elems) if elems else cty.list_val_empty(ty.element_type())
        if ty.is_set_type():
            return cty.set_val(elems) if elems else cty.set_val_empty(ty.element_type())
        keys = draw(st.lists(names, min_size=n, max_size=n, unique=True))
        if not elems:
            return cty.map_val_empty(ty.element_type())
        return cty.map_val(dict(zip(keys, elems, strict=True)))
    if ty.is_tuple_type():
        return cty.tuple_val([draw(values(t, **sub)) for t in ty.tuple_element_types()])
    return cty.object_val({k: draw(values(t, **sub)) for k, t in ty.attribute_types().items()})


@st.composite
def typed_values(draw: Any, unknowns: bool = True,
                 infinities: bool = True) -> tuple[cty.Value, cty.Type]:
    """Return (value, type) with the value conforming to the type."""
    ty = draw(types())
    return draw(values(ty, unknowns=unknowns, infinities=infinities)), ty


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(typed_values())
def test_round_trip(vt: tuple[cty.Value, cty.Type]) -> None:
    v, ty = vt

    got = msgpack.unmarshal(msgpack.marshal(v, ty), ty)

    assert got == v


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(typed_values())
def test_encoder_matches_marshal(vt: tuple[cty.Value, cty.Type]) -> None:
    v, ty = vt
    assert msgpack.Encoder(ty).encode(v) == msgpack.marshal(v, ty)


@settings(max_examples=300)
@given(st.binary(max_size=64), types())
def test_random_bytes_decode_or_raise_decode_error(data: bytes, ty: cty.Type) -> None:
    try:
        v = msgpack.unmarshal(data, ty)
    except DecodeError:
        return
    assert isinstance(v, cty.Value)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
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
