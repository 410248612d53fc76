"""The syntax of HCL type expressions: text to a small expression tree.

A type expression is an HCL expression (``list(object({name = string}))``), read here into
nodes that keep where they start, so that cty._type_expr can interpret one as a type, or as
the literal value of an optional attribute's default, and point at the column of a mistake.

The lexer and parser follow HCL's native syntax (hclsyntax) where a type expression or a
default can reach: identifiers as HCL's scanner takes them (Unicode 9.0 ID_Start and
ID_Continue, with ``_`` and ``-``), HCL's string escapes, its operators, parentheses,
traversals, ``...`` after a call's last argument, and its diagnostics (summary, detail, and
the place HCL points at), checked against HCL itself (tests/vectors/hcl_typeexpr.jsonl).
HCL reports the characters it never accepts (``@``, ``;``, single quotes...) before any other
mistake, and so does this parser. With ``go_escapes`` (the extended type syntax, and
``allow_quoted_keys``) strings read Go's escapes instead, so that every type's printed form
(``object({"two words"=string})``) reads back.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from ._errors import CtyValueError
from ._hcl_names import is_ident_continue, is_ident_start

NodeKind: TypeAlias = Literal["ident", "call", "list", "object", "string", "number", "neg",
                              "not", "binary", "conditional", "paren", "template",
                              "traversal", "for"]


@dataclass(frozen=True)
class Pos:
    """A place in the text: 1-based line and column (columns count characters)."""

    line: int
    column: int


@dataclass(frozen=True)
class Node:
    """One expression: an identifier, a call ``name(args)``, a list ``[items]``, an object
    ``{key = value, ...}`` (items as (key, value) pairs), a string, a number literal, a
    negated (``-x``) or inverted (``!x``) expression, a binary operation, a conditional
    (``c ? a : b``), an expression in parentheses, a string template with interpolations or
    directives, or a traversal (``x.y``, ``x[0]``)."""

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
    """A traversal step's attribute name; a for expression's key and value variables."""


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
_MULTI_LINE: Final = ("Invalid multi-line string", "Quoted strings may not be split over "
                      "multiple lines. To produce a multi-line string, either use the \\n "
                      'escape to represent a newline character or use the "heredoc" '
                      "multi-line template syntax.")


@dataclass(frozen=True)
class Token:
    """One token: an identifier, a string (its value, escapes read), a number literal, a
    punctuation character or operator, or the end; with where it starts and whether a newline
    came between it and the token before.

    A string with an interpolation or directive is of kind "template" (its text is the raw
    source); a string with a bad escape keeps the error, raised when the parser takes it, as
    HCL reports such mistakes after the characters it never accepts.
    """

    kind: Literal["ident", "string", "template", "number", "punct", "end"]
    text: str
    pos: Pos
    newline_before: bool
    newline_pos: Pos | None = None
    """Where the first newline between this token and the one before is."""
    error: TypeExprError | None = None
    parts: tuple[str | tuple[Token, ...], ...] = ()
    """A template's parts: literal text, and each interpolation's tokens (ending with an end
    token); none when it holds a directive (its text is then "directive")."""


class _Lexer:
    def __init__(self, text: str, punct: frozenset[str] = _PUNCT, *, hcl: bool = False,
                 go_escapes: bool = True) -> None:
        self.text = text
        self.punct = punct | _HCL_PUNCT if hcl else punct
        self.hcl = hcl
        self.go_escapes = go_escapes
        self.i = 0
        self.line = 1
        self.line_start = 0
        self._last = (1, 0, 1)
        self.invalid: list[TypeExprError] = []

    def pos(self, i: int | None = None) -> Pos:
        """The place of offset *i* (default: here). HCL counts columns in grapheme clusters;
        they are counted on from the last place asked for on the line, so a long line costs
        no more than once over."""
        i = self.i if i is None else i
        line, start, column = self._last
        if line != self.line or start > i:
            line, start, column = self.line, self.line_start, 1
        piece = self.text[start:i]
        if piece.isascii():
            column += len(piece)
        else:  # (regex is loaded only when needed)
            column += len(importlib.import_module("regex").findall(r"\X", piece))
        self._last = (line, i, column)
        return Pos(line, column)

    def error(self, detail: str, pos: Pos | None = None) -> TypeExprError:
        return TypeExprError(_SYNTAX, detail, pos or self.pos())

    def _newline(self) -> None:
        self.line += 1
        self.line_start = self.i

    def _skip_space(self) -> Pos | None:
        """Skip blanks and comments; return where the first newline among them was."""
        text, newline = self.text, None
        while self.i < len(text):
            c = text[self.i]
            if c == "\n":
                newline = newline or self.pos()
                self.i += 1
                self._newline()
            elif c in " \t\r":
                self.i += 1
            elif c == "#" or text.startswith("//", self.i):
                start = self.pos()
                while self.i < len(text) and text[self.i] != "\n":
                    self.i += 1
                if self.i < len(text):  # HCL's comment token takes the newline: it is there
                    newline = newline or start
                    self.i += 1
                    self._newline()
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
                        newline = newline or self.pos(self.i - 1)
                        self._newline()
            else:
                break
        return newline

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
        while True:
            newline = self._skip_space()
            pos = self.pos()
            nl = newline is not None
            if interpolation and depth == 0 and text.startswith(("}", "~}"), self.i):
                self.i += 1 if text[self.i] == "}" else 2
                out.append(Token("end", "", pos, nl, newline))
                return out
            if self.i >= len(text):
                out.append(Token("end", "", pos, nl, newline))
                return out
            c = text[self.i]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            if is_ident_start(c):
                j = self.i + 1
                while j < len(text) and is_ident_continue(text[j]):
                    j += 1
                out.append(Token("ident", text[self.i:j], pos, nl, newline))
                self.i = j
            elif c.isdigit() and c < "\x80":
                out.append(Token("number", self._number(), pos, nl, newline))
            elif c == '"':
                out.append(self._string_token(pos, nl, newline))
            elif self.hcl and text.startswith(_HCL_OPERATORS, self.i):
                op = text[self.i:self.i + 2]
                op = "..." if op == ".." and text.startswith("...", self.i) else op
                if op in ("..", "**"):  # not operators of HCL's: the first character alone
                    op = op[0]
                out.append(Token("punct", op, pos, nl, newline))
                self.i += len(op)
            elif c in self.punct:
                out.append(Token("punct", c, pos, nl, newline))
                self.i += 1
            elif self.hcl:
                summary, detail = _INVALID_CHARACTERS.get(c, ("Invalid character",
                                                              _NOT_A_CHARACTER))
                self.invalid.append(TypeExprError(summary, detail, pos))
                out.append(Token("punct", c, pos, nl, newline))
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

    def _string_token(self, pos: Pos, nl: bool, newline: Pos | None) -> Token:
        try:
            value, parts = self._string()
        except TypeExprError as e:
            if not self.hcl:
                raise
            return Token("string", "", pos, nl, newline, e)
        if parts is None:
            return Token("string", value, pos, nl, newline)
        return Token("template", value, pos, nl, newline, parts=parts)

    def _string(self) -> tuple[str, tuple[str | tuple[Token, ...], ...] | None]:
        """Read a quoted string: its value and None, or for a template "template" (or
        "directive") and its parts."""
        text = self.text
        start = self.pos()
        self.i += 1
        out: list[str] = []
        parts: list[str | tuple[Token, ...]] = []
        template = directive = False
        error: TypeExprError | None = None
        while True:
            if self.i >= len(text):
                if self.hcl:
                    raise TypeExprError("Unterminated template string",
                                        "No closing marker was found for the string.",
                                        self.pos())
                raise self.error("This string is not closed: a \" is missing.", start)
            c = text[self.i]
            if c == "\n":
                if not self.hcl:
                    raise self.error("This string is not closed: a \" is missing.", start)
                self.invalid.append(TypeExprError(*_MULTI_LINE, self.pos()))
                self.i += 1
                self._newline()
                continue
            if c == '"':
                self.i += 1
                if error is not None:
                    raise error
                if directive:
                    return "directive", ()
                if not template:
                    return "".join(out), None
                if out:
                    parts.append("".join(out))
                return "template", tuple(parts)
            if c == "\\":
                try:
                    out.append(self._escape())
                except TypeExprError as e:
                    error = error or e
                    self.i += 2
            elif c in "$%" and text.startswith(c + "{", self.i + 1):
                out.append(c + "{")
                self.i += 3
            elif c in "$%" and text.startswith("{", self.i + 1):
                if not self.hcl:
                    raise self.error("Templates (${ ... } and %{ ... }) are not supported in a "
                                     "type expression; write $${ or %%{ for the characters "
                                     "themselves.")
                template = True
                if c == "%":
                    directive = True
                    self._skip_interpolation()
                    continue
                if out:
                    parts.append("".join(out))
                    out = []
                self.i += 2
                if text.startswith("~", self.i):
                    self.i += 1
                parts.append(tuple(self._lex(True)))
            else:
                out.append(c)
                self.i += 1

    def _skip_interpolation(self) -> None:
        """Skip ``${ ... }`` or ``%{ ... }``, nested braces and strings included."""
        text = self.text
        depth = 0
        self.i += 1
        while self.i < len(text):
            c = text[self.i]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    self.i += 1
                    return
            elif c == '"':
                self._string()
                continue
            elif c == "\n":
                self.i += 1
                self._newline()
                continue
            self.i += 1

    def _escape(self) -> str:
        text = self.text
        pos = self.pos()
        e = text[self.i + 1:self.i + 2]
        simple = _SIMPLE_ESCAPES if self.go_escapes else _HCL_ESCAPES
        if e in simple:
            self.i += 2
            return simple[e]
        n = _HEX_ESCAPES.get(e)
        if n is not None and (self.go_escapes or e != "x"):
            digits = text[self.i + 2:self.i + 2 + n]
            if len(digits) == n and all(d in "0123456789abcdefABCDEF" for d in digits):
                code = int(digits, 16)
                if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
                    self.i += 2 + n
                    return chr(code)
                if not self.go_escapes:
                    raise TypeExprError("Invalid escape sequence", f"Cannot encode character "
                                        f"U+{code:04x} in UTF-8.", pos)
            elif not self.go_escapes:
                count = "four" if n == 4 else "eight"
                raise TypeExprError("Invalid escape sequence", f"The \\{e} escape sequence "
                                    f"must be followed by {count} hexadecimal digits.", pos)
        if not self.go_escapes:
            raise TypeExprError("Invalid escape sequence", f"The symbol {quote_word(e)} is not "
                                "a valid escape sequence selector.", pos)
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


_MISSING_EXPRESSION: Final = ("Missing expression", "Expected the start of an expression, but "
                              "found the end of the file.")
_INVALID_START: Final = "Expected the start of an expression, but found an invalid expression " \
                        "token."
_BINARY_LEVELS: Final = (("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("+", "-"),
                         ("*", "/", "%"))


class _Parser(TokenCursor):
    """HCL's expression parser, for what a type expression and its defaults use: newlines
    are ignored, except directly inside braces, where they end an item (as in HCL)."""

    def __init__(self, text: str, go_escapes: bool) -> None:
        super().__init__(_Lexer(text, hcl=True, go_escapes=go_escapes).tokens())
        self.newlines = [False]
        self.key_start = False

    def take(self) -> Token:
        tok = super().take()
        if tok.error is not None:
            raise tok.error
        return tok

    def _ends_here(self) -> bool:
        """Whether a newline ends the expression here (directly inside braces)."""
        return self.newlines[-1] and self.peek().newline_before

    def _fail(self, summary: str, detail: str, pos: Pos) -> TypeExprError:
        return TypeExprError(summary, detail, pos)

    def expression(self) -> Node:
        cond = self._binary(0)
        if self._ends_here() or not self.at("?"):
            return cond
        self.take()
        yes = self.expression()
        if self._ends_here() or not self.at(":"):
            tok = self.peek()
            raise self._fail("Missing false expression in conditional", "The conditional "
                             "operator (...?...:...) requires a false expression, delimited by "
                             "a colon.", tok.pos)
        self.take()
        no = self.expression()
        return Node("conditional", cond.pos, items=(cond, yes, no))

    def _binary(self, level: int) -> Node:
        if level == len(_BINARY_LEVELS):
            return self._unary()
        left = self._binary(level + 1)
        ops = _BINARY_LEVELS[level]
        while not self._ends_here():
            tok = self.peek()
            if tok.kind != "punct" or tok.text not in ops:
                break
            self.take()
            right = self._binary(level + 1)
            left = Node("binary", left.pos, tok.text, (left, right))
        return left

    def _unary(self) -> Node:
        tok = self.peek()
        if not self._ends_here() and tok.kind == "punct" and tok.text in ("-", "!"):
            self.take()
            operand = self._unary()
            return Node("neg" if tok.text == "-" else "not", tok.pos, items=(operand,))
        return self._postfix(self._primary())

    def _postfix(self, node: Node) -> Node:
        """Traversal steps after *node*: a traversal node per step, its text "attr" (the name
        in ``names``), "index" (the key as its second item) or "splat", with the step's
        place as ``args_pos``."""
        while not self._ends_here() and (self.at(".") or self.at("[")):
            tok = self.take()
            if tok.text == ".":
                step = self.take()
                if step.kind == "punct" and step.text == "*":
                    node = Node("traversal", node.pos, "splat", (node,), args_pos=tok.pos)
                elif step.kind == "number":
                    key = Node("number", step.pos, step.text)
                    node = Node("traversal", node.pos, "index", (node, key), args_pos=tok.pos)
                elif step.kind == "ident":
                    node = Node("traversal", node.pos, "attr", (node,), names=(step.text,),
                                args_pos=tok.pos)
                else:
                    raise self._fail("Invalid attribute name", "An attribute name is required "
                                     "after a dot.", step.pos)
                continue
            if self.at("*"):
                self.take()
                node = Node("traversal", node.pos, "splat", (node,), args_pos=tok.pos)
            else:
                self.newlines.append(False)
                key = self.expression()
                self.newlines.pop()
                node = Node("traversal", node.pos, "index", (node, key), args_pos=tok.pos)
            if not self.at("]"):
                bad = self.peek()
                raise self._fail("Missing close bracket on index", "The index operator "
                                 "must end with a closing bracket (\"]\").", bad.pos)
            self.take()
        return node

    def _primary(self) -> Node:
        tok = self.peek()
        key_start, self.key_start = self.key_start, False
        if (not key_start and self.newlines[-1] and tok.newline_before
                and tok.newline_pos is not None):
            raise self._fail(_SYNTAX, _INVALID_START, tok.newline_pos)
        if tok.kind == "end":
            raise self._fail(*_MISSING_EXPRESSION, tok.pos)
        self.take()
        if tok.kind == "ident":
            name = tok.text
            while self.at("::"):
                self.take()
                part = self.take()
                if part.kind != "ident":
                    raise self._fail("Missing function name", "Function scope resolution "
                                     "symbol :: must be followed by a function name in this "
                                     "scope.", part.pos)
                name += "::" + part.text
            if self.at("("):
                return self._call(tok, name)
            if name != tok.text:
                bad = self.peek()
                raise self._fail("Missing function call", "A function name must be followed "
                                 "by an opening parenthesis.", bad.pos)
            return Node("ident", tok.pos, tok.text)
        if tok.kind == "template":
            return self._template(tok)
        if tok.kind in ("string", "number"):
            return Node(tok.kind, tok.pos, tok.text)
        if tok.kind == "punct":
            if tok.text == "(":
                self.newlines.append(False)
                inner = self.expression()
                self.newlines.pop()
                if not self.at(")"):
                    raise self._fail("Unbalanced parentheses", "Expected a closing parenthesis "
                                     "to terminate the expression.", self.peek().pos)
                self.take()
                return Node("paren", tok.pos, items=(inner,))
            if tok.text == "[":
                return self._tuple(tok)
            if tok.text == "{":
                return self._object(tok)
        raise self._fail(_SYNTAX, _INVALID_START, tok.pos)

    def _template(self, tok: Token) -> Node:
        if tok.text == "directive":
            return Node("template", tok.pos, "directive")
        items: list[Node] = []
        for part in tok.parts:
            if isinstance(part, str):
                items.append(Node("string", tok.pos, part))
                continue
            inner = _Parser.__new__(_Parser)
            TokenCursor.__init__(inner, list(part))
            inner.newlines = [False]
            inner.key_start = False
            items.append(inner.expression())
            extra = inner.peek()
            if extra.kind != "end":
                raise self._fail("Extra characters after interpolation expression",
                                 "Expected a closing brace to end the interpolation "
                                 "expression, but found extra characters.", extra.pos)
        wrap = len(items) == 1 and not isinstance(tok.parts[0], str)
        return Node("template", tok.pos, "wrap" if wrap else "", tuple(items))

    def _call(self, name_tok: Token, name: str) -> Node:
        open_tok = self.take()
        args = self._items(")", name_tok.pos, expand=True, unterminated=(
            "Unterminated function call", "There is no closing parenthesis for this function "
            "call before the end of the file. This may be caused by incorrect parenthesis "
            "nesting elsewhere in this file."), missing=(
            "Missing argument separator", "A comma is required to separate each function "
            "argument from the next."))
        return Node("call", name_tok.pos, name, tuple(args), args_pos=open_tok.pos)

    def _tuple(self, open_tok: Token) -> Node:
        tok = self.peek()
        if tok.kind == "ident" and tok.text == "for":
            return self._for(open_tok, "]")
        items = self._items("]", open_tok.pos, expand=False, unterminated=(
            "Unterminated tuple constructor expression", "There is no corresponding closing "
            "bracket before the end of the file. This may be caused by incorrect bracket "
            "nesting elsewhere in this file."), missing=(
            "Missing item separator", "Expected a comma to mark the beginning of the next "
            "item."))
        return Node("list", open_tok.pos, items=tuple(items))

    def _items(self, close: str, opened: Pos, *, expand: bool,
               unterminated: tuple[str, str], missing: tuple[str, str]) -> list[Node]:
        """Comma-separated expressions up to *close*, which is taken (newlines ignored; a
        trailing comma allowed; with *expand*, ``...`` after the last one): a call's
        arguments or a tuple's items. At the end of the text HCL reports *unterminated* at
        *opened*, elsewhere *missing* at the token."""
        self.newlines.append(False)
        items: list[Node] = []
        while not self.at(close):
            items.append(self.expression())
            if expand and self.at("..."):
                self.take()
                if not self.at(close):
                    raise self._fail("Missing closing parenthesis", "An expanded function "
                                     "argument (with ...) must be immediately followed by "
                                     "closing parentheses.", self.tokens[self.k - 1].pos)
                break
            if self.at(","):
                self.take()
                continue
            if self.at(close):
                break
            tok = self.peek()
            if tok.kind == "end":
                raise self._fail(*unterminated, opened)
            raise self._fail(*missing, tok.pos)
        self.take()
        self.newlines.pop()
        return items

    def _object(self, open_tok: Token) -> Node:
        self.newlines.append(True)
        pairs: list[tuple[Node, Node]] = []
        first = True
        while not self.at("}"):
            tok = self.peek()
            if first and tok.kind == "ident" and tok.text == "for":
                self.newlines.pop()
                return self._for(open_tok, "}")
            first = False
            key = self._key()
            sep = self.peek()
            missing_value = ("Missing attribute value", "Expected an attribute value, "
                             'introduced by an equals sign ("=").')
            if sep.newline_before and sep.newline_pos is not None:
                raise self._fail(*missing_value, sep.newline_pos)
            if self.at(","):
                raise self._fail(*missing_value, sep.pos)
            if not (self.at("=") or self.at(":")):
                hint = (" If you intended to given an attribute name containing periods or "
                        "spaces, write the name in quotes to create a string literal."
                        if sep.kind == "ident" else "")
                raise self._fail("Missing key/value separator", 'Expected an equals sign ("=")'
                                 f" to mark the beginning of the attribute value.{hint}",
                                 sep.pos)
            self.take()
            pairs.append((key, self.expression()))
            if self.at(","):
                self.take()
                continue
            if self.at("}") or self.peek().newline_before:
                continue
            tok = self.peek()
            if tok.kind == "end":
                raise self._fail("Unterminated object constructor expression", "There is no "
                                 "corresponding closing brace before the end of the file. This "
                                 "may be caused by incorrect brace nesting elsewhere in this "
                                 "file.", open_tok.pos)
            raise self._fail("Missing attribute separator", "Expected a newline or comma to "
                             "mark the beginning of the next attribute.", tok.pos)
        self.take()
        self.newlines.pop()
        return Node("object", open_tok.pos, pairs=tuple(pairs))

    def _for(self, open_tok: Token, close: str) -> Node:
        """A for expression, after its opening bracket or brace: ``for k, v in coll : ...``;
        a Node of kind "for", text "tuple", "object" or "group" (an object with ``...``),
        items (collection, value, key or the collection again, condition or the collection
        again; the flags in names), names (key variable or "", value variable, and "if" when
        there is a condition)."""
        invalid = "Invalid 'for' expression"
        self.newlines.append(False)
        self.take()  # for
        first = self.take()
        if first.kind != "ident":
            raise self._fail(invalid, "For expression requires variable name after 'for'.",
                             first.pos)
        key_var, value_var = "", first.text
        if self.at(","):
            self.take()
            second = self.take()
            if second.kind != "ident":
                raise self._fail(invalid, "For expression requires value variable name after "
                                 "comma.", second.pos)
            key_var, value_var = first.text, second.text
        keyword = self.take()
        if keyword.kind != "ident" or keyword.text != "in":
            raise self._fail(invalid, "For expression requires the 'in' keyword after its "
                             "name declarations.", keyword.pos)
        collection = self.expression()
        colon = self.take()
        if colon.kind != "punct" or colon.text != ":":
            raise self._fail(invalid, "For expression requires a colon after the collection "
                             "expression.", colon.pos)
        key: Node | None = None
        value = self.expression()
        group = False
        if self.at("=>"):
            self.take()
            key, value = value, self.expression()
            if self.at("..."):
                self.take()
                group = True
        cond: Node | None = None
        tok = self.peek()
        if tok.kind == "ident" and tok.text == "if":
            self.take()
            cond = self.expression()
        end = self.take()
        if end.kind != "punct" or end.text != close:
            raise self._fail(invalid, "Extra characters after the end of the 'for' "
                             "expression.", end.pos)
        self.newlines.pop()
        if close == "]" and key is not None:
            raise self._fail(invalid, "Key expression is not valid when building a tuple.",
                             key.pos)
        if close == "}" and key is None:
            raise self._fail(invalid, "Key expression is required when building an object.",
                             value.pos)
        kind = "tuple" if close == "]" else "group" if group else "object"
        names = (key_var, value_var) + (("if",) if cond is not None else ())
        return Node("for", open_tok.pos, kind,
                    (collection, value, key or collection, cond or collection), names=names)

    def _key(self) -> Node:
        """An object key, an expression (HCL parses one): newlines before it are skipped,
        and one after it ends it."""
        self.key_start = True
        return self.expression()


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


def parse_expression(text: str, *, go_escapes: bool = False) -> Node:
    """Return the expression tree of *text*, which must hold exactly one expression.

    Raises TypeExprError (with HCL's summary and detail, and the line and column HCL points
    at) for anything else. With *go_escapes*, strings read Go's escapes instead of HCL's.
    """
    parser = _Parser(text, go_escapes)
    node = parser.expression()
    tok = parser.peek()
    if tok.kind != "end":
        raise TypeExprError("Extra characters after expression", "An expression was "
                            "successfully parsed, but extra characters were found after it.",
                            tok.pos)
    return node
