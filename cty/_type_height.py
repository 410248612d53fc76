"""How many levels of containers a type nests: where planned code needs hop points.

Encoders, decoders and converters plan a closure per type, and the closure of a container
calls the closures of its children. For a type nested thousands of levels deep, that is
recursion cty._deep must be able to split, so the planners wrap the closure of every *tall*
type (one holding containers TALL levels deep or more) with cty._deep.hop. Shallow types, all
but a few in practice, keep their closures bare.
"""

from __future__ import annotations

from typing import Final

from ._caches import PerType
from ._deep import deep
from ._type import Type, child_types

TALL: Final = 8
"""Types nesting containers this many levels deep or more get hop points."""

_heights: PerType[int] = PerType("type heights")


@deep
def height(ty: Type) -> int:
    """Return how many levels of containers *ty* nests: 0 for a primitive, capsule or dynamic
    type, 1 for list(string), and so on (cached)."""
    h = _heights.get(ty)
    if h is None:
        kids = child_types(ty)
        # (each distinct child once: a tuple type of 100,000 elements holds a few types)
        h = 1 + max(map(height, set(kids)), default=0) if kids else 0
        _heights[ty] = h
    return h


def is_tall(ty: Type) -> bool:
    """Return whether the planned closure for *ty* should be a hop point (see TALL)."""
    h = _heights.get(ty)
    return (h if h is not None else height(ty)) >= TALL
