"""Generated plans and states through cty.terraform: a resource type of generated attribute
types, a generated value of it (unknown and sensitive anywhere), written as Terraform writes
it, read back with the schema, and written again: the same bytes and the same value."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

import cty
from cty.terraform import (
    Change,
    Instance,
    Module,
    Plan,
    ProviderSchemas,
    Resource,
    ResourceChange,
    StateFile,
    StateFileResource,
    StateValues,
    read_plan,
    read_provider_schemas,
    read_state_file,
    value_to_json,
    write_plan,
    write_state_file,
)
from cty.testing import strategies as cst

PROVIDER = "registry.terraform.io/example/gen"


@st.composite
def _resource_types(draw: st.DrawFn) -> ProviderSchemas:
    types = draw(st.lists(cst.types(2, dynamic=False, optional_attrs=False), min_size=1,
                          max_size=4))
    attributes = {f"a{i}": {"type": json.loads(cty.type_to_json(t)), "optional": True}
                  for i, t in enumerate(types)}
    return read_provider_schemas(json.dumps({"format_version": "1.0", "provider_schemas": {
        PROVIDER: {"resource_schemas": {"thing": {"version": 0, "block": {
            "attributes": attributes}}}}}}))


def _same(a: cty.Value, b: cty.Value) -> None:
    assert value_to_json(a) == value_to_json(b)
    assert a.unmark_deep()[0].raw_equals(b.unmark_deep()[0])


@given(st.data())
def test_a_generated_plan_reads_back_and_writes_the_same(data: st.DataObject) -> None:
    schemas = data.draw(_resource_types())
    ty = schemas.resource("thing").implied_type()
    before = data.draw(cst.values(ty, marks=["sensitive"], unknowns=False, infinities=False,
                                  any_precision=False))
    after = data.draw(cst.values(ty, marks=["sensitive"], refinements=False, infinities=False,
                                 any_precision=False))
    change = ResourceChange("thing.x", "managed", "thing", "x", PROVIDER,
                            Change(("update",), before, after))
    planned = Resource("thing.x", "managed", "thing", "x", PROVIDER, 0, after)
    plan = Plan("1.2", "1.9.5", resource_changes=(change,),
                planned_values=StateValues(root_module=Module(resources=(planned,))))
    document = write_plan(plan)
    back = read_plan(document, schemas)
    assert write_plan(back) == document
    _same(back.resource_changes[0].change.after, after)
    _same(back.resource_changes[0].change.before, before)
    assert back.planned_values is not None
    _same(back.planned_values.root_module.resources[0].values, after)


@given(st.data())
def test_a_generated_state_file_reads_back_and_writes_the_same(data: st.DataObject) -> None:
    schemas = data.draw(_resource_types())
    ty = schemas.resource("thing").implied_type()
    attributes = data.draw(cst.values(ty, marks=["sensitive"], unknowns=False,
                                      infinities=False, any_precision=False))
    state = StateFile("1.9.5", 1, "lineage", resources=(StateFileResource(
        "managed", "thing", "x", f'provider["{PROVIDER}"]', (Instance(attributes),)),))
    document = write_state_file(state)
    back = read_state_file(document, schemas)
    assert write_state_file(back) == document
    _same(back.resources[0].instances[0].attributes, attributes)
