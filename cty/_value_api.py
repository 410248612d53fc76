"""Value's operation methods, bound to the class here, above the modules that implement them.

``_value.py`` is value storage: the class with its slots, ``make()``, the constants, and the
methods that need nothing but the value itself. The methods that walk, compare, compute or print
are functions in the operation modules, which import ``_value``; binding them here, in the API
layer, keeps every import pointing down (docs/design/layers.md). ``_value.py`` declares them for
type checkers under ``TYPE_CHECKING``, and tests/core/test_value_api.py holds each declaration
and its binding to one signature.

The package's ``__init__`` imports this module, so the methods are bound whenever cty is
imported; no module of cty calls them while the package is still being imported.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
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
from ._value_range import ValueRange
from ._value_set import ValueSet

if TYPE_CHECKING:
    from ._path import Path, PathValueMarks

__all__: list[str] = []

_METHODS: dict[str, Callable[..., Any]] = {}


def _method(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Register *fn* as the Value method of the same name."""
    _METHODS[fn.__name__] = fn
    return fn


# --- inspection ------------------------------------------------------------------------------

@_method
def is_wholly_known(self: Value) -> bool:
    """Return whether neither the value nor anything inside it is unknown (null: True)."""
    return _inspect.is_wholly_known(self)


@_method
def has_wholly_known_type(self: Value) -> bool:
    """Return False when a DynamicVal sits inside, or the value is unknown of a dynamic type."""
    return _inspect.has_wholly_known_type(self)


# --- marks at depth ----------------------------------------------------------------------------

@_method
def unmark_deep(self: Value) -> tuple[Value, frozenset[Any]]:
    """Return the value with every mark removed at any depth, and all the marks found."""
    return _marks.unmark_deep(self)


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


# --- functional updates ---------------------------------------------------------------------

@_method
def with_attr(self: Value, name: str, value: Value, /) -> Value:
    """Return the object with attribute *name* set to *value*, which must have the attribute's
    type; the object's marks stay on the result, *value*'s on the attribute."""
    return _update.with_attr(self, name, value)


@_method
def with_key(self: Value, key: str | Value, value: Value, /) -> Value:
    """Return the map with *key* (a str, or a known string value, whose marks go on the map)
    set to *value*, of the map's element type: replaced, or added."""
    return _update.with_key(self, key, value)


@_method
def without_key(self: Value, key: str | Value, /) -> Value:
    """Return the map without *key*; the map itself when it has no such key."""
    return _update.without_key(self, key)


@_method
def with_element(self: Value, index: int, value: Value, /) -> Value:
    """Return the list or tuple with element *index* (negative: from the end) set to *value*,
    which must have that element's type; IndexOutOfRangeError past the end."""
    return _update.with_element(self, index, value)


@_method
def append(self: Value, value: Value, /) -> Value:
    """Return the list with *value* (of its element type) added at the end, or the tuple with
    *value* added (its type one element longer)."""
    return _update.append(self, value)


@_method
def contains_marked(self: Value) -> bool:
    """Return whether the value or anything inside it carries marks."""
    return _marks.contains_marked(self)


@_method
def has_mark_deep(self: Value, mark: Hashable, /) -> bool:
    """Return whether the value or anything inside it carries *mark*."""
    return _marks.has_mark_deep(self, check_mark(mark))


# --- elements --------------------------------------------------------------------------------

@_method
def length_int(self: Value) -> int:
    """Return the number of elements: a tuple's type length, an object's attribute count,
    a set's physical element count (each unknown counted)."""
    return _ops.length_int(self)


@_method
def element_iterator(self: Value) -> Iterator[tuple[Value, Value]]:
    """Iterate (key, element) pairs: list/tuple index order, map/object sorted keys, set
    order (key is the element)."""
    return _ops.element_iterator(self)


@_method
def as_value_set(self: Value) -> ValueSet:
    """Return the elements of a known collection as a ValueSet."""
    return ValueSet.from_values(self._ty.element_type(), self.as_value_slice())


@_method
def length(self: Value) -> Value:
    """Return the number of elements as a Number value (unknown where not yet known)."""
    return _ops.length(self)


@_method
def index(self: Value, key: Value, /) -> Value:
    """Return the element of a list, map or tuple at *key*."""
    return _ops.index(self, key)


@_method
def has_index(self: Value, key: Value, /) -> Value:
    """Return whether *key* is a valid index, as a Bool value. Never raises on key type."""
    return _ops.has_index(self, key)


@_method
def has_element(self: Value, elem: Value, /) -> Value:
    """Return whether a set holds *elem*, as a Bool value."""
    return _ops.has_element(self, elem)


@_method
def get_attr(self: Value, name: str, /) -> Value:
    """Return the attribute *name* of an object value."""
    return _ops.get_attr(self, name)


@_method
def refine(self: Value) -> RefinementBuilder:
    """Return a builder that narrows the range of this value (go-cty's Refine); end the
    chain with ``new_value()``.

    >>> cty.unknown_val(cty.Number).refine().number_range_inclusive(
    ...     cty.Zero, cty.number_int_val(10)).new_value().range().number_upper_bound()
    (cty.number_val(10), True)
    """
    return _refinement.refine(self)


