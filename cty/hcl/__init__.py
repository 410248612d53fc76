"""HCL's native syntax over cty values: expressions parsed once and evaluated in a context of
variables and functions, exactly as HCL v2.24 evaluates them.

>>> from cty.hcl import EvalContext, parse_expression
>>> from cty.function import stdlib
>>> ctx = EvalContext(variables={"names": ["web", "db"]}, functions=stdlib.FUNCTIONS)
>>> parse_expression('[for n in names: upper(n)]').evaluate(ctx)
cty.tuple_val([cty.string_val('WEB'), cty.string_val('DB')])

``parse_expression(text, filename)`` gives an ``Expression`` (``parse_template`` of a
template file's text, too; ``parse_traversal`` a ``Traversal`` written on its own;
``parse_config`` a configuration ``File``, whose ``Body`` of attributes and blocks answers
``attributes()`` and ``content(schema)`` as HCL's ``hcl.Body`` does);
``Expression.value(ctx)`` gives its value and every diagnostic HCL would report
(``Diagnostic``: severity, summary, detail, subject and context ``Range``s),
``Expression.evaluate(ctx)`` the value or a ``DiagnosticsError``;
``Expression.variables()`` the ``Traversal``s it reads; ``format_diagnostics`` writes
diagnostics with their source lines as HCL's text writer does; ``try_`` and ``can``
(``TRY_FUNCTIONS``) are HCL's ``try`` and ``can``.
``EvalContext(variables, functions, parent)`` is HCL's
``hcl.EvalContext``: variables as cty values or plain Python data, functions as
``cty.function.Function``s (``cty.function.stdlib.FUNCTIONS`` is go-cty's standard library).

The pieces: the identifier rules (``_ident``, ``_names``), the lexer with the nodes and places
it gives (``_lexer``), templates and heredocs (``_template``), the expression parser
(``_parser``), quoted literals (``_quoted``), configuration files (``_config``, and ``_body``
for the public bodies), contexts (``_context``), the evaluator (``_eval``) and the public
expressions (``_expression``). Type expressions (``cty.parse_type``,
``cty.convert.parse_type_with_defaults``) read their text through them. Importing this package
loads none of them: each name loads its module when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cty._lazy_names import lazy_names

if TYPE_CHECKING:
    from ._body import Attribute, Block, Body, BodyContent, File, parse_config
    from ._context import EvalContext
    from ._decode import AttributeSpec, BlockSchema, NestedBlockSpec
    from ._diagnostic_text import format_diagnostics
    from ._expression import (
        Diagnostic,
        DiagnosticsError,
        Expression,
        Range,
        parse_expression,
        parse_template,
    )
    from ._lexer import Pos
    from ._schema import AttributeSchema, BlockHeaderSchema, BodySchema
    from ._traversal import parse_traversal
    from ._tryfunc import TRY_FUNCTIONS, can, try_
    from ._variables import Traversal

_LAZY = {
    "Attribute": "._body",
    "AttributeSchema": "._schema",
    "Block": "._body",
    "BlockHeaderSchema": "._schema",
    "Body": "._body",
    "BodyContent": "._body",
    "AttributeSpec": "._decode",
    "BlockSchema": "._decode",
    "NestedBlockSpec": "._decode",
    "BodySchema": "._schema",
    "File": "._body",
    "parse_config": "._body",
    "EvalContext": "._context",
    "Diagnostic": "._expression",
    "DiagnosticsError": "._expression",
    "Expression": "._expression",
    "parse_expression": "._expression",
    "parse_template": "._expression",
    "parse_traversal": "._traversal",
    "Pos": "._lexer",
    "Range": "._expression",
    "format_diagnostics": "._diagnostic_text",
    "TRY_FUNCTIONS": "._tryfunc",
    "can": "._tryfunc",
    "try_": "._tryfunc",
    "Traversal": "._variables",
}
"""Each public name and the module that defines it (loaded on first use)."""

__all__ = ["TRY_FUNCTIONS", "Attribute", "AttributeSchema", "AttributeSpec", "Block",
           "BlockHeaderSchema", "BlockSchema", "Body", "BodyContent", "BodySchema", "Diagnostic",
           "DiagnosticsError", "EvalContext", "Expression", "File", "NestedBlockSpec", "Pos",
           "Range", "Traversal", "can", "format_diagnostics", "parse_config", "parse_expression",
           "parse_template", "parse_traversal", "try_"]


__getattr__, __dir__ = lazy_names(_LAZY, globals())
