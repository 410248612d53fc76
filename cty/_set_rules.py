"""go-cty's set rules: hash bytes, the equivalence key, and iteration order.

A set coalesces two elements when go-cty would: same hash bytes (its bucket) and Equals known
true. Iteration order is go-cty's: the elements in bucket order (by the CRC-32 of their hash
bytes, insertion order within a bucket), then sorted stably by go-cty's Less: known elements
first (strings by code point, numbers by value, false before true, anything else by hash bytes),
then unknowns, then the null; two elements RawEquals calls equal never move past each other.
That Less is not always a strict weak order (0.1 at 1 bit and at 24 bits are RawEqual, yet a
third number can lie between their values): when two distinct elements may be RawEqual, the
order is Go's sort algorithm's own (go_set_order); otherwise a key sort gives the same order.
"""

from __future__ import annotations

import zlib
from collections.abc import Hashable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from . import _number
from ._capsule import capsule_equal
from ._deep import deep, hop
from ._errors import CtyTypeError, CtyValueError
from ._go_sort import go_stable_sort
from ._gostrconv import go_quote
from ._marks import Marked
from ._payload_equal import raw_equal_payloads
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
        if nums is not None:
            nums.append(None)
        return True
    if p.__class__ is Unknown:
        out.append("?")
        if nums is not None:
            nums.append(_UNKNOWN_LEAF)
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
        if nums is not None:
            nums.append(p)
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


_UNKNOWN_LEAF: Final = ("unknown",)
"""What an unknown leaves among the leaf keys: every unknown the same (RawEquals may say so)."""


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


def order_numbers(elems: list[Any], keys: list[Hashable]) -> list[Any] | None:
    """Return known, non-null numbers (coalesced, in insertion order) in go-cty's set order, or
    None when two of them are RawEqual yet apart (go_set_order must decide).

    *keys* are their coalescing keys (_number_key): a tuple (hash text, equality key) for any
    number but a small whole one.
    """
    eq_keys = [k[1] for k in keys if k.__class__ is tuple]
    if len(eq_keys) > 1 and len(set(eq_keys)) < len(eq_keys):
        return None
    if any(_number.is_neg_zero(e) for e in elems):
        # 0 and -0 compare equal and sit in different buckets: the bucket order decides
        return sorted(elems, key=_number_order_key)
    return sorted(elems, key=_number.sort_key)


def _number_order_key(n: Any) -> tuple[Any, int]:
    if n == 0:
        return (_number.sort_key(n), zlib.crc32(_number.format_g10(n).encode()))
    return (_number.sort_key(n), 0)


def order_composites(ty: Type, known: dict[Hashable, Any], loose: list[Any]) -> list[Any] | None:
    """Return known, non-null elements of a type that is not primitive in go-cty's set order:
    *known* by their coalescing keys (hash text, leaf keys), in insertion order, then *loose*
    ones holding unknowns; or None when two of them may be RawEqual yet apart (go_set_order
    must decide).
    """
    entries: list[tuple[str, tuple[Hashable, ...], Any]] = [
        (k[0], k[1], p) for k, p in known.items()  # type: ignore[index]
    ]
    entries.extend(_text_and_leaves(ty, p) for p in loose)
    # RawEqual elements have equal leaf keys; elements never apart by them never tie
    if len({e[1] for e in entries}) < len(entries):
        return None
    entries.sort(key=itemgetter(0))
    return [e[2] for e in entries]


@deep
def _text_and_leaves(ty: Type, p: Any) -> tuple[str, tuple[Hashable, ...], Any]:
    out: list[str] = []
    leaves: list[Hashable] = []
    _append_hash(ty, p, out, leaves)
    return "".join(out), tuple(leaves), p


def go_set_order(ty: Type, payloads: list[Any]) -> list[Any]:
    """Return the elements of a set of *payloads* (unmarked, in insertion order) coalesced and in
    go-cty's order, step for step as go-cty makes it: buckets in order, then Go's stable sort
    with go-cty's Less (used where a key sort could differ: see the module's note)."""
    seen: set[Hashable] = set()
    entries: list[tuple[int, int, Any, str]] = []
    has_null = False
    for p in payloads:
        if p is None:
            if has_null:
                continue
            has_null = True
            text = "~"
        elif p.__class__ is Unknown:
            text = "?"
        else:
            k = element_key(ty, p)
            if k is not None:
                if k in seen:
                    continue
                seen.add(k)
            text = hash_bytes(ty, p)
        entries.append((zlib.crc32(text.encode("utf-8")), len(entries), p, text))
    entries.sort(key=itemgetter(0, 1))
    data = [(e[2], e[3]) for e in entries]

    def less(x: tuple[Any, str], y: tuple[Any, str]) -> bool:
        a, b = x[0], y[0]
        if raw_equal_payloads(ty, a, b):
            return False
        if b is None:
            return True  # (a is not null: RawEqual would have said so)
        if a is None:
            return False
        if b.__class__ is Unknown:
            return a.__class__ is not Unknown
        if a.__class__ is Unknown:
            return False
        if ty is Number:
            return bool(_number.sort_key(a) < _number.sort_key(b))
        if ty is String:
            return bool(a < b)
        if ty is Bool:
            return not a and bool(b)
        return x[1] < y[1]

    go_stable_sort(data, less)
    return [d[0] for d in data]


def value_hash(v: Value) -> int:
    """Return go-cty's Value.Hash: the CRC-32 (IEEE) of the value's set hash bytes.

    Raises ValueError for a value that is marked or holds marked values, as go-cty does.
    """
    if v.contains_marked():
        raise CtyValueError(
            "can't take hash of value that has marks or has embedded values that have marks"
        )
    return zlib.crc32(hash_bytes(v._ty, v._v).encode("utf-8"))
