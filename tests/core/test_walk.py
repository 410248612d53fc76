"""Walk and transform: go-cty's walk_test.go, carried over, plus order, pruning and errors."""

from __future__ import annotations

import pytest

import cty


def _walk_input() -> cty.Value:
    return cty.object_val(
        {
            "string": cty.string_val("hello"),
            "number": cty.number_int_val(10),
            "bool": cty.True_,
            "list": cty.list_val([cty.True_]),
            "list_empty": cty.list_val_empty(cty.Bool),
            "set": cty.set_val([cty.True_]),
            "set_empty": cty.list_val_empty(cty.Bool),  # as in go-cty's test: a list
            "tuple": cty.tuple_val([cty.True_]),
            "tuple_empty": cty.EmptyTupleVal,
            "map": cty.map_val({"true": cty.True_}),
            "map_empty": cty.map_val_empty(cty.Bool),
            "object": cty.object_val({"true": cty.True_}),
            "object_empty": cty.EmptyObjectVal,
            "null": cty.null_val(cty.List(cty.String)),
            "unknown": cty.unknown_val(cty.Map(cty.Bool)),
            "marked_string": cty.string_val("boop").mark("blorp"),
            "marked_list": cty.list_val([cty.True_]).mark("blorp"),
            "marked_tuple": cty.tuple_val([cty.True_]).mark("blorp"),
            "marked_set": cty.set_val([cty.True_]).mark("blorp"),
            "marked_object": cty.object_val({"true": cty.True_}).mark("blorp"),
            "marked_map": cty.map_val({"true": cty.True_}),  # as in go-cty's test: unmarked
        }
    )


def attr(name: str) -> cty.Path:
    return cty.get_attr_path(name)


WALK_CALLS = [
    # path, friendly name of the type of the value there
    (cty.Path(), "object"),
    (attr("string"), "string"),
    (attr("number"), "number"),
    (attr("bool"), "bool"),
    (attr("list"), "list of bool"),
    (attr("list").index_int(0), "bool"),
    (attr("list_empty"), "list of bool"),
    (attr("set"), "set of bool"),
    (attr("set").index(cty.True_), "bool"),
    (attr("set_empty"), "list of bool"),
    (attr("tuple"), "tuple"),
    (attr("tuple").index_int(0), "bool"),
    (attr("tuple_empty"), "tuple"),
    (attr("map").index_string("true"), "bool"),
    (attr("map"), "map of bool"),
    (attr("map_empty"), "map of bool"),
    (attr("object"), "object"),
    (attr("object").get_attr("true"), "bool"),
    (attr("object_empty"), "object"),
    (attr("null"), "list of string"),
    (attr("unknown"), "map of bool"),
    (attr("marked_string"), "string"),
    (attr("marked_list"), "list of bool"),
    (attr("marked_list").index_int(0), "bool"),
    (attr("marked_set"), "set of bool"),
    (attr("marked_set").index(cty.True_), "bool"),
    (attr("marked_object"), "object"),
    (attr("marked_object").get_attr("true"), "bool"),
    (attr("marked_tuple"), "tuple"),
    (attr("marked_tuple").index_int(0), "bool"),
    (attr("marked_map"), "map of bool"),
    (attr("marked_map").index_string("true"), "bool"),
]


def test_walk() -> None:
    # go-cty's TestWalk: every path, with its value's type, exactly once
    got: list[tuple[cty.Path, str]] = []

    def visit(path: cty.Path, v: cty.Value) -> bool:
        got.append((path, v.type().friendly_name()))
        return True

    cty.walk(_walk_input(), visit)
    assert sorted(got, key=repr) == sorted(WALK_CALLS, key=repr)


def test_deep_values() -> None:
    got = [(p, v.type().friendly_name()) for p, v in cty.deep_values(_walk_input())]
    assert sorted(got, key=repr) == sorted(WALK_CALLS, key=repr)


