"""cty.type_string: HCL's TypeString (compact) and the multi-line form (pretty).
(tests/core/test_hcl_typeexpr.py holds the compact form to HCL's own on 1,000 generated types
and every type of the HCL vectors.)"""

from __future__ import annotations

import pytest
from hypothesis import given

import cty
import cty.testing.strategies as cst
from tests._ids import stable_id

# T3.1 (HCL's type_string_test.go)
COMPACT = [
    (cty.DynamicPseudoType, "any"),
    (cty.List(cty.Number), "list(number)"),
    (cty.Object({"foo": cty.Bool, "bar": cty.String}), "object({bar=string,foo=bool})"),
    (cty.Tuple([cty.Bool, cty.String]), "tuple([bool,string])"),
    (cty.EmptyObject, "object({})"),
    (cty.EmptyTuple, "tuple([])"),
    (cty.Set(cty.Bool), "set(bool)"),
    (cty.Map(cty.String), "map(string)"),
    # T3.2: a name that is not an identifier is quoted
    (cty.Object({"foo bar baz": cty.String}), 'object({"foo bar baz"=string})'),
    # HCL leaves optional(...) out (str() writes it)
    (cty.ObjectWithOptionalAttrs({"name": cty.String, "age": cty.Number}, ["age"]),
     "object({age=number,name=string})"),
]


@pytest.mark.parametrize(("ty", "want"), COMPACT, ids=stable_id)
def test_compact_is_hcls_type_string(ty: cty.Type, want: str) -> None:
    assert cty.type_string(ty) == want


def test_pretty_breaks_six_nodes_or_more_onto_lines() -> None:
    # T3.12: five attributes and the object make six type nodes
    ty = cty.Object({k: cty.String for k in "abcde"})
    text = cty.type_string(ty, style="pretty")
    assert text == ("object({\n  a = string,\n  b = string,\n  c = string,\n  d = string,\n"
                    "  e = string,\n})")
    assert cty.parse_type(text) is ty
    small = cty.Object({k: cty.String for k in "abcd"})
    assert cty.type_string(small, style="pretty") == cty.type_string(small)


def _without_optional(ty: cty.Type) -> cty.Type:
    if ty.is_object_type():
        return cty.Object({k: _without_optional(t) for k, t in ty.attribute_types().items()})
    if ty.is_tuple_type():
        return cty.Tuple([_without_optional(t) for t in ty.tuple_element_types()])
    if ty.is_list_type():
        return cty.List(_without_optional(ty.element_type()))
    if ty.is_set_type():
        return cty.Set(_without_optional(ty.element_type()))
    if ty.is_map_type():
        return cty.Map(_without_optional(ty.element_type()))
    return ty


@given(cst.types(names=cst.unicode_names))
def test_both_forms_read_back(ty: cty.Type) -> None:
    want = _without_optional(ty)
    for style in ("compact", "pretty"):
        text = cty.type_string(ty, style=style)  # type: ignore[arg-type]
        assert cty.parse_type(text, allow_quoted_keys=True) is want


def test_capsules_and_bad_styles_are_refused() -> None:
    with pytest.raises(cty.CtyTypeError, match="capsule"):
        cty.type_string(cty.List(cty.Capsule("thing", object)))
    with pytest.raises(cty.CtyValueError, match="style"):
        cty.type_string(cty.String, style="wide")  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        cty.type_string("string")  # type: ignore[arg-type]


def test_deep_types() -> None:
    ty = cty.String
    for _ in range(5_000):
        ty = cty.List(ty)
    assert cty.type_string(ty) == "list(" * 5_000 + "string" + ")" * 5_000
