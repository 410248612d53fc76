"""cty.ext.xtypes at run time: lift, literal_xtype and xconvert (rows T2.7 and T2.15 of the
design's table, extensions.md section 2.4), its errors and paths, and properties over generated
types and values."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import cty
from cty.convert import convert
from cty.ext.xtypes import (
    BOOL,
    DYNAMIC,
    INT,
    NEVER,
    NONE,
    NUMBER,
    STRING,
    XType,
    lift,
    list_,
    literal_xtype,
    lower,
    map_,
    object_,
    optional,
    output,
    set_,
    tuple_,
    union,
    x,
    xconvert,
)

from .._examples import examples
from ..strategies import any_values, types, values
from .test_xtypes import _xtypes

N = cty.number_int_val
S = cty.string_val


def _error(v: cty.Value, t: XType, **kwargs: str) -> cty.PathError:
    with pytest.raises(cty.PathError) as info:
        xconvert(v, t, **kwargs)  # type: ignore[arg-type]
    return info.value


def test_t2_7_int_is_a_whole_number_of_any_size() -> None:
    assert xconvert(N(42), INT) == N(42)
    assert _error(cty.number_val(4.5), INT).message == "a whole number is required"
    assert xconvert(S("12"), INT) == N(12)
    big = xconvert(cty.number_val(2**255), INT)
    assert convert(big, cty.String) == S(
        "57896044618658097711785492504343953926634992332820282019728792003956564819968")
    assert _error(cty.PositiveInfinity, INT).message == "a whole number is required"
    assert _error(S("twelve"), INT).message == "a number is required"


def test_t2_15_union_conversion() -> None:
    assert xconvert(N(5), union(BOOL, STRING)) == S("5")
    assert xconvert(S("12"), union(BOOL, NUMBER)) == N(12)
    e = _error(S("1"), union(BOOL, NUMBER))
    assert e.message == "ambiguous: the value converts to more than one member of bool | " \
                        "number (bool and number)"
    assert _error(cty.null_val(cty.String), STRING).message == "a non-null value is required"
    assert xconvert(cty.null_val(cty.String), optional(STRING)) == cty.null_val(cty.String)
    assert xconvert(N(5), union(STRING, INT)) == N(5)  # exactly int beats safely string


def test_prefer_first_takes_the_first_unsafe_success() -> None:
    assert xconvert(S("1"), union(BOOL, NUMBER), prefer="first") == cty.True_
    assert xconvert(cty.number_val(5.5), union(STRING, INT)) == S("5.5")
    with pytest.raises(cty.CtyValueError, match="prefer"):
        xconvert(N(1), INT, prefer="last")  # type: ignore[arg-type]


def test_no_member_error_names_each_members_reason() -> None:
    e = _error(S("x"), union(BOOL, NUMBER))
    assert e.message == ("the value converts to no member of bool | number (bool: a bool is "
                         "required; number: a number is required)")
    e = _error(cty.list_val([N(1)]), union(BOOL, NUMBER))
    assert e.message == "bool | number is required, but have list(number)"
    either = union(object_({"port": INT}), object_({"port": BOOL}))
    e = _error(cty.object_val({"port": S("x")}), either)
    assert e.message == (
        "the value converts to no member of object({port=bool}) | object({port=int}) "
        "(object({port=bool}): .port: a bool is required; "
        "object({port=int}): .port: a number is required)")
    e = _error(cty.object_val({"port": cty.number_val(1.5)}), union(STRING, either.members[1]))
    assert str(e) == ".port: a whole number is required"  # one member could: its own error


def test_a_short_tuple_is_padded_only_where_its_elements_are_optional() -> None:
    short = cty.tuple_val([cty.string_val("a")])
    assert xconvert(short, tuple_(STRING, optional(NUMBER))).raw_equals(
        cty.tuple_val([cty.string_val("a"), cty.null_val(cty.Number)]))
    assert xconvert(short, tuple_(STRING, NONE)).raw_equals(
        cty.tuple_val([cty.string_val("a"), cty.null_val(cty.DynamicPseudoType)]))
    # a dynamic element admits null, but is not optional: refused, as core cty refuses it
    for t in (tuple_(STRING, DYNAMIC), tuple_(STRING, NUMBER)):
        with pytest.raises(cty.PathError, match="tuple required"):
            xconvert(short, t)
    with pytest.raises(cty.PathError):
        convert(cty.EmptyTupleVal, cty.Tuple([cty.DynamicPseudoType]))
    with pytest.raises(cty.PathError, match="tuple required"):
        xconvert(cty.EmptyTupleVal, tuple_(DYNAMIC))


def test_errors_carry_the_path_of_the_element() -> None:
    schema = object_({"services": list_(object_({"name": STRING, "port": INT,
                                                   "tags": optional(map_(STRING))}))})
    good = cty.object_val({"name": S("web"), "port": N(80)})
    bad_port = cty.object_val({"name": S("db"), "port": S("54.5")})
    e = _error(cty.object_val({"services": cty.tuple_val([good, bad_port])}), schema)
    assert str(e) == ".services[1].port: a whole number is required"
    null_name = cty.object_val({"name": cty.null_val(cty.String), "port": N(1)})
    e = _error(cty.object_val({"services": cty.tuple_val([null_name])}), schema)
    assert str(e) == ".services[0].name: a non-null value is required"
    missing = cty.object_val({"port": N(1)})
    e = _error(cty.object_val({"services": cty.tuple_val([missing])}), schema)
    # no conversion between the types at all: core cty's message, naming the place in words
    assert str(e) == 'attribute "services": element 0: attribute "name" is required'
    tags = cty.object_val({"name": S("a"), "port": N(1),
                           "tags": cty.object_val({"k": cty.null_val(cty.String)})})
    e = _error(cty.object_val({"services": cty.tuple_val([tags])}), schema)
    assert str(e) == '.services[0].tags["k"]: a non-null value is required'
    e = _error(N(1), list_(STRING))
    assert e.message == "list of string required, but have number" and not e.path


def test_containers_convert_element_by_element() -> None:
    got = xconvert(cty.tuple_val([N(1), S("2")]), list_(INT))
    assert got == cty.list_val([N(1), N(2)])
    assert xconvert(cty.tuple_val([N(1), S("a")]), list_(union(STRING, NUMBER))) == \
        cty.list_val([S("1"), S("a")])  # one element type, as core's list(any) makes it
    assert xconvert(cty.list_val([N(1), N(1)]), set_(INT)) == cty.set_val([N(1)])
    assert xconvert(cty.tuple_val([]), list_(INT)) == cty.list_val_empty(cty.Number)
    assert xconvert(cty.object_val({"a": N(1)}), map_(STRING)) == cty.map_val({"a": S("1")})
    assert xconvert(cty.map_val({"a": N(1), "z": N(2)}), object_({"a": INT})) == \
        cty.object_val({"a": N(1)})
    assert xconvert(cty.object_val({}), object_({"a": optional(INT)})) == \
        cty.object_val({"a": cty.null_val(cty.Number)})
    assert xconvert(cty.tuple_val([N(1)]), tuple_(NUMBER, optional(STRING))) == \
        cty.tuple_val([N(1), cty.null_val(cty.String)])
    e = _error(cty.tuple_val([N(1)]), tuple_(NUMBER, STRING))
    assert e.message == "tuple required"  # core cty's words
    with pytest.raises(cty.PathError, match="tuple required"):
        xconvert(cty.tuple_val([N(1), N(2)]), tuple_(NUMBER))
    assert xconvert(N(3), output(INT)) == N(3)


def test_none_never_and_dynamic() -> None:
    assert _error(N(1), NEVER).message == "no value is allowed here (the type is never)"
    assert _error(N(1), NONE).message == "only null is allowed here, but have number"
    assert xconvert(cty.null_val(cty.DynamicPseudoType), NONE) == \
        cty.null_val(cty.DynamicPseudoType)
    assert xconvert(cty.null_val(cty.String), DYNAMIC) == cty.null_val(cty.String)
    assert xconvert(N(1), DYNAMIC) == N(1)
    assert xconvert(cty.null_val(cty.DynamicPseudoType), optional(INT)) == \
        cty.null_val(cty.Number)


def test_unknowns_and_marks() -> None:
    assert xconvert(cty.unknown_val(cty.String), union(NUMBER, BOOL)) == cty.DynamicVal
    assert xconvert(cty.unknown_val(cty.String), INT) == cty.unknown_val(cty.Number)
    assert xconvert(cty.DynamicVal, list_(INT)) == cty.unknown_val(cty.List(cty.Number))
    e = _error(cty.unknown_val(cty.Bool), INT)
    assert e.message == "int is required, but have bool"
    secret = S("7").mark("secret")
    assert xconvert(secret, INT) == N(7).mark("secret")
    assert xconvert(cty.unknown_val(cty.String).mark("s"), union(BOOL, NUMBER)) == \
        cty.DynamicVal.mark("s")
    inside = cty.tuple_val([S("1").mark("a"), cty.unknown_val(cty.String)]).mark("b")
    got = xconvert(inside, list_(union(BOOL, INT)), prefer="first")
    assert got.marks() == frozenset({"b"})
    assert got.unmark()[0].as_value_slice()[0] == cty.True_.mark("a")
    assert not got.unmark()[0].as_value_slice()[1].is_known()


def test_errors_never_show_a_marked_values_text() -> None:
    e = _error(S("hunter2").mark("secret"), union(BOOL, NUMBER))
    assert "hunter2" not in str(e)


def test_lift_and_literal_xtype() -> None:
    assert lift(cty.null_val(cty.String)) == NONE
    assert lift(N(3)) == NUMBER
    assert lift(cty.unknown_val(cty.List(cty.String))) == list_(STRING)
    assert lift(cty.DynamicVal) == DYNAMIC
    assert literal_xtype(N(3)) == INT
    assert literal_xtype(cty.number_val(2**300).mark("m")) == INT
    assert literal_xtype(cty.number_val(0.5)) == NUMBER
    lit = cty.tuple_val([N(1), S("a"), cty.object_val({"n": N(2), "z": cty.null_val(cty.Bool)})])
    assert literal_xtype(lit) == tuple_(INT, STRING, object_({"n": INT, "z": NONE}))
    assert literal_xtype(cty.list_val([N(1)])) == list_(NUMBER)
    with pytest.raises(cty.CtyTypeError):
        lift(3)  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        xconvert(N(1), cty.Number)  # type: ignore[arg-type]


# --- properties --------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(300))
@given(_xtypes(), any_values())
def test_xconvert_gives_a_value_of_the_lowered_type_or_a_path_error(t: XType,
                                                                   v: cty.Value) -> None:
    try:
        got = xconvert(v, t, prefer="first")
    except cty.PathError:
        return
    assert not got.type().test_conformance(lower(t)), (str(t), got)
    assert got.marks() >= v.marks()
    if got.is_wholly_known():  # (an unknown's lowered type may not say which member it meant)
        assert xconvert(got, t, prefer="first").raw_equals(got), (str(t), got)


@settings(max_examples=examples(300))
@given(types(max_depth=2).flatmap(
    lambda t: st.tuples(st.just(t), types(max_depth=2), st.data())))
@pytest.mark.slow
def test_on_plain_types_and_values_without_nulls_it_is_cores_convert(
        args: tuple[cty.Type, cty.Type, st.DataObject]) -> None:
    target, source, data = args
    v = data.draw(values(source, nulls=False, unknowns=False))
    assume(not any(e.is_known() and e.is_null() for _, e in cty.deep_values(v)))  # dynamic slots
    try:
        want: cty.Value | None = convert(v, target)
    except cty.PathError:
        want = None
    try:
        got: cty.Value | None = xconvert(v, x(target))
    except cty.PathError:
        got = None
    if want is None or got is None:
        assert want is got, (target, v, want, got)
    else:
        assert got.raw_equals(want), (target, v, want, got)


def _outcome(v: cty.Value, t: XType) -> tuple[str, object]:
    try:
        got = xconvert(v, t)
    except cty.PathError as e:
        return "error", (e.path, e.message)
    return "value", got


def _without_the_fast_path(v: cty.Value, t: XType) -> tuple[str, object]:
    from unittest import mock

    from cty.ext.xtypes import _convert

    with mock.patch.object(_convert, "payload_checker", lambda t: None):
        return _outcome(v, t)


@settings(max_examples=examples(400))
@given(_xtypes().flatmap(lambda t: st.tuples(st.just(t), st.one_of(
    values(lower(t)), any_values()))))
@pytest.mark.slow
def test_the_payload_checks_answer_as_the_walk_does(tv: tuple[XType, cty.Value]) -> None:
    # the fast path (checks on payloads, _payload_check) gives the walk's value exactly,
    # and where it is not sure the walk gives the error, so the two never differ
    t, v = tv
    fast, slow = _outcome(v, t), _without_the_fast_path(v, t)
    assert fast[0] == slow[0], (str(t), v, fast, slow)
    if fast[0] == "error":
        assert fast[1] == slow[1]
    else:
        a, b = fast[1], slow[1]
        assert isinstance(a, cty.Value) and isinstance(b, cty.Value)
        assert a.type() == b.type() and a.raw_equals(b), (str(t), v, a, b)


def test_the_payload_checks_take_a_list_of_records_without_a_value_each() -> None:
    from unittest import mock

    from cty.ext.xtypes import _convert, parse_xtype

    schema = parse_xtype("list(object({name = string, replicas = int, "
                         "labels = optional(map(string))}))")
    rec = cty.object_val({"name": cty.string_val("a"), "replicas": cty.number_int_val(2)})
    v = cty.list_val([rec] * 100)
    with mock.patch.object(_convert, "wrap", side_effect=AssertionError("a Value made")):
        got = xconvert(v, schema)  # every element passes its payload check
    assert got.length_int() == 100
    odd = cty.object_val({"name": cty.string_val("b"), "replicas": cty.parse_number_val("2.5")})
    bad = cty.list_val([rec] * 99 + [odd])
    with pytest.raises(cty.PathError) as e:
        xconvert(bad, schema)
    assert e.value.path == cty.index_int_path(99).get_attr("replicas")
    assert e.value.message == "a whole number is required"


def test_an_unknown_gets_the_lowered_type_without_optional_markers() -> None:
    # (found by the property above: core convert drops the markers, and so must xconvert)
    t = cty.ObjectWithOptionalAttrs({"a": cty.DynamicPseudoType}, ["a"])
    got = xconvert(cty.DynamicVal, x(t))
    assert got.raw_equals(convert(cty.DynamicVal, t))
    assert got.type() == cty.Object({"a": cty.DynamicPseudoType})



@pytest.mark.slow
@settings(max_examples=examples(300))
@given(any_values())
def test_a_value_converts_to_its_own_literal_xtype(v: cty.Value) -> None:
    # (the property above passes on any PathError: this one holds xconvert to succeeding
    # where it must, so a conversion that always failed would not pass)
    assume(v.is_wholly_known())
    assume(not any(e.is_null() for _, e in cty.deep_values(v)))  # (a null is none's)
    t = literal_xtype(v)
    got = xconvert(v, t)
    assert got.raw_equals(v), (str(t), v, got)
