"""JSON read record by record, in bounded memory: the elements of a top-level array, the lines
of JSON Lines, or a whole document as one record.

The text is read in pieces of about a megabyte; each batch of records is decoded by msgspec
at once (numbers with a fraction or an exponent become cty numbers, read as go-cty reads them),
and keeps its text, so that the slow paths (an error's position, the full conversion of a
record the typed pass declines) can find a record's own text again.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, Final, TypeAlias

import msgspec

import cty
from cty._internal import JSONHooks, deep, json_loads_deep

from ._json_scan import line_and_column

PIECE: Final = 1 << 20
"""How much text is read at a time (a batch holds about this much)."""
BOM: Final = b"\xef\xbb\xbf"

_msgspec_decoder: Final = msgspec.json.Decoder(float_hook=cty.parse_number_val)
_msgspec_decode: Final = _msgspec_decoder.decode
_decode_lines: Final = _msgspec_decoder.decode_lines
_msgspec_decode_raw: Final = msgspec.json.Decoder(list[msgspec.Raw]).decode

_NEWLINE: Final = re.compile(rb"\n")


def _no_constant(name: str) -> Any:
    raise msgspec.DecodeError(f"JSON is malformed: invalid character ({name} is not JSON)")


_DEEP_HOOKS: Final = JSONHooks(parse_int=int, parse_float=cty.parse_number_val,
                               parse_constant=_no_constant, lone_surrogates=False)
_TOKENS: Final = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{},]')


def _decode(data: bytes) -> Any:
    """The JSON text *data* decoded (numbers with a fraction or exponent as cty numbers), at
    any depth: msgspec's C recursion stops at about a thousand levels, and deeper text is read
    by the library's deep reader instead (the same values, and msgspec's kind of error)."""
    try:
        return _msgspec_decode(data)
    except RecursionError:
        return _decode_deep(data)


@deep
def _decode_deep(data: bytes) -> Any:
    text = data.decode()
    try:
        return json_loads_deep(text, _DEEP_HOOKS)
    except json.JSONDecodeError as e:
        at = len(text[:e.pos].encode())
        raise msgspec.DecodeError(f"JSON is malformed: {e.msg} (byte {at})") from None


def _decode_raw(data: bytes) -> list[bytes]:
    """The elements of the JSON array *data*, each as its text, at any depth."""
    try:
        return [bytes(raw) for raw in _msgspec_decode_raw(data)]
    except RecursionError:
        _decode_deep(data)  # (refuses text that is not JSON)
        elements = []
        depth = 0
        start = 1
        for m in _TOKENS.finditer(data):
            c = data[m.start()]
            if c in b"[{":
                depth += 1
            elif c in b"]}":
                depth -= 1
                if depth == 0:
                    elements.append(data[start:m.start()].strip(b" \t\r\n"))
            elif c == 0x2C and depth == 1:  # a comma between two elements
                elements.append(data[start:m.start()].strip(b" \t\r\n"))
                start = m.end()
        return [e for e in elements if e]
_BYTE: Final = re.compile(r" \(byte (\d+)\)$")
_SEPARATOR: Final = re.compile(rb"[}\]][ \t\r\n]*,[ \t\r\n]*[{\[]")
"""Where one element of an array of objects (or arrays) may end and the next begin."""


class SyntaxProblem(Exception):
    """Text that is not JSON: the message, and where (line, column)."""

    def __init__(self, message: str, line: int, column: int, offset: int = -1) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
        """Where in the reader's buffer the mistake is (-1: not known)."""


