"""cty._gostrconv.go_quote: Go's strconv.Quote."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
from cty import _gostrconv
from cty._gostrconv import go_quote
from cty._unicode_data import UCD

from .._examples import examples

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


GO_IS_PRINT = Path(__file__).parent / "data" / "go_isprint_ranges.txt"


def _go_printable() -> set[int]:
    out: set[int] = set()
    for line in GO_IS_PRINT.read_text(encoding="ascii").splitlines():
        if line and not line.startswith("#"):
            lo, hi = (int(x, 16) for x in line.split("-"))
            out.update(range(lo, hi + 1))
    return out


@pytest.mark.slow
def test_every_code_point_is_shown_as_go_shows_it() -> None:
    """Compare with Go's own strconv.IsPrint table (tests/core/data, from Go 1.25.5). Go's
    tables are Unicode 15.0; Python 3.11's are 14.0, so a code point that Unicode 15 assigned
    (unassigned, category Cn, in our tables) is the one allowed difference: Go prints it, we
    escape it."""
    go_printable = _go_printable()
    assert 0x41 in go_printable and 0x7F not in go_printable and 0xAD not in go_printable
    differences = []
    for o in range(0x110000):
        if 0xD800 <= o <= 0xDFFF:
            continue
        c = chr(o)
        quoted = go_quote(c)[1:-1]
        shown_raw = quoted == c
        if c in '"\\':
            assert quoted == "\\" + c
            continue
        if shown_raw != (o in go_printable):
            differences.append(o)
        if not shown_raw and o >= 0x80:
            assert quoted == (f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}"), hex(o)
    newer = [o for o in differences
             if o in go_printable and _gostrconv._UCD.category(chr(o)) == "Cn"]
    assert differences == newer, [hex(o) for o in differences if o not in newer][:20]
    assert len(newer) < 5000  # Unicode 15.0 added 4,489 characters
    # (the escapes are remembered for the first code points met only: memory stays bounded)
    assert len(_gostrconv._TABLE) <= _gostrconv._MOST_ESCAPES < 0x110000


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


@settings(max_examples=examples(500))
@given(st.text(alphabet=st.characters(exclude_categories=["Cs"])))
def test_quote_round_trips_and_shows_only_printable_runes(s: str) -> None:
    q = go_quote(s)
    assert _go_unquote(q) == s
    for c in q:
        assert c == " " or UCD.category(c)[0] in "LMNPS" or c in "\\\""


def test_the_reported_unicode_version_is_the_one_quoting_uses() -> None:
    # U+1F6DC (WIRELESS) was added in Unicode 15.0: printable there, unassigned in 14.0
    shown_raw = go_quote("\U0001f6dc") == '"\U0001f6dc"'
    major = int(_gostrconv.UNICODE_VERSION.split(".")[0])
    assert shown_raw == (major >= 15), (_gostrconv.UNICODE_VERSION, go_quote("\U0001f6dc"))


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="Python 3.13's own tables are 15.1.0, "
                    "and unicodedata2 is a dependency only where Python's are older than 15")
def test_the_tables_are_go_s_unicode_version() -> None:
    # go-cty normalises with Unicode 15.0.0 (x/text v0.11); on Python 3.11, unicodedata2
    assert _gostrconv.UNICODE_VERSION == "15.0.0"
    # U+1E08F, a combining mark Unicode 15.0 added (class 230), moves after U+0323 (220)
    assert cty.string_val("a\U0001e08f\u0323").as_string() == "\u1ea1\U0001e08f"
