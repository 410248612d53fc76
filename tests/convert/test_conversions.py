"""cty.convert beyond go-cty's tables: error paths, caching, run-time checks, deep values,
capsule hooks, value-dependent result types, and where we deliberately differ from go-cty."""

from __future__ import annotations

from typing import Any

import pytest

import cty
from cty import Bool, DynamicPseudoType, List, Map, Number, Object, Set, String, Tuple
from cty.convert import convert, get_conversion, get_conversion_unsafe
from tests._ids import stable_id

S = cty.string_val
N = cty.number_int_val


# --- errors carry the path of the offending element ----------------------------------------


@pytest.mark.parametrize(
    ("value", "ty", "path", "text"),
    [
        (cty.list_val([cty.object_val({"port": S("80")}), cty.object_val({"port": S("x")})]),
         List(Object({"port": Number})), cty.Path().index_int(1).get_attr("port"),
         "[1].port: a number is required"),
        (cty.map_val({"a": S("1"), "b": S("no")}), Map(Number),
         cty.Path().index_string("b"), '["b"]: a number is required'),
        (cty.set_val([S("1"), S("TRUE")]), Set(Bool), cty.Path().index_int(1),
         '[1]: a bool is required; to convert from string, use lowercase "true"'),
        (cty.tuple_val([S("1"), cty.list_val([S("x")])]), Tuple([Number, List(Number)]),
         cty.Path().index_int(1).index_int(0), "[1][0]: a number is required"),
        (cty.object_val({"a": cty.map_val({"k": S("v")})}), Object({"a": Object({"b": String})}),
         cty.Path().get_attr("a"), '.a: map has no element for required attribute "b"'),
        (cty.object_val({"x": S("1"), "y": S("z")}), Map(Number), cty.Path().index_string("y"),
         '["y"]: a number is required'),
        (cty.tuple_val([N(1), S("z")]), List(Number), cty.Path().index_int(1),
         "[1]: a number is required"),
        (cty.tuple_val([N(1), S("z")]), Set(Number), cty.Path().index_int(1),
         "[1]: a number is required"),
    ],
    ids=stable_id,
)
def test_errors_name_the_path(value: cty.Value, ty: cty.Type, path: cty.Path,
                              text: str) -> None:
    with pytest.raises(cty.PathError) as caught:
        convert(value, ty)

    assert caught.value.path == path
    assert str(caught.value) == text


def test_a_conversion_puts_its_path_argument_in_front() -> None:
    conv = get_conversion_unsafe(List(String), List(Number))
    assert conv is not None
    base = cty.Path().get_attr("ports")

    with pytest.raises(cty.PathError) as caught:
        conv(cty.list_val([S("1"), S("x")]), base)

    assert caught.value.path == base.index_int(1)


def test_no_conversion_at_all_is_a_path_error_with_an_empty_path() -> None:
    with pytest.raises(cty.PathError) as caught:
        convert(cty.True_, Number)

    assert caught.value.path == cty.Path()
    assert caught.value.message == "number required, but have bool"


# --- which conversions exist ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("in_ty", "out_ty", "safe", "unsafe"),
    [
        (String, String, False, False),  # none from a primitive type to itself
        (Number, String, True, True),
        (String, Number, False, True),
        (Bool, Number, False, False),
        (List(String), List(String), True, True),
        (Map(String), Map(String), False, False),  # the element conversion must exist
        (Map(List(String)), Map(List(String)), True, True),
        (List(String), Set(String), False, True),
        (Set(String), List(String), True, True),
        (List(String), Tuple([String]), False, False),
        (Map(String), Object({"a": String}), False, True),
        (Object({"a": String}), Map(String), True, True),
        (DynamicPseudoType, String, False, True),
        (String, DynamicPseudoType, True, True),
        (DynamicPseudoType, DynamicPseudoType, True, True),
    ],
    ids=stable_id,
)
def test_which_conversions_exist(in_ty: cty.Type, out_ty: cty.Type, safe: bool,
                                 unsafe: bool) -> None:
    assert (get_conversion(in_ty, out_ty) is not None) == safe
    assert (get_conversion_unsafe(in_ty, out_ty) is not None) == unsafe


