"""The variable-type plan Python data, JSON and msgpack share (cty._var_plan), #48.

from_python and both formats build types holding ``any`` through one plan and differ only in
their leaves; these tests hold them to the same element-type inference, paths and results.
"""

from __future__ import annotations

import pytest

import cty
from cty import _from_python
from cty._var_plan import VarFormat, inferred_element_type
from cty.encoding import DecodeError, _json_decode, _msgpack_decode, json, msgpack

MIXED = cty.tuple_val([cty.string_val("a"), cty.number_int_val(1)])


@pytest.mark.parametrize("fmt", [json, msgpack])
def test_inconsistent_element_types_are_refused_at_the_collection(fmt: object) -> None:
    ty = cty.Object({"xs": cty.List(cty.DynamicPseudoType)})
    wire = {json: b'{"xs":[{"value":"a","type":"string"},{"value":1,"type":"number"}]}',
            msgpack: None}[fmt]  # type: ignore[index]
    if wire is None:
        wire = bytes.fromhex("81a27873") + bytes.fromhex("92") + (
            bytes.fromhex("92c408") + b'"string"' + bytes.fromhex("a161")) + (
            bytes.fromhex("92c408") + b'"number"' + bytes.fromhex("01"))
    with pytest.raises(DecodeError) as e:
        fmt.unmarshal(wire, ty)  # type: ignore[attr-defined]
    # go-cty's ListVal panics with these words
    assert e.value.message == "inconsistent list element types (cty.String then cty.Number)"
    assert len(e.value.path) == 1


@pytest.mark.parametrize("ty", [
    cty.List(cty.DynamicPseudoType), cty.Set(cty.DynamicPseudoType),
    cty.Map(cty.DynamicPseudoType),
    cty.Object({"a": cty.DynamicPseudoType, "b": cty.List(cty.String)}),
    cty.Tuple([cty.DynamicPseudoType, cty.Number]),
])
def test_both_formats_give_the_same_value_through_the_shared_plan(ty: cty.Type) -> None:
    values = {
        "list": cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]),
        "set": cty.set_val([cty.string_val("b"), cty.string_val("a")]),
        "map": cty.map_val({"y": cty.True_, "x": cty.False_}),
        "object": cty.object_val({"a": MIXED, "b": cty.list_val([cty.string_val("s")])}),
        "tuple": cty.tuple_val([MIXED, cty.number_int_val(3)]),
    }
    kind = ("list" if ty.is_list_type() else "set" if ty.is_set_type() else
            "map" if ty.is_map_type() else "object" if ty.is_object_type() else "tuple")
    v = values[kind]
    from_json = json.unmarshal(json.marshal(v, ty), ty)
    from_msgpack = msgpack.unmarshal(msgpack.marshal(v, ty), ty)
    from_data = cty.from_python(cty.to_python(v), ty)
    assert from_json.raw_equals(from_msgpack)
    assert from_json.raw_equals(v)
    assert from_data.raw_equals(v)


def test_each_format_s_leaves_are_a_var_format() -> None:
    for module in (_json_decode, _msgpack_decode, _from_python):
        assert isinstance(module._VAR, VarFormat)
        assert "_var_collection" not in vars(module)  # (the plan is written once)


def test_element_type_is_go_cty_s_inference() -> None:
    d = cty.DynamicPseudoType
    assert inferred_element_type([]) == (d, -1)
    assert inferred_element_type([d, cty.String, d]) == (cty.String, -1)
    assert inferred_element_type([d, d]) == (d, -1)
    assert inferred_element_type([d, cty.String, d, cty.Number]) == (cty.String, 3)


def test_python_data_is_refused_in_the_python_api_s_words() -> None:
    ty = cty.Object({"xs": cty.List(cty.DynamicPseudoType)})
    with pytest.raises(cty.PathError) as e:
        cty.from_python({"xs": ["a", 1]}, ty)
    assert e.value.path == cty.Path().get_attr("xs")
    assert str(e.value).endswith("the elements of a list must all be of one type, not string "
                                 "and then number (element 1; cty.convert unifies them)")
    with pytest.raises(cty.PathError) as e:
        cty.from_python({"xs": {"s": 1}}, ty)
    assert e.value.path == cty.Path().get_attr("xs")

