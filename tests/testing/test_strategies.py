"""cty.testing.strategies: every type constructor and value kind comes up within a fixed number
of examples; conforming values conform; Python data converts; bad arguments are clear errors."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
from cty.testing import strategies as cst

from .._examples import examples


@dataclass(frozen=True)
class Blob:
    """The object a capsule type wraps."""

    n: int


BLOB = cty.Capsule("blob", Blob)
CAPSULES = {BLOB: st.integers(0, 9).map(Blob)}


def _type_kinds(t: cty.Type, out: set[str]) -> None:
    if t.is_primitive_type():
        out.add(t.friendly_name())
    elif t is cty.DynamicPseudoType:
        out.add("dynamic")
    elif t.is_capsule_type():
        out.add("capsule")
    elif t.is_list_type() or t.is_set_type() or t.is_map_type():
        out.add(t.friendly_name().split()[0])
        _type_kinds(t.element_type(), out)
    elif t.is_tuple_type():
        out.add("tuple")
        for e in t.tuple_element_types():
            _type_kinds(e, out)
    else:
        out.add("object with optional attributes" if t.optional_attributes() else "object")
        for a in t.attribute_types().values():
            _type_kinds(a, out)


def _value_kinds(v: cty.Value, out: set[str]) -> None:
    for _, e in cty.deep_values(v):
        u, marks = e.unmark()
        if marks:
            out.add("marked")
        if not u.is_known():
            out.add("unknown")
            if "refine" in repr(u):
                out.add("refined unknown")
            if u is cty.DynamicVal or u.type() is cty.DynamicPseudoType:
                out.add("DynamicVal")
        elif u.is_null():
            out.add("null")
        else:
            t = u.type()
            out.add("capsule value" if t.is_capsule_type() else "known")
            if (t.is_collection_type() or t.is_tuple_type()) and u.length_int() == 0:
                out.add("empty")


ALL_TYPES = {"string", "number", "bool", "dynamic", "capsule", "list", "set", "map", "tuple",
             "object", "object with optional attributes"}
ALL_VALUES = {"known", "null", "unknown", "refined unknown", "marked", "DynamicVal", "empty",
              "capsule value"}


@pytest.mark.slow
def test_every_constructor_and_value_kind_within_600_examples() -> None:
    seen_types: set[str] = set()
    seen_values: set[str] = set()

    @settings(max_examples=examples(600), derandomize=True, database=None)
    @given(cst.types(capsules=CAPSULES).flatmap(
        lambda t: st.tuples(st.just(t), cst.values(t, capsules=CAPSULES))))
    def collect(tv: tuple[cty.Type, cty.Value]) -> None:
        t, v = tv
        _type_kinds(t, seen_types)
        _value_kinds(v, seen_values)
        assert not v.type().test_conformance(t.without_optional_attributes_deep())

    collect()
    assert seen_types == ALL_TYPES
    assert seen_values == ALL_VALUES


def test_the_flags_keep_out_what_they_say() -> None:
    @settings(max_examples=examples(150), derandomize=True, database=None)
    @given(cst.values(nulls=False, unknowns=False, marks=False))
    def plain(v: cty.Value) -> None:
        kinds: set[str] = set()
        _value_kinds(v, kinds)
        assert not kinds & {"null", "marked"} and kinds - {"DynamicVal", "unknown"} <= {
            "known", "empty"}

    @settings(max_examples=examples(150), derandomize=True, database=None)
    @given(cst.types(dynamic=False, optional_attrs=False))
    def no_dynamic(t: cty.Type) -> None:
        kinds: set[str] = set()
        _type_kinds(t, kinds)
        assert not kinds & {"dynamic", "object with optional attributes", "capsule"}

    @settings(max_examples=examples(100), derandomize=True, database=None)
    @given(cst.values(cty.List(cty.String), marks=["only-this"]))
    def own_marks(v: cty.Value) -> None:
        _, found = v.unmark_deep()
        assert found <= {"only-this"}

    plain()
    no_dynamic()
    own_marks()


def _leaves(v: cty.Value) -> list[cty.Value]:
    return [e.unmark()[0] for _, e in cty.deep_values(v)]


def test_the_options_give_what_they_say() -> None:
    from cty import _number

    @settings(max_examples=examples(150), derandomize=True, database=None)
    @given(cst.values(cty.Map(cty.List(cty.String)), names=st.just("k"), text=st.just("zz"),
                      marks=st.just(frozenset({"m"})), refinements=False))
    # (without refinements: an unknown list of length 1 is a list of one unmarked unknown)
    def names_text_marks(v: cty.Value) -> None:
        for e in _leaves(v):
            if e.type().is_map_type() and e.is_known() and not e.is_null():
                assert set(e.as_value_map()) <= {"k"}
            if e.type() is cty.String and e.is_known() and not e.is_null():
                assert e.as_string() == "zz"
        for _, e in cty.deep_values(v):  # every value is marked
            assert e.marks() == {"m"}

    @settings(max_examples=examples(300), derandomize=True, database=None)
    @given(cst.values(cty.Tuple([cty.Number, cty.List(cty.Number)]), infinities=False,
                      any_precision=False))
    def numbers_for_the_wire(v: cty.Value) -> None:
        for e in _leaves(v):
            if e.type() is cty.Number and e.is_known() and not e.is_null():
                assert not _number.is_inf(e._v)
                assert e._v.__class__ is int or _number.precision(e._v) in (53, 512)

    @settings(max_examples=examples(100), derandomize=True, database=None)
    @given(cst.types(names=cst.unicode_names))
    def unicode_names(t: cty.Type) -> None:
        for name in (t.attribute_types() if t.is_object_type() else {}):
            assert name == unicodedata.normalize("NFC", name)

    names_text_marks()
    numbers_for_the_wire()
    unicode_names()


@pytest.mark.slow
def test_wire_values_survive_msgpack() -> None:
    # what any_precision=False promises: numbers, and refined unknowns' bounds, that msgpack
    # gives back unchanged (far-out bounds would not fit its 1024-byte refinements)
    from cty.encoding import msgpack

    @settings(max_examples=examples(300), derandomize=True, database=None)
    @given(st.lists(cst.values(cty.Number, marks=False, any_precision=False), min_size=20,
                    max_size=20))
    def survive(vs: list[cty.Value]) -> None:
        for v in vs:
            assert msgpack.unmarshal(msgpack.marshal(v, cty.Number), cty.Number) == v

    survive()


def test_numbers_come_in_every_precision() -> None:
    from cty import _number

    seen: set[int] = set()

    @settings(max_examples=examples(300), derandomize=True, database=None)
    @given(cst.numbers)
    def collect(n: cty.Value) -> None:
        seen.add(_number.precision(n._v))

    collect()
    assert {53, 64, 512} <= seen and any(p > 512 for p in seen) and any(p < 53 for p in seen)


def test_conforming_values_may_be_null_or_unknown_where_a_type_is_dynamic() -> None:
    seen: set[str] = set()

    @settings(max_examples=examples(200), derandomize=True, database=None)
    @given(cst.values_conforming(cty.List(cty.DynamicPseudoType), marks=False))
    def collect(v: cty.Value) -> None:
        seen.add("null" if v.is_null() else "unknown" if not v.is_known() else
                 "empty" if v.length_int() == 0 else "elements")
        assert not v.type().test_conformance(cty.List(cty.DynamicPseudoType))
        if v.is_null() or not v.is_known() or v.length_int() == 0:
            assert v.type() == cty.List(cty.DynamicPseudoType)

    collect()
    assert seen == {"null", "unknown", "empty", "elements"}


@settings(max_examples=examples(300))
@given(cst.types(max_depth=3).flatmap(
    lambda t: st.tuples(st.just(t), cst.values_conforming(t))))
@pytest.mark.slow
def test_conforming_values_conform(tv: tuple[cty.Type, cty.Value]) -> None:
    t, v = tv
    assert not v.type().test_conformance(t.without_optional_attributes_deep())
    if not t.has_dynamic_types():
        assert v.type() == t.without_optional_attributes_deep()


@settings(max_examples=examples(500))
@given(cst.types(max_depth=3).flatmap(
    lambda t: st.tuples(st.just(t), cst.python_data_for(t))))
@pytest.mark.slow
def test_python_data_converts_to_its_type(td: tuple[cty.Type, object]) -> None:
    t, data = td
    v = cty.from_python(data, t)
    assert not v.type().test_conformance(t.without_optional_attributes_deep())


def test_shrinking_goes_to_small_types_and_values() -> None:
    from hypothesis import find

    assert find(cst.types(), lambda t: True) is cty.String
    assert find(cst.types(), lambda t: t.is_list_type()) == cty.List(cty.String)
    assert find(cst.values(cty.List(cty.Number)), lambda v: True) == cty.null_val(
        cty.List(cty.Number))
    small = find(cst.values(cty.List(cty.Number)), lambda v: v.is_known() and not v.is_null())
    assert small == cty.list_val_empty(cty.Number)


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(cty.CtyValueError):
        cst.types(max_depth=-1)
    with pytest.raises(cty.CtyTypeError):
        cst.types(capsules={cty.String: st.none()})
    with pytest.raises(cty.CtyTypeError):
        cst.values("string")  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        cst.values(cty.String, marks="secret")  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        cst.python_data_for(None)  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError, match="names is a strategy"):
        cst.types(names=["a"])  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError, match="text is a strategy"):
        cst.values(cty.String, text="a")  # type: ignore[arg-type]
    with pytest.raises(cty.CtyValueError, match="no strategy for the objects of capsule"):
        cst.values(BLOB).example()
