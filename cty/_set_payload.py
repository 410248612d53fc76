"""The payload of set values: go-cty's set order, with unknowns kept apart."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from ._errors import CtyValueError
from ._marks import Marked
from ._primitive_type import Number
from ._set_rules import element_key, go_set_order, order_composites, order_numbers
from ._type import Type
from ._unknown import Unknown


class SetPayload:
    """The elements of a known set, unmarked, in go-cty's iteration order. Immutable."""

    __slots__ = ("_hash", "_index", "elems")

    def __init__(self, elems: tuple[Any, ...]) -> None:
        self.elems = elems
        self._index: dict[Hashable, Any] | None = None
        self._hash: tuple[Any, str, bool, tuple[Hashable, ...]] | None = None
        """Cache of the set's hash text, whether it is wholly known and its equality keys, for
        the set type it was computed for (_set_rules): a set nested in sets hashes in linear
        time, not once per level."""

    def __len__(self) -> int:
        return len(self.elems)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.elems)

    def __repr__(self) -> str:
        return f"SetPayload({self.elems!r})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (SetPayload, (self.elems,))

    def has_unknown(self) -> bool:
        """Return whether an element is unknown (unknowns sort after every known element)."""
        elems = self.elems
        return bool(elems) and any(e.__class__ is Unknown for e in elems[-2:])

    def lookup(self, ty: Type, p: Any) -> bool:
        """Return whether a known, non-null, wholly known element equal to *p* is present."""
        index = self._index
        if index is None:
            index = {}
            for e in self.elems:
                if e is not None and e.__class__ is not Unknown:
                    k = element_key(ty, e)
                    if k is not None:
                        index.setdefault(k, e)
            self._index = index
        k = element_key(ty, p)
        return k is not None and k in index


EMPTY_SET = SetPayload(())


def build_set_payload(ty: Type, payloads: Iterable[Any]) -> SetPayload:
    """Return the SetPayload of unmarked element payloads, coalescing as go-cty does."""
    if not isinstance(payloads, list):
        payloads = list(payloads)
    if ty.is_primitive_type() and ty is not Number:
        kinds = set(map(type, payloads))
        if len(kinds) == 1 and (str in kinds or bool in kinds):
            # all known and non-null: coalesce and sort at C speed
            return SetPayload(tuple(sorted(set(payloads)))) if payloads else EMPTY_SET
    known: dict[Hashable, Any] = {}
    loose: list[Any] = []
    unknowns: list[Any] = []
    has_null = False
    ordered: list[Any] | None
    if ty.is_primitive_type():
        if ty is Number:
            for p in payloads:
                if p is None:
                    has_null = True
                elif p.__class__ is Unknown:
                    unknowns.append(p)
                else:
                    k = element_key(ty, p)
                    if k not in known:
                        known[k] = p
            elems = list(known.values())
            ordered = order_numbers(elems, list(known)) if len(elems) > 1 else elems
        else:
            for p in payloads:
                if p is None:
                    has_null = True
                elif p.__class__ is Unknown:
                    unknowns.append(p)
                elif p not in known:
                    known[p] = p
            ordered = sorted(known)
    else:
        if len(payloads) == 1 and payloads[0].__class__ is not Marked:
            return SetPayload((payloads[0],))  # (nothing to coalesce or order: no key)
        for p in payloads:
            if p.__class__ is Marked:
                raise CtyValueError("set elements must be unmarked; marks belong on the set")
            if p is None:
                has_null = True
            elif p.__class__ is Unknown:
                unknowns.append(p)
            else:
                k = element_key(ty, p)
                if k is None:
                    loose.append(p)
                elif k not in known:
                    known[k] = p
        ordered = (order_composites(ty, known, loose) if len(known) + len(loose) > 1
                   else [*known.values(), *loose])
    if ordered is None:  # two elements may be RawEqual yet apart: go-cty's sort decides
        return SetPayload(tuple(go_set_order(ty, payloads)))
    if unknowns:
        ordered.extend(unknowns)
    if has_null:
        ordered.append(None)
    if not ordered:
        return EMPTY_SET
    return SetPayload(tuple(ordered))
