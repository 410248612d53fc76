"""cty.function's Function: go-cty's function_test.go restated, and every argument rule alone
and combined."""

from __future__ import annotations

from typing import Any

import pytest

import cty
import cty.convert
from cty.function import (
    ArgError,
    Function,
    FunctionError,
    PanicError,
    Parameter,
    static_return_type,
    unpredictable,
)


def _stub_type(args: list[cty.Value]) -> cty.Type:
    raise FunctionError("should not be called")


def _stub_impl(args: list[cty.Value], ty: cty.Type) -> cty.Value:
    raise FunctionError("should not be called")


def _marks_refused(args: list[cty.Value]) -> cty.Type:
    for i, a in enumerate(args):
        if a.contains_marked():
            raise FunctionError(f"arg {i} contains marks")
    return cty.Number


N = cty.Number
P_NUM = Parameter(type=N)
P_NUM_DYN = Parameter(type=N, allow_dynamic_type=True)

# go-cty's TestReturnTypeForValues: (params, var_param, type callback, args, type or None)
RETURN_TYPES: list[tuple[list[Parameter], Parameter | None, Any, list[cty.Value],
                         cty.Type | None]] = [
    ([], None, static_return_type(N), [], N),
    ([], None, static_return_type(N), [cty.number_int_val(2)], None),
    ([], None, static_return_type(N), [cty.unknown_val(N)], None),
    ([P_NUM], None, static_return_type(N), [cty.number_int_val(2)], N),
    ([P_NUM], None, static_return_type(N), [cty.unknown_val(N)], N),
    ([P_NUM], None, static_return_type(N), [cty.DynamicVal], cty.DynamicPseudoType),
    ([P_NUM_DYN], None, static_return_type(N), [cty.DynamicVal], N),
    ([P_NUM_DYN], None, static_return_type(N), [cty.unknown_val(cty.String)], None),
    ([P_NUM_DYN], None, static_return_type(N), [cty.string_val("hello")], None),
    ([Parameter(type=cty.List(cty.DynamicPseudoType))], None, _marks_refused,
     [cty.list_val([cty.string_val("ok").mark("marked")])], N),
    ([Parameter(type=cty.List(cty.String))], Parameter(type=cty.List(cty.String)),
     _marks_refused, [cty.list_val([cty.string_val("one")]),
                      cty.list_val([cty.string_val("two").mark("marked")])], N),
]


@pytest.mark.parametrize(("params", "var", "type_fn", "args", "want"), RETURN_TYPES)
def test_return_type_for_values(params: list[Parameter], var: Parameter | None, type_fn: Any,
                                args: list[cty.Value], want: cty.Type | None) -> None:
    f = Function(params=params, var_param=var, type=type_fn, impl=_stub_impl)
    if want is None:
        with pytest.raises(FunctionError):
            f.return_type_for_values(args)
    else:
        assert f.return_type_for_values(args) is want


def test_return_type_takes_types() -> None:
    f = Function(params=[P_NUM], type=static_return_type(cty.String), impl=_stub_impl)
    assert f.return_type([N]) is cty.String
    with pytest.raises(ArgError, match="number required, but received bool"):
        f.return_type([cty.Bool])


# --- descriptions (go-cty's TestFunctionWithNewDescriptions) -------------------------------

def _described(*names: str, var: str | None = None) -> Function:
    return Function(params=[Parameter(n, description=f"old {n}") for n in names],
                    var_param=Parameter(var, description=f"old {var}") if var else None,
                    type=_stub_type, impl=_stub_impl, description="old func")


@pytest.mark.parametrize(("f", "descs", "params", "var"), [
    (_described(), [], [], None),
    (_described("a"), ["new a"], ["new a"], None),
    (_described("a", "b"), ["new a", "new b"], ["new a", "new b"], None),
    (_described("a", var="b"), ["new a", "new b"], ["new a"], "new b"),
    (_described("a", var="b"), ["new a"], ["new a"], "old b"),
    (_described(var="a"), ["new a"], [], "new a"),
    (_described(var="a"), [], [], "old a"),
])
def test_with_new_descriptions(f: Function, descs: list[str], params: list[str],
                               var: str | None) -> None:
    before = ([p.description for p in f.params()], f.var_param())
    g = f.with_new_descriptions("new func", descs)
    assert (f.description(), g.description()) == ("old func", "new func")
    assert [p.description for p in g.params()] == params
    assert (g.var_param().description if g.var_param() else None) == var
    assert ([p.description for p in f.params()], f.var_param()) == before


