"""No stdlib function panics, whatever it is given: every call answers with a value or refuses
with a FunctionError (an ArgError naming the argument, or the PathError of a number or index
that does not fit), never a PanicError (an exception escaping an implementation).

The arguments are drawn from generated values of every kind (nulls, unknowns, marks, refined
unknowns, collections and structures) and from inputs chosen to be hard: huge, tiny, negative
and infinite numbers, long, empty, combining and format-directive strings, durations and
timestamps out of range. How long the calls take is the benchmarks' business
(benchmarks/bench_functions_scale.py), not an assertion here.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cty
import cty.testing.strategies as cst
from cty import PathError
from cty.function import FunctionError, PanicError
from cty.function import stdlib as S

from .._examples import examples

pytestmark = pytest.mark.slow  # every function on thousands of generated arguments

# (dir, not vars: the package loads each name's module when first asked for it, so vars holds
# only what other tests happened to load first)
FUNCTIONS = sorted((name, getattr(S, name)) for name in dir(S)
                   if not name.startswith("_") and isinstance(getattr(S, name), S.Function))

_HARD_NUMBERS = ["1e400000000", "-1e400000000", "1e-400000000", "9223372036854775808",
                 "9007199254740991", "2147483648",
                 "-9223372036854775809", "0", "-0", "0.5", "-1", "1" + "0" * 5000, "65536",
                 "18446744073709551616"]
_HARD_STRINGS = ["", " ", "%", "%999999999d", "%[2]*[1]d", "%-0+#v", "1" + "0" * 10000 + "h",
                 "1e400000000h", "9223372036854775807ns", "-1h", "2006-01-02T15:04:05Z",
                 "9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z", "e\u0301\u0302" * 50,
                 "\U00010044\u0331", "a" * 5000, "0x" + "f" * 3000, "\x00", "[", "{", "(",
                 "a*", "(a+)+$", "$0$1${2}", "\\", "\"", "\n\n\n", "🇺🇸👩‍👩‍👧",
                 "YYYY-MM-DD'T'hh:mm:ssZZZZZ", "'", "EEEE, MMMM d"]
HARD_VALUES: list[cty.Value] = (
    [cty.parse_number_val(t) for t in _HARD_NUMBERS]
    + [cty.PositiveInfinity, cty.NegativeInfinity]
    + [cty.string_val(t) for t in _HARD_STRINGS]
    + [cty.list_val([cty.number_int_val(i) for i in range(2_000)]),
       cty.list_val([cty.string_val("x")] * 500),
       cty.set_val([cty.number_int_val(i) for i in range(300)]),
       cty.map_val({f"k{i}": cty.string_val("v") for i in range(300)}),
       cty.list_val([cty.list_val([cty.number_int_val(1)])] * 50),
       cty.EmptyTupleVal, cty.EmptyObjectVal, cty.DynamicVal,
       cty.unknown_val(cty.String).refine().string_prefix("ab").new_value(),
       cty.unknown_val(cty.Number).refine().number_range_inclusive(
           cty.number_int_val(-5), cty.number_int_val(5)).new_value(),
       cty.null_val(cty.DynamicPseudoType), cty.string_val("secret").mark("sensitive"),
       # refined unknowns whose length is pinned, with and without not-null (#47: slice read
       # the length of the one that may be null and panicked), and sets that need unifying
       cty.unknown_val(cty.List(cty.String)).refine().collection_length(2).new_value(),
       cty.unknown_val(cty.Map(cty.Number)).refine().collection_length(1).new_value(),
       cty.unknown_val(cty.Set(cty.String)).refine().collection_length_lower_bound(1)
       .collection_length_upper_bound(3).new_value(),
       cty.set_val([cty.list_val([cty.string_val("x")])]), cty.set_val([cty.DynamicVal]),
       cty.set_val([cty.tuple_val([cty.string_val("y")])])]
)

arguments = st.one_of(
    st.sampled_from(HARD_VALUES),
    st.sampled_from(HARD_VALUES).map(lambda v: v.mark("m")),
    cst.types(max_depth=2).flatmap(cst.values),
)


def _arity(fn: Any) -> tuple[int, bool]:
    return len(fn.params()), fn.var_param() is not None


@pytest.mark.parametrize(("name", "fn"), FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_function_panics(name: str, fn: Any, data: st.DataObject) -> None:
    fixed, variadic = _arity(fn)
    n = fixed + (data.draw(st.integers(0, 3), label="variadic") if variadic else 0)
    args = [data.draw(arguments, label=f"arg{i}") for i in range(n)]
    try:
        result = fn(*args)
    except PanicError as e:  # the failure this test looks for
        raise AssertionError(f"{name}{tuple(args)!r} panicked: {e}") from e
    except (FunctionError, PathError):
        return
    assert isinstance(result, cty.Value)


def test_the_functions_are_all_here() -> None:
    assert len(FUNCTIONS) >= 85
    assert {"format_", "time_add", "regex_replace", "parse_int", "floor"} <= {
        n for n, _ in FUNCTIONS}


N = cty.number_int_val
REFUSED_WHERE_GO_CTY_PANICS = [
    ("zipmap", [cty.list_val([cty.string_val("a"), cty.null_val(cty.String)]),
                cty.list_val([N(1), N(2)])], 0, "element 1 is null: map keys must not be null"),
    ("int_", [cty.PositiveInfinity], 0, "an infinite number has no integer part"),
    ("int_", [cty.NegativeInfinity], 0, "an infinite number has no integer part"),
    ("indent", [N(-1), cty.string_val("a\nb")], 0, "the number of spaces must not be negative"),
    ("set_union", [cty.set_val([cty.string_val("a")]), cty.DynamicVal], 1,
     "a set is required, but the type of this argument is not known"),
    ("set_subtract", [cty.unknown_val(cty.DynamicPseudoType).mark("m"),
                      cty.set_val([N(1)])], 0, "a set is required"),
    ("log", [N(-1), N(10)], None, r"log\(-1.0\) / log\(10.0\) is not a number \(NaN\)"),
    ("pow_", [N(-8), cty.number_float_val(1 / 3)], None, "is not a number"),
    ("log", [cty.parse_number_val("1e-400000000")] * 2, None, "is not a number"),
    # (a dynamic argument stops the type check; go-cty's Impl then panics on a set's keys)
    ("merge", [cty.null_val(cty.DynamicPseudoType),
               cty.set_val([cty.unknown_val(cty.List(cty.String))])], 1,
     'arguments must be maps or objects, got "set of list of string"'),
    ("merge", [cty.null_val(cty.DynamicPseudoType),
               cty.map_val({"a": N(1)}), cty.list_val([N(1)])], 2,
     'arguments must be maps or objects, got "list of number"'),
]


@pytest.mark.parametrize(("name", "args", "arg", "message"), REFUSED_WHERE_GO_CTY_PANICS,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(REFUSED_WHERE_GO_CTY_PANICS)])
def test_calls_go_cty_panics_on_are_refused(name: str, args: list[cty.Value], arg: int | None,
                                             message: str) -> None:
    with pytest.raises(FunctionError, match=message) as e:
        getattr(S, name)(*args)
    assert not isinstance(e.value, PanicError)
    assert getattr(e.value, "index", None) == arg


_PINNED = cty.unknown_val(cty.List(cty.String)).refine().collection_length(2).new_value()
_N = cty.number_int_val


@pytest.mark.parametrize(("call", "want"), [
    # (issue #47: each of these raised a PanicError)
    (lambda: S.slice_(_PINNED, _N(0), _N(1)),
     cty.unknown_val(cty.List(cty.String)).refine_not_null()),
    (lambda: S.slice_(_PINNED.refine().not_null().new_value(), _N(0), _N(1)),
     cty.list_val([cty.unknown_val(cty.String)])),
    (lambda: S.slice_(_PINNED, _N(0), _N(3)),
     "end index must not be greater than the length of the list"),
    (lambda: S.indent(_N(9007199254740991), cty.string_val("a")), "max_string_length"),
    (lambda: S.indent(_N(2147483648), cty.string_val("a\nb")), "max_string_length"),
    (lambda: S.set_union(cty.set_val([cty.list_val([cty.string_val("x")])]),
                         cty.set_val([cty.DynamicVal])),
     cty.set_val([cty.list_val([cty.string_val("x")]), cty.unknown_val(cty.List(cty.String))])),
    (lambda: S.set_union(cty.set_val([cty.list_val([cty.string_val("x")])]),
                         cty.set_val([cty.tuple_val([cty.string_val("y")])])),
     cty.set_val([cty.list_val([cty.string_val("x")]), cty.list_val([cty.string_val("y")])])),
])
def test_the_calls_that_panicked(call: Any, want: cty.Value | str) -> None:
    if isinstance(want, str):
        with pytest.raises(FunctionError, match=want) as e:
            call()
        assert not isinstance(e.value, PanicError)
    else:
        assert call() == want


def test_the_string_limit_is_a_setting() -> None:
    old = cty.set_limits(max_string_length=1_000)
    try:
        with pytest.raises(FunctionError, match=r"1,003 characters long, more than "
                                                r"max_string_length \(1,000\)"):
            S.indent(_N(1_000), cty.string_val("a\nb"))
        assert len(S.indent(_N(997), cty.string_val("a\nb")).as_string()) == 1_000
    finally:
        cty.set_limits(old)
    with pytest.raises(cty.CtyValueError, match="max_string_length must be at least 1,000"):
        cty.set_limits(max_string_length=10)


def test_format_and_formatlist_stop_at_the_string_limit() -> None:
    # (#47: format("%9999999s" * 100, ...) took 2.8 s and 1.95 GB; formatlist of %9999999d
    # over 50 values 524 MB: refused as soon as the text passes max_string_length)
    with pytest.raises(FunctionError, match=r"formatted text would be .* max_string_length"):
        S.format_(cty.string_val("%9999999s" * 100), *[cty.string_val("a")] * 100)
    with pytest.raises(FunctionError, match=r"formatted list's text would be .* "
                                            r"max_string_length"):
        S.format_list(cty.string_val("%999999d"),
                      cty.list_val([cty.number_int_val(i) for i in range(200)]))
    old = cty.set_limits(max_string_length=1_000)
    try:
        assert len(S.format_(cty.string_val("%1000s"), cty.string_val("a")).as_string()) == 1000
        with pytest.raises(FunctionError, match="1,001 characters"):
            S.format_(cty.string_val("%1000s!"), cty.string_val("a"))
        got = S.format_list(cty.string_val("%100d"), cty.list_val([_N(1)] * 10))
        assert got.length_int() == 10
        with pytest.raises(FunctionError, match="iteration 10"):
            S.format_list(cty.string_val("%100d"), cty.list_val([_N(1)] * 11))
    finally:
        cty.set_limits(old)
