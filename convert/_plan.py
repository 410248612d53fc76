"""Plans: the compiled form of one conversion between two types, and the helpers plans share.

A plan works on raw payloads (docs/design/payloads.md), never on per-element Value objects.
Its ``fn`` takes any payload of the input type (a ``Marked`` wrapper, ``None`` for null, an
``Unknown``, or a known payload) and returns the payload of the result.

Result types are usually static: ``plan.ty`` is the type of every result that came from a known,
non-null input. When the target type holds ``DynamicPseudoType`` the result type can depend on
the value (an empty collection, an optional attribute left out of a map), as in go-cty; such a
plan has ``ty is None`` and a ``tknown`` function that returns the payload and its type.

Errors travel as ConversionFailure, which collects the path steps on its way out (innermost
first); the public conversion turns it into a cty.PathError. Nothing builds a Path on the
happy path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import repeat
from typing import Any

from cty import CtyTypeError, DynamicPseudoType, Number, String, Type
from cty._internal import (
    EMPTY_SET,
    MAX_KNOWN_LIST_LENGTH,
    NOT_NULL,
    UNKNOWN,
    Marked,
    PathFail,
    PerType,
    Refinement,
    SetPayload,
    Unknown,
    build_set_payload,
    hop,
    index_step,
)

from ._dispatch import dynamic_replace

PayloadFn = Callable[[Any], Any]
"""Converts one payload (possibly Marked, None or Unknown) to the result payload."""
TypedFn = Callable[[Any], "tuple[Any, Type]"]
"""Converts a known, unmarked, non-null payload; returns the result payload and its type."""


class ConversionFailure(PathFail):
    """A conversion failed (internal): cty's one path-collecting failure, ``steps`` the path
    to the culprit, innermost first."""


# --- cached type facts ---------------------------------------------------------------------

_stripped: PerType[Type] = PerType("conversion targets without optional attributes")
_has_dynamic: PerType[bool] = PerType("types with any in them")


def strip(t: Type) -> Type:
    """Return *t* without optional-attribute markers at any depth (cached)."""
    r = _stripped.get(t)
    if r is None:
        r = _stripped.setdefault(t, t.without_optional_attributes_deep())
    return r


def has_dynamic(t: Type) -> bool:
    """Return whether DynamicPseudoType appears anywhere in *t* (cached)."""
    r = _has_dynamic.get(t)
    if r is None:
        r = _has_dynamic.setdefault(t, t.has_dynamic_types())
    return r


def copy_type(t: Type) -> Type | None:
    """Return the type of any value of type *t* passed through a conversion unchanged, or None
    when it depends on the value: go-cty strips optional-attribute markers from the type of a
    null passed through, and keeps them for an unknown."""
    return t if strip(t) is t else None


def copied_type(t: Type, p: Any) -> Type:
    """Return the type of the payload *p* of type *t* passed through unchanged."""
    if p.__class__ is Marked:
        p = p.v
    return strip(t) if p is None else t


def convert_each(fns: list[PayloadFn | None], p: Any) -> list[Any]:
    """Return the elements of the tuple payload *p*, each through its function in *fns* (None:
    kept as it is); a failure gets the element's index step."""
    out: list[Any] = []
    append = out.append
    try:
        for f, e in zip(fns, p, strict=True):
            append(e if f is None else f(e))
    except ConversionFailure as fail:
        fail.steps.append(index_step(len(out)))
        raise
    return out


def identity(p: Any) -> Any:
    """Return *p*: the known-payload function of conversions that change only the type."""
    return p


def known_class(ty: Type) -> type | None:
    """Return the one Python class of the known payloads of *ty*, or None when there are
    several (numbers) or any (capsules, dynamic)."""
    if ty is String:
        return str
    if ty.is_primitive_type():
        return bool if ty is not Number else None
    if ty.is_list_type() or ty.is_tuple_type():
        return tuple
    if ty.is_map_type() or ty.is_object_type():
        return dict
    if ty.is_set_type():
        return SetPayload
    return None


# --- marks ---------------------------------------------------------------------------------


def remark(p: Any, marks: frozenset[Any]) -> Any:
    """Return payload *p* carrying *marks* too (a Marked wrapper; never nested)."""
    if p.__class__ is Marked:
        return Marked(p.v, p.marks | marks)
    return Marked(p, marks)


