"""HCL's identifiers: which characters start and continue one, as HCL's scanner takes them
(Unicode 9.0 ID_Start and ID_Continue from cty.hcl._ident, with ``_`` and ``-``), whether
a name is one (hclsyntax.ValidIdentifier), which decides whether a type's text quotes it;
and the "Did you mean" hint HCL adds to a misspelt name."""

from __future__ import annotations

from bisect import bisect_right

from .._gostrconv import go_quote
from ._ident import ID_CONTINUE, ID_START


def _in_table(c: str, table: tuple[int, ...]) -> bool:
    return bisect_right(table, ord(c)) % 2 == 1


def is_ident_start(c: str) -> bool:
    """Whether HCL's scanner starts an identifier with the character *c*."""
    if c < "\x80":
        return c.isalpha() or c == "_"
    return _in_table(c, ID_START)


def is_ident_continue(c: str) -> bool:
    """Whether HCL's scanner continues an identifier with the character *c*."""
    if c < "\x80":
        return c.isalnum() or c in "_-"
    return _in_table(c, ID_CONTINUE)


def is_hcl_identifier(name: str) -> bool:
    """Whether *name* is one HCL identifier (hclsyntax.ValidIdentifier)."""
    return (bool(name) and is_ident_start(name[0])
            and all(is_ident_continue(c) for c in name[1:]))


def name_suggestion(given: str, names: list[str]) -> str:
    """HCL's nameSuggestion, as the hint its messages end with: `` Did you mean "x"?`` for
    the first of *names* within an edit distance of 2 of *given*, else ""."""
    for name in names:
        if edit_distance(given, name) < 3:
            return f" Did you mean {go_quote(name)}?"
    return ""


def edit_distance(a: str, b: str) -> int:
    """The Levenshtein distance between *a* and *b*, in characters."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]
