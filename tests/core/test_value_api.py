"""Value's operation methods are declared in cty/_value.py (for type checkers) and bound by
cty/_value_api.py (at run time): the two must agree, name for name and parameter for parameter."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path

import pytest

import cty
from cty import _value_api

SOURCE = Path(cty.__file__).parent / "_value.py"


def _declared() -> dict[str, ast.FunctionDef]:
    tree = ast.parse(SOURCE.read_text())
    (value_class,) = (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Value")
    blocks = [n for n in value_class.body
              if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"]
    assert len(blocks) == 1, "class Value declares its bound methods in one TYPE_CHECKING block"
    return {f.name: f for f in blocks[0].body if isinstance(f, ast.FunctionDef)}


DECLARED = _declared()


def _declared_shape(stub: ast.FunctionDef) -> list[tuple[str, str, str | None]]:
    a = stub.args
    shape = [(p.arg, "POSITIONAL_ONLY", p.annotation and ast.unparse(p.annotation))
             for p in a.posonlyargs]
    shape += [(p.arg, "POSITIONAL_OR_KEYWORD", p.annotation and ast.unparse(p.annotation))
              for p in a.args]
    if a.vararg is not None:
        shape.append((a.vararg.arg, "VAR_POSITIONAL",
                      a.vararg.annotation and ast.unparse(a.vararg.annotation)))
    assert a.kwarg is None and not a.kwonlyargs, stub.name
    assert stub.returns is not None, stub.name
    return [*shape[1:], ("return", "", ast.unparse(stub.returns))]


def _bound_shape(fn: Callable[..., object]) -> list[tuple[str, str, str | None]]:
    sig = inspect.signature(fn)
    params = list(sig.parameters.values())
    assert params[0].name == "self"
    shape: list[tuple[str, str, str | None]] = [
        (p.name, p.kind.name, None if p.annotation is p.empty else str(p.annotation))
        for p in params[1:]]
    return [*shape, ("return", "", str(sig.return_annotation))]


def test_every_bound_method_is_declared_and_every_declared_one_bound() -> None:
    assert sorted(_value_api._METHODS) == sorted(DECLARED)


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_the_binding_has_the_declared_signature_and_a_docstring(name: str) -> None:
    bound = cty.Value.__dict__[name]
    assert bound is _value_api._METHODS[name]
    assert bound.__module__.startswith("cty._")  # (its operation module, or the API layer)
    assert bound.__qualname__ == f"Value.{name}"
    assert _bound_shape(bound) == _declared_shape(DECLARED[name])
    assert bound.__doc__ and bound.__doc__.strip()


def test_the_bound_methods_act_as_methods() -> None:
    one, two = cty.number_int_val(1), cty.number_int_val(2)
    assert one.add(one) == two
    assert {one, cty.number_int_val(1)} == {one}
    assert one != two
    assert (one == 1) is False and (one != 1) is True
    assert repr(cty.list_val([one])) == "cty.list_val([cty.number_val(1)])"


def test_no_method_is_a_forwarder_to_a_function_of_the_same_shape() -> None:
    """A method is written once: where an operation module's function takes the method's
    arguments as they are, it is bound itself (cty/_value_api.py's table), not called by a
    forwarder that repeats its signature and docstring. Forwarders stay only where they add
    something (a check, a conversion of the arguments, several calls)."""
    tree = ast.parse((Path(cty.__file__).parent / "_value_api.py").read_text())
    forwarders = []
    for node in tree.body:
        if not (isinstance(node, ast.FunctionDef)
                and any(ast.unparse(d) == "_method" for d in node.decorator_list)):
            continue
        body = [b for b in node.body
                if not (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))]
        params = [a.arg for a in node.args.posonlyargs + node.args.args]
        if (len(body) == 1 and isinstance(body[0], ast.Return)
                and isinstance(body[0].value, ast.Call) and not body[0].value.keywords
                and not node.args.vararg
                and [ast.unparse(a) for a in body[0].value.args] == params):
            target = getattr(getattr(_value_api, ast.unparse(body[0].value.func).split(".")[0],
                                     None), ast.unparse(body[0].value.func).split(".")[-1], None)
            if target is not None and getattr(target, "__code__", None) is not None and \
                    target.__code__.co_argcount \
                    == len(params) and not target.__defaults__ and not target.__closure__:
                forwarders.append(node.name)
    # (the marks, inspection and equality forwarders are next: their functions are wrapped
    # with @deep or keep other names for their callers)
    assert sorted(forwarders) == []
