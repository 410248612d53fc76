"""HCL expressions as values to evaluate: parse once, evaluate in any context.

``parse_expression`` reads HCL's native syntax (hclsyntax's ParseExpression) into an
``Expression``; ``Expression.value(ctx)`` gives its value and every diagnostic HCL would
report, in HCL's order, as HCL's Value does (the value unknown where evaluation failed);
``Expression.evaluate(ctx)`` gives the value or raises ``DiagnosticsError`` holding them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from cty import CtyValueError, Value
from cty._internal import (
    LARGE_INPUT,
    PAUSED,
    Node,
    Pos,
    SyntaxErrors,
    TypeExprError,
    deep,
    range_text,
)
from cty._internal import parse_expression as _parse
from cty._internal import parse_template_text as _parse_template

from ._context import EvalContext
from ._eval import value_in
from ._variables import Traversal, variables

if TYPE_CHECKING:
    from ._body import File

__all__ = ["Diagnostic", "DiagnosticsError", "Expression", "Pos", "Range", "Traversal",
           "parse_expression", "parse_template"]


@dataclass(frozen=True)
class Range:
    """A range of a file's text, as HCL's ``hcl.Range``: the file's name and where the range
    starts and ends (``Pos``: 1-based line and column, counted in grapheme clusters as HCL
    counts them, and the 0-based offset in the text's UTF-8 bytes; the end is just past the
    last character).

    >>> _, diags = parse_expression("1 + true", "main.hcl").value()
    >>> str(diags[0].subject), str(diags[0].context)
    ('main.hcl:1,5-9', 'main.hcl:1,1-9')
    """

    filename: str
    start: Pos
    end: Pos

    def __str__(self) -> str:
        """The range as HCL's ``Range.String`` writes it: ``file:line,column-column``."""
        return range_text(self.filename, self.start, self.end)


@dataclass(frozen=True)
class Diagnostic:
    """One problem HCL reports, as HCL's ``hcl.Diagnostic``: its severity, summary and detail
    (HCL's words), its subject (the range it is about) and, where HCL gives one, its context
    (the range around the subject that a reader needs to see it). An evaluation's diagnostic
    also names, where HCL does, the expression it is about and the context it was evaluated
    in (a ``for`` expression's variables included): ``format_diagnostics`` shows the values
    of that expression's variables there, as HCL's text writer does."""

    severity: Literal["error", "warning"]
    summary: str
    detail: str
    subject: Range | None
    context: Range | None = None
    expression: Expression | None = field(default=None, compare=False, repr=False)
    """The expression the diagnostic is about (HCL's ``Expression``), where HCL names one."""
    eval_context: EvalContext | None = field(default=None, compare=False, repr=False)
    """The context ``expression`` was evaluated in (HCL's ``EvalContext``)."""

    @property
    def filename(self) -> str:
        """The name of the file the subject is in ("" when there is no subject)."""
        return self.subject.filename if self.subject is not None else ""

    @property
    def line(self) -> int:
        """The line where the subject starts (0 when there is no subject)."""
        return self.subject.start.line if self.subject is not None else 0

    @property
    def column(self) -> int:
        """The column where the subject starts (0 when there is no subject)."""
        return self.subject.start.column if self.subject is not None else 0

    def __str__(self) -> str:
        """The diagnostic as HCL's ``Error`` writes it: subject, summary and detail."""
        if self.subject is None:
            return f"{self.summary}; {self.detail}"
        return f"{self.subject}: {self.summary}; {self.detail}"


class DiagnosticsError(CtyValueError):
    """Parsing or evaluating failed: ``diagnostics`` holds every diagnostic, in HCL's order.
    The message is HCL's for them: the first, and how many others there are."""

    def __init__(self, diagnostics: list[Diagnostic], file: File | None = None) -> None:
        first = str(diagnostics[0])
        more = len(diagnostics) - 1
        super().__init__(f"{first}, and {more} other diagnostic(s)" if more else first)
        self.diagnostics = diagnostics
        self.file = file
        """For a configuration file HCL cannot read, the file as HCL's parser made it."""


def _diagnostic(e: TypeExprError, filename: str, text: str = "") -> Diagnostic:
    """The public form of the diagnostic *e* about the text *text* of the file *filename*."""
    context = None if e.context is None else Range(filename, *e.context)
    expression = None if e.expression is None else Expression(e.expression, text, filename)
    return Diagnostic("error", e.summary, e.detail, Range(filename, e.pos, e.end), context,
                      expression, e.scope)


