"""Hypothesis strategies for the cty.convert properties: types, values of a type (nulls,
unknowns, refinements and marks included), and conversion targets derived from a type."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import cty
from cty import Bool, DynamicPseudoType, List, Map, Number, Object, Set, String, Tuple
from cty.testing import strategies as cst

NAMES = ["a", "b", "c", "é"]
MARKS = ["m1", "m2", "sensitive"]

primitive_types = st.sampled_from([String, Number, Bool])


def types(max_depth: int = 3, dynamic: bool = True) -> st.SearchStrategy[cty.Type]:
    """Value types (cty.testing.strategies.types) with no optional attributes: one level of
    nesting for *max_depth* 2 or less (small enough to unify often), else two."""
    return cst.types(1 if max_depth <= 2 else 2, dynamic=dynamic, optional_attrs=False)


def values(ty: cty.Type, depth: int = 0, marks: bool = True,
           known: bool = False) -> st.SearchStrategy[cty.Value]:
    """Values of type *ty* (cty.testing.strategies.values: nulls, refined unknowns and marks
    inside); *known*: not null or unknown at the top."""
    out = cst.values(ty, marks=MARKS if marks else False)
    if known:
        out = out.filter(lambda v: v.unmark()[0].is_known() and not v.unmark()[0].is_null())
    return out


@st.composite
def typed_values(draw: Any, marks: bool = True) -> cty.Value:
    """Return a strategy for values of any type."""
    return draw(values(draw(types()), marks=marks))


@st.composite
def targets(draw: Any, ty: cty.Type, keep_all: bool = False) -> cty.Type:
    """Return a strategy for types that values of *ty* might convert to.

    With *keep_all*, the targets keep every attribute and element (no object attribute is
    dropped), so a conversion to them keeps every mark.
    """
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return DynamicPseudoType
    if choice == 1:
        return ty
    if ty.is_primitive_type():
        return draw(st.sampled_from([String, Number, Bool]))
    if ty is DynamicPseudoType:
        return draw(types(2))
    if ty.is_list_type() or ty.is_set_type():
        coll = draw(st.sampled_from([List, Set]))
        return coll(draw(targets(ty.element_type(), keep_all)))
    if ty.is_map_type():
        et = draw(targets(ty.element_type(), keep_all))
        if not keep_all and draw(st.booleans()):
            names = draw(st.lists(st.sampled_from(NAMES), max_size=3, unique=True))
            optional = draw(st.lists(st.sampled_from(names), unique=True)) if names else []
            return cty.ObjectWithOptionalAttrs(dict.fromkeys(names, et), optional)
        return Map(et)
    if ty.is_tuple_type():
        etys = ty.tuple_element_types()
        kind = draw(st.integers(0, 2))
        if kind == 0 or not etys:
            return Tuple([draw(targets(t, keep_all)) for t in etys])
        coll = List if kind == 1 else Set
        return coll(draw(st.one_of(st.just(DynamicPseudoType), targets(etys[0], keep_all))))
    attrs = ty.attribute_types()
    if attrs and draw(st.booleans()):
        return Map(draw(st.one_of(st.just(DynamicPseudoType),
                                  targets(next(iter(attrs.values())), keep_all))))
    kept = {k: draw(targets(t, keep_all)) for k, t in attrs.items()
            if keep_all or draw(st.booleans())}
    extra = [n for n in NAMES if n not in attrs and draw(st.booleans())]
    out = dict(kept)
    for n in extra:
        out[n] = draw(types(1, dynamic=False))
    return cty.ObjectWithOptionalAttrs(out, extra)


# --- conversions that do real work, by construction ----------------------------------------------

_LEAF_CONVERSIONS: list[tuple[cty.Type, cty.Type]] = [(Number, String), (Bool, String)]


def real_conversions(max_leaves: int = 4) -> st.SearchStrategy[tuple[cty.Type, cty.Type]]:
    """Return a strategy for (source, target) type pairs that go-cty converts safely and never
    as the identity: every leaf changes (a number or bool becomes a string) and containers may
    change kind (a set to a list, a tuple to a list or set, an object to a map or to an object
    with extra optional attributes; a list to a set is unsafe in go-cty). No
    DynamicPseudoType: the target fixes the result type."""
    return st.recursive(
        st.sampled_from(_LEAF_CONVERSIONS),
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from([(List, List), (Set, Set), (Set, List)])).map(
                lambda t: (t[1][0](t[0][0]), t[1][1](t[0][1]))),
            inner.map(lambda p: (Map(p[0]), Map(p[1]))),
            st.lists(inner, min_size=1, max_size=3).map(
                lambda ps: (Tuple([s for s, _ in ps]), Tuple([t for _, t in ps]))),
            _tuples_to_collections(inner),
            _objects_to_objects(inner),
            _objects_to_maps(inner),
        ),
        max_leaves=max_leaves,
    )


def _tuples_to_collections(inner: st.SearchStrategy[tuple[cty.Type, cty.Type]],
                           ) -> st.SearchStrategy[tuple[cty.Type, cty.Type]]:
    # every element converts to the one element type: the same pair, repeated
    return st.tuples(inner, st.integers(1, 3), st.sampled_from([List, Set])).map(
        lambda t: (Tuple([t[0][0]] * t[1]), t[2](t[0][1])))


def _objects_to_maps(inner: st.SearchStrategy[tuple[cty.Type, cty.Type]],
                     ) -> st.SearchStrategy[tuple[cty.Type, cty.Type]]:
    return st.tuples(inner, st.lists(st.sampled_from(NAMES), min_size=1, unique=True)).map(
        lambda t: (Object(dict.fromkeys(t[1], t[0][0])), Map(t[0][1])))


@st.composite
def _objects_to_objects(draw: Any, inner: st.SearchStrategy[tuple[cty.Type, cty.Type]],
                        ) -> tuple[cty.Type, cty.Type]:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True))
    pairs = {n: draw(inner) for n in names}
    extra = [n for n in NAMES if n not in pairs and draw(st.booleans())]
    target = {n: t for n, (_, t) in pairs.items()}
    target.update({n: draw(types(1, dynamic=False)) for n in extra})
    return (Object({n: s for n, (s, _) in pairs.items()}),
            cty.ObjectWithOptionalAttrs(target, extra))


@st.composite
def real_conversion_cases(draw: Any) -> tuple[cty.Value, cty.Type]:
    """Return (value, target) where the value's type converts safely, and not as the identity,
    to the target. The value is known at the top (nulls and unknowns may be inside)."""
    source, target = draw(real_conversions())
    return draw(values(source, depth=1, marks=False, known=True)), target


def mark_leaves(v: cty.Value, mark: str) -> cty.Value:
    """Return *v* with every known primitive leaf (a string, number or bool) marked."""
    return cty.transform(v, lambda _, x: x.mark(mark)
                         if x.type().is_primitive_type() and x.is_known() and not x.is_null()
                         else x)
