"""Value: an immutable (type, payload, marks) triple, go-cty's cty.Value.

Containers hold raw payloads (docs/design/payloads.md); a Value is made only when asked for.
This module is value storage: the methods here need nothing but the value itself. The operation
methods (equality, arithmetic, indexing, printing...) are functions in their own modules, bound
to the class by _value_api in the layer above them (docs/design/layers.md).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn

from . import _number
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError, CtyValueError
from ._marks import NO_MARKS, Marked
from ._primitive_type import Bool, Number, String
from ._set_rules import value_hash
from ._structural_types import EmptyObject, EmptyTuple
from ._type import Type, brief, check_type
from ._unknown import UNKNOWN, Unknown

if TYPE_CHECKING:
    import gmpy2  # type: ignore[import-untyped,unused-ignore]

    from ._path import Path, PathValueMarks
    from ._refinement_builder import RefinementBuilder
    from ._value_range import ValueRange
    from ._value_set import ValueSet


class Value:
    """A cty value: a type, a payload, and marks. Immutable and hashable.

    Build values with the constructors (``cty.string_val``, ``cty.list_val``...).
    ``==`` and ``hash`` are go-cty's RawEquals; ``v.equals(o)`` is go-cty's Equals and returns a
    cty Bool value, which may be unknown.
    """

    __slots__ = ("_marks", "_ty", "_v")
    _ty: Type
    _v: Any
    _marks: frozenset[Any]

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise CtyTypeError("build cty values with cty.string_val(), cty.list_val() and the like")

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"cty values are immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cty values are immutable (cannot delete {name!r})")

    # --- inspection --------------------------------------------------------------------------

    def type(self) -> Type:
        """Return the value's type."""
        return self._ty

    def is_known(self) -> bool:
        """Return False for an unknown value (marks do not matter)."""
        return self._v.__class__ is not Unknown

    def is_null(self) -> bool:
        """Return True for a null value; an unknown value is never null."""
        return self._v is None

    def can_iterate_elements(self) -> bool:
        """Return whether the value's type has elements to iterate (a collection or structure)
        and the value is unmarked. Unknown and null values still answer by their type."""
        if self._marks:
            return False
        t = self._ty
        return t.is_collection_type() or t.is_structural()

    # --- marks -------------------------------------------------------------------------------

    def is_marked(self) -> bool:
        """Return whether the value itself carries marks (nested marks do not count)."""
        return bool(self._marks)

    def marks(self) -> frozenset[Any]:
        """Return the value's top-level marks."""
        return self._marks

    def has_mark(self, mark: Hashable, /) -> bool:
        """Return whether the value itself carries *mark*."""
        return check_mark(mark) in self._marks

    def has_same_marks(self, other: Value, /) -> bool:
        """Return whether both values carry the same top-level marks."""
        return self._marks == check_value(other, "has_same_marks's other value")._marks

    def mark(self, mark: Hashable, /) -> Value:
        """Return the value with *mark* added to its marks."""
        if isinstance(mark, frozenset):
            raise CtyTypeError("mark() takes one mark; use with_marks() for a set of marks")
        check_mark(mark)
        if mark in self._marks:
            return self
        return make(self._ty, self._v, self._marks | {mark})

    def with_marks(self, *mark_sets: frozenset[Any] | set[Any]) -> Value:
        """Return the value with every mark of every given set added.

        Each argument is a collection of marks; a str or bytes is refused (it would add each
        character as a mark): to add one mark, use mark().
        """
        marks = self._marks
        for ms in mark_sets:
            if isinstance(ms, (str, bytes)) or not isinstance(ms, Iterable):
                raise CtyTypeError(
                    f"with_marks takes collections of marks, not {type(ms).__name__} {brief(ms)}; "
                    "use mark() for one mark")
            if ms:
                marks = marks | frozenset(ms)
        if marks == self._marks:
            return self
        return make(self._ty, self._v, marks)

    def with_same_marks(self, *others: Value) -> Value:
        """Return the value with the top-level marks of *others* added."""
        return self.with_marks(*(o._marks for o in others))

    def unmark(self) -> tuple[Value, frozenset[Any]]:
        """Return the value without its top-level marks, and those marks."""
        if not self._marks:
            return self, NO_MARKS
        return make(self._ty, self._v, NO_MARKS), self._marks

    # --- integration: Python data out ---------------------------------------------------------

    def _require_plain(self, what: str) -> None:
        if self._marks:
            raise CtyValueError(f"{what}: value is marked, so it must be unmarked first")
        if self._v is None:
            raise CtyValueError(f"{what}: value is null")
        if self._v.__class__ is Unknown:
            raise CtyValueError(f"{what}: value is unknown")

    def as_string(self) -> str:
        """Return the str of a known, non-null, unmarked string value."""
        self._require_plain("as_string")
        if self._ty is not String:
            raise CtyTypeError(f"as_string: value is {self._ty.friendly_name()}, not string")
        return self._v  # type: ignore[no-any-return]

    def as_big_float(self) -> gmpy2.mpfr:
        """Return a copy of a known number as a gmpy2.mpfr at the number's precision."""
        self._require_plain("as_big_float")
        if self._ty is not Number:
            raise CtyTypeError(f"as_big_float: value is {self._ty.friendly_name()}, not number")
        return _number.as_mpfr(self._v)

    def true(self) -> bool:
        """Return True if the value is the bool true; a null bool gives False.

        Raises ValueError for an unknown or marked value, TypeError for a non-bool.
        """
        return self._bool_is(True, "true")

    def false(self) -> bool:
        """Return ``not self.true()``, as go-cty does: a null bool gives True."""
        return not self._bool_is(True, "false")

    def _bool_is(self, want: bool, what: str) -> bool:
        if self._marks:
            raise CtyValueError(f"{what}: value is marked, so it must be unmarked first")
        if self._ty is not Bool:
            raise CtyTypeError(f"{what}: value is {self._ty.friendly_name()}, not bool")
        if self._v.__class__ is Unknown:
            raise CtyValueError(f"{what}: value is unknown")
        return self._v is want

    def encapsulated_value(self) -> Any:
        """Return the Python object a known capsule value wraps."""
        self._require_plain("encapsulated_value")
        if not self._ty.is_capsule_type():
            raise CtyTypeError(f"encapsulated_value: value is {self._ty.friendly_name()}")
        return self._v

    def elements(self) -> Iterator[tuple[Value, Value]]:
        """Iterate (key, element) pairs, as element_iterator()."""
        return self.element_iterator()

    def for_each_element(self, cb: Callable[[Value, Value], bool], /) -> bool:
        """Call cb(key, element) for each element until it returns True; return whether it did."""
        if not callable(cb):
            raise CtyTypeError(f"for_each_element needs a callable, not {type(cb).__name__}")
        return any(cb(k, e) for k, e in self.element_iterator())

    def as_value_slice(self) -> list[Value]:
        """Return the elements of a known list, set or tuple as a list of Values."""
        return [e for _, e in self.element_iterator()]

    def as_value_map(self) -> dict[str, Value]:
        """Return the elements of a known map or object as a dict of Values.

        Other collections work where their keys are strings (a set of strings maps each to
        itself), as in go-cty; keys of another type raise CtyTypeError.
        """
        out: dict[str, Value] = {}
        for k, e in self.element_iterator():
            if k._ty is not String:
                raise CtyTypeError(f"as_value_map: the keys of a {self._ty.friendly_name()} are "
                                   f"{k._ty.friendly_name()}s, not strings")
            out[k._v] = e
        return out

    def hash(self) -> int:
        """Return go-cty's set hash of the value (a CRC-32 of its hash bytes)."""
        return value_hash(self)

    # --- Python conveniences ------------------------------------------------------------------

    def __bool__(self) -> NoReturn:
        raise CtyTypeError(
            "a cty.Value has no Python truth value; use v.true(), v.is_null() or v.is_known()"
        )

    def __len__(self) -> int:
        return self.length_int()

    def __iter__(self) -> Iterator[Value]:
        t = self._ty
        if t.is_map_type() or t.is_object_type():
            return (k for k, _ in self.element_iterator())
        return (e for _, e in self.element_iterator())

    if TYPE_CHECKING:
        # The operation methods: _value_api binds them, above the modules that implement them
        # (docs/design/layers.md); their docstrings are there. Declared here for type checkers.
        def is_wholly_known(self) -> bool: ...
        def has_wholly_known_type(self) -> bool: ...
        def unmark_deep(self) -> tuple[Value, frozenset[Any]]: ...
        def unmark_deep_with_paths(self) -> tuple[Value, list[PathValueMarks]]: ...
        def mark_with_paths(self, path_marks: list[PathValueMarks], /) -> Value: ...
        def wrangle_marks_deep(self, *wranglers: Callable[[Hashable, Path], Any]) -> Value: ...
        def with_attr(self, name: str, value: Value, /) -> Value: ...
        def with_key(self, key: str | Value, value: Value, /) -> Value: ...
        def without_key(self, key: str | Value, /) -> Value: ...
        def with_element(self, index: int, value: Value, /) -> Value: ...
        def append(self, value: Value, /) -> Value: ...
        def contains_marked(self) -> bool: ...
        def has_mark_deep(self, mark: Hashable, /) -> bool: ...
        def length_int(self) -> int: ...
        def element_iterator(self) -> Iterator[tuple[Value, Value]]: ...
        def as_value_set(self) -> ValueSet: ...
        def length(self) -> Value: ...
        def index(self, key: Value, /) -> Value: ...
        def has_index(self, key: Value, /) -> Value: ...
        def has_element(self, elem: Value, /) -> Value: ...
        def get_attr(self, name: str, /) -> Value: ...
        def refine_not_null(self) -> Value: ...
        def refine(self) -> RefinementBuilder: ...
        def range(self) -> ValueRange: ...
        def refine_with(self, *refiners: Callable[[RefinementBuilder], RefinementBuilder]
                        ) -> Value: ...
        def equals(self, other: Value, /) -> Value: ...
        def not_equal(self, other: Value, /) -> Value: ...
        def raw_equals(self, other: Value, /) -> bool: ...
        def add(self, other: Value, /) -> Value: ...
        def subtract(self, other: Value, /) -> Value: ...
        def multiply(self, other: Value, /) -> Value: ...
        def divide(self, other: Value, /) -> Value: ...
        def modulo(self, other: Value, /) -> Value: ...
        def negate(self) -> Value: ...
        def absolute(self) -> Value: ...
        def greater_than(self, other: Value, /) -> Value: ...
        def greater_than_or_equal_to(self, other: Value, /) -> Value: ...
        def less_than(self, other: Value, /) -> Value: ...
        def less_than_or_equal_to(self, other: Value, /) -> Value: ...
        def and_(self, other: Value, /) -> Value: ...
        def or_(self, other: Value, /) -> Value: ...
        def not_(self) -> Value: ...
        def go_string(self) -> str: ...
        def __eq__(self, other: object) -> bool: ...
        def __ne__(self, other: object) -> bool: ...
        def __hash__(self) -> int: ...
        def __repr__(self) -> str: ...
        def __getitem__(self, key: object) -> Value: ...
        def __contains__(self, item: object) -> bool: ...
        def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...


