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
through a byte-level reader that reproduces the errors of Go's streaming ``json.Decoder``
("expected comma after array element", "unexpected EOF", "invalid character ..."). Where go-cty
is lenient by accident we are strict, deliberately:

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

import codecs
import math
from collections.abc import Callable
from typing import Any, Final

import msgspec

from ._caches import Interned, PerType
from ._collection_types import List, Map, Set
from ._deep import deep, hop
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError, CtyValueError
from ._gostrconv import go_quote
from ._json_repeats import repeats_dropped
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

_SPACE = frozenset(b" \t\r\n")
_HEX = frozenset(b"0123456789abcdefABCDEF")
_DIGITS = frozenset(b"0123456789")
_SIMPLE_ESCAPES = {ord('"'): '"', ord("\\"): "\\", ord("/"): "/", ord("b"): "\b",
                   ord("f"): "\f", ord("n"): "\n", ord("r"): "\r", ord("t"): "\t"}


def _replace_each_byte(e: UnicodeError) -> tuple[str, int]:
    """Codec error handler: one U+FFFD per undecodable byte, as Go's encoding/json does."""
    if not isinstance(e, UnicodeDecodeError):
        raise e
    return "\ufffd" * (e.end - e.start), e.end


codecs.register_error("cty.go-json", _replace_each_byte)


class _EOF(Exception):
    """The input ended inside a JSON value."""


def _quote_char(c: int) -> str:
    """Return byte *c* quoted as Go's encoding/json quotes it in syntax errors."""
    if c == 0x27:
        return "'\\''"
    if c == 0x22:
        return "'\"'"
    return "'" + go_quote(chr(c))[1:-1] + "'"


def _invalid(buf: bytes, pos: int, context: str) -> TypeJSONError:
    return TypeJSONError(f"invalid character {_quote_char(buf[pos])} {context}", pos)


