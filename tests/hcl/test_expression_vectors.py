"""Every line of tests/vectors/hcl_expressions.jsonl.gz (and hcl_templates.jsonl.gz, template
files):
HCL v2.24's own answer for an expression
drawn from the grammar in tests/vectors/tools/hcl_grammar.py (made by
tests/vectors/tools/make_hcl_expressions.py through the HCL oracle's eval shim): the same
diagnostics (summary, detail, subject and context ranges; a syntax error's first), the same
value (type, msgpack bytes with refinements, marks at their paths) and, where the case asks,
the same text from HCL's diagnostic text writer."""

from __future__ import annotations

import dataclasses
import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest

import cty
from cty._internal import edit_distance
from cty.encoding import msgpack
from cty.function._redact import REDACTED
from cty.hcl import DiagnosticsError, format_diagnostics, parse_expression, parse_template
from tests.vectors.tools.hcl_grammar import context

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "hcl_expressions.jsonl.gz"
LINES = [json.loads(line) for line in gzip.decompress(VECTORS.read_bytes()).splitlines()]
TEMPLATES = VECTORS.with_name("hcl_templates.jsonl.gz")
TEMPLATE_LINES = [json.loads(line)
                  for line in gzip.decompress(TEMPLATES.read_bytes()).splitlines()]
FILENAME = "expr.hcl"
"""The file name the oracle's shim gives every expression."""


def _range(r: Any) -> Any:
    if r is None:
        return None
    if isinstance(r, dict):
        return (r["filename"], *((p["line"], p["column"], p["byte"])
                                 for p in (r["start"], r["end"])))
    return (r.filename, *((p.line, p.column, p.byte) for p in (r.start, r.end)))


def _want(found: list[Any]) -> list[tuple[Any, ...]]:
    return [(d["summary"], d["detail"], _range(d.get("subject")), _range(d.get("context")))
            for d in found]


def _got(found: list[Any]) -> list[tuple[Any, ...]]:
    return [(d.summary, d.detail, _range(d.subject), _range(d.context)) for d in found]


