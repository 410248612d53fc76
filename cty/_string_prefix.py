"""The safe known prefix of a string (go-cty's ctystrings.SafeKnownPrefix).

An unknown string may be known to start with a prefix. Characters appended later can change
the last characters of a prefix (``"o"`` followed by a combining diaeresis is ``"ö"``; an
emoji followed by a skin tone modifier is another emoji), so a prefix is trimmed to what no
continuation can change, in go-cty's two steps:

1. NFC: if the last character could compose with a following one, cut the string at the
   last character that starts a composable sequence (Unicode's normalization stream rule);
2. grapheme clusters: otherwise drop the last grapheme cluster, which a continuation could
   extend, unless it is a single character of go-cty's delimiter list (``-``, ``:``, ``/``,
   a space...), which never begins a cluster with what follows; and, as go-cty's cluster
   scanner stops at a line feed or carriage return that is a cluster of its own, keep only
   what comes before the first such (measured against go-cty through HCL's templates).

Step 1 reads Unicode's composition data from Go's tables (cty._unicode_data; computed once, on
first use).
Step 2 finds the last extended grapheme cluster with the rules of Unicode's UAX 29 that can
join characters across a cluster's end (extending marks, joiners and modifiers, emoji joined
by ZWJ, regional indicator pairs, Hangul syllable sequences, CR LF); like go-cty's scanner, a
trailing run of regional indicators is dropped whole.
"""

from __future__ import annotations

import re
import threading
from typing import Final

from ._strings import normalize_string
from ._unicode_data import UCD

_DELIMITERS: Final = frozenset("-_:;/\\,.(){}[]|?!~ \t@#$%^&*+\"'")
"""Single characters that go-cty keeps at the end of a prefix (sequenceMustEndGraphemeCluster)."""
_LONE_BREAK: Final = re.compile("\r(?!\n)|(?<!\r)\n").search
"""A line feed or carriage return that is not half of a CR LF pair."""
_MAX_NON_STARTERS: Final = 30
"""Unicode's stream-safe limit on a run of non-starters (UAX 15)."""

_tables_lock = threading.Lock()
_combines_forward: frozenset[int] | None = None
"""Code points that are the first of a canonical composition (NFC may join them with what
follows)."""
_combines_backward: frozenset[int] = frozenset()
"""Code points that are the second of a canonical composition (NFC quick check "maybe")."""


def safe_known_prefix(prefix: str, /) -> str:
    """Return *prefix*, NFC-normalised, without the trailing characters that a continuation
    could change (see the module documentation).

    >>> from cty._string_prefix import safe_known_prefix
    >>> safe_known_prefix("ami-"), safe_known_prefix("boo"), safe_known_prefix("https://")
    ('ami-', 'bo', 'https://')
    """
    s = normalize_string(prefix)
    if not s:
        return s
    cut = _last_nfc_boundary(s)
    if cut is not None and cut != len(s):
        return s[:cut]
    stop = _lone_line_break(s)
    if stop is not None:
        return s[:stop]
    start = _last_cluster_start(s)
    if len(s) - start == 1 and s[start] in _DELIMITERS:
        return s
    return s[:start]


def _lone_line_break(s: str) -> int | None:
    """Where go-cty's cluster scan stops short: at the first line feed or carriage return
    that is a cluster of its own (not a CR LF pair). Its scanner, asked for clusters before
    the end of the data, asks for more data there instead of returning one, and
    SafeKnownPrefix keeps only what came before (``"a\nb "`` keeps ``"a"``)."""
    found = _LONE_BREAK(s)
    return None if found is None else found.start()


def safe_prefix_before_cut(head: str, /) -> str:
    """Return the safe known prefix of text that was cut inside a character, *head* being
    the whole characters before the cut.

    go-cty cuts long prefixes by bytes (the msgpack encoding keeps 255 of them), and
    SafeKnownPrefix on bytes ending inside a character stops at the NFC step: it drops the
    partial character and, when the character before it could compose with what follows,
    back to the last starter; it drops no grapheme cluster.
    """
    s = normalize_string(head)
    if not s:
        return s
    cut = _last_nfc_boundary(s)
    return s if cut is None else s[:cut]


def _tables() -> tuple[frozenset[int], frozenset[int]]:
    """Return the code points that begin and that end canonical compositions."""
    global _combines_forward, _combines_backward
    if _combines_forward is None:
        with _tables_lock:
            if _combines_forward is None:
                first: set[int] = set()
                second: set[int] = set()
                decomposition = UCD.decomposition
                for cp in range(0x110000):
                    d = decomposition(chr(cp))
                    if not d or d[0] == "<":
                        continue
                    parts = d.split()
                    if len(parts) != 2:
                        continue
                    a, b = chr(int(parts[0], 16)), chr(int(parts[1], 16))
                    if UCD.normalize("NFC", a + b) == chr(cp):  # not excluded
                        first.add(ord(a))
                        second.add(ord(b))
                _combines_backward = frozenset(second)
                _combines_forward = frozenset(first)
    return _combines_forward, _combines_backward


