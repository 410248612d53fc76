"""go-cty's TestConvert table (convert/public_test.go, v1.18.1) and TestConvertCapsuleType
(conversion_capsule_test.go), carried over; each case is convert(value, type)."""

from __future__ import annotations

import re
from typing import Any

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
    ObjectWithOptionalAttrs,
    Set,
    String,
    Tuple,
)
from cty.convert import convert
from tests._ids import stable_id

from ._helpers import refined

S = cty.string_val
N = cty.number_int_val
F = cty.number_float_val
T = cty.True_
FA = cty.False_
obj = cty.object_val
tup = cty.tuple_val
lst = cty.list_val
st = cty.set_val
mp = cty.map_val
null = cty.null_val
unknown = cty.unknown_val
Dyn = DynamicPseudoType


def opt_a(aty: cty.Type = String) -> cty.Type:
    return ObjectWithOptionalAttrs({"a": aty}, ["a"])


OBJ_A = Object({"a": String})
ICMP = obj({
    "type": S("ingress"), "from_port": N(-1), "to_port": N(-1), "protocol": S("icmp"),
    "description": S("ICMP in"), "cidr": tup([S("0.0.0.0/0")]),
})
SSH = obj({
    "type": S("ingress"), "from_port": N(22), "to_port": N(22), "protocol": S("tcp"),
    "description": S("SSH from Bastion"), "source_sg": S("sg-abc123"),
})
CD_TYPE = Set(ObjectWithOptionalAttrs({
    "c": ObjectWithOptionalAttrs({"a": String, "b": Bool}, ["b"]),
    "d": Number,
}, ["c"]))
CD_FULL = obj({"d": F(10), "c": obj({"a": S("foo"), "b": cty.bool_val(True)})})
CD_NULL_C = obj({"d": F(5), "c": null(Object({"a": String, "b": Bool}))})
X_OPT = ObjectWithOptionalAttrs({"x": Number}, ["x"])
X_OBJ = Object({"x": Number})
TTT_TYPE = ObjectWithOptionalAttrs(
    {"string": String, "set": Set(String), "list": List(String), "map": Map(String)},
    ["set", "list", "map"],
)

