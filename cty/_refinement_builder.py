"""Refining unknown values: ``v.refine()...new_value()`` (go-cty's RefinementBuilder).

A refinement says what is already known about an unknown value: that it is not null, that a
string starts with a prefix, that a number lies between bounds, that a collection's length
does. ``v.refine()`` returns a builder; each method narrows the range and returns the builder;
``new_value()`` makes the refined value. On a known value the methods only check that the
value satisfies them, and ``new_value()`` returns it unchanged.

What go-cty does, we do: the refinements a type takes (strings a prefix, numbers bounds,
lists, sets and maps length bounds, every type nullness); a looser bound than the one already
known is ignored; ``DynamicVal`` ignores every refinement; a refinement that pins the value
down gives it (a null, a number whose inclusive bounds are equal, an empty collection, a list
of known length as a list of unknowns, a one-element set). Where go-cty panics (a refinement
that contradicts the value or an earlier refinement, a method for another kind of value) we
raise ``CtyValueError`` with go-cty's words.

One limit go-cty lacks: a list whose length is pinned to more than ``MAX_KNOWN_LIST_LENGTH``
elements stays unknown instead of becoming a list of that many unknowns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from . import _number
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError, CtyValueError
from ._marks import NO_MARKS
from ._primitive_type import Bool, Number, String
from ._set_payload import EMPTY_SET, SetPayload
from ._string_prefix import safe_known_prefix
from ._strings import normalize_string
from ._unknown import UNKNOWN, Unknown
from ._unknown_refinement import Refinement
from ._value import DynamicVal, Value, check_value, make

MAX_INT: Final = (1 << 63) - 1
"""Go's math.MaxInt: the upper length bound of a collection nothing is known about."""
MAX_KNOWN_LIST_LENGTH: Final = 1 << 20
"""A list whose length is pinned collapses to a list of unknowns only up to this length."""


