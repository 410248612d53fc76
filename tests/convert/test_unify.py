"""go-cty's TestUnify (unify_test.go), TestSortTypes (sort_types_test.go) and
TestCompareTypes (compare_types_test.go), carried over, and checks of the conversions unify
returns."""

from __future__ import annotations

import itertools

import pytest

import cty
from cty import (
    Bool,
    DynamicPseudoType,
    EmptyObject,
    EmptyTuple,
    List,
    Map,
    Number,
    Object,
    Set,
    String,
    Tuple,
)
from cty.convert import unify, unify_unsafe
from cty.convert._compare_types import compare_types
from cty.convert._sort_types import sort_types
from tests._ids import stable_id

Dyn = DynamicPseudoType
A_STR = Object({"a": String})
AB_STR = Object({"a": String, "b": String})

UNIFY_CASES: list[tuple[list[cty.Type], cty.Type | None, list[bool] | None]] = [
    # input, want type, want conversions (whether each input gets one)
    ([], None, None),
    ([String], String, [False]),
    ([Number], Number, [False]),
    ([Number, Number], Number, [False, False]),
    ([Number, String], String, [True, False]),
    ([String, Number], String, [False, True]),
    ([Bool, String, Number], String, [True, False, True]),
    ([Bool, Number], None, None),
    ([Object({"foo": String}), Object({"foo": String})], Object({"foo": String}),
     [False, False]),
    ([Object({"foo": String}), Object({"foo": Number})], Object({"foo": String}),
     [False, True]),
    ([Object({"foo": String}), Object({"bar": Number})], Map(String), [True, True]),
    ([Object({"foo": String}), EmptyObject], Map(String), [True, True]),
    ([Object({"foo": Bool}), Object({"bar": Number})], None, None),
    ([Object({"foo": Bool}), Object({"foo": Number})], None, None),
    ([Tuple([String]), Tuple([String])], Tuple([String]), [False, False]),
    ([Tuple([String]), Tuple([Number])], Tuple([String]), [False, True]),
    ([Tuple([String]), Tuple([String, Number])], List(String), [True, True]),
    ([Tuple([String]), EmptyTuple], List(String), [True, True]),
    ([Tuple([Bool]), Tuple([Number])], None, None),
    # objects can unify as map(string) within the tuples
    ([Tuple([A_STR, A_STR]), Tuple([AB_STR])], List(Map(String)), [True, True]),
    # The second tuple value could be anything, so these do not unify as a list (yet).
    ([Tuple([A_STR, Dyn]), List(Dyn)], None, None),
    # unifies to the same result as above, since the only difference is the addition of a list
    ([List(A_STR), Tuple([AB_STR]), Tuple([AB_STR, Object({"c": String, "d": String})])],
     List(Map(String)), [True, True, True]),
    # Ensure the map does not change the unification process
    ([List(A_STR), List(Map(String)), Tuple([Map(String), AB_STR])], List(Map(String)),
     [True, False, True]),
    # different tuple lengths unify as a list, and the objects can unify as maps
    ([Tuple([Object({"a": String, "b": Number}), Object({"a": String, "b": Number})]),
      Tuple([A_STR])], List(Map(String)), [True, True]),
    # the equivalent tuple lengths still unify as a tuple, though the objects are unified as a map
    ([Tuple([Object({"a": String, "b": Number})]), Tuple([A_STR])], Tuple([Map(String)]),
     [True, True]),
    # This should unify to like the tuple above
    ([List(Object({"a": Number, "b": String})), Tuple([A_STR])], List(Map(String)),
     [True, True]),
    # This should also unify like the previous 2 examples
    ([List(Object({"a": Number, "b": String})), List(A_STR)], List(Map(String)), [True, True]),
    # Objects and maps should unify along with the surrounding lists and tuples.
    ([List(Object({"a": A_STR, "b": AB_STR})), List(Map(AB_STR))], List(Map(Map(String))),
     [True, True]),
    # objects can unify as maps within objects
    ([Object({"a": A_STR}), Object({"a": AB_STR})], Object({"a": Map(String)}), [True, True]),
    # nested objects can unify as maps
    ([Object({"a": A_STR, "b": AB_STR}), Map(AB_STR)], Map(Map(String)), [True, True]),
    # nested tuples and lists can unify along with the surrounding objects and maps
    ([Object({
        "a": Object({"a": List(String)}),
        "b": Object({"a": Tuple([String]), "b": List(String)}),
    }), Map(Object({"a": List(String), "b": List(String)}))], Map(Map(List(String))),
     [True, True]),
    # objects can unify as maps containing objects when all attributes match
    ([Object({"a": A_STR, "b": A_STR}), Map(A_STR)], Map(A_STR), [True, False]),
    # objects can unify as maps with dynamic types
    ([Object({"a": A_STR, "b": A_STR}), Map(Dyn), Map(A_STR)], Map(Dyn), [True, False, True]),
    # deeply nested objects and maps can unify
    ([Object({
        "a": Object({"a": A_STR}),
        "b": Object({"c": Object({"d": String})}),
    }), Map(Map(Map(String)))], Map(Map(Map(String))), [True, False]),
    # deeply nested objects with maps can unify as maps
    ([Map(Map(Map(String))), Object({
        "a": Object({"a": A_STR, "b": Map(String)}),
        "b": Map(Map(String)),
    })], Map(Map(Map(String))), [False, True]),
    ([Dyn, Tuple([Number])], Dyn, [True, True]),
    ([Dyn, Object({"num": Number})], Dyn, [True, True]),
    ([Tuple([Number]), Dyn, Object({"num": Number})], None, None),
]


