"""Thread safety: eight threads hammer conversion, the encodings and Python data at once.

Every round uses types no thread has seen before (fresh attribute names), so the threads race
to build the same caches: interned types, conversion plans, encoder and decoder plans,
from_python builders, number contexts. Each thread's results must equal what one thread
computes afterwards with warm caches, byte for byte, and every round trip must give back its
value. The switch interval is lowered so threads interleave inside the library's code.

Threads at depth: four threads work on values thousands of levels deep at once. Each deep
operation that outgrows Python's recursion limit continues on a chain of helper threads
(cty._deep), never by changing the process-wide recursion limit, which would strand any other
thread deeper than a lowered limit ("Fatal Python error: Cannot recover from stack overflow", an
abort no handler can catch). Those hammers run in a child interpreter, so that an abort fails
the test instead of ending the whole run.
"""

from __future__ import annotations

import ast
import contextvars
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import cty
from cty import convert
from cty._deep import deep
from cty.encoding import gob
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack

pytestmark = pytest.mark.slow  # threads racing at depth

THREADS = 8
ROUNDS = 12


def _schema(r: int) -> cty.Type:
    """A resource type used first in round *r* (its attribute names are new in each round)."""
    return cty.Object({
        f"name_{r}": cty.String,
        f"port_{r}": cty.Number,
        f"tags_{r}": cty.Set(cty.String),
        f"env_{r}": cty.Map(cty.String),
        f"rules_{r}": cty.List(cty.Object({f"cidr_{r}": cty.String, f"open_{r}": cty.Bool})),
    })


def _data(r: int, n: int) -> list[dict[str, Any]]:
    return [{
        f"name_{r}": f"svc-{r}-{i}",
        f"port_{r}": 1000 + i * 7 + r,
        f"tags_{r}": {f"t{i % 5}", f"r{r}"},
        f"env_{r}": {"STAGE": "prod" if i % 2 else "dev", "N": str(i)},
        f"rules_{r}": [{f"cidr_{r}": f"10.{r}.{i}.0/24", f"open_{r}": i % 3 == 0}],
    } for i in range(n)]


def _work(r: int) -> tuple[Any, ...]:
    """One round's work; returns what it computed, in comparable form."""
    schema = _schema(r)
    ty = cty.List(schema)
    data = _data(r, 40)
    v = cty.from_python(data, ty)
    mp = cty_msgpack.marshal(v, ty)
    js = cty_json.marshal(v, ty)
    gb = gob.dumps(v)
    assert cty_msgpack.unmarshal(mp, ty) == v
    assert cty_json.unmarshal(js, ty) == v
    assert gob.loads(gb) == v

    # a tuple of objects, some with an extra attribute, unified into a list of objects
    tup = cty.tuple_val([
        cty.object_val({f"id_{r}": cty.number_int_val(i), f"label_{r}": cty.string_val(str(i))})
        for i in range(30)
    ])
    unified, _ = convert.unify([e.type() for e in tup.as_value_slice()])
    assert unified is not None
    as_list = convert.convert(tup, cty.List(unified))
    as_strings = convert.convert(
        cty.tuple_val([cty.number_float_val(i / 8 + r) for i in range(30)]),
        cty.List(cty.String))
    total = cty.number_int_val(0)
    for e in v.as_value_slice():
        total = total.add(e.get_attr(f"port_{r}")).multiply(cty.number_float_val(1.5))
    expr = cty.parse_type(str(ty))
    assert expr == ty
    return (mp, js, gb, cty_msgpack.marshal(as_list, as_list.type()),
            cty_json.marshal(as_strings, as_strings.type()), total.go_string(),
            cty.to_python(v), cty.format_value(v), str(cty_json.implied_type(js)))


