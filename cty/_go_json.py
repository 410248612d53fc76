"""Go's encoding/json reading, as go-cty uses it, with the errors it gives: a cold path.

go-cty reads JSON with a ``json.Decoder`` (``Token``, ``More``, and ``Decode`` into a raw
message) and passes that package's errors through to its users: ``invalid character 'x' in
literal true (expecting 'e')``, ``unexpected EOF``, ``expected comma after array element``.
This module reproduces Go's scanner (the state machine that checks JSON syntax, byte by byte)
and the Decoder's token states over a str, with the same results and the same error texts. It
is the one JSON scanner of the library, read by three cold paths: type descriptions
(`cty.type_from_json` over malformed text), the JSON decoder working out which error go-cty
would report (`cty.encoding`'s _json_stream), and the command finding where a value stands in
a record (`cty.cli`'s _json_scan). Nothing here runs while decoding succeeds.

Text that came as bytes is decoded with ``surrogateescape``, so that each byte that is not
UTF-8 stays one character (U+DC80 to U+DCFF) and the errors quote it as Go quotes the byte;
`byte_offset` turns a character offset back into a byte offset.

The standard library's C scanner finds where a well-formed value ends; Go's scanner is replayed
in Python only over a value the C scanner refused, or a number (whose end the two scanners may
see differently), so that reporting an error stays linear in the input.
"""

from __future__ import annotations

import json as _stdlib_json
import re
from typing import Any, Final

from ._gostrconv import go_quote

_SPACE: Final = frozenset(" \t\r\n")
_DIGITS: Final = frozenset("0123456789")
_HEX: Final = frozenset("0123456789abcdefABCDEF")
_ESCAPES: Final = frozenset('bfnrt\\/"')
MAX_NESTING: Final = 10_000
"""Go's scanner refuses arrays and objects nested deeper than this ("exceeded max depth")."""

_NUMBER: Final = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_END = "end"  # the value ended before the current character
_END_NOW = "end now"  # the value ended with the current character (a closing bracket)


def _no_constant(name: str) -> Any:
    raise ValueError(name)


_c_scan = _stdlib_json.JSONDecoder(parse_constant=_no_constant).raw_decode


class GoJSONError(Exception):
    """An error of Go's encoding/json: its text, and the character offset where it stood."""

    def __init__(self, text: str, offset: int) -> None:
        super().__init__(text)
        self.text = text
        self.offset = offset


def quote_char(c: str) -> str:
    """Return the character as Go's scanner quotes a byte in its errors: ``'x'``; a non-ASCII
    character shows as the Latin-1 character of its first UTF-8 byte, as Go prints a byte."""
    if c == "'":
        return "'\\''"
    if c == '"':
        return "'\"'"
    if 0xDC80 <= ord(c) <= 0xDCFF:  # a byte that is not UTF-8 (decoded with surrogateescape)
        c = chr(ord(c) - 0xDC00)
    elif ord(c) >= 0x80:
        c = chr(c.encode("utf-8", "surrogatepass")[0])
    return "'" + go_quote(c)[1:-1] + "'"


def _error(c: str, context: str, offset: int) -> GoJSONError:
    return GoJSONError(f"invalid character {quote_char(c)} {context}", offset)


