"""Reading paths written as text: ``a.b["k"][1]``, the form Terraform writes paths in
(tfdiags.FormatCtyPath, and :meth:`cty.Path.format`).

This module reads the text into raw steps (an attribute name, a string key, or a number key's
literal, each with its column); :meth:`cty.Path.parse` makes the steps, checking them against a
type if given one.
"""

from __future__ import annotations

import re
from typing import Final, Literal, TypeAlias

from ._errors import CtyValueError
from ._gostrconv import GO_HEX_ESCAPES, GO_SIMPLE_ESCAPES
from .hcl._names import is_ident_continue, is_ident_start

RawStep: TypeAlias = tuple[Literal["attr", "string", "number"], str, int]
"""A step as written: its kind, its text (a name, a decoded string, a number literal) and the
1-based column where it starts (an attribute's name, a key's bracket)."""


class PathSyntaxError(CtyValueError):
    """Path text that cannot be read, or that leads nowhere in the type it was read within.

    ``message`` says what is wrong and ``column`` (1-based, in characters) where.
    """

    def __init__(self, message: str, column: int) -> None:
        super().__init__(f"column {column}: {message}")
        self.message = message
        self.column = column

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (PathSyntaxError, (self.message, self.column))


_NUMBER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_ESCAPES: Final = {**GO_SIMPLE_ESCAPES, "/": "/"}  # (Go's, and JSON's \/)


def read_steps(text: str) -> list[RawStep]:
    """Return the steps of path *text*: ``.name`` (the first may leave out its dot),
    ``["key"]`` (Go or JSON escapes) and ``[number]``. Raises PathSyntaxError."""
    if not isinstance(text, str):
        raise CtyValueError(f"path text must be a str, not {type(text).__name__}")
    steps: list[RawStep] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "." or (not steps and is_ident_start(c)):
            start = i + 1 if c == "." else i
            j = start
            if j < n and is_ident_start(text[j]):
                j += 1
                while j < n and is_ident_continue(text[j]):
                    j += 1
            if j == start:
                raise PathSyntaxError("an attribute name is expected after the dot", start + 1)
            steps.append(("attr", text[start:j], start + 1))
            i = j
        elif c == "[":
            i = _read_key(text, i + 1, steps)
        else:
            raise PathSyntaxError(f"unexpected {_shown(c)}: a step starts with a dot or a "
                                  "bracket", i + 1)
    return steps


def _read_key(text: str, i: int, steps: list[RawStep]) -> int:
    """Read the key after a ``[`` at *i* and its ``]``; return the index after it."""
    n = len(text)
    if i < n and text[i] == '"':
        value, j = _read_string(text, i)
        steps.append(("string", value, i))  # (a step's column is its bracket's)
    else:
        m = _NUMBER.match(text, i)
        if m is None:
            what = "the end of the text" if i >= n else _shown(text[i])
            raise PathSyntaxError(f"a key is a quoted string or a number, not {what}", i + 1)
        steps.append(("number", m.group(), i))
        j = m.end()
    if j >= n or text[j] != "]":
        what = "the end of the text" if j >= n else _shown(text[j])
        raise PathSyntaxError(f'"]" is expected after the key, not {what}', j + 1)
    return j + 1


def _read_string(text: str, i: int) -> tuple[str, int]:
    """Read the quoted string at *i*; return its value and the index after its closing quote."""
    out: list[str] = []
    j, n = i + 1, len(text)
    while j < n:
        c = text[j]
        if c == '"':
            return "".join(out), j + 1
        if c == "\\":
            if j + 1 >= n:
                break
            e = text[j + 1]
            if e in _ESCAPES:
                out.append(_ESCAPES[e])
                j += 2
                continue
            width = GO_HEX_ESCAPES.get(e)
            digits = text[j + 2:j + 2 + width] if width else ""
            if not width or len(digits) != width or not all(
                    d in "0123456789abcdefABCDEF" for d in digits):
                raise PathSyntaxError(f"invalid escape {_shown(text[j:j + 2])} in a string",
                                      j + 1)
            code = int(digits, 16)
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                raise PathSyntaxError(f"escape {text[j:j + 2 + width]} is not a character",
                                      j + 1)
            out.append(chr(code))
            j += 2 + width
            continue
        out.append(c)
        j += 1
    raise PathSyntaxError("the string has no closing quote", i + 1)


def _shown(s: str) -> str:
    return repr(s)
