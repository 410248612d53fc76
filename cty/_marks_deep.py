"""Marks at depth: contains_marked, has_mark_deep, unmark_deep, marks of a type (go-cty's marks.go).

Marks by path (unmark_deep_with_paths, mark_with_paths) walk paths: they are in _marks_paths.
"""

from __future__ import annotations

from typing import Any

from ._deep import deep, hop
from ._errors import CtyTypeError
from ._marks import Marked
from ._type import Type, brief
from ._value import Value, check_value, make
from ._value_inspect import children, grandchild_kinds


@deep  # (it recurses: any depth)
def _contains(ty: Type, p: Any) -> bool:
    c = p.__class__
    if c is Marked:
        return True
    if c is tuple or c is dict:
        # the classes of the children, in one pass in C: most containers hold leaves only
        kinds = set(map(type, p if c is tuple else p.values()))
        if Marked in kinds:
            return True
        if tuple not in kinds and dict not in kinds:
            return False
        grand = grandchild_kinds(kinds, p if c is tuple else p.values())
        if grand is not None:
            if Marked in grand:
                return True
            if tuple not in grand and dict not in grand:
                return False
        for t, x in children(ty, p):  # (a loop: no generator frame on each level)
            if _contains(t, x):
                return True
    return False


@deep
def contains_marked(self: Value) -> bool:
    """Return whether the value or anything inside it carries marks."""
    return bool(self._marks) or _contains(self._ty, self._v)


@deep  # (it recurses: any depth)
def _has_mark(ty: Type, p: Any, mark: Any) -> bool:
    c = p.__class__
    if c is Marked:
        if mark in p.marks:
            return True
        p = p.v
        c = p.__class__
    if c is tuple or c is dict:
        for t, x in children(ty, p):
            if _has_mark(t, x, mark):
                return True
    return False


@deep
def has_mark_deep(v: Value, mark: Any) -> bool:
    """Return whether *v* or anything inside it carries *mark*."""
    return mark in v._marks or _has_mark(v._ty, v._v, mark)


@hop  # (it recurses, adding to what it is given: any depth)
def _strip(ty: Type, p: Any, found: set[Any]) -> Any:
    c = p.__class__
    if c is Marked:
        found.update(p.marks)
        p = p.v
        c = p.__class__
    if c is tuple:
        if ty.is_list_type():
            et = ty.element_type()
            return tuple([_strip(et, x, found) for x in p])
        etys = ty.tuple_element_types()
        return tuple([_strip(t, x, found) for t, x in zip(etys, p, strict=True)])
    if c is dict:
        if ty.is_map_type():
            et = ty.element_type()
            return {k: _strip(et, x, found) for k, x in p.items()}
        return {k: _strip(t, x, found)
                for (k, t), x in zip(ty.attribute_types().items(), p.values(), strict=True)}
    return p


@deep
def unmark_deep(self: Value) -> tuple[Value, frozenset[Any]]:
    """Return the value with every mark removed at any depth, and all the marks found."""
    if not _contains(self._ty, self._v):
        return (make(self._ty, self._v) if self._marks else self), self._marks
    found: set[Any] = set(self._marks)
    p = _strip(self._ty, self._v, found)
    return make(self._ty, p), frozenset(found)




def _check_args(v: Any, mark_type: object) -> None:
    check_value(v, "the value whose marks are asked for")
    if not isinstance(mark_type, type):
        raise CtyTypeError(
            f"a mark type is a class, not {type(mark_type).__name__} {brief(mark_type)}")


def value_marks_of_type(v: Any, mark_type: type, /) -> list[Any]:
    """Return the top-level marks of value *v* that are instances of *mark_type*."""
    _check_args(v, mark_type)
    return [m for m in v.marks() if isinstance(m, mark_type)]


def value_marks_of_type_deep(v: Any, mark_type: type, /) -> list[Any]:
    """Return the marks of *mark_type* found anywhere in value *v*, each once."""
    _check_args(v, mark_type)
    _, marks = v.unmark_deep()
    return [m for m in marks if isinstance(m, mark_type)]