def test_conversions_are_planned_once() -> None:
    a = get_conversion(List(Number), List(String))

    assert a is get_conversion(List(Number), List(String))
    assert a is not get_conversion_unsafe(List(Number), List(String))


def test_bad_arguments_raise_type_error() -> None:
    with pytest.raises(TypeError):
        get_conversion("string", String)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        convert("x", String)  # type: ignore[arg-type]
    conv = get_conversion(Number, String)
    assert conv is not None
    with pytest.raises(TypeError, match="number"):
        conv(cty.True_)


# --- DynamicPseudoType ----------------------------------------------------------------------


def test_a_conversion_from_dynamic_checks_the_value_at_run_time() -> None:
    conv = get_conversion_unsafe(DynamicPseudoType, List(Number))
    assert conv is not None

    assert conv(cty.tuple_val([S("1")])) == cty.list_val([N(1)])
    assert conv(cty.DynamicVal) == cty.unknown_val(List(Number))
    assert conv(cty.null_val(DynamicPseudoType)) == cty.null_val(List(Number))
    with pytest.raises(cty.PathError) as caught:
        conv(cty.tuple_val([S("1"), S("x")]), cty.Path().get_attr("a"))
    assert caught.value.path == cty.Path().get_attr("a").index_int(1)


def test_a_conversion_to_dynamic_returns_the_value_itself() -> None:
    v = cty.object_val({"a": S("x").mark("m")}).mark("top")
    conv = get_conversion(v.type(), DynamicPseudoType)
    assert conv is not None

    assert conv(v) is v


# --- deep values ----------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [200, 1500])
def test_deeply_nested_lists_convert(depth: int) -> None:
    v = N(7)
    want = S("7")
    ty: cty.Type = String
    for _ in range(depth):
        v = cty.list_val([v])
        want = cty.list_val([want])
        ty = List(ty)

    assert convert(v, ty) == want


def test_a_deep_error_has_the_whole_path() -> None:
    v = S("x")
    ty: cty.Type = Number
    for _ in range(200):
        v = cty.list_val([v])
        ty = List(ty)

    with pytest.raises(cty.PathError) as caught:
        convert(v, ty)

    assert len(caught.value.path) == 200


def _deep_optional(depth: int) -> tuple[cty.Value, cty.Type, cty.Value]:
    """A value nested *depth* objects deep, a target type whose every level has an optional
    attribute, and the value converted (the absent attribute null at every level)."""
    v, ty, want = S("x"), String, S("x")
    for _ in range(depth):
        v = cty.object_val({"a": v})
        ty = cty.ObjectWithOptionalAttrs({"a": ty, "b": String}, ["b"])
        want = cty.object_val({"a": want, "b": cty.null_val(String)})
    return v, ty, want


def test_a_type_without_its_optional_markers_is_made_once() -> None:
    _, ty, _ = _deep_optional(50)
    stripped = ty.without_optional_attributes_deep()
    assert stripped is ty.without_optional_attributes_deep()  # remembered, not rebuilt
    assert not stripped.optional_attributes()
    assert stripped.attribute_type("a") is ty.attribute_type("a").without_optional_attributes_deep()