CASES: list[tuple[cty.Value, cty.Type, cty.Value | None, str | None]] = [
    # value, type, want, want_error
    (S("hello"), String, S("hello"), None),
    (S("1"), Number, N(1), None),
    (S("1.5"), Number, F(1.5), None),
    (S("hello"), Number, None, "a number is required"),
    (S("true"), Bool, T, None),
    (S("1"), Bool, T, None),
    (S("false"), Bool, FA, None),
    (S("0"), Bool, FA, None),
    (S("hello"), Bool, None, "a bool is required"),
    (N(4), String, S("4"), None),
    (F(3.14159265359), String, S("3.14159265359"), None),
    (T, String, S("true"), None),
    (FA, String, S("false"), None),
    (unknown(String), Number, unknown(Number), None),
    (unknown(Number), String, unknown(String), None),
    (cty.DynamicVal, String, unknown(String), None),
    (S("hello"), Dyn, S("hello"), None),
    (lst([N(5), N(10)]), List(String), lst([S("5"), S("10")]), None),
    (lst([N(5), N(10)]), List(Dyn), lst([N(5), N(10)]), None),
    (tup([ICMP, SSH]), List(Dyn), None, "all list elements must have the same type"),
    (st([S("5"), unknown(String)]), Set(Number), st([N(5), unknown(Number)]), None),
    (st([S("5"), S("10")]), List(String), lst([S("10"), S("5")]), None),
    (st([S("5"), S("10")]), List(Dyn), lst([S("10"), S("5")]), None),
    (st([N(5), N(10)]), List(String), lst([S("5"), S("10")]), None),
    (st([S("5"), unknown(String)]), List(String), unknown(List(String)), None),
    (st([unknown(String)]), List(String), lst([unknown(String)]), None),
    (lst([N(5), N(10), N(10)]), Set(String), st([S("5"), S("10")]), None),
    (tup([N(5), S("hello")]), List(String), lst([S("5"), S("hello")]), None),
    (tup([N(5), S("12")]), List(Number), lst([N(5), N(12)]), None),
    (tup([N(5), N(10)]), List(Dyn), lst([N(5), N(10)]), None),
    (tup([N(5), S("hello")]), List(Dyn), lst([S("5"), S("hello")]), None),
    (tup([N(5), S("hello")]), Set(Dyn), st([S("5"), S("hello")]), None),
    (cty.list_val_empty(String), Set(Dyn), cty.set_val_empty(String), None),
    (cty.set_val_empty(String), List(Dyn), cty.list_val_empty(String), None),
    (obj({"num": N(5), "str": S("hello")}), Map(String),
     mp({"num": S("5"), "str": S("hello")}), None),
    (obj({"num": N(5), "str": S("12")}), Map(Number), mp({"num": N(5), "str": N(12)}), None),
    (obj({"num1": N(5), "num2": N(10)}), Map(Dyn), mp({"num1": N(5), "num2": N(10)}), None),
    (obj({"num": N(5), "str": S("hello")}), Map(Dyn),
     mp({"num": S("5"), "str": S("hello")}), None),
    (obj({"list": cty.list_val_empty(Bool), "tuple": cty.EmptyTupleVal}), Map(Dyn),
     mp({"list": cty.list_val_empty(Bool), "tuple": cty.list_val_empty(Bool)}), None),
    (obj({"map": cty.map_val_empty(String), "obj": cty.EmptyObjectVal}), Map(Dyn),
     mp({"map": cty.map_val_empty(String), "obj": cty.map_val_empty(String)}), None),
    (obj({"num": N(5), "bool": T}), Map(Dyn), None, "all map elements must have the same type"),
    (mp({"greeting": S("Hello"), "name": S("John")}), Map(Dyn),
     mp({"greeting": S("Hello"), "name": S("John")}), None),
    (mp({"greeting": S("Hello"), "name": S("John")}),
     Object({"greeting": String, "name": String}),
     obj({"greeting": S("Hello"), "name": S("John")}), None),
    (mp({"greeting": S("Hello"), "name": S("John")}),
     Object({"greeting": List(String), "name": String}), None, "object required"),
    (mp({"greeting": S("Hello"), "name": S("John")}), Object({"name": String}),
     obj({"name": S("John")}), None),
    (mp({"name": S("John")}), Object({"name": String, "greeting": String}), None,
     'map has no element for required attribute "greeting"'),
    (mp({"name": S("John")}),
     ObjectWithOptionalAttrs({"name": String, "greeting": String}, ["greeting"]),
     obj({"greeting": null(String), "name": S("John")}), None),
    (mp({"a": N(2), "b": N(5)}), Map(String), mp({"a": S("2"), "b": S("5")}), None),
    (obj({"foo": S("foo value"), "bar": S("bar value")}), Object({"foo": String}),
     obj({"foo": S("foo value")}), None),
    (obj({"foo": T}), Object({"foo": String}), obj({"foo": S("true")}), None),
    (obj({"foo": cty.DynamicVal}), Object({"foo": String}), obj({"foo": unknown(String)}), None),
    (obj({"foo": null(String)}), Object({"foo": String}), obj({"foo": null(String)}), None),
    (obj({"foo": T}), Object({"foo": Dyn}), obj({"foo": T}), None),
    (obj({"bar": S("bar value")}), Object({"foo": String}), None,
     'attribute "foo" is required'),
    (obj({"bar": S("bar value")}), Object({"foo": String, "baz": String}), None,
     'attributes "baz" and "foo" are required'),
    (cty.EmptyObjectVal, Object({"foo": String, "bar": String, "baz": String}), None,
     'attributes "bar", "baz", and "foo" are required'),
    (obj({"bar": S("bar value")}),
     ObjectWithOptionalAttrs({"foo": String, "bar": String}, ["foo"]),
     obj({"foo": null(String), "bar": S("bar value")}), None),
    (obj({"foo": S("foo value"), "bar": S("bar value")}),
     ObjectWithOptionalAttrs({"foo": String, "bar": String}, ["foo"]),
     obj({"foo": S("foo value"), "bar": S("bar value")}), None),
    (cty.EmptyObjectVal, ObjectWithOptionalAttrs({"foo": String, "bar": String}, ["foo"]),
     None, 'attribute "bar" is required'),
    (null(Dyn), ObjectWithOptionalAttrs({"foo": String, "bar": String}, ["foo"]),
     null(Object({"foo": String, "bar": String})), None),
    (lst([null(Dyn), obj({"bar": S("bar value")})]),
     List(ObjectWithOptionalAttrs({"foo": String, "bar": String}, ["foo"])),
     lst([null(Object({"foo": String, "bar": String})),
          obj({"foo": null(String), "bar": S("bar value")})]), None),
    (obj({"foo": T}), Object({"foo": Number}), None,
     'attribute "foo": number required, but have bool'),
    (obj({"foo": unknown(Bool)}), Object({"foo": Number}), None,
     'attribute "foo": number required, but have bool'),
    (null(String), Dyn, null(String), None),
    (unknown(String), Dyn, unknown(String), None),
    (tup([S("hello")]), Tuple([String]), tup([S("hello")]), None),
    (tup([T]), Tuple([String]), tup([S("true")]), None),
    (tup([T]), EmptyTuple, None, "tuple required"),
    (cty.EmptyTupleVal, Tuple([String]), None, "tuple required"),
    (cty.EmptyTupleVal, Set(String), cty.set_val_empty(String), None),

    # Marks on values should propagate, even deeply.
    (S("hello").mark(1), String, S("hello").mark(1), None),
    (S("true").mark(1), Bool, T.mark(1), None),
    (tup([S("hello").mark(1)]), List(String), lst([S("hello").mark(1)]), None),
    (st([S("hello").mark(1), S("hello").mark(2)]), Set(String),
     st([S("hello")]).with_marks(cty.new_value_marks(1, 2)), None),
    (obj({"foo": S("hello").mark(1)}), Map(String), mp({"foo": S("hello").mark(1)}), None),
    (obj({"foo": S("hello").mark(1), "bar": S("world").mark(1)}), Object({"foo": String}),
     obj({"foo": S("hello").mark(1)}), None),
    (obj({"foo": S("hello"), "bar": S("world").mark(1)}), Object({"foo": String}),
     obj({"foo": S("hello")}), None),
    # reduction of https://github.com/hashicorp/terraform/issues/23804
    (obj({
        "a": obj({"x": tup([S("foo")])}),
        "b": obj({"x": tup([S("bar")])}),
        "c": obj({"x": tup([S("foo"), S("bar")])}),
    }), Map(Map(Dyn)), mp({
        "a": mp({"x": lst([S("foo")])}),
        "b": mp({"x": lst([S("bar")])}),
        "c": mp({"x": lst([S("foo"), S("bar")])}),
    }), None),
    # reduction of https://github.com/hashicorp/terraform/issues/24167
    (obj({
        "a": obj({"x": null(Dyn)}),
        "b": obj({"x": obj({"c": N(1), "d": N(2)})}),
    }), Map(Map(Object({"x": Map(Dyn)}))), None,
     'element "b": element "x": attribute "x" is required'),
    # reduction of https://github.com/hashicorp/terraform/issues/23431
    (obj({"a": obj({"x": S("foo")}), "b": cty.map_val_empty(Dyn)}), Map(Map(Dyn)),
     mp({"a": mp({"x": S("foo")}), "b": cty.map_val_empty(String)}), None),
    # reduction of https://github.com/hashicorp/terraform/issues/27269
    (tup([
        obj({"a": null(Dyn)}),
        obj({"a": obj({"b": lst([obj({"c": S("d")})])})}),
    ]), List(Object({"a": Object({
        "b": List(ObjectWithOptionalAttrs({"c": String, "d": String}, ["d"])),
    })})), lst([
        obj({"a": null(Object({"b": List(Object({"c": String, "d": String}))}))}),
        obj({"a": obj({"b": lst([obj({"c": S("d"), "d": null(String)})])})}),
    ]), None),
    # Null values converted into nested types with optional attributes get the concrete type.
    (null(Dyn), Object({"foo": ObjectWithOptionalAttrs({"bar": String}, ["bar"])}),
     null(Object({"foo": Object({"bar": String})})), None),
    # The same for unknown values.
    (cty.DynamicVal, Object({"foo": ObjectWithOptionalAttrs({"bar": String}, ["bar"])}),
     unknown(Object({"foo": Object({"bar": String})})), None),
    # https://github.com/hashicorp/terraform/issues/21588:
    (tup([
        obj({"a": cty.EmptyObjectVal, "b": N(2)}),
        obj({"a": obj({"var1": S("val1")}), "b": S("2")}),
    ]), List(Object({"a": Dyn, "b": String})), lst([
        obj({"a": cty.map_val_empty(String), "b": S("2")}),
        obj({"a": mp({"var1": S("val1")}), "b": S("2")}),
    ]), None),
    # https://github.com/hashicorp/terraform/issues/24377:
    (tup([lst([S("a")]), S("b"), null(Dyn)]), Set(Dyn), None,
     "all set elements must have the same type"),
    (tup([lst([S("a")]), S("b"), null(Dyn)]), List(Dyn), None,
     "all list elements must have the same type"),
    (tup([lst([S("a")]), S("b")]), Set(Dyn), None, "all set elements must have the same type"),
    (tup([lst([S("a")]), S("b")]), List(Dyn), None, "all list elements must have the same type"),
    (tup([S("a"), N(9), null(Dyn)]), Set(Dyn), st([S("a"), S("9"), null(Dyn)]), None),
    (tup([S("a"), N(9), null(Dyn)]), List(Dyn), lst([S("a"), S("9"), null(Dyn)]), None),
    (tup([null(Dyn), null(Dyn), null(Dyn)]), Set(Dyn), st([null(Dyn)]), None),
    (tup([null(Dyn), null(Dyn), null(Dyn)]), List(Dyn),
     lst([null(Dyn), null(Dyn), null(Dyn)]), None),
    # A map of string converts to this target while the map lacks the optional attributes
    # that a string cannot be assigned to.
    (mp({"a": S("boop")}), ObjectWithOptionalAttrs(
        {"a": String, "b": String, "c": Object({"d": String})}, ["b", "c"]),
     obj({"a": S("boop"), "b": null(String), "c": null(Object({"d": String}))}), None),
    (mp({"a": S("boop")}), ObjectWithOptionalAttrs(
        {"a": String, "b": String, "c": Object({"d": Dyn})}, ["b", "c"]),
     obj({"a": S("boop"), "b": null(String), "c": null(Object({"d": Dyn}))}), None),
    (mp({"a": S("boop")}), ObjectWithOptionalAttrs(
        {"a": String, "b": String, "c": Dyn}, ["b", "c"]),
     obj({"a": S("boop"), "b": null(String), "c": null(Dyn)}), None),
    # Invalid: an element of a map of string cannot be assigned to an object attribute.
    (mp({"a": S("boop"), "c": S("foobar")}), ObjectWithOptionalAttrs(
        {"a": String, "b": String, "c": Object({"d": String})}, ["b", "c"]), None,
     'map element type is incompatible with attribute "c": object required, but have string'),
    (tup([CD_FULL, obj({
        "d": F(5),
        "c": null(ObjectWithOptionalAttrs({"a": String, "b": Bool}, ["b"])),
    })]), CD_TYPE, st([CD_FULL, CD_NULL_C]), None),
    (tup([CD_FULL, obj({"d": F(5)})]), CD_TYPE, st([CD_FULL, CD_NULL_C]), None),
    (mp({"a": S("boop")}), ObjectWithOptionalAttrs(
        {"a": String, "b": String, "c": Object({"d": String})}, ["b", "c"]),
     obj({"a": S("boop"), "b": null(String), "c": null(Object({"d": String}))}), None),
    (lst([
        obj({"xs": lst([obj({"x": F(1234)})])}),
        obj({"xs": cty.list_val_empty(X_OBJ)}),
    ]), List(Object({"xs": List(X_OPT)})), lst([
        obj({"xs": lst([obj({"x": F(1234)})])}),
        obj({"xs": cty.list_val_empty(X_OBJ)}),
    ]), None),
    (st([
        obj({"xs": st([obj({"x": F(1234)})])}),
        obj({"xs": cty.set_val_empty(X_OBJ)}),
    ]), Set(Object({"xs": Set(X_OPT)})), st([
        obj({"xs": st([obj({"x": F(1234)})])}),
        obj({"xs": cty.set_val_empty(X_OBJ)}),
    ]), None),
    (mp({
        "foo": obj({"xs": mp({"nested_foo": obj({"x": F(1234)})})}),
        "bar": obj({"xs": cty.map_val_empty(X_OBJ)}),
    }), Map(Object({"xs": Map(X_OPT)})), mp({
        "foo": obj({"xs": mp({"nested_foo": obj({"x": F(1234)})})}),
        "bar": obj({"xs": cty.map_val_empty(X_OBJ)}),
    }), None),
    # Optional attributes are stripped out of empty sets, maps, lists and tuples.
    (cty.list_val_empty(opt_a()), Set(opt_a()), cty.set_val_empty(OBJ_A), None),
    (cty.EmptyTupleVal, Set(opt_a()), cty.set_val_empty(OBJ_A), None),
    (cty.set_val_empty(opt_a()), List(opt_a()), cty.list_val_empty(OBJ_A), None),
    (cty.EmptyTupleVal, List(opt_a()), cty.list_val_empty(OBJ_A), None),
    (cty.EmptyObjectVal, Map(opt_a()), cty.map_val_empty(OBJ_A), None),
    (cty.map_val_empty(String), opt_a(), obj({"a": null(String)}), None),
    # ...and out of null sets, maps, lists and tuples.
    (null(List(opt_a())), Set(opt_a()), null(Set(OBJ_A)), None),
    (null(EmptyTuple), Set(opt_a()), null(Set(OBJ_A)), None),
    (null(Set(opt_a())), List(opt_a()), null(List(OBJ_A)), None),
    (null(EmptyTuple), List(opt_a()), null(List(OBJ_A)), None),
    (null(EmptyObject), Map(opt_a()), null(Map(OBJ_A)), None),
    (null(Map(String)), opt_a(), null(OBJ_A), None),
    # ...and out of null values in sets, maps, lists and tuples.
    (lst([null(opt_a())]), Set(opt_a()), st([null(OBJ_A)]), None),
    (tup([null(opt_a())]), Set(opt_a()), st([null(OBJ_A)]), None),
    (st([null(opt_a())]), List(opt_a()), lst([null(OBJ_A)]), None),
    (tup([null(opt_a())]), List(opt_a()), lst([null(OBJ_A)]), None),
    (obj({"object": null(opt_a())}), Map(opt_a()), mp({"object": null(OBJ_A)}), None),
    (mp({"object": null(opt_a())}), Object({"object": opt_a()}),
     obj({"object": null(OBJ_A)}), None),
    (mp({"object": null(opt_a(Number))}), Map(opt_a()), mp({"object": null(OBJ_A)}), None),
    (tup([null(opt_a(Number))]), Tuple([opt_a()]), tup([null(OBJ_A)]), None),
    # Collections should prefer concrete types over dynamic types.
    (cty.list_val_empty(Number), List(Dyn), cty.list_val_empty(Number), None),
    (null(List(Number)), List(Dyn), null(List(Number)), None),
    (null(List(Number)), Set(Dyn), null(Set(Number)), None),
    (cty.map_val_empty(Number), Map(Dyn), cty.map_val_empty(Number), None),
    (null(Map(Number)), Map(Dyn), null(Map(Number)), None),
    (null(Map(Number)), Object({"a": Dyn}), null(Object({"a": Number})), None),
    (cty.set_val_empty(Number), Set(Dyn), cty.set_val_empty(Number), None),
    (null(Set(Number)), Set(Dyn), null(Set(Number)), None),
    (null(Set(Number)), List(Dyn), null(List(Number)), None),
    (null(Object({"a": String})), Map(Dyn), null(Map(String)), None),
    (null(Object({"a": Object({"b": String})})), Object({"a": Object({"b": Dyn})}),
     null(Object({"a": Object({"b": String})})), None),
    (null(Tuple([String])), Tuple([Dyn]), null(Tuple([String])), None),
    # Optional attributes are stripped out of types even if they match.
    (mp({"object": null(opt_a())}), Map(opt_a()), mp({"object": null(OBJ_A)}), None),

    # Object to map refinements
    (unknown(EmptyObject), Map(String), refined(Map(String), lo=0, hi=0), None),
    (unknown(EmptyObject).refine_not_null(), Map(String), cty.map_val_empty(String), None),
    (unknown(Object({"a": String})), Map(String), refined(Map(String), lo=1, hi=1), None),
    (unknown(Object({"a": String})).refine_not_null(), Map(String),
     refined(Map(String), not_null=True, lo=1, hi=1), None),
    # Tuple to list refinements
    (unknown(EmptyTuple), List(String), refined(List(String), lo=0, hi=0), None),
    (unknown(EmptyTuple).refine_not_null(), List(String), cty.list_val_empty(String), None),
    (unknown(Tuple([String])), List(String), refined(List(String), lo=1, hi=1), None),
    (unknown(Tuple([String])).refine_not_null(), List(String), lst([unknown(String)]), None),
    # Tuple to set refinements
    (unknown(EmptyTuple), Set(String), refined(Set(String), lo=0, hi=0), None),
    (unknown(EmptyTuple).refine_not_null(), Set(String), cty.set_val_empty(String), None),
    (unknown(Tuple([String])), Set(String), refined(Set(String), lo=1, hi=1), None),
    (unknown(Tuple([String])).refine_not_null(), Set(String), st([unknown(String)]), None),
    (unknown(Tuple([String, String])), Set(String), refined(Set(String), lo=1, hi=2), None),
    (unknown(Tuple([String, String])).refine_not_null(), Set(String),
     refined(Set(String), not_null=True, lo=1, hi=2), None),
    # Collection to collection refinements
    (refined(List(String), lo=2, hi=4), Set(String), refined(Set(String), lo=1, hi=4), None),
    (refined(List(String), not_null=True, lo=2, hi=4), Set(String),
     refined(Set(String), not_null=True, lo=1, hi=4), None),
    (refined(Set(String), lo=2, hi=4), List(String), refined(List(String), lo=2, hi=4), None),
    (refined(Set(String), not_null=True, lo=2, hi=4), List(String),
     refined(List(String), not_null=True, lo=2, hi=4), None),
    # General unknown value refinements
    (unknown(Bool).refine_not_null(), String, unknown(String).refine_not_null(), None),
    # Valid unknown attribute types when converting a map to an object with optional
    # attributes.
    (obj({"TTTattr": unknown(Map(String))}), Object({"TTTattr": TTT_TYPE}),
     obj({"TTTattr": unknown(Object({
         "list": List(String), "map": Map(String), "set": Set(String), "string": String,
     }))}), None),
    (tup([
        obj({"optional_map": cty.EmptyObjectVal}),
        obj({"optional_map": cty.map_val_empty(Object({"asdf": String}))}),
    ]), Set(ObjectWithOptionalAttrs({
        "optional_map": Map(ObjectWithOptionalAttrs({"asdf": String}, ["asdf"])),
    }, ["optional_map"])), st([
        obj({"optional_map": cty.map_val_empty(Object({"asdf": String}))}),
        obj({"optional_map": cty.map_val_empty(Object({"asdf": String}))}),
    ]), None),
]


