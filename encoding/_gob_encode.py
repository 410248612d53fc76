"""Payloads to gob's msgpack: a planned converter per type, then one msgspec call.

Two plans per type, both cached:

* the *fast* plan rewrites only what msgspec cannot take as it is (objects and maps, which gob
  writes as arrays, sets, written as the array of their elements, and capsules); everything
  else (strings, bools, ints, tuples, nulls) goes to msgspec untouched, and msgspec's enc_hook
  turns the rest (unknowns, marked payloads, mpfr numbers) into their wire forms as it meets
  them;
* the *full* plan converts every slot explicitly and records the path of anything it cannot
  write; it runs only when the fast one fails (an integer beyond 64 bits, an unencodable mark,
  a failing capsule codec), to write the value or to say precisely why not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeAlias

import msgspec

import cty
from cty import CtyTypeError, Path, Type, _number
from cty._internal import (
    Marked,
    PathFail,
    PerType,
    SetPayload,
    Unknown,
    attr_step,
    deep,
    encode_spliced,
    hop,
    in_deep_thread,
    index_step,
    is_tall,
    key_step,
    make,
    per_type_planner,
)

from . import _gob_registry as registry
from ._errors import EncodeError
from ._gob_codegen import EncKind, can_generate, object_encoder
from ._gob_opaque import opaque_name
from ._gob_scalar import (
    MARK_TAG,
    UnencodableMark,
    marks_wire,
    mpfr_ext,
    mpfr_wire,
    number_wire,
    unknown_ext,
)

Conv: TypeAlias = Callable[[Any], Any]
"""Turns a payload into what msgspec writes as its gob wire form."""

_MPFR: Final = type(_number.ZERO)
_ZERO: Final = _number.ZERO


class EncFail(PathFail):
    """Internal: why the full plan cannot write a payload, and where (cty's one
    path-collecting failure, innermost step first)."""

    def encode_error(self) -> EncodeError:
        """Return the public EncodeError."""
        return EncodeError(self.path(), self.message)


def _hook(o: Any) -> Any:
    c = o.__class__
    if c is Unknown:
        return unknown_ext(o)
    if c is Marked:
        return [MARK_TAG, marks_wire(o.marks), o.v]
    if c is _MPFR:
        return mpfr_wire(o)
    raise CtyTypeError(f"gob cannot write a {c.__qualname__} here")


_fast_encode: Final = msgspec.msgpack.Encoder(enc_hook=_hook).encode
_plain_encode: Final = msgspec.msgpack.Encoder().encode
_EXPAND: Final[dict[type, Callable[[Any], Any]]] = {Marked: _hook}
"""What encode_spliced must open that _hook opens into containers."""


def _encode(encode: Callable[[Any], bytes], w: Any) -> bytes:
    """Return encode(w), at any depth."""
    try:
        return encode(w)
    except RecursionError:
        if not in_deep_thread():
            raise
    return encode_spliced(encode, w, _EXPAND)  # on a chain of cty._deep: deeper than msgspec


def capsule_bytes(ty: Type, p: Any) -> bytes:
    """Return the bytes the registered codec of capsule type *ty* makes of payload *p*."""
    codec = registry.capsules_by_type.get(ty)
    if codec is None:
        if opaque_name(ty) is not None:
            data: bytes = p.data  # (an OpaqueCapsule's: the bytes its codec wrote)
            return data
        raise EncFail(f"no gob codec is registered for capsule type {ty!r}")
    try:
        data = codec.encode(p)
    except Exception as e:
        raise EncFail(f"capsule codec {codec.name!r} failed: {e!r}") from e
    if data.__class__ is bytes:
        return data
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise EncFail(f"capsule codec {codec.name!r} returned {type(data).__name__}, not bytes")


# --- the fast plan ------------------------------------------------------------------------------

_transparent_cache: PerType[bool] = PerType("gob transparent types")
_fast_cache: PerType[Conv | None] = PerType("gob fast converters")
_INTS: Final = frozenset({int})


@deep
def _transparent(ty: Type) -> bool:
    """Return whether msgspec writes the usual payloads of *ty* as they are.

    Strings, bools, dynamic slots, and lists and tuples of them; msgspec's hook still meets
    the unusual ones (unknowns, marked payloads) there.
    """
    t = _transparent_cache.get(ty)
    if t is None:
        if ty is cty.String or ty is cty.Bool or ty.is_dynamic_pseudo_type():
            t = True
        elif ty.is_list_type():
            t = _transparent(ty.element_type())
        elif ty.is_tuple_type():
            t = all(_transparent(e) for e in ty.tuple_element_types())
        else:
            t = False
        _transparent_cache[ty] = t
    return t


def _special(p: Any, conv: Conv) -> Any:
    """Return the wire form of a null, unknown or marked payload (its inner part by *conv*)."""
    if p.__class__ is Marked:
        return [MARK_TAG, marks_wire(p.marks), conv(p.v)]
    return p


def _num(p: Any) -> Any:
    c = p.__class__
    if c is int:
        return p  # beyond 64 bits msgspec refuses it, and the full plan takes over
    if c is _MPFR:
        if p.precision == 53 and p is not _ZERO:
            f = float(p)
            if f == p:  # a float64 holds it exactly (an infinity too)
                return f
        return mpfr_ext(p)
    return _special(p, _num)


@deep
def fast_conv(ty: Type) -> Conv | None:
    """Return the fast converter of payloads of *ty*; None when they need none."""
    try:
        return _fast_cache[ty]
    except KeyError:
        pass
    conv = None if _transparent(ty) else _plan_fast(ty)
    if conv is not None and is_tall(ty):
        conv = hop(conv)  # (a hop point for cty._deep: values of any depth)
    _fast_cache[ty] = conv
    return conv


def _elements(ety: Type) -> Callable[[Any], Any] | None:
    """Return a converter of a sequence of element payloads of *ety*; None if they need none."""
    if ety is cty.Number:
        def numbers(items: Any) -> Any:
            if set(map(type, items)) <= _INTS:
                return items
            return [e if e.__class__ is int else _num(e) for e in items]
        return numbers
    ce = fast_conv(ety)
    if ce is None:
        return None
    return lambda items: [ce(e) for e in items]


def _plan_fast(ty: Type) -> Conv:
    if ty is cty.Number:
        return _num
    if ty.is_object_type():
        attrs = ty.attribute_types()
        kinds: list[EncKind] = []
        convs: list[Conv | None] = []
        for t in attrs.values():
            c = fast_conv(t)
            convs.append(c)
            if c is None:
                kinds.append("pass")
            elif t is cty.Number:
                kinds.append("num")
            elif (t.is_map_type() or t.is_set_type()) and _transparent(t.element_type()):
                kinds.append("map" if t.is_map_type() else "set")
            else:
                kinds.append("call")
        if can_generate(len(attrs)):
            return object_encoder(len(attrs), kinds, convs, _special)
        idx = tuple((i, c) for i, c in enumerate(convs) if c is not None)

        def obj(p: Any) -> Any:
            if p.__class__ is dict:
                w = list(p.values())
                for i, c in idx:
                    w[i] = c(w[i])
                return w
            return _special(p, obj)
        return obj
    if ty.is_map_type():
        elems = _elements(ty.element_type())
        if elems is None:
            def map_plain(p: Any) -> Any:
                if p.__class__ is dict:
                    return [list(p), list(p.values())]
                return _special(p, map_plain)
            return map_plain

        def map_(p: Any) -> Any:
            if p.__class__ is dict:
                return [list(p), elems(list(p.values()))]
            return _special(p, map_)
        return map_
    if ty.is_list_type():
        lelems = _elements(ty.element_type())
        assert lelems is not None

        def list_(p: Any) -> Any:
            if p.__class__ is tuple:
                return lelems(p)
            return _special(p, list_)
        return list_
    if ty.is_set_type():
        selems = _elements(ty.element_type())
        if selems is None:
            def set_plain(p: Any) -> Any:
                if p.__class__ is SetPayload:
                    return p.elems
                return _special(p, set_plain)
            return set_plain

        def set_(p: Any) -> Any:
            if p.__class__ is SetPayload:
                return selems(p.elems)
            return _special(p, set_)
        return set_
    if ty.is_tuple_type():
        tconvs = tuple((i, c) for i, c in enumerate(
            fast_conv(e) for e in ty.tuple_element_types()) if c is not None)

        def tuple_(p: Any) -> Any:
            if p.__class__ is tuple:
                w = list(p)
                for i, c in tconvs:
                    w[i] = c(w[i])
                return w
            return _special(p, tuple_)
        return tuple_
    if ty.is_capsule_type():
        def capsule(p: Any) -> Any:
            if p is None or p.__class__ is Unknown:
                return p
            if p.__class__ is Marked:
                return _special(p, capsule)
            return capsule_bytes(ty, p)
        return capsule
    raise CtyTypeError(f"gob cannot write values of type {ty!r}")


# --- the full plan ------------------------------------------------------------------------------

def _slot(known: Conv) -> Conv:
    def slot(p: Any) -> Any:
        if p is None:
            return None
        c = p.__class__
        if c is Unknown:
            return unknown_ext(p)
        if c is Marked:
            try:
                m = marks_wire(p.marks)
            except UnencodableMark as e:
                raise EncFail(e.reason) from e
            return [MARK_TAG, m, slot(p.v)]
        return known(p)
    return slot


def _plan_full(ty: Type) -> Conv:
    if ty is cty.String:
        def string(p: Any) -> Any:
            if p.__class__ is not str:
                raise EncFail(f"a string payload must be a str, not {type(p).__name__}")
            return p
        return _slot(string)
    if ty is cty.Number:
        def number(p: Any) -> Any:
            if p.__class__ is not int and p.__class__ is not _MPFR:
                raise EncFail(f"a number payload must be an int or mpfr, not {type(p).__name__}")
            return number_wire(p)
        return _slot(number)
    if ty is cty.Bool:
        def boolean(p: Any) -> Any:
            if p is not True and p is not False:
                raise EncFail(f"a bool payload must be a bool, not {type(p).__name__}")
            return p
        return _slot(boolean)
    if ty.is_dynamic_pseudo_type():
        def dynamic(p: Any) -> Any:
            raise EncFail("a value of dynamic type must be null or unknown")
        return _slot(dynamic)
    if ty.is_list_type() or ty.is_tuple_type():
        is_list = ty.is_list_type()
        ce = full_conv(ty.element_type()) if is_list else None
        etys = () if is_list else ty.tuple_element_types()
        tconvs = [full_conv(e) for e in etys]

        def seq(p: Any) -> Any:
            if p.__class__ is not tuple or (not is_list and len(p) != len(tconvs)):
                raise EncFail(f"a {ty.friendly_name()} payload must be a tuple of the right "
                              f"length, not {type(p).__name__}")
            out: list[Any] = []
            try:
                if ce is not None:
                    for e in p:
                        out.append(ce(e))
                else:
                    for c, e in zip(tconvs, p, strict=True):
                        out.append(c(e))
            except EncFail as f:
                raise f.at(index_step(len(out))) from None
            return out
        return _slot(seq)
    if ty.is_set_type():
        ety = ty.element_type()
        cse = full_conv(ety)

        def set_(p: Any) -> Any:
            if p.__class__ is not SetPayload:
                raise EncFail(f"a set payload must be a SetPayload, not {type(p).__name__}")
            out: list[Any] = []
            for e in p.elems:
                try:
                    if e.__class__ is Marked:
                        raise EncFail("a set element cannot be marked")
                    out.append(cse(e))
                except EncFail as f:
                    raise f.at(cty.IndexStep(make(ety, e))) from None
            return out
        return _slot(set_)
    if ty.is_map_type():
        cme = full_conv(ty.element_type())

        def map_(p: Any) -> Any:
            if p.__class__ is not dict:
                raise EncFail(f"a map payload must be a dict, not {type(p).__name__}")
            vals: list[Any] = []
            for k, e in p.items():
                try:
                    vals.append(cme(e))
                except EncFail as f:
                    raise f.at(key_step(k)) from None
            return [list(p), vals]
        return _slot(map_)
    if ty.is_object_type():
        attrs = tuple((k, full_conv(t)) for k, t in ty.attribute_types().items())
        names = [k for k, _ in attrs]

        def obj(p: Any) -> Any:
            if p.__class__ is not dict or list(p) != names:
                raise EncFail(f"an object payload must be a dict of the attributes {names}")
            out: list[Any] = []
            for k, c in attrs:
                try:
                    out.append(c(p[k]))
                except EncFail as f:
                    raise f.at(attr_step(k)) from None
            return out
        return _slot(obj)
    if ty.is_capsule_type():
        return _slot(lambda p: capsule_bytes(ty, p))
    raise EncodeError(Path(), f"gob cannot write values of type {ty!r}")


# --- entry point --------------------------------------------------------------------------------

ValueEncoder: TypeAlias = Callable[[Any, frozenset[Any]], bytes]
"""Returns the msgpack bytes of a value's slot, given its payload and top-level marks."""


