"""HCL's templates, from a template token's parts to an expression: quoted strings with
``${ ... }`` interpolations and ``%{ ... }`` directives, and heredocs (``<<EOT`` and the
flush form ``<<-EOT``), read as hclsyntax's parseTemplateParts and templateParser read them.

The parts become template tokens first (literals, interpolations, ``if``/``else``/``endif``,
``for``/``endfor``), with ``~`` strip markers applied and, in a flush heredoc, the common
indentation removed; consecutive literals are then joined, and the directives nested: an
``if`` is a conditional over two templates, a ``for`` a tuple-building for expression whose
strings are joined. A template that is one interpolation alone is that expression's value.
Diagnostics are HCL's, at HCL's positions, in HCL's order.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, Protocol

from .._gostrconv import go_quote
from ._lexer import (
    Node,
    Pos,
    Range,
    Token,
    TypeExprError,
    errors_of,
    go_is_space,
    range_text,
    token_range,
)
from ._names import name_suggestion
from ._recovery import Recovery, Stop

_KEYWORDS: Final = ("if", "for", "else", "endif", "endfor")
_UNBALANCED: Final = "The control directives within this template are unbalanced."
_EXTRA_INTERP: Final = (
    "Expected a closing brace to end the interpolation expression, but found extra "
    "characters.\n\nThis can happen when you include interpolation syntax for another "
    "language, such as shell scripting, but forget to escape the interpolation start token. "
    'If this is an embedded sequence for another language, escape it by starting with "$${" '
    'instead of just "${".')
_EXTRA_COLON: Final = (
    "Template interpolation doesn't expect a colon at this location. Did you intend this to "
    "be a literal sequence to be processed as part of another language? If so, you can escape "
    'it by starting with "$${" instead of just "${".')
_UNCLOSED: Final = "Unclosed template interpolation sequence"
_UNCLOSED_EOF: Final = (
    "There is no closing brace for this interpolation sequence before the end of the file. "
    "This might be caused by incorrect nesting inside the given expression.")
_UNCLOSED_QUOTE: Final = (
    "There is no closing brace for this interpolation sequence before the end of the quoted "
    "template. This might be caused by incorrect nesting inside the given expression.")


class ExprParser(Protocol):
    """What the template reader needs of the expression parser: a parser over a
    sequence's tokens."""

    def peek(self) -> Token: ...

    def take(self) -> Token: ...

    def expression(self) -> Node: ...

    def after_stray_end(self) -> Token | None:
        """The token after the first ``~}`` that ends no sequence among those left."""

    @property
    def spilled(self) -> bool:
        """Whether HCL read the sequence's closing brace as a token of the expression."""


@dataclass
class _Part:
    """One template token: a literal (``text``), an interpolation or the condition of an
    ``if`` or collection of a ``for`` (``node``), or a directive's end or ``else``; with
    its range (``pos`` to ``end``) and, for a directive, that range as HCL writes it in
    messages."""

    kind: str
    pos: Pos
    end: Pos
    text: str = ""
    node: Node | None = None
    where: str = ""
    names: tuple[str, str] = ("", "")


SubParser = Callable[[list[Token], Callable[[], Iterator[Token]], Range | None], ExprParser]
"""Makes a parser over a sequence's tokens, given what follows them in the file (and the
range of the token HCL reads first after them, where it can be placed)."""


def parse_template(tok: Token, sub_parser: SubParser, filename: str,
                   after: Callable[[], Iterator[Token]], sink: Recovery, *,
                   file_end: Token | None) -> Node:
    """The expression for the template token *tok* (quoted, heredoc, flush heredoc or a
    template file's text);
    *filename* names the file in the messages that give a directive's place; *after* gives
    the tokens that follow the template in the file; the diagnostics go to *sink* (HCL's
    for the sequences, then for the directives' nesting). *file_end* is the file's end
    token where the template stands in no other template's sequence (None inside one)."""
    parts = _template_parts(tok, sub_parser, filename, after, sink, file_end=file_end)
    if tok.text == "flush":
        _flush(parts)
    parts = _meld(parts)
    reader = _TreeReader(parts, sink)
    items = reader.root()
    wrap = len(parts) == 2 and parts[0].kind == "interp"
    return Node("template", tok.pos, "wrap" if wrap else "", tuple(items), end=tok.end)


