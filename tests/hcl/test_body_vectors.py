"""Every line of tests/vectors/hcl_bodies.jsonl.gz: HCL v2.24's own answer (the oracle's body
op: hclsyntax's ParseConfig, then the body as hcl.Body) for a configuration file drawn by
tests/vectors/tools/hcl_grammar.py's ``bodies``. Ours must give the same parser diagnostics
(all of them for every committed file; a fresh file may give the first of them, where our
parser stops at a recovery of HCL's it does not follow: HCL_RECOVERY_ORDER), the same body
(every range of every attribute and block; each attribute's value and diagnostics in the
case's context), the same JustAttributes and the same Content against the case's schema."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from cty.hcl import (
    AttributeSchema,
    BlockHeaderSchema,
    Body,
    BodySchema,
    Diagnostic,
    DiagnosticsError,
    File,
    format_diagnostics,
    parse_config,
)
from tests.hcl.test_expression_vectors import (
    _got,
    _range,
    _same_diags,
    _want,
    evaluation_disagreement,
    text_prefix,
)
from tests.vectors.tools.hcl_grammar import context

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "hcl_bodies.jsonl.gz"
LINES = [json.loads(line) for line in gzip.decompress(VECTORS.read_bytes()).splitlines()]
FILENAME = "main.hcl"
"""The file name the oracle's shim gives every file."""


def _schema(case: dict[str, Any]) -> BodySchema:
    s = case["schema"]
    return BodySchema([AttributeSchema(a["name"], a["required"]) for a in s["attributes"]],
                      [BlockHeaderSchema(b["type"], b["labels"]) for b in s["blocks"]])


def _body_disagreement(body: Body, want: dict[str, Any], case: dict[str, Any], at: str
                       ) -> str | None:
    """How *body* differs from the oracle's rendering *want* of it (*at*: where it is)."""
    if (_range(body.range), _range(body.end_range)) != (_range(want["range"]),
                                                        _range(want["end_range"])):
        return f"{at}: ranges {body.range}, {body.end_range} != {want['range']}"
    try:
        attributes = list(body._node.attributes.values())
    except AttributeError:  # pragma: no cover
        return f"{at}: no attributes"
    got_names = [a.name for a in attributes]
    want_names = [a["name"] for a in want["attributes"]]
    if got_names != want_names:
        return f"{at}: attributes {got_names} != {want_names}"
    for node, w in zip(attributes, want["attributes"], strict=True):
        a = body._attribute(node)
        here = f"{at}.{a.name}"
        ranges = (_range(a.range), _range(a.name_range), _range(a.expression.range))
        if ranges != (_range(w["range"]), _range(w["name_range"]), _range(w["expr_range"])):
            return f"{here}: ranges {ranges} != {w}"
        value, diags = a.expression.value(context(case))
        why = evaluation_disagreement(value, diags, w)
        if why is not None:
            return f"{here}: {why}"
    if len(body.blocks) != len(want["blocks"]):
        return f"{at}: {len(body.blocks)} blocks != {len(want['blocks'])}"
    for i, (b, w) in enumerate(zip(body.blocks, want["blocks"], strict=True)):
        here = f"{at}.{b.type}[{i}]"
        got = (b.type, list(b.labels), _range(b.type_range),
               [_range(r) for r in b.label_ranges], _range(b.open_brace_range),
               _range(b.def_range), _range(b.range))
        theirs = (w["type"], w["labels"], _range(w["type_range"]),
                  [_range(r) for r in w["label_ranges"]], _range(w["open_brace_range"]),
                  _range(w["def_range"]), _range(w["range"]))
        if got != theirs:
            return f"{here}: {got} != {theirs}"
        why = _body_disagreement(b.body, w["body"], case, here)
        if why is not None:
            return why
    return None


def disagreement(case: dict[str, Any], expect: dict[str, Any]) -> str | None:
    """How our answer to *case* differs from HCL's *expect* (None: it does not)."""
    if "error" in expect or "panic" in expect:
        return f"the oracle could not answer: {expect}"
    try:
        f = parse_config(case["expr"], FILENAME)
    except DiagnosticsError as e:
        if expect.get("stage") != "parse":
            return f"syntax error {_got(e.diagnostics)} where HCL parsed"
        got, want = _got(e.diagnostics), _want(expect["diags"])
        if _same_diags(got, want[:len(got)]):
            return _text(case, e.diagnostics, e.file, expect.get("text"), len(got))
        return f"parse diagnostics {got} != {want}"
    if expect.get("stage") == "parse":
        return f"parsed, where HCL found {_want(expect['diags'])}"
    why = _body_disagreement(f.body, expect["body"], case, "body")
    if why is not None:
        return why
    try:
        names, diags = sorted(f.body.attributes()), []
    except DiagnosticsError as e:
        names, diags = sorted(f.body._node.attributes), e.diagnostics
    just = expect["just"]
    if (names, _got(diags)) != (just["attributes"], _want(just.get("diags") or [])):
        return f"just attributes {names} {_got(diags)} != {just}"
    content, diags = f.body._content(_schema(case))
    want = expect["content"]
    got = (sorted(content.attributes), [{"type": b.type, "labels": list(b.labels)}
                                        for b in content.blocks], _got(diags))
    if got != (want["attributes"], want.get("blocks", []), _want(want.get("diags") or [])):
        return f"content {got} != {want}"
    return _text(case, diags, f, want.get("text"), len(diags))


def _text(case: dict[str, Any], diags: list[Diagnostic], file: File | None,
          want: str | None, n: int) -> str | None:
    """How our text writer's rendering of *diags* with *file* (the "in BLOCK" context)
    differs from HCL's *want* up to its *n*-th diagnostic (None: it does not, or the case
    did not ask)."""
    if "text_width" not in case or want is None or not diags or file is None:
        return None
    got = format_diagnostics(diags, {FILENAME: file}, width=case["text_width"],
                             color=case.get("text_color", False))
    want = text_prefix(want, n)
    if got == want:
        return None
    return f"text {got!r} != {want!r}"


@pytest.mark.parametrize("line", LINES, ids=lambda line: line["case"]["expr"][:60])
def test_hcl_body_vector(line: dict[str, Any]) -> None:
    assert disagreement(line["case"], line["expect"]) is None


def test_syntax_errors_are_all_of_hcls() -> None:
    partial = []
    for line in LINES:
        if line["expect"].get("stage") != "parse":
            continue
        with pytest.raises(DiagnosticsError) as e:
            parse_config(line["case"]["expr"], FILENAME)
        if not _same_diags(_got(e.value.diagnostics), _want(line["expect"]["diags"])):
            partial.append(line["case"]["expr"])
    assert partial == []
