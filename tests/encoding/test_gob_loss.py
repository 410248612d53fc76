"""Whole frames and whole blocks lost from gob streams and dataset files are reported.

Each frame has its own checksum, which in version 3 starts from the frame's index in its
stream, so a frame deleted, repeated or moved whole makes the first frame out of place fail its
check, before a value after the gap is handed out; the end frame counts the frames before it
(so frames lost at the end are noticed, and in version 2 any frame lost), and a dataset block's
end frame holds its number and whether it is its file's last (docs/formats/gob.md, "The end
frame").
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import cty
from cty import dataset
from cty.encoding import gob
from cty.encoding.gob import DecodeError, EncodeError

from ._gob_strategies import raw_frame, read_all, split_frames

V2 = b"\x89ctygob\x02"


def _stream() -> tuple[bytes, list[cty.Value]]:
    values = [cty.string_val("a"), cty.list_val([cty.True_]), cty.string_val("b"),
              cty.list_val([cty.False_]), cty.number_int_val(7)]
    buf = io.BytesIO()
    with gob.Encoder(buf) as enc:
        for v in values:
            enc.encode(v)
    return buf.getvalue(), values



def test_the_end_frame_counts_the_frames_before_it() -> None:
    data, _ = _stream()
    kinds = "".join(k for _, _, k in split_frames(data))
    assert kinds == "VTVVVVE"
    start, end, _ = split_frames(data)[-1]
    assert data[start:end - 4] == bytes.fromhex("00000003 45 91 06")  # E, [6]
    assert gob.dumps(cty.True_)[8:] == raw_frame(b"V\x03\xc3") + raw_frame(b"E\x91\x01", 1)


def test_deleting_any_whole_frame_is_reported() -> None:
    data, values = _stream()
    frames = split_frames(data)
    for start, end, kind in frames[:-1]:
        got, err = read_all(data[:start] + data[end:])
        assert err is not None, f"deleting a {kind} frame at {start} went unnoticed"
        assert len(got) < len(values)


def _as_version_2(data: bytes) -> bytes:
    """The version 3 stream *data* written as version 2 (every checksum from 0)."""
    frames = split_frames(data)
    return V2 + b"".join(raw_frame(data[start + 4:end - 4]) for start, end, _ in frames)


def test_a_deleted_value_frame_is_reported_where_the_gap_is() -> None:
    data, values = _stream()
    start, end, kind = split_frames(data)[3]  # the third value
    assert kind == "V"
    got, err = read_all(data[:start] + data[end:])
    assert [v.go_string() for v in got] == [v.go_string() for v in values[:2]]
    assert err is not None and "frame 3 is out of place: it was written as frame 4 of its " \
        "stream, where frame 3 was due (frames moved, repeated or lost)" in str(err)


def test_in_version_2_a_deleted_value_frame_is_counted_after_the_values() -> None:
    data, values = _stream()
    old = _as_version_2(data)
    assert [v.go_string() for v in gob.Decoder(old)] == [v.go_string() for v in values]
    start, end, _ = split_frames(data)[3]
    got, err = read_all(old[:start] + old[end:])
    assert [v.raw_equals(w) for v, w in zip(got, values[:2] + values[3:], strict=True)]
    assert err is not None
    assert "the stream's end frame counts 6 frames before it, but 5 came: 1 of them is " \
           "missing (deleted or lost)" in str(err)
    assert "frame 5" in str(err)


def test_a_repeated_or_moved_frame_is_reported() -> None:
    data, values = _stream()
    frames = split_frames(data)
    start, end, _ = frames[2]
    got, err = read_all(data[:end] + data[start:end] + data[end:])
    assert len(got) == 2
    assert err is not None and "frame 3 is out of place: it was written as frame 2" in str(err)
    (s3, e3, _), (s4, e4, _) = frames[3], frames[4]
    got, err = read_all(data[:s3] + data[s4:e4] + data[s3:e3] + data[e4:])  # two swapped
    assert [v.go_string() for v in got] == [v.go_string() for v in values[:2]]
    assert err is not None and "frame 3 is out of place: it was written as frame 4" in str(err)


def test_in_version_2_a_repeated_frame_is_counted() -> None:
    data, _ = _stream()
    old = _as_version_2(data)
    start, end, _ = split_frames(data)[2]
    got, err = read_all(old[:end] + old[start:end] + old[end:])
    assert len(got) == 6
    assert err is not None and "counts 6 frames before it, but 7 came: frames were added" \
        in str(err)


@pytest.mark.parametrize(("end_body", "message"), [
    (b"E", "malformed end frame"),
    (b"E\x91\xff", "malformed end frame"),
    (b"E\x92\x01\x02", "malformed end frame"),
    (b"E\x93\x01\x00\x01", "malformed end frame"),
    (b"E\x91\x01\x00", "malformed end frame"),
    (b"E\x91\xa11", "malformed end frame"),
    (b"E\x91\x02", "counts 2 frames before it, but 1 came"),
])
def test_malformed_version_2_end_frames(end_body: bytes, message: str) -> None:
    data = V2 + raw_frame(b"V\x03\xc3") + raw_frame(end_body)
    with pytest.raises(DecodeError, match=message) as e:
        gob.loads(data)
    assert "frame 1" in str(e.value)


def test_version_1_streams_are_still_read() -> None:
    # "hi" as version 1 wrote it (its end frame is E alone, and counts nothing)
    v1 = bytes.fromhex("89 63 74 79 67 6f 62 01 00 00 00 05 56 01 a2 68 69 fa 9d 69 4e"
                       "00 00 00 01 45 d9 8f 73 43")
    assert gob.loads(v1) == cty.string_val("hi")
    both = [v.as_string() for v in gob.Decoder(v1 + gob.dumps(cty.string_val("x")) + v1)]
    assert both == ["hi", "x", "hi"]


# --- dataset files ---------------------------------------------------------------------------


def _numbers(n: int) -> list[cty.Value]:
    return [cty.number_int_val(i) for i in range(n)]


def _blocks_of(path: Path) -> list[bytes]:
    data = path.read_bytes()
    return [data[a:b] for a, b in gob.stream_spans(data)]


def _read(path: Path) -> tuple[list[int], DecodeError | None]:
    got: list[int] = []
    try:
        for v in dataset.read(path):
            got.append(int(v.as_big_float()))
    except DecodeError as e:
        return got, e
    return got, None


def test_dataset_blocks_are_numbered_and_the_last_says_so(tmp_path: Path) -> None:
    path = tmp_path / "n.gob"
    dataset.write(path, _numbers(25), block_size=10)
    ends = [b[-9:-4] for b in _blocks_of(path)]  # E, [frames, block, last]
    assert ends == [bytes.fromhex("45 93 0a 00 c2"), bytes.fromhex("45 93 0a 01 c2"),
                    bytes.fromhex("45 93 05 02 c3")]
    assert _read(path) == (list(range(25)), None)


def test_a_dataset_file_cut_after_a_block_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "n.gob"
    dataset.write(path, _numbers(25), block_size=10)
    blocks = _blocks_of(path)
    path.write_bytes(b"".join(blocks[:2]))
    got, err = _read(path)
    assert got == list(range(20))
    assert err is not None and "the dataset file ends after block 1, which is not its last: " \
        "the blocks after it are missing" in str(err)
    with pytest.raises(DecodeError, match="ends after block 1, which is not its last"):
        dataset.blocks(path)


def test_a_block_deleted_from_a_dataset_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "n.gob"
    dataset.write(path, _numbers(35), block_size=10)
    blocks = _blocks_of(path)
    path.write_bytes(blocks[0] + blocks[2] + blocks[3])
    got, err = _read(path)
    assert got == list(range(10)) + list(range(20, 30))
    assert err is not None and "block 2 where block 1 was due: block 1 is missing" in str(err)
    path.write_bytes(blocks[0] + blocks[3])
    with pytest.raises(DecodeError, match="block 3 where block 1 was due: blocks 1 to 2 are "
                                          "missing"):
        dataset.blocks(path)
    path.write_bytes(b"".join(blocks) + blocks[3])
    with pytest.raises(DecodeError, match=r"block 3 follows the file's last block \(3\)"):
        dataset.blocks(path)
    path.write_bytes(blocks[1] + blocks[0])
    with pytest.raises(DecodeError, match="block 1 where block 0 was due"):
        list(dataset.read(path))


def test_each_block_reads_alone(tmp_path: Path) -> None:
    path = tmp_path / "n.gob"
    dataset.write(path, _numbers(25), block_size=10)
    sizes = [len(list(dataset.read_block(b))) for b in dataset.blocks(path)]
    assert sizes == [10, 10, 5]


def test_files_of_streams_without_block_numbers_read_as_before(tmp_path: Path) -> None:
    path = tmp_path / "plain.gob"
    path.write_bytes(gob.dumps(cty.string_val("a")) + gob.dumps(cty.string_val("b")))
    assert [v.as_string() for v in dataset.read(path)] == ["a", "b"]
    assert len(dataset.blocks(path)) == 2
    numbered = tmp_path / "numbered.gob"
    dataset.write(numbered, _numbers(3))
    path.write_bytes(numbered.read_bytes() + gob.dumps(cty.string_val("a")))
    with pytest.raises(DecodeError, match="without a block number follows block 0"):
        list(dataset.read(path))


def test_a_block_number_is_a_non_negative_int() -> None:
    for bad in (-1, True, 1.0, "0"):
        with pytest.raises(cty.CtyValueError, match="a block number is a non-negative int"):
            gob.Encoder(io.BytesIO(), block=bad)  # type: ignore[arg-type]


def test_the_frame_size_limit_holds_at_its_boundary(monkeypatch: pytest.MonkeyPatch) -> None:
    """A frame's body is at most MAX_BODY bytes (its length is a uint32): at the limit a value
    is written, one byte past it is an EncodeError, on every way a frame is written (a value
    whose type is new, one of the type just written, a type frame). The limit is lowered here,
    as a 4 GiB value is too big for a test."""
    from cty.encoding import _gob_frame

    short, long = cty.string_val("x"), cty.string_val("x" * 50)
    data = gob.dumps(long)
    ((start, end, kind), _) = split_frames(data)
    assert kind == "V"
    need = end - 4 - (start + 4)

    def limit(n: int) -> None:
        monkeypatch.setattr(_gob_frame, "MAX_BODY", n)
        monkeypatch.setattr(gob, "MAX_BODY", n)

    limit(need)
    assert gob.dumps(long) == data
    buf = io.BytesIO()
    with gob.Encoder(buf) as enc:
        enc.encode(short)
        enc.encode(long)  # (a value of the type just written: the encoder's fast path)
    assert list(gob.Decoder(buf.getvalue())) == [short, long]
    limit(need - 1)
    message = f"a gob frame holds at most {need - 1} bytes; this value needs {need}"
    with pytest.raises(EncodeError, match=message):
        gob.dumps(long)
    with gob.Encoder(io.BytesIO()) as enc:
        enc.encode(short)
        with pytest.raises(EncodeError, match=message):
            enc.encode(long)
    # a type frame: a null of a type with a long name is a short value of a long description
    limit(need - 1 + (1 << 20))
    null = cty.null_val(cty.Object({"a" * 60: cty.String}))
    ((start, end, kind), _, _) = split_frames(gob.dumps(null))
    assert kind == "T"
    limit(end - start - 8 - 1)
    with pytest.raises(EncodeError, match=f"this value needs {end - start - 8}$"):
        gob.dumps(null)
