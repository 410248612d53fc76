"""Strings as go-cty treats them (go-cty's ``ctystrings`` package, and the grapheme clusters
its string functions count).

>>> import cty.strings
>>> cty.strings.normalize("e\\u0301") == "\\u00e9"
True
>>> cty.strings.safe_known_prefix("ami-"), cty.strings.safe_known_prefix("boo")
('ami-', 'bo')
>>> cty.strings.grapheme_clusters("a👍🏽!"), cty.strings.grapheme_cluster_count("👍🏽!")
(['a', '👍🏽', '!'], 2)
"""

from __future__ import annotations

from ._grapheme import cluster_count, clusters
from ._string_prefix import safe_known_prefix
from ._strings import normalize_string

__all__ = ["grapheme_cluster_count", "grapheme_clusters", "normalize", "safe_known_prefix"]


def normalize(s: str, /) -> str:
    """Return *s* in Unicode normal form C, as go-cty holds every string (its
    ctystrings.Normalize; the same as :func:`cty.normalize_string`)."""
    return normalize_string(s)


def grapheme_clusters(s: str, /) -> list[str]:
    """Return the extended grapheme clusters of *s* in order, as go-cty splits text for its
    string functions (UAX #29 at Unicode 15.0: 15.1's rule GB9c is not applied)."""
    return clusters(s)


def grapheme_cluster_count(s: str, /) -> int:
    """Return the number of extended grapheme clusters in *s* (what ``length`` counts)."""
    return cluster_count(s)


