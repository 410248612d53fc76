"""cty.terraform's plans and states: read into typed values (unknowns and sensitive marks where
the document says, at any depth; typed by the schemas or by the JSON), and written back byte
for byte as ``terraform show -json`` writes them.

The fixtures are our own documents, written in the shapes Terraform's JSON output format
documents (and HashiCorp's terraform-json test data shows): format 1.2 and 0.1 plans and a
state, every nesting mode of blocks and nested attributes, unknowns at the top and deep,
sensitive values at each level, a data source, a module, count and for_each keys, a moved and
an imported resource.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cty
from cty.terraform import (
    PlanError,
    ProviderSchemas,
    read_plan,
    read_provider_schemas,
    read_state,
    write_plan,
    write_state,
)

FIXTURES = Path(__file__).parent / "fixtures"


def _fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


@pytest.fixture(scope="module")
def schemas() -> ProviderSchemas:
    return read_provider_schemas(_fixture("schemas.json"))


# (the 0.1 plan names its provider by its old short name, which no schemas document has)
@pytest.mark.parametrize(("name", "typed"), [
    *((f"plan_{v}.json", typed) for v in ("1_2", "1_2_identity", "1_1", "1_0", "0_2")
      for typed in (False, True)),
    ("plan_0_1.json", False)])
def test_a_plan_written_again_is_the_same_bytes(name: str, typed: bool,
                                                schemas: ProviderSchemas) -> None:
    document = _fixture(name)
    assert write_plan(read_plan(document, schemas if typed else None)) == document


@pytest.mark.parametrize("typed", [False, True])
def test_a_state_written_again_is_the_same_bytes(typed: bool, schemas: ProviderSchemas) -> None:
    document = _fixture("state_1_0.json")
    assert write_state(read_state(document, schemas if typed else None)) == document


def test_resource_changes_are_typed_by_the_schemas(schemas: ProviderSchemas) -> None:
    plan = read_plan(_fixture("plan_1_2.json"), schemas)
    changes = {rc.address: rc for rc in plan.resource_changes}
    web = changes["cloud_instance.web[0]"]
    assert web.index is not None and web.index.raw_equals(cty.number_int_val(0))
    assert web.change.action == "create"
    after = web.change.after
    implied = schemas.resource("cloud_instance").implied_type()
    assert after.type().attribute_types().keys() == implied.attribute_types().keys()
    assert after.type().attribute_type("tags") == cty.Map(cty.String)
    # unknown at the top, in a map, in a list of blocks and in a set of nested objects
    assert after.get_attr("id").raw_equals(cty.unknown_val(cty.String))
    assert after.get_attr("tags").index(cty.string_val("owner")).raw_equals(
        cty.unknown_val(cty.String))
    disk = after.get_attr("root_disk").index(cty.number_int_val(0))
    assert disk.get_attr("size").raw_equals(cty.unknown_val(cty.Number))
    rule = next(v for _, v in after.get_attr("rules").elements())
    assert rule.get_attr("description").raw_equals(cty.unknown_val(cty.String))
    # sensitive at the top and deep (a null one too)
    assert after.get_attr("password").has_mark("sensitive")
    assert disk.get_attr("kms_key").raw_equals(cty.null_val(cty.String).mark("sensitive"))
    # a dynamic attribute takes the type its JSON implies
    assert after.get_attr("settings").type() == cty.Object({"debug": cty.Bool,
                                                            "level": cty.Number})
    assert web.change.before.raw_equals(cty.null_val(implied))
    assert "hunter2" not in cty.format_value(after)

    db = changes["cloud_instance.db"]
    assert db.change.action == "replace" and db.action_reason == "replace_because_cannot_update"
    assert db.change.replace_paths == (cty.Path((cty.GetAttrStep("ami"),)),)
    assert changes["cloud_bucket.old"].change.after.is_null()
    assert changes['cloud_bucket.logs["eu"]'].index == cty.string_val("eu")
    assert changes["module.net.cloud_bucket.moved"].previous_address == "cloud_bucket.moved"
    assert changes["cloud_bucket.imported"].change.importing == {"id": "b-9"}
    image = changes["data.cloud_image.ubuntu"]
    assert image.mode == "data" and image.change.after.get_attr("id").raw_equals(
        cty.unknown_val(cty.String))
    relevant = {r.resource: r.attribute for r in plan.relevant_attributes}
    assert relevant["cloud_instance.web[0]"] == cty.Path((
        cty.GetAttrStep("tags"), cty.IndexStep(cty.string_val("env"))))  # (a map: a key)


def test_planned_values_take_their_unknowns_from_the_changes(schemas: ProviderSchemas) -> None:
    plan = read_plan(_fixture("plan_1_2.json"), schemas)
    assert plan.planned_values is not None
    resources = {r.address: r for r in plan.planned_values.root_module.all_resources()}
    assert set(resources) >= {"cloud_instance.web[0]", "module.net.cloud_bucket.moved"}
    web = resources["cloud_instance.web[0]"].values
    assert web.get_attr("arn").raw_equals(cty.unknown_val(cty.String))
    assert web.get_attr("password").has_mark("sensitive")
    outputs = plan.planned_values.outputs
    assert outputs["web_id"].value.raw_equals(cty.unknown_val(cty.String))
    assert outputs["db_password"].value.has_mark("sensitive")
    assert plan.output_changes["web_id"].after.raw_equals(cty.DynamicVal)
    assert plan.variables["sizes"].raw_equals(cty.tuple_val([
        cty.number_int_val(1), cty.must_parse_number_val("2.5"),
        cty.must_parse_number_val("1000000000000000000000")]))
    assert plan.prior_state is not None and plan.prior_state.values is not None
    prior = {r.address: r for r in plan.prior_state.values.root_module.resources}
    assert prior["cloud_instance.db"].tainted
    assert prior["cloud_bucket.old"].depends_on == ("cloud_bucket.logs",)
    assert plan.applyable is True and plan.errored is False
    assert plan.timestamp == "2026-11-30T02:00:00Z"


def test_a_planned_value_unlike_its_change_is_read_on_its_own(schemas: ProviderSchemas) -> None:
    def edit(doc: dict[str, Any]) -> None:
        resources = doc["planned_values"]["root_module"]["resources"]
        web = next(r for r in resources if r["address"] == "cloud_instance.web[0]")
        web["values"]["ami"] = "ami-other"

    plan = read_plan(_edit("plan_1_2.json", edit), schemas)
    assert plan.planned_values is not None
    planned = {r.address: r.values for r in plan.planned_values.root_module.all_resources()}
    change = {c.address: c.change.after for c in plan.resource_changes}
    assert planned["cloud_instance.web[0]"].get_attr("ami") == cty.string_val("ami-other")
    assert change["cloud_instance.web[0]"].get_attr("ami") == cty.string_val("ami-123")
    assert planned["cloud_instance.web[0]"].get_attr("arn").raw_equals(
        cty.unknown_val(cty.String))  # (its unknowns still from the change)
    assert planned["cloud_instance.db"] is change["cloud_instance.db"]  # (same JSON: read once)


def test_a_negative_zero_anywhere_keeps_whole_numbers_whole(schemas: ProviderSchemas) -> None:
    # (the exact reader keeps every number as its text when a document holds a -0)
    document = _fixture("plan_1_2.json").replace(b'"sizes":{"value":[1,',
                                                  b'"sizes":{"value":[-0,')
    plan = read_plan(document, schemas)
    web = next(rc for rc in plan.resource_changes if rc.address == "cloud_instance.web[0]")
    assert web.index == cty.number_int_val(0)
    assert plan.planned_values is not None
    assert plan.planned_values.root_module.resources[2].schema_version == 1
    assert write_plan(plan) == document


def test_the_schemas_mark_what_they_call_sensitive(schemas: ProviderSchemas) -> None:
    def edit(doc: dict[str, Any]) -> None:  # (as a plan of format 0.1 has it: no trees)
        for rc in doc["resource_changes"]:
            rc["change"].pop("before_sensitive")
            rc["change"].pop("after_sensitive")

    document = _edit("plan_1_2.json", edit)
    typed = {rc.address: rc.change.after for rc in read_plan(document, schemas).resource_changes}
    web = typed["cloud_instance.web[0]"]
    assert web.get_attr("password").has_mark("sensitive")
    disk = web.get_attr("root_disk").index(cty.number_int_val(0))
    assert disk.get_attr("kms_key").has_mark("sensitive")
    assert not disk.get_attr("encrypted").has_mark("sensitive")
    untyped = {rc.address: rc.change.after for rc in read_plan(document).resource_changes}
    assert not untyped["cloud_instance.web[0]"].get_attr("password").has_mark("sensitive")


def test_without_schemas_the_json_implies_the_types() -> None:
    plan = read_plan(_fixture("plan_1_2.json"))
    web = next(rc for rc in plan.resource_changes if rc.address == "cloud_instance.web[0]")
    after = web.change.after
    assert after.get_attr("id").raw_equals(cty.DynamicVal)
    assert after.get_attr("tags").type() == cty.Object({"env": cty.String,
                                                        "owner": cty.DynamicPseudoType})
    assert after.get_attr("password").has_mark("sensitive")
    db = next(rc for rc in plan.resource_changes if rc.address == "cloud_instance.db")
    assert db.change.after.get_attr("arn").raw_equals(cty.DynamicVal)
    assert db.change.after.get_attr("ebs").raw_equals(cty.EmptyTupleVal)


def test_an_old_plan_has_no_sensitive_trees() -> None:
    plan = read_plan(_fixture("plan_0_1.json"))
    after = plan.resource_changes[0].change.after
    assert after.get_attr("id").raw_equals(cty.DynamicVal)
    assert plan.applyable is None


def test_a_state_reads_with_modules_deposed_objects_and_output_types(
        schemas: ProviderSchemas) -> None:
    state = read_state(_fixture("state_1_0.json"), schemas)
    assert state.values is not None
    names = state.values.outputs["names"]
    assert names.type == cty.Tuple([cty.String, cty.String])
    assert names.value.type() == cty.Tuple([cty.String, cty.String])
    assert state.values.outputs["db_password"].value.has_mark("sensitive")
    web = state.values.root_module.child_modules[0].resources[0]
    assert web.deposed_key == "00000001" and web.index == cty.string_val("a")
    disk = web.values.get_attr("root_disk").index(cty.number_int_val(0))
    assert disk.get_attr("kms_key").raw_equals(cty.string_val("k-1").mark("sensitive"))


def _edit(name: str, edit: Any) -> bytes:
    doc = json.loads(_fixture(name))
    edit(doc)
    return json.dumps(doc).encode()


@pytest.mark.parametrize(("edit", "where", "problem"), [
    (lambda d: d.update(resource_changes={}), "resource_changes",
     "must be a JSON array, not an object"),
    (lambda d: d["resource_changes"][4]["change"]["after"].update(ami=[1]),
     "resource_changes[4].change.after.ami", "string is required"),  # (go-cty's words)
    (lambda d: d["resource_changes"][4]["change"]["after_unknown"].update(tags=[True]),
     "resource_changes[4].change.after.tags",
     "the unknown tree has an array where the value has an object"),
    (lambda d: d["resource_changes"][0].update(type="cloud_nothing"),
     "resource_changes[0].type",
     'the schemas of "registry.terraform.io/example/cloud" have no resource type '
     '"cloud_nothing"'),
    (lambda d: d["resource_changes"][0].update(provider_name="x/y"),
     "resource_changes[0].provider_name", 'the schemas have no provider "x/y"'),
    (lambda d: d["resource_changes"][1].update(index=1.5), "resource_changes[1].index",
     "an instance key is a string or a whole number, not a number"),
    (lambda d: d["resource_changes"][3]["change"].update(replace_paths=[[True]]),
     "resource_changes[3].change.replace_paths[0][0]",
     "a path's step is a string or a whole number, not true"),
    (lambda d: d.update(applyable="yes"), "applyable", "must be true or false"),
])
def test_a_document_that_does_not_fit_says_where(edit: Any, where: str, problem: str,
                                                 schemas: ProviderSchemas) -> None:
    with pytest.raises(PlanError) as e:
        read_plan(_edit("plan_1_2.json", edit), schemas)
    assert (e.value.where, e.value.problem) == (where, problem)


def test_identities_are_typed_by_their_identity_schemas(schemas: ProviderSchemas) -> None:
    def no_region(d: Any) -> None:
        d["resource_changes"][0]["change"]["after_identity"]["region"] = None
        d["planned_values"]["root_module"]["resources"][0]["identity"]["region"] = None

    document = _edit("plan_1_2_identity.json", no_region)
    typed = read_plan(document, schemas)
    change = typed.resource_changes[0].change
    identity_type = cty.Object({"name": cty.String, "region": cty.String})
    assert change.before_identity == cty.object_val({"name": cty.string_val("archive"),
                                                     "region": cty.string_val("eu-west-1")})
    assert change.after_identity is not None
    assert change.after_identity.type() == identity_type
    assert change.after_identity.get_attr("region") == cty.null_val(cty.String)
    resource = typed.planned_values.root_module.resources[0]
    assert resource.identity_schema_version == 1
    assert resource.identity is not None and resource.identity.type() == identity_type
    prior = typed.prior_state
    assert prior is not None and prior.values.root_module.resources[0].identity == \
        change.before_identity
    untyped = read_plan(document).resource_changes[0].change.after_identity
    assert untyped is not None  # (without schemas: typed by its JSON)
    assert untyped.get_attr("region") == cty.null_val(cty.DynamicPseudoType)
    assert read_plan(_fixture("plan_1_2.json"), schemas).resource_changes[0].change \
        .after_identity is None


def test_an_identity_without_an_identity_schema_says_where() -> None:
    doc = json.loads(_fixture("schemas.json"))
    del doc["provider_schemas"]["registry.terraform.io/example/cloud"][
        "resource_identity_schemas"]
    without = read_provider_schemas(json.dumps(doc).encode())
    with pytest.raises(PlanError) as e:
        read_plan(_fixture("plan_1_2_identity.json"), without)
    assert (e.value.where, e.value.problem) == (
        "resource_changes[0].change.before_identity",
        'the schemas of "registry.terraform.io/example/cloud" have no identity schema for '
        '"cloud_bucket"')


@pytest.mark.parametrize(("data", "problem"), [
    (b"[]", "the document must be a JSON object"),
    (b"{", "the document is not JSON"),
    (b"\xff", "the document is not UTF-8 text"),
])
def test_what_is_not_a_document_is_refused(data: bytes, problem: str) -> None:
    with pytest.raises(PlanError, match=problem):
        read_plan(data)
