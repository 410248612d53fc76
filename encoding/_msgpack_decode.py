"""msgpack decoding: msgspec reads the bytes, a planned decoder per type makes the payload.

msgspec.msgpack.decode gives plain Python objects (None, bool, int, float, str, bytes, list,
dict, Ext); the decoder planned for the wanted type checks them and turns them into payloads
(docs/design/payloads.md) in one pass: no Value per element.

Two families of decoders. For a *fixed* type (no DynamicPseudoType and no optional attribute
anywhere) the result's type is the wanted type, and a decoder returns the payload. For any other
type the result's type depends on the data, as go-cty builds it with its constructors (the
concrete type of a dynamic value; a known object's type without optional markers; a list's
element type taken from its elements), and a decoder returns ``(type, payload)``.

A decoder raises Fail; each container on the way out adds its step to the path.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime
from operator import lt as _lt
from typing import Any, Final

import msgspec
from msgspec.msgpack import Ext

import cty
from cty import IndexStep, PathStep, Type, normalize_string
from cty._internal import (
    EMPTY_SET,
    UNKNOWN,
    Dec,
    SetPayload,
    VarDec,
    build_set_payload,
    deep,
    in_deep_thread,
    index_step,
    key_step,
    plan_var,
    worth_generating,
)

from ._errors import DecodeError, Fail
from ._json_number import from_float as _from_float
from ._json_number import parse as _parse
from ._json_type import type_from_json
from ._msgpack_codegen import Check, object_decoder
from ._msgpack_reader import DupDict, ReaderError, read
from ._msgpack_refinement import decode_unknown
from ._plans import GoVarFormat, planned_decoders

_msgspec_decode: Final = msgspec.msgpack.decode
_reencode: Final = msgspec.msgpack.Encoder().encode
_DynamicPseudoType: Final = cty.DynamicPseudoType
_String: Final = cty.String


# --- bytes to Python objects ---------------------------------------------------------------


def load(data: bytes | bytearray | memoryview, ty: Type | None) -> Any:
    """Return the msgpack document *data* as Python objects.

    Raises DecodeError, with the byte offset and (given the wanted type *ty*) the path, for
    malformed msgpack: truncated data, trailing bytes, bad codes, invalid UTF-8, declared
    lengths longer than the data.
    """
    try:
        tree = _msgspec_decode(data)
    except RecursionError:  # in a chain of cty._deep, the Python reader below can go deeper
        if not in_deep_thread():
            raise
    except (msgspec.DecodeError, ValueError, OverflowError):
        pass
    else:
        # msgspec keeps the last of duplicate map keys and drops the others unseen. Encoding
        # the objects again gives the input back exactly when nothing was dropped (and the
        # input is in the canonical form go-cty writes); otherwise the Python reader decides.
        if _reencode(tree) == data:
            return tree
    # msgspec refused (or may have dropped entries): read again in Python to say where, or to
    # accept what go-cty accepts and msgspec does not (an extension of code -1 that is not a
    # timestamp, a float32, a non-minimal header)
    raw = bytes(data)
    try:
        return read(raw)
    except ReaderError as e:
        path = spath_to_path(ty, e.spath) if ty is not None else cty.Path()
        raise DecodeError(e.message, path=path, offset=e.offset) from None
    except RecursionError:
        if not in_deep_thread():
            raise
        raise DecodeError("data nested too deeply") from None


_MAX_ARRAY: Final = 1 << 32
"""msgpack arrays hold fewer elements than this: a larger "index" is a map's int key."""


