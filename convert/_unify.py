"""Type unification (go-cty's unify.go): one type that several types all convert to.

Preferences, as in go-cty: safe conversions over unsafe ones (unify_unsafe may use both),
lossless over lossy; objects with different attributes unify to a map, tuples of different
lengths to a list, when their elements unify; objects and maps together, or tuples and lists,
unify to a map or a list when they can; any DynamicPseudoType among collections, objects or
tuples gives DynamicPseudoType, with conversions that give DynamicVal.

Unification depends only on the distinct input types, so duplicates are removed first and the
result is cached per distinct list: unifying the element types of a 100,000-element tuple
costs one pass over them. (go-cty compares every pair of inputs.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cty import CtyTypeError, DynamicPseudoType, List, Map, Object, Set, Tuple, Type
from cty._internal import Bounded, check_type, deep, hop

from ._dispatch import get_plan
from ._mismatch_msg import mismatch_message
from ._runtime import TO_DYNAMIC_VAL, ChainedConversion, Conversion, public_conversion
from ._sort_types import sort_types

Conv = Any
"""A public conversion (see cty.convert.Conversion)."""
_Result = tuple[Type, dict[Type, Conv]] | None

_cache: Bounded[_Result] = Bounded("unifications", 1024)


@hop  # (it recurses through _unify: any depth)
def unify_distinct(types: Sequence[Type], unsafe: bool) -> _Result:
    """Return the unified type and a conversion (or None) per distinct input type, or None.

    Results are cached by the distinct types, in first-seen order.
    """
    distinct = tuple(dict.fromkeys(types))
    key = (distinct, unsafe)
    try:
        return _cache[key]
    except KeyError:
        pass
    if not distinct:
        result: _Result = None
    else:
        result = _unify(list(distinct), unsafe)
    return _cache.setdefault(key, result)


def unify_type(types: Sequence[Type], unsafe: bool) -> Type | None:
    """Return the type *types* unify to, or None when they do not."""
    r = unify_distinct(types, unsafe)
    return None if r is None else r[0]


def unify_types(types: Sequence[Type], unsafe: bool) -> tuple[Type | None, list[Conv] | None]:
    """Return go-cty's Unify (or UnifyUnsafe) result: the type and one conversion (None when
    none is needed) per input, or (None, None)."""
    r = unify_distinct(types, unsafe)
    if r is None:
        return None, None
    ty, convs = r
    return ty, [convs[t] for t in types]


def _check_types(types: Iterable[Type]) -> list[Type]:
    if isinstance(types, str | bytes | Type) or not isinstance(types, Iterable):
        raise CtyTypeError(f"unify takes a sequence of cty types, not {type(types).__name__}")
    return [check_type(t, f"types[{i}]") for i, t in enumerate(types)]


@deep
def unify(types: Iterable[Type], /) -> tuple[Type | None, list[Conversion | None] | None]:
    """Return the type all of *types* convert to safely, and each one's conversion.

    A type that needs no conversion gets None. Returns (None, None) when there is no such type,
    and for no types at all. Prefers lossless conversions; objects with different attributes
    unify to a map, and tuples of different lengths to a list, when their elements unify; any
    DynamicPseudoType among collections or structures makes the result DynamicPseudoType, with
    conversions that give DynamicVal. Duplicates cost nothing: the work depends on the distinct
    types only.

    >>> unify([cty.Number, cty.String])[0]
    cty.String
    """
    return unify_types(_check_types(types), False)


@deep
def unify_unsafe(types: Iterable[Type], /) -> tuple[Type | None, list[Conversion | None] | None]:
    """Return what unify() does, except that it may use unsafe conversions where no safe one
    exists (``[cty.String, cty.DynamicPseudoType]`` unify to string, not to dynamic).

    >>> unify_unsafe([cty.String, cty.DynamicPseudoType])[0]
    cty.String
    """
    return unify_types(_check_types(types), True)


class UnifyError(CtyTypeError):
    """Raised by :func:`unify_or_raise`: the types have no common type. ``types`` holds them;
    ``pair`` two of them that have none between them (None when every two have one, but not
    all together); the message says why, in go-cty's mismatch words."""

    def __init__(self, message: str, types: Sequence[Type],
                 pair: tuple[Type, Type] | None) -> None:
        super().__init__(message)
        self.types = tuple(types)
        self.pair = pair

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (UnifyError, (str(self), self.types, self.pair))


