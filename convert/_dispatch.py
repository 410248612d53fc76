"""What the modules of cty.convert reach from below: the planner and dynamic_replace.

The planners of lists, sets, maps, objects and tuples plan their elements' conversions, and
unification and mismatch messages ask whether types convert: all need the dispatcher, which
imports them. A plan's null and unknown results need ``dynamic_replace``, which unifies. Instead
of importing them back, the modules below call them here, and the dispatcher
(cty.convert._conversion) installs both when it is imported (cty.convert imports it first).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from cty import Type

if TYPE_CHECKING:
    from ._plan import Plan

Planner = Callable[[Type, Type, bool], "Plan | None"]
"""get_plan(in_type, out_type, unsafe): the cached plan converting one type to another."""
DynamicReplacer = Callable[["Type | None", Type], Type]
"""dynamic_replace(in_type, out_type): *out_type* with its dynamic parts filled from *in_type*."""


class _Installed:
    planner: Planner
    replacer: DynamicReplacer


_installed: Final = _Installed()


def install(planner: Planner, replacer: DynamicReplacer) -> None:
    """Make *planner* the one get_plan() calls and *replacer* the one dynamic_replace() calls
    (the dispatcher does this once, on import)."""
    _installed.planner = planner
    _installed.replacer = replacer


def get_plan(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting *in_ty* to *out_ty*, or None (see cty.convert._conversion)."""
    return _installed.planner(in_ty, out_ty, unsafe)


def dynamic_replace(in_ty: Type | None, out_ty: Type) -> Type:
    """Return *out_ty* with its DynamicPseudoType parts replaced from *in_ty* (see
    cty.convert._conversion_dynamic)."""
    return _installed.replacer(in_ty, out_ty)
