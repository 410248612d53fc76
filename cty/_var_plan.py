"""Building values of types that hold ``any``, planned once for Python data and every format.

A type with DynamicPseudoType in it has no one shape: the data decides the element type of a
list, the attribute types of an object. Each variable-type builder returns ``(type, payload)``;
the plan for a type is the same whether the data is Python's (`cty.from_python`), JSON or
msgpack: which builder each part of the type gets, how element types are inferred as go-cty's
ListVal, SetVal and MapVal infer them, how failures get their path steps. Only the leaves
differ: how a dynamic value is read, how a map, a sequence, an object or a tuple is opened (key
rules, length checks), what is said about data of the wrong kind or elements of two types,
which steps are named, and how a set's payload is made. A source supplies those as a
:class:`VarFormat`; :func:`plan_var` does the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import repeat
from typing import Any

from ._collection_types import List, Map, Set
from ._dynamic import DynamicPseudoType
from ._path import PathStep
from ._path_fail import PathFail, attr_step, index_step, key_step
from ._set_payload import EMPTY_SET, build_set_payload
from ._structural_types import Object, Tuple
from ._type import Type

__all__ = ["Dec", "VarDec", "VarFormat", "inferred_element_type", "plan_var"]

Dec = Callable[[Any], Any]
"""A fixed-type builder: a node of data -> payload."""
VarDec = Callable[[Any], tuple[Type, Any]]
"""A variable-type builder: a node of data -> (type, payload)."""


class VarFormat:
    """The leaves a source of data gives the shared variable-type plan. Each ``open_*`` returns
    the entries to build, in the order go-cty builds them, or None when *x* is not that kind of
    node (then :meth:`other` answers: a null, a value passing through, or an error)."""

    def var_decoder(self, ty: Type) -> VarDec:
        """Return the source's (cached) variable-type builder of *ty*."""
        raise NotImplementedError

    def fixed_decoder(self, ty: Type) -> Dec | None:
        """Return the source's builder of *ty* when it holds no ``any``, else None."""
        raise NotImplementedError

    def dynamic(self, x: Any) -> tuple[Type, Any]:
        """Build a value of type ``any`` (the source's own wrapping of type and value)."""
        raise NotImplementedError

    def other(self, ty: Type, x: Any, kind: str) -> tuple[Type, Any]:
        """Answer for *x* where a *kind* ("list", "set", "map", "object", "tuple") was due."""
        raise NotImplementedError

    def mixed(self, kind: str, found: Type, t: Type, i: int, x: Any) -> PathFail:
        """Return the failure for a *kind* whose element *i* is of type *t* after elements of
        type *found* (go-cty's ListVal and the like refuse it)."""
        raise NotImplementedError

    def open_map(self, f: VarDec, x: Any) -> dict[str, Any] | None:
        """Return the map's entries by key, in the order to build them (checked with *f*
        where go-cty decodes an entry a later one replaces), or None."""
        raise NotImplementedError

    def open_sequence(self, is_set: bool, x: Any) -> list[Any] | None:
        """Return the elements of a list (or, *is_set*, a set), or None (the formats: a
        decoded array)."""
        return x if x.__class__ is list else None

    def open_object(self, ty: Type, decoders: dict[str, VarDec], x: Any
                    ) -> dict[str, Any] | None:
        """Return the object's entries by attribute name (an attribute it lacks is null), or
        None."""
        raise NotImplementedError

    def open_tuple(self, n: int, x: Any) -> list[Any] | None:
        """Return the *n* elements of a tuple (raising for another count), or None."""
        raise NotImplementedError

    def result_type(self, ty: Type) -> Type:
        """Return the type a null or an empty collection of *ty* is given."""
        return ty

    def sequence_step(self, ty: Type) -> Callable[[int], PathStep] | None:
        """Return the step to element *i* of a list or set of type *ty* (its index); None:
        a failing element adds no step."""
        return index_step

    def attr_step(self, name: str) -> PathStep:
        """Return the step to the attribute *name*."""
        return attr_step(name)

    def set_start(self) -> Any:
        """Note what `set_payload` needs to know from before a set's elements are built."""
        return None

    def set_payload(self, et: Type, payloads: list[Any], start: Any) -> Any:
        """Return the payload of a set of *payloads* of type *et*."""
        return build_set_payload(et, payloads)


