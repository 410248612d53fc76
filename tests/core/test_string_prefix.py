"""The safe known prefix of a string: go-cty's ctystrings.SafeKnownPrefix test table."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cty._string_prefix import safe_known_prefix

# go-cty 1.18.1's ctystrings/prefix_test.go, case for case (input, what go-cty keeps)
CASES = [
    ("", ""),
    ("a", ""),
    ("boo", "bo"),
    ("boop\r", "boop"),
    ("hello \uac00", "hello "),
    ("hello \U0001f937\U0001f3fd\u200d\u2642\ufe0f", "hello "),
    ("hello \U0001f937\U0001f3fd\u200d\u2642\ufe0f ",
     "hello \U0001f937\U0001f3fd\u200d\u2642\ufe0f "),
    ("hello \U0001f937", "hello "),
    ("hello \U0001f937 ", "hello \U0001f937 "),
    ("hello \U0001f937\u200d", "hello "),
    ("hello \U0001f1e6", "hello "),
    ("hello \U0001f1e6\U0001f1e6", "hello "),
    ("hello \U0001f1e6\U0001f1e6 ", "hello \U0001f1e6\U0001f1e6 "),
    ("ami-", "ami-"),
    ("foo_", "foo_"),
    ('{"foo":', '{"foo":'),
    ("beep();", "beep();"),
    ("https://", "https://"),
    ("c:\\", "c:\\"),
    ('["foo",', '["foo",'),
    ("foo.bar.", "foo.bar."),
    ("beep(", "beep("),
    ("beep()", "beep()"),
    ("{", "{"),
    ("[{}", "[{}"),
    ("[", "["),
    ("[[]", "[[]"),
    ("whatever |", "whatever |"),
    ("https://example.com/foo?", "https://example.com/foo?"),
    ("boop!", "boop!"),
    ("ls ~", "ls ~"),
    ("a ", "a "),
    ("a\t", "a\t"),
    ("username@", "username@"),
    ("#", "#"),
    ("print $", "print $"),
    ("print %", "print %"),
    ("^", "^"),
    ("foo(&", "foo(&"),
    ("foo *", "foo *"),
    ("foo +", "foo +"),
    ('["', '["'),
    ("['", "['"),
]

# and cases of our own, for the rules the table does not reach
OURS = [
    ("e\u0301", ""),                      # NFC makes it one composable character
    ("x\u0301", ""),                      # a mark that does not compose: cut at its base
    ("ab\u0301-", "ab\u0301-"),           # a delimiter after it keeps everything
    ("\u1100", ""),                       # a Hangul leading jamo composes with a vowel
    ("x\r\n", "x"),                       # CR LF is one cluster
    ("a\U0001f1e6\U0001f1e6\U0001f1e6", "a"),  # any run of regional indicators
]

# go-cty 1.18.1's answers (asked through HCL's templates, "TEXT${unknown}"): its cluster scan
# stops at a line feed or carriage return that is a cluster of its own, keeping only what
# came before; where NFC cuts first (a composable last character), the scan is not reached
LINE_BREAKS = [
    ("a\nb ", "a"), ("a\r\nb\nc ", "a\r\nb"), ("a\r\r\nb ", "a"), ("\r\n\nb ", "\r\n"),
    ("a\u0301\nb ", "\u00e1"), ("a\n\u0301 ", "a"), ("ab\r\n ", "ab\r\n "), ("a\nb!", "a"),
    ("a\nb1", "a"), ("a\n\n", "a"), ("a\nb\n", "a"), ("a\rb ", "a"), ("\nb ", ""),
    ("a\nb\r\n", "a"), ("a\nbc", "a\nb"), ("a\nb=", "a\nb"), ("a\n\nb", "a\n\n"),
    ("x\n a", "x\n "), ("a\u2028b ", "a\u2028b "), ("a\x85b ", "a\x85b "),
]


@pytest.mark.parametrize(("text", "want"), CASES + OURS + LINE_BREAKS)
def test_safe_known_prefix(text: str, want: str) -> None:
    assert safe_known_prefix(text) == want


CONTINUATIONS = ["", "-", " x", "\u0301", "\u0308", "\u0323\u0301", "\u1161", "\u11a8",
                 "\U0001f3fd", "\u200d\u2642", "\U0001f1e6", "\n", "\ufe0f"]


@pytest.mark.parametrize("text", [t for t, _ in CASES + OURS])
def test_a_continuation_never_changes_the_prefix(text: str) -> None:
    """The point of the trimming: whatever is appended, the prefix stays a prefix of the
    (normalised) whole string."""
    prefix = safe_known_prefix(text)
    for more in CONTINUATIONS:
        whole = unicodedata.normalize("NFC", text + more)
        assert whole.startswith(prefix), (text, more)


@given(st.text(max_size=8), st.sampled_from(CONTINUATIONS))
def test_a_continuation_never_changes_the_prefix_of_any_text(text: str, more: str) -> None:
    prefix = safe_known_prefix(text)
    assert unicodedata.normalize("NFC", text + more).startswith(prefix)
