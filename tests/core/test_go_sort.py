"""cty._go_sort: Go's sort.SliceStable step for step, judged by what Go itself answered.

The relations are not strict weak orders (random, or an order with noise), so any other stable
sort algorithm gives other answers: go-cty's set order depends on this one's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cty._go_sort import go_stable_sort

CASES = [
    json.loads(line)
    for line in (Path(__file__).resolve().parents[1] / "vectors" / "go_stable_sort.jsonl")
    .read_text(encoding="ascii").splitlines()
]


def test_the_cases_reach_every_step() -> None:
    sizes = {c["n"] for c in CASES}
    assert {0, 1, 20, 21, 41, 161} <= sizes  # (insertion blocks, each merge shape)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"n{c['n']}")
def test_it_sorts_as_go_does(case: dict[str, object]) -> None:
    n = case["n"]
    bits = case["less"]
    assert isinstance(n, int) and isinstance(bits, str)
    data = list(range(n))
    go_stable_sort(data, lambda i, j: bits[i * n + j] == "1")
    assert data == case["expect"]


def test_on_a_strict_weak_order_it_is_a_stable_sort() -> None:
    data = [(k % 7, i) for i, k in enumerate(range(100, 0, -1))]
    expect = sorted(data, key=lambda x: x[0])
    go_stable_sort(data, lambda a, b: a[0] < b[0])
    assert data == expect
