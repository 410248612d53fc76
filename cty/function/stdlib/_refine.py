"""Refinements shared by the standard library's functions."""

from __future__ import annotations

from cty import RefinementBuilder

__all__ = ["not_null"]


def not_null(b: RefinementBuilder) -> RefinementBuilder:
    """Refine a result as never null (go-cty's refineNonNull)."""
    return b.not_null()
