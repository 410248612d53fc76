"""Refinements shared by the standard library's functions."""

from __future__ import annotations

from .._function import refine_not_null

__all__ = ["not_null"]

not_null = refine_not_null
"""Refine a result as never null (go-cty's refineNonNull; calls skip it for known results)."""
