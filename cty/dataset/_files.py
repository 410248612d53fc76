"""Gob files as a dataset: where the files are, their blocks, reading and writing them.

A dataset file is gob streams written one after another (encoding/gob.py): each *block* of
values is a complete stream, with its own header and type descriptions, so a reader can start
at any block without reading what comes before. gob.stream_spans finds the blocks from the
frames' lengths alone.
"""

from __future__ import annotations

import glob
import mmap
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeAlias

from cty import CtyTypeError, CtyValueError, Value
from cty._internal import atomic_writer, check_value
from cty.encoding import gob

__all__ = ["DEFAULT_BLOCK_SIZE", "Block", "Paths", "blocks", "expand", "read", "read_block",
           "write"]

Paths: TypeAlias = "str | os.PathLike[str] | Iterable[str | os.PathLike[str]]"
"""One path, a glob pattern, a directory (its ``*.gob`` files), or several of those."""

DEFAULT_BLOCK_SIZE = 10_000
"""Values per block when write() is not told otherwise."""

_GLOB_CHARS = frozenset("*?[")


def expand(paths: Paths) -> list[str]:
    """The files *paths* names, in order: a glob pattern gives its matches sorted, a directory
    its ``*.gob`` files sorted, a path itself. Raises CtyValueError when a pattern or a
    directory names no file, and FileNotFoundError for a missing path."""
    if isinstance(paths, (str, os.PathLike)):
        return _expand_one(os.fspath(paths))
    if isinstance(paths, (bytes, bytearray)) or not isinstance(paths, Iterable):
        raise CtyTypeError(f"dataset paths are a path, a glob pattern or several, not "
                           f"{type(paths).__name__}")
    out: list[str] = []
    for p in paths:
        if not isinstance(p, (str, os.PathLike)):
            raise CtyTypeError(f"a dataset path is a str or os.PathLike, not {type(p).__name__}")
        out += _expand_one(os.fspath(p))
    return out


def _expand_one(path: str) -> list[str]:
    if _GLOB_CHARS.intersection(path):
        found = sorted(p for p in glob.glob(path) if os.path.isfile(p))
        if not found:
            raise CtyValueError(f"no file matches {path!r}")
        return found
    if os.path.isdir(path):
        found = sorted(glob.glob(os.path.join(glob.escape(path), "*.gob")))
        if not found:
            raise CtyValueError(f"the directory {path!r} holds no .gob file")
        return found
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no dataset file {path!r}")
    return [path]


@dataclass(frozen=True)
class Block:
    """One block of a dataset file: the bytes ``start`` to ``stop`` of ``path``, the
    ``index``-th block of that file."""

    path: str
    start: int
    stop: int
    index: int


def blocks(paths: Paths) -> list[Block]:
    """The blocks of the files *paths* names, in order (see expand). Reads only the frames'
    lengths and end frames; raises gob.DecodeError for a file that is not gob streams, or
    whose blocks are not all there (one deleted, or the file cut off after a block)."""
    out: list[Block] = []
    for path in expand(paths):
        problem: tuple[str, int | None] | None = None
        with open(path, "rb") as f:
            if os.fstat(f.fileno()).st_size == 0:
                raise gob.DecodeError(f"{path}: an empty file is not a dataset file", offset=0)
            with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mm:
                try:
                    spans = gob.stream_spans(mm, dataset_file=True)  # type: ignore[arg-type]
                except gob.DecodeError as e:
                    # (raised once the map is closed: the error's frames hold views of it)
                    problem = (f"{path}: {e.message}", e.offset)
        if problem is not None:
            raise gob.DecodeError(problem[0], offset=problem[1])
        out += [Block(path, a, b, i) for i, (a, b) in enumerate(spans)]
    return out


def read_block(block: Block) -> Iterator[Value]:
    """The values of one block, decoded one by one."""
    if not isinstance(block, Block):
        raise CtyTypeError(f"read_block reads a Block, not {type(block).__name__}")
    with open(block.path, "rb") as f:
        f.seek(block.start)
        data = f.read(block.stop - block.start)
    return iter(gob.Decoder(data))


def read(paths: Paths) -> Iterator[Value]:
    """Every value of the files *paths* names, in order, decoded one by one as the files are
    read (memory stays constant however large they are). A damaged file raises
    gob.DecodeError after its intact values, and so does one that lost a whole block (from
    the middle, or cut off after one: each block's end frame holds its number, and the last
    says it is the last). Which files are meant is settled at the call
    (see expand), so a bad path fails at once."""
    return _read_files(expand(paths))


def _read_files(files: list[str]) -> Iterator[Value]:
    for path in files:
        with open(path, "rb") as f:
            yield from gob.Decoder(f, dataset_file=True)


def write(path: str | os.PathLike[str], values: Iterable[Value], /, *,
          block_size: int = DEFAULT_BLOCK_SIZE) -> int:
    """Write *values* to the dataset file *path*, *block_size* values per block, and return
    how many were written. The file is replaced atomically: a crash, or an error from
    *values* or from encoding one of them, leaves the old file (or none) in place."""
    if not isinstance(block_size, int) or isinstance(block_size, bool) or block_size < 1:
        raise CtyValueError(f"block_size is a positive int, not {block_size!r}")
    count = 0
    with atomic_writer(os.fspath(path)) as f:
        enc = gob.Encoder(f, block=0)
        for v in values:
            if count and count % block_size == 0:
                enc.close(last_block=False)
                enc = gob.Encoder(f, block=count // block_size)
            enc.encode(check_value(v, "a dataset value"))
            count += 1
        enc.close(last_block=True)
    return count
