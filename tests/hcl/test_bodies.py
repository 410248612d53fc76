"""cty.hcl's configuration files: parse_config, Body.attributes (JustAttributes) and
Body.content (Content against a schema), with HCL's words and ranges. HCL's own answers for
thousands of drawn files are in test_body_vectors.py; these pin the API."""

from __future__ import annotations

import pytest

import cty
from cty.hcl import (
    AttributeSchema,
    BlockHeaderSchema,
    BodySchema,
    DiagnosticsError,
    EvalContext,
    parse_config,
)

CONFIG = '''\
region = "eu"
count  = n + 1

server "web" {
  size = 2
  disk { gb = 10 }
}
'''


def test_a_file_holds_attributes_and_blocks_with_their_ranges() -> None:
    f = parse_config(CONFIG, "main.hcl")
    assert (f.text, f.filename) == (CONFIG, "main.hcl")
    content = f.body.content(BodySchema([AttributeSchema("count"), AttributeSchema("region")],
                                        [BlockHeaderSchema("server", ["name"])]))
    assert list(content.attributes) == ["count", "region"]  # (in the schema's order)
    [server] = f.body.blocks
    assert (server.type, server.labels) == ("server", ("web",))
    assert [str(r) for r in (server.type_range, *server.label_ranges, server.def_range,
                             server.open_brace_range, server.range)] == [
        "main.hcl:4,1-7", "main.hcl:4,8-13", "main.hcl:4,1-13", "main.hcl:4,14-15",
        "main.hcl:4,1-7,2"]
    [disk] = server.body.blocks
    assert str(disk.body.range) == "main.hcl:6,10-17"  # (a one-line body: its attribute's)
    size = server.body.content(BodySchema([AttributeSchema("size")],
                                          [BlockHeaderSchema("disk")])).attributes["size"]
    assert (str(size.range), str(size.name_range), size.expression.text) == (
        "main.hcl:5,3-11", "main.hcl:5,3-7", "2")
    assert str(f.body.missing_item_range) == "main.hcl:1,1-1"


def test_attribute_expressions_evaluate_in_a_context() -> None:
    body = parse_config(CONFIG, "main.hcl").body
    with pytest.raises(DiagnosticsError, match='Unexpected "server" block'):
        body.attributes()
    content = body.content(BodySchema([AttributeSchema("region"), AttributeSchema("count")],
                                      [BlockHeaderSchema("server", ["name"])]))
    ctx = EvalContext(variables={"n": 2})
    assert content.attributes["count"].expression.evaluate(ctx) == cty.number_int_val(3)
    value, diags = content.attributes["count"].expression.value()
    assert not value.is_known()
    assert [(d.summary, str(d.subject)) for d in diags] == [
        ("Variables not allowed", "main.hcl:2,10-11")]


def test_content_reports_what_the_schema_does_not_name_with_hcl_s_words() -> None:
    body = parse_config(CONFIG, "main.hcl").body
    with pytest.raises(DiagnosticsError) as e:
        body.content(BodySchema([AttributeSchema("regoin"), AttributeSchema("name", True)],
                                [BlockHeaderSchema("server", ["kind", "name"])]))
    assert [(d.summary, d.detail, str(d.subject)) for d in e.value.diagnostics] == [
        ("Missing required argument",
         'The argument "name" is required, but no definition was found.', "main.hcl:1,1-1"),
        ("Missing name for server", "All server blocks must have 2 labels (kind, name).",
         "main.hcl:4,14-15"),
        ("Unsupported argument",
         'An argument named "region" is not expected here. Did you mean "regoin"?',
         "main.hcl:1,1-7"),
        ("Unsupported argument", 'An argument named "count" is not expected here.',
         "main.hcl:2,1-6")]
    with pytest.raises(DiagnosticsError) as e:
        body.content(BodySchema([AttributeSchema("region"), AttributeSchema("count"),
                                 AttributeSchema("server")]))
    assert [d.detail for d in e.value.diagnostics] == [
        'Blocks of type "server" are not expected here. Did you mean to define argument '
        '"server"? If so, use the equals sign to assign it a value.']


