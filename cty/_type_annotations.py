"""cty types from Python type hints: ``cty.type_from_annotation(list[str])`` is list(string).

The correspondence:

* ``str`` is string; ``int``, ``float``, ``Decimal`` and ``Fraction`` are number; ``bool`` is
  bool; ``Any`` (and ``object``) is any, DynamicPseudoType;
* ``list[T]``, ``Sequence[T]`` and ``tuple[T, ...]`` are list(T); ``set[T]``,
  ``frozenset[T]`` and ``AbstractSet[T]`` are set(T); ``dict[str, T]`` and
  ``Mapping[str, T]`` are map(T); ``tuple[A, B]`` is tuple([A, B]); an unparameterised
  container holds any;
* a dataclass, a ``TypedDict``, a ``NamedTuple`` and a ``msgspec.Struct`` are objects of their
  fields; a field with a default, a field annotated ``Optional[T]`` (or ``T | None``), or
  ``NotRequired[T]`` in a TypedDict (and every key of a ``total=False`` one), is an optional
  attribute of type T (``to_python`` gives a field with a default its default where the
  attribute is null and the field takes no None, as HCL's ``optional(T, default)`` does);
* ``Optional[T]`` anywhere else is T (every cty value may be null); ``Annotated[T, ...]`` is
  T; ``Literal[...]`` of strings, numbers or bools is that primitive type; a ``cty.Type`` is
  itself.

Anything else (other unions, bytes, a class cty cannot describe, a dataclass that contains
itself) raises CtyTypeError, naming where in the annotation it is.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from ._collection_types import List, Map, Set
from ._deep import deep, hop
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError
from ._field_names import attribute_names, field_defaults, struct_class
from ._primitive_type import Bool, Number, String
from ._structural_types import ObjectWithOptionalAttrs, Tuple
from ._type import Type, brief

_SCALARS: Final[dict[object, Type]] = {
    str: String, int: Number, float: Number, Decimal: Number, Fraction: Number, bool: Bool,
    Any: DynamicPseudoType, object: DynamicPseudoType,
}
_LISTS: Final = (list, Sequence, typing.Sequence, typing.List)  # noqa: UP006
_SETS: Final = (set, frozenset, AbstractSet, typing.AbstractSet, typing.Set,  # noqa: UP006
                typing.FrozenSet)  # noqa: UP006
_MAPS: Final = (dict, Mapping, typing.Mapping, typing.Dict)  # noqa: UP006
_UNIONS: Final = (typing.Union, types.UnionType)


@deep
def type_from_annotation(annotation: object, /) -> Type:
    """Return the cty type of values described by the Python type hint *annotation*.

    >>> cty.type_from_annotation(dict[str, list[int]])
    cty.Map(cty.List(cty.Number))

    See the module documentation for the correspondence; CtyTypeError for hints cty cannot
    describe, naming where in the hint.
    """
    return _Reader().read(annotation, "")[0]


DefaultsTree = tuple[dict[str, Any], dict[str, Any]]
"""The defaults of the record classes in a hint: the default makers of an object's attributes
by attribute name, and the trees below by attribute name, tuple index (as text) or "" (a
collection's elements). No defaults anywhere below is None."""


@deep
def type_and_defaults_from_annotation(annotation: object, /) -> tuple[Type, DefaultsTree | None]:
    """Return what type_from_annotation does and the defaults its record classes give their
    fields, in the type's shape (cty.convert.type_with_defaults_from_annotation makes them a
    Defaults)."""
    return _Reader().read(annotation, "")


Read = tuple[Type, DefaultsTree | None]


def _below(key: str, tree: DefaultsTree | None) -> DefaultsTree | None:
    return None if tree is None else ({}, {key: tree})


class _Reader:
    def __init__(self) -> None:
        self.open: set[type] = set()
        """The classes being read, to refuse one that contains itself."""

    @hop  # (it recurses: any depth)
    def read(self, tp: object, where: str) -> Read:
        """The type of the hint *tp* and the defaults within it."""
        if isinstance(tp, Type):
            return tp, None
        scalar = _SCALARS.get(tp) if _hashable(tp) else None
        if scalar is not None:
            return scalar, None
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin is typing.Annotated:
            return self.read(args[0], where)
        if origin in _UNIONS:
            members = [a for a in args if a is not type(None)]
            if len(members) == 1:
                return self.read(members[0], where)
            raise _error(where, f"{_name(tp)} is a union, which no cty type describes "
                                "(only Optional[T], a union with None, is T)")
        if origin is typing.Literal:
            return _literal(tp, args, where), None
        if tp in _LISTS or origin in _LISTS:
            ety, tree = self._element(args, where)
            return List(ety), _below("", tree)
        if tp in _SETS or origin in _SETS:
            ety, tree = self._element(args, where)
            return Set(ety), _below("", tree)
        if tp in _MAPS or origin in _MAPS:
            if args and args[0] is not str:
                raise _error(where, f"{_name(tp)} has keys of {_name(args[0])}; cty map keys "
                                    "are strings")
            ety, tree = self.read(args[1], f"{where}[]") if args else (DynamicPseudoType, None)
            return Map(ety), _below("", tree)
        if tp is tuple or origin is tuple:
            return self._tuple(tp, args, where)
        if isinstance(tp, type):
            return self._class(tp, where)
        raise _error(where, f"{_name(tp)} is not a type cty can describe")

    def _element(self, args: tuple[Any, ...], where: str) -> Read:
        return self.read(args[0], f"{where}[]") if args else (DynamicPseudoType, None)

    def _tuple(self, tp: object, args: tuple[Any, ...], where: str) -> Read:
        if tp is tuple or tp is typing.Tuple:  # noqa: UP006
            return List(DynamicPseudoType), None  # a bare tuple: any length
        if len(args) == 2 and args[1] is Ellipsis:
            ety, tree = self.read(args[0], f"{where}[]")
            return List(ety), _below("", tree)
        if args in ((), ((),)):  # tuple[()], as Python versions spell it
            return Tuple([]), None
        read = [self.read(a, f"{where}[{i}]") for i, a in enumerate(args)]
        below = {str(i): tree for i, (_, tree) in enumerate(read) if tree is not None}
        return Tuple([t for t, _ in read]), ({}, below) if below else None

    def _class(self, cls: type, where: str) -> Read:
        if typing.is_typeddict(cls):
            optional = set(getattr(cls, "__optional_keys__", ()))
            return self._object(cls, where, lambda name, hint: _not_required(hint, name in
                                                                             optional), {})
        if dataclasses.is_dataclass(cls) or _is_named_tuple(cls) or \
                struct_class(cls) is not None:
            defaults = field_defaults(cls)
            return self._object(cls, where,
                                lambda name, hint: name in defaults or _allows_none(hint),
                                defaults)
        raise _error(where, f"{_name(cls)} is not a type cty can describe")

    def _object(self, cls: type, where: str, is_optional: Any,
                makers: dict[str, Any]) -> Read:
        if cls in self.open:
            raise _error(where, f"{_name(cls)} contains itself; cty types cannot")
        self.open.add(cls)
        try:
            hints = typing.get_type_hints(cls, include_extras=True)
        except (NameError, TypeError) as e:
            raise _error(where, f"the annotations of {_name(cls)} cannot be read: {e}") from None
        names = _field_names(cls, hints)
        try:
            renamed = attribute_names(cls, hints)
        except CtyTypeError as e:
            raise _error(where, str(e)) from None
        attrs: dict[str, Type] = {}
        optional = []
        values: dict[str, Any] = {}
        below: dict[str, Any] = {}
        for name in names:
            hint = hints[name]
            attr = renamed.get(name, name)
            if is_optional(name, hint):
                optional.append(attr)
            if name in makers:
                values[attr] = makers[name]
            attrs[attr], tree = self.read(_required(hint), f"{where}.{name}" if where else name)
            if tree is not None:
                below[attr] = tree
        self.open.discard(cls)
        return ObjectWithOptionalAttrs(attrs, optional), (values, below) if values or below \
            else None


def _field_names(cls: type, hints: dict[str, Any]) -> list[str]:
    """Return the names of *cls*'s fields: a dataclass's fields, a struct's, a named tuple's,
    or a TypedDict's keys."""
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls)]
    if (struct := struct_class(cls)) is not None:
        return list(struct.__struct_fields__)
    if _is_named_tuple(cls):
        return list(cls._fields)  # type: ignore[attr-defined]
    return list(hints)


