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
    errors_of,
    node_range,
    syntax_errors,
    token_range,
)
from ._recovery import Recovery, Stop
from ._template import at_file_end, parse_template

_MISSING_EXPRESSION: Final = ("Missing expression", "Expected the start of an expression, but "
                              "found the end of the file.")
_INVALID_START: Final = "Expected the start of an expression, but found an invalid expression " \
                        "token."
_UNTERMINATED_OBJECT: Final = ("Unterminated object constructor expression", "There is no "
                               "corresponding closing brace before the end of the file. This "
                               "may be caused by incorrect brace nesting elsewhere in this "
                               "file.")
_OPENER: Final = {"]": "[", ")": "(", "}": "{"}
_CLOSER: Final = {"[": "]", "(": ")", "{": "}"}
_INVALID_FOR: Final = "Invalid 'for' expression"
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
        self.key_at = -1
        """Where an object key starts (HCL has read the newlines before it)."""
        self.sink = Recovery()
        """The parse's diagnostics so far (its templates report theirs and read on)."""
        self.beyond: Range | None = None
        """For a sequence's parser, the range of the token HCL reads after the sequence's
        closing brace (None where this parser cannot place it)."""
        self.in_sequence = False
        """Whether this parser reads a template sequence's tokens."""
        self.spilled = False
        """Whether HCL has read this sequence's closing brace as a token of its own (a
        parenthesis or index bracket left open takes it): its reading goes on in the
        template's later tokens, which the template's reader follows (see ``_read``)."""

    def _ends_here(self) -> bool:
        """Whether a newline ends the expression here (directly inside braces)."""
        return self.newlines[-1] and self.peek().newline_before and self.k != self.key_at

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

    def _report(self, summary: str, detail: str, at: Token | Range,
                context: Range | None = None, *, always: bool = False) -> None:
        """Report HCL's diagnostic (see ``_fail``): outside recovery, or *always* (where HCL
        reports it in recovery too)."""
        if self.spilled:
            raise Stop  # (about the template's later tokens, which this parser does not hold)
        if always or not self.sink.recovery:
            self.sink.diags.append(self._fail(summary, detail, at, context))

    def _mark(self) -> int:
        """Where the diagnostics are now (to ask ``_failed`` after a part is read)."""
        return len(self.sink.diags)

    def _failed(self, mark: int) -> bool:
        """HCL's ``p.recovery && diags.HasErrors()``: whether the part read since *mark*
        reported an error and the parser is recovering (it then bails out)."""
        return self.sink.recovery and len(self.sink.diags) > mark

    def _recover(self, close: str) -> Token:
        """HCL's recover: take tokens up to and including the *close* bracket that matches
        (nested pairs of it skipped, other brackets ignored), or to the end of the file, and
        return the last; recovery mode is on from now. Raises Stop where HCL's reading goes
        beyond this parser's tokens (into the rest of a template or the file)."""
        if self.spilled:
            raise Stop  # (HCL's recovery reads the template's later tokens)
        self.sink.recovery = True
        open_ = _OPENER[close]
        nest = 0
        tokens = self.tokens
        while True:
            tok = tokens[self.k]
            if tok.kind == "end":
                if tok.text:  # (a sequence's closing brace: HCL reads on past it)
                    return self._to_the_end(close)
                if tok is not self.sink.eof and not at_file_end(self.after):
                    raise Stop
                self.last_end = tok.end or tok.pos
                return tok
            self.k += 1
            self.last_end = tok.end or tok.pos
            if tok.kind == "punct":
                if tok.text == open_:
                    nest += 1
                elif tok.text == close:
                    if nest == 0:
                        return tok
                    nest -= 1
            elif tok.parts:  # (a template: its sequences' brackets count too)
                for inner in _inside(tok):
                    if inner.kind == "punct" and inner.text == open_:
                        nest += 1
                    elif inner.kind == "punct" and inner.text == close:
                        if nest == 0:
                            raise Stop  # (the match is inside the template)
                        nest -= 1

    def _to_the_end(self, close: str) -> Token:
        """HCL's recovery, past this sequence's closing brace, for a *close* bracket that
        nothing after it in the file holds: it reads to the end of the file. Every parser of
        the file is then at its end (``Recovery.eof``). Raises Stop where a *close* follows
        (HCL's recovery stops there, in tokens this parser does not hold)."""
        eof = None
        for tok in self.after():
            if (tok.kind == "punct" and tok.text == close) or (
                    tok.parts and any(t.kind == "punct" and t.text == close
                                      for t in _inside(tok))):
                raise Stop
            eof = tok
        if eof is None or eof.kind != "end" or eof.text:  # pragma: no cover (a file ends)
            raise Stop
        self.sink.eof = eof
        self.tokens[self.k:] = [eof]
        self.last_end = eof.end or eof.pos
        return eof

    def _recover_over(self, open_: str) -> None:
        """HCL's recoverOver: take tokens up to the next *open_* bracket, then recover to
        the bracket that closes it."""
        while True:
            tok = self.peek()
            if tok.kind == "end":
                break
            self.take()
            if tok.kind == "punct" and tok.text == open_:
                break
            if tok.parts:
                raise Stop  # (HCL's reading enters the template)
        self._recover(_CLOSER[open_])

    @hop  # (it recurses, moving the cursor: any depth)
    def expression(self) -> Node:
        """HCL's parseTernaryConditional: an expression, its diagnostics reported."""
        mark = self._mark()
        cond = self._binary(0)
        if self._failed(mark) or self._ends_here() or not self.at("?"):
            return cond
        self.take()
        mark = self._mark()
        yes = self.expression()
        if self._failed(mark):
            return cond
        if self._ends_here() or not self.at(":"):
            tok = self._next_in_line()
            self._report("Missing false expression in conditional", "The conditional "
                         "operator (...?...:...) requires a false expression, delimited by "
                         "a colon.", tok, (cond.pos, token_range(tok)[1]), always=True)
            return cond
        self.take()
        mark = self._mark()
        no = self.expression()
        if self._failed(mark):
            return cond
        return Node("conditional", cond.pos, items=(cond, yes, no), end=no.end)

    def _binary(self, level: int) -> Node:
        """Binary operations whose operators bind at *level* or tighter (each level's left
        to right), by precedence climbing: an operand, then each operator of such a level
        with its right operand, which takes only operators binding tighter than it. Where
        an operand fails in recovery, HCL's levels each bail out with what they have."""
        mark = self._mark()
        left = self._unary()
        if self._failed(mark):
            return left
        while not self._ends_here():
            tok = self.peek()
            found = _BINARY_LEVEL.get(tok.text) if tok.kind == "punct" else None
            if found is None or found < level:
                break
            self.take()
            mark = self._mark()
            right = self._binary(found + 1)
            if self._failed(mark):
                return left
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
                if step.kind == "number":
                    self.take()
                    node = self._legacy_index(node, tok, step, None)
                elif step.kind == "ident":
                    self.take()
                    node = Node("traversal", node.pos, "attr", (node,), names=(step.text,),
                                args_pos=tok.pos, end=step.end)
                else:  # (the token stays: HCL reads on from it)
                    self._report("Invalid attribute name", "An attribute name is required "
                                 "after a dot.", step, always=True)
                    self.sink.recovery = True
                continue
            if self.at("*") and not self._ends_here():
                self.take()
                if not self.at("]") or self._ends_here():  # (a newline where one counts is
                    if not self.sink.recovery:  # HCL's token found)
                        after_newline = self._ends_here()
                        self._report("Missing close bracket on splat index", "The star for a "
                                     "full splat operator must be immediately followed by a "
                                     "closing bracket (\"]\").",
                                     self._recovered_at("]", after_newline=after_newline))
                        if not after_newline:
                            self.take()
                        close = self._recover("]")
                    else:
                        close = self._next_in_line()
                        if not self._ends_here():
                            self._read()
                else:
                    close = self.take()
                end = token_range(close)[1]
                anon = Node("anon", tok.pos, str(next(_ANON)), end=end)
                each = self._postfix(anon)
                return Node("splat", node.pos, anon.text, (node, each), args_pos=tok.pos,
                            end_pos=end, end=each.end)
            self.newlines.append(False)
            mark = self._mark()
            key = self.expression()
            if self._failed(mark):
                close = self._recover("]")
            elif not self.at("]"):
                if not self.sink.recovery:
                    self._report("Missing close bracket on index", "The index operator "
                                 "must end with a closing bracket (\"]\").",
                                 self._recovered_at("]"))
                    self.take()
                    close = self._recover("]")
                else:
                    close = self._read()
            else:
                close = self.take()
            self.newlines.pop()
            node = Node("traversal", node.pos, "index", (node, key), args_pos=tok.pos,
                        end=token_range(close)[1])
        return node

    def _legacy_index(self, node: Node, dot: Token, number: Token, star: Token | None) -> Node:
        """``x.0``: HIL's index step, which HCL takes (not ``x.0.1``, a number, which HCL
        reports and reads on); *star* is the attribute-only splat it is in, if any (where
        HCL then points)."""
        if "." in number.text:
            first, second = number.text.split(".", 1)
            how = ("the proper index syntax" if star is None
                   else "the proper index syntax with a full splat expression [*]")
            self._report("Invalid legacy index syntax", "When using the legacy index syntax, "
                         "chaining two indexes together is not permitted. Use "
                         f"{how} instead, like [{first}][{second}].", star or number,
                         always=True)
        key = Node("number", number.pos, number.text, end=number.end)
        return Node("traversal", node.pos, "index", (node, key), args_pos=dot.pos,
                    end=number.end)

    def _attribute_splat(self, node: Node, dot: Token, star: Token) -> Node:
        """``x.*.a.b``: HCL's attribute-only splat, which takes only ``.name`` and ``.0``
        steps into each item (after any other step HCL reports, and drops the splat)."""
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
            else:
                if step.kind == "punct" and step.text == "*":
                    self._report("Nested splat expression not allowed", "A splat expression "
                                 "(*) cannot be used inside another attribute-only splat "
                                 "expression.", step)
                else:
                    self._report("Invalid attribute name", "An attribute name is required "
                                 "after a dot.", star)
                self.sink.recovery = True
                return node
        return Node("splat", node.pos, anon.text, (node, each), args_pos=dot.pos,
                    end_pos=star.end, end=each.end)

    def _recovered_at(self, close: str, *, after_newline: bool = False) -> Token:
        """Where HCL's recovery for a missing *close* bracket stops: the matching close
        bracket after the token found instead (which HCL has read: the next token, or with
        *after_newline* the newline before it), or the end. HCL's diagnostic for a missing
        index bracket points there, not at the token it found instead (it reports the
        variable it then reuses)."""
        open_ = _OPENER[close]
        nest = 0
        found = self.peek()
        if found.at_end:
            return found
        rest = self.tokens[self.k if after_newline else self.k + 1:]
        for tok in itertools.chain(_flat(rest), self.after()):
            if tok.kind == "punct" and tok.text == open_:
                nest += 1
            elif tok.kind == "punct" and tok.text == close:
                if nest == 0:
                    return tok
                nest -= 1
            elif tok.at_end:
                return tok
        return self.tokens[-1]

    def after_stray_end(self) -> Token | None:
        """The token after the first ``~}`` that ends no sequence (it closes a brace opened
        in one) among the tokens left, if there is one: HCL's scanner makes it a sequence's
        end, where HCL's recovery to a sequence's end stops, reading what follows as the
        template's."""
        tokens = self.tokens
        for i in range(self.k, len(tokens) - 1):
            if tokens[i].kind == "punct" and tokens[i].text == "~}":
                return tokens[i + 1]
        return None

    def _read(self) -> Token:
        """``take``, where HCL reads on from what it takes. Where that is a sequence's
        closing brace, HCL's reading goes on in the template's later tokens: the parser is
        then ``spilled``, its next token an end where HCL's next token is (``beyond``), at
        which every expression around ends (after the error that led here, each bails
        out); anything more it would read or report Stops."""
        tok = self.take()
        if tok.kind == "end" and tok.text:
            if self.beyond is None or self.spilled:
                raise Stop
            self.spilled = True
            self.tokens[self.k:] = [Token("end", "", self.beyond[0], False,
                                          end=self.beyond[1])]
        return tok

    def _no_expression(self, tok: Token, summary: str, detail: str) -> Node:
        """No expression starts at *tok* (which stays): HCL reports it outside recovery,
        begins to recover, and stands a placeholder there."""
        self._report(summary, detail, tok)
        self.sink.recovery = True
        return _placeholder(*token_range(tok))

    def _primary(self) -> Node:
        tok = self.peek()
        key_start, self.key_start = self.key_start, False
        if (not key_start and self.newlines[-1] and tok.newline_before
                and tok.newline_pos is not None):
            return self._no_expression(self._next_in_line(), INVALID_EXPRESSION, _INVALID_START)
        kind = tok.kind
        if self.spilled:
            raise Stop  # (HCL reads an expression from the template's later tokens)
        if kind == "end" or (kind == "punct" and tok.text not in "([{"):
            if kind == "end" and not tok.text:
                return self._no_expression(tok, *_MISSING_EXPRESSION)
            return self._no_expression(tok, INVALID_EXPRESSION, _INVALID_START)
        self.take()
        if kind == "ident":
            if self._ends_here() or not (self.at("(") or self.at("::")):
                return Node("ident", tok.pos, tok.text, end=tok.end)
            return self._call(tok)
        if kind == "template":
            return self._template(tok)
        if kind == "string":
            return _string(tok) if tok.error is None else self._bad_string(tok)
        if kind == "number":
            try:
                parse_number(tok.text)
            except ValueError:
                self._report("Invalid number literal", "Failed to recognize the value of "
                             "this number literal.", tok, always=True)
            return Node("number", tok.pos, tok.text, end=tok.end)
        if tok.text == "(":
            return self._paren(tok)
        if tok.text == "[":
            return self._tuple(tok)
        return self._object(tok)

    def _bad_string(self, tok: Token) -> Node:
        """A quoted string with mistakes (its ``error``): HCL reports each bad escape and
        reads on; one a line break or the file's end cuts short it reports outside recovery,
        and recovers to its closing quote or the file's end, where the token ends."""
        assert tok.error is not None
        for error in errors_of(tok.error):
            if error.summary != "Unterminated template string":
                self.sink.diags.append(error)
                continue
            self.sink.report(error)
        return _placeholder(*token_range(tok))

    def _paren(self, open_tok: Token) -> Node:
        """``( expression )``: after an error in the expression HCL recovers to the closing
        parenthesis; another token there is reported and taken for it."""
        self.newlines.append(False)
        mark = self._mark()
        inner = self.expression()
        if len(self.sink.diags) > mark:
            self._recover(")")
            self.newlines.pop()
            return inner
        if not self.at(")"):
            close = self.peek()
            self._report("Unbalanced parentheses", "Expected a closing parenthesis to "
                         "terminate the expression.", close,
                         (open_tok.pos, token_range(close)[1]), always=True)
            self.sink.recovery = True
        close = self._read()
        self.newlines.pop()
        return Node("paren", open_tok.pos, items=(inner,), end=close.end)

    def _template(self, tok: Token) -> Node:
        k, outer = self.k, self.after

        def after() -> Iterator[Token]:  # (what follows the template in the file)
            return itertools.chain(_flat(self.tokens[k:]), outer())

        node = parse_template(tok, self._sub_parser, self.filename, after, self.sink,
                              file_end=None if self.in_sequence else self.tokens[-1])
        if self.sink.eof is not None:  # (HCL's recovery inside it read to the file's end)
            self.tokens[self.k:] = [self.sink.eof]
        return node

    def _sub_parser(self, tokens: list[Token], after: Callable[[], Iterator[Token]],
                    beyond: Range | None) -> _Parser:
        """A parser over an interpolation's or directive's tokens (newlines ignored), which
        *after* gives the tokens that follow in the file (*beyond*: the range of the first
        of them, where this parser can place it)."""
        inner = _Parser.__new__(_Parser)
        TokenCursor.__init__(inner, tokens)
        inner.beyond = beyond
        inner.in_sequence = True
        inner.spilled = False
        inner.newlines = [False]
        inner.key_start = False
        inner.key_at = -1
        inner.filename = self.filename
        inner.after = after
        inner.sink = self.sink
        return inner

    def _call(self, name_tok: Token) -> Node:
        """A function call, from its name (HCL's finishParsingFunctionCall): ``::`` parts
        of the name, then the arguments up to the closing parenthesis."""
        name, name_end = name_tok.text, name_tok.end
        while self.at("::"):
            self.take()
            part = self._next_in_line()
            if part.kind != "ident":
                return self._bad_call_name("Missing function name", "Function scope "
                                           "resolution symbol :: must be followed by a "
                                           "function name in this scope.", name_tok, part)
            self.take()
            name += "::" + part.text
            name_end = part.end
            if self._ends_here() or not (self.at("(") or self.at("::")):
                return self._bad_call_name("Missing open parenthesis", "Function selector must "
                                           "be followed by an open parenthesis to begin the "
                                           "function call.", name_tok, self._next_in_line())
        open_tok = self.take()
        self.newlines.append(False)
        args: list[Node] = []
        expanded = False
        close: Token | None = None
        while True:
            if self.at(")"):
                close = self.take()
                break
            mark = self._mark()
            args.append(self.expression())
            if self._failed(mark):
                found = self._recover(")")
                close = found if found.kind == "punct" else None
                break
            sep = self.take()
            if sep.kind == "punct" and sep.text == ")":
                close = sep
                break
            if sep.kind == "punct" and sep.text == "...":
                expanded = True
                if not self.at(")"):
                    self._report("Missing closing parenthesis", "An expanded function "
                                 "argument (with ...) must be immediately followed by closing "
                                 "parentheses.", sep, (name_tok.pos, token_range(sep)[1]))
                    close = self._recover(")")
                else:
                    close = self.take()
                break
            if sep.kind != "punct" or sep.text != ",":
                if sep.at_end:
                    self._report("Unterminated function call", "There is no closing "
                                 "parenthesis for this function call before the end of the "
                                 "file. This may be caused by incorrect parenthesis nesting "
                                 "elsewhere in this file.",
                                 (name_tok.pos, token_range(open_tok)[1]), always=True)
                else:
                    self._report("Missing argument separator", "A comma is required to "
                                 "separate each function argument from the next.", sep,
                                 (name_tok.pos, token_range(sep)[1]), always=True)
                close = self._recover(")")
                break
            if self.at(")"):
                close = self.take()
                break
        self.newlines.pop()
        return Node("call", name_tok.pos, name, tuple(args), args_pos=open_tok.pos,
                    names=("...",) if expanded else (),
                    end_pos=close.pos if close is not None else None, end=self.last_end,
                    name_end=name_end)

    def _bad_call_name(self, summary: str, detail: str, name_tok: Token, found: Token
                       ) -> Node:
        """HCL's error for a function name's ``::`` part (HCL has read *found*), after which
        it recovers past the next parenthesised group."""
        self._report(summary, detail, found, (name_tok.pos, token_range(found)[1]),
                     always=True)
        if not (self._ends_here() and found.kind == "end" and found.text == "\n"):
            self.take()
        self._recover_over("(")
        return _placeholder(name_tok.pos, token_range(found)[1])

    def _tuple(self, open_tok: Token) -> Node:
        tok = self.peek()
        if tok.kind == "ident" and tok.text == "for":
            return self._for(open_tok, "]")
        self.newlines.append(False)
        items: list[Node] = []
        while True:
            if self.at("]"):
                self.take()
                break
            mark = self._mark()
            items.append(self.expression())
            if self._failed(mark):
                self._recover("]")
                break
            if self.at("]"):
                self.take()
                break
            if not self.at(","):
                tok = self.peek()
                if tok.at_end:
                    self._report("Unterminated tuple constructor expression", "There is no "
                                 "corresponding closing bracket before the end of the file. "
                                 "This may be caused by incorrect bracket nesting elsewhere in "
                                 "this file.", open_tok)
                else:
                    self._report("Missing item separator", "Expected a comma to mark the "
                                 "beginning of the next item.", tok,
                                 (open_tok.pos, token_range(tok)[1]))
                self._recover("]")
                break
            self.take()
        self.newlines.pop()
        return Node("list", open_tok.pos, items=tuple(items), end=self.last_end)

    def _object(self, open_tok: Token) -> Node:
        self.newlines.append(True)
        pairs: list[tuple[Node, Node]] = []
        first = True
        while True:
            if self.at("}"):
                self.take()
                break
            tok = self.peek()
            if first and tok.kind == "ident" and tok.text == "for":
                self.newlines.pop()
                return self._for(open_tok, "}")
            first = False
            mark = self._mark()
            key = self._key()
            if self._failed(mark):
                self._recover("}")
                break
            sep = self.peek()
            if (sep.newline_before and sep.newline_pos is not None) or not (
                    self.at("=") or self.at(":")):
                self._missing_value(open_tok, sep)
                self._recover("}")
                break
            self.take()
            mark = self._mark()
            value = self.expression()
            if self._failed(mark):
                self._recover("}")
                break
            pairs.append((key, value))
            after = self.peek()
            if after.newline_before:
                continue  # (a newline ends the item)
            if self.at("}"):
                self.take()
                break
            if self.at(","):
                self.take()
                continue
            if after.at_end:
                self._report(*_UNTERMINATED_OBJECT, open_tok)
            else:
                self._report("Missing attribute separator", "Expected a newline or comma to "
                             "mark the beginning of the next attribute.", after,
                             (open_tok.pos, token_range(after)[1]))
            self._recover("}")
            break
        self.newlines.pop()
        return Node("object", open_tok.pos, pairs=tuple(pairs), end=self.last_end)

    def _missing_value(self, open_tok: Token, sep: Token) -> None:
        """HCL's error for an object item's key not followed by ``=`` or ``:`` (*sep*)."""
        missing_value = ("Missing attribute value", "Expected an attribute value, "
                         'introduced by an equals sign ("=").')
        if sep.newline_before and sep.newline_pos is not None:
            found = self._next_in_line()
            self._report(*missing_value, found, (open_tok.pos, token_range(found)[1]))
        elif self.at(","):
            self._report(*missing_value, sep, (open_tok.pos, token_range(sep)[1]))
        elif sep.at_end:
            self._report(*_UNTERMINATED_OBJECT, open_tok)
        else:
            hint = (" If you intended to given an attribute name containing periods or "
                    "spaces, write the name in quotes to create a string literal."
                    if sep.kind == "ident" else "")
            self._report("Missing key/value separator", 'Expected an equals sign ("=") to '
                         f"mark the beginning of the attribute value.{hint}", sep,
                         (open_tok.pos, token_range(sep)[1]))

    def _for(self, open_tok: Token, close: str) -> Node:
        """A for expression, after its opening bracket or brace: ``for k, v in coll : ...``;
        a Node of kind "for", text "tuple", "object" or "group" (an object with ``...``),
        items (collection, value, key or the collection again, condition or the collection
        again; the flags in names), names (key variable or "", value variable, and "if" when
        there is a condition)."""
        self.newlines.append(False)
        self.take()  # for
        first = self.peek()
        if first.kind != "ident":
            return self._bad_for("For expression requires variable name after 'for'.",
                                 open_tok, first, close)
        self.take()
        key_var, value_var = "", first.text
        if self.at(","):
            self.take()
            second = self.peek()
            if second.kind != "ident":
                return self._bad_for("For expression requires value variable name after "
                                     "comma.", open_tok, second, close)
            self.take()
            key_var, value_var = first.text, second.text
        keyword = self.peek()  # (looked at, not taken: HCL reads no string it does not want)
        if keyword.kind != "ident" or keyword.text != "in":
            return self._bad_for("For expression requires the 'in' keyword after its name "
                                 "declarations.", open_tok, keyword, close)
        self.take()
        mark = self._mark()
        collection = self.expression()
        if self._failed(mark):
            return self._bail_for(open_tok, close)
        colon = self.peek()
        if colon.kind != "punct" or colon.text != ":":
            return self._bad_for("For expression requires a colon after the collection "
                                 "expression.", open_tok, colon, close)
        self.take()
        key: Node | None = None
        mark = self._mark()
        value = self.expression()
        if self.at("=>"):
            self.take()
            key, value = value, self.expression()
        if self._failed(mark):
            return self._bail_for(open_tok, close)
        ellipsis = None
        if self.at("..."):
            ellipsis = self.take()
        cond: Node | None = None
        tok = self.peek()
        if tok.kind == "ident" and tok.text == "if":
            self.take()
            mark = self._mark()
            cond = self.expression()
            if self._failed(mark):
                return self._bail_for(open_tok, close)
        end = self.peek()
        if end.kind != "punct" or end.text != close:
            self._report(_INVALID_FOR, "Extra characters after the end of the 'for' "
                         "expression.", end, (open_tok.pos, token_range(end)[1]))
            end = self._recover(close)
        else:
            self.take()
        self.newlines.pop()
        whole = (open_tok.pos, token_range(end)[1])
        if close == "]" and key is not None:
            self._report(_INVALID_FOR, "Key expression is not valid when building a tuple.",
                         node_range(key), whole, always=True)
        if close == "]" and ellipsis is not None:
            self._report(_INVALID_FOR, "Grouping ellipsis (...) cannot be used when building "
                         "a tuple.", ellipsis, whole, always=True)
        if close == "}" and key is None:
            self._report(_INVALID_FOR, "Key expression is required when building an object.",
                         node_range(value), whole, always=True)
        kind = "tuple" if close == "]" else "group" if ellipsis is not None else "object"
        names = (key_var, value_var) + (("if",) if cond is not None else ())
        return Node("for", open_tok.pos, kind,
                    (collection, value, key or collection, cond or collection), names=names,
                    end=end.end)

    def _bad_for(self, detail: str, open_tok: Token, at: Token, close: str) -> Node:
        """HCL's error for a for expression's header (at the token *at*), after which it
        recovers to the expression's *close* bracket."""
        self._report(_INVALID_FOR, detail, at, (open_tok.pos, token_range(at)[1]))
        return self._bail_for(open_tok, close)

    def _bail_for(self, open_tok: Token, close: str) -> Node:
        """HCL's bail-out from a for expression: recover to its *close* bracket, and stand a
        placeholder for it."""
        end = self._recover(close)
        self.newlines.pop()
        return _placeholder(open_tok.pos, token_range(end)[1])

    def _key(self) -> Node:
        """An object key, an expression (HCL parses one): newlines before it are skipped,
        and one after it ends it."""
        self.key_start = True
        self.key_at = self.k
        return self.expression()


