"""cty._gostrconv.go_quote: Go's strconv.Quote."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cty import _gostrconv
from cty._gostrconv import go_quote

QUOTES = [
    ("", '""'),
    ("hello, world", '"hello, world"'),
    ('say "hi"', '"say \\"hi\\""'),
    ("back\\slash", '"back\\\\slash"'),
    ("\a\b\f\n\r\t\v", '"\\a\\b\\f\\n\\r\\t\\v"'),
    ("\x00\x01\x1f\x7f", '"\\x00\\x01\\x1f\\x7f"'),
    ("\x80\x9f", '"\\u0080\\u009f"'),  # C1 controls: \u, not \x
    ("\u00a0", '"\\u00a0"'),  # no-break space (Zs) is not printable
    ("\u00ad", '"\\u00ad"'),  # soft hyphen (Cf)
    ("\u00a1\u00e9\u00ff", '"\u00a1\u00e9\u00ff"'),
    ("e\u0301", '"e\u0301"'),  # a combining mark is printable
    ("\u2028\u2029", '"\\u2028\\u2029"'),
    ("\u3000", '"\\u3000"'),
    ("\ufeff", '"\\ufeff"'),
    ("\ue000", '"\\ue000"'),  # private use
    ("\u0378", '"\\u0378"'),  # unassigned
    ("\ufffd", '"\ufffd"'),
    ("\U0001f600", '"\U0001f600"'),
    ("\U000e0001", '"\\U000e0001"'),  # a tag character (Cf)
    ("\U000f0000", '"\\U000f0000"'),  # supplementary private use
    ("\U0010ffff", '"\\U0010ffff"'),
    ("\ud800", '"\\xed\\xa0\\x80"'),  # a lone surrogate: Go would see three invalid bytes
    ("日本語", '"日本語"'),
    ("tab\there \"and\" \\", '"tab\\there \\"and\\" \\\\"'),
]


@pytest.mark.parametrize(("s", "want"), QUOTES)
def test_go_quote(s: str, want: str) -> None:
    assert go_quote(s) == want


def test_every_code_point_follows_go_is_print() -> None:
    for o in range(0x110000):
        if 0xD800 <= o <= 0xDFFF:
            continue
        c = chr(o)
        quoted = go_quote(c)[1:-1]
        if c in '"\\':
            assert quoted == "\\" + c
        elif o < 0x80:
            assert (quoted == c) == (0x20 <= o < 0x7F)
        else:
            printable = _gostrconv._UCD.category(c)[0] in "LMNPS"
            assert (quoted == c) == printable, hex(o)
            if not printable:
                assert quoted == (f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}")


_UNQUOTE = re.compile(r'\\(x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8}|[abfnrtv"\\])')
_SIMPLE = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
           '"': '"', "\\": "\\"}


def _go_unquote(q: str) -> str:
    assert q[0] == q[-1] == '"'
    body = q[1:-1]
    assert not re.search(r'(?<!\\)"', body.replace("\\\\", ""))

    def one(m: re.Match[str]) -> str:
        t = m.group(1)
        return _SIMPLE[t] if len(t) == 1 else chr(int(t[1:], 16))

    return _UNQUOTE.sub(one, body)


@settings(max_examples=500)
@given(st.text(alphabet=st.characters(exclude_categories=["Cs"])))
def test_quote_round_trips_and_shows_only_printable_runes(s: str) -> None:
    q = go_quote(s)
    assert _go_unquote(q) == s
    for c in q:
        assert c == " " or unicodedata.category(c)[0] in "LMNPS" or c in "\\\""


def test_unicode_version_is_reported() -> None:
    assert _gostrconv.UNICODE_VERSION in ("14.0.0", "15.0.0", _gostrconv._UCD.unidata_version)
