"""The syntax of HCL configuration files: a body of attributes (``name = expression``, one
to a line) and blocks (``type "label" ... { body }``), as hclsyntax's ParseConfig reads them.

``parse_config_text`` gives the body's tree (``BodyNode``, ``AttributeNode``, ``BlockNode``,
each with the ranges HCL gives it) and the diagnostics HCL reports while parsing: every
"Attribute redefined", and the syntax errors as HCL reports them. After a mistake the parser
reads on as HCL's does: to the end of the item (an argument whose expression fails or that no
newline ends, a block's header, a one-line block's item), to the closing brace (a token that
starts no item, a one-line block not closed where it must be), in HCL's recovery mode, which
reports only some mistakes (see cty.hcl._recovery). The body is then the one HCL makes of
the file (a block whose header is wrong has no body; a one-line block whose item is wrong,
an empty one), for the text writer's "in BLOCK" context. Where an expression's recovery is
not followed the parser stops, and the body holds the top-level blocks read so far.
When the scanner found characters HCL never accepts, their diagnostics come first.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._deep import hop
from .._gostrconv import go_quote
from ._lexer import (
    Lexer,
    Node,
    Pos,
    Range,
    Token,
    TypeExprError,
    range_text,
    token_range,
)
from ._parser import _Parser
from ._quoted import Source, is_quoted, quoted_literal
from ._recovery import Stop

_ITEM_REQUIRED = ("Argument or block definition required", "An argument or block definition "
                  "is required here.")
_UNCLOSED_BLOCK = ("Unclosed configuration block", "There is no closing brace for this block "
                   "before the end of the file. This may be caused by incorrect brace nesting "
                   "elsewhere in this file.")
_SET_WITH_EQUALS = (" To set an argument, use the equals sign \"=\" to introduce the argument "
                    "value.")


@dataclass(frozen=True, slots=True)
class AttributeNode:
    """``name = expression``: HCL's Attribute, with its ranges (``range`` from the name to
    the expression's end)."""

    name: str
    expression: Node
    range: Range
    name_range: Range
    equals_range: Range


@dataclass(frozen=True, slots=True)
class BlockNode:
    """``type "label" ... { body }``: HCL's Block, with its ranges (the braces' are the type
    name's where HCL found no body)."""

    type: str
    labels: tuple[str, ...]
    body: BodyNode
    type_range: Range
    label_ranges: tuple[Range, ...]
    open_brace_range: Range
    close_brace_range: Range


@dataclass(frozen=True, slots=True)
class BodyNode:
    """HCL's Body: its attributes by name (in the order written; a name set twice keeps its
    first definition, as HCL does) and its blocks in order, with the body's range and the
    zero-length range at its end."""

    attributes: dict[str, AttributeNode]
    blocks: tuple[BlockNode, ...]
    range: Range
    end_range: Range