_PAIRS_SEARCHED = 100
"""unify_or_raise looks for a pair without a common type among this many distinct types."""


@deep
def unify_or_raise(types: Iterable[Type], /, *, unsafe: bool = False
                   ) -> tuple[Type, list[Conversion | None]]:
    """Return what :func:`unify` (or, with *unsafe*, :func:`unify_unsafe`) does, and where it
    finds no common type, raise UnifyError saying which types have none and why.

    >>> unify_or_raise([cty.Number, cty.String])[0]
    cty.String
    >>> try:
    ...     unify_or_raise([cty.Number, cty.Bool])
    ... except UnifyError as e:
    ...     print(e.pair)
    ...     print(str(e)[:59])
    (cty.Number, cty.Bool)
    cannot unify number and bool: neither converts to the other
    """
    checked = _check_types(types)
    if not checked:
        raise UnifyError("there are no types to unify", (), None)
    ty, convs = unify_types(checked, unsafe)
    if ty is not None and convs is not None:
        return ty, convs
    distinct = list(dict.fromkeys(checked))[:_PAIRS_SEARCHED]
    for i, a in enumerate(distinct):
        for b in distinct[i + 1:]:
            if unify_type([a, b], unsafe) is None:
                raise UnifyError(
                    f"cannot unify {a} and {b}: neither converts to the other (as {b}: "
                    f"{mismatch_message(a, b)}; as {a}: {mismatch_message(b, a)})",
                    checked, (a, b))
    shown = ", ".join(str(t) for t in distinct[:5]) + (", ..." if len(distinct) > 5 else "")
    raise UnifyError(f"cannot unify {shown}: every two of them have a common type, but all "
                     "of them together have none", checked, None)


def _conversion(t: Type, want: Type, unsafe: bool) -> Conv | None:
    plan = get_plan(t, want, unsafe)
    return None if plan is None else public_conversion(plan)


def _unify(types: list[Type], unsafe: bool) -> _Result:
    counts = {"map": 0, "list": 0, "set": 0, "object": 0, "tuple": 0, "dynamic": 0}
    for t in types:
        if t.is_map_type():
            counts["map"] += 1
        elif t.is_list_type():
            counts["list"] += 1
        elif t.is_set_type():
            counts["set"] += 1
        elif t.is_object_type():
            counts["object"] += 1
        elif t.is_tuple_type():
            counts["tuple"] += 1
        elif t is DynamicPseudoType:
            counts["dynamic"] += 1
    n = len(types)
    maps, lists, sets = counts["map"], counts["list"], counts["set"]
    objects, tuples, dyn = counts["object"], counts["tuple"], counts["dynamic"]
    if maps and maps + dyn == n:
        return _unify_collections(Map, types, unsafe, dyn > 0)
    if maps and maps + objects + dyn == n:
        r = _unify_objects_as_maps(types, unsafe)
        if r is not None and r[0].is_map_type():
            return r
    elif lists and lists + dyn == n:
        return _unify_collections(List, types, unsafe, dyn > 0)
    elif lists and lists + tuples + dyn == n:
        r = _unify_tuples_as_list(types, unsafe)
        if r is not None and r[0].is_list_type():
            return r
    elif sets and sets + dyn == n:
        return _unify_collections(Set, types, unsafe, dyn > 0)
    elif objects and objects + dyn == n:
        return _unify_objects(types, unsafe, dyn > 0)
    elif tuples and tuples + dyn == n:
        return _unify_tuples(types, unsafe, dyn > 0)
    elif objects and tuples:
        return None

    # The general case: the first type, in preference order, that every type converts to.
    for i in sort_types(types):
        want = types[i]
        convs: dict[Type, Conv] = {}
        for t in types:
            if t is want:
                convs[t] = None
                continue
            c = _conversion(t, want, unsafe)
            if c is None:
                break
            convs[t] = c
        else:
            return want, convs
    return None


def _convs_to(types: list[Type], ty: Type, unsafe: bool) -> dict[Type, Conv] | None:
    convs: dict[Type, Conv] = {}
    for t in types:
        if t is ty:
            convs[t] = None
            continue
        c = _conversion(t, ty, unsafe)
        if c is None:
            return None
        convs[t] = c
    return convs


def _all_dynamic(types: list[Type]) -> _Result:
    return DynamicPseudoType, dict.fromkeys(types, TO_DYNAMIC_VAL)


