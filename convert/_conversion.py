"""The conversion planner, its cache, and the public conversion functions (go-cty's
conversion.go and public.go). Importing it installs the planner (and dynamic_replace) in
cty.convert._dispatch, where the planners of containers find it to plan their elements.

A conversion is planned once per (input type, output type, safe or unsafe) into a tree of small
functions over payloads, and cached. Calling a conversion walks the payloads once.
"""

from __future__ import annotations

from typing import Any

from cty import DynamicPseudoType, Type
from cty._internal import Bounded, check_type, deep, hop, is_tall

from ._conversion_capsule import capsule_plan
from ._conversion_collection import collection_to_list, collection_to_set, map_to_map
from ._conversion_dynamic import dynamic_fixup, dynamic_passthrough, dynamic_replace
from ._conversion_object import map_to_object, object_to_object
from ._conversion_primitive import primitive_plan
from ._conversion_structural import object_to_map, tuple_to_list, tuple_to_set
from ._conversion_tuple import tuple_to_tuple
from ._dispatch import install
from ._plan import Plan
from ._runtime import Conversion, public_conversion

_NO_PLAN: Any = object()
_plans: Bounded[Plan | None] = Bounded("conversion plans", 1024)


@deep
def get_plan(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the (cached) plan converting *in_ty* to *out_ty*, or None when there is none."""
    key = (in_ty, out_ty, unsafe)
    plan = _plans.get(key, _NO_PLAN)
    if plan is _NO_PLAN:
        plan = _plans.setdefault(key, _hopping(_build(in_ty, out_ty, unsafe)))
    return plan  # type: ignore[no-any-return]


def _hopping(plan: Plan | None) -> Plan | None:
    """*plan*, its functions made hop points for cty._deep when its types are tall (so that
    values of any depth convert)."""
    if plan is not None and (is_tall(plan.in_ty) or is_tall(plan.out_ty)):
        plan.fn = hop(plan.fn)
        plan.known = hop(plan.known)
        if plan.tknown is not None:
            plan.tknown = hop(plan.tknown)
    return plan


def _build(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return a new plan, dispatching on the kinds of the types as go-cty does."""
    if out_ty is DynamicPseudoType:
        return dynamic_passthrough(in_ty, out_ty, unsafe)
    if unsafe and in_ty is DynamicPseudoType:
        return dynamic_fixup(in_ty, out_ty, unsafe)
    if in_ty.is_primitive_type() and out_ty.is_primitive_type():
        return primitive_plan(in_ty, out_ty, unsafe)
    if out_ty.is_object_type() and in_ty.is_object_type():
        return object_to_object(in_ty, out_ty, unsafe)
    if out_ty.is_tuple_type() and in_ty.is_tuple_type():
        return tuple_to_tuple(in_ty, out_ty, unsafe)
    if out_ty.is_list_type() and (in_ty.is_list_type() or in_ty.is_set_type()):
        return collection_to_list(in_ty, out_ty, unsafe)
    if out_ty.is_set_type() and (in_ty.is_list_type() or in_ty.is_set_type()):
        return collection_to_set(in_ty, out_ty, unsafe)
    if out_ty.is_map_type() and in_ty.is_map_type():
        return map_to_map(in_ty, out_ty, unsafe)
    if out_ty.is_list_type() and in_ty.is_tuple_type():
        return tuple_to_list(in_ty, out_ty, unsafe)
    if out_ty.is_set_type() and in_ty.is_tuple_type():
        return tuple_to_set(in_ty, out_ty, unsafe)
    if out_ty.is_map_type() and in_ty.is_object_type():
        return object_to_map(in_ty, out_ty, unsafe)
    if out_ty.is_object_type() and in_ty.is_map_type():
        return map_to_object(in_ty, out_ty, unsafe)
    if in_ty.is_capsule_type() or out_ty.is_capsule_type():
        return capsule_plan(in_ty, out_ty, unsafe)
    return None


install(get_plan, dynamic_replace)


# --- the public functions ------------------------------------------------------------------


@deep
def get_conversion(in_type: Type, out_type: Type, /) -> Conversion | None:
    """Return the safe conversion from *in_type* to *out_type*, or None when there is none.

    A safe conversion succeeds for every value of *in_type*. There is no conversion from a
    primitive type to itself.

    >>> get_conversion(cty.Number, cty.String)(cty.number_int_val(5))
    cty.string_val('5')
    """
    plan = get_plan(check_type(in_type, "in_type"), check_type(out_type, "out_type"), False)
    return None if plan is None else public_conversion(plan)


@deep
def get_conversion_unsafe(in_type: Type, out_type: Type, /) -> Conversion | None:
    """Return a safe or unsafe conversion from *in_type* to *out_type*, or None.

    An unsafe conversion may raise cty.PathError for some values (``"hello"`` to number).
    """
    plan = get_plan(check_type(in_type, "in_type"), check_type(out_type, "out_type"), True)
    return None if plan is None else public_conversion(plan)
