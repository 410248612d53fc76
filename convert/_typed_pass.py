"""One typed pass from decoded data to a converted payload, defaults applied.

What ``convert_with_defaults(value, ty, defaults)`` gives for the value JSON (or YAML) data
stands for, made straight from the decoded data (dicts, lists, str, int, bool, None, and
numbers as cty number values) by a walk the type plans once: no implied type, no dynamic
value, no second walk to apply defaults. The command's convert and check run it on every
record.

The pass takes only data it can convert exactly as the full path would: anything else (a
number written as a string, a key that NFC normalisation changes, an attribute the type does
not have when *strict*, a type with ``any`` in it) makes it raise DataFail, and the caller then
runs the full path (implied type, defaults, conversion_errors, convert), which converts or
says what is wrong in go-cty's words. So good data is converted once, and every answer and
message is the full path's (tests/convert/test_typed_pass.py holds the two to it).

The data's contract: integers as ``int`` below 2**512 in magnitude (go-cty reads JSON numbers
at 512 bits; a larger one is the caller's to send to the full path), other numbers (and -0) as
cty number values, strings as ``str``, and every key already in NFC (the pass would normalise
a key the full path refuses: ``json_text_fits`` checks all three on the text).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, TypeAlias

from cty import Type
from cty._internal import (
    EMPTY_SET,
    UCD,
    DataFail,
    build_set_payload,
    deep,
    fixed_builder,
    payload,
)

from ._runtime import convert
from ._type_defaults import Defaults

Builder: TypeAlias = Callable[[Any], Any]
"""Decoded data to the payload of the converted value; DataFail when the pass declines."""

_MISSING: Final = object()


_WIDE_ESCAPE: Final = re.compile(rb"\\u(?!00[0-7])")
"""A \\u escape that may write a non-ASCII character (or is an escaped backslash's u)."""
_MINUS_ZERO: Final = re.compile(rb"(?<![\w.])-0(?![\d.eE])")
"""Minus zero written as an integer, which msgspec reads as 0 (or such text in a string)."""
_DIGITS_AS_ZEROS: Final = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG_DIGITS: Final = b"0" * 155
"""A run of 155 digits may be an integer of 512 bits or more, which go-cty rounds."""


def json_text_fits(data: bytes) -> bool:
    """Return whether the JSON text *data*, decoded by msgspec (numbers with a fraction or an
    exponent as cty numbers), meets the typed pass's contract: no integer of 512 bits or more,
    no minus zero, every string NFC as written. (It may say no to some text that does: then
    the full path does the work.) Each check is a scan at C speed."""
    if b"\\u" in data and _WIDE_ESCAPE.search(data):
        return False
    if b"-0" in data and _MINUS_ZERO.search(data):
        return False
    if _LONG_DIGITS in data.translate(_DIGITS_AS_ZEROS):
        return False
    if data.isascii():
        return True
    try:
        text = data.decode()
    except UnicodeDecodeError:
        return False
    return bool(UCD.normalize("NFC", text) == text)  # (at go-cty's Unicode version)


def plan_typed_pass(ty: Type, defaults: Defaults | None, *, strict: bool) -> Builder | None:
    """Return the typed pass to (the type without optional attributes of) *ty* with
    *defaults*, or None when *ty* has ``any`` in it (unification decides those types: only
    the full path does that). With *strict*, data with attributes the type lacks is declined
    (the full path reports them)."""
    if ty.has_dynamic_types():
        return None
    return _plan(ty, defaults, strict)


def _declined(x: object) -> DataFail:
    return DataFail("declined by the typed pass", x)


@deep
def _plan(ty: Type, d: Defaults | None, strict: bool) -> Builder:
    if d is None or not (d.values or d.children) or ty.is_primitive_type():
        return fixed_builder(ty)
    if ty.is_object_type():
        return _object(ty, d, strict)
    if ty.is_tuple_type():
        return _tuple(ty, d, strict)
    below = _plan(ty.element_type(), d.children.get(""), strict)
    if ty.is_list_type():
        return _list(below)
    if ty.is_set_type():
        return _set(ty.element_type().without_optional_attributes_deep(), below)
    return _map(below)


def _list(f: Builder) -> Builder:
    def build(x: Any) -> Any:
        if x.__class__ is list:
            return tuple(map(f, x))
        if x is None:
            return None
        raise _declined(x)
    return build


def _set(ety: Type, f: Builder) -> Builder:
    def build(x: Any) -> Any:
        if x.__class__ is list:
            return build_set_payload(ety, list(map(f, x))) if x else EMPTY_SET
        if x is None:
            return None
        raise _declined(x)
    return build


def _map(f: Builder) -> Builder:
    def build(x: Any) -> Any:
        if x.__class__ is dict:
            if not "".join(x).isascii():  # (a key NFC would change: the full path's)
                raise _declined(x)
            return {k: f(x[k]) for k in sorted(x)}
        if x is None:
            return None
        raise _declined(x)
    return build


def _tuple(ty: Type, d: Defaults, strict: bool) -> Builder:
    builders = [_plan(t, d.children.get(str(i)), strict)
                for i, t in enumerate(ty.tuple_element_types())]
    n = len(builders)

    def build(x: Any) -> Any:
        if x.__class__ is list and len(x) == n:
            return tuple(f(e) for f, e in zip(builders, x, strict=True))
        if x is None:
            return None
        raise _declined(x)
    return build


def _object(ty: Type, d: Defaults, strict: bool) -> Builder:
    """An object's builder: every attribute the type has, taken by its builder; a missing or
    null one with a default gets the default (with the defaults below it applied, converted
    once here); a missing one without is null if optional, the full path's if required."""
    plan: list[tuple[str, Builder, Any, bool]] = []
    for name, t in ty.attribute_types().items():
        below = d.children.get(name)
        default = d.values.get(name)
        if default is None:
            fill = _MISSING
        else:
            filled = below.apply(default) if below is not None else default
            fill = payload(convert(filled, t))
        plan.append((name, _plan(t, below, strict), fill, ty.attribute_optional(name)))
    n = len(plan)

    def build(x: Any) -> Any:
        if x.__class__ is not dict:
            if x is None:
                return None
            raise _declined(x)
        out = {}
        found = 0
        for name, f, fill, optional in plan:
            v = x.get(name, _MISSING)
            if v is not _MISSING:
                found += 1
            if v is None or v is _MISSING:
                if fill is not _MISSING:
                    out[name] = fill
                elif v is None or optional:
                    out[name] = None
                else:
                    raise _declined(x)
            else:
                out[name] = f(v)
        if len(x) != found and (strict or not "".join(x).isascii()):
            # attributes the type lacks: strict reports them; a key NFC would change may
            # name one of the type's (the full path decides)
            raise _declined(x)
        return out

    return build if n else fixed_builder(ty)
