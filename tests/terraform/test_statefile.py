"""cty.terraform's state files (``terraform.tfstate``, version 4): instances' attributes typed
and marked sensitive at their ``sensitive_attributes`` paths, written back byte for byte.

The fixture is our own, indented as Go's MarshalIndent writes (Python's ``json.dumps(indent=2)``
writes the same for text without HTML characters, which made it): count and for_each
instances, a deposed tainted object, a data source, a module with an aliased provider,
outputs of three kinds, sensitive paths through an attribute, a list of blocks and a map, an
identity, dependencies, create_before_destroy.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cty
from cty.terraform import (
    ProviderSchemas,
    StateFileError,
    read_provider_schemas,
    read_state_file,
    write_state_file,
)
from cty.terraform._statefile import indent

FIXTURES = Path(__file__).parent / "fixtures"
DOCUMENT = (FIXTURES / "terraform.tfstate").read_bytes()


@pytest.fixture(scope="module")
def schemas() -> ProviderSchemas:
    return read_provider_schemas((FIXTURES / "schemas.json").read_bytes())


@pytest.mark.parametrize("typed", [False, True])
def test_a_state_file_written_again_is_the_same_bytes(typed: bool,
                                                      schemas: ProviderSchemas) -> None:
    assert write_state_file(read_state_file(DOCUMENT, schemas if typed else None)) == DOCUMENT


def test_instances_are_typed_and_marked(schemas: ProviderSchemas) -> None:
    state = read_state_file(DOCUMENT, schemas)
    assert (state.serial, state.lineage, state.terraform_version) == (
        7, "3f1c2a9e-5b7d-4e0a-9c1f-2d8e6a4b0c11", "1.12.2")
    web = next(r for r in state.resources if r.type == "cloud_instance")
    assert web.each == "list" and web.provider_source == "registry.terraform.io/example/cloud"
    current, deposed = web.instances
    attrs = current.attributes
    assert attrs.type().attribute_type("ebs") == \
        schemas.resource("cloud_instance").implied_type().attribute_type("ebs")
    assert attrs.type().attribute_type("settings") == cty.Object({"debug": cty.Bool,
                                                                   "level": cty.Number})
    assert attrs.get_attr("password").has_mark("sensitive")
    assert attrs.get_attr("tags").index(cty.string_val("owner")).has_mark("sensitive")
    assert not attrs.get_attr("tags").index(cty.string_val("env")).has_mark("sensitive")
    disk = attrs.get_attr("root_disk").index(cty.number_int_val(0))
    assert disk.get_attr("kms_key").raw_equals(cty.string_val("k-1").mark("sensitive"))
    assert "hunter2" not in cty.format_value(attrs)
    assert (deposed.status, deposed.deposed, deposed.index_key) == (
        "tainted", "00000001", cty.number_int_val(0))
    logs = next(r for r in state.resources if r.name == "logs")
    eu, us = logs.instances
    assert eu.index_key == cty.string_val("eu")
    assert eu.identity == cty.object_val({"name": cty.string_val("logs-eu"),
                                          "region": cty.null_val(cty.String)})
    assert (eu.identity_schema_version, us.identity_schema_version, us.identity) == (0, 0, None)
    assert eu.dependencies == ("data.cloud_image.ubuntu",) and us.create_before_destroy
    moved = state.resources[-1]
    assert moved.module == "module.net"
    assert moved.provider_source == "registry.terraform.io/example/cloud"
    outputs = state.outputs
    assert outputs["db_password"].value.raw_equals(cty.string_val("pw1").mark("sensitive"))
    assert outputs["names"].value.type() == cty.Tuple([cty.String, cty.String])
    assert state.check_results is None and state.has_check_results


def test_without_schemas_a_sensitive_key_makes_its_object_a_map() -> None:
    state = read_state_file(DOCUMENT)
    web = next(r for r in state.resources if r.type == "cloud_instance").instances[0]
    tags = web.attributes.get_attr("tags")
    assert tags.type() == cty.Map(cty.String)  # (the path indexes it by a key)
    assert web.attributes.get_attr("labels").type() == cty.Object({
        "a": cty.Object({"value": cty.String})})  # (no path says otherwise: as implied)


def _edit(edit: Any) -> bytes:
    doc = json.loads(DOCUMENT)
    edit(doc)
    return json.dumps(doc).encode()


def _instance(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["resources"][2]["instances"][0]  # type: ignore[no-any-return]


@pytest.mark.parametrize(("edit", "where", "problem"), [
    (lambda d: d.update(version=3), "version", "this reader reads format version 4, not 3"),
    (lambda d: _instance(d)["attributes"].update(ami=[]),
     "resources[2].instances[0].attributes.ami", "string is required"),
    (lambda d: _instance(d)["sensitive_attributes"].append(
        [{"type": "get_attr", "value": "nothing"}]),
     "resources[2].instances[0].sensitive_attributes[3]", "the path leads nowhere in the "
                                                          "attributes"),
    (lambda d: _instance(d)["sensitive_attributes"].append([{"type": "key", "value": 1}]),
     "resources[2].instances[0].sensitive_attributes[3][0]",
     'a path step is {"type": "get_attr", "value": NAME} or {"type": "index", "value": KEY}'),
    (lambda d: _instance(d).update(index_key=[0]), "resources[2].instances[0].index_key",
     "an instance key is a string or a whole number, not an array"),
    (lambda d: d["resources"][0].update(type="cloud_nothing"), "resources[0].type",
     'the schemas of "registry.terraform.io/example/cloud" have no data source '
     '"cloud_nothing"'),
    (lambda d: d["resources"][1]["instances"][0]["identity"].update(name=[]),
     "resources[1].instances[0].identity.name", "string is required"),
    (lambda d: _instance(d).update(identity={"name": "x"}), "resources[2].instances[0].identity",
     'the schemas of "registry.terraform.io/example/cloud" have no identity schema for '
     '"cloud_instance"'),
])
def test_a_file_that_does_not_fit_says_where(edit: Any, where: str, problem: str,
                                             schemas: ProviderSchemas) -> None:
    with pytest.raises(StateFileError) as e:
        read_state_file(_edit(edit), schemas)
    assert (e.value.where, e.value.problem) == (where, problem)


@pytest.mark.parametrize("tree", [
    {}, [], {"a": []}, {"a": {}, "b": [1, {"c": "x,y:{}[]"}]}, [[[]]], "s", 1,
    {'k"q': ["\\u003c\n"]},
])
def test_indent_is_gos(tree: Any) -> None:
    compact = json.dumps(tree, separators=(",", ":"))
    assert indent(compact) == json.dumps(tree, indent=2)
