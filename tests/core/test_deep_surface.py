"""Every public operation at 10,000 levels, driven by the public surface itself.

Each public function of cty, cty.convert and the encodings, and each public method of values
and types, is called with values and types nested 10,000 deep (a mixed nesting of every kind of
container), in every argument slot. It must work or raise one of the library's own errors, never
RecursionError or another bare built-in error. A function added to ``__all__`` or a method added
to Value or Type is probed the day it lands.
"""

from __future__ import annotations

import enum
import inspect
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import cty
import cty.convert
import cty.function
import cty.function.stdlib
from cty.encoding import gob
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack
from cty.ext import eventual, pulumi_wire, xtypes

from .._public_api import required_arity

pytestmark = pytest.mark.slow  # every public operation at 10,000 levels

DEPTH = 10_000

# Each level wraps the one below in one kind of container, in turn; the leaf is a string
NESTERS: list[Callable[[cty.Value], cty.Value]] = [
    lambda v: cty.list_val([v]),
    lambda v: cty.map_val({"k": v}),
    lambda v: cty.object_val({"a": v, "b": cty.True_}),
    lambda v: cty.tuple_val([v, cty.number_int_val(1)]),
    lambda v: cty.set_val([v]),
]


def _build(leaf: cty.Value, kinds: int) -> cty.Value:
    v = leaf
    for i in range(DEPTH):
        v = NESTERS[i % kinds](v)
    return v


@cache
def deep_values() -> dict[str, cty.Value]:
    """Deep values: every container kind in turn, lists alone, and with unknowns and marks."""
    x = cty.string_val("x")
    return {
        "mixed": _build(x, len(NESTERS)),
        "lists": _build(x, 1),
        "unknown-leaf": _build(cty.unknown_val(cty.String), 4),  # (no sets: unknown leaves)
        "marked-leaf": _build(x.mark("m"), len(NESTERS)),
    }


@cache
def deep_twin() -> cty.Value:
    return _build(cty.string_val("x"), len(NESTERS))


@cache
def deep_types() -> dict[str, cty.Type]:
    t: cty.Type = cty.String
    for i in range(DEPTH):
        t = [cty.List, cty.Map,
             lambda u: cty.ObjectWithOptionalAttrs({"a": u, "b": cty.Bool}, ["b"]),
             lambda u: cty.Tuple([u]), cty.Set][i % 5](t)
    return {"mixed-type": t, "value-type": deep_values()["mixed"].type()}


# Names whose nature is to take anything in some slot (a mark, a capsule's object), or that
# need a specific non-value argument the probe cannot make up (each has its own deep test).
SKIP = {"mark", "has_mark", "capsule_val", "new_value_marks"}


def _functions() -> list[tuple[str, Callable[..., Any]]]:
    found: list[tuple[str, Callable[..., Any]]] = []
    for module, prefix in [(cty, "cty"), (cty.convert, "cty.convert"),
                           (cty_msgpack, "msgpack"), (cty_json, "json"), (gob, "gob"),
                           (cty.function, "cty.function"), (eventual, "eventual"),
                           (pulumi_wire, "pulumi_wire"), (xtypes, "xtypes")]:
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if name in SKIP or isinstance(obj, (cty.Type, cty.Value)):
                continue
            if inspect.isclass(obj) and issubclass(obj, BaseException | enum.Enum):
                continue  # (an enum's lookup raises ValueError, as every Python enum's does)
            if callable(obj) and required_arity(obj):
                found.append((f"{prefix}.{name}", obj))
    return found


def _method_names(obj: object) -> list[str]:
    return [n for n in dir(obj) if not n.startswith("_") and n not in SKIP
            and callable(getattr(obj, n))]


VALUE_METHODS = _method_names(cty.string_val("x"))
TYPE_METHODS = _method_names(cty.List(cty.String))


def _check(fn: Callable[..., Any], args: list[Any], where: str) -> None:
    try:
        fn(*args)
    except cty.CtyError:
        pass
    except (RecursionError, TypeError, ValueError, LookupError, AttributeError) as e:
        pytest.fail(f"{where}: {type(e).__name__}: {str(e)[:200]}")