class _Scanner:
    """Go's JSON scanner over one value: feed characters, learn where the value ends."""

    __slots__ = ("k", "stack", "state", "word")

    def __init__(self) -> None:
        self.state = "begin_value"
        self.stack: list[str] = []  # "key" / "value" for objects, "array" for arrays
        self.word = ""  # in a literal: the literal, and how many of its letters were read
        self.k = 0

    def step(self, c: str, at: int) -> str | None:
        """Feed *c*; return _END or _END_NOW when the value is complete, else None."""
        return getattr(self, "_" + self.state)(c, at)  # type: ignore[no-any-return]

    def _push(self, kind: str, c: str, at: int) -> None:
        if len(self.stack) >= MAX_NESTING:
            raise _error(c, "exceeded max depth", at)
        self.stack.append(kind)

    # --- values -------------------------------------------------------------------------------

    def _begin_value_or_empty(self, c: str, at: int) -> str | None:
        if c in _SPACE:
            return None
        if c == "]":
            return self._end_value(c, at)
        return self._begin_value(c, at)

    def _begin_value(self, c: str, at: int) -> str | None:
        if c in _SPACE:
            return None
        if c == "{":
            self._push("key", c, at)
            self.state = "begin_string_or_empty"
        elif c == "[":
            self._push("array", c, at)
            self.state = "begin_value_or_empty"
        elif c == '"':
            self.state = "in_string"
        elif c == "-":
            self.state = "neg"
        elif c == "0":
            self.state = "zero"
        elif c in "123456789":
            self.state = "one"
        elif c in "tfn":
            self.word = {"t": "true", "f": "false", "n": "null"}[c]
            self.k = 1
            self.state = "literal"
        else:
            raise _error(c, "looking for beginning of value", at)
        return None

    def _begin_string_or_empty(self, c: str, at: int) -> str | None:
        if c in _SPACE:
            return None
        if c == "}":
            self.stack[-1] = "value"
            return self._end_value(c, at)
        return self._begin_string(c, at)

    def _begin_string(self, c: str, at: int) -> str | None:
        if c in _SPACE:
            return None
        if c == '"':
            self.state = "in_string"
            return None
        raise _error(c, "looking for beginning of object key string", at)

    def _end_value(self, c: str, at: int) -> str | None:
        if not self.stack:
            return _END
        if c in _SPACE:
            self.state = "end_value"
            return None
        top = self.stack[-1]
        if top == "key":
            if c == ":":
                self.stack[-1] = "value"
                self.state = "begin_value"
                return None
            raise _error(c, "after object key", at)
        if top == "value":
            if c == ",":
                self.stack[-1] = "key"
                self.state = "begin_string"
                return None
            if c == "}":
                return self._pop()
            raise _error(c, "after object key:value pair", at)
        if c == ",":
            self.state = "begin_value"
            return None
        if c == "]":
            return self._pop()
        raise _error(c, "after array element", at)

    def _pop(self) -> str | None:
        self.stack.pop()
        self.state = "end_value"
        return _END_NOW if not self.stack else None

    # --- strings ------------------------------------------------------------------------------

    def _in_string(self, c: str, at: int) -> str | None:
        if c == '"':
            self.state = "end_value"
        elif c == "\\":
            self.state = "in_string_esc"
        elif c < " ":
            raise _error(c, "in string literal", at)
        return None

    def _in_string_esc(self, c: str, at: int) -> str | None:
        if c in _ESCAPES:
            self.state = "in_string"
        elif c == "u":
            self.state = "esc_u0"
        else:
            raise _error(c, "in string escape code", at)
        return None

    def _hex(self, c: str, at: int, following: str) -> None:
        if c not in _HEX:
            raise _error(c, "in \\u hexadecimal character escape", at)
        self.state = following

    def _esc_u0(self, c: str, at: int) -> None:
        self._hex(c, at, "esc_u1")

    def _esc_u1(self, c: str, at: int) -> None:
        self._hex(c, at, "esc_u2")

    def _esc_u2(self, c: str, at: int) -> None:
        self._hex(c, at, "esc_u3")

    def _esc_u3(self, c: str, at: int) -> None:
        self._hex(c, at, "in_string")

    # --- numbers ------------------------------------------------------------------------------

    def _neg(self, c: str, at: int) -> str | None:
        if c == "0":
            self.state = "zero"
        elif c in "123456789":
            self.state = "one"
        else:
            raise _error(c, "in numeric literal", at)
        return None

    def _one(self, c: str, at: int) -> str | None:
        if c in _DIGITS:
            return None
        return self._zero(c, at)

    def _zero(self, c: str, at: int) -> str | None:
        if c == ".":
            self.state = "dot"
            return None
        if c in "eE":
            self.state = "exp"
            return None
        return self._end_value(c, at)

    def _dot(self, c: str, at: int) -> str | None:
        if c in _DIGITS:
            self.state = "dot_digits"
            return None
        raise _error(c, "after decimal point in numeric literal", at)

    def _dot_digits(self, c: str, at: int) -> str | None:
        if c in _DIGITS:
            return None
        if c in "eE":
            self.state = "exp"
            return None
        return self._end_value(c, at)

    def _exp(self, c: str, at: int) -> str | None:
        if c in "+-":
            self.state = "exp_sign"
            return None
        return self._exp_sign(c, at)

    def _exp_sign(self, c: str, at: int) -> str | None:
        if c in _DIGITS:
            self.state = "exp_digits"
            return None
        raise _error(c, "in exponent of numeric literal", at)

    def _exp_digits(self, c: str, at: int) -> str | None:
        if c in _DIGITS:
            return None
        return self._end_value(c, at)

    # --- literals -----------------------------------------------------------------------------

    def _literal(self, c: str, at: int) -> str | None:
        word, k = self.word, self.k
        if c != word[k]:
            raise _error(c, f"in literal {word} (expecting {quote_char(word[k])})", at)
        self.k = k + 1
        if self.k == len(word):
            self.state = "end_value"
        return None


