"""The batching of table-driven tests (tests/_batches.py) loses no case and hides no failure."""

from __future__ import annotations

import pytest

from ._batches import batches, run_batch


def test_batches_keep_every_case_in_order_and_never_mix_groups() -> None:
    ids = [f"a:{i}" for i in range(5)] + [f"b:{i}" for i in range(3)]
    params = batches(list(range(8)), ids, size=2, group=lambda cid: cid[0])
    got = [p.values[0] for p in params]
    assert [[c for _, c in b] for b in got] == [[0, 1], [2, 3], [4], [5, 6], [7]]
    assert [p.id for p in params] == ["a:0..a:1", "a:2..a:3", "a:4", "b:0..b:1", "b:2"]


def test_a_batch_fails_naming_every_failing_case(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CTY_CASE", raising=False)

    def check(n: int) -> None:
        assert n % 3, f"{n} is a multiple of three"
        if n == 4:
            raise KeyError("four")

    batch = [(f"case-{n}", n) for n in range(1, 7)]
    with pytest.raises(pytest.fail.Exception) as e:
        run_batch(batch, check)
    text = str(e.value)
    assert "3 of 6 cases failed" in text
    assert "case-3: 3 is a multiple of three" in text and "case-6: 6 is" in text
    assert "case-4: KeyError: 'four'" in text
    run_batch([("ok", 1)], check)  # nothing fails: no error


def test_cty_case_runs_only_the_named_cases(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    monkeypatch.setenv("CTY_CASE", "case-2")
    run_batch([(f"case-{n}", n) for n in range(1, 4)], seen.append)
    assert seen == [2]