@hop  # (it recurses: any depth)
def strip_marks(ty: Type, p: Any, found: set[Any]) -> Any:
    """Return payload *p* with every nested mark removed; add the marks to *found*."""
    if p.__class__ is Marked:
        found.update(p.marks)
        p = p.v
    c = p.__class__
    if c is tuple:
        if not p:
            return p
        if ty.is_list_type():
            et = ty.element_type()
            return tuple([strip_marks(et, e, found) for e in p])
        return tuple([strip_marks(t, e, found)
                      for t, e in zip(ty.tuple_element_types(), p, strict=True)])
    if c is dict:
        if not p:
            return p
        if ty.is_map_type():
            et = ty.element_type()
            return {k: strip_marks(et, e, found) for k, e in p.items()}
        return {k: strip_marks(t, e, found)
                for (k, t), e in zip(ty.attribute_types().items(), p.values(), strict=True)}
    return p


@hop  # (it recurses: any depth)
def contains_marks(ty: Type, p: Any) -> bool:
    """Return whether payload *p* holds a Marked wrapper at any depth."""
    c = p.__class__
    if c is Marked:
        return True
    if c is tuple or c is dict:
        for t, e in _typed_children(ty, p):  # (a loop: no generator frame on each level)
            if contains_marks(t, e):
                return True
    return False


def _typed_children(ty: Type, p: tuple[Any, ...] | dict[str, Any]) -> Iterator[tuple[Type, Any]]:
    """(type, payload) of each element of a list, tuple, map or object payload *p*."""
    if p.__class__ is tuple:
        if ty.is_list_type():
            return zip(repeat(ty.element_type()), p)
        return zip(ty.tuple_element_types(), p, strict=True)
    assert isinstance(p, dict)
    if ty.is_map_type():
        return zip(repeat(ty.element_type()), p.values())
    return zip(ty.attribute_types().values(), p.values(), strict=True)


def set_payload(ety: Type, payloads: list[Any]) -> Any:
    """Return the payload of a set of *payloads*, go-cty's SetVal: element marks, at any depth,
    move onto the set (the result is then Marked)."""
    found: set[Any] = set()
    if ety.is_primitive_type():
        if any(e.__class__ is Marked for e in payloads):
            payloads = [strip_marks(ety, e, found) for e in payloads]
    elif any(contains_marks(ety, e) for e in payloads):
        payloads = [strip_marks(ety, e, found) for e in payloads]
    sp = build_set_payload(ety, payloads)
    if found:
        return Marked(sp, frozenset(found))
    return sp


@hop  # (it recurses: any depth)
def wholly_known(ty: Type, p: Any) -> bool:
    """Return whether payload *p* holds no unknown at any depth."""
    c = p.__class__
    if c is Marked:
        p = p.v
        c = p.__class__
    if c is Unknown:
        return False
    if c is tuple or c is dict or c is SetPayload:
        items = zip(repeat(ty.element_type()), p.elems) if c is SetPayload else \
            _typed_children(ty, p)
        for t, e in items:  # (a loop: no generator frame on each level)
            if not wholly_known(t, e):
                return False
    return True


# --- unknown results -----------------------------------------------------------------------


def unknown_result(source: Type, target: Type, p: Unknown) -> Any:
    """Return the payload converting the unknown *p* of type *source* gives in type *target*.

    go-cty's prepareUnknownResult: "not null" carries over; converting an object to a map or a
    tuple to a list fixes the length, a tuple to a set bounds it, and collection to collection
    keeps the source's length bounds. A not-null unknown whose length is then exact collapses
    to a known value, as go-cty's refinement builder does (an empty collection, a list of n
    unknowns, a set of one unknown).
    """
    r = p.refinement
    not_null = r is not None and r.null is False
    if target is DynamicPseudoType:
        return UNKNOWN
    lo: int
    hi: int | None
    if source.is_object_type() and target.is_map_type():
        lo = hi = len(source.attribute_types())
    elif source.is_tuple_type() and target.is_list_type():
        lo = hi = source.length()
    elif source.is_tuple_type() and target.is_set_type():
        n = source.length()
        lo, hi = (n, n) if n < 2 else (1, n)
    elif source.is_collection_type() and target.is_collection_type():
        src_lo = 0 if r is None else r.length_min
        src_hi = None if r is None else r.length_max
        # coalescing can shrink a set, but never empty it
        lo = min(src_lo, 1) if target.is_set_type() else src_lo
        hi = src_hi
    else:
        if not_null:
            return p if r is NOT_NULL else Unknown(NOT_NULL)
        return UNKNOWN
    if not_null and lo == hi:
        if lo == 0:
            if target.is_list_type():
                return ()
            if target.is_set_type():
                return EMPTY_SET
            return {}
        if target.is_list_type() and lo <= MAX_KNOWN_LIST_LENGTH:
            return (UNKNOWN,) * lo
        if target.is_set_type() and lo == 1:
            return SetPayload((UNKNOWN,))
    return Unknown(Refinement(False if not_null else None, length_min=lo, length_max=hi))


