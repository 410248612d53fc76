"""cty.ext.pulumi_wire: Pulumi's wire form (T1.15's rows), errors with paths, and round trips
over generated values."""

from __future__ import annotations

import gmpy2
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import cty
from cty.ext.eventual import SECRET, DependsOn, secret
from cty.ext.pulumi_wire import (
    OUTPUT_VALUE_SIG,
    SECRET_SIG,
    SIG_KEY,
    UNKNOWN,
    PulumiWireError,
    from_pulumi_wire,
    to_pulumi_wire,
)

from .._examples import examples
from ..strategies import types, values

Str, Num = cty.string_val, cty.number_int_val


def test_t1_15_secret_and_unknown() -> None:
    assert to_pulumi_wire(Str("pw").mark(SECRET)) == {SIG_KEY: SECRET_SIG, "value": "pw"}
    assert to_pulumi_wire(cty.unknown_val(cty.String)) == UNKNOWN


def test_plain_data() -> None:
    v = cty.object_val({"a": cty.list_val([Num(1), cty.parse_number_val("1.5")]),
                        "b": cty.null_val(cty.String), "c": cty.True_,
                        "d": cty.set_val([Str("x")])})
    assert to_pulumi_wire(v) == {"a": [1, 1.5], "b": None, "c": True, "d": ["x"]}


def test_output_values_keep_dependencies_and_secrecy() -> None:
    v = cty.list_val([Str("a").mark(DependsOn("urn:2")).mark(DependsOn("urn:1")).mark(SECRET),
                      cty.unknown_val(cty.String)])
    wire = to_pulumi_wire(v, keep_output_values=True)
    assert wire == [{SIG_KEY: OUTPUT_VALUE_SIG, "value": "a", "secret": True,
                     "dependencies": ["urn:1", "urn:2"]}, {SIG_KEY: OUTPUT_VALUE_SIG}]
    assert from_pulumi_wire(wire, cty.List(cty.String)).raw_equals(v)
    # without output values, dependencies are the caller's to send
    assert to_pulumi_wire(v) == [{SIG_KEY: SECRET_SIG, "value": "a"}, UNKNOWN]


def test_what_has_no_wire_form_is_an_error_with_its_path() -> None:
    with pytest.raises(PulumiWireError, match="exactly") as e:
        to_pulumi_wire(cty.object_val({"n": cty.parse_number_val("0.1")}))
    assert e.value.path == cty.Path().get_attr("n")
    assert to_pulumi_wire(cty.parse_number_val("0.1"), allow_lossy_numbers=True) == 0.1
    with pytest.raises(PulumiWireError, match="has no Pulumi wire form"):
        to_pulumi_wire(cty.list_val([Str("a").mark("sensitive")]))
    with pytest.raises(PulumiWireError, match="has no Pulumi wire form"):
        to_pulumi_wire(cty.capsule_val(cty.Capsule("thing", object), object()))


def test_errors_name_every_step_of_their_path() -> None:
    inner = cty.object_val({"n": cty.parse_number_val("0.1")})
    v = cty.tuple_val([Str("a"), cty.list_val([cty.map_val({"k": inner})])])
    with pytest.raises(PulumiWireError) as e:
        to_pulumi_wire(v)
    assert e.value.path == cty.Path().index_int(1).index_int(0).index_string("k").get_attr("n")
    ty = cty.List(cty.Map(cty.Object({"a": cty.Tuple([cty.Bool, cty.Number])})))
    with pytest.raises(PulumiWireError, match="a number is required") as e:
        from_pulumi_wire([{"k": {"a": [True, "x"]}}], ty)
    assert e.value.path == cty.Path().index_int(0).index_string("k").get_attr("a").index_int(1)
    with pytest.raises(PulumiWireError, match="NaN") as e:
        from_pulumi_wire([{"a": [float("nan")]}])
    assert e.value.path == cty.Path().index_int(0).get_attr("a").index_int(0)


def test_decoding_into_types() -> None:
    assert from_pulumi_wire({"a": 1}).raw_equals(cty.object_val({"a": Num(1)}))
    assert from_pulumi_wire(UNKNOWN).raw_equals(cty.DynamicVal)
    got = from_pulumi_wire({"a": UNKNOWN}, cty.Map(cty.Number))
    assert got.raw_equals(cty.map_val({"a": cty.unknown_val(cty.Number)}))
    with pytest.raises(PulumiWireError, match="list of number required") as e:
        from_pulumi_wire({"a": "x"}, cty.Object({"a": cty.List(cty.Number)}))
    assert e.value.path == cty.Path().get_attr("a")
    with pytest.raises(PulumiWireError, match="no decoder"):
        from_pulumi_wire({SIG_KEY: "c44067f5952c0a294b673a41bacd8c17", "text": "hi"})


def test_secret_text_never_in_an_error() -> None:
    with pytest.raises(PulumiWireError) as e:
        from_pulumi_wire({SIG_KEY: SECRET_SIG, "value": "hunter2"}, cty.Number)
    assert "hunter2" not in str(e.value)
    with pytest.raises(PulumiWireError) as e2:
        to_pulumi_wire(secret(cty.parse_number_val("0.123456789")))
    assert "0.123456789" not in str(e2.value)


MARKS = st.frozensets(st.sampled_from([SECRET, DependsOn("urn:a"), DependsOn("urn:b")]),
                      max_size=2)


def _by_value(v: cty.Value) -> cty.Value:
    """*v* with every known number at 512 bits (each holds its exact value there)."""
    def exact(_: cty.Path, x: cty.Value) -> cty.Value:
        bare, marks = x.unmark()
        if bare.type() is cty.Number and bare.is_known() and not bare.is_null():
            return cty.number_val(gmpy2.mpfr(bare.as_big_float(), 512)).with_marks(marks)
        return x
    return cty.transform(v, exact)


def _marked(v: cty.Value, marks: frozenset[object]) -> cty.Value:
    return v.with_marks(marks)


@settings(max_examples=examples(300))
@given(types(max_depth=2).flatmap(lambda t: st.tuples(st.just(t), values(t, marks=False))),
       MARKS)
@example((cty.Number, cty.number_val(gmpy2.mpfr("0.1", 2))), frozenset())  # (found, random)
@pytest.mark.slow
def test_round_trip(tv: tuple[cty.Type, cty.Value], marks: frozenset[object]) -> None:
    ty, v = tv
    assume(not ty.has_dynamic_types() and not ty.is_capsule_type())
    ty = ty.without_optional_attributes_deep()  # values never carry optional markers
    v = _marked(v, marks)
    try:
        wire = to_pulumi_wire(v, keep_output_values=True)
    except PulumiWireError:
        assume(False)  # a number no double holds exactly
        raise
    back = from_pulumi_wire(wire, ty)
    # unknowns come back without refinements (the wire has none); all else as it was (numbers
    # by value: the wire's doubles come back at precision 53, and raw equality compares the
    # text of a 2-bit 0.09375, "0.094", with the double's)
    assert _by_value(cty.unknown_as_null(back)).raw_equals(_by_value(cty.unknown_as_null(v)))
    assert back.is_wholly_known() == v.is_wholly_known()
    assert back.unmark_deep()[1] == v.unmark_deep()[1]
