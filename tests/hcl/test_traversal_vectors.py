"""Every line of tests/vectors/hcl_traversals.jsonl.gz: HCL v2.24's own answer (the oracle's
traversal op, hclsyntax's ParseTraversalAbs) for a text drawn by
tests/vectors/tools/hcl_grammar.py's ``traversals``: the same root and steps (keys by type and
msgpack bytes), or the same diagnostics, every one (summary, detail, subject and context)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

import cty
from cty.encoding import msgpack
from cty.hcl import DiagnosticsError, parse_traversal
from tests.hcl.test_expression_vectors import _got, _want

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "hcl_traversals.jsonl.gz"
LINES = [json.loads(line) for line in gzip.decompress(VECTORS.read_bytes()).splitlines()]
FILENAME = "expr.hcl"


def _ours(text: str) -> tuple[Any, ...]:
    try:
        t = parse_traversal(text, FILENAME)
    except DiagnosticsError as e:
        return ("diags", _got(e.diagnostics))
    return ("traversal", t.root, [
        s.name if isinstance(s, cty.GetAttrStep) else
        (json.loads(cty.type_to_json(s.key.type())), msgpack.marshal(s.key, s.key.type()).hex())
        for s in t.path if isinstance(s, (cty.GetAttrStep, cty.IndexStep))])


def _theirs(expect: dict[str, Any]) -> tuple[Any, ...]:
    if expect.get("diags"):
        return ("diags", _want(expect["diags"]))
    t = expect["traversal"]
    return ("traversal", t["root"], [s["attr"] if "attr" in s else
                                     (s["key"]["type"], s["key"]["msgpack"])
                                     for s in t["steps"]])


def disagreement(case: dict[str, Any], expect: dict[str, Any]) -> str | None:
    """How our answer to *case* differs from HCL's *expect* (None: it does not)."""
    if "error" in expect or "panic" in expect:
        return f"the oracle could not answer: {expect}"
    got, want = _ours(case["expr"]), _theirs(expect)
    return None if got == want else f"{got} != {want}"


def test_a_traversal_reads_as_hcl_reads_it() -> None:
    t = parse_traversal('module.net["eu"]\n  .subnets[0]', "main.tf")
    assert (t.root, str(t), t.line, t.column) == ("module", 'module.net["eu"].subnets[0]', 1, 1)
    with pytest.raises(DiagnosticsError) as e:
        parse_traversal("aws_instance.web[count.index]", "main.tf")
    assert str(e.value) == ("main.tf:1,18-23: Index value required; Index brackets must "
                            "contain either a literal number or a literal string.")


@pytest.mark.parametrize("line", LINES, ids=lambda line: line["case"]["expr"][:60])
def test_hcl_traversal_vector(line: dict[str, Any]) -> None:
    assert disagreement(line["case"], line["expect"]) is None
