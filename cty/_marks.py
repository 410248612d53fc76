"""Marks: the wrapper for marked payloads nested inside containers, and mark-set helpers."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final

NO_MARKS: Final[frozenset[Any]] = frozenset()


class Marked:
    """A nested payload together with its marks. Never nested, never empty-marked."""

    __slots__ = ("marks", "v")

    def __init__(self, v: Any, marks: frozenset[Any]) -> None:
        self.v = v
        self.marks = marks

    def __repr__(self) -> str:
        return f"Marked({self.v!r}, {set(self.marks)!r})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (Marked, (self.v, self.marks))


def new_value_marks(*marks: Hashable) -> frozenset[Any]:
    """Return a mark set holding *marks*; a frozenset argument contributes its members.

    go-cty's NewValueMarks.
    """
    out: set[Any] = set()
    for m in marks:
        if isinstance(m, frozenset):
            out.update(m)
        else:
            hash(m)
            out.add(m)
    return frozenset(out) if out else NO_MARKS