@pytest.mark.parametrize(("value", "ty", "want", "want_error"), CASES, ids=stable_id)
def test_convert(value: cty.Value, ty: cty.Type, want: cty.Value | None,
                 want_error: str | None) -> None:
    if want_error is not None:
        with pytest.raises(cty.PathError, match=f"^{re.escape(want_error)}$"):
            convert(value, ty)
        return
    got = convert(value, ty)

    assert got == want


def test_the_table_has_every_go_cty_case() -> None:
    assert len(CASES) == 156


# --- capsules (conversion_capsule_test.go) ------------------------------------------------


class Box:
    """A mutable holder, like the *string go-cty's test wraps."""

    def __init__(self, s: Any) -> None:
        self.s = s


def _cap_conversion_from(src: cty.Type) -> Any:
    if src is not String:
        return None
    return lambda raw, path: S(raw.s)


def _cap_conversion_to(dst: cty.Type) -> Any:
    if dst is not String:
        return None
    return lambda v, path: Box(v.as_string())


CAP = cty.CapsuleWithOps("test thingy", Box, cty.CapsuleOps(
    go_string=lambda raw: f"capTy({raw.s!r})",
    type_go_string=lambda t: "capTy",
    raw_equals=lambda a, b: a.s == b.s,
    conversion_from=_cap_conversion_from,
    conversion_to=_cap_conversion_to,
))