def _required(hint: Any) -> Any:
    """Return *hint* without a NotRequired or Required wrapper."""
    if typing.get_origin(hint) in (typing.NotRequired, typing.Required):
        return typing.get_args(hint)[0]
    return hint


def _not_required(hint: Any, by_class: bool) -> bool:
    """Return whether a TypedDict key is optional: NotRequired[...] or Required[...] as read
    from its hint (which the class itself misses when annotations are postponed), else as
    the class says."""
    origin = typing.get_origin(hint)
    if origin is typing.NotRequired:
        return True
    if origin is typing.Required:
        return False
    return by_class


def _allows_none(hint: Any) -> bool:
    """Return whether the field hint *hint* admits None (Optional[T], T | None)."""
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    return typing.get_origin(hint) in _UNIONS and type(None) in typing.get_args(hint)


def _is_named_tuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


def _literal(tp: object, args: tuple[Any, ...], where: str) -> Type:
    kinds = {Bool if isinstance(a, bool) else String if isinstance(a, str) else
             Number if isinstance(a, int | float) else None for a in args}
    if len(kinds) == 1 and None not in kinds:
        found: Type = kinds.pop()  # type: ignore[assignment]
        return found
    raise _error(where, f"{_name(tp)} mixes kinds of values, or values cty has no type for")


def _hashable(tp: object) -> bool:
    try:
        hash(tp)
    except TypeError:
        return False
    return True


def _name(tp: object) -> str:
    if isinstance(tp, type) and typing.get_origin(tp) is None:
        return tp.__qualname__
    return brief(tp).replace("typing.", "")


def _error(where: str, message: str) -> CtyTypeError:
    return CtyTypeError(f"{where}: {message}" if where else message)
