"""File paths as Go's path/filepath handles them on Unix (what Terraform's path and file
functions do to a path before they touch a file): Clean, Join, Base, Dir, and go-homedir's
Expand of a leading ``~``."""

from __future__ import annotations

import posixpath

from .._errors import FunctionError

__all__ = ["base", "clean", "directory", "expand_home", "is_abs", "join"]


def clean(path: str) -> str:
    """Go's filepath.Clean: the shortest path naming the same file, by lexical rules alone
    (``..`` at the root is dropped; an empty path is ``.``; two leading slashes are one)."""
    out = posixpath.normpath(path) if path else "."
    return out[1:] if out.startswith("//") else out


def join(*parts: str) -> str:
    """Go's filepath.Join: the non-empty parts joined with ``/`` and cleaned (``""`` if all
    are empty)."""
    given = [p for p in parts if p]
    return clean("/".join(given)) if given else ""


def is_abs(path: str) -> bool:
    """Go's filepath.IsAbs on Unix."""
    return path.startswith("/")


def base(path: str) -> str:
    """Go's filepath.Base: the last element (trailing slashes dropped; ``.`` for an empty path,
    ``/`` for one of slashes only)."""
    if not path:
        return "."
    path = path.rstrip("/")
    if not path:
        return "/"
    return path[path.rfind("/") + 1:]


def directory(path: str) -> str:
    """Go's filepath.Dir: all but the last element, cleaned."""
    return clean(path[:path.rfind("/") + 1])


def expand_home(path: str, home: str | None) -> str:
    """go-homedir's Expand: a leading ``~`` (alone, or before a slash) made *home*.

    Raises FunctionError for ``~user`` (another user's home) and, when *home* is None (the
    caller gave none), for any ``~``."""
    if not path.startswith("~"):
        return path
    if len(path) > 1 and path[1] not in "/\\":
        raise FunctionError("cannot expand user-specific home dir")
    if home is None:
        raise FunctionError("no home directory was given to expand ~ to")
    return join(home, path[1:])
