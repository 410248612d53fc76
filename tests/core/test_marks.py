"""Marks: go-cty's marks_test.go tables, carried over, and how marks ride through operations."""

from __future__ import annotations

from typing import Any

import pytest

import cty
from tests._ids import stable_id

CONTAINS_MARKED = [
    # value, whether it or anything inside it is marked
    (cty.string_val("a"), False),
    (cty.number_int_val(1).mark("a"), True),
    (cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]), False),
    (cty.list_val([cty.number_int_val(1), cty.number_int_val(2).mark("a")]), True),
    (cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]).mark("a"), True),
    (cty.list_val_empty(cty.String).mark("c"), True),
    (cty.map_val({"a": cty.string_val("b").mark("c"), "x": cty.string_val("y").mark("z")}), True),
    (cty.tuple_val([cty.number_int_val(1).mark("a"), cty.string_val("y").mark("z")]), True),
    (cty.set_val([cty.number_int_val(1).mark("a"), cty.number_int_val(2).mark("z")]), True),
    (
        cty.object_val(
            {
                "x": cty.list_val([cty.number_int_val(1).mark("a"), cty.number_int_val(2)]),
                "y": cty.string_val("y"),
                "z": cty.bool_val(True),
            }
        ),
        True,
    ),
]


@pytest.mark.parametrize(("value", "want"), CONTAINS_MARKED, ids=stable_id)
def test_contains_marked(value: cty.Value, want: bool) -> None:
    assert value.contains_marked() is want


IS_MARKED = [
    # value, whether it is marked itself
    (cty.string_val("a"), False),
    (cty.number_int_val(1).mark("a"), True),
    (cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]), False),
    (cty.list_val([cty.number_int_val(1), cty.number_int_val(2).mark("a")]), False),
    (cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]).mark("a"), True),
]


@pytest.mark.parametrize(("value", "want"), IS_MARKED, ids=stable_id)
def test_is_marked(value: cty.Value, want: bool) -> None:
    assert value.is_marked() is want


def test_value_marks() -> None:
    # go-cty's TestValueMarks
    v = cty.True_
    v1 = v.mark(1)
    v2 = v.mark(2)
    assert v.marks() == cty.new_value_marks()
    assert v1.marks() == cty.new_value_marks(1)
    assert v2.marks() == cty.new_value_marks(2)

    v12 = cty.False_.with_same_marks(v, v1, v2)
    assert v12.marks() == cty.new_value_marks(1, 2)
    assert v12.mark(1).marks() == cty.new_value_marks(1, 2)

    v1234 = v12.with_marks(cty.new_value_marks(2, 3, 4))
    assert v1234.marks() == cty.new_value_marks(1, 2, 3, 4)
    assert v1234.has_mark(2)
    assert not v1234.has_mark(5)

    v, marks1234 = v1234.unmark()
    assert v.marks() == cty.new_value_marks()
    assert marks1234 == cty.new_value_marks(1, 2, 3, 4)
    assert v == cty.False_

    # several operations in a row
    a = cty.number_int_val(2).mark("a")
    b = cty.number_int_val(5).mark("b")
    c = cty.number_int_val(1).mark("c")
    d = cty.number_int_val(12).mark("d")
    result = a.multiply(b).subtract(c).greater_than_or_equal_to(d)
    want = cty.False_.with_marks(cty.new_value_marks("a", "b", "c", "d"))
    assert result == want

    unmarked_result, pvm = result.unmark_deep_with_paths()
    assert unmarked_result.mark_with_paths(pvm) == want

    # marks at paths that do not exist are not applied
    no_paths = unmarked_result.mark_with_paths(
        [
            cty.PathValueMarks(
                cty.Path([cty.IndexStep(cty.number_int_val(0))]), cty.new_value_marks("z")
            )
        ]
    )
    assert no_paths == cty.False_


