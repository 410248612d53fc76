"""String normalisation: every cty string is NFC, as go-cty's NormalizeString makes it.

That is golang.org/x/text's NFC, which writes Unicode's Stream-Safe Text Format: after 30
non-starters in a row it inserts U+034F COMBINING GRAPHEME JOINER (Python's NFC does not), so a
run of thousands of combining marks never has to be reordered as one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

import regex

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
        s.encode("utf-8")
    except UnicodeEncodeError as e:
        raise CtyValueError(
            f"string {s!r} holds a lone surrogate at index {e.start}: not valid Unicode"
        ) from None
    if len(s) >= _RUN_NEEDED and _LONG_MARK_RUN(s) is not None:
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
_LONG_MARK_RUN: Final = regex.compile(
    r"(?:\p{M}|[\u1161-\u1175\u11a8-\u11c2\u3133\u3135\u3136\u313a-\u313f\u314f-\u3163"
    r"\uff9e\uff9f\uffa3\uffa5\uffa6\uffaa-\uffaf\uffc2-\uffc7\uffca-\uffcf\uffd2-\uffd7"
    r"\uffda-\uffdc]){" + str(_RUN_NEEDED) + "}").search
"""Where a run of non-starters may pass the limit: every character whose compatibility
decomposition starts with one is a mark, a Hangul vowel or final consonant, or a
compatibility or halfwidth form of one of those (a test in C before the exact count)."""


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