class RefinementBuilder:
    """Narrows the range of a value; end with ``new_value()``. Made by ``Value.refine()``.

    >>> v = cty.unknown_val(cty.String).refine().not_null().string_prefix("ami-").new_value()
    >>> v.range().string_prefix(), v.range().definitely_not_null()
    ('ami-', True)
    """

    __slots__ = ("_kind", "_len_max", "_len_min", "_marks", "_max", "_max_inc", "_min",
                 "_min_inc", "_null", "_orig", "_prefix")

    def __init__(self, value: Value) -> None:
        check_value(value, "the value to refine")
        marks = value._marks
        v = make(value._ty, value._v) if marks else value
        self._orig = v
        self._marks = marks
        ty = v._ty
        p = v._v
        r: Refinement | None = p.refinement if p.__class__ is Unknown else None
        self._null: bool | None = None
        self._prefix = ""
        self._min: Any = None
        self._min_inc = False
        self._max: Any = None
        self._max_inc = False
        self._len_min = 0
        self._len_max = MAX_INT
        if ty is DynamicPseudoType and p.__class__ is Unknown:
            self._kind = "ignored"  # DynamicVal: refinements are silently ignored
        elif ty is String:
            self._kind = "string"
        elif ty is Number:
            self._kind = "number"
        elif ty.is_collection_type():
            self._kind = "collection"
        elif ty is Bool or ty.is_object_type() or ty.is_tuple_type() or ty.is_capsule_type():
            self._kind = "nullable"
        elif ty is DynamicPseudoType and p is None:
            self._kind = "nullable"
            self._null = True
        else:  # pragma: no cover (every type is one of the above)
            self._kind = "none"
        if r is not None:
            self._null = r.null
            self._prefix = r.prefix
            self._min, self._min_inc = r.min, r.min_inclusive
            self._max, self._max_inc = r.max, r.max_inclusive
            self._len_min = r.length_min
            self._len_max = MAX_INT if r.length_max is None else r.length_max

    def __repr__(self) -> str:
        return f"<RefinementBuilder of {self._orig!r}>"

    # --- checks ---------------------------------------------------------------------------------

    def _refineable(self) -> bool:
        if self._kind == "ignored":
            return False
        if self._kind == "none":  # pragma: no cover
            raise CtyValueError(f"cannot refine a {self._orig._ty.go_string()} value")
        return True

    def _want(self, kind: str, what: str) -> None:
        if self._kind != kind:
            raise CtyValueError(f"cannot refine {what} for a {self._orig._ty.go_string()} value")

    # --- nullness -------------------------------------------------------------------------------

    def not_null(self) -> RefinementBuilder:
        """The value is not null."""
        if not self._refineable():
            return self
        if self._orig._v is None or self._null is True:
            raise CtyValueError("refining null value as non-null")
        self._null = False
        return self

    def null(self) -> RefinementBuilder:
        """The value is null (which makes it known: there is one null per type)."""
        if not self._refineable():
            return self
        p = self._orig._v
        if (p is not None and p.__class__ is not Unknown) or self._null is False:
            raise CtyValueError("refining non-null value as null")
        self._null = True
        return self

    # --- numbers --------------------------------------------------------------------------------

    def number_range_inclusive(self, min: Value, max: Value, /) -> RefinementBuilder:
        """The number lies between *min* and *max*, both included (unknown: no bound)."""
        return self.number_range_lower_bound(min, True).number_range_upper_bound(max, True)

    def number_range_lower_bound(self, min: Value, inclusive: bool, /) -> RefinementBuilder:
        """The number is at least *min* (greater than it, if not *inclusive*)."""
        if not self._refineable():
            return self
        self._want("number", "numeric bounds")
        bound = _bound(min, "lower")
        if bound is None:
            return self
        orig = self._orig
        above = (bound.greater_than(orig) if inclusive
                 else bound.greater_than_or_equal_to(orig))
        if above.is_known() and above.true():
            raise CtyValueError(f"refining {orig.go_string()} to be {'>=' if inclusive else '>'} "
                                f"{bound.go_string()}")
        if self._min is not None:
            old = make(Number, self._min)
            ok = (bound.greater_than(old) if inclusive and not self._min_inc
                  else bound.greater_than_or_equal_to(old))
            if ok.is_known() and not ok.true():
                return self  # the bound we have is tighter
        if bound._v is not _number.NEG_INF:
            self._min = bound._v
            self._min_inc = bool(inclusive)
        self._check_bounds()
        return self

    def number_range_upper_bound(self, max: Value, inclusive: bool, /) -> RefinementBuilder:
        """The number is at most *max* (less than it, if not *inclusive*)."""
        if not self._refineable():
            return self
        self._want("number", "numeric bounds")
        bound = _bound(max, "upper")
        if bound is None:
            return self
        orig = self._orig
        below = (bound.less_than(orig) if inclusive else bound.less_than_or_equal_to(orig))
        if below.is_known() and below.true():
            raise CtyValueError(f"refining {orig.go_string()} to be {'<=' if inclusive else '<'} "
                                f"{bound.go_string()}")
        if self._max is not None:
            old = make(Number, self._max)
            ok = (bound.less_than(old) if inclusive and not self._max_inc
                  else bound.less_than_or_equal_to(old))
            if ok.is_known() and not ok.true():
                return self
        if bound._v is not _number.POS_INF:
            self._max = bound._v
            self._max_inc = bool(inclusive)
        self._check_bounds()
        return self

    def _check_bounds(self) -> None:
        if self._min is None or self._max is None:
            return
        lo, hi = make(Number, self._min), make(Number, self._max)
        ok = lo.less_than(hi) if self._min_inc != self._max_inc else lo.less_than_or_equal_to(hi)
        if ok.is_known() and not ok.true():
            raise CtyValueError(f"number lower bound {lo.go_string()} is greater than upper "
                                f"bound {hi.go_string()}")

    # --- collections ----------------------------------------------------------------------------

    def collection_length_lower_bound(self, min: int, /) -> RefinementBuilder:
        """The collection has at least *min* elements."""
        if not self._refineable():
            return self
        self._want("collection", "collection length bounds")
        n = _length(min)
        real = self._known_length()
        if real is not None:
            gt = make(Number, n).greater_than(real)
            if gt.is_known() and gt.true():
                raise CtyValueError(f"refining collection of length {real.go_string()} with lower "
                                    f"bound {n}")
        if self._len_min > n:
            return self
        self._len_min = n
        self._check_lengths()
        return self

    def collection_length_upper_bound(self, max: int, /) -> RefinementBuilder:
        """The collection has at most *max* elements."""
        if not self._refineable():
            return self
        self._want("collection", "collection length bounds")
        n = _length(max)
        real = self._known_length()
        if real is not None:
            lt = make(Number, n).less_than(real)
            if lt.is_known() and lt.true():
                raise CtyValueError(f"refining collection of length {real.go_string()} with upper "
                                    f"bound {n}")
        if self._len_max < n:
            return self
        self._len_max = n
        self._check_lengths()
        return self

    def collection_length(self, length: int, /) -> RefinementBuilder:
        """The collection has exactly *length* elements (for a set: *length* distinct ones)."""
        return self.collection_length_lower_bound(length).collection_length_upper_bound(length)

    def _known_length(self) -> Value | None:
        orig = self._orig
        if orig._v.__class__ is Unknown:
            return None
        return orig.length()

    def _check_lengths(self) -> None:
        if self._len_max < self._len_min:
            raise CtyValueError(f"collection length upper bound {self._len_max} is less than "
                                f"lower bound {self._len_min}")

    # --- strings --------------------------------------------------------------------------------

    def string_prefix(self, prefix: str, /) -> RefinementBuilder:
        """The string starts with *prefix*, less any trailing characters that what follows
        could change (``"foo"`` keeps ``"fo"``; see ``string_prefix_full``)."""
        if not isinstance(prefix, str):
            raise CtyTypeError(f"a string prefix is a str, not {type(prefix).__name__}")
        return self.string_prefix_full(safe_known_prefix(prefix))

    def string_prefix_full(self, prefix: str, /) -> RefinementBuilder:
        """The string starts with *prefix* exactly: only for a caller who knows that what
        follows cannot combine with the prefix's last characters."""
        if not isinstance(prefix, str):
            raise CtyTypeError(f"a string prefix is a str, not {type(prefix).__name__}")
        if not self._refineable():
            return self
        self._want("string", "string prefix")
        prefix = normalize_string(prefix)
        p = self._orig._v
        if p is not None and p.__class__ is not Unknown and not p.startswith(prefix):
            # go-cty compares only the common length, so it lets "a" refine a known "":
            # a refinement the value contradicts (docs/design/divergences.md)
            raise CtyValueError("refined prefix is inconsistent with known value")
        if not _agree(self._prefix, prefix):
            raise CtyValueError("refined prefix is inconsistent with previous refined prefix")
        if len(prefix) > len(self._prefix):
            self._prefix = prefix
        return self

    # --- the result -----------------------------------------------------------------------------

    def new_value(self) -> Value:
        """Return the refined value (with the original's marks)."""
        v = self._new_value()
        return v.with_marks(self._marks) if self._marks else v

    def _new_value(self) -> Value:
        orig = self._orig
        if orig._v.__class__ is not Unknown or orig is DynamicVal or self._kind == "ignored":
            return orig
        ty = orig._ty
        if self._null is True:
            return make(ty, None)
        if self._null is False:
            if self._kind == "number" and self._min_inc and self._max_inc and \
                    self._min is not None and self._max is not None:
                eq = make(Number, self._min).equals(make(Number, self._max))
                if eq.is_known() and eq.true():
                    return make(Number, self._min)
            if self._kind == "collection" and self._len_min == self._len_max:
                n = self._len_min
                if n == 0:
                    return make(ty, EMPTY_SET if ty.is_set_type() else
                                {} if ty.is_map_type() else ())
                if ty.is_list_type() and n <= MAX_KNOWN_LIST_LENGTH:
                    return make(ty, (UNKNOWN,) * n)
                if ty.is_set_type() and n == 1:
                    return make(ty, SetPayload((UNKNOWN,)))
        return make(ty, Unknown(self._refinement()), NO_MARKS)

    def _refinement(self) -> Refinement:
        kind = self._kind
        return Refinement(
            self._null,
            prefix=self._prefix if kind == "string" else "",
            min=self._min if kind == "number" else None,
            min_inclusive=self._min_inc if kind == "number" else False,
            max=self._max if kind == "number" else None,
            max_inclusive=self._max_inc if kind == "number" else False,
            length_min=self._len_min if kind == "collection" else 0,
            length_max=(None if kind != "collection" or self._len_max == MAX_INT
                        else self._len_max),
        )


