"""Laws of cty.convert, checked with Hypothesis (derandomized under CI: tests/conftest.py
loads the "ci" profile when CI is set)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import cty
from cty.convert import convert, get_conversion, get_conversion_unsafe, unify, unify_unsafe

from ._strategies import (
    mark_leaves,
    real_conversion_cases,
    targets,
    typed_values,
    types,
    values,
)

pytestmark = pytest.mark.slow  # hypothesis over generated conversions


@st.composite
def values_and_targets(draw: st.DrawFn, keep_all: bool = False,
                       nested_dynamic: bool = True) -> tuple[cty.Value, cty.Type]:
    v = draw(typed_values())
    want = draw(targets(v.type(), keep_all))
    if not nested_dynamic:
        assume(want is cty.DynamicPseudoType or not want.has_dynamic_types())
    return v, want


def _conforms(v: cty.Value, want: cty.Type) -> bool:
    return v.type().test_conformance(want.without_optional_attributes_deep()) == []


# A target with DynamicPseudoType inside makes the result type depend on the value (an empty
# list converts to list(dynamic), a known one to the type of its elements), so go-cty's "safe"
# conversions to, say, a set of such lists can fail at run time with "element types must all
# match"; the law holds for concrete targets.
@given(values_and_targets(nested_dynamic=False))
def test_a_safe_conversion_succeeds_for_every_value(case: tuple[cty.Value, cty.Type]) -> None:
    v, want = case
    conv = get_conversion(v.type(), want)
    assume(conv is not None)
    assert conv is not None

    got = conv(v)

    assert _conforms(got, want)


@given(values_and_targets())
def test_an_unsafe_conversion_succeeds_or_raises_a_path_error(
        case: tuple[cty.Value, cty.Type]) -> None:
    v, want = case
    conv = get_conversion_unsafe(v.type(), want)
    assume(conv is not None)
    assert conv is not None

    try:
        got = conv(v)
    except cty.PathError as e:
        assert e.message
        return
    assert _conforms(got, want)


@given(typed_values())
def test_converting_to_the_own_type_returns_the_value(v: cty.Value) -> None:
    assert convert(v, v.type()) is v


@given(typed_values())
def test_converting_to_dynamic_returns_the_value(v: cty.Value) -> None:
    conv = get_conversion(v.type(), cty.DynamicPseudoType)
    assert conv is not None

    assert conv(v) is v


@given(values_and_targets(keep_all=True, nested_dynamic=False))
def test_conversion_never_loses_marks(case: tuple[cty.Value, cty.Type]) -> None:
    v, want = case
    conv = get_conversion(v.type(), want)
    assume(conv is not None)
    assert conv is not None
    _, marks = v.unmark_deep()

    got = conv(v)

    assert got.marks() >= v.marks()
    assert got.unmark_deep()[1] >= marks


@given(values_and_targets())
def test_top_level_marks_are_kept(case: tuple[cty.Value, cty.Type]) -> None:
    v, want = case
    conv = get_conversion_unsafe(v.type(), want)
    assume(conv is not None)
    assert conv is not None
    v = v.mark("top")

    try:
        got = conv(v)
    except cty.PathError:
        return
    assert "top" in got.marks()


def _holds_a_set(t: cty.Type) -> bool:
    if t.is_set_type():
        return True
    if t.is_list_type() or t.is_map_type():
        return _holds_a_set(t.element_type())
    if t.is_object_type():
        return any(map(_holds_a_set, t.attribute_types().values()))
    if t.is_tuple_type():
        return any(map(_holds_a_set, t.tuple_element_types()))
    return False


def _known_leaves(v: cty.Value) -> int:
    found: list[int] = []

    def visit(_: cty.Path, x: cty.Value) -> bool:
        x = x.unmark()[0] if x.is_marked() else x
        if x.type().is_primitive_type() and x.is_known() and not x.is_null():
            found.append(1)
        return True

    cty.walk(v, visit)
    return len(found)


# The laws above hold for any pair, but most pairs hypothesis draws convert as the identity or
# not at all. These build pairs that go-cty converts safely and never as the identity, so the
# interesting case is every case, not a few percent of them.
@given(real_conversion_cases())
def test_a_real_safe_conversion_does_its_work(case: tuple[cty.Value, cty.Type]) -> None:
    v, want = case
    conv = get_conversion(v.type(), want)
    assert conv is not None, f"{v.type().friendly_name()} -> {want.friendly_name()}"

    got = conv(v)

    assert _conforms(got, want)
    assert got.type() != v.type()
    assert convert(v, want) == got
    # every number and bool became a string: none is invented; none is lost unless a set
    # merges equal results or a set holding an unknown becomes an unknown list
    assert _known_leaves(got) <= _known_leaves(v)
    if v.is_wholly_known() and not _holds_a_set(want):
        assert _known_leaves(got) == _known_leaves(v)


@given(real_conversion_cases())
def test_a_real_conversion_keeps_the_marks_of_every_leaf(
        case: tuple[cty.Value, cty.Type]) -> None:
    v, want = case
    marked = mark_leaves(v.mark("top"), "leaf")
    conv = get_conversion(v.type(), want)
    assert conv is not None

    got = conv(marked)

    assert "top" in got.marks()
    _, deep_marks = got.unmark_deep()
    assert ("leaf" in deep_marks) == (_known_leaves(v) > 0)


@st.composite
def values_of_types(draw: st.DrawFn) -> list[cty.Value]:
    # As above: DynamicPseudoType inside a type can make go-cty's conversions fail at run
    # time, so the types here hold none (DynamicPseudoType itself may be one of them).
    base = draw(types(2, dynamic=False))
    more = st.one_of(types(2, dynamic=False), targets(base), st.just(cty.DynamicPseudoType))
    tys = [base, *draw(st.lists(more, min_size=1, max_size=3))]
    tys = [t.without_optional_attributes_deep() for t in tys]
    assume(all(t is cty.DynamicPseudoType or not t.has_dynamic_types() for t in tys))
    return [draw(values(t)) for t in tys]


@given(values_of_types())
def test_unify_accepts_every_input_through_its_conversion(vals: list[cty.Value]) -> None:
    ty, convs = unify([v.type() for v in vals])
    assume(ty is not None)
    assert ty is not None and convs is not None

    for v, conv in zip(vals, convs, strict=True):
        got = v if conv is None else conv(v)
        assert got.type().test_conformance(ty) == []


@given(st.lists(types(2), min_size=1, max_size=4), st.randoms())
def test_unify_ignores_input_order(tys: list[cty.Type], rnd: st.SearchStrategy) -> None:
    shuffled = list(tys)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]

    assert unify(tys)[0] == unify(shuffled)[0]
    assert unify_unsafe(tys)[0] == unify_unsafe(shuffled)[0]
