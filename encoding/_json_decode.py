"""JSON decoding: msgspec parses the text, a planned decoder per type makes the payload.

msgspec.json decodes into dict, list, str, int, bool and None; every float literal comes to us
as its text (``float_hook``), so numbers are exact: a number is parsed from its literal at 512
bits, and a string slot given a number keeps the literal (``1.50`` stays ``"1.50"``). The one
literal msgspec reads into an int without keeping its text is ``-0``; input that may hold one
is parsed again with the standard library's json, which passes every number's text.

Decoding is go-cty's (cty/json's Unmarshal), lenient where it is: a JSON string for a number
or a bool, a number or a bool for a string, missing object attributes as nulls. As in the
msgpack decoders, a fixed type's decoder returns the payload and any other type's decoder
returns ``(type, payload)``; failures travel as Fail and collect their path.
"""

from __future__ import annotations

import json as _stdlib_json
import re
from collections.abc import Callable
from operator import lt as _lt
from typing import Any, Final

import msgspec

import cty
from cty import CtyValueError, GetAttrStep, IndexStep, PathStep, Type, normalize_string
from cty._internal import (
    EMPTY_SET,
    Dec,
    JSONHooks,
    SetPayload,
    VarDec,
    build_set_payload,
    go_quote,
    hop,
    in_deep_thread,
    index_step,
    json_loads_deep,
    json_repeats_dropped,
    plan_var,
    worth_generating,
)

from ._errors import DecodeError, Fail
from ._json_number import JNum
from ._json_number import parse as _parse
from ._json_number import parse_int as _parse_int
from ._json_type import type_from_tree
from ._msgpack_codegen import Check, object_decoder
from ._plans import GoVarFormat, planned_decoders

_DynamicPseudoType: Final = cty.DynamicPseudoType


_decoder: Final = msgspec.json.Decoder(float_hook=JNum)
_NEG_ZERO: Final = re.compile(rb"-0(?=[,\]} \t\n\r]|$)")
"""A "-0" that can be a whole number literal: what follows it in valid JSON ends a value."""
_SPACE: Final = b" \t\n\r"


def may_hold_negative_zero(raw: bytes) -> bool:
    """Return whether *raw* may hold the number literal -0: "-0" followed by the end of a
    value, where a value can start (at the start, or after "[", ":" or "," and white
    space; such a match inside a string is harmless).

    Names and ids hold "-0" by the thousand ("us-east-0", "i-0abc"), nearly always followed
    by a letter, digit or quote: the search passes over those in C, and only the rest are
    looked at here."""
    for m in _NEG_ZERO.finditer(raw):
        i = m.start() - 1
        while i >= 0 and raw[i] in _SPACE:
            i -= 1
        if i < 0 or raw[i] in b"[:,":
            return True
    return False


_TOKEN: Final = re.compile(rb'"(?:[^"\\]|\\.)*"|(?<![0-9.eE+-])(-?[0-9]{4000,})(?![0-9.eE])')
"""A JSON string (left alone) or an integer literal long enough to pass Python's int-to-str
limit of 4,300 digits (which msgspec refuses as "Integer value out of range")."""


def _retry_with_long_integers(data: bytes | bytearray | memoryview, e: msgspec.DecodeError) -> Any:
    """Decode *data* whose long integer literals msgspec refused, as JNum texts (go-cty reads
    numbers of any length); re-raise *e* as a DecodeError for any other failure."""
    if "Integer value out of range" in str(e):
        raw = _TOKEN.sub(lambda m: m[0] if m[1] is None else m[1] + b".0", bytes(data))
        try:
            return _decoder.decode(raw)
        except msgspec.DecodeError:
            pass
    raise DecodeError(_error_text(data, str(e)), offset=_offset(str(e))) from None


def _reject_constant(name: str) -> Any:
    raise CtyValueError(f"invalid JSON literal {name}")


