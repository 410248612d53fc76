"""The public API's types as a user's type checker sees them: each ``assert_type`` fails
``mypy --strict`` (run on this file by .ci/run) if a signature's type drifts, to ``Any`` say.
Never run, only checked."""

from __future__ import annotations

import dataclasses
from typing import Any, assert_type

import cty
import cty.convert
from cty.encoding import gob, msgpack
from cty.encoding import json as cty_json
from cty.function import Function
from cty.function.stdlib import FUNCTIONS
from cty.hcl import (
    TRY_FUNCTIONS,
    Diagnostic,
    EvalContext,
    Expression,
    Pos,
    Range,
    Traversal,
    parse_expression,
    try_,
)


@dataclasses.dataclass
class Service:
    name: str
    port: int = 80


def check_types_and_values() -> None:
    ty = cty.Object({"name": cty.String, "ports": cty.List(cty.Number)})
    assert_type(ty, cty.Type)
    assert_type(cty.parse_type("list(string)"), cty.Type)
    v = cty.object_val({"name": cty.string_val("web")})
    assert_type(v, cty.Value)
    assert_type(v.get_attr("name"), cty.Value)
    assert_type(v.type(), cty.Type)
    assert_type(v.is_known(), bool)
    assert_type(v.marks(), frozenset[Any])
    assert_type(cty.format_value(v), str)
    assert_type(cty.from_python({"name": "web"}, ty), cty.Value)
    assert_type(cty.to_python(v), Any)
    assert_type(cty.to_python(v, Service), Service)
    assert_type(cty.cache_info(), dict[str, int])
    assert_type(cty.clear_caches(), None)


def check_conversion() -> None:
    v = cty.string_val("1")
    assert_type(cty.convert.convert(v, cty.Number), cty.Value)
    ty, defaults = cty.convert.parse_type_with_defaults("object({a = optional(number, 1)})")
    assert_type(ty, cty.Type)
    assert_type(defaults, cty.convert.Defaults | None)
    assert_type(cty.convert.conversion_errors(v, cty.Number), list[cty.PathError])


def check_encodings() -> None:
    v = cty.string_val("a")
    assert_type(cty_json.marshal(v, cty.String), bytes)
    assert_type(cty_json.unmarshal(b'"a"', cty.String), cty.Value)
    assert_type(cty_json.implied_type(b'"a"'), cty.Type)
    assert_type(msgpack.marshal(v, cty.String), bytes)
    assert_type(msgpack.unmarshal(b"\xa1a", cty.String), cty.Value)
    assert_type(gob.dumps(v), bytes)
    assert_type(gob.loads(gob.dumps(v)), cty.Value)


def check_functions() -> None:
    upper = FUNCTIONS["upper"]
    assert_type(upper, Function)
    assert_type(upper.call([cty.string_val("a")]), cty.Value)


def check_hcl() -> None:
    ctx = EvalContext(variables={"a": 1}, functions=FUNCTIONS)
    assert_type(ctx.child(variables={"b": cty.string_val("x")}), EvalContext)
    assert_type(ctx.variable("a"), cty.Value | None)
    expr = parse_expression("a + 1", filename="main.tf")
    assert_type(expr, Expression)
    assert_type(expr.evaluate(ctx), cty.Value)
    value, diags = expr.value(ctx)
    assert_type(value, cty.Value)
    assert_type(diags, list[Diagnostic])
    assert_type(diags[0].line, int)
    assert_type(diags[0].subject, Range | None)
    assert_type(try_, Function)
    assert_type(TRY_FUNCTIONS["can"], Function)
    assert_type(diags[0].context, Range | None)
    subject = diags[0].subject
    if subject is not None:
        assert_type(subject.start, Pos)
        assert_type(subject.end.byte, int)
    (t,) = parse_expression("var.x").variables()
    assert_type(t, Traversal)
    assert_type(t.path, cty.Path)
