"""``cty eval``: an HCL expression (or a template) evaluated with variables and go-cty's
standard library, as ``cty.hcl`` evaluates it; its value printed, or HCL's diagnostics with
their source lines."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import cty
from cty.encoding import json as cty_json

from ._input import InputError, read_bytes, read_text

if TYPE_CHECKING:
    from cty.hcl import Diagnostic, EvalContext, File

__all__ = ["eval_command", "eval_options"]

_SOURCE = "<expression>"
"""The name the expression's diagnostics give for it."""


def eval_options(c: argparse.ArgumentParser) -> None:
    """Add the options of ``cty eval`` to its parser *c*."""
    c.add_argument("expression", metavar="EXPR", nargs="?",
                   help="an HCL expression (with --template: a template's text), or @FILE "
                        "holding one")
    c.add_argument("--template", action="store_true",
                   help="read EXPR as a template file's text: literal text with ${...} "
                        "interpolations and %%{if}/%%{for} directives")
    c.add_argument("--file", metavar="FILE",
                   help="instead of EXPR: a configuration file of attributes (name = "
                        "value, one to a line), each evaluated; the value is an object of "
                        "them")
    c.add_argument("--var", action="append", default=[], metavar="NAME=VALUE",
                   help="a variable: VALUE is read as an HCL expression (a number, a quoted "
                        "string, [...], {...}), or taken as a string when it is none; may "
                        "be given many times")
    c.add_argument("--var-file", action="append", default=[], metavar="FILE",
                   help="variables from a JSON or YAML (.yaml, .yml) object, or from "
                        "HCL attributes (.tfvars, .hcl: constant values, as Terraform reads "
                        "them): each a variable; later files and --var win")
    c.add_argument("--to", choices=("text", "json"), default="text",
                   help="what to write: the value for people (default), or its cty JSON "
                        "(the value must be wholly known)")


def eval_command(args: argparse.Namespace) -> int:
    """Evaluate the expression; print its value (status 0) or its diagnostics (status 1)."""
    from cty.function.stdlib import FUNCTIONS  # noqa: PLC0415 - (only this command needs them)
    from cty.hcl import (  # noqa: PLC0415
        TRY_FUNCTIONS,
        DiagnosticsError,
        EvalContext,
        parse_expression,
        parse_template,
    )

    if (args.expression is None) == (args.file is None):
        raise InputError("give an expression (EXPR) or --file FILE, one of them")
    if args.file is not None and args.template:
        raise InputError("--template reads EXPR: it does not go with --file")
    variables: dict[str, cty.Value] = {}
    for name in args.var_file:
        variables.update(_var_file(name))
    for item in args.var:
        name, value = _var(item)
        variables[name] = value
    ctx = EvalContext(variables=variables, functions={**FUNCTIONS, **TRY_FUNCTIONS})
    if args.file is not None:
        return _write(args, *_attributes(args.file, ctx))
    filename = args.expression[1:] if args.expression.startswith("@") else _SOURCE
    text = read_text(filename) if args.expression.startswith("@") else args.expression
    parse = parse_template if args.template else parse_expression
    try:
        value, diags = parse(text, filename).value(ctx)
    except DiagnosticsError as e:
        value, diags = cty.DynamicVal, e.diagnostics
    return _write(args, value, diags, {filename: text})


def _write(args: argparse.Namespace, value: cty.Value, diags: list[Diagnostic],
           sources: Mapping[str, str | File]) -> int:
    """Print *value* as ``--to`` says (status 0), or *diags* with their *sources*, as HCL's
    text writer writes them (status 1; in color and wrapped on a terminal)."""
    from cty.hcl import format_diagnostics  # noqa: PLC0415

    if diags:
        color = sys.stderr.isatty()
        sys.stderr.write(format_diagnostics(diags, sources, width=78 if color else 0,
                                            color=color))
        return 1
    if args.to == "json":
        if not value.is_wholly_known():
            raise InputError("the value is not wholly known, so it has no JSON; "
                             f"it is {cty.format_value(value)}")
        bare, _ = value.unmark_deep()
        sys.stdout.write(cty_json.marshal(bare, bare.type()).decode() + "\n")
    else:
        sys.stdout.write(cty.format_value(value) + "\n")
    return 0


def _attributes(name: str, ctx: EvalContext) -> tuple[cty.Value, list[Diagnostic],
                                                       dict[str, str | File]]:
    """The attributes of the configuration file *name* evaluated in *ctx*, as an object
    (HCL's JustAttributes), with every diagnostic and the file for their text."""
    from cty.hcl import DiagnosticsError, parse_config  # noqa: PLC0415

    text = read_text(name)
    try:
        file = parse_config(text, name)
        attributes = file.body.attributes()
    except DiagnosticsError as e:
        return cty.DynamicVal, e.diagnostics, {name: e.file or text}
    values, diags = {}, []
    for attr_name, attr in attributes.items():
        values[attr_name], found = attr.expression.value(ctx)
        diags += found
    return cty.object_val(values), diags, {name: file}


def _var(item: str) -> tuple[str, cty.Value]:
    """The variable ``NAME=VALUE`` gives: VALUE's value as an HCL expression with no
    variables, or VALUE as a string when it is no such expression."""
    from cty.function.stdlib import FUNCTIONS  # noqa: PLC0415
    from cty.hcl import DiagnosticsError, EvalContext, parse_expression  # noqa: PLC0415

    name, eq, text = item.partition("=")
    if not eq or not name:
        raise InputError(f"--var {item!r}: expected NAME=VALUE")
    try:
        return name, parse_expression(text, f"--var {name}").evaluate(
            EvalContext(functions=FUNCTIONS))
    except DiagnosticsError:
        return name, cty.string_val(text)


def _var_file(name: str) -> dict[str, cty.Value]:
    """The variables the JSON or YAML object in the file *name* holds."""
    if Path(name).suffix in (".tfvars", ".hcl"):
        from cty.hcl import EvalContext, format_diagnostics  # noqa: PLC0415

        value, diags, sources = _attributes(name, EvalContext())
        if diags:
            raise InputError(f"{name}: not constant HCL attributes:\n"
                             + format_diagnostics(diags, sources).rstrip("\n"))
        return dict(value.as_value_map())
    data = read_bytes(name)
    if Path(name).suffix in (".yaml", ".yml"):
        from cty import yaml as cty_yaml  # noqa: PLC0415 - (needs PyYAML)

        try:
            value = cty_yaml.from_yaml(data)
        except cty_yaml.YAMLError as e:
            raise InputError(f"{name}: {e}") from None
    else:
        try:
            json.loads(data)
            value = cty_json.unmarshal(data, cty_json.implied_type(data))
        except (ValueError, cty.CtyError) as e:
            raise InputError(f"{name}: not a JSON object: {e}") from None
    ty = value.type()
    if value.is_null() or not (ty.is_object_type() or ty.is_map_type()):
        raise InputError(f"{name}: expected an object of variables, found "
                         f"{ty.friendly_name()}")
    return dict(value.as_value_map())
