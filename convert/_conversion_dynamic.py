"""DynamicPseudoType in conversions (go-cty's conversion_dynamic.go).

* To dynamic: every value passes through unchanged.
* From dynamic (unsafe only): a run-time check. A slot typed dynamic holds only a null or an
  unknown, which convert like any other; a value whose real type is known only at run time is
  converted with ``convert()`` when the public conversion is called with it.
* ``dynamic_replace`` gives the type of a null or unknown result: the target type with its
  dynamic parts filled in from the source type.
"""

from __future__ import annotations

from typing import Any

from cty import CtyTypeError, DynamicPseudoType, List, Map, Object, Set, Tuple, Type
from cty._internal import hop

from ._plan import Plan, passthrough_plan, static_plan, strip
from ._unify import unify_type


def dynamic_passthrough(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan:
    """Return the plan converting any type to DynamicPseudoType: the identity."""
    return passthrough_plan(in_ty, out_ty, unsafe)


def dynamic_fixup(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan:
    """Return the plan converting DynamicPseudoType to *out_ty* (unsafe only).

    Payloads in a dynamic slot are null or unknown, which the plan's wrapper converts; the
    known path is never reached (public conversions handle values of a real type).
    """

    def known(p: Any) -> Any:
        raise CtyTypeError(f"internal error: a dynamic slot held a known payload {p!r}")

    return static_plan(in_ty, out_ty, unsafe, known, strip(out_ty))


@hop  # (it recurses: any depth)
def dynamic_replace(in_ty: Type | None, out_ty: Type) -> Type:
    """Return *out_ty* with its DynamicPseudoType parts replaced from *in_ty*.

    *in_ty* and *out_ty* are assumed convertible; where the two do not line up (an optional
    attribute of a map-to-object conversion that the map cannot fill), *out_ty* is kept.
    """
    if in_ty is None or in_ty is DynamicPseudoType:
        return out_ty
    if out_ty is DynamicPseudoType:
        return in_ty
    if out_ty.is_primitive_type() or out_ty.is_capsule_type():
        return out_ty
    if out_ty.is_map_type():
        if in_ty.is_map_type():
            return Map(dynamic_replace(in_ty.element_type(), out_ty.element_type()))
        if in_ty.is_object_type():
            u = unify_type(list(in_ty.attribute_types().values()), True)
            return Map(dynamic_replace(u, out_ty.element_type()))
        return out_ty
    if out_ty.is_object_type():
        out_attrs = out_ty.attribute_types()
        if in_ty.is_map_type():
            et = in_ty.element_type()
            return Object({k: dynamic_replace(et, t) for k, t in out_attrs.items()})
        if in_ty.is_object_type():
            in_attrs = in_ty.attribute_types()
            return Object({
                k: dynamic_replace(in_attrs[k], t) if k in in_attrs else t
                for k, t in out_attrs.items()
            })
        # go-cty builds an object with no attributes here; keep the target type instead
        return out_ty
    if out_ty.is_set_type() or out_ty.is_list_type():
        coll = Set if out_ty.is_set_type() else List
        if in_ty.is_set_type() or in_ty.is_list_type():
            return coll(dynamic_replace(in_ty.element_type(), out_ty.element_type()))
        if in_ty.is_tuple_type():
            u = unify_type(list(in_ty.tuple_element_types()), True)
            return coll(dynamic_replace(u, out_ty.element_type()))
        return out_ty
    if out_ty.is_tuple_type():
        outs = out_ty.tuple_element_types()
        if not in_ty.is_tuple_type() or in_ty.length() != len(outs):
            return out_ty  # go-cty panics here
        return Tuple([dynamic_replace(i, o)
                      for i, o in zip(in_ty.tuple_element_types(), outs, strict=True)])
    return out_ty
