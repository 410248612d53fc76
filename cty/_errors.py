"""PathError: an error together with the path of the value it concerns."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._path import Path


class PathError(ValueError):
    """An error about the value at *path* (go-cty's PathError).

    ``message`` is go-cty's bare text; ``str(e)`` puts the path in front of it
    (``.services[1].port: a number is required``) when the path is not empty.
    """

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message

    def __str__(self) -> str:
        if not self.path:
            return self.message
        return f"{self.path.format()}: {self.message}"

    def __repr__(self) -> str:
        return f"cty.PathError({self.path!r}, {self.message!r})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (PathError, (self.path, self.message))
