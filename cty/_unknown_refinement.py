"""Refinements of unknown values (go-cty 1.13+): what is already known about an unknown.

This module holds the refinement record that an unknown payload carries. ``v.refine()``
(cty._refinement_builder) makes them, and ``v.range()`` (cty._value_range) reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import _number
from ._unknown import Unknown

if TYPE_CHECKING:
    from ._type import Type


class Refinement:
    """What is known about an unknown value: nullness and, by kind, bounds or a prefix.

    ``null`` is None (unknown), True or False. Immutable once built.
    """

    __slots__ = ("length_max", "length_min", "max", "max_inclusive", "min", "min_inclusive",
                 "null", "prefix")

    def __init__(self, null: bool | None = None, *, prefix: str = "", min: Any = None,
                 min_inclusive: bool = False, max: Any = None, max_inclusive: bool = False,
                 length_min: int = 0, length_max: int | None = None) -> None:
        self.null = null
        self.prefix = prefix
        self.min = min
        self.min_inclusive = min_inclusive
        self.max = max
        self.max_inclusive = max_inclusive
        self.length_min = length_min
        self.length_max = length_max

    def definitely_not_null(self) -> bool:
        """Return whether the value is known not to be null."""
        return self.null is False

    def _key(self) -> tuple[Any, ...]:
        return (self.null, self.prefix,
                None if self.min is None else _number.eq_key(self.min), self.min_inclusive,
                None if self.max is None else _number.eq_key(self.max), self.max_inclusive,
                self.length_min, self.length_max)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Refinement):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Refinement(null={self.null!r})"


NOT_NULL = Refinement(null=False)
_NOT_NULL_UNKNOWN = Unknown(NOT_NULL)


def not_null_unknown(ty: Type) -> Unknown:
    """Return the payload of an unknown that is known not to be null (RefineNotNull)."""
    return _NOT_NULL_UNKNOWN