PATH_VALUE_MARKS_EQUAL = [
    # a, b, whether they are equal
    (
        cty.PathValueMarks(
            cty.Path([cty.IndexStep(cty.number_int_val(0))]), cty.new_value_marks("a")
        ),
        cty.PathValueMarks(
            cty.Path([cty.IndexStep(cty.number_int_val(0))]), cty.new_value_marks("a")
        ),
        True,
    ),
    (
        cty.PathValueMarks(
            cty.Path([cty.IndexStep(cty.string_val("p"))]), cty.new_value_marks(123)
        ),
        cty.PathValueMarks(
            cty.Path([cty.IndexStep(cty.string_val("p"))]), cty.new_value_marks(123)
        ),
        True,
    ),
    (
        cty.PathValueMarks(
            cty.Path([cty.IndexStep(cty.number_int_val(0))]), cty.new_value_marks("a")
        ),
        cty.PathValueMarks(
            cty.Path([cty.IndexStep(cty.number_int_val(1))]), cty.new_value_marks("a")
        ),
        False,
    ),
    (
        cty.PathValueMarks(
            cty.Path([cty.IndexStep(cty.number_int_val(0))]), cty.new_value_marks("a")
        ),
        cty.PathValueMarks(
            cty.Path([cty.IndexStep(cty.number_int_val(0))]), cty.new_value_marks("b")
        ),
        False,
    ),
    (
        cty.PathValueMarks(
            cty.Path([cty.IndexStep(cty.number_int_val(0))]), cty.new_value_marks("a")
        ),
        cty.PathValueMarks(
            cty.Path([cty.IndexStep(cty.number_int_val(1))]), cty.new_value_marks("b")
        ),
        False,
    ),
]


@pytest.mark.parametrize(("a", "b", "want"), PATH_VALUE_MARKS_EQUAL, ids=stable_id)
def test_path_value_marks_equal(a: cty.PathValueMarks, b: cty.PathValueMarks, want: bool) -> None:
    assert a.equal(b) is want
    assert (a == b) is want


def test_marks() -> None:
    # go-cty's TestMarks
    val = cty.string_val("foo").mark("a")
    assert val.marks() == {"a"}
    val, marks = val.unmark()
    assert not val.is_marked()
    assert marks == {"a"}

    val = val.with_marks(cty.new_value_marks("a", "b", "c"))
    assert val.marks() == {"a", "b", "c"}
    val, marks = val.unmark()
    assert not val.is_marked()
    assert marks == {"a", "b", "c"}

    val = val.mark("a").mark("b")
    assert val.marks() == {"a", "b"}
    val, marks = val.unmark()
    assert not val.is_marked()
    assert marks == {"a", "b"}


UNMARK_DEEP = [
    # value, the value unmarked at every depth, all its marks
    # unmarked string
    (cty.string_val("a"), cty.string_val("a"), cty.new_value_marks()),
    # marked number
    (cty.number_int_val(1).mark("a"), cty.number_int_val(1), cty.new_value_marks("a")),
    # unmarked list
    (
        cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]),
        cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]),
        cty.new_value_marks(),
    ),
    # list with some elements marked
    (
        cty.list_val([cty.number_int_val(1).mark("a"), cty.number_int_val(2)]),
        cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]),
        cty.new_value_marks("a"),
    ),
    # marked list with all elements marked
    (
        cty.list_val([cty.number_int_val(1).mark("a"), cty.number_int_val(2).mark("b")]).mark("c"),
        cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]),
        cty.new_value_marks("a", "b", "c"),
    ),
    # marked empty list
    (
        cty.list_val_empty(cty.String).mark("c"),
        cty.list_val_empty(cty.String),
        cty.new_value_marks("c"),
    ),
    # map with elements marked
    (
        cty.map_val({"a": cty.string_val("b").mark("c"), "x": cty.string_val("y").mark("z")}),
        cty.map_val({"a": cty.string_val("b"), "x": cty.string_val("y")}),
        cty.new_value_marks("c", "z"),
    ),
    # tuple with elements marked
    (
        cty.tuple_val([cty.number_int_val(1).mark("a"), cty.string_val("y").mark("z")]),
        cty.tuple_val([cty.number_int_val(1), cty.string_val("y")]),
        cty.new_value_marks("a", "z"),
    ),
    # set with elements marked
    (
        cty.set_val([cty.number_int_val(1).mark("a"), cty.number_int_val(2).mark("z")]),
        cty.set_val([cty.number_int_val(1), cty.number_int_val(2)]),
        cty.new_value_marks("a", "z"),
    ),
    # complex marked object with lots of marks
    (
        cty.object_val(
            {
                "x": cty.list_val(
                    [cty.number_int_val(3).mark("a"), cty.number_int_val(5).mark("b")]
                ).with_marks(cty.new_value_marks("c", "d")),
                "y": cty.string_val("y").mark("e"),
                "z": cty.bool_val(True).mark("f"),
            }
        ).mark("g"),
        cty.object_val(
            {
                "x": cty.list_val([cty.number_int_val(3), cty.number_int_val(5)]),
                "y": cty.string_val("y"),
                "z": cty.bool_val(True),
            }
        ),
        cty.new_value_marks("a", "b", "c", "d", "e", "f", "g"),
    ),
]


