"""The structural types: Object (with optional attributes) and Tuple."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from ._caches import Interned
from ._deep import deep
from ._errors import CtyTypeError, CtyValueError
from ._go_names import go_string_literal
from ._strings import normalize_string
from ._type import Type, _init_slot, brief, check_type, remembered_without_optional
from .hcl._names import is_hcl_identifier


def _check_name(name: object) -> str:
    if not isinstance(name, str):
        raise CtyTypeError(f"an attribute name is a str, not {type(name).__name__} {brief(name)}")
    return name


class ObjectType(Type):
    """An object type; build with ``cty.Object`` or ``cty.ObjectWithOptionalAttrs``."""

    __slots__ = ("_attrs", "_dyn", "_optional", "_view")
    _attrs: dict[str, Type]
    _dyn: bool
    _optional: frozenset[str]
    _view: Mapping[str, Type]

    def __init__(self, attrs: dict[str, Type], optional: frozenset[str]) -> None:
        _init_slot(self, "_attrs", attrs)
        _init_slot(self, "_dyn", any(t.has_dynamic_types() for t in attrs.values()))
        _init_slot(self, "_optional", optional)
        _init_slot(self, "_view", MappingProxyType(attrs))

    def is_object_type(self) -> bool:
        return True

    def is_structural(self) -> bool:
        return True

    def friendly_name(self) -> str:
        return "object"

    def attribute_types(self) -> Mapping[str, Type]:
        return self._view

    def attribute_type(self, name: str, /) -> Type:
        t = self._attrs.get(_check_name(name))
        if t is None:
            t = self._attrs.get(normalize_string(name))
            if t is None:
                raise CtyValueError(f"object type has no attribute {name!r}")
        return t

    def has_attribute(self, name: str, /) -> bool:
        return _check_name(name) in self._attrs or normalize_string(name) in self._attrs

    def attribute_optional(self, name: str, /) -> bool:
        name = normalize_string(_check_name(name))
        if name not in self._attrs:
            raise CtyValueError(f"object type has no attribute {name!r}")
        return name in self._optional

    def optional_attributes(self) -> frozenset[str]:
        return self._optional

    def has_dynamic_types(self) -> bool:
        return self._dyn

    @deep
    @remembered_without_optional
    def without_optional_attributes_deep(self) -> Type:
        return Object({k: t.without_optional_attributes_deep() for k, t in self._attrs.items()})

    @deep
    def go_string(self) -> str:
        if not self._attrs:
            return "cty.EmptyObject"
        body = ", ".join(
            f"{go_string_literal(k)}:{t.go_string()}" for k, t in self._attrs.items()
        )
        if self._optional:
            opts = ", ".join(go_string_literal(k) for k in sorted(self._optional))
            return f"cty.ObjectWithOptionalAttrs(map[string]cty.Type{{{body}}}, []string{{{opts}}})"
        return f"cty.Object(map[string]cty.Type{{{body}}})"

    @deep
    def type_expr(self) -> str:
        parts = []
        for k, t in self._attrs.items():
            name = k if is_identifier(k) else go_string_literal(k)
            texpr = t.type_expr()
            if k in self._optional:
                texpr = f"optional({texpr})"
            parts.append(f"{name}={texpr}")
        return "object({" + ",".join(parts) + "})"

    @deep
    def __repr__(self) -> str:
        if not self._attrs:
            return "cty.EmptyObject"
        body = ", ".join(f"{k!r}: {t!r}" for k, t in self._attrs.items())
        if self._optional:
            return f"cty.ObjectWithOptionalAttrs({{{body}}}, {sorted(self._optional)!r})"
        return f"cty.Object({{{body}}})"


def is_identifier(name: str) -> bool:
    """Return whether *name* is an HCL identifier (as HCL's scanner reads one: a Unicode
    ID_Start letter or ``_``, then ID_Continue characters and ``-``): how an attribute name is
    written without quotes."""
    return is_hcl_identifier(name)


class TupleType(Type):
    """A tuple type; build with ``cty.Tuple([...])``."""

    __slots__ = ("_dyn", "_elems")
    _dyn: bool
    _elems: tuple[Type, ...]

    def __init__(self, elems: tuple[Type, ...]) -> None:
        _init_slot(self, "_elems", elems)
        _init_slot(self, "_dyn", any(t.has_dynamic_types() for t in elems))

    def is_tuple_type(self) -> bool:
        return True

    def is_structural(self) -> bool:
        return True

    def friendly_name(self) -> str:
        return "tuple"

    def tuple_element_types(self) -> tuple[Type, ...]:
        return self._elems

    def tuple_element_type(self, index: int, /) -> Type:
        if index.__class__ is not int:
            raise CtyTypeError(f"a tuple element index is an int, not {type(index).__name__}")
        if not 0 <= index < len(self._elems):
            raise CtyValueError(f"tuple type has no element {index} (it has {len(self._elems)})")
        return self._elems[index]

    def length(self) -> int:
        return len(self._elems)

    def has_dynamic_types(self) -> bool:
        return self._dyn

    @deep
    @remembered_without_optional
    def without_optional_attributes_deep(self) -> Type:
        return Tuple([t.without_optional_attributes_deep() for t in self._elems])

    @deep
    def go_string(self) -> str:
        if not self._elems:
            return "cty.EmptyTuple"
        return "cty.Tuple([]cty.Type{" + ", ".join(t.go_string() for t in self._elems) + "})"

    @deep
    def type_expr(self) -> str:
        return "tuple([" + ",".join(t.type_expr() for t in self._elems) + "])"

    @deep
    def __repr__(self) -> str:
        if not self._elems:
            return "cty.EmptyTuple"
        return "cty.Tuple([" + ", ".join(repr(t) for t in self._elems) + "])"


_objects: Interned[ObjectType] = Interned()
_objects_as_given: Interned[Type] = Interned()
"""Object types without optional attributes, by their (name, type) pairs in the caller's order."""
_tuples: Interned[TupleType] = Interned()


