"""Running planned conversions: the public Conversion objects, and convert().

The planner (cty.convert._conversion) turns a pair of types into a Plan; this module runs
plans on values and wraps them as the callables users get. It reaches the planner through
cty.convert._dispatch, so it sits below the planner in the import order.
"""

from __future__ import annotations

from typing import Protocol

from cty import CtyTypeError, DynamicPseudoType, DynamicVal, Path, PathError, Type, Value
from cty._internal import Marked, Unknown, check_type, check_value, deep, make

from ._dispatch import get_plan
from ._mismatch_msg import mismatch_message
from ._plan import ConversionFailure, Plan, strip, unknown_result


class Conversion(Protocol):
    """A conversion from one type to another: ``conv(value, path=None) -> Value``.

    Get one from get_conversion() or get_conversion_unsafe(), or from unify(). It takes a value
    of its input type (or of DynamicPseudoType) and returns the converted value, or raises
    cty.PathError; *path* is put in front of the path of the error.
    """

    def __call__(self, value: Value, path: Path | None = None, /) -> Value:
        """Return *value* converted, or raise cty.PathError."""
        ...


def _error(path: Path | None, fail: ConversionFailure) -> PathError:
    steps = fail.steps
    steps.reverse()
    if path:
        return PathError(Path((*path, *steps)), fail.message)
    return PathError(Path(steps), fail.message)


@deep
def run(plan: Plan, value: Value, path: Path | None) -> Value:
    """Return *value* (of the plan's input type, or dynamic) converted by *plan*."""
    if plan.passthrough:
        return value
    vt = value._ty
    if vt is not plan.in_ty:
        if vt is DynamicPseudoType:
            # a null or an unknown whose type was not known when the plan was made
            out = strip(plan.out_ty)
            p = value._v
            r = None if p is None else unknown_result(vt, out, p)
            return make(out, r, value._marks)
        if plan.in_ty is DynamicPseudoType:
            # a run-time check of a value whose type was not known when the plan was made
            try:
                return convert(value, plan.out_ty)
            except PathError as e:
                if not path:
                    raise
                raise PathError(Path((*path, *e.path)), e.message) from None
        raise CtyTypeError(
            f"this conversion takes values of type {plan.in_ty.friendly_name()}, "
            f"not {vt.friendly_name()}"
        )
    p = value._v
    try:
        if p is None:
            return make(plan.null_type(), None, value._marks)
        if p.__class__ is Unknown:
            r = plan.unknown(p)
            ty = plan.null_type()
        elif plan.ty is not None:
            r = plan.known(p)
            ty = plan.ty
        else:
            assert plan.tknown is not None
            r, ty = plan.tknown(p)
    except ConversionFailure as fail:
        raise _error(path, fail) from None
    if r.__class__ is Marked:
        return make(ty, r.v, value._marks | r.marks)
    return make(ty, r, value._marks)


class PlannedConversion:
    """A conversion from one type to another, planned once (a Conversion)."""

    __slots__ = ("_plan",)

    def __init__(self, plan: Plan) -> None:
        self._plan = plan

    def __call__(self, value: Value, path: Path | None = None, /) -> Value:
        """Return *value* converted, or raise cty.PathError (see Conversion)."""
        return run(self._plan, check_value(value, "the value to convert"), path)

    def __repr__(self) -> str:
        plan = self._plan
        name = "get_conversion_unsafe" if plan.unsafe else "get_conversion"
        return f"<cty.convert.{name}({plan.in_ty!r}, {plan.out_ty!r})>"


def public_conversion(plan: Plan) -> Conversion:
    """Return the public conversion for *plan* (made once per plan)."""
    conv = plan.public
    if conv is None:
        conv = plan.public = PlannedConversion(plan)
    return conv  # type: ignore[no-any-return]


class ChainedConversion:
    """Two conversions applied one after the other (a Conversion)."""

    __slots__ = ("_first", "_second")

    def __init__(self, first: Conversion, second: Conversion) -> None:
        self._first = first
        self._second = second

    def __call__(self, value: Value, path: Path | None = None, /) -> Value:
        """Return *value* converted by both conversions, or raise cty.PathError."""
        return self._second(self._first(value, path), path)

    def __repr__(self) -> str:
        return f"<cty.convert conversion {self._first!r} then {self._second!r}>"


class _ToDynamicVal:
    """The conversion unify() gives when DynamicPseudoType decides nothing until values are
    known: every value becomes DynamicVal. Marks are kept (go-cty drops them)."""

    __slots__ = ()

    def __call__(self, value: Value, path: Path | None = None, /) -> Value:
        """Return DynamicVal carrying every mark found in *value*."""
        _, marks = check_value(value, "the value to convert").unmark_deep()
        return DynamicVal.with_marks(marks) if marks else DynamicVal

    def __repr__(self) -> str:
        return "<cty.convert conversion to DynamicVal>"


TO_DYNAMIC_VAL: Conversion = _ToDynamicVal()


@deep
def convert(value: Value, want: Type, /) -> Value:
    """Return *value* converted to type *want* (go-cty's Convert), safe or unsafe.

    A value whose type already is *want* (optional attribute markers aside) is returned as it
    is. Raises cty.PathError, with the path of the offending element, when the value does not
    convert; when no conversion exists between the types at all, its message is
    mismatch_message() and its path is empty.

    >>> convert(cty.string_val("1.5"), cty.Number)
    cty.parse_number_val('1.5')
    """
    check_value(value, "the value to convert")
    vt = value._ty
    if vt is strip(check_type(want, "want")):
        return value
    plan = get_plan(vt, want, True)
    if plan is None:
        raise PathError(Path(), mismatch_message(vt, want))
    return run(plan, value, None)