def spath_to_path(ty: Type, spath: list[Any]) -> cty.Path:
    """Return the cty path that array indices and map keys *spath* lead to within *ty*."""
    steps: list[cty.PathStep] = []
    for s in spath:
        if ty.is_list_type() or ty.is_set_type():
            if s.__class__ is not int or not 0 <= s < _MAX_ARRAY:  # (an int map key, say)
                break
            steps.append(index_step(s))
            ty = ty.element_type()
        elif ty.is_tuple_type():
            etys = ty.tuple_element_types()
            if s.__class__ is not int or not 0 <= s < len(etys):
                break
            steps.append(index_step(s))
            ty = etys[s]
        elif ty.is_map_type() or ty.is_object_type():
            key = _key_text(s)
            if key is None:
                break
            steps.append(IndexStep(cty.string_val(key)))
            if ty.is_map_type():
                ty = ty.element_type()
            elif ty.has_attribute(key):
                ty = ty.attribute_type(key)
            else:
                break
        else:
            break
    return cty.Path(steps)


def _key_text(k: Any) -> str | None:
    if k.__class__ is str:
        return k
    if k.__class__ is bytes:
        try:
            return k.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return None


# --- the shared cases: null, unknown, wrong kind ---------------------------------------------


def _other(ty: Type, x: Any, required: str) -> Any:
    """Return the payload for a null or an extension; raise Fail(*required*) otherwise."""
    if x is None:
        return None
    c = x.__class__
    if c is Ext:
        return decode_unknown(ty, x, _decode_number)
    if c is datetime:
        # msgspec reads extension -1 as a timestamp; go-cty reads no extension but 0 and 12
        raise Fail("unsupported extension type 0xff (a msgpack timestamp)")
    raise Fail(required)


# --- primitives ------------------------------------------------------------------------------


def _nfc(s: str) -> str:
    return s if s.isascii() else normalize_string(s)


def _utf8(b: bytes) -> str:
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Fail(f"invalid UTF-8 at byte {e.start} of a string: cty strings are Unicode")\
            from None


def _decode_string(x: Any) -> Any:
    if x.__class__ is str:
        return x if x.isascii() else normalize_string(x)
    if x.__class__ is bytes:
        return _nfc(_utf8(x))
    return _other(_String, x, "string is required")


def _decode_number(x: Any) -> Any:
    c = x.__class__
    if c is int:
        return x
    if c is float:
        if math.isnan(x):
            raise Fail("number is required (NaN is not a number)")
        return _from_float(x)
    if c is str or c is bytes:
        text = x if c is str else _utf8(x)
        try:
            return _parse(text)
        except ValueError:
            raise Fail("number is required") from None
    return _other(cty.Number, x, "number is required")


def _decode_bool(x: Any) -> Any:
    if x is True or x is False:
        return x
    return _other(cty.Bool, x, "bool is required")


# --- planning ----------------------------------------------------------------------------


def _plan_fixed(ty: Type) -> Dec:
    if ty is _String:
        return _decode_string
    if ty is cty.Number:
        return _decode_number
    if ty is cty.Bool:
        return _decode_bool
    if ty.is_list_type():
        return _list(ty, fixed_decoder(ty.element_type()))
    if ty.is_set_type():
        return _set(ty, fixed_decoder(ty.element_type()))
    if ty.is_map_type():
        return _map(ty, fixed_decoder(ty.element_type()))
    if ty.is_object_type():
        return _object(ty)
    if ty.is_tuple_type():
        return _tuple(ty)
    return _unsupported(ty)


def _unsupported(ty: Type) -> Dec:
    message = f"unsupported type {ty.friendly_name()}"

    def dec(x: Any) -> Any:
        return _other(ty, x, message)

    return dec


def _list(ty: Type, f: Dec) -> Dec:
    strings = f is _decode_string

    def dec(x: Any) -> Any:
        if x.__class__ is list:
            if strings and _ascii_strs(x):
                return tuple(x)
            try:
                return tuple(map(f, x))
            except Fail:
                _locate(f, x)
                raise
        return _other(ty, x, "a list is required")

    return dec


def _ascii_strs(items: Any) -> bool:
    """Return whether *items* are all ASCII str (so NFC already): one C-level pass."""
    try:
        return "".join(items).isascii()
    except TypeError:
        return False


