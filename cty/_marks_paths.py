"""Marks by path: unmark_deep_with_paths and mark_with_paths (go-cty's marks.go).

They walk the value with paths, so they sit above _walk; the path-free mark operations are in
_marks_deep, below the constructors that use them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ._deep import deep
from ._errors import CtyTypeError
from ._marks_wrangle import WrangleAction, WrangleDrop, wrangle_marks_deep
from ._path import Path, PathValueMarks
from ._type import brief
from ._value import Value
from ._walk import transform


def unmark_deep_with_paths(v: Value) -> tuple[Value, list[Any]]:
    """Return *v* without marks, and a PathValueMarks for every marked place (in the order of
    a walk), as go-cty makes them: by wrangling, every mark dropped and noted at its path."""
    out: list[PathValueMarks] = []

    def take(mark: Any, path: Path) -> WrangleAction:
        # (the wrangler hands each place's marks one after another, with one Path object)
        if out and out[-1].path is path:
            out[-1] = PathValueMarks(path, out[-1].marks | {mark})
        else:
            out.append(PathValueMarks(path, frozenset((mark,))))
        return WrangleDrop

    return wrangle_marks_deep(v, (take,)), out


@deep
def mark_with_paths(v: Value, pvm: list[Any]) -> Value:
    """Return *v* with each entry's marks applied at its path (the first entry per path wins)."""
    if isinstance(pvm, (str, bytes)) or not isinstance(pvm, Iterable):
        raise CtyTypeError(f"mark_with_paths takes a list of cty.PathValueMarks, not {brief(pvm)}")
    pvm = list(pvm)
    for e in pvm:
        if not isinstance(e, PathValueMarks):
            raise CtyTypeError(
                f"mark_with_paths takes a list of cty.PathValueMarks, not one holding {brief(e)}")
    if not pvm:
        return v
    at: dict[Path, frozenset[Any]] = {}
    for e in pvm:
        at.setdefault(e.path, e.marks)  # (steps hash as they compare: keys raw)
    # A visited path is looked for among the entries of its length and last step first: hashing
    # a whole path costs its length, so looking every visited path up in `at` would cost the
    # depth squared on deep values (a 10,000-level list: minutes).
    candidates: dict[tuple[int, Any], list[tuple[Path, frozenset[Any]]]] = {}
    for path, marks in at.items():
        candidates.setdefault((len(path), path[-1] if path else None), []).append((path, marks))

    def exit_(path: Path, x: Value) -> Value:
        found = candidates.get((len(path), path[-1] if path else None))
        if found is not None:
            for p, marks in found:
                if p == path:
                    return x.with_marks(marks)
        return x

    return transform(v, exit_)
