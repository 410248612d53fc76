"""The payload of unknown values."""

from __future__ import annotations

from typing import Any, Final


class Unknown:
    """The payload of an unknown value: a placeholder, with an optional refinement.

    ``UNKNOWN`` is the shared unrefined one. ``refinement`` is None for "no refinement",
    which go-cty's RawEquals tells apart from an empty refinement.
    """

    __slots__ = ("refinement",)

    def __init__(self, refinement: Any = None) -> None:
        self.refinement = refinement

    def __repr__(self) -> str:
        return "UNKNOWN" if self.refinement is None else f"Unknown({self.refinement!r})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]] | str:
        if self is UNKNOWN:
            return "UNKNOWN"
        return (Unknown, (self.refinement,))


UNKNOWN: Final = Unknown()