def _locate(f: Dec, items: list[Any]) -> None:
    """Decode *items* again one by one, adding the index of the failing one to its Fail."""
    for i, item in enumerate(items):
        try:
            f(item)
        except Fail as e:
            raise e.at(index_step(i)) from None


def _set(ty: Type, f: Dec) -> Dec:
    ety = ty.element_type()
    strings = ety is _String

    def dec(x: Any) -> Any:
        if x.__class__ is list:
            if not x:
                return EMPTY_SET
            if strings and _ascii_strs(x) and all(map(_lt, x, x[1:])):
                return SetPayload(tuple(x))
            try:
                elems = list(map(f, x))
            except Fail:
                _locate(f, x)
                raise
            if strings and _strictly_sorted_strings(elems):
                return SetPayload(tuple(elems))
            return build_set_payload(ety, elems)
        return _other(ty, x, "a set is required")

    return dec


def _strictly_sorted_strings(elems: list[Any]) -> bool:
    """Return whether *elems* are all str, without duplicates, already in go-cty's order."""
    try:
        return all(map(_lt, elems[:-1], elems[1:])) and elems[-1].__class__ is str
    except TypeError:
        return False


def _map_keys(x: dict[Any, Any]) -> list[str] | None:
    """Return the keys of *x* if they are ASCII str (the fast case), else None."""
    try:
        joined = "".join(x)
    except TypeError:
        return None
    if not joined.isascii():
        return None
    return list(x)


def _normalised_items(x: dict[Any, Any], check: Callable[[Any], Any]) -> dict[str, Any]:
    """Return *x*'s entries under NFC str keys (the slow case), later entries winning; an
    entry a later one replaces must pass *check* (go-cty decodes it before replacing it)."""
    out: dict[str, Any] = {}
    for k, v in x.items():
        if k.__class__ is str:
            nk = _nfc(k)
        elif k.__class__ is bytes:
            nk = _nfc(_utf8(k))
        else:
            raise Fail(f"map keys must be strings, not {_kind(k)}")
        if nk in out:
            try:
                check(out.pop(nk))
            except Fail as e:
                raise e.at(IndexStep(cty.string_val(nk))) from None
        out[nk] = v
    return out


def _kind(x: Any) -> str:
    if x is None:
        return "nil"
    if x.__class__ in (list, tuple):
        return "an array"
    if x.__class__ is dict:
        return "a map"
    return type(x).__name__


def _map(ty: Type, f: Dec) -> Dec:
    strings = f is _decode_string

    def dec(x: Any) -> Any:
        if x.__class__ is dict:
            keys = _map_keys(x)
            if keys is not None:
                in_order = all(map(_lt, keys[:-1], keys[1:]))
                if strings and in_order and _ascii_strs(x.values()):
                    return x  # freshly decoded and already a valid payload
                try:
                    if in_order:
                        return {k: f(v) for k, v in x.items()}
                    return {k: f(x[k]) for k in sorted(keys)}
                except Fail:
                    pass
            return _map_slow(f, x)
        if x.__class__ is DupDict:
            _check_shadowed(f, x)
            return _map_slow(f, x)
        return _other(ty, x, "a map is required")

    return dec


def _check_shadowed(f: Callable[[Any], Any], x: DupDict) -> None:
    """Decode the entries a repeated key hid, as go-cty does before keeping the last one."""
    for k, v in x.shadowed:
        try:
            f(v)
        except Fail as e:
            key = _key_text(k)
            raise e.at(IndexStep(cty.string_val(key if key is not None else "?"))) from None


def _check_object_dups(n: int, x: DupDict) -> None:
    if x.declared != n:
        raise Fail(f"an object with {n} attributes is required ({x.declared} given)")
    k = x.shadowed[0][0]
    raise Fail(f"attribute {k!r} given more than once")


