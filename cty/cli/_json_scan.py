"""Where things are in JSON text: the byte offset of the value at a path, the keys an object
repeats, and line and column of an offset.

The command decodes JSON with msgspec, which says nothing of where a value was; when something
is wrong it scans the text of the one record concerned again with this (slow, but only then).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

import msgspec

import cty
from cty._internal import path_data_keys

_decode_string: Final = msgspec.json.Decoder(str).decode
_TOKEN: Final = re.compile(
    rb'[ \t\r\n]*(?:(")|([\[\]{},:])|([^ \t\r\n\[\]{},:"]+))')
_STRING_REST: Final = re.compile(rb'(?:[^"\\]|\\.)*"', re.DOTALL)

Step = str | int
"""An object's key, or an array's index."""


class _Scanner:
    """Tokens of JSON text from *start*: (offset, kind, text), kind one of '"' (a string,
    decoded), a structural character, or 'x' (a number or literal)."""

    def __init__(self, data: bytes, start: int = 0) -> None:
        self.data = data
        self.pos = start

    def next(self) -> tuple[int, str, object]:
        m = _TOKEN.match(self.data, self.pos)
        if m is None or (m.end() == m.start() and m.end() >= len(self.data)):
            return len(self.data), "", None
        at = m.start(m.lastindex or 0)
        if m.group(1):
            rest = _STRING_REST.match(self.data, m.end())
            if rest is None:
                self.pos = len(self.data)
                return at, "", None
            self.pos = rest.end()
            text = self.data[at:self.pos]
            try:
                return at, '"', _decode_string(text)
            except (msgspec.DecodeError, UnicodeDecodeError):
                return at, '"', text.decode("utf-8", "replace")
        self.pos = m.end()
        if m.group(2):
            return at, m.group(2).decode(), None
        return at, "x", m.group(3)


def value_offsets(data: bytes, start: int = 0) -> Iterator[tuple[tuple[Step, ...], int]]:
    """Yield the path and start offset of every value in the JSON text *data* from *start*
    (the top value first, then its members in order, depth first), until the text ends or
    stops making sense."""
    tokens = _Scanner(data, start)
    yield from _walk(tokens, ())


def _walk(tokens: _Scanner, where: tuple[Step, ...]) -> Iterator[tuple[tuple[Step, ...], int]]:
    # an explicit stack: any depth
    stack: list[tuple[str, tuple[Step, ...], int]] = []
    at, kind, text = tokens.next()
    while True:
        if kind == "":
            return
        if kind in ("{", "["):
            yield where, at
            stack.append((kind, where, 0))
            at, kind, text = tokens.next()
            if kind in ("}", "]"):
                stack.pop()
            elif stack[-1][0] == "{":
                member = _key(tokens, where, at, kind, text)
                if member is None:
                    return
                where = member
                at, kind, text = tokens.next()
                continue
            else:
                where = (*where, 0)
                continue
        elif kind in ('"', "x"):
            yield where, at
        else:
            return
        # after a value: a comma or the end of containers
        while True:
            if not stack:
                return
            at, kind, text = tokens.next()
            opener, outer, index = stack[-1]
            if kind == ",":
                if opener == "{":
                    at, kind, text = tokens.next()
                    found = _key(tokens, outer, at, kind, text)
                    if found is None:
                        return
                    where = found
                else:
                    stack[-1] = (opener, outer, index + 1)
                    where = (*outer, index + 1)
                at, kind, text = tokens.next()
                break
            if kind in ("}", "]"):
                stack.pop()
                continue
            return


def _key(tokens: _Scanner, outer: tuple[Step, ...], at: int, kind: str, text: object
         ) -> tuple[Step, ...] | None:
    """The path of the member whose key token is (*at*, *kind*, *text*), its colon read."""
    if kind != '"' or tokens.next()[1] != ":":
        return None
    return (*outer, str(text))


def offset_of(data: bytes, path: cty.Path, start: int = 0) -> int:
    """Return the offset in *data* where the value at the cty *path* (attribute, string key
    and integer index steps, below the value that starts at *start*) starts; the offset of
    the deepest value on the way that the text has, if it does not have the value itself."""
    want = path_data_keys(path)
    best = start
    for where, at in value_offsets(data, start):
        if want[:len(where)] == where:
            best = at
            if len(where) == len(want):
                break
    return best


def repeated_keys(data: bytes, start: int = 0) -> Iterator[tuple[tuple[Step, ...], int, int]]:
    """Yield the path, first offset and repeated offset of each key an object of the JSON
    text *data* (from *start*) has twice."""
    seen: dict[tuple[Step, ...], int] = {}
    for where, at in value_offsets(data, start):
        first = seen.setdefault(where, at)
        if first != at:
            yield where, first, at


def line_and_column(data: bytes, offset: int, base_line: int = 1, base: int = 0) -> tuple[int, int]:
    """Return the line and column (both from 1; columns count characters) of *offset* in
    *data*, whose byte *base* is at the start of line *base_line*."""
    offset = max(base, min(offset, len(data)))
    line_start = data.rfind(b"\n", base, offset) + 1 or base
    line_start = max(line_start, base)
    line = base_line + data.count(b"\n", base, offset)
    prefix = data[line_start:offset]
    if line == 1 and prefix.startswith(b"\xef\xbb\xbf"):
        prefix = prefix[3:]
    return line, len(prefix.decode("utf-8", "replace")) + 1
