"""Caches that let go (cty/_caches.py): types interned weakly, plans kept in their type and
freed with it, caches of pairs bounded; cache_info and clear_caches; threads."""

from __future__ import annotations

import dataclasses
import gc
import threading
import typing
import weakref
from typing import Any

import msgspec
import pytest

import cty
from cty._caches import Bounded, Interned
from cty.convert import convert
from cty.encoding import gob, msgpack
from cty.encoding import json as cty_json


def fresh_shape(i: int) -> tuple[list[str], bytes]:
    names = [f"fresh{i}_a", f"fresh{i}_b", f"fresh{i}_c"]
    data = msgspec.json.encode({names[0]: "x", names[1]: i, names[2]: [{f"fresh{i}_d": True}]})
    return names, data


def test_a_type_nothing_holds_is_freed_with_its_plans() -> None:
    names, data = fresh_shape(1)
    ty = cty_json.implied_type(data)
    value = cty_json.unmarshal(data, ty)
    cty_json.marshal(value, ty)
    msgpack.unmarshal(msgpack.marshal(value, ty), ty)
    gob.loads(gob.dumps(value))
    cty.from_python({names[0]: "y", names[1]: 2, names[2]: [{"fresh1_d": False}]}, ty)
    cty.type_from_json(cty.type_to_json(ty))
    assert ty is cty.Object({names[0]: cty.String, names[1]: cty.Number,
                             names[2]: cty.Tuple([cty.Object({"fresh1_d": cty.Bool})])})
    assert cty.cache_info()["types with plans"] > 0
    gone = weakref.ref(ty)
    element = weakref.ref(ty.attribute_type(names[2]).tuple_element_types()[0])
    del ty, value
    for _ in range(3):  # (each pass frees one more level of the type's plans' cycles)
        gc.collect()
    assert gone() is None
    assert element() is None


def test_conversions_and_classes_are_freed_when_the_caches_are_cleared() -> None:
    names, data = fresh_shape(2)
    value = cty_json.unmarshal(data, cty_json.implied_type(data))
    target = cty.Object({names[0]: cty.String, names[1]: cty.String,
                         names[2]: cty.List(cty.Map(cty.String))})
    converted = convert(value, target)
    cls = dataclasses.make_dataclass("Fresh", [(n, object) for n in names])
    got = cty.to_python(converted, cls)
    assert getattr(got, names[1]) == "2"
    assert cty.cache_info()["conversion plans"] >= 1
    refs = [weakref.ref(target), weakref.ref(value.type()), weakref.ref(cls)]
    del target, value, converted, cls, got
    cty.clear_caches()
    for _ in range(3):
        gc.collect()
    assert [r() for r in refs] == [None, None, None]
    assert cty.cache_info()["conversion plans"] == 0


@pytest.mark.parametrize("make", [
    lambda names: dataclasses.make_dataclass("Fresh", [(n, object) for n in names]),
    lambda names: msgspec.defstruct("Fresh", [(n, object) for n in names]),
    lambda names: typing.NamedTuple("Fresh", [(n, object) for n in names]),
])
def test_a_record_class_made_at_run_time_is_freed_with_its_plans(make: Any) -> None:
    """to_python keeps its plans into a record class in the class: when the program lets the
    class go, the class is freed, with no clear_caches() (a service that makes a class per
    request stays flat)."""
    names, data = fresh_shape(3)
    value = cty_json.unmarshal(data, cty_json.implied_type(data))
    cls = make(names)
    got = cty.to_python(value, cls)
    assert getattr(got, names[0]) == "x"
    assert cty.to_python(value, cls) == got  # (the plan kept is the one used again)
    assert "__cty_to_python_plans__" in vars(cls)
    before = cty.cache_info()["to_python plans into record classes"]
    assert before >= 1
    ref = weakref.ref(cls)
    del cls, got
    for _ in range(3):
        gc.collect()
    assert ref() is None
    assert cty.cache_info()["to_python plans into record classes"] == before - 1


def test_a_subclass_does_not_take_its_base_class_s_plans() -> None:
    @dataclasses.dataclass
    class Base:
        a: str

    @dataclasses.dataclass
    class Derived(Base):
        b: str = "b"

    v = cty.object_val({"a": cty.string_val("x")})
    assert type(cty.to_python(v, Base)) is Base
    assert type(cty.to_python(v, Derived)) is Derived


