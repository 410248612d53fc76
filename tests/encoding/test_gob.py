"""cty.encoding.gob: round trips (laws and tables), the stream API, codecs and encode errors."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import gmpy2
import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
from cty import _number
from cty._unknown import UNKNOWN, Unknown
from cty._unknown_refinement import Refinement
from cty._value import make
from cty.encoding import DecodeError, EncodeError, gob
from tests._ids import stable_id

from .._examples import examples
from ._gob_strategies import (
    THING,
    Secret,
    Thing,
    assert_same,
    marked_values,
    raw_stream,
    split_frames,
    typed_values,
    types,
    values,
)

# --- laws ----------------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(300))
@given(typed_values)
def test_loads_dumps_is_the_identity(v: cty.Value) -> None:
    assert_same(v, gob.loads(gob.dumps(v)))


@pytest.mark.slow
@settings(max_examples=examples(150))
@given(marked_values)
def test_marks_at_any_depth_survive(v: cty.Value) -> None:
    assert_same(v, gob.loads(gob.dumps(v)))


@pytest.mark.slow
@settings(max_examples=examples(100))
@given(st.lists(typed_values, max_size=6))
def test_a_stream_gives_back_its_values_in_order(vs: list[cty.Value]) -> None:
    buf = io.BytesIO()
    with gob.Encoder(buf) as enc:
        for v in vs:
            enc.encode(v)
    got = list(gob.Decoder(buf.getvalue()))
    assert len(got) == len(vs)
    for v, w in zip(vs, got, strict=True):
        assert_same(v, w)


@settings(max_examples=examples(50))
@given(types().flatmap(lambda t: st.lists(values(t), min_size=1, max_size=5)))
def test_each_type_is_described_once_per_stream(vs: list[cty.Value]) -> None:
    buf = io.BytesIO()
    with gob.Encoder(buf) as enc:
        for v in vs:
            enc.encode(v)
    kinds = _kinds(buf.getvalue())
    assert re.fullmatch(r"(T?V)+E", kinds), kinds
    assert kinds.count("V") == len(vs)
    # (a null of a type with optional attributes keeps them; a known value's type has none)
    described = {v.type() for v in vs if "T" in _kinds(gob.dumps(v))}
    assert kinds.count("T") == len(described), kinds


def _kinds(data: bytes) -> str:
    return "".join(k for _, _, k in split_frames(data))


@settings(max_examples=examples(50))
@given(typed_values)
def test_dumps_is_deterministic(v: cty.Value) -> None:
    assert gob.dumps(v) == gob.dumps(gob.loads(gob.dumps(v)))


# --- tables --------------------------------------------------------------------------------------


def _mpfr(text: str, prec: int) -> Any:
    return _number.from_mpfr(gmpy2.mpfr(text, prec))


NUMBERS = [
    # payload, why
    (0, "int zero"),
    (-(2**63), "int64 min"),
    (2**64 - 1, "uint64 max"),
    (2**64, "just beyond msgpack's integers"),
    (-(2**64) - 1, "a negative big integer"),
    (10**400, "a huge integer (precision 1329)"),
    (_number.ZERO, "cty.Zero, by identity"),
    (_number.POS_INF, "cty.PositiveInfinity, by identity"),
    (_number.NEG_INF, "cty.NegativeInfinity, by identity"),
    (_number._prec0_inf(False), "an infinity of precision 0 that is not the singleton"),
    (_number.parse("inf"), "an infinity of precision 512"),
    (_number.from_float(-0.0), "-0 at precision 53"),
    (_number.parse("-0"), "-0 at precision 512"),
    (_number.from_float(0.0), "+0 at precision 53 that is not cty.Zero"),
    (_number.from_float(0.1), "a float64"),
    (_number.from_float(5e-324), "the smallest float64 subnormal"),
    (_number.from_float(1.7976931348623157e308), "the largest float64"),
    (_number.parse("0.1"), "a decimal at precision 512"),
    (_number.parse("1e-400000"), "far below float64's range"),
    (_number.parse("-1e300000"), "far above float64's range"),
    (cty.number_int_val(1).divide(cty.number_int_val(3))._v, "a quotient at precision 64"),
    (_mpfr("1", 1), "precision 1"),
    (_mpfr("0.1", 3000), "precision 3000"),
    (_mpfr("5", 64), "a whole number the core keeps as int"),
]


@pytest.mark.parametrize(("payload", "why"), NUMBERS, ids=[w for _, w in NUMBERS])
def test_numbers_keep_their_precision(payload: Any, why: str) -> None:
    v = make(cty.Number, payload)
    back = gob.loads(gob.dumps(v))
    assert_same(v, back)
    assert _number.precision(back._v) == _number.precision(payload)


REFINEMENTS = [
    Refinement(),
    Refinement(False),
    Refinement(True),
    Refinement(None, prefix="ab/é"),
    Refinement(False, min=3, min_inclusive=True, max=_number.POS_INF),
    Refinement(False, min=_number.parse("-1.5"), max=_number.from_float(2.5),
               max_inclusive=True),
    Refinement(False, length_min=2, length_max=5),
    Refinement(None, min=2**80),
]


@pytest.mark.parametrize("r", REFINEMENTS, ids=stable_id)
def test_refinements_survive(r: Refinement) -> None:
    for ty in (cty.String, cty.Number, cty.List(cty.Bool)):
        v = make(ty, Unknown(r))
        assert_same(v, gob.loads(gob.dumps(v)))


def test_unrefined_unknowns_come_back_as_the_shared_payload() -> None:
    v = cty.list_val([cty.unknown_val(cty.String), cty.string_val("a")])
    assert gob.loads(gob.dumps(v))._v[0] is UNKNOWN
    assert gob.loads(gob.dumps(cty.DynamicVal)) == cty.DynamicVal


MARKS = [
    "sensitive", "", "é", 0, -1, 2**63, -(2**100), True, False, None, (), ("a", (1, None)),
    Secret(3), (Secret(1), "x"),
]


@pytest.mark.parametrize("mark", MARKS, ids=stable_id)
def test_marks_of_every_kind_survive(mark: Any) -> None:
    v = cty.list_val([cty.string_val("a").mark(mark), cty.string_val("b")]).mark(mark)
    assert_same(v, gob.loads(gob.dumps(v)))


def test_marks_at_every_depth() -> None:
    inner = cty.object_val({"n": cty.number_int_val(1).mark("deep"),
                            "s": cty.set_val([cty.string_val("x")]).mark(7)})
    v = cty.tuple_val([cty.map_val({"k": inner.mark(("t", 1))}), cty.DynamicVal.mark(None)])
    v = v.mark("top")
    assert_same(v, gob.loads(gob.dumps(v)))


def test_a_mark_set_is_written_once_and_remembered() -> None:
    """The wire form of a mark set is computed once per set object: a value holding one mark set
    in many places (every element of a list marked alike) costs one encoding of the marks."""
    from cty.encoding import _gob_scalar

    marks = frozenset({"a", ("b", 1)})
    first = _gob_scalar.marks_wire(marks)
    assert _gob_scalar.marks_wire(marks) is first
    other = frozenset({"a"})
    assert _gob_scalar.marks_wire(other) is not first
    assert len(_gob_scalar.marks_wire(other)) == 1 and len(first) == 2


def test_every_kind_of_type_survives() -> None:
    t = cty.ObjectWithOptionalAttrs({
        "a": cty.List(cty.DynamicPseudoType),
        "b": cty.Map(cty.Set(cty.Number)),
        "c": cty.Tuple([cty.Bool, cty.EmptyObject, cty.EmptyTuple]),
        "d": THING,
    }, ["b", "d"])
    for v in (cty.null_val(t), cty.unknown_val(t), cty.unknown_val(t).refine_not_null(),
              cty.list_val_empty(t), cty.set_val_empty(cty.List(t)), cty.null_val(cty.Map(t))):
        back = gob.loads(gob.dumps(v))
        assert back.type() is v.type()
        assert_same(v, back)


def test_a_known_object_of_a_type_with_optional_attributes_survives() -> None:
    # no public constructor makes one (go-cty makes none); gob carries it all the same
    t = cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Number}, ["b"])
    v = make(t, {"a": "x", "b": None})
    back = gob.loads(gob.dumps(v))
    assert back.type() is t
    assert_same(v, back)


def test_set_order_survives() -> None:
    # elements that go-cty's order cannot tell apart keep the order they have
    elems = [cty.capsule_val(THING, Thing(n)) for n in (3, 1, 2)]
    v = cty.set_val(elems)
    back = gob.loads(gob.dumps(v))
    assert [e._v.n for e in back.as_value_slice()] == [e._v.n for e in v.as_value_slice()]
    v = cty.set_val([cty.number_int_val(2), cty.parse_number_val("-0"), cty.number_int_val(0),
                     cty.unknown_val(cty.Number), cty.null_val(cty.Number)])
    assert_same(v, gob.loads(gob.dumps(v)))


def test_strings_are_nfc_and_keep_any_unicode() -> None:
    for s in ["", "a", "é", "e\u0301", "日本語", "\U0001f600", "\x00", "a\u2028b"]:
        v = cty.string_val(s)
        assert_same(v, gob.loads(gob.dumps(v)))
    v = cty.object_val({"é": cty.map_val({"\u00e9": cty.True_})})
    assert_same(v, gob.loads(gob.dumps(v)))


@pytest.mark.slow
def test_a_10000_deep_list_round_trips() -> None:
    v = cty.string_val("x")
    for i in range(10_000):
        v = cty.list_val([v.mark(i) if i % 1000 == 0 else v])
    assert gob.loads(gob.dumps(v)) == v


@pytest.mark.slow
def test_a_10000_deep_object_round_trips_in_a_stream() -> None:
    v = cty.True_
    for _ in range(10_000):
        v = cty.object_val({"a": v, "n": cty.number_int_val(1)})
    buf = io.BytesIO()
    with gob.Encoder(buf) as enc:
        enc.encode(v)
        enc.encode(v)
    assert list(gob.Decoder(buf.getvalue())) == [v, v]


# --- the stream API ------------------------------------------------------------------------------


def test_dump_and_load_files(tmp_path: Path) -> None:
    path = tmp_path / "values.gob"
    a = cty.object_val({"name": cty.string_val("web")})
    b = cty.list_val([cty.number_int_val(1)])
    with path.open("wb") as f:
        gob.dump(a, f)
        gob.dump(b, f)
    with path.open("rb") as f:
        assert gob.load(f) == a
        assert gob.load(f) == b
        with pytest.raises(DecodeError, match="empty input"):
            gob.load(f)
    with path.open("rb") as f:  # successive streams read as one sequence
        assert list(gob.Decoder(f)) == [a, b]


def test_encoder_and_decoder_on_files(tmp_path: Path) -> None:
    path = tmp_path / "stream.gob"
    vs = [cty.object_val({"i": cty.number_int_val(i), "s": cty.string_val(str(i))})
          for i in range(1000)]
    with path.open("wb") as out, gob.Encoder(out) as enc:
        for v in vs:
            enc.encode(v)
    with path.open("rb") as f:
        dec = gob.Decoder(f)
        assert iter(dec) is dec
        assert next(dec) == vs[0]
        assert dec.decode() == vs[1]
        assert list(dec) == vs[2:]
        with pytest.raises(DecodeError, match="no more values"):
            dec.decode()


def test_a_decoder_reads_one_frame_at_a_time() -> None:
    vs = [cty.list_val([cty.string_val("x" * 100)] * 10) for _ in range(1000)]
    buf = io.BytesIO()
    with gob.Encoder(buf) as enc:
        for v in vs:
            enc.encode(v)
    f = io.BytesIO(buf.getvalue())
    dec = gob.Decoder(f)
    assert next(dec) == vs[0]
    first_frames = split_frames(buf.getvalue())[:2]
    assert f.tell() == first_frames[-1][1]  # the header, the type frame, one value frame
    assert next(dec) == vs[1]
    assert f.tell() == split_frames(buf.getvalue())[2][1]


def test_an_encoder_writes_everything_to_an_unbuffered_file() -> None:
    class Trickle(io.RawIOBase):
        """Takes at most 3 bytes per write, as a pipe may."""

        def __init__(self) -> None:
            self.data = bytearray()

        def writable(self) -> bool:
            return True

        def write(self, b: Any) -> int:
            self.data += bytes(b[:3])
            return min(3, len(b))

    f = Trickle()
    v = cty.list_val([cty.string_val("hello")] * 5)
    with gob.Encoder(f) as enc:
        enc.encode(v)
        enc.encode(v)
    assert list(gob.Decoder(bytes(f.data))) == [v, v]


def test_an_empty_stream() -> None:
    buf = io.BytesIO()
    gob.Encoder(buf).close()
    assert list(gob.Decoder(buf.getvalue())) == []
    with pytest.raises(DecodeError, match="holds no value"):
        gob.loads(buf.getvalue())


def test_encoder_close_writes_the_end_frame_once() -> None:
    buf = io.BytesIO()
    enc = gob.Encoder(buf)
    enc.encode(cty.True_)
    enc.close()
    enc.close()
    with pytest.raises(ValueError, match="after close"):
        enc.encode(cty.True_)
    assert "".join(k for _, _, k in split_frames(buf.getvalue())) == "VE"


def test_an_encoder_block_that_raises_leaves_the_stream_unterminated() -> None:
    buf = io.BytesIO()
    with pytest.raises(RuntimeError), gob.Encoder(buf) as enc:
        enc.encode(cty.True_)
        raise RuntimeError("writer failed")
    dec = gob.Decoder(buf.getvalue())
    assert next(dec) == cty.True_
    with pytest.raises(DecodeError, match="tail is incomplete"):
        next(dec)


def test_type_ids_are_per_stream() -> None:
    t1, t2 = cty.List(cty.String), cty.Map(cty.Bool)
    a = gob.dumps(cty.list_val_empty(t1))
    b = gob.dumps(cty.list_val_empty(t2))
    assert list(gob.Decoder(a + b)) == [cty.list_val_empty(t1), cty.list_val_empty(t2)]


def test_loads_wants_exactly_one_value_and_nothing_after() -> None:
    one = gob.dumps(cty.True_)
    with pytest.raises(DecodeError, match="more than one value"):
        gob.loads(raw_stream(b"V\x03\xc3", b"V\x03\xc2"))
    with pytest.raises(DecodeError, match=r"trailing bytes.*gob\.Decoder"):
        gob.loads(one + one)
    with pytest.raises(DecodeError, match="trailing bytes"):
        gob.loads(one + b"\x00")
    assert gob.loads(bytearray(one)) == cty.True_
    assert gob.loads(memoryview(one)) == cty.True_


def test_api_misuse_raises_type_error() -> None:
    with pytest.raises(TypeError, match=r"cty\.Value"):
        gob.dumps("a")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="binary file"):
        gob.Encoder(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="binary file or bytes"):
        gob.Decoder(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"cty\.Value"):
        gob.Encoder(io.BytesIO()).encode(1)  # type: ignore[arg-type]


# --- capsules and marks that need codecs ---------------------------------------------------------


def test_a_capsule_without_codec_is_an_error_naming_its_type() -> None:
    lonely = cty.Capsule("lonely", Thing)
    for v in (cty.capsule_val(lonely, Thing(1)), cty.null_val(cty.List(lonely))):
        with pytest.raises(EncodeError, match=r"capsule type cty\.Capsule\('lonely'"):
            gob.dumps(v)


def test_a_failed_encode_writes_nothing_and_leaves_the_stream_usable() -> None:
    lonely = cty.Capsule("lonely", Thing)
    buf = io.BytesIO()
    with gob.Encoder(buf) as enc:
        enc.encode(cty.list_val([cty.string_val("a")]))
        with pytest.raises(EncodeError):
            enc.encode(cty.capsule_val(lonely, Thing(1)))
        with pytest.raises(EncodeError):
            enc.encode(cty.string_val("a").mark(1.5))
        enc.encode(cty.list_val([cty.string_val("b")]))
    assert list(gob.Decoder(buf.getvalue())) == [cty.list_val([cty.string_val("a")]),
                                                 cty.list_val([cty.string_val("b")])]


def test_capsule_codecs() -> None:
    v = cty.list_val([cty.capsule_val(THING, Thing(-5)), cty.null_val(THING).mark("m")])
    assert_same(v, gob.loads(gob.dumps(v)))


def test_capsule_codec_registration_rules() -> None:
    other = cty.Capsule("other", Thing)
    with pytest.raises(ValueError, match="already registered for another capsule type"):
        gob.register_capsule_codec(other, "tests.thing", bytes, bytes)
    with pytest.raises(ValueError, match=r"already registered as 'tests\.thing'"):
        gob.register_capsule_codec(THING, "tests.thing2", bytes, bytes)
    with pytest.raises(TypeError, match="needs a capsule type"):
        gob.register_capsule_codec(cty.String, "s", bytes, bytes)
    with pytest.raises(TypeError, match="non-empty str"):
        gob.register_capsule_codec(other, "", bytes, bytes)
    with pytest.raises(TypeError, match="callable"):
        gob.register_capsule_codec(other, "x", None, bytes)  # type: ignore[arg-type]


def test_failing_or_wrong_capsule_codecs_are_clear_errors() -> None:
    class Bad:
        pass

    bad = cty.Capsule("bad", Bad)
    gob.register_capsule_codec(bad, "tests.bad", lambda b: 42, lambda data: Bad())
    with pytest.raises(EncodeError, match="returned int, not bytes"):
        gob.dumps(cty.capsule_val(bad, Bad()))

    def boom(obj: object) -> bytes:
        raise RuntimeError("boom")

    worse = cty.Capsule("worse", Bad)
    gob.register_capsule_codec(worse, "tests.worse", boom, lambda data: 42)
    with pytest.raises(EncodeError, match=r"\[0\].*boom"):
        gob.dumps(cty.list_val([cty.capsule_val(worse, Bad())]))
    gob.register_capsule_codec(worse, "tests.worse", lambda b: b"", lambda data: 42)
    with pytest.raises(DecodeError, match=r"returned int, not test_\w+.<locals>.Bad"):
        gob.loads(gob.dumps(cty.capsule_val(worse, Bad())))


def test_an_unencodable_mark_is_an_error_with_its_path() -> None:
    v = cty.object_val({"a": cty.list_val([cty.True_, cty.False_.mark(1.5)])})
    with pytest.raises(EncodeError, match=r"cannot encode mark 1\.5 of type float") as e:
        gob.dumps(v)
    assert e.value.path == cty.get_attr_path("a").index_int(1)
    with pytest.raises(EncodeError, match="frozenset"):
        gob.dumps(cty.True_.with_marks(frozenset({frozenset({1})})))
    with pytest.raises(EncodeError, match="lone surrogate"):
        gob.dumps(cty.True_.mark("\ud800"))
    with pytest.raises(EncodeError, match="object"):
        gob.dumps(cty.True_.mark(("ok", object())))


_NO_CODEC = cty.Capsule("no-codec", object)


@pytest.mark.parametrize(("value", "where"), [
    (cty.capsule_val(_NO_CODEC, 1), ""),
    (cty.object_val({"x": cty.list_val([cty.capsule_val(_NO_CODEC, 1)])}), ".x[0]"),
    (cty.object_val({"a": cty.map_val({"k": cty.unknown_val(_NO_CODEC)})}), '.a["k"]'),
    # no capsule to point at: the innermost value whose type holds the capsule type
    (cty.object_val({"x": cty.list_val_empty(_NO_CODEC), "y": cty.string_val("a")}), ".x"),
    (cty.tuple_val([cty.string_val("s"), cty.null_val(cty.Map(_NO_CODEC))]), "[1]"),
])
def test_a_capsule_type_without_a_codec_is_an_error_at_its_place(value: cty.Value,
                                                                  where: str) -> None:
    with pytest.raises(EncodeError, match=r"cannot encode capsule type .*no-codec.* no gob "
                                          r"codec is registered") as e:
        gob.dumps(value)
    assert e.value.path.format() == where


def test_mark_type_registration_rules() -> None:
    with pytest.raises(ValueError, match="built in"):
        gob.register_mark_type(str, "s", str.encode, bytes.decode)
    with pytest.raises(ValueError, match="already registered"):
        gob.register_mark_type(int.__class__, "tests.secret", bytes, bytes)
    with pytest.raises(TypeError, match="needs a class"):
        gob.register_mark_type("x", "x", bytes, bytes)  # type: ignore[arg-type]


def test_unregistered_names_on_read_are_decode_errors() -> None:
    body = b"T" + msgspec.msgpack.encode([[6, "nobody"]])
    with pytest.raises(DecodeError, match="no capsule codec is registered under the name "
                                          "'nobody'"):
        gob.loads(raw_stream(body, b"V\x04\xc0"))
    mark = msgspec.msgpack.Ext(4, msgspec.msgpack.encode(["nobody", b""]))
    payload = msgspec.msgpack.encode([msgspec.msgpack.Ext(2, b""), [mark], True])
    with pytest.raises(DecodeError, match="mark type 'nobody' is not registered"):
        gob.loads(raw_stream(b"V\x03" + payload))


def test_object_types_beyond_the_code_generation_limit_use_planned_closures(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cty.encoding import _gob_codegen

    monkeypatch.setattr(_gob_codegen, "_generated", _gob_codegen.MAX_GENERATED)
    ty = cty.Object({"closure_only_a": cty.Map(cty.Number), "closure_only_b": cty.String})
    vs = [cty.object_val({"closure_only_a": cty.map_val({"k": cty.number_float_val(0.5)}),
                          "closure_only_b": cty.string_val("é")}),
          cty.null_val(ty), cty.unknown_val(ty).mark("m")]
    for v in vs:
        assert_same(v, gob.loads(gob.dumps(v)))
    types = b"T" + msgspec.msgpack.encode(
        [[2, 2], [4, ["closure_only_a", "closure_only_b"], [4, 1], []]])
    bad = raw_stream(types, b"V\x05" + msgspec.msgpack.encode([[["k"], ["x"]], "s"]))
    with pytest.raises(DecodeError, match="expected a number") as e:
        gob.loads(bad)
    assert e.value.path == cty.get_attr_path("closure_only_a").index_string("k")
    with pytest.raises(DecodeError, match="an object of 2 attributes"):
        gob.loads(raw_stream(types, b"V\x05" + msgspec.msgpack.encode(["s"])))


# --- the per-value cost of a stream --------------------------------------------------------------


def test_values_of_a_known_type_cost_only_their_payload() -> None:
    ty = cty.Object({"host": cty.String, "port": cty.Number, "up": cty.Bool})
    vs = [cty.object_val({"host": cty.string_val(f"h{i}"), "port": cty.number_int_val(i),
                          "up": cty.True_}) for i in range(100)]
    buf = io.BytesIO()
    with gob.Encoder(buf) as enc:
        for v in vs:
            enc.encode(v)
    data = buf.getvalue()
    frames = split_frames(data)
    assert [k for _, _, k in frames] == ["T"] + ["V"] * 100 + ["E"]
    for (start, end, _), v in zip(frames[1:-1], vs, strict=True):
        payload = msgspec.msgpack.encode([v._v["host"], v._v["port"], v._v["up"]])
        assert data[start + 4:end - 4] == b"V\x04" + payload  # kind, type id 4, payload
    assert ty in {v.type() for v in vs}
