"""go-cty's JSON form of types (``cty.Type``'s MarshalJSON and UnmarshalJSON).

A type is written as ``"string"``, ``"number"``, ``"bool"`` or ``"dynamic"``, or as a JSON array
naming its kind: ``["list",T]``, ``["set",T]``, ``["map",T]``, ``["tuple",[T,...]]``,
``["object",{"name":T,...}]``, and ``["object",{...},["name",...]]`` for an object type with
optional attributes. Capsule types have no JSON form.

`type_to_json` writes the bytes Go's ``json.Marshal`` writes: compact, object keys sorted, optional
attribute names sorted, and Go's string escapes (``<``, ``>``, ``&``, U+2028 and U+2029 as
``\\u`` escapes).

`type_from_json` reads what go-cty's ``Type.UnmarshalJSON`` reads and fails where it fails, with
its error texts. Well-formed JSON is parsed by msgspec; only input that msgspec refuses goes
through the library's one Go JSON scanner (`cty._go_json`), for the errors of Go's streaming
``json.Decoder`` ("expected comma after array element", "unexpected EOF", "invalid character
..."). Where go-cty is lenient by accident we are strict, deliberately:

* data after a complete type description is refused even when it starts with ``]`` or ``}``
  (go-cty's check for extra data overlooks those two characters);
* an optional-attribute list naming an attribute the object does not declare is a
  `TypeJSONError` (go-cty panics);
* two attribute names that are equal after NFC normalisation are a `TypeJSONError` (go-cty
  keeps one of them, chosen by Go's random map order);
* an attribute named twice with the very same spelling keeps the last one, as in Go, but only
  the last one's type description is checked (go-cty also checks the earlier ones).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any, Final

import msgspec

from ._caches import Interned, PerType
from ._collection_types import List, Map, Set
from ._deep import deep, hop
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError, CtyValueError
from ._go_json import (
    MAX_NESTING,
    Delim,
    GoJSONDecoder,
    GoJSONError,
    NumberToken,
    byte_offset,
    deeper_than,
)
from ._gostrconv import go_quote
from ._json_repeats import repeats_dropped
from ._msgspec_deep import JSONHooks, json_loads_deep
from ._primitive_type import Bool, Number, String
from ._strings import normalize_string
from ._structural_types import Object, ObjectWithOptionalAttrs, Tuple
from ._type import Type, brief

__all__ = ["TypeJSONError", "type_from_json", "type_to_json"]


class TypeJSONError(CtyValueError):
    """A type description that go-cty's ``Type.UnmarshalJSON`` would refuse.

    ``str(e)`` and ``e.message`` are go-cty's (or Go's encoding/json's) text, word for word;
    ``e.offset`` is the byte offset in the input where the problem was found, or None when it
    concerns a whole value rather than one position.
    """

    def __init__(self, message: str, offset: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (TypeJSONError, (self.message, self.offset))


# --- writing ---------------------------------------------------------------------------------

_PRIMITIVE_NAMES: dict[Type, str] = {
    String: '"string"',
    Number: '"number"',
    Bool: '"bool"',
    DynamicPseudoType: '"dynamic"',
}
_PRIMITIVES: dict[str, Type] = {name.strip('"'): t for t, name in _PRIMITIVE_NAMES.items()}

# Characters Go's encoding/json writes as they are: printable ASCII but '"', '\\', '<', '>', '&'.
_PLAIN = frozenset(chr(c) for c in range(0x20, 0x7F)) - frozenset('"\\<>&')
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
            "\b": "\\b", "\f": "\\f",  # (Go 1.22 on)
            "<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
            "\u2028": "\\u2028", "\u2029": "\\u2029"}


def go_json_string(s: str) -> str:
    """Return *s* as a JSON string literal written the way Go's encoding/json writes it."""
    if _PLAIN.issuperset(s):
        return '"' + s + '"'
    out = ['"']
    for c in s:
        esc = _ESCAPES.get(c)
        if esc is not None:
            out.append(esc)
        elif c < " ":
            out.append(f"\\u{ord(c):04x}")
        elif "\ud800" <= c <= "\udfff":
            out.append("\\ufffd")  # not a Unicode scalar value: Go writes the replacement char
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


