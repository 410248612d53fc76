"""The JSON decoder's test for a -0 literal (msgspec reads it as the int 0, so text that may
hold one is read again keeping its literals)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

import cty
from cty.encoding import json as cty_json
from cty.encoding._json_decode import may_hold_negative_zero

_NEG = "\x00negative zero\x00"
_TEXTS = st.text(alphabet="-0.eE1a:,[] \t", max_size=8)
_DATA = st.recursive(
    st.one_of(st.just(_NEG), _TEXTS, st.integers(-3, 3), st.floats(-2, 2), st.booleans()),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(_TEXTS, inner, max_size=4)),
    max_leaves=12)


def _strings(data: object) -> list[str]:
    if isinstance(data, str):
        return [] if data == _NEG else [data]
    if isinstance(data, list):
        return [s for e in data for s in _strings(e)]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in [k, *_strings(v)]]
    return []


def _holds(data: object) -> bool:
    if data == _NEG:
        return True
    if isinstance(data, list):
        return any(map(_holds, data))
    if isinstance(data, dict):
        return any(map(_holds, data.values()))
    return False


@given(_DATA, st.sampled_from([None, 0, 2, "\t"]), st.sampled_from([(",", ":"), (", ", ": "),
                                                                     (" ,", " :\n")]))
def test_the_search_finds_every_negative_zero_literal_and_only_strings_besides(
        data: object, indent: int | str | None, separators: tuple[str, str]) -> None:
    # JSON text as any writer might lay it out; strings full of "-0" that are not numbers
    text = json.dumps(data, indent=indent, separators=separators)
    text = text.replace(json.dumps(_NEG), "-0")
    found = may_hold_negative_zero(text.encode())
    if _holds(data):
        assert found
    elif found:  # (allowed only where a string itself reads like one: see its docstring)
        assert any(may_hold_negative_zero(json.dumps(s).encode()) for s in _strings(data))


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
        assert not may_hold_negative_zero(text)
