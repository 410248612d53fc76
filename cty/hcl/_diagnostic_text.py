"""Diagnostics written for people, as HCL's text writer (``hcl.NewDiagnosticTextWriter``)
writes them: the severity and summary, where the subject is, the source lines around it with
the subject highlighted, and the detail (word-wrapped to a width when one is given).

>>> from cty.hcl import parse_expression
>>> text = "[\\n  1,\\n  2 + true,\\n]"
>>> _, diags = parse_expression(text, "main.hcl").value()
>>> print(format_diagnostics(diags, {"main.hcl": text}), end="")
Error: Invalid operand
<BLANKLINE>
  on main.hcl line 3:
   3:   2 + true,
<BLANKLINE>
Unsuitable value for right operand: number required, but have bool.
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Final

import cty
from cty._internal import format_g10, go_is_space, go_quote

from ._eval import traverse_abs

if TYPE_CHECKING:
    from ._body import File
    from ._expression import Diagnostic
    from ._variables import Traversal

__all__ = ["format_diagnostics"]

_SEVERITY: Final = {"error": ("Error", "\x1b[31m"), "warning": ("Warning", "\x1b[33m")}
_HIGHLIGHT: Final = "\x1b[1;4m"
_RESET: Final = "\x1b[0m"


def format_diagnostics(diagnostics: Iterable[Diagnostic],
                       sources: Mapping[str, str | File] | None = None, *, width: int = 0,
                       color: bool = False) -> str:
    """Return *diagnostics* as HCL's text writer writes them.

    *sources* maps a file's name to its text, or to the ``File`` that ``parse_config``
    gave (then a diagnostic in one of its top-level blocks names it, as HCL's does: "on
    main.tf line 3, in resource "aws" "web":"): a diagnostic whose subject is in one of them
    shows the lines its subject and context cover, the subject underlined when *color* is
    set (with the terminal codes HCL uses, which also color the severity); one in no known
    file says its source is not available. *width* (0: none) word-wraps the detail as HCL
    does.
    """
    sources = sources or {}
    return "".join(_one(d, sources, width, color) for d in diagnostics)


def _one(d: Diagnostic, sources: Mapping[str, str | File], width: int, color: bool) -> str:
    name, code = _SEVERITY.get(d.severity, ("???????", ""))
    code, reset, highlight = (code, _RESET, _HIGHLIGHT) if color else ("", "", "")
    out = [f"{code}{name}{reset}: {d.summary}\n\n"]
    subject = d.subject
    if subject is not None:
        source = sources.get(subject.filename)
        if source is None:
            out.append(f"  on {subject.filename} line {subject.start.line}:\n"
                       "  (source code not available)\n\n")
        else:
            text, within = (source, "") if isinstance(source, str) else (
                source.text, source.context_string(subject.start.byte))
            within = f", in {within}" if within else ""
            out.append(f"  on {subject.filename} line {subject.start.line}{within}:\n")
            lo, hi = subject.start.byte, subject.end.byte
            snip_lo, snip_hi = lo, hi
            if d.context is not None:  # (HCL's RangeOver: an empty range gives way)
                c_lo, c_hi = d.context.start.byte, d.context.end.byte
                if snip_lo == snip_hi:
                    snip_lo, snip_hi = c_lo, c_hi
                elif c_lo != c_hi:
                    snip_lo, snip_hi = min(snip_lo, c_lo), max(snip_hi, c_hi)
            if snip_lo == snip_hi:
                snip_hi += 1
            if lo == hi:
                hi += 1
            out.extend(_lines(text.encode("utf-8", "surrogatepass"), (snip_lo, snip_hi),
                              (lo, hi), highlight, reset))
            out.append("\n")
        out.append(_with_values(d))
    if d.detail:
        out.append(f"{_wrap(d.detail, width) if width else d.detail}\n\n")
    return "".join(out)


def _with_values(d: Diagnostic) -> str:
    """The values of the variables the diagnostic's expression reads, in the context it was
    evaluated in, as HCL's text writer lists them ("with NAME as VALUE,"; sorted, each name
    once): a null as "set to null"; unknown and marked values, and names that do not
    resolve, left out."""
    expression, ctx = d.expression, d.eval_context
    if expression is None or ctx is None:
        return ""
    found: list[str] = []
    seen: set[str] = set()
    for traversal in expression.variables():
        value = traverse_abs(traversal.root, traversal.path, ctx)
        if value is None or not value.is_known():
            continue
        name = _traversal_text(traversal)
        if name in seen:
            continue
        if value.is_null():
            found.append(f"{name} set to null")
        elif value.is_marked():
            continue
        else:
            found.append(f"{name} as {_value_text(value)}")
        seen.add(name)
    found.sort(key=lambda s: s.encode("utf-8", "surrogatepass"))  # (Go's byte order)
    return "".join(("with " if i == 0 else "     ") + stmt
                   + (".\n\n" if i == len(found) - 1 else ",\n")
                   for i, stmt in enumerate(found))


def _traversal_text(traversal: Traversal) -> str:
    """The traversal as HCL's text writer names it: a key that is not of a primitive type
    shown as ``...``."""
    out = [traversal.root]
    for step in traversal.path:
        if isinstance(step, cty.GetAttrStep):
            out.append(f".{step.name}")
        else:
            assert isinstance(step, cty.IndexStep)
            key = step.key
            out.append(f"[{_value_text(key) if key.type().is_primitive_type() else '...'}]")
    return "".join(out)


def _value_text(value: cty.Value) -> str:
    """A value as HCL's text writer describes it: a primitive as written, a collection or
    tuple by its length, an object by its attributes."""
    ty = value.type()
    if value.is_null():
        return "null"
    if not value.is_known():
        return "(not yet known)"
    if ty is cty.Bool:
        return "true" if value.true() else "false"
    if ty is cty.Number:
        return format_g10(value.as_big_float())
    if ty is cty.String:
        return go_quote(value.as_string())
    if ty.is_collection_type() or ty.is_tuple_type():
        n = value.length_int()
        name = ty.friendly_name()
        return (f"empty {name}" if n == 0 else f"{name} with 1 element" if n == 1
                else f"{name} with {n} elements")
    if ty.is_object_type():
        names = list(ty.attribute_types())
        if not names:
            return "object with no attributes"
        if len(names) == 1:
            return f"object with 1 attribute {go_quote(names[0])}"
        return f"object with {len(names)} attributes"
    return ty.friendly_name()


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """HCL's Range.Overlaps on byte offsets (an empty range overlaps nothing)."""
    if a[0] == a[1] or b[0] == b[1]:
        return False
    return (a[0] <= b[0] < a[1] or a[0] <= b[1] < a[1] or b[0] <= a[0] < b[1]
            or b[0] <= a[1] < b[1])


