"""Caches that let go, for a process that runs for weeks and meets types of every shape.

Two kinds, and nothing else keeps what the planners make:

* ``PerType``: one entry per type, kept in the type itself (its ``_plans`` slot), so a plan
  goes when its type goes. Types are interned weakly (cty._collection_types,
  cty._structural_types): a type nothing holds any more is freed, and its plans with it.
* ``PerClass``: entries for a Python class (and a type), kept in the class itself, so that a
  class made at run time (a dataclass a service makes per request, say) goes with its plans.
* ``Bounded``: entries keyed by more than one thing (a conversion from one type to another, a
  type and a Python class), at most *size* of them; past that the older half is dropped (the
  first put in go first). An entry dropped is made again when next needed: plans are pure, so
  a thread still running one that was dropped gets the same answers.

``cache_info()`` says how many entries each cache holds; ``clear_caches()`` empties them all
(the interned types stay while anything holds them).
"""

from __future__ import annotations

import threading
import weakref
from _weakref import _remove_dead_weakref  # type: ignore[attr-defined]
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeAlias, TypeVar

V = TypeVar("V")
T = TypeVar("T")

_per_type: list[PerType[Any]] = []
_bounded: list[Bounded[Any]] = []
_per_class: list[PerClass[Any]] = []
_planned: weakref.WeakSet[Any] = weakref.WeakSet()
"""The types that hold plans (for cache_info and clear_caches)."""
_planned_lock = threading.Lock()


def _plans_of(ty: Any) -> dict[object, Any]:
    try:
        found: dict[object, Any] = ty._plans
    except AttributeError:
        found = {}
        object.__setattr__(ty, "_plans", found)
        with _planned_lock:
            _planned.add(ty)
    return found