_LITERAL_NAMES: Final = frozenset({"true", "false", "null"})


def is_literal_key(key: Node) -> bool:
    """Whether an index's *key* is a literal (a number, ``true``, ``false``, ``null``, or a
    string or template of literal text alone: HCL's LiteralValueExpr or a TemplateExpr that
    IsStringLiteral), which makes the index a step of a static traversal in HCL; any other
    key makes an IndexExpr."""
    kind = key.kind
    return (kind in ("number", "string") or (kind == "ident" and key.text in _LITERAL_NAMES)
            or (kind == "template" and key.text != "wrap" and len(key.items) == 1
                and key.items[0].kind == "string"))


def _placeholder(pos: Pos, end: Pos) -> Node:
    """What HCL stands in for an expression it could not read (never evaluated: the parse
    reports its errors)."""
    return Node("ident", pos, "null", end=end)


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


def _inside(tok: Token) -> Iterator[Token]:
    """The tokens of a template's sequences, those of templates in them too (as HCL's token
    stream has them), but their end tokens."""
    for part in tok.parts:
        if isinstance(part, tuple):
            for inner in part:
                if inner.kind != "end":
                    yield inner
                    if inner.parts:
                        yield from _inside(inner)


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

    def whole() -> Node:
        node = parser.expression()
        tok = parser.peek()
        if tok.kind != "end" and not parser.sink.recovery:
            parser.sink.diags.append(TypeExprError(
                "Extra characters after expression", "An expression was successfully "
                "parsed, but extra characters were found after it.", *token_range(tok)))
        return node

    return _parsed(whole, parser.invalid, parser.sink)


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
    return _parsed(lambda: parse_template(tok, parser._sub_parser, filename,
                                          lambda: iter(eof),  # (after it: the file's end)
                                          parser.sink, file_end=eof[0]),
                   lexer.invalid, parser.sink)


def _parsed(parse: Callable[[], Node], invalid: list[TypeExprError], sink: Recovery) -> Node:
    """The tree *parse* makes, or the error holding the scanner's diagnostics *invalid*
    and then the parser's (*sink*'s; where the parser stopped, those up to there)."""
    try:
        node = parse()
    except TypeExprError as e:
        raise syntax_errors([*invalid, *sink.reported(e)]) from None
    except Stop:
        raise syntax_errors([*invalid, *sink.reported()]) from None
    if invalid or sink.diags:
        raise syntax_errors([*invalid, *sink.diags])
    return node