class _ConfigParser(_Parser):
    """hclsyntax's body parser on the expression parser: newlines end attributes and block
    headers, and are significant inside expressions as HCL's peeker makes them (a newline
    ends an attribute's expression where no bracket is open)."""

    def __init__(self, filename: str, tokens: list[Token], source: Source) -> None:
        super().__init__("", False, filename)
        self.tokens = tokens
        self.last_end = tokens[0].pos
        self.newlines = [True]
        self.source = source
        self.diags = self.sink.diags
        self.top_blocks: list[BlockNode] = []
        """The file's top-level blocks read so far."""
        self.open_top: tuple[Token, list[str], list[Range], Token] | None = None
        """The top-level block whose body is being read: its type, labels, their ranges and
        its opening brace."""
        self.newline_read = False
        """Whether the last skip to an item's end (``_skip_item``) took the newline that
        ends the item (HCL's parser then peeks at what follows that newline)."""
        self.body_end: Range = token_range(tokens[0])
        """The range of the token that ended the last body read (its closing brace, or the
        token where HCL's recovery stopped)."""

    def _say(self, summary: str, detail: str, subject: Range, context: Range | None = None
             ) -> None:
        """Record HCL's diagnostic, which it reports in recovery too."""
        self.diags.append(TypeExprError(summary, detail, subject[0], subject[1], context))

    @staticmethod
    def _newline_range(tok: Token) -> Range:
        """The range of the newline before *tok* (HCL's newline token there: a comment's
        that a newline ends)."""
        at = tok.newline_pos or tok.pos
        return at, tok.newline_end or Pos(at.line + 1, 1, at.byte + 1)

    def file_body(self) -> BodyNode:
        """The body of the whole file, to its end."""
        first = self.peek()
        start = self._newline_range(first) if first.newline_before else token_range(first)
        return self.body(start, closing=False)

    @hop  # (a block's body holds blocks: any depth)
    def body(self, start: Range, *, closing: bool) -> BodyNode:
        """A body's items up to its closing brace (taken) or the end of the file (HCL's
        ParseBody); *start* is the range HCL's body starts from (the opening brace's, or
        the file's first token's). A token that cannot start an item ends the body: HCL
        reports it (outside recovery) and skips to the body's end."""
        attributes: dict[str, AttributeNode] = {}
        blocks: list[BlockNode] = [] if closing else self.top_blocks
        while True:
            tok = self.peek()
            if closing and tok.kind == "punct" and tok.text == "}":
                self.take()
                end = token_range(tok)
                break
            if tok.at_end and not closing:
                end = token_range(tok)
                break
            if tok.kind != "ident":
                end = self._bad_item(tok, start, closing)
                break
            item = self._item()
            if item is None:
                continue
            if isinstance(item, BlockNode):
                blocks.append(item)
            elif item.name in attributes:
                first = attributes[item.name].name_range
                self._say("Attribute redefined", f"The argument {go_quote(item.name)} was "
                          f"already set at {range_text(self.filename, *first)}. Each argument "
                          "may be set only once.", item.name_range)
            else:
                attributes[item.name] = item
        self.body_end = end
        whole = (min(start[0], end[0], key=_byte), max(start[1], end[1], key=_byte))
        return BodyNode(attributes, tuple(blocks), whole, (end[1], end[1]))

    def _bad_item(self, tok: Token, start: Range, closing: bool) -> Range:
        """HCL's error for a token that cannot start a body item (outside recovery), then
        its skip to the end of the body; the range of the bad token (where HCL's body
        ends)."""
        if is_quoted(tok):
            self._report("Invalid argument name", "Argument names must not be quoted.", tok)
        elif tok.at_end:
            if closing:
                self._report(*_UNCLOSED_BLOCK, start)
            else:  # pragma: no cover (the file's body ends there)
                self._report("Unclosed configuration body", "Found end of file before the "
                             "end of this configuration body.", start)
        else:
            self._report(*_ITEM_REQUIRED, tok)
        end = token_range(tok)
        if tok.kind == "punct":
            self.k += 1  # (a string's or template's brackets are read by the recovery)
        if closing:
            self._recover("}")
        else:
            self.sink.recovery = True
            self.k = len(self.tokens) - 1
        return end

    def _item(self) -> AttributeNode | BlockNode | None:
        """An attribute or a block, from its name (HCL's ParseBodyItem); None where there is
        neither (HCL reports it and skips to the item's end)."""
        name = self.take()
        after = self.peek()
        if not after.newline_before:
            if after.kind == "punct" and after.text == "=":
                return self._attribute(name, single_line=False)
            if is_quoted(after) or after.kind == "ident" or (
                    after.kind == "punct" and after.text == "{"):
                return self._block(name)
        self._say(_ITEM_REQUIRED[0], _ITEM_REQUIRED[1] + _SET_WITH_EQUALS, token_range(name))
        self._skip_item()
        return None

    def _attribute(self, name: Token, *, single_line: bool) -> AttributeNode:
        """An attribute, from its ``=`` (HCL's finishParsingBodyAttribute): its expression
        ends at a newline (or, on a block's one line, where the block's brace closes it)."""
        equals = self.take()
        mark = self._mark()
        expression = self.expression()
        end = self.last_end
        if self._failed(mark):  # (HCL skips to the next item)
            self._skip_item()
        elif not single_line:
            after = self.peek()
            if not after.newline_before and not after.at_end:
                comma = after.kind == "punct" and after.text == ","
                subject = token_range(after)
                self._report(
                    "Unexpected comma after argument" if comma else
                    "Missing newline after argument",
                    ("Argument definitions must be separated by newlines, not commas. "
                     if comma else "") + "An argument definition must end with a newline.",
                    subject, (name.pos, subject[1]))
                self._skip_item()  # (HCL skips to the next item)
        return AttributeNode(name.text, expression, (name.pos, end), token_range(name),
                             token_range(equals))

    def _block(self, type_tok: Token) -> BlockNode:
        """A block, from its first label or brace (HCL's finishParsingBodyBlock)."""
        labels: list[str] = []
        label_ranges: list[Range] = []
        while True:
            tok = self.peek()
            if tok.kind == "punct" and tok.text == "{" and not tok.newline_before:
                open_brace = self.take()
                break
            if is_quoted(tok) and not tok.newline_before:
                self.take()  # (its problems are the label's, reported below)
                found = len(self.diags)
                labels.append(quoted_literal(tok, self.diags, self.source, self.tokens[-1]))
                label_ranges.append((tok.pos, tok.end or tok.pos))
                if any(d.summary == "Invalid string literal" for d in self.diags[found:]):
                    self.sink.recovery = True  # (HCL recovered to its end)
                continue
            if tok.kind == "ident" and not tok.newline_before:
                self.take()
                labels.append(tok.text)
                label_ranges.append(token_range(tok))
                continue
            return self._bad_header(type_tok, tok, labels, label_ranges)
        top = self.open_top is None
        if top:
            self.open_top = (type_tok, labels, label_ranges, open_brace)
        after = self.peek()
        if after.newline_before or after.at_end or (
                after.kind == "punct" and after.text == "}"):
            body: BodyNode | None = self.body(token_range(open_brace), closing=True)
            close = self.body_end
        else:
            body, close = self._one_line_body(type_tok, open_brace)
        if top:
            self.open_top = None
        after = self.peek()
        if not after.newline_before and not after.at_end:
            at = token_range(after)
            self._report("Missing newline after block definition", "A block definition must "
                         "end with a newline.", at, (type_tok.pos, at[1]))
            self._skip_item()  # (HCL skips to the next item)
        if body is None:  # (HCL's placeholder)
            brace = token_range(open_brace)
            body = BodyNode({}, (), (brace[0], close[1]), close)
        return BlockNode(type_tok.text, tuple(labels), body, token_range(type_tok),
                         tuple(label_ranges), token_range(open_brace), close)

    def _bad_header(self, type_tok: Token, tok: Token, labels: list[str],
                    label_ranges: list[Range]) -> BlockNode:
        """HCL's error for the token *tok* in a block's header, where a label or the
        opening brace must be, then its skip to the item's end: the block as HCL gives it
        then (no body: its braces' ranges are the type name's)."""
        if tok.newline_before:
            at = self._newline_range(tok)
            self._say("Invalid block definition", "A block definition must have block content "
                      "delimited by \"{\" and \"}\", starting on the same line as the block "
                      "header.", at, (type_tok.pos, at[1]))
        else:
            at = token_range(tok)
            if tok.kind == "punct" and tok.text == "=":
                self._say("Invalid block definition", "The equals sign \"=\" indicates an "
                          "argument definition, and must not be used when defining a block.",
                          at, (type_tok.pos, at[1]))
            else:
                self._report("Invalid block definition", "Either a quoted string block label "
                             "or an opening brace (\"{\") is expected here.", at,
                             (type_tok.pos, at[1]))
        self._skip_item()
        where = token_range(type_tok)
        return BlockNode(type_tok.text, tuple(labels), BodyNode({}, (), where, where), where,
                         tuple(label_ranges), where, where)

    def _one_line_body(self, type_tok: Token, open_brace: Token) -> tuple[BodyNode | None,
                                                                          Range]:
        """``type { name = value }``: a block's body of one attribute on the block's line
        (HCL's parseSingleAttrBody), then its closing brace as HCL seeks it (its mistakes
        reported before the body's); the body (None where there is none) and the closing
        brace's range."""
        body_at = len(self.diags)
        self.newline_read = False
        body = self._single_attribute_body()
        close = self.peek()
        if self.newline_read:  # (HCL's skip took the newline: what follows it is next)
            newline = self._second_newline(close)
        else:
            newline = self._newline_range(close) if close.newline_before else None
        if newline is None and close.kind == "punct" and close.text == "}":
            self.take()
            return body, token_range(close)
        if newline is None and close.kind == "punct" and close.text == ",":
            self.diags.insert(body_at, TypeExprError(*_ONE_ARGUMENT, *token_range(close)))
        elif newline is not None:
            self.diags.insert(body_at, TypeExprError(*_CLOSE_ON_THE_LINE, *newline))
        elif not self.sink.recovery:
            if close.at_end:
                at = token_range(open_brace)
                error = TypeExprError(*_UNCLOSED_BLOCK, *at, (type_tok.pos, at[1]))
            else:
                error = TypeExprError("Invalid single-argument block definition", "A "
                                      "single-line block definition must end with a closing "
                                      "brace immediately after its single argument "
                                      "definition.", *token_range(close))
            self.diags.insert(body_at, error)
        return body, token_range(self._recover("}"))

    def _single_attribute_body(self) -> BodyNode | None:
        """The one attribute of a one-line block's body (HCL's parseSingleAttrBody); None
        where there is none (HCL reports it and skips to the item's end)."""
        name = self.peek()
        if name.kind != "ident":
            self.take()  # (a string's own error is not HCL's: no item here)
            self._say(*_ITEM_REQUIRED, token_range(name))
            self._skip_item()
            return None
        self.take()
        after = self.peek()
        if not after.newline_before and (is_quoted(after) or after.kind == "ident" or (
                after.kind == "punct" and after.text == "{")):
            self._say("Argument definition required", "A single-line block definition can "
                      "contain only a single argument. If you meant to define argument "
                      f"{go_quote(name.text)}, use an equals sign to assign it a value. To "
                      "define a nested block, place it on a line of its own within its parent "
                      "block.", (name.pos, token_range(after)[1]))
            self._skip_item()
            return None
        if after.newline_before or not (after.kind == "punct" and after.text == "="):
            self._say(_ITEM_REQUIRED[0], _ITEM_REQUIRED[1] + _SET_WITH_EQUALS,
                      token_range(name))
            self._skip_item()
            return None
        attribute = self._attribute(name, single_line=True)
        return BodyNode({name.text: attribute}, (), attribute.range,
                        (attribute.range[1], attribute.range[1]))

    def partial_body(self) -> BodyNode:
        """The file's body as far as it was read: its top-level blocks (the one being read
        running to the end of the file), as HCL's partial body gives them to its text
        writer's "in BLOCK" context."""
        blocks = list(self.top_blocks)
        if self.open_top is not None:
            type_tok, labels, label_ranges, open_brace = self.open_top
            end = self.tokens[-1].end or self.tokens[-1].pos
            brace = token_range(open_brace)
            blocks.append(BlockNode(type_tok.text, tuple(labels),
                                    BodyNode({}, (), (brace[0], end), (end, end)),
                                    token_range(type_tok), tuple(label_ranges), brace,
                                    (end, end)))
        start = self.tokens[0].pos
        end = self.tokens[-1].end or self.tokens[-1].pos
        return BodyNode({}, tuple(blocks), (start, end), (end, end))

    def _skip_item(self) -> None:
        """HCL's recoverAfterBodyItem: skip to the first newline outside brackets (taken:
        ``newline_read``), or to the end of the file. Recovery mode is on from now."""
        self.sink.recovery = True
        self.newline_read = False
        opened: list[str] = []
        while True:
            tok = self.peek()
            if tok.newline_before and not opened:
                self.newline_read = True
                return
            if tok.at_end:
                return
            self.k += 1
            if tok.kind == "punct" and tok.text in _OPENERS:
                opened.append(tok.text)
            elif tok.kind == "punct" and tok.text in _CLOSERS:
                opener = _CLOSERS[tok.text]
                while opened and opened[-1] != opener:
                    opened.pop()
                if opened:
                    opened.pop()
            elif self._runs_to_the_end(tok):
                self.k = len(self.tokens) - 1  # (HCL reads on to the end of the file)
                return

    def _runs_to_the_end(self, tok: Token) -> bool:
        """Whether the string or heredoc *tok* has no end before the file's (an opener
        HCL's recovery never sees closed)."""
        if tok.kind == "string":
            return not self.source.closed(tok)
        last = tok.parts[-1] if tok.kind == "template" and tok.parts else None
        return isinstance(last, tuple) and last[-1].kind == "end" and not last[-1].text

    def _second_newline(self, tok: Token) -> Range | None:
        """The range of a second newline (or comment that a newline ends) between the
        first before *tok* and *tok* (HCL's second newline token there), if any."""
        first_end = tok.newline_end
        if not tok.newline_before or first_end is None or tok.pos.line <= first_end.line:
            return None
        raw = self.source.raw
        i, line, line_start = first_end.byte, first_end.line, first_end.byte
        while i < tok.pos.byte:
            if raw.startswith(b"/*", i):
                end = raw.index(b"*/", i + 2) + 2
                line += raw.count(b"\n", i, end)
                if b"\n" in raw[i:end]:
                    line_start = raw.rindex(b"\n", i, end) + 1
                i = end
            elif raw[i:i + 1] in (b"\n", b"\r", b"#") or raw.startswith(b"//", i):
                end = raw.index(b"\n", i) + 1
                start = Pos(line, 1, line_start).after(
                    raw[line_start:i].decode("utf-8", "surrogatepass"))
                return start, Pos(line + 1, 1, end)
            else:
                i += 1
        return None


