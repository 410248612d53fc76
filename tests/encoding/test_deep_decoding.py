"""Decoding at 10,000 levels: msgpack, JSON and gob read what they write, and report errors deep
inside with their whole path, in time linear in the depth."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest

import cty
from cty.encoding import DecodeError, EncodeError, gob
from cty.encoding import _errors as encoding_errors
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack

from ._gob_strategies import raw_stream

pytestmark = pytest.mark.slow  # decoding 10,000 levels

DEPTH = 10_000

NESTERS: list[tuple[Callable[[cty.Value], cty.Value], Callable[[cty.Type], cty.Type]]] = [
    (lambda v: cty.list_val([v]), cty.List),
    (lambda v: cty.map_val({"k": v}), cty.Map),
    (lambda v: cty.object_val({"a": v}), lambda t: cty.Object({"a": t})),
    (lambda v: cty.tuple_val([v, cty.True_]), lambda t: cty.Tuple([t, cty.Bool])),
    (lambda v: cty.set_val([v]), cty.Set),
]


def mixed(leaf: cty.Value, depth: int = DEPTH) -> cty.Value:
    v = leaf
    for i in range(depth):
        v = NESTERS[i % len(NESTERS)][0](v)
    return v


def list_type(depth: int, leaf: cty.Type = cty.String) -> cty.Type:
    t = leaf
    for _ in range(depth):
        t = cty.List(t)
    return t


@pytest.fixture(scope="module")
def deep() -> cty.Value:
    return mixed(cty.string_val("x"))


def test_msgpack_reads_what_it_writes_at_10000_levels(deep: cty.Value) -> None:
    data = cty_msgpack.marshal(deep, deep.type())
    assert cty_msgpack.unmarshal(data, deep.type()) == deep
    assert cty_msgpack.implied_type(data).is_tuple_type()  # (the outermost set: an array)


def test_msgpack_reads_dynamic_values_at_10000_levels() -> None:
    lists = cty.list_val([cty.string_val("x")])
    for _ in range(DEPTH - 2):
        lists = cty.list_val([lists])
    data = cty_msgpack.marshal(lists, cty.DynamicPseudoType)
    assert cty_msgpack.unmarshal(data, cty.DynamicPseudoType) == lists
    # The type JSON inside a dynamic value nests deeper than Go's JSON reader allows (10,000)
    data = cty_msgpack.marshal(mixed(cty.string_val("x")), cty.DynamicPseudoType)
    with pytest.raises(DecodeError, match="exceeded max depth"):
        cty_msgpack.unmarshal(data, cty.DynamicPseudoType)


def test_json_reads_what_it_writes_at_10000_levels(deep: cty.Value) -> None:
    data = cty_json.marshal(deep, deep.type())
    assert cty_json.unmarshal(data, deep.type()) == deep
    implied = cty_json.implied_type(data)
    assert implied.is_tuple_type()
    assert cty_json.simple_json_unmarshal(cty_json.simple_json_marshal(deep)).type() is implied


def test_gob_reads_what_it_writes_at_10000_levels(deep: cty.Value) -> None:
    assert gob.loads(gob.dumps(deep)) == deep


class _TooMuchWork(Exception):
    pass


@pytest.fixture
def max_depth_200() -> Iterator[None]:
    old = cty.set_limits(max_depth=200)
    try:
        yield
    finally:
        cty.set_limits(old)


@pytest.mark.usefixtures("max_depth_200")
def test_gob_and_pickle_write_only_what_they_read_back() -> None:
    """At max_depth levels, gob and pickle (which writes gob) round trip; one level more is
    refused when written, as it would be when read, instead of writing what cannot be read."""
    at_limit = mixed(cty.string_val("x"), 200)
    assert gob.loads(gob.dumps(at_limit)) == at_limit
    assert pickle.loads(pickle.dumps(at_limit)) == at_limit
    beyond = cty.list_val([at_limit])
    with pytest.raises(cty.encoding.EncodeError, match=r"201 levels.*max_depth=200"):
        gob.dumps(beyond)
    with pytest.raises(cty.encoding.EncodeError, match=r"201 levels.*max_depth=200"):
        pickle.dumps(beyond)


def test_gob_refuses_to_read_a_type_deeper_than_max_depth() -> None:
    data = gob.dumps(list_type_value(300))
    old = cty.set_limits(max_depth=200)
    try:
        with pytest.raises(DecodeError, match=r"nested too deeply: 201 levels.*max_depth=200"):
            gob.loads(data)
    finally:
        cty.set_limits(old)
    assert gob.loads(data) == list_type_value(300)


def list_type_value(depth: int) -> cty.Value:
    v = cty.string_val("x")
    for _ in range(depth):
        v = cty.list_val([v])
    return v


@pytest.fixture
def fail_budget(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Count the decoding failures raised; stop the decode once they pass the budget."""
    made = [0]
    init = encoding_errors.Fail.__init__

    def counting(self: Any, message: str) -> None:
        made[0] += 1
        if made[0] > 50:
            raise _TooMuchWork(f"{made[0]} failures raised for one bad leaf")
        init(self, message)

    monkeypatch.setattr(encoding_errors.Fail, "__init__", counting)
    yield made


