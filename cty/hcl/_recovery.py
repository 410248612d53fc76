"""HCL's parser goes on after a syntax error: what it reports from then on.

hclsyntax's parser does not stop at its first mistake. It skips ahead (to a sequence's
closing brace, the end of a bracket, the end of a body item) and reads on, in a recovery
mode that stays on to the end of the file: from then on it reports only the mistakes it
reports in any mode (most of its checks are made only outside recovery). ``Recovery`` holds
a parse's diagnostics and that mode, shared by the parsers of a file's expressions and its
templates' sequences.

Where this package's parser cannot yet follow HCL's recovery, it stops (raises ``Stop``, or
the error it found): what it has reported so far is then what HCL reports first, and an
error found in recovery mode is left out, as HCL may not report it.
"""

from __future__ import annotations

from ._lexer import Token, TypeExprError, errors_of


class Stop(Exception):
    """Parsing stops here; the diagnostics so far are in the parse's ``Recovery``."""


class Recovery:
    """A parse's diagnostics in HCL's order, and whether it is in recovery mode."""

    __slots__ = ("diags", "eof", "recovery")

    def __init__(self) -> None:
        self.diags: list[TypeExprError] = []
        self.recovery = False
        """Whether HCL's parser has begun to recover (it never stops, once begun)."""
        self.eof: Token | None = None
        """The file's end token, once HCL's recovery has read to it from inside a template's
        sequence (every parser of the file is then at the end)."""

    def report(self, error: TypeExprError) -> None:
        """A mistake HCL reports only outside recovery, after which it recovers."""
        if not self.recovery:
            self.diags.append(error)
        self.recovery = True

    def reported(self, stopped_by: TypeExprError | None = None) -> list[TypeExprError]:
        """The diagnostics of a parse that stopped (at the error *stopped_by*, which HCL
        reports unless it is in recovery, where it may not)."""
        if stopped_by is None or self.recovery:
            return list(self.diags)
        return [*self.diags, *errors_of(stopped_by)]