def test_walk_is_pre_order_in_element_order() -> None:
    v = cty.object_val(
        {
            "b": cty.list_val([cty.string_val("x"), cty.string_val("y")]),
            "a": cty.map_val({"z": cty.True_, "k": cty.False_}),
            "c": cty.set_val([cty.number_int_val(10), cty.number_int_val(2)]),
        }
    )
    got = [p.format() for p, _ in cty.deep_values(v)]
    assert got == ["", ".a", '.a["k"]', '.a["z"]', ".b", ".b[0]", ".b[1]", ".c", ".c[2]", ".c[10]"]


def test_walk_visits_marked_values_with_their_marks() -> None:
    seen: dict[str, frozenset[object]] = {}

    def visit(path: cty.Path, v: cty.Value) -> bool:
        seen[path.format()] = v.marks()
        return True

    cty.walk(cty.list_val([cty.True_.mark("inner")]).mark("outer"), visit)
    assert seen == {"": {"outer"}, "[0]": {"inner"}}


def test_walk_prunes_where_the_callback_says_not_to_descend() -> None:
    seen: list[str] = []

    def visit(path: cty.Path, v: cty.Value) -> bool:
        seen.append(path.format())
        return path.format() != ".list"

    cty.walk(_walk_input(), visit)
    assert ".list" in seen
    assert ".list[0]" not in seen
    assert ".tuple[0]" in seen


def test_walk_stops_at_an_exception() -> None:
    seen: list[str] = []

    def visit(path: cty.Path, v: cty.Value) -> bool:
        seen.append(path.format())
        if path.format() == ".bool":
            raise ValueError("stop here")
        return True

    with pytest.raises(ValueError, match="stop here"):
        cty.walk(_walk_input(), visit)
    assert seen == ["", ".bool"]


class PathTransformer(cty.Transformer):
    """go-cty's pathTransformer: each primitive becomes the text of its path."""

    def enter(self, path: cty.Path, v: cty.Value, /) -> cty.Value:
        return v

    def exit(self, path: cty.Path, v: cty.Value, /) -> cty.Value:
        if v.type().is_primitive_type():
            return cty.string_val(repr(path))
        return v


def test_transform_with_transformer() -> None:
    val = cty.object_val(
        {
            "string": cty.string_val("hello"),
            "number": cty.number_int_val(10),
            "bool": cty.True_,
            "list": cty.list_val([cty.True_]),
            "list_empty": cty.list_val_empty(cty.Bool),
            "set": cty.set_val([cty.True_]),
            "set_empty": cty.list_val_empty(cty.Bool),
            "tuple": cty.tuple_val([cty.True_]),
            "tuple_empty": cty.EmptyTupleVal,
            "map": cty.map_val({"true": cty.True_}),
            "map_empty": cty.map_val_empty(cty.Bool),
            "object": cty.object_val({"true": cty.True_}),
            "object_empty": cty.EmptyObjectVal,
            "null": cty.null_val(cty.String),
            "unknown": cty.unknown_val(cty.Bool),
            "null_list": cty.null_val(cty.List(cty.String)),
            "unknown_map": cty.unknown_val(cty.Map(cty.Bool)),
            "marked_string": cty.string_val("hello").mark("blorp"),
            "marked_list": cty.list_val([cty.True_]).mark("blorp"),
            "marked_set": cty.set_val([cty.True_]).mark("blorp"),
            "marked_tuple": cty.tuple_val([cty.True_]).mark("blorp"),
            "marked_map": cty.map_val({"true": cty.True_}).mark("blorp"),
            "marked_object": cty.object_val({"true": cty.True_}).mark("blorp"),
        }
    )

    def at(path: cty.Path) -> cty.Value:
        return cty.string_val(repr(path))

    want = cty.object_val(
        {
            "string": at(attr("string")),
            "number": at(attr("number")),
            "bool": at(attr("bool")),
            "list": cty.list_val([at(attr("list").index_int(0))]),
            "list_empty": cty.list_val_empty(cty.Bool),
            "set": cty.set_val([at(attr("set").index(cty.True_))]),
            "set_empty": cty.list_val_empty(cty.Bool),
            "tuple": cty.tuple_val([at(attr("tuple").index_int(0))]),
            "tuple_empty": cty.EmptyTupleVal,
            "map": cty.map_val({"true": at(attr("map").index_string("true"))}),
            "map_empty": cty.map_val_empty(cty.Bool),
            "object": cty.object_val({"true": at(attr("object").get_attr("true"))}),
            "object_empty": cty.EmptyObjectVal,
            "null": at(attr("null")),
            "unknown": at(attr("unknown")),
            "null_list": cty.null_val(cty.List(cty.String)),
            "unknown_map": cty.unknown_val(cty.Map(cty.Bool)),
            # the transformer's result replaces the marked string, marks and all
            "marked_string": at(attr("marked_string")),
            "marked_list": cty.list_val([at(attr("marked_list").index_int(0))]).mark("blorp"),
            "marked_set": cty.set_val([at(attr("marked_set").index(cty.True_))]).mark("blorp"),
            "marked_tuple": cty.tuple_val([at(attr("marked_tuple").index_int(0))]).mark("blorp"),
            "marked_map": cty.map_val({"true": at(attr("marked_map").index_string("true"))}).mark(
                "blorp"
            ),
            "marked_object": cty.object_val(
                {"true": at(attr("marked_object").get_attr("true"))}
            ).mark("blorp"),
        }
    )

    got = cty.transform_with_transformer(val, PathTransformer())
    for name in want.type().attribute_types():
        assert got.get_attr(name) == want.get_attr(name), name
    assert got == want


