"""cty.hcl's decoding of a body by a block schema (Body.value and Body.decode): each nesting,
least and most counts, HCL's words and ranges. HCL's own answers for thousands of drawn
schemas and bodies are in test_decode_vectors.py; these pin the API."""

from __future__ import annotations

import pytest

import cty
from cty.hcl import (
    AttributeSpec,
    BlockSchema,
    DiagnosticsError,
    EvalContext,
    NestedBlockSpec,
    parse_config,
)

DISK = BlockSchema({"size": AttributeSpec(cty.Number, required=True)})


def _schema(nesting: str, **counts: int) -> BlockSchema:
    return BlockSchema({"name": AttributeSpec(cty.String)},
                       {"disk": NestedBlockSpec(DISK, nesting, **counts)})  # type: ignore[arg-type]


def _decode(text: str, schema: BlockSchema) -> cty.Value:
    return parse_config(text, "main.hcl").body.decode(schema, EvalContext(variables={"n": 2}))


def _problems(text: str, schema: BlockSchema) -> list[str]:
    _, diags = parse_config(text, "main.hcl").body.value(schema)
    return [str(d) for d in diags]


def test_each_nesting_decodes_to_its_collection() -> None:
    text = 'name = "a"\ndisk { size = n }\ndisk { size = 3 }\n'
    disk = cty.Object({"size": cty.Number})
    two = [cty.object_val({"size": cty.number_int_val(2)}),
           cty.object_val({"size": cty.number_int_val(3)})]
    assert _decode(text, _schema("list"))["disk"] == cty.list_val(two)
    assert _decode(text, _schema("set"))["disk"] == cty.set_val(two)
    assert _decode('disk "x" { size = 1 }\n', _schema("map"))["disk"] == cty.map_val(
        {"x": cty.object_val({"size": cty.number_int_val(1)})})
    assert _decode("", _schema("list"))["disk"] == cty.list_val_empty(disk)
    assert _decode("", _schema("single")) == cty.object_val(
        {"name": cty.null_val(cty.String), "disk": cty.null_val(disk)})
    assert _decode("", _schema("group"))["disk"] == cty.object_val(
        {"size": cty.null_val(cty.Number)})


def test_a_list_of_blocks_holding_a_dynamic_type_is_a_tuple() -> None:
    schema = BlockSchema(blocks={"tag": NestedBlockSpec(
        BlockSchema({"v": AttributeSpec(cty.DynamicPseudoType)}), "list")})
    assert _decode('tag { v = 1 }\ntag { v = "x" }\n', schema)["tag"] == cty.tuple_val([
        cty.object_val({"v": cty.number_int_val(1)}), cty.object_val({"v": cty.string_val("x")})])
    assert schema.implied_type() == cty.Object({"tag": cty.DynamicPseudoType})


def test_counts_and_duplicates_are_reported_as_hcl_reports_them() -> None:
    text = "disk { size = 1 }\ndisk { size = 2 }\n"
    assert _problems(text, _schema("list", max_items=1)) == [
        'main.hcl:2,8-8: Too many disk blocks; No more than 1 "disk" blocks are allowed']
    assert _problems("", _schema("set", min_items=1)) == [
        'main.hcl:1,1-1: Insufficient disk blocks; At least 1 "disk" blocks are required.']
    assert _problems(text, _schema("single")) == [
        'main.hcl:2,1-5: Duplicate disk block; Only one block of type "disk" is allowed. '
        "Previous definition was at main.hcl:1,1-5."]
    assert _problems("", _schema("single", min_items=1)) == [
        'main.hcl:1,1-1: Missing disk block; A block of type "disk" is required here.']
    assert _problems('disk "a" { size = 1 }\ndisk "a" { size = 2 }\n', _schema("map")) == [
        'main.hcl:2,1-9: Duplicate disk block; A block for disk "a" was already defined. The '
        "disk labels must be unique."]
    assert _problems("disk {\n}\n", _schema("map")) == [
        "main.hcl:1,6-7: Missing key for disk; All disk blocks must have 1 labels (key)."]


def test_an_attribute_of_the_wrong_type_is_unknown_with_hcl_s_diagnostic() -> None:
    value, diags = parse_config("name = [1]\n", "main.hcl").body.value(_schema("list"))
    assert value["name"] == cty.unknown_val(cty.String)
    [d] = diags
    assert (d.summary, d.detail, str(d.subject), str(d.context)) == (
        "Incorrect attribute value type",
        'Inappropriate value for attribute "name": string required, but have tuple.',
        "main.hcl:1,8-11", "main.hcl:1,1-11")
    with pytest.raises(DiagnosticsError, match="Incorrect attribute value type"):
        parse_config("name = [1]\n").body.decode(_schema("list"))


def test_schemas_are_checked() -> None:
    with pytest.raises(ValueError, match="nesting must be"):
        NestedBlockSpec(DISK, "bag")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at most one item"):
        NestedBlockSpec(DISK, "single", max_items=2)
    with pytest.raises(ValueError, match="set of blocks cannot hold a dynamic type"):
        NestedBlockSpec(BlockSchema({"v": AttributeSpec(cty.DynamicPseudoType)}), "set")
    with pytest.raises(ValueError, match="'disk' names both an attribute and a block type"):
        BlockSchema({"disk": AttributeSpec(cty.String)}, {"disk": NestedBlockSpec(DISK)})
    with pytest.raises(TypeError, match="schema must be a BlockSchema"):
        parse_config("").body.value({})  # type: ignore[arg-type]


def test_schemas_nest_to_any_depth() -> None:
    # (each level's type is worked out once: on a helper thread past the recursion limit)
    n = 3_000
    schema = BlockSchema({"x": AttributeSpec(cty.Number)})
    for _ in range(n):
        schema = BlockSchema(blocks={"b": NestedBlockSpec(schema, "group")})
    ty, empty = schema.implied_type(), schema.empty_value()
    assert empty.type() == ty
    for _ in range(n):
        ty, empty = ty.attribute_type("b"), empty.get_attr("b")
    assert ty == cty.Object({"x": cty.Number})
    assert empty.get_attr("x").is_null()
