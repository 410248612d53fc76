"""cty.terraform's values as Terraform's JSON writes them: a value's JSON without its unknowns,
the tree of its unknowns and the tree of its sensitive parts (Terraform's omitUnknowns,
unknownAsBool and SensitiveAsBool, in jsonplan and jsonstate), and those trees read back into
one value."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cty
from cty.encoding.json import load
from cty.terraform import ValueJSONError, value_from_json, value_to_json
from cty.testing import strategies as cst

S = cty.string_val
N = cty.number_int_val
U = cty.unknown_val
NULL = cty.null_val


def _sensitive(v: cty.Value) -> cty.Value:
    return v.mark("sensitive")


OBJ_A = cty.Object({"a": cty.String})

# (value, its JSON without unknowns (None: left out), its unknown tree, its sensitive tree)
WRITTEN: list[tuple[cty.Value, str | None, str, str]] = [
    (S("hello"), '"hello"', "false", "false"),
    (NULL(cty.String), "null", "false", "false"),
    (U(cty.String), None, "true", "false"),
    (NULL(OBJ_A), "null", "false", "false"),
    (cty.DynamicVal, None, "true", "false"),
    (cty.list_val_empty(cty.String), "[]", "[]", "[]"),
    (cty.list_val([S("a"), U(cty.String)]), '["a",null]', "[false,true]", "[false,false]"),
    (cty.list_val([NULL(cty.String)]), "[null]", "[false]", "[false]"),
    (cty.set_val([S("a"), U(cty.String)]), '["a",null]', "[false,true]", "[false,false]"),
    (cty.set_val([cty.object_val({"a": U(cty.String)}), cty.object_val({"a": S("known")})]),
     '[{"a":"known"},{}]', '[{},{"a":true}]', "[{},{}]"),
    (cty.tuple_val([S("x"), U(cty.Number)]), '["x",null]', "[false,true]", "[false,false]"),
    (cty.map_val_empty(cty.String), "{}", "{}", "{}"),
    (cty.map_val({"hello": cty.True_, "world": U(cty.Bool)}), '{"hello":true}',
     '{"world":true}', "{}"),
    (cty.object_val({"greeting": NULL(cty.String)}), '{"greeting":null}', "{}", "{}"),
    (cty.object_val({"list": U(cty.List(cty.String)), "set": U(cty.Set(cty.Bool)),
                     "map": U(cty.Map(cty.String)), "object": U(OBJ_A),
                     "tuple": U(cty.Tuple([cty.String, cty.Number]))}),
     "{}", '{"list":true,"map":true,"object":true,"set":true,"tuple":true}',
     '{"list":[],"map":{},"object":{},"set":[],"tuple":[]}'),
    # sensitive, at each level
    (_sensitive(S("hello")), '"hello"', "false", "true"),
    (_sensitive(NULL(cty.String)), "null", "false", "true"),
    (_sensitive(NULL(cty.DynamicPseudoType)), 'null', "false", "true"),
    (_sensitive(cty.DynamicVal), None, "true", "true"),
    (_sensitive(cty.list_val_empty(cty.String)), "[]", "[]", "true"),
    (cty.list_val([S("hello"), _sensitive(S("friend"))]), '["hello","friend"]',
     "[false,false]", "[false,true]"),
    (cty.set_val([_sensitive(S("hello"))]), '["hello"]', "[false]", "true"),
    (cty.map_val({"greeting": S("hello"), "animal": _sensitive(S("horse"))}),
     '{"animal":"horse","greeting":"hello"}', "{}", '{"animal":true}'),
    (_sensitive(cty.map_val({"animal": _sensitive(S("horse"))})), '{"animal":"horse"}', "{}",
     "true"),
    (cty.list_val([cty.map_val_empty(cty.String), cty.map_val({"a": _sensitive(S("k"))}),
                   cty.map_val({"a": U(cty.String)})]),
     '[{},{"a":"k"},{}]', '[{},{},{"a":true}]', '[{},{"a":true},{}]'),
    # keys in Go's order and escaping
    (cty.map_val({"b<": U(cty.String), "a&": S("x")}), '{"a\\u0026":"x"}',
     '{"b\\u003c":true}', "{}"),
]


@pytest.mark.parametrize(("value", "known", "unknown", "sensitive"), WRITTEN)
def test_values_are_written_as_terraform_writes_them(value: cty.Value, known: str | None,
                                                     unknown: str, sensitive: str) -> None:
    got = value_to_json(value)
    assert got.value == (None if known is None else known.encode())
    assert got.unknown == unknown.encode()
    assert got.sensitive == sensitive.encode()


@pytest.mark.parametrize(("value", "known", "unknown", "sensitive"), WRITTEN)
def test_written_values_read_back(value: cty.Value, known: str | None, unknown: str,
                                  sensitive: str) -> None:
    back = value_from_json(None if known is None else json.loads(known), value.type(),
                           unknown=json.loads(unknown), sensitive=json.loads(sensitive))
    assert value_to_json(back) == (None if known is None else known.encode(),
                                   unknown.encode(), sensitive.encode())
    assert back.unmark_deep()[0].raw_equals(value.unmark_deep()[0])


INSTANCE = cty.Object({"id": cty.String, "ami": cty.String, "tags": cty.Map(cty.String),
                       "disks": cty.List(cty.Object({"size": cty.Number, "key": cty.String})),
                       "ports": cty.Set(cty.Number), "password": cty.String})


def test_a_resources_after_value_reads_with_its_unknowns_and_sensitive_parts() -> None:
    after = {"ami": "ami-1", "tags": {"env": "prod"}, "disks": [{"size": 10}, None],
             "ports": [22, 443], "password": "hunter2"}
    got = value_from_json(after, INSTANCE,
                          unknown={"id": True, "tags": {"owner": True},
                                   "disks": [{"key": True}, True], "ports": [False, False]},
                          sensitive={"password": True, "disks": [{"size": True}]})
    assert got.get_attr("id").raw_equals(U(cty.String))
    assert got.get_attr("tags").raw_equals(
        cty.map_val({"env": S("prod"), "owner": U(cty.String)}))
    disks = got.get_attr("disks")
    assert disks.index(N(1)).raw_equals(U(INSTANCE.attribute_type("disks").element_type()))
    first = disks.index(N(0))
    assert first.get_attr("key").raw_equals(U(cty.String))
    assert first.get_attr("size").raw_equals(_sensitive(N(10)))
    assert got.get_attr("password").raw_equals(_sensitive(S("hunter2")))
    assert got.get_attr("ports").raw_equals(cty.set_val([N(22), N(443)]))
    assert "(sensitive value)" in cty.format_value(got)
    assert "hunter2" not in cty.format_value(got)


def test_a_wholly_unknown_value_reads_from_its_unknown_tree_alone() -> None:
    assert value_from_json(None, INSTANCE, unknown=True).raw_equals(U(INSTANCE))
    assert value_from_json(None, INSTANCE).raw_equals(NULL(INSTANCE))
    assert value_from_json(None, INSTANCE, sensitive=True).raw_equals(
        _sensitive(NULL(INSTANCE)))


def test_without_a_type_the_json_implies_one() -> None:
    got = value_from_json({"a": [1, "x", {"b": None}], "n": 0.5}, unknown={"c": True},
                          sensitive={"a": [False, True]})
    assert got.type() == cty.Object({
        "a": cty.Tuple([cty.Number, cty.String, cty.Object({"b": cty.DynamicPseudoType})]),
        "c": cty.DynamicPseudoType, "n": cty.Number})
    assert got.get_attr("c").raw_equals(cty.DynamicVal)
    assert got.get_attr("a").index(N(1)).raw_equals(_sensitive(S("x")))
    assert got.get_attr("n").raw_equals(cty.must_parse_number_val("0.5"))


def test_numbers_read_exactly_from_their_text() -> None:
    tree = load(b'{"n": 0.1, "big": 123456789012345678901234567890.5}')
    got = value_from_json(tree, cty.Object({"n": cty.Number, "big": cty.Number}))
    assert got.get_attr("n").raw_equals(cty.must_parse_number_val("0.1"))
    assert got.get_attr("big").raw_equals(
        cty.must_parse_number_val("123456789012345678901234567890.5"))
    assert value_to_json(got).value == b'{"big":123456789012345678901234567890.5,"n":0.1}'


@pytest.mark.parametrize(("value", "ty", "trees", "message"), [
    ({"x": 1}, OBJ_A, {}, 'unsupported attribute "x"'),
    ({"a": 1.5}, cty.Object({"a": cty.Bool}), {}, ".a: bool is required"),  # (go-cty's words)
    ({"a": {}}, cty.Object({"a": cty.List(cty.String)}), {"unknown": {"a": [True]}},
     ".a: an array is required, not an object"),
    ({"a": ["x"]}, cty.Object({"a": cty.List(cty.String)}), {"unknown": {"a": {"b": True}}},
     ".a: the unknown tree has an object where the value has an array"),
    ({"a": ["x"]}, cty.Object({"a": cty.List(cty.String)}), {"sensitive": {"a": [3]}},
     ".a[0]: the sensitive tree has a number: true, false, an array or an object is wanted"),
    ([1, 2], cty.Tuple([cty.Number]), {}, "an array of 1 elements is required, not 2"),
    ({"a": float("nan")}, cty.Object({"a": cty.Number}), {}, ".a: nan is not a JSON number"),
])
def test_trees_that_do_not_fit_say_where(value: Any, ty: cty.Type, trees: dict[str, Any],
                                         message: str) -> None:
    with pytest.raises(ValueJSONError) as e:
        value_from_json(value, ty, **trees)
    assert str(e.value) == message


def test_any_depth() -> None:
    depth = 3000
    value: cty.Value = U(cty.String)
    for _ in range(depth):
        value = cty.list_val([value])
    written = value_to_json(value)
    assert written.unknown == b"[" * depth + b"true" + b"]" * depth
    back = value_from_json(json.loads(written.value or b"null") if depth < 900 else
                           _nested(depth), value.type(),
                           unknown=_nested(depth, True))
    assert back.raw_equals(value)


def _nested(depth: int, leaf: Any = None) -> Any:
    tree: Any = leaf
    for _ in range(depth):
        tree = [tree]
    return tree


_TYPES = cst.types(3, optional_attrs=False)


@given(st.data())
def test_any_value_survives_the_round_trip(data: st.DataObject) -> None:
    ty = data.draw(_TYPES)
    value = data.draw(cst.values(ty, marks=["sensitive"], refinements=False, capsules=None,
                                 infinities=False, any_precision=False))
    if _has_dynamic_null(value):
        return  # (go-cty's JSON writes a null of no type as {"value":null,"type":"dynamic"})
    written = value_to_json(value)
    back = value_from_json(None if written.value is None else load(written.value),
                           ty, unknown=json.loads(written.unknown),
                           sensitive=json.loads(written.sensitive))
    assert value_to_json(back) == written
    assert back.unmark_deep()[0].raw_equals(value.unmark_deep()[0])


def _has_dynamic_null(value: cty.Value) -> bool:
    found = []

    def visit(path: cty.Path, v: cty.Value) -> bool:
        if v.is_null() and v.type() is cty.DynamicPseudoType:
            found.append(path)
        return True

    cty.walk(value, visit)
    return bool(found)