class ErrorTransformer(cty.Transformer):
    """go-cty's errorTransformer: fails on the first value that is not primitive."""

    def exit(self, path: cty.Path, v: cty.Value, /) -> cty.Value:
        if v.type().is_primitive_type():
            return v
        raise path.new_error(ValueError(f"expected primitive type, was {v.type()!r}"))


def test_transform_with_transformer_error() -> None:
    val = cty.object_val(
        {
            "string": cty.string_val("hello"),
            "number": cty.number_int_val(10),
            "bool": cty.True_,
            "list": cty.list_val([cty.True_]),
        }
    )
    # go-cty returns (DynamicVal, err); we raise the PathError
    with pytest.raises(cty.PathError) as caught:
        cty.transform_with_transformer(val, ErrorTransformer())
    assert caught.value.path.equals(cty.get_attr_path("list"))


def test_transform() -> None:
    val = cty.object_val(
        {
            "list": cty.list_val([cty.True_, cty.True_, cty.False_]),
            "set": cty.set_val([cty.True_, cty.False_]),
            "map": cty.map_val({"a": cty.True_, "b": cty.False_}),
            "object": cty.object_val(
                {"a": cty.True_, "b": cty.list_val([cty.False_, cty.False_, cty.False_])}
            ),
        }
    )
    want = cty.object_val(
        {
            "list": cty.list_val([cty.False_, cty.False_, cty.True_]),
            "set": cty.set_val([cty.True_, cty.False_]),
            "map": cty.map_val({"a": cty.False_, "b": cty.True_}),
            "object": cty.object_val(
                {"a": cty.False_, "b": cty.list_val([cty.True_, cty.True_, cty.True_])}
            ),
        }
    )

    def negate_bools(path: cty.Path, v: cty.Value) -> cty.Value:
        return v.not_() if v.type() == cty.Bool else v

    assert cty.transform(val, negate_bools) == want


