"""Terraform's timecmp (OpenTofu's lang/funcs datetime.go): two timestamps compared as
instants. Terraform reads them with Go's time.Parse and RFC 3339's layout, which is looser
than go-cty's reader (a one-digit hour, a comma before the fraction of a second), and words its
errors its own way."""

from __future__ import annotations

from cty import Number, String, Type, Value, number_int_val

from .._errors import ArgError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ..stdlib._go_time import GoTime, _go_parse, _ParseError, parse_error_message

__all__ = ["timecmp"]


def _timestamp(args: list[Value], i: int) -> GoTime:
    text = args[i].as_string()
    try:
        return _go_parse(text.encode("utf-8"))
    except _ParseError as e:
        raise ArgError(i, parse_error_message(e, text)) from None


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
