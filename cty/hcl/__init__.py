"""HCL's native syntax over cty values: the lexer, the expression and template parser, and the
evaluator.

The pieces live here, one room of the house: the identifier rules (``_ident``, ``_names``),
the lexer and the nodes and places it gives (``_lexer``), templates and heredocs
(``_template``), the expression parser (``_parser``), and the evaluator (``_eval``). Type
expressions (``cty.parse_type``, ``cty.convert.parse_type_with_defaults``) read their text
through them. Importing this package loads none of them: each loads when first used.
"""

from __future__ import annotations

__all__: list[str] = []