@deep  # (it recurses: any depth)
def _write(t: Type) -> str:
    name = _PRIMITIVE_NAMES.get(t)
    if name is not None:
        return name
    if t.is_list_type():
        return '["list",' + _write(t.element_type()) + "]"
    if t.is_set_type():
        return '["set",' + _write(t.element_type()) + "]"
    if t.is_map_type():
        return '["map",' + _write(t.element_type()) + "]"
    if t.is_tuple_type():
        return '["tuple",[' + ",".join([_write(e) for e in t.tuple_element_types()]) + "]]"
    if t.is_object_type():
        attrs = ",".join([go_json_string(k) + ":" + _write(a)
                          for k, a in sorted(t.attribute_types().items())])
        optional = t.optional_attributes()
        if not optional:
            return '["object",{' + attrs + "}]"
        names = ",".join([go_json_string(k) for k in sorted(optional)])
        return '["object",{' + attrs + "},[" + names + "]]"
    if t.is_capsule_type():
        raise CtyValueError(f"type not allowed: {t.friendly_name()}")
    raise CtyTypeError(f"{t!r} is not a type go-cty can describe in JSON")


_written: PerType[bytes] = PerType("type JSON written")


def type_to_json(t: Type) -> bytes:
    """Return go-cty's JSON description of *t*, byte for byte as Go's ``json.Marshal`` writes it.

    >>> type_to_json(cty.Object({"b": cty.String, "a": cty.List(cty.Number)}))
    b'["object",{"a":["list","number"],"b":"string"}]'

    Raises ValueError ("type not allowed: <name>") for a type that is or holds a capsule type,
    and TypeError when *t* is not a cty type.
    """
    if not isinstance(t, Type):
        raise CtyTypeError(f"type_to_json needs a cty.Type, not {brief(t)}")
    found = _written.get(t)
    if found is not None:
        return found
    text = _write_deep(t)
    out = text.encode("utf-8")
    _written[t] = out
    return out


# --- reading: the meaning of a well-formed description ---------------------------------------


class _Number:
    """A JSON number literal, kept as its text (Go decodes it to float64 only when asked)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


_decode: Callable[[bytes], Any] = msgspec.json.Decoder(float_hook=_Number).decode

class _Repeats(dict[str, Any]):
    """A JSON object that named a key more than once: the last value of each key, and
    ``pairs``, every (key, value) entry in the order written (Go decodes each of them)."""

    pairs: list[tuple[str, Any]]


_KIND_WORDS = {str: "string", bool: "bool", int: "number", _Number: "number", list: "array",
               dict: "object", _Repeats: "object"}

_NOT_A_KIND = "invalid complex type kind name"
_EXTRA_DATA = "unexpected extra data in type description"
_NO_COMMA = "expected comma after array element"


def _kind_word(x: Any) -> str:
    """Return the word Go's encoding/json uses for the JSON kind of a decoded value."""
    return _KIND_WORDS[type(x)]


def _as_any(x: Any) -> None:
    """Check what Go's Decoder does when it decodes scalar *x* into an ``interface{}``.

    Numbers become float64 then, and one too large for a float64 is an error.
    """
    if type(x) is _Number:
        if math.isinf(float(x.text)):
            raise TypeJSONError(
                f"json: cannot unmarshal number {x.text} into Go value of type float64")
    elif type(x) is int:
        try:
            float(x)
        except OverflowError:
            raise TypeJSONError(
                f"json: cannot unmarshal number {x} into Go value of type float64") from None


