"""Mark wrangling: go-cty 1.17's Value.WrangleMarksDeep and the actions of its ctymarks package.

Each mark at each place in a value is shown to the wrangle functions in turn, with the path to
the place; the first that answers with an action decides what becomes of that mark there: kept,
dropped, replaced by another mark, or kept and also put on the whole value (expanded). A value
is rebuilt only along the paths where some mark changed; everything else keeps its payload, and
a value without marks is given back as it is without calling any function.

The walk keeps its own stack (no recursion): the functions are the caller's and may have
effects, so the walk must never run twice, as a rerun on a chain of threads would (cty._deep).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final, TypeAlias

from ._errors import CtyError, CtyTypeError, CtyValueError, PathError
from ._marks import Marked
from ._marks_deep import contains_marked
from ._path import GetAttrStep, IndexStep, Path, PathStep, steps_path
from ._primitive_type import Number, String
from ._type import Type
from ._value import Value, check_value, make


class WrangleAction:
    """What a wrangle function decides for one mark at one place (go-cty's
    ctymarks.WrangleAction): :data:`WrangleKeep`, :data:`WrangleDrop`, :data:`WrangleExpand`,
    or :func:`wrangle_replace`'s answer."""

    __slots__ = ("_name", "_new_mark")

    def __init__(self, name: str, new_mark: Hashable = None) -> None:
        self._name = name
        self._new_mark = new_mark

    def __repr__(self) -> str:
        if self._name == "replace":
            return f"cty.marks.wrangle_replace({self._new_mark!r})"
        return f"cty.marks.{self._name}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WrangleAction):
            return NotImplemented
        return (self._name, self._new_mark) == (other._name, other._new_mark)

    def __hash__(self) -> int:
        return hash((self._name, self._new_mark))


WrangleKeep: Final = WrangleAction("WrangleKeep")
"""Keep the mark where it is; no later function sees it there."""
WrangleDrop: Final = WrangleAction("WrangleDrop")
"""Remove the mark from where it is; no later function sees it there."""
WrangleExpand: Final = WrangleAction("WrangleExpand")
"""Keep the mark where it is and put it on the whole value being wrangled as well."""


def wrangle_replace(new_mark: Hashable, /) -> WrangleAction:
    """Return the action that removes the mark and puts *new_mark* in its place.

    Raises CtyValueError for None (go-cty panics on a nil mark) and CtyTypeError for a mark
    that cannot be hashed.
    """
    if new_mark is None:
        raise CtyValueError("wrangle_replace needs a mark, not None")
    try:
        hash(new_mark)
    except TypeError:
        raise CtyTypeError(f"a mark must be hashable, not {type(new_mark).__name__}") from None
    return WrangleAction("replace", new_mark)


def wrangle_replace_mark(action: WrangleAction | None, /) -> Hashable | None:
    """Return the new mark of an action :func:`wrangle_replace` made, or None for any other."""
    if isinstance(action, WrangleAction) and action._name == "replace":
        return action._new_mark
    return None


WrangleResult: TypeAlias = "WrangleAction | tuple[WrangleAction | None, Exception | None] | None"
"""What a wrangle function returns: an action, None (no decision: the next function decides),
or, as go-cty's functions return an action and an error together, a pair of them."""
WrangleFunc: TypeAlias = Callable[[Hashable, Path], Any]
"""``fn(mark, path) -> WrangleResult``: called for each mark at each place (go-cty's
WrangleFunc). The path is the place's; it is the function's to keep."""


class WrangleError(CtyError):
    """The errors wrangle functions gave (go-cty's errors.Join of them), with the value the
    wrangling made all the same: as in go-cty, each function's action is taken whether or not it
    also gave an error, and the walk goes on.

    ``errors`` lists them in the order met, each a PathError naming its place unless it was
    given at the value itself (then it is the function's own exception); ``value`` is the
    result.
    """

    def __init__(self, errors: list[Exception], value: Value) -> None:
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = errors
        self.value = value

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (WrangleError, (self.errors, self.value))


_UNCHANGED: Final = object()


class _Node:
    """A place being wrangled: its payload without marks, its marks as they now stand, the
    children that may hold marks (type, payload, key), and the new payloads of those that
    changed, by key."""

    __slots__ = ("changed", "children", "i", "inner", "marks", "new_kids", "ty")

    def __init__(self, ty: Type, inner: Any, marks: frozenset[Any], changed: bool) -> None:
        self.ty = ty
        self.inner = inner
        self.marks = marks
        self.changed = changed
        self.children = _children(ty, inner)
        self.i = 0
        self.new_kids: dict[Any, Any] | None = None

    def payload(self) -> Any:
        """The payload without its own marks, the changed children put in."""
        inner = self.inner
        if self.new_kids is None:
            return inner
        if inner.__class__ is tuple:
            kids = list(inner)
            for i, p in self.new_kids.items():
                kids[i] = p
            return tuple(kids)
        out = dict(inner)
        out.update(self.new_kids)
        return out

    def result(self) -> Any:
        """The new payload, its marks on it, or _UNCHANGED."""
        if not self.changed:
            return _UNCHANGED
        inner = self.payload()
        return Marked(inner, self.marks) if self.marks else inner


