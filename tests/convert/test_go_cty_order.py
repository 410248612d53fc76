"""Which error go-cty reports first, and where, when more than one thing is wrong; and the
type of the nulls a map-to-object conversion fills in. Every expectation here is go-cty
1.18.1's answer (asked with ../shared/oracle), found by the HCL differential run (#30)."""

from __future__ import annotations

import pytest

import cty
from cty.convert import convert


def _error(value: cty.Value, ty: cty.Type) -> tuple[str, str]:
    with pytest.raises(cty.PathError) as e:
        convert(value, ty)
    return e.value.message, e.value.path.format()


def test_an_element_error_comes_before_the_map_types_mismatch() -> None:
    value = cty.object_val({
        "k": cty.tuple_val([cty.string_val("nope"), cty.number_int_val(1)]),
        "b": cty.tuple_val([cty.True_, cty.string_val("x")]),
    })
    target = cty.Map(cty.Tuple([cty.Bool, cty.DynamicPseudoType]))
    assert _error(value, target) == ("a bool is required", '["k"][0]')


def test_an_element_error_comes_before_the_list_types_mismatch() -> None:
    value = cty.tuple_val([cty.tuple_val([cty.string_val("nope")]),
                           cty.list_val([cty.True_])])
    target = cty.List(cty.List(cty.Bool))
    assert _error(value, target) == ("a bool is required", "[0][0]")


def test_no_common_type_is_reported_at_the_last_element_of_a_tuple() -> None:
    value = cty.tuple_val([cty.object_val({"a": cty.string_val("x")}),
                           cty.object_val({"a": cty.list_val([cty.string_val("y")])})])
    target = cty.List(cty.Object({"a": cty.DynamicPseudoType}))
    assert _error(value, target) == ("cannot find a common base type for all elements", "[1]")


def test_a_map_fills_an_absent_optional_attribute_with_a_null_of_its_declared_type() -> None:
    inner = cty.ObjectWithOptionalAttrs({"b": cty.String}, ["b"])
    target = cty.ObjectWithOptionalAttrs({"x": cty.String, "a": inner}, ["a"])
    got = convert(cty.map_val({"x": cty.string_val("1")}), target)
    assert got.type().attribute_type("a") is inner
    # so that, as in go-cty, it no longer matches a converted object beside it in a set
    value = cty.tuple_val([
        cty.map_val({"x": cty.string_val("1")}),
        cty.object_val({"x": cty.string_val("2"),
                        "a": cty.object_val({"b": cty.string_val("q")})}),
    ])
    assert _error(value, cty.Set(target)) == (
        "element types must all match for conversion to set", "")
