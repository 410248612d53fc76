"""Renamed fields: the cty attribute each field of a record class stands for (gocty's
``cty:"name"`` struct tags).

A field is its own attribute unless renamed, by (first that applies):

* ``Annotated[T, cty.Name("the-x")]`` on the field, in any record class;
* a dataclass field's ``metadata={"cty": "the-x"}``;
* a msgspec Struct field's ``msgspec.field(name="the-x")``, or the Struct's ``rename=``.
"""

from __future__ import annotations

import dataclasses
import sys
import threading
import typing
import weakref
from typing import Any, Final

from ._errors import CtyTypeError

if typing.TYPE_CHECKING:
    import msgspec


def struct_class(cls: object) -> type[msgspec.Struct] | None:
    """*cls* if it is a msgspec Struct class, else None. msgspec is not loaded for the
    question: a program that has not loaded it has no Struct classes."""
    module = sys.modules.get("msgspec")
    if module is not None and isinstance(cls, type) and issubclass(cls, module.Struct):
        return cls
    return None


class Name:
    """The cty attribute a field stands for, in ``Annotated[T, cty.Name("the-x")]``::

        @dataclass
        class Server:
            the_x: Annotated[str, cty.Name("the-x")]   # object({the-x = string})

    >>> cty.Name("the-x")
    cty.Name('the-x')
    """

    __slots__ = ("name",)
    name: str

    def __init__(self, name: str, /) -> None:
        if not isinstance(name, str):
            raise CtyTypeError(f"cty.Name takes an attribute name (a str), not "
                               f"{type(name).__name__}")
        object.__setattr__(self, "name", name)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cty.Name is immutable")

    def __repr__(self) -> str:
        return f"cty.Name({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Name) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("cty.Name", self.name))


# Weakly keyed, so a class made at run time (in a function, by a factory) is not kept alive by
# having been converted once.
_cache: weakref.WeakKeyDictionary[type, dict[str, str]] = weakref.WeakKeyDictionary()
_lock: Final = threading.Lock()


def attribute_names(cls: type, hints: dict[str, Any] | None = None) -> dict[str, str]:
    """Return field name -> attribute name for the renamed fields of record class *cls* (empty
    when none is renamed). *hints* are the class's type hints with extras, if at hand.

    Raises CtyTypeError when two fields stand for one attribute."""
    found = _cache.get(cls)
    if found is not None:
        return found
    if hints is None:
        try:
            hints = typing.get_type_hints(cls, include_extras=True)
        except Exception:  # (unreadable annotations: their readers report them)
            hints = {}
    renames: dict[str, str] = {}
    if dataclasses.is_dataclass(cls):
        for f in dataclasses.fields(cls):
            name = f.metadata.get("cty") if f.metadata else None
            if name is not None:
                if not isinstance(name, str):
                    raise CtyTypeError(f"the cty metadata of field {f.name!r} of "
                                       f"{cls.__qualname__} must be an attribute name (a str), "
                                       f"not {type(name).__name__}")
                renames[f.name] = name
    elif (struct := struct_class(cls)) is not None:
        for info in sys.modules["msgspec.structs"].fields(struct):
            if info.encode_name != info.name:
                renames[info.name] = info.encode_name
    for field, given in hints.items():
        hint = given
        if typing.get_origin(hint) in (typing.NotRequired, typing.Required):
            hint = typing.get_args(hint)[0]
        if typing.get_origin(hint) is typing.Annotated:
            for meta in hint.__metadata__:
                if isinstance(meta, Name):
                    renames[field] = meta.name
    renames = {f: a for f, a in renames.items() if f != a}
    if renames:
        fields = set(hints) | set(renames)
        taken: dict[str, str] = {}
        for fname in sorted(fields):
            a = renames.get(fname, fname)
            if a in taken:
                raise CtyTypeError(f"fields {taken[a]!r} and {fname!r} of {cls.__qualname__} "
                                   f"both stand for the attribute {a!r}")
            taken[a] = fname
    with _lock:
        _cache[cls] = renames
    return renames


_records: weakref.WeakKeyDictionary[type, tuple[tuple[str, str], ...] | None] = (
    weakref.WeakKeyDictionary())


def record_fields(cls: type) -> tuple[tuple[str, str], ...] | None:
    """Return the ``(field, attribute)`` pairs of record class *cls* in field order (a
    dataclass, a msgspec Struct or a NamedTuple; the attribute is the field's renamed one, or
    the field's own name), or None for any other class. Read once per class.

    Raises CtyTypeError when two fields stand for one attribute."""
    try:
        return _records[cls]
    except KeyError:
        pass
    names: tuple[str, ...] | None = None
    if dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))
    elif (struct := struct_class(cls)) is not None:
        names = struct.__struct_fields__
    elif issubclass(cls, tuple) and hasattr(cls, "_fields"):
        names = tuple(cls._fields)
    pairs = None
    if names is not None:
        renamed = attribute_names(cls)
        pairs = tuple((n, renamed.get(n, n)) for n in names)
    with _lock:
        _records[cls] = pairs
    return pairs


def attribute_of(cls: type, field: str) -> str:
    """Return the attribute field *field* of *cls* stands for."""
    return attribute_names(cls).get(field, field)


def described(attribute: str, field: str) -> str:
    """An attribute named in an error, with its field when the two differ."""
    return f'"{attribute}"' if attribute == field else f'"{attribute}" (field {field})'


_NO_DEFAULTS: Final[dict[str, Any]] = {}
_defaults: weakref.WeakKeyDictionary[type, dict[str, Any]] = weakref.WeakKeyDictionary()


def field_defaults(cls: type) -> dict[str, Any]:
    """Return a function making each default of record class *cls*'s fields that have one,
    by field name (a dataclass's ``default``/``default_factory``, a msgspec Struct's, a
    NamedTuple's); {} for a TypedDict or any other class. Read once per class."""
    try:
        return _defaults[cls]
    except (KeyError, TypeError):
        pass
    out: dict[str, Any] = {}
    if dataclasses.is_dataclass(cls):
        for f in dataclasses.fields(cls):
            if f.default_factory is not dataclasses.MISSING:
                out[f.name] = f.default_factory
            elif f.default is not dataclasses.MISSING:
                out[f.name] = _constant(f.default)
    elif (struct := struct_class(cls)) is not None:
        nodefault = sys.modules["msgspec"].NODEFAULT
        for info in sys.modules["msgspec.structs"].fields(struct):
            if info.default_factory is not nodefault:
                out[info.name] = info.default_factory
            elif info.default is not nodefault:
                out[info.name] = _constant(info.default)
    elif isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_field_defaults"):
        out = {name: _constant(v) for name, v in cls._field_defaults.items()}
    if not out:
        out = _NO_DEFAULTS
    try:
        with _lock:
            _defaults[cls] = out
    except TypeError:
        pass
    return out


def _constant(value: Any) -> Any:
    return lambda: value
