"""The configurable limits: numbers too long to write as text, and the depth room.

A number of a few bytes can have a decimal text of gigabytes (1e600000000); every place that
would write such a text out checks its length first and fails with the path, at once.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

import gmpy2
import pytest

import cty
from cty import convert
from cty.encoding import EncodeError, gob
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack


@pytest.fixture
def restore_limits() -> Iterator[None]:
    old = cty.limits()
    try:
        yield
    finally:
        cty.set_limits(old)


def test_the_defaults() -> None:
    assert cty.limits() == cty.Limits(max_depth=10_000, max_number_digits=1_000_000)


def test_set_limits_returns_the_old_limits_and_they_restore(restore_limits: None) -> None:
    first = cty.limits()
    old = cty.set_limits(max_number_digits=2_000)
    assert old == first
    assert cty.limits() == cty.Limits(max_depth=first.max_depth, max_number_digits=2_000)
    assert cty.set_limits(max_depth=500).max_number_digits == 2_000
    cty.set_limits(old)
    assert cty.limits() == first


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"max_depth": 99}, cty.CtyValueError, "max_depth must be from 100 to 100,000, not 99"),
    ({"max_depth": 100_001}, cty.CtyValueError, "from 100 to 100,000"),
    ({"max_depth": 1.5}, cty.CtyTypeError, "max_depth must be an int, not float"),
    ({"max_depth": True}, cty.CtyTypeError, "max_depth must be an int, not bool"),
    ({"max_number_digits": 999}, cty.CtyValueError, "at least 1,000, not 999"),
])
def test_bad_limits_are_refused(kwargs: dict[str, Any], error: type[Exception],
                                message: str) -> None:
    before = cty.limits()
    with pytest.raises(error, match=message):
        cty.set_limits(**kwargs)
    assert cty.limits() == before


def test_a_base_that_is_not_limits_is_refused() -> None:
    with pytest.raises(cty.CtyTypeError, match=r"takes a cty\.Limits, not dict"):
        cty.set_limits({"max_depth": 5})  # type: ignore[arg-type]
    with pytest.raises(cty.CtyValueError, match="max_depth"):
        cty.set_limits(cty.Limits(max_depth=5))


# --- numbers too long to write ------------------------------------------------------------------

HUGE = ["1e9999999", "-1e9999999", "1e600000000", "1.5e-99999999", "-7e-5000000"]


def _in_object(n: cty.Value) -> cty.Value:
    return cty.object_val({"spec": cty.list_val([cty.number_int_val(1), n])})


@pytest.mark.parametrize("text", HUGE)
def test_conversion_to_string_fails_with_the_path(text: str) -> None:
    v = _in_object(cty.parse_number_val(text))
    target = cty.Object({"spec": cty.List(cty.String)})
    with pytest.raises(cty.PathError, match="number is too large to write as text") as e:
        convert.convert(v, target)
    assert e.value.path == cty.Path().get_attr("spec").index(cty.number_int_val(1))
    assert "max_number_digits (1,000,000)" in e.value.message


@pytest.mark.parametrize("text", HUGE)
@pytest.mark.parametrize("marshal", [cty_json.marshal, cty_msgpack.marshal])
def test_encoders_fail_with_the_path(text: str, marshal: Callable[..., bytes]) -> None:
    v = _in_object(cty.parse_number_val(text))
    with pytest.raises(EncodeError, match="number is too large to write as text") as e:
        marshal(v, v.type())
    assert e.value.path == cty.Path().get_attr("spec").index(cty.number_int_val(1))


def test_a_refined_bound_too_long_to_write_fails_in_msgpack() -> None:
    bound = cty.parse_number_val("1e9999999")
    v = cty.unknown_val(cty.Number).refine().number_range_upper_bound(bound, True).new_value()
    with pytest.raises(EncodeError, match="too large to write as text"):
        cty_msgpack.marshal(cty.list_val([v]), cty.List(cty.Number))


@pytest.mark.parametrize("text", HUGE)
def test_gob_keeps_such_numbers_whole(text: str) -> None:
    v = _in_object(cty.parse_number_val(text))
    assert gob.loads(gob.dumps(v)) == v


@pytest.mark.parametrize("text", HUGE)
def test_format_value_writes_such_numbers_in_exponent_form(text: str) -> None:
    out = cty.format_value(cty.parse_number_val(text))
    assert len(out) < 40 and "e" in out


def test_python_decimals_of_tiny_numbers_need_no_text() -> None:
    n = cty.parse_number_val("1.5e-99999999")
    assert cty.to_python(n, Decimal) == Decimal("1.5e-99999999")
    assert cty.to_python(n) == Decimal("1.5e-99999999")


def test_big_int_payloads_are_written_exactly_past_pythons_str_limit() -> None:
    with pytest.raises(cty.CtyValueError, match="an int of 19,932 bits is outside the int64"):
        cty.number_int_val(10**6000 + 1)
    n = cty.number_val(10**6000 + 1)  # str() of this int raises in Python 3.11
    text = "1" + "0" * 5999 + "1"
    assert convert.convert(n, cty.String).as_string() == text
    assert cty_json.marshal(n, cty.Number) == text.encode()
    # read back at go-cty's 512 bits, as ParseNumberVal reads it
    back = cty_msgpack.unmarshal(cty_msgpack.marshal(n, cty.Number), cty.Number)
    assert back == cty.parse_number_val(text) == cty_json.unmarshal(text.encode(), cty.Number)
    assert eval(repr(n), {"cty": cty}) == n
    huge = cty.number_val(gmpy2.mpfr(3, 64) * gmpy2.exp2(10**8))
    assert eval(repr(huge), {"cty": cty, "gmpy2": gmpy2}) == huge


def test_json_reads_integer_literals_longer_than_python_reads() -> None:
    digits = "7" * 5_000
    text = f'{{"s": "{digits}", "n": [{digits}, -{digits}, 0.{digits}, 1e{len(digits)}]}}'
    ty = cty.Object({"s": cty.String, "n": cty.Tuple([cty.Number] * 4)})
    v = cty_json.unmarshal(text.encode(), ty)
    assert v.get_attr("s").as_string() == digits
    n = v.get_attr("n").as_value_slice()
    assert n[0] == cty.parse_number_val(digits)
    assert n[1] == cty.parse_number_val("-" + digits)
    assert n[2] == cty.parse_number_val("0." + digits)
    with pytest.raises(cty.encoding.DecodeError):
        cty_json.unmarshal(text.replace("]}", "]").encode(), ty)


def test_the_limit_is_where_it_says(restore_limits: None) -> None:
    cty.set_limits(max_number_digits=5_000)
    ok = cty.parse_number_val("1e4990")
    assert convert.convert(ok, cty.String).as_string() == "1" + "0" * 4990
    with pytest.raises(cty.PathError, match=r"about 6,001 digits, more than max_number_digits "
                                            r"\(5,000\)"):
        convert.convert(cty.parse_number_val("1e6000"), cty.String)
    with pytest.raises(cty.LimitExceededError):
        cty._number.format_f(cty.parse_number_val("1e6000")._v)
    cty.set_limits(max_number_digits=10_000)
    assert len(convert.convert(cty.parse_number_val("1e6000"), cty.String).as_string()) == 6001


# --- depth --------------------------------------------------------------------------------------

def _nested_list(depth: int) -> cty.Value:
    v = cty.string_val("leaf")
    for _ in range(depth):
        v = cty.list_val([v])
    return v


def test_a_lower_max_depth_gives_less_room(restore_limits: None) -> None:
    deep = _nested_list(3_000)
    assert deep.equals(deep).true()
    cty.set_limits(max_depth=100)
    other = _nested_list(3_000)
    with pytest.raises(cty.CtyValueError, match=r"nested too deeply .*max_depth=100 "):
        deep.equals(other)


def test_decoders_stop_explaining_past_max_depth(restore_limits: None) -> None:
    data = b"\x91" * 150 + b"\xa1a"  # lists 150 deep, holding "a"
    ty = cty.List(cty.String)
    for _ in range(149):
        ty = cty.List(ty)
    assert cty_msgpack.unmarshal(data, ty).type() == ty
    cty.set_limits(max_depth=100)
    # the same with a byte msgpack never uses at the bottom: the slow path that says where
    # the input went wrong stops at max_depth
    bad = b"\x91" * 150 + b"\xc1"
    with pytest.raises(cty.encoding.DecodeError, match="nested too deeply"):
        cty_msgpack.unmarshal(bad, ty)


# --- sizes declared in headers --------------------------------------------------------------

@pytest.mark.parametrize(("data", "ty"), [
    (b"\xdd\xff\xff\xff\xff", cty.List(cty.String)),          # array32 of 4 billion
    (b"\xdf\xff\xff\xff\xff", cty.Map(cty.String)),           # map32 of 4 billion
    (b"\xdb\xff\xff\xff\xffab", cty.String),                  # str32 of 4 GiB, 2 bytes there
    (b"\xc6\xff\xff\xff\xff", cty.DynamicPseudoType),         # bin32
    (b"\x92\xc4\x04\xdd\xff\xff\xff\xff", cty.DynamicPseudoType),  # dynamic: type, huge array
    (b"\xc9\xff\xff\xff\xff\x0c", cty.String),                # ext32 (an unknown's refinement)
])
def test_declared_sizes_beyond_the_input_fail_at_once(data: bytes, ty: cty.Type) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(cty.encoding.DecodeError):
            cty_msgpack.unmarshal(data, ty)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10_000_000  # nothing allocated in proportion to the declared size


def test_setproduct_counts_its_result_before_the_work() -> None:
    from cty.function import FunctionError
    from cty.function.stdlib import FUNCTIONS

    s = cty.set_val([cty.number_int_val(i) for i in range(10)])
    old = cty.set_limits(max_collection_length=1_000)
    try:
        assert FUNCTIONS["setproduct"].call([s, s, s]).length_int() == 1_000
        with pytest.raises(FunctionError, match=r"the product would have 10,000 elements, more "
                                                r"than max_collection_length \(1,000\)"):
            FUNCTIONS["setproduct"].call([s, s, s, s])
    finally:
        cty.set_limits(old)
    with pytest.raises(cty.CtyValueError, match="max_collection_length must be at least 1,000"):
        cty.set_limits(max_collection_length=999)


def test_regexreplace_stops_when_its_text_passes_the_limit() -> None:
    from cty.function import FunctionError
    from cty.function.stdlib import FUNCTIONS

    replace = FUNCTIONS["regexreplace"]
    old = cty.set_limits(max_string_length=1_000)
    try:
        assert replace.call([cty.string_val("é" * 999), cty.string_val("x"),
                             cty.string_val("y")]).as_string() == "é" * 999
        assert len(replace.call([cty.string_val("a" * 500), cty.string_val("a"),
                                 cty.string_val("xy")]).as_string()) == 1_000  # (exactly)
        with pytest.raises(FunctionError, match=r"the replaced text would be 1,00[0-9] "
                                                r"characters long, more than max_string_length"):
            replace.call([cty.string_val("ab" * 400), cty.string_val("a"),
                           cty.string_val("xyz")])
    finally:
        cty.set_limits(old)
    # a thousand-piece template over twenty thousand empty matches: made once
    got = replace.call([cty.string_val("a" * 20_000), cty.string_val(""),
                        cty.string_val("$0" * 1_000)])
    assert got.as_string() == "a" * 20_000
    named = replace.call([cty.string_val("a1b2"), cty.string_val("(?P<x>a)?([0-9])"),
                          cty.string_val("<${x}$2>")])
    assert named.as_string() == "<a1>b<2>"