def load(data: bytes | bytearray | memoryview | str) -> Any:
    """Return JSON *data* as Python objects (numbers as int or JNum); DecodeError if it is not
    exactly one JSON value in UTF-8."""
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            raise DecodeError("JSON text holds a lone surrogate: not valid Unicode") from None
    try:
        tree = _decoder.decode(data)
    except msgspec.DecodeError as e:
        if "UTF-8" in str(e):  # (msgspec 0.23 says so in a DecodeError, without the place)
            at = _invalid_utf8_offset(data)
            if at is not None:
                raise DecodeError("invalid UTF-8 in JSON string: cty strings are Unicode",
                                  offset=at) from None
        tree = _retry_with_long_integers(data, e)
    except UnicodeDecodeError:
        raise DecodeError("invalid UTF-8 in JSON string: cty strings are Unicode",
                          offset=_invalid_utf8_offset(data)) from None
    except RecursionError:
        if not in_deep_thread():
            raise
        raw = bytes(data)  # on a chain of cty._deep: deeper than msgspec may go
        return _load_deep(raw, b"-0" in raw and may_hold_negative_zero(raw))
    raw = bytes(data)
    if b"-0" in raw and may_hold_negative_zero(raw):
        # msgspec reads the literal -0 as the int 0; read again keeping every literal
        try:
            tree = _stdlib_json.loads(raw, parse_int=JNum, parse_float=JNum,
                                      parse_constant=_reject_constant)
        except RecursionError:
            if not in_deep_thread():
                raise
            tree = _load_deep(raw, True)
    return tree


def _load_deep(data: bytes | bytearray | memoryview, literals: bool) -> Any:
    """Return what load() returns (every number a JNum, given *literals*), for JSON nested
    deeper than msgspec may go on this thread (cty._deep)."""
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        raise DecodeError("invalid UTF-8 in JSON string: cty strings are Unicode",
                          offset=_invalid_utf8_offset(data)) from None
    hooks = JSONHooks(parse_int=JNum if literals else _int_literal, parse_float=JNum,
                      parse_constant=_reject_constant, lone_surrogates=False)
    try:
        return json_loads_deep(text, hooks)
    except _stdlib_json.JSONDecodeError as e:
        offset = len(text[:e.pos].encode("utf-8"))
        raise DecodeError(f"JSON is malformed: {e.msg} (byte {offset})", offset=offset) from None
    except ValueError as e:  # NaN or Infinity
        raise DecodeError(f"JSON is malformed: {e}") from None


def _int_literal(text: str) -> Any:
    """An integer literal as msgspec reads it here: an int, or (too long for str(), which
    msgspec refuses) the JNum of its digits, as _retry_with_long_integers gives."""
    digits = len(text) - (text[0] == "-")
    return JNum(text + ".0") if digits >= 4000 else int(text)


