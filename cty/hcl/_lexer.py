"""HCL's native syntax, read as far as a type expression and its defaults reach: the lexer
(text to tokens), the tokens, the expression nodes the parser (cty.hcl._parser) and
the template reader (cty.hcl._template) build from them, places in the text, and the error
that says what is wrong where.

Identifiers are taken as HCL's scanner takes them (Unicode 9.0 ID_Start and ID_Continue, with
``_`` and ``-``), strings with HCL's escapes (or Go's, for the extended type syntax), quoted
templates and heredocs as HCL's scanner splits them, and the characters HCL never accepts
(``@``, ``;``, single quotes...) are collected to be reported before any other mistake.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple, TypeAlias

from .._errors import CtyValueError
from .._gostrconv import GO_HEX_ESCAPES, GO_SIMPLE_ESCAPES
from ._names import is_ident_continue, is_ident_start

_blanks: Final = re.compile(r"[ \t]+").match
"""A run of blanks from an offset (each skipped at once, not a character at a time)."""
_ascii_word: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*").match
"""An identifier in a text of ASCII characters only (is_ident_start, is_ident_continue)."""
_SPACE_STARTS: Final = frozenset(" \t\r\n#/")
"""The characters blanks, newlines and comments start with."""

NodeKind: TypeAlias = Literal["ident", "call", "list", "object", "string", "number", "neg",
                              "not", "binary", "conditional", "paren", "template",
                              "traversal", "for", "join", "splat", "anon"]


class Pos(NamedTuple):
    """A place in the text: 1-based line and column (columns count grapheme clusters, as
    HCL counts them) and the 0-based offset in the text's UTF-8 bytes."""

    line: int
    column: int
    byte: int

    def after(self, s: str) -> Pos:
        """The place just after *s* written here (on one line)."""
        if s.isascii():
            return Pos(self.line, self.column + len(s), self.byte + len(s))
        clusters = len(importlib.import_module("regex").findall(r"\X", s))
        return Pos(self.line, self.column + clusters, self.byte + len(s.encode()))


@dataclass(frozen=True)
class Node:
    """One expression: an identifier, a call ``name(args)``, a list ``[items]``, an object
    ``{key = value, ...}`` (items as (key, value) pairs), a string, a number literal, a
    negated (``-x``) or inverted (``!x``) expression, a binary operation, a conditional
    (``c ? a : b``), an expression in parentheses, a string template with interpolations or
    directives, a traversal (``x.y``, ``x[0]``), a for expression, a template's joined
    ``for`` directive, or a splat (``x[*].y``: items the source and each item's expression,
    which starts from an "anon" node standing for the item; both carry the same text)."""

    kind: NodeKind
    pos: Pos
    text: str = ""
    """The identifier, the call's name, the string's value, the number's literal, or a binary
    operation's operator."""
    items: tuple[Node, ...] = ()
    """A call's arguments, a list's items, an operation's operands, a conditional's three
    parts, or the expression in parentheses."""
    pairs: tuple[tuple[Node, Node], ...] = ()
    """An object's (key, value) items, in the order written."""
    args_pos: Pos | None = None
    """A call's opening parenthesis (where HCL points for a wrong number of arguments), or a
    traversal step's dot or bracket."""
    names: tuple[str, ...] = ()
    """A traversal step's attribute name; a for expression's key and value variables; for a
    call whose last argument is expanded (``f(xs...)``), ``("...",)``."""
    end_pos: Pos | None = None
    """A call's closing parenthesis (where HCL points for too few arguments)."""
    end: Pos | None = None
    """Where the expression ends (just after its last character): with ``pos``, HCL's
    range of it."""
    name_end: Pos | None = None
    """Where a call's name ends (HCL's name range is ``pos`` to it)."""


Range: TypeAlias = tuple[Pos, Pos]
"""A range of the text: where it starts and where it ends (just past its last character)."""


def token_range(tok: Token) -> Range:
    """The range of the token *tok* (HCL's subject when a diagnostic is about a token); a
    quoted string's or template's is its opening quote's, a heredoc's its opening marker's
    (with its newline), as HCL's tokens split them."""
    if tok.kind == "string" or (tok.kind == "template" and tok.text == "quoted"):
        return tok.pos, tok.pos.after('"')
    if tok.kind == "template" and tok.parts:
        first = tok.parts[0]
        return tok.pos, (first if isinstance(first, Token) else first[0]).pos
    return tok.pos, tok.end or tok.pos


def range_text(filename: str, start: Pos, end: Pos) -> str:
    """The range from *start* to *end* of the file *filename* as HCL's ``Range.String``
    writes it: ``file:line,column-column`` on one line, ``file:line,column-line,column``
    across lines."""
    if start.line == end.line:
        return f"{filename}:{start.line},{start.column}-{end.column}"
    return f"{filename}:{start.line},{start.column}-{end.line},{end.column}"


def node_range(node: Node) -> Range:
    """The range of the expression *node* (HCL's Range of it)."""
    return node.pos, node.end or node.pos


