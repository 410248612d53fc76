"""The one failure that planned walks raise inside the library, collecting its path.

Conversion, decoding, encoding and Python interop run planned walks over payloads or data. A
step that meets what it cannot take raises a PathFail (or the subclass its package names);
each container the failure passes on the way out adds its step, innermost first, and the entry
point turns it into the public error with the whole path: a PathError, or the encoding's
DecodeError or EncodeError. No PathFail escapes the library. The step builders live here too,
so that every walk writes its steps alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Self

from ._errors import PathError
from ._path import GetAttrStep, IndexStep, Path, PathStep
from ._primitive_type import Number, String
from ._value import make

__all__ = ["PathFail", "attr_step", "index_step", "key_step", "step_of"]


class PathFail(Exception):
    """Internal: a failure travelling out of a planned walk. ``steps`` is the path to the
    culprit, innermost first (each container appends its own on the way out)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.steps: list[PathStep] = []

    def at(self, step: PathStep) -> Self:
        """Record that the failure happened inside *step*; return self for re-raising."""
        self.steps.append(step)
        return self

    def path(self) -> Path:
        """Return the path to the culprit, outermost step first (one Path, not one per step)."""
        return Path(reversed(self.steps))

    def path_error(self) -> PathError:
        """Return the public PathError for this failure."""
        return PathError(self.path(), self.message)


def index_step(i: int) -> IndexStep:
    """Return the path step to element number *i* of a list, tuple or sequence."""
    return IndexStep(make(Number, i))


def key_step(k: str) -> IndexStep:
    """Return the path step to the map element *k*."""
    return IndexStep(make(String, k))


def attr_step(name: str) -> GetAttrStep:
    """Return the path step to the attribute *name*."""
    return GetAttrStep(name)


_STEP_OF: Final[dict[str, Callable[[Any], PathStep]]] = {
    "attr": attr_step, "index": index_step, "key": key_step}


def step_of(kind: str, key: Any) -> PathStep:
    """Return the step of *kind* ("attr", "index" or "key") to *key*."""
    return _STEP_OF[kind](key)
