"""Capsule types: opaque Python objects carried inside cty values."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ._errors import CtyTypeError, CtyValueError
from ._gostrconv import go_quote
from ._type import Type, _init_slot

if TYPE_CHECKING:
    from ._path import Path
    from ._value import Value

ConversionFromHook = Callable[[Any, "Path"], "Value"]
"""Converts a capsule's payload to a value of another type (may raise PathError)."""
ConversionToHook = Callable[["Value", "Path"], Any]
"""Converts a value of another type to a capsule payload (may raise PathError)."""


@dataclass(frozen=True)
class CapsuleOps:
    """Optional behaviour of a capsule type, as go-cty's CapsuleOps.

    Every field may be None, meaning go-cty's default: identity for raw equality, one shared
    set-hash bucket, no conversions.
    """

    go_string: Callable[[Any], str] | None = None
    """Returns the repr of a payload."""
    type_go_string: Callable[[type], str] | None = None
    """Returns the repr of the capsule type, given the encapsulated Python type."""
    equals: Callable[[Any, Any], Value] | None = None
    """Returns a cty Bool value; requires raw_equals too."""
    raw_equals: Callable[[Any, Any], bool] | None = None
    """Strict equality of two payloads (default: identity)."""
    hash_key: Callable[[Any], str] | None = None
    """A string that equal payloads share, for set hashing."""
    conversion_from: Callable[[Type], ConversionFromHook | None] | None = None
    """Given a target type, returns a function converting payloads to it, or None."""
    conversion_to: Callable[[Type], ConversionToHook | None] | None = None
    """Given a source type, returns a function converting values of it to payloads, or None."""
    extension_data: Callable[[object], Any] | None = None
    """Application-defined data by key."""


class CapsuleType(Type):
    """A capsule type; build with ``cty.Capsule`` or ``cty.CapsuleWithOps``.

    Capsule types compare by identity: two calls with the same name make two distinct types.
    """

    __slots__ = ("_name", "_native", "_ops")
    _name: str
    _native: type
    _ops: CapsuleOps | None

    def __init__(self, name: str, native: type, ops: CapsuleOps | None) -> None:
        _init_slot(self, "_name", name)
        _init_slot(self, "_native", native)
        _init_slot(self, "_ops", ops)

    def is_capsule_type(self) -> bool:
        return True

    def friendly_name(self) -> str:
        return self._name

    def encapsulated_type(self) -> type:
        return self._native

    def capsule_ops(self) -> CapsuleOps | None:
        return self._ops

    def capsule_extension_data(self, key: object, /) -> Any:
        ops = self._ops
        if ops is None or ops.extension_data is None:
            return None
        return ops.extension_data(key)

    def go_string(self) -> str:
        ops = self._ops
        if ops is not None and ops.type_go_string is not None:
            return ops.type_go_string(self._native)
        return f"cty.Capsule({go_quote(self._name)}, {self._native.__qualname__})"

    def type_expr(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"cty.Capsule({self._name!r}, {self._native.__module__}.{self._native.__qualname__})"


def Capsule(name: str, native_type: type, /) -> Type:
    """Return a new capsule type named *name* whose values wrap instances of *native_type*."""
    return CapsuleWithOps(name, native_type, None)


def CapsuleWithOps(
    name: str, native_type: type, ops: CapsuleOps | None, /
) -> Type:
    """Return a new capsule type with the behaviour given by *ops*.

    Raises ValueError when ops.equals is given without ops.raw_equals, as go-cty requires.
    """
    if not isinstance(name, str):
        raise CtyTypeError(f"capsule name must be a str, not {type(name).__name__}")
    if not isinstance(native_type, type):
        raise CtyTypeError(f"capsule native type must be a Python type, not {native_type!r}")
    if ops is not None:
        if not isinstance(ops, CapsuleOps):
            raise CtyTypeError(f"capsule ops must be a cty.CapsuleOps, not {type(ops).__name__}")
        if ops.equals is not None and ops.raw_equals is None:
            raise CtyValueError("capsule ops with equals must also provide raw_equals")
    return CapsuleType(name, native_type, ops)


def capsule_equal(ty: Type, a: Any, b: Any) -> bool:
    """Return whether two capsule payloads are raw-equal (ops.raw_equals, else identity)."""
    ops = ty.capsule_ops()
    if ops is not None and ops.raw_equals is not None:
        return bool(ops.raw_equals(a, b))
    return a is b