def _bound(b: object, which: str) -> Value | None:
    """Return the bound *b* (a known, non-null number value), or None when it is unknown."""
    check_value(b, f"the {which} bound")
    assert isinstance(b, Value)
    if b._marks:
        raise CtyValueError(f"number range {which} bound must not be marked")
    if b._ty is not Number:
        raise CtyTypeError(f"number range {which} bound must be a number, not "
                           f"{b._ty.friendly_name()}")
    if b._v.__class__ is Unknown:
        return None
    if b._v is None:
        raise CtyValueError(f"number range {which} bound must not be null")
    return b


def _length(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise CtyTypeError(f"a collection length bound is an int, not {type(n).__name__}")
    if not 0 <= n <= MAX_INT:
        raise CtyValueError(f"a collection length bound must be between 0 and {MAX_INT}, "
                            f"not {n}")
    return int(n)


def _agree(a: str, b: str) -> bool:
    """Return whether one of *a* and *b* starts with the other."""
    return a.startswith(b) if len(a) >= len(b) else b.startswith(a)


def refine(self: Value) -> RefinementBuilder:
    """Return a builder that narrows the range of this value (go-cty's Refine); end the
    chain with ``new_value()``.

    >>> cty.unknown_val(cty.Number).refine().number_range_inclusive(
    ...     cty.Zero, cty.number_int_val(10)).new_value().range().number_upper_bound()
    (cty.number_val(10), True)
    """
    return RefinementBuilder(self)


def refine_with(v: Value, *refiners: Callable[[RefinementBuilder], RefinementBuilder]) -> Value:
    """Return *v* refined by passing its builder through each of *refiners* in turn (each must
    return the builder it was given)."""
    if not refiners:
        return v
    builder = RefinementBuilder(v)
    for refiner in refiners:
        if refiner(builder) is not builder:
            raise CtyValueError("refiner callback returned a different builder")
    return builder.new_value()
