"""cty.terraform: provider schemas as ``terraform providers schema -json`` writes them, read
into schemas whose blocks imply the cty types of their values as Terraform implies them
(configschema's ImpliedType: hcldec's implied type of the block's decoder spec, without
optional attributes)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cty
from cty.hcl import parse_config
from cty.terraform import (
    Block,
    ProviderSchemas,
    SchemaError,
    read_provider_schemas,
)

AWS = "registry.terraform.io/hashicorp/aws"


def _document(resources: dict[str, Any], *, version: str = "1.0",
              data_sources: dict[str, Any] | None = None) -> str:
    provider: dict[str, Any] = {"provider": {"version": 0, "block": {"attributes": {
        "region": {"type": "string", "optional": True}}}},
        "resource_schemas": resources}
    if data_sources is not None:
        provider["data_source_schemas"] = data_sources
    return json.dumps({"format_version": version, "provider_schemas": {AWS: provider}})


def _resource(block: dict[str, Any]) -> ProviderSchemas:
    return read_provider_schemas(_document({"thing": {"version": 1, "block": block}}))


def _block(block: dict[str, Any]) -> Block:
    return _resource(block).resource("thing").block


INSTANCE = {
    "attributes": {
        "id": {"type": "string", "computed": True},
        "ami": {"type": "string", "required": True},
        "tags": {"type": ["map", "string"], "optional": True},
        "password": {"type": "string", "optional": True, "sensitive": True,
                     "write_only": True},
        "settings": {"type": "dynamic", "optional": True},
        "old": {"type": "bool", "optional": True, "deprecated": True,
                "description": "Use new instead."},
    },
    "block_types": {
        "root_block_device": {"nesting_mode": "list", "max_items": 1, "block": {
            "attributes": {"size": {"type": "number", "optional": True, "computed": True}}}},
        "ebs": {"nesting_mode": "set", "block": {
            "attributes": {"device": {"type": "string", "required": True}}}},
        "timeouts": {"nesting_mode": "single", "block": {
            "attributes": {"create": {"type": "string", "optional": True}}}},
        "options": {"nesting_mode": "group", "block": {
            "attributes": {"mode": {"type": "string", "optional": True}}}},
        "labels": {"nesting_mode": "map", "block": {
            "attributes": {"value": {"type": "string", "optional": True}}}},
    },
}


def test_a_block_implies_an_object_of_its_attributes_and_nested_blocks() -> None:
    schemas = read_provider_schemas(_document({"aws_instance": {"version": 1,
                                                                "block": INSTANCE}}))
    assert schemas.format_version == "1.0"
    schema = schemas.resource("aws_instance")
    assert schema.version == 1
    assert schema.implied_type() == cty.Object({
        "id": cty.String, "ami": cty.String, "tags": cty.Map(cty.String),
        "password": cty.String, "settings": cty.DynamicPseudoType, "old": cty.Bool,
        "root_block_device": cty.List(cty.Object({"size": cty.Number})),
        "ebs": cty.Set(cty.Object({"device": cty.String})),
        "timeouts": cty.Object({"create": cty.String}),
        "options": cty.Object({"mode": cty.String}),
        "labels": cty.Map(cty.Object({"value": cty.String})),
    })
    provider = schemas.providers[AWS]
    assert provider.provider is not None
    assert provider.provider.implied_type() == cty.Object({"region": cty.String})


def test_what_terraform_says_of_each_attribute_is_kept() -> None:
    block = _block(INSTANCE)
    password, old, ami = (block.attributes[n] for n in ("password", "old", "ami"))
    assert (password.optional, password.sensitive, password.write_only) == (True, True, True)
    assert (old.deprecated, old.description) == (True, "Use new instead.")
    assert (ami.required, ami.optional, ami.computed) == (True, False, False)
    assert block.attributes["id"].computed
    device = block.block_types["root_block_device"]
    assert (device.nesting, device.min_items, device.max_items) == ("list", 0, 1)


def test_a_list_or_map_of_blocks_holding_a_dynamic_type_is_dynamic() -> None:
    # (Terraform decodes such blocks as a tuple or an object: their type is not known
    # before; a set of them is no valid schema)
    dynamic = {"attributes": {"v": {"type": "dynamic", "optional": True}}}
    block = _block({"block_types": {
        "l": {"nesting_mode": "list", "block": dynamic},
        "m": {"nesting_mode": "map", "block": dynamic},
        "s": {"nesting_mode": "single", "block": dynamic}}})
    assert block.implied_type() == cty.Object({
        "l": cty.DynamicPseudoType, "m": cty.DynamicPseudoType,
        "s": cty.Object({"v": cty.DynamicPseudoType})})
    with pytest.raises(SchemaError) as e:
        _block({"block_types": {"s": {"nesting_mode": "set", "block": dynamic}}})
    assert e.value.where == f'provider_schemas["{AWS}"].resource_schemas["thing"].block'
    assert "set of blocks cannot hold a dynamic type" in str(e.value)


@pytest.mark.parametrize(("nesting", "wrap"), [
    ("single", lambda t: t), ("list", cty.List), ("set", cty.Set), ("map", cty.Map)])
def test_nested_attribute_types_nest_objects_without_optional_attributes(
        nesting: str, wrap: Any) -> None:
    block = _block({"attributes": {"rule": {"optional": True, "nested_type": {
        "nesting_mode": nesting, "attributes": {
            "name": {"type": "string", "required": True},
            "port": {"type": "number", "optional": True},
            "arn": {"type": "string", "computed": True},
            "inner": {"optional": True, "nested_type": {"nesting_mode": "list", "attributes": {
                "x": {"type": "bool", "optional": True}}}}}}}}})
    inner = cty.Object({"x": cty.Bool})
    values = cty.Object({"name": cty.String, "port": cty.Number, "arn": cty.String,
                         "inner": cty.List(inner)})
    assert block.implied_type() == cty.Object({"rule": wrap(values)})
    # the type a configuration's value converts to: optional and computed attributes are
    # optional, at every level
    spec = block.attributes["rule"].spec_type()
    assert spec == wrap(cty.ObjectWithOptionalAttrs(
        {"name": cty.String, "port": cty.Number, "arn": cty.String,
         "inner": cty.List(cty.ObjectWithOptionalAttrs({"x": cty.Bool}, ["x"]))},
        ["port", "arn", "inner"]))


def test_a_block_schema_decodes_a_configuration_body() -> None:
    block = _block(INSTANCE)
    body = parse_config('ami = "ami-1"\ntags = { env = "prod" }\n'
                        'root_block_device {\n  size = 8\n}\n'
                        'ebs {\n  device = "sda"\n}\n'
                        'labels "a" {\n  value = "x"\n}\n').body
    value = body.decode(block.block_schema())
    assert value.type() == block.implied_type()
    assert value.get_attr("ami").raw_equals(cty.string_val("ami-1"))
    assert value.get_attr("id").is_null()
    assert value.get_attr("options").get_attr("mode").is_null()  # (a group is never null)
    assert value.get_attr("timeouts").is_null()
    assert value.get_attr("labels").index(cty.string_val("a")).get_attr("value").raw_equals(
        cty.string_val("x"))


def test_every_format_version_and_every_kind_of_schema() -> None:
    for version in ("0.1", "0.2", "1.0"):
        schemas = read_provider_schemas(_document(
            {"r": {"version": 0, "block": {}}}, version=version,
            data_sources={"d": {"version": 2, "block": {"attributes": {
                "id": {"type": "string", "computed": True}}}}}))
        assert schemas.format_version == version
        assert schemas.resource("r").implied_type() == cty.EmptyObject
        assert schemas.data_source("d").version == 2
    text = json.dumps({"format_version": "1.0", "provider_schemas": {"p": {
        "ephemeral_resource_schemas": {"e": {"version": 0, "block": {}}},
        "functions": {"f": {"return_type": "string"}},
        "resource_identity_schemas": {}, "list_resource_schemas": {}}}})  # (unknown: ignored)
    assert read_provider_schemas(text.encode()).providers["p"].ephemeral_resources["e"].block \
        == Block()
    with pytest.raises(KeyError, match=r"no provider has a resource type 'x' \(known: r\)"):
        read_provider_schemas(_document({"r": {"version": 0, "block": {}}})).resource("x")


def test_provider_functions_and_identity_schemas() -> None:
    from pathlib import Path

    from cty.terraform import FunctionParameter, IdentityAttribute

    text = (Path(__file__).parent / "fixtures" / "schemas.json").read_bytes()
    provider = read_provider_schemas(text).providers["registry.terraform.io/example/cloud"]
    parse = provider.functions["parse_arn"]
    assert parse.return_type == cty.Object({"partition": cty.String, "service": cty.String,
                                            "region": cty.String})
    assert parse.parameters == (FunctionParameter("arn", cty.String, "The ARN."),)
    assert (parse.summary, parse.variadic_parameter) == ("Parse an ARN", None)
    join = provider.functions["join_path"]
    assert join.parameters[0].is_nullable
    assert join.variadic_parameter == FunctionParameter("parts", cty.String)
    assert join.deprecation_message.startswith("Use the standard library")
    identity = provider.resource_identities["cloud_bucket"]
    assert identity.version == 1
    assert identity.attributes["name"] == IdentityAttribute(cty.String, "The bucket's name.",
                                                            required_for_import=True)
    assert identity.attributes["region"].optional_for_import
    assert identity.implied_type() == cty.Object({"name": cty.String, "region": cty.String})
    schemas = read_provider_schemas(text)
    assert schemas.resource_identity("cloud_bucket") == identity
    from cty.terraform import value_from_json
    assert value_from_json({"name": "b", "region": None}, identity.implied_type()) == \
        cty.object_val({"name": cty.string_val("b"), "region": cty.null_val(cty.String)})
    with pytest.raises(KeyError, match="no provider has a resource identity schema 'x'"):
        schemas.resource_identity("x")


@pytest.mark.parametrize(("document", "where", "problem"), [
    ('{"provider_schemas": {"p": {"functions": {"f": {}}}}}', 'provider_schemas["p"].functions'
     '["f"]', "has no return_type"),
    ('{"provider_schemas": {"p": {"functions": {"f": {"return_type": "string", "parameters": '
     '[{"name": "a", "type": "strin"}]}}}}}',
     'provider_schemas["p"].functions["f"].parameters[0].type', ""),
    ('{"provider_schemas": {"p": {"functions": {"f": {"return_type": "string", '
     '"variadic_parameter": {"type": "string"}}}}}}',
     'provider_schemas["p"].functions["f"].variadic_parameter.name', "must be a string"),
    ('{"provider_schemas": {"p": {"resource_identity_schemas": {"r": {"attributes": {"a": '
     '{"type": 1}}}}}}}',
     'provider_schemas["p"].resource_identity_schemas["r"].attributes["a"].type',
     "a type description is a string or a list"),
    ('{"provider_schemas": {"p": {"resource_identity_schemas": {"r": {"version": "1"}}}}}',
     'provider_schemas["p"].resource_identity_schemas["r"].version', "must be a whole number"),
])
def test_functions_and_identities_terraform_does_not_write_are_refused(
        document: str, where: str, problem: str) -> None:
    with pytest.raises(SchemaError) as e:
        read_provider_schemas(document)
    assert (e.value.where, problem in str(e.value)) == (where, True)


@pytest.mark.parametrize(("document", "where", "problem"), [
    ("[1]", "", "the document must be a JSON object"),
    ("{", "", "the document is not JSON"),
    (b"\xff", "", "the document is not UTF-8 text"),
    ('{"format_version": 1}', "format_version", "must be a string"),
    ('{"provider_schemas": {"p": {"resource_schemas": {"r": {"version": -1}}}}}',
     'provider_schemas["p"].resource_schemas["r"].version', "must be a whole number"),
    ('{"provider_schemas": {"p": {"resource_schemas": {"r": {"block": {"attributes": '
     '{"a": {}}}}}}}}', 'provider_schemas["p"].resource_schemas["r"].block.attributes["a"]',
     "a type or a nested_type: one of the two"),
    ('{"provider_schemas": {"p": {"resource_schemas": {"r": {"block": {"attributes": '
     '{"a": {"type": ["list"]}}}}}}}}',
     'provider_schemas["p"].resource_schemas["r"].block.attributes["a"].type', ""),
    ('{"provider_schemas": {"p": {"data_source_schemas": {"d": {"block": {"block_types": '
     '{"b": {"nesting_mode": "tuple", "block": {}}}}}}}}}',
     'provider_schemas["p"].data_source_schemas["d"].block.block_types["b"].nesting_mode',
     'must be one of single, group, list, set, map, not "tuple"'),
    ('{"provider_schemas": {"p": {"resource_schemas": {"r": {"block": {"attributes": '
     '{"a": {"type": "string", "optional": "yes"}}}}}}}}',
     'provider_schemas["p"].resource_schemas["r"].block.attributes["a"].optional',
     "must be true or false"),
])
def test_a_document_terraform_does_not_write_is_refused_saying_where(
        document: str | bytes, where: str, problem: str) -> None:
    with pytest.raises(SchemaError) as e:
        read_provider_schemas(document)
    assert e.value.where == where
    assert problem in str(e.value)


def test_blocks_nest_to_any_depth() -> None:
    n = 3_000
    block = ('{"block_types": {"b": {"nesting_mode": "single", "block": ' * n
             + '{"attributes": {"x": {"type": "number", "optional": True}}}' + "}}}" * n)
    text = ('{"provider_schemas": {"p": {"resource_schemas": {"r": {"block": ' + block
            + "}}}}}").replace("True", "true")
    ty = read_provider_schemas(text).resource("r").implied_type()
    depth = 0
    while ty.has_attribute("b"):
        ty, depth = ty.attribute_type("b"), depth + 1
    assert depth == n
    assert ty == cty.Object({"x": cty.Number})


def test_data_must_be_text() -> None:
    with pytest.raises(TypeError, match="data must be str or bytes, not int"):
        read_provider_schemas(1)  # type: ignore[arg-type]


def test_sensitive_paths_are_terraforms() -> None:
    block = _block({
        "attributes": {
            "password": {"type": "string", "optional": True, "sensitive": True},
            "name": {"type": "string", "optional": True},
            "users": {"nested_type": {"nesting_mode": "list", "attributes": {
                "login": {"type": "string", "required": True},
                "token": {"type": "string", "optional": True, "sensitive": True}}},
                "optional": True}},
        "block_types": {
            "keys": {"nesting_mode": "map", "block": {"attributes": {
                "secret": {"type": "string", "optional": True, "sensitive": True}}}},
            "plain": {"nesting_mode": "list", "block": {"attributes": {
                "x": {"type": "string", "optional": True}}}}}})
    S = cty.string_val
    value = cty.object_val({
        "password": cty.null_val(cty.String), "name": S("n"),
        "users": cty.list_val([cty.object_val({"login": S("a"), "token": S("t")})]),
        "keys": cty.map_val({"k1": cty.object_val({"secret": S("s")})}),
        "plain": cty.list_val_empty(cty.Object({"x": cty.String}))})
    assert block.sensitive_paths(value) == [
        cty.Path((cty.GetAttrStep("password"),)),  # (null, and still sensitive)
        cty.Path((cty.GetAttrStep("users"), cty.IndexStep(cty.number_int_val(0)),
                  cty.GetAttrStep("token"))),
        cty.Path((cty.GetAttrStep("keys"), cty.IndexStep(S("k1")),
                  cty.GetAttrStep("secret")))]
    assert block.sensitive_paths(cty.null_val(block.implied_type())) == [
        cty.Path((cty.GetAttrStep("password"),))]
    assert _block({"attributes": {"a": {"type": "string", "optional": True}}}
                  ).sensitive_paths(cty.object_val({"a": S("x")})) == []