def _lines(src: bytes, snippet: tuple[int, int], subject: tuple[int, int], highlight: str,
           reset: str) -> list[str]:
    """The source lines that overlap *snippet*, numbered, the part of each in *subject*
    between *highlight* and *reset* (HCL's RangeScanner over lines: a line's range ends
    before its newline, and a blank line overlaps nothing)."""
    out = []
    start, number = 0, 1
    while start < len(src):
        newline = src.find(b"\n", start)
        stop = len(src) if newline < 0 else newline
        body_end = stop - 1 if stop > start and src[stop - 1:stop] == b"\r" else stop
        line = (start, body_end)
        if _overlaps(line, snippet):
            body = src[start:body_end]
            a, b = max(start, subject[0]), min(body_end, subject[1])
            if _overlaps(line, subject) and a < b:
                body = (src[start:a] + highlight.encode() + src[a:b] + reset.encode()
                        + src[b:body_end])
            out.append(f"{number:4d}: {_text(body)}\n")
        number += src.count(b"\r", start, stop) - (body_end != stop) + 1
        start = stop + 1
    return out


def _text(raw: bytes) -> str:
    """A source line's bytes as text; where the subject's edge splits a character, each
    byte of it that is no whole character is U+FFFD (HCL writes the bytes themselves, which
    a reader of its output as UTF-8 sees so)."""
    try:
        return raw.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return "".join(piece.decode("utf-8", "surrogatepass") if piece else ""
                       for piece in _split_invalid(raw))


def _split_invalid(raw: bytes) -> list[bytes]:
    """*raw* in pieces: runs that decode, and U+FFFD (encoded) for each byte that does not
    start a whole character."""
    out, i = [], 0
    while i < len(raw):
        for size in (1, 2, 3, 4):
            try:
                raw[i:i + size].decode("utf-8", "surrogatepass")
            except UnicodeDecodeError:
                continue
            out.append(raw[i:i + size])
            i += size
            break
        else:
            out.append("\ufffd".encode())
            i += 1
    return out


def _wrap(text: str, width: int) -> str:
    """go-wordwrap's WrapString, as HCL wraps a detail: a line breaks before a word that
    would pass *width* characters (a word longer than that is broken where it passes it),
    the spaces at the break dropped; newlines are kept."""
    out: list[str] = []
    current = 0
    word: list[str] = []
    space: list[str] = []
    for c in text:
        if c == "\n":
            if not word:
                if current + len(space) <= width:
                    out += space
            else:
                out += space + word
                word = []
            space = []
            out.append(c)
            current = 0
        elif go_is_space(c) and c != "\xa0":
            if not space or word:
                current += len(space) + len(word)
                out += space + word
                space, word = [], []
            space.append(c)
        else:
            word.append(c)
            if current + len(word) + len(space) > width and len(word) < width:
                out.append("\n")
                current = 0
                space = []
    if not word:
        if current + len(space) <= width:
            out += space
    else:
        out += space + word
    return "".join(out)