class _Reader:
    """Go's scanner over one JSON value: returns it decoded, or fails with Go's error text."""

    def __init__(self, buf: bytes) -> None:
        self.buf = buf

    def _byte(self, pos: int) -> int:
        if pos >= len(self.buf):
            raise _EOF
        return self.buf[pos]

    def _skip_space(self, pos: int) -> int:
        buf = self.buf
        while pos < len(buf) and buf[pos] in _SPACE:
            pos += 1
        return pos

    @hop  # (it recurses: any depth)
    def value(self, pos: int) -> tuple[Any, int]:
        """Read the value starting at *pos* (no leading space); return it and its end."""
        c = self._byte(pos)
        if c == 0x22:
            return self._string(pos)
        if c == 0x5B:
            return self._array(pos)
        if c == 0x7B:
            return self._object(pos)
        if c == 0x2D or c in _DIGITS:
            return self._number(pos)
        for word, result in ((b"true", True), (b"false", False), (b"null", None)):
            if c == word[0]:
                for i in range(1, len(word)):
                    if self._byte(pos + i) != word[i]:
                        name = word.decode()
                        raise _invalid(self.buf, pos + i,
                                       f"in literal {name} (expecting {_quote_char(word[i])})")
                return result, pos + len(word)
        raise _invalid(self.buf, pos, "looking for beginning of value")

    def _array(self, pos: int) -> tuple[list[Any], int]:
        out: list[Any] = []
        pos = self._skip_space(pos + 1)
        if self._byte(pos) == 0x5D:
            return out, pos + 1
        while True:
            x, pos = self.value(self._skip_space(pos))
            out.append(x)
            pos = self._skip_space(pos)
            c = self._byte(pos)
            if c == 0x5D:
                return out, pos + 1
            if c != 0x2C:
                raise _invalid(self.buf, pos, "after array element")
            pos += 1

    def _object(self, pos: int) -> tuple[dict[str, Any], int]:
        out: dict[str, Any] = {}
        pairs: list[tuple[str, Any]] | None = None
        pos = self._skip_space(pos + 1)
        if self._byte(pos) == 0x7D:
            return out, pos + 1
        while True:
            if self._byte(pos) != 0x22:
                raise _invalid(self.buf, pos, "looking for beginning of object key string")
            key, pos = self._string(pos)
            pos = self._skip_space(pos)
            if self._byte(pos) != 0x3A:
                raise _invalid(self.buf, pos, "after object key")
            value, pos = self.value(self._skip_space(pos + 1))
            if pairs is None and key in out:
                pairs = list(out.items())
            if pairs is not None:
                pairs.append((key, value))
            out[key] = value
            pos = self._skip_space(pos)
            c = self._byte(pos)
            if c == 0x7D:
                if pairs is not None:
                    out = _Repeats(out)
                    out.pairs = pairs
                return out, pos + 1
            if c != 0x2C:
                raise _invalid(self.buf, pos, "after object key:value pair")
            pos = self._skip_space(pos + 1)

    def _number(self, pos: int) -> tuple[_Number, int]:
        buf = self.buf
        start = pos
        if buf[pos] == 0x2D:
            pos += 1
            if self._byte(pos) not in _DIGITS:
                raise _invalid(buf, pos, "in numeric literal")
        if buf[pos] == 0x30:
            pos += 1
        else:
            while pos < len(buf) and buf[pos] in _DIGITS:
                pos += 1
        if pos < len(buf) and buf[pos] == 0x2E:
            pos += 1
            if self._byte(pos) not in _DIGITS:
                raise _invalid(buf, pos, "after decimal point in numeric literal")
            while pos < len(buf) and buf[pos] in _DIGITS:
                pos += 1
        if pos < len(buf) and buf[pos] in b"eE":
            pos += 1
            if self._byte(pos) in b"+-":
                pos += 1
            if self._byte(pos) not in _DIGITS:
                raise _invalid(buf, pos, "in exponent of numeric literal")
            while pos < len(buf) and buf[pos] in _DIGITS:
                pos += 1
        return _Number(buf[start:pos].decode("ascii")), pos

    def _string(self, pos: int) -> tuple[str, int]:
        buf = self.buf
        out: list[str] = []
        pos += 1
        run = pos
        while True:
            c = self._byte(pos)
            if c == 0x22:
                out.append(buf[run:pos].decode("utf-8", "cty.go-json"))
                return "".join(out), pos + 1
            if c < 0x20:
                raise _invalid(buf, pos, "in string literal")
            if c != 0x5C:
                pos += 1
                continue
            out.append(buf[run:pos].decode("utf-8", "cty.go-json"))
            e = self._byte(pos + 1)
            if e == 0x75:
                r = self._hex4(pos + 2)
                pos += 6
                if 0xD800 <= r < 0xDC00 and buf[pos:pos + 2] == b"\\u":
                    low = self._hex4(pos + 2)
                    if 0xDC00 <= low < 0xE000:
                        r = 0x10000 + ((r - 0xD800) << 10) + (low - 0xDC00)
                        pos += 6
                out.append("\ufffd" if 0xD800 <= r < 0xE000 else chr(r))
            elif e in _SIMPLE_ESCAPES:
                out.append(_SIMPLE_ESCAPES[e])
                pos += 2
            else:
                raise _invalid(buf, pos + 1, "in string escape code")
            run = pos

    def _hex4(self, pos: int) -> int:
        for i in range(pos, pos + 4):
            if self._byte(i) not in _HEX:
                raise _invalid(self.buf, i, "in \\u hexadecimal character escape")
        return int(self.buf[pos:pos + 4], 16)


