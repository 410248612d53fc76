"""HCL's identifiers: which characters start and continue one, as HCL's scanner takes them
(Unicode 9.0 ID_Start and ID_Continue from cty._hcl_ident, with ``_`` and ``-``), and whether
a name is one (hclsyntax.ValidIdentifier), which decides whether a type's text quotes it."""

from __future__ import annotations

from bisect import bisect_right

from ._hcl_ident import ID_CONTINUE, ID_START


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