@pytest.mark.parametrize(("types", "want_type", "want_convs"), UNIFY_CASES, ids=stable_id)
def test_unify(types: list[cty.Type], want_type: cty.Type | None,
               want_convs: list[bool] | None) -> None:
    got_type, got_convs = unify(types)

    assert got_type == want_type
    if want_convs is None:
        assert got_convs is None
    else:
        assert got_convs is not None
        assert [c is not None for c in got_convs] == want_convs


def test_the_unify_table_has_every_go_cty_case() -> None:
    assert len(UNIFY_CASES) == 38


@pytest.mark.parametrize(
    ("types", "want_safe", "want_unsafe"),
    [
        ([String, Dyn], Dyn, String),
        ([Dyn, String], Dyn, String),
        ([Dyn, Dyn], Dyn, Dyn),
        ([String, Number, Bool], String, String),
        ([List(String), Set(Number)], List(String), List(String)),
        ([Number, String, Number, Number], String, String),
    ],
    ids=stable_id,
)
def test_unify_safe_and_unsafe(types: list[cty.Type], want_safe: cty.Type,
                               want_unsafe: cty.Type) -> None:
    assert unify(types)[0] == want_safe
    assert unify_unsafe(types)[0] == want_unsafe


@pytest.mark.parametrize(("types", "_want", "_convs"),
                         [c for c in UNIFY_CASES if len(c[0]) > 1], ids=stable_id)
def test_unify_ignores_input_order(types: list[cty.Type], _want: object,
                                   _convs: object) -> None:
    results = {unify(list(p))[0] for p in itertools.permutations(types)}

    assert len(results) == 1


@pytest.mark.parametrize(("types", "want_type", "_convs"),
                         [c for c in UNIFY_CASES if c[1] is not None], ids=stable_id)
def test_unify_conversions_accept_null_and_unknown(types: list[cty.Type], want_type: cty.Type,
                                                   _convs: object) -> None:
    _, convs = unify(types)
    assert convs is not None
    for t, conv in zip(types, convs, strict=True):
        if conv is None:
            continue
        for v in (cty.null_val(t), cty.unknown_val(t)):
            got = conv(v)
            assert got.type().test_conformance(want_type) == []


def test_unify_dedupes_many_types() -> None:
    types = [Object({"a": String, "b": Number})] * 5000 + [Object({"a": Number, "b": String})]

    ty, convs = unify(types)

    assert ty == Object({"a": String, "b": String})
    assert convs is not None and len(convs) == 5001
    assert convs[0] is convs[4999]


def test_unify_chained_conversion_converts_the_converted_value() -> None:
    # go-cty hands the original tuple to the list conversion; we hand it the list
    ty, convs = unify([List(Number), Tuple([String])])
    assert ty == List(String) and convs is not None
    tuple_conv = convs[1]
    assert tuple_conv is not None

    got = tuple_conv(cty.tuple_val([cty.string_val("a")]))

    assert got == cty.list_val([cty.string_val("a")])


