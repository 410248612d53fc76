"""The collection types: List, Map and Set of one element type."""

from __future__ import annotations

from typing import ClassVar

from ._caches import Interned
from ._deep import deep
from ._type import Type, _init_slot, check_type, remembered_without_optional


class CollectionType(Type):
    """Shared behaviour of list, map and set types."""

    __slots__ = ("_dyn", "_elem")
    _elem: Type
    _dyn: bool
    _kind: ClassVar[str]

    def __init__(self, elem: Type) -> None:
        _init_slot(self, "_elem", elem)
        _init_slot(self, "_dyn", elem.has_dynamic_types())

    def is_collection_type(self) -> bool:
        return True

    def element_type(self) -> Type:
        return self._elem

    @deep
    def friendly_name(self) -> str:
        return f"{self._kind} of {self._elem.friendly_name()}"

    @deep
    def friendly_name_for_constraint(self) -> str:
        elem = self._elem
        name = "any single type" if elem.is_dynamic_pseudo_type() else (
            elem.friendly_name_for_constraint()
        )
        return f"{self._kind} of {name}"

    def has_dynamic_types(self) -> bool:
        return self._dyn

    @deep
    def go_string(self) -> str:
        return f"cty.{self._kind.capitalize()}({self._elem.go_string()})"

    @deep
    def type_expr(self) -> str:
        return f"{self._kind}({self._elem.type_expr()})"

    @deep
    def __repr__(self) -> str:
        return f"cty.{self._kind.capitalize()}({self._elem!r})"


class ListType(CollectionType):
    """A list type; build with ``cty.List(elem)``."""

    __slots__ = ()
    _kind = "list"

    def is_list_type(self) -> bool:
        return True

    def list_element_type(self) -> Type:
        return self._elem

    @deep
    @remembered_without_optional
    def without_optional_attributes_deep(self) -> Type:
        return List(self._elem.without_optional_attributes_deep())


class MapType(CollectionType):
    """A map type (string keys); build with ``cty.Map(elem)``."""

    __slots__ = ()
    _kind = "map"

    def is_map_type(self) -> bool:
        return True

    def map_element_type(self) -> Type:
        return self._elem

    @deep
    @remembered_without_optional
    def without_optional_attributes_deep(self) -> Type:
        return Map(self._elem.without_optional_attributes_deep())


class SetType(CollectionType):
    """A set type; build with ``cty.Set(elem)``."""

    __slots__ = ()
    _kind = "set"

    def is_set_type(self) -> bool:
        return True

    def set_element_type(self) -> Type:
        return self._elem

    @deep
    @remembered_without_optional
    def without_optional_attributes_deep(self) -> Type:
        return Set(self._elem.without_optional_attributes_deep())


_lists: Interned[ListType] = Interned()
_maps: Interned[MapType] = Interned()
_sets: Interned[SetType] = Interned()


def List(elem: Type, /) -> Type:
    """Return the list type whose elements are of type *elem*.

    >>> cty.List(cty.String)
    cty.List(cty.String)
    """
    t = _lists.get(check_type(elem, "list element type"))
    if t is None:
        t = _lists.intern(elem, lambda: ListType(elem))
    return t


def Map(elem: Type, /) -> Type:
    """Return the map type (string keys) whose elements are of type *elem*."""
    t = _maps.get(check_type(elem, "map element type"))
    if t is None:
        t = _maps.intern(elem, lambda: MapType(elem))
    return t


def Set(elem: Type, /) -> Type:
    """Return the set type whose elements are of type *elem*."""
    t = _sets.get(check_type(elem, "set element type"))
    if t is None:
        t = _sets.intern(elem, lambda: SetType(elem))
    return t
