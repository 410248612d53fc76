"""cty.encoding.gob on damaged and hostile input: torn tails, flipped bytes, malformed frames.

Whatever the bytes, decoding raises DecodeError (never anything else) and yields every intact
value before the damage.
"""

from __future__ import annotations

import io
import itertools
import re
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.msgpack import Ext

import cty
from cty.encoding import DecodeError, gob

from .._examples import examples
from ._gob_strategies import THING, Thing, raw_frame, raw_stream, read_all, split_frames

enc = msgspec.msgpack.encode

VALUES = [
    cty.object_val({"name": cty.string_val("web"), "port": cty.number_int_val(80)}),
    cty.object_val({"name": cty.string_val("db"), "port": cty.number_int_val(5432)}),
    cty.list_val([cty.string_val("a").mark("m"), cty.unknown_val(cty.String)]),
    cty.number_float_val(2.5),
]


def _stream(vs: list[cty.Value]) -> bytes:
    buf = io.BytesIO()
    with gob.Encoder(buf) as e:
        for v in vs:
            e.encode(v)
    return buf.getvalue()


def _read_all(data: bytes) -> tuple[list[cty.Value], DecodeError | None]:
    return read_all(data)


def _file_read_all(data: bytes) -> tuple[list[cty.Value], DecodeError | None]:
    return read_all(io.BytesIO(data))


# --- torn tails ----------------------------------------------------------------------------------


@pytest.mark.parametrize("reader", [_read_all, _file_read_all], ids=["bytes", "file"])
def test_a_torn_tail_yields_every_intact_value_then_says_so(reader: Any) -> None:
    data = _stream(VALUES)
    frames = split_frames(data)
    value_ends = [end for _, end, kind in frames if kind == "V"]
    assert reader(data) == (VALUES, None)
    for cut in range(1, len(data)):
        got, err = reader(data[:cut])
        intact = sum(1 for end in value_ends if end <= cut)
        assert got == VALUES[:intact], cut
        assert err is not None, cut
        assert "incomplete" in str(err), (cut, str(err))


def test_load_and_loads_report_a_torn_tail() -> None:
    data = gob.dumps(VALUES[0])
    for cut in range(1, len(data)):
        with pytest.raises(DecodeError, match="incomplete"):
            gob.loads(data[:cut])
        with pytest.raises(DecodeError, match="incomplete"):
            gob.load(io.BytesIO(data[:cut]))


# --- flipped bytes -------------------------------------------------------------------------------


@pytest.mark.parametrize("flip", [0x01, 0x80, 0xFF])
def test_a_flipped_byte_is_detected_and_names_its_frame(flip: int) -> None:
    data = _stream(VALUES)
    frames = split_frames(data)
    values_before = list(itertools.accumulate(kind == "V" for _, _, kind in frames))
    for pos in range(len(data)):
        bad = bytearray(data)
        bad[pos] ^= flip
        got, err = _read_all(bytes(bad))
        assert err is not None, pos
        if pos < 7:
            assert got == []
            assert "gob stream" in str(err) or "version" in str(err), str(err)
            continue
        if pos == 7:  # (another version: the checksums start elsewhere, or it is unknown)
            assert "version" in str(err) or "frame 1 is corrupt" in str(err), str(err)
            continue
        index = next(i for i, (start, end, _) in enumerate(frames) if start <= pos < end)
        assert f"frame {index}" in str(err), (pos, str(err))
        before = values_before[index - 1] if index else 0
        assert got == VALUES[:before], pos