_MAY_HOLD_MARKS: Final = (Marked, tuple, dict)


def _children(ty: Type, inner: Any) -> list[tuple[Type, Any, Any]]:
    """(type, payload, key) of each element of a list, tuple, map or object payload that may
    hold a mark (marked, or a container), in element order. Sets have none: building a set
    moves its elements' marks onto it; capsules none: what they hold is not cty's."""
    c = inner.__class__
    if c is tuple:
        if ty.is_list_type():
            et = ty.element_type()
            return [(et, p, i) for i, p in enumerate(inner) if p.__class__ in _MAY_HOLD_MARKS]
        if ty.is_tuple_type():
            return [(t, p, i) for i, (t, p) in enumerate(zip(ty.tuple_element_types(), inner,
                                                                strict=True))
                    if p.__class__ in _MAY_HOLD_MARKS]
    elif c is dict:
        if ty.is_map_type():
            et = ty.element_type()
            return [(et, p, k) for k, p in inner.items()  # (keys sorted, as payloads keep them)
                    if p.__class__ in _MAY_HOLD_MARKS]
        if ty.is_object_type():
            return [(t, inner[k], k) for k, t in ty.attribute_types().items()
                    if inner[k].__class__ in _MAY_HOLD_MARKS]
    return []


def _step(ty: Type, key: Any) -> PathStep:
    if ty.is_object_type():
        return GetAttrStep(key)
    if ty.is_map_type():
        return IndexStep(make(String, key))
    return IndexStep(make(Number, key))


def wrangle_marks_deep(v: Value, wranglers: tuple[WrangleFunc, ...]) -> Value:
    """Return *v* with each mark at each place dealt with as the first of *wranglers* to
    decide says (go-cty's Value.WrangleMarksDeep); raises WrangleError, holding the result,
    when any of them gave an error."""
    check_value(v, "the value to wrangle")
    for i, w in enumerate(wranglers):
        if not callable(w):
            raise CtyTypeError(f"wrangle function {i} is not callable ({type(w).__name__})")
    if not wranglers or not contains_marked(v):
        return v
    top: set[Any] = set()
    errors: list[Exception] = []
    steps: list[PathStep] = []
    marks, changed = _decide(v._marks, wranglers, steps, top, errors)
    root = _Node(v._ty, v._v, marks, changed)
    stack = [root]
    while stack:
        node = stack[-1]
        if node.i < len(node.children):
            ty, p, key = node.children[node.i]
            steps.append(_step(node.ty, key))
            if p.__class__ is Marked:
                marks, changed = _decide(p.marks, wranglers, steps, top, errors)
                stack.append(_Node(ty, p.v, marks, changed))
            else:
                stack.append(_Node(ty, p, frozenset(), False))
            continue
        stack.pop()
        if stack:
            steps.pop()
            parent = stack[-1]
            result = node.result()
            if result is not _UNCHANGED:
                parent.changed = True
                if parent.new_kids is None:
                    parent.new_kids = {}
                parent.new_kids[parent.children[parent.i][2]] = result
            parent.i += 1
    if root.changed:
        out = make(v._ty, root.payload(), root.marks | top)
    elif top:
        out = make(v._ty, v._v, v._marks | top)
    else:
        out = v
    if errors:
        raise WrangleError(errors, out)
    return out


def _decide(marks: frozenset[Any], wranglers: tuple[WrangleFunc, ...], steps: list[PathStep],
            top: set[Any], errors: list[Exception]) -> tuple[frozenset[Any], bool]:
    """Return the marks of one place after the wranglers' decisions, and whether they
    changed; expanded marks go into *top*, errors into *errors*."""
    if not marks or not wranglers:
        return marks, False
    new: set[Any] | None = None
    path: Path | None = None
    for mark in sorted(marks, key=_mark_order):
        for w in wranglers:
            if path is None:
                path = steps_path(list(steps))
            answer = w(mark, path)
            action, error = answer if answer.__class__ is tuple else (answer, None)
            if error is not None:
                if not isinstance(error, Exception):
                    raise CtyTypeError(f"a wrangle function gave {type(error).__name__} as "
                                       "its error, not an exception")
                if path:
                    wrapped = PathError(path, str(error))
                    wrapped.__cause__ = error
                    error = wrapped
                errors.append(error)
            if action is None:
                continue
            if not isinstance(action, WrangleAction):
                raise CtyTypeError(f"a wrangle function gave {type(action).__name__}, not a "
                                   "cty.marks.WrangleAction or None")
            name = action._name
            if name == "WrangleKeep":
                break
            if name == "WrangleExpand":
                top.add(mark)
                break
            if name not in ("WrangleDrop", "replace"):
                raise CtyTypeError(f"unknown wrangle action {action!r}")
            if new is None:
                new = set(marks)
            new.discard(mark)
            if name == "replace":
                new.add(action._new_mark)
            break
    if new is None:
        return marks, False
    return frozenset(new), True


def _mark_order(mark: Any) -> tuple[str, str]:
    """The order marks are shown to the functions in: go-cty's is a map's (random); ours is
    fixed, by kind and then repr."""
    return (type(mark).__qualname__, repr(mark))