@pytest.mark.parametrize(("value", "want", "want_marks"), UNMARK_DEEP, ids=stable_id)
def test_unmark_deep(value: cty.Value, want: cty.Value, want_marks: frozenset[Any]) -> None:
    got, marks = value.unmark_deep()
    assert got == want
    assert marks == want_marks
    assert not got.contains_marked()


PATH_VALUE_MARKS = [
    # marked value, the value unmarked, the (path, marks) pairs unmark_deep_with_paths finds
    # unmarked string
    (cty.string_val("a"), cty.string_val("a"), None),
    # marked number
    (
        cty.number_int_val(1).mark("a"),
        cty.number_int_val(1),
        [[cty.Path([]), cty.new_value_marks("a")]],
    ),
    # list with some elements marked
    (
        cty.list_val([cty.number_int_val(1).mark("a"), cty.number_int_val(2)]),
        cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]),
        [[cty.index_int_path(0), cty.new_value_marks("a")]],
    ),
    # marked list with all elements marked
    (
        cty.list_val([cty.number_int_val(1).mark("a"), cty.number_int_val(2).mark("b")]).mark("c"),
        cty.list_val([cty.number_int_val(1), cty.number_int_val(2)]),
        [
            [cty.Path([]), cty.new_value_marks("c")],
            [cty.index_int_path(0), cty.new_value_marks("a")],
            [cty.index_int_path(1), cty.new_value_marks("b")],
        ],
    ),
    # marked empty list
    (
        cty.list_val_empty(cty.String).mark("c"),
        cty.list_val_empty(cty.String),
        [[cty.Path([]), cty.new_value_marks("c")]],
    ),
    # map with elements marked
    (
        cty.map_val({"a": cty.string_val("b").mark("c"), "x": cty.string_val("y").mark("z")}),
        cty.map_val({"a": cty.string_val("b"), "x": cty.string_val("y")}),
        [
            [cty.index_string_path("a"), cty.new_value_marks("c")],
            [cty.index_string_path("x"), cty.new_value_marks("z")],
        ],
    ),
    # tuple with elements marked
    (
        cty.tuple_val(
            [
                cty.number_int_val(1).mark("a"),
                cty.string_val("y").mark("z"),
                cty.object_val({"x": cty.True_}).mark("o"),
            ]
        ),
        cty.tuple_val(
            [cty.number_int_val(1), cty.string_val("y"), cty.object_val({"x": cty.True_})]
        ),
        [
            [cty.index_int_path(0), cty.new_value_marks("a")],
            [cty.index_int_path(1), cty.new_value_marks("z")],
            [cty.index_int_path(2), cty.new_value_marks("o")],
        ],
    ),
    # set with elements marked
    (
        cty.set_val([cty.number_int_val(1).mark("a"), cty.number_int_val(2).mark("z")]),
        cty.set_val([cty.number_int_val(1), cty.number_int_val(2)]),
        [[cty.Path([]), cty.new_value_marks("a", "z")]],
    ),
    # complex marked object with lots of marks
    (
        cty.object_val(
            {
                "x": cty.list_val(
                    [cty.number_int_val(3).mark("a"), cty.number_int_val(5).mark("b")]
                ).with_marks(cty.new_value_marks("c", "d")),
                "y": cty.string_val("y").mark("e"),
                "z": cty.bool_val(True).mark("f"),
            }
        ).mark("g"),
        cty.object_val(
            {
                "x": cty.list_val([cty.number_int_val(3), cty.number_int_val(5)]),
                "y": cty.string_val("y"),
                "z": cty.bool_val(True),
            }
        ),
        [
            [cty.Path([]), cty.new_value_marks("g")],
            [cty.get_attr_path("x"), cty.new_value_marks("c", "d")],
            [cty.get_attr_path("x").index_int(0), cty.new_value_marks("a")],
            [cty.get_attr_path("x").index_int(1), cty.new_value_marks("b")],
            [cty.get_attr_path("y"), cty.new_value_marks("e")],
            [cty.get_attr_path("z"), cty.new_value_marks("f")],
        ],
    ),
    # path array reuse regression test
    (
        cty.object_val(
            {
                "environment": cty.list_val(
                    [
                        cty.object_val(
                            {
                                "variables": cty.map_val(
                                    {
                                        "bar": cty.string_val("secret").mark("sensitive"),
                                        "foo": cty.string_val("secret").mark("sensitive"),
                                    }
                                )
                            }
                        )
                    ]
                )
            }
        ),
        cty.object_val(
            {
                "environment": cty.list_val(
                    [
                        cty.object_val(
                            {
                                "variables": cty.map_val(
                                    {
                                        "bar": cty.string_val("secret"),
                                        "foo": cty.string_val("secret"),
                                    }
                                )
                            }
                        )
                    ]
                )
            }
        ),
        [
            [
                cty.get_attr_path("environment")
                .index_int(0)
                .get_attr("variables")
                .index_string("bar"),
                cty.new_value_marks("sensitive"),
            ],
            [
                cty.get_attr_path("environment")
                .index_int(0)
                .get_attr("variables")
                .index_string("foo"),
                cty.new_value_marks("sensitive"),
            ],
        ],
    ),
]