def test_planning_a_deep_conversion_writes_no_type_out_per_level(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Planning was cubic in the depth (81 s at 2,000 levels): every level wrote both types out
    in full (to name its generated code) and stripped the whole target below it again."""
    from cty._structural_types import ObjectType

    written = 0
    type_expr = ObjectType.type_expr

    def counting(self: cty.Type) -> str:
        nonlocal written
        written += 1
        return type_expr(self)

    monkeypatch.setattr(ObjectType, "type_expr", counting)
    v, ty, want = _deep_optional(400)
    assert convert(v, ty) == want
    assert written < 4 * 400  # a few per level at most (it was some 100,000 here)


# --- marks ------------------------------------------------------------------------------------


def test_marks_inside_a_list_move_onto_the_set_it_becomes() -> None:
    v = cty.list_val([cty.list_val([S("a").mark("x")]), cty.list_val([S("b")])])

    got = convert(v, Set(List(String)))

    assert got.marks() == frozenset({"x"})
    assert got.unmark()[0] == cty.set_val([cty.list_val([S("a")]), cty.list_val([S("b")])])


def test_marks_on_null_elements_are_kept() -> None:
    # go-cty drops them in some conversions (c-convert-0289..0294); we keep them everywhere
    v = cty.tuple_val([cty.null_val(String).mark("m"), S("x")])

    got = convert(v, List(String))

    assert got == cty.list_val([cty.null_val(String).mark("m"), S("x")])


def test_marks_on_unknown_values_are_kept() -> None:
    v = cty.object_val({"a": cty.unknown_val(Number).mark("m")})

    got = convert(v, Object({"a": String}))

    assert got == cty.object_val({"a": cty.unknown_val(String).mark("m")})


# --- unknowns ---------------------------------------------------------------------------------


def test_a_set_of_unknown_length_gives_a_list_of_the_target_type() -> None:
    # go-cty types this unknown list with the set's element type (list(string) here), so the
    # conversion would not give the type it was asked for; we give list(number)
    v = cty.set_val([S("1"), cty.unknown_val(String)])

    got = convert(v, List(Number))

    assert got == cty.unknown_val(List(Number))


def test_not_null_carries_over_to_nested_unknowns() -> None:
    v = cty.list_val([cty.unknown_val(String).refine_not_null()])

    got = convert(v, List(Number))

    assert got == cty.list_val([cty.unknown_val(Number).refine_not_null()])


# --- result types that depend on the value (targets with DynamicPseudoType inside) ----------


def test_an_empty_list_keeps_the_dynamic_target_element_type() -> None:
    ty = List(Object({"a": DynamicPseudoType}))

    assert convert(cty.list_val_empty(Object({"a": String})), ty) == cty.list_val_empty(
        Object({"a": DynamicPseudoType}))
    assert convert(cty.list_val([cty.object_val({"a": S("x")})]), ty).type() == List(
        Object({"a": String}))


def test_a_map_to_object_optional_dynamic_attribute_types_by_presence() -> None:
    ty = cty.ObjectWithOptionalAttrs({"a": String, "b": DynamicPseudoType}, ["b"])

    assert convert(cty.map_val({"a": S("x")}), ty) == cty.object_val(
        {"a": S("x"), "b": cty.null_val(DynamicPseudoType)})
    assert convert(cty.map_val({"a": S("x"), "b": S("y")}), ty) == cty.object_val(
        {"a": S("x"), "b": S("y")})


def test_elements_of_differing_types_in_a_list_are_an_error() -> None:
    v = cty.list_val([cty.list_val_empty(Object({"a": String})),
                      cty.list_val([cty.object_val({"a": S("x")})])])

    with pytest.raises(cty.PathError, match="element types must all match for conversion to"
                                            " list"):
        convert(v, List(List(Object({"a": DynamicPseudoType}))))


# --- capsule hooks ----------------------------------------------------------------------------


class Port:
    def __init__(self, n: int) -> None:
        self.n = n


def _to_port(src: cty.Type) -> Any:
    if src is not String:
        return None

    def conv(v: cty.Value, path: cty.Path) -> Port:
        text = v.as_string()
        if not text.isdigit():
            raise path.new_errorf("not a port number: %s", text)
        return Port(int(text))

    return conv


PORT = cty.CapsuleWithOps("port", Port, cty.CapsuleOps(conversion_to=_to_port))


def test_capsule_hook_errors_get_the_path_of_the_value() -> None:
    v = cty.list_val([S("80"), S("http")])

    with pytest.raises(cty.PathError) as caught:
        convert(v, List(PORT))

    assert caught.value.path == cty.Path().index_int(1)
    assert caught.value.message == "not a port number: http"


def test_capsule_conversions_are_unsafe_only() -> None:
    assert get_conversion(String, PORT) is None
    conv = get_conversion_unsafe(String, PORT)
    assert conv is not None

    assert conv(S("443")).encapsulated_value().n == 443


# --- an element of type dynamic (null or unknown) takes the type of the others ----------------


@pytest.mark.parametrize("unsafe", [False, True])
@pytest.mark.parametrize("b", [cty.null_val(DynamicPseudoType), cty.DynamicVal])
def test_object_to_map_of_dynamic_with_a_dynamic_attribute(unsafe: bool, b: cty.Value) -> None:
    v = cty.object_val({"a": cty.list_val([S("y")]), "b": b})
    get = get_conversion_unsafe if unsafe else get_conversion
    conv = get(v.type(), Map(DynamicPseudoType))
    assert conv is not None
    got = conv(v)
    assert got.type() == Map(List(String))
    assert got.index(S("a")) == cty.list_val([S("y")])
    b_out = got.index(S("b"))
    assert b_out.type() == List(String)
    assert b_out.is_null() == b.is_null() and b_out.is_known() == b.is_known()


def test_object_of_only_dynamic_attributes_to_map_of_dynamic() -> None:
    v = cty.object_val({"a": cty.null_val(DynamicPseudoType), "b": cty.DynamicVal})
    got = convert(v, Map(DynamicPseudoType))
    assert got.type() == Map(DynamicPseudoType)
    assert got.index(S("a")).is_null() and not got.index(S("b")).is_known()


def test_object_to_map_still_refuses_two_concrete_types_beside_a_dynamic_one() -> None:
    v = cty.object_val({"a": S("x"), "b": cty.list_val([S("y")]), "c": cty.DynamicVal})
    with pytest.raises(cty.PathError, match="attribute types must all match"):
        convert(v, Map(DynamicPseudoType))


# --- an empty refinement is a refinement (issue #47, item 5) -----------------------------------


def test_a_set_of_unknown_length_reconverted_by_unification_is_refined_with_nothing() -> None:
    # go-cty makes b an unknown list(number), then unifying the map's elements converts it to
    # list(string) with its refinement builder: refined with nothing, which RawEquals tells
    # apart from an unrefined unknown
    v = cty.object_val({"b": cty.set_val([cty.unknown_val(cty.Number), cty.number_int_val(1)]),
                        "c": cty.list_val_empty(cty.String)})
    b = convert(v, cty.Map(cty.DynamicPseudoType)).index(cty.string_val("b"))
    assert b.go_string() == "cty.UnknownVal(cty.List(cty.String)).Refine().NewValue()"
    assert not b.raw_equals(cty.unknown_val(cty.List(cty.String)))


def test_a_set_of_unknown_length_to_a_list_of_its_own_element_type_is_unrefined() -> None:
    s = cty.set_val([cty.unknown_val(cty.String), cty.string_val("a")])
    got = convert(s, cty.List(cty.String))
    assert got.raw_equals(cty.unknown_val(cty.List(cty.String)))


@pytest.mark.parametrize("value, target", [
    (cty.map_val({"b": cty.set_val([cty.unknown_val(Number), cty.number_int_val(1)]),
                  "c": cty.set_val([cty.number_int_val(2)])}), Map(List(String))),
    (cty.tuple_val([cty.set_val([cty.unknown_val(Number), cty.number_int_val(1)]),
                    cty.list_val_empty(String)]), List(DynamicPseudoType)),
    (cty.tuple_val([cty.set_val([cty.unknown_val(Number), cty.number_int_val(1)]).mark("m"),
                    cty.list_val_empty(String)]), List(DynamicPseudoType)),
], ids=["map-of-sets", "tuple-to-list", "marked"])
def test_every_unification_refines_the_set_of_unknown_length(value: cty.Value,
                                                             target: cty.Type) -> None:
    got = convert(value, target)
    first = next(iter(got.unmark_deep()[0].as_value_slice()))
    assert first.go_string() == "cty.UnknownVal(cty.List(cty.String)).Refine().NewValue()"
