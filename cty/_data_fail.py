"""The failure that from_python and to_python raise inside their walks.

A builder or converter that meets data it cannot take raises DataFail; each container it
passes on the way out adds its step (innermost first) and the node it was working on; the
entry point turns it into a PathError with the whole path. Never escapes the library.
"""

from __future__ import annotations

from typing import Any

from ._errors import PathError
from ._path import GetAttrStep, IndexStep, Path
from ._value_init import number_int_val, string_val


class DataFail(Exception):
    """Internal: a mismatch travelling out of a planned walk over data or payloads."""

    def __init__(self, message: str, node: object) -> None:
        super().__init__(message)
        self.message = message
        self.node = node
        """The node the innermost walker left so far was working on: a list's walker finds
        the failing element's index by identity (a walk is deterministic, so the first
        element identical to the failing one is the one that failed)."""
        self.steps: list[tuple[str, Any]] = []

    def at(self, kind: str, key: Any, node: object) -> DataFail:
        """Record that the failure happened in the element *key* of *node* (*kind* "attr",
        "index" or "key"); return self for re-raising."""
        self.steps.append((kind, key))
        self.node = node
        return self

    def path_error(self) -> PathError:
        """Return the public PathError for this failure."""
        steps = [GetAttrStep(key) if kind == "attr" else
                 IndexStep(number_int_val(key) if kind == "index" else string_val(key))
                 for kind, key in reversed(self.steps)]
        return PathError(Path(steps), self.message)  # (one Path: not one per step)


def index_of(items: Any, node: object) -> int | None:
    """Return the index of the first element of *items* that is *node*, or None."""
    return next((i for i, item in enumerate(items) if item is node), None)