def _first(tok: Token) -> tuple[Pos, Pos]:
    """The range of the token after a template's opener (HCL's subject for an unclosed
    interpolation; an empty template's text is where it ends)."""
    first = tok.parts[0]
    if isinstance(first, tuple):
        first = first[0]
    assert first.end is not None
    return first.pos, first.split or first.end


def _template_parts(tok: Token, sub_parser: SubParser, filename: str,
                    after: Callable[[], Iterator[Token]], sink: Recovery, *,
                    file_end: Token | None) -> list[_Part]:
    """parseTemplateParts: the template tokens, strip markers applied, ending with "end";
    their diagnostics go to *sink* (HCL reads on after a sequence it cannot read). Raises
    Stop where this reader cannot follow HCL's recovery further."""
    out: list[_Part] = []
    ltrim_next = can_trim_prev = False
    for i, part in enumerate(tok.parts):
        ltrim, ltrim_next = ltrim_next, False
        can_trim, can_trim_prev = can_trim_prev, False
        if isinstance(part, Token):
            assert part.end is not None
            if part.error is not None:  # (its bad escapes: HCL reports each, and reads on)
                sink.diags.extend(errors_of(part.error))
            out.append(_Part("lit", part.pos, part.end,
                             _trim_left(part.text) if ltrim else part.text))
            can_trim_prev = True
            continue
        opener = part[0]
        assert opener.end is not None
        if opener.kind == "end":  # the closing quote or marker, or the end of the text
            if not opener.text and tok.text != "bare":  # (a template file ends with the text)
                sink.report(TypeExprError("Unterminated template string",
                                          "No closing marker was found for the string.",
                                          opener.pos, opener.end, (_first(tok)[0], opener.end)))
                quote = part[-1]
                if quote.text == '"':  # (a line break ended it: HCL's recovery stops at the
                    assert quote.end is not None  # closing quote)
                    out.append(_Part("end", quote.pos, quote.end))
                elif opener.end == tok.end and at_file_end(after):
                    out.append(_Part("end", tok.end, tok.end))  # (it reads to the file's end)
                else:
                    raise Stop  # (HCL's recovery reads on into what follows)
            else:
                out.append(_Part("end", opener.pos, opener.end))
            if len(out) > 1:
                return out
            empty = _first(tok)[1]
            return [_Part("lit", empty, empty), *out]
        if can_trim and opener.text.endswith("~") and out and out[-1].kind == "lit":
            out[-1].text = _trim_right(out[-1].text)
        parser = sub_parser(list(part[1:]), _following(tok.parts[i + 1:], after),
                            _first_after(tok.parts[i + 1:]))
        error: TypeExprError | None
        if opener.text.startswith("$"):
            node = parser.expression()
            error = _interp_end(parser, tok)
            assert node.end is not None
            out.append(_Part("interp", node.pos, node.end, node=node))
        else:
            made, error = _directive(parser, opener, filename, _first(tok)[0])
            if made is not None:
                out.append(made)
        if error is not None:
            sink.report(error)  # (HCL skips to the sequence's closing brace)
            stray = parser.after_stray_end() if tok.text != "bare" else None
            if stray is not None and stray.kind in ("string", "template"):
                raise Stop  # (its skip stops at a stray "~}", then the string after it ends
                # the template: HCL's recovery to its closing quote takes that string's)
        if sink.eof is not None:  # (HCL's recovery in it read to the end of the file)
            assert sink.eof.end is not None
            out.append(_Part("end", sink.eof.pos, sink.eof.end))
            empty = _first(tok)[1]
            return out if len(out) > 1 else [_Part("lit", empty, empty), *out]
        if parser.spilled:  # (HCL's recovery to a sequence's end reads on from there; every
            if file_end is None:  # later sequence closes its own: none is left to close)
                raise Stop  # (the brace of the sequence this template stands in ends it)
            sink.eof = file_end
            assert file_end.end is not None
            out.append(_Part("end", file_end.pos, file_end.end))
            return out
        if error is None:
            ltrim_next = part[-1].text == "~}"
            continue
        closer = part[-1]
        if not closer.text and (closer.pos != tok.end or not at_file_end(after)):
            raise Stop  # (no closing brace: HCL's recovery reads on past it)
    raise AssertionError("a template token ends with its closer")  # pragma: no cover


