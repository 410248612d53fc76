"""The number memos drop their older half when full, not everything."""

from __future__ import annotations

from cty import _number
from cty._memo_room import make_room
from cty.encoding import _json_number


def test_the_older_half_goes_and_the_recent_half_stays() -> None:
    memo = {i: str(i) for i in range(8)}
    make_room(memo, 10)
    assert len(memo) == 8  # not full: nothing goes
    memo.update({8: "8", 9: "9"})
    make_room(memo, 10)
    assert list(memo) == [5, 6, 7, 8, 9]


def test_a_float_made_lately_is_still_remembered_after_the_memo_fills() -> None:
    for i in range(5_000):  # more than the memo holds
        _number.from_float(i + 0.5)
    assert _number.remembered_float(4_999.5) is not None
    assert _number.remembered_float(0.5) is None


def test_a_json_int_parsed_lately_is_still_remembered_after_the_cache_fills() -> None:
    for i in range(1, 5_001):
        _json_number.parse_int(i)
    assert _json_number.remembered_number(5_000) is not None
    assert _json_number.remembered_number(1) is None
    n = _json_number.parse_int(2**300 + 1)
    assert n == 2**300 + 1 and _number.precision(n) == 512
