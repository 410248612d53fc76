"""Go's strings package on Unicode text, where Python's str methods answer differently.

Go maps case rune by rune with Unicode's simple mappings (``strings.ToUpper("ß")`` is "ß";
Python's ``"ß".upper()`` is "SS"), never applies the final-sigma rule (Python lowers a final
"Σ" to "ς"), and counts as space only Unicode's White_Space characters (Python's
``str.isspace`` also takes the separators U+001C to U+001F). go-cty's string functions are
Go's, so ours are these.
"""

from __future__ import annotations

from cty._internal import UCD, go_quote

__all__ = ["GO_SPACE", "go_lower", "go_quote_rune", "go_title", "go_upper"]

GO_SPACE = ("\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
            "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
"""The characters Go's unicode.IsSpace accepts (what strings.TrimSpace trims)."""


def _simple_upper(c: str) -> str:
    u = c.upper()
    if len(u) == 1:
        return u
    # A special (multi-character) mapping: the simple one is the title case mapping where that
    # is one character (the Greek letters with ypogegrammeni), else the character itself.
    t = c.title()
    return t if len(t) == 1 else c


def _simple_lower(c: str) -> str:
    lo = c.lower()
    return lo if len(lo) == 1 else lo[0]  # only U+0130 has a longer mapping: "i" + U+0307


def _simple_title(c: str) -> str:
    t = c.title()
    return t if len(t) == 1 else c


def go_upper(s: str) -> str:
    """strings.ToUpper: each character by its simple uppercase mapping."""
    u = s.upper()
    if len(u) == len(s):  # every character mapped to one: the simple mappings
        return u
    return "".join(map(_simple_upper, s))


def go_lower(s: str) -> str:
    """strings.ToLower: each character by its simple lowercase mapping (no final sigma)."""
    lo = s.lower()
    if len(lo) == len(s) and "\u03a3" not in s:
        return lo
    return "".join(map(_simple_lower, s))


def _is_separator(c: str) -> bool:
    """strings.Title's word boundary test for the character before a letter."""
    if c < "\x80":
        return not (c.isalnum() or c == "_")
    category = UCD.category(c)
    if category[0] == "L" or category == "Nd":
        return False
    return c in GO_SPACE


def go_title(s: str) -> str:
    """strings.Title: the first letter of each word to its simple title case mapping."""
    out = []
    prev = " "
    for c in s:
        out.append(_simple_title(c) if _is_separator(prev) else c)
        prev = c
    return "".join(out)


def go_quote_rune(c: str) -> str:
    """Go's %q of one rune (strconv.QuoteRune): in single quotes, escaped where Go escapes."""
    if c == "'":
        return "'\\''"
    if c == '"':
        return "'\"'"
    return f"'{go_quote(c)[1:-1]}'"
