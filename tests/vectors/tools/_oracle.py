"""Asking the go-cty oracle (ctyoracle) from the tools that make vectors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

DEFAULT: str = "/tmp/ctyoracle118/ctyoracle"
"""Where ``sh ../shared/oracle/build118.sh`` puts the binary."""


def oracle_path() -> str:
    """The oracle binary: the first command-line argument, or DEFAULT."""
    return sys.argv[1] if len(sys.argv) > 1 else DEFAULT


def answered(oracle: str, cases: list[dict[str, Any]]) -> Iterator[tuple[dict[str, Any],
                                                                        dict[str, Any]]]:
    """Each of *cases* (with ids) and go-cty's answer to it, without the id; cases go-cty did
    not answer are left out (the oracle timed out, or the process died, out of memory: both
    depend on the machine). A nondeterministic answer is asked again, 200 runs, so that
    its variants are all there."""
    query = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases)
    lines = subprocess.run([oracle], input=query, capture_output=True, text=True,
                           check=True).stdout.rstrip("\n").split("\n")
    for case, line in zip(cases, lines, strict=True):
        expect = json.loads(line)
        assert expect.pop("id") == case["id"]
        if "timeout" in expect or "fatal" in expect:
            continue
        if expect.get("nondeterministic"):
            again = subprocess.run([oracle, "-repeat", "200"],
                                   input=json.dumps(case, ensure_ascii=False) + "\n",
                                   capture_output=True, text=True, check=True).stdout
            expect = json.loads(again)
            expect.pop("id")
        yield case, expect
