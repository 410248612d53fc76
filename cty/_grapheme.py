"""Grapheme clusters: the "characters" go-cty's string functions count.

go-cty splits text with Unicode's extended grapheme cluster rules (UAX #29, through the
go-textseg package, at Unicode 15.0). The ``regex`` package's ``\\X`` implements those rules
and is kept current with Unicode, so we use it rather than carry our own tables, and undo the
one rule Unicode added since: 15.1's GB9c, which joins Indic consonants across a virama
(Devanagari "क्ष" is one cluster by 15.1, two by go-cty).
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["cluster_count", "clusters"]


@functools.cache
def _patterns() -> tuple[Any, Any, Any]:
    """The cluster, Indic consonant and GB9c patterns (``regex`` is imported when first
    needed: most text is ASCII, and the command starts sooner)."""
    import regex  # noqa: PLC0415

    # Inside one cluster: a break before an Indic consonant, unless it starts the cluster or
    # follows a prepended character (GB9b); only GB9c could have joined it to what is before.
    return (regex.compile(r"\X"), regex.compile(r"\p{InCB=Consonant}"),
            regex.compile(r"(?<=.)(?<!\p{Grapheme_Cluster_Break=Prepend})"
                          r"(?=\p{InCB=Consonant})", regex.S))


def _go_clusters(s: str) -> list[str]:
    cluster, consonant, gb9c_join = _patterns()
    found: list[str] = cluster.findall(s)
    if consonant.search(s) is None:
        return found
    out: list[str] = []
    for c in found:
        if len(c) > 1:
            out.extend(gb9c_join.split(c))
        else:
            out.append(c)
    return out


def clusters(s: str) -> list[str]:
    """Return the extended grapheme clusters of *s*, in order."""
    if s.isascii() and "\r" not in s:
        return list(s)
    return _go_clusters(s)


def cluster_count(s: str) -> int:
    """Return the number of extended grapheme clusters in *s*."""
    if s.isascii():
        return len(s) - s.count("\r\n")
    return len(_go_clusters(s))