def cap(s: str) -> cty.Value:
    return cty.capsule_val(CAP, Box(s))


def _int_conversion_from(src: cty.Type) -> Any:
    if src is CAP:
        return lambda raw, path: cap(str(raw.s))
    return None


CAP_INT = cty.CapsuleWithOps("int test thingy", Box, cty.CapsuleOps(
    conversion_from=_int_conversion_from,
))

CAPSULE_CASES: list[tuple[cty.Value, cty.Type, cty.Value | None, str | None]] = [
    (cap("hello"), String, S("hello"), None),
    (S("hello"), CAP, cap("hello"), None),
    (T, CAP, None, "test thingy required, but have bool"),
    (cap("hello"), Bool, None, "bool required, but have test thingy"),
    (unknown(CAP), String, unknown(String), None),
    (null(CAP), String, null(String), None),
    (unknown(Bool), CAP, None, "test thingy required, but have bool"),
    (null(Bool), CAP, None, "test thingy required, but have bool"),
    (unknown(CAP), Bool, None, "bool required, but have test thingy"),
    (null(CAP), Bool, None, "bool required, but have test thingy"),
    (cty.capsule_val(CAP_INT, Box(42)), CAP, cap("42"), None),
]


@pytest.mark.parametrize(("value", "ty", "want", "want_error"), CAPSULE_CASES, ids=stable_id)
def test_convert_capsule(value: cty.Value, ty: cty.Type, want: cty.Value | None,
                         want_error: str | None) -> None:
    if want_error is not None:
        with pytest.raises(cty.PathError, match=f"^{re.escape(want_error)}$"):
            convert(value, ty)
        return

    assert convert(value, ty) == want
