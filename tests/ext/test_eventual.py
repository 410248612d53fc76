"""cty.ext.eventual: the rows of the design's table T1 (extensions.md section 1.7), the laws of
apply and all_ over generated values, and no secret's text in an error message."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
from cty.convert import convert
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack
from cty.ext.eventual import (
    SECRET,
    ApplyError,
    DependsOn,
    OutputState,
    all_,
    all_obj,
    apply,
    dependencies,
    depends_on,
    format_value,
    is_plain,
    is_secret,
    output_state,
    secret,
    unsecret,
    unwrap,
)
from cty.function import stdlib
from tests._ids import stable_id

from .._examples import examples
from ..strategies import any_values

S = SECRET
D = DependsOn
Str, Num = cty.string_val, cty.number_int_val


def _boom(v: cty.Value) -> cty.Value:
    raise AssertionError("the callback must not run")


def test_t1_1_dependencies_pass_through_apply() -> None:
    got = apply(Str("a").mark(D("urn:1")), lambda s: Str(s.as_string().upper()))
    assert got.raw_equals(Str("A").mark(D("urn:1")))


def test_t1_2_an_unknown_input_skips_the_callback() -> None:
    got = apply(cty.unknown_val(cty.String).mark(S), _boom, result_type=cty.Number)
    assert got.raw_equals(cty.unknown_val(cty.Number).mark(S))


def test_t1_3_a_partly_unknown_input_skips_the_callback() -> None:
    got = apply(cty.tuple_val([Str("a"), cty.unknown_val(cty.String)]), _boom)
    assert got.raw_equals(cty.DynamicVal)


def test_t1_4_run_with_unknowns_lifts_access() -> None:
    got = apply(cty.unknown_val(cty.Object({"a": cty.String})), lambda o: o.get_attr("a"),
                run_with_unknowns=True)
    assert got.raw_equals(cty.unknown_val(cty.String))


def test_t1_5_apply_is_conservative_and_lifted_access_precise() -> None:
    o = cty.object_val({"user": Str("u"), "pw": Str("p").mark(S)})
    assert apply(o, lambda x: x.get_attr("user")).raw_equals(Str("u").mark(S))
    assert o.get_attr("user").raw_equals(Str("u"))


def test_t1_6_the_callbacks_marks_and_unknowns_stay() -> None:
    got = apply(Str("a").mark(D("urn:1")),
                lambda _: cty.unknown_val(cty.String).mark(D("urn:2")).mark(S))
    assert got.raw_equals(cty.unknown_val(cty.String).with_marks(
        frozenset({D("urn:1"), D("urn:2"), S})))


def test_t1_7_all_builds_tuples_and_objects() -> None:
    assert all_(Num(1), Str("hi")).raw_equals(cty.tuple_val([Num(1), Str("hi")]))
    assert all_obj({"x": Num(1), "y": Str("hi")}).raw_equals(
        cty.object_val({"x": Num(1), "y": Str("hi")}))


def test_t1_8_output_state_and_collapse() -> None:
    parts = (Str("a").mark(S), cty.unknown_val(cty.Number).mark(D("urn:b")))
    assert output_state(all_(*parts)) == OutputState(known=False, secret=True,
                                                     dependencies=frozenset({"urn:b"}))
    assert all_(*parts, collapse=True).raw_equals(
        cty.unknown_val(cty.Tuple([cty.String, cty.Number])).with_marks(
            frozenset({S, D("urn:b")})))


def test_t1_9_unsecret_is_deep_and_keeps_other_marks() -> None:
    assert unsecret(secret(Str("foo"))).raw_equals(Str("foo"))
    got = unsecret(cty.list_val([Str("a").mark(S).mark(D("u"))]))
    assert got.raw_equals(cty.list_val([Str("a").mark(D("u"))]))


def test_t1_10_marks_are_flat_sets_and_unwrap_is_identity() -> None:
    assert Str("a").mark(S).mark(S).marks() == frozenset({S})
    v = cty.list_val([Str("a").mark(S)])
    assert unwrap(v).raw_equals(v)


def test_t1_11_container_marks_and_element_marks() -> None:
    inner = cty.list_val([Str("a").mark(S), Str("b")])
    assert not inner.has_mark(S) and inner.has_mark_deep(S)
    assert inner.index(Num(1)).raw_equals(Str("b"))
    assert inner.length().raw_equals(Num(2))
    outer = cty.list_val([Str("a"), Str("b")]).mark(S)
    assert outer.index(Num(1)).raw_equals(Str("b").mark(S))
    assert outer.length().raw_equals(Num(2).mark(S))


def test_t1_12_sets_hoist_and_equals_takes_deep_marks() -> None:
    assert cty.set_val([Str("a").mark(S), Str("b")]).raw_equals(
        cty.set_val([Str("a"), Str("b")]).mark(S))
    assert Str("a").mark(S).equals(Str("a")).raw_equals(cty.True_.mark(S))
    got = cty.list_val([Str("x").mark(S)]).equals(cty.null_val(cty.List(cty.String)))
    assert got.raw_equals(cty.False_)


def test_t1_13_get_attr_of_a_marked_unknown() -> None:
    got = cty.unknown_val(cty.Object({"a": cty.String})).mark(S).get_attr("a")
    assert got.raw_equals(cty.unknown_val(cty.String).mark(S))


def test_t1_14_json_encode_takes_deep_marks_and_unknowns() -> None:
    got = stdlib.json_encode(cty.tuple_val([Num(0), Num(1).mark(S)]))
    assert got.raw_equals(Str("[0,1]").mark(S))
    got = stdlib.json_encode(cty.tuple_val([cty.unknown_val(cty.Number), Num(1)]))
    assert not got.is_known() and got.range().string_prefix() == "["


def test_t1_15_redacted_display() -> None:
    v = cty.object_val({"a": Str("x").mark(S), "b": cty.unknown_val(cty.Number)})
    assert format_value(v) == "{ a = (sensitive value), b = (known after apply) }"
    assert format_value(v, style="esc") == "{ a = [secret], b = [unknown] }"
    with pytest.raises(cty.CtyValueError, match="style must be one of"):
        format_value(v, style="json")


def test_helpers() -> None:
    v = depends_on(Str("a"), "urn:1", "urn:2")
    assert dependencies(cty.list_val([v])) == {"urn:1", "urn:2"}
    assert not is_secret(v) and is_secret(cty.list_val([secret(Str("b"))]))
    assert is_plain(Str("a")) and not is_plain(v)
    assert not is_plain(cty.list_val([cty.unknown_val(cty.String)]))
    assert pickle.loads(pickle.dumps(SECRET)) is SECRET
    with pytest.raises(cty.CtyTypeError):
        DependsOn(3)  # type: ignore[arg-type]


def test_apply_checks_its_callbacks_result() -> None:
    with pytest.raises(ApplyError, match=r"must return a cty\.Value, not a str"):
        apply(Str("hunter2").mark(S), lambda v: v.as_string())  # type: ignore[arg-type,return-value]
    got = apply(Str("12"), lambda v: v, result_type=cty.Number)
    assert got.raw_equals(cty.parse_number_val("12"))


# --- laws over generated values ----------------------------------------------------------------

MARKS = st.sampled_from([S, D("urn:a"), D("urn:b"), "other"])


@pytest.mark.slow
@settings(max_examples=examples(200))
@given(any_values(max_depth=2), st.frozensets(MARKS, max_size=3))
def test_apply_never_loses_a_mark(v: cty.Value, extra: frozenset[object]) -> None:
    v = v.with_marks(extra)
    _, marks = v.unmark_deep()
    got = apply(v, lambda x: cty.string_val("r"), run_with_unknowns=True)
    assert marks <= got.marks()
    got = apply(v, lambda x: cty.string_val("r"))
    assert marks <= got.marks()


@settings(max_examples=examples(200))
@given(st.lists(st.tuples(any_values(max_depth=2), st.frozensets(MARKS, max_size=2)),
                max_size=4))
@pytest.mark.slow
def test_all_then_output_state_agrees_with_pulumi(parts: list[tuple[cty.Value, frozenset[object]]]
                                                  ) -> None:
    vs = [v.with_marks(m) for v, m in parts]
    states = [output_state(v) for v in vs]
    want = OutputState(known=all(s.known for s in states),
                       secret=any(s.secret for s in states),
                       dependencies=frozenset().union(*(s.dependencies for s in states)))
    assert output_state(all_(*vs)) == want
    assert output_state(all_(*vs, collapse=True)) == want


# --- no secret in an error message -------------------------------------------------------------

SECRET_TEXT = "hunter2-s3cr3t"
TARGETS = [cty.Number, cty.Bool, cty.List(cty.String), cty.Map(cty.Number),
           cty.Object({"a": cty.String}), cty.Tuple([cty.Number]), cty.Set(cty.Bool)]


@pytest.mark.parametrize("target", TARGETS, ids=stable_id)
@pytest.mark.parametrize("holder", ["bare", "in a list", "in an object", "in a map"])
def test_conversion_errors_never_show_a_secret(target: cty.Type, holder: str) -> None:
    s = secret(Str(SECRET_TEXT))
    v = {"bare": s, "in a list": cty.list_val([s]), "in an object": cty.object_val({"a": s}),
         "in a map": cty.map_val({"k": s})}[holder]
    try:
        convert(v, target)
    except cty.PathError as e:
        assert SECRET_TEXT not in str(e) and SECRET_TEXT not in e.message
    try:
        apply(cty.list_val([s]), lambda x: x, result_type=target)
    except ApplyError as e:
        assert SECRET_TEXT not in str(e)
    for encoding in (cty_json, cty_msgpack):  # the encoders refuse marks (R6)
        with pytest.raises(cty.CtyError) as raised:
            encoding.marshal(v, v.type())
        assert SECRET_TEXT not in str(raised.value)


OTHERS = [Str("x"), Num(2), cty.list_val([Str("a")]), cty.map_val({"k": Str("v")}),
          cty.object_val({"a": Str("v")}), cty.True_]


def _secret_args(n: int, slot: int, other: cty.Value, holder: str) -> list[cty.Value]:
    s = secret(Str(SECRET_TEXT if holder != "pattern" else "(" + SECRET_TEXT))
    held = {"bare": s, "pattern": s, "in a list": cty.list_val([s]),
            "in an object": cty.object_val({"a": s})}[holder]
    args = [other] * n
    args[slot] = held
    return args


@pytest.mark.parametrize("name", sorted(stdlib.FUNCTIONS))
def test_function_errors_never_show_a_secret(name: str) -> None:
    fn = stdlib.FUNCTIONS[name]
    n = len(fn.params()) + (1 if fn.var_param() is not None else 0)
    for slot in range(n):
        for other in OTHERS:
            for holder in ("bare", "pattern", "in a list", "in an object"):
                args = _secret_args(n, slot, other, holder)
                for way in ("call", "return type", "call converting"):
                    try:
                        if way == "return type":
                            fn.return_type_for_values(args)
                        else:
                            fn.call(args, convert_args=way == "call converting")
                    except cty.CtyError as e:
                        assert SECRET_TEXT not in str(e), f"{name} ({way}){args}: {e}"