class _Stream:
    """The token-by-token reading of go-cty's ``Type.UnmarshalJSON`` over malformed input.

    Values inside the description are read whole (as Go's ``Decoder.Decode`` reads them) and
    then given their meaning by the same functions as well-formed input.
    """

    def __init__(self, buf: bytes) -> None:
        self.buf = buf
        self.reader = _Reader(buf)
        self.pos = 0

    def _peek(self) -> int | None:
        self.pos = self.reader._skip_space(self.pos)
        return self.buf[self.pos] if self.pos < len(self.buf) else None

    def _eof(self) -> TypeJSONError:
        return TypeJSONError("EOF", len(self.buf))

    def _read_value(self) -> Any:
        start = self.pos
        try:
            x, self.pos = self.reader.value(self.reader._skip_space(start))
        except _EOF:
            rest = self.buf[start:]
            raise TypeJSONError("unexpected EOF" if rest.strip(b" \t\r\n") else "EOF",
                                len(self.buf)) from None
        return x

    def _next_element(self) -> Any:
        """Decode the next array element (after the comma that must precede it)."""
        c = self._peek()
        if c is None:
            raise self._eof()
        if c != 0x2C:
            raise TypeJSONError(_NO_COMMA, self.pos)
        self.pos += 1
        return self._read_value()

    def read(self) -> Type:
        c = self._peek()
        if c is None:
            raise self._eof()
        if c == 0x5B:
            self.pos += 1
            t = self._complex()
            if self._peek() is not None:
                raise TypeJSONError(_EXTRA_DATA, self.pos)
            return t
        if c == 0x7B:
            raise TypeJSONError("invalid complex type description", self.pos)
        if c in b"]}:,":
            raise _invalid(self.buf, self.pos, "looking for beginning of value")
        x = self._read_value()
        if type(x) is not str:
            _as_any(x)
            raise TypeJSONError("invalid type description")
        t = _primitive(x)
        if self._peek() is not None:
            raise TypeJSONError("extraneous data after type description", self.pos)
        return t

    def _complex(self) -> Type:
        c = self._peek()
        if c is None:
            raise self._eof()
        if c in b"[{]":
            raise TypeJSONError(_NOT_A_KIND, self.pos)
        if c in b"}:,":
            raise _invalid(self.buf, self.pos, "looking for beginning of value")
        kind = _kind(self._read_value())
        sub = self._next_element()
        if kind == "object":
            c = self._peek()
            if c is not None and c not in b"]}":
                attrs = _attribute_types(sub)
                t = _object(attrs, _names(self._next_element()))
            else:
                t = _COMPLEX[kind](sub)
        else:
            t = _COMPLEX[kind](sub)
        self._close()
        return t

    def _close(self) -> None:
        """Read the closing bracket (Go's final ``Token`` call)."""
        c = self._peek()
        if c is None:
            raise self._eof()
        if c == 0x5D:
            self.pos += 1
            return
        if c != 0x2C:
            raise _invalid(self.buf, self.pos, "after array element")
        self.pos += 1
        c = self._peek()
        if c is None:
            raise self._eof()
        if c in b"]}:,":
            raise _invalid(self.buf, self.pos, "looking for beginning of value")
        if c not in b"[{":
            _as_any(self._read_value())
        raise TypeJSONError(_EXTRA_DATA, self.pos)


_read: Interned[Type] = Interned()


_GO_MAX_DEPTH = 10_000
"""Go's encoding/json refuses JSON nested deeper than this ("exceeded max depth")."""


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


def _nesting_depth(buf: bytes) -> int:
    """Return the deepest nesting of arrays and objects in JSON text *buf* (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for b in buf:
        if in_string:
            if escaped:
                escaped = False
            elif b == 0x5C:
                escaped = True
            elif b == 0x22:
                in_string = False
        elif b == 0x22:
            in_string = True
        elif b in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif b in (0x5D, 0x7D):
            depth -= 1
    return deepest


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
    if len(buf) > 2 * _GO_MAX_DEPTH and _nesting_depth(buf) > _GO_MAX_DEPTH:
        raise TypeJSONError("exceeded max depth")
    try:
        t = _parse(buf)
    except RecursionError:
        t = _parse_deep(buf)
    return _read.intern(buf, lambda: t)