def scan_value(text: str, start: int, end: int, ends: dict[int, int] | None = None) -> int:
    """Return where the JSON value at *start* (after any whitespace) ends, reading no further
    than *end*, as Go's Decoder.readValue finds it; raise GoJSONError with Go's text for a
    syntax error, "unexpected EOF" for a value cut off by *end*, "EOF" for none at all.

    *ends*, when given, maps the start of arrays and objects already read to their ends; a
    container read here adds itself and every container inside it, so that reading the nested
    ones again (as go-cty does, level by level) costs nothing."""
    i = start
    while i < end and text[i] in _SPACE:
        i += 1
    if ends is not None and i in ends and ends[i] <= end:
        return ends[i]
    j = _scan(text, i, end)
    if ends is not None and text[i] in "[{":
        container_ends(text, i, j, ends)
    return j


def _scan(text: str, i: int, end: int) -> int:
    if i < end and text[i] not in "-0123456789":
        try:
            _, j = _c_scan(text, i)
        except (ValueError, RecursionError):
            pass
        else:
            if j <= end and not deeper_than(text, i, j, MAX_NESTING):
                return j
    s = _Scanner()
    resume = i
    m = _NUMBER.match(text, i, end) if i < end else None
    if m:  # the longest well-formed number, then Go's scanner from the state it leaves
        resume = m.end()
        s.state = ("exp_digits" if m.group(3) else "dot_digits" if m.group(2)
                   else "zero" if m.group(1) == "0" else "one")
    for k in range(resume, end):
        got = s.step(text[k], k)
        if got == _END:
            return k
        if got == _END_NOW:
            return k + 1
    try:
        if s.step(" ", end) == _END:
            return end
    except GoJSONError:
        pass
    raise GoJSONError("unexpected EOF" if i < end else "EOF", end)


# (a string left open runs to the end of the text, as in Go's scanner)
_BRACKETS_AND_STRINGS: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)


def container_ends(text: str, start: int, end: int, into: dict[int, int]) -> None:
    """Add to *into*, for the well-formed JSON in text[start:end], where each array and object
    starts and ends (start -> end + 1)."""
    opened: list[int] = []
    for m in _BRACKETS_AND_STRINGS.finditer(text, start, end):
        c = text[m.start()]
        if c in "[{":
            opened.append(m.start())
        elif c in "]}":
            into[opened.pop()] = m.end()


def deeper_than(text: str, i: int, j: int, limit: int) -> bool:
    """Return whether the arrays and objects of the JSON in text[i:j] nest deeper than *limit*
    (brackets inside strings do not count; counted exactly only when there are that many)."""
    if text.count("[", i, j) + text.count("{", i, j) <= limit:
        return False
    depth = 0
    for m in _BRACKETS_AND_STRINGS.finditer(text, i, j):
        c = text[m.start()]
        if c in "[{":
            depth += 1
            if depth > limit:
                return True
        elif c in "]}":
            depth -= 1
    return False


def byte_offset(text: str, offset: int) -> int:
    """Return the byte offset, in the UTF-8 text *text* was decoded from (with
    ``surrogateescape``), of its character *offset*."""
    if text.isascii():
        return offset
    return len(text[:offset].encode("utf-8", "surrogateescape"))


# --- the Decoder's tokens ---------------------------------------------------------------------

TOP, ARRAY_START, ARRAY_VALUE, ARRAY_COMMA = "top", "array start", "array value", "array comma"
OBJECT_START, OBJECT_KEY, OBJECT_COLON = "object start", "object key", "object colon"
OBJECT_VALUE, OBJECT_COMMA = "object value", "object comma"
_VALUE_ALLOWED: Final = frozenset({TOP, ARRAY_START, ARRAY_VALUE, OBJECT_VALUE})
_CONTEXT: Final = {
    TOP: " looking for beginning of value",
    ARRAY_START: " looking for beginning of value",
    ARRAY_VALUE: " looking for beginning of value",
    OBJECT_VALUE: " looking for beginning of value",
    ARRAY_COMMA: " after array element",
    OBJECT_KEY: " looking for beginning of object key string",
    OBJECT_COLON: " after object key",
    OBJECT_COMMA: " after object key:value pair",
}


