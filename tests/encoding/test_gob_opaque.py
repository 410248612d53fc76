"""Capsules read without their codec: gob.Decoder(src, opaque_capsules=True)."""

from __future__ import annotations

import io

import pytest

import cty
from cty.encoding import DecodeError, EncodeError, gob
from cty.encoding.gob import OpaqueCapsule

from ._gob_strategies import HEADER_SIZE, raw_frame, read_all, split_frames

# Streams are written with this codec, then its name in them changed to one no codec has.
_WRITER = cty.Capsule("gadget", bytes)
gob.register_capsule_codec(_WRITER, "test-opaque-gadget", bytes, bytes)


def _stream_with_unknown_codec(*values: cty.Value) -> bytes:
    """A stream of *values* whose capsule codec name is changed to "test-opaque-gidget",
    which no codec here is registered under (each frame made again around its new body)."""
    buf = io.BytesIO()
    with gob.Encoder(buf) as enc:
        for v in values:
            enc.encode(v)
    data = buf.getvalue()
    frames = [raw_frame(data[start + 4:end - 4].replace(b"test-opaque-gadget",
                                                        b"test-opaque-gidget"), seq)
              for seq, (start, end, _) in enumerate(split_frames(data))]
    return data[:HEADER_SIZE] + b"".join(frames)


def _gadget(data: bytes) -> cty.Value:
    return cty.capsule_val(_WRITER, data)


def test_without_the_option_an_unknown_codec_is_a_decode_error() -> None:
    data = _stream_with_unknown_codec(_gadget(b"abc"))
    with pytest.raises(DecodeError, match="no capsule codec is registered under the name "
                                          "'test-opaque-gidget'"):
        gob.loads(data)


def test_opaque_capsules_hold_the_codec_name_and_bytes() -> None:
    data = _stream_with_unknown_codec(cty.object_val({
        "x": cty.list_val([_gadget(b"abc"), _gadget(b"")]),
        "n": cty.null_val(_WRITER),
        "u": cty.unknown_val(_WRITER),
        "m": _gadget(b"\x00\xff").mark("sensitive"),
    }))
    (v,) = gob.Decoder(data, opaque_capsules=True)
    ty = v.type().attribute_type("n")
    assert ty.is_capsule_type() and ty.friendly_name() == "opaque test-opaque-gidget"
    assert ty.encapsulated_type() is OpaqueCapsule
    assert v.type() == cty.Object({"x": cty.List(ty), "n": ty, "u": ty, "m": ty})
    first, empty = v.get_attr("x").as_value_slice()
    assert first.encapsulated_value() == OpaqueCapsule("test-opaque-gidget", b"abc")
    assert empty.encapsulated_value().data == b""
    assert v.get_attr("n").is_null() and not v.get_attr("u").is_known()
    m, marks = v.get_attr("m").unmark()
    assert marks == {"sensitive"} and m.encapsulated_value().data == b"\x00\xff"
    assert cty.format_value(first) == "opaque test-opaque-gidget(<3 bytes>)"
    assert repr(OpaqueCapsule("n", b"x")) == "<1 byte>"


def test_one_type_per_codec_name_across_streams() -> None:
    data = _stream_with_unknown_codec(_gadget(b"a"), _gadget(b"b"))
    a, b = gob.Decoder(data, opaque_capsules=True)
    assert a.type() is b.type()
    assert a.encapsulated_value() != b.encapsulated_value()


def test_written_again_they_give_back_the_same_bytes() -> None:
    data = _stream_with_unknown_codec(cty.tuple_val([_gadget(b"abc"), cty.string_val("s")]))
    (v,) = gob.Decoder(data, opaque_capsules=True)
    assert gob.dumps(v) == data


def test_a_registered_codec_is_used_when_there_is_one() -> None:
    (v,) = gob.Decoder(gob.dumps(_gadget(b"abc")), opaque_capsules=True)
    assert v.type() is _WRITER and v.encapsulated_value() == b"abc"


def test_an_opaque_capsule_must_still_be_binary_data() -> None:
    data = _stream_with_unknown_codec(_gadget(b"abc"))
    frames = split_frames(data)
    start, end, kind = frames[-2]
    body = data[start + 4:end - 4]
    assert kind == "V" and body.endswith(b"\xc4\x03abc")  # bin 8 of 3 bytes: ...
    bad = data[:start] + raw_frame(body[:-5] + b"\xa3abc", len(frames) - 2) + data[end:]  # str
    with pytest.raises(DecodeError, match="binary data"):
        list(gob.Decoder(bad, opaque_capsules=True))
    got, err = read_all(data)  # (and without the option, no codec)
    assert got == [] and err is not None and "no capsule codec" in str(err)


def test_an_unregistered_capsule_type_still_cannot_be_written() -> None:
    other = cty.Capsule("other", bytes)
    with pytest.raises(EncodeError, match="no gob codec is registered"):
        gob.dumps(cty.capsule_val(other, b"x"))


def test_opaque_capsules_are_immutable_and_compare_by_content() -> None:
    o = OpaqueCapsule("n", b"x")
    with pytest.raises(AttributeError):
        o.data = b"y"  # type: ignore[misc]
    assert o == OpaqueCapsule("n", bytearray(b"x")) and hash(o) == hash(OpaqueCapsule("n", b"x"))
    assert o != OpaqueCapsule("m", b"x")
    with pytest.raises(cty.CtyTypeError, match="data is bytes, not str"):
        OpaqueCapsule("n", "x")  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError, match="codec name is a str, not int"):
        OpaqueCapsule(1, b"x")  # type: ignore[arg-type]
