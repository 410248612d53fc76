"""Make tests/vectors/wrangle.jsonl: go-cty 1.18.1's WrangleMarksDeep on generated values and
wrangle functions, through the oracle with the shim tests/oracle_shims/zz_wrangle.go.

Build that oracle (the shared one, with the shim copied into its shims118/ directory):

    cp -r ../shared/oracle /tmp/oracle_w && mkdir -p /tmp/oracle_w/shims118
    cp tests/oracle_shims/zz_wrangle.go /tmp/oracle_w/shims118/
    CTYORACLE_BUILD_DIR=/tmp/ctyoracle118w sh /tmp/oracle_w/build118.sh

then run ``python -m tests.vectors.tools.make_wrangle /tmp/ctyoracle118w/ctyoracle``.

Values are drawn by cty.testing.strategies (marks from four names, at any depth); each case has
one to three wrangle functions, each a list of rules (see the shim). A replacement mark is
never one of the four names, so the answer does not depend on the order in which go-cty visits
the marks of a value (Go's map order); errors are compared sorted.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cty.testing.strategies as cst
from tests._tvn import render, type_json

MARKS = ["a", "b", "c", "d"]
ACTIONS = [None, "keep", "drop", "expand", "replace"]
OUT = Path(__file__).resolve().parents[1] / "wrangle.jsonl"


def _rules(rng: random.Random) -> list[dict[str, Any]]:
    rules = []
    for mark in rng.sample(MARKS, rng.randint(1, 4)):
        rule: dict[str, Any] = {"mark": mark, "action": rng.choice(ACTIONS)}
        if rule["action"] == "replace":
            rule["to"] = rng.choice(["r1", "r2"])
        if rng.random() < 0.3:
            rule["depth"] = rng.randint(0, 3)
        if rng.random() < 0.25:
            rule["error"] = True
        rules.append(rule)
    return rules


def cases(n: int, seed: int = 17) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []

    @settings(max_examples=n, database=None, derandomize=True, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(cst.types(max_depth=3).flatmap(
        lambda t: cst.values(t, marks=st.sets(st.sampled_from(MARKS), max_size=3))))
    def collect(v: Any) -> None:
        r = render(v)
        funcs = [_rules(rng) for _ in range(rng.randint(1, 3))]
        out.append({"id": f"w-wrangle-{len(out) + 1:04d}", "op": "wrangle",
                    "type": type_json(v.type()), "value": r["value"], "funcs": funcs})

    collect()
    return out


def main(oracle: str, n: int = 600) -> None:
    todo = cases(n)
    text = "".join(json.dumps(c) + "\n" for c in todo)
    answers = subprocess.run([oracle], input=text, capture_output=True, text=True,
                             check=True).stdout.splitlines()
    assert len(answers) == len(todo)
    with OUT.open("w", encoding="ascii") as f:
        for case, line in zip(todo, answers, strict=True):
            expect = json.loads(line)
            expect.pop("id", None)
            f.write(json.dumps({**case, "expect": expect}, ensure_ascii=True,
                               separators=(",", ":")) + "\n")
    print(f"{len(todo)} lines in {OUT}")


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:]))
