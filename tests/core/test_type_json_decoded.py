"""cty.type_from_json on a type description already decoded (as pyvider-cty's
parse_tf_type_to_ctytype takes it): the same type, and the same errors, as its JSON text."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

import cty
import cty.testing.strategies as cst

from .._examples import examples


@settings(max_examples=examples(300))
@given(cst.types(max_depth=4))
def test_a_decoded_description_gives_the_type_its_text_gives(t: cty.Type) -> None:
    text = cty.type_to_json(t)
    decoded = json.loads(text)
    assert cty.type_from_json(decoded) is cty.type_from_json(text) is t


@pytest.mark.parametrize("name", ["string", "number", "bool", "dynamic"])
def test_a_bare_primitive_name_is_its_decoded_description(name: str) -> None:
    assert cty.type_from_json(name) is cty.type_from_json(json.dumps(name))


@pytest.mark.parametrize("decoded", [["list", 1], ["nope"], ["object"], {"list": "string"},
                                     ["object", {"a": "bogus"}]])
def test_errors_are_those_of_the_text(decoded: Any) -> None:
    with pytest.raises(cty.TypeJSONError) as text_error:
        cty.type_from_json(json.dumps(decoded))
    with pytest.raises(cty.TypeJSONError) as decoded_error:
        cty.type_from_json(decoded)
    assert str(decoded_error.value) == str(text_error.value)


@pytest.mark.parametrize("decoded", [object(), ["list", object()], 3, None])
def test_what_no_json_holds_is_a_type_error(decoded: Any) -> None:
    with pytest.raises(cty.CtyTypeError):
        cty.type_from_json(decoded)
