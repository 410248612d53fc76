"""The encoders' number fast paths agree with cty._number, which they shortcut."""

from __future__ import annotations

import math
from typing import Any

import msgspec
from hypothesis import example, given
from hypothesis import strategies as st

import cty
from cty import _number
from cty.encoding import _json_number as fast
from cty.encoding._json_number import JNum
from cty.encoding._msgpack_refinement import number_wire


def same(a: Any, b: Any) -> bool:
    """Return whether two payloads are the same number at the same precision, sign included."""
    return (_number.precision(a) == _number.precision(b)
            and _number.to_exact_text(a) == _number.to_exact_text(b))


decimal_text = st.builds(
    lambda sign, ip, fp, exp: f"{sign}{ip}{'.' + fp if fp is not None else ''}"
                              f"{'e' + str(exp) if exp is not None else ''}",
    st.sampled_from(["", "-", "+"]),
    st.from_regex(r"[0-9]{0,40}", fullmatch=True),
    st.none() | st.from_regex(r"[0-9]{0,40}", fullmatch=True),
    st.none() | st.integers(-60, 60),
)


@given(decimal_text)
@example("0.1")
@example("-0")
@example("-0.0")
@example("1e27")
@example("1e28")
@example("1e-28")
@example("5.")
@example(".5")
@example("1E400")
@example("00012")
@example("1p3")
def test_parse_agrees(text: str) -> None:
    try:
        want = _number.parse(text)
    except ValueError:
        try:
            fast.parse(text)
        except ValueError:
            return
        raise AssertionError(f"fast.parse accepted {text!r}") from None
    assert same(fast.parse(text), want), text


@given(st.integers(-(1 << 600), 1 << 600))
def test_parse_int_agrees(i: int) -> None:
    assert same(fast.parse_int(i), _number.parse(str(i)))


@given(st.floats(allow_nan=False))
@example(0.1)
@example(-0.0)
@example(5e-324)
@example(2.0 ** -1022)
@example(0.5)
@example(1e16 + 2)
def test_from_float_and_format_agree(f: float) -> None:
    x = fast.from_float(f)
    assert same(x, _number.from_float(f))
    if f == 0:  # Go's Text keeps the sign of zero (go-cty writes "-0"; checked with the oracle)
        assert fast.format_f(x) == ("-0" if math.copysign(1.0, f) < 0 else "0")
    else:  # whole numbers too: the shortest digits at precision 53, as go-cty writes them
        assert fast.format_f(x) == _number.format_f(x)
    g = fast.float_text_as_msgspec(x)
    if g is not None:
        assert msgspec.json.encode(g).decode() == _number.format_f(x)


@given(st.lists(st.floats(allow_nan=False), max_size=8))
@example([0.0, -0.0])
@example([-0.0, 0.0])
def test_remembered_floats_are_the_numbers_from_float_gives(fs: list[float]) -> None:
    # the decoders take a remembered float first: it must be what from_float gives now,
    # sign of zero included (zeros are never remembered: 0.0 and -0.0 are one dict key)
    for f in fs + fs:
        x = fast.from_float(f)
        assert same(x, _number.from_float(f))
        hit = fast.remembered_float(f)
        assert hit is None if f == 0 else same(hit, x)
    # and a remembered JSON number, looked up by what the JSON decoders pass (an int, or the
    # literal's text), is what parse_int or parse gives for it
    for f in fs:
        if math.isfinite(f):
            keys: list[Any] = [JNum(repr(f))] + ([int(f)] if f.is_integer() else [])
            for key in keys:
                want = fast.parse_int(key) if key.__class__ is int else fast.parse(key)
                hit = fast.remembered_number(key)
                assert hit is None or same(hit, want)


def test_remembered_msgpack_floats_keep_the_sign_of_zero() -> None:
    from cty.encoding import msgpack

    ty = cty.List(cty.Number)
    for first, second in ((0.0, -0.0), (-0.0, 0.0), (1.5, 1.5)):
        got = msgpack.unmarshal(msgspec.msgpack.encode([first, second]), ty)
        want = [_number.from_float(first), _number.from_float(second)]
        assert all(same(v.as_big_float(), w) for v, w in zip(got.as_value_slice(), want,
                                                             strict=True))


def _wire_reference(n: Any) -> Any:
    """go-cty 1.18's rule, from cty._number's general functions."""
    if _number.is_inf(n):
        return float("-inf") if _number.sign(n) < 0 else float("inf")
    i = _number.int64_value(n)
    if i is not None:
        return i
    f = _number.float64_value(n)
    if f is not None and not _number.is_integer(n):
        return f
    return _number.format_f(n)


def _safe_parse(text: str) -> Any:
    try:
        return _number.parse(text)
    except ValueError:
        return None


numbers = (
    st.integers(-(1 << 70), 1 << 70)
    | st.floats(allow_nan=False).map(_number.from_float)
    | decimal_text.map(_safe_parse).filter(lambda x: x is not None)
)


@given(numbers)
@example(_number.parse("9223372036854775808"))
@example(_number.parse("-9223372036854775808"))
@example(_number.parse("0.8"))
@example(_number.from_float(2.0 ** 63))
@example(_number.from_float(2.0 ** 70 + 2.0 ** 20))
@example(_number.parse("-0"))
@example(_number.POS_INF)
@example(_number.NEG_INF)
def test_number_wire_agrees(n: Any) -> None:
    got = number_wire(n)
    want = _wire_reference(n)
    assert type(got) is type(want) and got == want, (n, got, want)