class TypeExprError(CtyValueError):
    """A type expression that cannot be read or does not describe a type.

    ``summary`` and ``detail`` say what is wrong (in HCL's words where HCL has them); ``line``
    and ``column`` (1-based) say where it starts.
    """

    def __init__(self, summary: str, detail: str, pos: Pos, end: Pos | None = None,
                 context: tuple[Pos, Pos] | None = None) -> None:
        super().__init__(f"line {pos.line}, column {pos.column}: {summary}: {detail}")
        self.summary = summary
        self.detail = detail
        self.line = pos.line
        self.column = pos.column
        self.pos = pos
        self.end = end or pos
        """Where the subject ends (HCL's subject range is ``pos`` to ``end``)."""
        self.context = context
        """HCL's context range, where it gives one: the expression around the subject."""
        self.expression: Node | None = None
        """For an evaluation's diagnostic, where HCL names one: the expression it is about."""
        self.scope: Any = None
        """With ``expression``: the evaluation context it was evaluated in (None: none)."""


class SyntaxErrors(TypeExprError):
    """Every diagnostic of a text HCL cannot read, in HCL's order (the scanner's invalid
    characters, then the parser's); as a TypeExprError it is the first of them."""

    def __init__(self, errors: list[TypeExprError]) -> None:
        first = errors[0]
        super().__init__(first.summary, first.detail, first.pos, first.end, first.context)
        self.errors = errors


def syntax_errors(errors: list[TypeExprError]) -> TypeExprError:
    """The one error that stands for *errors* (at least one; a SyntaxErrors among them
    stands for its own): itself when it is alone."""
    flat = [one for error in errors for one in errors_of(error)]
    return flat[0] if len(flat) == 1 else SyntaxErrors(flat)


def errors_of(error: TypeExprError) -> list[TypeExprError]:
    """The diagnostics *error* stands for: a SyntaxErrors' errors, or itself."""
    return error.errors if isinstance(error, SyntaxErrors) else [error]


INVALID_EXPRESSION: Final = "Invalid expression"
_PUNCT: Final = frozenset("()[]{},=:-")
_HCL_ESCAPES: Final = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\"}
_HCL_OPERATORS: Final = ("...", "==", "!=", "<=", ">=", "&&", "||", "::", "=>", "**")
_HCL_PUNCT: Final = frozenset("()[]{},=:-+*/%<>!?.")
_NOT_A_CHARACTER: Final = "This character is not used within the language."
_INVALID_CHARACTERS: Final = {
    "&": ("Unsupported operator",
          'Bitwise operators are not supported. Did you mean boolean AND ("&&")?'),
    "|": ("Unsupported operator",
          'Bitwise operators are not supported. Did you mean boolean OR ("||")?'),
    "^": ("Unsupported operator", "Bitwise operators are not supported."),
    "~": ("Unsupported operator",
          'Bitwise operators are not supported. Did you mean boolean NOT ("!")?'),
    ";": ("Invalid character", 'The ";" character is not valid. Use newlines to separate '
          "arguments and blocks, and commas to separate items in collection values."),
    "'": ("Invalid character",
          'Single quotes are not valid. Use double quotes (") to enclose strings.'),
    "`": ("Invalid character", 'The "`" character is not valid. To create a multi-line string, '
          'use the "heredoc" syntax, like "<<EOT".'),
    "\u201c": ("Invalid character", '"Curly quotes" are not valid here. These can sometimes be '
               "inadvertently introduced when sharing code via documents or discussion forums. "
               'It might help to replace the character with a "straight quote".'),
}
_INVALID_CHARACTERS["\u201d"] = _INVALID_CHARACTERS["\u201c"]
_TOLD_KIND: Final = {"&": "&", "|": "&", "^": "&", "~": "&", ";": ";", "`": "`", "'": "'"}
"""The characters HCL's scanner reports a limited number of, by kind (``Lexer._told``)."""
_UNTERMINATED_TEMPLATE: Final = ("Unterminated template string",
                                 "No closing marker was found for the string.")
_GO_SPACE: Final = "\t\n\v\f\r \x85\xa0"
_HEX_DIGITS: Final = frozenset("0123456789abcdefABCDEF")


def go_is_space(c: str) -> bool:
    """Go's unicode.IsSpace: Python's str.isspace without the separators U+001C..U+001F."""
    return c in _GO_SPACE if c < "\u0100" else c.isspace()


def go_trim_space(s: str) -> str:
    """Go's strings.TrimSpace."""
    i, j = 0, len(s)
    while i < j and go_is_space(s[i]):
        i += 1
    while j > i and go_is_space(s[j - 1]):
        j -= 1
    return s[i:j]


_MULTI_LINE: Final = ("Invalid multi-line string", "Quoted strings may not be split over "
                      "multiple lines. To produce a multi-line string, either use the \\n "
                      'escape to represent a newline character or use the "heredoc" '
                      "multi-line template syntax.")


TokenKind: TypeAlias = Literal["ident", "string", "template", "number", "punct", "end"]


