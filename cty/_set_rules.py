"""go-cty's set rules: hash bytes, the equivalence key, and iteration order.

A set coalesces two elements when go-cty would: same hash bytes (its bucket) and Equals known
true. Iteration order is go-cty's: known elements sorted (strings by code point, numbers by
value, false before true, anything else by hash bytes), then unknowns, then the null; ties keep
insertion order.
"""

from __future__ import annotations

import zlib
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Final

from . import _number
from ._capsule import capsule_equal
from ._deep import deep, hop
from ._errors import CtyTypeError, CtyValueError
from ._gostrconv import go_quote
from ._marks import Marked
from ._primitive_type import Bool, Number, String
from ._type import Type
from ._unknown import Unknown

if TYPE_CHECKING:
    from ._value import Value


@deep
def hash_bytes(ty: Type, p: Any) -> str:
    """Return go-cty's set hash bytes of payload *p* of type *ty*, as text (UTF-8 order)."""
    parts: list[str] = []
    _append_hash(ty, p, parts, None)
    return "".join(parts)


_CACHED_TEXT: Final = 4096
_CACHED_PARTS: Final = 64
"""A set payload keeps its hash bytes (and equality keys) once computed, if they are at most
_CACHED_TEXT characters made of at most _CACHED_PARTS pieces: the hash bytes of a set hold
those of everything inside it, so keeping every one would be depth-squared text for sets
nested deep (150 MB at 10,000 levels); a larger set's are computed again when asked for."""


@hop  # (it recurses, adding to what it is given: any depth)
def _append_hash(ty: Type, p: Any, out: list[str], nums: list[Hashable] | None) -> bool:
    """Append the hash bytes of *p*; collect equality keys into *nums*; return False when an
    unknown is met (such an element never equals anything)."""
    if p.__class__ is Marked:
        p = p.v
    if p is None:
        out.append("~")
        return True
    if p.__class__ is Unknown:
        out.append("?")
        return False
    if ty is String:
        out.append(go_quote(p))
        if nums is not None:
            nums.append(p)
        return True
    if ty is Number:
        out.append(_number.format_g10(p))
        if nums is not None:
            nums.append(_number.eq_key(p))
        return True
    if ty is Bool:
        out.append("T" if p else "F")
        return True
    known = True
    if ty.is_list_type():
        et = ty.element_type()
        out.append("[")
        for e in p:
            known = _append_hash(et, e, out, nums) and known
            out.append(";")
        out.append("]")
    elif ty.is_set_type():
        cached = p._hash
        if cached is not None and cached[0] is ty:
            out.append(cached[1])
            known = cached[2]
            if nums is not None:
                nums.extend(cached[3])
        else:
            et = ty.element_type()
            start = len(out)
            out.append("[")
            keys: list[Hashable] = []
            for e in p.elems:
                known = _append_hash(et, e, out, keys) and known
                out.append(";")
            out.append("]")
            if nums is not None:
                nums.extend(keys)
            if len(out) - start <= _CACHED_PARTS:
                text = "".join(out[start:])
                if len(text) <= _CACHED_TEXT:
                    p._hash = (ty, text, known, tuple(keys))
    elif ty.is_map_type():
        et = ty.element_type()
        out.append("{")
        for k, e in p.items():
            out.append(go_quote(k))
            out.append(":")
            known = _append_hash(et, e, out, nums) and known
            out.append(";")
        out.append("}")
    elif ty.is_object_type():
        out.append("<")
        for (_, at), e in zip(ty.attribute_types().items(), p.values(), strict=True):
            known = _append_hash(at, e, out, nums) and known
            out.append(";")
        out.append(">")
    elif ty.is_tuple_type():
        out.append("<")
        for et, e in zip(ty.tuple_element_types(), p, strict=True):
            known = _append_hash(et, e, out, nums) and known
            out.append(";")
        out.append(">")
    elif ty.is_capsule_type():
        ops = ty.capsule_ops()
        out.append("«")
        if ops is not None and ops.hash_key is not None:
            out.append(go_quote(ops.hash_key(p)))
        else:
            out.append("?")
        out.append("»")
        if nums is not None:
            nums.append(_CapsuleKey(ty, p))
    else:
        raise CtyTypeError(f"unsupported type {ty!r} in set hash")
    return known


class _CapsuleKey:
    """Equality key for a capsule payload: go-cty's capsule Equals, hashed by its hash key."""

    __slots__ = ("p", "ty")

    def __init__(self, ty: Type, p: Any) -> None:
        self.ty = ty
        self.p = p

    def __hash__(self) -> int:
        ops = self.ty.capsule_ops()
        if ops is not None and ops.hash_key is not None:
            return hash(ops.hash_key(self.p))
        if ops is not None and ops.raw_equals is not None:
            return 0
        return id(self.p)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _CapsuleKey):
            return NotImplemented
        return capsule_equal(self.ty, self.p, other.p)


def element_key(ty: Type, p: Any) -> Hashable | None:
    """Return the key under which a known, non-null element coalesces with its equals.

    None means the element never coalesces (it holds an unknown somewhere).
    """
    if ty is String or ty is Bool:
        return p  # type: ignore[no-any-return]
    if ty is Number:
        return _number_key(p)
    return _composite_key(ty, p)


@deep
def _composite_key(ty: Type, p: Any) -> Hashable | None:
    nums: list[Hashable] = []
    out: list[str] = []
    if not _append_hash(ty, p, out, nums):
        return None
    return ("".join(out), tuple(nums))


def _number_key(n: Any) -> Hashable:
    if n.__class__ is int:
        if -10_000_000_000 < n < 10_000_000_000:
            return n
    else:
        fk = _number.float_set_key(n)  # the usual fraction, from Python data: fast
        if fk is not None:
            return fk
    k = _number.eq_key(n)
    if k.__class__ is int and -10_000_000_000 < k < 10_000_000_000 and not _number.is_neg_zero(n):
        return k
    return (_number.format_g10(n), k)


def sort_known(ty: Type, elems: list[Any]) -> list[Any]:
    """Return known, non-null element payloads in go-cty's set order (stable)."""
    if ty is String or ty is Bool:
        return sorted(elems)
    if ty is Number:
        if any(_number.is_neg_zero(e) for e in elems):
            return sorted(elems, key=_number_order_key)
        return sorted(elems, key=_number.sort_key)
    return sorted(elems, key=lambda e: hash_bytes(ty, e))


def _number_order_key(n: Any) -> tuple[Any, int]:
    if n == 0:
        return (_number.sort_key(n), zlib.crc32(_number.format_g10(n).encode()))
    return (_number.sort_key(n), 0)


def value_hash(v: Value) -> int:
    """Return go-cty's Value.Hash: the CRC-32 (IEEE) of the value's set hash bytes.

    Raises ValueError for a value that is marked or holds marked values, as go-cty does.
    """
    if v.contains_marked():
        raise CtyValueError(
            "can't take hash of value that has marks or has embedded values that have marks"
        )
    return zlib.crc32(hash_bytes(v._ty, v._v).encode("utf-8"))