def _map_slow(f: Dec, x: dict[Any, Any]) -> dict[str, Any]:
    items = _normalised_items(x, f)
    out = {}
    for k in sorted(items):
        try:
            out[k] = f(items[k])
        except Fail as e:
            raise e.at(IndexStep(cty.string_val(k))) from None
    return out


def _object(ty: Type) -> Dec:
    attrs = ty.attribute_types()
    n = len(attrs)
    pairs = tuple((k, fixed_decoder(t)) for k, t in attrs.items())

    def slow(x: Any) -> Any:
        if x.__class__ is dict:
            if len(x) == n:
                return _object_slow(n, pairs, x)
            raise Fail(f"an object with {n} attributes is required ({len(x)} given)")
        if x.__class__ is DupDict:
            _check_object_dups(n, x)
        return _other(ty, x, "an object is required")

    if n == 0 or not worth_generating(n):
        return slow
    return object_decoder([(k, _check_of(t), f) for (k, f), t in zip(pairs, attrs.values(),
                                                                       strict=True)], slow, Fail)


def _check_of(t: Type) -> Check:
    if t is _String:
        return "str"
    if t is cty.Number:
        return "num"
    if t is cty.Bool:
        return "bool"
    if t is _LIST_STRING:
        return "liststr"
    if t is _SET_STRING:
        return "setstr"
    if t is _MAP_STRING:
        return "mapstr"
    return "call"


_LIST_STRING: Final = cty.List(_String)
_SET_STRING: Final = cty.Set(_String)
_MAP_STRING: Final = cty.Map(_String)


def _object_items(n: int, names: dict[str, Any], x: dict[Any, Any]) -> dict[str, Any]:
    """Return the entries of *x* checked against the attribute names, or raise Fail.

    As in go-cty, a key is looked up as written: attribute names are NFC, so a key spelled in
    another normal form is an unsupported attribute (its path shows it normalised, as go-cty's).
    """
    items: dict[str, Any] = {}
    for k, v in x.items():
        if k.__class__ is str:
            nk = k
        elif k.__class__ is bytes:
            nk = _utf8(k)
        else:
            raise Fail("all keys must be strings")
        if nk not in names:
            raise Fail("unsupported attribute").at(IndexStep(cty.string_val(nk)))
        items.pop(nk, None)
        items[nk] = v
    if len(items) != n:
        raise Fail(f"an object with {n} attributes is required ({len(items)} given)")
    return items


def _object_slow(n: int, pairs: tuple[tuple[str, Dec], ...], x: dict[Any, Any]) -> Any:
    items = _object_items(n, dict(pairs), x)
    out = {}
    for k, f in pairs:
        try:
            out[k] = f(items[k])
        except Fail as e:
            raise e.at(IndexStep(cty.string_val(k))) from None
    return out


def _tuple(ty: Type) -> Dec:
    fs = tuple(fixed_decoder(t) for t in ty.tuple_element_types())
    n = len(fs)

    def dec(x: Any) -> Any:
        if x.__class__ is list:
            if len(x) != n:
                raise Fail(f"a tuple of length {n} is required")
            out = []
            for i, (f, item) in enumerate(zip(fs, x, strict=True)):
                try:
                    out.append(f(item))
                except Fail as e:
                    raise e.at(index_step(i)) from None
            return tuple(out)
        return _other(ty, x, "a tuple is required")

    return dec


# --- variable types ----------------------------------------------------------------------


