"""Marks by path: unmark_deep_with_paths and mark_with_paths (go-cty's marks.go).

They walk the value with paths, so they sit above _walk; the path-free mark operations are in
_marks_deep, below the constructors that use them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ._deep import deep
from ._errors import CtyTypeError
from ._marks_deep import unmark_deep
from ._path import Path, PathValueMarks
from ._value import Value
from ._walk import transform, walk


@deep
def unmark_deep_with_paths(v: Value) -> tuple[Value, list[Any]]:
    """Return *v* without marks, and a PathValueMarks for every marked place."""
    out: list[PathValueMarks] = []

    def visit(path: Path, x: Value) -> bool:
        if x._marks:
            out.append(PathValueMarks(path, x._marks))
        return True

    walk(v, visit)
    unmarked, _ = unmark_deep(v)
    return unmarked, out


@deep
def mark_with_paths(v: Value, pvm: list[Any]) -> Value:
    """Return *v* with each entry's marks applied at its path (the first entry per path wins)."""
    if isinstance(pvm, (str, bytes)) or not isinstance(pvm, Iterable):
        raise CtyTypeError(f"mark_with_paths takes a list of cty.PathValueMarks, not {pvm!r}")
    pvm = list(pvm)
    for e in pvm:
        if not isinstance(e, PathValueMarks):
            raise CtyTypeError(
                f"mark_with_paths takes a list of cty.PathValueMarks, not one holding {e!r}")
    if not pvm:
        return v
    at: dict[Path, frozenset[Any]] = {}
    for e in pvm:
        at.setdefault(e.path, e.marks)  # (steps hash as they compare: keys raw)

    def exit_(path: Path, x: Value) -> Value:
        marks = at.get(path)
        return x if marks is None else x.with_marks(marks)

    return transform(v, exit_)
