"""Codecs that gob uses for what it cannot describe by itself: capsule payloads and mark types.

A capsule type is written as the name of its codec; its payloads as the bytes the codec's
*encode* gives. A mark of a registered class is written as the codec's name and the bytes its
*encode* gives. Both registries are process-wide, so a reader (another process, too) must
register the same names before it reads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, NamedTuple, TypeAlias

from cty import CtyTypeError, CtyValueError, Type
from cty._internal import brief

CapsuleEncodeHook: TypeAlias = Callable[[Any], bytes]
"""Turns a capsule's payload (the wrapped Python object) into bytes."""
CapsuleDecodeHook: TypeAlias = Callable[[bytes], Any]
"""Turns bytes written by the matching CapsuleEncodeHook back into the wrapped object."""
MarkEncodeHook: TypeAlias = Callable[[Any], bytes]
"""Turns a mark into bytes."""
MarkDecodeHook: TypeAlias = Callable[[bytes], Any]
"""Turns bytes written by the matching MarkEncodeHook back into an (hashable) mark."""

BUILTIN_MARK_CLASSES: frozenset[type] = frozenset({str, int, bool, type(None), tuple})
"""Marks of these exact classes need no codec."""


class CapsuleCodec(NamedTuple):
    """A registered capsule codec."""

    capsule_type: Type
    name: str
    encode: CapsuleEncodeHook
    decode: CapsuleDecodeHook


class MarkCodec(NamedTuple):
    """A registered mark type."""

    mark_type: type
    name: str
    encode: MarkEncodeHook
    decode: MarkDecodeHook


_lock = threading.Lock()
capsules_by_type: dict[Type, CapsuleCodec] = {}
capsules_by_name: dict[str, CapsuleCodec] = {}
marks_by_class: dict[type, MarkCodec] = {}
marks_by_name: dict[str, MarkCodec] = {}


def _check_name(name: object, what: str) -> str:
    if not isinstance(name, str) or not name:
        raise CtyTypeError(f"{what} name must be a non-empty str, not {name!r}")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise CtyValueError(f"{what} name {name!r} is not valid Unicode") from None
    return name


def _check_callable(fn: object, what: str) -> None:
    if not callable(fn):
        raise CtyTypeError(f"{what} must be callable, not {type(fn).__name__}")


def register_capsule_codec(capsule_type: Type, name: str, encode: CapsuleEncodeHook,
                           decode: CapsuleDecodeHook, /) -> None:
    """Let gob write values of *capsule_type*, under *name*.

    gob writes the capsule type as *name* and each payload as ``encode(payload)`` (bytes);
    a reader turns *name* back into *capsule_type* and the bytes into ``decode(data)``, which
    must return an instance of the type's encapsulated Python type.
    Registering the same type under the same name again replaces the hooks.
    A decoded payload is a new object, so a value read back equals the one written (==) only
    when the type's CapsuleOps define raw_equals; capsule equality is identity otherwise.
    Raises ValueError when *name* belongs to another capsule type or *capsule_type* already
    has another name, TypeError for arguments of the wrong kinds.
    """
    if not isinstance(capsule_type, Type) or not capsule_type.is_capsule_type():
        raise CtyTypeError(
            f"register_capsule_codec needs a capsule type, not {brief(capsule_type)}")
    _check_name(name, "capsule codec")
    _check_callable(encode, "capsule codec encode")
    _check_callable(decode, "capsule codec decode")
    with _lock:
        old = capsules_by_name.get(name)
        if old is not None and old.capsule_type is not capsule_type:
            raise CtyValueError(f"capsule codec name {name!r} is already registered for "
                                f"another capsule type, {old.capsule_type!r}")
        old = capsules_by_type.get(capsule_type)
        if old is not None and old.name != name:
            raise CtyValueError(f"capsule type {capsule_type!r} is already registered as "
                                f"{old.name!r}")
        codec = CapsuleCodec(capsule_type, name, encode, decode)
        capsules_by_type[capsule_type] = codec
        capsules_by_name[name] = codec


def register_mark_type(mark_type: type, name: str, encode: MarkEncodeHook,
                       decode: MarkDecodeHook, /) -> None:
    """Let gob write marks whose class is exactly *mark_type*, under *name*.

    Marks that are str, int, bool, None or tuples of marks need no registration.
    gob writes such a mark as *name* and ``encode(mark)`` (bytes); a reader calls
    ``decode(data)``, which must return a hashable mark.
    Registering the same class under the same name again replaces the hooks.
    Raises ValueError for a built-in mark class or a name or class registered otherwise.
    """
    if not isinstance(mark_type, type):
        raise CtyTypeError(f"register_mark_type needs a class, not {brief(mark_type)}")
    if mark_type in BUILTIN_MARK_CLASSES:
        raise CtyValueError(f"marks of class {mark_type.__name__} are built in and need no codec")
    _check_name(name, "mark type")
    _check_callable(encode, "mark type encode")
    _check_callable(decode, "mark type decode")
    with _lock:
        old = marks_by_name.get(name)
        if old is not None and old.mark_type is not mark_type:
            raise CtyValueError(f"mark type name {name!r} is already registered for "
                                f"{old.mark_type.__qualname__}")
        old2 = marks_by_class.get(mark_type)
        if old2 is not None and old2.name != name:
            raise CtyValueError(f"mark class {mark_type.__qualname__} is already registered as "
                                f"{old2.name!r}")
        codec = MarkCodec(mark_type, name, encode, decode)
        marks_by_class[mark_type] = codec
        marks_by_name[name] = codec