def test_with_new_descriptions_of_the_wrong_length() -> None:
    with pytest.raises(FunctionError, match="length 1 or 2, not 3"):
        _described("a", var="b").with_new_descriptions("x", ["1", "2", "3"])
    with pytest.raises(FunctionError, match="length 2, not 1"):
        _described("a", "b").with_new_descriptions("x", ["1"])


# --- unknowns and marks (go-cty's TestFunctionCallWithUnknownVals) ---------------------------

S = cty.String


def test_unknown_argument_result_carries_every_refused_mark() -> None:
    f = Function(params=[Parameter("foo", S), Parameter("bar", S)],
                 type=static_return_type(S), impl=_stub_impl)
    got = f.call([cty.unknown_val(S).mark("special").mark("extra"),
                  cty.string_val("ok").mark("special").mark("extra")])
    assert not got.is_known() and got.marks() == frozenset({"special", "extra"})


def test_marks_a_parameter_allows_stay_off_the_unknown_result() -> None:
    f = Function(params=[Parameter("foo", S), Parameter("bar", S, allow_marked=True)],
                 type=static_return_type(S), impl=_stub_impl)
    got = f.call([cty.unknown_val(S).mark("special"), cty.string_val("ok").mark("allowed")])
    assert got.marks() == frozenset({"special"})


def test_variadic_unknown_with_marks() -> None:
    f = Function(var_param=Parameter("foo", S), type=static_return_type(S), impl=_stub_impl)
    got = f.call([cty.unknown_val(S).mark("special").mark("extra")])
    assert got.marks() == frozenset({"special", "extra"})


def test_refined_unknown_result_with_marks() -> None:
    f = Function(params=[Parameter("first", S),
                         Parameter("second", S, allow_marked=True, allow_unknown=True)],
                 type=static_return_type(S), impl=_stub_impl,
                 refine_result=lambda b: b.not_null())
    got = f.call([cty.unknown_val(S).mark("first"), cty.unknown_val(S).mark("second")])
    assert got.raw_equals(cty.unknown_val(S).refine_not_null().mark("first"))


# --- each rule, alone and combined --------------------------------------------------------------

def _echo(**flags: bool) -> tuple[Function, list[list[cty.Value]]]:
    """A function of one string that records what its implementation was given."""
    seen: list[list[cty.Value]] = []

    def impl(args: list[cty.Value], ty: cty.Type) -> cty.Value:
        seen.append(args)
        a = args[0]
        if a.is_known() and not a.is_null() and a.unmark()[0].type() is not cty.DynamicPseudoType:
            return cty.string_val("got " + a.unmark()[0].as_string()).with_marks(a.marks())
        return cty.string_val("got something")

    return Function(params=[Parameter("s", S, **flags)], type=static_return_type(S),
                    impl=impl), seen


FLAGS = ["allow_null", "allow_unknown", "allow_dynamic_type", "allow_marked"]
COMBINATIONS = [{f: bool(bits >> i & 1) for i, f in enumerate(FLAGS)} for bits in range(16)]


@pytest.mark.parametrize("flags", COMBINATIONS, ids=lambda d: "+".join(k for k, v in d.items()
                                                                        if v) or "none")
