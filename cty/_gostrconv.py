"""Go's strconv.Quote, which go-cty uses for set hash bytes and GoString.

A rune is kept as it is when Go's strconv.IsPrint says it is printable: the categories L, M,
N, P and S, plus the ASCII space, in Go's Unicode tables (15.0.0: cty._unicode_data).
"""

from __future__ import annotations

from typing import Final

from ._unicode_data import BUILTIN_TABLES as _BUILTIN_TABLES
from ._unicode_data import UCD as _UCD
from ._unicode_data import UNICODE_VERSION

__all__ = ["UNICODE_VERSION", "go_quote"]

_SHORT: Final = {0x07: "\\a", 0x08: "\\b", 0x0C: "\\f", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t",
                 0x0B: "\\v", 0x22: '\\"', 0x5C: "\\\\"}
GO_SIMPLE_ESCAPES: Final = {text[1]: chr(o) for o, text in _SHORT.items()}
"""The one-letter escapes strconv.Unquote reads in a quoted string: letter -> character."""
GO_HEX_ESCAPES: Final = {"x": 2, "u": 4, "U": 8}
"""The escapes by hex digits strconv.Unquote reads: letter -> how many digits follow."""


def _escape(o: int) -> str:
    """Return how strconv.Quote writes code point *o*."""
    short = _SHORT.get(o)
    if short is not None:
        return short
    if o < 0x80:
        return chr(o) if 0x20 <= o < 0x7F else f"\\x{o:02x}"
    if 0xD800 <= o <= 0xDFFF:
        # A lone surrogate is not UTF-8; Go sees its three bytes, each invalid on its own.
        return "".join(f"\\x{b:02x}" for b in chr(o).encode("utf-8", "surrogatepass"))
    c = chr(o)
    if _UCD.category(c)[0] in "LMNPS":
        return c
    if o < 0x10000:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


class _Escapes(dict[int, str]):
    """A str.translate table that fills itself in: code point -> strconv.Quote's text, for up
    to _MOST_ESCAPES code points (all 1.1 million would be 100 MB kept)."""

    def __missing__(self, o: int) -> str:
        text = _escape(o)
        if len(self) < _MOST_ESCAPES:
            self[o] = text
        return text


_MOST_ESCAPES: Final = 1 << 16


_TABLE: Final = _Escapes()


def go_quote(s: str) -> str:
    """Return *s* as Go's strconv.Quote writes it: printable runes kept, the rest escaped.

    >>> print(go_quote('a"b\\n\\u00a0\\u00e9'))
    "a\\"b\\n\\u00a0é"
    """
    if s.isprintable() and '"' not in s and "\\" not in s and (_BUILTIN_TABLES or s.isascii()):
        return '"' + s + '"'
    return '"' + s.translate(_TABLE) + '"'
