"""Glob patterns as fileset reads them (bmatcuk/doublestar's syntax): ``*`` any characters
but ``/``, ``?`` one such character, ``[abc]``/``[a-z]``/``[^a]``/``[!a]`` a class, ``{a,b}``
alternatives (nested too), ``**`` as a whole path element any number of directories, ``\\``
an escape. Hidden names are matched like any other.

A pattern becomes a regular expression over ``/``-separated paths; it is data all the way
(every literal character is escaped), and its length is bounded by the string limit.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["GlobSyntaxError", "compile_glob", "expand_alternatives", "literal_prefix"]

_META: Final = frozenset("*?[{\\")
MAX_PATTERNS: Final = 1024
"""The most patterns alternatives holding ``/`` may expand one pattern into."""


class GlobSyntaxError(ValueError):
    """A pattern doublestar cannot read (an unclosed class or brace, a trailing escape)."""


def literal_prefix(pattern: str) -> tuple[str, str]:
    """*pattern* split at the last ``/`` before its first special character: the directory
    to walk, and the pattern below it (``("", pattern)`` when the first element is a
    pattern already)."""
    first = next((i for i, ch in enumerate(pattern) if ch in _META), len(pattern))
    cut = pattern.rfind("/", 0, first)
    if cut < 0:
        return "", pattern
    return pattern[:cut] or "/", pattern[cut + 1:]


def expand_alternatives(pattern: str) -> list[str]:
    """*pattern* as the patterns its alternatives that hold a ``/`` stand for (``a/{b/c,d}``
    is ``a/b/c`` and ``a/d``); alternatives within one path element stay."""
    done: list[str] = []
    todo = [pattern]
    while todo:
        current = todo.pop()
        group = _slash_group(current)
        if group is None:
            done.append(current)
            continue
        start, end, choices = group
        todo.extend(current[:start] + choice + current[end:] for choice in reversed(choices))
        if len(done) + len(todo) > MAX_PATTERNS:
            raise GlobSyntaxError(f"the alternatives make more than {MAX_PATTERNS} patterns")
    return done


def _slash_group(s: str) -> tuple[int, int, list[str]] | None:
    """The first brace group of *s* that holds a ``/``: where it starts and ends, and its
    alternatives (None if there is none)."""
    i = 0
    while i < len(s):
        if s[i] == "\\":
            i += 2
            continue
        if s[i] == "{":
            depth, j, choices, last = 0, i, [], i + 1
            while j < len(s):
                ch = s[j]
                if ch == "\\":
                    j += 2
                    continue
                if ch == "{":
                    depth += 1
                elif ch == "}":
                    depth -= 1
                    if depth == 0:
                        choices.append(s[last:j])
                        break
                elif ch == "," and depth == 1:
                    choices.append(s[last:j])
                    last = j + 1
                j += 1
            else:
                return None  # (unclosed: compile_glob says so)
            if "/" in s[i:j]:
                return i, j + 1, choices
        i += 1
    return None


def compile_glob(pattern: str) -> re.Pattern[str]:
    """The regular expression that matches exactly the relative paths *pattern* matches."""
    parts = pattern.split("/")
    out: list[str] = []
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if part == "**":
            # any number of whole directories (and, last, anything below)
            out.append(".*" if last else "(?:[^/]*/)*")
            continue
        out.append(_element(part))
        if not last:
            out.append("/")
    return re.compile("".join(out), re.S)


def _element(part: str) -> str:
    """One path element's pattern (no ``/`` in it) as a regular expression."""
    text, end = _sequence(part, 0, top=True)
    if end != len(part):
        raise GlobSyntaxError("syntax error in pattern")
    return text


def _sequence(s: str, i: int, top: bool) -> tuple[str, int]:
    """Translate *s* from *i* up to its end (or, inside braces, the next ``,`` or ``}`` of
    this level); return the expression and where it stopped."""
    out: list[str] = []
    while i < len(s):
        ch = s[i]
        if not top and ch in ",}":
            break
        if ch == "*":
            out.append("[^/]*")
            i += 1
        elif ch == "?":
            out.append("[^/]")
            i += 1
        elif ch == "\\":
            if i + 1 >= len(s):
                raise GlobSyntaxError("syntax error in pattern")
            out.append(re.escape(s[i + 1]))
            i += 2
        elif ch == "[":
            text, i = _class(s, i)
            out.append(text)
        elif ch == "{":
            choices: list[str] = []
            i += 1
            while True:
                text, i = _sequence(s, i, top=False)
                choices.append(text)
                if i >= len(s):
                    raise GlobSyntaxError("syntax error in pattern")
                if s[i] == "}":
                    i += 1
                    break
                i += 1  # (a comma)
            out.append("(?:" + "|".join(choices) + ")")
        else:
            out.append(re.escape(ch))
            i += 1
    return "".join(out), i


def _class(s: str, i: int) -> tuple[str, int]:
    """The class that starts at ``s[i] == "["``, and the index after it."""
    i += 1
    negate = i < len(s) and s[i] in "^!"
    if negate:
        i += 1
    items: list[str] = []
    first = True
    while True:
        if i >= len(s):
            raise GlobSyntaxError("syntax error in pattern")
        ch = s[i]
        if ch == "]" and not first:
            i += 1
            break
        first = False
        if ch == "\\":
            if i + 1 >= len(s):
                raise GlobSyntaxError("syntax error in pattern")
            ch = s[i + 1]
            i += 1
        i += 1
        if i + 1 < len(s) and s[i] == "-" and s[i + 1] != "]":
            high = s[i + 1]
            if high == "\\" and i + 2 < len(s):
                high = s[i + 2]
                i += 1
            i += 2
            if high < ch:
                raise GlobSyntaxError("syntax error in pattern")
            items.append(re.escape(ch) + "-" + re.escape(high))
        else:
            items.append(re.escape(ch))
    body = "".join(items)
    return ("[^/" + body + "]") if negate else ("(?!/)[" + body + "]"), i
