"""Type expressions against HCL v2.24 itself: every line of tests/vectors/hcl_typeexpr.jsonl
(hcloracle's answers; tests/vectors/tools/make_hcl_typeexpr.py) must get the same type, its
TypeString and defaults, or the same first diagnostic (summary, detail, line and column), from
cty.parse_type and cty.convert.parse_type_with_defaults; and cty.type_string must write every
type as HCL's TypeString does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cty
from cty.convert import Defaults, parse_type_with_defaults
from cty.encoding import json as json_encoding

from .._batches import Batch, batches, run_batch

_TEXT = (Path(__file__).parents[1] / "vectors" / "hcl_typeexpr.jsonl").read_text()
LINES = [json.loads(line) for line in _TEXT.rstrip("\n").split("\n")]  # (not splitlines: U+0085)

def ours(case: dict[str, Any]) -> dict[str, Any]:
    """Our answer to a case, in the form the vector's expect has."""
    text, mode = case["expr"], case["mode"]
    defaults: Defaults | None = None
    try:
        if mode == "defaults":
            ty, defaults = parse_type_with_defaults(text)
        else:
            ty = cty.parse_type(text, constraint=mode == "constraint")
    except cty.TypeExprError as e:
        return {"summary": e.summary, "detail": e.detail, "line": e.line, "column": e.column}
    out: dict[str, Any] = {"type": json.loads(cty.type_to_json(ty)),
                           "type_string": cty.type_string(ty)}
    if mode == "defaults":
        out["defaults"] = None if defaults is None else _tree(defaults)
    return out


def _tree(d: Defaults) -> dict[str, Any]:
    return {"type": json.loads(cty.type_to_json(d.type)),
            "values": {k: {"type": json.loads(cty.type_to_json(v.type())),
                           "json": _json(v)} for k, v in d.values.items()},
            "children": {k: _tree(c) for k, c in d.children.items()}}


def _json(v: cty.Value) -> str | None:
    try:
        return json_encoding.marshal(v, v.type()).decode()
    except cty.CtyError:
        return None


def _compared(expect: dict[str, Any]) -> dict[str, Any]:
    if expect["ok"]:
        out = {"type": expect["type"], "type_string": expect["type_string"]}
        if "defaults" in expect:
            out["defaults"] = expect["defaults"]
        return out
    return {k: expect[k] for k in ("summary", "detail", "line", "column")}


TYPE_STRINGS = [c for c in LINES if c["op"] == "type_string"]
LINES = [c for c in LINES if c["op"] == "type"]


@pytest.mark.parametrize("batch", batches(TYPE_STRINGS, [c["id"] for c in TYPE_STRINGS]))
def test_type_string_is_hcls(batch: Batch) -> None:
    run_batch(batch, _check_type_string)


def _check_type_string(case: dict[str, Any]) -> None:
    ty = cty.type_from_json(json.dumps(case["type"]).encode())
    assert cty.type_string(ty) == case["expect"]["type_string"]


@pytest.mark.parametrize("batch", batches(LINES, [c["id"] for c in LINES]))
def test_as_hcl_answers(batch: Batch) -> None:
    run_batch(batch, _check_answer)


def _check_answer(case: dict[str, Any]) -> None:
    assert ours(case) == _compared(case["expect"]), case["expr"]
