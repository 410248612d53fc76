"""Value's operation methods, bound to the class here, above the modules that implement them.

``_value.py`` is value storage: the class with its slots, ``make()``, the constants, and the
methods that need nothing but the value itself. The methods that walk, compare, compute or print
are functions in the operation modules, which import ``_value``; binding them here, in the API
layer, keeps every import pointing down (docs/design/layers.md). Each is written once: an
operation module defines it with the method's signature and docstring, and the table at the
end of this module binds it as it is. The few functions below add something of their own (a
check of an argument, a conversion, several calls). ``_value.py`` declares the methods for type
checkers under ``TYPE_CHECKING``, and tests/core/test_value_api.py holds each declaration and
its binding to one signature, and refuses a forwarder that only repeats a function.

The package's ``__init__`` imports this module, so the methods are bound whenever cty is
imported; no module of cty calls them while the package is still being imported.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from . import _marks_deep as _marks
from . import _marks_wrangle as _wrangle
from . import _refinement_builder as _refinement
from . import _value_arith as _arith
from . import _value_equals as _eq
from . import _value_inspect as _inspect
from . import _value_ops as _ops
from . import _value_range as _range
from . import _value_update as _update
from ._refinement_builder import RefinementBuilder
from ._value import Value, check_mark, check_value
from ._value_set import ValueSet

if TYPE_CHECKING:
    from ._path import Path, PathValueMarks

__all__: list[str] = []

_METHODS: dict[str, Callable[..., Any]] = {}


def _method(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Register *fn* as the Value method of the same name."""
    _METHODS[fn.__name__] = fn
    return fn


# --- marks at depth ----------------------------------------------------------------------------

@_method
def unmark_deep_with_paths(self: Value) -> tuple[Value, list[PathValueMarks]]:
    """Return the value unmarked at every depth, and each marked path with its marks."""
    from . import _marks_paths  # noqa: PLC0415 - (loaded on first use: a quicker import)

    return _marks_paths.unmark_deep_with_paths(self)


@_method
def mark_with_paths(self: Value, path_marks: list[PathValueMarks], /) -> Value:
    """Return the value with the marks put back at the paths unmark_deep_with_paths gave."""
    from . import _marks_paths  # noqa: PLC0415 - (as above)

    return _marks_paths.mark_with_paths(self, path_marks)


@_method
def wrangle_marks_deep(self: Value, *wranglers: Callable[[Hashable, Path], Any]) -> Value:
    """Return the value with each mark at each place dealt with as the first of *wranglers*
    to decide says (go-cty's WrangleMarksDeep; see :mod:`cty.marks`).

    Each function is called as ``fn(mark, path)`` and answers :data:`cty.marks.WrangleKeep`,
    :data:`~cty.marks.WrangleDrop`, :data:`~cty.marks.WrangleExpand` (kept, and put on the whole
    value too), ``cty.marks.wrangle_replace(other)``, or None to leave the decision to the next
    function; or a pair ``(action, error)``. Errors do not stop the walk: every action is taken,
    and then :class:`cty.marks.WrangleError` is raised holding them all and the result. Only
    the parts whose marks changed are rebuilt; a value without marks comes back as it is.
    """
    return _wrangle.wrangle_marks_deep(self, wranglers)


@_method
def has_mark_deep(self: Value, mark: Hashable, /) -> bool:
    """Return whether the value or anything inside it carries *mark*."""
    return _marks.has_mark_deep(self, check_mark(mark))


# --- elements --------------------------------------------------------------------------------

@_method
def as_value_set(self: Value) -> ValueSet:
    """Return the elements of a known collection as a ValueSet."""
    return ValueSet.from_values(self._ty.element_type(), self.as_value_slice())


@_method
def refine_with(self: Value, *refiners: Callable[[RefinementBuilder], RefinementBuilder]
                ) -> Value:
    """Return this value refined by each of *refiners*, functions that take the builder and
    return it (go-cty's RefineWith)."""
    return _refinement.refine_with(self, *refiners)