def at_file_end(after: Callable[[], Iterator[Token]]) -> bool:
    """Whether nothing but the file's end follows what *after* gives the tokens after (a
    template, a sequence): there HCL's recovery reading on stops too."""
    first = next(after(), None)
    return first is None or first.at_end


def _first_after(parts: tuple[Token | tuple[Token, ...], ...]) -> Range | None:
    """The range of the first of HCL's tokens in a template's *parts* after a sequence (a
    literal's, a sequence's opener, the closing quote or marker), if it is there."""
    for part in parts:
        if isinstance(part, Token):
            assert part.end is not None
            if part.text or part.pos != part.end:
                return part.pos, part.end
            continue
        opener = part[0]
        if opener.kind == "end" and not opener.text:
            return None  # (the text ends: what follows it is not placed here)
        assert opener.end is not None
        return opener.pos, opener.end
    return None  # pragma: no cover (a template's parts end with its closer)


def _following(parts: tuple[Token | tuple[Token, ...], ...],
               after: Callable[[], Iterator[Token]]) -> Callable[[], Iterator[Token]]:
    """What follows a sequence in the file: the template's later sequences' tokens (their
    literal text holds none), then what follows the template."""
    def tokens() -> Iterator[Token]:
        for part in parts:
            if isinstance(part, tuple):
                yield from (t for t in part if t.kind != "end")
        yield from after()
    return tokens


def _interp_end(parser: ExprParser, tok: Token) -> TypeExprError | None:
    """HCL's diagnostic for what ends an interpolation, if not its closing brace."""
    close = parser.peek()
    if close.kind == "end" and close.text:
        return None
    if close.kind == "end":
        return TypeExprError(_UNCLOSED, _UNCLOSED_EOF, *_first(tok))
    at = token_range(close)
    context = (_first(tok)[0], at[1])
    if close.kind == "punct" and close.text == ":":
        return TypeExprError("Extra characters after interpolation expression", _EXTRA_COLON,
                             *at, context)
    if tok.text == "quoted" and (close.kind == "string" or (close.kind == "template"
                                                           and close.text == "quoted")):
        return TypeExprError(_UNCLOSED, _UNCLOSED_QUOTE, *_first(tok))
    return TypeExprError("Extra characters after interpolation expression", _EXTRA_INTERP,
                         *at, context)


