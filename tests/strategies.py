"""Hypothesis strategies for cty types and values.

Values are built only through the public constructors, so every generated value is one a user
could build. Sizes stay small (collections of at most three elements, types two levels deep by
default) so that properties run quickly.
"""

from __future__ import annotations

from collections.abc import Hashable

from hypothesis import strategies as st

import cty

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

PRIMITIVE_TYPES = (cty.String, cty.Number, cty.Bool)
ATTRIBUTE_NAMES = ("a", "b", "name", "\xe9", "it's")
"""Attribute names and map keys; distinct after NFC normalisation."""
MARKS: tuple[Hashable, ...] = ("sensitive", "ephemeral", 1, ("tag", 2))
"""Marks: any hashable object whose repr rebuilds it."""

MAX_SIZE = 3

attribute_names = st.sampled_from(ATTRIBUTE_NAMES)


def types(
    max_depth: int = 2, *, dynamic: bool = True, optional: bool = True
) -> st.SearchStrategy[cty.Type]:
    """Return a strategy for types nested at most *max_depth* levels.

    With *dynamic*, DynamicPseudoType may appear anywhere; with *optional*, object types may
    have optional attributes.
    """
    leaves = [*PRIMITIVE_TYPES, cty.DynamicPseudoType] if dynamic else list(PRIMITIVE_TYPES)
    base = st.sampled_from(leaves)
    if max_depth <= 0:
        return base
    inner = types(max_depth - 1, dynamic=dynamic, optional=optional)
    attrs = st.dictionaries(attribute_names, inner, max_size=MAX_SIZE)
    objects = attrs.map(cty.Object)
    if optional:
        objects = st.one_of(
            objects,
            attrs.flatmap(
                lambda a: (
                    st.lists(st.sampled_from(sorted(a)), unique=True).map(
                        lambda opt: cty.ObjectWithOptionalAttrs(a, opt)
                    )
                    if a
                    else st.just(cty.EmptyObject)
                )
            ),
        )
    return st.one_of(
        base,
        inner.map(cty.List),
        inner.map(cty.Set),
        inner.map(cty.Map),
        st.lists(inner, max_size=MAX_SIZE).map(cty.Tuple),
        objects,
    )


strings = st.text(
    # ASCII, quotes and escapes, NFC and NFD forms of é, a combining mark alone, U+2028, an emoji
    alphabet=st.sampled_from(
        ["a", "b", "z", " ", '"', "\\", "\n", "\xe9", "e", "\u0301", "\u2028", "\U0001f600"]
    ),
    max_size=5,
).map(cty.string_val)

numbers = st.one_of(
    st.integers(-(2**63), 2**63 - 1).map(cty.number_int_val),
    st.integers(-(2**80), 2**80).map(cty.number_val),
    st.floats(allow_nan=False).map(cty.number_float_val),
    st.decimals(
        allow_nan=False, allow_infinity=False, places=3, min_value=-(10**6), max_value=10**6
    ).map(lambda d: cty.parse_number_val(str(d))),
    # numbers that are equal although their payloads differ, and go-cty's singletons
    st.sampled_from(
        [
            cty.Zero,
            cty.number_int_val(0),
            cty.must_parse_number_val("-0"),
            cty.number_float_val(-0.0),
            cty.number_int_val(1),
            cty.number_float_val(1.0),
            cty.must_parse_number_val("1"),
            cty.must_parse_number_val("1.2"),
            cty.number_float_val(1.2),
            cty.number_int_val(1).divide(cty.number_int_val(3)),
            cty.PositiveInfinity,
            cty.NegativeInfinity,
        ]
    ),
)

bools = st.sampled_from([cty.True_, cty.False_])

mark_sets = st.frozensets(st.sampled_from(MARKS), max_size=2)


def known_values(
    ty: cty.Type, *, nulls: bool = True, unknowns: bool = True, marks: bool = True
) -> st.SearchStrategy[cty.Value]:
    """Return a strategy for known, non-null, unmarked values of *ty*.

    Their elements and attributes may be null, unknown or marked, as the flags allow (see
    values()). DynamicPseudoType has no known values: it gives DynamicVal or a dynamic null.
    """

    def elem(t: cty.Type) -> st.SearchStrategy[cty.Value]:
        return values(t, nulls=nulls, unknowns=unknowns, marks=marks)

    if ty is cty.String:
        return strings
    if ty is cty.Number:
        return numbers
    if ty is cty.Bool:
        return bools
    if ty is cty.DynamicPseudoType:
        return st.sampled_from([cty.DynamicVal, cty.null_val(cty.DynamicPseudoType)])
    if ty.is_list_type() or ty.is_set_type():
        ety = ty.element_type()
        make, empty = (
            (cty.list_val, cty.list_val_empty)
            if ty.is_list_type()
            else (cty.set_val, cty.set_val_empty)
        )
        # a set takes its elements' marks; unmark it, as promised
        return st.lists(elem(ety), max_size=MAX_SIZE).map(
            lambda xs: (make(xs) if xs else empty(ety)).unmark()[0]
        )
    if ty.is_map_type():
        ety = ty.element_type()
        return st.dictionaries(attribute_names, elem(ety), max_size=MAX_SIZE).map(
            lambda d: cty.map_val(d) if d else cty.map_val_empty(ety)
        )
    if ty.is_tuple_type():
        return st.tuples(*[elem(t) for t in ty.tuple_element_types()]).map(cty.tuple_val)
    if ty.is_object_type():
        attrs = ty.without_optional_attributes_deep().attribute_types()
        return st.fixed_dictionaries({k: elem(t) for k, t in attrs.items()}).map(cty.object_val)
    raise TypeError(f"no strategy for values of {ty!r}")


def values(
    ty: cty.Type, *, nulls: bool = True, unknowns: bool = True, marks: bool = True
) -> st.SearchStrategy[cty.Value]:
    """Return a strategy for values of *ty*: known, and (as the flags allow) null, unknown and
    marked, at any depth.

    Without *unknowns*, DynamicPseudoType slots still hold DynamicVal or a dynamic null.
    A set takes its elements' marks at construction, so a set's elements are never marked.
    Optional-attribute markers are dropped from *ty* (they mean something to conversion only,
    and values built by the constructors never carry them).
    """
    ty = ty.without_optional_attributes_deep()
    known = known_values(ty, nulls=nulls, unknowns=unknowns, marks=marks)
    choices = [known, known, known]  # mostly known, so that nesting gets deep
    if nulls:
        choices.append(st.just(cty.null_val(ty)))
    if unknowns:
        choices.append(st.just(cty.unknown_val(ty)))
    plain = st.one_of(choices)
    if not marks:
        return plain
    return st.tuples(plain, mark_sets).map(lambda vm: vm[0].with_marks(vm[1]))


def any_values(max_depth: int = 2, **kwargs: bool) -> st.SearchStrategy[cty.Value]:
    """Return a strategy for values of any type from types(max_depth)."""
    return types(max_depth).flatmap(lambda t: values(t, **kwargs))
