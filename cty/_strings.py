"""String normalisation: every cty string is NFC, as go-cty's NormalizeString makes it.

That is golang.org/x/text's NFC, which writes Unicode's Stream-Safe Text Format: after 30
non-starters in a row it inserts U+034F COMBINING GRAPHEME JOINER (Python's NFC does not), so a
run of thousands of combining marks never has to be reordered as one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any, Final

from ._errors import CtyTypeError, CtyValueError
from ._unicode_data import UCD

_normalize: Final[Callable[[str, str], str]] = UCD.normalize
"""NFC at Go's Unicode version (cty._unicode_data); it returns a string that is already NFC
as it is, after a quick check."""


def normalize_string(s: str, /) -> str:
    """Return *s* in Unicode normal form C (go-cty's NormalizeString).

    Raises TypeError for a non-str and ValueError for a str holding lone surrogates,
    which no UTF-8 encoding can carry. Cost: O(len(s)); ASCII returns at once.
    """
    if s.__class__ is not str:
        if not isinstance(s, str):
            raise CtyTypeError(f"a cty string must be a str, not {type(s).__name__}")
        s = str(s)
    if s.isascii():
        return s
    try:
        size = len(s.encode("utf-8"))
    except UnicodeEncodeError as e:
        raise CtyValueError(
            f"string {s!r} holds a lone surrogate at index {e.start}: not valid Unicode"
        ) from None
    # (a run that counts holds 14 characters of U+0300 or above, each two UTF-8 bytes or more:
    # text with fewer extra bytes, such as most Latin text, passes at no cost)
    if size - len(s) >= _RUN_NEEDED and _may_pass_the_limit(s):
        s = _stream_safe(s)
    return _normalize("NFC", s)


def is_normal_string(s: str, /) -> bool:
    """Return whether *s* is as normalize_string leaves it (NFC at go-cty's Unicode version,
    in the Stream-Safe Text Format)."""
    return s.isascii() or normalize_string(s) == s


MAX_NON_STARTERS: Final = 30
"""Unicode's Stream-Safe Text Format: at most this many non-starters in a row."""
_CGJ: Final = "\u034f"
"""COMBINING GRAPHEME JOINER, a starter that carries no meaning: what the format inserts."""
_RUN_NEEDED: Final = 14
"""The fewest characters in a row that can make more than 30 non-starters: none has more
than two, and the starter before them at most three more (tests/core/test_strings_stream_safe
checks both over every code point)."""
@functools.cache
def _long_mark_run() -> Any:
    """Where a run of non-starters may pass the limit: every character whose compatibility
    decomposition starts with one is a mark, a Hangul vowel or final consonant, or a
    compatibility or halfwidth form of one of those. (``regex`` is imported when first
    needed: only text above U+FFFF asks.)"""
    import regex  # noqa: PLC0415

    return regex.compile(
        r"(?:\p{M}|[\u1161-\u1175\u11a8-\u11c2\u3133\u3135\u3136\u313a-\u313f\u314f-\u3163"
        r"\uff9e\uff9f\uffa3\uffa5\uffa6\uffaa-\uffaf\uffc2-\uffc7\uffca-\uffcf\uffd2-\uffd7"
        r"\uffda-\uffdc]){" + str(_RUN_NEEDED) + "}").search


BMP_NON_STARTERS: Final = (
    "\u0300-\u034e\u0350-\u036f\u0483-\u0487\u0591-\u05bd\u05bf\u05c1-\u05c2\u05c4-\u05c5"
    "\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7-\u06e8"
    "\u06ea-\u06ed\u0711\u0730-\u074a\u07eb-\u07f3\u07fd\u0816-\u0819\u081b-\u0823"
    "\u0825-\u0827\u0829-\u082d\u0859-\u085b\u0898-\u089f\u08ca-\u08e1\u08e3-\u08ff\u093c"
    "\u094d\u0951-\u0954\u09bc\u09be\u09cd\u09d7\u09fe\u0a3c\u0a4d\u0abc\u0acd\u0b3c\u0b3e"
    "\u0b4d\u0b56-\u0b57\u0bbe\u0bcd\u0bd7\u0c3c\u0c4d\u0c55-\u0c56\u0cbc\u0cc2\u0ccd"
    "\u0cd5-\u0cd6\u0d3b-\u0d3c\u0d3e\u0d4d\u0d57\u0dca\u0dcf\u0ddf\u0e38-\u0e3a\u0e48-\u0e4b"
    "\u0eb8-\u0eba\u0ec8-\u0ecb\u0f18-\u0f19\u0f35\u0f37\u0f39\u0f71-\u0f75\u0f7a-\u0f7d"
    "\u0f80-\u0f84\u0f86-\u0f87\u0fc6\u102e\u1037\u1039-\u103a\u108d\u1161-\u1175\u11a8-\u11c2"
    "\u135d-\u135f\u1714-\u1715\u1734\u17d2\u17dd\u18a9\u1939-\u193b\u1a17-\u1a18\u1a60"
    "\u1a75-\u1a7c\u1a7f\u1ab0-\u1abd\u1abf-\u1ace\u1b34-\u1b35\u1b44\u1b6b-\u1b73"
    "\u1baa-\u1bab\u1be6\u1bf2-\u1bf3\u1c37\u1cd0-\u1cd2\u1cd4-\u1ce0\u1ce2-\u1ce8\u1ced\u1cf4"
    "\u1cf8-\u1cf9\u1dc0-\u1dff\u20d0-\u20dc\u20e1\u20e5-\u20f0\u2cef-\u2cf1\u2d7f"
    "\u2de0-\u2dff\u302a-\u302f\u3099-\u309a\u3133\u3135-\u3136\u313a-\u313f\u314f-\u3163"
    "\ua66f\ua674-\ua67d\ua69e-\ua69f\ua6f0-\ua6f1\ua806\ua82c\ua8c4\ua8e0-\ua8f1\ua92b-\ua92d"
    "\ua953\ua9b3\ua9c0\uaab0\uaab2-\uaab4\uaab7-\uaab8\uaabe-\uaabf\uaac1\uaaf6\uabed\ufb1e"
    "\ufe20-\ufe2f\uff9e-\uff9f\uffa3\uffa5-\uffa6\uffaa-\uffaf\uffc2-\uffc7\uffca-\uffcf"
    "\uffd2-\uffd7\uffda-\uffdc"
)
"""The characters below U+10000 whose compatibility decomposition starts with a non-starter,
as x/text counts them at Unicode 15.0 (tests/core/test_strings_stream_safe.py holds this
table to that count over every code point)."""
_BMP_RUN: Final = re.compile(f"[{BMP_NON_STARTERS}]{{{_RUN_NEEDED}}}").search
_ASTRAL: Final = re.compile("[\U00010000-\U0010ffff]").search


def _may_pass_the_limit(s: str) -> bool:
    """Whether *s* may hold a run of non-starters longer than 30: a test in C (of the
    Basic Multilingual Plane's, and where there are others, of every plane's)."""
    try:
        s.encode("latin-1")  # (a copy in C when every character is below U+0100)
    except UnicodeEncodeError:
        pass
    else:
        return False  # (Latin-1 text: no non-starter, none being below U+0300)
    return _BMP_RUN(s) is not None or (_ASTRAL(s) is not None
                                        and _long_mark_run()(s) is not None)


def _stream_safe(s: str) -> str:
    """*s* in Unicode's Stream-Safe Text Format, as golang.org/x/text's NFC makes it (and so
    go-cty's NormalizeString): a CGJ before the character whose leading non-starters would
    make more than 30 in a row, counting a starter's trailing ones."""
    out = []
    run = 0
    for c in s:
        lead, trail = _non_starters(c)
        if lead == 0:
            run = trail
        else:
            run += lead
            if run > MAX_NON_STARTERS:
                out.append(_CGJ)
                run = lead
        out.append(c)
    return "".join(out)


@functools.lru_cache(maxsize=4096)
def _non_starters(c: str) -> tuple[int, int]:
    """The non-starters that the compatibility decomposition of *c* starts with, and ends
    with, as golang.org/x/text counts them for the Stream-Safe Text Format: a character is a
    non-starter when its canonical combining class is not 0 or it combines with a character
    before it (Hangul vowels and final consonants, and a few vowel signs); a Hangul syllable
    ends with one (LV) or two (LVT)."""
    d = _normalize("NFKD", c)
    backward = _combining_backward()
    lead = 0
    while lead < len(d) and (UCD.combining(d[lead]) or d[lead] in backward):
        lead += 1
    trail = 0
    while trail < len(d) and (UCD.combining(d[-1 - trail]) or d[-1 - trail] in backward):
        trail += 1
    code = ord(c)
    if _HANGUL_FIRST <= code <= _HANGUL_LAST:
        trail = 1 if (code - _HANGUL_FIRST) % 28 == 0 else 2
    return lead, trail


_HANGUL_FIRST: Final = 0xAC00
_HANGUL_LAST: Final = 0xD7A3


@functools.cache
def _combining_backward() -> frozenset[str]:
    """The characters that combine with a character before them in canonical composition:
    the second of every primary composite's decomposition, and Hangul's vowels and final
    consonants. Worked out once, the first time a long run of marks is met."""
    out = {chr(c) for c in range(0x1161, 0x1176)} | {chr(c) for c in range(0x11A8, 0x11C3)}
    for code in range(0x110000):
        if 0xD800 <= code < 0xE000:
            continue
        parts = UCD.decomposition(chr(code)).split()
        if len(parts) == 2 and not parts[0].startswith("<"):
            first, second = chr(int(parts[0], 16)), chr(int(parts[1], 16))
            if _normalize("NFC", first + second) == chr(code):
                out.add(second)
    return frozenset(out)
