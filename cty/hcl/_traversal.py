"""Traversals written on their own, as HCL's ParseTraversalAbs reads them: a variable name and
attribute and index steps (``aws_instance.web[0]``, ``module.net["eu"].id``), what Terraform's
``-target`` and ``-replace`` options take. Only literal keys (a number or a quoted string
without template sequences) may stand in brackets; newlines and comments between the parts
are ignored.

>>> t = parse_traversal('module.net["eu"].subnets[0]')
>>> t.root, str(t)
('module', 'module.net["eu"].subnets[0]')
"""

from __future__ import annotations

from typing import Final

import cty
from cty._internal import Lexer, Pos, Token, TypeExprError, deep, token_range

from ._expression import DiagnosticsError, _diagnostic
from ._variables import Traversal

__all__ = ["parse_traversal"]

_NOT_ALLOWED: Final = ("Template sequences are not allowed in this string. To include a "
                       'literal "{0}", double it (as "{0}{0}") to escape it.')


@deep
def parse_traversal(text: str, filename: str = "<traversal>") -> Traversal:
    """Return the absolute traversal *text* holds (HCL's ParseTraversalAbs): a root name,
    then ``.name`` and ``[key]`` steps with a literal number or quoted string as the key.

    Raises DiagnosticsError with every diagnostic HCL reports for text that is no such
    traversal (the scanner's first, then the parser's); *filename* names the file in them.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__qualname__}")
    lexer = Lexer(text, hcl=True, go_escapes=False)
    tokens = lexer.scan()
    found: list[TypeExprError] = []  # (the parser's: it stops at its own first error)
    traversal = _read(tokens, found, _Source(text, lexer.invalid))
    diags = lexer.invalid + found
    if diags:
        raise DiagnosticsError([_diagnostic(d, filename, text) for d in diags])
    assert traversal is not None
    return traversal


def _fail(summary: str, detail: str, at: Token, context_from: Pos | None = None
          ) -> TypeExprError:
    start, end = token_range(at)
    return TypeExprError(summary, detail, start, end,
                         None if context_from is None else (context_from, end))


class _Source:
    """The text being read and the invalid characters the scanner found in it."""

    def __init__(self, text: str, invalid: list[TypeExprError]) -> None:
        self.raw = text.encode("utf-8", "surrogatepass")
        self.invalid = invalid

    def closed(self, tok: Token) -> bool:
        """Whether the quoted string *tok* (no sequences in it) has its closing quote."""
        assert tok.end is not None
        raw = self.raw[tok.pos.byte + 1:tok.end.byte]
        i = 0
        while i < len(raw):
            if raw[i:i + 1] == b"\\":
                i += 2
            elif raw[i:i + 1] == b'"':
                return True
            else:
                i += 1
        return False

    def invalid_in(self, tok: Token, before: Pos | None = None) -> TypeExprError | None:
        """The scanner's first invalid token inside the token *tok* (before *before*, and
        after the last of *tok*'s sequences that ends before that), if any."""
        start, end = tok.pos.byte, (before or tok.end or tok.pos).byte
        for part in tok.parts:
            if isinstance(part, tuple) and part[-1].end is not None and \
                    part[-1].end.byte <= end and part[0].kind != "end":
                start = max(start, part[-1].end.byte - 1)
        return next((e for e in self.invalid if start < e.pos.byte < end), None)


def _read(tokens: list[Token], diags: list[TypeExprError], source: _Source
          ) -> Traversal | None:
    """The traversal of *tokens*, each problem added to *diags* as HCL's parser reports it
    (it stops at the first)."""
    at = iter(tokens)
    root = next(at)
    if root.kind != "ident":
        diags.append(_fail("Variable name required", "Must begin with a variable name.", root))
        return None
    steps: list[cty.PathStep] = []
    for tok in at:
        if tok.kind == "end":
            break
        if tok.kind == "punct" and tok.text == ".":
            name = next(at)
            if name.kind != "ident":
                detail = ("Splat expressions (.*) may not be used here." if name.text == "*"
                          and name.kind == "punct" else "Dot must be followed by attribute name.")
                diags.append(_fail("Attribute name required", detail, name, root.pos))
                break
            steps.append(cty.GetAttrStep(name.text))
        elif tok.kind == "punct" and tok.text == "[":
            key = next(at)
            value = _key(key, diags, source, tokens[-1])
            if value is None:
                if key.kind == "punct" and key.text == "*":
                    diags.append(_fail("Attribute name required", "Splat expressions ([*]) may "
                                       "not be used here.", key, root.pos))
                else:
                    diags.append(_fail("Index value required", "Index brackets must contain "
                                       "either a literal number or a literal string.", key,
                                       root.pos))
                break
            close = next(at)
            if not (close.kind == "punct" and close.text == "]"):
                diags.append(_fail("Unclosed index brackets", "Index key must be followed by a "
                                   "closing bracket.", close, tok.pos))
            steps.append(cty.IndexStep(value))
            if diags:
                break
        else:
            diags.append(_fail("Invalid character", "Expected an attribute access or an index "
                               "operator.", tok, root.pos))
            break
    return Traversal(root.text, cty.Path(steps), root.pos.line, root.pos.column)


def _key(tok: Token, diags: list[TypeExprError], source: _Source, eof: Token
         ) -> cty.Value | None:
    """The literal key *tok* (a number, or a quoted string's value), its problems added to
    *diags* as HCL's parseQuotedStringLiteral reports them; None for a token that is no
    literal key."""
    if tok.kind == "number":
        try:
            return cty.parse_number_val(tok.text)
        except cty.CtyError:
            diags.append(_fail("Invalid number literal", "Failed to recognize the value of "
                               "this number literal.", tok))
            return cty.unknown_val(cty.Number)
    if tok.kind == "string":
        if tok.error is not None and tok.error.summary != "Unterminated template string":
            diags.append(tok.error)
        if source.invalid_in(tok) is not None or not source.closed(tok):
            _unterminated(tok, diags, source, eof)
        return cty.string_val(tok.text)
    if tok.kind == "template" and tok.text == "quoted":
        text = []
        for part in tok.parts:
            if isinstance(part, Token):
                text.append(part.text)
                continue
            opener = part[0]
            invalid = source.invalid_in(tok, opener.pos)
            if invalid is not None:  # (in the literal text before this sequence)
                _unterminated(tok, diags, source, eof, opener.pos)
                break
            if opener.kind == "end":
                if not opener.text:
                    _unterminated(tok, diags, source, eof)
                break
            which = opener.text[0]
            diags.append(_fail("Invalid string literal", _NOT_ALLOWED.format(which), opener,
                               tok.pos))
            text.append(which + "{ ... }")
            if not part[-1].text:  # (HCL's recovery seeks the sequence's end: the file's)
                _unterminated(tok, diags, None, eof)
                break
        return cty.string_val("".join(text))
    return None


def _unterminated(tok: Token, diags: list[TypeExprError], source: _Source | None, eof: Token,
                  before: Pos | None = None) -> None:
    """HCL's diagnostic for a quoted string with no closing quote (the end of the file), or
    with a token in its literal text that is no string's (an invalid character, a newline:
    from *source*), where HCL's recovery then reads on to the closing quote or the end."""
    invalid = None if source is None else source.invalid_in(tok, before)
    if invalid is not None:
        diags.append(TypeExprError("Invalid string literal", "This item is not valid in a "
                                   "string literal.", invalid.pos, invalid.end,
                                   (tok.pos, invalid.end)))
        return
    diags.append(_fail("Unterminated string literal", "Unable to find the closing quote mark "
                       "before the end of the file.", eof, tok.pos))
