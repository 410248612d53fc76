"""The CJK encodings of textencodebase64/textdecodebase64 beyond the vectors (the vectors hold
x/text's answers through the funcs oracle; tests/vectors/tools/make_text_cjk.py checked every
table whole once): what an encoding writes it reads back, and the states of ISO-2022-JP and HZ
restated."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
from cty.function import ArgError
from cty.function.terraform import textdecodebase64, textencodebase64
from cty.function.terraform._text_cjk import CJK_DECODERS, CJK_ENCODERS

NAMES = sorted(CJK_ENCODERS)


@settings(max_examples=200)
@given(st.sampled_from(NAMES),  # (no lone surrogates: a cty string holds none)
       st.lists(st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",)), max_size=20))
def test_what_an_encoding_writes_it_reads_back(name: str, chars: list[str]) -> None:
    # (of the characters that x/text itself reads back one by one: not all do, such as
    # GB18030's U+E000, whose four bytes x/text reads as U+F014)
    encode, decode = CJK_ENCODERS[name], CJK_DECODERS[name]

    def alone(ch: str) -> bool:
        encoded = encode(ch)
        return encoded is not None and decode(encoded) == ch

    text = "".join(ch for ch in chars if alone(ch))
    encoded = encode(text)
    assert encoded is not None
    assert decode(encoded) == text


def _encode(text: str, name: str) -> bytes:
    return base64.b64decode(textencodebase64(cty.string_val(text),
                                             cty.string_val(name)).as_string())


def test_iso_2022_jp_switches_state_as_x_text_does() -> None:
    # JIS X 0208 between ESC $ B and ESC ( B; halfwidth katakana after ESC ( I; back to
    # ASCII at the end.
    assert _encode("a日b", "ISO-2022-JP") == b"a\x1b$BF|\x1b(Bb"
    assert _encode("ｱ日", "ISO-2022-JP") == b"\x1b(I1\x1b$BF|\x1b(B"
    # A line feed ends JIS X 0208 when reading.
    assert CJK_DECODERS["ISO-2022-JP"](b"\x1b$BF|\nab") == "日\nab"


def test_hz_escapes_tildes_and_does_not_end_in_ascii() -> None:
    assert _encode("~中", "HZ-GB-2312") == b"~~~{VP"
    assert _encode("中a", "HZ-GB-2312") == b"~{VP~}a"
    assert CJK_DECODERS["HZ-GB-2312"](b"a~\nb~~") == "ab~"


def test_undefined_bytes_are_refused_with_the_encoding_named() -> None:
    with pytest.raises(ArgError) as e:
        textdecodebase64(cty.string_val(base64.b64encode(b"\x81").decode()),
                         cty.string_val("shift_jis"))
    assert e.value.message == "the given string contains symbols that are not defined for " \
                              "Shift_JIS"
    with pytest.raises(ArgError) as e:
        textencodebase64(cty.string_val("한"), cty.string_val("GBK"))
    assert e.value.message == "the given string contains characters that cannot be " \
                              "represented in GBK"