@pytest.mark.parametrize(("marked", "unmarked", "pvms"), PATH_VALUE_MARKS, ids=stable_id)
def test_unmark_deep_with_paths(
    marked: cty.Value, unmarked: cty.Value, pvms: list[list[Any]] | None
) -> None:
    want = [cty.PathValueMarks(p, m) for p, m in pvms or []]
    got, got_pvms = marked.unmark_deep_with_paths()
    assert got == unmarked
    assert len(got_pvms) == len(want)
    for w in want:
        assert any(g.equal(w) for g in got_pvms), f"{w!r} not in {got_pvms!r}"


@pytest.mark.parametrize(("marked", "unmarked", "pvms"), PATH_VALUE_MARKS, ids=stable_id)
def test_mark_with_paths(
    marked: cty.Value, unmarked: cty.Value, pvms: list[list[Any]] | None
) -> None:
    want = [cty.PathValueMarks(p, m) for p, m in pvms or []]
    assert unmarked.mark_with_paths(want) == marked


def test_reapply_marks() -> None:
    # re-applying the same marks changes nothing
    obj = cty.object_val(
        {"nested": cty.object_val({"attr": cty.string_val("not directly marked")})}
    )
    pvm = [cty.PathValueMarks(cty.get_attr_path("nested"), cty.new_value_marks("mark"))]
    first = obj.mark_with_paths(pvm)
    second = first.mark_with_paths(pvm)
    assert first == second
    assert first.get_attr("nested").marks() == {"mark"}


def test_mark_with_paths_applies_the_first_matching_entry() -> None:
    v = cty.list_val([cty.True_])
    pvm = [
        cty.PathValueMarks(cty.index_int_path(0), cty.new_value_marks("first")),
        cty.PathValueMarks(cty.index_int_path(0), cty.new_value_marks("second")),
    ]
    assert v.mark_with_paths(pvm) == cty.list_val([cty.True_.mark("first")])
    assert v.mark_with_paths([]) is v or v.mark_with_paths([]) == v


def test_has_mark_deep() -> None:
    obj = cty.object_val({"nested": cty.object_val({"marked": cty.True_.mark("boop")})})
    assert obj.has_mark_deep("boop")
    assert not obj.has_mark("boop")
    assert not obj.has_mark_deep("other")


def _nested_marks_object() -> cty.Value:
    return cty.object_val(
        {
            "nested": cty.object_val(
                {"marked 1": cty.True_.mark("nested"), "marked 2": cty.True_.mark(2)}
            )
        }
    )


