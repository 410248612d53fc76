"""Replacing a file atomically: the new content in full, or the old, never half of either."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterator
from typing import BinaryIO

__all__ = ["atomic_writer", "replace_file"]


def replace_file(path: str, data: bytes) -> None:
    """Replace the file at *path* by one holding *data*, atomically.

    The data goes to a new file beside *path* (so the rename stays within one file system),
    which is synced to disk and renamed over *path*; the directory is synced after. A crash
    at any moment leaves the old file or the new one, whole (at worst a stray temporary file
    beside it). A replaced file's permission bits are kept; a new file gets 0o666 less the
    umask, as open() would give it. OSError when the directory cannot be written.
    """
    with atomic_writer(path) as f:
        f.write(data)


@contextlib.contextmanager
def atomic_writer(path: str) -> Iterator[BinaryIO]:
    """A binary file whose content replaces the file at *path*, atomically, when the block
    ends normally (as replace_file does); when the block raises, *path* is left as it was
    and the temporary file is removed. For content written piece by piece."""
    directory, name = os.path.split(os.path.abspath(path))
    tmp = os.path.join(directory, f".{name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with contextlib.suppress(FileNotFoundError):
            os.chmod(tmp, stat.S_IMODE(os.stat(path).st_mode))
        with os.fdopen(fd, "wb", closefd=False) as f:
            yield f
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    os.close(fd)
    try:
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    _sync_directory(directory)


def _sync_directory(directory: str) -> None:
    """Flush the rename to disk where the system allows opening a directory (POSIX)."""
    try:
        dfd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)
