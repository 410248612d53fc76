"""xconvert: a core value converted to meet an extended type, at run time.

The result is always a core value whose type conforms to ``lower(t)``. Beyond core cty's
convert, the extended type adds three checks and one choice:

* null only where the type admits none (``T?``, an optional attribute, dynamic), else
  "a non-null value is required", at every depth: ``list(string)`` rejects a null element;
* int: the value converts to a number that must be whole ("a whole number is required"),
  exact at any size;
* none alone admits only null, and never admits nothing;
* into a union: a member the value is exactly (a whole number is exactly int), else the first
  member, in canonical order, it converts to safely, else the one member it converts to
  unsafely. When several unsafe conversions succeed (``"1"`` into ``bool | number``) that is
  an error naming them, unless ``prefer="first"`` asks for the first.

A collection or structure is first converted by core cty to the lowered type (its shape
rules stand: extra attributes are dropped, a missing optional attribute becomes null, a map
lacking a required key is an error), then each element meets its own extended type; when union
members give a list's or map's elements different types, core cty brings them to one, as its
``list(any)`` does. A tuple shorter than its type gets null for missing last elements that
are optional (``T?``).
Unknown values become unknown values of the lowered type (DynamicVal when that is dynamic),
checked only for whether their type could convert at all; marks are kept at every depth.
Errors are cty.PathErrors whose path leads to the offending element.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Literal

import cty
from cty import Path, PathError, Value
from cty._internal import check_value, deep, payload, wrap
from cty.convert import convert

from ._kind import Kind, conversion_kind, plain
from ._model import INT, NONE, XType, lower, x
from ._payload_check import payload_checker
from ._values import lift

__all__ = ["xconvert"]

Prefer = Literal["error", "first"]

_PRIMITIVE = {"string": cty.String, "number": cty.Number, "bool": cty.Bool}


def xconvert(v: Value, t: XType, /, *, prefer: Prefer = "error") -> Value:
    """*v* converted to meet extended type *t*, as a core value of type ``lower(t)``.

    *prefer* says what a conversion into a union does when the value converts unsafely to
    more than one member: "error" (the default) raises a PathError naming them, "first"
    takes the first in canonical order. Raises cty.PathError when the value does not convert,
    with the path of the element at fault.

    >>> import cty
    >>> from cty.ext.xtypes import INT, STRING, union
    >>> xconvert(cty.string_val("12"), INT)
    cty.parse_number_val('12')
    >>> xconvert(cty.number_int_val(5), union(STRING, INT))
    cty.number_val(5)
    """
    check_value(v, "the value to convert")
    if not isinstance(t, XType):
        raise cty.CtyTypeError(f"xconvert converts to an XType, not {type(t).__name__}")
    if prefer not in ("error", "first"):
        raise cty.CtyValueError(f'prefer is "error" or "first", not {prefer!r}')
    return _convert(v, t, prefer)


# Errors are raised with paths relative to the value at hand; a container puts the step to
# its element in front as one passes through it, so no path is built unless there is an error.


def _under(step: Path, e: PathError) -> PathError:
    return PathError(step + e.path, e.message)


@deep
def _convert(v: Value, t: XType, prefer: Prefer) -> Value:
    k = t.kind
    if k == "dynamic":
        return v
    if k in _PRIMITIVE and v.type() is _PRIMITIVE[k] and v.is_known() and not v.is_null():
        return v  # (marked or not) already what it must be
    u, marks = v.unmark()
    if not u.is_known():
        out = _unknown(u, t)
    elif u.is_null():
        if conversion_kind(t, NONE) != Kind.SAFE:
            raise PathError(Path(), "a non-null value is required")
        want = lower(t)
        # (a null of the very type, optional attribute markers too, is that null: as core's
        # conversions pass an element of the same type through, markers and all)
        out = u if want is cty.DynamicPseudoType or u.type() is want else convert(u, want)
    else:
        out = _known(u, t, prefer)
    return out.with_marks(marks) if marks else out


def _unknown(u: Value, t: XType) -> Value:
    if conversion_kind(t, lift(u)) == Kind.NO:
        raise PathError(Path(), f"{t} is required, but have {lift(u)}")
    want = lower(t)
    if want.has_dynamic_types() and not plain(t):  # lowered from a union: no one type
        # (values never carry optional attribute markers: core convert drops them too)
        return cty.DynamicVal if want is cty.DynamicPseudoType else cty.unknown_val(
            want.without_optional_attributes_deep())
    return convert(u, want)


def _known(u: Value, t: XType, prefer: Prefer) -> Value:
    k = t.kind
    if k == "union":
        return _union(u, t, prefer)
    if k in ("output", "promise"):
        return _convert(u, t.elem, prefer)
    if k == "none":
        raise PathError(Path(), f"only null is allowed here, but have {lift(u)}")
    if k == "int":
        n = convert(u, cty.Number)
        if not n.as_big_float().is_integer():
            raise PathError(Path(), "a whole number is required")
        return n
    if k in ("list", "set", "map", "tuple", "object"):
        return _container(u, t, prefer)
    return convert(u, lower(t))  # bool, number, string, a capsule


def _union(u: Value, t: XType, prefer: Prefer) -> Value:
    members = [m for m in t.members if m != NONE]
    if not members:
        raise PathError(Path(), "no value is allowed here (the type is never)"
                        if not t.members else f"only null is allowed here, but have {lift(u)}")
    ty = u.type()
    whole = ty is cty.Number and INT in members and u.as_big_float().is_integer()
    have, first, unsafe = _union_plan(t, ty, whole)
    failures: list[tuple[XType, PathError]] = []
    for m in first:
        try:
            return _convert(u, m, prefer)
        except PathError as e:
            failures.append((m, e))
    successes: list[tuple[XType, Value]] = []
    for m in unsafe:
        try:
            successes.append((m, _convert(u, m, prefer)))
        except PathError as e:
            failures.append((m, e))
        if successes and prefer == "first":
            break
    if len(successes) == 1 or (successes and prefer == "first"):
        return successes[0][1]
    if successes:
        names = " and ".join(str(m) for m, _ in successes)
        raise PathError(Path(), f"ambiguous: the value converts to more than one member of "
                                f"{t} ({names})")
    if not failures:
        raise PathError(Path(), f"{t} is required, but have {have}")
    if len(failures) == 1:  # one member could take the value (as in T?): its error, as it is
        raise failures[0][1]
    reasons = "; ".join(f"{m}: {_relative(e)}" for m, e in failures)
    raise PathError(Path(), f"the value converts to no member of {t} ({reasons})")


@functools.lru_cache(maxsize=4096)
def _union_plan(t: XType, ty: cty.Type, whole: bool
                ) -> tuple[XType, tuple[XType, ...], tuple[XType, ...]]:
    """What a known value of core type *ty* (a whole number, with *whole*) tries in union *t*:
    its extended type; first the members it is exactly (a whole number is exactly int), then
    those it converts to safely, in canonical order; then those it converts to unsafely."""
    have = x(ty)
    kinds = [(m, conversion_kind(m, have)) for m in t.members if m is not NONE]
    first = [m for m, _ in kinds if m is have or (m is INT and whole)]
    first += [m for m, kind in kinds if kind == Kind.SAFE and m not in first]
    unsafe = [m for m, kind in kinds if kind == Kind.UNSAFE and m not in first]
    return have, tuple(first), tuple(unsafe)


def _relative(e: PathError) -> str:
    """A member's error as text, with its path (relative to the union's place)."""
    return f"{e.path.format()}: {e.message}" if e.path else e.message


def _container(u: Value, t: XType, prefer: Prefer) -> Value:
    """Core cty converts the container to the lowered type; then each element meets its own
    extended type, and the container is rebuilt when one of them changed. Where *t* makes no
    choice, the elements' checks run on the payload (_payload_check); only when one fails
    (or the check is not sure) does the walk below run, to find the error and its path."""
    check = payload_checker(t)
    converted: Value | None = None
    if check is not None:
        try:
            converted = convert(u, lower(t))
        except PathError:
            pass  # (a short tuple may yet be padded below; else the same error again)
        else:
            if check(payload(converted)):
                return converted
    if converted is None:  # (once converted, a tuple has its type's length: no padding)
        if t.kind == "tuple" and u.type().is_tuple_type():
            u = _pad(u, t)
        converted = convert(u, lower(t))
    w, marks = converted.unmark()
    if not w.is_known():  # a set with unknowns, made a list: its order is not known yet
        return w.with_marks(marks)
    k, wt, ps = t.kind, w.type(), payload(w)
    # each element: its own payload check, else (a choice to make, or an error to find) the
    # walk, which builds a Value for it; elements in payload order (names sorted), so the
    # first error is the one at the first failing element
    if k == "object":
        names = list(ps)
        attrs, wattrs = t.attrs, wt.attribute_types()
        ets = [attrs[n] for n in names]
        tys = [wattrs[n] for n in names]
        items = [ps[n] for n in names]
    elif k == "tuple":
        items, ets, tys = list(ps), list(t.elems), list(wt.tuple_element_types())
    else:  # a list, set or map: one element type
        names = list(ps) if k == "map" else []
        items = list(ps.values() if k == "map" else ps.elems if k == "set" else ps)
        ets = [t.elem] * len(items)
        tys = [wt.element_type()] * len(items)
    checks = [payload_checker(et) for et in ets] if k in ("object", "tuple") else [
        payload_checker(t.elem)] * len(items)
    changed: dict[int, Value] = {}
    for i, (p, et, ty, check) in enumerate(zip(items, ets, tys, checks, strict=True)):
        if check is not None and check(p):
            continue
        e = wrap(ty, p)
        try:
            got = _convert(e, et, prefer)
        except PathError as err:
            step = (cty.index_int_path(i) if k not in ("map", "object") else
                    cty.index_string_path(names[i]) if k == "map" else
                    cty.get_attr_path(names[i]))
            raise _under(step, err) from None
        if got is not e:
            changed[i] = got
    if not changed:
        return w.with_marks(marks) if marks else w
    new = [changed[i] if i in changed else wrap(ty, p)
           for i, (p, ty) in enumerate(zip(items, tys, strict=True))]
    if k == "object":
        out = cty.object_val(dict(zip(names, new, strict=True)))
    elif k == "map":
        got_map = dict(zip(names, new, strict=True))
        # union members gave different types: core brings them to one, as map(any) does
        out = cty.map_val(got_map) if _one_type(new) else convert(
            cty.object_val(got_map), lower(t))
    elif k == "tuple":
        out = cty.tuple_val(new)
    elif _one_type(new):
        out = cty.list_val(new) if k == "list" else cty.set_val(new)
    else:
        out = convert(cty.tuple_val(new), lower(t))
    return out.with_marks(marks) if marks else out


def _one_type(items: Iterable[Value]) -> bool:
    """Whether the converted elements share one type already."""
    return len({e.type() for e in items}) == 1


def _pad(u: Value, t: XType) -> Value:
    """A tuple shorter than tuple type *t*, with null for its missing last elements where
    they are optional (``T?``, or none itself), as an object's missing optional attributes
    are. An element of the dynamic type admits a null but is not optional: a tuple too
    short for it is refused, as core cty refuses it."""
    have = u.as_value_slice()
    missing = t.elems[len(have):]
    if not missing or not all(et == NONE or (et.kind == "union" and NONE in et.members)
                              for et in missing):
        return u
    return cty.tuple_val([*have, *(cty.null_val(lower(et)) for et in missing)])
