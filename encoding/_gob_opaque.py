"""Opaque capsules: a gob stream's capsules read without their codec.

A reader that has not registered the codec a stream names for a capsule type cannot rebuild the
capsules' objects. Asked to (``gob.Decoder(src, opaque_capsules=True)``), it reads them as
opaque capsules instead: values of a capsule type made for the codec's name, whose payload is
an :class:`OpaqueCapsule` holding the name and the bytes the codec wrote. Written to gob again
they give back those bytes under the same name, so a stream passes through a program that does
not know its capsules unchanged.
"""

from __future__ import annotations

import threading
from typing import Final

import cty
from cty import CtyTypeError, Type


class OpaqueCapsule:
    """The payload of a capsule read without its codec: the codec's name and its bytes."""

    __slots__ = ("data", "name")

    name: str
    data: bytes

    def __init__(self, name: str, data: bytes) -> None:
        if not isinstance(name, str):
            raise CtyTypeError(f"an opaque capsule's codec name is a str, not "
                               f"{type(name).__name__}")
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise CtyTypeError(f"an opaque capsule's data is bytes, not {type(data).__name__}")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "data", bytes(data))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an OpaqueCapsule is immutable")

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, OpaqueCapsule) and other.name == self.name
                and other.data == self.data)

    def __hash__(self) -> int:
        return hash((self.name, self.data))

    def __repr__(self) -> str:
        # (shown inside its capsule type's name by format_value: ``opaque thing(<3 bytes>)``)
        n = len(self.data)
        return f"<{n:,} byte{'' if n == 1 else 's'}>"


_PREFIX: Final = "opaque "
_types: dict[str, Type] = {}
_lock = threading.Lock()


def opaque_capsule_type(name: str) -> Type:
    """Return the capsule type of opaque capsules read under the codec name *name* (one type
    per name: its friendly name is ``opaque`` and the codec's name)."""
    t = _types.get(name)
    if t is None:
        with _lock:
            t = _types.get(name)
            if t is None:
                t = _types[name] = cty.Capsule(_PREFIX + name, OpaqueCapsule)
    return t


def opaque_name(t: Type) -> str | None:
    """Return the codec name of *t* if it is an opaque capsule type, else None."""
    if t.is_capsule_type() and t.encapsulated_type() is OpaqueCapsule:
        name = t.friendly_name().removeprefix(_PREFIX)
        if _types.get(name) is t:
            return name
    return None