def _encode_full(ty: Type, p: Any, marks: frozenset[Any]) -> bytes:
    conv = full_conv(ty)
    try:
        w = conv(Marked(p, marks) if marks else p)
    except EncFail as f:
        raise f.encode_error() from f.__cause__
    return _encode(_plain_encode, w)


@deep
def encode_payload(ty: Type, p: Any, marks: frozenset[Any]) -> bytes:
    """Return the msgpack bytes of the slot holding payload *p* of type *ty* with *marks*.

    Raises EncodeError (with the path of the culprit) for what gob cannot write. Values nested
    deeper than Python's recursion limit allows are encoded on a helper thread (cty._deep).
    """
    try:
        conv = fast_conv(ty)
        w = p if conv is None else conv(p)
        if marks:
            w = [MARK_TAG, marks_wire(marks), w]
        return _encode(_fast_encode, w)
    except RecursionError:
        raise
    except Exception:
        pass
    return _encode_full(ty, p, marks)


_value_encoders: PerType[ValueEncoder] = PerType("gob value encoders")


def value_encoder(ty: Type) -> ValueEncoder:
    """Return the encoder of values of *ty* (what encode_payload does, planned for *ty*)."""
    found = _value_encoders.get(ty)
    if found is not None:
        return found
    try:
        conv = fast_conv(ty)
    except RecursionError:  # a type too deep to plan here: encode_payload plans it deeply
        return lambda p, marks: encode_payload(ty, p, marks)

    def enc(p: Any, marks: frozenset[Any]) -> bytes:
        try:
            w = p if conv is None else conv(p)
            if marks:
                w = [MARK_TAG, marks_wire(marks), w]
            return _fast_encode(w)
        except Exception:
            pass
        return encode_payload(ty, p, marks)

    _value_encoders[ty] = enc
    return enc


full_conv: Final = per_type_planner(
    _plan_full, "gob converters", "full_conv",
    """Return the full converter of payloads of *ty* (explicit everywhere, with paths).""")
