"""The planners' caches, and the leaves of the variable-type plan, shared by the JSON and
msgpack formats.

Each format plans a decoder per type and an encoder per (declared type, actual type) once, and
keeps it. What every plan gets on the way into the cache is the same for both formats: a tall
type's plan is a hop point for cty._deep (values of any depth), and a decoder worth it
remembers its failures (encoding._failure_memo). A format fills in only how to plan one type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from cty import Type
from cty._internal import Bounded, PerType, VarFormat, deep, hop, is_tall, per_type_planner

from ._errors import Fail
from ._failure_memo import remember_failures, worth_remembering

D = TypeVar("D", bound=Callable[..., Any])


def planned_decoders(plan: Callable[[Type], D], name: str, doc: str) -> Callable[[Type], D]:
    """Return the function *name* that gives the decoder *plan* makes for a type, planned once
    per type and kept in it (a hop point when the type is tall, remembering failures where
    that is worth it)."""
    return per_type_planner(plan, f"{plan.__module__}.{name}", name, doc, _remembering)


def _remembering(ty: Type, dec: D) -> D:
    return cast(D, remember_failures(dec)) if worth_remembering(ty) else dec


def planned_encoders(plan: Callable[[Type, Type], D | None], name: str,
                     doc: str) -> Callable[[Type, Type], D | None]:
    """Return the function *name* that gives the encoder *plan* makes for a payload of one
    type in a slot of another (None: none needed), planned once per pair and cached (a hop
    point when the slot's type is tall). The encoder of a type in its own slot is kept in the
    type (it goes with it); those of other pairs in a bounded cache."""
    own: PerType[D | None] = PerType(f"{plan.__module__}.{name}")
    pairs: Bounded[D | None] = Bounded(f"{plan.__module__}.{name} (pairs)", 1024)

    def encoder(decl: Type, actual: Type) -> D | None:
        cache: Any = own if decl is actual else pairs
        key = decl if decl is actual else (decl, actual)
        try:
            return cache[key]  # type: ignore[no-any-return]
        except KeyError:
            pass
        found = plan(decl, actual)
        if found is not None and is_tall(decl):
            found = cast(D, hop(found))
        cache[key] = found
        return found

    encoder.__name__ = encoder.__qualname__ = name
    encoder.__doc__ = doc
    return deep(encoder)


def mixed_element_types(kind: str, found: Type, t: Type) -> str:
    """Return go-cty's words (its ListVal's, SetVal's or MapVal's panic) for a *kind* whose
    elements are of type *found* and then of type *t*."""
    return f"inconsistent {kind} element types ({found.go_string()} then {t.go_string()})"


def is_fixed(ty: Type) -> bool:
    """Return whether decoding *ty* always gives a value of exactly *ty*."""
    if ty.has_dynamic_types():
        return False
    return ty.without_optional_attributes_deep() is ty


class GoVarFormat(VarFormat):
    """What the JSON and msgpack formats' leaves of the variable-type plan (cty._var_plan)
    share: the format's own planners of a type's decoders, and go-cty's words for elements of
    two types."""

    def __init__(self, fixed: Callable[[Type], Any], var: Callable[[Type], Any]) -> None:
        self._fixed = fixed
        self._var = var

    def var_decoder(self, ty: Type) -> Any:
        return self._var(ty)

    def fixed_decoder(self, ty: Type) -> Any:
        return self._fixed(ty) if is_fixed(ty) else None

    def mixed(self, kind: str, found: Type, t: Type, i: int, x: Any) -> Fail:
        return Fail(mixed_element_types(kind, found, t))