def _directive(parser: ExprParser, opener: Token, filename: str, first: Pos
               ) -> tuple[_Part | None, TypeExprError | None]:
    """A ``%{ ... }`` sequence, its tokens after the opener in *parser*; *first* is where
    the template's first token starts. Its template token (none where HCL makes none) and
    HCL's diagnostic for it, if any (raises the expression parser's errors)."""
    kw = parser.peek()
    if kw.kind != "ident":
        at = token_range(kw)
        return None, TypeExprError("Invalid template directive", 'A template directive '
                                   'keyword ("if", "for", etc) is expected at the beginning '
                                   "of a %{ sequence.", *at, (opener.pos, at[1]))
    parser.take()
    word = kw.text
    part = _Part(word, opener.pos, opener.pos)
    if word == "if":
        part.node = parser.expression()
    elif word == "for":
        header = _for_header(parser)
        if isinstance(header, TypeExprError):
            return None, header
        part.names, part.node = header
    elif word not in _KEYWORDS:
        hint = name_suggestion(word, list(_KEYWORDS))
        return None, TypeExprError("Invalid template control keyword", f"{go_quote(word)} is "
                                   f"not a valid template control keyword.{hint}", kw.pos,
                                   kw.end, (opener.pos, kw.end or kw.pos))
    close = parser.peek()
    at = token_range(close)
    part.end = at[1]
    part.where = range_text(filename, opener.pos, at[1])
    if close.kind != "end" or not close.text:  # (the end of the text is no closing brace)
        return part, TypeExprError(f"Extra characters in {word} marker", "Expected a closing "
                                   "brace to end the sequence, but found extra characters.",
                                   *at, (first, at[1]))
    return part, None


def _for_header(parser: ExprParser) -> tuple[tuple[str, str], Node] | TypeExprError:
    """A ``for`` directive's names and collection, or HCL's diagnostic for its header."""
    invalid = "Invalid 'for' directive"
    first = parser.peek()
    if first.kind != "ident":
        return TypeExprError(invalid, "For directive requires variable name after 'for'.",
                             *token_range(first))
    parser.take()
    key, value = "", first.text
    comma = parser.peek()
    if comma.kind == "punct" and comma.text == ",":
        parser.take()
        second = parser.peek()
        if second.kind != "ident":
            return TypeExprError(invalid, "For directive requires value variable name "
                                 "after comma.", *token_range(second))
        parser.take()
        key, value = value, second.text
    keyword = parser.peek()
    if keyword.kind != "ident" or keyword.text != "in":
        return TypeExprError(invalid, "For directive requires 'in' keyword after names.",
                             *token_range(keyword))
    parser.take()
    return (key, value), parser.expression()


def _trim_left(s: str) -> str:
    i = 0
    while i < len(s) and go_is_space(s[i]):
        i += 1
    return s[i:]


def _trim_right(s: str) -> str:
    j = len(s)
    while j > 0 and go_is_space(s[j - 1]):
        j -= 1
    return s[:j]


def _flush(parts: list[_Part]) -> None:
    """flushHeredocTemplateParts: remove from each line's leading literal as many
    grapheme clusters as the least-indented line has leading spaces (blank lines and lines
    that start with an interpolation or directive count as HCL counts them)."""
    least = None
    newline = True
    adjust: list[_Part] = []
    for part in parts:
        if newline:
            newline = False
            spaces = 0
            if part.kind == "lit":
                trimmed = _trim_left(part.text)
                if not trimmed and part.text.endswith("\n"):
                    spaces = -1
                else:
                    spaces = _clusters(part.text[:len(part.text) - len(trimmed)])
                    adjust.append(part)
            elif part.kind == "end":
                break
            if spaces >= 0 and (least is None or spaces < least):
                least = spaces
        if part.kind == "lit" and part.text.endswith("\n"):
            newline = True
    for part in adjust:  # (the literal's place moves past what is dropped, as in HCL)
        kept = _drop_clusters(part.text, least or 0)
        dropped = part.text[:len(part.text) - len(kept)]
        part.pos = Pos(part.pos.line, part.pos.column + (least or 0),
                       part.pos.byte + len(dropped.encode("utf-8", "surrogatepass")))
        part.text = kept


def _clusters(s: str) -> int:
    if s.isascii() and "\r\n" not in s:
        return len(s)
    return len(importlib.import_module("regex").findall(r"\X", s))


def _drop_clusters(s: str, n: int) -> str:
    if n == 0:
        return s
    if s.isascii() and "\r\n" not in s:
        return s[n:]
    return "".join(importlib.import_module("regex").findall(r"\X", s)[n:])


