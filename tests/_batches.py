"""Table-driven tests in batches: many cases per pytest test, every case still run and named.

Tens of thousands of one-line cases (go-cty's vectors, HCL's answers, the numbers on the wire)
cost pytest a millisecond or more each in its own machinery, several times what the cases
themselves take, and more again under pytest-xdist, whose controller hears of every test. A
batch runs its cases one after another and fails naming every case that failed, with that
case's own message, so nothing is lost but the per-case overhead.

    CASES = batches(cases, [c["id"] for c in cases])

    @pytest.mark.parametrize("batch", CASES)
    def test_each(batch: Batch) -> None:
        run_batch(batch, check_one)

A batch's id is its first and last case's ("ops.jsonl:1..ops.jsonl:250"), so ``-k`` still
selects by file. To run one case alone, set ``CTY_CASE`` to its id (or a part of it): every
batch then runs only the cases whose id holds that text.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

import pytest

Batch: TypeAlias = list[tuple[str, Any]]
"""A batch: (case id, case) pairs."""

BATCH_SIZE = 250
"""Cases per batch: a fraction of a second of work each, and few enough tests for xdist."""

_FAILURES_SHOWN = 40


def batches(cases: Sequence[Any], ids: Sequence[str], size: int = BATCH_SIZE,
            group: Callable[[str], str] | None = None) -> list[Any]:
    """Return pytest params of *cases* in batches of at most *size*, in order; with *group*
    (a case id to its group, such as its file), no batch holds cases of two groups."""
    if len(cases) != len(ids):
        raise ValueError(f"{len(cases)} cases but {len(ids)} ids")
    out: list[Any] = []
    current: Batch = []
    current_group: str | None = None
    for cid, case in zip(ids, cases, strict=True):
        g = group(cid) if group is not None else None
        if current and (len(current) >= size or g != current_group):
            out.append(_param(current))
            current = []
        current_group = g
        current.append((cid, case))
    if current:
        out.append(_param(current))
    return out


def _param(batch: Batch) -> Any:
    first, last = batch[0][0], batch[-1][0]
    return pytest.param(batch, id=first if first == last else f"{first}..{last}")


def run_batch(batch: Batch, check: Callable[[Any], object]) -> None:
    """Run *check* on every case of *batch*; fail naming each case that failed and why."""
    only = os.environ.get("CTY_CASE")
    failures: list[str] = []
    ran = 0
    for cid, case in batch:
        if only and only not in cid:
            continue
        ran += 1
        try:
            check(case)
        except (Exception, pytest.fail.Exception) as e:
            kind = "" if isinstance(e, AssertionError | pytest.fail.Exception) \
                else f"{type(e).__name__}: "
            failures.append(f"{cid}: {kind}{e}")
    if failures:
        shown = "\n\n".join(failures[:_FAILURES_SHOWN])
        more = len(failures) - _FAILURES_SHOWN
        pytest.fail(f"{len(failures)} of {ran} cases failed (CTY_CASE=ID runs one):\n\n{shown}"
                    + (f"\n\n... and {more} more" if more > 0 else ""), pytrace=False)
