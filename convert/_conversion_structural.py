"""Conversions from structural types to collections (go-cty's conversion_collection.go,
second half): tuple to list or set, object to map. Each element converts to the target element
type, which is found by unification when the target asks for ``DynamicPseudoType``.

When every element's result type is known from the types alone (the usual case) the plan runs
one straight loop over the payloads. Otherwise, as go-cty does, the element results' types are
unified or checked at run time.
"""

from __future__ import annotations

from typing import Any

from cty import DynamicPseudoType, Map, Type
from cty._internal import index_step, key_step

from ._conversion_collection import COLLECTIONS, empty_collection, reconverted, unify_results
from ._dispatch import get_plan
from ._plan import (
    ConversionFailure,
    PayloadFn,
    Plan,
    apply_typed,
    convert_each,
    copied_type,
    copy_type,
    identity,
    set_payload,
    static_plan,
    strip,
    typed_plan,
)
from ._unify import unify_type

_NO_COMMON_TYPE = "cannot find a common base type for all elements"


def tuple_to_list(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting a tuple type to a list type, or None."""
    return _from_tuple(in_ty, out_ty, unsafe, "list")


def tuple_to_set(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting a tuple type to a set type, or None."""
    return _from_tuple(in_ty, out_ty, unsafe, "set")


def _from_tuple(in_ty: Type, out_ty: Type, unsafe: bool, kind: str) -> Plan | None:
    etys = in_ty.tuple_element_types()
    coll = COLLECTIONS[kind]
    target = out_ty.element_type()
    if not etys:
        empty = empty_collection(kind)
        return static_plan(in_ty, out_ty, unsafe, lambda p: empty, coll(strip(target)))
    if target is DynamicPseudoType:
        u = unify_type(list(etys), unsafe)
        if u is None:
            return None
        if u is DynamicPseudoType and any(t is not DynamicPseudoType for t in etys):
            return None
        target = u
    plans = _element_plans(etys, target, unsafe)
    if plans is None:
        return None
    return _structural(in_ty, out_ty, _Structural(kind, list(etys), plans, target, unsafe))


def object_to_map(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting an object type to a map type, or None."""
    atys = in_ty.attribute_types()
    target = out_ty.element_type()
    if not atys:
        return static_plan(in_ty, out_ty, unsafe, lambda p: {}, Map(strip(target)))
    if target is DynamicPseudoType:
        u = unify_type(list(atys.values()), unsafe)
        if u is None:
            return None
        target = u
    plans = _element_plans(list(atys.values()), target, unsafe)
    if plans is None:
        return None
    return _structural(in_ty, out_ty,
                       _Structural("map", list(atys.values()), plans, target, unsafe))


def _element_plans(etys: Any, target: Type, unsafe: bool) -> dict[Type, Plan | None] | None:
    """Return the plan (None: no conversion needed) of each distinct element type, or None
    when one of them does not convert to *target*."""
    by_type: dict[Type, Plan | None] = {}
    for t in dict.fromkeys(etys):
        if t is target:
            by_type[t] = None
            continue
        plan = get_plan(t, target, unsafe)
        if plan is None:
            return None
        by_type[t] = plan
    return by_type


class _Structural:
    """What a structural-to-collection plan needs: the kind of the result, the element types
    and the plan of each distinct one, and go-cty's run-time rules for it."""

    def __init__(self, kind: str, etys: list[Type], by_type: dict[Type, Plan | None],
                 target: Type, unsafe: bool) -> None:
        self.kind = kind
        self.coll = COLLECTIONS[kind]
        self.etys = etys
        self.by_type = by_type
        self.target = target
        self.unsafe = unsafe
        # go-cty unifies the converted elements of a tuple-to-list conversion, and of an
        # object-to-map conversion whose element type is a collection or an object
        self.runtime_unify = kind == "list" or (
            kind == "map" and (target.is_collection_type() or target.is_object_type()))
        self.match_error = (
            "attribute types must all match for conversion to map" if kind == "map"
            else f"element types must all match for conversion to {kind}")

    def plans(self) -> list[Plan | None]:
        """Return the plan of each element."""
        by_type = self.by_type
        return [by_type[t] for t in self.etys]

    def result_types(self) -> dict[Type, Type] | None:
        """Return the result type of each distinct element type, or None when one depends on
        the value."""
        out: dict[Type, Type] = {}
        for t, plan in self.by_type.items():
            if plan is None:
                # go-cty strips optional attributes from null elements of sets only; the
                # unification of list elements strips them from every element
                copied = copy_type(t) if self.kind == "set" else t
                if copied is None:
                    return None
                out[t] = copied
            elif plan.uniform():
                assert plan.ty is not None
                out[t] = plan.ty
            else:
                return None
        return out


def _structural(in_ty: Type, out_ty: Type, spec: _Structural) -> Plan:
    """Return the plan converting a tuple (kind list or set) or an object (kind map) whose
    elements convert with the plans of *spec*."""
    plan = _static_structural_plan(in_ty, out_ty, spec)
    if plan is not None:
        return plan
    return typed_plan(in_ty, out_ty, spec.unsafe, _typed_structural(in_ty, spec))


def _static_structural_plan(in_ty: Type, out_ty: Type, spec: _Structural) -> Plan | None:
    """Return the plan when every element's result type follows from the types, else None.

    Everything is worked out per distinct element type, then spread over the elements.
    """
    unsafe = spec.unsafe
    result_of = spec.result_types()
    if result_of is None:
        return None
    fn_of: dict[Type, PayloadFn | None] = {
        t: None if p is None else (reconverted(p.fn) if spec.runtime_unify and t.is_set_type()
                                   else p.fn)
        for t, p in spec.by_type.items()}
    final_of = result_of
    failure: str | None = None
    if spec.runtime_unify:
        distinct = list(dict.fromkeys(result_of.values()))
        u = unify_type(distinct, unsafe)
        second: dict[Type, Plan | None] = {}
        if u is not None:
            for t in distinct:
                second[t] = None if t is u else get_plan(t, u, unsafe)
        if u is None or any(t is not u and q is None for t, q in second.items()):
            failure = _NO_COMMON_TYPE
        elif not all(q is None or q.uniform() for q in second.values()):
            return None  # a result type depends on the value
        else:
            fn_of = {t: _compose(f, second[result_of[t]]) for t, f in fn_of.items()}
            final_of = {t: _result_type(r, second[r]) for t, r in result_of.items()}
    # An element of type DynamicPseudoType is a null or unknown without a type of its own: as
    # go-cty's CanMapVal/CanListVal/CanSetVal do, it takes the type of the others
    concrete = {t for t in final_of.values() if t is not DynamicPseudoType}
    if failure is None and len(concrete) > 1:
        failure = spec.match_error
    if failure is not None:
        message = failure
        # as go-cty, the elements convert first (their errors come first, at their paths),
        # and a tuple-to-list conversion reports a failed unification at its last element
        first = _static_structural(spec.kind, [None if p is None else p.fn
                                               for p in spec.plans()], in_ty, DynamicPseudoType)
        at_last = spec.kind == "list" and message == _NO_COMMON_TYPE

        def fail(p: Any) -> Any:
            if spec.kind != "set":
                first(p)
            else:  # (a set payload is built only from converted elements)
                convert_each([None if q is None else q.fn for q in spec.plans()], p)
            failure = ConversionFailure(message)
            if at_last and len(p):
                failure.steps.append(index_step(len(p) - 1))
            raise failure

        return static_plan(in_ty, out_ty, unsafe, fail, spec.coll(strip(spec.target)))
    ety = next(iter(concrete)) if concrete else DynamicPseudoType
    fns = [fn_of[t] for t in spec.etys]
    known = _static_structural(spec.kind, fns, in_ty, ety)
    return static_plan(in_ty, out_ty, unsafe, known, spec.coll(ety))


def _typed_structural(in_ty: Type, spec: _Structural) -> Any:
    """Return the tknown function of a structural-to-collection plan: go-cty's algorithm, on
    payloads and their types."""
    kind = spec.kind
    coll = spec.coll
    etys = spec.etys
    plans = spec.plans()
    unsafe = spec.unsafe
    runtime_unify = spec.runtime_unify
    match_error = spec.match_error
    names = list(in_ty.attribute_types()) if kind == "map" else None

    def tknown(p: Any) -> tuple[Any, Type]:
        results: list[tuple[Any, Type]] = []
        elems = p.values() if names is not None else p
        try:
            for t, plan, e in zip(etys, plans, elems, strict=True):
                if plan is not None:
                    results.append(apply_typed(plan, e))
                else:
                    results.append((e, copied_type(t, e) if kind == "set" else t))
        except ConversionFailure as fail:
            fail.steps.append(key_step(names[len(results)]) if names is not None
                              else index_step(len(results)))
            raise
        if runtime_unify:
            if names is not None:
                path_steps = [key_step(n) for n in names]
            else:
                path_steps = [index_step(i) for i in range(len(results))]
            try:
                results = unify_results(results, path_steps, unsafe)
            except ConversionFailure as fail:
                if kind == "list" and results:  # go-cty unifies at the last element's path
                    fail.steps.append(index_step(len(results) - 1))
                raise
        types = {t for _, t in results}
        if len(types) != 1:
            raise ConversionFailure(match_error)
        ety = types.pop()
        payloads = [r for r, _ in results]
        if kind == "map":
            assert names is not None
            return dict(zip(names, payloads, strict=True)), coll(ety)
        if kind == "set":
            return set_payload(ety, payloads), coll(ety)
        return tuple(payloads), coll(ety)

    return tknown


def _result_type(t: Type, plan: Plan | None) -> Type:
    if plan is None:
        return t
    assert plan.ty is not None
    return plan.ty


def _compose(first: PayloadFn | None, second: Plan | None) -> PayloadFn | None:
    if second is None:
        return first
    g = second.fn
    if first is None:
        return g
    f = first

    def both(p: Any) -> Any:
        return g(f(p))

    return both


def _static_structural(kind: str, fns: list[PayloadFn | None], in_ty: Type,
                       ety: Type) -> PayloadFn:
    """Return the known-payload function of a structural-to-collection conversion."""
    if all(f is None for f in fns) and kind != "set":
        return identity  # a tuple's payload is its list's, an object's its map's
    if kind == "map":
        names = list(in_ty.attribute_types())
        pairs = list(zip(names, fns, strict=True))

        def known_map(p: Any) -> Any:
            out: dict[str, Any] = {}
            name = ""
            try:
                for name, f in pairs:
                    e = p[name]
                    out[name] = e if f is None else f(e)
            except ConversionFailure as fail:
                fail.steps.append(key_step(name))
                raise
            return out

        return known_map

    def known_seq(p: Any) -> Any:
        out = convert_each(fns, p)
        if kind == "set":
            return set_payload(ety, out)
        return tuple(out)

    return known_seq
