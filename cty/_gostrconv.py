"""Go's strconv.Quote, which go-cty uses for set hash bytes and GoString."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_PLAIN = re.compile(r'[ !#-\[\]-~]*\Z')
_SHORT = {"\a": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t",
          "\v": "\\v", '"': '\\"', "\\": "\\\\"}


@lru_cache(maxsize=4096)
def _escape(c: str) -> str:
    short = _SHORT.get(c)
    if short is not None:
        return short
    o = ord(c)
    if o < 0x80:
        if 0x20 <= o < 0x7F:
            return c
        return f"\\x{o:02x}"
    if unicodedata.category(c)[0] in "LMNPS":
        return c
    if 0xD800 <= o <= 0xDFFF:
        return "\\ufffd"
    if o < 0x10000:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


def go_quote(s: str) -> str:
    """Return *s* as Go's strconv.Quote writes it: printable runes kept, others escaped.

    >>> go_quote('a"b\\n\\u00a0')
    '"a\\\\"b\\\\n\\\\u00a0"'
    """
    if _PLAIN.match(s):
        return '"' + s + '"'
    return '"' + "".join([_escape(c) for c in s]) + '"'
