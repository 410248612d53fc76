"""Go's regexp package on RE2, for regex, regex_all and regex_replace.

Go's regexp is RE2's syntax and semantics (leftmost-first matching in linear time), and RE2
itself (the ``google-re2`` package) runs the patterns here: a user's pattern never takes
exponential time, and it means what it means to go-cty. What Go adds on top is ported: how it
steps past empty matches when it finds all matches or replaces them (in UTF-8 byte offsets, as
Go counts), ``$1`` / ``${name}`` expansion in replacements, its names for syntax errors, and
its refusal of ``\\C`` (RE2's any-byte escape, which could split a character).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from re2 import _re2  # RE2 itself: byte offsets, no Python-re emulation

from cty._internal import check_string_length

__all__ = ["GoRegexp", "RegexpSyntaxError"]

# RE2's error texts, as Go's regexp/syntax names the same errors
_GO_CODES = {
    "missing ]": "missing closing ]",
    "missing )": "missing closing )",
    "unexpected )": "unexpected )",
    "invalid repetition size": "invalid repeat count",
    "bad repetition operator": "invalid nested repetition operator",
    "no argument for repetition operator": "missing argument to repetition operator",
    "trailing \\": "trailing backslash at end of expression",
    "invalid perl operator": "invalid or unsupported Perl syntax",
    "invalid named capture group": "invalid named capture",
    "pattern too large - compile failed": "expression too large",
    "pattern too large - reverse compile failed": "expression too large",
}

_UNANCHORED = _re2.RE2.Anchor.UNANCHORED


class RegexpSyntaxError(Exception):
    """A pattern Go's regexp refuses: *code* (Go's ErrorCode text) and the part at fault."""

    def __init__(self, code: str, expr: str) -> None:
        super().__init__(f"{code}: `{expr}`")
        self.code = code
        self.expr = expr


def _any_byte_escape(pattern: str) -> bool:
    """Whether *pattern* uses ``\\C`` outside ``\\Q...\\E`` (Go has no such escape)."""
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            nxt = pattern[i + 1]
            if nxt == "C":
                return True
            if nxt == "Q":
                end = pattern.find("\\E", i + 2)
                if end < 0:
                    return False
                i = end + 2
                continue
            i += 2
            continue
        i += 1
    return False


def _group_names(pattern: str) -> list[str]:
    """The names of a valid pattern's capture groups in order, "" for unnamed ones (RE2's own
    map keeps one group per name; Go, like this, keeps every group's name)."""
    names: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            if pattern.startswith("Q", i + 1):
                end = pattern.find("\\E", i + 2)
                i = n if end < 0 else end + 2
            else:
                i += 2
        elif c == "[":
            i = _class_end(pattern, i)
        elif c == "(":
            if pattern.startswith("?P<", i + 1) or (pattern.startswith("?<", i + 1)
                                                    and not pattern.startswith("?<=", i + 1)
                                                    and not pattern.startswith("?<!", i + 1)):
                start = pattern.index("<", i) + 1
                end = pattern.index(">", start)
                names.append(pattern[start:end])
                i = end + 1
            else:
                if not pattern.startswith("?", i + 1):
                    names.append("")
                i += 1
        else:
            i += 1
    return names


def _class_end(pattern: str, i: int) -> int:
    """The index after the character class that starts at *i*."""
    i += 1
    if pattern.startswith("^", i):
        i += 1
    if pattern.startswith("]", i):
        i += 1
    n = len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            i += 2
        elif pattern.startswith("[:", i):
            end = pattern.find(":]", i + 2)
            i = i + 1 if end < 0 else end + 2
        elif c == "]":
            return i + 1
        else:
            i += 1
    return n


def _options() -> _re2.RE2.Options:
    o = _re2.RE2.Options()
    o.log_errors = False
    return o


_OPTIONS = _options()


