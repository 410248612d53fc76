"""cty.dataset: gob files as a dataset of values, read stream-wise or on Dask.

A dataset is one or more files of gob streams (cty.encoding.gob), each file split into
*blocks*: complete streams of up to ``block_size`` values, so that a reader can start at any
block (docs/formats/gob.md, "Datasets").

* ``write(path, values, block_size=10_000)`` writes a file atomically;
  ``read(paths)`` yields every value of the files, decoded as they are read;
  ``blocks(paths)`` lists the blocks and ``read_block(block)`` reads one;
  ``expand(paths)`` says which files a path, a glob pattern or a directory names.
* ``to_dask_bag(paths)`` gives a dask Bag with one partition per block;
  ``write_partitions(bag, directory)`` writes one file per partition, atomically. These two
  need Dask (``pip install 'cty[dask]'``), which is imported only when they are first used.

>>> import cty, os, tempfile
>>> from cty import dataset
>>> path = os.path.join(tempfile.mkdtemp(), "numbers.gob")
>>> dataset.write(path, (cty.number_int_val(i) for i in range(5)), block_size=2)
5
>>> len(dataset.blocks(path))  # blocks of 2, 2 and 1 values
3
>>> [v.as_big_float() for v in dataset.read(path)] == [0, 1, 2, 3, 4]
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._files import DEFAULT_BLOCK_SIZE, Block, Paths, blocks, expand, read, read_block, write

if TYPE_CHECKING:
    from ._dask import to_dask_bag, write_partitions

__all__ = [
    "DEFAULT_BLOCK_SIZE",
    "Block",
    "Paths",
    "blocks",
    "expand",
    "read",
    "read_block",
    "to_dask_bag",
    "write",
    "write_partitions",
]

_DASK_NAMES = frozenset({"to_dask_bag", "write_partitions"})


def __getattr__(name: str) -> Any:
    """Load the Dask functions on first use, so that importing cty.dataset needs no Dask."""
    if name in _DASK_NAMES:
        return getattr(importlib.import_module("cty.dataset._dask"), name)
    raise AttributeError(f"module 'cty.dataset' has no attribute {name!r}")