@contextmanager
def _fine_switching() -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def _on_threads(run: Callable[[int, threading.Barrier], None], n: int = THREADS) -> None:
    """Runs ``run(k, barrier)`` for k in 0..n-1, each on its own thread, all at once, switching
    often; the first error any thread raised is raised here, in the test's thread."""
    barrier = threading.Barrier(n)
    errors: list[BaseException] = []

    def body(k: int) -> None:
        try:
            run(k, barrier)
        except BaseException as e:  # reported below
            errors.append(e)
            barrier.abort()

    with _fine_switching():
        threads = [threading.Thread(target=body, args=(k,)) for k in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    if errors:
        raise errors[0]


def test_eight_threads_compute_what_one_thread_computes() -> None:
    results: list[list[tuple[Any, ...]]] = [[] for _ in range(THREADS)]

    def run(k: int, barrier: threading.Barrier) -> None:
        for r in range(ROUNDS):
            barrier.wait(timeout=120)  # all threads start each round's fresh types together
            results[k].append(_work(r))

    _on_threads(run)
    expected = [_work(r) for r in range(ROUNDS)]  # one thread, caches warm
    for k in range(THREADS):
        assert results[k] == expected, f"thread {k} differs"


def test_values_and_types_shared_between_threads_stay_whole() -> None:
    ty = cty.List(cty.Object({"k": cty.String, "n": cty.Number}))
    v = cty.from_python([{"k": str(i), "n": i} for i in range(200)], ty)
    before = (gob.dumps(v), hash(ty), repr(ty))

    def run(k: int, barrier: threading.Barrier) -> None:
        barrier.wait(timeout=120)
        for _ in range(20):
            assert v.length_int() == 200
            assert v.index(cty.number_int_val(7)).get_attr("k").as_string() == "7"
            assert convert.convert(v, cty.List(cty.Map(cty.String))).length_int() == 200
            assert v.mark("m").unmark()[0] == v

    _on_threads(run)
    assert (gob.dumps(v), hash(ty), repr(ty)) == before


# --- threads at depth ---------------------------------------------------------------------------

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


def _hammer(script: str, depths: list[str]) -> dict[str, str]:
    """Runs a hammer script in a child interpreter (an abort fails the test, not the run) and
    returns the lines it printed, by their first word."""
    done = subprocess.run([sys.executable, "-c", script, *depths], capture_output=True,
                          check=False, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(line.split(" ", 1) for line in done.stdout.splitlines())


def test_four_threads_on_values_thousands_deep_agree_and_never_abort() -> None:
    depths = ["2000", "3000", "6000", "9000"]
    lines = _hammer(HAMMER, depths)
    assert lines["limits"] == f"[{sys.getrecursionlimit()}]"  # never changed, seen from any thread
    answers = ast.literal_eval(lines["answers"])
    for n, answer in zip(depths, answers, strict=True):
        # printed length; ==, hash, equals known (no: unknowns inside), unmark_deep,
        # unknown_as_null wholly known, is_wholly_known, contains_marked, has_mark_deep
        assert answer[0] > int(n)
        assert answer[1:9] == (True, True, False, True, True, False, True, True), n


WIRE_HAMMER = textwrap.dedent('''
    import sys, threading
    import cty
    from cty.encoding import gob, json as cty_json, msgpack as cty_msgpack

    def work(n):
        v = cty_json.simple_json_unmarshal(b"[" * n + b"1" + b"]" * n)
        ty = v.type()
        js, mp, gb = cty_json.marshal(v, ty), cty_msgpack.marshal(v, ty), gob.dumps(v)
        back = (cty_json.unmarshal(js, ty), cty_msgpack.unmarshal(mp, ty), gob.loads(gb))
        return (len(cty.format_value(v)), len(js), len(mp), len(gb),
                all(b == v for b in back), str(cty_json.implied_type(js)) == str(ty),
                str(cty_msgpack.implied_type(mp)) == str(ty))

    depths = [int(a) for a in sys.argv[1:]]
    expected = {n: work(n) for n in set(depths)}
    got = {}
    threads = [threading.Thread(target=lambda k, n: got.__setitem__(k, work(n)), args=(k, n))
               for k, n in enumerate(depths)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k, n in enumerate(depths):
        assert got[k] == expected[n], (n, got[k], expected[n])
    print("answers", [expected[n] for n in depths])
''')


def test_four_threads_through_the_encodings_at_depth_agree_and_never_abort() -> None:
    """The issue's case: threads reading JSON thousands deep and printing it, and more: every
    wire format both ways, at once."""
    depths = ["2000", "3000", "4000", "5000"]
    answers = ast.literal_eval(_hammer(WIRE_HAMMER, depths)["answers"])
    for n, answer in zip(depths, answers, strict=True):
        assert answer[0] > 2 * int(n)  # printed: every bracket, and some layout
        assert answer[1] == 2 * int(n) + 1  # the same as JSON
        assert answer[4:] == (True, True, True), n


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
    ty = v.type()
    assert cty_json.unmarshal(cty_json.marshal(v, ty), ty) == v
    assert cty_msgpack.unmarshal(cty_msgpack.marshal(v, ty), ty) == v
    assert gob.loads(gob.dumps(v)) == v
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
