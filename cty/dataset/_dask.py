"""Datasets on Dask: a bag with one partition per block, and one file written per partition.

This module imports Dask; cty.dataset loads it only when one of its names is used, so the
library itself never needs Dask (``pip install 'cty[dask]'`` brings it).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from concurrent.futures.process import BrokenProcessPool
from typing import cast

import dask.bag as db
from dask.base import compute
from dask.delayed import Delayed, delayed

from cty import CtyTypeError, CtyValueError, Value
from cty._internal import remove_abandoned

from ._files import DEFAULT_BLOCK_SIZE, Block, Paths, blocks, expand, read, read_block, write

__all__ = ["to_dask_bag", "write_partitions"]


def _load_block(block: Block) -> list[Value]:
    return list(read_block(block))


def _load_file(path: str) -> list[Value]:
    return list(read(path))


def to_dask_bag(paths: Paths, /, *, split_blocks: bool = True) -> db.Bag:
    """A dask Bag of the values in the files *paths* names (see cty.dataset.expand): one
    partition per block of each file, or, without *split_blocks*, one per file. Nothing is
    read but the frames' lengths until the bag is computed."""
    parts: list[Delayed]
    if split_blocks:
        parts = [delayed(_load_block)(b) for b in blocks(paths)]
    else:
        parts = [delayed(_load_file)(p) for p in expand(paths)]
    if not parts:
        return cast(db.Bag, db.from_sequence([], npartitions=1))
    return cast(db.Bag, db.from_delayed(parts))


MAIN_GUARD_HINT = (
    "a worker process of the process scheduler ended abruptly. If this runs from a script, "
    "is the script's top-level code under `if __name__ == \"__main__\":`? Dask starts each "
    "worker process by importing the main module again, which without that guard starts the "
    "computation again inside the worker (each worker's own error, on standard error, says "
    "so too). Otherwise a worker crashed or ran out of memory.")
"""The message write_partitions gives when the process pool breaks (a missing main guard, most
often)."""


def _write_partition(values: Iterable[Value], path: str, block_size: int) -> str:
    write(path, values, block_size=block_size)
    return path


def write_partitions(bag: db.Bag, directory: str | os.PathLike[str], /, *,
                     prefix: str = "part", block_size: int = DEFAULT_BLOCK_SIZE) -> list[str]:
    """Compute *bag* and write each partition to its own dataset file in *directory*
    (``part-00000.gob``, ...), atomically; return the files' paths in partition order.

    A partition that runs twice (Dask retries the task of a worker that died) writes the same
    file again, whole, so the directory holds each partition once; the temporary file a dead
    worker left behind is removed at the end. Only such files are removed: those the atomic
    writer names for the partition files of this call, and not while a writer holds them, so
    other files in *directory* (another call's, a user's) are left alone. Runs on the
    scheduler in use (a dask.distributed Client's, if one is active).
    """
    if not isinstance(bag, db.Bag):
        raise CtyTypeError(f"write_partitions writes a dask Bag, not {type(bag).__name__}")
    if (not isinstance(prefix, str) or not prefix or os.sep in prefix or "\x00" in prefix
            or (os.altsep is not None and os.altsep in prefix)):
        raise CtyValueError(f"prefix is a file name prefix, not {prefix!r}")
    out = os.fspath(directory)
    os.makedirs(out, exist_ok=True)
    tasks = [delayed(_write_partition)(part, os.path.join(out, f"{prefix}-{i:05d}.gob"),
                                       block_size)
             for i, part in enumerate(bag.to_delayed())]
    try:
        paths: list[str] = list(compute(*tasks))
    except BrokenProcessPool as e:
        raise BrokenProcessPool(MAIN_GUARD_HINT) from e
    # a worker killed while writing leaves its temporary file (the retry wrote the partition):
    # remove those of the files written here, and nothing else (a live writer's is locked)
    for path in paths:
        remove_abandoned(path)
    return paths
