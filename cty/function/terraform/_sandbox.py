"""Where Terraform's file functions may read: a base directory the caller gives, and nothing
outside it.

A path is read as Terraform reads it (a leading ``~`` made the home directory, a relative path
joined to the base directory, the result cleaned), then resolved with its symbolic links; a
path that resolves outside the base directory is refused, whatever its spelling (``..``, an
absolute path, a link). Only regular files are read (a named pipe or a device would block or
never end), and no more than a set number of bytes of one; a glob walks no more than a set
number of directory entries.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from typing import Final

from .._errors import FunctionError
from ._gopath import clean, expand_home, is_abs, join

__all__ = ["MAX_FILE_BYTES", "MAX_GLOB_ENTRIES", "ReadFailure", "Sandbox", "go_error_text"]

MAX_FILE_BYTES: Final = 64 << 20
"""The most bytes a file function reads of one file, unless the caller says otherwise."""
MAX_GLOB_ENTRIES: Final = 100_000
"""The most directory entries one fileset call looks at."""


def go_error_text(e: OSError) -> str:
    """The text Go's syscall errors have for *e*'s errno (C's, with a small first letter)."""
    text = os.strerror(e.errno) if e.errno is not None else str(e)
    return text[:1].lower() + text[1:]


class ReadFailure(FunctionError):
    """A file opened but not read: a directory, a file that is not regular, one too large
    (the message as Go's read error has it; Terraform's file function prefixes it)."""


class Sandbox:
    """A base directory for Terraform's file functions, with where ``~`` leads (None: nowhere)
    and how much they may read."""

    def __init__(self, base_dir: str | os.PathLike[str], home: str | None = None,
                 max_file_bytes: int = MAX_FILE_BYTES,
                 max_glob_entries: int = MAX_GLOB_ENTRIES) -> None:
        given = os.fspath(base_dir)
        real = os.path.realpath(given)
        if not os.path.isdir(real):
            raise ValueError(f"the base directory {given!r} is not a directory")
        self.base = given
        """The base directory as given: relative paths are joined to it, as Terraform joins
        them to a module's directory (and errors show them so)."""
        self.real_base = real
        """The base directory's real path: every path read must resolve below it."""
        self.home = home
        self.max_file_bytes = max_file_bytes
        self.max_glob_entries = max_glob_entries

    def path(self, path: str) -> str:
        """*path* as Terraform makes it before it opens it: ``~`` expanded (FunctionError
        "failed to expand ~: ..."), joined to the base directory if relative, cleaned."""
        try:
            path = expand_home(path, self.home)
        except FunctionError as e:
            raise FunctionError(f"failed to expand ~: {e}") from None
        return clean(path if is_abs(path) else join(self.base, path))

    def joined(self, path: str) -> str:
        """*path* joined to the base directory if relative (no ``~``), cleaned."""
        return clean(path if is_abs(path) else join(self.base, path))

    def inside(self, full: str, shown: str) -> str:
        """The real path of *full*, which must be the base directory or below it (else a
        FunctionError naming the path as *shown*)."""
        real = os.path.realpath(full)
        if real != self.real_base and not real.startswith(self.real_base.rstrip("/") + "/"):
            raise FunctionError(f"no access to {shown}: the file functions read only within "
                                "their base directory")
        return real

    def read(self, full: str, shown: str) -> bytes:
        """The bytes of the regular file at *full* (cleaned, within the base directory):
        FunctionError for a path outside it, OSError where the system cannot open it,
        ReadFailure for a file that is not regular or is too large."""
        real = self.inside(full, shown)
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        try:
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise ReadFailure(f"read {full}: is a directory")
            if not stat.S_ISREG(info.st_mode):
                raise ReadFailure(f"{shown} is not a regular file")
            if info.st_size > self.max_file_bytes:
                raise ReadFailure(f"{shown} is larger than {self.max_file_bytes} bytes")
            chunks = []
            total = 0
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    break
                total += len(chunk)
                if total > self.max_file_bytes:
                    raise ReadFailure(f"{shown} is larger than {self.max_file_bytes} bytes")
                chunks.append(chunk)
            return b"".join(chunks)
        finally:
            os.close(fd)

    def walk(self, root: str, depth: int | None) -> Iterator[str]:
        """The paths (*root* joined with ``/``-relative names) of every regular file below
        directory *root* (within the base directory), *depth* levels down at most (None: any);
        links are followed where they stay within the base directory, each directory once."""
        seen: set[str] = set()
        count = 0
        stack: list[tuple[str, int]] = [(root, 0)]
        while stack:
            directory, level = stack.pop()
            try:
                real = self.inside(directory, directory)
            except FunctionError:
                continue  # (a link out of the base directory is not followed)
            if real in seen:
                continue
            seen.add(real)
            try:
                entries = sorted(os.scandir(real), key=lambda e: e.name)
            except OSError as e:
                if e.errno in (errno.ENOENT, errno.ENOTDIR):
                    continue
                raise
            for entry in entries:
                count += 1
                if count > self.max_glob_entries:
                    raise FunctionError(f"fileset looked at more than {self.max_glob_entries} "
                                        "directory entries")
                full = f"{directory.rstrip('/')}/{entry.name}"
                try:
                    is_dir = entry.is_dir()
                    is_file = entry.is_file()
                except OSError:
                    continue
                if is_file:
                    try:
                        self.inside(full, full)
                    except FunctionError:
                        continue
                    yield full
                elif is_dir and (depth is None or level + 1 < depth):
                    stack.append((full, level + 1))
