"""Object to object conversion (go-cty's conversion_object.go).

The target type describes the attributes the result has: each must exist in the source,
unless it is optional (then a missing one becomes a null of its type, optional markers
stripped), and must convert; source attributes the target does not mention are dropped.
The safe or unsafe mode passes on to the attribute conversions.
"""

from __future__ import annotations

from typing import Any

from cty import Object, Type

from ._plan import (
    ConversionFailure,
    PayloadFn,
    Plan,
    apply_typed,
    attr_step,
    copied_type,
    copy_type,
    static_plan,
    strip,
    typed_plan,
)

_COPY = 0
_CONVERT = 1
_ABSENT = 2


def object_to_object(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting object type *in_ty* to object type *out_ty*, or None."""
    from ._conversion import get_plan

    in_attrs = in_ty.attribute_types()
    optional = out_ty.optional_attributes()
    # (name, action, plan, static result type or None, input type)
    actions: list[tuple[str, int, Plan | None, Type | None, Type]] = []
    for name, oty in out_ty.attribute_types().items():
        ity = in_attrs.get(name)
        if ity is None:
            if name in optional:
                actions.append((name, _ABSENT, None, strip(oty), oty))
                continue
            return None
        if ity is oty:
            actions.append((name, _COPY, None, copy_type(ity), ity))
            continue
        plan = get_plan(ity, oty, unsafe)
        if plan is None:
            return None
        actions.append((name, _CONVERT, plan, plan.ty if plan.uniform() else None, ity))

    if all(t is not None for _, _, _, t, _ in actions):
        ty = Object({name: t for name, _, _, t, _ in actions})  # type: ignore[misc]
        return static_plan(in_ty, out_ty, unsafe, _static_known(actions), ty)
    return typed_plan(in_ty, out_ty, unsafe, _typed_known(actions))


def _static_known(actions: list[tuple[str, int, Plan | None, Type | None, Type]]) -> PayloadFn:
    steps: list[tuple[str, PayloadFn | None, bool]] = [
        (name, None if plan is None else plan.fn, kind == _ABSENT)
        for name, kind, plan, _, _ in actions
    ]
    if all(f is None and not absent for _, f, absent in steps):
        names = [name for name, _, _ in steps]

        def select(p: Any) -> Any:
            if len(p) == len(names):
                return p
            return {name: p[name] for name in names}

        return select

    def known(p: Any) -> Any:
        out: dict[str, Any] = {}
        name = ""
        try:
            for name, f, absent in steps:
                if f is not None:
                    out[name] = f(p[name])
                elif absent:
                    out[name] = None
                else:
                    out[name] = p[name]
        except ConversionFailure as fail:
            fail.steps.append(attr_step(name))
            raise
        return out

    return known


def _typed_known(actions: list[tuple[str, int, Plan | None, Type | None, Type]]) -> Any:
    def tknown(p: Any) -> tuple[Any, Type]:
        out: dict[str, Any] = {}
        types: dict[str, Type] = {}
        name = ""
        try:
            for name, kind, plan, t, in_t in actions:
                if kind == _CONVERT:
                    assert plan is not None
                    out[name], types[name] = apply_typed(plan, p[name])
                elif kind == _ABSENT:
                    out[name] = None
                    types[name] = t  # type: ignore[assignment]
                else:
                    e = out[name] = p[name]
                    types[name] = copied_type(in_t, e)
        except ConversionFailure as fail:
            fail.steps.append(attr_step(name))
            raise
        return out, Object(types)

    return tknown