class Token:
    """One token: an identifier, a string (its value, escapes read), a number literal, a
    punctuation character or operator, or the end; with where it starts and whether a newline
    came between it and the token before.

    A string with an interpolation or directive, and every heredoc, is of kind "template"
    (its text "quoted", "heredoc" or "flush" for ``<<-``); a string with a bad escape keeps
    the error (each bad escape, then its end cut short), which the parser reports where HCL
    does (after the characters HCL never accepts).

    A slotted class, not a frozen dataclass, as a parse makes one for every token (a frozen
    dataclass costs three times as much to build); no token is changed once made.
    """

    __slots__ = ("end", "error", "kind", "newline_before", "newline_end", "newline_pos",
                 "parts", "pos", "split", "text")

    def __init__(self, kind: TokenKind, text: str, pos: Pos, newline_before: bool,
                 newline_pos: Pos | None = None, *, error: TypeExprError | None = None,
                 parts: tuple[Token | tuple[Token, ...], ...] = (), end: Pos | None = None,
                 newline_end: Pos | None = None, split: Pos | None = None) -> None:
        self.kind = kind
        self.text = text
        self.pos = pos
        self.newline_before = newline_before
        self.newline_pos = newline_pos
        """Where the first newline between this token and the one before is."""
        self.error = error
        self.parts = parts
        """A template's parts: literal text as a string token (a heredoc's ends at each
        line's end, as HCL's tokens do), and each interpolation's or directive's tokens (its
        opener, ``${`` or ``%{`` with any ``~``, as a punct token; the tokens inside; an end
        token whose text is its ``}`` or ``~}``); last, the closer alone: an end token at the
        closing quote or heredoc marker, or with no text at the end of the text when there is
        none."""
        self.end = end
        """Where the token ends (just after its last character)."""
        self.newline_end = newline_end
        """Where the first newline between this token and the one before ends (a comment
        that a newline ends is that newline to HCL)."""
        self.split = split
        """For a template's literal text: where HCL's scanner ends the first of the tokens it
        makes of it, when that is before its end (a ``$`` or ``%`` not opening a sequence,
        and ``$${`` or ``%%{``, are tokens of their own to HCL)."""

    def __repr__(self) -> str:
        return f"Token({self.kind!r}, {self.text!r}, {self.pos!r})"

    @property
    def at_end(self) -> bool:
        """Whether this is the end of the text: an "end" token that closes nothing (no
        sequence's brace, no quote or heredoc marker)."""
        return self.kind == "end" and not self.text

    def with_parts(self, parts: tuple[Token | tuple[Token, ...], ...], end: Pos) -> Token:
        """This template token with its *parts*, ending at *end*."""
        return Token(self.kind, self.text, self.pos, self.newline_before, self.newline_pos,
                     error=self.error, parts=parts, end=end, newline_end=self.newline_end,
                     split=self.split)