_REDEFINED = ('Attribute redefined; The argument "a" was already set at main.hcl:{}. Each '
              "argument may be set only once.")


@pytest.mark.parametrize(("text", "want"), [
    ("a = 1\na = 2\n", ['main.hcl:2,1-2: Attribute redefined; The argument "a" was already '
                        "set at main.hcl:1,1-2. Each argument may be set only once."]),
    ("a = 1, b = 2\n", ["main.hcl:1,6-7: Unexpected comma after argument; Argument "
                        "definitions must be separated by newlines, not commas. An argument "
                        "definition must end with a newline."]),
    ('"a" = 1\n', ["main.hcl:1,1-2: Invalid argument name; Argument names must not be "
                   "quoted."]),
    ("x {\n", ["main.hcl:1,3-4: Unclosed configuration block; There is no closing brace for "
               "this block before the end of the file. This may be caused by incorrect brace "
               "nesting elsewhere in this file."]),
    ('x "${y}" {}\n', ['main.hcl:1,4-6: Invalid string literal; Template sequences are not '
                       'allowed in this string. To include a literal "$", double it (as "$$") '
                       "to escape it."]),
    ("x {a = 1 b = 2}\n", ["main.hcl:1,10-11: Invalid single-argument block definition; A "
                           "single-line block definition must end with a closing brace "
                           "immediately after its single argument definition."]),
    ("a = 1 @\n", ["main.hcl:1,7-8: Invalid character; This character is not used within "
                   "the language.", "main.hcl:1,7-8: Missing newline after argument; An "
                   "argument definition must end with a newline."]),
    # after a mistake HCL's parser reads on: to the end of the item (a one-line block's
    # closing error first), or to the body's closing brace; a parenthesis left open
    # skips to the end of the file, where HCL's recovery seeks its closing one
    ('x "a" = {}\na = 1\na = 2\n', [
        'main.hcl:1,7-8: Invalid block definition; The equals sign "=" indicates an argument '
        "definition, and must not be used when defining a block.",
        "main.hcl:3,1-2: " + _REDEFINED.format("2,1-2")]),
    ('x { "y" }\n\n}\na = 1\na = 1\n', [
        "main.hcl:2,1-3,1: Invalid single-argument block definition; An argument definition "
        "on the same line as its containing block creates a single-line block definition, "
        "which must also be closed on the same line. Place the block's closing brace "
        "immediately after the argument definition.",
        "main.hcl:1,5-6: Argument or block definition required; An argument or block "
        "definition is required here.",
        "main.hcl:5,1-2: " + _REDEFINED.format("4,1-2")]),
    ("x {\n  ]\n  y = 2\n}\na = 1\na = 1\n", [
        "main.hcl:2,3-4: Argument or block definition required; An argument or block "
        "definition is required here.",
        "main.hcl:6,1-2: " + _REDEFINED.format("5,1-2")]),
    ("x { y = (1 }\na = 1\na = 1\n", [
        "main.hcl:1,12-13: Unbalanced parentheses; Expected a closing parenthesis to "
        "terminate the expression."]),
])
def test_a_file_hcl_cannot_read_raises_with_hcl_s_diagnostics(text: str,
                                                               want: list[str]) -> None:
    with pytest.raises(DiagnosticsError) as e:
        parse_config(text, "main.hcl")
    assert [str(d) for d in e.value.diagnostics] == want


def test_blocks_nest_to_any_depth() -> None:
    n = 10_000
    body = parse_config("a {\n" * n + "x = " + "[" * n + "1" + "]" * n + "\n" + "}\n" * n).body
    depth = 0
    while body.blocks:
        body, depth = body.blocks[0].body, depth + 1
    assert depth == n
    assert body.attributes()["x"].expression.evaluate().type().is_tuple_type()


def test_text_must_be_a_string() -> None:
    with pytest.raises(TypeError, match="text must be a str, not bytes"):
        parse_config(b"a = 1")  # type: ignore[arg-type]
