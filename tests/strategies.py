"""Hypothesis strategies for the library's own property tests: those of cty.testing.strategies
(one source of generated values for the library and its users), and two shorthands."""

from __future__ import annotations

from hypothesis import strategies as st

import cty
from cty.testing.strategies import (
    ATTRIBUTE_NAMES,
    MARKS,
    PRIMITIVE_TYPES,
    attribute_names,
    bools,
    mark_sets,
    numbers,
    strings,
    types,
    values,
)

__all__ = [
    "ATTRIBUTE_NAMES",
    "MARKS",
    "PRIMITIVE_TYPES",
    "any_values",
    "attribute_names",
    "bools",
    "known_values",
    "mark_sets",
    "numbers",
    "strings",
    "types",
    "values",
]


def known_values(ty: cty.Type, *, nulls: bool = True, unknowns: bool = True,
                 marks: bool = True) -> st.SearchStrategy[cty.Value]:
    """Known, non-null, unmarked values of *ty* (null, unknown or marked inside as the flags
    allow)."""
    return values(ty, nulls=nulls, unknowns=unknowns, marks=marks).map(
        lambda v: v.unmark()[0]).filter(lambda v: v.is_known() and not v.is_null())


def any_values(max_depth: int = 2, **kwargs: bool) -> st.SearchStrategy[cty.Value]:
    """Values of any type from types(max_depth)."""
    return types(max_depth).flatmap(lambda t: values(t, **kwargs))
