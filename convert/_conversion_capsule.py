"""Conversions to and from capsule types through their CapsuleOps hooks (go-cty's
conversion_capsule.go).

Capsule conversions are unsafe only, and there is none from a capsule type to itself. The
target's ``conversion_to`` hook is asked first, then the source's ``conversion_from``.

Hooks receive a path relative to the capsule value (an empty Path): a PathError they raise is
placed under the path of the capsule value, and any other ValueError becomes a PathError there.
"""

from __future__ import annotations

from typing import Any

from cty import CtyTypeError, Path, PathError, Type
from cty._internal import ConversionFromHook, ConversionToHook, payload, wrap

from ._plan import ConversionFailure, Plan, static_plan, strip


def _failure(e: ValueError) -> ConversionFailure:
    if isinstance(e, PathError):
        fail = ConversionFailure(e.message)
        fail.steps.extend(reversed(e.path))
        return fail
    return ConversionFailure(str(e))


def capsule_plan(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the plan of a conversion to or from a capsule type, or None."""
    if not unsafe or in_ty is out_ty:
        return None
    if out_ty.is_capsule_type():
        ops = out_ty.capsule_ops()
        if ops is not None and ops.conversion_to is not None:
            hook_to = ops.conversion_to(in_ty)
            if hook_to is not None:
                return _to_capsule(in_ty, out_ty, hook_to)
    if in_ty.is_capsule_type():
        ops = in_ty.capsule_ops()
        if ops is not None and ops.conversion_from is not None:
            hook_from = ops.conversion_from(out_ty)
            if hook_from is not None:
                return _from_capsule(in_ty, out_ty, hook_from)
    return None


def _to_capsule(in_ty: Type, out_ty: Type, hook: ConversionToHook) -> Plan:
    native = out_ty.encapsulated_type()

    def known(p: Any) -> Any:
        try:
            raw = hook(wrap(in_ty, p), Path())
        except ValueError as e:
            raise _failure(e) from None
        if not isinstance(raw, native):
            raise CtyTypeError(
                f"the conversion_to hook of capsule type {out_ty.friendly_name()} returned a "
                f"{type(raw).__name__}, not a {native.__qualname__}"
            )
        return raw

    return static_plan(in_ty, out_ty, True, known, out_ty)


def _from_capsule(in_ty: Type, out_ty: Type, hook: ConversionFromHook) -> Plan:
    want = strip(out_ty)

    def known(p: Any) -> Any:
        try:
            v = hook(p, Path())
        except ValueError as e:
            raise _failure(e) from None
        if v.type() is not want:
            raise CtyTypeError(
                f"the conversion_from hook of capsule type {in_ty.friendly_name()} returned a "
                f"value of type {v.type().friendly_name()}, not {want.friendly_name()}"
            )
        return payload(v)

    return static_plan(in_ty, out_ty, True, known, want)