@pytest.mark.parametrize("fmt", ["msgpack", "json", "gob"])
def test_a_bad_leaf_deep_inside_is_decoded_once_not_once_per_retry(
        fmt: str, fail_budget: list[int]) -> None:
    # Each level's slow path asks its failing element again; without remembering the failure,
    # the work doubled per level (18 levels took 40 s). Here 60 levels of every kind of
    # container must raise only a handful of failures.
    depth = 60
    bad = mixed(cty.number_int_val(1), depth)
    ty = mixed(cty.string_val("x"), depth).type()
    if fmt == "msgpack":
        with pytest.raises(DecodeError, match="string is required"):
            cty_msgpack.unmarshal(cty_msgpack.marshal(bad, bad.type()), ty)
    elif fmt == "json":
        data = cty_json.marshal(bad, bad.type()).replace(b":1", b":{}").replace(b"[1", b"[{}")
        with pytest.raises(DecodeError, match="string"):
            cty_json.unmarshal(data, ty)
    else:  # gob describes its own types: list^60 of string holding a number, by hand
        types = msgspec.msgpack.encode([[1, 1]] + [[1, 4 + i] for i in range(depth - 1)])
        payload = b"\x91" * depth + b"\x05"
        stream = raw_stream(b"T" + types, b"V" + bytes([4 + depth - 1]) + payload)
        with pytest.raises(DecodeError, match="expected a string") as caught:
            gob.loads(stream)
        assert len(caught.value.path) == depth
    assert 1 <= fail_budget[0] <= 50


DEEP_ERRORS: list[tuple[str, Callable[[], Any], str, int]] = [
    ("msgpack: a number where the innermost list should be",
     lambda: cty_msgpack.unmarshal(b"\x91" * (DEPTH - 1) + b"\x05", list_type(DEPTH)),
     "a list is required", DEPTH - 1),
    ("msgpack: a wrong leaf",
     lambda: cty_msgpack.unmarshal(b"\x91" * DEPTH + b"\xc3", list_type(DEPTH, cty.Number)),
     "number is required", DEPTH),
    ("msgpack: truncated",
     lambda: cty_msgpack.unmarshal(b"\x91" * DEPTH, list_type(DEPTH)), "EOF", DEPTH),
    ("json: a number where the innermost list should be",
     lambda: cty_json.unmarshal(b"[" * (DEPTH - 1) + b"5" + b"]" * (DEPTH - 1),
                                list_type(DEPTH)),
     "missing expected [", DEPTH - 1),
    ("json: a wrong leaf",
     lambda: cty_json.unmarshal(b"[" * DEPTH + b"{}" + b"]" * DEPTH, list_type(DEPTH)),
     "string is required", DEPTH),
]


@pytest.mark.parametrize(("name", "call", "words", "path_length"), DEEP_ERRORS,
                         ids=[d[0] for d in DEEP_ERRORS])
def test_errors_deep_inside_name_their_whole_path(
        name: str, call: Callable[[], Any], words: str, path_length: int) -> None:
    with pytest.raises(DecodeError) as caught:
        call()
    assert caught.value.message == words
    assert len(caught.value.path) == path_length
    assert all(isinstance(step, cty.IndexStep) for step in caught.value.path)


def test_json_syntax_errors_deep_inside_are_found_in_linear_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """go-cty reads each level's element again as a raw value; the error path remembers the
    extent of every container it has read once, so the characters scanned stay linear in the
    text (counted, not timed)."""
    from cty import _go_json

    scanned = [0]
    scan = _go_json._scan

    def counting(text: str, i: int, end: int) -> int:
        j = scan(text, i, end)
        scanned[0] += j - i
        return j

    monkeypatch.setattr(_go_json, "_scan", counting)
    text = "[" * DEPTH + "1" + "]" * (DEPTH - 1)  # one "]" short
    with pytest.raises(DecodeError) as e:
        cty_json.unmarshal(text, list_type(DEPTH, cty.Number))
    assert (e.value.message, e.value.path.format()) == ("EOF", "")
    assert scanned[0] <= 2 * len(text)


@pytest.mark.parametrize("leaf", [b"-0", b"1" + b"0" * 5000, b"-0.0", b'"\\u00e9"', b"1e400"])
def test_json_deeper_than_msgspec_goes_reads_its_leaves_as_shallow_json_does(leaf: bytes) -> None:
    """Past the recursion limit, JSON is read by the json module's readers on a chain
    (cty._msgspec_deep): its numbers and strings come out as msgspec's reading gives them."""
    depth = 3_000
    leaf_type = cty.String if leaf.startswith(b'"') else cty.Number
    ty = leaf_type
    for _ in range(depth):
        ty = cty.List(ty)
    v = cty_json.unmarshal(b"[" * depth + leaf + b"]" * depth, ty)
    for _ in range(depth):
        v = v.index(cty.number_int_val(0))
    shallow = cty_json.unmarshal(b"[" + leaf + b"]", cty.List(leaf_type))
    assert v.raw_equals(shallow.index(cty.number_int_val(0)))
    assert cty.format_value(v) == cty.format_value(shallow.index(cty.number_int_val(0)))


# --- one limit, both ways (issue #47, item 15) ------------------------------------------------


def _lists(n: int) -> cty.Value:
    v = cty.string_val("x")
    for _ in range(n):
        v = cty.list_val([v])
    return v


@pytest.mark.parametrize("fmt", [cty_msgpack, cty_json], ids=["msgpack", "json"])
def test_what_unmarshal_refuses_for_depth_marshal_refuses_too(fmt: Any) -> None:
    before = cty.set_limits(max_depth=300)
    try:
        ok, tall = _lists(300), _lists(301)
        assert fmt.unmarshal(fmt.marshal(ok, ok.type()), ok.type()).raw_equals(ok)
        with pytest.raises(EncodeError, match="nested too deeply"):
            fmt.marshal(tall, tall.type())
        data = fmt.marshal(ok, ok.type())
        with pytest.raises(DecodeError, match="nested too deeply"):
            fmt.unmarshal(data, cty.List(tall.type()))
    finally:
        cty.set_limits(before)

