"""cty.parse_type: HCL type expressions in, types out; str(type) reads back as the same type."""

from __future__ import annotations

import pytest
from hypothesis import given

import cty
from tests._ids import stable_id

from ..strategies import types

PARSE = [
    ("string", cty.String),
    ("number", cty.Number),
    ("bool", cty.Bool),
    ("any", cty.DynamicPseudoType),
    ("list(string)", cty.List(cty.String)),
    ("set(number)", cty.Set(cty.Number)),
    ("map(list(bool))", cty.Map(cty.List(cty.Bool))),
    ("tuple([])", cty.EmptyTuple),
    ("tuple([string, number,])", cty.Tuple([cty.String, cty.Number])),
    ("object({})", cty.EmptyObject),
    ("object({name = string, port = number})",
     cty.Object({"name": cty.String, "port": cty.Number})),
    # HCL's object syntax: items on their own lines, ":" as well as "=", a trailing comma
    ("object({\n  name = string\n  port: number,\n})",
     cty.Object({"name": cty.String, "port": cty.Number})),
    ("object({a = optional(string), b = optional(list(any))})",
     cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.List(cty.DynamicPseudoType)},
                                 ["a", "b"])),
    # blanks and comments anywhere between tokens
    (" list ( # the element type:\n string // a string\n /* done */ ) ",
     cty.List(cty.String)),
    # quoted attribute names (how str() writes names that are not identifiers), which HCL
    # refuses: allow_quoted_keys=True reads them
    ('object({"two words" = string, "tab\\there" = bool, "\\u00e9" = number})',
     cty.Object({"two words": cty.String, "tab\there": cty.Bool, "\xe9": cty.Number})),
    # identifiers may hold dashes and letters of any script; names are NFC
    ("object({my-attr = string, \u00e9t\u00e9 = bool})",
     cty.Object({"my-attr": cty.String, "\xe9t\xe9": cty.Bool})),
    ('object({"e\u0301" = string})', cty.Object({"\xe9": cty.String})),
]


@pytest.mark.parametrize(("text", "want"), PARSE, ids=stable_id)
def test_parse_type(text: str, want: cty.Type) -> None:
    assert cty.parse_type(text, allow_quoted_keys=True) is want


ROUND_TRIP = [
    cty.Object({"": cty.String, "1st": cty.Number, "quote\"d": cty.Bool,
                "new\nline": cty.String, "nul\x00": cty.Bool, "\U0001f600": cty.Number}),
    cty.ObjectWithOptionalAttrs({"x": cty.Tuple([cty.Set(cty.DynamicPseudoType)])}, ["x"]),
    cty.Map(cty.Object({"a": cty.Tuple([])})),
]


@pytest.mark.parametrize("ty", ROUND_TRIP, ids=stable_id)
def test_printing_reads_back(ty: cty.Type) -> None:
    assert cty.parse_type(str(ty), allow_quoted_keys=True) is ty


@given(types(max_depth=4))
def test_every_printed_type_reads_back(ty: cty.Type) -> None:
    assert cty.parse_type(str(ty), allow_quoted_keys=True) is ty


@pytest.mark.slow
def test_deep_type_expressions() -> None:
    deep = cty.parse_type("list(" * 10_000 + "string" + ")" * 10_000)
    assert str(deep) == "list(" * 10_000 + "string" + ")" * 10_000
    nested = cty.parse_type("object({a=" * 2_000 + "any" + "})" * 2_000)
    assert cty.parse_type(str(nested)) is nested


