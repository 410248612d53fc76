"""Conversions to object types: object to object (go-cty's conversion_object.go) and map to
object (in go-cty's conversion_collection.go).

The target type describes the attributes the result has: each must exist in the source,
unless it is optional (then a missing one becomes a null of its type, optional markers
stripped), and must convert; source attributes the target does not mention are dropped.
The safe or unsafe mode passes on to the attribute conversions.

Map to object is unsafe only: map keys the object does not declare are dropped, a missing
required attribute is an error, a missing optional one becomes null.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cty import Object, Type
from cty._internal import (
    Code,
    SourceWriter,
    attr_step,
    code,
    function_of_shape,
    go_quote,
    is_tall,
    join,
    key_step,
    worth_generating,
)

from ._dispatch import get_plan
from ._mismatch_msg import mismatch_message
from ._plan import (
    ConversionFailure,
    PayloadFn,
    Plan,
    apply_typed,
    copied_type,
    copy_type,
    identity,
    known_class,
    static_plan,
    strip,
    typed_plan,
)

_COPY = 0
_CONVERT = 1
_ABSENT = 2


def object_to_object(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting object type *in_ty* to object type *out_ty*, or None."""
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
        known, fast = _static_known(in_ty, out_ty, actions)
        return static_plan(in_ty, out_ty, unsafe, known, ty, fast=fast)
    return typed_plan(in_ty, out_ty, unsafe, _typed_known(actions))


def _static_known(in_ty: Type, out_ty: Type,
                  actions: list[tuple[str, int, Plan | None, Type | None, Type]]
                  ) -> tuple[PayloadFn | None, Callable[[PayloadFn], PayloadFn] | None]:
    """Return the known-payload function of a static object plan, or the factory of its fast
    ``fn`` (generated code: one dict display, one try block per converted attribute), which
    then serves as the known-payload function too.
    """
    if all(kind == _COPY or (plan is not None and plan.passthrough)
           for _, kind, plan, _, _ in actions):
        names = [name for name, _, _, _, _ in actions]

        def select(p: Any) -> Any:
            if len(p) == len(names):
                return p
            return {name: p[name] for name in names}

        return select, None
    if not worth_generating(len(actions)):
        return _known_loop(actions), None

    bound: dict[str, object] = {"Fail": ConversionFailure, "slow": None}
    layout: list[int] = []
    for i, (name, kind, plan, _, _) in enumerate(actions):
        bound[f"n{i}"] = name
        if kind == _ABSENT:
            layout.append(_WRITE_NONE)
            continue
        if kind == _COPY or (plan is not None and plan.passthrough):
            layout.append(_WRITE_COPY)
            continue
        assert plan is not None
        bound[f"f{i}"] = plan.fn
        bound[f"s{i}"] = attr_step(name)
        cls = known_class(plan.in_ty)
        if cls is None:
            layout.append(_WRITE_CALL)
            continue
        bound[f"K{i}"] = cls
        if plan.known is identity:
            layout.append(_WRITE_KEEP_KNOWN)
        else:
            bound[f"k{i}"] = plan.known
            layout.append(_WRITE_CALL_KNOWN)
    shape = ("static_known", *layout)

    def fast(slow: PayloadFn) -> PayloadFn:
        fn: PayloadFn = function_of_shape(
            "fn", shape, {**bound, "slow": slow}, lambda w: _write_static_known(w, layout),
            lambda: f"{_shown(in_ty)} -> {_shown(out_ty)}")
        return fn

    return None, fast


# How _static_known's function takes each attribute: null (absent), copied, converted, or,
# for an input of a known class, kept as it is or given to the plan's known-payload function
_WRITE_NONE, _WRITE_COPY, _WRITE_CALL, _WRITE_KEEP_KNOWN, _WRITE_CALL_KNOWN = range(5)


def _write_static_known(w: SourceWriter, layout: list[int]) -> None:
    """Write _static_known's function for the attributes *layout* says how to take (their
    names bound as ``n0, n1, ...``, plans ``f``, steps ``s``, classes ``K``, functions ``k``)."""
    w.add("def fn(p):\n    if p.__class__ is not dict:\n        return slow(p)\n")
    entries: list[Code] = []
    for i, how in enumerate(layout):
        key = code("n{i}", i=i)
        if how == _WRITE_NONE:
            entries.append(code("{key}: None", key=key))
            continue
        if how == _WRITE_COPY:
            entries.append(code("{key}: p[{key}]", key=key))
            continue
        if how == _WRITE_CALL:
            call = code("f{i}(x)", i=i)
        else:
            known_call = code("x") if how == _WRITE_KEEP_KNOWN else code("k{i}(x)", i=i)
            call = code("{known} if x.__class__ is K{i} else f{i}(x)", known=known_call, i=i)
        w.add("    x = p[{key}]\n"
              "    try:\n"
              "        v{i} = {call}\n"
              "    except Fail as e:\n"
              "        e.steps.append(s{i})\n"
              "        raise\n", key=key, i=i, call=call)
        entries.append(code("{key}: v{i}", key=key, i=i))
    w.add("    return {{{entries}}}\n", entries=join(entries))


