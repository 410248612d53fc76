"""Deep nesting, immutability, and clear errors for bad input (the foundation's guarantees)."""

from __future__ import annotations

import pickle

import pytest

import cty

pytestmark = pytest.mark.slow  # 10,000-level values


def _nested(depth: int, leaf: cty.Value) -> cty.Value:
    v = leaf
    for _ in range(depth):
        v = cty.list_val([v])
    return v


def test_a_list_nested_10000_deep_builds_iterates_compares_and_walks() -> None:
    a = _nested(10_000, cty.string_val("x"))
    b = _nested(10_000, cty.string_val("x"))
    c = _nested(10_000, cty.string_val("y"))
    assert a == b
    assert a != c
    assert hash(a) == hash(b)
    assert a.equals(b).true()
    assert a.equals(c).false()
    assert a.is_wholly_known()
    assert not a.contains_marked()
    assert repr(a).startswith("cty.list_val([" * 3)
    # iterate all the way down without recursion
    v = a
    depth = 0
    while v.type().is_list_type():
        (v,) = list(v)
        depth += 1
    assert depth == 10_000
    assert v.as_string() == "x"
    visited = []
    cty.walk(a, lambda path, x: visited.append(len(path)) or True)
    assert visited[-1] == 10_000
    assert cty.unknown_as_null(a) == a


def test_deep_marks_and_unknowns_survive_at_depth() -> None:
    leaf = cty.unknown_val(cty.String).mark("deep")
    a = _nested(5_000, leaf)
    assert a.contains_marked()
    assert a.has_mark_deep("deep")
    unmarked, marks = a.unmark_deep()
    assert marks == frozenset({"deep"})
    assert not unmarked.contains_marked()
    assert not a.is_wholly_known()
    nulled = cty.unknown_as_null(a)
    assert nulled.is_wholly_known()
    assert nulled.has_mark_deep("deep")


def test_values_and_types_are_immutable() -> None:
    v = cty.object_val({"a": cty.string_val("x")})
    with pytest.raises(AttributeError):
        v._v = {}  # type: ignore[misc]
    with pytest.raises(AttributeError):
        v.anything = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        del v._ty
    with pytest.raises(AttributeError):
        cty.String.anything = 1  # type: ignore[attr-defined]
    # what the API hands out are copies, never the payload
    m = v.as_value_map()
    m["a"] = cty.string_val("changed")
    assert v.get_attr("a").as_string() == "x"
    assert isinstance(v.type().attribute_types(), type(cty.EmptyObject.attribute_types()))
    with pytest.raises(TypeError):
        v.type().attribute_types()["b"] = cty.String  # type: ignore[index]


def test_values_have_no_truth_value() -> None:
    with pytest.raises(TypeError, match="no Python truth value"):
        bool(cty.True_)


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: cty.list_val([]), ValueError, "list_val_empty"),
        (lambda: cty.list_val([cty.string_val("a"), cty.True_]), TypeError, "element 1"),
        (lambda: cty.list_val(["a"]), TypeError, "list element 0"),
        (lambda: cty.set_val([]), ValueError, "set_val_empty"),
        (lambda: cty.map_val({}), ValueError, "map_val_empty"),
        (lambda: cty.map_val([1]), TypeError, "mapping"),
        (lambda: cty.object_val({"a": 1}), TypeError, "attribute 'a'"),
        (lambda: cty.object_val({"é": cty.True_, "e\u0301": cty.True_}), ValueError, "NFC"),
        (lambda: cty.string_val(b"a"), TypeError, "str"),
        (lambda: cty.string_val("\ud800"), ValueError, "surrogate"),
        (lambda: cty.number_int_val(1 << 63), ValueError, "int64"),
        (lambda: cty.number_uint_val(-1), ValueError, "uint64"),
        (lambda: cty.number_float_val(float("nan")), ValueError, "NaN"),
        (lambda: cty.number_val(True), TypeError, "bool"),
        (lambda: cty.parse_number_val("1e"), ValueError, "a number is required"),
        (lambda: cty.bool_val(1), TypeError, "bool"),
        (lambda: cty.List("string"), TypeError, "cty.Type"),
        (lambda: cty.Object({"a": int}), TypeError, "attribute 'a'"),
        (lambda: cty.ObjectWithOptionalAttrs({"a": cty.String}, ["b"]), ValueError,
         "undeclared attribute 'b'"),
        (lambda: cty.Tuple([cty.String, None]), TypeError, "tuple element type 1"),
        (lambda: cty.null_val("string"), TypeError, "cty.Type"),
        (lambda: cty.capsule_val(cty.String, 1), TypeError, "capsule"),
        (lambda: cty.string_val("a").add(cty.number_int_val(1)), TypeError, "type mismatch"),
        (lambda: cty.null_val(cty.Number).add(cty.number_int_val(1)), ValueError, "null"),
        (lambda: cty.number_int_val(0).divide(cty.number_int_val(0)), ValueError, "zero"),
        (lambda: cty.PositiveInfinity.add(cty.NegativeInfinity), ValueError, "infinities"),
        (lambda: cty.list_val([cty.True_]).index(cty.number_int_val(5)), ValueError, "no element"),
        (lambda: cty.list_val([cty.True_]).index(cty.number_val("0.5")), ValueError, "integer"),
        (lambda: cty.map_val({"a": cty.True_}).index(cty.string_val("b")), ValueError, "'b'"),
        (lambda: cty.object_val({"a": cty.True_}).get_attr("b"), ValueError, "'b'"),
        (lambda: cty.null_val(cty.Object({"a": cty.Bool})).get_attr("a"), ValueError, "null"),
        (lambda: cty.string_val("a").length_int(), TypeError, "no length"),
        (lambda: cty.unknown_val(cty.String).as_string(), ValueError, "unknown"),
        (lambda: cty.string_val("a").mark("m").as_string(), ValueError, "marked"),
        (lambda: cty.set_val([cty.True_]).mark("m").hash(), ValueError, "marks"),
        (lambda: cty.string_val("a").has_element(cty.True_), TypeError, "not a set"),
        (lambda: cty.null_val(cty.Set(cty.Bool)).has_element(cty.True_), ValueError, "null"),
        (lambda: cty.Path().get_attr("x").apply(cty.True_), ValueError, "at step 0"),
    ],
)
def test_bad_input_raises_a_clear_typed_error(call, error, words) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)
    # the library's own errors only: a missing key or index is a cty.KeyNotFoundError or
    # cty.IndexOutOfRangeError (also KeyError/IndexError), never a bare built-in one
    assert isinstance(caught.value, cty.CtyError), repr(caught.value)


