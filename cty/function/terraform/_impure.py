"""Terraform's impure functions (OpenTofu's lang/funcs crypto.go and datetime.go): uuid,
timestamp, plantimestamp and bcrypt, whose results change from call to call (or with the
clock). They are in no table unless the caller asks (``terraform_functions(impure=True)``);
while planning (``planning=True``), uuid, timestamp and bcrypt give unknown strings, as
Terraform's do during a plan.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable

from cty import Number, String, Type, Value, string_val, unknown_val

from .._errors import FunctionError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ..stdlib._gocty import go_int

__all__ = ["impure_functions", "rfc3339"]


def rfc3339(moment: datetime.datetime) -> str:
    """*moment* in UTC as Go's time.RFC3339 writes it (whole seconds, ``Z``)."""
    if moment.tzinfo is None:
        raise ValueError("the time must carry its time zone (an aware datetime)")
    return moment.astimezone(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _uuid(args: list[Value], ty: Type) -> Value:
    raw = os.urandom(16).hex()  # (hashicorp/go-uuid: random bytes, no version bits set)
    return string_val(f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}")


def _bcrypt(args: list[Value], ty: Type) -> Value:
    cost = go_int(args[1]) if len(args) > 1 else 10
    if len(args) > 2:
        raise FunctionError("bcrypt() takes no more than two arguments")
    password = args[0].as_string().encode()
    if len(password) > 72:
        raise FunctionError("error occurred generating password bcrypt: password length "
                            "exceeds 72 bytes")
    if cost < 4:
        cost = 10  # (as Go's x/crypto does)
    if cost > 31:
        raise FunctionError(f"error occurred generating password crypto/bcrypt: cost {cost} "
                            "is outside allowed inclusive range 4..31")
    try:
        import bcrypt as library  # type: ignore[import-not-found,unused-ignore]  # noqa: PLC0415 (optional)
    except ImportError:
        raise FunctionError("bcrypt needs the bcrypt package (pip install bcrypt)") from None
    hashed: bytes = library.hashpw(password, library.gensalt(rounds=cost, prefix=b"2a"))
    return string_val(hashed.decode("ascii"))


def _unknown_while(planning: bool, impl: Callable[[list[Value], Type], Value]
                   ) -> Callable[[list[Value], Type], Value]:
    if not planning:
        return impl
    return lambda args, ty: unknown_val(String).refine_not_null()


def impure_functions(planning: bool = False,
                     plan_time: datetime.datetime | None = None,
                     clock: Callable[[], datetime.datetime] | None = None
                     ) -> dict[str, Function]:
    """uuid, timestamp, bcrypt and plantimestamp, by Terraform's names: unknown while
    *planning* (but plantimestamp); *plan_time* the plan's time (plantimestamp is unknown
    without one); *clock* the time now (UTC; the system's by default)."""
    now = clock or (lambda: datetime.datetime.now(datetime.UTC))

    def timestamp(args: list[Value], ty: Type) -> Value:
        return string_val(rfc3339(now()))

    def plantimestamp(args: list[Value], ty: Type) -> Value:
        if plan_time is None:
            return unknown_val(String).refine_not_null()
        return string_val(rfc3339(plan_time))

    return {
        "bcrypt": Function(params=[Parameter("str", String)],
                           var_param=Parameter("cost", Number),
                           type=static_return_type(String), refine_result=refine_not_null,
                           impl=_unknown_while(planning, _bcrypt),
                           description="Computes a hash of the given string using the "
                                       "Blowfish cipher."),
        "plantimestamp": Function(params=[], type=static_return_type(String),
                                  refine_result=refine_not_null, impl=plantimestamp,
                                  description="Returns the timestamp of the plan in RFC 3339 "
                                              "format."),
        "timestamp": Function(params=[], type=static_return_type(String),
                              refine_result=refine_not_null,
                              impl=_unknown_while(planning, timestamp),
                              description="Returns a string representation of the current "
                                          "date and time."),
        "uuid": Function(params=[], type=static_return_type(String),
                         refine_result=refine_not_null, impl=_unknown_while(planning, _uuid),
                         description="Generates and returns a Type-4 UUID in the standard "
                                     "hexadecimal string format."),
    }