def repeats_dropped(data: bytes | bytearray | memoryview | str, tree: Any) -> bool:
    """Whether the JSON *data*, loaded as *tree*, named a key twice in an object (msgspec
    keeps the last entry and drops the others unread)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    return json_repeats_dropped(raw, tree, str)  # (a number literal, JNum, as a string)


def _invalid_utf8_offset(data: bytes | bytearray | memoryview) -> int | None:
    """The offset in *data* of its first byte that is not valid UTF-8 (msgspec's error counts
    from the start of the string, not of the text)."""
    try:
        bytes(data).decode("utf-8")
    except UnicodeDecodeError as e:
        return e.start
    return None


def _error_text(data: Any, message: str) -> str:
    if not bytes(data).strip():
        return "EOF"
    return message


_BYTE_OFFSET: Final = re.compile(r"\(byte (\d+)\)")


def _offset(message: str) -> int | None:
    m = _BYTE_OFFSET.search(message)
    return int(m.group(1)) if m else None


# --- primitives ------------------------------------------------------------------------------


def _nfc(s: str) -> str:
    return s if s.isascii() else normalize_string(s)


def _decode_string(x: Any) -> Any:
    c = x.__class__
    if c is str:
        return x if x.isascii() else normalize_string(x)
    if c is JNum:
        return str(x)
    if c is bool:
        return "true" if x else "false"
    if c is int:
        return str(x)
    if x is None:
        return None
    raise Fail("string is required")


def _decode_number(x: Any) -> Any:
    c = x.__class__
    if c is int:
        return _parse_int(x)
    if c is JNum or c is str:
        try:
            return _parse(x)
        except ValueError:
            raise Fail("a number is required") from None
    if x is None:
        return None
    raise Fail("number is required")


def _decode_bool(x: Any) -> Any:
    if x is True or x is False or x is None:
        return x
    if x.__class__ is str:
        s = _nfc(x)
        if s in ("true", "1"):
            return True
        if s in ("false", "0"):
            return False
        low = s.lower()
        if low in ("true", "false"):
            raise Fail(f'a bool is required; to convert from string, use lowercase "{low}"')
        raise Fail("a bool is required")
    raise Fail("bool is required")


# --- planning --------------------------------------------------------------------------------

def _plan_fixed(ty: Type) -> Dec:
    if ty is cty.String:
        return _decode_string
    if ty is cty.Number:
        return _decode_number
    if ty is cty.Bool:
        return _decode_bool
    if ty.is_list_type():
        return _list(fixed_decoder(ty.element_type()))
    if ty.is_set_type():
        return _set(ty.element_type(), fixed_decoder(ty.element_type()))
    if ty.is_map_type():
        return _map(fixed_decoder(ty.element_type()))
    if ty.is_object_type():
        return _object(ty)
    if ty.is_tuple_type():
        return _tuple(ty)
    if ty.is_capsule_type():
        return _capsule(ty)
    raise AssertionError(f"no JSON decoder for {ty!r}")  # pragma: no cover


def _locate(f: Callable[[Any], Any], items: list[Any]) -> None:
    for i, item in enumerate(items):
        try:
            f(item)
        except Fail as e:
            raise e.at(index_step(i)) from None


def _list(f: Dec) -> Dec:
    def dec(x: Any) -> Any:
        if x.__class__ is list:
            try:
                return tuple(map(f, x))
            except Fail:
                _locate(f, x)
                raise
        if x is None:
            return None
        raise Fail("missing expected [")

    return dec


def _set(ety: Type, f: Dec) -> Dec:
    step = IndexStep(cty.unknown_val(ety))
    strings = ety is cty.String

    def dec(x: Any) -> Any:
        if x.__class__ is list:
            if not x:
                return EMPTY_SET
            if strings and _sorted_ascii_strings(x):
                return SetPayload(tuple(x))
            try:
                return build_set_payload(ety, list(map(f, x)))
            except Fail as e:
                raise e.at(step) from None
        if x is None:
            return None
        raise Fail("missing expected [")

    return dec


def _sorted_ascii_strings(x: list[Any]) -> bool:
    """Return whether *x* holds only ASCII str (not number literals, a str subclass), each
    above the one before."""
    try:
        return "".join(x).isascii() and {*map(type, x)} <= _STR and all(map(_lt, x, x[1:]))
    except TypeError:
        return False


_STR: Final = {str}


def _items(x: dict[str, Any], check: Callable[[Any], Any]) -> dict[str, Any]:
    """Return the entries of a JSON object under NFC keys, sorted; a later key wins, and the
    entry it replaces must pass *check* (go-cty decodes it before replacing it)."""
    keys = list(x)
    joined = "".join(keys)
    if not joined.isascii():
        out: dict[str, Any] = {}
        for k, v in x.items():
            nk = _nfc(k)
            if nk in out:
                try:
                    check(out.pop(nk))
                except Fail as e:
                    raise e.at(IndexStep(cty.string_val(nk))) from None
            out[nk] = v
        x = out
        keys = list(x)
    if keys != sorted(keys):
        return {k: x[k] for k in sorted(keys)}
    return x


def _map(f: Dec) -> Dec:
    def dec(x: Any) -> Any:
        if x.__class__ is dict:
            items = _items(x, f)
            try:
                return {k: f(v) for k, v in items.items()}
            except Fail:
                for k, v in items.items():
                    try:
                        f(v)
                    except Fail as e:
                        raise e.at(IndexStep(cty.string_val(k))) from None
                raise
        if x is None:
            return None
        raise Fail("missing expected {")

    return dec


def _object_entries(names: dict[str, Any], x: dict[str, Any]) -> dict[str, Any]:
    """Return *x*, refusing a name the object type lacks.

    As in go-cty, a key is looked up as written: attribute names are NFC, so a key spelled in
    another normal form is an unsupported attribute, not an alias.
    """
    for k in x:
        if k not in names:
            raise Fail(f"unsupported attribute {_quote(k)}")
    return x


def _quote(s: str) -> str:
    return go_quote(s)


def _object(ty: Type) -> Dec:
    attrs = ty.attribute_types()
    pairs = tuple((k, fixed_decoder(t)) for k, t in attrs.items())
    names = dict(pairs)

    def slow(x: Any) -> Any:
        if x.__class__ is dict:
            items = _object_entries(names, x)
            out = {}
            for k, f in pairs:
                v = items.get(k)
                try:
                    out[k] = f(v)
                except Fail as e:
                    raise e.at(GetAttrStep(k)) from None
            return out
        if x is None:
            return None
        raise Fail("missing expected {")

    if not pairs or not worth_generating(len(pairs)):
        return slow
    return object_decoder([(k, _check_of(t), f) for (k, f), t in zip(pairs, attrs.values(),
                                                                       strict=True)], slow, Fail,
                          exact_str=True)


def _check_of(t: Type) -> Check:
    if t is cty.String:
        return "str"
    if t is cty.Number:
        return "jnum"
    if t is cty.Bool:
        return "bool"
    if t is _LIST_STRING:
        return "liststr"
    if t is _SET_STRING:
        return "setstr"
    if t is _MAP_STRING:
        return "mapstr"
    return "call"


_LIST_STRING: Final = cty.List(cty.String)
_SET_STRING: Final = cty.Set(cty.String)
_MAP_STRING: Final = cty.Map(cty.String)


def _tuple(ty: Type) -> Dec:
    fs = tuple(fixed_decoder(t) for t in ty.tuple_element_types())
    n = len(fs)

    def dec(x: Any) -> Any:
        if x.__class__ is list:
            _tuple_length(n, len(x))
            out = []
            for i, (f, item) in enumerate(zip(fs, x, strict=True)):
                try:
                    out.append(f(item))
                except Fail as e:
                    raise e.at(index_step(i)) from None
            return tuple(out)
        if x is None:
            return None
        raise Fail("missing expected [")

    return dec


def _tuple_length(n: int, given: int) -> None:
    if given > n:
        raise Fail(f"too many tuple elements (need {n})")
    if given < n:
        raise Fail(f"not enough tuple elements (need {n})")


def _capsule(ty: Type) -> Dec:
    native = ty.encapsulated_type()

    def dec(x: Any) -> Any:
        if x is None:
            return None
        try:
            return msgspec.convert(_plain(x), native)
        except (msgspec.ValidationError, TypeError, ValueError) as e:
            raise Fail(str(e)) from None

    return dec


@hop  # (it recurses: any depth)
def _plain(x: Any) -> Any:
    """Return decoded JSON with number literals as Python numbers (for capsule types)."""
    c = x.__class__
    if c is JNum:
        try:
            return int(x)
        except ValueError:
            return float(x)
    if c is list:
        return [_plain(e) for e in x]
    if c is dict:
        return {k: _plain(v) for k, v in x.items()}
    return x


# --- variable types --------------------------------------------------------------------------


class _JSONVar(GoVarFormat):
    """JSON's leaves of the shared variable-type plan (cty._var_plan)."""

    def dynamic(self, x: Any) -> tuple[Type, Any]:
        if x is None:
            return _DynamicPseudoType, None
        if x.__class__ is not dict:
            raise Fail("missing expected {")
        t: Type | None = None
        has_value = False
        value: Any = None
        for k, v in x.items():
            if k == "type":
                try:
                    t = type_from_tree(v)
                except DecodeError as e:
                    raise Fail(f"failed to decode type for dynamic value: {e.message}") from None
            elif k == "value":
                has_value = True
                value = v
            else:
                raise Fail(f"invalid key {_quote(k)} in dynamically-typed value")
        if t is None:
            raise Fail("missing type in dynamically-typed value")
        if not has_value:
            raise Fail("missing value in dynamically-typed value")
        return var_decoder(t)(value)

    def other(self, ty: Type, x: Any, kind: str) -> tuple[Type, Any]:
        if x is None:
            return ty, None
        raise Fail("missing expected {" if kind in ("map", "object") else "missing expected [")

    def open_map(self, f: VarDec, x: Any) -> dict[str, Any] | None:
        return _items(x, f) if x.__class__ is dict else None

    def open_object(self, ty: Type, decoders: dict[str, VarDec], x: Any
                    ) -> dict[str, Any] | None:
        return _object_entries(decoders, x) if x.__class__ is dict else None

    def open_tuple(self, n: int, x: Any) -> list[Any] | None:
        if x.__class__ is not list:
            return None
        _tuple_length(n, len(x))
        return x

    def sequence_step(self, ty: Type) -> Callable[[int], PathStep]:
        if ty.is_set_type():  # (go-cty's path to a set element: the unknown of its type)
            step = IndexStep(cty.unknown_val(ty.element_type()))
            return lambda i: step
        return index_step