def test_unify_dynamic_conversion_keeps_marks() -> None:
    _, convs = unify([Dyn, Tuple([Number])])
    assert convs is not None and convs[1] is not None

    got = convs[1](cty.tuple_val([cty.number_int_val(1).mark("secret")]))

    assert got.type() is Dyn and not got.is_known()
    assert got.marks() == frozenset({"secret"})


def test_unify_unsafe_dynamic_conversion_checks_at_run_time() -> None:
    _, convs = unify_unsafe([Number, Dyn])
    assert convs is not None and convs[1] is not None
    conv = convs[1]

    assert conv(cty.string_val("12")) == cty.number_int_val(12)
    assert conv(cty.DynamicVal) == cty.unknown_val(Number)
    with pytest.raises(cty.PathError, match="a number is required"):
        conv(cty.string_val("twelve"))
    with pytest.raises(cty.PathError) as caught:
        conv(cty.string_val("twelve"), cty.Path().get_attr("x"))
    assert caught.value.path == cty.Path().get_attr("x")


@pytest.mark.parametrize("bad", ["string", cty.String, [cty.String, "number"], 3])
def test_unify_rejects_non_types(bad: object) -> None:
    with pytest.raises(TypeError):
        unify(bad)  # type: ignore[arg-type]


# --- sort_types (sort_types_test.go) -------------------------------------------------------

SORT_CASES: list[tuple[list[cty.Type], list[cty.Type]]] = [
    ([], []),
    ([String, Number], [String, Number]),
    ([Number, String], [String, Number]),
    ([String, Bool], [String, Bool]),
    ([Bool, String], [String, Bool]),
    ([Bool, String, Number], [String, Bool, Number]),
    ([Number, String, Bool], [String, Number, Bool]),
    ([String, String], [String, String]),
    ([Number, String, Number], [String, Number, Number]),
    ([String, List(String)], [String, List(String)]),
    ([List(String), String], [List(String), String]),
    # This result is somewhat arbitrary, but the important thing is that it is consistent.
    ([Bool, List(String), String], [List(String), String, Bool]),
    ([String, Dyn], [String, Dyn]),
    ([Dyn, String], [String, Dyn]),
]


@pytest.mark.parametrize(("types", "want"), SORT_CASES, ids=stable_id)
def test_sort_types(types: list[cty.Type], want: list[cty.Type]) -> None:
    idxs = sort_types(types)

    assert len(idxs) == len(types)
    assert [types[i] for i in idxs] == want


# --- compare_types (compare_types_test.go) -------------------------------------------------

