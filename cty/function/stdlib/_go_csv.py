"""Go's encoding/csv reader (RFC 4180, as csv.NewReader reads by default), for csv_decode.

Python's csv module differs from Go's in what it accepts (a bare quote inside a field, text
after a closing quote) and says nothing like Go's errors, which go-cty passes on; this is a
port of the reader's rules: lines end at LF (CRLF read as LF; a CR before the end of the input
dropped), empty lines are skipped, a quoted field may span lines, and each record must have
as many fields as the first.
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["CSVParseError", "records"]


class CSVParseError(Exception):
    """A record Go's reader refuses: *line* (from 1) and Go's message."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


_BARE_QUOTE = 'bare " in non-quoted-field'
_QUOTE = 'extraneous or missing " in quoted-field'
_FIELD_COUNT = "wrong number of fields"


class _Lines:
    """The input line by line, as Go's Reader.readLine returns lines."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.number = 0

    def read(self) -> tuple[str, bool]:
        """Return the next line (ending in "\\n" unless it is the last) and whether the input
        had ended before it (Go's io.EOF with nothing read)."""
        text, start = self.text, self.pos
        end = text.find("\n", start)
        self.number += 1
        if end < 0:
            line = text[start:]
            self.pos = len(text)
            if not line:
                return "", True
            if line.endswith("\r"):
                line = line[:-1]
            return line, False
        self.pos = end + 1
        line = text[start:end + 1]
        if line.endswith("\r\n"):
            line = line[:-2] + "\n"
        return line, False


def _nl(s: str) -> int:
    return 1 if s.endswith("\n") else 0


def _record(lines: _Lines) -> tuple[list[str], int] | None:
    """Return the next record and the line it starts on, or None at the end of the input."""
    while True:
        line, ended = lines.read()
        if ended:
            return None
        if len(line) != _nl(line):
            break
    start = lines.number
    fields: list[str] = []
    while True:
        if not line.startswith('"'):
            i = line.find(",")
            field = line[:i] if i >= 0 else line[:len(line) - _nl(line)]
            if '"' in field:
                raise CSVParseError(lines.number, _BARE_QUOTE)
            fields.append(field)
            if i < 0:
                return fields, start
            line = line[i + 1:]
            continue
        line = line[1:]
        field_line = lines.number
        parts: list[str] = []
        while True:
            i = line.find('"')
            if i >= 0:
                parts.append(line[:i])
                line = line[i + 1:]
                if line.startswith('"'):
                    parts.append('"')
                    line = line[1:]
                elif line.startswith(","):
                    line = line[1:]
                    fields.append("".join(parts))
                    break
                elif len(line) == _nl(line):
                    fields.append("".join(parts))
                    return fields, start
                else:
                    raise CSVParseError(lines.number, _QUOTE)
            elif line:  # the field goes on on the next line
                parts.append(line)
                line, _ = lines.read()
                if line:
                    field_line += 1
            else:
                raise CSVParseError(field_line, _QUOTE)


def records(text: str, fields: int | None = None) -> Iterator[list[str]]:
    """Yield the records of *text*; with *fields*, each must have that many (else the first
    record sets the number). Raises CSVParseError."""
    lines = _Lines(text)
    while True:
        got = _record(lines)
        if got is None:
            return
        record, start = got
        if fields is None:
            fields = len(record)
        elif len(record) != fields:
            raise CSVParseError(start, _FIELD_COUNT)
        yield record
