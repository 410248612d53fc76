"""Make tests/vectors/round4.jsonl: the cases of issue #47 ("exact and sound at every edge,
round four") and the CI differential's findings since, answered by go-cty 1.18.1.

Run by hand (not in CI), after ``sh ../shared/oracle/build118.sh`` has built the oracle:

    python tests/vectors/tools/make_round4.py [ORACLE_BINARY]

Each case is written as the oracle was asked, plus ``expect``, its answer (cases it timed out
on are left out). Ids are ``i47-<op>-<n>``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "round4.jsonl"

_UNKNOWN_SET = {"set": [{"unknown": True}, {"number": "1"}]}

CASES: list[dict[str, Any]] = [
    # a set of unknown length inside a collection converted to lists (SET_TO_LIST_UNKNOWN_NESTED;
    # the first from the CI differential, seed 2027)
    {"op": "convert", "type": ["list", ["set", "number"]], "value": {"marked": {"marks": ["m"], "value": {"list": [{"marked": {"marks": ["m"], "value": {"unknown": True, "refinement": {"not_null": True}}}}, {"set": []}, {"set": [{"number": "-4.824"}, {"unknown": True, "refinement": {"number_upper": "-70000000000000000000000000", "number_upper_inclusive": True}}, {"unknown": True}]}]}}}, "target": ["list", ["list", "string"]], "unsafe": False},  # noqa: E501
    {"op": "convert", "type": ["set", "number"], "value": _UNKNOWN_SET,
     "target": ["list", "string"], "unsafe": False},
    {"op": "convert", "type": ["list", ["set", "number"]], "value": {"list": [_UNKNOWN_SET]},
     "target": ["list", ["list", "string"]], "unsafe": False},
    {"op": "convert", "type": ["list", ["set", "number"]],
     "value": {"list": [_UNKNOWN_SET, {"set": []}]},
     "target": ["list", ["list", "string"]], "unsafe": False},
    {"op": "convert", "type": ["list", ["set", "number"]],
     "value": {"list": [_UNKNOWN_SET, {"set": [{"number": "2"}]}]},
     "target": ["list", ["list", "string"]], "unsafe": False},
    {"op": "convert", "type": ["map", ["set", "number"]],
     "value": {"map": {"a": _UNKNOWN_SET, "b": {"set": [{"number": "2"}]}}},
     "target": ["map", ["list", "string"]], "unsafe": False},
    {"op": "convert", "type": ["set", ["set", "number"]],
     "value": {"set": [_UNKNOWN_SET, {"set": [{"number": "2"}]}]},
     "target": ["set", ["list", "string"]], "unsafe": False},
    {"op": "convert", "type": ["list", ["set", "string"]],
     "value": {"list": [{"set": [{"unknown": True}]}, {"set": [{"string": "a"}]}]},
     "target": ["list", ["list", "string"]], "unsafe": True},
]
"""The cases, in order."""


def main() -> None:
    """Ask the oracle and write the file."""
    oracle = sys.argv[1] if len(sys.argv) > 1 else "/tmp/ctyoracle118/ctyoracle"
    counts: dict[str, int] = {}
    todo = []
    for case in CASES:
        counts[case["op"]] = counts.get(case["op"], 0) + 1
        todo.append({"id": f"i47-{case['op']}-{counts[case['op']]:03d}", **case})
    query = "".join(json.dumps(c) + "\n" for c in todo)
    answers = subprocess.run([oracle], input=query, capture_output=True, text=True,
                             check=True).stdout.rstrip("\n").split("\n")
    written = 0
    with OUT.open("w", encoding="ascii") as f:
        for case, answer in zip(todo, answers, strict=True):
            expect = json.loads(answer)
            assert expect.pop("id") == case["id"]
            if "timeout" in expect:
                continue
            f.write(json.dumps({**case, "expect": expect}, separators=(",", ":")) + "\n")
            written += 1
    print(f"{OUT}: {written} lines")


if __name__ == "__main__":
    main()