def test_every_rule_alone_and_combined(flags: dict[str, bool]) -> None:
    f, seen = _echo(**flags)
    null, unknown = cty.null_val(S), cty.unknown_val(S)

    # null
    if flags["allow_null"]:
        assert f(null) == cty.string_val("got something") and seen[-1][0].is_null()
    else:
        with pytest.raises(ArgError, match="argument must not be null") as e:
            f(null)
        assert e.value.index == 0

    # unknown
    before = len(seen)
    got = f(unknown)
    if flags["allow_unknown"]:
        assert got == cty.string_val("got something") and len(seen) == before + 1
    else:
        assert got.raw_equals(cty.unknown_val(S)) and len(seen) == before

    # dynamic type
    before = len(seen)
    got = f(cty.DynamicVal)
    if flags["allow_dynamic_type"] and flags["allow_unknown"]:
        assert len(seen) == before + 1 and seen[-1][0].raw_equals(cty.DynamicVal)
    else:
        # an unknown of the return type: dynamic when the type was not checked at all
        assert not got.is_known() and len(seen) == before
        assert got.type() is (S if flags["allow_dynamic_type"] else cty.DynamicPseudoType)

    # marks
    marked = cty.string_val("x").mark("m")
    got = f(marked)
    assert got.unmark()[0] == cty.string_val("got x") and got.marks() == frozenset({"m"})
    if flags["allow_marked"]:
        assert seen[-1][0].marks() == frozenset({"m"})
    else:
        assert not seen[-1][0].contains_marked()

    # a marked unknown
    before = len(seen)
    got = f(cty.unknown_val(S).mark("m"))
    if not flags["allow_marked"]:  # taken off, and put on the result however it is made
        assert got.marks() == frozenset({"m"})
    elif not flags["allow_unknown"]:  # go-cty: the early unknown does not carry allowed marks
        assert got.raw_equals(cty.unknown_val(S)) and len(seen) == before
    else:  # the implementation sees it, marks and all
        assert seen[-1][0].raw_equals(cty.unknown_val(S).mark("m"))


def test_a_marked_null_is_refused_as_null() -> None:
    f, _ = _echo()
    with pytest.raises(ArgError, match="must not be null"):
        f(cty.null_val(S).mark("sensitive"))


def test_arguments_are_checked_not_converted() -> None:
    f, seen = _echo()
    with pytest.raises(ArgError, match="string required, but received number") as e:
        f(cty.number_int_val(1))
    assert e.value.index == 0 and not seen
    assert f.call([cty.number_int_val(1)], convert_args=True) == cty.string_val("got 1")
    with pytest.raises(ArgError, match="string required"):
        f.call([cty.list_val([cty.True_])], convert_args=True)


def test_a_dynamic_argument_stops_the_checks_of_the_ones_after_it() -> None:
    f = Function(params=[Parameter("a", S), Parameter("b", S)], type=static_return_type(S),
                 impl=_stub_impl)
    got = f.call([cty.DynamicVal, cty.null_val(S)])  # go-cty does not reach the null
    assert got.raw_equals(cty.DynamicVal)
    with pytest.raises(ArgError, match="must not be null") as e:
        f.call([cty.null_val(S), cty.DynamicVal])
    assert e.value.index == 0


def test_variadic_argument_errors_name_the_argument() -> None:
    f = Function(params=[Parameter("sep", S)], var_param=Parameter("lists", cty.List(S)),
                 type=static_return_type(S), impl=_stub_impl)
    with pytest.raises(ArgError) as e:
        f.call([cty.string_val(","), cty.list_val([cty.string_val("a")]),
                cty.list_val([cty.number_int_val(1)])])
    # (go-cty 1.18 reports index 1 here, the argument's place among the variadic ones)
    assert e.value.index == 2 and e.value.message == "string required, but received number"
    with pytest.raises(ArgError, match="must not be null") as e:
        f.call([cty.string_val(","), cty.null_val(cty.List(S))])
    assert e.value.index == 1


@pytest.mark.parametrize(("args", "message"), [
    ([], "wrong number of arguments (1 required; 0 given)"),
    ([cty.string_val("a")] * 2, "wrong number of arguments (1 required; 2 given)"),
])
def test_the_number_of_arguments(args: list[cty.Value], message: str) -> None:
    f, _ = _echo()
    with pytest.raises(FunctionError) as e:
        f.call(args)
    assert str(e.value) == message and not isinstance(e.value, ArgError)
    g = Function(params=[Parameter("a", S)], var_param=Parameter("b", S),
                 type=static_return_type(S), impl=_stub_impl)
    with pytest.raises(FunctionError, match=r"at least 1 required; 0 given"):
        g.call([])


