"""cty.format_value: values written for people, Terraform style."""

from __future__ import annotations

import pytest

import cty
from tests._ids import stable_id

S, N = cty.string_val, cty.number_int_val

CASES = [
    (S("web"), '"web"'),
    (S('a "q" \\ \n\t ${x} %{y} $x \x00 \u00e9'),
     '"a \\"q\\" \\\\ \\n\\t $${x} %%{y} $x \\u0000 \u00e9"'),
    (N(80), "80"),
    (cty.number_float_val(0.25), "0.25"),
    (cty.number_val(10**30), "1000000000000000000000000000000"),
    (cty.parse_number_val("-1.5e-7"), "-0.00000015"),
    (cty.True_, "true"),
    (cty.null_val(cty.String), "null"),
    (cty.unknown_val(cty.List(cty.String)), "(known after apply)"),
    (cty.DynamicVal, "(known after apply)"),
    (cty.list_val([S("a"), S("b")]), '["a", "b"]'),
    (cty.list_val_empty(cty.String), "[]"),
    (cty.tuple_val([cty.True_, N(-1)]), "[true, -1]"),
    (cty.set_val([S("b"), S("a")]), 'toset(["a", "b"])'),
    (cty.set_val_empty(cty.Number), "toset([])"),
    (cty.map_val({"b": N(2), "a key": N(1)}), 'tomap({ "a key" = 1, "b" = 2 })'),
    (cty.map_val_empty(cty.String), "tomap({})"),
    (cty.object_val({"name": S("web"), "port": N(80)}), '{ name = "web", port = 80 }'),
    (cty.object_val({"two words": cty.EmptyObjectVal}), '{ "two words" = {} }'),
    (cty.EmptyObjectVal, "{}"),
    # marks: sensitive ones hide the value at any depth; others are not shown
    (S("hunter2").mark("sensitive"), "(sensitive value)"),
    (cty.list_val([S("a").mark("sensitive"), S("b").mark("other")]),
     '[(sensitive value), "b"]'),
    (cty.object_val({"db": cty.object_val({"password": S("pw").mark("sensitive")})}),
     "{ db = { password = (sensitive value) } }"),
    (cty.unknown_val(cty.String).mark("sensitive"), "(sensitive value)"),
]


@pytest.mark.parametrize(("value", "want"), CASES, ids=stable_id)
def test_format_value(value: cty.Value, want: str) -> None:
    assert cty.format_value(value) == want


def test_long_values_break_over_lines() -> None:
    v = cty.object_val({
        "name": S("a-rather-long-service-name"),
        "tags": cty.map_val({"env": S("production"), "team": S("platform-engineering")}),
        "zones": cty.list_val([S("eu-west-1a"), S("eu-west-1b")]),
    })
    assert cty.format_value(v) == (
        "{\n"
        '  name = "a-rather-long-service-name"\n'
        '  tags = tomap({ "env" = "production", "team" = "platform-engineering" })\n'
        '  zones = ["eu-west-1a", "eu-west-1b"]\n'
        "}")
    assert cty.format_value(v, width=40) == (
        "{\n"
        '  name = "a-rather-long-service-name"\n'
        "  tags = tomap({\n"
        '    "env" = "production"\n'
        '    "team" = "platform-engineering"\n'
        "  })\n"
        '  zones = ["eu-west-1a", "eu-west-1b"]\n'
        "}")
    assert "\n" not in cty.format_value(v, width=1000)


def test_the_redaction_texts_and_marks_can_be_chosen() -> None:
    v = cty.list_val([S("x").mark("secret"), cty.unknown_val(cty.String), S("y")])
    assert cty.format_value(v, unknown="[unknown]", sensitive="[secret]",
                            sensitive_marks={"secret"}) == '[[secret], [unknown], "y"]'
    assert cty.format_value(v) == '["x", (known after apply), "y"]'


def test_capsules_show_their_name_and_payload() -> None:
    cap = cty.Capsule("thing", list)
    assert cty.format_value(cty.capsule_val(cap, [1])) == "thing([1])"


def test_deep_values() -> None:
    v = S("x")
    for _ in range(10_000):
        v = cty.list_val([v])
    text = cty.format_value(v, width=10**6)
    assert text == "[" * 10_000 + '"x"' + "]" * 10_000


def test_bad_arguments() -> None:
    with pytest.raises(cty.CtyTypeError):
        cty.format_value("x")  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        cty.format_value(S("x"), sensitive_marks="sensitive")
    with pytest.raises(cty.CtyTypeError):
        cty.format_value(S("x"), width="80")  # type: ignore[arg-type]


def test_numbers_far_from_one_print_in_exponent_form() -> None:
    shown = {t: cty.format_value(cty.parse_number_val(t))
             for t in ("1e63", "1e64", "1e400", "1e400000000", "-2.5e-70", "1e-5", "0.5")}
    assert shown == {"1e63": "1" + "0" * 63, "1e64": "1e+64", "1e400": "1e+400",
                     "1e400000000": "1e+400000000", "-2.5e-70": "-2.5e-70", "1e-5": "0.00001",
                     "0.5": "0.5"}
    assert cty.format_value(cty.number_val(10**70 + 1)) == "1." + "0" * 69 + "1e+70"  # exact


def test_every_registered_sensitive_mark_is_redacted_by_the_core_printer() -> None:
    from cty.ext import eventual

    assert {"sensitive", eventual.SECRET} <= cty.sensitive_marks()
    v = cty.object_val({"a": eventual.secret(cty.string_val("pw")),
                        "b": cty.list_val([cty.string_val("x").mark("sensitive")]),
                        "c": cty.string_val("y").mark("pii")})
    assert cty.format_value(v) == '{ a = (sensitive value), b = [(sensitive value)], c = "y" }'
    assert cty.format_value(v, sensitive_marks=["pii"]) == (
        "{ a = (sensitive value), b = [(sensitive value)], c = (sensitive value) }")
    cty.register_sensitive_mark("pii")
    try:
        assert "pii" in cty.sensitive_marks()
        assert cty.format_value(v).endswith("c = (sensitive value) }")
    finally:
        cty.unregister_sensitive_mark("pii")
    assert "pii" not in cty.sensitive_marks()
    assert cty.format_value(v).endswith('c = "y" }')
    with pytest.raises(cty.CtyTypeError, match="hashable"):
        cty.register_sensitive_mark(["unhashable"])
