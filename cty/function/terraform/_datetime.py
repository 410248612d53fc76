"""Terraform's timecmp (OpenTofu's lang/funcs datetime.go): two timestamps compared as
instants. Terraform reads them with Go's time.Parse and RFC 3339's layout, which is looser
than go-cty's reader (a one-digit hour, a comma before the fraction of a second), and words its
errors its own way."""

from __future__ import annotations

from typing import Final

from cty import Number, String, Type, Value, number_int_val
from cty._internal import go_quote

from .._errors import ArgError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ..stdlib._go_time import GoTime, _go_parse, _ParseError, _time_quote

__all__ = ["timecmp"]

_RFC3339: Final = "2006-01-02T15:04:05Z07:00"
_WHAT: Final = {"2006": "year", "01": "month", "02": "day of month", "15": "hour",
                "04": "minute", "05": "second", "Z07:00": "UTC offset"}


def _message(text: str, e: _ParseError) -> str:
    """OpenTofu's parseTimestamp: its words for Go's ParseError *e* on *text*."""
    base = "not a valid RFC3339 timestamp"
    value = e.value_elem.decode("utf-8", "replace")
    if not e.layout_elem and not value and e.message:
        return f"{base}: parsing time {_time_quote(text)}{e.message}"
    if e.layout_elem == "T":
        return f"{base}: missing required time introducer 'T'"
    if e.layout_elem in (":", "-"):
        if not value:
            return f"{base}: end of string where {go_quote(e.layout_elem)} is expected"
        return f"{base}: found {go_quote(value)} where {go_quote(e.layout_elem)} is expected"
    what = _WHAT.get(e.layout_elem, "timestamp segment")
    if not value:
        return f"{base}: end of string before {what}"
    return f"{base}: cannot use {go_quote(value)} as {what}"


def _timestamp(args: list[Value], i: int) -> GoTime:
    text = args[i].as_string()
    try:
        return _go_parse(text.encode("utf-8"))
    except _ParseError as e:
        raise ArgError(i, _message(text, e)) from None


def _timecmp(args: list[Value], ty: Type) -> Value:
    a, b = _timestamp(args, 0), _timestamp(args, 1)
    first, second = (a.seconds, a.nanos), (b.seconds, b.nanos)
    return number_int_val(0 if first == second else -1 if first < second else 1)


timecmp = Function(params=[Parameter("timestamp_a", String), Parameter("timestamp_b", String)],
                   type=static_return_type(Number), refine_result=refine_not_null,
                   impl=_timecmp, description="Compares two timestamps and returns a number "
                                              "that represents the ordering of the instants "
                                              "those timestamps represent.")
"""timecmp(timestamp_a, timestamp_b): -1, 0 or 1 as the first instant is before, the same
as, or after the second (offsets count: 06:00+02:00 is 04:00Z)."""
