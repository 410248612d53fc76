"""cty.dataset on Dask: bags from dataset files, files from bags, the same answers in one
process and on a local cluster of two worker processes, and no record lost when a worker dies
in the middle of a task."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import cloudpickle
import dask
import pytest
from distributed import Client, LocalCluster

import cty
from cty import dataset
from cty.convert import convert

from . import test_files
from .test_files import records

# the workers cannot import the tests package: send these modules' functions by value
cloudpickle.register_pickle_by_value(sys.modules[__name__])
cloudpickle.register_pickle_by_value(test_files)

SCHEMA = cty.parse_type("object({id=string, name=string, port=number, tags=optional(map(string))})")


def check(v: cty.Value) -> list[str]:
    """What a validation job reports of one record: its id and each conversion error."""
    try:
        convert(v, SCHEMA)
    except cty.PathError as e:
        return [f"{v.get_attr('id').as_string()}: {e}"]
    return []


def _write_inputs(directory: Path) -> list[cty.Value]:
    bad = cty.object_val({"id": cty.string_val("bad"), "name": cty.string_val("x"),
                          "port": cty.string_val("eighty")})
    values = [*records(30), bad]
    directory.mkdir(exist_ok=True)
    dataset.write(directory / "a.gob", values[:16], block_size=5)
    dataset.write(directory / "b.gob", values[16:], block_size=5)
    return values


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0", silence_logs=logging.ERROR) as cluster, \
            Client(cluster) as c:
        yield c


def test_a_bag_has_a_partition_per_block(tmp_path: Path) -> None:
    values = _write_inputs(tmp_path)
    bag = dataset.to_dask_bag(tmp_path)
    assert bag.npartitions == len(dataset.blocks(tmp_path)) == 7  # 16 values: 4 blocks, 15: 3
    got = bag.compute(scheduler="sync")
    assert all(a.raw_equals(b) for a, b in zip(got, values, strict=True))
    assert dataset.to_dask_bag(tmp_path, split_blocks=False).npartitions == 2


def test_write_partitions_writes_each_partition_once(tmp_path: Path) -> None:
    values = _write_inputs(tmp_path / "in")
    bag = dataset.to_dask_bag(tmp_path / "in").filter(lambda v: v.get_attr("id").is_known())
    with dask.config.set(scheduler="sync"):
        paths = dataset.write_partitions(bag, tmp_path / "out")
    assert [os.path.basename(p) for p in paths] == [f"part-{i:05d}.gob" for i in range(7)]
    assert sorted(os.listdir(tmp_path / "out")) == [os.path.basename(p) for p in paths]
    back = list(dataset.read(tmp_path / "out"))
    assert all(a.raw_equals(b) for a, b in zip(back, values, strict=True))
    with pytest.raises(cty.CtyTypeError):
        dataset.write_partitions([1, 2], tmp_path)  # type: ignore[arg-type]
    for prefix in ("", "a/b", "a\x00b", "\x00"):  # (#47: a NUL was a bare ValueError)
        with pytest.raises(cty.CtyValueError, match="file name prefix"):
            dataset.write_partitions(bag, tmp_path / "out", prefix=prefix)


@pytest.mark.slow
def test_the_same_answers_in_one_process_and_on_a_cluster(tmp_path: Path,
                                                           client: Client) -> None:
    values = _write_inputs(tmp_path)
    bag = dataset.to_dask_bag(tmp_path)
    alone = bag.map(check).flatten().compute(scheduler="sync")
    assert alone == ["bad: .port: a number is required"]
    assert bag.map(check).flatten().compute() == alone
    # marks and unknowns make the trip to the workers and back
    back = bag.compute()
    assert all(a.raw_equals(b) for a, b in zip(back, values, strict=True))
    assert back[5].get_attr("name").has_mark("secret") and not back[7].get_attr("port").is_known()


def _die_once(part: list[cty.Value], marker: str) -> list[cty.Value]:
    """The first time it sees record i-0000000c, the worker process dies."""
    if any(v.get_attr("id").as_string() == "i-0000000c" for v in part):
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return part
        os.close(fd)
        os._exit(1)
    return part


def test_write_partitions_removes_only_what_dead_writers_of_its_files_left(tmp_path: Path
                                                                          ) -> None:
    out = tmp_path / "out"
    out.mkdir()
    _write_inputs(tmp_path / "in")
    bag = dataset.to_dask_bag(tmp_path / "in")
    # a user's files that look like temporary files, another call's file (other prefix), a
    # writer alive now (it holds its lock), and one a killed writer of part 0 left
    kept = [".part-notes.tmp", ".part-00000.tmp", "part-00000.gob.tmp",
            ".other-00000.gob.0123456789ab.tmp", ".part-00001.gob.0123456789ZZ.tmp"]
    for name in kept:
        (out / name).write_bytes(b"mine")
    live = out / ".part-00001.gob.aaaaaaaaaaaa.tmp"
    live.write_bytes(b"being written")
    abandoned = out / ".part-00000.gob.bbbbbbbbbbbb.tmp"
    abandoned.write_bytes(b"torn")
    with open(live, "rb") as held:
        fcntl = pytest.importorskip("fcntl")  # (the lock that marks a live writer: POSIX)
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        with dask.config.set(scheduler="sync"):
            paths = dataset.write_partitions(bag, out)
    names = set(os.listdir(out))
    assert {os.path.basename(p) for p in paths} <= names
    assert set(kept) <= names
    assert live.name in names
    assert abandoned.name not in names
    for name in kept:
        assert (out / name).read_bytes() == b"mine"


@pytest.mark.slow
def test_a_worker_killed_mid_task_loses_no_record(tmp_path: Path, client: Client) -> None:
    values = _write_inputs(tmp_path / "in")
    marker = str(tmp_path / "died")
    bag = dataset.to_dask_bag(tmp_path / "in").map_partitions(_die_once, marker)
    paths = dataset.write_partitions(bag, tmp_path / "out")
    assert os.path.exists(marker)  # a worker did die
    assert sorted(os.listdir(tmp_path / "out")) == sorted(os.path.basename(p) for p in paths)
    back = list(dataset.read(tmp_path / "out"))
    assert len(back) == len(values)
    assert all(a.raw_equals(b) for a, b in zip(back, values, strict=True))


NO_MAIN_GUARD = """
import dask, dask.bag as db
import cty
from cty import dataset
bag = db.from_sequence([cty.string_val("a"), cty.string_val("b")], npartitions=2)
with dask.config.set(scheduler="processes"):
    dataset.write_partitions(bag, {out!r})
"""


@pytest.mark.slow
def test_a_script_without_a_main_guard_is_told_to_add_one(tmp_path: Path) -> None:
    script = tmp_path / "no_guard.py"
    script.write_text(NO_MAIN_GUARD.format(out=str(tmp_path / "out")))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300, check=False, cwd=tmp_path)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("concurrent.futures.process.BrokenProcessPool: a worker process")
    assert 'under `if __name__ == "__main__":`?' in last
