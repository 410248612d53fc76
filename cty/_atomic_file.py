"""Replacing a file atomically: the new content in full, or the old, never half of either."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterator
from typing import BinaryIO

try:
    import fcntl
except ImportError:  # pragma: no cover (Windows: a file open elsewhere cannot be removed)
    fcntl = None  # type: ignore[assignment]

__all__ = ["atomic_writer", "replace_file"]


def replace_file(path: str, data: bytes) -> None:
    """Replace the file at *path* by one holding *data*, atomically.

    The data goes to a new file beside *path* (so the rename stays within one file system),
    which is synced to disk and renamed over *path*; the directory is synced after. A crash
    at any moment leaves the old file or the new one, whole (at worst a stray temporary file
    beside it, which the next write to *path* removes). A replaced file's permission bits are
    kept; a new file gets 0o666 less the
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
    _remove_abandoned(directory, name)
    tmp, fd = _new_temporary(directory, name)
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


_HEX_DIGITS = frozenset("0123456789abcdef")


def _temporary_name(name: str) -> str:
    return f".{name}.{secrets.token_hex(6)}.tmp"


def _is_temporary_of(candidate: str, name: str) -> bool:
    """Whether *candidate* is a temporary file name that atomic_writer makes for *name*."""
    prefix = f".{name}."
    middle = candidate[len(prefix):-4]
    return (candidate.startswith(prefix) and candidate.endswith(".tmp") and len(middle) == 12
            and _HEX_DIGITS.issuperset(middle))


def _new_temporary(directory: str, name: str) -> tuple[str, int]:
    """Create a temporary file beside *name* and lock it (so that no other writer takes it for
    an abandoned one); return its path and descriptor."""
    while True:
        tmp = os.path.join(directory, _temporary_name(name))
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o666)
        if fcntl is None:
            return tmp, fd
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:  # another writer may have removed it before the lock was ours
            if os.stat(tmp).st_ino == os.fstat(fd).st_ino:
                return tmp, fd
        except FileNotFoundError:
            pass
        os.close(fd)


def remove_abandoned(path: str) -> None:
    """Remove the temporary files that atomic writers of *path* left behind when they were
    killed while writing (those atomic_writer names for *path*, and no other file; never the
    file of a writer still alive)."""
    directory, name = os.path.split(os.path.abspath(path))
    _remove_abandoned(directory, name)


def _remove_abandoned(directory: str, name: str) -> None:
    """Remove the temporary files that writers of *name* killed while writing left behind: a
    live writer holds a lock on its own (where the system has locks; elsewhere a file open in
    another process cannot be removed)."""
    try:
        entries = [e.name for e in os.scandir(directory) if _is_temporary_of(e.name, name)]
    except OSError:
        return
    for entry in entries:
        tmp = os.path.join(directory, entry)
        try:
            fd = os.open(tmp, os.O_RDONLY)
        except OSError:
            continue
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # OSError: a writer is alive
            os.unlink(tmp)
        except OSError:
            pass
        finally:
            os.close(fd)


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
