"""encode_lines (the command's JSON Lines writer): the same text as marshal, record by record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import cty
import cty.testing.strategies as cst
from cty._internal import payload
from cty.encoding import json as cty_json
from cty.encoding._json_encode import encode_lines
from tests._examples import examples


@settings(max_examples=examples(100), deadline=None)
@given(cst.types(max_depth=2).flatmap(
    lambda t: st.tuples(st.just(t), st.lists(cst.values(t, unknowns=False, marks=False),
                                             max_size=5))))
def test_it_writes_what_marshal_writes_a_line_each(drawn: tuple[cty.Type, list[cty.Value]]
                                                   ) -> None:
    ty, values = drawn
    want = []
    for v in values:
        try:
            want.append(cty_json.marshal(v, ty) + b"\n")
        except cty.PathError:  # (an infinity: the fast pass refuses the whole batch)
            assert encode_lines(ty, [payload(v) for v in values]) is None
            return
    assert encode_lines(ty, [payload(v) for v in values]) == b"".join(want)


def test_an_unknown_or_an_infinity_is_left_to_marshal() -> None:
    assert encode_lines(cty.String, ["<a>", "\u2028"]) == b'"\\u003ca\\u003e"\n"\\u2028"\n'
    assert encode_lines(cty.List(cty.String), [("a",), cty.unknown_val(
        cty.List(cty.String))._v]) is None
    assert encode_lines(cty.Number, [payload(cty.PositiveInfinity)]) is None
