"""Tuple to tuple conversion (go-cty's conversion_tuple.go).

Possible only between tuples of the same length whose elements convert pairwise; the safe or
unsafe mode passes on to the element conversions.
"""

from __future__ import annotations

from typing import Any

from cty import Tuple, Type
from cty._internal import index_step

from ._dispatch import get_plan
from ._plan import (
    ConversionFailure,
    Plan,
    apply_typed,
    convert_each,
    identity,
    static_plan,
    typed_plan,
)


def tuple_to_tuple(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting tuple type *in_ty* to tuple type *out_ty*, or None."""
    in_etys = in_ty.tuple_element_types()
    out_etys = out_ty.tuple_element_types()
    if len(in_etys) != len(out_etys):
        return None
    plans: list[Plan | None] = []
    for i, o in zip(in_etys, out_etys, strict=True):
        if i is o:
            plans.append(None)
            continue
        p = get_plan(i, o, unsafe)
        if p is None:
            return None
        plans.append(p)

    if all(p is None or p.uniform() for p in plans):
        # (an element of the very type passes through with it, optional attribute markers
        # too, as go-cty's nil element conversion keeps the element's value and type)
        ty = Tuple([i if p is None else p.ty  # type: ignore[misc]
                    for i, p in zip(in_etys, plans, strict=True)])
        if all(p is None for p in plans):
            return static_plan(in_ty, out_ty, unsafe, identity, ty)
        fns = [None if p is None else p.fn for p in plans]

        def known(p: Any) -> Any:
            return tuple(convert_each(fns, p))

        return static_plan(in_ty, out_ty, unsafe, known, ty)

    def tknown(p: Any) -> tuple[Any, Type]:
        out: list[Any] = []
        types: list[Type] = []
        try:
            for plan, t, e in zip(plans, in_etys, p, strict=True):
                if plan is None:
                    out.append(e)
                    types.append(t)
                else:
                    r, rt = apply_typed(plan, e)
                    out.append(r)
                    types.append(rt)
        except ConversionFailure as fail:
            fail.steps.append(index_step(len(out)))
            raise
        return tuple(out), Tuple(types)

    return typed_plan(in_ty, out_ty, unsafe, tknown)
