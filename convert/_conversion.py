"""The conversion planner, its cache, and the public conversion functions (go-cty's
conversion.go and public.go).

A conversion is planned once per (input type, output type, safe or unsafe) into a tree of small
functions over payloads, and cached. Calling a conversion walks the payloads once.
"""

from __future__ import annotations

from typing import Any, Protocol

from cty import DynamicPseudoType, DynamicVal, Path, PathError, Type, Value
from cty._deep import deep
from cty._errors import CtyTypeError
from cty._marks import Marked
from cty._type import check_type
from cty._unknown import Unknown
from cty._value import check_value, make

from ._conversion_capsule import capsule_plan
from ._conversion_collection import (
    collection_to_list,
    collection_to_set,
    map_to_map,
    object_to_map,
    tuple_to_list,
    tuple_to_set,
)
from ._conversion_dynamic import dynamic_fixup, dynamic_passthrough
from ._conversion_object import map_to_object, object_to_object
from ._conversion_primitive import primitive_plan
from ._conversion_tuple import tuple_to_tuple
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


_NO_PLAN: Any = object()
_plans: dict[tuple[Type, Type, bool], Plan | None] = {}


def get_plan(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return the (cached) plan converting *in_ty* to *out_ty*, or None when there is none."""
    key = (in_ty, out_ty, unsafe)
    plan = _plans.get(key, _NO_PLAN)
    if plan is _NO_PLAN:
        plan = _plans.setdefault(key, _build(in_ty, out_ty, unsafe))
    return plan  # type: ignore[no-any-return]


def _build(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan | None:
    """Return a new plan, dispatching on the kinds of the types as go-cty does."""
    if out_ty is DynamicPseudoType:
        return dynamic_passthrough(in_ty, out_ty, unsafe)
    if unsafe and in_ty is DynamicPseudoType:
        return dynamic_fixup(in_ty, out_ty, unsafe)
    if in_ty.is_primitive_type() and out_ty.is_primitive_type():
        return primitive_plan(in_ty, out_ty, unsafe)
    if out_ty.is_object_type() and in_ty.is_object_type():
        return object_to_object(in_ty, out_ty, unsafe)
    if out_ty.is_tuple_type() and in_ty.is_tuple_type():
        return tuple_to_tuple(in_ty, out_ty, unsafe)
    if out_ty.is_list_type() and (in_ty.is_list_type() or in_ty.is_set_type()):
        return collection_to_list(in_ty, out_ty, unsafe)
    if out_ty.is_set_type() and (in_ty.is_list_type() or in_ty.is_set_type()):
        return collection_to_set(in_ty, out_ty, unsafe)
    if out_ty.is_map_type() and in_ty.is_map_type():
        return map_to_map(in_ty, out_ty, unsafe)
    if out_ty.is_list_type() and in_ty.is_tuple_type():
        return tuple_to_list(in_ty, out_ty, unsafe)
    if out_ty.is_set_type() and in_ty.is_tuple_type():
        return tuple_to_set(in_ty, out_ty, unsafe)
    if out_ty.is_map_type() and in_ty.is_object_type():
        return object_to_map(in_ty, out_ty, unsafe)
    if out_ty.is_object_type() and in_ty.is_map_type():
        return map_to_object(in_ty, out_ty, unsafe)
    if in_ty.is_capsule_type() or out_ty.is_capsule_type():
        return capsule_plan(in_ty, out_ty, unsafe)
    return None


# --- running a plan on a value -------------------------------------------------------------


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


# --- the public functions ------------------------------------------------------------------


@deep
def get_conversion(in_type: Type, out_type: Type, /) -> Conversion | None:
    """Return the safe conversion from *in_type* to *out_type*, or None when there is none.

    A safe conversion succeeds for every value of *in_type*. There is no conversion from a
    primitive type to itself.

    >>> get_conversion(cty.Number, cty.String)(cty.number_int_val(5))
    cty.string_val('5')
    """
    plan = get_plan(check_type(in_type, "in_type"), check_type(out_type, "out_type"), False)
    return None if plan is None else public_conversion(plan)


@deep
def get_conversion_unsafe(in_type: Type, out_type: Type, /) -> Conversion | None:
    """Return a safe or unsafe conversion from *in_type* to *out_type*, or None.

    An unsafe conversion may raise cty.PathError for some values (``"hello"`` to number).
    """
    plan = get_plan(check_type(in_type, "in_type"), check_type(out_type, "out_type"), True)
    return None if plan is None else public_conversion(plan)


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
