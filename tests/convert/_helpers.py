"""Helpers shared by the cty.convert tests."""

from __future__ import annotations

import cty
from cty._unknown import Unknown
from cty._unknown_refinement import Refinement
from cty._value import make


def refined(ty: cty.Type, *, not_null: bool = False, lo: int = 0,
            hi: int | None = None) -> cty.Value:
    """Return an unknown of collection type *ty* with length bounds, as go-cty's
    ``UnknownVal(ty).Refine()[.NotNull()].CollectionLength...().NewValue()`` (without the
    collapse to a known value, which these tests never need)."""
    return make(ty, Unknown(Refinement(False if not_null else None, length_min=lo,
                                       length_max=hi)))