class GoRegexp:
    """A compiled pattern, with Go's regexp methods that go-cty's functions use."""

    __slots__ = ("_re", "groups", "names")

    def __init__(self, pattern: str) -> None:
        if _any_byte_escape(pattern):
            raise RegexpSyntaxError("invalid escape sequence", "\\C")
        compiled = _re2.RE2(pattern.encode("utf-8"), _OPTIONS)
        if not compiled.ok():
            text = compiled.error().decode("utf-8", "replace")
            code, _, expr = text.partition(": ")
            raise RegexpSyntaxError(_GO_CODES.get(code, code), expr)
        self._re = compiled
        self.groups: int = compiled.NumberOfCapturingGroups()
        names = _group_names(pattern)
        if len(names) != self.groups:  # not expected: then RE2's map (first of equal names)
            names = [""] * self.groups
            for name, i in compiled.NamedCapturingGroups():
                names[i - 1] = name.decode("utf-8")
        self.names: list[str] = names
        """The capture groups' names, "" for an unnamed group (Go's SubexpNames()[1:])."""

    def _match(self, text: bytes, pos: int) -> list[tuple[int, int]] | None:
        spans = self._re.Match(_UNANCHORED, text, pos, len(text))
        return None if spans[0][0] < 0 else spans

    def search(self, text: bytes) -> list[tuple[int, int]] | None:
        """The leftmost match's spans (whole match, then each group; (-1, -1) where a group
        took no part), or None: Go's FindSubmatchIndex."""
        return self._match(text, 0)

    def find_all(self, text: bytes) -> Iterator[list[tuple[int, int]]]:
        """Every match, as Go's FindAllSubmatchIndex finds them (an empty match right after
        another match does not count)."""
        pos, prev_end, end = 0, -1, len(text)
        while pos <= end:
            spans = self._match(text, pos)
            if spans is None:
                return
            start, stop = spans[0]
            accept = True
            if stop == pos:
                if start == prev_end:
                    accept = False
                pos += _rune_width(text, pos) if pos < end else 1
            else:
                pos = stop
            prev_end = stop
            if accept:
                yield spans

    def replace_all(self, text: bytes, template: bytes, limit: int | None = None) -> bytes:
        """Go's ReplaceAllString: each match replaced by *template* with ``$`` expansion.

        A match's replacement depends only on the texts of the groups the template names, so
        it is made once per distinct set of those texts (a template of a thousand pieces over
        twenty thousand empty matches is expanded once). With *limit*, raises
        LimitExceededError as soon as the result would be longer than *limit* characters."""
        out: list[bytes] = []
        last_end = search_pos = 0
        end = len(text)
        used = self._groups_used(template)
        made: dict[tuple[bytes | None, ...], bytes] = {}
        # (bytes written, and how many may be written before the characters are counted: a
        # character is a byte or more, so the text cannot pass the limit before its bytes do)
        written = 0
        recount = limit if limit is not None else -1
        while search_pos <= end:
            spans = self._match(text, search_pos)
            if spans is None:
                break
            start, stop = spans[0]
            out.append(text[last_end:start])
            written += start - last_end
            if stop > last_end or start == 0:
                key = tuple(text[spans[i][0]:spans[i][1]] if spans[i][0] >= 0 else None
                            for i in used)
                piece = made.get(key)
                if piece is None:
                    pieces: list[bytes] = []
                    self._expand(pieces, template, text, spans)
                    piece = b"".join(pieces)
                    if len(made) < 256:
                        made[key] = piece
                out.append(piece)
                written += len(piece)
            if written > recount >= 0:
                recount = _check_length(out, written, limit)  # type: ignore[arg-type]
            last_end = stop
            width = _rune_width(text, search_pos) if search_pos < end else 0
            if search_pos + width > stop:
                search_pos += width
            elif search_pos + 1 > stop:
                search_pos += 1
            else:
                search_pos = stop
        out.append(text[last_end:])
        written += end - last_end
        if written > recount >= 0:
            _check_length(out, written, limit)  # type: ignore[arg-type]
        return b"".join(out)

    def _groups_used(self, template: bytes) -> tuple[int, ...]:
        """The indexes of the groups *template* names (by number or by name), in order."""
        used: list[int] = []
        for piece in _template_pieces(template):
            if piece.__class__ is int:
                found = [piece] if piece <= len(self.names) else []
            elif piece.__class__ is str:  # (every group of that name: the first taking part)
                found = [k for k, g in enumerate(self.names, 1) if g == piece]
            else:
                continue
            used.extend(i for i in found if i not in used)
        return tuple(used)

    def _expand(self, out: list[bytes], template: bytes, text: bytes,
                spans: list[tuple[int, int]]) -> None:
        """Go's Regexp.expand: ``$$`` is "$", ``$name``/``${name}`` a group's text (empty for
        a group that does not exist or took no part), a malformed ``$`` itself. The template
        is read once (_template_pieces), so each match costs only its pieces."""
        for piece in _template_pieces(template):
            if piece.__class__ is bytes:
                out.append(piece)
                continue
            if piece.__class__ is int:
                if piece < len(spans) and spans[piece][0] >= 0:
                    out.append(text[spans[piece][0]:spans[piece][1]])
                continue
            for i, group in enumerate(self.names, 1):
                if group == piece and spans[i][0] >= 0:
                    out.append(text[spans[i][0]:spans[i][1]])
                    break


