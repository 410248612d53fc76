"""Deep nesting, immutability and clear errors: the foundation's promises.

A value nested 10,000 deep must work with every operation (no RecursionError escapes); values
and types cannot be changed once built; bad input raises TypeError or ValueError naming the
culprit, never a bare KeyError, IndexError or AttributeError.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest

import cty
from tests._ids import stable_id

pytestmark = pytest.mark.slow  # values and types nested 10,000 deep

DEPTH = 10_000


def nested_list(leaf: cty.Value, depth: int = DEPTH) -> cty.Value:
    v = leaf
    for _ in range(depth):
        v = cty.list_val([v])
    return v


@pytest.fixture(scope="module")
def deep() -> cty.Value:
    return nested_list(cty.string_val("x"))


@pytest.fixture(scope="module")
def deep_twin() -> cty.Value:
    return nested_list(cty.string_val("x"))


def test_a_list_nested_10000_deep_builds_and_iterates(deep: cty.Value) -> None:
    v, depth = deep, 0
    while v.type().is_list_type():
        assert v.length_int() == 1
        (v,) = list(v)
        depth += 1
    assert depth == DEPTH
    assert v == cty.string_val("x")


def test_a_deep_list_compares_equal_to_an_identical_one(
    deep: cty.Value, deep_twin: cty.Value
) -> None:
    assert deep is not deep_twin
    assert deep == deep_twin
    assert deep.raw_equals(deep_twin)
    assert deep.equals(deep_twin) == cty.True_
    other = nested_list(cty.string_val("y"))
    assert deep != other
    assert deep.equals(other) == cty.False_
    shallower = nested_list(cty.string_val("x"), DEPTH - 1)
    assert deep != shallower
    assert deep.equals(cty.list_val([shallower])) == cty.True_


def test_a_deep_list_hashes(deep: cty.Value, deep_twin: cty.Value) -> None:
    assert hash(deep) == hash(deep_twin)
    assert {deep: 1}[deep_twin] == 1


def test_a_deep_list_has_a_go_set_hash(deep: cty.Value, deep_twin: cty.Value) -> None:
    assert deep.hash() == deep_twin.hash()


def test_a_deep_list_has_a_repr(deep: cty.Value) -> None:
    r = repr(deep)
    assert r.startswith("cty.list_val([" * 3)
    assert r.endswith("cty.string_val('x')" + "])" * DEPTH)
    g = deep.go_string()
    assert g.startswith("cty.ListVal([]cty.Value{" * 3)
    assert g.endswith('cty.StringVal("x")' + "})" * DEPTH)


def test_a_deep_list_walks(deep: cty.Value) -> None:
    depths: list[int] = []
    cty.walk(deep, lambda path, v: depths.append(len(path)) or True)
    assert depths == list(range(DEPTH + 1))
    walked = cty.deep_values(deep)
    assert len(walked) == DEPTH + 1
    assert walked[-1][1] == cty.string_val("x")
    assert walked[-1][0].apply(deep) == cty.string_val("x")


def test_a_deep_list_transforms(deep: cty.Value) -> None:
    got = cty.transform(deep, lambda path, v: cty.string_val("y") if v.type() == cty.String else v)
    assert got == nested_list(cty.string_val("y"))


def test_unknown_as_null_works_on_a_deep_list(deep: cty.Value) -> None:
    assert cty.unknown_as_null(deep) == deep
    with_unknown = nested_list(cty.unknown_val(cty.String).mark("m"))
    assert not with_unknown.is_wholly_known()
    got = cty.unknown_as_null(with_unknown)
    assert got.is_wholly_known()
    assert got == nested_list(cty.null_val(cty.String).mark("m"))


def test_marks_work_on_a_deep_list() -> None:
    marked = nested_list(cty.string_val("x").mark("deep")).mark("top")
    assert marked.contains_marked()
    assert marked.has_mark_deep("deep")
    bare, marks = marked.unmark_deep()
    assert marks == {"deep", "top"}
    assert not bare.contains_marked()
    bare2, pvm = marked.unmark_deep_with_paths()
    assert bare2 == bare
    assert len(pvm) == 2
    assert bare.mark_with_paths(pvm) == marked


def test_inspection_works_on_a_deep_list(deep: cty.Value) -> None:
    assert deep.is_wholly_known()
    assert deep.has_wholly_known_type()
    assert not deep.contains_marked()
    assert not nested_list(cty.DynamicVal).has_wholly_known_type()


def test_a_deep_list_pickles(deep: cty.Value) -> None:
    assert pickle.loads(pickle.dumps(deep)) == deep


DEEP_TYPE_OPERATIONS: list[tuple[str, Callable[[cty.Type], Any]]] = [
    ("repr", repr),
    ("str", str),
    ("friendly_name", lambda t: t.friendly_name()),
    ("friendly_name_for_constraint", lambda t: t.friendly_name_for_constraint()),
    ("go_string", lambda t: t.go_string()),
    ("has_dynamic_types", lambda t: t.has_dynamic_types()),
    ("without_optional_attributes_deep", lambda t: t.without_optional_attributes_deep()),
    ("test_conformance", lambda t: t.test_conformance(t)),
    ("hash", hash),
    ("pickle", lambda t: pickle.loads(pickle.dumps(t))),
]


@pytest.mark.parametrize(
    ("name", "op"), DEEP_TYPE_OPERATIONS, ids=[n for n, _ in DEEP_TYPE_OPERATIONS]
)
def test_the_type_of_a_deep_list_works(
    deep: cty.Value, name: str, op: Callable[[cty.Type], Any]
) -> None:
    t = deep.type()
    op(t)


def test_the_type_of_a_deep_list_is_interned(deep: cty.Value, deep_twin: cty.Value) -> None:
    t = cty.String
    for _ in range(DEPTH):
        t = cty.List(t)
    assert deep.type() is deep_twin.type() is t


NESTERS: list[tuple[str, Callable[[cty.Value], cty.Value]]] = [
    ("map", lambda v: cty.map_val({"k": v})),
    ("object", lambda v: cty.object_val({"a": v})),
    ("tuple", lambda v: cty.tuple_val([v, cty.True_])),
    ("set", lambda v: cty.set_val([v])),
]


@pytest.mark.parametrize(("name", "nest"), NESTERS, ids=[n for n, _ in NESTERS])
def test_other_containers_nested_10000_deep(
    name: str, nest: Callable[[cty.Value], cty.Value]
) -> None:
    def build(leaf: cty.Value) -> cty.Value:
        v = leaf
        for _ in range(DEPTH):
            v = nest(v)
        return v

    a, b = build(cty.string_val("x")), build(cty.string_val("x"))
    assert a == b
    assert hash(a) == hash(b)
    assert a.equals(b) == cty.True_
    assert a.hash() == b.hash()
    assert "cty.string_val('x')" in repr(a)
    assert cty.unknown_as_null(a) == a
    assert a.type() is b.type()
    assert a.type().friendly_name()
    assert pickle.loads(pickle.dumps(a)) == a


@pytest.mark.parametrize(("name", "nest"), NESTERS, ids=[n for n, _ in NESTERS])
def test_other_containers_walk_and_transform_deep(
    name: str, nest: Callable[[cty.Value], cty.Value]
) -> None:
    # (a walk hands each value its path, a tuple as long as its depth: depth squared work, so
    # these go 2,000 levels; test_a_deep_list_walks and _transforms go to DEPTH)
    v = cty.string_val("x")
    for _ in range(2_000):
        v = nest(v)
    walked = cty.deep_values(v)
    assert max(len(path) for path, _ in walked) == 2_000
    assert walked[-1][1] == (cty.True_ if name == "tuple" else cty.string_val("x"))
    assert cty.transform(v, lambda path, x: x) == v


# --- immutability -----------------------------------------------------------------------------

SAMPLE_VALUES = [
    cty.string_val("s"),
    cty.number_int_val(1),
    cty.True_,
    cty.list_val([cty.string_val("a")]),
    cty.set_val([cty.string_val("a")]),
    cty.map_val({"k": cty.string_val("a")}),
    cty.object_val({"a": cty.string_val("a")}),
    cty.tuple_val([cty.string_val("a")]),
    cty.null_val(cty.String),
    cty.unknown_val(cty.String),
    cty.DynamicVal,
    cty.string_val("s").mark("m"),
]


@pytest.mark.parametrize("value", SAMPLE_VALUES, ids=stable_id)
def test_values_are_immutable(value: cty.Value) -> None:
    before = repr(value)
    for name in ("_ty", "_v", "_marks", "anything"):
        with pytest.raises(AttributeError):
            setattr(value, name, None)
        with pytest.raises(AttributeError):
            delattr(value, name)
    assert repr(value) == before


def test_values_cannot_be_made_by_calling_the_class() -> None:
    with pytest.raises(TypeError):
        cty.Value()
    with pytest.raises(TypeError):
        cty.Value(cty.String, "s")


def test_changing_constructor_input_afterwards_changes_nothing() -> None:
    elems = [cty.string_val("a")]
    lst, st_, tup = cty.list_val(elems), cty.set_val(elems), cty.tuple_val(elems)
    elems.append(cty.string_val("b"))
    elems[0] = cty.string_val("z")
    assert lst == cty.list_val([cty.string_val("a")])
    assert st_ == cty.set_val([cty.string_val("a")])
    assert tup == cty.tuple_val([cty.string_val("a")])

    attrs = {"a": cty.string_val("a")}
    obj, m = cty.object_val(attrs), cty.map_val(attrs)
    attrs["b"] = cty.string_val("b")
    attrs["a"] = cty.string_val("z")
    assert obj == cty.object_val({"a": cty.string_val("a")})
    assert m == cty.map_val({"a": cty.string_val("a")})

    types = {"a": cty.String}
    t = cty.Object(types)
    types["b"] = cty.Bool
    assert t == cty.Object({"a": cty.String})


def test_what_the_api_hands_out_cannot_change_the_value() -> None:
    obj = cty.object_val({"a": cty.string_val("a")})
    got = obj.as_value_map()
    got["a"] = cty.string_val("changed")
    got["new"] = cty.True_
    assert obj.as_value_map() == {"a": cty.string_val("a")}

    lst = cty.list_val([cty.string_val("a")])
    sl = lst.as_value_slice()
    sl.append(cty.string_val("b"))
    sl[0] = cty.string_val("changed")
    assert lst.as_value_slice() == [cty.string_val("a")]

    s = cty.set_val([cty.string_val("a")])
    vs = s.as_value_set()
    vs.add(cty.string_val("b"))
    vs.remove(cty.string_val("a"))
    assert s == cty.set_val([cty.string_val("a")])

    vs2 = cty.ValueSet.from_values(cty.String, [cty.string_val("a")])
    from_vs = cty.set_val_from_value_set(vs2)
    vs2.add(cty.string_val("b"))
    assert from_vs == cty.set_val([cty.string_val("a")])

    marked = cty.string_val("x").with_marks({"a"})
    marks: Any = marked.marks()
    with pytest.raises(AttributeError):
        marks.add("b")
    assert marked.marks() == {"a"}

    pvm_value = cty.list_val([cty.True_.mark("m")])
    _, pvm = pvm_value.unmark_deep_with_paths()
    pvm.clear()
    assert pvm_value.unmark_deep_with_paths()[1] != []

    path = cty.get_attr_path("a")
    with pytest.raises(TypeError):
        path[0] = cty.GetAttrStep("b")  # type: ignore[index]
    with pytest.raises(AttributeError):
        path[0].name = "b"  # type: ignore[misc]
    step = cty.IndexStep(cty.Zero)
    with pytest.raises(AttributeError):
        step.key = cty.True_  # type: ignore[misc]


def test_type_internals_cannot_be_changed() -> None:
    obj = cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Bool}, ["b"])
    attrs: Any = obj.attribute_types()
    with pytest.raises(TypeError):
        attrs["c"] = cty.Number
    opt: Any = obj.optional_attributes()
    with pytest.raises(AttributeError):
        opt.add("a")
    tup = cty.Tuple([cty.String])
    assert isinstance(tup.tuple_element_types(), tuple)
    assert obj.attribute_types() == {"a": cty.String, "b": cty.Bool}
    assert obj.optional_attributes() == {"b"}


# --- clear errors -----------------------------------------------------------------------------

BAD_INPUT = [
    # call (a Python expression), words the message must hold (naming the culprit)
    ('cty.list_val([cty.string_val("a"), "b"])', "element 1"),
    ('cty.list_val([cty.string_val("a"), cty.True_])', "cty.Bool"),
    ("cty.list_val(cty.True_)", "cty.True_"),
    ("cty.tuple_val(cty.True_)", "cty.True_"),
    ("cty.set_val(5)", "5"),
    ('cty.set_val([cty.True_, cty.string_val("a")])', "cty.String"),
    ('cty.map_val({"a": cty.True_, "b": cty.string_val("x")})', "cty.String"),
    ("cty.map_val({1: cty.True_})", "1"),
    ('cty.object_val({"a": "plain str"})', "'a'"),
    ('cty.tuple_val([cty.True_, "x"])', "'x'"),
    ("cty.number_int_val(2**64)", str(2**64)),
    ('cty.number_float_val("1.5")', "str"),
    ('cty.parse_number_val("12abc")', "a number is required"),
    ('cty.string_val(b"bytes")', "bytes"),
    ('cty.string_val("\\ud800")', "surrogate"),
    ("cty.bool_val(None)", "NoneType"),
    ('cty.List("string")', "'string'"),
    ('cty.Object({"a": cty.String, "b": None})', "'b'"),
    ('cty.ObjectWithOptionalAttrs({"a": cty.String}, ["zzz"])', "'zzz'"),
    ('cty.Tuple([cty.String, "number"])', "1"),
    ('cty.null_val("string")', "'string'"),
    ('cty.capsule_val(cty.String, "x")', "cty.String"),
    # operations: go-cty panics; we name what is wrong
    ('cty.object_val({"a": cty.True_}).get_attr("missing")', "'missing'"),
    ('cty.map_val({"a": cty.True_}).index(cty.string_val("missing"))', "'missing'"),
    ("cty.list_val([cty.True_]).index(cty.number_int_val(7))", "7"),
    ("cty.tuple_val([cty.True_]).index(cty.number_int_val(7))", "7"),
    ('cty.list_val([cty.True_]).index(cty.string_val("x"))', "string"),
    ('cty.EmptyObject.attribute_type("missing")', "'missing'"),
    ("cty.Tuple([cty.String]).tuple_element_type(3)", "3"),
    ('cty.string_val("a").add(cty.True_)', "type mismatch"),
    ('cty.get_attr_path("missing").apply(cty.EmptyObjectVal)', "missing"),
    ("cty.ValueSet(cty.String).add(cty.True_)", "cty.True_"),
    ('cty.string_val("a").mark({"not hashable"})', "must be hashable"),
]


@pytest.mark.parametrize(("call", "words"), BAD_INPUT, ids=stable_id)
def test_bad_input_raises_type_or_value_error_naming_the_culprit(call: str, words: str) -> None:
    try:
        eval(call, {"cty": cty})
    except cty.CtyError as e:  # the library's errors (some are also KeyError or IndexError)
        assert words in str(e), f"{call}: {e!r} does not name {words!r}"
    except (KeyError, IndexError, AttributeError, RecursionError) as e:
        pytest.fail(f"{call} raised a bare {type(e).__name__}: {e}")
    except (TypeError, ValueError) as e:
        assert words in str(e), f"{call}: {e!r} does not name {words!r}"
    else:
        pytest.fail(f"{call} raised nothing")


def test_a_type_pickles_as_itself_keeping_optional_attributes_and_sharing() -> None:
    shared = cty.List(cty.Map(cty.Number))
    t = cty.ObjectWithOptionalAttrs(
        {"a": shared, "b": cty.Tuple([shared, cty.DynamicPseudoType, cty.Set(cty.Bool)])}, ["b"]
    )
    assert pickle.loads(pickle.dumps(t)) is t
    assert t.has_dynamic_types() and not shared.has_dynamic_types()
    assert pickle.dumps(t).count(b"map") == 1  # a type used twice is written once
