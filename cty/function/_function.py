"""Function: a spec of parameters, a type callback and an implementation, called with go-cty's
argument rules (go-cty's function.Function)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeAlias

from cty import (
    Bool,
    CtyTypeError,
    DynamicPseudoType,
    LimitExceededError,
    Number,
    PathError,
    RefinementBuilder,
    String,
    Type,
    Value,
    unknown_val,
)
from cty._internal import NO_MARKS, Unknown, check_type, check_value, deep
from cty.convert import convert

from ._errors import ArgError, FunctionError, PanicError
from ._parameter import Parameter
from ._redact import redact_error

__all__ = ["Function", "ImplFunc", "TypeFunc", "refine_not_null", "static_return_type",
           "unpredictable"]

TypeFunc: TypeAlias = Callable[[list[Value]], Type]
"""Decides the return type from the arguments (any of which may be unknown); raises
FunctionError (ArgError for one argument) for arguments it refuses."""
ImplFunc: TypeAlias = Callable[[list[Value], Type], Value]
"""Computes the result from the arguments and the return type the TypeFunc chose."""
RefineFunc: TypeAlias = Callable[[RefinementBuilder], RefinementBuilder]


def refine_not_null(b: RefinementBuilder) -> RefinementBuilder:
    """A refine_result callback: the result is never null (go-cty's stdlib refineNonNull).

    Calls skip it for a result that is known and not null, where it has nothing to do."""
    if not isinstance(b, RefinementBuilder):
        raise CtyTypeError(f"refine_not_null takes a cty.RefinementBuilder, not "
                           f"{type(b).__name__}")
    return b.not_null()


def static_return_type(ty: Type) -> TypeFunc:
    """Return a TypeFunc that always answers *ty* (go-cty's StaticReturnType)."""
    check_type(ty, "the return type")

    def type_fn(args: list[Value]) -> Type:
        return ty

    return type_fn


class Function:
    """A function of cty values, with go-cty's rules for its arguments.

    >>> upper = Function(
    ...     params=[Parameter("str", cty.String)],
    ...     type=static_return_type(cty.String),
    ...     impl=lambda args, ty: cty.string_val(args[0].as_string().upper()),
    ... )
    >>> upper(cty.string_val("hi"))
    cty.string_val('HI')
    >>> upper(cty.string_val("hi").mark("sensitive")).marks()
    frozenset({'sensitive'})
    >>> upper(cty.unknown_val(cty.String))
    cty.unknown_val(cty.String)

    Arguments are checked, not converted (``call(args, convert_args=True)`` converts them
    first, as HCL does), in go-cty's order: the number of arguments, then for each argument
    its marks (taken off for the type callback unless allowed), null (ArgError unless
    allowed), dynamic type (the result is an unknown of dynamic type unless allowed, and the
    arguments after it are not checked) and conformance to the parameter's type (ArgError).
    Then the type callback runs; an unknown argument a parameter does not allow makes the
    result an unknown of that type; otherwise the implementation runs on the unmarked
    arguments, and their marks go onto its result. ``refine_result`` refines every result.
    A callback may raise FunctionError (ArgError for one argument) or cty.PathError (a
    conversion's error, say) to refuse a call; anything else it raises is a PanicError.
    """

    __slots__ = ("_description", "_impl", "_params", "_refine", "_type", "_var_param")

    def __init__(self, *, params: Sequence[Parameter] = (), var_param: Parameter | None = None,
                 type: TypeFunc, impl: ImplFunc, refine_result: RefineFunc | None = None,
                 description: str = "") -> None:
        self._params = tuple(params)
        for i, p in enumerate(self._params):
            if not isinstance(p, Parameter):
                raise FunctionError(f"parameter {i} must be a Parameter, not {p!r}")
        if var_param is not None and not isinstance(var_param, Parameter):
            raise FunctionError(f"the variadic parameter must be a Parameter, not {var_param!r}")
        if not callable(type) or not callable(impl):
            raise FunctionError("a function's type and impl must be callables")
        self._var_param = var_param
        self._type = type
        self._impl = impl
        self._refine = refine_result
        self._description = description

    # --- what it is ----------------------------------------------------------------------------

    def params(self) -> list[Parameter]:
        """Return the fixed positional parameters (not the variadic one)."""
        return list(self._params)

    def var_param(self) -> Parameter | None:
        """Return the variadic parameter, or None when the function takes a fixed number."""
        return self._var_param

    def description(self) -> str:
        """Return the function's description."""
        return self._description

    def with_new_descriptions(self, description: str, param_descriptions: Sequence[str]
                              ) -> Function:
        """Return the same function with new descriptions of itself and its parameters.

        *param_descriptions* has one description per positional parameter, then one for the
        variadic parameter, which may be left out to keep its description.
        """
        n = len(self._params)
        allowed = (n, n + 1) if self._var_param is not None else (n,)
        if len(param_descriptions) not in allowed:
            want = " or ".join(map(str, allowed))
            raise FunctionError(f"param_descriptions must have length {want}, "
                                f"not {len(param_descriptions)}")
        params = [replace(p, description=d) for p, d in zip(self._params, param_descriptions,
                                                    strict=False)]
        var = self._var_param
        if var is not None and len(param_descriptions) == n + 1:
            var = replace(var, description=param_descriptions[n])
        return Function(params=params, var_param=var, type=self._type, impl=self._impl,
                        refine_result=self._refine, description=description)

    def __repr__(self) -> str:
        names = [p.name for p in self._params]
        if self._var_param is not None:
            names.append(f"{self._var_param.name}...")
        return f"<cty.function.Function({', '.join(names)})>"

    # --- calling -------------------------------------------------------------------------------

    def return_type(self, arg_types: Sequence[Type]) -> Type:
        """Return the type a call with arguments of *arg_types* returns (each taken as unknown).

        Raises FunctionError (ArgError for one argument) for types the function refuses.
        """
        return self.return_type_for_values([unknown_val(check_type(t, "an argument type"))
                                            for t in arg_types])

    def return_type_for_values(self, args: Sequence[Value]) -> Type:
        """Return the type a call with *args* returns (unknown arguments where not known)."""
        checked = self._arguments(args)
        try:
            return self._checked(checked)[0]
        except (FunctionError, PathError) as e:
            redact_error(e, checked)
            raise

    def call(self, args: Sequence[Value], *, convert_args: bool = False) -> Value:
        """Return the result of calling the function with *args*.

        With *convert_args*, each argument is first converted to its parameter's type
        (cty.convert, as HCL does before it calls; a failure is an ArgError naming the
        argument); go-cty's Function.Call checks types without converting. An error never
        shows the text of a marked string argument: it reads ``(sensitive value)`` instead.
        """
        args = self._arguments(args)
        try:
            return self._call(args, convert_args)
        except (FunctionError, PathError) as e:
            redact_error(e, args)
            raise

    def _call(self, args: list[Value], convert_args: bool) -> Value:
        if convert_args:
            args = self._converted(args)
        ty, dynamic, plain = self._checked(args)
        marks: frozenset[object] = NO_MARKS
        unknown = dynamic
        specs = self._specs(len(args))
        if dynamic:  # the checks stopped early: the marks of every argument still count
            plain = list(args)
            for i, v in enumerate(args):
                if not specs[i].allow_marked:
                    plain[i], found = v.unmark_deep()
                    marks |= found
        else:
            for i, v in enumerate(args):
                spec = specs[i]
                if plain[i] is not v:  # _checked took its marks off
                    marks |= v.unmark_deep()[1]
                if not spec.allow_unknown and v._v.__class__ is Unknown:
                    unknown = True
        if unknown:
            result = unknown_val(ty).with_marks(marks)
        else:
            try:
                result = _run_impl(self._impl, plain, ty)
            except (FunctionError, PathError):  # errors the function returns
                raise
            except LimitExceededError as e:  # (a value nested past max_depth, say)
                raise FunctionError(str(e)) from e
            except Exception as e:
                raise PanicError(e) from e
            if result.__class__ is not Value:
                check_value(result, "the function's result")
            if marks:
                result = result.with_marks(marks)
        refine = self._refine
        if refine is not None and not dynamic:
            known = result._v.__class__ is not Unknown
            if refine is refine_not_null and known and result._v is not None:
                pass  # not null already: nothing to refine or check
            elif known or result._ty is not DynamicPseudoType:
                result = result.refine_with(refine)
        rt = result._ty
        if rt is not ty and ty is not DynamicPseudoType:
            errs = rt.test_conformance(ty)
            if errs:
                raise PanicError(TypeError(
                    f"returned value {result.go_string()} does not conform to expected return "
                    f"type {ty.go_string()}: {errs[0].message}"))
        return result

    def __call__(self, *args: Value) -> Value:
        """Call the function with *args* (go-cty's Proxy)."""
        return self.call(args)

    def proxy(self) -> Callable[..., Value]:
        """Return a callable taking the arguments as positional arguments (go-cty's Proxy)."""
        return self.__call__

    # --- the rules -----------------------------------------------------------------------------

    def _arguments(self, args: Sequence[Value]) -> list[Value]:
        if isinstance(args, Value | str | bytes):
            raise FunctionError("the arguments must be a sequence of cty.Values")
        out = list(args)
        for i, v in enumerate(out):
            if v.__class__ is not Value:
                check_value(v, f"argument {i}")
        n = len(self._params)
        if self._var_param is None:
            if len(out) != n:
                raise FunctionError(
                    f"wrong number of arguments ({n} required; {len(out)} given)")
        elif len(out) < n:
            raise FunctionError(
                f"wrong number of arguments (at least {n} required; {len(out)} given)")
        return out

    def _converted(self, args: list[Value]) -> list[Value]:
        n = len(self._params)
        out = []
        for i, v in enumerate(args):
            spec = self._params[i] if i < n else self._var_param
            assert spec is not None
            try:
                out.append(convert(v, spec.type))
            except Exception as e:  # a PathError: the argument does not convert
                raise ArgError(i, getattr(e, "message", str(e))) from None
        return out

    def _specs(self, n: int) -> tuple[Parameter, ...]:
        """The parameter of each of *n* arguments (a number the arity check accepted)."""
        specs = self._params
        if n > len(specs):
            assert self._var_param is not None
            specs = specs + (self._var_param,) * (n - len(specs))
        return specs

    def _checked(self, args: list[Value]) -> tuple[Type, bool, list[Value]]:
        """Return the return type, whether an argument of dynamic type stopped the checks, and
        the arguments as the type callback saw them (marks off where not allowed); raise for
        arguments the rules refuse."""
        typed = args
        specs = self._specs(len(args))
        for i, v in enumerate(args):
            spec = specs[i]
            vt = v._ty
            if not spec.allow_marked and (v._marks or (
                    vt is not String and vt is not Number and vt is not Bool
                    and v.contains_marked())):
                if typed is args:
                    typed = list(args)
                typed[i] = v.unmark_deep()[0]
            if v._v is None and not spec.allow_null:
                raise ArgError(i, "argument must not be null")
            if vt is DynamicPseudoType:
                if not spec.allow_dynamic_type:
                    return DynamicPseudoType, True, typed
            elif vt is not spec.type and spec.type is not DynamicPseudoType:
                errs = vt.test_conformance(spec.type)
                if errs:
                    raise ArgError(i, errs[0].message)
        try:
            ty = _run_type(self._type, typed)
        except (FunctionError, PathError):  # errors the function returns
            raise
        except LimitExceededError as e:
            raise FunctionError(str(e)) from e
        except Exception as e:
            raise PanicError(e) from e
        if not isinstance(ty, Type):
            check_type(ty, "the type callback's result")
        return ty, False, typed


def unpredictable(f: Function) -> Function:
    """Return *f* with an implementation that always returns an unknown of the return type
    (go-cty's Unpredictable: for a function whose result may differ between calls)."""
    if not isinstance(f, Function):
        raise CtyTypeError(f"unpredictable takes a cty.function.Function, not {type(f).__name__}")
    return Function(params=f.params(), var_param=f.var_param(), type=f._type,
                    impl=lambda args, ty: unknown_val(ty), refine_result=f._refine,
                    description=f.description())


@deep
def _run_impl(impl: Callable[[list[Value], Type], Value], args: list[Value], ty: Type) -> Value:
    """Run a function's implementation so that its recursion works at any depth (cty._deep:
    helpers wrapped with hop move on to fresh threads; stopped by the recursion limit, the
    call runs again on a chain)."""
    return impl(args, ty)


@deep
def _run_type(type_fn: Callable[[list[Value]], Type], args: list[Value]) -> Type:
    """Run a function's type callback as _run_impl runs its implementation."""
    return type_fn(args)
