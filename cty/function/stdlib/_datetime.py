"""format_date and time_add (go-cty's stdlib datetime.go): RFC 3339 timestamps, formatted with
go-cty's date format verbs, and moved by Go durations."""

from __future__ import annotations

from cty import String, Type, Value, string_val
from cty._internal import go_quote

from .._errors import ArgError, FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._go_time import MONTHS, WEEKDAYS, GoTime, GoTimeError, parse_duration, parse_timestamp
from ._refine import not_null

__all__ = ["format_date", "time_add"]

_ESC = 0x27  # '


def _is_verb(b: int) -> bool:
    return 0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A


def _tokens(data: bytes) -> list[bytes]:
    """go-cty's splitDateFormat: quoted literals, runs of one verb letter, other text."""
    out = []
    i, n = 0, len(data)
    while i < n:
        c = data[i]
        if c == _ESC:
            if i + 1 < n and data[i + 1] == _ESC:
                out.append(data[i:i + 2])
                i += 2
                continue
            j = i + 1
            end = n
            while j < n:
                if data[j] == _ESC:
                    if j + 1 == n:
                        break
                    if data[j + 1] == _ESC:
                        j += 2
                        continue
                    end = j + 1
                    break
                j += 1
            out.append(data[i:end])
            i = end
        elif _is_verb(c):
            j = i + 1
            while j < n and data[j] == c:
                j += 1
            out.append(data[i:j])
            i = j
        else:
            j = i + 1
            while j < n and data[j] != _ESC and not _is_verb(data[j]):
                j += 1
            out.append(data[i:j])
            i = j
    return out


def _verb_error(tok: bytes, why: str = "") -> ArgError:
    quoted = go_quote(tok.decode("utf-8", "replace"))
    return ArgError(0, f"invalid date format verb {quoted}" + (f": {why}" if why else ""))


def _two(n: int, tok: bytes, one: str, two: str, why: str) -> str:
    if len(tok) == 1:
        return one.format(n)
    if len(tok) == 2:
        return two.format(n)
    raise _verb_error(tok, why)


def _verb(tok: bytes, t: GoTime) -> str:
    year, month, day, hour, minute, second, weekday = t.fields()
    v = chr(tok[0])
    n = len(tok)
    if v == "Y":
        if n == 2:
            return f"{year % 100:02d}"
        if n == 4:
            return f"-{-year:04d}" if year < 0 else f"{year:04d}"
        raise _verb_error(tok, 'year must either be "YY" or "YYYY"')
    if v == "M":
        if n in (3, 4):
            return MONTHS[month - 1][:3] if n == 3 else MONTHS[month - 1]
        return _two(month, tok, "{}", "{:02d}",
                    'month must be "M", "MM", "MMM", or "MMMM"')
    if v == "D":
        return _two(day, tok, "{}", "{:02d}", 'day of month must either be "D" or "DD"')
    if v == "E":
        if n == 3:
            return WEEKDAYS[weekday][:3]
        if n == 4:
            return WEEKDAYS[weekday]
        raise _verb_error(tok, 'day of week must either be "EEE" or "EEEE"')
    if v == "h":
        return _two(hour, tok, "{}", "{:02d}", '24-hour must either be "h" or "hh"')
    if v == "H":
        return _two(hour % 12 or 12, tok, "{}", "{:02d}",
                    '12-hour must either be "H" or "HH"')
    if v in "Aa":
        if n != 2:
            raise _verb_error(tok, f'must be "{v}{v}"')
        text = "AM" if hour < 12 else "PM"
        return text if v == "A" else text.lower()
    if v == "m":
        return _two(minute, tok, "{}", "{:02d}", 'minute must either be "m" or "mm"')
    if v == "s":
        return _two(second, tok, "{}", "{:02d}", 'second must either be "s" or "ss"')
    if v == "Z":
        if n == 1:
            return t.zone("Z07:00")
        if n == 3:
            zone = t.zone("-0700")
            return "UTC" if zone == "+0000" else zone
        if n == 4:
            return t.zone("-0700")
        if n == 5:
            return t.zone("-07:00")
        raise _verb_error(tok, "timezone must be Z, ZZZZ, or ZZZZZ")
    raise _verb_error(tok)


def _format_date(args: list[Value], ty: Type) -> Value:
    try:
        t = parse_timestamp(args[1]._v)
    except GoTimeError as e:
        raise ArgError(1, str(e)) from None
    out: list[str] = []
    for tok in _tokens(args[0]._v.encode("utf-8")):
        if tok[0] == _ESC:
            if len(tok) == 1 or tok[-1] != _ESC:
                raise ArgError(0, "unterminated literal '")
            out.append("'" if len(tok) == 2 else tok[1:-1].replace(b"''", b"'").decode())
        elif _is_verb(tok[0]):
            out.append(_verb(tok, t))
        else:
            out.append(tok.decode("utf-8"))
    return string_val("".join(out))


format_date = Function(
    description="Formats a timestamp given in RFC 3339 syntax into another timestamp in some "
                "other machine-oriented time syntax, as described in the format string.",
    params=[Parameter("format", String), Parameter("time", String)],
    type=static_return_type(String), refine_result=not_null, impl=_format_date)
"""format_date(format, time): an RFC 3339 timestamp written with date verbs (YYYY, MM, DD,
hh, mm, ss, ZZZZZ, ...; text in single quotes is literal)."""


def _time_add(args: list[Value], ty: Type) -> Value:
    try:
        t = parse_timestamp(args[0]._v)
        d = parse_duration(args[1]._v)
    except GoTimeError as e:
        raise FunctionError(str(e)) from None
    return string_val(t.add(d).rfc3339())


time_add = Function(
    description="Adds the duration represented by the given duration string to the given RFC "
                "3339 timestamp string, returning another RFC 3339 timestamp.",
    params=[Parameter("timestamp", String), Parameter("duration", String)],
    type=static_return_type(String), impl=_time_add)
"""time_add(timestamp, duration): an RFC 3339 timestamp moved by a Go duration ("1h30m",
"-10m", "300ms")."""
