"""is_wholly_known and contains_marked answer as a walk over every nested value does.

Both look at a container's children (and grandchildren, when every child is a map or object
payload, or every child a list or tuple payload) by their payload classes in one pass before
they recurse; these tests hold them to a plain recursive walk through the public API.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import cty

from .._examples import examples
from ..strategies import any_values


def _walk_known(v: cty.Value) -> bool:
    bare = v.unmark()[0]
    if not bare.is_known():
        return False
    t = bare.type()
    if bare.is_null() or not (t.is_collection_type() or t.is_object_type()
                              or t.is_tuple_type()):
        return True
    return all(_walk_known(e) for _, e in bare.elements())


def _walk_marked(v: cty.Value) -> bool:
    if v.is_marked():
        return True
    if not v.is_known() or v.is_null():
        return False
    t = v.type()
    if not (t.is_list_type() or t.is_map_type() or t.is_object_type() or t.is_tuple_type()):
        return False
    return any(_walk_marked(e) for _, e in v.elements())


@pytest.mark.slow
@settings(max_examples=examples(300))
@given(any_values(max_depth=3))
def test_is_wholly_known_and_contains_marked_agree_with_a_walk(v: cty.Value) -> None:
    assert v.is_wholly_known() == _walk_known(v)
    assert v.contains_marked() == _walk_marked(v)


S, N = cty.string_val, cty.number_int_val
OBJ = cty.Object({"a": cty.String, "b": cty.List(cty.Number)})


def _obj(a: cty.Value, b: cty.Value) -> cty.Value:
    return cty.object_val({"a": a, "b": b})


@pytest.mark.parametrize(("value", "known", "marked"), [
    # lists of objects: the grandchildren decide
    (cty.list_val([_obj(S("x"), cty.list_val([N(1)])), cty.null_val(OBJ)]), True, False),
    (cty.list_val([_obj(S("x"), cty.list_val([N(1)])),
                   _obj(cty.unknown_val(cty.String), cty.list_val([N(1)]))]), False, False),
    (cty.list_val([_obj(S("x").mark("s"), cty.list_val([N(1)]))]), True, True),
    # ... or, past them, the recursion
    (cty.list_val([_obj(S("x"), cty.list_val([cty.unknown_val(cty.Number)]))]), False, False),
    (cty.list_val([_obj(S("x"), cty.list_val([N(1).mark("s")]))]), True, True),
    # lists of lists, maps of maps, tuples of empty containers
    (cty.list_val([cty.list_val([S("a")]), cty.list_val_empty(cty.String)]), True, False),
    (cty.map_val({"k": cty.map_val({"j": cty.unknown_val(cty.String)})}), False, False),
    (cty.tuple_val([cty.EmptyObjectVal, cty.list_val_empty(cty.String)]), True, False),
    (cty.set_val([cty.list_val([cty.unknown_val(cty.String)])]), False, False),
])
def test_nested_containers(value: cty.Value, known: bool, marked: bool) -> None:
    assert value.is_wholly_known() is known
    assert value.contains_marked() is marked