@hop  # (it recurses: any depth)
def _type_of(x: Any) -> Type:
    """Return the type a complete, well-formed JSON value describes (``Type.UnmarshalJSON``)."""
    if type(x) is str:
        return _primitive(x)
    if type(x) is list:
        return _complex(x)
    if isinstance(x, dict):
        raise TypeJSONError("invalid complex type description")
    _as_any(x)
    raise TypeJSONError("invalid type description")


def _primitive(name: str) -> Type:
    t = _PRIMITIVES.get(name)
    if t is None:
        raise TypeJSONError(f"invalid primitive type name {go_quote(name)}")
    return t


def _kind(x: Any) -> str:
    """Return the kind named by the first element of a complex type description."""
    if type(x) is not list and not isinstance(x, dict):
        _as_any(x)
        if type(x) is str and x in _COMPLEX:
            return x
    raise TypeJSONError(_NOT_A_KIND)


def _complex(items: list[Any]) -> Type:
    if not items:
        raise TypeJSONError(_NOT_A_KIND)
    kind = _kind(items[0])
    if len(items) < 2:
        raise TypeJSONError(_NO_COMMA)
    if kind == "object" and len(items) > 2:
        t = _object(_attribute_types(items[1]), _names(items[2]))
        rest = items[3:]
    else:
        t = _COMPLEX[kind](items[1])
        rest = items[2:]
    if rest:
        if type(rest[0]) is not list and not isinstance(rest[0], dict):
            _as_any(rest[0])  # Go decodes a scalar before finding that it is one too many
        raise TypeJSONError(_EXTRA_DATA)
    return t


def _cannot(x: Any, go_type: str) -> TypeJSONError:
    return TypeJSONError(f"json: cannot unmarshal {_kind_word(x)} into Go value of type {go_type}")


def _attribute_types(x: Any) -> dict[str, Type]:
    """Decode a JSON object of type descriptions (Go's ``map[string]cty.Type``)."""
    if x is None:
        return {}
    if not isinstance(x, dict):
        raise _cannot(x, "map[string]cty.Type")
    # every entry is decoded, in the order written; a repeated name keeps its last type
    return {k: _type_of(v) for k, v in (x.pairs if type(x) is _Repeats else x.items())}


def _types(x: Any) -> list[Type]:
    """Decode a JSON array of type descriptions (Go's ``[]cty.Type``)."""
    if x is None:
        return []
    if type(x) is not list:
        raise _cannot(x, "[]cty.Type")
    return [_type_of(e) for e in x]


def _names(x: Any) -> list[str]:
    """Decode a JSON array of attribute names (Go's ``[]string``; a null element is "")."""
    if x is None:
        return []
    if type(x) is not list:
        raise _cannot(x, "[]string")
    for e in x:
        if e is not None and type(e) is not str:
            raise _cannot(e, "string")  # Go reports the first misfit after reading them all
    return [e if e is not None else "" for e in x]


def _object(attrs: dict[str, Type], optional: list[str]) -> Type:
    seen: dict[str, str] = {}
    for name in list(attrs):
        norm = normalize_string(name)
        if norm in seen:
            # (one attribute named twice: go-cty keeps one of the two at random, so two
            # types are refused; the same type twice is that attribute)
            if attrs[seen[norm]] != attrs[name]:
                raise TypeJSONError(f"attribute names {seen[norm]!a} and {name!a} are the "
                                    "same name after NFC normalisation, with different types")
            del attrs[name]
            continue
        seen[norm] = name
    for name in optional:
        if normalize_string(name) not in seen:
            raise TypeJSONError(f"optional contains undeclared attribute {go_quote(name)}")
    if optional:
        return ObjectWithOptionalAttrs(attrs, optional)
    return Object(attrs)


_COMPLEX: dict[str, Callable[[Any], Type]] = {
    "list": lambda x: List(_type_of(x)),
    "set": lambda x: Set(_type_of(x)),
    "map": lambda x: Map(_type_of(x)),
    "object": lambda x: _object(_attribute_types(x), []),
    "tuple": lambda x: Tuple(_types(x)),
}