def test_an_implementation_that_raises_is_a_panic_error() -> None:
    def impl(args: list[cty.Value], ty: cty.Type) -> cty.Value:
        return args[0].add(cty.string_val("x"))  # a CtyTypeError from inside

    f = Function(params=[P_NUM], type=static_return_type(N), impl=impl)
    with pytest.raises(PanicError) as e:
        f(cty.number_int_val(1))
    assert isinstance(e.value.cause, cty.CtyError)
    assert e.value.__cause__ is e.value.cause


def test_a_type_callback_that_raises_is_a_panic_error() -> None:
    f = Function(params=[P_NUM], type=lambda args: 1 / 0, impl=_stub_impl)  # type: ignore
    with pytest.raises(PanicError, match="ZeroDivisionError"):
        f.return_type([N])


def test_function_errors_from_the_callbacks_pass_through() -> None:
    def impl(args: list[cty.Value], ty: cty.Type) -> cty.Value:
        raise ArgError(0, "no good")

    f = Function(params=[P_NUM], type=static_return_type(N), impl=impl)
    with pytest.raises(ArgError, match="no good"):
        f(cty.number_int_val(1))


def test_a_result_of_the_wrong_type_is_a_panic_error() -> None:
    f = Function(params=[P_NUM], type=static_return_type(cty.String),
                 impl=lambda args, ty: args[0])
    with pytest.raises(PanicError, match="does not conform to expected return type"):
        f(cty.number_int_val(1))


def test_refine_result_refines_known_and_unknown_results() -> None:
    f = Function(params=[P_NUM], type=static_return_type(N), impl=lambda args, ty: args[0],
                 refine_result=lambda b: b.number_range_lower_bound(cty.Zero, True))
    assert f(cty.unknown_val(N)).range().number_lower_bound() == (cty.Zero, True)
    assert f(cty.number_int_val(3)) == cty.number_int_val(3)
    with pytest.raises(cty.CtyValueError):
        f(cty.number_int_val(-3))  # the refinement does not hold: go-cty panics


def test_unpredictable_answers_unknown() -> None:
    f = unpredictable(Function(params=[P_NUM], type=static_return_type(N),
                               impl=lambda args, ty: args[0]))
    assert f(cty.number_int_val(1)).raw_equals(cty.unknown_val(N))


def test_bad_specs_and_arguments_are_refused() -> None:
    with pytest.raises(cty.CtyTypeError):
        Parameter("x", "string")  # type: ignore[arg-type]
    with pytest.raises(FunctionError):
        Function(params=["x"], type=_stub_type, impl=_stub_impl)  # type: ignore[list-item]
    f, _ = _echo()
    with pytest.raises(FunctionError):
        f.call(cty.string_val("x"))  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        f.call(["x"])  # type: ignore[list-item]
    with pytest.raises(cty.CtyTypeError, match=r"unpredictable takes a cty\.function\.Function"):
        unpredictable(cty.string_val("x"))  # type: ignore[arg-type]
    assert repr(f) == "<cty.function.Function(s)>"
    assert f.proxy()(cty.string_val("a")) == cty.string_val("got a")


def test_a_path_error_from_the_callbacks_passes_through() -> None:
    def impl(args: list[cty.Value], ty: cty.Type) -> cty.Value:
        return cty.convert.convert(args[0], cty.Number)  # a PathError: an error, not a panic

    f = Function(params=[Parameter("s", S)], type=static_return_type(N), impl=impl)
    with pytest.raises(cty.PathError, match="a number is required") as e:
        f(cty.string_val("x"))
    assert not isinstance(e.value, PanicError)


def test_json_decode_reports_a_value_it_cannot_read_at_its_path() -> None:
    # go-cty 1.18.1: Unmarshal's PathError, "a number is required" at .a (not a panic)
    from cty.function import stdlib

    with pytest.raises(cty.PathError) as e:
        stdlib.json_decode.call([cty.string_val('{"a": 1e999999999999}')])
    assert (e.value.message, e.value.path.format()) == ("a number is required", ".a")
