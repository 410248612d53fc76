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

import cty
from cty._internal import (
    Lexer,
    Pos,
    Source,
    Token,
    TypeExprError,
    deep,
    is_quoted,
    quoted_literal,
    token_range,
)

from ._expression import DiagnosticsError, _diagnostic
from ._variables import Traversal

__all__ = ["parse_traversal"]


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
    traversal = _read(tokens, found, Source(text, lexer.invalid))
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


def _read(tokens: list[Token], diags: list[TypeExprError], source: Source
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


def _key(tok: Token, diags: list[TypeExprError], source: Source, eof: Token
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
    if is_quoted(tok):
        return cty.string_val(quoted_literal(tok, diags, source, eof))
    return None