class Lexer:
    """HCL's scanner, for the expressions a type expression holds: text to tokens."""

    def __init__(self, text: str, punct: frozenset[str] = _PUNCT, *, hcl: bool = False,
                 go_escapes: bool = True) -> None:
        self.text = text
        self.punct = punct | _HCL_PUNCT if hcl else punct
        self.hcl = hcl
        self.go_escapes = go_escapes
        self.i = 0
        self.line = 1
        self.line_start = 0
        self._last = (0, 1, 1, 0)
        self._lit_pos = Pos(1, 1, 0)
        self._split: Pos | None = None
        self._newline_end: Pos | None = None
        self._seen: dict[str, int] = {}
        """How many of each kind of character HCL reports a limited number of (``_told``)
        were seen."""
        self._cut_at: Pos | None = None
        """Where an invalid token that runs to the end of the text starts (``_cut_short``'s
        last character, a heredoc's lone carriage return and what follows it)."""
        self.invalid: list[TypeExprError] = []
        self._ascii = text.isascii()
        self._errored_text = ""
        """The value HCL gives a quoted string with a bad escape (read before its error)."""
        self._pending: list[TypeExprError] = []
        """The bad escapes in the literal text being gathered (its part's ``error``)."""

    def pos(self, i: int | None = None) -> Pos:
        """The place of offset *i* (default: here), on the current line. HCL counts columns
        in grapheme clusters and offsets in UTF-8 bytes; both are counted on from the last
        place asked for, so a long text costs no more than once over."""
        i = self.i if i is None else i
        if self._ascii and i >= self.line_start:  # (a character a column, a byte each)
            return Pos(self.line, i - self.line_start + 1, i)
        last, line, column, byte = self._last
        text = self.text
        piece = text[last:i] if i >= last else text[i:last]
        size = len(piece) if piece.isascii() else len(piece.encode("utf-8", "surrogatepass"))
        byte = byte + size if i >= last else byte - size
        if line != self.line or last > i or last < self.line_start:
            line, last, column = self.line, self.line_start, 1
        piece = text[last:i]
        if piece.isascii():
            column += len(piece)
        else:  # (regex is loaded only when needed)
            column += len(importlib.import_module("regex").findall(r"\X", piece))
        self._last = (i, line, column, byte)
        return Pos(line, column, byte)

    def error(self, detail: str, pos: Pos | None = None) -> TypeExprError:
        return TypeExprError(INVALID_EXPRESSION, detail, pos or self.pos())

    def _token(self, kind: TokenKind,
               text: str, pos: Pos, nl: bool, newline: Pos | None, **rest: Any) -> Token:
        """A token after the blanks and comments just skipped (``nl``, ``newline``: whether
        a newline was among them, where the first was; and where it ended)."""
        return Token(kind, text, pos, nl, newline, newline_end=self._newline_end, **rest)

    def _newline(self) -> None:
        self.line += 1
        self.line_start = self.i

    def _skip_space(self) -> Pos | None:
        """Skip blanks and comments; return where the first newline among them was (and
        keep where it ends in ``_newline_end``)."""
        text, newline = self.text, None
        self._newline_end = None
        if self.i < len(text) and text[self.i] not in _SPACE_STARTS:  # (mostly: no space)
            return None
        while self.i < len(text):
            c = text[self.i]
            if c == "\n" or (c == "\r" and text.startswith("\n", self.i + 1)):
                at = self.pos()  # (HCL's newline: "\r\n" or "\n"; a lone "\r" is no blank)
                self.i += 1 if c == "\n" else 2
                self._newline()
                if newline is None:
                    newline, self._newline_end = at, self.pos()
            elif c in " \t":
                self.i = _blanks(text, self.i).end()  # type: ignore[union-attr]
            elif c == "#" or text.startswith("//", self.i):
                start = self.pos()
                while self.i < len(text) and text[self.i] != "\n":
                    self.i += 1
                if self.i < len(text):  # HCL's comment token takes the newline: it is there
                    self.i += 1
                    self._newline()
                    if newline is None:
                        newline, self._newline_end = start, self.pos()
            elif text.startswith("/*", self.i):
                start = self.pos()
                end = text.find("*/", self.i + 2)
                if end < 0:
                    if self.hcl:  # to HCL's scanner no comment: a "/", then a "*"
                        break
                    raise self.error("This comment is not closed: a */ is missing.", start)
                while self.i < end + 2:
                    self.i += 1
                    if text[self.i - 1] == "\n":
                        at = self.pos(self.i - 1)
                        self._newline()
                        if newline is None and not self.hcl:  # (HCL's comment token holds
                            newline, self._newline_end = at, self.pos()  # them: no newline)
            else:
                break
        return newline

    def scan(self) -> list[Token]:
        """Every token to the end of the text, as HCL's scanner gives them: invalid
        characters are tokens too, their diagnostics gathered in ``invalid``, not raised."""
        return self._lex(False)

    def tokens(self) -> list[Token]:
        out = self._lex(False)
        if self.invalid:
            raise self.invalid[0]
        return out

    def _lex(self, interpolation: bool) -> list[Token]:
        """Tokens to the end of the text, or (in an *interpolation*) to its closing brace,
        which is taken and stands as the end token."""
        out = []
        text = self.text
        depth = 0
        ascii_text = self._ascii
        while True:
            newline = self._skip_space()
            i = self.i
            pos = Pos(self.line, i - self.line_start + 1, i) if ascii_text else self.pos()
            nl = newline is not None
            if interpolation and depth == 0 and text.startswith(("}", "~}"), self.i):
                close = "}" if text[self.i] == "}" else "~}"
                self.i += len(close)
                out.append(self._token("end", close, pos, nl, newline, end=self.pos()))
                return out
            if self.i >= len(text):
                out.append(self._token("end", "", pos, nl, newline, end=pos))
                return out
            c = text[self.i]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            if ascii_text and (word_end := _ascii_word(text, i)) is not None:
                j = word_end.end()
                self.i = j
                out.append(Token("ident", text[i:j], pos, nl, newline,
                                 newline_end=self._newline_end,
                                 end=Pos(pos.line, pos.column + j - i, j)))
            elif is_ident_start(c):
                j = self.i + 1
                while j < len(text) and is_ident_continue(text[j]):
                    j += 1
                word = text[self.i:j]
                self.i = j
                out.append(self._token("ident", word, pos, nl, newline, end=self.pos()))
            elif c.isdigit() and c < "\x80":
                number = self._number()
                out.append(self._token("number", number, pos, nl, newline, end=self.pos()))
            elif c == '"':
                out.append(self._string_token(pos, nl, newline))
            elif (self.hcl and text.startswith("<<", self.i)
                  and (doc := self.heredoc(pos, nl, newline)) is not None):
                out.append(doc)
            elif self.hcl and text.startswith("~}", self.i):
                # HCL's scanner makes "~}" a sequence's end wherever it is: one that ends no
                # sequence closes a brace, and the parser finds it out of place
                self.i += 2
                depth -= 1
                out.append(self._token("punct", "~}", pos, nl, newline, end=self.pos()))
            elif self.hcl and text.startswith(_HCL_OPERATORS, self.i):
                op = text[self.i:self.i + 2]
                op = "..." if op == ".." and text.startswith("...", self.i) else op
                if op in ("..", "**"):  # not operators of HCL's: the first character alone
                    op = op[0]
                self.i += len(op)
                out.append(self._token("punct", op, pos, nl, newline, end=self.pos()))
            elif c in self.punct:
                self.i += 1
                out.append(self._token("punct", c, pos, nl, newline, end=self.pos()))
            elif self.hcl:
                summary, detail = _INVALID_CHARACTERS.get(c, ("Invalid character",
                                                              _NOT_A_CHARACTER))
                self.i += 1
                end = self.pos()
                if self._told(c):
                    self.invalid.append(TypeExprError(summary, detail, pos, end))
                out.append(self._token("punct", c, pos, nl, newline, end=end))
            else:
                raise self.error(f"The character {c!r} is not expected here.")

    def _told(self, c: str) -> bool:
        """Whether HCL's scanner reports the character *c* it never accepts, here: of the
        bitwise operators the first four, of semicolons the first, of backticks and single
        quotes the first and the third (one of a pair, as HCL's checkInvalidTokens counts
        them); every other character."""
        kind = _TOLD_KIND.get(c)
        if kind is None:
            return True
        seen = self._seen.get(kind, 0)
        if kind in "`'":
            self._seen[kind] = min(seen + 1, 3)
            return seen % 2 == 0
        self._seen[kind] = seen + 1
        return seen < (4 if kind == "&" else 1)

    def _number(self) -> str:
        text, start = self.text, self.i
        if self.hcl:
            return self._hcl_number()
        j = start
        while j < len(text) and text[j].isdigit():
            j += 1
        if j + 1 < len(text) and text[j] == "." and text[j + 1].isdigit():
            j += 2
            while j < len(text) and text[j].isdigit():
                j += 1
        if j < len(text) and text[j] in "eE":
            k = j + 1
            if k < len(text) and text[k] in "+-":
                k += 1
            if k < len(text) and text[k].isdigit():
                j = k
                while j < len(text) and text[j].isdigit():
                    j += 1
        self.i = j
        return text[start:j]

    def _hcl_number(self) -> str:
        """HCL's scanner's NumberLit: a digit, then digits, dots and exponents (``e``, a sign,
        a digit) for as long as they go, not ending with a dot (``1.2.3`` is one token, which
        the parser then finds no number; ``1.`` is the number 1 and a dot)."""
        text, start = self.text, self.i
        j = end = start + 1
        while j < len(text):
            c = text[j]
            if "0" <= c <= "9":
                j += 1
                end = j
            elif c == ".":
                j += 1
            elif c in "eE":
                k = j + 1
                if k < len(text) and text[k] in "+-":
                    k += 1
                if k < len(text) and "0" <= text[k] <= "9":
                    j = end = k + 1
                else:
                    break
            else:
                break
        self.i = end
        return text[start:end]

    def _string_token(self, pos: Pos, nl: bool, newline: Pos | None) -> Token:
        self._errored_text = ""
        try:
            value, parts = self._string()
        except TypeExprError as e:
            self._pending = []
            if not self.hcl:
                raise
            return self._token("string", self._errored_text, pos, nl, newline, error=e,
                               end=self.pos())
        self._pending = []
        if parts is None:
            return self._token("string", value, pos, nl, newline, end=self.pos())
        return self._token("template", "quoted", pos, nl, newline, parts=parts, end=self.pos())

    def _string(self) -> tuple[str, tuple[Token | tuple[Token, ...], ...] | None]:
        """Read a quoted string: its value and None, or for a template "template" and its
        parts (see Token.parts).

        A bad escape is HCL's diagnostic for the literal text it is in: a string without
        sequences raises them all (HCL reports each); in a template each literal part holds
        its own as its ``error``. A line break ends the string for HCL's parser (it finds it
        unterminated there, then skips to the closing quote): a string without sequences
        raises its escapes' diagnostics and that one; a template ends there, its end part's
        tuple holding the closing quote too, where there is one."""
        text = self.text
        start = self.pos()
        self.i += 1
        self._lit_pos = self.pos()
        self._pending = []
        out: list[str] = []
        parts: list[Token | tuple[Token, ...]] = []
        errors: list[TypeExprError] = []
        """Its bad escapes, and HCL's "Unterminated" where a line break ends it."""
        broken: list[Token | tuple[Token, ...]] | None = None
        """A template's parts up to a line break in it, where HCL's parser finds its end."""
        stopped = False
        """Whether a line break ended it (HCL reads no more of it)."""
        while True:
            if broken is not None and (self.i >= len(text) or text[self.i] == '"'):
                if self.i < len(text):  # (where HCL's recovery stops: the closing quote)
                    at = self.pos()
                    self.i += 1
                    last = broken[-1]
                    assert isinstance(last, tuple)
                    broken[-1] = (*last, Token("end", '"', at, False, end=self.pos()))
                return "template", tuple(broken)
            if self.i >= len(text):
                if not self.hcl:
                    raise self.error("This string is not closed: a \" is missing.", start)
                at = self._at_the_end()
                if stopped or not parts:  # (HCL reads the literal, and its escapes, first)
                    if not stopped:
                        first = self._lit_pos if out else at
                        errors.append(TypeExprError(*_UNTERMINATED_TEMPLATE, at, self.pos(),
                                                    (first, self.pos())))
                    raise syntax_errors(errors)
                if out:
                    parts.append(self._literal(out))
                parts.append((Token("end", "", at, False, end=self.pos()),))
                return "template", tuple(parts)
            c = text[self.i]
            if self._cut_short(c):
                continue
            bad_escape = c == "\\" and self.hcl and text[self.i + 1:self.i + 2] in ("\r", "\n")
            if c in "\r\n" or bad_escape:
                if not self.hcl:
                    raise self.error("This string is not closed: a \" is missing.", start)
                at = self.pos()
                if bad_escape:  # (no escape: to HCL's scanner a character of its own, which
                    self.i += 1  # ends the template for HCL's parser, as a line break does)
                    self.invalid.append(TypeExprError("Invalid character", _NOT_A_CHARACTER,
                                                      at, self.pos()))
                while not bad_escape and self.i < len(text) and text[self.i] in "\r\n":
                    self.i += 1  # (HCL's token takes the whole run)
                    if text[self.i - 1] == "\n":
                        self._newline()
                if not bad_escape:
                    self.invalid.append(TypeExprError(*_MULTI_LINE, at, self.pos()))
                if broken is None and not stopped:  # (HCL's template ends at the break:
                    if parts:                       # unterminated, after what is before it)
                        broken = [*parts, *([self._literal(out)] if out else []),
                                  (Token("end", "", at, False, end=self.pos()),)]
                    else:
                        errors.append(TypeExprError(
                            *_UNTERMINATED_TEMPLATE, at, self.pos(),
                            (self._lit_pos if out else at, self.pos())))
                        stopped = True
                continue
            if c == '"':
                if stopped or not parts:
                    self.i += 1
                    if errors:
                        self._errored_text = "".join(out)
                        raise syntax_errors(errors)
                    return "".join(out), None
                if out:
                    parts.append(self._literal(out))
                close = self.pos()
                self.i += 1
                parts.append((Token("end", '"', close, False, end=self.pos()),))
                return "template", tuple(parts)
            if c == "\\":
                try:
                    out.append(self._escape())
                except TypeExprError as e:
                    if broken is None and not stopped:  # (HCL reads none after a break)
                        errors.append(e)
                        self._pending.append(e)
                    e_char = text[self.i + 1:self.i + 2]  # (HCL's value keeps the selector,
                    out.append("\\" + e_char if e_char in "uU" else e_char)  # or \u...)
                    self.i += 2
            else:
                out = self._template_text(c, out, parts)

    def _cut_short(self, c: str) -> bool:
        """A ``$``, ``%`` or backslash as a template's last character, which HCL's scanner
        takes for an invalid character (reported first) before the end of the text; then
        the template ends there."""
        if self.hcl and c in "$%\\" and self.i == len(self.text) - 1:
            at = self.pos()
            self.invalid.append(TypeExprError("Invalid character", _NOT_A_CHARACTER, at,
                                              at.after(c)))
            self.i += 1
            self._cut_at = at
            return True
        return False

    def _at_the_end(self) -> Pos:
        """Where the token after an unclosed template is, at the end of the text: the end,
        or an invalid token that runs to it (HCL's next token, see ``_cut_at``)."""
        return self._cut_at if self._cut_at is not None else self.pos()

    def _literal(self, out: list[str]) -> Token:
        """Template text gathered in *out*, from where it started to here, as a token."""
        split, self._split = self._split, None
        if self._pending:
            error, self._pending = syntax_errors(self._pending), []
            return Token("string", "".join(out), self._lit_pos, False, end=self.pos(),
                         split=split, error=error)
        return Token("string", "".join(out), self._lit_pos, False, end=self.pos(), split=split)

    def _split_at(self, out: list[str], size: int) -> None:
        """Note, for a literal's first ``$`` or ``%`` thing (*size* characters here) that
        HCL's scanner makes a token of its own, where HCL's first token of the literal ends:
        before it, or after it when the literal starts with it."""
        if self._split is None:
            self._split = self.pos(self.i + (0 if out else size))

    def _template_text(self, c: str, out: list[str],
                       parts: list[Token | tuple[Token, ...]]) -> list[str]:
        """Read template text at the character *c*: ``$${`` or ``%%{`` (the characters
        themselves), an interpolation or directive (the literal text so far becomes a part,
        then the sequence), or the character. Return the literal text being gathered."""
        text = self.text
        if c in "$%" and text.startswith(c + "{", self.i + 1):
            self._split_at(out, 4 if text.startswith("~", self.i + 3) else 3)
            out.append(c + "{")
            self.i += 3
        elif c in "$%" and text.startswith("{", self.i + 1):
            if not self.hcl:
                raise self.error("Templates (${ ... } and %{ ... }) are not supported in a "
                                 "type expression; write $${ or %%{ for the characters "
                                 "themselves.")
            if out:
                parts.append(self._literal(out))
                out = []
            parts.append(self._sequence())
            self._lit_pos = self.pos()
        else:
            if c in "$%":
                self._split_at(out, 1)
            out.append(c)
            self.i += 1
        return out

    def _sequence(self) -> tuple[Token, ...]:
        """An interpolation or directive, at its ``${`` or ``%{``: its opener (a punct token,
        ``${``, ``%{``, ``${~`` or ``%{~``), its tokens, and the end token that stands for its
        ``}`` or ``~}`` (with that text)."""
        pos = self.pos()
        opener = self.text[self.i:self.i + 2]
        self.i += 2
        if self.text.startswith("~", self.i):
            opener += "~"
            self.i += 1
        return (Token("punct", opener, pos, False, end=self.pos()), *self._lex(True))

    def heredoc(self, pos: Pos, nl: bool, newline: Pos | None) -> Token | None:
        """A heredoc template (``<<EOT`` or ``<<-EOT``, a newline, lines, and the marker alone
        on a line), as HCL's scanner reads one; None if no heredoc starts here. Its literal
        parts end at each line's end, as HCL's tokens do (trimming and flushing work on
        them); no escapes are read, but ``$${`` and ``%%{`` are."""
        text = self.text
        j = self.i + 2
        flush = text.startswith("-", j)
        j += flush
        if j >= len(text) or not is_ident_start(text[j]):
            return None
        k = j + 1
        while k < len(text) and is_ident_continue(text[k]):
            k += 1
        marker = text[j:k]
        if text.startswith("\r\n", k):
            k += 1
        if not text.startswith("\n", k):
            return None
        self.i = k + 1
        self._newline()
        return self._lines(marker, self._token("template", "flush" if flush else "heredoc",
                                               pos, nl, newline))

    def bare_template(self) -> Token:
        """The whole text as a template (HCL's template mode, a template file's): lines of
        literal text, interpolations and directives, to the end of the text."""
        return self._lines(None, Token("template", "bare", self.pos(), False))

    def _lines(self, marker: str | None, template: Token) -> Token:
        """The lines of a heredoc up to the line holding only *marker* (None: of a template
        file, to the end of the text), as the parts of the token *template*."""
        text = self.text
        self._lit_pos = self.pos()
        parts: list[Token | tuple[Token, ...]] = []
        out: list[str] = []
        line_start = True
        while True:
            if line_start and marker is not None:
                eol = text.find("\n", self.i)
                if eol >= 0 and go_trim_space(text[self.i:eol + 1]) == marker:
                    if out:
                        parts.append(self._literal(out))
                    close = self.pos()
                    self.i = eol - 1 if text[eol - 1:eol] == "\r" else eol
                    end = self.pos()
                    parts.append((Token("end", marker, close, False, end=end),))
                    return template.with_parts(tuple(parts), end)
            line_start = False
            if self.i >= len(text):
                if out:
                    parts.append(self._literal(out))
                end = self.pos()
                parts.append((Token("end", "", self._at_the_end(), False, end=end),))
                return template.with_parts(tuple(parts), end)
            c = text[self.i]
            if marker is not None and self._cut_short(c):  # (a template file's may end so)
                continue
            if c == "\r" and not text.startswith("\n", self.i + 1):
                # (no token of HCL's scanner takes a lone "\r" here: it reads the rest of the
                # text as one token, a template file's literal text, else an invalid one)
                at = self.pos()
                rest = text[self.i:]
                while self.i < len(text):
                    self.i += 1
                    if text[self.i - 1] == "\n":
                        self._newline()
                if marker is None:
                    out.append(_unescape_sequences(rest))
                else:
                    self.invalid.append(TypeExprError("Invalid character", _NOT_A_CHARACTER, at,
                                                      self.pos()))
                    self._cut_at = at
                continue
            if c == "\n":
                out.append(c)
                self.i += 1
                self._newline()
                parts.append(self._literal(out))
                out = []
                self._lit_pos = self.pos()
                line_start = True
            elif (c in "$%" and text[self.i + 1:self.i + 2] not in ("", "{", "\n")
                  and text.startswith(("\n", "\r\n"), self.i + 2)):
                # (HCL's scanner makes a "$" or "%", the character after it (a carriage
                # return before a line feed too) and the newline after that two tokens: a "~"
                # before the next sequence trims the newline only)
                if out:
                    parts.append(self._literal(out))
                    out = []
                    self._lit_pos = self.pos()
                self.i += 2
                parts.append(Token("string", text[self.i - 2:self.i], self._lit_pos, False,
                                   end=self.pos()))
                self._lit_pos = self.pos()
            else:
                out = self._template_text(c, out, parts)

    def _escape(self) -> str:
        text = self.text
        pos = self.pos()
        e = text[self.i + 1:self.i + 2]
        simple = GO_SIMPLE_ESCAPES if self.go_escapes else _HCL_ESCAPES
        if e in simple:
            self.i += 2
            return simple[e]
        n = GO_HEX_ESCAPES.get(e)
        if n is not None and (self.go_escapes or e != "x"):
            digits = text[self.i + 2:self.i + 2 + n]
            if len(digits) == n and all(d in "0123456789abcdefABCDEF" for d in digits):
                code = int(digits, 16)
                if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
                    self.i += 2 + n
                    return chr(code)
                if not self.go_escapes:
                    raise TypeExprError("Invalid escape sequence", f"Cannot encode character "
                                        f"U+{code:04x} in UTF-8.", pos,
                                        pos.after(text[self.i:self.i + 2 + n]))
            elif not self.go_escapes:
                count = "four" if n == 4 else "eight"
                run = 0  # (HCL's escape token takes the hexadecimal digits there are)
                while run < n and digits[run:run + 1] in _HEX_DIGITS:
                    run += 1
                raise TypeExprError("Invalid escape sequence", f"The \\{e} escape sequence "
                                    f"must be followed by {count} hexadecimal digits.", pos,
                                    pos.after(text[self.i:self.i + 2 + run]))
        if not self.go_escapes:
            raise TypeExprError("Invalid escape sequence", f"The symbol {quote_word(e)} is not "
                                "a valid escape sequence selector.", pos,
                                pos.after(text[self.i:self.i + 2]))
        raise self.error(f"The escape sequence \\{e} is not valid in a string.", pos)