def test_python_conveniences() -> None:
    lst = cty.list_val([cty.string_val("a"), cty.string_val("b")])
    assert len(lst) == 2
    assert lst[1].as_string() == "b"
    assert lst[-1].as_string() == "b"
    with pytest.raises(IndexError):
        lst[2]
    m = cty.map_val({"k": cty.True_})
    assert next(iter(m)).as_string() == "k"
    assert m["k"] == cty.True_
    assert "k" in m
    with pytest.raises(KeyError):
        m["nope"]
    o = cty.object_val({"name": cty.string_val("web")})
    assert o["name"].as_string() == "web"
    assert cty.string_val("a") in lst


def test_pickle_round_trips_values_and_types() -> None:
    v = cty.object_val({
        "n": cty.number_int_val(1).divide(cty.number_int_val(3)),
        "s": cty.set_val([cty.string_val("b"), cty.unknown_val(cty.String)]).mark("m"),
        "z": cty.Zero,
    })
    back = pickle.loads(pickle.dumps(v))
    assert back == v
    assert back.get_attr("z")._v is cty.Zero._v
    t = cty.ObjectWithOptionalAttrs({"a": cty.List(cty.String)}, ["a"])
    assert pickle.loads(pickle.dumps(t)) is t


def test_types_are_interned() -> None:
    assert cty.List(cty.String) is cty.List(cty.String)
    assert cty.Object({"b": cty.Bool, "a": cty.String}) is cty.Object(
        {"a": cty.String, "b": cty.Bool})
    assert cty.Object({"e\u0301": cty.Bool}) is cty.Object({"é": cty.Bool})
    assert cty.Capsule("x", int) is not cty.Capsule("x", int)


@pytest.mark.parametrize("text", ["1e5000", "1e400000000", "9223372036854775808",
                                  "18446744073709551616"])
def test_an_index_too_large_for_any_sequence_is_out_of_range_at_once(text: str) -> None:
    # (#47: the key was made a Python int (1e400000000: 160 MB, a quarter second) and written
    # into the message, past Python's 4,300 digits: a bare ValueError)
    key = cty.parse_number_val(text)
    for v in (cty.list_val([cty.string_val("a")]), cty.tuple_val([cty.string_val("a")])):
        with pytest.raises(cty.IndexOutOfRangeError, match="has no element") as e:
            v.index(key)
        assert len(str(e.value)) < 200
        assert v.has_index(key) == cty.False_
        with pytest.raises(cty.CtyError):
            cty.Path().index(key).apply(v)


@pytest.mark.parametrize("key", [cty.number_float_val(0.5), cty.number_int_val(-1),
                                 cty.parse_number_val("1e400"), cty.number_int_val(0)])
def test_an_unknown_list_may_have_any_index(key: cty.Value) -> None:
    # (go-cty's HasIndex asks whether a list is known before it looks at the key: an unknown
    # list's answer is unknown, which HCL's index of one shows; a tuple's type answers)
    assert cty.unknown_val(cty.List(cty.String)).has_index(key).raw_equals(
        cty.unknown_val(cty.Bool).refine_not_null())
    tuple_type = cty.Tuple([cty.String])
    want = cty.True_ if key.raw_equals(cty.number_int_val(0)) else cty.False_
    assert cty.unknown_val(tuple_type).has_index(key) == want