def test_the_same_answers_after_the_caches_are_cleared() -> None:
    ty = cty.List(cty.Object({"a": cty.Number, "b": cty.Set(cty.String)}))
    data = b'[{"a": 1.5, "b": ["y", "x"]}, {"a": 2, "b": []}]'
    before = (cty_json.unmarshal(data, ty), msgpack.marshal(cty_json.unmarshal(data, ty), ty))
    cty.clear_caches()
    after = (cty_json.unmarshal(data, ty), msgpack.marshal(cty_json.unmarshal(data, ty), ty))
    assert before[0].raw_equals(after[0]) and before[1] == after[1]


def test_a_bounded_cache_keeps_its_newer_half() -> None:
    cache: Bounded[int] = Bounded("test entries", 8)
    for i in range(20):
        assert cache.setdefault(i, i * i) == i * i
        assert cache.count() <= 8
    assert cache.get(19) == 361
    assert cache.get(0) is None
    assert cty.cache_info()["test entries"] == cache.count()


def test_an_interning_table_forgets_freed_types() -> None:
    table: Interned[Any] = Interned()

    class Thing:
        pass

    things = [table.intern(i, Thing) for i in range(3000)]
    assert table.intern(5, Thing) is things[5]
    assert len(table) == 3000
    del things[1000:]
    gc.collect()
    assert len(table) == len(table._table) == 1000
    again = table.intern(2000, Thing)
    assert table.intern(2000, Thing) is again


def test_threads_get_one_answer_while_caches_are_cleared() -> None:
    """Eight threads convert and decode shared and fresh types while another clears every
    cache: each answer is what one thread alone gets, and interning keeps one type per key."""
    shared = cty.Object({"a": cty.Number, "b": cty.List(cty.String)})
    data = b'{"a": 3, "b": ["p"]}'
    want = cty_json.marshal(convert(cty_json.unmarshal(data, cty_json.implied_type(data)),
                                    shared), shared)
    errors: list[BaseException] = []
    types: list[list[cty.Type]] = [[] for _ in range(8)]
    stop = threading.Event()

    def work(k: int) -> None:
        try:
            for i in range(150):
                value = cty_json.unmarshal(data, cty_json.implied_type(data))
                assert cty_json.marshal(convert(value, shared), shared) == want
                fresh = cty.Object({f"t{i % 7}": cty.List(cty.Number)})
                types[k].append(fresh)
                v = cty.object_val({f"t{i % 7}": cty.list_val([cty.number_int_val(i)])})
                assert msgpack.unmarshal(msgpack.marshal(v, fresh), fresh).raw_equals(v)
        except BaseException as e:
            errors.append(e)

    def clear() -> None:
        while not stop.is_set():
            cty.clear_caches()

    clearer = threading.Thread(target=clear)
    clearer.start()
    workers = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    stop.set()
    clearer.join()
    assert errors == []
    for i in range(7):
        made = {id(t) for ts in types for t in ts if f"t{i}" in t.attribute_types()}
        assert len(made) == 1


@pytest.mark.slow  # (values deeper than the recursion limit, on chains of helper threads)
def test_threads_on_deep_values_while_caches_are_cleared() -> None:
    """Eight threads decode, convert and rebuild values deeper than Python's recursion limit
    (each runs on a chain of helper threads: cty._deep) while another thread clears every
    cache and fresh types are made: every answer is one thread's alone, and no thread waits
    for ever (each join is bounded; the depth helpers take no lock the caches hold)."""
    import sys

    depth = max(sys.getrecursionlimit(), 1000) + 200
    ty: cty.Type = cty.String
    value = cty.string_val("leaf")
    for _ in range(depth):
        ty = cty.List(ty)
        value = cty.list_val([value])
    text = cty_json.marshal(value, ty)
    packed = msgpack.marshal(value, ty)
    errors: list[BaseException] = []
    stop = threading.Event()

    def work(k: int) -> None:
        try:
            for i in range(3):
                assert cty_json.unmarshal(text, ty).raw_equals(value)
                assert msgpack.unmarshal(packed, ty).raw_equals(value)
                assert convert(value, ty).raw_equals(value)
                fresh = cty.Object({f"deep{k}_{i}": ty})
                v = cty.object_val({f"deep{k}_{i}": value})
                assert cty_json.unmarshal(cty_json.marshal(v, fresh), fresh).raw_equals(v)
        except BaseException as e:
            errors.append(e)

    def clear() -> None:
        while not stop.is_set():
            cty.clear_caches()

    clearer = threading.Thread(target=clear, daemon=True)
    clearer.start()
    workers = [threading.Thread(target=work, args=(k,), daemon=True) for k in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=600)  # (a deadlock fails here instead of hanging the suite)
    stop.set()
    clearer.join(timeout=60)
    assert [w.name for w in workers if w.is_alive()] == []
    assert errors == []