_new = object.__new__
_slots: Any = Value.__dict__
_set_ty = _slots["_ty"].__set__
_set_v = _slots["_v"].__set__
_set_marks = _slots["_marks"].__set__


def make(ty: Type, v: Any, marks: frozenset[Any] = NO_MARKS) -> Value:
    """Return a Value of type *ty* with payload *v*; trusted, no checks."""
    o = _new(Value)
    _set_ty(o, ty)
    _set_v(o, v)
    _set_marks(o, marks)
    return o


def wrap(ty: Type, p: Any) -> Value:
    """Return the Value for a nested payload *p* of type *ty*, lifting a Marked wrapper."""
    o = _new(Value)
    _set_ty(o, ty)
    if p.__class__ is Marked:
        _set_v(o, p.v)
        _set_marks(o, p.marks)
    else:
        _set_v(o, p)
        _set_marks(o, NO_MARKS)
    return o


def payload(v: Value) -> Any:
    """Return the payload to store for *v* inside a container (Marked when *v* is marked)."""
    if v._marks:
        return Marked(v._v, v._marks)
    return v._v


def check_mark(mark: object) -> Any:
    """Return *mark* if it can be a mark (hashable); raise CtyTypeError otherwise."""
    try:
        hash(mark)
    except TypeError:
        raise CtyTypeError(
            f"a mark must be hashable, not {type(mark).__name__} {brief(mark)}") from None
    return mark