@_method
def range(self: Value) -> ValueRange:
    """Return the range of values this value may be (go-cty's Range): what an unknown's
    refinements say, or the known value itself. Raises ValueError for a marked value.

    >>> cty.unknown_val(cty.String).refine().string_prefix_full("ami-").new_value(
    ...     ).range().string_prefix()
    'ami-'
    """
    return _range.value_range(self)


@_method
def refine_with(self: Value, *refiners: Callable[[RefinementBuilder], RefinementBuilder]
                ) -> Value:
    """Return this value refined by each of *refiners*, functions that take the builder and
    return it (go-cty's RefineWith)."""
    return _refinement.refine_with(self, *refiners)


@_method
def refine_not_null(self: Value) -> Value:
    """Return the value refined as definitely not null (go-cty's RefineNotNull).

    A known non-null value is returned as it is; a null raises ValueError.
    DynamicVal is returned unchanged, as go-cty does.
    """
    return _ops.refine_not_null(self)


# --- equality ----------------------------------------------------------------------------------

@_method
def equals(self: Value, other: Value, /) -> Value:
    """Return go-cty's Equals: a Bool value, unknown when the answer is not yet known."""
    return _eq.equals(self, other)


@_method
def not_equal(self: Value, other: Value, /) -> Value:
    """Return the negation of equals()."""
    return _eq.equals(self, other).not_()


@_method
def raw_equals(self: Value, other: Value, /) -> bool:
    """Return go-cty's RawEquals: strict identity of type, payload and marks."""
    return _eq.raw_equals(self, check_value(other, "raw_equals's other value"))


# --- arithmetic, comparison and logic --------------------------------------------------------

@_method
def add(self: Value, other: Value, /) -> Value:
    """Return the sum of two numbers."""
    return _arith.add(self, other)


@_method
def subtract(self: Value, other: Value, /) -> Value:
    """Return the difference of two numbers."""
    return _arith.subtract(self, other)


@_method
def multiply(self: Value, other: Value, /) -> Value:
    """Return the product of two numbers."""
    return _arith.multiply(self, other)


@_method
def divide(self: Value, other: Value, /) -> Value:
    """Return the quotient of two numbers (x/0 is an infinity)."""
    return _arith.divide(self, other)


@_method
def modulo(self: Value, other: Value, /) -> Value:
    """Return the remainder of truncated division (x % 0 is x)."""
    return _arith.modulo(self, other)


@_method
def negate(self: Value) -> Value:
    """Return the number with its sign flipped."""
    return _arith.negate(self)


@_method
def absolute(self: Value) -> Value:
    """Return the number's absolute value."""
    return _arith.absolute(self)


@_method
def greater_than(self: Value, other: Value, /) -> Value:
    """Return whether this number is greater than *other*, as a Bool value."""
    return _arith.greater_than(self, other)


@_method
def greater_than_or_equal_to(self: Value, other: Value, /) -> Value:
    """Return whether this number is greater than or equal to *other*."""
    return _arith.greater_than_or_equal_to(self, other)


@_method
def less_than(self: Value, other: Value, /) -> Value:
    """Return whether this number is less than *other*."""
    return _arith.less_than(self, other)


@_method
def less_than_or_equal_to(self: Value, other: Value, /) -> Value:
    """Return whether this number is less than or equal to *other*."""
    return _arith.less_than_or_equal_to(self, other)


@_method
def and_(self: Value, other: Value, /) -> Value:
    """Return the logical AND of two bools (a known false wins over an unknown)."""
    return _arith.and_(self, other)


@_method
def or_(self: Value, other: Value, /) -> Value:
    """Return the logical OR of two bools (a known true wins over an unknown)."""
    return _arith.or_(self, other)


@_method
def not_(self: Value) -> Value:
    """Return the logical negation of a bool."""
    return _arith.not_(self)


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
def __hash__(self: Value) -> int:
    """Return a hash consistent with ``==`` (RawEquals)."""
    return _eq.value_hash(self)


@_method
def __repr__(self: Value) -> str:
    """Return the value as the Python expression that builds it."""
    from . import _value_repr as _repr  # noqa: PLC0415 - (loaded on first use)

    return _repr.value_repr(self)


@_method
def __getitem__(self: Value, key: object) -> Value:
    """Return ``v[key]``: a list or tuple element by int (a negative int counts from the end),
    a map element or an object attribute by str, or the element at a cty key Value."""
    return _ops.getitem(self, key)


@_method
def __contains__(self: Value, item: object) -> bool:
    """Return ``item in v``: whether a map or object has the key *item* (a str or a string
    Value), or a list, tuple or set has the element *item* (a Value)."""
    return _ops.contains(self, item)


@_method
def __reduce__(self: Value) -> tuple[Any, tuple[Any, ...]]:
    """Return the pickle reduction: the value's gob stream (cty.encoding.gob)."""
    from . import _value_repr as _repr  # noqa: PLC0415 - (loaded on first use)

    return _repr.reduce_value(self)


def _bind() -> None:
    for name, fn in _METHODS.items():
        fn.__qualname__ = f"Value.{name}"
        setattr(Value, name, fn)


_bind()