# text, words of the error, line, column
ERRORS = [  # (text, HCL's detail, line, column), as HCL v2.24 answers (hcloracle)
    ('strin', 'The keyword "strin" is not a valid type specification.', 1, 1),
    ('list', 'The list type constructor requires one argument specifying the element type.', 1, 1),
    ('object',
     'The object type constructor requires one argument specifying the attribute types'
     ' and values as a map.', 1, 1),
    ('tuple',
     'The tuple type constructor requires one argument specifying the element types as'
     ' a list.', 1, 1),
    ('list()',
     'The list type constructor requires one argument specifying the element type.', 1, 5),
    ('map(string, number)',
     'The map type constructor requires one argument specifying the element type.', 1, 13),
    ('string(1)', 'Primitive type keyword "string" does not expect arguments.', 1, 7),
    ('any()', 'Type constraint keyword "any" does not expect arguments.', 1, 4),
    ('optional(string)',
     'Keyword "optional" is valid only as a modifier for object type attributes.', 1, 1),
    ('lists(string)', 'Keyword "lists" is not a valid type constructor.', 1, 1),
    ('"string"',
     'A type specification is either a primitive type keyword (bool, number, string) '
     'or a complex type constructor call, like list(string).', 1, 1),
    ('object([string])',
     'Object type constructor requires a map whose keys are attribute names and whose '
     'values are the corresponding attribute types.', 1, 8),
    ('tuple({})', 'Tuple type constructor requires a list of element types.', 1, 7),
    ('object({list(string) = string})',
     'Object constructor map keys must be attribute names.', 1, 9),
    ('object({a = string, a = number})', 'Object constructor map keys must be unique.', 1, 21),
    ('object({a = optional()})',
     'Optional attribute modifier requires the attribute type as its argument.', 1, 21),
    ('object({a = optional(string, "x")})',
     'Optional attribute modifier expects only one argument: the attribute type.', 1, 21),
    ('object({\n  a = string\n  b = 5\n})',
     'A type specification is either a primitive type keyword (bool, number, string) '
     'or a complex type constructor call, like list(string).', 3, 7),
    ('list(string',
     'There is no closing parenthesis for this function call before the end of the '
     'file. This may be caused by incorrect parenthesis nesting elsewhere in this '
     'file.', 1, 1),
    ('list(string) x',
     'An expression was successfully parsed, but extra characters were found after it.', 1, 14),
    ('object({a = string b = number})',
     'Expected a newline or comma to mark the beginning of the next attribute.', 1, 20),
    ('object({"a\\q" = string})', 'The symbol "q" is not a valid escape sequence selector.', 1, 11),
    ('object({"a = string})', 'No closing marker was found for the string.', 1, 22),
    ('object({"${x}" = string})', 'Object constructor map keys must be attribute names.', 1, 9),
    ('list(@)', 'This character is not used within the language.', 1, 6),
    ('', 'Expected the start of an expression, but found the end of the file.', 1, 1),
]


@pytest.mark.parametrize(("text", "words", "line", "column"), ERRORS, ids=stable_id)
def test_errors_say_what_and_where(text: str, words: str, line: int, column: int) -> None:
    with pytest.raises(cty.TypeExprError) as caught:
        cty.parse_type(text)
    assert words in caught.value.detail
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")
    assert isinstance(caught.value, cty.CtyValueError)


def test_exact_types_refuse_any_and_optional() -> None:
    assert cty.parse_type("list(string)", constraint=False) is cty.List(cty.String)
    with pytest.raises(cty.TypeExprError) as caught:
        cty.parse_type("list(any)", constraint=False)
    assert caught.value.detail == ('The keyword "any" cannot be used in this type '
                                   "specification: an exact type is required.")
    with pytest.raises(cty.TypeExprError) as caught:
        cty.parse_type("object({a = optional(string)})", constraint=False)
    assert caught.value.detail == ("Optional attribute modifier is only for type constraints, "
                                   "not for exact types.")


def test_escaped_template_characters_are_literal() -> None:
    ty = cty.parse_type('object({"$${a}%%{b}" = string})', allow_quoted_keys=True)
    assert ty.attribute_types() == {"${a}%{b}": cty.String}


def test_a_type_expression_must_be_a_str() -> None:
    with pytest.raises(cty.CtyTypeError, match="must be a str, not bytes"):
        cty.parse_type(b"string")  # type: ignore[arg-type]


def test_a_default_in_parse_type_points_to_parse_type_with_defaults() -> None:
    # (#47: HCL's words are kept; a note says where defaults are read)
    with pytest.raises(cty.TypeExprError, match="expects only one argument") as e:
        cty.parse_type('object({a = optional(string, "x")})')
    assert any("parse_type_with_defaults" in note for note in e.value.__notes__)


def test_two_spellings_of_one_name_are_one_attribute_where_they_agree() -> None:
    from cty.convert import parse_type_with_defaults

    # HCL takes both spellings (its check compares names as written); the object type keeps
    # one of them at random, which is one answer only where both say the same
    # (docs/design/divergences.md, NFC_EQUAL_NAMES).
    assert cty.parse_type("object({e\u0301 = string, \u00e9 = string})") == cty.Object(
        {"\u00e9": cty.String})
    assert cty.parse_type("object({\u00e9 = optional(number), e\u0301 = optional(number)})",
                          constraint=True) == cty.ObjectWithOptionalAttrs(
        {"\u00e9": cty.Number}, ["\u00e9"])
    for text, column in [("object({e\u0301 = string, \u00e9 = number})", 21),
                         ("object({e\u0301 = string, \u00e9 = optional(string)})", 21),
                         ('object({e\u0301 = optional(string, "x"), '
                          '\u00e9 = optional(string, "x")})', 36)]:
        with pytest.raises(cty.TypeExprError) as e:
            parse_type_with_defaults(text)
        assert (e.value.line, e.value.column) == (1, column)
        assert e.value.detail.startswith(
            'The attribute names "e\\u0301" and "\\u00e9" are one name in Unicode normalization '
            "form C")
