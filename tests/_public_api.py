"""Helpers for the tests that probe the whole public surface (bad input, depth)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any


def required_arity(fn: Callable[..., Any]) -> int | None:
    """Return how many positional arguments *fn* requires (None: no signature to read)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    return len([p for p in sig.parameters.values()
                if p.default is inspect.Parameter.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)])