class TokenCursor:
    """A recursive-descent parser's place in a list of tokens (ending with the "end" token):
    the type expression parser's, and the extended type syntax's."""

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.k = 0
        self.last_end = tokens[0].pos
        """Where the last token taken ends."""

    def peek(self) -> Token:
        """The next token, not taken."""
        return self.tokens[self.k]

    def take(self) -> Token:
        """The next token, taken (the end token stays)."""
        tok = self.tokens[self.k]
        if tok.kind != "end":
            self.k += 1
        self.last_end = tok.end or tok.pos
        return tok

    def expect(self, punct: str, what: str) -> Token:
        """Take the punctuation *punct*, or raise TypeExprError saying *what* was expected."""
        tok = self.take()
        if tok.kind != "punct" or tok.text != punct:
            raise TypeExprError(INVALID_EXPRESSION,
                                f"Expected {what}, found {describe_token(tok)}.", tok.pos)
        return tok

    def at(self, punct: str) -> bool:
        """Whether the next token is the punctuation *punct*."""
        tok = self.peek()
        return tok.kind == "punct" and tok.text == punct

    def attribute_separator(self) -> None:
        """Take the ``=`` (or ``:``) between an object item's key and value, or raise."""
        sep = self.take()
        if sep.kind != "punct" or sep.text not in "=:":
            raise TypeExprError(INVALID_EXPRESSION, "Expected an equals sign (=) to mark the "
                                "start of the attribute value, found "
                                f"{describe_token(sep)}.", sep.pos)

    def item_end(self, close: str) -> None:
        """Take the comma after an object item, or see a newline or *close*; else raise."""
        if self.at(","):
            self.take()
        elif not self.at(close) and not self.peek().newline_before:
            tok = self.peek()
            raise TypeExprError(INVALID_EXPRESSION, "Expected a comma or a newline after an "
                                f"object item, found {describe_token(tok)}.", tok.pos)