def _object(attrs: Mapping[str, Type], optional: Iterable[str]) -> Type:
    if not isinstance(attrs, Mapping):
        raise CtyTypeError(f"object attributes must be a mapping of names to types, not {attrs!r}")
    norm: dict[str, Type] = {}
    for k, t in attrs.items():
        nk = normalize_string(k)
        if nk in norm:
            raise CtyValueError(
                f"object attribute names {k!r} and another name are equal after NFC")
        norm[nk] = check_type(t, f"type of attribute {k!r}")
    items = tuple(sorted(norm.items(), key=lambda kv: kv[0]))
    if isinstance(optional, str):
        raise CtyTypeError("optional attribute names must be a list of names, not a str")
    opt = frozenset(normalize_string(o) for o in optional)
    for o in opt:
        if o not in norm:
            raise CtyValueError(f"optional contains undeclared attribute {o!r}")
    key = (items, opt)
    found = _objects.get(key)
    if found is None:
        found = _objects.intern(key, lambda: ObjectType(dict(items), opt))
    return found


def Object(attrs: Mapping[str, Type], /) -> Type:
    """Return the object type with the given attribute types (names are NFC-normalised).

    >>> cty.Object({"name": cty.String})
    cty.Object({'name': cty.String})
    """
    if attrs.__class__ is dict:
        key = tuple(attrs.items())
        try:
            t = _objects_as_given.get(key)
        except TypeError:  # an unhashable attribute type: _object says what is wrong
            return _object(attrs, ())
        if t is None:
            made = _object(attrs, ())
            t = _objects_as_given.intern(key, lambda: made)
        return t
    return _object(attrs, ())


def ObjectWithOptionalAttrs(
    attrs: Mapping[str, Type], optional: Iterable[str], /
) -> Type:
    """Return an object type whose attributes named in *optional* may be absent on conversion.

    Raises ValueError when *optional* names an attribute not in *attrs*.
    """
    return _object(attrs, optional)


def Tuple(elems: Iterable[Type], /) -> Type:
    """Return the tuple type with the given element types.

    >>> cty.Tuple([cty.String, cty.Number])
    cty.Tuple([cty.String, cty.Number])
    """
    if isinstance(elems, Type) or not isinstance(elems, Iterable):
        raise CtyTypeError(f"Tuple takes a list of cty.Types, not {elems!r}")
    key = tuple(elems)
    t = _tuples.get(key)
    if t is None:
        for i, e in enumerate(key):
            check_type(e, f"tuple element type {i}")
        t = _tuples.intern(key, lambda: TupleType(key))
    return t


EmptyObject: Type = Object({})
"""The object type with no attributes."""
EmptyTuple: Type = Tuple(())
"""The tuple type with no elements."""
