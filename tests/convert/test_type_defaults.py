"""Type expressions with defaults (HCL's TypeConstraintWithDefaults and Defaults.Apply)."""

from __future__ import annotations

import pytest

import cty
from cty.convert import Defaults, convert_with_defaults, parse_type_with_defaults
from tests._ids import stable_id

S, N, B = cty.string_val, cty.number_int_val, cty.bool_val
SIMPLE = cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Bool}, ["b"])
NESTED = cty.ObjectWithOptionalAttrs({"c": SIMPLE, "d": cty.Number}, ["c"])
B_TRUE = Defaults(SIMPLE, {"b": cty.True_}, {})

# defaults, value, what apply() gives (HCL's Defaults.Apply cases, restated)
APPLY = [
    ("no defaults: nothing changes", Defaults(cty.Map(cty.String), {}, {}),
     cty.map_val({"a": S("x")}), cty.map_val({"a": S("x")})),
    ("a missing attribute of a map is filled in; the map unifies to strings", B_TRUE,
     cty.map_val({"a": S("foo")}), cty.map_val({"a": S("foo"), "b": S("true")})),
    ("an unknown is left alone", B_TRUE, cty.unknown_val(cty.Map(cty.String)),
     cty.unknown_val(cty.Map(cty.String))),
    ("a null is left alone", B_TRUE, cty.null_val(cty.Object({"a": cty.String})),
     cty.null_val(cty.Object({"a": cty.String}))),
    ("a given attribute wins over its default", B_TRUE,
     cty.object_val({"a": S("foo"), "b": cty.False_}),
     cty.object_val({"a": S("foo"), "b": cty.False_})),
    ("an explicit null takes the default", B_TRUE,
     cty.object_val({"a": S("foo"), "b": cty.null_val(cty.Bool)}),
     cty.object_val({"a": S("foo"), "b": cty.True_})),
    ("defaults apply at depth", Defaults(NESTED, {}, {"c": Defaults(SIMPLE, {"b": cty.False_},
                                                                    {})}),
     cty.object_val({"c": cty.object_val({"a": S("foo")}), "d": N(5)}),
     cty.object_val({"c": cty.object_val({"a": S("foo"), "b": cty.False_}), "d": N(5)})),
    ("every element of a list (given as a tuple) gets them",
     Defaults(cty.List(SIMPLE), {}, {"": B_TRUE}),
     cty.tuple_val([cty.object_val({"a": S("x")}), cty.object_val({"a": S("y")})]),
     cty.tuple_val([cty.object_val({"a": S("x"), "b": cty.True_}),
                    cty.object_val({"a": S("y"), "b": cty.True_})])),
    ("a list stays a list when its elements still unify",
     Defaults(cty.List(SIMPLE), {}, {"": B_TRUE}),
     cty.list_val([cty.object_val({"a": S("x")})]),
     cty.list_val([cty.object_val({"a": S("x"), "b": cty.True_})])),
    ("a tuple's elements have their own defaults",
     Defaults(cty.Tuple([SIMPLE, NESTED]), {}, {
         "0": Defaults(SIMPLE, {"b": cty.False_}, {}),
         "1": Defaults(NESTED, {"c": cty.object_val({"a": S("d"), "b": cty.True_})}, {})}),
     cty.tuple_val([cty.object_val({"a": S("foo")}), cty.object_val({"d": N(5)})]),
     cty.tuple_val([cty.object_val({"a": S("foo"), "b": cty.False_}),
                    cty.object_val({"c": cty.object_val({"a": S("d"), "b": cty.True_}),
                                    "d": N(5)})])),
    ("a default object gets the defaults of its own type",
     Defaults(NESTED, {"c": cty.EmptyObjectVal}, {"c": B_TRUE}),
     cty.object_val({"d": N(7)}),
     cty.object_val({"c": cty.object_val({"b": cty.True_}), "d": N(7)})),
    ("a default's own values win over the defaults below it",
     Defaults(NESTED, {"c": cty.object_val({"a": S("fallback"), "b": cty.False_})},
              {"c": B_TRUE}),
     cty.object_val({"d": N(7)}),
     cty.object_val({"c": cty.object_val({"a": S("fallback"), "b": cty.False_}),
                     "d": N(7)})),
    ("marks are kept", B_TRUE, cty.object_val({"a": S("foo")}).mark("m"),
     cty.object_val({"a": S("foo"), "b": cty.True_}).mark("m")),
    ("an empty set stays an empty set", Defaults(cty.Set(SIMPLE), {}, {"": B_TRUE}),
     cty.set_val_empty(SIMPLE), cty.set_val_empty(SIMPLE)),
]


