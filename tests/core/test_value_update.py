"""Functional updates: with_attr, with_key, without_key, with_element, append. Each gives a new
value equal to the container built afresh with the change, marks where they were; the original
is untouched; a wrong type, a missing place, or an unknown or null container is refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
import cty.testing.strategies as cst

from .._examples import examples

S, N = cty.string_val, cty.number_int_val


@settings(max_examples=examples(150), deadline=None)
@given(st.data())
def test_each_update_is_the_container_built_afresh(data: st.DataObject) -> None:
    ety = data.draw(cst.types(max_depth=2), label="element type").without_optional_attributes_deep()
    elems = data.draw(st.lists(cst.values(ety), max_size=4), label="elements")
    x = data.draw(cst.values(ety), label="new element")
    marks = data.draw(st.sets(st.sampled_from(["m", "n"])), label="marks")
    lst = (cty.list_val(elems) if elems else cty.list_val_empty(ety)).with_marks(marks)
    got = lst.append(x)
    assert got.raw_equals(cty.list_val([*elems, x]).with_marks(marks))
    if elems:
        i = data.draw(st.integers(-len(elems), len(elems) - 1), label="index")
        changed = list(elems)
        changed[i] = x
        assert lst.with_element(i, x).raw_equals(cty.list_val(changed).with_marks(marks))
    keys = [f"k{j}" for j in range(len(elems))]
    mp = (cty.map_val(dict(zip(keys, elems, strict=True))) if elems
          else cty.map_val_empty(ety)).with_marks(marks)
    assert mp.with_key("new", x).raw_equals(
        cty.map_val({**dict(zip(keys, elems, strict=True)), "new": x}).with_marks(marks))
    if elems:
        rest = dict(zip(keys[1:], elems[1:], strict=True))
        want = cty.map_val(rest) if rest else cty.map_val_empty(ety)
        assert mp.without_key("k0").raw_equals(want.with_marks(marks))
    obj = cty.object_val(dict(zip(keys, elems, strict=True))).with_marks(marks)
    if elems:
        assert obj.with_attr("k0", x).raw_equals(
            cty.object_val({**dict(zip(keys, elems, strict=True)), "k0": x}).with_marks(marks))
    tup = cty.tuple_val(elems).with_marks(marks)
    assert tup.append(N(1)).raw_equals(cty.tuple_val([*elems, N(1)]).with_marks(marks))


def test_the_original_is_untouched_and_marks_stay_in_place() -> None:
    o = cty.object_val({"a": S("x"), "b": N(1).mark("inner")}).mark("outer")
    got = o.with_attr("a", S("y").mark("new"))
    assert o.get_attr("a").raw_equals(S("x").mark("outer"))
    assert got.raw_equals(cty.object_val({"a": S("y").mark("new"),
                                          "b": N(1).mark("inner")}).mark("outer"))
    m = cty.map_val({"k": S("v")})
    assert m.with_key(S("q").mark("key"), S("w")).raw_equals(
        cty.map_val({"k": S("v"), "q": S("w")}).mark("key"))
    assert m.without_key("absent") is m


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: cty.object_val({"a": S("x")}).with_attr("a", N(1)), cty.CtyTypeError,
     'with_attr: attribute "a" must be of type string, not number'),
    (lambda: cty.object_val({"a": S("x")}).with_attr("b", S("y")), cty.KeyNotFoundError,
     'with_attr: the object has no attribute "b"'),
    (lambda: cty.map_val({"a": S("x")}).with_key("b", N(1)), cty.CtyTypeError,
     "with_key: element must be of type string, not number"),
    (lambda: cty.map_val({"a": S("x")}).with_key(N(1), S("y")), cty.CtyTypeError,
     "with_key needs a key that is a str or a known string"),
    (lambda: cty.list_val([S("x")]).with_element(1, S("y")), cty.IndexOutOfRangeError,
     "with_element: index 1 is out of range for 1 element"),
    (lambda: cty.list_val([S("x")]).with_element(True, S("y")), cty.CtyTypeError,
     "with_element needs an int index, not bool"),
    (lambda: cty.tuple_val([S("x"), N(1)]).with_element(1, S("y")), cty.CtyTypeError,
     "with_element: element 1 must be of type number, not string"),
    (lambda: cty.list_val([S("x")]).append(N(1)), cty.CtyTypeError,
     "append: element must be of type string, not number"),
    (lambda: cty.unknown_val(cty.List(cty.String)).append(S("x")), cty.CtyValueError,
     "append: the value is unknown"),
    (lambda: cty.null_val(cty.Map(cty.String)).with_key("k", S("x")), cty.CtyValueError,
     "with_key: the value is null"),
    (lambda: cty.set_val([S("x")]).append(S("y")), cty.CtyTypeError,
     "append needs a list or a tuple, not a value of type set of string"),
    (lambda: S("x").with_attr("a", S("y")), cty.CtyTypeError,
     "with_attr needs a object, not a value of type string"),
])
def test_refusals(call: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()
