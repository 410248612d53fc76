"""cty.convert.conversion_errors: every reason a value does not convert, each at its path."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cty
from cty.convert import conversion_errors, convert

from ._strategies import targets, typed_values

SERVICES = cty.parse_type(
    "list(object({name = string, port = number, tags = optional(map(string))}))")


def texts(data: Any, ty: cty.Type, **kw: bool) -> list[str]:
    return [str(e) for e in conversion_errors(cty.from_python(data), ty, **kw)]


@pytest.mark.parametrize(("data", "ty", "expected"), [
    ([{"name": "a", "port": 1}], SERVICES, []),
    ([{"name": "a", "port": "80"}], SERVICES, []),  # "80" converts
    ([{"name": "a", "port": "http"}, {"port": 1}, {"name": [], "port": True}], SERVICES, [
        "[0].port: a number is required",
        '[1]: attribute "name" is required',
        "[2].name: string required, but have tuple",
        "[2].port: number required, but have bool",
    ]),
    ([{"name": "a", "port": 1, "tags": {"x": {"y": 1}, "z": []}}], SERVICES, [
        '[0].tags["x"]: string required, but have object',
        '[0].tags["z"]: string required, but have tuple',
    ]),
    ({"a": {"name": "x", "port": "y"}, "b": {"port": "z"}},
     cty.Map(cty.Object({"name": cty.String, "port": cty.Number})), [
         '["a"].port: a number is required',
         '["b"]: attribute "name" is required',
         '["b"].port: a number is required',
     ]),
    ([1, {"a": 1}], cty.List(cty.String), ["[1]: string required, but have object"]),
    ([1, "a", True], cty.Tuple([cty.Number, cty.Number, cty.Number]), [
        "[1]: a number is required", "[2]: number required, but have bool"]),
    ([1, 2], cty.Tuple([cty.Number]), ["tuple required"]),
    ("x", cty.List(cty.String), ["list of string required, but have string"]),
])
def test_every_error_is_listed(data: Any, ty: cty.Type, expected: list[str]) -> None:
    assert texts(data, ty) == expected


def test_strict_reports_attributes_conversion_would_drop() -> None:
    data = [{"name": "a", "port": 1, "prot": 2, "tags": {}}, {"name": "b", "port": 2}]
    assert texts(data, SERVICES) == []
    assert texts(data, SERVICES, strict=True) == ['[0]: unsupported attribute "prot"']


def test_a_part_whose_children_convert_reports_its_own_error() -> None:
    """Two elements that do not unify: each converts alone, the list does not."""
    v = cty.from_python([[1], {"a": 1}])
    errors = conversion_errors(v, cty.List(cty.DynamicPseudoType))
    with pytest.raises(cty.PathError) as e:
        convert(v, cty.List(cty.DynamicPseudoType))
    assert [str(x) for x in errors] == [str(e.value)]


def test_marked_values_are_looked_into() -> None:
    v = cty.from_python({"port": cty.string_val("http").mark("sensitive")})
    assert [str(e) for e in conversion_errors(v, cty.Object({"port": cty.Number}))] == [
        ".port: a number is required"]


def test_arguments_are_checked() -> None:
    with pytest.raises(TypeError):
        conversion_errors("x", cty.String)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        conversion_errors(cty.string_val("x"), "string")  # type: ignore[arg-type]


@given(typed_values().flatmap(lambda v: st.tuples(st.just(v), targets(v.type()))))
def test_no_errors_exactly_when_it_converts(case: tuple[cty.Value, cty.Type]) -> None:
    v, ty = case
    errors = conversion_errors(v, ty)
    try:
        convert(v, ty)
    except cty.PathError:
        assert errors
    else:
        assert errors == []
