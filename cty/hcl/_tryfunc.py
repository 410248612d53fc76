"""HCL's ``try`` and ``can`` (its ext/tryfunc), which take their arguments as expressions.

A parameter of type ``EXPRESSION_CLOSURE`` receives its argument unevaluated (HCL's
customdecode.ExpressionClosureType): the expression and the context it is in.
``try(a, b, ...)`` evaluates each in turn and gives the first value that has no error
diagnostics (an unknown one makes the result ``cty.DynamicVal``); if every one fails, the
call fails with each diagnostic listed. ``can(a)`` is whether ``a`` evaluates without error
(unknown while it is not wholly known).

>>> from cty.hcl import TRY_FUNCTIONS, EvalContext, parse_expression
>>> ctx = EvalContext(variables={"tags": {"env": "prod"}}, functions=TRY_FUNCTIONS)
>>> parse_expression('try(tags.team, "none")').evaluate(ctx)
cty.string_val('none')
>>> parse_expression('can(tags.env)').evaluate(ctx)
cty.True_
"""

from __future__ import annotations

from typing import Final

import cty
from cty import Value
from cty._internal import range_text
from cty.function import Function, FunctionError, Parameter, static_return_type

from ._eval import EXPRESSION_CLOSURE, ExpressionClosure, evaluation_filename

__all__ = ["TRY_FUNCTIONS", "can", "try_"]


def _closure(arg: Value) -> ExpressionClosure:
    closure = arg.encapsulated_value()
    assert isinstance(closure, ExpressionClosure)
    return closure


def _try(args: list[Value]) -> Value:
    if not args:
        raise FunctionError("at least one argument is required")
    lines = []
    for arg in args:
        value, diags = _closure(arg).value()
        if diags:
            filename = evaluation_filename()
            for d in diags:
                where = range_text(filename, d.pos, d.end)
                lines.append(f"- {d.summary} (at {where})\n  {d.detail}\n")
            continue
        if not value.is_wholly_known():
            return cty.DynamicVal
        return value
    raise FunctionError("no expression succeeded:\n" + "".join(lines)
                        + "\nAt least one expression must produce a successful result")


def _can(args: list[Value]) -> Value:
    value, diags = _closure(args[0]).value()
    if diags:
        return cty.False_
    if not value.is_wholly_known():
        return cty.unknown_val(cty.Bool)
    return cty.True_


try_: Final = Function(
    var_param=Parameter("expressions", EXPRESSION_CLOSURE),
    type=lambda args: _try(args).type(),
    impl=lambda args, ty: _try(args),
    description="Evaluates each expression in turn and returns the value of the first that "
                "succeeds.")
"""HCL's ``try``: the value of the first argument that evaluates without error."""

can: Final = Function(
    params=[Parameter("expression", EXPRESSION_CLOSURE)],
    type=static_return_type(cty.Bool),
    impl=lambda args, ty: _can(args),
    description="Returns whether the expression evaluates without error.")
"""HCL's ``can``: whether its argument evaluates without error."""

TRY_FUNCTIONS: Final = {"try": try_, "can": can}
"""``try`` and ``can`` by the names HCL tools register them under (add them to the standard
library's: ``{**cty.function.stdlib.FUNCTIONS, **TRY_FUNCTIONS}``)."""