def _plan_var(ty: Type) -> VarDec:
    return plan_var(ty, _VAR)  # (_VAR: defined after the planners)


# --- implied types ---------------------------------------------------------------------------


class _Pairs(list[tuple[str, Any]]):
    """A JSON object as its (key, value) pairs in order, duplicates kept."""


def implied_type(data: bytes | bytearray | memoryview | str) -> Type:
    """Return go-cty's JSON ImpliedType of *data*: objects are object types, arrays tuple
    types, null dynamic. Raises DecodeError for malformed JSON and for a property repeated
    with another type."""
    load(data)  # msgspec checks the syntax, strictly
    raw = data if isinstance(data, str) else bytes(data).decode("utf-8")
    try:
        tree = _stdlib_json.loads(raw, object_pairs_hook=_Pairs, parse_int=JNum,
                                  parse_float=JNum, parse_constant=_reject_constant)
    except RecursionError:
        if not in_deep_thread():
            raise
        tree = json_loads_deep(raw, JSONHooks(parse_int=JNum, parse_float=JNum,
                                              parse_constant=_reject_constant,
                                              object_pairs_hook=_Pairs))
    try:
        return _implied(tree)
    except Fail as e:
        raise e.decode_error() from None
    except RecursionError:
        if not in_deep_thread():
            raise
        raise DecodeError("JSON nested too deeply") from None


