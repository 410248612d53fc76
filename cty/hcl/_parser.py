"""The syntax of HCL type expressions: tokens (cty.hcl._lexer) to a small expression tree.

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

import itertools
from collections.abc import Callable, Iterator
from typing import Final

from .._deep import hop
from .._number_parse import parse as parse_number
from ._lexer import (
    INVALID_EXPRESSION,
    Lexer,
    Node,
    Pos,
    Range,
    Token,
    TokenCursor,
    TypeExprError,
    node_range,
    syntax_errors,
    token_range,
)
from ._recovery import Recovery, Stop
from ._template import parse_template

_MISSING_EXPRESSION: Final = ("Missing expression", "Expected the start of an expression, but "
                              "found the end of the file.")
_INVALID_START: Final = "Expected the start of an expression, but found an invalid expression " \
                        "token."
_UNTERMINATED_OBJECT: Final = ("Unterminated object constructor expression", "There is no "
                               "corresponding closing brace before the end of the file. This "
                               "may be caused by incorrect brace nesting elsewhere in this "
                               "file.")
_ANON: Final = itertools.count()
"""Names for splats' item placeholders (each splat its own)."""
_BINARY_LEVELS: Final = (("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("+", "-"),
                         ("*", "/", "%"))
_BINARY_LEVEL: Final = {op: level for level, ops in enumerate(_BINARY_LEVELS) for op in ops}
"""Each binary operator's level (the higher, the tighter it binds)."""


class _Parser(TokenCursor):
    """HCL's expression parser, for what a type expression and its defaults use: newlines
    are ignored, except directly inside braces, where they end an item (as in HCL)."""

    def __init__(self, text: str, go_escapes: bool, filename: str) -> None:
        lexer = Lexer(text, hcl=True, go_escapes=go_escapes)
        super().__init__(lexer.scan())
        self.invalid = lexer.invalid
        """The scanner's diagnostics: invalid characters (HCL reports them first)."""
        self.filename = filename
        self.after: Callable[[], Iterator[Token]] = _nothing
        """The tokens after this parser's in the file (a template's sequence's parser has
        the rest of the file after it: HCL's recovery reads on through it)."""
        self.newlines = [False]
        self.key_start = False
        self.expanded = False
        self.closed_at: Pos | None = None
        self.sink = Recovery()
        """The parse's diagnostics so far (its templates report theirs and read on)."""

    def take(self) -> Token:
        tok = super().take()
        if tok.error is not None:
            raise tok.error
        return tok

    def _ends_here(self) -> bool:
        """Whether a newline ends the expression here (directly inside braces)."""
        return self.newlines[-1] and self.peek().newline_before

    def _next_in_line(self) -> Token:
        """The next token as HCL reads it: where newlines count (directly inside braces), a
        newline before it is the next token (an "end" token at the newline)."""
        tok = self.peek()
        if self._ends_here() and tok.newline_pos is not None:
            at = tok.newline_pos
            return Token("end", "\n", at, False,
                         end=tok.newline_end or Pos(at.line + 1, 1, at.byte + 1))
        return tok

    def _fail(self, summary: str, detail: str, at: Token | Range,
              context: Range | None = None) -> TypeExprError:
        """HCL's diagnostic: its subject the token *at* (or a range), with a *context*."""
        subject = at if isinstance(at, tuple) else token_range(at)
        return TypeExprError(summary, detail, subject[0], subject[1], context)

    @hop  # (it recurses, moving the cursor: any depth)
    def expression(self) -> Node:
        cond = self._binary(0)
        if self._ends_here() or not self.at("?"):
            return cond
        self.take()
        yes = self.expression()
        if self._ends_here() or not self.at(":"):
            tok = self._next_in_line()
            raise self._fail("Missing false expression in conditional", "The conditional "
                             "operator (...?...:...) requires a false expression, delimited by "
                             "a colon.", tok, (cond.pos, token_range(tok)[1]))
        self.take()
        no = self.expression()
        return Node("conditional", cond.pos, items=(cond, yes, no), end=no.end)

    def _binary(self, level: int) -> Node:
        """Binary operations whose operators bind at *level* or tighter (each level's left
        to right), by precedence climbing: an operand, then each operator of such a level
        with its right operand, which takes only operators binding tighter than it."""
        left = self._unary()
        while not self._ends_here():
            tok = self.peek()
            found = _BINARY_LEVEL.get(tok.text) if tok.kind == "punct" else None
            if found is None or found < level:
                break
            self.take()
            right = self._binary(found + 1)
            left = Node("binary", left.pos, tok.text, (left, right), end=right.end)
        return left

    @hop  # (it recurses: any depth)
    def _unary(self) -> Node:
        tok = self.peek()
        if ((self.key_start or not self._ends_here()) and tok.kind == "punct"
                and tok.text in ("-", "!")):  # (a key may start on a line of its own)
            self.take()
            operand = self._unary()
            return Node("neg" if tok.text == "-" else "not", tok.pos, items=(operand,),
                        end=operand.end)
        return self._postfix(self._primary())

    @hop  # (it recurses: any depth)
    def _postfix(self, node: Node) -> Node:
        """Traversal steps after *node*: a traversal node per step, its text "attr" (the name
        in ``names``) or "index" (the key as its second item), with the step's place as
        ``args_pos``; and splats, as HCL's parseExpressionTraversals reads them."""
        while not self._ends_here() and (self.at(".") or self.at("[")):
            tok = self.take()
            if tok.text == ".":
                step = self._next_in_line()
                if step.kind == "punct" and step.text == "*":
                    self.take()
                    node = self._attribute_splat(node, tok, step)
                    continue
                self.take()
                if step.kind == "number":
                    node = self._legacy_index(node, tok, step, None)
                elif step.kind == "ident":
                    node = Node("traversal", node.pos, "attr", (node,), names=(step.text,),
                                args_pos=tok.pos, end=step.end)
                else:
                    raise self._fail("Invalid attribute name", "An attribute name is required "
                                     "after a dot.", step)
                continue
            if self.at("*") and not self._ends_here():
                self.take()
                if not self.at("]") or self._ends_here():  # (a newline where one counts is
                    raise self._fail("Missing close bracket on splat index", "The star for a "
                                     "full splat operator must be immediately followed by a "
                                     "closing bracket (\"]\").",  # HCL's token found)
                                     self._recovered_at("]", after_newline=self._ends_here()))
                close = self.take()
                anon = Node("anon", tok.pos, str(next(_ANON)), end=close.end)
                each = self._postfix(anon)
                return Node("splat", node.pos, anon.text, (node, each), args_pos=tok.pos,
                            end_pos=close.end, end=each.end)
            self.newlines.append(False)
            key = self.expression()
            if not self.at("]"):
                raise self._fail("Missing close bracket on index", "The index operator "
                                 "must end with a closing bracket (\"]\").",
                                 self._recovered_at("]"))
            self.newlines.pop()
            close = self.take()
            node = Node("traversal", node.pos, "index", (node, key), args_pos=tok.pos,
                        end=close.end)
        return node

    def _legacy_index(self, node: Node, dot: Token, number: Token, star: Token | None) -> Node:
        """``x.0``: HIL's index step, which HCL takes (not ``x.0.1``, a number); *star* is
        the attribute-only splat it is in, if any (where HCL then points)."""
        if "." in number.text:
            first, second = number.text.split(".", 1)
            how = ("the proper index syntax" if star is None
                   else "the proper index syntax with a full splat expression [*]")
            raise self._fail("Invalid legacy index syntax", "When using the legacy index "
                             "syntax, chaining two indexes together is not permitted. Use "
                             f"{how} instead, like [{first}][{second}].",
                             star or number)
        key = Node("number", number.pos, number.text, end=number.end)
        return Node("traversal", node.pos, "index", (node, key), args_pos=dot.pos,
                    end=number.end)

    def _attribute_splat(self, node: Node, dot: Token, star: Token) -> Node:
        """``x.*.a.b``: HCL's attribute-only splat, which takes only ``.name`` and ``.0``
        steps into each item."""
        anon = Node("anon", dot.pos, str(next(_ANON)), end=star.end)
        each = anon
        while not self._ends_here() and self.at("."):
            step_dot = self.take()
            step = self._next_in_line()
            if step.kind == "number":
                self.take()
                each = self._legacy_index(each, step_dot, step, star)
            elif step.kind == "ident":
                self.take()
                each = Node("traversal", each.pos, "attr", (each,), names=(step.text,),
                            args_pos=step_dot.pos, end=step.end)
            elif step.kind == "punct" and step.text == "*":
                raise self._fail("Nested splat expression not allowed", "A splat expression "
                                 "(*) cannot be used inside another attribute-only splat "
                                 "expression.", step)
            else:
                raise self._fail("Invalid attribute name", "An attribute name is required "
                                 "after a dot.", star)
        return Node("splat", node.pos, anon.text, (node, each), args_pos=dot.pos,
                    end_pos=star.end, end=each.end)

    def _recovered_at(self, close: str, *, after_newline: bool = False) -> Token:
        """Where HCL's recovery for a missing *close* bracket stops: the matching close
        bracket after the token found instead (which HCL has read: the next token, or with
        *after_newline* the newline before it), or the end. HCL's diagnostic for a missing
        index bracket points there, not at the token it found instead (it reports the
        variable it then reuses)."""
        open_ = {"]": "[", ")": "(", "}": "{"}[close]
        nest = 0
        found = self.peek()
        if found.kind == "end" and not found.text:
            return found
        rest = self.tokens[self.k if after_newline else self.k + 1:]
        for tok in itertools.chain(_flat(rest), self.after()):
            if tok.kind == "punct" and tok.text == open_:
                nest += 1
            elif tok.kind == "punct" and tok.text == close:
                if nest == 0:
                    return tok
                nest -= 1
            elif tok.kind == "end" and not tok.text:
                return tok
        return self.tokens[-1]

    def _primary(self) -> Node:
        tok = self.peek()
        key_start, self.key_start = self.key_start, False
        if (not key_start and self.newlines[-1] and tok.newline_before
                and tok.newline_pos is not None):
            raise self._fail(INVALID_EXPRESSION, _INVALID_START, self._next_in_line())
        if tok.kind == "end" and not tok.text:
            raise self._fail(*_MISSING_EXPRESSION, tok)
        self.take()
        if tok.kind == "ident":
            if self._ends_here() or not (self.at("(") or self.at("::")):
                return Node("ident", tok.pos, tok.text, end=tok.end)
            name = tok.text
            name_end = tok.end
            while self.at("::"):
                self.take()
                part = self._next_in_line()
                if part.kind != "ident":
                    raise self._fail("Missing function name", "Function scope resolution "
                                     "symbol :: must be followed by a function name in this "
                                     "scope.", part, (tok.pos, token_range(part)[1]))
                self.take()
                name += "::" + part.text
                name_end = part.end
                if self._ends_here() or not (self.at("(") or self.at("::")):
                    found = self._next_in_line()
                    raise self._fail("Missing open parenthesis", "Function selector must be "
                                     "followed by an open parenthesis to begin the function "
                                     "call.", found, (tok.pos, token_range(found)[1]))
            return self._call(tok, name, name_end)
        if tok.kind == "template":
            return self._template(tok)
        if tok.kind == "number":
            try:
                parse_number(tok.text)
            except ValueError:
                raise self._fail("Invalid number literal", "Failed to recognize the value of "
                                 "this number literal.", tok) from None
        if tok.kind == "string":
            return _string(tok)
        if tok.kind == "number":
            return Node("number", tok.pos, tok.text, end=tok.end)
        if tok.kind == "punct":
            if tok.text == "(":
                self.newlines.append(False)
                inner = self.expression()
                self.newlines.pop()
                if not self.at(")"):
                    close = self.peek()
                    raise self._fail("Unbalanced parentheses", "Expected a closing parenthesis "
                                     "to terminate the expression.", close,
                                     (tok.pos, token_range(close)[1]))
                close = self.take()
                return Node("paren", tok.pos, items=(inner,), end=close.end)
            if tok.text == "[":
                return self._tuple(tok)
            if tok.text == "{":
                return self._object(tok)
        raise self._fail(INVALID_EXPRESSION, _INVALID_START, tok)

    def _template(self, tok: Token) -> Node:
        k, outer = self.k, self.after

        def after() -> Iterator[Token]:  # (what follows the template in the file)
            return itertools.chain(_flat(self.tokens[k:]), outer())

        return parse_template(tok, self._sub_parser, self.filename, after, self.sink)

    def _sub_parser(self, tokens: list[Token], after: Callable[[], Iterator[Token]]
                    ) -> _Parser:
        """A parser over an interpolation's or directive's tokens (newlines ignored), which
        *after* gives the tokens that follow in the file."""
        inner = _Parser.__new__(_Parser)
        TokenCursor.__init__(inner, tokens)
        inner.newlines = [False]
        inner.key_start = False
        inner.expanded = False
        inner.closed_at = None
        inner.filename = self.filename
        inner.after = after
        inner.sink = self.sink
        return inner

    def _call(self, name_tok: Token, name: str, name_end: Pos | None) -> Node:
        open_tok = self.take()
        args = self._items(")", (name_tok.pos, token_range(open_tok)[1]), name_tok.pos,
                           expand=True, unterminated=(
            "Unterminated function call", "There is no closing parenthesis for this function "
            "call before the end of the file. This may be caused by incorrect parenthesis "
            "nesting elsewhere in this file."), missing=(
            "Missing argument separator", "A comma is required to separate each function "
            "argument from the next."))
        return Node("call", name_tok.pos, name, tuple(args), args_pos=open_tok.pos,
                    names=("...",) if self.expanded else (), end_pos=self.closed_at,
                    end=self.last_end, name_end=name_end)

    def _tuple(self, open_tok: Token) -> Node:
        tok = self.peek()
        if tok.kind == "ident" and tok.text == "for":
            return self._for(open_tok, "]")
        items = self._items("]", token_range(open_tok), open_tok.pos, expand=False,
                            unterminated=(
            "Unterminated tuple constructor expression", "There is no corresponding closing "
            "bracket before the end of the file. This may be caused by incorrect bracket "
            "nesting elsewhere in this file."), missing=(
            "Missing item separator", "Expected a comma to mark the beginning of the next "
            "item."))
        return Node("list", open_tok.pos, items=tuple(items), end=self.last_end)

    def _items(self, close: str, opened: Range, start: Pos, *, expand: bool,
               unterminated: tuple[str, str], missing: tuple[str, str]) -> list[Node]:
        """Comma-separated expressions up to *close*, which is taken (newlines ignored; a
        trailing comma allowed; with *expand*, ``...`` after the last one, which sets
        ``expanded``): a call's arguments or a tuple's items; ``closed_at`` is where *close*
        is. At the end of the text HCL reports *unterminated* at *opened*, elsewhere
        *missing* at the token, in the context from *start* to it."""
        self.newlines.append(False)
        items: list[Node] = []
        expanded = False  # (set on self at the end: an argument's own calls set it too)
        while not self.at(close):
            items.append(self.expression())
            if expand and self.at("..."):
                self.take()
                expanded = True
                if not self.at(close):
                    dots = self.tokens[self.k - 1]
                    raise self._fail("Missing closing parenthesis", "An expanded function "
                                     "argument (with ...) must be immediately followed by "
                                     "closing parentheses.", dots,
                                     (start, token_range(dots)[1]))
                break
            if self.at(","):
                self.take()
                continue
            if self.at(close):
                break
            tok = self.peek()
            if tok.kind == "end" and not tok.text:
                raise self._fail(*unterminated, opened)
            raise self._fail(*missing, tok, (start, token_range(tok)[1]))
        self.closed_at = self.take().pos
        self.expanded = expanded
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
                found = self._next_in_line()
                raise self._fail(*missing_value, found, (open_tok.pos, token_range(found)[1]))
            if self.at(","):
                raise self._fail(*missing_value, sep, (open_tok.pos, token_range(sep)[1]))
            if sep.kind == "end" and not sep.text:
                raise self._fail(*_UNTERMINATED_OBJECT, open_tok)
            if not (self.at("=") or self.at(":")):
                hint = (" If you intended to given an attribute name containing periods or "
                        "spaces, write the name in quotes to create a string literal."
                        if sep.kind == "ident" else "")
                raise self._fail("Missing key/value separator", 'Expected an equals sign ("=")'
                                 f" to mark the beginning of the attribute value.{hint}",
                                 sep, (open_tok.pos, token_range(sep)[1]))
            self.take()
            pairs.append((key, self.expression()))
            if self.at(",") and not self.peek().newline_before:
                self.take()
                continue
            if self.at("}") or self.peek().newline_before:
                continue
            tok = self.peek()
            if tok.kind == "end" and not tok.text:
                raise self._fail(*_UNTERMINATED_OBJECT, open_tok)
            raise self._fail("Missing attribute separator", "Expected a newline or comma to "
                             "mark the beginning of the next attribute.", tok,
                             (open_tok.pos, token_range(tok)[1]))
        close = self.take()
        self.newlines.pop()
        return Node("object", open_tok.pos, pairs=tuple(pairs), end=close.end)

    def _for(self, open_tok: Token, close: str) -> Node:
        """A for expression, after its opening bracket or brace: ``for k, v in coll : ...``;
        a Node of kind "for", text "tuple", "object" or "group" (an object with ``...``),
        items (collection, value, key or the collection again, condition or the collection
        again; the flags in names), names (key variable or "", value variable, and "if" when
        there is a condition)."""
        invalid = "Invalid 'for' expression"
        self.newlines.append(False)
        self.take()  # for
        first = self.peek()
        if first.kind != "ident":
            raise self._fail(invalid, "For expression requires variable name after 'for'.",
                             first, (open_tok.pos, token_range(first)[1]))
        self.take()
        key_var, value_var = "", first.text
        if self.at(","):
            self.take()
            second = self.peek()
            if second.kind != "ident":
                raise self._fail(invalid, "For expression requires value variable name after "
                                 "comma.", second, (open_tok.pos, token_range(second)[1]))
            self.take()
            key_var, value_var = first.text, second.text
        keyword = self.peek()  # (looked at, not taken: HCL reads no string it does not want)
        if keyword.kind != "ident" or keyword.text != "in":
            raise self._fail(invalid, "For expression requires the 'in' keyword after its "
                             "name declarations.", keyword,
                             (open_tok.pos, token_range(keyword)[1]))
        self.take()
        collection = self.expression()
        colon = self.peek()
        if colon.kind != "punct" or colon.text != ":":
            raise self._fail(invalid, "For expression requires a colon after the collection "
                             "expression.", colon, (open_tok.pos, token_range(colon)[1]))
        self.take()
        key: Node | None = None
        value = self.expression()
        group = False
        if self.at("=>"):
            self.take()
            key, value = value, self.expression()
        ellipsis = None
        if self.at("..."):
            ellipsis = self.take()
            group = True
        cond: Node | None = None
        tok = self.peek()
        if tok.kind == "ident" and tok.text == "if":
            self.take()
            cond = self.expression()
        end = self.peek()
        if end.kind != "punct" or end.text != close:
            raise self._fail(invalid, "Extra characters after the end of the 'for' "
                             "expression.", end, (open_tok.pos, token_range(end)[1]))
        self.take()
        self.newlines.pop()
        whole = (open_tok.pos, token_range(end)[1])
        if close == "]" and key is not None:
            raise self._fail(invalid, "Key expression is not valid when building a tuple.",
                             node_range(key), whole)
        if close == "]" and ellipsis is not None:
            raise self._fail(invalid, "Grouping ellipsis (...) cannot be used when building a "
                             "tuple.", ellipsis, whole)
        if close == "}" and key is None:
            raise self._fail(invalid, "Key expression is required when building an object.",
                             node_range(value), whole)
        kind = "tuple" if close == "]" else "group" if group else "object"
        names = (key_var, value_var) + (("if",) if cond is not None else ())
        return Node("for", open_tok.pos, kind,
                    (collection, value, key or collection, cond or collection), names=names,
                    end=end.end)

    def _key(self) -> Node:
        """An object key, an expression (HCL parses one): newlines before it are skipped,
        and one after it ends it."""
        self.key_start = True
        return self.expression()


def _string(tok: Token) -> Node:
    """A quoted string without interpolations: its range the quotes' (``pos`` to ``end``),
    and its text's, HCL's start range of it, from ``args_pos`` to ``end_pos`` (an empty
    string's is where the closing quote ends, as HCL places the empty text it stands for)."""
    assert tok.end is not None
    if tok.text or tok.pos.byte + 2 < tok.end.byte:
        close = Pos(tok.end.line, tok.end.column - 1, tok.end.byte - 1)
        return Node("string", tok.pos, tok.text, args_pos=tok.pos.after('"'), end_pos=close,
                    end=tok.end)
    return Node("string", tok.pos, tok.text, args_pos=tok.end, end_pos=tok.end, end=tok.end)


def _nothing() -> Iterator[Token]:
    return iter(())


def _flat(tokens: list[Token]) -> Iterator[Token]:
    """The tokens in order, with each template's interpolation tokens in their place (as
    HCL's token stream has them)."""
    for tok in tokens:
        yield tok
        for part in tok.parts:
            if isinstance(part, tuple):
                yield from (t for t in part if t.kind != "end")


def parse_expression(text: str, *, go_escapes: bool = False, filename: str = "type.hcl"
                     ) -> Node:
    """Return the expression tree of *text*, which must hold exactly one expression.

    Raises TypeExprError (with HCL's summary and detail, and the range HCL points at) for
    anything else: the scanner's diagnostics and the parser's, in HCL's order (a
    SyntaxErrors where there are several). With *go_escapes*, strings read Go's escapes
    instead of HCL's; *filename* names the file where a message gives a place.
    """
    parser = _Parser(text, go_escapes, filename)
    sink = parser.sink
    try:
        node = parser.expression()
        tok = parser.peek()
        if tok.kind != "end" and not sink.recovery:
            sink.diags.append(TypeExprError(
                "Extra characters after expression", "An expression was successfully "
                "parsed, but extra characters were found after it.", *token_range(tok)))
    except TypeExprError as e:
        raise syntax_errors([*parser.invalid, *sink.reported(e)]) from None
    except Stop:
        raise syntax_errors([*parser.invalid, *sink.reported()]) from None
    if parser.invalid or sink.diags:
        raise syntax_errors([*parser.invalid, *sink.diags])
    return node


def parse_template_text(text: str, *, filename: str = "template.hcl") -> Node:
    """Return the template *text* is as a whole (HCL's ParseTemplate: a template file's
    text, no quotes around it, no escapes but ``$${`` and ``%%{``).

    Raises TypeExprError for a template HCL cannot read: the scanner's diagnostics and the
    parser's, in HCL's order (a SyntaxErrors where there are several)."""
    lexer = Lexer(text, hcl=True, go_escapes=False)
    tok = lexer.bare_template()
    eof = tok.parts[-1]
    assert isinstance(eof, tuple)
    parser = _Parser("", False, filename)
    sink = parser.sink
    try:
        node = parse_template(tok, parser._sub_parser, filename,
                              lambda: iter(eof), sink)  # (after the template: the file's end)
    except TypeExprError as e:
        raise syntax_errors([*lexer.invalid, *sink.reported(e)]) from None
    except Stop:
        raise syntax_errors([*lexer.invalid, *sink.reported()]) from None
    if lexer.invalid or sink.diags:
        raise syntax_errors([*lexer.invalid, *sink.diags])
    return node
