"""Conversions between collections (go-cty's conversion_collection.go, first half).

List or set to list, list or set to set (list to set is unsafe: order and duplicates are lost),
map to map: element by element. (Tuples and objects to collections are in
_conversion_structural; map to object lives with object to object, in _conversion_object.)

When every element's result type is known from the types alone (the usual case) the plan runs
one straight loop over the payloads. Otherwise, as go-cty does, the element results' types are
unified or checked at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from cty import DynamicPseudoType, List, Map, Set, Type
from cty._internal import EMPTY_SET, UNKNOWN, Marked, Refinement, Unknown, index_step, key_step

from ._dispatch import get_plan
from ._plan import (
    ConversionFailure,
    PayloadFn,
    Plan,
    apply_typed,
    copied_type,
    copy_type,
    identity,
    set_payload,
    static_plan,
    strip,
    typed_plan,
    wholly_known,
)
from ._unify import unify_type

COLLECTIONS: dict[str, Callable[[Type], Type]] = {"list": List, "set": Set, "map": Map}
"""The collection type constructor of each kind."""
_EMPTY: dict[str, Any] = {"list": (), "set": EMPTY_SET}


def empty_collection(kind: str) -> Any:
    """Return the payload of an empty collection of *kind* ("list", "set" or "map")."""
    return {} if kind == "map" else _EMPTY[kind]


def _all_match(kind: str) -> ConversionFailure:
    return ConversionFailure(f"element types must all match for conversion to {kind}")


def _no_common_type() -> ConversionFailure:
    return ConversionFailure("cannot find a common base type for all elements")


# --- list, set and map sources -------------------------------------------------------------


def collection_to_list(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting a list or set type to a list type, or None."""
    return _from_collection(in_ty, out_ty, unsafe, "list")


