"""Terraform's templatefile and templatestring (OpenTofu's lang/funcs filesystem.go, string.go
and render.go): a string, or a file within the sandbox, read as an HCL template
(``cty.hcl.parse_template``) and rendered with the variables given and the caller's function
table, templatefile included (nested calls count toward a depth limit).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Final

from cty import DynamicPseudoType, String, Type, Value
from cty._internal import go_quote, is_identifier
from cty.hcl import DiagnosticsError, EvalContext, Expression, parse_template

from .._errors import ArgError, FunctionError
from .._function import Function
from .._parameter import Parameter
from ._files import read_text_argument
from ._sandbox import Sandbox

__all__ = ["TEMPLATE_MAX_DEPTH", "templatefile_function", "templatestring_function"]

TEMPLATE_MAX_DEPTH: Final = 16
"""How deep templatefile calls may nest (Terraform allows 1024; each level here is a Python
evaluation of its own, some dozen frames deep, and 16 stays well within Python's stack)."""

_TRACE: Final = 16
_unwinding = threading.local()  # (the nested calls a depth error has come up through)


class _DepthError(FunctionError):
    """Nested templatefile calls went deeper than TEMPLATE_MAX_DEPTH."""

    def __init__(self, sources: list[str]) -> None:
        trace: list[str] = []
        for source in sources[:_TRACE]:  # (up to the first repeat: a loop)
            looped = source in trace
            trace.append(source)
            if looped:
                break
        super().__init__(f"maximum recursion depth {TEMPLATE_MAX_DEPTH} reached in "
                         f"{', '.join(trace)} ... ")
        self.sources = sources


def _render(expr: Expression, variables: Value, functions: Mapping[str, Function],
            in_file: bool) -> Value:
    """OpenTofu's renderTemplate: *expr* evaluated with *variables* (a map or object) and
    *functions*; *in_file*: the template came from a file (errors say where a name is)."""
    ty = variables.type()
    if not (ty.is_map_type() or ty.is_object_type()):
        raise ArgError(1, "invalid vars value: must be a map")
    values = variables.as_value_map()
    for name in values:
        if not is_identifier(name):
            raise ArgError(1, f"invalid template variable name {go_quote(name)}: must start "
                              "with a letter, followed by zero or more letters, digits, and "
                              "underscores")
    for traversal in expr.variables():
        if traversal.root not in values:
            where = go_quote(traversal.root)
            if in_file:
                end = traversal.column + len(traversal.root)
                where += (f", referenced at {expr.filename}:{traversal.line},"
                          f"{traversal.column}-{end}")
            raise ArgError(1, f"vars map does not contain key {where}")
    value, diagnostics = expr.value(EvalContext(variables=values, functions=functions))
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        inner = getattr(_unwinding, "error", None)
        if inner is not None:  # a nested call went too deep: say so, with this call too
            _unwinding.error = None
            raise _DepthError([*inner.sources, str(errors[0].subject)])
        raise FunctionError(str(DiagnosticsError(errors)))
    return value


_NO_FILE: Final = "NoFileNeeded"
"""The file name templatestring's templates have in errors (OpenTofu's)."""


def templatestring_function(functions: Callable[[], Mapping[str, Function]]) -> Function:
    """templatestring, its templates calling *functions()*."""

    def call(args: list[Value], ty: Type | None = None) -> Value:
        data, data_marks = args[0].unmark()
        variables, vars_marks = args[1].unmark()
        try:
            expr = parse_template(data.as_string(), filename=_NO_FILE)
        except DiagnosticsError as e:
            raise FunctionError(str(e)) from None
        return _render(expr, variables, functions(), False).with_marks(data_marks | vars_marks)

    def result_type(args: list[Value]) -> Type:
        if not (args[0].is_known() and args[1].is_known()):
            return DynamicPseudoType
        return call(args).type()

    return Function(params=[Parameter("data", String, allow_marked=True),
                            Parameter("vars", DynamicPseudoType, allow_marked=True)],
                    type=result_type, impl=call,
                    description="Renders a template string with the given variables.")


def templatefile_function(sandbox: Sandbox, functions: Callable[[], Mapping[str, Function]],
                          depth: int = 0) -> Function:
    """templatefile reading within *sandbox*, its templates calling *functions()* (the whole
    table, called when a template is rendered); *depth*: how deep this one is nested."""

    def load(text: str, marks: frozenset[object]) -> Expression:
        if depth > TEMPLATE_MAX_DEPTH:
            raise _DepthError([])
        content = read_text_argument(sandbox, text, marks)
        try:
            return parse_template(content, filename=text)
        except DiagnosticsError as e:
            raise FunctionError(str(e)) from None

    def table() -> dict[str, Function]:
        given = dict(functions())
        if "templatefile" in given:
            given["templatefile"] = templatefile_function(sandbox, functions, depth + 1)
        return given

    def call(args: list[Value], ty: Type | None = None) -> Value:
        path, marks = args[0].unmark()
        try:
            expr = load(path.as_string(), marks)
            return _render(expr, args[1], table(), True).with_marks(marks)
        except _DepthError as e:
            if depth > 0:
                _unwinding.error = e  # (HCL makes a diagnostic of it; the caller looks here)
            raise

    def result_type(args: list[Value]) -> Type:
        if not (args[0].is_known() and args[1].is_known()):
            return DynamicPseudoType
        return call(args).type()

    return Function(params=[Parameter("path", String, allow_marked=True),
                            Parameter("vars", DynamicPseudoType)],
                    type=result_type, impl=call,
                    description="Renders a template file with the given variables.")
