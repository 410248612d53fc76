"""Every line of tests/vectors/hcl_decode.jsonl.gz: HCL v2.24's own answer (the oracle's decode
op: hcldec.Decode by the specs a block schema stands for) for a body and block schema drawn by
tests/vectors/tools/hcl_grammar.py's ``decodes``. Ours must give the same value (type,
msgpack bytes with refinements, marks at their paths) and the same diagnostics, compared
without their order where HCL's follows Go's map order (docs/design/divergences.md,
DECODE_ORDER)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

import cty
from cty.hcl import AttributeSpec, BlockSchema, DiagnosticsError, NestedBlockSpec, parse_config
from tests.hcl.test_expression_vectors import _got, _want, evaluation_disagreement
from tests.vectors.tools.hcl_grammar import context

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "hcl_decode.jsonl.gz"
LINES = [json.loads(line) for line in gzip.decompress(VECTORS.read_bytes()).splitlines()]
FILENAME = "main.hcl"


def block_schema(block: dict[str, Any]) -> BlockSchema:
    """The BlockSchema of the decode op's JSON form of one."""
    return BlockSchema(
        {name: AttributeSpec(cty.type_from_json(json.dumps(a["type"]).encode()),
                             a["required"])
         for name, a in block["attributes"].items()},
        {name: NestedBlockSpec(block_schema(n["block"]), n["nesting"], n["min_items"],
                               n["max_items"], n["labels"])
         for name, n in block["blocks"].items()})


def _unordered(diags: list[tuple[Any, ...]]) -> list[str]:
    """Diagnostics in an order of their own (HCL's follows Go's map order)."""
    return sorted(json.dumps(d) for d in diags)


def disagreement(case: dict[str, Any], expect: dict[str, Any]) -> str | None:
    """How our answer to *case* differs from HCL's *expect* (None: it does not)."""
    panicked = _map_panic(expect)
    if "error" in expect or ("panic" in expect and not panicked):
        return f"the oracle could not answer: {expect}"
    try:
        body = parse_config(case["expr"], FILENAME).body
    except DiagnosticsError as e:
        return f"syntax error {_got(e.diagnostics)}"
    value, diags = body.value(block_schema(case["block"]), context(case))
    if panicked:
        return None if value.type().is_object_type() else f"value {value!r}"
    got, want = _got(diags), _want(expect.get("diags") or [])
    if _unordered(got) != _unordered(want):
        return f"diagnostics {got} != {want}"
    # (the diagnostics agree: compare the value alone, HCL's order put aside)
    want = {**expect, "diags": []}
    if _without_optional(expect["value"]["type"]) != expect["value"]["type"]:
        want["value"] = {**expect["value"], "type": _without_optional(expect["value"]["type"])}
    return evaluation_disagreement(value, [], want)


def _map_panic(expect: dict[str, Any]) -> bool:
    """Whether HCL panicked building a map of blocks whose values' types differ only in the
    optional markers an empty list, set or map of blocks keeps in HCL's type (ours has none,
    and builds the map: DECODE_EMPTY_OPTIONAL)."""
    text = expect.get("panic", "")
    return text.startswith("inconsistent map element types") and "WithOptionalAttrs" in text


def _without_optional(ty: Any) -> Any:
    """The JSON type *ty* without optional attribute markers (HCL leaves them in the type of
    an empty list, set or map of blocks: docs/design/divergences.md, DECODE_EMPTY_OPTIONAL)."""
    if isinstance(ty, list) and ty[0] == "object":
        return ["object", {k: _without_optional(v) for k, v in ty[1].items()}]
    if isinstance(ty, list) and ty[0] == "tuple":
        return ["tuple", [_without_optional(v) for v in ty[1]]]
    if isinstance(ty, list):
        return [ty[0], _without_optional(ty[1])]
    return ty


@pytest.mark.parametrize("line", LINES, ids=lambda line: line["case"]["expr"][:60])
def test_hcl_decode_vector(line: dict[str, Any]) -> None:
    assert disagreement(line["case"], line["expect"]) is None
