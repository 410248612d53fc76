"""The JSON decoder's test for a -0 literal (msgspec reads it as the int 0, so text that may
hold one is read again keeping its literals)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import cty
from cty.encoding import json as cty_json
from cty.encoding._json_decode import _may_hold_negative_zero


def _by_hand(raw: bytes) -> bool:
    # each "-0" not followed by a digit, point or exponent, preceded (past white space) by
    # the start, "[", ":" or ","
    at = raw.find(b"-0")
    while at >= 0:
        after = raw[at + 2:at + 3]
        if after == b"" or after not in b"0123456789.eE":
            i = at - 1
            while i >= 0 and raw[i:i + 1] in b" \t\n\r":
                i -= 1
            if i < 0 or raw[i:i + 1] in b"[:,":
                return True
        at = raw.find(b"-0", at + 1)
    return False


@given(st.lists(st.sampled_from([b"-0", b"-", b"0", b"1", b".", b"e", b"E", b"[", b":",
                                 b",", b" ", b"\n", b'"', b"a", b"]", b"{"]), max_size=20))
def test_the_search_finds_what_a_walk_by_hand_finds(parts: list[bytes]) -> None:
    raw = b"".join(parts)
    assert _may_hold_negative_zero(raw) is _by_hand(raw)


def test_a_negative_zero_literal_decodes_as_negative_zero() -> None:
    ln = cty.List(cty.Number)
    for text, ty, pick in (("-0", cty.Number, ()), (" -0", cty.Number, ()),
                           ("[1, -0]", ln, (1,)), ("[-0.0]", ln, (0,)),
                           ('{"a":\n -0}', cty.Object({"a": cty.Number}), ("a",))):
        v = cty_json.unmarshal(text, ty)
        for step in pick:
            v = v.index(cty.number_int_val(step)) if isinstance(step, int) \
                else v.get_attr(step)
        assert v.go_string().endswith("(-0)"), text


def test_names_ending_in_minus_zero_are_not_numbers() -> None:
    for text in (b'["us-east-0", "web-0"]', b'{"a-0": "b-0"}'):
        assert not _may_hold_negative_zero(text)
