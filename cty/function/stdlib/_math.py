"""signum, parse_int, log and pow (go-cty's stdlib number.go, last part): integers parsed in
any base from 2 to 62 as math/big parses them; logarithms and powers in float64, Go's math.Log
and math.Pow bit for bit (cty.function.stdlib._go_math)."""

from __future__ import annotations

import functools
import math
import string

from gmpy2 import mpz

from cty import (
    DynamicPseudoType,
    Number,
    PathError,
    String,
    Type,
    Value,
    number_float_val,
    number_int_val,
    number_val,
)
from cty._internal import go_quote

from .._errors import ArgError, FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._go_math import go_div, go_log, go_pow
from ._gocty import go_float64, go_int
from ._refine import not_null

__all__ = ["log", "parse_int", "pow_", "signum"]


def _signum(args: list[Value], ty: Type) -> Value:
    n = go_int(args[0])
    return number_int_val(-1 if n < 0 else 1 if n > 0 else 0)


signum = Function(
    description="Returns 0 if the given number is zero, 1 if the given number is positive, or "
                "-1 if the given number is negative.",
    params=[Parameter("num", Number)], type=static_return_type(Number), refine_result=not_null,
    impl=_signum)
"""signum(num): -1, 0 or 1 by the sign of a whole number."""

def _digit(c: str, base: int) -> int:
    """The value of digit *c* as math/big reads it in *base*, or -1."""
    if "0" <= c <= "9":
        return ord(c) - 48
    if "a" <= c <= "z":
        return ord(c) - 87
    if "A" <= c <= "Z":
        return ord(c) - 55 if base <= 36 else ord(c) - 29
    return -1


def _parse_big_int(text: str, base: int) -> int | None:
    """big.Int.SetString(text, base) for 2 <= base <= 62: an optional sign and digits only."""
    sign = 1
    digits = text
    if digits[:1] in ("+", "-"):
        sign = -1 if digits[0] == "-" else 1
        digits = digits[1:]
    if not digits or not set(digits) <= _digits_of(base):
        return None
    # GMP reads the text in subquadratic time (one digit at a time is quadratic); beyond
    # base 36 its letters are the other way round from math/big's
    return sign * int(mpz(digits if base <= 36 else digits.swapcase(), base))


@functools.cache
def _digits_of(base: int) -> frozenset[str]:
    """The characters that are digits in *base*, as math/big reads them."""
    return frozenset(c for c in string.digits + string.ascii_letters if 0 <= _digit(c, base) < base)


def _parse_int_type(args: list[Value]) -> Type:
    t = args[0].type()
    if t is not String:
        raise ArgError(0, f"first argument must be a string, not {t.friendly_name()}")
    return Number


def _parse_int(args: list[Value], ty: Type) -> Value:
    text = args[0].as_string()
    try:
        base = go_int(args[1])
    except PathError as e:
        raise ArgError(1, e.message) from None
    if not 2 <= base <= 62:
        raise ArgError(1, "base must be a whole number between 2 and 62 inclusive")
    n = _parse_big_int(text, base)
    if n is None:
        raise ArgError(0, f"cannot parse {go_quote(text)} as a base {base} integer")
    return number_val(n)


parse_int = Function(
    description="Parses the given string as a number of the given base, or raises an error if "
                "the string contains invalid characters.",
    params=[Parameter("number", DynamicPseudoType), Parameter("base", Number)],
    type=_parse_int_type, refine_result=not_null, impl=_parse_int)
"""parseint(number, base): a string of digits in base 2 to 62 as a number."""


def _float_result(f: float, what: str) -> Value:
    if math.isnan(f):
        # go-cty panics making a number of NaN; a call that cannot answer is refused instead
        raise FunctionError(f"{what} is not a number (NaN), which cty numbers cannot hold")
    return number_float_val(f)


def _log(args: list[Value], ty: Type) -> Value:
    num, base = go_float64(args[0]), go_float64(args[1])
    return _float_result(go_div(go_log(num), go_log(base)), f"log({num!r}) / log({base!r})")


log = Function(
    description="Returns the logarithm of the given number in the given base.",
    params=[Parameter("num", Number), Parameter("base", Number)],
    type=static_return_type(Number), refine_result=not_null, impl=_log)
"""log(num, base): the logarithm of *num* in *base*, in float64 as Go computes it."""


def _pow(args: list[Value], ty: Type) -> Value:
    num, power = go_float64(args[0]), go_float64(args[1])
    return _float_result(go_pow(num, power), f"pow({num!r}, {power!r})")


pow_ = Function(
    description="Returns the given number raised to the given power (exponentiation).",
    params=[Parameter("num", Number), Parameter("power", Number)],
    type=static_return_type(Number), refine_result=not_null, impl=_pow)
"""pow(num, power): *num* to the power *power*, in float64 as Go computes it."""