@pytest.mark.parametrize(("name", "defaults", "value", "want"), APPLY,
                         ids=[a[0] for a in APPLY])
def test_apply(name: str, defaults: Defaults, value: cty.Value, want: cty.Value) -> None:
    assert defaults.apply(value).raw_equals(want)


def test_parse_and_convert_with_defaults() -> None:
    ty, defaults = parse_type_with_defaults("""object({
        name  = string
        port  = optional(number, 80)
        tags  = optional(map(string), {})
        tls   = optional(object({enabled = optional(bool, true)}), {})
        rules = optional(list(object({to = optional(string, "0.0.0.0/0"), port = number})))
    })""")
    assert ty is cty.parse_type("""object({name = string, port = optional(number),
        tags = optional(map(string)), tls = optional(object({enabled = optional(bool)})),
        rules = optional(list(object({to = optional(string), port = number})))})""")
    given = cty.object_val({"name": S("web"), "rules": cty.tuple_val([
        cty.object_val({"port": N(443)}),
        cty.object_val({"port": N(22), "to": S("10.0.0.0/8")})])})

    got = convert_with_defaults(given, ty, defaults)

    assert got.raw_equals(cty.object_val({
        "name": S("web"), "port": cty.parse_number_val("80"),
        "tags": cty.map_val_empty(cty.String),
        "tls": cty.object_val({"enabled": cty.True_}),
        "rules": cty.list_val([
            cty.object_val({"port": cty.number_int_val(443), "to": S("0.0.0.0/0")}),
            cty.object_val({"port": cty.number_int_val(22), "to": S("10.0.0.0/8")})]),
    }))


def test_defaults_are_converted_when_read() -> None:
    _, defaults = parse_type_with_defaults('object({n = optional(number, "12"), '
                                           's = optional(string, 1.50), l = optional(list('
                                           'string), [1, true]), x = optional(number, -2.5)})')
    assert defaults is not None
    assert defaults.values["n"].raw_equals(cty.parse_number_val("12"))
    assert defaults.values["s"].raw_equals(S("1.5"))
    assert defaults.values["l"].raw_equals(cty.list_val([S("1"), S("true")]))
    assert defaults.values["x"].raw_equals(cty.parse_number_val("-2.5"))


# a default, the type it is given to, and the value HCL v2.24 makes of it
EXPRESSION_DEFAULTS = [
    ('"%{if true}y%{else}n%{endif}"', "string", S("y")),
    ('"a %{~ if false ~} b %{~ else ~} c %{~ endif ~} d"', "string", S("acd")),
    ('"%{for k, v in {b = 1, a = 2}}${k}=${v};%{endfor}"', "string", S("a=2;b=1;")),
    ('"${"x" ~}   y"', "string", S("xy")),
    ('"${1}"', "any", cty.number_int_val(1)),  # one interpolation alone: the value itself
    ('"${1}x"', "any", S("1x")),
    ("<<EOT\n  two\n    lines\nEOT\n", "string", S("  two\n    lines\n")),
    ("<<-EOT\n  two\n\n    lines\n  EOT\n", "string", S("two\n\n  lines\n")),
    ('<<-EOT\n  %{ for x in [1, 2] ~}\n  ${x}\n  %{~ endfor }\nEOT\n', "string",
     S("    1\n  2\n\n")),
    ("[{a = 1}, {a = 2}][*].a", "list(number)",
     cty.list_val([cty.number_int_val(1), cty.number_int_val(2)])),
    ("[{a = [1]}].*.a.0", "any", cty.tuple_val([cty.number_int_val(1)])),
    ('"x"[*]', "any", cty.tuple_val([S("x")])),
    ("null[*]", "any", cty.EmptyTupleVal),
    ("null.*", "any", cty.EmptyTupleVal),
]


@pytest.mark.parametrize(("default", "ty", "want"), EXPRESSION_DEFAULTS, ids=stable_id)
def test_templates_heredocs_and_splats_as_defaults(default: str, ty: str,
                                                    want: cty.Value) -> None:
    _, defaults = parse_type_with_defaults(f"object({{v = optional({ty}, {default})}})")
    assert defaults is not None
    assert defaults.values["v"].raw_equals(want), defaults.values["v"]


def test_no_defaults_gives_none() -> None:
    assert parse_type_with_defaults("object({a = optional(string)})") == (
        cty.ObjectWithOptionalAttrs({"a": cty.String}, ["a"]), None)
    _, defaults = parse_type_with_defaults("list(object({a = optional(string, null)}))")
    assert defaults is not None and defaults.children[""].values["a"].is_null()