def _unescape_sequences(s: str) -> str:
    """Template text that HCL reads as one token, ``$${`` and ``%%{`` written as ``${`` and
    ``%{`` as HCL's literal scanner reads them (left to right: ``$$`` and ``%%`` not before
    a ``{`` are themselves)."""
    if "$" not in s and "%" not in s:
        return s
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        if c in "$%" and s.startswith(c, i + 1):
            out.append(c + "{" if s.startswith("{", i + 2) else c + c)
            i += 3 if s.startswith("{", i + 2) else 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def describe_token(tok: Token) -> str:
    """How an error message names *tok* ("the end of the expression", "a string", ...)."""
    if tok.kind == "end":
        return "the end of the expression"
    if tok.kind == "string":
        return "a string"
    if tok.kind == "number":
        return f"the number {tok.text}"
    return repr(tok.text)


def quote_word(s: str) -> str:
    """*s* in double quotes, as HCL's messages quote keywords and names."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def tokenize(text: str, extra_punct: str = "") -> list[Token]:
    """The tokens of *text*, the last of kind "end"; *extra_punct* adds punctuation characters
    (the extended type syntax's ``|`` and ``?``). Raises TypeExprError for a character that
    is no token's, an unclosed string or comment, or a bad escape."""
    return Lexer(text, _PUNCT | frozenset(extra_punct)).tokens()
