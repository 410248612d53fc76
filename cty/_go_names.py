"""Go-syntax rendering shared by the GoString helpers."""

from __future__ import annotations

from ._gostrconv import go_quote


def go_string_literal(s: str) -> str:
    """Return *s* as a Go double-quoted string literal (strconv.Quote)."""
    return go_quote(s)
