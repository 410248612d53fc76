"""The syntax of HCL type expressions: text to a small expression tree.

A type expression is an HCL expression (``list(object({name = string}))``), read here into
nodes that keep where they start, so that cty._type_expr can interpret one as a type, or as
the literal value of an optional attribute's default, and point at the column of a mistake.

Beyond HCL's own syntax, an object key may be a quoted string with Go's escapes, so that every
type's printed form (``object({"two words"=string})``) reads back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from ._errors import CtyValueError

NodeKind: TypeAlias = Literal["ident", "call", "list", "object", "string", "number", "neg"]


@dataclass(frozen=True)
class Pos:
    """A place in the text: 1-based line and column (columns count characters)."""

    line: int
    column: int


@dataclass(frozen=True)
class Node:
    """One expression: an identifier, a call ``name(args)``, a list ``[items]``, an object
    ``{key = value, ...}`` (items as (key, value) pairs), a string, a number literal, or a
    negated expression."""

    kind: NodeKind
    pos: Pos
    text: str = ""
    """The identifier, the call's name, the string's value or the number's literal."""
    items: tuple[Node, ...] = ()
    """A call's arguments, a list's items, or a negation's operand."""
    pairs: tuple[tuple[Node, Node], ...] = ()
    """An object's (key, value) items, in the order written."""


class TypeExprError(CtyValueError):
    """A type expression that cannot be read or does not describe a type.

    ``summary`` and ``detail`` say what is wrong (in HCL's words where HCL has them); ``line``
    and ``column`` (1-based) say where it starts.
    """

    def __init__(self, summary: str, detail: str, pos: Pos) -> None:
        super().__init__(f"line {pos.line}, column {pos.column}: {summary}: {detail}")
        self.summary = summary
        self.detail = detail
        self.line = pos.line
        self.column = pos.column


_SYNTAX: Final = "Invalid expression"
_PUNCT: Final = frozenset("()[]{},=:-")
_SIMPLE_ESCAPES: Final = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\", "a": "\a",
                          "b": "\b", "f": "\f", "v": "\v"}
_HEX_ESCAPES: Final = {"x": 2, "u": 4, "U": 8}


@dataclass(frozen=True)
class Token:
    """One token: an identifier, a string (its value, escapes read), a number literal, a
    punctuation character, or the end; with where it starts and whether a newline came
    between it and the token before."""

    kind: Literal["ident", "string", "number", "punct", "end"]
    text: str
    pos: Pos
    newline_before: bool


class _Lexer:
    def __init__(self, text: str, punct: frozenset[str] = _PUNCT) -> None:
        self.text = text
        self.punct = punct
        self.i = 0
        self.line = 1
        self.line_start = 0

    def pos(self) -> Pos:
        return Pos(self.line, self.i - self.line_start + 1)

    def error(self, detail: str, pos: Pos | None = None) -> TypeExprError:
        return TypeExprError(_SYNTAX, detail, pos or self.pos())

    def _newline(self) -> None:
        self.line += 1
        self.line_start = self.i

    def _skip_space(self) -> bool:
        """Skip blanks and comments; return whether a newline was among them."""
        text, newline = self.text, False
        while self.i < len(text):
            c = text[self.i]
            if c == "\n":
                self.i += 1
                self._newline()
                newline = True
            elif c in " \t\r":
                self.i += 1
            elif c == "#" or text.startswith("//", self.i):
                while self.i < len(text) and text[self.i] != "\n":
                    self.i += 1
            elif text.startswith("/*", self.i):
                start = self.pos()
                end = text.find("*/", self.i + 2)
                if end < 0:
                    raise self.error("This comment is not closed: a */ is missing.", start)
                while self.i < end + 2:
                    self.i += 1
                    if text[self.i - 1] == "\n":
                        self._newline()
                        newline = True
            else:
                break
        return newline

    def tokens(self) -> list[Token]:
        out = []
        text = self.text
        while True:
            newline = self._skip_space()
            pos = self.pos()
            if self.i >= len(text):
                out.append(Token("end", "", pos, newline))
                return out
            c = text[self.i]
            if c.isalpha() or c == "_":
                j = self.i + 1
                while j < len(text) and (text[j].isalnum() or text[j] in "_-"):
                    j += 1
                out.append(Token("ident", text[self.i:j], pos, newline))
                self.i = j
            elif c.isdigit():
                out.append(Token("number", self._number(), pos, newline))
            elif c == '"':
                out.append(Token("string", self._string(), pos, newline))
            elif c in self.punct:
                out.append(Token("punct", c, pos, newline))
                self.i += 1
            else:
                raise self.error(f"The character {c!r} is not expected here.")

    def _number(self) -> str:
        text, start = self.text, self.i
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

    def _string(self) -> str:
        text = self.text
        start = self.pos()
        self.i += 1
        out: list[str] = []
        while True:
            if self.i >= len(text) or text[self.i] == "\n":
                raise self.error("This string is not closed: a \" is missing.", start)
            c = text[self.i]
            if c == '"':
                self.i += 1
                return "".join(out)
            if c == "\\":
                out.append(self._escape())
            elif c in "$%" and text.startswith("{", self.i + 1):
                raise self.error("Templates (${ ... } and %{ ... }) are not supported in a type "
                                 "expression; write $${ or %%{ for the characters themselves.")
            elif c in "$%" and text.startswith(c + "{", self.i + 1):
                out.append(c + "{")
                self.i += 3
            else:
                out.append(c)
                self.i += 1

    def _escape(self) -> str:
        text = self.text
        pos = self.pos()
        e = text[self.i + 1:self.i + 2]
        if e in _SIMPLE_ESCAPES:
            self.i += 2
            return _SIMPLE_ESCAPES[e]
        n = _HEX_ESCAPES.get(e)
        if n is not None:
            digits = text[self.i + 2:self.i + 2 + n]
            if len(digits) == n and all(d in "0123456789abcdefABCDEF" for d in digits):
                code = int(digits, 16)
                if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
                    self.i += 2 + n
                    return chr(code)
        raise self.error(f"The escape sequence \\{e} is not valid in a string.", pos)