def _is_hangul_l(cp: int) -> bool:
    return 0x1100 <= cp <= 0x115F or 0xA960 <= cp <= 0xA97C


def _is_hangul_v(cp: int) -> bool:
    return 0x1160 <= cp <= 0x11A7 or 0xD7B0 <= cp <= 0xD7C6


def _is_hangul_t(cp: int) -> bool:
    return 0x11A8 <= cp <= 0x11FF or 0xD7CB <= cp <= 0xD7FB


def _hangul_syllable(cp: int) -> str | None:
    """Return "LV" or "LVT" for a precomposed Hangul syllable, else None."""
    if 0xAC00 <= cp <= 0xD7A3:
        return "LV" if (cp - 0xAC00) % 28 == 0 else "LVT"
    return None


def _is_inert(c: str) -> bool:
    """Return whether NFC can never join *c* with a following character (go's norm
    Properties.isInert: combining class at most 1, no canonical decomposition, quick check
    yes, composes with nothing)."""
    cp = ord(c)
    if UCD.combining(c) > 1:
        return False
    d = UCD.decomposition(c)
    if d and d[0] != "<":  # go's tables mark every canonically decomposable character
        return False
    forward, backward = _tables()
    if cp in forward or cp in backward:
        return False
    if _is_hangul_l(cp) or _is_hangul_v(cp) or _is_hangul_t(cp):
        return False
    return _hangul_syllable(cp) is None  # syllables decompose (algorithmically)


def _last_nfc_boundary(s: str) -> int | None:
    """Return where the last NFC segment of *s* starts (go's norm.NFC.LastBoundary): len(s)
    when the last character is inert, else the index of the last starter; None when there is
    none."""
    if _is_inert(s[-1]):
        return len(s)
    run = 0
    i = len(s) - 1
    while i >= 0:
        if not UCD.combining(s[i]):
            return i
        run += 1
        if run > _MAX_NON_STARTERS:
            return i
        i -= 1
    return None


def _is_extend(cp: int, c: str) -> bool:
    """Return whether *c* continues the grapheme cluster before it (Extend, SpacingMark and
    ZWJ of UAX 29, with emoji modifiers, variation selectors and tags)."""
    return (UCD.category(c) in ("Mn", "Me", "Mc") or cp == 0x200D
            or 0x1F3FB <= cp <= 0x1F3FF or 0xFE00 <= cp <= 0xFE0F
            or 0xE0020 <= cp <= 0xE007F or 0xE0100 <= cp <= 0xE01EF)


def _is_pictographic(cp: int, c: str) -> bool:
    """Return whether *c* is (approximately) Extended_Pictographic."""
    return (UCD.category(c) == "So" or 0x1F000 <= cp <= 0x1FAFF
            or cp in (0x00A9, 0x00AE, 0x203C, 0x2049, 0x2122, 0x2139))


def _is_regional(cp: int) -> bool:
    return 0x1F1E6 <= cp <= 0x1F1FF


def _hangul_joins(before: int, after: int) -> bool:
    """Return whether the Hangul jamo or syllables *before* and *after* are one cluster."""
    syl_b = _hangul_syllable(before)
    syl_a = _hangul_syllable(after)
    if _is_hangul_l(before):
        return (_is_hangul_l(after) or _is_hangul_v(after) or syl_a is not None)
    if syl_b == "LV" or _is_hangul_v(before):
        return _is_hangul_v(after) or _is_hangul_t(after)
    if syl_b == "LVT" or _is_hangul_t(before):
        return _is_hangul_t(after)
    return False


def _last_cluster_start(s: str) -> int:
    """Return the index where the last grapheme cluster of *s* starts."""
    i = len(s) - 1
    cp = ord(s[i])
    if _is_regional(cp):  # a trailing run of regional indicators is dropped whole
        while i > 0 and _is_regional(ord(s[i - 1])):
            i -= 1
        return i
    if s[i] == "\n" and i > 0 and s[i - 1] == "\r":
        return i - 1
    while True:
        while i > 0 and _is_extend(ord(s[i]), s[i]):
            i -= 1
        # an emoji joined by ZWJ to the one before it: ... P Extend* ZWJ P
        if i >= 2 and s[i - 1] == "\u200d" and _is_pictographic(ord(s[i]), s[i]):
            j = i - 2
            while j > 0 and _is_extend(ord(s[j]), s[j]) and s[j] != "\u200d":
                j -= 1
            if _is_pictographic(ord(s[j]), s[j]):
                i = j
                continue
        break
    while i > 0 and _hangul_joins(ord(s[i - 1]), ord(s[i])):
        i -= 1
    return i
