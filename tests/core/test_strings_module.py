"""cty.strings: go-cty's ctystrings (Normalize, SafeKnownPrefix) and the grapheme clusters its
string functions count, as public functions."""

from __future__ import annotations

import pytest

import cty
import cty.strings
from cty.function import stdlib


@pytest.mark.parametrize(("prefix", "safe"), [
    # some of go-cty's TestSafeKnownPrefix cases
    ("", ""), ("a", ""), ("boo", "bo"), ("boop\r", "boop"), ("hello 가", "hello "),
    ("hello 🤷🏽‍♂️", "hello "), ("hello 🤷🏽‍♂️ ", "hello 🤷🏽‍♂️ "), ("hello 🤷\u200d", "hello "),
    ("hello \U0001f1e6\U0001f1e6", "hello "), ("ami-", "ami-"), ("https://", "https://"),
])
def test_safe_known_prefix(prefix: str, safe: str) -> None:
    assert cty.strings.safe_known_prefix(prefix) == safe


def test_normalize_is_nfc_as_every_string_is_held() -> None:
    assert cty.strings.normalize("e\u0301") == "\u00e9" == cty.string_val("e\u0301").as_string()


@pytest.mark.parametrize("text", ["", "abc", "a\r\nb", "e\u0301x", "👍🏽!", "\U0001f1e6\U0001f1e6",
                                  "क्ष", "가각"])
def test_grapheme_clusters_are_what_the_string_functions_count(text: str) -> None:
    parts = cty.strings.grapheme_clusters(text)
    assert "".join(parts) == text
    assert cty.strings.grapheme_cluster_count(text) == len(parts)
    assert stdlib.strlen(cty.string_val(text)) == cty.number_int_val(
        len(cty.strings.grapheme_clusters(cty.strings.normalize(text))))


def test_a_virama_between_consonants_splits_as_go_cty_splits_it() -> None:
    # (Unicode 15.1's GB9c would join them; go-cty's tables are 15.0)
    assert cty.strings.grapheme_clusters("क्ष") == ["क्", "ष"]