class TokenCursor:
    """A recursive-descent parser's place in a list of tokens (ending with the "end" token):
    the type expression parser's, and the extended type syntax's."""

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.k = 0

    def peek(self) -> Token:
        """The next token, not taken."""
        return self.tokens[self.k]

    def take(self) -> Token:
        """The next token, taken (the end token stays)."""
        tok = self.tokens[self.k]
        if tok.kind != "end":
            self.k += 1
        return tok

    def expect(self, punct: str, what: str) -> Token:
        """Take the punctuation *punct*, or raise TypeExprError saying *what* was expected."""
        tok = self.take()
        if tok.kind != "punct" or tok.text != punct:
            raise TypeExprError(_SYNTAX, f"Expected {what}, found {describe_token(tok)}.",
                                tok.pos)
        return tok

    def at(self, punct: str) -> bool:
        """Whether the next token is the punctuation *punct*."""
        tok = self.peek()
        return tok.kind == "punct" and tok.text == punct

    def attribute_separator(self) -> None:
        """Take the ``=`` (or ``:``) between an object item's key and value, or raise."""
        sep = self.take()
        if sep.kind != "punct" or sep.text not in "=:":
            raise TypeExprError(_SYNTAX, "Expected an equals sign (=) to mark the start of "
                                         f"the attribute value, found {describe_token(sep)}.",
                                sep.pos)

    def item_end(self, close: str) -> None:
        """Take the comma after an object item, or see a newline or *close*; else raise."""
        if self.at(","):
            self.take()
        elif not self.at(close) and not self.peek().newline_before:
            tok = self.peek()
            raise TypeExprError(_SYNTAX, "Expected a comma or a newline after an object item, "
                                         f"found {describe_token(tok)}.", tok.pos)


class _Parser(TokenCursor):
    def __init__(self, text: str) -> None:
        super().__init__(_Lexer(text).tokens())

    def expression(self) -> Node:
        tok = self.take()
        if tok.kind == "ident":
            if self.at("("):
                self.take()
                args = self._sequence(")", "a closing parenthesis")
                return Node("call", tok.pos, tok.text, tuple(args))
            return Node("ident", tok.pos, tok.text)
        if tok.kind == "string":
            return Node("string", tok.pos, tok.text)
        if tok.kind == "number":
            return Node("number", tok.pos, tok.text)
        if tok.kind == "punct":
            if tok.text == "[":
                return Node("list", tok.pos, items=tuple(self._sequence("]", "a closing ]")))
            if tok.text == "{":
                return self._object(tok.pos)
            if tok.text == "-":
                return Node("neg", tok.pos, items=(self.expression(),))
        raise TypeExprError(_SYNTAX, f"Expected the start of an expression, found "
                                     f"{describe_token(tok)}.", tok.pos)

    def _sequence(self, close: str, what: str) -> list[Node]:
        items: list[Node] = []
        while not self.at(close):
            items.append(self.expression())
            if not self.at(","):
                break
            self.take()
        self.expect(close, f"a comma or {what}")
        return items

    def _object(self, pos: Pos) -> Node:
        pairs: list[tuple[Node, Node]] = []
        while not self.at("}"):
            key = self.expression()
            self.attribute_separator()
            pairs.append((key, self.expression()))
            self.item_end("}")
        self.expect("}", "a closing }")
        return Node("object", pos, pairs=tuple(pairs))


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
    return _Lexer(text, _PUNCT | frozenset(extra_punct)).tokens()


def parse_expression(text: str) -> Node:
    """Return the expression tree of *text*, which must hold exactly one expression.

    Raises TypeExprError (with the line and column) for anything else.
    """
    parser = _Parser(text)
    node = parser.expression()
    tok = parser.peek()
    if tok.kind != "end":
        raise TypeExprError(_SYNTAX, f"Extra characters after the expression: "
                                     f"{describe_token(tok)}.", tok.pos)
    return node