_OPENERS = frozenset("{[(")
_CLOSERS = {"}": "{", "]": "[", ")": "(", "~}": ""}
"""The closing brackets and what each closes (``~}`` a template sequence: none here, so
HCL's recovery drops every bracket open)."""
_ONE_ARGUMENT = ("Invalid single-argument block definition", "Single-line block syntax can "
                 "include only one argument definition. To define multiple arguments, use "
                 "the multi-line block syntax with one argument definition per line.")
_CLOSE_ON_THE_LINE = ("Invalid single-argument block definition", "An argument definition on "
                      "the same line as its containing block creates a single-line block "
                      "definition, which must also be closed on the same line. Place the "
                      "block's closing brace immediately after the argument definition.")


def _byte(pos: Pos) -> int:
    return pos.byte


def parse_config_text(text: str, filename: str) -> tuple[BodyNode, list[TypeExprError]]:
    """Return the body of the configuration file *text* and the diagnostics HCL reports in
    parsing it (see the module's docstring for which). Where a syntax error stopped the
    parser the body holds only the top-level blocks read (see ``partial_body``; where the
    scanner found invalid characters, the parser still reads the file, for that)."""
    lexer = Lexer(text, hcl=True, go_escapes=False)
    tokens = lexer.scan()
    parser = _ConfigParser(filename, tokens, Source(text, lexer.invalid))
    try:
        body = parser.file_body()
    except Stop:
        body, diags = parser.partial_body(), parser.diags
    except TypeExprError as e:  # (the expression parser's)
        body, diags = parser.partial_body(), parser.sink.reported(e)
    else:
        diags = parser.diags
    return body, [*lexer.invalid, *diags]  # (the scanner's are HCL's first)