# --- reading: malformed input, as Go's streaming decoder reports it -----------------------------

# A \u escape of a surrogate pair, of a lone surrogate, or any other escape (read as one, so that
# an escaped backslash is never taken for the start of an escape)
_ESCAPE_TEXT: Final = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}"
                                 r"|\\u[dD][89a-fA-F][0-9a-fA-F]{2}|\\.", re.S)
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _lone_as_replacement(m: re.Match[str]) -> str:
    return "\\ufffd" if len(m.group()) == 6 else m.group()


def _go_text(s: str) -> str:
    """A decoded string as Go has it: U+FFFD for each lone surrogate and each byte that was not
    UTF-8 (decoded with surrogateescape, then one surrogate each)."""
    return _SURROGATE.sub("\ufffd", s)


def _object_of(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) < len(pairs):
        out = _Repeats(out)
        out.pairs = pairs
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(name)  # pragma: no cover (Go's scanner has refused NaN and Infinity)


_GO_VALUE_HOOKS: Final = JSONHooks(parse_int=_Number, parse_float=_Number,
                                   parse_constant=_no_constant, object_pairs_hook=_object_of)
_decode_go_value = json.JSONDecoder(parse_float=_Number, parse_int=_Number,
                                    parse_constant=_no_constant,
                                    object_pairs_hook=_object_of).decode


def _go_value(raw: str) -> Any:
    """Decode the text of one well-formed JSON value as Go's Decoder decodes it into an
    ``interface{}``: numbers kept as their text, every copy of a repeated key kept."""
    if "\\" in raw:
        raw = _ESCAPE_TEXT.sub(_lone_as_replacement, raw)
    raw = _go_text(raw)
    try:
        return _decode_go_value(raw)
    except RecursionError:  # (the json module's scanner recurses in C)
        return json_loads_deep(raw, _GO_VALUE_HOOKS)


def _scalar(tok: Any) -> Any:
    """A scalar token of Go's Decoder (_go_json) as `_go_value` would decode it."""
    if tok.__class__ is NumberToken:
        return _Number(tok)
    if tok.__class__ is str:
        return _go_text(tok)
    return tok


class _Stream:
    """The token-by-token reading of go-cty's ``Type.UnmarshalJSON`` over malformed input, on
    Go's json.Decoder as `cty._go_json` reproduces it.

    Values inside the description are read whole (as Go's ``Decoder.Decode`` reads them) and
    then given their meaning by the same functions as well-formed input.
    """

    def __init__(self, buf: bytes) -> None:
        self.text = buf.decode("utf-8", "surrogateescape")
        self.dec = GoJSONDecoder(self.text)

    def _error(self, message: str, offset: int) -> TypeJSONError:
        return TypeJSONError(message, byte_offset(self.text, offset))

    def _more(self) -> str | None:
        """The next character that is not space, or None at the end."""
        try:
            return self.dec.peek()
        except GoJSONError:
            return None

    def _token(self) -> Any:
        try:
            return self.dec.token()
        except GoJSONError as e:
            raise self._error(e.text, e.offset) from None

    def _value(self) -> Any:
        """Decode the next value whole (after the comma that must precede it in an array)."""
        try:
            i, j = self.dec.decode_raw()
        except GoJSONError as e:
            raise self._error(e.text, e.offset) from None
        return _go_value(self.text[i:j])

    def read(self) -> Type:
        tok = self._token()
        if tok.__class__ is Delim:
            if tok != "[":
                raise self._error("invalid complex type description", self.dec.at)
            t = self._complex()
            extra = _EXTRA_DATA
        elif tok.__class__ is str:
            t = _primitive(_go_text(tok))
            extra = "extraneous data after type description"
        else:
            _as_any(_scalar(tok))
            raise TypeJSONError("invalid type description")
        if self._more() is not None:
            raise self._error(extra, self.dec.pos)
        return t

    def _complex(self) -> Type:
        tok = self._token()
        if tok.__class__ is Delim:
            raise self._error(_NOT_A_KIND, self.dec.at)
        kind = _kind(_scalar(tok))
        sub = self._value()
        if kind == "object" and self._more() not in (None, "]", "}"):
            t = _object(_attribute_types(sub), _names(self._value()))
        else:
            t = _COMPLEX[kind](sub)
        self._close()
        return t

    def _close(self) -> None:
        """Read the closing bracket (Go's final ``Token`` call)."""
        tok = self._token()
        if tok.__class__ is Delim and tok == "]":
            return
        if tok.__class__ is not Delim:
            _as_any(_scalar(tok))  # Go decodes a scalar before finding that it is one too many
        raise self._error(_EXTRA_DATA, self.dec.at)


