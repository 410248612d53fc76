"""Every line of tests/vectors/hcl_eval.jsonl: HCL v2.24's own value and diagnostics for an
expression evaluated in a context of variables and go-cty's standard library (made by
tests/vectors/tools/make_hcl_eval.py through the HCL oracle's eval shim)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cty
from cty.encoding import json as cty_json
from cty.function.stdlib import FUNCTIONS
from cty.hcl import DiagnosticsError, EvalContext, parse_expression
from tests.hcl.test_expression_vectors import _got, _same_diags, _want, value_disagreement
from tests.vectors.tools.make_hcl_eval import expanded

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "hcl_eval.jsonl"
FILENAME = "expr.hcl"
"""The file name the oracle's shim gives every expression."""
LINES = [json.loads(line) for line in VECTORS.read_text().splitlines()]


def context(case: dict[str, Any]) -> EvalContext | None:
    """The case's context, as the shim builds it."""
    if case.get("nil_ctx"):
        return None
    case = expanded(case)
    variables = case.get("variables")
    functions = case.get("functions")
    return EvalContext(
        variables=None if variables is None else {
            name: cty_json.unmarshal(json.dumps(v["value"]).encode(),
                                     cty.type_from_json(json.dumps(v["type"]).encode()))
            for name, v in variables.items()},
        functions=None if functions is None else {n: FUNCTIONS[n] for n in functions})


def disagreement(case: dict[str, Any], expect: dict[str, Any]) -> str | None:
    """How our answer to *case* differs from HCL's *expect* (None: it does not)."""
    if "error" in expect or "panic" in expect:
        return f"the oracle could not answer: {expect}"
    if expect.get("stage") == "parse":
        try:
            parse_expression(case["expr"], FILENAME)
        except DiagnosticsError as e:
            got = _got(e.diagnostics)[0]
            want = _want(expect["diags"])[0]
            return None if _same_diags([got], [want]) else f"parse diagnostic {got} != {want}"
        return "parsed, where HCL found a syntax error"
    value, diags = parse_expression(case["expr"], FILENAME).value(context(case))
    got_diags = _got(diags)
    want_diags = _want(expect.get("diags") or [])
    if not _same_diags(got_diags, want_diags):
        return f"diagnostics {got_diags} != {want_diags}"
    return value_disagreement(value, expect["value"])


@pytest.mark.parametrize("line", LINES, ids=lambda line: line["case"]["expr"][:60])
def test_hcl_eval_vector(line: dict[str, Any]) -> None:
    assert disagreement(line["case"], line["expect"]) is None