# --- equality ----------------------------------------------------------------------------------

@_method
def not_equal(self: Value, other: Value, /) -> Value:
    """Return the negation of equals()."""
    return _eq.equals(self, other).not_()


@_method
def raw_equals(self: Value, other: Value, /) -> bool:
    """Return go-cty's RawEquals: strict identity of type, payload and marks."""
    return _eq.raw_equals(self, check_value(other, "raw_equals's other value"))


# --- text --------------------------------------------------------------------------------------

@_method
def go_string(self: Value) -> str:
    """Return go-cty's GoString of the value (``cty.StringVal("a")``)."""
    from . import _value_repr as _repr  # noqa: PLC0415 - (loaded on first use)

    return _repr.go_string(self)


# --- Python protocols --------------------------------------------------------------------------

_raw_equals = _eq.raw_equals


@_method
def __eq__(self: Value, other: object) -> bool:
    """Return go-cty's RawEquals with another Value (NotImplemented for anything else)."""
    if other.__class__ is not Value:
        return NotImplemented
    return _raw_equals(self, other)


@_method
def __ne__(self: Value, other: object) -> bool:
    """Return the negation of ``==``."""
    if other.__class__ is not Value:
        return NotImplemented
    return not _raw_equals(self, other)


@_method
def __repr__(self: Value) -> str:
    """Return the value as the Python expression that builds it."""
    text: str = _repr_module().value_repr(self)
    return text


@_method
def __reduce__(self: Value) -> tuple[Any, tuple[Any, ...]]:
    """Return the pickle reduction: the value's gob stream (cty.encoding.gob)."""
    reduction: tuple[Any, tuple[Any, ...]] = _repr_module().reduce_value(self)
    return reduction


@functools.cache
def _repr_module() -> Any:
    """cty._value_repr, loaded on first use (and then found at once: an import statement in
    ``__repr__`` cost a tenth of a small value's repr)."""
    from . import _value_repr  # noqa: PLC0415 - (loaded on first use)

    return _value_repr


# --- operations written in their modules, bound as they are ---------------------------------
# Each of these is defined once, with its docstring and the method's signature, in the module
# that implements it; no forwarder stands between a call and it.

_METHODS.update({
    "is_wholly_known": _inspect.is_wholly_known,
    "has_wholly_known_type": _inspect.has_wholly_known_type,
    "unmark_deep": _marks.unmark_deep,
    "with_key": _update.with_key,
    "without_key": _update.without_key,
    "contains_marked": _marks.contains_marked,
    "equals": _eq.equals,
    "__hash__": _eq.value_hash,
    "__getitem__": _ops.getitem,
    "__contains__": _ops.contains,
    "with_attr": _update.with_attr,
    "with_element": _update.with_element,
    "append": _update.append,
    "length_int": _ops.length_int,
    "element_iterator": _ops.element_iterator,
    "length": _ops.length,
    "index": _ops.index,
    "has_index": _ops.has_index,
    "has_element": _ops.has_element,
    "get_attr": _ops.get_attr,
    "refine": _refinement.refine,
    "range": _range.value_range,
    "refine_not_null": _ops.refine_not_null,
    "add": _arith.add,
    "subtract": _arith.subtract,
    "multiply": _arith.multiply,
    "divide": _arith.divide,
    "modulo": _arith.modulo,
    "negate": _arith.negate,
    "absolute": _arith.absolute,
    "greater_than": _arith.greater_than,
    "greater_than_or_equal_to": _arith.greater_than_or_equal_to,
    "less_than": _arith.less_than,
    "less_than_or_equal_to": _arith.less_than_or_equal_to,
    "and_": _arith.and_,
    "or_": _arith.or_,
    "not_": _arith.not_,
})


def _bind() -> None:
    for name, fn in _METHODS.items():
        fn.__qualname__ = f"Value.{name}"
        setattr(Value, name, fn)


_bind()
