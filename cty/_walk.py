"""Walking and transforming values, and unknown_as_null (go-cty's walk.go, unknown_as_null.go)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._deep import deep, hop
from ._errors import CtyTypeError, CtyValueError
from ._limits import limits
from ._marks import Marked
from ._path import GetAttrStep, IndexStep, Path, PathStep, steps_path
from ._set_payload import build_set_payload
from ._type import Type
from ._unknown import Unknown
from ._value import Value, check_value, make
from ._value_init import list_val, map_val, object_val, set_val, tuple_val

WalkFunc = Callable[[Path, Value], bool]
"""Called with each path and value; returns whether to descend into the value."""
TransformFunc = Callable[[Path, Value], Value]
"""Called with each path and value; returns the value to put in its place."""


def walk(v: Value, cb: WalkFunc, /) -> None:
    """Call *cb* for *v* and every value inside it, pre-order, in element-iteration order.

    Null and unknown values are not descended into. Objects are entered with GetAttrStep,
    everything else with IndexStep (a set's key is the element). An exception from *cb*
    stops the walk. Goes as deep as ``cty.limits().max_depth`` (an explicit stack, no
    recursion); a value nested deeper raises CtyValueError when the walk reaches that level,
    as every path handed to *cb* is a tuple as long as its depth.
    """
    check_value(v, "the value to walk")
    if not callable(cb):
        raise CtyTypeError(f"walk needs a callable, not {type(cb).__name__}")
    stack: list[tuple[Path, Value]] = [(Path(), v)]
    pop = stack.pop
    most = limits().max_depth
    while stack:
        path, x = pop()
        if not cb(path, x):
            continue
        if x.is_null() or not x.is_known():
            continue
        if x.is_marked():
            x = make(x._ty, x._v)
        if x._ty.is_object_type():
            kids = [(path._plus(GetAttrStep(k._v)), e) for k, e in x.element_iterator()]
        elif x.can_iterate_elements():
            kids = [(path._plus(IndexStep(k)), e) for k, e in x.element_iterator()]
        else:
            continue
        if kids and len(path) >= most:
            raise CtyValueError(f"walk: value is nested too deeply (walks go to "
                                f"max_depth={most:,} levels of cty.set_limits)")
        kids.reverse()
        stack.extend(kids)


class Transformer:
    """Callbacks for transform_with_transformer: enter (pre-order) and exit (post-order)."""

    def enter(self, path: Path, v: Value, /) -> Value:
        """Return the value to descend into in place of *v*."""
        return v

    def exit(self, path: Path, v: Value, /) -> Value:
        """Return the value to put in place of *v*, whose children are already transformed."""
        return v


class _PostOrder(Transformer):
    def __init__(self, cb: TransformFunc) -> None:
        self.cb = cb

    def exit(self, path: Path, v: Value, /) -> Value:
        return self.cb(path, v)


def transform(v: Value, cb: TransformFunc, /) -> Value:
    """Return *v* rebuilt bottom-up, each value replaced by ``cb(path, value)`` (post-order)."""
    check_value(v, "the value to transform")
    if not callable(cb):
        raise CtyTypeError(f"transform needs a callable, not {type(cb).__name__}")
    return transform_with_transformer(v, _PostOrder(cb))


@deep
def transform_with_transformer(v: Value, t: Transformer, /) -> Value:
    """Return *v* rebuilt with t.enter before and t.exit after each value's children."""
    check_value(v, "the value to transform")
    if not (callable(getattr(t, "enter", None)) and callable(getattr(t, "exit", None))):
        raise CtyTypeError(f"transform_with_transformer needs a cty.Transformer (enter and exit "
                           f"methods), not {type(t).__name__}")
    enters = getattr(t.enter, "__func__", None) is not Transformer.enter
    return _transform([], v, t, enters)


@hop  # (it recurses, adding to what it is given: any depth)
def _transform(steps: list[PathStep], v: Value, t: Transformer, enters: bool) -> Value:
    # *steps* is the path here, one list for the whole walk (a step added before each child
    # and taken off after it); each level makes a Path of it only to call the transformer.
    # (A Path kept per level would hold depth-squared steps at once: 400 MB at 10,000.)
    if enters:
        v = t.enter(steps_path(steps), v)
    marks = v._marks
    if marks:
        v = make(v._ty, v._v)
    ty = v._ty
    if v.is_null() or not v.is_known() or ty.is_primitive_type() or ty.is_capsule_type():
        return t.exit(steps_path(steps), v.with_marks(marks))
    attrs = ty.is_object_type()
    if not ty.attribute_types() if attrs else v.length_int() == 0:
        return t.exit(steps_path(steps), v.with_marks(marks))
    kids: list[Value] = []
    keys: list[Any] = []
    for k, e in v.element_iterator():
        steps.append(GetAttrStep(k._v) if attrs else IndexStep(k))
        kids.append(_transform(steps, e, t, enters))
        steps.pop()
        keys.append(k._v)
    if ty.is_list_type():
        r = list_val(kids)
    elif ty.is_set_type():
        r = set_val(kids)
    elif ty.is_tuple_type():
        r = tuple_val(kids)
    elif ty.is_map_type():
        r = map_val(dict(zip(keys, kids, strict=True)))
    else:
        r = object_val(dict(zip(keys, kids, strict=True)))
    return t.exit(steps_path(steps), r.with_marks(marks))


@deep  # (it recurses: any depth)
def _unknown_as_null(ty: Type, p: Any) -> Any:
    c = p.__class__
    if c is Marked:
        return Marked(_unknown_as_null(ty, p.v), p.marks)
    if c is Unknown:
        return None
    if p is None:
        return None
    if c is tuple:
        if ty.is_list_type():
            et = ty.element_type()
            return tuple([_unknown_as_null(et, x) for x in p])
        return tuple([_unknown_as_null(et, x)
                      for et, x in zip(ty.tuple_element_types(), p, strict=True)])
    if c is dict:
        if ty.is_map_type():
            et = ty.element_type()
            return {k: _unknown_as_null(et, x) for k, x in p.items()}
        return {k: _unknown_as_null(at, x)
                for (k, at), x in zip(ty.attribute_types().items(), p.values(), strict=True)}
    if ty.is_set_type() and p.elems:
        et = ty.element_type()
        return build_set_payload(et, [_unknown_as_null(et, x) for x in p.elems])
    return p


@deep
def unknown_as_null(v: Value, /) -> Value:
    """Return *v* with every unknown, at any depth, replaced by a null of its type.

    Marks are kept. In a set, unknowns that become null coalesce into one null.
    """
    check_value(v, "the value of unknown_as_null")
    return make(v._ty, _unknown_as_null(v._ty, v._v), v._marks)


def deep_values(v: Value, /) -> list[tuple[Path, Value]]:
    """Return every (path, value) that walk() visits, in walk order."""
    out: list[tuple[Path, Value]] = []

    def visit(path: Path, x: Value) -> bool:
        out.append((path, x))
        return True

    walk(v, visit)
    return out
