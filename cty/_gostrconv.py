"""Go's strconv.Quote, which go-cty uses for set hash bytes and GoString.

A rune is kept as it is when Go's strconv.IsPrint says it is printable: the categories L, M,
N, P and S, plus the ASCII space. Go 1.21 and later use Unicode 15.0.0 tables; this module
uses the ``unicodedata2`` package when it is installed at exactly that version (or Python's
own tables when those are 15.0.0), otherwise Python's ``unicodedata`` (14.0.0 on Python 3.11),
which differs from Go only for the characters Unicode 15.0 added.
"""

from __future__ import annotations

import importlib
import unicodedata
from typing import Any, Final

_GO_UNICODE_VERSION: Final = "15.0.0"


def _unicode_tables() -> Any:
    """Return the unicodedata module closest to Go's Unicode version."""
    if unicodedata.unidata_version == _GO_UNICODE_VERSION:
        return unicodedata
    try:
        ucd2 = importlib.import_module("unicodedata2")
    except ImportError:
        return unicodedata
    if getattr(ucd2, "unidata_version", None) == _GO_UNICODE_VERSION:
        return ucd2
    return unicodedata


_UCD: Final = _unicode_tables()
UNICODE_VERSION: Final[str] = _UCD.unidata_version
"""The Unicode version whose tables decide which runes are printable."""
_BUILTIN_TABLES: Final = _UCD is unicodedata
"""Python's str.isprintable (Other and Separator, bar the ASCII space, are not printable) is
Go's IsPrint exactly, when it uses the same tables."""
_SHORT: Final = {0x07: "\\a", 0x08: "\\b", 0x0C: "\\f", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t",
                 0x0B: "\\v", 0x22: '\\"', 0x5C: "\\\\"}


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
    """A str.translate table that fills itself in: code point -> strconv.Quote's text."""

    def __missing__(self, o: int) -> str:
        text = _escape(o)
        self[o] = text
        return text


_TABLE: Final = _Escapes()


def go_quote(s: str) -> str:
    """Return *s* as Go's strconv.Quote writes it: printable runes kept, the rest escaped.

    >>> print(go_quote('a"b\\n\\u00a0\\u00e9'))
    "a\\"b\\n\\u00a0é"
    """
    if s.isprintable() and '"' not in s and "\\" not in s and (_BUILTIN_TABLES or s.isascii()):
        return '"' + s + '"'
    return '"' + s.translate(_TABLE) + '"'