def collection_to_set(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting a list or set type to a set type, or None.

    List to set is unsafe only: it loses the order and merges duplicates.
    """
    if in_ty.is_list_type() and not unsafe:
        return None
    return _from_collection(in_ty, out_ty, unsafe, "set")


def map_to_map(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting a map type to a map type, or None.

    As in go-cty, the element types must have a conversion, so a map of a primitive type has
    none to itself.
    """
    elem = get_plan(in_ty.element_type(), out_ty.element_type(), unsafe)
    if elem is None:
        return None
    return _homogeneous(in_ty, out_ty, unsafe, elem, "map")


def _from_collection(in_ty: Type, out_ty: Type, unsafe: bool, kind: str) -> Plan | None:
    in_ety = in_ty.element_type()
    out_ety = out_ty.element_type()
    elem: Plan | None = None
    if in_ety is not out_ety:
        elem = get_plan(in_ety, out_ety, unsafe)
        if elem is None:
            return None
    return _homogeneous(in_ty, out_ty, unsafe, elem, kind)


def _set_elems(p: Any) -> Any:
    return p.elems


def _homogeneous(in_ty: Type, out_ty: Type, unsafe: bool, elem: Plan | None,
                 kind: str) -> Plan:
    """Return the plan converting a collection elementwise with *elem* (None: no change)."""
    in_ety = in_ty.element_type()
    out_ety = out_ty.element_type()
    coll = COLLECTIONS[kind]
    empty_ety = in_ety if out_ety is DynamicPseudoType else strip(out_ety)
    elem_ty: Type | None = copy_type(in_ety) if elem is None else (
        elem.ty if elem.uniform() else None)
    set_to_list = in_ty.is_set_type() and kind == "list"
    holder: list[Plan] = []

    if elem_ty is not None and elem_ty is empty_ety:
        ty = coll(elem_ty)
        efn = None if elem is None else elem.fn
        if efn is not None and kind == "map" and in_ety.is_set_type() and (
                out_ety.is_collection_type() or out_ety.is_object_type()):
            efn = reconverted(efn)  # (go-cty unifies a map's collections)
        known = _static_elementwise(in_ty, kind, efn, elem_ty)
        if set_to_list:
            inner = known
            unknown_list = _unknown_list(in_ety, elem_ty)

            def known(p: Any) -> Any:
                if not _set_length_known(in_ety, p):
                    return unknown_list
                return inner(p)

        return static_plan(in_ty, out_ty, unsafe, known, ty)

    def tknown(p: Any) -> tuple[Any, Type]:
        if set_to_list and not _set_length_known(in_ety, p):
            ty = holder[0].null_type()
            return _unknown_list(in_ety, ty.element_type()), ty
        if kind == "map":
            items = list(p.items())
            results: list[tuple[Any, Type]] = []
            try:
                for _, e in items:
                    results.append(_apply(elem, e, in_ety))
            except ConversionFailure as fail:
                fail.steps.append(key_step(items[len(results)][0]))
                raise
            if not results:
                return {}, coll(empty_ety)
            if out_ety.is_collection_type() or out_ety.is_object_type():
                # go-cty unifies these in safe mode, whatever the conversion's mode
                results = unify_results(results, [key_step(k) for k, _ in items], False)
            types = {t for _, t in results}
            if len(types) != 1:
                raise _all_match("map")
            return {k: r for (k, _), (r, _) in zip(items, results, strict=True)}, coll(
                types.pop())
        elems = p.elems if in_ty.is_set_type() else p
        out: list[Any] = []
        types = set()
        try:
            for e in elems:
                r, t = _apply(elem, e, in_ety)
                out.append(r)
                types.add(t)
        except ConversionFailure as fail:
            fail.steps.append(index_step(len(out)))
            raise
        if not out:
            return empty_collection(kind), coll(empty_ety)
        if len(types) != 1:
            raise _all_match(kind)
        ety = types.pop()
        if kind == "set":
            return set_payload(ety, out), coll(ety)
        return tuple(out), coll(ety)

    plan = typed_plan(in_ty, out_ty, unsafe, tknown)
    holder.append(plan)
    return plan


def _apply(elem: Plan | None, e: Any, in_ety: Type) -> tuple[Any, Type]:
    if elem is None:
        return e, copied_type(in_ety, e)
    return apply_typed(elem, e)


_SET_TO_LIST_UNKNOWN: Final = Unknown()
"""The unknown list a set of unknown length converts to where go-cty's would have another type
(the set's element type: SET_TO_LIST_UNKNOWN_TYPE in docs/design/divergences.md). It is an
unrefined unknown like any other; unify_results knows it by identity."""

_RECONVERTED_UNKNOWN: Final = Unknown(Refinement(None, length_min=0, length_max=None))
"""An unknown list refined with nothing: what go-cty's refinement builder leaves (a refinement,
for RawEquals, though it says nothing) when it converts an unknown collection."""


def _unknown_list(in_ety: Type, out_ety: Type) -> Unknown:
    """The payload a set of unknown length converts to, as a list of *out_ety*."""
    return UNKNOWN if out_ety is in_ety else _SET_TO_LIST_UNKNOWN


def reconverted(fn: PayloadFn) -> PayloadFn:
    """Return *fn* (a set-to-list element conversion whose results are then unified, as in a
    map of collections) with go-cty's second conversion of its unknown lists: refined."""

    def unified(p: Any) -> Any:
        return _as_reconverted(fn(p))

    return unified


def _as_reconverted(r: Any) -> Any:
    if r is _SET_TO_LIST_UNKNOWN:
        return _RECONVERTED_UNKNOWN
    if r.__class__ is Marked and r.v is _SET_TO_LIST_UNKNOWN:
        return Marked(_RECONVERTED_UNKNOWN, r.marks)
    return r


def _set_length_known(ety: Type, p: Any) -> bool:
    """Return whether a known set's length is known: one element, or no unknown inside."""
    elems = p.elems
    if len(elems) < 2:
        return True
    if ety.is_primitive_type():
        return not p.has_unknown()
    return wholly_known(Set(ety), p)


def _static_elementwise(in_ty: Type, kind: str, efn: PayloadFn | None,
                        ety: Type) -> PayloadFn:
    """Return the known-payload function of a collection conversion with uniform elements."""
    src_set = in_ty.is_set_type()
    if kind == "map":
        if efn is None:
            return identity

        def known_map(p: Any) -> Any:
            out: dict[str, Any] = {}
            k = ""
            try:
                for k, e in p.items():
                    out[k] = efn(e)
            except ConversionFailure as fail:
                fail.steps.append(key_step(k))
                raise
            return out

        return known_map
    if kind == "set":
        if efn is None:
            if src_set:
                return identity

            def known_set_same(p: Any) -> Any:
                if not p:
                    return EMPTY_SET
                return set_payload(ety, list(p))

            return known_set_same

        def known_set(p: Any) -> Any:
            elems = p.elems if src_set else p
            out: list[Any] = []
            append = out.append
            try:
                for e in elems:
                    append(efn(e))
            except ConversionFailure as fail:
                fail.steps.append(index_step(len(out)))
                raise
            if not out:
                return EMPTY_SET
            return set_payload(ety, out)

        return known_set
    if efn is None:
        if src_set:
            return _set_elems
        return identity

    def known_list(p: Any) -> Any:
        elems = p.elems if src_set else p
        out: list[Any] = []
        append = out.append
        try:
            for e in elems:
                append(efn(e))
        except ConversionFailure as fail:
            fail.steps.append(index_step(len(out)))
            raise
        return tuple(out)

    return known_list


def unify_results(results: list[tuple[Any, Type]], steps: list[Any],
                   unsafe: bool) -> list[tuple[Any, Type]]:
    """Return element results converted to the unification of their types (go-cty's
    conversionUnify*Elements)."""
    types = list(dict.fromkeys(t for _, t in results))
    u = unify_type(types, unsafe)
    if u is None:
        raise _no_common_type()
    out: list[tuple[Any, Type]] = []
    for (r, t), step in zip(results, steps, strict=True):
        if t is u:
            # (go-cty's own unknown list of another type would be converted here: refined)
            out.append((_as_reconverted(r), t))
            continue
        plan = get_plan(t, u, unsafe)
        if plan is None:  # go-cty dereferences a nil conversion here
            raise _no_common_type()
        try:
            out.append(apply_typed(plan, r))
        except ConversionFailure as fail:
            fail.steps.append(step)
            raise
    return out
