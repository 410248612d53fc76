"""Decoding a failing node once: the decoders' retries stay linear at any depth.

The planned decoders take a fast path first and, when it fails, decode the same node again on
a slow path that finds which element failed and checks in go-cty's order. Nested, every level's
retry repeats the whole failing subtree below it, so the work doubled per level (a list nested
18 deep with a wrong leaf took 40 seconds). ``remember_failures`` wraps a container decoder so
that a node whose decoding failed fails again at once, with the same message and the same path
below it, when a retry above asks for it again.

Failures are remembered per calling thread (a helper thread of cty._deep counts as the thread
it works for) while a decode is failing; the entry points call
``forget_failures`` before they raise, which drops this thread's entries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from cty import DynamicPseudoType, Type
from cty._internal import PerType, child_types, owner_ident

from ._errors import Fail

_failed: dict[tuple[int, int, int], tuple[Any, Fail, str, int]] = {}
"""(thread, decoder, node) ids -> (node, its Fail, the message and the number of path steps
the Fail had when it left the node's decoder)."""
_get_ident: Final = owner_ident


_depths: PerType[int] = PerType("decoders' failure memo depths")
_DEEP: Final = 3


def worth_remembering(ty: Type) -> bool:
    """Return whether the decoder of *ty* should remember its failures: when *ty* nests
    containers three deep, or holds a dynamic value (which may hold anything).

    A retry costs at most twice per level, so below three levels the repeats are bounded by a
    small constant; leaving those decoders unwrapped keeps the wrapper's call off the hottest
    path (the objects of a list of objects)."""
    return _depth(ty) >= _DEEP


def _depth(ty: Type) -> int:
    """Return how deep *ty* nests containers, counted to _DEEP at most (a dynamic type counts
    as deep): the recursion goes _DEEP levels down, never further, so it needs no room however
    deep the type, even where its children's answers are not cached (the caches may have been
    cleared while a deep plan was being made, in a thread with little stack left)."""
    return _depth_within(ty, _DEEP)


def _depth_within(ty: Type, room: int) -> int:
    d = _depths.get(ty)
    if d is not None:
        return d
    if ty is DynamicPseudoType:
        d = _DEEP
    else:
        kids = child_types(ty)
        if not kids:
            d = 0
        elif room <= 1:
            return 1  # (at least one level: the full answer may be more)
        else:
            d = min(_DEEP, 1 + max(_depth_within(k, room - 1) for k in kids))
            if room < _DEEP:
                return d  # (counted with less room than _DEEP: exact only up to it)
    _depths[ty] = d
    return d


def remember_failures(dec: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Return *dec* (a container node decoder) made to fail at once on a node it failed on.

    The failure raised again is the same Fail object, put back as it left the node: callers
    above only append steps to it (or, for a set element, reword it and clear its steps), so
    cutting its steps back to the remembered count restores it without copying the path, which
    keeps a retry at each of many levels linear overall.
    """

    def remembering(x: Any) -> Any:
        if _failed:  # (empty unless some decode is failing: one cheap test on the hot path)
            hit = _failed.get((_get_ident(), id(remembering), id(x)))
            if hit is not None and hit[0] is x:
                _, e, message, n = hit
                if len(e.steps) >= n:
                    e.message = message
                    del e.steps[n:]
                    raise e
        try:
            return dec(x)
        except Fail as e:
            _failed[(_get_ident(), id(remembering), id(x))] = (x, e, e.message, len(e.steps))
            raise

    remembering.__name__ = getattr(dec, "__name__", "dec")
    remembering.__doc__ = dec.__doc__
    return remembering


def forget_failures() -> None:
    """Drop the failures this thread remembered (call once a failing decode is reported)."""
    if _failed:
        me = _get_ident()
        for key in [k for k in _failed if k[0] == me]:
            _failed.pop(key, None)