# --- plans ---------------------------------------------------------------------------------


def _unreachable(p: Any) -> Any:
    raise CtyTypeError(f"internal error: a conversion plan was given an unexpected payload {p!r}")


class Plan:
    """The compiled conversion from ``in_ty`` to ``out_ty`` (internal).

    ``fn(p)`` converts any payload; ``known(p)`` a known, unmarked, non-null one (static plans);
    ``tknown(p)`` does the same and also returns the result's type (value-dependent plans, whose
    ``ty`` is None). Null and unknown inputs give results of type ``null_type()``.
    """

    __slots__ = ("_null_ty", "fn", "in_ty", "known", "out_ty", "passthrough", "public",
                 "tknown", "ty", "unsafe")

    fn: PayloadFn
    known: PayloadFn
    tknown: TypedFn | None
    ty: Type | None
    public: Any

    def __init__(self, in_ty: Type, out_ty: Type, unsafe: bool) -> None:
        self.in_ty = in_ty
        self.out_ty = out_ty
        self.unsafe = unsafe
        self.passthrough = False
        self._null_ty: Type | None = None
        self.tknown = None
        self.ty = None
        self.known = _unreachable
        self.public = None

    def null_type(self) -> Type:
        """Return the type of results from null and unknown inputs: go-cty's dynamicReplace of
        the input type into the target stripped of optional attributes (where the target is
        dynamic, the input type comes through as it is, optional attributes and all)."""
        t = self._null_ty
        if t is None:
            if self.passthrough:
                t = self.in_ty
            elif not has_dynamic(self.out_ty):
                t = strip(self.out_ty)
            else:
                t = dynamic_replace(self.in_ty, strip(self.out_ty))
            self._null_ty = t
        return t

    def uniform(self) -> bool:
        """Return whether every result, null and unknown ones too, has the one type ``ty``."""
        return self.ty is not None and self.null_type() is self.ty

    def unknown(self, p: Unknown) -> Any:
        """Return the result payload for the unknown input payload *p*."""
        return unknown_result(self.in_ty, self.null_type(), p)


def static_plan(in_ty: Type, out_ty: Type, unsafe: bool, known: PayloadFn | None, ty: Type,
                *, fast: Callable[[PayloadFn], PayloadFn] | None = None) -> Plan:
    """Return a plan whose known results all have type *ty*.

    *fast*, if given, makes the plan's ``fn`` from the generic one: a function that converts
    known payloads itself and hands anything else to the generic one. It is then also the
    known-payload function when *known* is None.
    """
    plan = Plan(in_ty, out_ty, unsafe)
    plan.ty = ty
    unknown = plan.unknown
    known_fn: PayloadFn = _unreachable if known is None else known

    def fn(p: Any) -> Any:
        c = p.__class__
        if c is Marked:
            return remark(fn(p.v), p.marks)
        if p is None:
            return None
        if c is Unknown:
            return unknown(p)
        return known_fn(p)

    if fast is None:
        plan.fn = fn
    else:
        plan.fn = fast(fn)
        if known is None:
            known_fn = plan.fn  # the closure above sees this too
    plan.known = known_fn
    return plan


def typed_plan(in_ty: Type, out_ty: Type, unsafe: bool, tknown: TypedFn) -> Plan:
    """Return a plan whose result type depends on the value."""
    plan = Plan(in_ty, out_ty, unsafe)
    plan.tknown = tknown

    def known(p: Any) -> Any:
        return tknown(p)[0]

    def fn(p: Any) -> Any:
        return apply_typed(plan, p)[0]

    plan.known = known
    plan.fn = fn
    return plan


def passthrough_plan(in_ty: Type, out_ty: Type, unsafe: bool) -> Plan:
    """Return the plan that passes every value through unchanged (conversion to dynamic)."""
    plan = Plan(in_ty, out_ty, unsafe)
    plan.passthrough = True
    plan.ty = in_ty

    plan.fn = identity
    plan.known = identity
    return plan


@hop  # (it recurses: any depth)
def apply_typed(plan: Plan, p: Any) -> tuple[Any, Type]:
    """Return the result payload of *plan* for any payload *p*, and the result's type."""
    if plan.passthrough:
        return p, plan.in_ty
    c = p.__class__
    if c is Marked:
        r, t = apply_typed(plan, p.v)
        return remark(r, p.marks), t
    if p is None:
        return None, plan.null_type()
    if c is Unknown:
        return plan.unknown(p), plan.null_type()
    if plan.ty is not None:
        return plan.known(p), plan.ty
    assert plan.tknown is not None
    return plan.tknown(p)