def _known_loop(actions: list[tuple[str, int, Plan | None, Type | None, Type]]) -> PayloadFn:
    """Return the known-payload function _static_known writes, as a loop (for a type too
    wide to be worth a function of its own)."""
    table: list[tuple[str, bool, PayloadFn | None, Any]] = []
    for name, kind, plan, _, _ in actions:
        keep = kind == _COPY or (plan is not None and plan.passthrough)
        fn = None if keep or plan is None else plan.fn
        table.append((name, kind == _ABSENT, fn, attr_step(name)))

    def known(p: Any) -> Any:
        out: dict[str, Any] = {}
        for name, absent, fn, step in table:
            if absent:
                out[name] = None
            elif fn is None:
                out[name] = p[name]
            else:
                try:
                    out[name] = fn(p[name])
                except ConversionFailure as e:
                    e.steps.append(step)
                    raise
        return out

    return known


def _shown(t: Type) -> str:
    """*t* as a generated function's file name shows it: whole unless it is tall (a type
    thousands of levels deep would be written out again at every level)."""
    return "object(...)" if is_tall(t) else str(t)


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


# --- map to object (in go-cty's conversion_collection.go) ------------------------------

_INCOMPATIBLE = 3


MapAttrAction = tuple[str, int, "Plan | None", "Type | None", Type, bool]
"""How map_to_object fills one attribute: (name, action, plan, its type when the map has the
key or None when only the value tells, its type when the map lacks the key, required)."""


def _map_attr_actions(map_ety: Type, out_ty: Type) -> list[MapAttrAction] | None:
    """Return the action for each attribute of *out_ty* taken from a map of *map_ety*, or None
    when a required attribute cannot be converted from the element type."""
    optional = out_ty.optional_attributes()
    attrs: list[MapAttrAction] = []
    for name, aty in out_ty.attribute_types().items():
        # go-cty fills an absent optional attribute with a null of the attribute's type as
        # declared, optional markers inside it included
        absent_ty = aty
        required = name not in optional
        if aty is map_ety:
            attrs.append((name, _COPY, None, copy_type(map_ety), absent_ty, required))
            continue
        plan = get_plan(map_ety, aty, True)
        if plan is None:
            if not required:
                attrs.append((name, _INCOMPATIBLE, None, absent_ty, absent_ty, required))
                continue
            return None
        present = plan.ty if plan.uniform() else None
        attrs.append((name, _CONVERT, plan, present, absent_ty, required))
    return attrs


def map_to_object(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting a map type to an object type (unsafe only), or None.

    Map keys the object does not declare are dropped. An optional attribute whose type the map's
    element type cannot convert to is allowed only while the map lacks that key.
    """
    if not unsafe:
        return None
    map_ety = in_ty.element_type()
    attrs = _map_attr_actions(map_ety, out_ty)
    if attrs is None:
        return None
    messages = {name: (f"map element type is incompatible with attribute {go_quote(name)}: "
                       f"{mismatch_message(map_ety, out_ty.attribute_type(name))}")
                for name, action, _, _, _, _ in attrs if action == _INCOMPATIBLE}

    def convert_attrs(p: Any, typed: bool) -> tuple[dict[str, Any], dict[str, Type]]:
        out: dict[str, Any] = {}
        types: dict[str, Type] = {}
        for name, action, plan, _, _, _ in attrs:
            if name not in p:
                continue
            e = p[name]
            if action == _INCOMPATIBLE:
                raise ConversionFailure(messages[name])
            if action == _COPY:
                out[name] = e
                types[name] = copied_type(map_ety, e)
                continue
            assert plan is not None
            try:
                if typed:
                    out[name], types[name] = apply_typed(plan, e)
                else:
                    out[name] = plan.fn(e)
            except ConversionFailure as fail:
                fail.steps.append(key_step(name))
                raise
        for name, _, _, _, absent_ty, required in attrs:
            if name not in out:
                if required:
                    raise ConversionFailure(
                        f"map has no element for required attribute {go_quote(name)}")
                out[name] = None
                types[name] = absent_ty
        if len(out) != len(attrs) or list(out) != [a[0] for a in attrs]:
            out = {a[0]: out[a[0]] for a in attrs}
        return out, types

    static = all(present is not None and (required or present is absent)
                 for _, _, _, present, absent, required in attrs)
    if static:
        ty = Object({name: present for name, _, _, present, _, _ in attrs})  # type: ignore[misc]

        def known(p: Any) -> Any:
            return convert_attrs(p, False)[0]

        return static_plan(in_ty, out_ty, unsafe, known, ty)

    def tknown(p: Any) -> tuple[Any, Type]:
        out, types = convert_attrs(p, True)
        return out, Object(types)

    return typed_plan(in_ty, out_ty, unsafe, tknown)
