"""xconvert's fast path: the extended checks run on payloads, after core convert.

Once core cty has converted a container to ``lower(t)``, what an extended type adds is a
check at each element: no null where the type has no ``?``, a whole number where it says int,
only null where it says none. When *t* makes no choice (no union but ``T?``, nothing deeper
than MAX_DEPTH), those checks need no Value per element: ``payload_checker(t)`` compiles, once
per type, a function that walks the converted payload and answers whether every check passes.

It answers only yes or "not sure": on "not sure" (a failing check, a null or unknown where
a dynamic part makes the slow path rebuild it, a shape it did not expect) xconvert takes the
slow path, which gives the same answer when there is one and otherwise the error, with its
path. So a yes must mean that the slow path would return the converted container as it is.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from cty import _number
from cty._internal import Marked, SetPayload, Unknown, hop

from ._kind import Kind, conversion_kind
from ._model import NONE, XType, lower

__all__ = ["payload_checker"]

Check = Callable[[Any], bool]

MAX_DEPTH = 200
"""Types nested deeper than this take the slow path (which has room for any depth)."""


@functools.lru_cache(maxsize=4096)
def payload_checker(t: XType) -> Check | None:
    """A function that answers whether a payload of ``lower(t)``, made by core convert,
    meets *t* as it is; None when *t* needs the slow path (a union with a choice in it, or
    more than MAX_DEPTH levels, which the type's height tells at once)."""
    return _compile(t, 0)


def _compile(t: XType, depth: int) -> Check | None:
    if depth + t.height > MAX_DEPTH:
        return None
    k = t.kind
    if k == "dynamic":
        return _anything
    if k == "union":
        some = [m for m in t.members if m is not NONE]
        if len(some) != 1 or some[0].kind == "none":  # a choice, or never
            return None
        known = _known_check(some[0], depth)
    else:
        known = _known_check(t, depth)
    if known is None:
        return None
    admits_none = conversion_kind(t, NONE) == Kind.SAFE
    # a null or unknown with a dynamic part is rebuilt by the slow path: not sure
    exact = not lower(t).has_dynamic_types()

    def check(p: Any) -> bool:
        if p.__class__ is Marked:
            p = p.v
        if p is None:
            return admits_none and exact
        if p.__class__ is Unknown:
            return exact
        return known(p)

    return check


@hop  # (it recurses: any depth)
def _known_check(t: XType, depth: int) -> Check | None:
    """The check of a known, non-null payload of ``lower(t)`` (*t* not a union)."""
    k = t.kind
    if k in ("string", "number", "bool", "capsule", "dynamic"):
        return _anything
    if k == "int":
        return _number.is_integer
    if k in {"none", "union"}:
        return None
    if k in ("output", "promise"):
        return _known_check(t.elem, depth + 1)
    if k in ("list", "set", "map"):
        elem = _compile(t.elem, depth + 1)
        if elem is None:
            return None
        if elem is _anything:
            return _anything
        if k == "list":
            return lambda p: all(map(elem, p))
        if k == "set":
            return lambda p: p.__class__ is SetPayload and all(map(elem, p.elems))
        return lambda p: all(map(elem, p.values()))
    if k == "tuple":
        elems = [_compile(e, depth + 1) for e in t.elems]
        if None in elems:
            return None
        checks: list[Check] = elems  # type: ignore[assignment]
        n = len(checks)
        return lambda p: len(p) == n and all(c(e) for c, e in zip(checks, p, strict=True))
    if k == "object":
        attrs = []
        for name, at in t.attrs.items():
            c = _compile(at, depth + 1)
            if c is None:
                return None
            if c is not _anything:
                attrs.append((name, c))
        if not attrs:
            return _anything
        return lambda p: all(name in p and c(p[name]) for name, c in attrs)
    return None


def _anything(p: Any) -> bool:
    return True