def plan_var(ty: Type, fmt: VarFormat) -> VarDec:
    """Return the variable-type builder of *ty* from the source *fmt*."""
    f = fmt.fixed_decoder(ty)
    if f is not None:
        fixed = f
        rty = fmt.result_type(ty)

        def dec_fixed(x: Any) -> tuple[Type, Any]:
            return rty, fixed(x)

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
    raise AssertionError(f"no variable builder for {ty!r}")  # pragma: no cover


def inferred_element_type(types: list[Type]) -> tuple[Type, int]:
    """Return the element type go-cty's ListVal, SetVal or MapVal infers from the types of
    the elements (``any`` where all are), and the index of the first element whose known
    type differs from it (-1: none does)."""
    found: Type = DynamicPseudoType
    for i, t in enumerate(types):
        if found is DynamicPseudoType:
            found = t
        elif t is not DynamicPseudoType and t is not found:
            return found, i
    return found, -1


def _one_type(fmt: VarFormat, kind: str, types: list[Type], x: Any) -> Type:
    et, bad = inferred_element_type(types)
    if bad >= 0:
        raise fmt.mixed(kind, et, types[bad], bad, x)
    return et


def _map(ty: Type, fmt: VarFormat) -> VarDec:
    f = fmt.var_decoder(ty.element_type())
    empty = fmt.result_type(ty)
    step = key_step

    def dec(x: Any) -> tuple[Type, Any]:
        items = fmt.open_map(f, x)
        if items is None:
            return fmt.other(ty, x, "map")
        if not items:
            return empty, {}
        types = []
        out = {}
        for k, v in items.items():
            try:
                t, out[k] = f(v)
            except PathFail as e:
                raise e.at(step(k)) from None
            types.append(t)
        return Map(_one_type(fmt, "map", types, x)), out

    return dec


def _sequence(ty: Type, fmt: VarFormat) -> VarDec:
    f = fmt.var_decoder(ty.element_type())
    empty = fmt.result_type(ty)
    step = fmt.sequence_step(ty)
    is_set = ty.is_set_type()
    kind = "set" if is_set else "list"

    def dec(x: Any) -> tuple[Type, Any]:
        items = fmt.open_sequence(is_set, x)
        if items is None:
            return fmt.other(ty, x, kind)
        if not items:
            return empty, EMPTY_SET if is_set else ()
        start = fmt.set_start() if is_set else None
        types, out = _each(repeat(f), items, step)
        et = _one_type(fmt, kind, types, x)
        if is_set:
            return Set(et), fmt.set_payload(et, out, start)
        return List(et), tuple(out)

    return dec


def _object(ty: Type, fmt: VarFormat) -> VarDec:
    attrs = ty.attribute_types()
    decoders = {k: fmt.var_decoder(t) for k, t in attrs.items()}
    absent = {k: fmt.result_type(t) for k, t in attrs.items()}
    step = fmt.attr_step

    def dec(x: Any) -> tuple[Type, Any]:
        items = fmt.open_object(ty, decoders, x)
        if items is None:
            return fmt.other(ty, x, "object")
        types: dict[str, Type] = {}
        out: dict[str, Any] = {}
        for k, f in decoders.items():
            if k not in items:
                types[k], out[k] = absent[k], None  # go-cty: NullVal of the attribute type
                continue
            try:
                types[k], out[k] = f(items[k])
            except PathFail as e:
                raise e.at(step(k)) from None
        return Object(types), out

    return dec


def _tuple(ty: Type, fmt: VarFormat) -> VarDec:
    decoders = [fmt.var_decoder(t) for t in ty.tuple_element_types()]
    n = len(decoders)

    def dec(x: Any) -> tuple[Type, Any]:
        items = fmt.open_tuple(n, x)
        if items is None:
            return fmt.other(ty, x, "tuple")
        types, out = _each(decoders, items, index_step)
        return Tuple(types), tuple(out)

    return dec


def _each(decoders: Iterable[VarDec], items: list[Any], step: Callable[[int], PathStep] | None
          ) -> tuple[list[Type], list[Any]]:
    """Build *items*, each with its builder; a failure gets the step to its element."""
    types = []
    out = []
    for i, (f, item) in enumerate(zip(decoders, items, strict=False)):  # (repeat(f): endless)
        try:
            t, p = f(item)
        except PathFail as e:
            if step is not None:
                e.at(step(i))
            raise
        types.append(t)
        out.append(p)
    return types, out
