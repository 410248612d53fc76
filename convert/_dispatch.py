"""The conversion planner, reached from below.

The planners of lists, sets, maps, objects and tuples plan their elements' conversions, and
unification and mismatch messages ask whether types convert: all need the dispatcher, which
imports them. Instead of importing it back, they call ``get_plan`` here, and the dispatcher
(cty.convert._conversion) installs itself when it is imported (cty.convert imports it first).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cty import Type

from ._plan import Plan

Planner = Callable[[Type, Type, bool], "Plan | None"]
"""get_plan(in_type, out_type, unsafe): the cached plan converting one type to another."""

_installed: Final[list[Planner]] = []


def install(planner: Planner) -> None:
    """Make *planner* the one get_plan() calls (the dispatcher does this once, on import)."""
    _installed[:] = [planner]


def get_plan(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting *in_ty* to *out_ty*, or None (see cty.convert._conversion)."""
    return _installed[0](in_ty, out_ty, unsafe)