def _probe_method(obj: object, name: str, args: list[Any], kind: str) -> None:
    """Call method *name* of *obj* with each of *args* in every required slot."""
    method = getattr(obj, name)
    n = required_arity(method)
    if n is None:
        pytest.fail(f"{name}: no signature")
    for arg in args[:1] if n == 0 else args:
        _check(method, [arg] * n, f"{kind}.{name}({type(arg).__name__} x {n})")


@pytest.mark.parametrize("kind", ["mixed", "lists", "unknown-leaf", "marked-leaf"])
@pytest.mark.parametrize("name", VALUE_METHODS)
def test_every_value_method_at_10000_levels(name: str, kind: str) -> None:
    value = deep_values()[kind]
    _probe_method(value, name, [deep_twin(), value.type(), cty.string_val("k"),
                                cty.number_int_val(0)], kind)


@pytest.mark.parametrize("kind", ["mixed-type", "value-type"])
@pytest.mark.parametrize("name", TYPE_METHODS)
def test_every_type_method_at_10000_levels(name: str, kind: str) -> None:
    ty = deep_types()[kind]
    _probe_method(ty, name, [ty, deep_values()["mixed"], "a"], kind)


FUNCTIONS = _functions()


@pytest.mark.parametrize(("name", "fn"), FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_every_public_function_at_10000_levels(name: str, fn: Callable[..., Any]) -> None:
    n = required_arity(fn)
    assert n
    value = deep_values()["mixed"]
    ty = value.type()
    for args in ([value] * n, [ty] * n, [value, ty][:n] + [ty] * (n - 2)):
        _check(fn, args, f"{name}{tuple(type(a).__name__ for a in args)}")


def test_the_probe_covers_the_surface() -> None:
    names = {n for n, _ in FUNCTIONS}
    assert {"cty.walk", "cty.convert.convert", "msgpack.marshal", "json.unmarshal",
            "gob.dumps"} <= names
    assert {"equals", "hash", "go_string", "unmark_deep_with_paths"} <= set(VALUE_METHODS)
    assert {"friendly_name", "test_conformance", "go_string"} <= set(TYPE_METHODS)


# --- every function of the stdlib (issue #47, item 15: some raised PanicError at 1,000 levels)

STDLIB = sorted(cty.function.stdlib.FUNCTIONS.items())


@cache
def deep_arguments() -> dict[str, cty.Value]:
    """What a function is given, in every slot: collections of deep values (what concat,
    flatten and the set functions take apart) and a deep value itself."""
    lists = deep_values()["lists"]
    return {"list-of-deep": cty.list_val([lists, lists]), "mixed": deep_values()["mixed"],
            "set-of-deep": cty.set_val([lists])}


@pytest.mark.parametrize(("name", "fn"), STDLIB, ids=[n for n, _ in STDLIB])
def test_every_stdlib_function_at_10000_levels(name: str, fn: cty.function.Function) -> None:
    n = len(fn.params()) + (1 if fn.var_param() is not None else 0)
    for kind, arg in deep_arguments().items():
        try:
            fn.call([arg] * n)
        except cty.function.PanicError as e:
            pytest.fail(f"{name}({kind} x {n}): PanicError: {str(e)[:200]}")
        except cty.CtyError:
            pass  # (refused: a FunctionError, an ArgError)
        except (RecursionError, TypeError, ValueError, LookupError, AttributeError) as e:
            pytest.fail(f"{name}({kind} x {n}): {type(e).__name__}: {str(e)[:200]}")


def test_unify_and_convert_at_10000_levels() -> None:
    t: cty.Type = cty.String
    for _ in range(DEPTH):
        t = cty.List(t)
    assert cty.convert.unify([t, t])[0] is t
    assert cty.convert.unify_unsafe([t, cty.DynamicPseudoType])[0] is cty.DynamicPseudoType
    assert cty.convert.unify_or_raise([t, t])[0] is t
    tup = cty.string_val("x")
    for _ in range(DEPTH):
        tup = cty.tuple_val([tup])
    got = cty.convert.convert(tup, cty.List(cty.DynamicPseudoType))
    assert got.type().is_list_type()
