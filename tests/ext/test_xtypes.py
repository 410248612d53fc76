"""cty.ext.xtypes, first part: the model, its constructors and text, conversion kinds and
assignability (rows of the design's table T2, extensions.md section 2.4), and the laws
conversion_kind must keep, over generated types."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
from cty.ext.xtypes import (
    BOOL,
    DYNAMIC,
    INT,
    NEVER,
    NONE,
    NUMBER,
    STRING,
    Kind,
    XTraverseError,
    XType,
    assignable,
    contains_outputs,
    contains_promises,
    conversion_kind,
    input_type,
    list_,
    lower,
    map_,
    object_,
    optional,
    output,
    parse_xtype,
    pretty_xtype,
    promise,
    resolve_outputs,
    set_,
    tuple_,
    union,
    x,
    xconvert,
    xtraverse,
    xtype_from_json,
    xtype_to_json,
    xunify,
)

from .._examples import examples
from ..strategies import types

SAFE, UNSAFE, NO = Kind.SAFE, Kind.UNSAFE, Kind.NO


def test_t2_1_unions_flatten_dedupe_and_sort() -> None:
    assert union(BOOL, BOOL) == BOOL
    assert union(BOOL, INT, INT, NUMBER, STRING) == union(STRING, NUMBER, INT, BOOL)
    assert str(union(STRING, union(INT, BOOL))) == "bool | int | string"
    assert union() == NEVER and str(NEVER) == "never"


def test_t2_2_optional() -> None:
    assert optional(optional(DYNAMIC)) == optional(DYNAMIC)
    assert str(optional(STRING)) == "string?"
    assert str(union(INT, STRING, NONE)) == "(int | string)?"
    assert str(list_(union(NUMBER, STRING))) == "list(number | string)"


def test_t2_3_union_sources_and_destinations() -> None:
    assert conversion_kind(union(NONE, STRING), union(BOOL, INT, NUMBER, STRING)) == SAFE
    assert conversion_kind(STRING, union(INT, NONE)) == UNSAFE


def test_t2_4_assignable_takes_a_union_source_apart_first() -> None:
    assert not assignable(union(BOOL, INT, NUMBER, STRING), union(BOOL, optional(NUMBER)))
    assert assignable(union(BOOL, INT, STRING), union(BOOL, INT))


def test_t2_5_none() -> None:
    assert conversion_kind(STRING, NONE) == NO
    assert conversion_kind(optional(STRING), NONE) == SAFE


def test_t2_6_int_and_cty_not_pulumi_for_bool_number() -> None:
    kinds = [conversion_kind(d, s) for d, s in
             [(STRING, INT), (NUMBER, INT), (INT, NUMBER), (INT, STRING), (BOOL, NUMBER)]]
    assert kinds == [SAFE, SAFE, UNSAFE, UNSAFE, NO]  # BOOL <- NUMBER: UNSAFE in Pulumi


def test_contains_eventuals() -> None:
    assert contains_outputs(list_(union(INT, output(STRING))))
    assert not contains_outputs(promise(INT)) and contains_promises(map_(promise(INT)))
    assert not contains_promises(object_({"a": optional(INT)}))


def test_t2_8_eventuals_normalise() -> None:
    assert output(output(BOOL)) == output(BOOL)
    assert output(promise(BOOL)) == output(BOOL)
    assert output(list_(output(BOOL))) == output(list_(BOOL))
    assert promise(list_(promise(BOOL))) == promise(list_(BOOL))
    assert resolve_outputs(optional(output(BOOL))) == optional(BOOL)


def test_t2_9_eventual_conversions() -> None:
    assert conversion_kind(output(NUMBER), output(STRING)) == UNSAFE
    assert conversion_kind(output(NUMBER), promise(STRING)) == UNSAFE
    assert not assignable(output(BOOL), INT)
    assert conversion_kind(promise(BOOL), output(BOOL)) == NO


def test_t2_5_t2_6_unify_scalars() -> None:
    assert xunify(BOOL, NONE) == (optional(BOOL), optional(BOOL))
    assert xunify(INT, NUMBER) == (NUMBER, NUMBER)
    assert xunify(INT, STRING) == (STRING, STRING)
    assert xunify(BOOL, NUMBER) == (union(BOOL, NUMBER), union(BOOL, NUMBER))  # Pulumi: number
    assert xunify() == (NEVER, NEVER)


def test_t2_10_unify_eventuals() -> None:
    assert xunify(output(NUMBER), output(STRING)) == (output(STRING), output(STRING))
    assert xunify(promise(BOOL), output(BOOL)) == (output(BOOL), output(BOOL))
    assert xunify(promise(INT), promise(NUMBER)) == (promise(NUMBER), promise(NUMBER))


def test_t2_11_unify_containers() -> None:
    assert xunify(list_(STRING), set_(BOOL)) == (list_(STRING), list_(STRING))
    assert xunify(object_({"foo": STRING}), map_(BOOL)) == (map_(STRING), map_(STRING))
    both = object_({"foo": optional(STRING), "bar": optional(STRING)})
    assert xunify(object_({"foo": STRING}), object_({"bar": STRING})) == (both, both)
    longer = tuple_(NUMBER, BOOL, optional(STRING))
    assert xunify(tuple_(NUMBER, BOOL, STRING), tuple_(NUMBER, BOOL)) == (longer, longer)


def test_t2_12_dynamic() -> None:
    assert xunify(BOOL, DYNAMIC) == (union(BOOL, DYNAMIC), BOOL)


def test_t2_13_input_type() -> None:
    assert input_type(BOOL) == union(BOOL, output(BOOL))
    assert input_type(list_(BOOL)) == union(list_(union(BOOL, output(BOOL))),
                                            output(list_(BOOL)))
    assert input_type(DYNAMIC) == DYNAMIC
    assert input_type(output(BOOL)) == output(BOOL)
    assert input_type(tuple_(BOOL)) == union(tuple_(BOOL), output(tuple_(BOOL)))


def test_t2_14_traversal() -> None:
    assert xtraverse(union(map_(INT), object_({"foo": STRING})), "foo") == union(INT, STRING)
    assert xtraverse(optional(map_(STRING)), "foo") == optional(STRING)
    assert xtraverse(output(map_(STRING)), "foo") == output(STRING)
    assert xtraverse(list_(BOOL), 3) == BOOL
    assert xtraverse(tuple_(BOOL, STRING), 1) == STRING
    assert xtraverse(tuple_(BOOL, STRING), NUMBER) == union(BOOL, STRING)
    for t, step, message in [(object_({"a": INT}), "b", "no attribute 'b'"),
                             (list_(INT), "a", "whole numbers"), (STRING, "a", "has no"),
                             (set_(INT), 0, "no index"), (tuple_(INT), 5, "out of range"),
                             (union(NONE, STRING), "a", "has no")]:
        with pytest.raises(XTraverseError, match=message):
            xtraverse(t, step)


def test_embedding_and_lowering() -> None:
    core = cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Number}, ["b"])
    xt = x(core)
    assert xt == object_({"a": STRING, "b": optional(NUMBER)})
    assert str(xt) == "object({a=string,b=optional(number)})"
    assert lower(xt) == core
    assert lower(union(INT, NUMBER)) is cty.Number
    assert lower(union(BOOL, STRING)) is cty.DynamicPseudoType
    assert lower(output(list_(INT))) == cty.List(cty.Number)
    assert str(object_({"foo bar": INT})) == 'object({"foo bar"=int})'


def test_containers_with_x_only_elements() -> None:
    assert conversion_kind(list_(INT), list_(NUMBER)) == UNSAFE
    assert conversion_kind(list_(NUMBER), set_(INT)) == SAFE
    assert conversion_kind(map_(STRING), object_({"a": INT, "b": STRING})) == SAFE
    assert conversion_kind(object_({"a": INT}), object_({"a": STRING, "b": BOOL})) == UNSAFE
    assert conversion_kind(object_({"a": INT}), object_({})) == NO
    assert conversion_kind(object_({"a": optional(INT)}), object_({})) == SAFE
    assert conversion_kind(tuple_(INT, STRING), tuple_(NUMBER)) == NO


def test_bad_input_is_a_typed_error() -> None:
    with pytest.raises(cty.CtyTypeError):
        list_(cty.String)  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        conversion_kind(STRING, cty.String)  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        object_({"a": 1})  # type: ignore[dict-item]


# --- laws (the formal model's, section 2.4) over generated types -------------------------------

def _xtypes() -> st.SearchStrategy[XType]:
    leaves = st.sampled_from([BOOL, INT, NUMBER, STRING, DYNAMIC, NONE])
    return st.recursive(
        st.one_of(leaves, types(max_depth=1).map(x)),
        lambda inner: st.one_of(
            inner.map(list_), inner.map(set_), inner.map(map_), inner.map(optional),
            inner.map(output), inner.map(promise),
            st.lists(inner, max_size=3).map(lambda ts: union(*ts)),
            st.lists(inner, max_size=2).map(lambda ts: tuple_(*ts)),
            st.dictionaries(st.sampled_from("ab"), inner, max_size=2).map(object_)),
        max_leaves=6)


@settings(max_examples=examples(300))
@given(_xtypes())
def test_conversion_kind_is_reflexive_and_dynamic_takes_everything(t: XType) -> None:
    assert conversion_kind(t, t) == SAFE
    assert conversion_kind(DYNAMIC, t) == SAFE
    assert assignable(t, t)


@settings(max_examples=examples(300))
@given(types(max_depth=2), types(max_depth=2))
def test_plain_core_types_get_cores_answer(a: cty.Type, b: cty.Type) -> None:
    a, b = a.without_optional_attributes_deep(), b.without_optional_attributes_deep()
    if a == b or cty.convert.get_conversion(b, a) is not None:
        want = SAFE
    elif cty.convert.get_conversion_unsafe(b, a) is not None:
        want = UNSAFE
    else:
        want = NO
    assert conversion_kind(x(a), x(b)) == want


@settings(max_examples=examples(300))
@given(st.lists(_xtypes(), min_size=1, max_size=4), st.randoms(use_true_random=False))
def test_xunify_laws(ts: list[XType], rnd: Any) -> None:
    safe, unsafe = xunify(*ts)
    for t in ts:
        assert conversion_kind(safe, t) == SAFE, (str(safe), str(t))
    shuffled = list(ts)
    rnd.shuffle(shuffled)
    assert xunify(*shuffled) == (safe, unsafe)
    assert xunify(ts[0], ts[0]) == (ts[0], ts[0])


@pytest.mark.parametrize(("dst", "src"), [
    ("list", "list"), ("list", "set"), ("list", "tuple"), ("set", "set"), ("set", "list"),
    ("set", "tuple"), ("map", "map"), ("map", "object"), ("object", "object"),
    ("object", "map"), ("tuple", "tuple"), ("tuple", "list"), ("list", "map")])
def test_container_shapes_follow_core(dst: str, src: str) -> None:
    """With X-only elements inside, a kind of container converts to another as core cty's
    does (list to set is unsafe there, list to tuple impossible)."""
    def shape(kind: str, elem: XType) -> XType:
        return {"list": list_, "set": set_, "map": map_}[kind](elem) if kind in (
            "list", "set", "map") else tuple_(elem) if kind == "tuple" else object_({"a": elem})
    core = conversion_kind(shape(dst, STRING), shape(src, STRING))
    assert conversion_kind(shape(dst, NUMBER), shape(src, INT)) == core


def test_xtypes_are_interned_and_pickle_to_themselves() -> None:
    a = object_({"x": list_(optional(INT))})
    assert a is object_({"x": list_(union(INT, NONE))})
    assert pickle.loads(pickle.dumps(a)) is a and copy.deepcopy(a) is a
    with pytest.raises(AttributeError):
        a.kind = "list"  # type: ignore[misc]


def test_canonical_order_is_structural_and_creation_order_free() -> None:
    small, big = object_({"a": INT}), object_({"a": INT, "b": STRING})
    assert union(big, small).members == union(small, big).members == (small, big)
    assert union(list_(STRING), list_(INT)).members == (list_(INT), list_(STRING))
    assert union(tuple_(INT, INT), tuple_(INT)).members == (tuple_(INT), tuple_(INT, INT))


@pytest.mark.slow
def test_deep_types_at_every_entry_point() -> None:
    n = 3000
    t = parse_xtype("list(" * n + "int" + ")" * n)
    assert parse_xtype(str(t)) is t and xtype_from_json(xtype_to_json(t)) is t
    o = INT
    for _ in range(n):
        o = object_({"a": o})
    assert parse_xtype(pretty_xtype(o)) is o
    v = cty.number_int_val(1)
    for _ in range(n):
        v = cty.list_val([v])
    assert xconvert(v, t).type() == lower(t)
    assert conversion_kind(t, t) == SAFE and xunify(t, t) == (t, t)
    assert xtraverse(input_type(t), 0).kind == "union"
