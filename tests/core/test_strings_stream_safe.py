"""Strings in Unicode's Stream-Safe Text Format, as go-cty's NormalizeString (x/text's NFC)
writes them (issue #47): a CGJ (U+034F) before the non-starter that would make more than 30 in
a row. go-cty's answers are in tests/vectors/round4.jsonl; here, the cheap test that decides
whether a string needs counting at all is checked over every code point, and the format's
laws over generated strings."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

import cty
from cty import _strings
from cty._strings import MAX_NON_STARTERS, normalize_string

from .._examples import examples

_CGJ = "\u034f"


def test_the_cheap_tests_miss_no_run_that_counts() -> None:
    # every character that starts with a non-starter is one the tests look for (the table of
    # the BMP's is exactly those), none starts with more than two, and no starter ends with
    # more than three: so a run that passes 30 holds at least 14 such characters in a row
    # (each two UTF-8 bytes or more), which the tests find
    most_lead = most_trail = 0
    bmp = set()
    for code in range(0x110000):
        if 0xD800 <= code < 0xE000:
            continue
        c = chr(code)
        lead, trail = _strings._non_starters(c)
        if lead:
            run = c * _strings._RUN_NEEDED
            assert _strings._may_pass_the_limit(run), hex(code)
            assert _strings._long_mark_run()(run) is not None, hex(code)
            assert len(run.encode()) - len(run) >= _strings._RUN_NEEDED, hex(code)
            most_lead = max(most_lead, lead)
            if code < 0x10000:
                bmp.add(c)
        else:
            most_trail = max(most_trail, trail)
    _strings._non_starters.cache_clear()
    table = set()
    for m in re.finditer(r"(.)(?:-(.))?", _strings.BMP_NON_STARTERS, re.S):
        first, last = m.group(1), m.group(2) or m.group(1)
        table.update(chr(c) for c in range(ord(first), ord(last) + 1))
    assert table == bmp
    assert most_lead <= 2
    assert most_trail <= 3
    assert (MAX_NON_STARTERS + 1 - most_trail + most_lead - 1) // most_lead >= \
        _strings._RUN_NEEDED


_MARKS = st.sampled_from(["\u0301", "\u0323", "\u0344", "\u0f73", "\u05b0", "\u1161", "\u11a8",
                          "\u3099", "\u0b3e"])
_TEXT = st.lists(st.one_of(st.sampled_from(["a", "\u00e1", "\uac00", "\uac01", _CGJ, " "]),
                           _MARKS), max_size=120).map("".join)


@settings(max_examples=examples(300))
@given(_TEXT)
def test_normal_strings_are_stream_safe_and_stay_as_they_are(s: str) -> None:
    n = normalize_string(s)
    assert normalize_string(n) == n  # (idempotent)
    assert cty.string_val(n).as_string() == n
    assert n.replace(_CGJ, "") == normalize_string(s.replace(_CGJ, "")).replace(_CGJ, "") \
        or _CGJ in s
    run = 0
    for c in n:
        lead, trail = _strings._non_starters(c)
        run = trail if lead == 0 else run + lead
        assert run <= MAX_NON_STARTERS, (s, n)


def test_the_issues_examples() -> None:
    assert cty.string_val("\u0323" * 31).as_string() == "\u0323" * 30 + _CGJ + "\u0323"
    prefixed = cty.string_val("\u00e1" + "\u0301" * 34).as_string()
    assert prefixed.index(_CGJ) == 30  # (á and 29 marks, then the CGJ)
