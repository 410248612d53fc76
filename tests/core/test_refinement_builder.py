"""v.refine(): go-cty 1.18's TestValueRefine table, case for case, and the builder's edges.

Each case builds a value with the builder and names the value go-cty gives, written as
go-cty's GoString of it (so the expectation does not come from the builder under test), or
the panic text go-cty gives, which we raise as CtyValueError.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import cty

S, N, Z = cty.String, cty.Number, cty.Zero
U = cty.unknown_val


def n(i: int) -> cty.Value:
    return cty.number_int_val(i)


CASES: list[tuple[str, Callable[[], cty.Value], str]] = [
    ("DynamicVal silently ignores all refinements",
     lambda: cty.DynamicVal.refine().not_null().string_prefix("beep")
     .number_range_inclusive(Z, n(10)).collection_length(5).new_value(),
     "cty.DynamicVal"),
    ("untyped null can be refined as being null",
     lambda: cty.null_val(cty.DynamicPseudoType).refine().null().new_value(),
     "cty.NullVal(cty.DynamicPseudoType)"),
    ("untyped null cannot be refined as being non-null",
     lambda: cty.null_val(cty.DynamicPseudoType).refine_not_null(),
     "panic: refining null value as non-null"),
    ("unknown object can be refined non-null", lambda: U(cty.EmptyObject).refine_not_null(),
     "cty.UnknownVal(cty.EmptyObject).RefineNotNull()"),
    ("unknown tuple can be refined non-null", lambda: U(cty.EmptyTuple).refine_not_null(),
     "cty.UnknownVal(cty.EmptyTuple).RefineNotNull()"),
    ("unknown list can be refined non-null", lambda: U(cty.List(S)).refine_not_null(),
     "cty.UnknownVal(cty.List(cty.String)).RefineNotNull()"),
    ("unknown map can be refined non-null", lambda: U(cty.Map(S)).refine_not_null(),
     "cty.UnknownVal(cty.Map(cty.String)).RefineNotNull()"),
    ("unknown set can be refined non-null", lambda: U(cty.Set(S)).refine_not_null(),
     "cty.UnknownVal(cty.Set(cty.String)).RefineNotNull()"),
    ("unknown string can be refined non-null", lambda: U(S).refine_not_null(),
     "cty.UnknownVal(cty.String).RefineNotNull()"),
    ("unknown number can be refined non-null", lambda: U(N).refine_not_null(),
     "cty.UnknownVal(cty.Number).RefineNotNull()"),
    ("unknown bool can be refined non-null", lambda: U(cty.Bool).refine_not_null(),
     "cty.UnknownVal(cty.Bool).RefineNotNull()"),
    ("known null value can have its nullness confirmed",
     lambda: cty.null_val(cty.Bool).refine().null().new_value(), "cty.NullVal(cty.Bool)"),
    ("known null value cannot be refined as not null",
     lambda: cty.null_val(cty.Bool).refine_not_null(),
     "panic: refining null value as non-null"),
    # strings
    ("unknown string can be refined with a prefix",
     lambda: U(S).refine().string_prefix("foo-").new_value(),
     'cty.UnknownVal(cty.String).Refine().StringPrefixFull("foo-").NewValue()'),
    ("string prefix gets truncated if it might combine (latin diacritics)",
     lambda: U(S).refine().string_prefix("foo").new_value(),
     'cty.UnknownVal(cty.String).Refine().StringPrefixFull("fo").NewValue()'),
    ("string prefix gets truncated if it might combine (emoji sequences)",
     lambda: U(S).refine().string_prefix("a\U0001f636").new_value(),
     'cty.UnknownVal(cty.String).Refine().StringPrefixFull("a").NewValue()'),
    ("string prefix forced despite possibility of combining",
     lambda: U(S).refine().string_prefix_full("foo").new_value(),
     'cty.UnknownVal(cty.String).Refine().StringPrefixFull("foo").NewValue()'),
    ("a string prefix can be extended",
     lambda: U(S).refine().string_prefix_full("foo-").string_prefix_full("foo-bar-")
     .new_value(),
     'cty.UnknownVal(cty.String).Refine().StringPrefixFull("foo-bar-").NewValue()'),
    ("cannot provide a string prefix that conflicts with existing refinement",
     lambda: U(S).refine().string_prefix_full("foo-").string_prefix_full("bar-").new_value(),
     "panic: refined prefix is inconsistent with previous refined prefix"),
    ("a known string can have its prefix confirmed",
     lambda: cty.string_val("foo-baz").refine().string_prefix_full("foo-").new_value(),
     'cty.StringVal("foo-baz")'),
    ("a known string does not accept a conflicting prefix",
     lambda: cty.string_val("foo-baz").refine().string_prefix_full("bar-").new_value(),
     "panic: refined prefix is inconsistent with known value"),
    ("a known string shorter than the prefix does not accept it (go-cty does)",
     lambda: cty.string_val("").refine().string_prefix_full("a").new_value(),
     "panic: refined prefix is inconsistent with known value"),
    ("non-string values cannot be refined with string prefix",
     lambda: U(N).refine().string_prefix_full("foo").new_value(),
     "panic: cannot refine string prefix for a cty.Number value"),
    # numbers
    ("unknown number can have refined lower bound",
     lambda: U(N).refine().number_range_lower_bound(n(1), True).new_value(),
     "cty.UnknownVal(cty.Number).Refine().NumberLowerBound(cty.NumberIntVal(1), true)"
     ".NewValue()"),
    ("unknown number can have refined upper bound",
     lambda: U(N).refine().number_range_upper_bound(n(1), True).new_value(),
     "cty.UnknownVal(cty.Number).Refine().NumberUpperBound(cty.NumberIntVal(1), true)"
     ".NewValue()"),
    ("unknown number can have refined both bounds",
     lambda: U(N).refine().number_range_lower_bound(n(1), True)
     .number_range_upper_bound(n(2), False).new_value(),
     "cty.UnknownVal(cty.Number).Refine().NumberLowerBound(cty.NumberIntVal(1), true)"
     ".NumberUpperBound(cty.NumberIntVal(2), false).NewValue()"),
    ("refining unknown non-null number with equal upper and lower bound produces known number",
     lambda: U(N).refine().number_range_lower_bound(n(1), True)
     .number_range_upper_bound(n(1), True).not_null().new_value(),
     "cty.NumberIntVal(1)"),
    ("unknown number cannot have conflicting bounds",
     lambda: U(N).refine().number_range_lower_bound(n(2), True)
     .number_range_upper_bound(n(1), False).new_value(),
     "panic: number lower bound cty.NumberIntVal(2) is greater than upper bound "
     "cty.NumberIntVal(1)"),
    ("known number can have its bounds confirmed",
     lambda: n(1).refine().number_range_lower_bound(n(0), True)
     .number_range_upper_bound(n(2), True).not_null().new_value(),
     "cty.NumberIntVal(1)"),
    ("can't refine a known number with non-matching bounds",
     lambda: n(10).refine().number_range_lower_bound(n(0), True)
     .number_range_upper_bound(n(2), True).not_null().new_value(),
     "panic: refining cty.NumberIntVal(10) to be <= cty.NumberIntVal(2)"),
]


def _collection_cases(kind: str, ctor: Callable[[cty.Type], cty.Type],
                      empty: Callable[[cty.Type], cty.Value], go: str) -> None:
    t = ctor(S)
    CASES.extend([
        (f"unknown {kind} can be refined with length lower bound",
         lambda: U(t).refine().collection_length_lower_bound(1).new_value(),
         f"cty.UnknownVal({go}).Refine().CollectionLengthLowerBound(1).NewValue()"),
        (f"unknown {kind} can be refined with length upper bound",
         lambda: U(t).refine().collection_length_upper_bound(1).new_value(),
         f"cty.UnknownVal({go}).Refine().CollectionLengthUpperBound(1).NewValue()"),
        (f"unknown {kind} can be refined with length bounds",
         lambda: U(t).refine().collection_length_lower_bound(1)
         .collection_length_upper_bound(3).new_value(),
         f"cty.UnknownVal({go}).Refine().CollectionLengthLowerBound(1)"
         ".CollectionLengthUpperBound(3).NewValue()"),
        (f"unknown non-null {kind} with known zero length becomes known",
         lambda: U(t).refine().not_null().collection_length(0).new_value(),
         empty(S).go_string()),
        (f"known {kind} can have its length confirmed with a refinement",
         lambda: empty(S).refine().collection_length(0).new_value(), empty(S).go_string()),
        (f"cannot refine known {kind} with conflicting length bounds",
         lambda: empty(S).refine().collection_length(1).new_value(),
         "panic: refining collection of length cty.NumberIntVal(0) with lower bound 1"),
    ])


_collection_cases("list", cty.List, cty.list_val_empty, "cty.List(cty.String)")
_collection_cases("map", cty.Map, cty.map_val_empty, "cty.Map(cty.String)")
_collection_cases("set", cty.Set, cty.set_val_empty, "cty.Set(cty.String)")
CASES.extend([
    ("unknown non-null list with known length becomes known list of unknowns",
     lambda: U(cty.List(S)).refine().not_null().collection_length(2).new_value(),
     "cty.ListVal([]cty.Value{cty.UnknownVal(cty.String), cty.UnknownVal(cty.String)})"),
    ("unknown map can be refined with known length",
     lambda: U(cty.Map(S)).refine().not_null().collection_length(2).new_value(),
     "cty.UnknownVal(cty.Map(cty.String)).Refine().NotNull().CollectionLengthLowerBound(2)"
     ".CollectionLengthUpperBound(2).NewValue()"),
    ("unknown set can be refined with known length",
     lambda: U(cty.Set(S)).refine().not_null().collection_length(2).new_value(),
     "cty.UnknownVal(cty.Set(cty.String)).Refine().NotNull().CollectionLengthLowerBound(2)"
     ".CollectionLengthUpperBound(2).NewValue()"),
    ("a one-element set is a set of one unknown",
     lambda: U(cty.Set(S)).refine().not_null().collection_length(1).new_value(),
     "cty.SetVal([]cty.Value{cty.UnknownVal(cty.String)})"),
])


@pytest.mark.parametrize(("build", "want"), [(b, w) for _, b, w in CASES],
                         ids=[name for name, _, _ in CASES])
def test_go_cty_refine_table(build: Callable[[], cty.Value], want: str) -> None:
    if want.startswith("panic: "):
        with pytest.raises(cty.CtyValueError) as e:
            build()
        assert str(e.value) == want[len("panic: "):]
    else:
        got = build()
        assert got.go_string() == want
        assert eval(repr(got), {"cty": cty, "gmpy2": __import__("gmpy2")}) == got


def test_looser_bounds_are_ignored() -> None:
    v = U(N).refine().number_range_lower_bound(n(5), True).number_range_lower_bound(n(1), True)\
        .number_range_upper_bound(n(9), False).number_range_upper_bound(n(20), True).new_value()
    r = v.range()
    assert (r.number_lower_bound(), r.number_upper_bound()) == ((n(5), True), (n(9), False))
    w = U(cty.List(S)).refine().collection_length_lower_bound(3)\
        .collection_length_lower_bound(1).collection_length_upper_bound(5)\
        .collection_length_upper_bound(8).new_value()
    assert (w.range().length_lower_bound(), w.range().length_upper_bound()) == (3, 5)


def test_infinite_bounds_are_not_stored() -> None:
    v = U(N).refine().number_range_inclusive(cty.NegativeInfinity, cty.PositiveInfinity)\
        .new_value()
    assert v.go_string() == "cty.UnknownVal(cty.Number).Refine().NewValue()"
    assert v != U(N)  # an empty refinement is not no refinement (go-cty's RawEquals)


def test_unknown_bounds_are_no_bounds() -> None:
    v = U(N).refine().number_range_inclusive(U(N), n(3)).new_value()
    assert v.range().number_lower_bound() == (cty.NegativeInfinity, False)
    assert v.range().number_upper_bound() == (n(3), True)


def test_marks_stay() -> None:
    v = U(S).mark("sensitive").refine().not_null().new_value()
    assert v.marks() == {"sensitive"}
    assert v.unmark()[0] == U(S).refine_not_null()


def test_refine_with() -> None:
    def at_least_two(b: cty.RefinementBuilder) -> cty.RefinementBuilder:
        return b.collection_length_lower_bound(2)

    v = U(cty.List(S)).refine_with(at_least_two, cty.RefinementBuilder.not_null)
    assert v.range().length_lower_bound() == 2 and v.range().definitely_not_null()
    with pytest.raises(cty.CtyValueError, match="refiner callback returned a different builder"):
        U(S).refine_with(lambda b: U(S).refine())
    assert U(S).refine_with() == U(S)


@pytest.mark.parametrize(("call", "error"), [
    (lambda: U(S).refine().number_range_lower_bound(n(1), True), cty.CtyValueError),
    (lambda: U(N).refine().collection_length(1), cty.CtyValueError),
    (lambda: U(N).refine().number_range_lower_bound(cty.string_val("1"), True), TypeError),
    (lambda: U(N).refine().number_range_lower_bound(cty.null_val(N), True), ValueError),
    (lambda: U(cty.List(S)).refine().collection_length(-1), ValueError),
    (lambda: U(cty.List(S)).refine().collection_length(1.5), TypeError),
    (lambda: U(cty.List(S)).refine().collection_length_lower_bound(3)
     .collection_length_upper_bound(2), ValueError),
    (lambda: U(S).refine().string_prefix(1), TypeError),
    (lambda: cty.string_val("x").refine().null(), ValueError),
    (lambda: U(S).refine().not_null().null(), ValueError),
])
def test_misuse_is_a_clear_error(call: Callable[[], object], error: type[Exception]) -> None:
    with pytest.raises(error):
        call()


def test_a_huge_pinned_list_length_stays_unknown() -> None:
    v = U(cty.List(S)).refine().not_null().collection_length(10**12).new_value()
    assert not v.is_known()
    assert v.range().length_lower_bound() == 10**12


def test_converting_a_huge_pinned_list_keeps_it_unknown() -> None:
    """Conversion carries length refinements over, and would collapse a pinned list into a
    list of unknowns: not for a length nobody could hold in memory."""
    from cty.convert import convert

    v = U(cty.List(S)).refine().not_null().collection_length(10**12).new_value()
    got = convert(v, cty.List(N))
    assert not got.is_known()
    assert got.range().length_lower_bound() == 10**12
    small = U(cty.List(S)).refine().not_null().collection_length(2).new_value()
    assert convert(small, cty.List(N)) == cty.list_val([U(N), U(N)])