def _check_length(out: list[bytes], written: int, limit: int) -> int:
    """Raise LimitExceededError if the text *out* holds (*written* bytes) is more than *limit*
    characters; else return the count of bytes past which it may be, to look again then."""
    chars = len(b"".join(out).decode("utf-8", "replace"))
    check_string_length(chars, "the replaced text")
    return written + (limit - chars)


@functools.lru_cache(maxsize=64)
def _template_pieces(template: bytes) -> tuple[bytes | int | str, ...]:
    """A replacement template as Go's expand reads it: literal bytes, group numbers, and
    group names, in order."""
    pieces: list[bytes | int | str] = []
    body = template.decode("utf-8")
    literal: list[str] = []
    i, end = 0, len(body)
    while i < end:
        dollar = body.find("$", i)
        if dollar < 0:
            literal.append(body[i:])
            break
        literal.append(body[i:dollar])
        i = dollar + 1
        if body.startswith("$", i):
            literal.append("$")
            i += 1
            continue
        got = _extract(body, i)
        if got is None:
            literal.append("$")
            continue
        name, num, i = got
        if literal:
            pieces.append("".join(literal).encode("utf-8"))
            literal = []
        pieces.append(num if num >= 0 else name)
    if literal:
        pieces.append("".join(literal).encode("utf-8"))
    return tuple(p for p in pieces if p != b"")


def _rune_width(text: bytes, pos: int) -> int:
    """The length of the UTF-8 character at *pos* (the text is valid UTF-8)."""
    b = text[pos]
    if b < 0x80:
        return 1
    if b >= 0xF0:
        return 4
    if b >= 0xE0:
        return 3
    return 2


def _extract(body: str, start: int) -> tuple[str, int, int] | None:
    """Go's regexp extract, at *start* in *body* (just after a ``$``): the name (letters,
    digits and "_", in braces or not), its number (-1 when it is not one), and where the rest
    begins; None when malformed."""
    brace = body.startswith("{", start)
    i = j = start + 1 if brace else start
    while i < len(body) and (body[i].isalpha() or body[i].isdecimal() or body[i] == "_"):
        i += 1
    if i == j:
        return None
    name = body[j:i]
    if brace:
        if i >= len(body) or body[i] != "}":
            return None
        i += 1
    num = int(name) if name.isascii() and name.isdigit() and len(name) <= 9 else -1
    if len(name) > 1 and name[0] == "0":
        num = -1
    return name, num, i
