"""xunify: the most general types that a set of extended types convert to, safely and unsafely
(Pulumi's UnifyTypes), without changing core cty's unify.

A pair unifies by conversion first: the side the other converts to safely wins. Otherwise a
pair of one kind of container unifies inside (lists to a list of the unified elements, objects
to an object with every attribute, optional where one side lacks it, an object and a map to a
map, tuples element by element, optional past the shorter one); dynamic beside a type T gives
``T | any`` safely and T unsafely (the Pulumi tests' answer); anything else gives the union of
the two. The types are put in canonical order before they are folded pairwise, so the result
does not depend on the order they come in.
"""

from __future__ import annotations

from cty import CtyTypeError
from cty._internal import deep

from ._kind import Kind, conversion_kind
from ._model import DYNAMIC, NONE, XType, list_, map_, object_, set_, tuple_, union

__all__ = ["xunify"]


def _pair(a: XType, b: XType, safe: bool) -> XType:
    if a == b:
        return a
    if DYNAMIC in (a, b):
        other = b if a == DYNAMIC else a
        return union(a, b) if safe else other
    ka, kb = conversion_kind(a, b), conversion_kind(b, a)
    if ka == Kind.SAFE and kb != Kind.SAFE:
        return a
    if kb == Kind.SAFE and ka != Kind.SAFE:
        return b
    inside = _containers(a, b, safe)
    if inside is not None:
        return inside
    if not safe:
        if ka == Kind.UNSAFE and kb == Kind.NO:
            return a
        if kb == Kind.UNSAFE and ka == Kind.NO:
            return b
    return union(a, b)


def _containers(a: XType, b: XType, safe: bool) -> XType | None:
    """The unification of two containers of one kind (or an object and a map), or None."""
    ka, kb = a.kind, b.kind
    if ka == kb and ka in ("list", "set", "map"):
        ctor = {"list": list_, "set": set_, "map": map_}[ka]
        return ctor(_pair(a.elem, b.elem, safe))
    if {ka, kb} == {"object", "map"}:
        obj, mp = (a, b) if ka == "object" else (b, a)
        elem = mp.elem
        for t in obj.attrs.values():
            elem = _pair(elem, t, safe)
        return map_(elem)
    if ka == kb == "object":
        left, right = a.attrs, b.attrs
        names = sorted(set(left) | set(right))
        return object_({n: _pair(left.get(n, NONE), right.get(n, NONE), safe) for n in names})
    if ka == kb == "tuple":
        la, lb = list(a.elems), list(b.elems)
        n = max(len(la), len(lb))
        la += [NONE] * (n - len(la))
        lb += [NONE] * (n - len(lb))
        return tuple_(*(_pair(x, y, safe) for x, y in zip(la, lb, strict=True)))
    return None


@deep
def xunify(*ts: XType) -> tuple[XType, XType]:
    """Return (safe, unsafe): the most general type each of *ts* converts to safely, and the
    one they convert to at least unsafely. No types give (NEVER, NEVER).

    >>> from cty.ext.xtypes import INT, NUMBER, BOOL, NONE
    >>> [str(t) for t in xunify(INT, NUMBER)], [str(t) for t in xunify(BOOL, NONE)]
    (['number', 'number'], ['bool?', 'bool?'])
    """
    for t in ts:
        if not isinstance(t, XType):
            raise CtyTypeError(f"xunify takes XTypes, not {type(t).__name__}")
    ordered = sorted(ts, key=XType.sort_key)
    if not ordered:
        return union(), union()
    safe = unsafe = ordered[0]
    for t in ordered[1:]:
        safe = _pair(safe, t, True)
        unsafe = _pair(unsafe, t, False)
    return safe, unsafe
