"""cty.hcl: expressions evaluated in a context of variables and functions, with HCL's
diagnostics (hclsyntax's FunctionCallExpr and ScopeTraversalExpr, HCL v2.24)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

import cty
from cty.function import stdlib
from cty.hcl import (
    Diagnostic,
    DiagnosticsError,
    EvalContext,
    Expression,
    Pos,
    Range,
    format_diagnostics,
    parse_expression,
    parse_template,
)

FUNCS = stdlib.FUNCTIONS


def value(text: str, ctx: EvalContext | None = None) -> cty.Value:
    return parse_expression(text).evaluate(ctx)


def diagnostics(text: str, ctx: EvalContext | None = None) -> list[tuple[str, str, int, int]]:
    v, diags = parse_expression(text).value(ctx)
    assert diags, f"{text!r} gave {v!r} and no diagnostics"
    return [(d.summary, d.detail, d.line, d.column) for d in diags]


def test_variables_from_values_and_python_data() -> None:
    ctx = EvalContext(variables={"name": "web", "count": 2, "tags": cty.map_val(
        {"env": cty.string_val("prod")})})
    assert value('"${name}-${count + 1}"', ctx).raw_equals(cty.string_val("web-3"))
    assert value("tags.env", ctx).raw_equals(cty.string_val("prod"))
    assert value('tags["env"]', ctx).raw_equals(cty.string_val("prod"))


def test_no_map_of_variables_is_not_an_empty_one() -> None:
    assert diagnostics("x") == [("Variables not allowed", "Variables may not be used here.",
                                 1, 1)]
    assert diagnostics("x", EvalContext(functions={})) == [
        ("Variables not allowed", "Variables may not be used here.", 1, 1)]
    assert diagnostics("x", EvalContext(variables={})) == [
        ("Unknown variable", 'There is no variable named "x".', 1, 1)]
    assert diagnostics("nmae", EvalContext(variables={"name": "a"})) == [
        ("Unknown variable", 'There is no variable named "nmae". Did you mean "name"?', 1, 1)]


def test_a_child_sees_its_parents_variables_and_shadows_them() -> None:
    parent = EvalContext(variables={"a": 1, "b": 2})
    child = parent.child(variables={"b": 20})
    assert value("a + b", child).raw_equals(cty.number_int_val(21))
    assert value("a + b", parent).raw_equals(cty.number_int_val(3))
    assert child.parent is parent
    assert child.variable("a") is parent.variable("a")
    assert child.variable("zzz") is None


def test_a_for_expression_sees_the_context() -> None:
    ctx = EvalContext(variables={"names": ["a", "b"], "suffix": "!"},
                      functions={"upper": FUNCS["upper"]})
    got = value('[for i, s in names: "${upper(s)}${suffix}${i}"]', ctx)
    assert got.raw_equals(cty.tuple_val([cty.string_val("A!0"), cty.string_val("B!1")]))
    # inside a for with no context, the for's own names are suggested
    assert diagnostics("[for s in [1]: t]") == [
        ("Unknown variable", 'There is no variable named "t". Did you mean "s"?', 1, 16)]


def test_function_calls() -> None:
    ctx = EvalContext(variables={"xs": [1, 5, 3]}, functions=FUNCS)
    assert value('upper("abc")', ctx).raw_equals(cty.string_val("ABC"))
    assert value("max(xs...)", ctx).raw_equals(cty.number_int_val(5))
    assert value("max(0, xs...)", ctx).raw_equals(cty.number_int_val(5))
    # an argument's own expanded call leaves the outer call unexpanded, and the other way
    assert value("max(min(xs...), 2)", ctx).raw_equals(cty.number_int_val(2))
    assert value("max(2, min(xs...))", ctx).raw_equals(cty.number_int_val(2))
    assert value("max([min(xs...), 4]...)", ctx).raw_equals(cty.number_int_val(4))
    assert value('length(tolist(["a", "b"]))', ctx).raw_equals(cty.number_int_val(2))
    # arguments are converted to the parameters' types first, as HCL does
    assert value("upper(12)", ctx).raw_equals(cty.string_val("12"))


def test_calls_not_allowed_and_unknown_functions() -> None:
    assert diagnostics("f(1)") == [("Function calls not allowed",
                                    "Functions may not be called here.", 1, 1)]
    assert diagnostics("f(1)", EvalContext(variables={"f": 1})) == [
        ("Function calls not allowed", "Functions may not be called here.", 1, 1)]
    ctx = EvalContext(functions={"upper": FUNCS["upper"], "lower": FUNCS["lower"]})
    assert diagnostics('uppr("a")', ctx) == [
        ("Call to unknown function", 'There is no function named "uppr". Did you mean '
         '"upper"?', 1, 1)]
    assert diagnostics("nothing_like_it()", ctx) == [
        ("Call to unknown function", 'There is no function named "nothing_like_it".', 1, 1)]
    assert diagnostics("ns::f()", ctx) == [
        ("Call to unknown function", 'There are no functions in namespace "ns::".', 1, 1)]
    nsctx = EvalContext(functions={"ns::upper": FUNCS["upper"]})
    assert diagnostics("ns::lower()", nsctx) == [
        ("Call to unknown function", 'There is no function named "lower" in namespace ns::.',
         1, 1)]
    # HCL suggests among the calling context's own functions only
    child = ctx.child(variables={})
    assert diagnostics('uppr("a")', child) == [
        ("Call to unknown function", 'There is no function named "uppr".', 1, 1)]
    assert value('upper("a")', child).raw_equals(cty.string_val("A"))


def test_argument_count_and_type_errors() -> None:
    ctx = EvalContext(functions=FUNCS)
    assert diagnostics("upper()", ctx) == [
        ("Not enough function arguments", 'Function "upper" expects 1 argument(s). Missing '
         'value for "str".', 1, 7)]
    assert diagnostics('upper("a", "b")', ctx) == [
        ("Too many function arguments", 'Function "upper" expects only 1 argument(s).', 1, 13)]
    assert diagnostics("upper([])", ctx) == [
        ("Invalid function argument", 'Invalid value for "str" parameter: string required, '
         "but have tuple.", 1, 7)]


def test_expanding_arguments() -> None:
    ctx = EvalContext(variables={"n": None, "s": "x"}, functions=FUNCS)
    assert diagnostics("max(s...)", ctx) == [
        ("Invalid expanding argument value", "The expanding argument (indicated by ...) must "
         "be of a tuple, list, or set type.", 1, 5)]
    assert diagnostics("max(n...)", ctx) == [
        ("Invalid expanding argument value", "The expanding argument (indicated by ...) must "
         "not be null.", 1, 5)]
    unknown = EvalContext(variables={"xs": cty.unknown_val(cty.List(cty.Number))},
                          functions=FUNCS)
    assert parse_expression("max(xs...)").value(unknown) == (cty.DynamicVal, [])


def test_errors_of_the_call_itself() -> None:
    ctx = EvalContext(functions=FUNCS)
    assert diagnostics("element([], 0)", ctx) == [
        ("Error in function call", 'Call to function "element" failed: cannot use element '
         "function with an empty list.", 1, 1)]


def test_diagnostics_error_and_its_message() -> None:
    with pytest.raises(DiagnosticsError) as e:
        value("a + b", EvalContext(variables={}))
    assert [d.summary for d in e.value.diagnostics] == ["Unknown variable"] * 2
    assert str(e.value) == ('<expression>:1,1-2: Unknown variable; There is no variable named '
                            '"a"., and 1 other diagnostic(s)')
    assert isinstance(e.value, cty.CtyValueError)
    d = e.value.diagnostics[1]
    assert d == Diagnostic("error", "Unknown variable", 'There is no variable named "b".',
                           Range("<expression>", Pos(1, 5, 4), Pos(1, 6, 5)))
    assert (d.filename, d.line, d.column, d.context) == ("<expression>", 1, 5, None)


def test_ranges_count_columns_in_grapheme_clusters_and_offsets_in_bytes() -> None:
    (d,) = parse_expression('["e\u0301\u00e9", x]', "m.hcl").value(EvalContext(variables={}))[1]
    assert d.subject == Range("m.hcl", Pos(1, 8, 10), Pos(1, 9, 11))
    (d,) = parse_expression('1 * ["\u00e9\u00e9"]', "m.hcl").value()[1]
    assert d.subject == Range("m.hcl", Pos(1, 5, 4), Pos(1, 11, 12))
    assert d.context == Range("m.hcl", Pos(1, 1, 0), Pos(1, 11, 12))
    assert str(d.subject) == "m.hcl:1,5-11"
    many = parse_expression("[\n  1,\n  x]", "m.hcl").value(EvalContext(variables={}))[1]
    assert str(many[0].subject) == "m.hcl:3,3-4" and many[0].subject.start.byte == 9


def test_syntax_errors_are_diagnostics() -> None:
    with pytest.raises(DiagnosticsError) as e:
        parse_expression("1 +", filename="main.tf")
    (d,) = e.value.diagnostics
    assert d.filename == "main.tf" and d.severity == "error"
    assert (d.summary, d.detail, d.line, d.column) == (
        "Missing expression", "Expected the start of an expression, but found the end of the "
        "file.", 1, 4)
    assert str(d) == ("main.tf:1,4-4: Missing expression; Expected the start of an expression, "
                      "but found the end of the file.")


@pytest.mark.parametrize(("text", "want"), [
    # (HCL v2.24's answers, through its oracle: the scanner reports at most four bitwise
    # operators, one semicolon, and of backticks and single quotes the first and third)
    ("1 & 2 | 3 ^ 4 & 5 ~ 6", [("Unsupported operator", 3), ("Unsupported operator", 7),
                               ("Unsupported operator", 11), ("Unsupported operator", 15),
                               ("Extra characters after expression", 3)]),
    ("`a` + `b` + `c`", [("Invalid character", 1), ("Invalid character", 7),
                         ("Invalid expression", 1)]),
    ("'a' + 'b' + 'c' + 'd'", [("Invalid character", 1), ("Invalid character", 7),
                               ("Invalid expression", 1)]),
    ("a; b; c", [("Invalid character", 2), ("Extra characters after expression", 2)]),
    ("x @ y", [("Invalid character", 3), ("Extra characters after expression", 3)]),
    # a backslash before a line break is a character of its own, where HCL's parser finds
    # the string unterminated (not at the line break after it)
    ('"e\\\nf"', [("Invalid character", 3), ("Invalid multi-line string", 4),
                  ("Unterminated template string", 3)]),
])
def test_syntax_errors_are_the_scanner_s_then_the_parser_s(text: str,
                                                          want: list[tuple[str, int]]) -> None:
    with pytest.raises(DiagnosticsError) as e:
        parse_expression(text)
    assert [(d.summary, d.column) for d in e.value.diagnostics] == want


def test_a_recovery_that_hcl_ends_at_a_stray_sequence_end_gives_hcl_s_first() -> None:
    # "~}" closing a brace opened in a sequence is a sequence's end to HCL's scanner: its
    # recovery stops there, and the quoted string after it ends the template (HCL reports
    # the "if" as missing its "endif" at that string's closing quote). Ours stops there:
    # what it reports is the first of HCL's (divergences page: HCL_RECOVERY_ORDER).
    with pytest.raises(DiagnosticsError) as e:
        parse_expression('"%{if ly%{else}n${m~}" < f ? "${f~}" : "a"')
    assert [(d.summary, d.column) for d in e.value.diagnostics] == [
        ("Invalid character", 17), ("Invalid character", 31),
        ("Missing key/value separator", 15)]


def test_bad_arguments_are_typed_errors() -> None:
    with pytest.raises(TypeError):
        parse_expression(b"1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse_expression("1").value({"a": 1})  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        EvalContext(functions={"f": len})  # type: ignore[dict-item]
    with pytest.raises(cty.CtyTypeError):
        EvalContext(variables={1: "a"})  # type: ignore[dict-item]


def test_deep_nesting_is_a_value_not_a_recursion_error() -> None:
    text = "(" * 10_000 + "1" + ")" * 10_000
    assert value(text).raw_equals(cty.number_int_val(1))
    calls = "upper(" * 2_000 + '"a"' + ")" * 2_000
    assert value(calls, EvalContext(functions=FUNCS)).raw_equals(cty.string_val("A"))


def test_expression_keeps_its_text() -> None:
    e = parse_expression("1 + 2", filename="x.hcl")
    assert isinstance(e, Expression)
    assert (e.text, e.filename, repr(e)) == ("1 + 2", "x.hcl", "Expression('1 + 2')")


@pytest.mark.parametrize("first", ["cty.hcl", "cty.hcl._eval", "cty.convert"])
def test_any_import_order_works(first: str) -> None:
    # cty.hcl's evaluator uses cty.convert, whose type defaults use the evaluator
    code = (f"import {first}\nfrom cty.hcl import parse_expression\n"
            "import cty.convert\n"
            "print(parse_expression('1 + 1').evaluate().as_big_float(), "
            "cty.convert.parse_type_with_defaults('object({a=optional(number, 2)})')[0])")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout
    assert out.split()[0] == "2.0"


def test_number_literals_are_scanned_as_hcl_scans_them() -> None:
    # a digit, then digits, dots and exponents, not ending with a dot: "1.2.3" is one token
    with pytest.raises(DiagnosticsError) as e:
        parse_expression("1.2.3")
    assert e.value.diagnostics[0].summary == "Invalid number literal"
    assert value("1.e5").raw_equals(cty.number_int_val(100_000))
    with pytest.raises(DiagnosticsError) as e:
        parse_expression("a.0.0.0")
    assert e.value.diagnostics[0].detail.endswith("like [0][0.0].")


@pytest.mark.parametrize(("text", "want"), [
    ("a%x\n${~ s}", "a%xhi"),  # "%x" is a token of its own: "~" trims the newline alone
    ("a%\r\n${~ s}", "a%\rhi"),  # likewise "%" and a carriage return before a line feed
    ("a%\r\n${ s}", "a%\r\nhi"),
    ("a\r\n${~ s}", "ahi"),
])
def test_a_template_file_s_literal_text_is_cut_as_hcl_s_scanner_cuts_it(text: str,
                                                                         want: str) -> None:
    # (HCL v2.24's answers)
    got = parse_template(text).evaluate(EvalContext(variables={"s": "hi"}))
    assert got.raw_equals(cty.string_val(want))


def test_variables_are_hcls_traversals() -> None:
    e = parse_expression('[for k, v in var.m: "${k}${local.x[0]["y"]}" if v[k] && a[b].c]')
    assert [str(t) for t in e.variables()] == ["var.m", 'local.x[0]["y"]', "a", "b"]
    t = e.variables()[1]
    assert (t.root, t.line, t.column) == ("local", 1, 28)
    assert t.path == cty.Path([cty.GetAttrStep("x"), cty.IndexStep(cty.number_int_val(0)),
                               cty.IndexStep(cty.string_val("y"))])
    # a heredoc of literal text alone is a literal key, as a quoted string is (HCL's
    # TemplateExpr.IsStringLiteral); with an interpolation it is not
    e = parse_expression('m[<<EOT\nkey\nEOT\n].a + m["${k}"].b')
    assert [str(t) for t in e.variables()] == ['m["key\\n"].a', "m", "k"]


def test_diagnostics_written_as_hcl_writes_them() -> None:
    text = 'upper(\n  "a",\n  "b")'
    _, diags = parse_expression(text, "m.hcl").value(EvalContext(functions=FUNCS))
    assert format_diagnostics(diags, {"m.hcl": text}) == (
        'Error: Too many function arguments\n\n  on m.hcl line 3:\n   1: upper(\n'
        '   2:   "a",\n   3:   "b")\n\nFunction "upper" expects only 1 argument(s).\n\n')
    assert format_diagnostics(diags) == (
        "Error: Too many function arguments\n\n  on m.hcl line 3:\n  (source code not "
        'available)\n\nFunction "upper" expects only 1 argument(s).\n\n')
    assert "\x1b[1;4mb\x1b[0m" in format_diagnostics(diags, {"m.hcl": text}, color=True)
    assert format_diagnostics(diags, {"m.hcl": text}, width=12).endswith(
        'Function\n"upper"\nexpects only\n1\nargument(s).\n\n')
    assert str(parse_expression(text, "m.hcl").range) == "m.hcl:1,1-3,7"


def test_diagnostics_show_the_values_of_their_expressions_variables() -> None:
    text = '[for i, x in xs: "${x}${pad}" if big[i] < limit]'
    ctx = EvalContext(variables={
        "xs": ["a", ["b"]], "pad": None, "limit": 123456789012, "big": [1.5, 2],
        "secret": cty.string_val("s").mark("sensitive")})
    _, diags = parse_expression(text, "m.hcl").value(ctx)
    assert [d.summary for d in diags] == ["Invalid template interpolation value"] * 3
    first = diags[0]
    assert first.expression is not None and first.expression.text == "pad"
    assert first.eval_context is not None and first.eval_context.parent is ctx
    assert dataclasses.replace(first, expression=None) == first  # (not compared)
    # (the for expression's own variables, as they were at the element that failed; a null
    # "set to null")
    assert [line for line in format_diagnostics(diags).splitlines()
            if line.startswith("with")] == [
        "with pad set to null.", "with x as tuple with 1 element.", "with pad set to null."]
    # (every variable of the expression the diagnostic names, sorted by name; numbers as
    # Go's %.10g; marked values left out)
    text = "limit > 0 ? big : {a = big[0], s = secret}"
    _, diags = parse_expression(text, "m.hcl").value(ctx)
    assert format_diagnostics(diags).splitlines()[5:9] == [
        "with big as tuple with 2 elements,", "     big[0] as 1.5,",
        "     limit as 1.23456789e+11.", ""]


def test_try_and_can_take_their_arguments_as_expressions() -> None:
    from cty.hcl import TRY_FUNCTIONS, can, try_

    assert {"try": try_, "can": can} == TRY_FUNCTIONS
    ctx = EvalContext(variables={"tags": {"env": "prod"}, "u": cty.unknown_val(cty.String)},
                      functions={**FUNCS, **TRY_FUNCTIONS})
    assert value('try(tags.team, tags.env, "none")', ctx) == cty.string_val("prod")
    assert value("can(tags.env)", ctx) == cty.True_
    assert value("can(tags.team)", ctx) == cty.False_
    assert value("can(u)", ctx).raw_equals(cty.unknown_val(cty.Bool))  # (not refined)
    assert value("try(u, 1)", ctx).raw_equals(cty.DynamicVal)
    assert value("try([1, 2]...)", ctx) == cty.number_int_val(1)
    (d,) = parse_expression("try(tags.x, nope)", "m.tf").value(ctx)[1]
    assert (d.summary, d.detail) == (
        "Error in function call", 'Call to function "try" failed: no expression succeeded:\n'
        '- Unsupported attribute (at m.tf:1,9-11)\n  This object does not have an attribute '
        'named "x".\n- Unknown variable (at m.tf:1,13-17)\n  There is no variable named '
        '"nope".\n\nAt least one expression must produce a successful result.')
    assert diagnostics("try()", ctx) == [
        ("Error in function call", 'Call to function "try" failed: at least one argument is '
         "required.", 1, 1)]