class Delim(str):
    """A JSON delimiter token: ``[``, ``]``, ``{`` or ``}``."""

    __slots__ = ()


class NumberToken(str):
    """A number token, as its literal text (Go's json.Number under UseNumber)."""

    __slots__ = ()


class GoJSONDecoder:
    """Go's json.Decoder over text[start:end], for Token, More and Decode into a raw value."""

    __slots__ = ("at", "end", "ends", "pos", "stack", "state", "text")

    def __init__(self, text: str, start: int = 0, end: int | None = None,
                 ends: dict[int, int] | None = None) -> None:
        self.text = text
        self.pos = start
        self.end = len(text) if end is None else end
        self.ends = ends
        self.state = TOP
        self.stack: list[str] = []
        self.at = start
        """Where the last token returned by `token` starts."""

    def peek(self) -> str:
        """Return the next non-space character (skipping to it); "EOF" at the end."""
        text, i, end = self.text, self.pos, self.end
        while i < end and text[i] in _SPACE:
            i += 1
        self.pos = i
        if i >= end:
            raise GoJSONError("EOF", i)
        return text[i]

    def more(self) -> bool:
        """Return whether another element or member follows (Go's More)."""
        try:
            return self.peek() not in "]}"
        except GoJSONError:
            return False

    def read_key(self) -> bool:
        """Return whether the last token `token` returned was an object's key."""
        return self.state == OBJECT_COLON

    def _token_error(self, c: str) -> GoJSONError:
        return GoJSONError("invalid character " + quote_char(c) + _CONTEXT.get(self.state, ""),
                           self.pos)

    def _value_end(self) -> None:
        if self.state in (ARRAY_START, ARRAY_VALUE):
            self.state = ARRAY_COMMA
        elif self.state == OBJECT_VALUE:
            self.state = OBJECT_COMMA

    def token(self) -> Any:
        """Return the next token: a Delim, a str, a NumberToken, True, False or None."""
        while True:
            c = self.peek()
            self.at = self.pos
            if c in "[{":
                if self.state not in _VALUE_ALLOWED:
                    raise self._token_error(c)
                self.pos += 1
                self.stack.append(self.state)
                self.state = ARRAY_START if c == "[" else OBJECT_START
                return Delim(c)
            if c in "]}":
                opening = (ARRAY_START, ARRAY_COMMA) if c == "]" else (OBJECT_START, OBJECT_COMMA)
                if self.state not in opening:
                    raise self._token_error(c)
                self.pos += 1
                self.state = self.stack.pop()
                self._value_end()
                return Delim(c)
            if c == ":":
                if self.state != OBJECT_COLON:
                    raise self._token_error(c)
                self.pos += 1
                self.state = OBJECT_VALUE
                continue
            if c == ",":
                if self.state == ARRAY_COMMA:
                    self.pos += 1
                    self.state = ARRAY_VALUE
                    continue
                if self.state == OBJECT_COMMA:
                    self.pos += 1
                    self.state = OBJECT_KEY
                    continue
                raise self._token_error(c)
            if c == '"' and self.state in (OBJECT_START, OBJECT_KEY):
                old, self.state = self.state, TOP
                start = self.pos
                try:
                    self.decode_raw()
                finally:
                    self.state = old
                self.state = OBJECT_COLON
                return _stdlib_json.loads(self.text[start:self.pos])
            if self.state not in _VALUE_ALLOWED:
                raise self._token_error(c)
            start, end = self.decode_raw()
            raw = self.text[start:end]
            if raw[0] in "-0123456789":
                return NumberToken(raw)
            if raw[0] == '"':
                return _stdlib_json.loads(raw)
            return {"true": True, "false": False, "null": None}[raw]

    def decode_raw(self) -> tuple[int, int]:
        """Read one complete value as Decode into a json.RawMessage does; return its extent."""
        if self.state == ARRAY_COMMA:
            if self.peek() != ",":
                raise GoJSONError("expected comma after array element", self.pos)
            self.pos += 1
            self.state = ARRAY_VALUE
        elif self.state == OBJECT_COLON:
            if self.peek() != ":":
                raise GoJSONError("expected colon after object key", self.pos)
            self.pos += 1
            self.state = OBJECT_VALUE
        if self.state not in _VALUE_ALLOWED:
            raise GoJSONError("not at beginning of value", self.pos)
        end = scan_value(self.text, self.pos, self.end, self.ends)
        start = self.pos
        while self.text[start] in _SPACE:
            start += 1
        self.pos = end
        self._value_end()
        return start, end