def test_a_flipped_byte_in_a_file_is_detected() -> None:
    data = bytearray(_stream(VALUES))
    data[len(data) // 2] ^= 0x10
    with pytest.raises(DecodeError, match=r"frame \d+ is corrupt"):
        list(gob.Decoder(io.BytesIO(bytes(data))))


# --- header --------------------------------------------------------------------------------------


def test_the_header_is_checked() -> None:
    good = gob.dumps(cty.True_)
    with pytest.raises(DecodeError, match="empty input"):
        gob.loads(b"")
    with pytest.raises(DecodeError, match="not a cty gob stream"):
        gob.loads(b"PK\x03\x04" + good[4:])
    with pytest.raises(DecodeError, match=r"unsupported cty gob format version 4 \(this reader "
                                          r"knows versions 1 to 3\)"):
        gob.loads(good[:7] + b"\x04" + good[8:])
    with pytest.raises(DecodeError, match=r"unsupported cty gob format version 0"):
        gob.loads(good[:7] + b"\x00" + good[8:])
    with pytest.raises(DecodeError, match="unexpected bytes after the end frame"):
        list(gob.Decoder(good + b"junk-junk"))


# --- frames --------------------------------------------------------------------------------------


def _decode_error(data: bytes) -> DecodeError:
    with pytest.raises(DecodeError) as e:
        gob.loads(data)
    assert "unexpected error" not in str(e.value)
    return e.value


FRAME_CASES = [
    # bodies, message
    ((b"",), "frame 0 is empty"),
    ((b"X",), "unknown frame kind 0x58"),
    ((b"E\x00",), "a version 1 end frame has no content"),
    ((b"V",), "starts with a type id"),
    ((b"V\xcc",), "starts with a type id"),
    ((b"V\x04\xc0",), r"type id 4 is not defined \(the stream has described ids 0 to 3"),
    ((b"V\x01\xa1a\xa1b",), "malformed msgpack"),
    ((b"V\x01",), "malformed msgpack"),
    ((b"T\x91\x01",), "a type descriptor is an array"),
    ((b"T" + enc([[1, 9]]),), "type descriptor for id 4: type id 9 is not defined"),
    ((b"T" + enc([[1, 4]]),), "type id 4 is not defined"),
    ((b"T" + enc([[9, 1]]),), "unknown type descriptor"),
    ((b"T" + enc({"a": 1}),), "an array of type descriptors"),
    ((b"T" + enc([[4, ["b", "a"], [1, 1], []]]),), "unique and sorted"),
    ((b"T" + enc([[4, ["a", "a"], [1, 1], []]]),), "unique and sorted"),
    ((b"T" + enc([[4, ["e\u0301"], [1], []]]),), "not in Unicode normal form C"),
    ((b"T" + enc([[4, ["a"], [1, 2], []]]),), "one type id per attribute"),
    ((b"T" + enc([[4, ["a"], [1], ["b"]]]),), "optional attribute 'b' is not an attribute"),
    ((b"T" + enc([[4, [1], [1], []]]),), "must be strings"),
    ((b"T" + enc([[5, 1]]),), "a tuple descriptor"),
    ((b"T" + enc([[6, 1]]),), "a capsule descriptor"),
    ((b"T\xc1",), "malformed type frame"),
]


@pytest.mark.parametrize(("bodies", "message"), FRAME_CASES, ids=[m for _, m in FRAME_CASES])
def test_malformed_frames(bodies: tuple[bytes, ...], message: str) -> None:
    err = _decode_error(raw_stream(*bodies))
    assert err.offset == 8
    assert "frame 0" in str(err)
    assert re.search(message, str(err)), str(err)


def test_a_missing_end_frame_is_an_incomplete_tail() -> None:
    err = _decode_error(raw_stream(b"V\x03\xc3", end=False))
    assert "tail is incomplete" in str(err)


# --- payloads ------------------------------------------------------------------------------------

LIST_STR = enc([[1, 1]])  # descriptor of list(string), id 4
OBJ = enc([[4, ["a", "b"], [1, 2], []]])  # object({a=string,b=number}), id 4
MAP_NUM = enc([[2, 2]])  # map(number), id 4
SET_STR = enc([[3, 1]])  # set(string), id 4
SET_LIST = enc([[1, 1], [3, 4]])  # list(string) id 4, set(list(string)) id 5
TAG = Ext(2, b"")

PAYLOAD_CASES = [
    # type frame, type id, payload, message, path
    (None, 1, "e\u0301", "not in Unicode normal form C", cty.Path()),
    (None, 1, 1, "expected a string, found an integer", cty.Path()),
    (None, 1, b"ab", "expected a string, found binary data", cty.Path()),
    (None, 2, 1.5e300 * 1e10, None, None),  # an infinity float is fine: see below
    (None, 2, float("nan"), "NaN is not a number", cty.Path()),
    (None, 2, "1", "expected a number, found a string", cty.Path()),
    (None, 3, 1, "expected a bool, found an integer", cty.Path()),
    (None, 0, True, "null or unknown (the type is dynamic)", cty.Path()),
    (None, 1, Ext(9, b""), "found extension 9", cty.Path()),
    (None, 1, Ext(3, enc([0, False, b"\x01"])), "found extension 3", cty.Path()),
    (LIST_STR, 4, ["a", 1], "expected a string, found an integer", cty.index_int_path(1)),
    (LIST_STR, 4, {"a": 1}, "expected an array (the list), found a map", cty.Path()),
    (OBJ, 4, ["x"], "an object of 2 attributes is an array of 2 values, not 1", cty.Path()),
    (OBJ, 4, ["x", "y"], "expected a number, found a string", cty.get_attr_path("b")),
    (MAP_NUM, 4, [["b", "a"], [1, 2]], "map keys must be unique and sorted", cty.Path()),
    (MAP_NUM, 4, [["a", "a"], [1, 2]], "map keys must be unique and sorted", cty.Path()),
    (MAP_NUM, 4, [["a"], [1, 2]], "two arrays of the same length", cty.Path()),
    (MAP_NUM, 4, [[1], [1]], "map keys are strings, not an integer", cty.Path()),
    (MAP_NUM, 4, [["e\u0301"], [1]], "not in Unicode normal form C", cty.Path()),
    (MAP_NUM, 4, [["a", "b"], [1, "x"]], "expected a number",
     cty.index_string_path("b")),
    (MAP_NUM, 4, [["a"]], "a map is an array [keys, values]", cty.Path()),
    (SET_STR, 4, ["b", "a"], "set elements are duplicated or not in set order", cty.Path()),
    (SET_STR, 4, ["a", "a"], "set elements are duplicated or not in set order", cty.Path()),
    (SET_STR, 4, ["a", [TAG, ["m"], "b"]], "set element 1: a set element (or anything inside "
     "one) cannot be marked", cty.Path()),
    (SET_LIST, 5, [["a"], [[TAG, ["m"], "b"]]], "set element 1 at [0]: a set element (or "
     "anything inside one) cannot be marked", cty.Path()),
    (None, 1, [TAG, [], "a"], "the marks of a marked value are a non-empty array", cty.Path()),
    (None, 1, [TAG, ["m"]], "a marked value is an array [mark tag, marks, payload]",
     cty.Path()),
    (None, 1, [Ext(2, b"x"), ["m"], "a"], "a marked value is an array", cty.Path()),
    (None, 1, [TAG, ["m"], [TAG, ["n"], "a"]], "a marked value cannot be marked again",
     cty.Path()),
    (None, 1, [TAG, [1.5], "a"], "not a mark: 1.5", cty.Path()),
    (None, 1, [TAG, [Ext(3, enc([1, 53, False, b"\x01", 0]))], "a"],
     "a number extension in a mark must be a big integer", cty.Path()),
    (None, 1, Ext(1, b"\xc1"), "malformed refinement", cty.Path()),
    (None, 1, Ext(1, enc([1])), "a refinement is a msgpack map", cty.Path()),
    (None, 1, Ext(1, enc({9: 1})), "unknown refinement key 9", cty.Path()),
    (None, 1, Ext(1, enc({"null": False})), "unknown refinement key 'null'", cty.Path()),
    (None, 1, Ext(1, enc({1: 0})), "refinement nullness must be a bool", cty.Path()),
    (None, 1, Ext(1, enc({2: 1})), "a refinement prefix must be a string", cty.Path()),
    (None, 1, Ext(1, enc({3: "1"})), "a refinement bound must be a number", cty.Path()),
    (None, 1, Ext(1, enc({7: -1})), "non-negative integer", cty.Path()),
    (None, 2, Ext(3, b"\xc1"), "malformed number extension", cty.Path()),
    (None, 2, Ext(3, enc([])), "an array [kind, ...]", cty.Path()),
    (None, 2, Ext(3, enc([7])), "unknown number kind 7", cty.Path()),
    (None, 2, Ext(3, enc([0, 1, b"\x01"])), "the sign must be a bool", cty.Path()),
    (None, 2, Ext(3, enc([0, False, b""])), "a magnitude is non-empty", cty.Path()),
    (None, 2, Ext(3, enc([0, False, b"\x00\x01"])), "without leading zero bytes", cty.Path()),
    (None, 2, Ext(3, enc([1, 0, False, b"\x01", 0])), "number precision must be",
     cty.Path()),
    (None, 2, Ext(3, enc([1, 2, False, b"\x07", 0])), "does not fit precision 2",
     cty.Path()),
    (None, 2, Ext(3, enc([1, 53, False, b"\x01", 2**40])), "exponent out of range",
     cty.Path()),
    (None, 2, Ext(3, enc([1, 53, False, b"\x01", 2**31 - 1])), "exponent out of range",
     cty.Path()),
    (None, 2, Ext(3, enc([1, 53, False, b"\x01", -(2**31) - 2])), "exponent out of range",
     cty.Path()),
    (None, 2, Ext(3, enc([3, 1, False])), "number precision must be", cty.Path()),
    (None, 2, Ext(3, enc([4, 3])), "a number singleton is [4, 0|1|2]", cty.Path()),
    (None, 2, Ext(3, enc([1, 2**31 - 1, False, b"\x01", 0])),
     "numbers of too high a precision", cty.Path()),
]


@pytest.mark.parametrize(("types", "tid", "payload", "message", "path"), PAYLOAD_CASES,
                         ids=[str(c[3]) for c in PAYLOAD_CASES])
def test_malformed_payloads(types: bytes | None, tid: int, payload: Any, message: str | None,
                            path: cty.Path | None) -> None:
    bodies = ([b"T" + types] if types else []) + [b"V" + bytes([tid]) + enc(payload)]
    data = raw_stream(*bodies)
    if message is None:
        gob.loads(data)
        return
    err = _decode_error(data)
    assert message in err.message, err.message
    assert err.path == path


def test_the_precision_budget_grows_with_the_frame() -> None:
    big = Ext(3, enc([1, 100_000, False, b"\x01", 0]))
    assert gob.loads(raw_stream(b"V\x02" + enc(big))).as_big_float().precision == 100_000
    many = enc([[1, 2]]), enc([big] * 20)  # list(number): 2 million bits from 300 bytes
    err = _decode_error(raw_stream(b"T" + many[0], b"V\x04" + many[1]))
    assert "too high a precision" in str(err)


def test_a_capsule_payload_is_binary_data() -> None:
    types = enc([[6, "tests.thing"]])
    ok = raw_stream(b"T" + types, b"V\x04" + enc((7).to_bytes(8, "big")))
    assert gob.loads(ok) == cty.capsule_val(THING, Thing(7))
    err = _decode_error(raw_stream(b"T" + types, b"V\x04" + enc("x")))
    assert "expected binary data (a capsule), found a string" in str(err)


# --- limits --------------------------------------------------------------------------------------


class _CountingReader(io.RawIOBase):
    """A file that records the largest read asked of it."""

    def __init__(self, data: bytes) -> None:
        self.data = io.BytesIO(data)
        self.largest = 0

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        self.largest = max(self.largest, n)
        return self.data.read(n)


def test_a_huge_declared_length_allocates_nothing() -> None:
    data = b"\x89ctygob\x01" + b"\xff\xff\xff\xf0" + b"V\x01\xa1a"
    f = _CountingReader(data)
    with pytest.raises(DecodeError, match="incomplete"):
        list(gob.Decoder(f))
    assert f.largest <= 1 << 20
    payload = b"\xdd\xff\xff\xff\xff"  # an array claiming 4 billion items
    with pytest.raises(DecodeError, match="malformed msgpack"):
        gob.loads(raw_stream(b"T" + LIST_STR, b"V\x04" + payload))


@pytest.mark.slow
def test_hostile_nesting_is_a_decode_error() -> None:
    deep_list_type = enc([[1, 1]] + [[1, 4 + i] for i in range(300_000)])
    top = (4 + 300_000).to_bytes(4, "big")  # the id of the outermost list type
    with pytest.raises(DecodeError, match="nested too deeply"):
        gob.loads(raw_stream(b"T" + deep_list_type, b"V\xce" + top + b"\xc0"))
    deep_payload = b"\x91" * 300_000 + b"\xa1a"
    with pytest.raises(DecodeError, match="nested too deeply"):
        gob.loads(raw_stream(b"T" + LIST_STR, b"V\x04" + deep_payload))
    deep_marks = enc([TAG, [()], "a"]).replace(b"\x90", b"\x91" * 300_000 + b"\x90")
    with pytest.raises(DecodeError, match="nested too deeply"):
        gob.loads(raw_stream(b"V\x01" + deep_marks))


# --- fuzz ----------------------------------------------------------------------------------------

_msgpack_objects = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1), st.floats(),
              st.text(max_size=3), st.binary(max_size=4),
              st.builds(Ext, st.integers(-128, 127), st.binary(max_size=6))),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.one_of(st.text(max_size=2), st.integers(0, 9)),
                                            inner, max_size=3)),
    max_leaves=12,
)


