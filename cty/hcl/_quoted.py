"""Quoted strings that must be literal, as HCL's parseQuotedStringLiteral reads them: a block's
labels (``resource "aws_instance" "web"``) and a traversal's keys (``x["eu"]``). No template
sequence may stand in one; each problem is reported as HCL reports it, at the place HCL points.
"""

from __future__ import annotations

from typing import Final

from ._lexer import Lexer, Pos, Token, TypeExprError, errors_of, token_range

_NOT_ALLOWED: Final = ("Template sequences are not allowed in this string. To include a "
                       'literal "{0}", double it (as "{0}{0}") to escape it.')


class Source:
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


def is_quoted(tok: Token) -> bool:
    """Whether *tok* opens a quoted string (HCL's TokenOQuote), with sequences or without."""
    return tok.kind == "string" or (tok.kind == "template" and tok.text == "quoted")


def quoted_literal(tok: Token, diags: list[TypeExprError], source: Source, eof: Token) -> str:
    """The value of the quoted string *tok* (``is_quoted``), its problems added to *diags* as
    HCL's parseQuotedStringLiteral reports them (a sequence stands as ``${ ... }``); *eof*
    is the file's end token."""
    if tok.kind == "string":
        if tok.error is not None:
            diags.extend(error for error in errors_of(tok.error)
                         if error.summary != "Unterminated template string")
        invalid = source.invalid_in(tok)
        if invalid is not None or not source.closed(tok):
            _unterminated(tok, diags, source, eof)
        if invalid is not None:  # (HCL's value: the text before it)
            before = source.raw[tok.pos.byte + 1:invalid.pos.byte].decode("utf-8",
                                                                          "surrogatepass")
            return Lexer(f'"{before}"', hcl=True, go_escapes=False).scan()[0].text
        return tok.text
    text = []
    for part in tok.parts:
        if isinstance(part, Token):
            if part.error is not None:  # (its bad escapes)
                diags.extend(errors_of(part.error))
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
        start, end = token_range(opener)
        diags.append(TypeExprError("Invalid string literal", _NOT_ALLOWED.format(which), start,
                                   end, (tok.pos, end)))
        text.append(which + "{ ... }")
        if not part[-1].text:  # (HCL's recovery seeks the sequence's end: the file's)
            _unterminated(tok, diags, None, eof)
            break
    return "".join(text)


def _unterminated(tok: Token, diags: list[TypeExprError], source: Source | None, eof: Token,
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
    start, end = token_range(eof)
    diags.append(TypeExprError("Unterminated string literal", "Unable to find the closing "
                               "quote mark before the end of the file.", start, end,
                               (tok.pos, end)))