def check_value(v: object, what: str) -> Value:
    """Return *v* if it is a Value; raise TypeError naming *what* otherwise."""
    if v.__class__ is not Value:
        raise CtyTypeError(f"{what} must be a cty.Value, not {type(v).__name__} {brief(v)}")
    return v


# --- constants, beside make() -------------------------------------------------------------
# (defined before the operation modules below are imported: they use them)

def unknown_val(ty: Type, /) -> Value:
    """Return an unknown value of *ty* (without refinement)."""
    if ty is DynamicPseudoType:
        return DynamicVal
    return make(check_type(ty, "type"), UNKNOWN)


True_: Value = make(Bool, True)
"""The bool value true (``cty.True`` in go-cty)."""
False_: Value = make(Bool, False)
"""The bool value false (``cty.False`` in go-cty)."""
Zero: Value = make(Number, _number.ZERO)
"""The number zero (go-cty's ``cty.Zero``; multiplying it by an unknown gives Zero)."""
PositiveInfinity: Value = make(Number, _number.POS_INF)
"""Positive infinity."""
NegativeInfinity: Value = make(Number, _number.NEG_INF)
"""Negative infinity."""
DynamicVal: Value = make(DynamicPseudoType, UNKNOWN)
"""The unknown value of unknown type."""
EmptyObjectVal: Value = make(EmptyObject, {})
"""The object with no attributes."""
EmptyTupleVal: Value = make(EmptyTuple, ())
"""The tuple with no elements."""

