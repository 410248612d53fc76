"""The Type base class: what every cty type answers, and type interning."""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from ._caches import PerType
from ._errors import CtyTypeError

if TYPE_CHECKING:
    from ._errors import PathError


class Type:
    """A cty type.

    Types are immutable and interned: building an equal type twice gives the same object,
    so ``==`` is identity and types are cheap dictionary keys.
    Build them with the constructors (``cty.List(cty.String)``), never by calling a class.
    A type nothing holds any more is freed, with what the library planned for it
    (cty._caches).
    """

    __slots__ = ("__weakref__", "_plans")

    # --- kind tests -------------------------------------------------------------------------

    def is_primitive_type(self) -> bool:
        """Return True for String, Number and Bool."""
        return False

    def is_list_type(self) -> bool:
        """Return True for list types."""
        return False

    def is_map_type(self) -> bool:
        """Return True for map types."""
        return False

    def is_set_type(self) -> bool:
        """Return True for set types."""
        return False

    def is_object_type(self) -> bool:
        """Return True for object types."""
        return False

    def is_tuple_type(self) -> bool:
        """Return True for tuple types."""
        return False

    def is_capsule_type(self) -> bool:
        """Return True for capsule types."""
        return False

    def is_collection_type(self) -> bool:
        """Return True for list, map and set types."""
        return False

    def is_structural(self) -> bool:
        """Return True for object and tuple types."""
        return False

    def is_dynamic_pseudo_type(self) -> bool:
        """Return True for DynamicPseudoType."""
        return False

    # --- go-cty's Type methods --------------------------------------------------------------

    def equals(self, other: Type, /) -> bool:
        """Return whether *other* is the same type (go-cty's Type.Equals)."""
        return self is other

    def friendly_name(self) -> str:
        """Return go-cty's human-readable name for the type, such as ``list of string``."""
        raise NotImplementedError

    def friendly_name_for_constraint(self) -> str:
        """Return the friendly name used when the type is a constraint (``any type``)."""
        return self.friendly_name()

    def has_dynamic_types(self) -> bool:
        """Return whether DynamicPseudoType appears anywhere inside the type."""
        return False

    def without_optional_attributes_deep(self) -> Type:
        """Return the type with every optional-attribute marker removed, at any depth."""
        return self

    def element_type(self) -> Type:
        """Return the element type of a collection type.

        Raises TypeError for any other type.
        """
        raise CtyTypeError(f"element_type() on {brief(self)}, which is not a collection type")

    def list_element_type(self) -> Type | None:
        """Return the element type if this is a list type, else None."""
        return None

    def map_element_type(self) -> Type | None:
        """Return the element type if this is a map type, else None."""
        return None

    def set_element_type(self) -> Type | None:
        """Return the element type if this is a set type, else None."""
        return None

    def attribute_types(self) -> Mapping[str, Type]:
        """Return the attribute types of an object type, sorted by name.

        Raises TypeError for any other type.
        """
        raise CtyTypeError(f"attribute_types() on {brief(self)}, which is not an object type")

    def attribute_type(self, name: str, /) -> Type:
        """Return the type of attribute *name* of an object type.

        Raises TypeError for a non-object and KeyError-free ValueError for a missing name.
        """
        raise CtyTypeError(f"attribute_type() on {brief(self)}, which is not an object type")

    def has_attribute(self, name: str, /) -> bool:
        """Return whether an object type has attribute *name*."""
        raise CtyTypeError(f"has_attribute() on {brief(self)}, which is not an object type")

    def attribute_optional(self, name: str, /) -> bool:
        """Return whether attribute *name* of an object type is optional."""
        raise CtyTypeError(f"attribute_optional() on {brief(self)}, which is not an object type")

    def optional_attributes(self) -> frozenset[str]:
        """Return the names of an object type's optional attributes."""
        raise CtyTypeError(f"optional_attributes() on {brief(self)}, which is not an object type")

    def tuple_element_types(self) -> tuple[Type, ...]:
        """Return the element types of a tuple type."""
        raise CtyTypeError(f"tuple_element_types() on {brief(self)}, which is not a tuple type")

    def tuple_element_type(self, index: int, /) -> Type:
        """Return the type of element *index* of a tuple type."""
        raise CtyTypeError(f"tuple_element_type() on {brief(self)}, which is not a tuple type")

    def length(self) -> int:
        """Return the number of elements of a tuple type."""
        raise CtyTypeError(f"length() on {brief(self)}, which is not a tuple type")

    def encapsulated_type(self) -> Any:
        """Return the Python type a capsule type wraps."""
        raise CtyTypeError(f"encapsulated_type() on {brief(self)}, which is not a capsule type")

    def capsule_ops(self) -> Any:
        """Return the CapsuleOps of a capsule type (None when it has none)."""
        raise CtyTypeError(f"capsule_ops() on {brief(self)}, which is not a capsule type")

    def capsule_extension_data(self, key: object, /) -> Any:
        """Return the application data a capsule type's ops give for *key*, or None."""
        raise CtyTypeError(
            f"capsule_extension_data() on {brief(self)}, which is not a capsule type")

    def test_conformance(self, want: Type, /) -> list[PathError]:
        """Return the reasons this type does not conform to *want* (empty when it does).

        *want* may hold DynamicPseudoType anywhere, standing for any type.
        Each reason is a PathError whose path locates the mismatch.
        """
        check_type(want, "test_conformance's wanted type")
        return _conformance[0](self, want)

    def go_string(self) -> str:
        """Return go-cty's GoString of the type (``cty.List(cty.String)``)."""
        raise NotImplementedError

    def type_expr(self) -> str:
        """Return the HCL type-expression form (``list(string)``)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.type_expr()

    def __repr__(self) -> str:
        raise NotImplementedError

    def __copy__(self) -> Type:
        return self

    def __deepcopy__(self, memo: object) -> Type:
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cty types are immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cty types are immutable (cannot delete {name!r})")


def _init_slot(obj: object, name: str, value: object) -> None:
    """Set a slot during construction, bypassing immutability."""
    object.__setattr__(obj, name, value)


_BRIEF_LEVELS = 8
"""brief() names a cty value or type nesting this many levels of containers by its depth."""


def _nests(t: Type, levels: int, memo: dict[tuple[Type, int], bool]) -> bool:
    """Return whether *t* nests containers *levels* deep or more (levels is small)."""
    if levels <= 0:
        return True
    key = (t, levels)
    found = memo.get(key)
    if found is None:
        found = memo[key] = any(_nests(c, levels - 1, memo) for c in child_types(t))
    return found


def brief(obj: object, limit: int = 200) -> str:
    """Return *obj* for an error message: its repr, cut to *limit* characters; a cty value or
    type nesting many levels of containers is named so instead (its repr would be as big as
    it is, and as slow to make)."""
    ty = obj if isinstance(obj, Type) else getattr(obj, "_ty", None)
    if isinstance(ty, Type) and _nests(ty, _BRIEF_LEVELS, {}):
        what = "type" if ty is obj else "value of a type"
        return f"<a cty {what} nesting {_BRIEF_LEVELS} or more levels of containers>"
    text = repr(obj)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def check_type(t: object, what: str) -> Type:
    """Return *t* if it is a Type; raise TypeError naming *what* otherwise."""
    if not isinstance(t, Type):
        if isinstance(t, type) or typing.get_origin(t) is not None:
            raise CtyTypeError(f"{what} must be a cty.Type, not the Python type {brief(t)} "
                               f"(cty.type_from_annotation gives the cty type of a Python "
                               f"type hint; cty.convert.type_with_defaults_from_annotation "
                               f"gives its fields' defaults too)")
        raise CtyTypeError(f"{what} must be a cty.Type, not {type(t).__name__} {brief(t)}")
    return t


_conformance: list[Callable[[Type, Type], list[PathError]]] = []
"""The conformance check, installed by cty._type_conform when cty is imported: it needs paths
and values, which sit above types, so Type reaches it here instead of importing it."""


def install_conformance(check: Callable[[Type, Type], list[PathError]]) -> None:
    """Make *check* the implementation of Type.test_conformance (cty._type_conform does)."""
    _conformance[:] = [check]


_T = TypeVar("_T", bound="Type")
_without_optional: PerType[Type] = PerType("types without optional attributes")
"""Container types -> the same without optional-attribute markers (types are interned, so a
deep type's answer, asked again at every level by the planners, is found, not rebuilt)."""


def remembered_without_optional(compute: Callable[[_T], Type]) -> Callable[[_T], Type]:
    """Wrap a container type's without_optional_attributes_deep so each type computes it once."""
    def method(self: _T) -> Type:
        found = _without_optional.get(self)
        if found is None:
            found = _without_optional.setdefault(self, compute(self))
        return found
    method.__name__ = compute.__name__
    method.__doc__ = compute.__doc__
    return method


def child_types(t: Type) -> tuple[Type, ...]:
    """Return the types directly inside *t*: a collection's element type, an object's attribute
    types in name order, a tuple's element types; () for a primitive, capsule or dynamic type."""
    if t.is_collection_type():
        return (t.element_type(),)
    if t.is_object_type():
        return tuple(t.attribute_types().values())
    if t.is_tuple_type():
        return t.tuple_element_types()
    return ()
