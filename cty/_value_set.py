"""ValueSet: go-cty's mutable set of values of one element type, on the set payload's rules."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError, CtyValueError
from ._set_payload import SetPayload, build_set_payload
from ._set_rules import element_key
from ._type import Type, check_type
from ._unknown import Unknown
from ._value import Value, make

_NULL_KEY = object()
"""The key of a null element (all nulls are one element)."""


class ValueSet:
    """A set of values of one element type, with go-cty's set rules (go-cty's ValueSet).

    Unlike set values, a ValueSet can change: add() and remove() work in place.
    Elements must be unmarked. Membership tests and set operations cost O(1) per element.
    """

    __slots__ = ("_ety", "_known", "_loose")

    def __init__(self, element_type: Type, /) -> None:
        self._ety = check_type(element_type, "element type")
        # known elements by their coalescing key; unknowns and never-equal elements apart
        self._known: dict[Hashable, Any] = {}
        self._loose: list[Any] = []

    @classmethod
    def from_values(cls, element_type: Type, values: Iterable[Any], /) -> ValueSet:
        """Return a ValueSet holding *values*."""
        vs = cls(element_type)
        for v in values:
            vs.add(v)
        return vs

    def element_type(self) -> Type:
        """Return the element type."""
        return self._ety

    def _check(self, v: Any) -> Any:
        if not isinstance(v, Value):
            raise CtyTypeError(f"ValueSet elements must be cty.Values, not {type(v).__name__}")
        if v.contains_marked():
            raise CtyValueError("cannot store marked value directly in a set (make the set "
                                f"itself marked instead): {v!r}")
        if v.type() is not self._ety and v.type() is not DynamicPseudoType:
            raise CtyTypeError(f"attempt to use {v!r} value with set of {self._ety!r}")
        return v._v

    def _key(self, p: Any) -> Hashable | None:
        if p is None:
            return _NULL_KEY
        if p.__class__ is Unknown:
            return None
        return element_key(self._ety, p)

    def _payload(self) -> SetPayload:
        return build_set_payload(self._ety, [*self._known.values(), *self._loose])

    def _add_payload(self, p: Any) -> None:
        k = self._key(p)
        if k is None:
            self._loose.append(p)
        else:
            self._known.setdefault(k, p)

    def add(self, v: Any, /) -> None:
        """Add *v* unless an equal element is present (unknowns are always added)."""
        self._add_payload(self._check(v))

    def remove(self, v: Any, /) -> None:
        """Remove the element equal to *v*, if any (an unknown equals nothing)."""
        k = self._key(self._check(v))
        if k is not None:
            self._known.pop(k, None)

    def has(self, v: Any, /) -> bool:
        """Return whether an element equal to *v* is present."""
        k = self._key(self._check(v))
        return k is not None and k in self._known

    def copy(self) -> ValueSet:
        """Return an independent copy."""
        return self._with(dict(self._known), list(self._loose))

    def _with(self, known: dict[Hashable, Any], loose: list[Any]) -> ValueSet:
        vs = ValueSet(self._ety)
        vs._known = known
        vs._loose = loose
        return vs

    def length(self) -> int:
        """Return the number of elements (each unknown counted)."""
        return len(self._known) + len(self._loose)

    def __len__(self) -> int:
        return self.length()

    def values(self) -> list[Any]:
        """Return the elements as Values, in go-cty's set order."""
        ety = self._ety
        return [make(ety, p) for p in self._payload().elems]

    def __iter__(self) -> Iterator[Any]:
        return iter(self.values())

    def each_value(self, cb: Callable[[Any], object], /) -> None:
        """Call *cb* with each element, in go-cty's set order (go-cty's Set.EachValue)."""
        if not callable(cb):
            raise CtyTypeError(f"each_value needs a callable, not {type(cb).__name__}")
        for v in self.values():
            cb(v)

    def _same(self, other: ValueSet) -> None:
        if not isinstance(other, ValueSet):
            raise CtyTypeError(f"expected a cty.ValueSet, not {type(other).__name__}")
        if other._ety is not self._ety:
            raise CtyTypeError(
                f"incompatible set rules: {self._ety!r} and {other._ety!r} element types"
            )

    def union(self, other: ValueSet, /) -> ValueSet:
        """Return the elements of either set."""
        self._same(other)
        known = dict(self._known)
        for k, p in other._known.items():
            known.setdefault(k, p)
        return self._with(known, [*self._loose, *other._loose])

    def intersection(self, other: ValueSet, /) -> ValueSet:
        """Return the elements of both sets (unknowns are in neither)."""
        self._same(other)
        return self._with({k: p for k, p in self._known.items() if k in other._known}, [])

    def subtract(self, other: ValueSet, /) -> ValueSet:
        """Return the elements of this set that are not in *other*."""
        self._same(other)
        return self._with({k: p for k, p in self._known.items() if k not in other._known},
                          list(self._loose))

    def symmetric_difference(self, other: ValueSet, /) -> ValueSet:
        """Return the elements of exactly one of the sets."""
        self._same(other)
        return self.subtract(other).union(other.subtract(self))

    def __repr__(self) -> str:
        return f"cty.ValueSet({self._ety!r}, {self.values()!r})"
