"""Thread safety: eight threads hammer conversion, the encodings and Python data at once.

Every round uses types no thread has seen before (fresh attribute names), so the threads race
to build the same caches: interned types, conversion plans, encoder and decoder plans,
from_python builders, number contexts. Each thread's results must equal what one thread
computes afterwards with warm caches, byte for byte, and every round trip must give back its
value. The switch interval is lowered so threads interleave inside the library's code.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import cty
from cty import convert
from cty.encoding import gob
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack

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


def test_eight_threads_compute_what_one_thread_computes() -> None:
    barrier = threading.Barrier(THREADS)
    results: list[list[tuple[Any, ...]]] = [[] for _ in range(THREADS)]
    errors: list[BaseException] = []

    def run(k: int) -> None:
        try:
            for r in range(ROUNDS):
                barrier.wait(timeout=120)  # all threads start each round's fresh types together
                results[k].append(_work(r))
        except BaseException as e:  # reported below, in the test's thread
            errors.append(e)
            barrier.abort()

    with _fine_switching():
        threads = [threading.Thread(target=run, args=(k,)) for k in range(THREADS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors, errors[0]
    expected = [_work(r) for r in range(ROUNDS)]  # one thread, caches warm
    for k in range(THREADS):
        assert results[k] == expected, f"thread {k} differs"


def test_values_and_types_shared_between_threads_stay_whole() -> None:
    ty = cty.List(cty.Object({"k": cty.String, "n": cty.Number}))
    v = cty.from_python([{"k": str(i), "n": i} for i in range(200)], ty)
    before = (gob.dumps(v), hash(ty), repr(ty))
    barrier = threading.Barrier(THREADS)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            barrier.wait(timeout=120)
            for _ in range(20):
                assert v.length_int() == 200
                assert v.index(cty.number_int_val(7)).get_attr("k").as_string() == "7"
                assert convert.convert(v, cty.List(cty.Map(cty.String))).length_int() == 200
                assert v.mark("m").unmark()[0] == v
        except BaseException as e:  # reported below, in the test's thread
            errors.append(e)
            barrier.abort()

    with _fine_switching():
        threads = [threading.Thread(target=run) for _ in range(THREADS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors, errors[0]
    assert (gob.dumps(v), hash(ty), repr(ty)) == before
