"""Laws of cty.encoding.json, checked by hypothesis: generated values without unknowns (which
JSON cannot carry) and without infinities round-trip through marshal/unmarshal unchanged, and
any text given to unmarshal gives a value or DecodeError."""

from __future__ import annotations

import contextlib
import json as stdlib_json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cty
from cty.encoding import DecodeError, json

from .._examples import examples
from .test_msgpack_properties import as_the_wire_gives_back, typed_values, types

pytestmark = pytest.mark.slow  # hypothesis over generated values


@settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
@given(typed_values(unknowns=False, infinities=False))
def test_round_trip(vt: tuple[cty.Value, cty.Type]) -> None:
    v, ty = vt

    got = json.unmarshal(json.marshal(v, ty), ty)

    assert got == as_the_wire_gives_back(v, ty)


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
@given(typed_values(unknowns=False, infinities=False))
def test_simple_json_keeps_the_data(vt: tuple[cty.Value, cty.Type]) -> None:
    v, _ = vt
    text = json.simple_json_marshal(v)

    got = json.simple_json_unmarshal(text)

    # types do not survive (lists become tuples, maps objects); after one trip, nothing changes
    assert json.simple_json_unmarshal(json.simple_json_marshal(got)) == got
    assert got.type() == json.implied_type(text)


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
@given(types())
def test_type_json_round_trips(ty: cty.Type) -> None:
    assert json.unmarshal_type(json.marshal_type(ty)) is ty


@settings(max_examples=examples(300))
@given(st.text(max_size=40) | st.binary(max_size=40), types())
def test_random_text_decodes_or_raises_decode_error(data: Any, ty: cty.Type) -> None:
    try:
        v = json.unmarshal(data, ty)
    except DecodeError:
        return
    assert isinstance(v, cty.Value)


json_texts = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                 max_size=3),
    max_leaves=10,
).map(stdlib_json.dumps)


@settings(max_examples=examples(300))
@given(json_texts, types())
def test_well_formed_json_of_any_shape_decodes_or_raises_decode_error(text: str,
                                                                      ty: cty.Type) -> None:
    with contextlib.suppress(DecodeError):
        json.unmarshal(text, ty)
    with contextlib.suppress(DecodeError):
        json.implied_type(text)
