"""Make tests/vectors/hcl_eval.jsonl and hcl_variables.jsonl: HCL v2.24's answers for
expressions evaluated in contexts of variables and go-cty's standard library, and for the
variables expressions refer to (hclsyntax.Variables), through the HCL oracle with the shim
tests/oracle_shims/hcl/zz_eval.go.

    HCLORACLE_SHIMS=$PWD/tests/oracle_shims/hcl HCLORACLE_BUILD_DIR=/tmp/hcloracle_eval \\
        sh ../shared/oracle/hcl/build.sh
    python -m tests.vectors.tools.make_hcl_eval /tmp/hcloracle_eval/hcloracle

The cases: hand-written ones (variables and functions found, missing, not allowed; nil and
empty maps; calls with too few, too many, unconvertible and expanded arguments; for
expressions and splats over variables), then generated calls of every function of the
standard library with one argument fewer, as many and one more than it takes, drawn from a
pool of literals and variables (seeded: the same file every time). A case's variables
"standard" stand for VARIABLES, its functions "stdlib" for the whole standard library.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from cty.function.stdlib import FUNCTIONS

OUT = Path(__file__).resolve().parents[1] / "hcl_eval.jsonl"
VARIABLES_OUT = Path(__file__).resolve().parents[1] / "hcl_variables.jsonl"
DEFAULT = "/tmp/hcloracle_eval/hcloracle"

VARIABLES: dict[str, Any] = {
    "name": {"type": "string", "value": "web"},
    "count": {"type": "number", "value": 2},
    "xs": {"type": ["list", "number"], "value": [1, 5, 3]},
    "names": {"type": ["list", "string"], "value": ["b", "a"]},
    "tags": {"type": ["map", "string"], "value": {"env": "prod", "team": "a"}},
    "obj": {"type": ["object", {"a": "number", "b": "string"}], "value": {"a": 1, "b": "x"}},
    "nothing": {"type": "dynamic", "value": None},
    "empty": {"type": ["list", "string"], "value": []},
    "s": {"type": ["set", "string"], "value": ["p", "q"]},
    "tup": {"type": ["tuple", ["string", "number"]], "value": ["t", 9]},
}

HAND: list[tuple[str, bool, bool]] = [
    # (expression, with variables, with functions)
    ("name", True, True), ("name", False, True), ("nmae", True, True), ("zzz", True, False),
    ("obj.a + count", True, False), ("obj.c", True, False), ("tags.env", True, False),
    ('tags["team"]', True, False), ("tags.nope", True, False), ("xs[1]", True, False),
    ("xs[5]", True, False), ("names[0]", True, False), ("tup[1]", True, False),
    ('"${name}-${count + 1}"', True, False), ("[for x in xs: x * count]", True, False),
    ("[for i, n in names: \"${i}${n}\"]", True, False), ("{for k, v in tags: v => k}", True, False),
    ("[for x in xs: y]", True, False), ("[for x in xs: y]", False, False),
    ("obj[*].a", True, False), ("[obj, obj][*].b", True, False), ("nothing == null", True, False),
    ("count > 1 ? name : \"small\"", True, False), ("upper(name)", True, True),
    ("upper(name)", True, False), ("upper()", True, True), ('upper("a", "b")', True, True),
    ("upper([])", True, True), ("uppr(name)", True, True), ("nosuchthing(1)", True, True),
    ("ns::f(1)", True, True), ("max(xs...)", True, True), ("max(0, xs...)", True, True),
    ("max(name...)", True, True), ("max(nothing...)", True, True), ("max(empty...)", True, True),
    ("concat(names, [\"c\"])", True, True), ("length(tags)", True, True),
    ("element(empty, 0)", True, True), ("element(names, 1)", True, True),
    ("join(\"-\", names)", True, True), ("join(\"-\", s)", True, True),
    ("format(\"%s=%d\", name, count)", True, True), ("format(\"%d\", name)", True, True),
    ("coalesce(nothing, name)", True, True), ("lookup(tags, \"env\", \"x\")", True, True),
    ("lookup(tags, \"nope\")", True, True), ("split(\",\", \"a,b\")[1]", True, True),
    ("substr(name, 0, 2)", True, True), ("jsonencode(obj)", True, True),
    ("jsondecode(\"{\\\"a\\\": [1]}\").a[0]", True, True), ("tolist(s)", True, True),
    ("toset(names)", True, True), ("tomap(obj)", True, True), ("tonumber(\"x\")", True, True),
    ("regex(\"[a-z]+\", \"123abc\")", True, True), ("regex(\"(\", \"x\")", True, True),
    ("range(3)", True, True), ("range(1, 10, 0)", True, True), ("chunklist(xs, 2)", True, True),
    ("chunklist(xs, -1)", True, True), ("min()", True, True), ("upper(1)", True, True),
    ("[for x in xs: upper(x)]", True, True), ("upper(upper(upper(name)))", True, True),
    ("merge(obj, {c = 1})", True, True), ("keys(obj)", True, True),
    ("zipmap(names, xs)", True, True),
    ("setunion(s, [\"r\"])", True, True), ("flatten([xs, [xs]])", True, True),
]

POOL = ["1", "-1", "1.5", "0", '"a"', '"1"', '""', "true", "null", "[1, 2]", '["a", "b"]',
        "[]", "{a = 1}", '{a = "x"}', "name", "count", "xs", "names", "tags", "obj", "s", "tup",
        "nothing", "empty"]


def cases(seed: int = 49, tries: int = 3, hand: bool = True) -> list[dict[str, Any]]:
    """Every case, with ids: the hand-written ones (with *hand*), then *tries* generated calls
    for each function and argument count, drawn with *seed*."""
    out: list[dict[str, Any]] = []
    for text, with_vars, with_funcs in HAND if hand else ():
        out.append({"expr": text, "variables": "standard" if with_vars else None,
                    "functions": "stdlib" if with_funcs else None})
    if hand:
        out.append({"expr": "1 + 1", "nil_ctx": True})
        out.append({"expr": "x", "nil_ctx": True})
        out.append({"expr": "f(1)", "nil_ctx": True})
        out.append({"expr": "x", "variables": {}})
        out.append({"expr": "f(1)", "functions": []})
    rng = random.Random(seed)
    for name in sorted(FUNCTIONS):
        f = FUNCTIONS[name]
        n = len(f.params())
        counts = sorted({max(0, n - 1), n, n + 1} | ({n + 2} if f.var_param() else set()))
        for k in counts:
            for _ in range(tries):
                args = [rng.choice(POOL) for _ in range(k)]
                if args and rng.random() < 0.15:
                    args[-1] = rng.choice(["xs", "names", "s", "tup", "empty", "name"]) + "..."
                out.append({"expr": f"{name}({', '.join(args)})", "variables": "standard",
                            "functions": "stdlib"})
    for i, c in enumerate(out):
        c["op"] = "eval"
        c["id"] = i
    return out


VARIABLE_EXPRESSIONS = [
    "a", "a.b", "a.b.c", "a[0]", "a.0", 'a["k"]', "a[true]", "a[null]", "a[-1]", "a[b]",
    "a[b].c", "a.b[c.d][0]", "a[*]", "a[*].b", "a.*.b.c", "a[*][0]", "f(a, b.c)", "f()",
    "true", "null", "1 + a", "!a", "-a.b", "a ? b : c.d", "(a).b", "(a.b)[0]", "[a, b]",
    "{a = b}", "{(a) = b}", '{"a" = b}', "{a.b = c}", "[for x in a: x]", "[for x in a: y]",
    "[for k, v in a: k if v]", "{for k, v in a: k => v...}", "{for k, v in a: b[k] => v}",
    "[for x in a: [for y in x: y + z]]", "[for x in a: x.b[*].c]", '"${a}-${b.c}"',
    '"%{ for x in a }${x}${y}%{ endfor }"', '"%{ if a }b%{ else }${c}%{ endif }"',
    "<<EOT\n${a.b}\nEOT\n", "a[b[c]]", "a[0][b][1]", "a.b[\"c\"].d[0]",
]


def variable_cases(seed: int = 49, n: int = 400) -> list[str]:
    """The expressions of the variables vectors: VARIABLE_EXPRESSIONS, then *n* drawn from a
    small grammar of traversals, calls, for expressions, splats, templates and operators."""
    rng = random.Random(seed)
    names = ["a", "b", "x", "k", "v"]

    def term(depth: int) -> str:
        r = rng.random()
        if depth > 3 or r < 0.3:
            base = rng.choice(names)
            for _ in range(rng.randint(0, 3)):
                step = rng.choice([".b", ".0", "[0]", '["s"]', "[KEY]", "[*]", ".*"])
                base += f"[{term(depth + 2)}]" if step == "[KEY]" else step
            return base
        if r < 0.45:
            return f"f({', '.join(term(depth + 1) for _ in range(rng.randint(0, 3)))})"
        if r < 0.6:
            key = rng.choice(["", "k, "])
            return (f"[for {key}v in {term(depth + 1)}: {term(depth + 1)}"
                    f"{' if ' + term(depth + 1) if rng.random() < 0.3 else ''}]")
        if r < 0.7:
            return f"{{for k, v in {term(depth + 1)}: {term(depth + 1)} => {term(depth + 1)}}}"
        if r < 0.8:
            return f'"${{{term(depth + 1)}}}-%{{ if {term(depth + 1)} }}y%{{ endif }}"'
        if r < 0.9:
            return f"{term(depth + 1)} ? {term(depth + 1)} : {term(depth + 1)}"
        return f"{{{rng.choice(names)} = {term(depth + 1)}, ({term(depth + 1)}) = 1}}"

    return VARIABLE_EXPRESSIONS + [term(0) for _ in range(n)]


def expanded(case: dict[str, Any]) -> dict[str, Any]:
    """*case* as the oracle takes it: "standard" variables are VARIABLES, "stdlib" functions
    every name of the standard library (the vectors keep the short forms)."""
    out = dict(case)
    if out.get("variables") == "standard":
        out["variables"] = VARIABLES
    if out.get("functions") == "stdlib":
        out["functions"] = sorted(FUNCTIONS)
    return out


def main() -> None:
    """Ask the oracle about every case and write the vectors."""
    oracle = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    todo = cases()
    query = "".join(json.dumps(expanded(c)) + "\n" for c in todo)
    lines = subprocess.run([oracle], input=query, capture_output=True, text=True,
                           check=True).stdout.rstrip("\n").split("\n")
    with OUT.open("w") as f:
        for case, line in zip(todo, lines, strict=True):
            expect = json.loads(line)
            assert expect.pop("id") == case.pop("id")
            case.pop("op")
            f.write(json.dumps({"case": case, "expect": expect}, sort_keys=True) + "\n")
    print(f"{len(todo)} cases written to {OUT}")
    texts = variable_cases()
    query = "".join(json.dumps({"op": "variables", "expr": t, "id": i}) + "\n"
                    for i, t in enumerate(texts))
    lines = subprocess.run([oracle], input=query, capture_output=True, text=True,
                           check=True).stdout.rstrip("\n").split("\n")
    with VARIABLES_OUT.open("w") as f:
        for i, (text, line) in enumerate(zip(texts, lines, strict=True)):
            expect = json.loads(line)
            assert expect.pop("id") == i
            f.write(json.dumps({"expr": text, "expect": expect}, sort_keys=True) + "\n")
    print(f"{len(texts)} expressions written to {VARIABLES_OUT}")


if __name__ == "__main__":
    main()