class Batch:
    """Records read together: *records* decoded, *text* as in the file (*text[0]* at line
    *line*, column *column*); the records' own text is found again on demand."""

    __slots__ = ("_line_starts", "_lines", "_spans", "column", "first", "line", "records",
                 "syntax", "text", "typed")

    def __init__(self, records: list[Any], text: bytes, line: int, column: int, first: int,
                 *, spans: list[tuple[int, int]] | None = None,
                 syntax: list[SyntaxProblem] | None = None, lines: bool = False,
                 typed: bool = False) -> None:
        self.records = records
        self.typed = typed
        """Whether *records* are Structs of the struct pass (see untyped)."""
        self.syntax = syntax or []
        """Lines of JSON Lines in the batch's text that are not JSON (they are no records:
        the others are still read and checked)."""
        self.text = text
        self.line = line
        self.column = column
        self.first = first
        """The index of the first record in the file (the array's, or the line's)."""
        self._spans = spans
        self._lines = lines
        """Whether the records are the lines of *text* that are not blank (JSON Lines)."""
        self._line_starts: list[int] | None = None

    def untyped(self) -> None:
        """Decode the records again as plain data, for the full way (the text is JSON: the
        struct pass read it)."""
        if self.typed:
            self.records = (_decode_lines(self.text) if self._lines
                            else _decode(b"[" + self.text + b"]"))
            self.typed = False

    def span(self, i: int) -> tuple[int, int]:
        """The start and end offsets in *text* of record *i* of the batch."""
        if self._spans is None:
            self._spans = _line_spans(self.text) if self._lines else _element_spans(self.text)
        return self._spans[i]

    def raw(self, i: int) -> bytes:
        """The text of record *i*."""
        start, end = self.span(i)
        return self.text[start:end]

    def position(self, offset: int) -> tuple[int, int]:
        """The line and column of *offset* in *text* (the text's line starts found once: a
        batch of many problems costs what its text does)."""
        if self._line_starts is None:
            self._line_starts = [0, *(m.end() for m in _NEWLINE.finditer(self.text))]
        offset = max(0, min(offset, len(self.text)))
        index = bisect_right(self._line_starts, offset) - 1
        start = self._line_starts[index]
        line, column = line_and_column(self.text, offset, self.line + index, start)
        if line == self.line:
            column += self.column - 1
        return line, column


def _line_spans(text: bytes) -> list[tuple[int, int]]:
    spans = []
    at = 0
    for line in text.split(b"\n"):
        if line.strip():
            spans.append((at, at + len(line)))
        at += len(line) + 1
    return spans


def _element_spans(text: bytes) -> list[tuple[int, int]]:
    spans = []
    at = 0
    for piece in _decode_raw(b"[" + text + b"]"):
        start = text.find(piece, at)
        spans.append((start, start + len(piece)))
        at = start + len(piece)
    return spans


