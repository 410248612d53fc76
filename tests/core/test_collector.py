"""Large builds and decodes run with the cyclic collector held off, and give it back as it was.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import pytest

import cty
from cty import _from_python
from cty._collector import LARGE_INPUT, LARGE_ITEMS, PAUSED
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack

ROWS = cty.List(cty.Object({"name": cty.String, "tags": cty.Map(cty.String),
                            "zones": cty.Set(cty.String), "n": cty.Number}))


def _rows(n: int) -> list[dict[str, Any]]:
    return [{"name": f"r{i}", "tags": {"k": str(i)}, "zones": {"a", f"z{i % 3}"}, "n": i}
            for i in range(n)]


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The generations collected while the test runs (the collector's own callbacks), by
    collections this thread started: another thread's work (a thread an earlier test left
    running, say) may start one between the test's gc.collect() and the build's pause."""
    seen: list[int] = []
    here = threading.get_ident()

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and threading.get_ident() == here:
            seen.append(info["generation"])

    gc.callbacks.append(note)
    try:
        yield seen
    finally:
        gc.callbacks.remove(note)


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_given_back_as_it_was(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        with PAUSED:
            assert not gc.isenabled()
            with PAUSED:
                assert not gc.isenabled()
            assert not gc.isenabled()  # the outer hold still stands
        assert gc.isenabled() is enabled
        with pytest.raises(ZeroDivisionError), PAUSED:
            1 / 0  # noqa: B018
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_holds_in_several_threads_end_with_the_last() -> None:
    assert gc.isenabled()
    entered = threading.Barrier(3)
    release = threading.Event()

    def hold() -> None:
        with PAUSED:
            entered.wait()
            release.wait()

    threads = [threading.Thread(target=hold) for _ in range(2)]
    for t in threads:
        t.start()
    entered.wait()
    assert not gc.isenabled()
    release.set()
    for t in threads:
        t.join()
    assert gc.isenabled()


def _inputs() -> dict[str, tuple[Callable[[Any], cty.Value], Any]]:
    data = _rows(5_000)
    value = cty.from_python(data, ROWS)
    return {
        "from_python": (lambda d: cty.from_python(d, ROWS), data),
        "msgpack": (lambda b: cty_msgpack.unmarshal(b, ROWS), cty_msgpack.marshal(value, ROWS)),
        "json": (lambda b: cty_json.unmarshal(b, ROWS), cty_json.marshal(value, ROWS)),
    }


@pytest.mark.parametrize("name", ["from_python", "msgpack", "json"])
def test_a_large_build_starts_no_collection(name: str, collections: list[int]) -> None:
    # Without the hold, the 5,000 rows' 20,000 containers would start dozens of collections.
    work, given = _inputs()[name]
    assert name == "from_python" or len(given) >= LARGE_INPUT
    assert gc.isenabled()
    gc.collect()
    before = len(collections)
    v = work(given)
    during = len(collections) - before
    assert during == 0
    assert v.length_int() == 5_000
    assert gc.isenabled()


def test_without_the_hold_the_same_build_collects(collections: list[int]) -> None:
    # The measure above can see collections: the same work, the hold made a no-op, starts some.
    work, given = _inputs()["from_python"]
    gc.collect()
    before = len(collections)
    with mock.patch.object(_from_python, "PAUSED", contextlib.nullcontext()):
        work(given)
    assert len(collections) - before > 0


def test_a_failing_build_gives_the_collector_back() -> None:
    bad = _rows(10)
    bad[7]["n"] = "seven"
    with pytest.raises(cty.PathError, match=r"\[7\]\.n"):
        cty.from_python(bad, ROWS)
    assert gc.isenabled()
    with pytest.raises(cty_json.DecodeError):
        cty_json.unmarshal(b"[" + b'{"name":"x"},' * 2_000 + b"1]", ROWS)
    assert gc.isenabled()


def test_only_a_build_of_many_items_pauses() -> None:
    entered: list[bool] = []

    class Counting:
        def __enter__(self) -> None:
            entered.append(True)

        def __exit__(self, *exc: object) -> None:
            pass

    with mock.patch.object(_from_python, "PAUSED", Counting()):
        cty.from_python(_rows(3), ROWS)  # a pause would cost more than it saves
        assert entered == []
        cty.from_python(_rows(LARGE_ITEMS), ROWS)
        assert entered == [True]
