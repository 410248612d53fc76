"""Make tests/vectors/hcl_expressions.jsonl.gz: HCL v2.24's answers for expressions drawn from
the grammar in tests/vectors/tools/hcl_grammar.py (every form of the native syntax, over
variables with unknowns, marks, nulls and dynamic values; malformed and deeply nested text
among them), through the HCL oracle's eval shim (tests/oracle_shims/hcl/zz_eval.go); and
tests/vectors/hcl_templates.jsonl.gz: its answers for template files drawn from the same
grammar (hclsyntax's ParseTemplate, then evaluation); and tests/vectors/hcl_traversals.jsonl.gz:
its answers (hclsyntax's ParseTraversalAbs) for drawn traversals.

    HCLORACLE_SHIMS=$PWD/tests/oracle_shims/hcl HCLORACLE_BUILD_DIR=/tmp/hcloracle_eval \\
        sh ../shared/oracle/hcl/build.sh
    python -m tests.vectors.tools.make_hcl_expressions /tmp/hcloracle_eval/hcloracle [N]

Every fourth case (but the deeply nested) also asks for the diagnostics as HCL's text writer
writes them (widths 0, 40 and 78 in turn, in color every other time). The cases are seeded:
the same file every time for the same N (default 20,000 expressions; 5,000 templates).
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from cty.function.stdlib import FUNCTIONS
from cty.hcl import TRY_FUNCTIONS
from tests.vectors.tools.hcl_grammar import expressions, templates, traversals, variables_in

OUT = Path(__file__).resolve().parents[1] / "hcl_expressions.jsonl.gz"
"""Gzipped (10 MB of JSON lines, a tenth of it compressed; made without a timestamp, so the
same cases give the same bytes)."""
TEMPLATES_OUT = OUT.with_name("hcl_templates.jsonl.gz")
TRAVERSALS_OUT = OUT.with_name("hcl_traversals.jsonl.gz")
HAND: list[tuple[str, bool]] = [
    # (text, as a template file): carriage returns, which HCL's scanner takes apart from
    # newlines (a lone one is an invalid character in an expression, a line break in a quoted
    # string, the end of what a heredoc can hold, and the start of literal text to the end
    # of a template file)
    ("1 +\r 2", False), ("1\r", False), ("[1,\r2]", False), ('"a\rb"', False),
    ('"a\r\nb"', False), ("<<EOT\na\rb\nEOT\n", False), ("<<EOT\na\rb\n\nEOT\n", False),
    ("1 \r\n+ 2", False), ("a\rb", True), ('a\r${"x"}', True), ('${"a"\r}', True),
    ("%\rb", True), ("$\r", True), ("a$\rb", True), ('a\r${"x"}\n\nb', True),
    ('${"a"}\r\n${~"b"}', True), ("\r$${x}%%%{y}$$$${z}", True),
    ("%{ if true }a%{ endif \rb}", True),
    # a "$" or "%", one character and a newline: two tokens to HCL's scanner
    ('${"a"}% \n${~ "x"}', True), ('${"a"}%\t\n${~ "x"}', True), ('${"a"}%%\n${~ "x"}', True),
    ('${"a"}$$\r\n${~ "x"}', True), ('<<EOT\n${"a"}% \n${~ "x"}\nEOT\n', False),
    ("<<-EOT\n  % \n   ${~ \"x\"}\n  EOT\n", False), ("$\n${ for", True),
]
"""Cases written by hand (in the templates' file), each in the rich environment with the
standard library."""
DEFAULT = "/tmp/hcloracle_eval/hcloracle"
SEED = 4949


def with_text(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """*cases* with every fourth asking for the text writer's rendering."""
    for i, case in enumerate(cases):
        if i % 4 == 0 and len(case["expr"]) < 1000:  # (not the deep ones: their lines are long)
            case["text_width"] = (0, 40, 78)[(i // 4) % 3]
            case["text_color"] = (i // 4) % 2 == 1
    return cases


def request(case: dict[str, Any], ident: int) -> dict[str, Any]:
    """The oracle's request for *case* (a traversal's: the traversal op's; a body's: the
    body op's, with its schema)."""
    if case.get("op") == "traversal":
        return {"op": "traversal", "id": ident, "expr": case["expr"]}
    out: dict[str, Any] = {"op": case.get("op", "eval"), "id": ident, "expr": case["expr"],
                           "variables": variables_in(case["env"]),
                           "functions": sorted([*FUNCTIONS, *TRY_FUNCTIONS]) if case["functions"]
                           else None}
    for key in ("text_width", "text_color", "template", "schema", "block"):
        if key in case:
            out[key] = case[key]
    return out


def ask(oracle: str, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The oracle's answers to *cases*, in order (ids checked)."""
    query = "".join(json.dumps(request(c, i)) + "\n" for i, c in enumerate(cases))
    lines = subprocess.run([oracle], input=query, capture_output=True, text=True,
                           check=True).stdout.rstrip("\n").split("\n")
    answers = [json.loads(line) for line in lines]
    for i, a in enumerate(answers):
        assert a.pop("id") == i, a
    return answers


def main() -> None:
    """Ask the oracle about every case and write the vectors."""
    oracle = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    for cases, out in ((with_text(expressions(SEED, n)), OUT),
                       (with_text(templates(SEED, n // 4) + [
                           {"expr": text, "env": "rich", "functions": True,
                            **({"template": True} if template else {})}
                           for text, template in HAND]), TEMPLATES_OUT)):
        lines = []
        for case, expect in zip(cases, ask(oracle, cases), strict=True):
            if expect.get("text_with_values") == expect.get("text"):
                expect.pop("text_with_values", None)  # (kept only where it differs)
            lines.append(json.dumps({"case": case, "expect": expect}, sort_keys=True) + "\n")
        out.write_bytes(gzip.compress("".join(lines).encode(), mtime=0))
        print(f"{len(cases)} cases written to {out}")
    cases = [{"op": "traversal", "expr": text} for text in traversals(SEED, n // 8)]
    TRAVERSALS_OUT.write_bytes(gzip.compress("".join(
        json.dumps({"case": case, "expect": expect}, sort_keys=True) + "\n"
        for case, expect in zip(cases, ask(oracle, cases), strict=True)).encode(), mtime=0))
    print(f"{len(cases)} cases written to {TRAVERSALS_OUT}")


if __name__ == "__main__":
    main()