class Reader:
    """Reads the file *source* (a binary stream) in pieces, keeping count of lines."""

    def __init__(self, source: BinaryIO, on_read: Callable[[int], None] | None = None) -> None:
        self.source = source
        self.buf = b""
        self.eof = False
        self.line = 1
        self.column = 1
        self.on_read = on_read

    def fill(self, least: int = PIECE) -> None:
        """Read until the buffer holds *least* bytes, or the input ends."""
        while len(self.buf) < least and not self.eof:
            piece = self.source.read(PIECE)
            # (a buffered read returns less than asked only at the end: taking that as the
            # end spares a terminal's user a second Ctrl-D)
            self.eof = len(piece) < PIECE
            if piece:
                if self.on_read is not None:
                    self.on_read(len(piece))
                self.buf += piece

    def take(self, n: int) -> bytes:
        """Remove and return the first *n* bytes, moving the line count past them."""
        out, self.buf = self.buf[:n], self.buf[n:]
        newlines = out.count(b"\n")
        if newlines:
            self.line += newlines
            self.column = len(out[out.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        else:
            self.column += len(out.decode("utf-8", "replace"))
        return out

    def problem(self, text: bytes, offset: int, message: str, line: int,
                column: int) -> SyntaxProblem:
        at_line, col = line_and_column(text, offset, line)
        return SyntaxProblem(message, at_line, col + (column - 1 if at_line == self.line else 0),
                             offset)


def start(reader: Reader) -> bytes:
    """Skip a byte-order mark and white space; return the first byte of the text (b"" if
    there is none)."""
    reader.fill(3)
    if reader.buf.startswith(BOM):
        reader.buf = reader.buf[3:]
    while True:
        stripped = reader.buf.lstrip(b" \t\r\n")
        reader.take(len(reader.buf) - len(stripped))
        if reader.buf or reader.eof:
            return reader.buf[:1]
        reader.fill(1)


TypedDecode: TypeAlias = Callable[[bytes], "list[Any] | None"]
"""The struct pass's decoding of a batch's text (None: the batch is decoded as plain data)."""


def array_batches(reader: Reader, typed: TypedDecode | None = None) -> Iterator[Batch]:
    """The elements of the top-level array the text holds (its first byte, ``[``, is next),
    a batch at a time (decoded by *typed* where it takes them). Where the text stops being
    JSON, the whole elements before the mistake come as a last batch (to be checked too),
    then the SyntaxProblem."""
    reader.take(1)
    counted = [0]
    try:
        yield from _array_batches(reader, counted, typed)
    except SyntaxProblem as problem:
        cut = _whole_elements_before(reader.buf, problem.offset)
        if cut:
            line, column = reader.line, reader.column
            text = reader.buf[:cut]
            yield Batch(_decode(b"[" + text + b"]"), text, line, column, counted[0])
        raise


def _whole_elements_before(buf: bytes, offset: int) -> int | None:
    """Where the whole elements at the start of *buf* that end before *offset* end (a comma
    after the last of them), or None."""
    if offset <= 0:
        return None
    end = min(offset, len(buf))
    for _ in range(8):
        comma = buf.rfind(b",", 0, end)
        if comma <= 0:
            return None
        try:
            _decode_raw(b"[" + buf[:comma] + b"]")
        except (msgspec.DecodeError, UnicodeDecodeError):
            end = comma
            continue
        return comma
    return None


def _array_batches(reader: Reader, counted: list[int], typed: TypedDecode | None
                   ) -> Iterator[Batch]:
    first = 0
    want = PIECE
    while True:
        reader.fill(want)
        buf = reader.buf
        cut = _cut(buf, reader)
        if cut is None:
            if reader.eof:
                raise _problem(reader, buf, b"[" + buf)
            want = len(buf) * 2  # one element longer than a piece: read more
            continue
        line, column = reader.line, reader.column
        text = buf[:cut]
        trial = b"[" + text + (b"]" if cut < len(buf) else b"")
        records = typed(trial) if typed is not None else None
        batched = records is not None
        if records is None:
            try:
                records = _decode(trial)
            except (msgspec.DecodeError, UnicodeDecodeError) as e:
                raise _problem(reader, buf, trial,
                               e if isinstance(e, msgspec.DecodeError) else None) from None
        if cut == len(buf):  # the last batch: its text ends with the array's "]"
            text = text[:text.rfind(b"]")]
        reader.take(cut + 1)
        yield Batch(records, text, line, column, first, typed=batched)
        first += len(records)
        counted[0] = first
        if cut == len(buf):
            return
        want = PIECE


def _cut(buf: bytes, reader: Reader) -> int | None:
    """Where the batch of whole elements at the start of *buf* ends (a comma between two
    elements; or the end of the buffer, when it holds the end of the array); None if no
    complete element is there yet. Raises SyntaxProblem for text that is not JSON."""
    if reader.eof:
        try:
            _decode_raw(b"[" + buf)
        except msgspec.DecodeError as e:
            raise _problem(reader, buf, b"[" + buf, e) from None
        return len(buf)
    tries = 0
    end = len(buf)
    while tries < 8:
        m = _last_separator(buf, end)
        if m is not None:
            comma = buf.index(b",", m.start())
        else:  # (not an array of objects or arrays: any comma may end an element)
            comma = buf.rfind(b",", 0, end)
            if comma < 0:
                return None
        trial = b"[" + buf[:comma] + b"]"
        try:
            _decode_raw(trial)
        except msgspec.DecodeError as e:
            at = _byte(e)
            if at is not None and at < len(trial) - 1 and "truncated" not in str(e):
                raise _problem(reader, buf, trial, e) from None
            end = m.start() if m is not None else comma
            tries += 1
            continue
        return comma
    return None


def _last_separator(buf: bytes, end: int) -> re.Match[bytes] | None:
    """The last place before *end* where one element of an array of objects (or arrays) may
    end and the next begin: looked for in the tail of *buf* first, then in more of it."""
    window = 4096
    while True:
        low = max(0, end - window)
        m = None
        for m in _SEPARATOR.finditer(buf, low, end):  # noqa: B007 - (the last one)
            pass
        if m is not None or low == 0:
            return m
        window *= 8


def _byte(e: Exception) -> int | None:
    m = _BYTE.search(str(e))
    return int(m.group(1)) if m else None


def _problem(reader: Reader, buf: bytes, trial: bytes, e: Exception | None = None,
             shift: int = 1) -> SyntaxProblem:
    """The SyntaxProblem for *trial* (*shift* bytes, then *buf*...) that msgspec refused."""
    try:
        buf.decode()
    except UnicodeDecodeError as u:
        if u.reason != "unexpected end of data" or reader.eof:  # (not a piece's cut)
            return reader.problem(buf, u.start, f"not valid JSON: not UTF-8 ({u.reason})",
                                  reader.line, reader.column)
    if e is None:
        try:
            msgspec.json.decode(trial)
        except msgspec.DecodeError as found:
            e = found
    message = _BYTE.sub("", str(e)) if e is not None else "not valid JSON"
    message = message.removeprefix("JSON is malformed: ")
    at = _byte(e) if e is not None else None
    offset = len(buf) if at is None else max(at - shift, 0)
    return reader.problem(buf, offset, f"not valid JSON: {message}", reader.line,
                          reader.column)


def line_batches(reader: Reader, typed: TypedDecode | None = None) -> Iterator[Batch]:
    """The lines of JSON Lines text, a batch at a time (decoded by *typed* where it takes
    them); blank lines are skipped. A line that is not JSON is no record: its SyntaxProblem
    goes with the batch, and the reading goes on (each line is a record of its own, so the
    others are still checked)."""
    number = 1
    while True:
        reader.fill()
        buf = reader.buf
        if reader.eof:
            if not buf:  # (the text ended with the last batch, or is empty)
                return
            cut = len(buf)
        else:  # (fill read a whole piece: buf is not empty)
            cut = buf.rfind(b"\n") + 1
            if cut == 0:  # a line longer than the buffer: read more
                reader.fill(len(buf) * 2)
                continue
        text = buf[:cut]
        records = typed(text) if typed is not None else None
        if records is not None:
            batch = Batch(records, text, reader.line, 1, 0, lines=True, typed=True)
        else:
            try:  # (every line at once; the lines one by one only where one is not JSON)
                batch = Batch(_decode_lines(text), text, reader.line, 1, 0, lines=True)
            except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
                batch = _lines_one_by_one(text, number, reader.line)
        yield batch
        number += text.count(b"\n") + (0 if text.endswith(b"\n") else 1)
        reader.take(cut)
        if reader.eof:
            return


def _lines_one_by_one(text: bytes, number: int, first_line: int) -> Batch:
    """The batch of the lines of *text* (the first is line *number*), read one at a time:
    a line that is not JSON is no record, its problem goes with the batch."""
    spans = []
    records = []
    syntax = []
    at = 0
    for line in text.split(b"\n"):
        if line.strip():
            try:
                records.append(_decode(line))
                spans.append((at, at + len(line)))
            except (msgspec.DecodeError, UnicodeDecodeError) as e:
                syntax.append(_line_problem(line, number, e))
        at += len(line) + 1
        number += 1
    return Batch(records, text, first_line, 1, 0, spans=spans, syntax=syntax)


def _line_problem(line: bytes, number: int, e: Exception) -> SyntaxProblem:
    try:
        line.decode()
    except UnicodeDecodeError as u:
        _, col = line_and_column(line, u.start)
        return SyntaxProblem(f"not valid JSON: not UTF-8 ({u.reason})", number, col)
    at = _byte(e)
    _, col = line_and_column(line, len(line) if at is None else at)
    message = _BYTE.sub("", str(e)).removeprefix("JSON is malformed: ")
    return SyntaxProblem(f"not valid JSON: {message}", number, col)


def whole_batch(reader: Reader) -> Batch:
    """The whole text as one record."""
    reader.fill(1 << 62)
    buf = reader.buf
    try:
        records = [_decode(buf)]
    except (msgspec.DecodeError, UnicodeDecodeError) as e:
        raise _problem(reader, buf, buf, e if isinstance(e, msgspec.DecodeError) else None,
                       shift=0) from None
    return Batch(records, buf, reader.line, reader.column, 0, spans=[(0, len(buf))])