class _MsgpackVar(GoVarFormat):
    """msgpack's leaves of the shared variable-type plan (cty._var_plan)."""

    def dynamic(self, x: Any) -> tuple[Type, Any]:
        if x.__class__ is list:
            if len(x) != 2:
                raise Fail("dynamic value array must have exactly two elements")
            tj = x[0]
            if tj is None:
                tj = b""
            if tj.__class__ is not bytes and tj.__class__ is not str:
                raise Fail("the type of a dynamic value must be JSON in a bin or str")
            try:
                t = type_from_json(tj)
            except DecodeError as e:
                raise Fail(f"invalid type of dynamic value: {e.message}") from None
            return var_decoder(t)(x[1])
        if x is None:
            return _DynamicPseudoType, None
        return _DynamicPseudoType, _other(_DynamicPseudoType, x,
                                          "a dynamic value array is required")

    def other(self, ty: Type, x: Any, kind: str) -> tuple[Type, Any]:
        return ty, _other(ty, x, f"an {kind} is required" if kind == "object"
                          else f"a {kind} is required")

    def open_map(self, f: VarDec, x: Any) -> dict[str, Any] | None:
        if x.__class__ is DupDict:
            _check_shadowed(f, x)
        elif x.__class__ is not dict:
            return None
        items = _normalised_items(x, f)
        return {k: items[k] for k in sorted(items)}

    def open_object(self, ty: Type, decoders: dict[str, VarDec], x: Any
                    ) -> dict[str, Any] | None:
        if x.__class__ is DupDict:
            _check_object_dups(len(decoders), x)
        if x.__class__ is not dict:
            return None
        n = len(decoders)
        if len(x) != n:
            raise Fail(f"an object with {n} attributes is required ({len(x)} given)")
        return _object_items(n, decoders, x)

    def open_tuple(self, n: int, x: Any) -> list[Any] | None:
        if x.__class__ is not list:
            return None
        if len(x) != n:
            raise Fail(f"a tuple of length {n} is required")
        return x

    def attr_step(self, name: str) -> PathStep:
        return key_step(name)  # (go-cty's msgpack path to an attribute)


def _plan_var(ty: Type) -> VarDec:
    return plan_var(ty, _VAR)  # (_VAR: defined after the planners)


# --- implied types -----------------------------------------------------------------------


@deep
def implied_type(x: Any) -> Type:
    """Return go-cty's msgpack ImpliedType of decoded msgpack *x*; raise Fail for bin data
    or non-string map keys."""
    c = x.__class__
    if x is None or c is Ext or c is datetime:
        return _DynamicPseudoType
    if c is bool:
        return cty.Bool
    if c is int or c is float:
        return cty.Number
    if c is str:
        return _String
    if c is DupDict:
        _check_shadowed(implied_type, x)
        c = dict
    if c is dict:
        attrs: dict[str, Type] = {}
        for k, v in x.items():
            if k.__class__ is str:
                name = _nfc(k)
            elif k.__class__ is bytes:
                name = _nfc(_utf8(k))
            else:
                raise Fail(f"map keys must be strings, not {_kind(k)}")
            try:
                t = implied_type(v)
            except Fail as e:
                raise e.at(IndexStep(cty.string_val(name))) from None
            attrs.pop(name, None)
            attrs[name] = t
        return cty.Object(attrs)
    if c is list:
        types = []
        for i, item in enumerate(x):
            try:
                types.append(implied_type(item))
            except Fail as e:
                raise e.at(index_step(i)) from None
        return cty.Tuple(types)
    if c is bytes:
        # go-cty's message names the bin header code it met
        code = 0xC4 if len(x) < 0x100 else 0xC5 if len(x) < 0x10000 else 0xC6
        raise Fail(f"unsupported msgpack code 0x{code:02x}")
    raise Fail(f"unsupported msgpack value {type(x).__name__}")  # pragma: no cover


__all__ = ["UNKNOWN", "fixed_decoder", "implied_type", "load", "var_decoder"]


# --- the planners' caches (encoding._plans) ------------------------------------------------

fixed_decoder: Callable[[Type], Dec] = planned_decoders(
    _plan_fixed, "fixed_decoder",
    "Return the decoder of the fixed type *ty* (planned once, cached).")
var_decoder: Callable[[Type], VarDec] = planned_decoders(
    _plan_var, "var_decoder", "Return the (type, payload) decoder of *ty* (planned once, cached).")
_VAR: Final = _MsgpackVar(fixed_decoder, var_decoder)