NAME = Object({"name": String})
NAME_NUMBER = Object({"name": String, "number": Number})
COMPARE_CASES: list[tuple[cty.Type, cty.Type, int]] = [
    # Primitives
    (String, String, 0),
    (String, Number, -1),
    (Number, String, 1),
    (String, Bool, -1),
    (Bool, String, 1),
    (Bool, Number, 0),
    (Number, Bool, 0),
    # Lists
    (List(String), List(String), 0),
    (List(String), List(Number), -1),
    (List(Number), List(String), 1),
    (List(String), String, 0),
    # Sets
    (Set(String), Set(String), 0),
    (Set(String), Set(Number), -1),
    (Set(Number), Set(String), 1),
    (Set(String), String, 0),
    # Maps
    (Map(String), Map(String), 0),
    (Map(String), Map(Number), -1),
    (Map(Number), Map(String), 1),
    (Map(String), String, 0),
    # Objects
    (EmptyObject, EmptyObject, 0),
    (EmptyObject, NAME, 0),
    (NAME, NAME, 0),
    (NAME_NUMBER, NAME, 0),
    (Object({"number": Number}), NAME, 0),
    (NAME_NUMBER, NAME_NUMBER, 0),
    (Object({"name": String, "number": String}), NAME_NUMBER, -1),
    (NAME_NUMBER, Object({"name": String, "number": String}), 1),
    # a third type with both attributes strings would be a common base type of these
    (Object({"a": String, "b": Number}), Object({"a": Number, "b": String}), 0),
    # Tuples
    (EmptyTuple, EmptyTuple, 0),
    (EmptyTuple, Tuple([String]), 0),
    (Tuple([String]), Tuple([String]), 0),
    (Tuple([String, Number]), Tuple([String]), 0),
    (Tuple([String, Number]), Tuple([String, Number]), 0),
    (Tuple([String, String]), Tuple([String, Number]), -1),
    (Tuple([String, Number]), Tuple([String, String]), 1),
    (Tuple([String, Number]), Tuple([Number, String]), 0),
    # Lists and Sets
    (Set(String), List(String), 1),
    (List(String), Set(String), -1),
    (List(String), Set(Number), -1),
    (Set(Number), List(String), 1),
    (List(Number), Set(String), -1),
    (Set(String), List(Number), 1),
    # Dynamics
    (Dyn, Dyn, 0),
    (Dyn, String, 1),
    (String, Dyn, -1),
    (Number, Dyn, -1),
    (Dyn, Number, 1),
    (Bool, Dyn, -1),
    (Dyn, Bool, 1),
    # ours, beyond go-cty's table
    (List(Number), Dyn, -1),
    (Dyn, List(Number), 1),
    (List(Number), List(Dyn), -1),
    (List(Dyn), List(Number), 1),
    (Map(Number), Map(Dyn), -1),
    (Map(Dyn), Map(Number), 1),
    (Set(Number), Set(Dyn), -1),
    (Set(Dyn), Set(Number), 1),
    (Object({"a": Number}), Object({"a": Dyn}), -1),
    (Object({"a": Dyn}), Object({"a": Number}), 1),
    (Tuple([Number]), Tuple([Dyn]), -1),
    (Tuple([Dyn]), Tuple([Number]), 1),
    # Lists and Tuples
    (List(String), Tuple([String]), -1),
    (Tuple([String]), List(String), 1),
    # Maps and Objects
    (Map(String), NAME, -1),
    (NAME, Map(String), 1),
    # Sets and Tuples
    (Set(String), Tuple([String]), 1),
    (Tuple([String]), Set(String), -1),
]


def test_the_compare_table_has_every_go_cty_case() -> None:
    assert COMPARE_CASES.index((List(Number), Dyn, -1)) == 49


@pytest.mark.parametrize(("a", "b", "want"), COMPARE_CASES, ids=stable_id)
def test_compare_types(a: cty.Type, b: cty.Type, want: int) -> None:
    assert compare_types(a, b) == want


@pytest.mark.parametrize(("types", "pair", "why"), [
    ([cty.Number, cty.Bool], (cty.Number, cty.Bool), "bool required, but have number"),
    ([cty.String, cty.Object({"a": cty.String}), cty.List(cty.String)],
     (cty.String, cty.Object({"a": cty.String})), "object required, but have string"),
    ([cty.Object({"a": cty.String}), cty.List(cty.String)],
     (cty.Object({"a": cty.String}), cty.List(cty.String)), "list of string required"),
    ([cty.List(cty.Number), cty.List(cty.Bool), cty.List(cty.Number)],
     (cty.List(cty.Number), cty.List(cty.Bool)), "incorrect list element type"),
])
def test_unify_or_raise_says_which_types_have_no_common_type(
        types: list[cty.Type], pair: tuple[cty.Type, cty.Type], why: str) -> None:
    from cty.convert import UnifyError, unify_or_raise
    assert unify(types) == (None, None)
    with pytest.raises(UnifyError, match=why) as e:
        unify_or_raise(types)
    assert e.value.pair == pair
    assert e.value.types == tuple(types)
    assert isinstance(e.value, cty.CtyTypeError)
    assert f"cannot unify {pair[0]} and {pair[1]}" in str(e.value)


def test_unify_or_raise_gives_what_unify_gives() -> None:
    from cty.convert import UnifyError, unify_or_raise
    for types in ([cty.Number, cty.String], [cty.String, cty.DynamicPseudoType],
                  [cty.Object({"a": cty.String}), cty.Object({"b": cty.Number})]):
        assert unify_or_raise(types) == unify(types)
        assert unify_or_raise(types, unsafe=True) == unify_unsafe(types)
    with pytest.raises(UnifyError, match="no types"):
        unify_or_raise([])
    with pytest.raises(cty.CtyTypeError):
        unify_or_raise(cty.String)  # type: ignore[arg-type]