def test_value_marks_of_type() -> None:
    # go-cty's ValueMarksOfType[T]: the top-level marks that are of type T
    obj = _nested_marks_object().mark("shallow").mark(2)
    assert list(cty.value_marks_of_type(obj, str)) == ["shallow"]
    assert list(cty.value_marks_of_type(_nested_marks_object(), str)) == []


def test_value_marks_of_type_deep() -> None:
    # go-cty's ValueMarksOfTypeDeep[T]: marks of type T at any depth
    obj = cty.object_val(
        {
            "nested": cty.object_val(
                {"marked 1": cty.True_.mark("boop"), "marked 2": cty.True_.mark(2)}
            )
        }
    )
    assert list(cty.value_marks_of_type_deep(obj, str)) == ["boop"]


def test_marks_are_any_hashable_object_and_mark_takes_one() -> None:
    class Sensitive:
        pass

    s = Sensitive()
    v = cty.string_val("x").mark(s).mark(("tuple", 1))
    assert v.marks() == {s, ("tuple", 1)}
    with pytest.raises(TypeError):
        cty.string_val("x").mark(frozenset({"a"}))  # go-cty panics on Mark(ValueMarks)
    with pytest.raises(TypeError):
        cty.string_val("x").mark(["unhashable"])  # type: ignore[arg-type]


def test_new_value_marks_merges_mark_sets() -> None:
    assert cty.new_value_marks() == frozenset()
    assert cty.new_value_marks("a", cty.new_value_marks("b", "c"), "a") == {"a", "b", "c"}


MARKS_THROUGH_OPERATIONS = [
    # result, the marks it must carry
    (cty.number_int_val(1).mark("a").add(cty.number_int_val(2).mark("b")), {"a", "b"}),
    (cty.number_int_val(1).mark("a").negate(), {"a"}),
    (cty.unknown_val(cty.Number).mark("a").add(cty.number_int_val(2).mark("b")), {"a", "b"}),
    (cty.True_.mark("a").and_(cty.unknown_val(cty.Bool).mark("b")), {"a", "b"}),
    (cty.False_.mark("a").and_(cty.unknown_val(cty.Bool).mark("b")), {"a", "b"}),
    (cty.list_val([cty.True_]).mark("a").length(), {"a"}),
    (cty.list_val([cty.True_.mark("e")]).mark("a").index(cty.Zero.mark("k")), {"a", "e", "k"}),
    (cty.list_val([cty.True_]).has_index(cty.Zero.mark("k")), {"k"}),
    (cty.object_val({"x": cty.True_.mark("e")}).mark("a").get_attr("x"), {"a", "e"}),
    (cty.set_val([cty.True_]).mark("s").has_element(cty.True_.mark("e")), {"s", "e"}),
    # Equals merges marks from any depth
    (
        cty.list_val([cty.True_.mark("deep")]).equals(cty.list_val([cty.True_])),
        {"deep"},
    ),
    # against a null, only the top-level marks count (go-cty 1.18.0)
    (
        cty.object_val({"a": cty.string_val("a").mark("deep")})
        .mark("top")
        .equals(cty.null_val(cty.Object({"a": cty.String}))),
        {"top"},
    ),
    (cty.string_val("a").mark("x").raw_equals(cty.string_val("a").mark("x")), None),
]


@pytest.mark.parametrize(("result", "want"), MARKS_THROUGH_OPERATIONS, ids=stable_id)
def test_marks_through_operations(result: Any, want: set[Any] | None) -> None:
    if want is None:
        assert result is True
        return
    assert result.marks() == want


def test_marked_values_refuse_integration_methods() -> None:
    # go-cty panics on these for a marked receiver
    marked_list = cty.list_val([cty.True_]).mark("m")
    assert not marked_list.can_iterate_elements()
    for call in (
        marked_list.length_int,
        lambda: list(marked_list.element_iterator()),
        marked_list.as_value_slice,
        lambda: cty.string_val("s").mark("m").as_string(),
        lambda: cty.number_int_val(1).mark("m").as_big_float(),
        lambda: cty.True_.mark("m").true(),
        lambda: cty.True_.mark("m").false(),
    ):
        with pytest.raises(ValueError):
            call()
