"""A planner's entry point, written once: a plan made for a type on first need and kept in it.

Every planner that makes one function per type (from_python's builders, the JSON and msgpack
decoders, gob's converters) asks for it the same way: look in the type's cache, else plan,
make the plan a hop point for cty._deep when the type is tall (so that values of any depth
work), let the planner add what it adds (the decoders remember their failures), and keep it in
the type. :func:`per_type_planner` writes that once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from ._caches import PerType
from ._deep import deep, hop
from ._type import Type
from ._type_height import is_tall

__all__ = ["per_type_planner"]

F = TypeVar("F", bound=Callable[..., object])


def per_type_planner(plan: Callable[[Type], F], cache_name: str, name: str, doc: str,
                     finish: Callable[[Type, F], F] | None = None) -> Callable[[Type], F]:
    """Return the function *name* (documented *doc*) that gives the function *plan* makes for
    a type: planned once per type and kept in the type (the cache *cache_name* of
    ``cty.cache_info()``), a hop point when the type is tall, then given to *finish* (when
    given) for the planner's own wrapping. It runs at any depth (cty._deep)."""
    cache: PerType[F] = PerType(cache_name)

    def planner(ty: Type) -> F:
        found = cache.get(ty)
        if found is None:
            found = plan(ty)
            if is_tall(ty):
                found = cast(F, hop(found))
            if finish is not None:
                found = finish(ty, found)
            found = cache.setdefault(ty, found)
        return found

    planner.__name__ = planner.__qualname__ = name
    planner.__doc__ = doc
    return deep(planner)
