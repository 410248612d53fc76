"""RFC 3339 timestamps and durations as Go's time package reads and writes them, for
format_date and time_add.

go-cty reads a timestamp with a strict RFC 3339 parser and, when that refuses it, asks Go's
general time.Parse why, turning Go's ParseError into its own message; durations are Go's
time.ParseDuration ("1h30m", "-1.5h", "300ms"). Both are ported here with their errors. Dates
are proleptic Gregorian with any year (Python's datetime stops at 1 and 9999, and adding a
duration can pass either), kept as a count of seconds and a nanosecond.
"""

from __future__ import annotations

from dataclasses import dataclass

from cty._internal import go_quote

__all__ = ["GoTime", "GoTimeError", "parse_duration", "parse_error_message", "parse_timestamp"]


class GoTimeError(Exception):
    """A timestamp or duration Go refuses, with go-cty's (or Go's) message."""


# --- the calendar ------------------------------------------------------------------------------


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


_DAYS_IN = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _days_in(month: int, year: int) -> int:
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN[month - 1]


def _days_from_civil(y: int, m: int, d: int) -> int:
    """Days from 1970-01-01 to the date (any year)."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _civil_from_days(z: int) -> tuple[int, int, int]:
    """The date *z* days after 1970-01-01."""
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return y + (m <= 2), m, d


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
WEEKDAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")


@dataclass(frozen=True)
class GoTime:
    """An instant (seconds since 1970 UTC, and nanoseconds) seen at a fixed UTC offset."""

    seconds: int
    nanos: int
    offset: int

    def fields(self) -> tuple[int, int, int, int, int, int, int]:
        """(year, month, day, hour, minute, second, weekday from Sunday=0) at the offset."""
        local = self.seconds + self.offset
        days, rest = divmod(local, 86400)
        y, m, d = _civil_from_days(days)
        return y, m, d, rest // 3600, rest // 60 % 60, rest % 60, (days + 4) % 7

    def add(self, nanos: int) -> GoTime:
        """Go's Time.Add."""
        total = self.nanos + nanos
        return GoTime(self.seconds + total // 1_000_000_000, total % 1_000_000_000, self.offset)

    def zone(self, layout: str) -> str:
        """The offset as Go's layouts Z07:00, -0700 and -07:00 write it."""
        if layout == "Z07:00" and self.offset == 0:
            return "Z"
        sign = "-" if self.offset < 0 else "+"
        hours, minutes = divmod(abs(self.offset) // 60, 60)
        if layout == "-0700":
            return f"{sign}{hours:02d}{minutes:02d}"
        return f"{sign}{hours:02d}:{minutes:02d}"

    def rfc3339(self) -> str:
        """Go's Format(time.RFC3339): no fraction of a second; a year of four digits or more."""
        y, m, d, hh, mm, ss, _ = self.fields()
        year = f"-{-y:04d}" if y < 0 else f"{y:04d}"
        return f"{year}-{m:02d}-{d:02d}T{hh:02d}:{mm:02d}:{ss:02d}{self.zone('Z07:00')}"


# --- parsing timestamps ------------------------------------------------------------------------


def _digits(s: bytes) -> int | None:
    return int(s) if s and all(0x30 <= c <= 0x39 for c in s) else None


def _fast_rfc3339(s: bytes) -> GoTime | None:
    """go-cty's parseRFC3339: the strict form, or None."""
    if len(s) < 19:
        return None
    year = _digits(s[0:4])
    month = _digits(s[5:7])
    hour, minute, sec = _digits(s[11:13]), _digits(s[14:16]), _digits(s[17:19])
    if year is None or month is None or not 1 <= month <= 12:
        return None
    day = _digits(s[8:10])
    if day is None or not 1 <= day <= _days_in(month, year):
        return None
    if hour is None or hour > 23 or minute is None or minute > 59 or sec is None or sec > 59:
        return None
    if s[4:5] != b"-" or s[7:8] != b"-" or s[10:11] != b"T" or s[13:14] != b":" \
            or s[16:17] != b":":
        return None
    rest = s[19:]
    nanos = 0
    if len(rest) >= 2 and rest[0:1] == b"." and 0x30 <= rest[1] <= 0x39:
        n = 2
        while n < len(rest) and 0x30 <= rest[n] <= 0x39:
            n += 1
        nanos = int(rest[1:min(n, 10)].ljust(9, b"0"))
        rest = rest[n:]
    offset = 0
    if rest != b"Z":
        if len(rest) != 6:
            return None
        hr, mm = _digits(rest[1:3]), _digits(rest[4:6])
        if hr is None or hr > 23 or mm is None or mm > 59 or rest[0:1] not in (b"-", b"+") \
                or rest[3:4] != b":":
            return None
        offset = (hr * 60 + mm) * 60 * (-1 if rest[0:1] == b"-" else 1)
    local = _days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + sec
    return GoTime(local - offset, nanos, offset)


@dataclass
class _ParseError(Exception):
    """Go's time.ParseError: the layout element, the value element and a message."""

    layout_elem: str
    value_elem: bytes
    message: str = ""


_RFC3339 = "2006-01-02T15:04:05Z07:00"


def _getnum(s: bytes, fixed: bool) -> tuple[int, bytes] | None:
    if not s[:1].isdigit():
        return None
    if not s[1:2].isdigit():
        return None if fixed else (s[0] - 48, s[1:])
    return (s[0] - 48) * 10 + s[1] - 48, s[2:]


def _skip(value: bytes, prefix: bytes) -> tuple[bytes, bool]:
    for c in prefix:
        if not value or value[0] != c:
            return value, False
        value = value[1:]
    return value, True


def _go_parse(value: bytes) -> GoTime:
    """Go's time.Parse(time.RFC3339, value): the time, or _ParseError with Go's parts (Go is
    looser than RFC 3339: a one-digit hour, a comma before the fraction, offsets to 24:60)."""
    chunks = ((b"", "2006"), (b"-", "01"), (b"-", "02"), (b"T", "15"), (b":", "04"),
              (b":", "05"), (b"", "Z07:00"))
    year = month = day = hour = minute = second = nanos = offset = 0
    for prefix, std in chunks:
        value, ok = _skip(value, prefix)
        if not ok:
            raise _ParseError(prefix.decode(), value)
        hold = value
        bad = False
        range_error = ""
        if std == "2006":
            if len(value) < 4 or not value[:1].isdigit():
                bad = True
            else:
                p, value = value[:4], value[4:]
                got = _go_atoi(p)
                bad = got is None
                year = got or 0
        elif std in ("01", "02", "15", "04", "05"):
            got2 = _getnum(value, std != "15")
            if got2 is None:
                bad = True
            else:
                n, value = got2
                if std == "01":
                    month = n
                    if not 1 <= n <= 12:
                        range_error = "month"
                elif std == "02":
                    day = n
                elif std == "15":
                    hour = n
                    if n >= 24:
                        range_error = "hour"
                elif std == "04":
                    minute = n
                    if n >= 60:
                        range_error = "minute"
                elif std == "05":
                    second = n
                    if n >= 60:
                        range_error = "second"
                    elif len(value) >= 2 and value[0:1] in (b".", b",") and value[1:2].isdigit():
                        k = 2
                        while k < len(value) and value[k:k + 1].isdigit():
                            k += 1
                        nanos = int(value[1:min(k, 10)].ljust(9, b"0"))
                        value = value[k:]
        elif value[:1] == b"Z":  # Z07:00 from here
            value = value[1:]
        elif len(value) < 6 or value[3:4] != b":":
            bad = True
        else:
            sign, zone_hour, zone_minute, value = value[0:1], value[1:3], value[4:6], value[6:]
            hr = _getnum(zone_hour, True)
            mm = _getnum(zone_minute, True) if hr is not None else None
            bad = hr is None or mm is None or sign not in (b"+", b"-")
            if not bad and hr is not None and mm is not None:
                offset = (hr[0] * 60 + mm[0]) * 60 * (-1 if sign == b"-" else 1)
            if hr is not None and hr[0] > 24:
                range_error = "time zone offset hour"
            if mm is not None and mm[0] > 60:
                range_error = "time zone offset minute"
        if range_error:
            raise _ParseError(std, value, f": {range_error} out of range")
        if bad:
            raise _ParseError(std, hold)
    if value:
        raise _ParseError("", value, f": extra text: {_time_quote(value)}")
    if day < 1 or day > _days_in(month, year):
        raise _ParseError("", value, ": day out of range")
    local = _days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second
    return GoTime(local - offset, nanos, offset)


def _go_atoi(s: bytes) -> int | None:
    """Go's time.atoi: an optional sign and digits (none read as 0), or None."""
    sign = 1
    if s[:1] in (b"-", b"+"):
        sign = -1 if s[:1] == b"-" else 1
        s = s[1:]
    if not s:
        return 0
    return sign * int(s) if s.isdigit() else None


def _strict_error(s: bytes) -> _ParseError:
    """go-cty's parseStrictRFC3339 for text its fast parser refused: Go's error, or go-cty's
    own for what Go accepts and RFC 3339 does not."""
    _go_parse(s)
    if s[12:13] == b":":
        return _ParseError("15", s[11:12], ": hour must have two digits")
    if s[19:20] == b",":
        return _ParseError(".", b",", ": sub-second separator must be a period")
    if s[-1:] != b"Z":
        if int(s[-5:-3]) >= 24:
            return _ParseError("Z07:00", s[-6:], ": timezone hour out of range")
        if int(s[-2:]) >= 60:
            return _ParseError("Z07:00", s[-6:], ": timezone minute out of range")
    return _ParseError(_RFC3339, s)


_WHAT = {"2006": "year", "01": "month", "02": "day of month", "15": "hour", "04": "minute",
         "05": "second", "Z07:00": "UTC offset"}


def parse_error_message(e: _ParseError, terraform_text: str | None = None) -> str:
    """go-cty's parseTimestamp: its words for Go's ParseError *e*; with *terraform_text* (the
    text parsed), Terraform's words (OpenTofu's parseTimestamp), which quote Go's own message
    where there is one and have no words of their own for hours and minutes."""
    base = "not a valid RFC3339 timestamp"
    value = e.value_elem.decode("utf-8", "replace")
    if not e.layout_elem and not value and e.message:
        if terraform_text is not None:
            return f"{base}: parsing time {_time_quote(terraform_text)}{e.message}"
        return base + e.message
    if e.layout_elem == "T":
        return f"{base}: missing required time introducer 'T'"
    if e.layout_elem in (":", "-"):
        if not value:
            return f"{base}: end of string where {go_quote(e.layout_elem)} is expected"
        return f"{base}: found {go_quote(value)} where {go_quote(e.layout_elem)} is expected"
    what = _WHAT.get(e.layout_elem, "timestamp segment")
    if not value:
        return f"{base}: end of string before {what}"
    if terraform_text is None:
        if what == "hour" and ":" in value:
            return f"{base}: hour must be between 0 and 23 inclusive"
        if what == "hour" and len(e.value_elem) != 2:
            return f"{base}: hour must have exactly two digits"
        if what == "minute" and len(e.value_elem) != 2:
            return f"{base}: minute must have exactly two digits"
    return f"{base}: cannot use {go_quote(value)} as {what}"


def parse_timestamp(text: str) -> GoTime:
    """go-cty's parseTimestamp: an RFC 3339 timestamp, or GoTimeError with go-cty's words."""
    data = text.encode("utf-8")
    t = _fast_rfc3339(data)
    if t is not None:
        return t
    try:
        error = _strict_error(data)
    except _ParseError as e:
        error = e
    raise GoTimeError(parse_error_message(error))


# --- durations ---------------------------------------------------------------------------------

_UNITS = {"ns": 1, "us": 1_000, "µs": 1_000, "μs": 1_000, "ms": 1_000_000,
          "s": 1_000_000_000, "m": 60_000_000_000, "h": 3_600_000_000_000}
_MAX = 1 << 63


def _time_quote(s: bytes | str) -> str:
    """Go's time.quote: in double quotes, \\" and \\\\ escaped, other bytes that are not
    printable ASCII written as \\x escapes."""
    data = s.encode("utf-8") if isinstance(s, str) else s
    out = ['"']
    for b in data:
        if b < 0x20 or b >= 0x80:
            out.append(f"\\x{b:02x}")
        else:
            c = chr(b)
            out.append("\\" + c if c in '"\\' else c)
    out.append('"')
    return "".join(out)


def parse_duration(text: str) -> int:
    """Go's time.ParseDuration: nanoseconds, or GoTimeError with Go's message."""
    invalid = GoTimeError(f"time: invalid duration {_time_quote(text)}")
    s = text
    neg = False
    if s[:1] in ("-", "+"):
        neg = s[0] == "-"
        s = s[1:]
    if s == "0":
        return 0
    if not s:
        raise invalid
    total = 0
    while s:
        if not (s[0] == "." or "0" <= s[0] <= "9"):
            raise invalid
        i = 0
        while i < len(s) and "0" <= s[i] <= "9":
            i += 1
        digits = s[:i].lstrip("0")
        if len(digits) > 19:  # (more than int64 holds: Go's leadingInt overflows)
            raise invalid
        v = int(digits or "0")
        if v > _MAX:
            raise invalid
        pre = i > 0
        s = s[i:]
        frac, scale, post = 0, 1.0, False
        if s[:1] == ".":
            s = s[1:]
            j = 0
            overflow = False
            while j < len(s) and "0" <= s[j] <= "9":
                if not overflow:
                    y = frac * 10 + ord(s[j]) - 48
                    if frac > (_MAX - 1) // 10 or y > _MAX:
                        overflow = True
                    else:
                        frac = y
                        scale *= 10
                j += 1
            post = j > 0
            s = s[j:]
        if not pre and not post:
            raise invalid
        k = 0
        while k < len(s) and not (s[k] == "." or "0" <= s[k] <= "9"):
            k += 1
        if k == 0:
            raise GoTimeError(f"time: missing unit in duration {_time_quote(text)}")
        unit_text, s = s[:k], s[k:]
        unit = _UNITS.get(unit_text)
        if unit is None:
            raise GoTimeError(f"time: unknown unit {_time_quote(unit_text)} in duration "
                              f"{_time_quote(text)}")
        if v > _MAX // unit:
            raise invalid
        v *= unit
        if frac > 0:
            v += int(float(frac) * (float(unit) / scale))
            if v > _MAX:
                raise invalid
        total = (total + v) & 0xFFFFFFFFFFFFFFFF  # Go's uint64 sum
        if total > _MAX:
            raise invalid
    if neg:
        return -total
    if total > _MAX - 1:
        raise invalid
    return total
