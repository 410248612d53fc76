"""The timestamps YAML's decoder takes (go-cty-yaml's parseTimestamp): Go's time.Parse with the
layouts ``2006-1-2T15:4:5.999999999Z07:00`` (``T`` or ``t``), ``2006-1-2 15:4:5.999999999``
and ``2006-1-2``, the result written as RFC 3339 (whole seconds; UTC when no offset is
given)."""

from __future__ import annotations

import calendar

__all__ = ["parse_yaml_timestamp"]


def _number(s: str, fixed: bool) -> tuple[int, str] | None:
    """Go's time getnum: one or two digits (exactly two when *fixed*)."""
    if not s[:1].isdigit() or not s[:1].isascii():
        return None
    if not (s[1:2].isdigit() and s[1:2].isascii()):
        return None if fixed else (int(s[0]), s[1:])
    return int(s[:2]), s[2:]


def _clock(s: str) -> tuple[int, int, int, str] | None:
    """``15:4:5`` and an optional fraction of a second: hour, minute, second, the rest."""
    parts = []
    for i in range(3):
        if i:
            if s[:1] != ":":
                return None
            s = s[1:]
        got = _number(s, False)
        if got is None:
            return None
        n, s = got
        parts.append(n)
    hour, minute, second = parts
    if hour >= 24 or minute >= 60 or second >= 60:
        return None
    if len(s) >= 2 and s[0] in ".," and s[1].isdigit() and s[1].isascii():
        i = 1
        while i < len(s) and s[i].isdigit() and s[i].isascii():
            i += 1
        s = s[i:]
    return hour, minute, second, s


def _offset(s: str) -> int | None:
    """``Z07:00``: an offset in seconds (the whole rest of the text)."""
    if s == "Z":
        return 0
    if len(s) != 6 or s[3] != ":" or s[0] not in "+-":
        return None
    hours, minutes = _number(s[1:3], True), _number(s[4:6], True)
    if hours is None or minutes is None or hours[0] > 24 or minutes[0] > 60:
        return None
    seconds = hours[0] * 3600 + minutes[0] * 60
    return -seconds if s[0] == "-" else seconds


def parse_yaml_timestamp(src: str) -> str | None:
    """*src* as RFC 3339 if it is a timestamp go-cty-yaml takes, else None."""
    if len(src) < 5 or not src[:4].isdigit() or not src[:4].isascii() or src[4] != "-":
        return None
    year, rest = int(src[:4]), src[5:]
    got = _number(rest, False)
    if got is None:
        return None
    month, rest = got
    if rest[:1] != "-":
        return None
    got = _number(rest[1:], False)
    if got is None:
        return None
    day, rest = got
    # (Go's calendar is proleptic Gregorian, year 0 a leap year like 2000)
    if not 1 <= month <= 12 or not 1 <= day <= calendar.monthrange(year or 2000, month)[1]:
        return None
    hour = minute = second = offset = 0
    if rest:
        separator, rest = rest[0], rest[1:]
        if separator not in "Tt ":
            return None
        clock = _clock(rest)
        if clock is None:
            return None
        hour, minute, second, rest = clock
        if separator == " ":
            if rest:
                return None
        else:
            given = _offset(rest)
            if given is None:
                return None
            offset = given
    zone = "Z"
    if offset:
        minutes = abs(offset) // 60
        zone = f"{'-' if offset < 0 else '+'}{minutes // 60:02d}:{minutes % 60:02d}"
    return f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}{zone}"
