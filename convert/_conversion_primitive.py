"""Conversions between the primitive types (go-cty's conversion_primitive.go).

|         | string | number | bool   |
|---------|--------|--------|--------|
| string  |  none  | unsafe | unsafe |
| number  |  safe  |  none  |  none  |
| bool    |  safe  |  none  |  none  |

There is no conversion from a primitive type to itself.
"""

from __future__ import annotations

from typing import Any

from cty import Bool, LimitExceededError, Number, String, Type, _number

from ._plan import ConversionFailure, PayloadFn, Plan, static_plan


def _number_to_string(p: Any) -> str:
    try:
        return _number.format_f(p)
    except LimitExceededError as e:  # its text would be gigantic (cty.set_limits)
        raise ConversionFailure(str(e)) from None


def _bool_to_string(p: Any) -> str:
    return "true" if p else "false"


def _string_to_number(p: Any) -> Any:
    try:
        return _number.parse(p)
    except ValueError:
        raise ConversionFailure("a number is required") from None


_BOOL_TEXT = {"true": True, "1": True, "false": False, "0": False}


def _string_to_bool(p: Any) -> bool:
    b = _BOOL_TEXT.get(p)
    if b is not None:
        return b
    lower = p.lower()
    if lower in ("true", "false"):
        raise ConversionFailure(
            f'a bool is required; to convert from string, use lowercase "{lower}"'
        )
    raise ConversionFailure("a bool is required")


SAFE: dict[tuple[Type, Type], PayloadFn] = {
    (Number, String): _number_to_string,
    (Bool, String): _bool_to_string,
}
"""The conversions that succeed for every value, by (from, to)."""

UNSAFE: dict[tuple[Type, Type], PayloadFn] = {
    (String, Number): _string_to_number,
    (String, Bool): _string_to_bool,
}
"""The conversions that can fail, by (from, to)."""


def primitive_plan(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan converting one primitive type to another, or None."""
    known = SAFE.get((in_ty, out_ty))
    if known is None and unsafe:
        known = UNSAFE.get((in_ty, out_ty))
    if known is None:
        return None
    return static_plan(in_ty, out_ty, unsafe, known, out_ty)
