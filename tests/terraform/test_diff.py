"""cty.terraform's diff by path and plan summary (and ``cty plan summary``): the leaves that
differ, unknowns as ``(known after apply)``, sensitive values never shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cty
from cty.cli import main
from cty.terraform import diff, read_plan, read_provider_schemas, summarize, summary_json
from cty.testing import strategies as cst

FIXTURES = Path(__file__).parent / "fixtures"
S = cty.string_val
N = cty.number_int_val


def _lines(before: cty.Value, after: cty.Value) -> list[str]:
    return [d.text() for d in diff(before, after)]


def test_objects_maps_and_lists_are_walked_into() -> None:
    before = cty.object_val({"name": S("a"), "tags": cty.map_val({"env": S("dev"),
                                                                  "old": S("x")}),
                             "ports": cty.list_val([N(80)]), "set": cty.set_val([S("p")])})
    after = cty.object_val({"name": S("a"), "tags": cty.map_val({"env": S("prod"),
                                                                 "new": S("y")}),
                            "ports": cty.list_val([N(80), N(443)]),
                            "set": cty.set_val([S("q")])})
    assert _lines(before, after) == [
        "+ ports[1] = 443",
        '~ set = toset(["p"]) -> toset(["q"])',
        '~ tags["env"] = "dev" -> "prod"',
        '+ tags["new"] = "y"',
        '- tags["old"] = "x"',
    ]


def test_unknowns_are_known_after_apply() -> None:
    ty = cty.Object({"id": cty.String, "size": cty.Number})
    before = cty.object_val({"id": S("i-1"), "size": N(1)})
    after = cty.object_val({"id": cty.unknown_val(cty.String), "size": N(2)})
    assert _lines(before, after) == ['~ id = "i-1" -> (known after apply)', "~ size = 1 -> 2"]
    assert _lines(cty.null_val(ty), cty.unknown_val(ty)) == ["+ (the value) = (known after apply)"]


def test_sensitive_values_are_never_shown() -> None:
    before = cty.object_val({"pw": S("old-secret").mark("sensitive"), "n": N(1)})
    after = cty.object_val({"pw": S("new-secret").mark("sensitive"), "n": N(1)})
    assert _lines(before, after) == ["~ pw = (sensitive value)"]
    same = cty.object_val({"pw": S("old-secret").mark("sensitive"), "n": N(1)})
    assert _lines(before, same) == []
    # becoming sensitive is a change, though the value is the same
    assert _lines(cty.object_val({"pw": S("x")}),
                  cty.object_val({"pw": S("x").mark("sensitive")})) == [
        "~ pw = (sensitive value)"]


SECRET = "SECRET-TEXT"


def _hide(path: cty.Path, v: cty.Value) -> cty.Value:
    if v.type() is cty.String and v.is_known() and not v.is_null() \
            and SECRET in v.unmark()[0].as_string():
        return v.mark("sensitive")
    return v


@given(st.data())
def test_no_sensitive_text_is_ever_printed(data: st.DataObject) -> None:
    ty = data.draw(cst.types(2, optional_attrs=False))
    texts = st.just(SECRET) | st.text(max_size=3)
    before, after = (cty.transform(data.draw(cst.values(ty, marks=["sensitive"], text=texts)),
                                   _hide) for _ in range(2))
    for d in diff(before, after):
        assert SECRET not in d.text()


@pytest.fixture(scope="module")
def summary() -> str:
    schemas = read_provider_schemas((FIXTURES / "schemas.json").read_bytes())
    return summarize(read_plan((FIXTURES / "plan_1_2.json").read_bytes(), schemas))


def test_a_plan_is_summed_up_as_terraform_shows_it(summary: str) -> None:
    lines = summary.splitlines()
    assert lines[0] == "# cloud_bucket.imported will be imported"
    assert "# cloud_instance.db must be replaced" in lines
    assert '    ~ ami = "ami-100" -> "ami-200" # forces replacement' in lines
    assert "    + password = (sensitive value)" in lines
    assert "    + root_disk[0].size = (known after apply)" in lines
    assert "# cloud_bucket.old will be destroyed" in lines
    assert "# data.cloud_image.ubuntu will be read during apply" in lines
    assert "# cloud_bucket.moved has moved to module.net.cloud_bucket.moved" in lines
    assert lines[-3:] == ["Changes to Outputs:", "    + web_id = (known after apply)",
                          "Plan: 1 to import, 2 to add, 1 to change, 2 to destroy."]
    assert "hunter2" not in summary and "pw1" not in summary


def test_the_summary_as_json_types_each_side() -> None:
    plan = read_plan((FIXTURES / "plan_1_2.json").read_bytes())
    doc = json.loads(summary_json(plan))
    assert doc["counts"] == {"import": 1, "add": 2, "change": 1, "destroy": 2}
    logs = next(c for c in doc["resource_changes"] if c["address"] == 'cloud_bucket.logs["eu"]')
    assert logs["differences"][1] == {
        "path": "versioning", "kind": "changed", "before": {"value": False, "type": "bool"},
        "after": {"value": True, "type": "bool"}, "sensitive": False, "unknown": False}
    web = next(c for c in doc["resource_changes"] if c["address"] == "cloud_instance.web[0]")
    password = next(d for d in web["differences"] if d["path"] == "password")
    assert password["after"] is None and password["sensitive"] is True
    assert b"hunter2" not in summary_json(plan)


def test_the_command(capsys: pytest.CaptureFixture[str], summary: str) -> None:
    assert main(["plan", "summary", "--schema", str(FIXTURES / "schemas.json"),
                 str(FIXTURES / "plan_1_2.json")]) == 0
    assert capsys.readouterr().out == summary
    assert main(["plan", "summary", "--to", "json", str(FIXTURES / "plan_1_2.json")]) == 0
    assert json.loads(capsys.readouterr().out)["counts"]["add"] == 2
    assert main(["plan", "summary", "--schema", str(FIXTURES / "schemas.json"),
                 str(FIXTURES / "plan_0_1.json")]) == 1
    assert capsys.readouterr().err == (
        'cty: error: resource_changes[0].provider_name: the schemas have no provider "cloud"\n')
