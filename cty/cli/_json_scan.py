"""Where things are in JSON text: the byte offset of the value at a path, the keys an object
repeats, and line and column of an offset.

The command decodes JSON with msgspec, which says nothing of where a value was; when something
is wrong it reads the text of the one record concerned again with the library's Go JSON scanner
(cty._go_json: slow, but only then).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import cty
from cty._internal import Delim, GoJSONDecoder, GoJSONError, byte_offset, path_data_keys

Step = str | int
"""An object's key, or an array's index."""


def value_offsets(data: bytes, start: int = 0, end: int | None = None
                  ) -> Iterator[tuple[tuple[Step, ...], int]]:
    """Yield the path and start offset of every value in the JSON text *data* from *start*
    to *end* (the top value first, then its members in order, depth first), until the text
    ends or stops making sense. Only that part of *data* is read (a record of a large batch
    costs what the record does)."""
    text = data[start:end].decode("utf-8", "surrogateescape")
    if text.isascii():
        for where, at in _walk(GoJSONDecoder(text, 0)):
            yield where, start + at
        return
    chars = done = 0  # (the values come in order: each offset counts on from the last)
    for where, at in _walk(GoJSONDecoder(text, 0)):
        done += byte_offset(text[chars:at], at - chars)
        chars = at
        yield where, start + done


def _walk(dec: GoJSONDecoder) -> Iterator[tuple[tuple[Step, ...], int]]:
    """Yield the path and character offset of each value Go's Decoder reads (its tokens)."""
    where: list[Any] = []  # the path: a key or index for each container open (None: none yet)
    arrays: list[bool] = []  # for each container open: whether it is an array
    while True:
        try:
            tok = dec.token()
        except GoJSONError:
            return
        if tok.__class__ is Delim and tok in "]}":
            arrays.pop()
            where.pop()
            if not arrays:
                return
            continue
        if dec.read_key():
            where[-1] = tok
            continue
        if arrays and arrays[-1]:
            where[-1] = 0 if where[-1] is None else where[-1] + 1
        yield tuple(where), dec.at
        if tok.__class__ is Delim:  # "[" or "{"
            arrays.append(tok == "[")
            where.append(None)
        elif not arrays:
            return


def offset_of(data: bytes, path: cty.Path, start: int = 0, end: int | None = None) -> int:
    """Return the offset in *data* where the value at the cty *path* (attribute, string key
    and integer index steps, below the value that starts at *start* and ends by *end*)
    starts; the offset of the deepest value on the way that the text has, if it does not
    have the value itself."""
    want = path_data_keys(path)
    best = start
    for where, at in value_offsets(data, start, end):
        if want[:len(where)] == where:
            best = at
            if len(where) == len(want):
                break
    return best


def repeated_keys(data: bytes, start: int = 0, end: int | None = None
                  ) -> Iterator[tuple[tuple[Step, ...], int, int]]:
    """Yield the path, first offset and repeated offset of each key an object of the JSON
    text *data* (from *start* to *end*) has twice."""
    seen: dict[tuple[Step, ...], int] = {}
    for where, at in value_offsets(data, start, end):
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