def _meld(parts: list[_Part]) -> list[_Part]:
    out: list[_Part] = []
    for part in parts:
        if part.kind == "lit" and out and out[-1].kind == "lit":
            out[-1].text += part.text
            out[-1].end = part.end
        else:
            out.append(part)
    return out


class _TreeReader:
    """templateParser: nests the directives into conditionals and for expressions, with
    HCL's diagnostics for directives out of balance (it reads on after each)."""

    def __init__(self, parts: list[_Part], sink: Recovery) -> None:
        self.parts = parts
        self.k = 0
        self.diags = sink.diags
        """Where the diagnostics go (HCL reports these in recovery too)."""

    def _take(self) -> _Part:
        part = self.parts[self.k]
        if part.kind != "end":
            self.k += 1
        return part

    def _error(self, summary: str, detail: str, part: _Part) -> Node:
        """Report a diagnostic about *part*; HCL's placeholder for what it stands in."""
        self.diags.append(TypeExprError(summary, detail, part.pos, part.end))
        return Node("string", part.pos, "", end=part.end)

    def root(self) -> list[Node]:
        out = []
        while self.parts[self.k].kind != "end":
            out.append(self._item())
        return out

    def _item(self) -> Node:
        part = self._take()
        if part.kind == "lit":
            return Node("string", part.pos, part.text, end=part.end)
        if part.kind == "interp":
            assert part.node is not None
            return part.node
        if part.kind == "if":
            return self._if(part)
        if part.kind == "for":
            return self._for(part)
        return self._error(f"Unexpected {part.kind} directive", _UNBALANCED, part)

    def _if(self, opened: _Part) -> Node:
        branches: list[list[Node]] = [[]]
        endif = opened
        while True:
            part = self.parts[self.k]
            if part.kind == "end":
                return self._error("Unexpected end of template", f"The if directive at "
                                   f"{opened.where} is missing its corresponding endif "
                                   "directive.", part)
            if part.kind in ("else", "endif", "endfor"):
                self._take()
                if part.kind == "endif":
                    endif = part
                    break
                if part.kind == "else" and len(branches) == 1:
                    branches.append([])
                    continue
                if part.kind == "else":
                    return self._error("Unexpected else directive", "Already in the else "
                                       f"clause for the if started at {opened.where}.", part)
                return self._error(f"Unexpected {part.kind} directive", "Expecting an endif "
                                   f"directive for the if started at {opened.where}.", part)
            branches[-1].append(self._item())
        yes, no = [*branches, []][:2]
        assert opened.node is not None
        return Node("conditional", opened.pos, items=(
            opened.node, _joined(yes, opened.end), _joined(no, endif.pos)), end=endif.end)

    def _for(self, opened: _Part) -> Node:
        content: list[Node] = []
        while True:
            part = self.parts[self.k]
            if part.kind == "end":
                return self._error("Unexpected end of template", f"The for directive at "
                                   f"{opened.where} is missing its corresponding endfor "
                                   "directive.", part)
            if part.kind in ("else", "endif", "endfor"):
                self._take()
                if part.kind == "endfor":
                    endfor = part
                    break
                if part.kind == "else":
                    return self._error("Unexpected else directive", "An else clause is not "
                                       "expected for a for directive.", part)
                return self._error(f"Unexpected {part.kind} directive", "Expecting an endfor "
                                   "directive corresponding to the for directive at "
                                   f"{opened.where}.", part)
            content.append(self._item())
        coll = opened.node
        assert coll is not None
        each = Node("for", opened.pos, "tuple", (coll, _joined(content, opened.end), coll, coll),
                    names=opened.names, end_pos=opened.end, end=endfor.end)
        return Node("join", opened.pos, items=(each,), end=endfor.end)


def _joined(items: list[Node], empty: Pos) -> Node:
    """A TemplateExpr of *items*, over their range (none: the empty string, at *empty*)."""
    items = items or [Node("string", empty, "", end=empty)]
    return Node("template", items[0].pos, "", tuple(items), end=items[-1].end)