def _path(path: cty.Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for step in path:
        if isinstance(step, cty.GetAttrStep):
            out.append({"attr": step.name})
            continue
        key = step.key
        if key.type() is cty.String:
            out.append({"key": key.as_string()})
        elif key.type() is cty.Number:
            out.append({"index": int(key.as_big_float())})
        else:
            out.append({"elem": "?"})
    return out


def _marks(value: cty.Value) -> list[dict[str, Any]]:
    _, found = value.unmark_deep_with_paths()
    out = [{"path": _path(pm.path), "marks": sorted(str(m) for m in pm.marks)}
           for pm in found]
    return sorted(out, key=lambda m: json.dumps(m["path"], separators=(",", ":")))


_SUGGESTION = re.compile(r'^(There is no (?:variable|function) named "([^"]*)"\.) Did you mean '
                         r'"([^"]*)"\?$')


def _same_but_suggestion(got: tuple[Any, ...], want: tuple[Any, ...]) -> bool:
    """Whether two diagnostics differ only in which close name they suggest. HCL takes the
    first close name in Go's map order, which varies from run to run: any name HCL could have
    suggested (fewer than three edits away) is as right as the one it did
    (docs/design/divergences.md, SUGGESTION_ORDER)."""
    if got[0] != want[0] or got[2:] != want[2:]:
        return False
    g, w = _SUGGESTION.match(got[1]), _SUGGESTION.match(want[1])
    return (g is not None and w is not None and g.group(1) == w.group(1)
            and edit_distance(g.group(2), g.group(3)) < 3)


def _same_but_redacted(got: tuple[Any, ...], want: tuple[Any, ...]) -> bool:
    """Whether two diagnostics differ only where ours shows ``(sensitive value)`` for the
    quoted text of a marked argument in a function's error, which HCL quotes
    (docs/design/divergences.md, HCL_REDACTED_MARKED_TEXT)."""
    if got[0] != want[0] or got[2:] != want[2:] or REDACTED not in got[1]:
        return False
    pattern = re.escape(got[1]).replace(re.escape(REDACTED), r'"(?:[^"\\]|\\.)*"')
    return re.fullmatch(pattern, want[1]) is not None


def _same(got: tuple[Any, ...], want: tuple[Any, ...]) -> bool:
    return got == want or _same_but_suggestion(got, want) or _same_but_redacted(got, want)


def _same_diags(got: list[tuple[Any, ...]], want: list[tuple[Any, ...]]) -> bool:
    return len(got) == len(want) and all(
        _same(g, w) for g, w in zip(got, want, strict=True))


_PANIC = "panic in function implementation"


def _go_panicked(got: list[tuple[Any, ...]], want: list[tuple[Any, ...]]) -> bool:
    """Where a go-cty function panicked (HCL reports the panic, a Go stack trace in its
    detail), ours reports an error of its own for the same call (docs/design/divergences.md,
    HCL_FUNCTION_PANIC); the diagnostics before it must agree, and those after it (of an
    evaluation that went on from an unknown result) are not compared."""
    at = next((i for i, w in enumerate(want) if _PANIC in w[1]), None)
    if at is None or len(got) <= at:
        return False
    if not _same_diags(got[:at], want[:at]):
        return False
    mine = got[at]
    return (mine[0] in ("Invalid function argument", "Error in function call")
            and mine[3] == want[at][3])


def _text(case: dict[str, Any], diags: list[Any], expect: dict[str, Any]) -> str | None:
    """How our text writer's rendering differs from HCL's: without each diagnostic's
    expression and context (``text``), and with them, so with the "with NAME as VALUE" lines
    (``text_with_values``: absent from a vector where it is the same text)."""
    if "text_width" not in case or "text" not in expect:
        return None
    wanted = _want(expect.get("diags") or [])
    diags = list(diags)
    for i, (d, w) in enumerate(zip(diags, wanted, strict=False)):
        if _same(_got([d])[0], w):  # (HCL's words where the rules above let ours differ)
            diags[i] = dataclasses.replace(d, detail=w[1])
    width, color = case["text_width"], case.get("text_color", False)
    bare = [dataclasses.replace(d, expression=None, eval_context=None) for d in diags]
    got = format_diagnostics(bare, {FILENAME: case["expr"]}, width=width, color=color)
    if got != expect["text"]:
        return f"text {got!r} != {expect['text']!r}"
    got = format_diagnostics(diags, {FILENAME: case["expr"]}, width=width, color=color)
    want = expect.get("text_with_values", expect["text"])
    return None if got == want else f"text with values {got!r} != {want!r}"


def disagreement(case: dict[str, Any], expect: dict[str, Any]) -> str | None:
    """How our answer to *case* differs from HCL's *expect* (None: it does not)."""
    if "error" in expect or "panic" in expect:
        return f"the oracle could not answer: {expect}"
    parse = parse_template if case.get("template") else parse_expression
    try:
        expr = parse(case["expr"], FILENAME)
    except DiagnosticsError as e:
        if expect.get("stage") != "parse":
            return f"syntax error {_got(e.diagnostics)[0]} where HCL parsed"
        got, want = _got(e.diagnostics), _want(expect["diags"])
        if not _same_diags(got, want[:len(got)]):
            return f"parse diagnostics {got} != {want}"
        shown = _leading_text(expect, len(got))
        return _text(case, e.diagnostics, {**expect, "text": shown, "text_with_values": shown})
    if expect.get("stage") == "parse":
        return f"parsed, where HCL found {_want(expect['diags'])[0]}"
    value, diags = expr.value(context(case))
    if _go_panicked(_got(diags), _want(expect.get("diags") or [])):
        return None
    return evaluation_disagreement(value, diags, expect) or _text(case, diags, expect)


def evaluation_disagreement(value: cty.Value, diags: list[Any], expect: dict[str, Any]
                            ) -> str | None:
    """How an evaluation's *value* and *diags* differ from HCL's (*expect*'s "value" and
    "diags"), the documented rules aside (None: they do not)."""
    got_diags, want_diags = _got(diags), _want(expect.get("diags") or [])
    if _go_panicked(got_diags, want_diags):
        return None
    if not _same_diags(got_diags, want_diags):
        return f"diagnostics {got_diags} != {want_diags}"
    want = expect["value"]
    why = value_disagreement(value, want)
    if why is not None:
        return why
    if _marks(value) != (want.get("marks") or []):
        return f"marks {_marks(value)} != {want.get('marks')}"
    return None


def value_disagreement(value: cty.Value, want: dict[str, Any]) -> str | None:
    """How *value* (its marks aside) differs from the oracle's rendered value *want*: its
    type, and its msgpack bytes (refinements included) where the oracle could write them."""
    bare, _ = value.unmark_deep()
    if json.loads(cty.type_to_json(bare.type())) != want["type"]:
        return f"type {bare.type()!r} != {want['type']}"
    if "msgpack" in want and msgpack.marshal(bare, bare.type()).hex() != want["msgpack"]:
        return f"value {value!r} != {want.get('json')} ({want['msgpack']})"
    return None


def _leading_text(expect: dict[str, Any], n: int) -> str | None:
    """HCL's text for a syntax error's first *n* diagnostics (where HCL's recovery reads
    across a sequence's end, ours are the first of HCL's: docs/design/divergences.md,
    HCL_RECOVERY_ORDER): the text up to the heading of the one after them."""
    text = expect.get("text")
    return None if text is None else text_prefix(text, n)


def text_prefix(text: str, n: int) -> str:
    """HCL's *text* of its diagnostics written by its text writer, up to the heading of the
    diagnostic after the first *n*."""
    heading = "\x1b[31mError\x1b[0m: " if text.startswith("\x1b") else "Error: "
    at = 0
    for _ in range(n):
        at = text.find("\n" + heading, at + 1)
        if at < 0:
            return text
    return text[:at + 1]


HCL_RULES = {"HCL_FUNCTION_PANIC", "HCL_REDACTED_MARKED_TEXT", "SUGGESTION_ORDER",
             "HCL_RECOVERY_ORDER", "DECODE_ORDER", "DECODE_EMPTY_OPTIONAL"}
"""The differences from HCL these comparisons let through (one function each: above,
test_body_vectors.py's ``_recovery_first``, test_decode_vectors.py's ``_unordered``,
``_map_panic`` and ``_without_optional``)."""


def test_every_hcl_rule_has_its_paragraph() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "design" / "divergences.md"
            ).read_text()
    section = text.partition("\n## HCL\n")[2].partition("\n## ")[0]
    assert set(re.findall(r"^### ([A-Z0-9_]+)$", section, re.M)) == HCL_RULES


