"""What the command reads: type expressions, and data files (JSON, YAML, gob, msgpack)."""

from __future__ import annotations

import sys
from pathlib import Path

import cty
from cty.convert import Defaults, parse_type_with_defaults

GOB_MAGIC = b"\x89ctygob"
"""The first bytes of a gob stream (docs/formats/gob.md)."""


class InputError(Exception):
    """Input the command cannot use: a file that cannot be read or parsed, a bad type
    expression. The command prints it (no traceback) and exits with status 1."""


def read_type(arg: str) -> tuple[cty.Type, Defaults | None]:
    """Return the type (and its defaults) that *arg* writes as a type expression, or that the
    file named after an ``@`` holds."""
    text = read_text(arg[1:]) if arg.startswith("@") else arg
    try:
        return parse_type_with_defaults(text)
    except cty.TypeExprError as e:
        raise InputError(type_expr_message(text, e)) from None


def type_expr_message(text: str, e: cty.TypeExprError) -> str:
    """Return the message for a bad type expression, with its line and a caret under the
    column where the mistake starts."""
    lines = text.splitlines() or [""]
    line = lines[min(e.line, len(lines)) - 1]
    return (f"invalid type expression (line {e.line}, column {e.column}): {e.summary}: "
            f"{e.detail}\n  {line}\n  {' ' * (e.column - 1)}^")


def read_text(name: str) -> str:
    """Return the text of the file *name* (``-``: standard input)."""
    try:
        return read_bytes(name).decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{name}: not UTF-8 text ({e.reason} at byte {e.start})") from None


def read_bytes(name: str) -> bytes:
    """Return the bytes of the file *name* (``-``: standard input)."""
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(name).read_bytes()
    except OSError as e:
        raise InputError(f"{name}: {e.strerror or e}") from None
