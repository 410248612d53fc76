"""The public API as a careless caller meets it: every public function and method, called with
None, wrong types, unhashable things and out-of-range numbers, either works or raises one of the
library's own errors (cty.CtyError, which are also TypeError/ValueError/LookupError), never a
bare built-in error from deep inside.

The probe is driven by the public surface itself (cty.__all__, the public methods of values and
types), so a new function is covered the day it is added.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

import cty
from cty.convert import convert, get_conversion, get_conversion_unsafe, mismatch_message, unify
from cty.ext import eventual, pulumi_wire, xtypes

from .._batches import Batch, batches, run_batch
from .._public_api import required_arity

BAD_ARGS: list[Any] = [None, "x", 1.5, -3, 10**30, object(), [object()], {"k": [1]}, b"\xff",
                       cty.String, cty.string_val("x"), cty.null_val(cty.Number),
                       cty.unknown_val(cty.String), cty.string_val("x").mark("m")]

SAMPLE_VALUES: dict[str, cty.Value] = {
    "string": cty.string_val("x"),
    "number": cty.number_int_val(2),
    "bool": cty.True_,
    "list": cty.list_val([cty.string_val("a")]),
    "map": cty.map_val({"a": cty.True_}),
    "set": cty.set_val([cty.number_int_val(1)]),
    "object": cty.object_val({"a": cty.True_}),
    "tuple": cty.tuple_val([cty.True_]),
    "null": cty.null_val(cty.List(cty.String)),
    "unknown": cty.unknown_val(cty.Map(cty.Number)),
    "marked": cty.string_val("x").mark("m"),
}
SAMPLE_TYPES: dict[str, cty.Type] = {
    "string": cty.String,
    "list": cty.List(cty.Number),
    "object": cty.ObjectWithOptionalAttrs({"a": cty.String}, ["a"]),
    "tuple": cty.Tuple([cty.Bool]),
    "dynamic": cty.DynamicPseudoType,
}

# Names whose nature is to accept anything in some slot (checked by their own tests):
# a mark may be any hashable Python object, a capsule may wrap any object.
ACCEPTS_ANY = {"mark", "has_mark", "capsule_val", "new_value_marks"}


def _good_args(n: int) -> list[Any]:
    return [cty.string_val("x")] * n


def _check(fn: Callable[..., Any], args: list[Any], where: str) -> None:
    try:
        fn(*args)
    except cty.CtyError:
        pass
    except (TypeError, ValueError, LookupError, AttributeError, RecursionError) as e:
        pytest.fail(f"{where}{tuple(args)!r}: bare {type(e).__name__}: {e}")


def _calls(fn: Callable[..., Any], where: str) -> list[tuple[Callable[..., Any], list[Any], str]]:
    n = required_arity(fn)
    if n is None or n == 0:
        return []
    out = []
    for slot in range(n):
        for bad in BAD_ARGS:
            args = _good_args(n)
            args[slot] = bad
            out.append((fn, args, where))
    return out


def _public_functions() -> list[tuple[str, Callable[..., Any]]]:
    out = []
    for name in cty.__all__:
        obj = getattr(cty, name)
        if name in ACCEPTS_ANY or isinstance(obj, (cty.Type, cty.Value)):
            continue
        if inspect.isclass(obj) and issubclass(obj, BaseException):
            continue
        if callable(obj):
            out.append((name, obj))
    for module in (eventual, pulumi_wire, xtypes):
        for name in module.__all__:
            obj = getattr(module, name)
            if callable(obj) and not inspect.isclass(obj):
                out.append((f"{module.__name__.rsplit('.', 1)[-1]}.{name}", obj))
    out += [("convert", convert), ("get_conversion", get_conversion),
            ("get_conversion_unsafe", get_conversion_unsafe),
            ("mismatch_message", mismatch_message), ("unify", unify)]
    return out


def _methods(samples: dict[str, Any]) -> list[tuple[str, Callable[..., Any]]]:
    out = []
    for kind, obj in samples.items():
        for name in dir(obj):
            if name.startswith("_") or name in ACCEPTS_ANY:
                continue
            attr = getattr(obj, name)
            if callable(attr):
                out.append((f"{kind}.{name}", attr))
    return out


PROBES = [c for name, fn in _public_functions() for c in _calls(fn, f"cty.{name}")]
METHOD_PROBES = [c for name, fn in _methods({**SAMPLE_VALUES, **SAMPLE_TYPES})
                 for c in _calls(fn, name)]


def _probe(probe: Any) -> None:
    fn, args, where = probe
    _check(fn, args, where)


@pytest.mark.parametrize("batch", batches(PROBES, [f"{w}-{i}" for i, (_, _, w) in
                                                   enumerate(PROBES)]))
def test_public_functions_raise_only_library_errors(batch: Batch) -> None:
    run_batch(batch, _probe)


@pytest.mark.parametrize("batch", batches(METHOD_PROBES, [f"{w}-{i}" for i, (_, _, w) in
                                                          enumerate(METHOD_PROBES)]))
def test_public_methods_raise_only_library_errors(batch: Batch) -> None:
    run_batch(batch, _probe)


def test_the_probe_covers_the_public_surface() -> None:
    names = {w for _, _, w in PROBES}
    assert {"cty.list_val", "cty.Tuple", "cty.walk", "cty.unknown_as_null"} <= names
    assert len(METHOD_PROBES) > 500


# --- the cases issue #19 found, one by one ------------------------------------------------------

S = cty.string_val

BARE_BEFORE: list[tuple[str, Callable[[], Any], type[BaseException], str]] = [
    ("Path.apply(None)", lambda: cty.Path().get_attr("a").apply(None), cty.CtyTypeError,
     "must be a cty.Value"),
    ("walk(None)", lambda: cty.walk(None, lambda p, v: True), cty.CtyTypeError,  # type: ignore[arg-type]
     "must be a cty.Value"),
    ("mismatch_message(None)", lambda: mismatch_message(None, cty.String),  # type: ignore[arg-type]
     cty.CtyTypeError, "must be a cty.Type"),
    ("unknown_as_null(None)", lambda: cty.unknown_as_null(None),  # type: ignore[arg-type]
     cty.CtyTypeError, "must be a cty.Value"),
    ("PathSet.add(str)", lambda: cty.PathSet().add("a"), cty.CtyTypeError,  # type: ignore[arg-type]
     "holds cty.Paths"),
    ("mark_with_paths([1])", lambda: S("x").mark_with_paths([1]),  # type: ignore[list-item]
     cty.CtyTypeError, "PathValueMarks"),
    ("list_val(None)", lambda: cty.list_val(None), cty.CtyTypeError,  # type: ignore[arg-type]
     "list of cty.Values"),
    ("set_val(None)", lambda: cty.set_val(None), cty.CtyTypeError,  # type: ignore[arg-type]
     "list of cty.Values"),
    ("tuple_val(None)", lambda: cty.tuple_val(None), cty.CtyTypeError,  # type: ignore[arg-type]
     "list of cty.Values"),
    ("Tuple(None)", lambda: cty.Tuple(None), cty.CtyTypeError,  # type: ignore[arg-type]
     "list of cty.Types"),
    ("Tuple(String)", lambda: cty.Tuple(cty.String), cty.CtyTypeError,  # type: ignore[arg-type]
     "list of cty.Types"),
    ("with_marks(str)", lambda: S("x").with_marks("sensitive"),  # type: ignore[arg-type]
     cty.CtyTypeError, "use mark"),
    ("list[-3]", lambda: cty.list_val([S("x")])[-3], cty.IndexOutOfRangeError, "index -3"),
    ("list[3]", lambda: cty.list_val([S("x")])[3], cty.IndexOutOfRangeError, "no element 3"),
    ("missing attribute", lambda: cty.object_val({"a": cty.True_}).get_attr("b"),
     cty.ElementNotFoundError, "no attribute 'b'"),
    ("missing map key", lambda: cty.map_val({"a": cty.True_}).index(S("b")),
     cty.KeyNotFoundError, "no element 'b'"),
    ("missing map key by str", lambda: cty.map_val({"a": cty.True_})["b"],
     cty.KeyNotFoundError, "no element 'b'"),
    ("unhashable mark", lambda: S("x").mark([1]),  # type: ignore[arg-type]
     cty.CtyTypeError, "hashable"),
]


@pytest.mark.parametrize(("name", "call", "error", "text"), BARE_BEFORE,
                         ids=[b[0] for b in BARE_BEFORE])
def test_a_bad_input_gets_a_typed_error_that_says_what_was_expected(
        name: str, call: Callable[[], Any], error: type[BaseException], text: str) -> None:
    with pytest.raises(error, match=text):
        call()


def test_the_error_family() -> None:
    assert issubclass(cty.CtyTypeError, cty.CtyError) and issubclass(cty.CtyTypeError, TypeError)
    assert issubclass(cty.CtyValueError, ValueError)
    assert issubclass(cty.ElementNotFoundError, cty.CtyValueError)
    assert issubclass(cty.ElementNotFoundError, LookupError)
    assert issubclass(cty.KeyNotFoundError, KeyError)
    assert issubclass(cty.IndexOutOfRangeError, IndexError)
    assert issubclass(cty.PathError, cty.CtyValueError)
    assert str(cty.KeyNotFoundError("index: map has no element 'b'")) == (
        "index: map has no element 'b'")  # not KeyError's quoted repr


def test_repr_of_unknowns_shows_their_length_refinements() -> None:
    one = convert(cty.unknown_val(cty.Tuple([cty.String])), cty.List(cty.String))
    two = convert(cty.unknown_val(cty.Tuple([cty.String, cty.String])), cty.List(cty.String))
    assert not one.raw_equals(two)
    assert repr(one) != repr(two)
    assert ".collection_length_lower_bound(2).collection_length_upper_bound(2)" in repr(two)
    assert "CollectionLengthLowerBound(2)" in two.go_string()


def test_a_wrong_kind_of_argument_is_named_briefly() -> None:
    deep = cty.string_val("x")
    for _ in range(1_000):
        deep = cty.list_val([deep])
    with pytest.raises(cty.CtyTypeError) as e:
        cty.map_val_empty(deep)  # type: ignore[arg-type]
    assert str(e.value) == ("element type must be a cty.Type, not Value <a cty value of a type "
                            "nesting 8 or more levels of containers>")
    with pytest.raises(cty.CtyTypeError) as t:
        cty.unknown_as_null(deep.type())  # type: ignore[arg-type]
    assert str(t.value).endswith("<a cty type nesting 8 or more levels of containers>")
    with pytest.raises(cty.CtyTypeError) as s:
        cty.type_to_json("x" * 500)  # type: ignore[arg-type]
    assert str(s.value) == "type_to_json needs a cty.Type, not '" + "x" * 196 + "..."
    with pytest.raises(cty.CtyTypeError, match=r"not Value cty.string_val\('x'\)$"):
        cty.map_val_empty(cty.string_val("x"))  # type: ignore[arg-type]