@hop  # (it recurses: any depth)
def _implied(x: Any) -> Type:
    c = x.__class__
    if x is None:
        return _DynamicPseudoType
    if c is bool:
        return cty.Bool
    if c is JNum:
        return cty.Number
    if c is str:
        return cty.String
    if c is _Pairs:
        attrs: dict[str, Type] = {}
        for k, v in x:
            t = _implied(v)
            existing = attrs.get(k)
            if existing is not None and existing is not t:
                raise Fail(f"duplicate {_quote(k)} property in JSON object")
            attrs[k] = t
        norm: dict[str, Type] = {}
        for k, t in attrs.items():
            nk = _nfc(k)
            norm.pop(nk, None)
            norm[nk] = t
        return cty.Object(norm)
    if c is list:
        return cty.Tuple([_implied(e) for e in x])
    raise AssertionError(f"unexpected JSON value {x!r}")  # pragma: no cover


# --- the planners' caches (encoding._plans) ------------------------------------------------

fixed_decoder: Callable[[Type], Dec] = planned_decoders(
    _plan_fixed, "fixed_decoder",
    "Return the decoder of the fixed type *ty* (planned once, cached).")
var_decoder: Callable[[Type], VarDec] = planned_decoders(
    _plan_var, "var_decoder", "Return the (type, payload) decoder of *ty* (planned once, cached).")
_VAR: Final = _JSONVar(fixed_decoder, var_decoder)