class Expression:
    """An HCL expression, parsed: evaluate it with ``value`` or ``evaluate``.

    >>> from cty.hcl import EvalContext, parse_expression
    >>> parse_expression('"${name}-${count + 1}"').evaluate(
    ...     EvalContext(variables={"name": "web", "count": 2}))
    cty.string_val('web-3')
    """

    __slots__ = ("_node", "_source", "filename")

    def __init__(self, node: Node, source: str, filename: str) -> None:
        self._node = node
        self._source = source
        """The text of the whole file the expression is in (its node's places are in it)."""
        self.filename = filename
        """The name its diagnostics give for the file."""

    @property
    def text(self) -> str:
        """The expression's source text (from where it starts to where it ends)."""
        node = self._node
        raw = self._source.encode("utf-8", "surrogatepass")
        return raw[node.pos.byte:(node.end or node.pos).byte].decode("utf-8", "surrogatepass")

    @deep
    def value(self, ctx: EvalContext | None = None) -> tuple[Value, list[Diagnostic]]:
        """Return the expression's value in *ctx* (None: no variables, no functions) and
        every diagnostic HCL would report, in HCL's order; where evaluation failed the value
        is unknown (``cty.DynamicVal``, or an unknown of the type HCL would give)."""
        if ctx is not None and not isinstance(ctx, EvalContext):
            raise TypeError(f"ctx must be an EvalContext or None, not {type(ctx).__qualname__}")
        value, diags = value_in(self._node, ctx, self.filename)
        return value, [_diagnostic(d, self.filename, self._source) for d in diags]

    def evaluate(self, ctx: EvalContext | None = None) -> Value:
        """Return the expression's value in *ctx* (None: no variables, no functions).

        Raises DiagnosticsError holding every diagnostic HCL would report."""
        value, diags = self.value(ctx)
        if diags:
            raise DiagnosticsError(diags)
        return value

    @property
    def range(self) -> Range:
        """Where the expression is in its file (HCL's Range of it).

        >>> str(parse_expression("  a + 1 ", "main.hcl").range)
        'main.hcl:1,3-8'
        """
        return Range(self.filename, self._node.pos, self._node.end or self._node.pos)

    def variables(self) -> list[Traversal]:
        """Return the variables the expression refers to, as HCL's Variables gives them: each
        a root name and the static steps after it, in the order HCL's walker meets them,
        without the names a ``for`` expression binds inside it (what an evaluator needs to
        order ``locals`` by dependency).

        >>> e = parse_expression('[for x in var.list: x + local.n.size]')
        >>> ", ".join(str(t) for t in e.variables())
        'var.list, local.n.size'
        """
        return variables(self._node)

    def __repr__(self) -> str:
        return f"Expression({self.text!r})"


@deep
def parse_expression(text: str, filename: str = "<expression>") -> Expression:
    """Return the expression *text* holds (HCL's native syntax: exactly one expression).

    Raises DiagnosticsError with HCL's diagnostics for text that is not one expression (the
    parser reads on after a mistake, as HCL's does); *filename* names the file in them.
    """
    return _parsed(_parse, text, filename)


@deep
def parse_template(text: str, filename: str = "<template>") -> Expression:
    """Return the template *text* is as a whole, as HCL's ParseTemplate reads a template file:
    literal text with interpolations (``${...}``) and directives (``%{if}``, ``%{for}``),
    no quotes around it and no backslash escapes (``$${`` and ``%%{`` are the characters
    themselves). A template that is one interpolation alone evaluates to that value itself;
    any other to a string.

    >>> from cty.hcl import EvalContext
    >>> parse_template("Hello, ${name}!\\n").evaluate(EvalContext(variables={"name": "web"}))
    cty.string_val('Hello, web!\\n')

    Raises DiagnosticsError with HCL's diagnostic for text HCL cannot read; *filename* names
    the file in diagnostics.
    """
    return _parsed(_parse_template, text, filename)


def _parsed(parse: Callable[..., Node], text: str, filename: str) -> Expression:
    """The expression *parse* reads from *text*, or DiagnosticsError with its diagnostic."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__qualname__}")
    try:
        if len(text) >= LARGE_INPUT:
            with PAUSED:  # (a parse makes many containers and no cycle: see cty._collector)
                node = parse(text, filename=filename)
        else:
            node = parse(text, filename=filename)
    except TypeExprError as e:
        errors = e.errors if isinstance(e, SyntaxErrors) else [e]
        raise DiagnosticsError([_diagnostic(x, filename) for x in errors]) from None
    return Expression(node, text, filename)