# text, summary, words of the detail, column (as HCL v2.24 points, where it has the case)
ERRORS = [
    ('object({a = optional(number, "x")})', "Invalid default value for optional attribute",
     "not compatible with the attribute's type constraint: a number is required", 30),
    ("object({a = optional(number, 1, 2)})", "Invalid type specification",
     "expects at most two arguments: the attribute type, and a default value.", 21),
    ("object({a = optional(number, var)})", "Variables not allowed",
     "Variables may not be used here.", 30),
    ("object({a = optional(number, max(1))})", "Function calls not allowed",
     "Functions may not be called here.", 30),
    ('object({a = optional(number, -"x")})', "Invalid operand", "a number is required", 31),
    ("object({a = optional(map(string), {f(1) = 1})})", "Function calls not allowed",
     "Functions may not be called here.", 36),
    ('object({a = optional(string, "%{if true}x")})', "Unexpected end of template",
     "The if directive at type.hcl:1,31-41 is missing its corresponding endif directive.", 42),
    ('object({a = optional(string, "%{iff true}x%{endif}")})', "Invalid template control "
     "keyword", '"iff" is not a valid template control keyword. Did you mean "if"?', 33),
    ('object({a = optional(string, "%{for x in [1]}${y}%{endfor}")})', "Unknown variable",
     'There is no variable named "y". Did you mean "x"?', 48),
    ("object({a = optional(string, <<EOT\nno end)})", "Unterminated template string",
     "No closing marker was found for the string.", 10),
    ("object({a = optional(any, null.)})", "Invalid attribute name",
     "An attribute name is required after a dot.", 32),
    ("object({a = optional(any, [1][*][0] + 1)})", "Invalid operand",
     "Unsuitable value for left operand: number required, but have tuple.", 27),
]


@pytest.mark.parametrize(("text", "summary", "words", "column"), ERRORS, ids=stable_id)
def test_errors(text: str, summary: str, words: str, column: int) -> None:
    with pytest.raises(cty.TypeExprError) as caught:
        parse_type_with_defaults(text)
    assert caught.value.summary == summary
    assert words in caught.value.detail
    assert caught.value.column == column


def test_parse_type_refuses_defaults_as_hcl_type_constraint_does() -> None:
    with pytest.raises(cty.TypeExprError, match="expects only one argument"):
        cty.parse_type("object({a = optional(number, 1)})")


def test_bad_arguments() -> None:
    with pytest.raises(cty.CtyTypeError):
        Defaults(cty.String, {"a": 1}, {})  # type: ignore[dict-item]
    with pytest.raises(cty.CtyTypeError):
        Defaults(cty.String, {}, {"a": B_TRUE, "b": 2})  # type: ignore[dict-item]
    with pytest.raises(cty.CtyTypeError):
        Defaults("string", {}, {})  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        parse_type_with_defaults(None)  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        B_TRUE.apply("x")  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        convert_with_defaults(S("x"), cty.String, {})  # type: ignore[arg-type]


def test_an_unknown_attribute_with_a_default_is_refined_not_null() -> None:
    # HCL's Defaults.Apply (checked with hcloracle): an attribute whose default is not null is
    # never null afterwards, so an unknown one is refined as not null, and a conversion that
    # then follows can know more (an unknown empty tuple becomes a known empty set)
    ty, defaults = parse_type_with_defaults(
        'object({a = optional(string, "x"), b = optional(set(bool), [])})')
    assert defaults is not None
    unknown_a = cty.object_val({"a": cty.unknown_val(cty.String)})
    assert defaults.apply(unknown_a).get_attr("a").range().definitely_not_null()

    given = cty.object_val({"a": cty.string_val("q"), "b": cty.unknown_val(cty.EmptyTuple)})
    assert convert_with_defaults(given, ty, defaults) == cty.object_val(
        {"a": cty.string_val("q"), "b": cty.set_val_empty(cty.Bool)})


def test_a_null_default_and_a_dynamic_attribute_are_not_refined() -> None:
    _, defaults = parse_type_with_defaults("object({a = optional(string, null), b = "
                                           "optional(any, 1)})")
    assert defaults is not None
    got = defaults.apply(cty.object_val({"a": cty.unknown_val(cty.String),
                                         "b": cty.DynamicVal}))
    assert not got.get_attr("a").range().definitely_not_null()
    assert got.get_attr("b") is cty.DynamicVal or got.get_attr("b").raw_equals(cty.DynamicVal)


def test_children_are_found_as_hcl_finds_them() -> None:
    # a map given where the defaults expect a tuple: HCL's getChild takes the "" child (none),
    # not the tuple's child at the key's text
    _, defaults = parse_type_with_defaults('tuple([object({a = optional(string, "x")})])')
    assert defaults is not None
    given = cty.map_val({"0": cty.EmptyObjectVal})
    assert defaults.apply(given) == given
