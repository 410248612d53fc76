"""Threads at depth: four threads work on values thousands of levels deep at once.

Each deep operation that outgrows Python's recursion limit continues on a chain of helper
threads (cty._deep), never by changing the process-wide recursion limit, which would strand any
other thread deeper than a lowered limit ("Fatal Python error: Cannot recover from stack
overflow", an abort no handler can catch). The hammer runs in a child interpreter so that an
abort fails this test instead of ending the whole run.
"""

from __future__ import annotations

import ast
import contextvars
import subprocess
import sys
import textwrap
import threading

import pytest

import cty
from cty._deep import deep

HAMMER = textwrap.dedent('''
    import sys, threading
    import cty

    def build(n):
        v = cty.number_int_val(1)
        for i in range(n):
            if i % 4 == 0:
                v = cty.object_val({"a": v, "b": cty.unknown_val(cty.String)})
            elif i % 4 == 1:
                v = cty.map_val({"k": v})
            elif i % 4 == 2:
                v = cty.tuple_val([v, cty.True_])
            else:
                v = cty.list_val([v])
        return v

    def work(n):
        v, twin = build(n), build(n)
        marked = v.mark("secret")
        return (len(cty.format_value(v)), v == twin, hash(v) == hash(twin),
                v.equals(twin).is_known(), marked.unmark_deep()[0] == v,
                cty.unknown_as_null(v).is_wholly_known(), v.is_wholly_known(),
                marked.contains_marked(), marked.has_mark_deep("secret"),
                len(cty.type_string(v.type())), len(cty.type_to_json(v.type())))

    depths = [int(a) for a in sys.argv[1:]]
    expected = {n: work(n) for n in set(depths)}
    got = {}
    limits_seen = set()

    def run(k, n):
        got[k] = work(n)
        limits_seen.add(sys.getrecursionlimit())

    for _ in range(2):
        threads = [threading.Thread(target=run, args=(k, n)) for k, n in enumerate(depths)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for k, n in enumerate(depths):
            assert got[k] == expected[n], (n, got[k], expected[n])
    print("limits", sorted(limits_seen))
    print("answers", [expected[n] for n in depths])
''')


def test_four_threads_on_values_thousands_deep_agree_and_never_abort() -> None:
    depths = ["2000", "3000", "6000", "9000"]
    done = subprocess.run([sys.executable, "-c", HAMMER, *depths], capture_output=True, check=False,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert lines["limits"] == f"[{sys.getrecursionlimit()}]"  # never changed, seen from any thread
    answers = ast.literal_eval(lines["answers"])
    for n, answer in zip(depths, answers, strict=True):
        # printed length; ==, hash, equals known (no: unknowns inside), unmark_deep,
        # unknown_as_null wholly known, is_wholly_known, contains_marked, has_mark_deep
        assert answer[0] > int(n)
        assert answer[1:9] == (True, True, False, True, True, False, True, True), n


def test_deep_work_changes_no_process_wide_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    monkeypatch.setattr(sys, "setrecursionlimit", calls.append)
    v = cty.number_int_val(1)
    for _ in range(5_000):
        v = cty.list_val([v])
    assert cty.format_value(v).count("[") == 5_000
    assert v == cty.list_val(list(v))
    assert hash(v) == hash(cty.list_val(list(v)))
    assert cty.unknown_as_null(v) == v
    assert calls == []


_where: contextvars.ContextVar[str] = contextvars.ContextVar("test_where", default="")


def test_context_flows_down_the_chain_and_back_up() -> None:
    seen_at_bottom: list[tuple[str, str]] = []

    @deep
    def down(n: int) -> int:
        if n == 0:
            seen_at_bottom.append((_where.get(), threading.current_thread().name))
            _where.set("set at the bottom")
            return 0
        return 1 + down(n - 1)

    token = _where.set("set by the caller")
    try:
        assert down(20_000) == 20_000
        assert _where.get() == "set at the bottom"
    finally:
        _where.reset(token)
    (where, thread), = seen_at_bottom
    assert where == "set by the caller"
    assert thread.startswith("cty-deep-")  # the bottom ran on a helper thread of a chain...
    assert int(thread.rsplit("-", 1)[1]) > 10  # ... many threads down


def test_past_max_depth_a_chain_ends_with_a_clear_error() -> None:
    @deep
    def down(n: int) -> int:
        return 0 if n == 0 else 1 + down(n - 1)

    old = cty.limits()
    cty.set_limits(max_depth=100)
    try:
        with pytest.raises(cty.CtyValueError, match=r"nested too deeply.*max_depth=100"):
            down(50_000)
    finally:
        cty.set_limits(old)
