"""cty.dataset without Dask: writing and reading dataset files, their blocks, and the paths
that name them."""

from __future__ import annotations

import contextlib
import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cty
from cty import dataset
from cty.encoding import gob


def records(n: int, start: int = 0) -> list[cty.Value]:
    """Resource records (the benchmarks' shape), some with a secret, an unknown, a null."""
    out = []
    for i in range(start, start + n):
        name = cty.string_val(f"web-{i}")
        out.append(cty.object_val({
            "id": cty.string_val(f"i-{i:08x}"),
            "name": name.mark("secret") if i % 5 == 0 else name,
            "port": cty.unknown_val(cty.Number) if i % 7 == 0 else cty.number_int_val(8000 + i),
            "tags": cty.map_val({"env": cty.string_val("prod")}) if i % 3 else
            cty.null_val(cty.Map(cty.String)),
        }))
    return out


def test_write_then_read_gives_every_value_back(tmp_path: Path) -> None:
    values = records(25)
    path = tmp_path / "r.gob"
    assert dataset.write(path, values, block_size=10) == 25
    back = list(dataset.read(path))
    assert len(back) == 25
    assert all(a.raw_equals(b) for a, b in zip(back, values, strict=True))
    assert back[0].get_attr("name").has_mark("secret")
    assert not back[7].get_attr("port").is_known()


def test_blocks_are_streams_each_readable_alone(tmp_path: Path) -> None:
    path = tmp_path / "r.gob"
    dataset.write(path, records(25), block_size=10)
    found = dataset.blocks(path)
    assert [b.index for b in found] == [0, 1, 2]
    assert found[0].start == 0 and found[-1].stop == path.stat().st_size
    assert all(a.stop == b.start for a, b in itertools.pairwise(found))
    counts = [len(list(dataset.read_block(b))) for b in found]
    assert counts == [10, 10, 5]
    third = list(dataset.read_block(found[2]))
    assert third[0].raw_equals(records(1, start=20)[0])


def test_several_files_read_in_order(tmp_path: Path) -> None:
    for i in range(3):
        dataset.write(tmp_path / f"part-{i}.gob", records(4, start=4 * i))
    (tmp_path / "notes.txt").write_text("not a dataset file")
    want = records(12)
    for paths in (tmp_path, str(tmp_path / "part-*.gob"),
                  [tmp_path / "part-0.gob", tmp_path / "part-1.gob", tmp_path / "part-2.gob"]):
        got = list(dataset.read(paths))
        assert all(a.raw_equals(b) for a, b in zip(got, want, strict=True))
        assert len(dataset.blocks(paths)) == 3


def test_empty_input_and_empty_files(tmp_path: Path) -> None:
    path = tmp_path / "empty.gob"
    assert dataset.write(path, []) == 0
    assert list(dataset.read(path)) == []
    assert len(dataset.blocks(path)) == 1
    # a file of 0 bytes is not a dataset file, to blocks() as to read() (#47: blocks() and
    # to_dask_bag() gave nothing for it)
    (tmp_path / "zero.gob").write_bytes(b"")
    with pytest.raises(gob.DecodeError, match="empty"):
        dataset.blocks(tmp_path / "zero.gob")
    with pytest.raises(gob.DecodeError, match="empty"):
        list(dataset.read(tmp_path / "zero.gob"))


def test_a_failed_write_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "r.gob"
    dataset.write(path, records(3))
    before = path.read_bytes()

    def broken() -> list[cty.Value]:
        yield from records(2)
        raise RuntimeError("the source failed")

    with pytest.raises(RuntimeError):
        dataset.write(path, broken())
    with pytest.raises(gob.EncodeError):
        dataset.write(path, [cty.capsule_val(cty.Capsule("x", object), object())])
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["r.gob"]  # no temporary file left


def test_a_torn_file_gives_its_intact_values_then_an_error(tmp_path: Path) -> None:
    path = tmp_path / "r.gob"
    dataset.write(path, records(5), block_size=2)
    path.write_bytes(path.read_bytes()[:-16])  # the end frame (13 bytes) and part of a value
    got = []
    with pytest.raises(gob.DecodeError, match="incomplete"):
        got.extend(dataset.read(path))
    assert len(got) == 4
    assert len(dataset.blocks(path)) == 3


def test_bad_paths_and_arguments_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no dataset file"):
        dataset.expand(tmp_path / "missing.gob")
    with pytest.raises(cty.CtyValueError, match="no file matches"):
        dataset.expand(str(tmp_path / "*.gob"))
    with pytest.raises(cty.CtyValueError, match=r"holds no \.gob file"):
        dataset.expand(tmp_path)
    with pytest.raises(cty.CtyTypeError):
        dataset.expand(3)  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        dataset.expand([b"x"])  # type: ignore[list-item]
    with pytest.raises(cty.CtyValueError, match="block_size"):
        dataset.write(tmp_path / "x.gob", records(1), block_size=0)
    with pytest.raises(cty.CtyTypeError):
        dataset.write(tmp_path / "x.gob", ["not a value"])  # type: ignore[list-item]
    with pytest.raises(cty.CtyTypeError):
        dataset.read_block("r.gob")  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        dataset.read(tmp_path / "nothing-here.gob")  # fails at the call, not when iterated
    (tmp_path / "junk.gob").write_bytes(b"not gob at all")
    with pytest.raises(gob.DecodeError, match=r"^at byte 0: .*junk\.gob: no gob stream starts"):
        dataset.blocks(tmp_path / "junk.gob")


def test_stream_spans_reads_only_lengths() -> None:
    data = b"".join(gob.dumps(cty.number_int_val(i)) for i in range(3))
    spans = gob.stream_spans(data)
    assert [b - a for a, b in spans] == [len(gob.dumps(cty.number_int_val(0)))] * 3
    assert gob.stream_spans(b"") == []
    assert gob.stream_spans(data[:-3])[-1] == (spans[2][0], len(data) - 3)


def test_importing_the_dataset_module_does_not_import_dask() -> None:
    code = "import sys, cty.dataset; print('dask' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_flipped_bits_anywhere_are_decode_errors(tmp_path: Path) -> None:
    # (#47: a flip in an end frame's length bytes raised BufferError from blocks(): the
    # DecodeError's frames held views of the mapped file while it was closed)
    path = tmp_path / "a.gob"
    dataset.write(path, [cty.string_val(f"v{i}") for i in range(20)], block_size=5)
    blob = path.read_bytes()
    flipped = tmp_path / "flipped.gob"
    for i in range(len(blob)):
        for bit in range(8):
            damaged = bytearray(blob)
            damaged[i] ^= 1 << bit
            flipped.write_bytes(damaged)
            for read in (lambda: dataset.blocks(flipped), lambda: list(dataset.read(flipped))):
                with contextlib.suppress(gob.DecodeError):
                    read()
