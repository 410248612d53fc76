"""The failure that from_python and to_python raise inside their walks.

A builder or converter that meets data it cannot take raises DataFail; each container it
passes on the way out adds its step (innermost first) and the node it was working on; the
entry point turns it into a PathError with the whole path. Never escapes the library.
"""

from __future__ import annotations

from typing import Any

from ._path_fail import PathFail, step_of


class DataFail(PathFail):
    """Internal: a mismatch travelling out of a planned walk over data or payloads (the
    failure of cty._path_fail, which also carries the node the walk was at)."""

    def __init__(self, message: str, node: object) -> None:
        super().__init__(message)
        self.node = node
        """The node the innermost walker left so far was working on: a list's walker finds
        the failing element's index by identity (a walk is deterministic, so the first
        element identical to the failing one is the one that failed)."""

    def at_node(self, kind: str, key: Any, node: object) -> DataFail:
        """Record that the failure happened in the element *key* of *node* (*kind* "attr",
        "index" or "key"); return self for re-raising."""
        self.steps.append(step_of(kind, key))
        self.node = node
        return self


def index_of(items: Any, node: object) -> int | None:
    """Return the index of the first element of *items* that is *node*, or None."""
    return next((i for i, item in enumerate(items) if item is node), None)