class PerType(Generic[V]):
    """A cache of one entry per type, kept in the type (it goes with the type)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name
        _per_type.append(self)

    def get(self, ty: Any) -> V | None:
        """The entry of *ty*, or None."""
        try:
            return ty._plans.get(self)  # type: ignore[no-any-return]
        except AttributeError:
            return None

    def setdefault(self, ty: Any, value: V) -> V:
        """The entry of *ty*: *value*, unless another thread put one first."""
        return _plans_of(ty).setdefault(self, value)  # type: ignore[no-any-return]

    def __getitem__(self, ty: Any) -> V:
        try:
            return ty._plans[self]  # type: ignore[no-any-return]
        except AttributeError:
            raise KeyError(ty) from None

    def __setitem__(self, ty: Any, value: V) -> None:
        _plans_of(ty)[self] = value

    def count(self) -> int:
        """How many types hold an entry."""
        with _planned_lock:
            types = list(_planned)
        return sum(1 for t in types if self in t._plans)


class PerClass(Generic[V]):
    """A cache of entries for a class and a key, kept in the class (in an attribute *attr* of
    its own, never one it inherits): the entries may hold the class, and the class and its
    entries are freed together by the collector. A class that takes no attribute (a builtin
    one) takes no entry: `setdefault` returns None and the caller keeps its entry elsewhere."""

    __slots__ = ("_attr", "_classes", "name")

    def __init__(self, name: str, attr: str) -> None:
        self.name = name
        self._attr = attr
        self._classes: weakref.WeakSet[type] = weakref.WeakSet()
        _per_class.append(self)

    def get(self, cls: type, key: Hashable) -> V | None:
        """The entry of *cls* under *key*, or None."""
        entries = cls.__dict__.get(self._attr)
        return None if entries is None else entries.get(key)

    def setdefault(self, cls: type, key: Hashable, value: V) -> V | None:
        """The entry of *cls* under *key*: *value*, unless another thread put one first; None
        when *cls* takes no attribute."""
        entries = cls.__dict__.get(self._attr)
        if entries is None:
            try:
                type.__setattr__(cls, self._attr, {})
            except (TypeError, AttributeError):
                return None
            with _planned_lock:
                self._classes.add(cls)
            entries = cls.__dict__[self._attr]
        return entries.setdefault(key, value)  # type: ignore[no-any-return]

    def count(self) -> int:
        """How many entries the classes alive hold."""
        with _planned_lock:
            classes = list(self._classes)
        return sum(len(cls.__dict__.get(self._attr, ())) for cls in classes)

    def clear(self) -> None:
        """Drop every entry."""
        with _planned_lock:
            classes = list(self._classes)
        for cls in classes:
            entries = cls.__dict__.get(self._attr)
            if entries is not None:
                entries.clear()


class Bounded(Generic[V]):
    """A cache of at most *size* entries under any hashable keys; when full, the older half of
    its entries is dropped."""

    __slots__ = ("_entries", "_lock", "name", "size")

    def __init__(self, name: str, size: int) -> None:
        self.name = name
        self.size = size
        self._entries: dict[Any, V] = {}
        self._lock = threading.Lock()
        _bounded.append(self)

    def get(self, key: Any, default: Any = None) -> Any:
        """The entry under *key*, or *default*."""
        return self._entries.get(key, default)

    def __getitem__(self, key: Any) -> V:
        return self._entries[key]

    def setdefault(self, key: Any, value: V) -> V:
        """The entry under *key*: *value*, unless another thread put one first."""
        if len(self._entries) >= self.size:
            self._drop_older_half()
        return self._entries.setdefault(key, value)

    def __setitem__(self, key: Any, value: V) -> None:
        self.setdefault(key, value)

    def _drop_older_half(self) -> None:
        with self._lock:
            entries = self._entries
            if len(entries) < self.size:
                return  # (another thread did it)
            keep = list(entries.items())[len(entries) // 2:]
            self._entries = dict(keep)

    def count(self) -> int:
        """How many entries it holds."""
        return len(self._entries)

    def clear(self) -> None:
        """Drop every entry."""
        self._entries = {}


_Ref: TypeAlias = "weakref.KeyedRef[Any, Any]"


class Interned(Generic[T]):
    """The interning table of one kind of type, holding its types weakly: the type made for a
    key is the only one while anything holds it, and is freed when nothing does (its entry,
    and with it the key's hold on the types inside, goes at once).

    Lookups take no lock; making a type does, so that two threads asking for the same type
    get the same object. A freed type's entry is removed as WeakValueDictionary removes
    one: only if it still holds that dead reference, atomically (a new type made for the
    same key meanwhile stays), and with no lock (the removal can run inside a collection,
    on a thread that holds the lock)."""

    __slots__ = ("_lock", "_remove", "_table")

    def __init__(self) -> None:
        table: dict[Hashable, _Ref] = {}
        self._table = table
        self._lock = threading.Lock()

        def remove(ref: _Ref, table: dict[Hashable, _Ref] = table,
                   atomic_removal: Any = _remove_dead_weakref) -> None:
            # (bound here: at the interpreter's exit module globals may be None already)
            atomic_removal(table, ref.key)

        self._remove = remove

    def get(self, key: Hashable) -> T | None:
        """The live type made for *key*, or None."""
        r = self._table.get(key)
        return None if r is None else r()

    def intern(self, key: Hashable, make: Callable[[], T]) -> T:
        """The live type made for *key*, made by *make* if there is none."""
        with self._lock:
            r = self._table.get(key)
            found: T | None = None if r is None else r()
            if found is None:
                found = make()
                self._table[key] = weakref.KeyedRef(found, self._remove, key)
            return found

    def __len__(self) -> int:
        return sum(1 for r in list(self._table.values()) if r() is not None)


def cache_info() -> dict[str, int]:
    """How many entries each of the library's caches holds now, by name, and how many types
    hold plans (``"types with plans"``). The caches of one entry per type go with their
    types; the others are bounded."""
    out = {c.name: c.count() for c in _per_type}
    out.update((c.name, c.count()) for c in _bounded)
    out.update((c.name, c.count()) for c in _per_class)
    with _planned_lock:
        out["types with plans"] = len(_planned)
    return out


def clear_caches() -> None:
    """Empty every cache of the library: what they held is planned again when next needed.
    Safe while other threads convert and decode (they plan again, or finish with the plan
    they hold)."""
    with _planned_lock:
        types = list(_planned)
    for t in types:
        t._plans.clear()
    for c in _bounded:
        c.clear()
    for pc in _per_class:
        pc.clear()