def _unify_collections(kind: Callable[[Type], Type], types: list[Type], unsafe: bool,
                       has_dynamic: bool) -> _Result:
    if has_dynamic:
        # which way the dynamic ones go is unknown until they are known
        return _all_dynamic(types)
    ety = unify_type([t.element_type() for t in types], unsafe)
    if ety is None:
        return None
    ty = kind(ety)
    convs = _convs_to(types, ty, unsafe)
    return None if convs is None else (ty, convs)


def _unify_objects(types: list[Type], unsafe: bool, has_dynamic: bool) -> _Result:
    if has_dynamic:
        return _all_dynamic(types)
    # Objects unify to an object only when they have the same attribute names; otherwise,
    # and when the per-attribute result does not work out, they may unify to a map.
    first = types[0].attribute_types()
    for t in types[1:]:
        attrs = t.attribute_types()
        if len(attrs) != len(first) or any(name not in first for name in attrs):
            return _unify_objects_to_map(types, unsafe)
    atys: dict[str, Type] = {}
    for name in first:
        u = unify_type([t.attribute_types()[name] for t in types], unsafe)
        if u is None:
            return None
        atys[name] = u
    ty = Object(atys)
    convs = _convs_to(types, ty, unsafe)
    if convs is None:
        return _unify_objects_to_map(types, unsafe)
    return ty, convs


def _unify_objects_to_map(types: list[Type], unsafe: bool) -> _Result:
    ety = unify_type([a for t in types for a in t.attribute_types().values()], unsafe)
    if ety is None:
        return None
    ty = Map(ety)
    convs = _convs_to(types, ty, unsafe)
    return None if convs is None else (ty, convs)


def _unify_tuples(types: list[Type], unsafe: bool, has_dynamic: bool) -> _Result:
    if has_dynamic:
        return _all_dynamic(types)
    length = types[0].length()
    if any(t.length() != length for t in types[1:]):
        return _unify_tuples_to_list(types, unsafe)
    etys: list[Type] = []
    for i in range(length):
        u = unify_type([t.tuple_element_types()[i] for t in types], unsafe)
        if u is None:
            return None
        etys.append(u)
    ty = Tuple(etys)
    convs = _convs_to(types, ty, unsafe)
    if convs is None:
        return _unify_tuples_to_list(types, unsafe)
    return ty, convs


def _unify_tuples_to_list(types: list[Type], unsafe: bool) -> _Result:
    ety = unify_type([e for t in types for e in t.tuple_element_types()], unsafe)
    if ety is None:
        return None
    ty = List(ety)
    convs = _convs_to(types, ty, unsafe)
    return None if convs is None else (ty, convs)


def _unify_tuples_as_list(types: list[Type], unsafe: bool) -> _Result:
    return _unify_structurals_as(types, unsafe, lambda t: t.is_tuple_type(),
                                 _unify_tuples_to_list, lambda t: t.is_list_type())


def _unify_objects_as_maps(types: list[Type], unsafe: bool) -> _Result:
    return _unify_structurals_as(types, unsafe, lambda t: t.is_object_type(),
                                 _unify_objects_to_map, lambda t: t.is_map_type())


def _unify_structurals_as(types: list[Type], unsafe: bool, is_structural: Callable[[Type], bool],
                          to_collection: Callable[[list[Type], bool], _Result],
                          is_collection: Callable[[Type], bool]) -> _Result:
    """Unify the tuples (objects) as a list (map), then everything with that in their place."""
    structurals = [t for t in types if is_structural(t)]
    first = to_collection(structurals, unsafe)
    if first is None or not is_collection(first[0]):
        return None
    coll, first_convs = first
    replaced = [coll if is_structural(t) else t for t in types]
    second = unify_distinct(replaced, unsafe)
    if second is None or not is_collection(second[0]):
        return None
    ty, second_convs = second
    convs: dict[Type, Conv] = {}
    for t in types:
        if not is_structural(t):
            convs[t] = second_convs[t]
            continue
        c1 = first_convs[t]
        c2 = second_convs[coll]
        convs[t] = c1 if c2 is None else _chain(c1, c2)
    return ty, convs


def _chain(first: Conv, second: Conv) -> Conv:
    # go-cty hands the original value to the second conversion; we hand it the first's result
    return ChainedConversion(first, second)
