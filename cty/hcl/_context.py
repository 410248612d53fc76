"""The variables and functions an HCL expression is evaluated with: HCL's ``hcl.EvalContext``.

A context holds a map of variables and a map of functions, either of which may be absent
(``None``: HCL's nil map, which is not the same as an empty one: with no map anywhere in
the chain, HCL says variables, or function calls, are "not allowed" here; with an empty one,
that the name is unknown). A context may have a parent: a name the context lacks is looked
up in its parent, and so on. ``for`` expressions and splats evaluate their bodies in child
contexts that hold their own variables.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

import cty
from cty import Value

if TYPE_CHECKING:
    from cty.function import Function

__all__ = ["EvalContext"]


class EvalContext:
    """The variables and functions an expression may use (HCL's ``hcl.EvalContext``).

    *variables* maps names to cty values, or to plain Python data (made values by
    ``cty.from_python`` with the type it implies); *functions* maps names to
    ``cty.function.Function``s (``cty.function.stdlib.FUNCTIONS`` is go-cty's standard
    library). Either may be ``None``: no map at all, as HCL's nil map (see the module's
    description). A name the context lacks is looked up in *parent*.

    >>> ctx = EvalContext(variables={"region": "eu-west-1"})
    >>> ctx.variable("region")
    cty.string_val('eu-west-1')
    """

    __slots__ = ("_functions", "_parent", "_variables")

    def __init__(self, variables: Mapping[str, Any] | None = None,
                 functions: Mapping[str, Function] | None = None,
                 parent: EvalContext | None = None) -> None:
        if parent is not None and not isinstance(parent, EvalContext):
            raise cty.CtyTypeError(f"parent must be an EvalContext, not "
                                   f"{type(parent).__qualname__}")
        self._variables = None if variables is None else {
            _name(k, "variable"): v if isinstance(v, Value) else cty.from_python(v)
            for k, v in variables.items()}
        self._functions: Mapping[str, Function] | None
        if functions is None:
            self._functions = None
        elif functions is getattr(sys.modules.get("cty.function.stdlib"), "FUNCTIONS", None):
            # (go-cty's standard library's table: read-only, its names and functions known
            # good, each loaded when first called; kept as it is, not checked and copied)
            self._functions = functions
        else:
            self._functions = {
                _name(k, "function"): _function(k, f) for k, f in functions.items()}
        self._parent = parent

    @classmethod
    def _scope(cls, parent: EvalContext | None, variables: dict[str, Value]) -> EvalContext:
        """A child of *parent* holding *variables*, cty values already (no checks, no
        copy): a ``for`` expression's or a splat's names, made once per element."""
        ctx = cls.__new__(cls)
        ctx._variables = variables
        ctx._functions = None
        ctx._parent = parent
        return ctx

    @property
    def variables(self) -> Mapping[str, Value] | None:
        """This context's own variables (None: it has no map of them)."""
        return self._variables

    @property
    def functions(self) -> Mapping[str, Function] | None:
        """This context's own functions (None: it has no map of them)."""
        return self._functions

    @property
    def parent(self) -> EvalContext | None:
        """The context whose names this one sees where it has none of its own."""
        return self._parent

    def child(self, variables: Mapping[str, Any] | None = None,
              functions: Mapping[str, Function] | None = None) -> EvalContext:
        """Return a new context with *variables* and *functions*, and this one as parent."""
        return EvalContext(variables, functions, self)

    def variable(self, name: str) -> Value | None:
        """Return the value of the variable *name*, looked up from this context outwards
        (None: no context has it)."""
        for ctx in self._chain():
            if ctx._variables is not None:
                found = ctx._variables.get(name)
                if found is not None:
                    return found
        return None

    def function(self, name: str) -> Function | None:
        """Return the function *name*, looked up from this context outwards (None: no
        context has it)."""
        for ctx in self._chain():
            if ctx._functions is not None:
                found = ctx._functions.get(name)
                if found is not None:
                    return found
        return None

    def has_variables(self) -> bool:
        """Return whether this context or one of its parents has a map of variables."""
        return any(ctx._variables is not None for ctx in self._chain())

    def has_functions(self) -> bool:
        """Return whether this context or one of its parents has a map of functions."""
        return any(ctx._functions is not None for ctx in self._chain())

    def variable_names(self) -> list[str]:
        """Return the names of the variables in scope, innermost context first."""
        return [name for ctx in self._chain() for name in ctx._variables or ()]

    def _chain(self) -> Iterator[EvalContext]:
        ctx: EvalContext | None = self
        while ctx is not None:
            yield ctx
            ctx = ctx._parent

    def __repr__(self) -> str:
        variables = None if self._variables is None else sorted(self._variables)
        functions = None if self._functions is None else sorted(self._functions)
        parent = "" if self._parent is None else ", parent=..."
        return f"EvalContext(variables={variables!r}, functions={functions!r}{parent})"


def _name(name: object, what: str) -> str:
    if not isinstance(name, str):
        raise cty.CtyTypeError(f"a {what} name must be a str, not {type(name).__qualname__}")
    return name


def _function(name: str, f: object) -> Function:
    # (read by what it offers, so that this package needs nothing of cty.function, which
    # sits above the conversions that evaluate type defaults with it)
    if not all(callable(getattr(f, m, None)) for m in ("params", "var_param", "call")):
        raise cty.CtyTypeError(f"function {name!r} must be a cty.function.Function, not "
                               f"{type(f).__qualname__}")
    return f  # type: ignore[return-value]
