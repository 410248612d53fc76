"""cty.hcl against python-hcl2 (parsing) and HCL in Go (parsing and evaluation), on the same
work.

    HCLORACLE_SHIMS=$PWD/tests/oracle_shims/hcl HCLORACLE_BUILD_DIR=/tmp/hcloracle_eval \\
        sh ../shared/oracle/hcl/build.sh
    python benchmarks/bench_hcl.py [--oracle /tmp/hcloracle_eval/hcloracle] [--rounds 5]

The work, made with a fixed seed:

* a configuration file of 10,000 attributes and blocks: 50 ``locals`` blocks of 100
  attributes each (templates, function calls, ``for`` expressions, arithmetic, objects, all
  reading variables), and 1,000 ``resource`` blocks of 4 attributes each that read the
  locals and the variables (about 600 KB of text);
* 100,000 small expressions (operators, calls, templates, conditionals, ``for``, index
  steps), each parsed and evaluated on its own.

Contenders, each the best of ``--rounds`` rounds in one process:

* parsing the file: ``cty.hcl.parse_config``; ``hcl2.loads`` (python-hcl2, which parses into
  dicts and evaluates nothing; the ``bench`` extra installs it); HCL's ``ParseConfig`` in Go;
* evaluating it: parsing it again, then its content against a schema of the two block
  types, every local in a context of the variables and go-cty's standard library, then
  every resource attribute in a context of the variables and the locals (``cty.hcl``: the
  public API as an evaluator would call it; Go: hclsyntax and hcl.EvalContext, through the
  HCL oracle's ``bench`` op, tests/oracle_shims/hcl/zz_bench.go);
* the small expressions: each parsed and evaluated (``parse_expression(text).value(ctx)``;
  Go: ``ParseExpression`` and ``Value``);
* and what ``import cty.hcl`` costs: its own import (lazy: no module of it loads), and the
  first use (``from cty.hcl import parse_config, EvalContext`` after ``import cty``), each
  in a fresh process (best of ten, with bytecode caches written as an install has them).

Results: benchmarks/results/bench_hcl.txt.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cty
from cty.function.stdlib import FUNCTIONS
from cty.hcl import (
    TRY_FUNCTIONS,
    BlockHeaderSchema,
    BodySchema,
    EvalContext,
    parse_config,
    parse_expression,
)

VARIABLES: dict[str, Any] = {
    "prefix": "web", "count": 3, "enabled": True,
    "names": ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
              "kappa"],
    "tags": {"env": "prod", "team": "core", "owner": "ops", "cost": "42", "tier": "gold"}}
"""The variables every evaluation reads (``var`` in the file; by name in the expressions)."""

LOCAL_FORMS = [
    '"${{var.prefix}}-{i}"',
    "upper(var.names[{m}])",
    '[for n in var.names : "${{n}}-{i}" if strlen(n) > 4]',
    "var.count * {i} + 1",
    "{{name = var.prefix, index = {i}, tags = var.tags}}",
    'join(",", [for k, v in var.tags : "${{k}}=${{v}}"])',
    'var.enabled ? "on-{i}" : "off"',
    'format("%s-%03d", var.names[{m}], {i})',
]
RESOURCE_FORMS = [
    "name = local.l{a}",
    "count = length(local.l{b})",
    'tags = merge(var.tags, {{Name = "r{j}", Index = local.l{c}}})',
    'desc = "${{var.prefix}} {j} ${{upper(var.names[{m}])}} %{{if var.enabled}}on%{{endif}}"',
]
EXPRESSION_FORMS = [
    "count + {i}", "count * {i} - 1 >= {i}", 'upper(names[{m}])', '"${{prefix}}-{i}"',
    "enabled && count > {m}", "names[{m}]", "tags.env", 'length(names) + {i}',
    '[for n in names : n if strlen(n) > {m}]', '{{a = {i}, b = prefix}}',
    'count > {m} ? "big" : "small"', 'join("-", [prefix, "{i}"])', "max(count, {i}, {m})",
    '"${{tags.team}}:${{count + {i}}}"', "-count + {i} * 2", '!enabled || count == {m}',
]
SCHEMA = BodySchema(blocks=[BlockHeaderSchema("locals"),
                            BlockHeaderSchema("resource", ["type", "name"])])


def make_config(seed: int = 49) -> str:
    """The configuration file: 50 locals blocks of 100 attributes, 1,000 resource blocks of 4
    attributes (each reading a local of the kind it needs)."""
    rng = random.Random(seed)
    out = []
    kinds: dict[int, list[int]] = {}
    for block in range(50):
        out.append("locals {")
        for k in range(100):
            i = block * 100 + k
            kind = rng.randrange(len(LOCAL_FORMS))
            kinds.setdefault(kind, []).append(i)
            out.append(f"  l{i} = " + LOCAL_FORMS[kind].format(i=i, m=rng.randrange(10)))
        out.append("}\n")
    strings, lists = kinds[0] + kinds[1] + kinds[5], kinds[2]
    for j in range(1000):
        out.append(f'resource "aws_instance" "r{j}" {{')
        for form in RESOURCE_FORMS:
            out.append("  " + form.format(a=rng.choice(strings), b=rng.choice(lists),
                                          c=rng.choice(strings), j=j, m=rng.randrange(10)))
        out.append("}\n")
    return "\n".join(out)


def make_expressions(n: int = 100_000, seed: int = 49) -> list[str]:
    """*n* small expressions of the forms above."""
    rng = random.Random(seed)
    return [rng.choice(EXPRESSION_FORMS).format(i=rng.randrange(1000), m=rng.randrange(10))
            for _ in range(n)]


def evaluate_config(text: str) -> int:
    """The file parsed and evaluated as the Go side does it; the number of diagnostics."""
    functions = {**FUNCTIONS, **TRY_FUNCTIONS}
    var = cty.from_python(VARIABLES)
    content = parse_config(text, "main.hcl").body.content(SCHEMA)
    ctx = EvalContext(variables={"var": var}, functions=functions)
    locals_: dict[str, cty.Value] = {}
    problems = 0
    for block in content.blocks:
        if block.type == "locals":
            for name, attr in block.body.attributes().items():
                locals_[name], diags = attr.expression.value(ctx)
                problems += len(diags)
    ctx = EvalContext(variables={"var": var, "local": cty.object_val(locals_)},
                      functions=functions)
    for block in content.blocks:
        if block.type == "resource":
            for attr in block.body.attributes().values():
                _, diags = attr.expression.value(ctx)
                problems += len(diags)
    return problems


def evaluate_expressions(texts: list[str]) -> int:
    """Each expression parsed and evaluated; the number of diagnostics."""
    ctx = EvalContext(variables=VARIABLES, functions={**FUNCTIONS, **TRY_FUNCTIONS})
    return sum(len(parse_expression(t).value(ctx)[1]) for t in texts)


def best(fn: Callable[[], object], rounds: int) -> float:
    """The best of *rounds* timings of *fn*, in seconds."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def go_timings(oracle: str, text: str, exprs: list[str], rounds: int) -> dict[str, Any]:
    """HCL in Go doing the same work, through the oracle's bench op."""
    variables = {}
    for name, value in VARIABLES.items():
        ty = cty.type_to_json(cty.from_python(value).type())
        variables[name] = {"type": json.loads(ty), "value": value}
    request = {"op": "bench", "expr": text, "exprs": exprs, "variables": variables,
               "rounds": rounds}
    out = subprocess.run([oracle], input=json.dumps(request) + "\n", capture_output=True,
                         text=True, check=True).stdout
    answer: dict[str, Any] = json.loads(out)
    if answer.get("error") or answer.get("op") != "bench":
        raise SystemExit(f"the oracle could not time the work: {answer}")
    return answer


