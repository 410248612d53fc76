"""Every line of tests/vectors/hcl_variables.jsonl: HCL v2.24's own answer for the variables an
expression refers to (hclsyntax.Variables: root names, static steps, where each starts), or
its syntax error (made by tests/vectors/tools/make_hcl_eval.py through the oracle's shim)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cty
from cty.encoding import json as cty_json
from cty.hcl import DiagnosticsError, Traversal, parse_expression

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "hcl_variables.jsonl"
LINES = [json.loads(line) for line in VECTORS.read_text().splitlines()]


def _ours(t: Traversal) -> dict[str, Any]:
    steps: list[Any] = []
    for step in t.path:
        if isinstance(step, cty.GetAttrStep):
            steps.append({"attr": step.name})
        else:
            key = step.key
            steps.append({"type": json.loads(cty.type_to_json(key.type())),
                          "json": cty_json.marshal(key, key.type()).decode()})
    return {"root": t.root, "steps": steps, "at": [t.line, t.column]}


def _theirs(t: dict[str, Any]) -> dict[str, Any]:
    steps = [{"attr": s["attr"]} if "attr" in s else
             {"type": s["key"]["type"], "json": s["key"]["json"]} for s in t["steps"]]
    start = t["range"]["start"]
    return {"root": t["root"], "steps": steps, "at": [start["line"], start["column"]]}


def disagreement(text: str, expect: dict[str, Any]) -> str | None:
    """How our answer for the expression *text* differs from HCL's *expect* (None: it
    does not)."""
    if expect.get("stage") == "parse":
        want = expect["diags"][0]
        want_d = (want["summary"], want["detail"], want["subject"]["start"]["line"],
                  want["subject"]["start"]["column"])
        try:
            parse_expression(text)
        except DiagnosticsError as e:
            d = e.diagnostics[0]
            got_d = (d.summary, d.detail, d.line, d.column)
            return None if got_d == want_d else f"parse diagnostic {got_d} != {want_d}"
        return f"parsed, where HCL found {want_d}"
    if "traversals" not in expect:
        return f"the oracle could not answer: {expect}"
    try:
        got = [_ours(t) for t in parse_expression(text).variables()]
    except DiagnosticsError as e:
        return f"a syntax error where HCL found none: {e}"
    want_t = [_theirs(t) for t in expect["traversals"]]
    return None if got == want_t else f"traversals {got} != {want_t}"


@pytest.mark.parametrize("line", LINES, ids=lambda line: line["expr"][:60])
def test_hcl_variables_vector(line: dict[str, Any]) -> None:
    assert disagreement(line["expr"], line["expect"]) is None