def test_transform_marked() -> None:
    val = cty.object_val(
        {
            "list": cty.list_val([cty.True_, cty.True_, cty.False_]).mark("mark"),
            "set": cty.set_val([cty.True_, cty.False_]).mark("mark"),
            "map": cty.map_val({"a": cty.True_, "b": cty.False_}).mark("mark"),
            "object": cty.object_val(
                {"a": cty.True_, "b": cty.list_val([cty.False_, cty.False_, cty.False_])}
            ).mark("mark"),
        }
    )
    # a transform that changes nothing keeps every value and mark
    assert cty.transform(val, lambda path, v: v) == val


def test_transform_does_not_push_parent_marks_down() -> None:
    # since go-cty 1.15, children are seen without their container's marks
    seen: dict[str, frozenset[object]] = {}

    def record(path: cty.Path, v: cty.Value) -> cty.Value:
        seen[path.format()] = v.marks()
        return v

    cty.transform(cty.list_val([cty.True_.mark("inner")]).mark("outer"), record)
    assert seen == {"[0]": {"inner"}, "": {"outer"}}


def test_transform_may_change_types_consistently() -> None:
    v = cty.list_val([cty.number_int_val(1), cty.number_int_val(2)])

    def to_string(path: cty.Path, x: cty.Value) -> cty.Value:
        if x.type() == cty.Number:
            return cty.string_val(x.go_string())
        return x

    assert cty.transform(v, to_string) == cty.list_val(
        [cty.string_val("cty.NumberIntVal(1)"), cty.string_val("cty.NumberIntVal(2)")]
    )


def test_transform_with_inconsistent_element_types_raises() -> None:
    v = cty.list_val([cty.number_int_val(1), cty.number_int_val(2)])

    def first_to_string(path: cty.Path, x: cty.Value) -> cty.Value:
        if len(path) == 1 and x.equals(cty.number_int_val(1)).true():
            return cty.string_val("one")
        return x

    # go-cty's ListVal panics on inconsistent element types
    with pytest.raises(TypeError):
        cty.transform(v, first_to_string)


def _nested_lists(depth: int) -> cty.Value:
    v = cty.string_val("x")
    for _ in range(depth):
        v = cty.list_val([v])
    return v


def test_walk_goes_to_max_depth_and_no_further() -> None:
    old = cty.set_limits(max_depth=300)
    try:
        depths: list[int] = []
        cty.walk(_nested_lists(300), lambda path, x: depths.append(len(path)) or True)
        assert depths == list(range(301))
        with pytest.raises(cty.CtyValueError, match=r"nested too deeply.*max_depth=300"):
            cty.walk(_nested_lists(301), lambda path, x: True)
        # a walk that does not descend that far is not stopped
        cty.walk(_nested_lists(301), lambda path, x: len(path) < 100)
    finally:
        cty.set_limits(old)


class Recorder(cty.Transformer):
    """Records the path of every value it enters and exits."""

    def __init__(self) -> None:
        self.entered: list[cty.Path] = []
        self.exited: list[cty.Path] = []

    def enter(self, path: cty.Path, v: cty.Value, /) -> cty.Value:
        self.entered.append(path)
        return v

    def exit(self, path: cty.Path, v: cty.Value, /) -> cty.Value:
        self.exited.append(path)
        return v


def test_enter_and_exit_get_the_path_of_every_value() -> None:
    v = cty.object_val({"a": cty.list_val([cty.map_val({"k": cty.set_val([cty.True_])})]),
                        "b": cty.tuple_val([cty.string_val("x"), cty.EmptyObjectVal])})
    walked = [path for path, _ in cty.deep_values(v)]
    r = Recorder()
    assert cty.transform_with_transformer(v, r) == v
    assert r.entered == walked  # pre-order, as walk
    assert sorted(map(repr, r.exited)) == sorted(map(repr, walked))
    assert r.exited[-1] == cty.Path()
    # an enter given to the instance (not the class) is called too
    seen: list[cty.Path] = []
    t = cty.Transformer()
    t.enter = lambda path, x: seen.append(path) or x  # type: ignore[method-assign]
    cty.transform_with_transformer(v, t)
    assert seen == walked