@pytest.mark.parametrize("line", LINES, ids=lambda line: line["case"]["expr"][:60])
def test_hcl_expression_vector(line: dict[str, Any]) -> None:
    assert disagreement(line["case"], line["expect"]) is None


@pytest.mark.parametrize("line", TEMPLATE_LINES, ids=lambda line: line["case"]["expr"][:60])
def test_hcl_template_vector(line: dict[str, Any]) -> None:
    assert disagreement(line["case"], line["expect"]) is None


RECOVERY_NOT_FOLLOWED = frozenset({
    # A parenthesis left open in a directive takes the sequence's closing brace for its own;
    # HCL's recovery then reads on past the quoted template inside the sequence of the
    # template around it (ours follows it where nothing but the file's end comes after).
    '\n%{ for x in st }\n${x}\n%{ endfor ~}${~ {a.b = "${false <= true~}${mu.name[*]~}%{if( '
    'un["1"]}y%{else}n%{endif}"} }\n',
    # A string opened inside a sequence runs on through the sequence's closing brace, where
    # HCL's scanner starts a directive inside that string.
    '${ dl["1].nope.nope ~}%{ for x in lu }\n${x}\n%{~ endfor ~}\n$${x}',
})
"""The committed texts HCL cannot parse where ours are not all of HCL's diagnostics (the
first of them: docs/design/divergences.md, HCL_RECOVERY_ORDER), with why."""


def test_syntax_errors_are_all_of_hcls_but_where_its_recovery_is_not_followed() -> None:
    partial = set()
    for line in [*LINES, *TEMPLATE_LINES]:
        case, expect = line["case"], line["expect"]
        if expect.get("stage") != "parse":
            continue
        parse = parse_template if case.get("template") else parse_expression
        with pytest.raises(DiagnosticsError) as e:
            parse(case["expr"], FILENAME)
        if not _same_diags(_got(e.value.diagnostics), _want(expect["diags"])):
            partial.add(case["expr"])
    assert partial == RECOVERY_NOT_FOLLOWED