def _must_not_crash(data: bytes) -> None:
    try:
        for _ in gob.Decoder(data):
            pass
    except DecodeError as e:
        assert "unexpected error" not in str(e), str(e)


@settings(max_examples=examples(300))
@given(st.lists(st.tuples(st.sampled_from(b"TVE"), st.integers(0, 9), _msgpack_objects),
                max_size=4))
def test_well_framed_garbage_raises_only_decode_error(frames: list[tuple[int, int, Any]]) -> None:
    bodies = []
    for kind, tid, obj in frames:
        body = bytes([kind]) + (bytes([tid]) if kind == ord("V") else b"")
        bodies.append(body + enc(obj))
    _must_not_crash(raw_stream(*bodies))


@settings(max_examples=examples(300))
@given(st.sampled_from([*VALUES, cty.capsule_val(THING, Thing(3))]),
       st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=4))
def test_mutated_payloads_with_good_checksums_raise_only_decode_error(
        v: cty.Value, edits: list[tuple[int, int]]) -> None:
    data = gob.dumps(v)
    frames = split_frames(data)
    bodies = [bytearray(data[s + 4:e - 4]) for s, e, _ in frames[:-1]]
    for pos, byte in edits:
        body = bodies[pos % len(bodies)]
        body[pos % len(body)] = byte
    _must_not_crash(raw_stream(*map(bytes, bodies)))


@settings(max_examples=examples(200))
@given(st.binary(max_size=64))
def test_random_bytes_raise_only_decode_error(tail: bytes) -> None:
    _must_not_crash(b"\x89ctygob\x01" + tail)
    _must_not_crash(tail)
    _must_not_crash(b"\x89ctygob\x01" + raw_frame(b"V\x01" + tail))