_read: Interned[Type] = Interned()



def _parse(buf: bytes) -> Type:
    try:
        x = _decode(buf)
    except (msgspec.DecodeError, ValueError, RecursionError):
        return _Stream(buf).read()
    if repeats_dropped(buf, x, _number_text):  # go-cty reads every copy of a repeated name
        return _Stream(buf).read()
    return _type_of(x)


def _number_text(n: Any) -> Any:
    if type(n) is _Number:
        return msgspec.Raw(n.text.encode())
    raise NotImplementedError  # pragma: no cover (the decoder makes no other objects)


_parse_deep = deep(_parse)
_write_deep = deep(_write)


_BARE_NAMES: Final = frozenset({"string", "number", "bool", "dynamic"})


def _decoded_text(data: Any) -> bytes:
    """The JSON text of a decoded type description (lists, dicts and strings only)."""
    try:
        return msgspec.json.encode(data, enc_hook=_refuse_in_description)
    except (TypeError, msgspec.EncodeError) as e:
        raise CtyTypeError(f"a decoded type description holds only lists, objects (dicts "
                           f"with string keys) and strings: {e}") from None


def _refuse_in_description(x: Any) -> Any:
    raise TypeError(f"not {type(x).__name__}")


def type_from_json(data: str | bytes | bytearray | memoryview | list[Any] | dict[str, Any]
                   ) -> Type:
    """Return the type that go-cty's JSON type description *data* describes: JSON text, or
    the description already decoded (a list, or the bare name of a primitive type).

    >>> type_from_json('["map",["list","string"]]')
    cty.Map(cty.List(cty.String))
    >>> type_from_json(["object", {"a": "number"}]), type_from_json("bool")
    (cty.Object({'a': cty.Number}), cty.Bool)

    Raises `TypeJSONError` (a ValueError) with go-cty's error text for input that go-cty
    refuses, and for the few inputs where go-cty panics or accepts junk (see the module
    docstring).
    """
    if isinstance(data, str):
        if data in _BARE_NAMES:  # (decoded: not JSON text, which would be quoted)
            data = f'"{data}"'
        buf = data.encode("utf-8", "surrogatepass")
    elif isinstance(data, (bytes, bytearray, memoryview)):
        buf = bytes(data)
    elif isinstance(data, (list, tuple, dict)):
        buf = _decoded_text(data)
    else:
        raise CtyTypeError(f"type_from_json needs JSON text (str or bytes) or a decoded type "
                           f"description (a list), not {type(data).__name__}")
    found = _read.get(buf)
    if found is not None:
        return found
    # Go's JSON reader stops beyond 10,000 levels; text that short cannot nest that deep
    # (Latin-1: every byte one character, and the brackets and quotes where they were)
    if len(buf) > 2 * MAX_NESTING and deeper_than(buf.decode("latin-1"), 0, len(buf),
                                                    MAX_NESTING):
        raise TypeJSONError("exceeded max depth")
    try:
        t = _parse(buf)
    except RecursionError:
        t = _parse_deep(buf)
    return _read.intern(buf, lambda: t)
