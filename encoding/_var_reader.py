"""Decoding to types that hold ``any``, planned once for every format.

A type with DynamicPseudoType in it has no one shape: the value a document holds decides the
element type of a list, the attribute types of an object. Each format's variable-type decoder
returns ``(type, payload)``; the plan for a type is the same for JSON and msgpack (which
decoder each part of the type gets, how element types are inferred as go-cty's ListVal,
SetVal and MapVal infer them, how failures get their path steps), and only the leaves differ:
how a format reads a dynamic value, how it opens a map, an object or a tuple (its key rules,
its length checks), what it says about data of the wrong kind, and the steps it names.
A format supplies those as a :class:`VarFormat`; :func:`plan_var` does the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import repeat
from typing import Any

import cty
from cty import DynamicPseudoType, PathStep, Type
from cty._internal import EMPTY_SET, attr_step, build_set_payload, index_step, key_step

from ._errors import Fail

Dec = Callable[[Any], Any]
"""A fixed-type decoder: a decoded node -> payload."""
VarDec = Callable[[Any], tuple[Type, Any]]
"""A variable-type decoder: a decoded node -> (type, payload)."""


class VarFormat:
    """The leaves a format gives the shared variable-type plan. Each ``open_*`` returns the
    entries to decode, in the order go-cty decodes them, or None when *x* is not that kind of
    node (then :meth:`other` answers: a null, an unknown, or an error)."""

    def var_decoder(self, ty: Type) -> VarDec:
        """Return the format's (cached) variable-type decoder of *ty*."""
        raise NotImplementedError

    def fixed_decoder(self, ty: Type) -> Dec | None:
        """Return the format's decoder of *ty* when it holds no ``any``, else None."""
        raise NotImplementedError

    def dynamic(self, x: Any) -> tuple[Type, Any]:
        """Decode a value of type ``any`` (the format's own wrapping of type and value)."""
        raise NotImplementedError

    def other(self, ty: Type, x: Any, kind: str) -> tuple[Type, Any]:
        """Answer for *x* where a *kind* ("list", "set", "map", "object", "tuple") was due."""
        raise NotImplementedError

    def open_map(self, f: VarDec, x: Any) -> dict[str, Any] | None:
        """Return the map's entries by key (checked with *f* where go-cty decodes an entry a
        later one replaces), or None."""
        raise NotImplementedError

    def open_sequence(self, x: Any) -> list[Any] | None:
        """Return the elements of a list or set, or None (both formats: a decoded array)."""
        return x if x.__class__ is list else None

    def open_object(self, decoders: dict[str, VarDec], x: Any) -> dict[str, Any] | None:
        """Return the object's entries by attribute name (an attribute it lacks is null), or
        None."""
        raise NotImplementedError

    def open_tuple(self, n: int, x: Any) -> list[Any] | None:
        """Return the *n* elements of a tuple (raising Fail for another count), or None."""
        raise NotImplementedError

    def sequence_step(self, ty: Type) -> Callable[[int], PathStep]:
        """Return the step to element *i* of a list or set of type *ty* (its index)."""
        return index_step

    def attr_step(self, name: str) -> PathStep:
        """Return the step to the attribute *name*."""
        return attr_step(name)


def plan_var(ty: Type, fmt: VarFormat) -> VarDec:
    """Return the variable-type decoder of *ty* in the format *fmt*."""
    f = fmt.fixed_decoder(ty)
    if f is not None:
        fixed = f

        def dec_fixed(x: Any) -> tuple[Type, Any]:
            return ty, fixed(x)

        return dec_fixed
    if ty is DynamicPseudoType:
        return fmt.dynamic
    if ty.is_map_type():
        return _map(ty, fmt)
    if ty.is_list_type() or ty.is_set_type():
        return _sequence(ty, fmt)
    if ty.is_object_type():
        return _object(ty, fmt)
    if ty.is_tuple_type():
        return _tuple(ty, fmt)
    raise AssertionError(f"no variable decoder for {ty!r}")  # pragma: no cover


def element_type(types: list[Type], kind: str) -> Type:
    """Return the element type go-cty's ListVal, SetVal or MapVal infers from the types of
    the elements (``any`` where all are; an error where two known ones differ)."""
    found: Type = DynamicPseudoType
    for i, t in enumerate(types):
        if found is DynamicPseudoType:
            found = t
        elif t is not DynamicPseudoType and t is not found:
            raise Fail(f"inconsistent {kind} element types ({found.go_string()} then "
                       f"{t.go_string()}, at element {i})")
    return found


def _map(ty: Type, fmt: VarFormat) -> VarDec:
    f = fmt.var_decoder(ty.element_type())
    step = key_step

    def dec(x: Any) -> tuple[Type, Any]:
        items = fmt.open_map(f, x)
        if items is None:
            return fmt.other(ty, x, "map")
        if not items:
            return ty, {}
        types = []
        out = {}
        for k, v in items.items():
            try:
                t, out[k] = f(v)
            except Fail as e:
                raise e.at(step(k)) from None
            types.append(t)
        return cty.Map(element_type(types, "map")), out

    return dec


def _sequence(ty: Type, fmt: VarFormat) -> VarDec:
    f = fmt.var_decoder(ty.element_type())
    step = fmt.sequence_step(ty)
    is_set = ty.is_set_type()
    kind = "set" if is_set else "list"

    def dec(x: Any) -> tuple[Type, Any]:
        items = fmt.open_sequence(x)
        if items is None:
            return fmt.other(ty, x, kind)
        if not items:
            return ty, EMPTY_SET if is_set else ()
        types, out = _each(repeat(f), items, step)
        et = element_type(types, kind)
        if is_set:
            return cty.Set(et), build_set_payload(et, out)
        return cty.List(et), tuple(out)

    return dec


def _object(ty: Type, fmt: VarFormat) -> VarDec:
    attrs = ty.attribute_types()
    decoders = {k: fmt.var_decoder(t) for k, t in attrs.items()}
    step = fmt.attr_step

    def dec(x: Any) -> tuple[Type, Any]:
        items = fmt.open_object(decoders, x)
        if items is None:
            return fmt.other(ty, x, "object")
        types: dict[str, Type] = {}
        out: dict[str, Any] = {}
        for k, f in decoders.items():
            if k not in items:
                types[k], out[k] = attrs[k], None  # go-cty: NullVal of the attribute type
                continue
            try:
                types[k], out[k] = f(items[k])
            except Fail as e:
                raise e.at(step(k)) from None
        return cty.Object(types), out

    return dec


def _tuple(ty: Type, fmt: VarFormat) -> VarDec:
    decoders = [fmt.var_decoder(t) for t in ty.tuple_element_types()]
    n = len(decoders)

    def dec(x: Any) -> tuple[Type, Any]:
        items = fmt.open_tuple(n, x)
        if items is None:
            return fmt.other(ty, x, "tuple")
        types, out = _each(decoders, items, index_step)
        return cty.Tuple(types), tuple(out)

    return dec


def _each(decoders: Iterable[VarDec], items: list[Any], step: Callable[[int], PathStep]
          ) -> tuple[list[Type], list[Any]]:
    """Decode *items*, each with its decoder; a failure gets the step to its element."""
    types = []
    out = []
    for i, (f, item) in enumerate(zip(decoders, items, strict=False)):  # (repeat(f): endless)
        try:
            t, p = f(item)
        except Fail as e:
            raise e.at(step(i)) from None
        types.append(t)
        out.append(p)
    return types, out