def import_times() -> tuple[float, float]:
    """The best of ten fresh processes' cost of ``import cty.hcl`` after ``import cty``, and
    of its first use (``from cty.hcl import parse_config, EvalContext``), with the modules'
    bytecode cached as an installed package's is."""
    probe = ("import time; import cty; t0 = time.perf_counter(); import cty.hcl; "
             "t1 = time.perf_counter(); from cty.hcl import parse_config, EvalContext; "
             "t2 = time.perf_counter(); print(t1 - t0, t2 - t1)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    runs = [tuple(map(float, subprocess.run([sys.executable, "-c", probe], capture_output=True,
                                            text=True, check=True, env=env).stdout.split()))
            for _ in range(11)][1:]  # (the first writes the bytecode caches an install has)
    return min(r[0] for r in runs), min(r[1] for r in runs)


def main() -> None:
    """Time every contender and print the table and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", default="/tmp/hcloracle_eval/hcloracle")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    text, exprs = make_config(), make_expressions()
    assert evaluate_config(text) == 0 and evaluate_expressions(exprs[:2000]) == 0
    rows: dict[str, float] = {}
    rows["parse: cty.hcl.parse_config"] = best(lambda: parse_config(text, "main.hcl"),
                                               args.rounds)
    try:
        import hcl2  # (the bench extra's)
    except ImportError:
        print("python-hcl2 is not installed (pip install -e '.[bench]'): left out")
    else:
        rows["parse: hcl2.loads (python-hcl2)"] = best(lambda: hcl2.loads(text), args.rounds)
    rows["evaluate: cty.hcl"] = best(lambda: evaluate_config(text), args.rounds)
    rows["100,000 expressions: cty.hcl"] = best(lambda: evaluate_expressions(exprs),
                                                args.rounds)
    if Path(args.oracle).exists():
        go = go_timings(args.oracle, text, exprs, args.rounds)
        assert go["diags"] == 0, go
        rows["parse: HCL in Go"] = go["parse_ns"] / 1e9
        rows["evaluate: HCL in Go"] = go["eval_ns"] / 1e9
        rows["100,000 expressions: HCL in Go"] = go["exprs_ns"] / 1e9
    else:
        print(f"no HCL oracle at {args.oracle}: Go left out")
    lazy, first_use = import_times()
    print(f"configuration: {len(text):,} bytes, 10,000 attributes and blocks; "
          f"best of {args.rounds} rounds")
    for name, seconds in rows.items():
        print(f"  {name:<36} {seconds * 1000:10.1f} ms")
    print(f"  {'import cty.hcl (after import cty)':<36} {lazy * 1000:10.2f} ms")
    print(f"  {'first use (parse_config, EvalContext)':<36} {first_use * 1000:10.1f} ms")
    ours = rows["parse: cty.hcl.parse_config"]
    if "parse: hcl2.loads (python-hcl2)" in rows:
        print(f"parsing: python-hcl2 / cty.hcl = "
              f"{rows['parse: hcl2.loads (python-hcl2)'] / ours:.1f}x (target: at least 5x)")
    if "evaluate: HCL in Go" in rows:
        print(f"parsing: cty.hcl / Go = {ours / rows['parse: HCL in Go']:.1f}x")
        print(f"evaluation: cty.hcl / Go = "
              f"{rows['evaluate: cty.hcl'] / rows['evaluate: HCL in Go']:.1f}x "
              "(target: within 10x)")
        small = rows["100,000 expressions: cty.hcl"] / rows["100,000 expressions: HCL in Go"]
        print(f"small expressions: cty.hcl / Go = {small:.1f}x")


if __name__ == "__main__":
    main()
