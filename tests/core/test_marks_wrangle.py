"""Mark wrangling (go-cty 1.17's WrangleMarksDeep, package ctymarks): go-cty's own test table,
carried over case for case, and what the Python API adds (pairs of action and error, the errors
raised at the end with the result, payloads reused, any depth)."""

from __future__ import annotations

import json
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

import cty
import cty.testing.strategies as cst
from cty._internal import payload
from cty.marks import (
    WrangleDrop,
    WrangleError,
    WrangleExpand,
    WrangleKeep,
    wrangle_replace,
    wrangle_replace_mark,
)

from .. import _tvn as tvn
from .._batches import Batch, batches, run_batch
from .._examples import examples

S = cty.string_val
NULL = cty.null_val(cty.DynamicPseudoType)


def never(mark: Hashable, path: cty.Path) -> Any:
    return None, AssertionError("this error should not be observed")


def drop(name: str) -> Any:
    return lambda mark, path: WrangleDrop if mark == name else None


def expand(name: str) -> Any:
    return lambda mark, path: WrangleExpand if mark == name else None


def report(name: str, action: Any) -> Any:
    def fn(mark: Hashable, path: cty.Path) -> Any:
        if mark == name:
            return action, ValueError(f"found mark {mark!r} at path {path!r}")
        return None
    return fn


def only_irrelevant_at_root(mark: Hashable, path: cty.Path) -> Any:
    if mark != "irrelevant" or len(path) != 0:
        return None, AssertionError("this error should not be observed")
    return None


def person(age: cty.Value, harpreet: cty.Value, amanda: cty.Value) -> cty.Value:
    return cty.object_val({"name": S("Bob"), "age": age,
                           "friends": cty.list_val([harpreet, amanda])})


# name, input, functions, want, the errors' texts (str of each)
GO_CTY_TABLE: list[tuple[str, cty.Value, list[Any], cty.Value, list[str]]] = [
    ("null with no marks nor funcs", NULL, [], NULL, []),
    ("null with no marks and unused func", NULL, [never], NULL, []),
    ("null with mark but no funcs", NULL.mark("irrelevant"), [], NULL.mark("irrelevant"), []),
    ("null with mark that is unaffected by func", NULL.mark("irrelevant"),
     [only_irrelevant_at_root], NULL.mark("irrelevant"), []),
    ("null with mark and func that's blocked by earlier func", NULL.mark("maybe bad"),
     [lambda m, p: WrangleKeep, never], NULL.mark("maybe bad"), []),
    ("null with mark and func that's not blocked by earlier func", NULL.mark("maybe bad"),
     [lambda m, p: None, report("maybe bad", WrangleDrop)], NULL,
     ["found mark 'maybe bad' at path cty.Path([])"]),
    ("null with marks, one of which is dropped", NULL.mark("keep").mark("drop"),
     [drop("drop")], NULL.mark("keep"), []),
    ("null with marks, one of which is replaced", NULL.mark("keep").mark("drop"),
     [lambda m, p: wrangle_replace("replacement") if m == "drop" else None],
     NULL.mark("keep").mark("replacement"), []),
    ("null with a mark that causes an error", NULL.mark("bad").mark("irrelevant"),
     [report("bad", WrangleDrop)], NULL.mark("irrelevant"),
     ["found mark 'bad' at path cty.Path([])"]),
    ("set with marks, one of which is dropped",
     cty.set_val([cty.True_]).mark("drop").mark("keep"), [drop("drop")],
     cty.set_val([cty.True_]).mark("keep"), []),
    ("list with no marks and inert wrangle func",
     cty.list_val([S("unmarked 1"), S("unmarked 2"), S("unmarked 3")]), [never],
     cty.list_val([S("unmarked 1"), S("unmarked 2"), S("unmarked 3")]), []),
    ("list with nested marks, one of which is dropped",
     cty.list_val([S("unmarked"), S("marked 1").mark("drop"),
                   S("marked 2").mark("drop").mark("keep"), S("marked 3").mark("keep")]),
     [drop("drop")],
     cty.list_val([S("unmarked"), S("marked 1"), S("marked 2").mark("keep"),
                   S("marked 3").mark("keep")]), []),
    ("tuple with nested marks, one of which is dropped",
     cty.tuple_val([cty.True_, S("marked 1").mark("drop"),
                    S("marked 2").mark("drop").mark("keep"), S("marked 3").mark("keep")]),
     [drop("drop")],
     cty.tuple_val([cty.True_, S("marked 1"), S("marked 2").mark("keep"),
                    S("marked 3").mark("keep")]), []),
    ("list with nested marks, one of which is expanded",
     cty.list_val([S("unmarked"), S("marked 1").mark("expand"),
                   S("marked 2").mark("expand").mark("keep"), S("marked 3").mark("keep")]),
     [expand("expand")],
     cty.list_val([S("unmarked"), S("marked 1").mark("expand"),
                   S("marked 2").mark("expand").mark("keep"),
                   S("marked 3").mark("keep")]).mark("expand"), []),
    ("list with nested mark that causes error",
     cty.list_val([S("unmarked 1"), S("marked").mark("bad"), S("unmarked 2")]),
     [report("bad", None)],
     cty.list_val([S("unmarked 1"), S("marked").mark("bad"), S("unmarked 2")]),
     ["[1]: found mark 'bad' at path cty.Path([cty.IndexStep(cty.number_val(1))])"]),
    ("list with nested marks that cause error",
     cty.list_val([S("unmarked 1"), S("marked 1").mark("bad"), S("marked 2").mark("bad"),
                   S("unmarked 2")]),
     [report("bad", None)],
     cty.list_val([S("unmarked 1"), S("marked 1").mark("bad"), S("marked 2").mark("bad"),
                   S("unmarked 2")]),
     ["[1]: found mark 'bad' at path cty.Path([cty.IndexStep(cty.number_val(1))])",
      "[2]: found mark 'bad' at path cty.Path([cty.IndexStep(cty.number_val(2))])"]),
    ("object with no marks and inert wrangle func",
     person(cty.number_int_val(84), S("Harpreet"), S("Amanda")), [never],
     person(cty.number_int_val(84), S("Harpreet"), S("Amanda")), []),
    ("object with marks, one of which is dropped",
     person(cty.number_int_val(84).mark("drop").mark("keep"), S("Harpreet").mark("drop"),
            S("Amanda").mark("keep")), [drop("drop")],
     person(cty.number_int_val(84).mark("keep"), S("Harpreet"), S("Amanda").mark("keep")), []),
    ("object with marks, one of which is expanded",
     person(cty.number_int_val(84).mark("keep"), S("Harpreet").mark("expand"),
            S("Amanda").mark("keep")).mark("keep"), [expand("expand")],
     person(cty.number_int_val(84).mark("keep"), S("Harpreet").mark("expand"),
            S("Amanda").mark("keep")).mark("keep").mark("expand"), []),
    ("map with no marks and inert wrangle func",
     cty.map_val({"foo": S("bar"), "baz": S("beep")}), [never],
     cty.map_val({"foo": S("bar"), "baz": S("beep")}), []),
    ("map with marks, one of which is dropped",
     cty.map_val({"unmarked 1": S("unmarked"), "marked 1": S("marked").mark("keep"),
                  "marked 2": S("marked").mark("keep").mark("drop"),
                  "marked 3": S("marked").mark("drop"), "unmarked 2": S("unmarked")}),
     [drop("drop")],
     cty.map_val({"unmarked 1": S("unmarked"), "marked 1": S("marked").mark("keep"),
                  "marked 2": S("marked").mark("keep"), "marked 3": S("marked"),
                  "unmarked 2": S("unmarked")}), []),
]


@pytest.mark.parametrize(("name", "value", "funcs", "want", "errors"), GO_CTY_TABLE,
                         ids=[c[0] for c in GO_CTY_TABLE])
def test_go_cty_table(name: str, value: cty.Value, funcs: list[Any], want: cty.Value,
                      errors: list[str]) -> None:
    if errors:
        with pytest.raises(WrangleError) as e:
            value.wrangle_marks_deep(*funcs)
        got = e.value.value
        assert [str(x) for x in e.value.errors] == errors
        assert str(e.value) == "\n".join(errors)
    else:
        got = value.wrangle_marks_deep(*funcs)
    assert got.raw_equals(want), f"{got!r} != {want!r}"


def test_errors_below_the_top_are_path_errors_caused_by_the_functions_own() -> None:
    value = cty.object_val({"a": cty.list_val([S("x").mark("bad")])}).mark("bad")
    with pytest.raises(WrangleError) as e:
        value.wrangle_marks_deep(report("bad", WrangleKeep))
    top, inner = e.value.errors
    assert isinstance(top, ValueError)  # (at the value itself: the function's own)
    assert isinstance(inner, cty.PathError)
    assert inner.path == cty.get_attr_path("a").index(cty.number_int_val(0))
    assert isinstance(inner.__cause__, ValueError)
    assert e.value.value.raw_equals(value)


def test_the_functions_see_each_mark_at_each_place_once_in_order() -> None:
    value = cty.object_val({
        "m": cty.map_val({"z": S("1").mark("a"), "b": S("2").mark("c").mark("b")}),
        "s": cty.set_val([S("x").mark("in set")]),  # (moved onto the set)
        "u": cty.unknown_val(cty.String).mark("u"),
    }).mark("top")
    seen: list[tuple[Hashable, str]] = []

    def look(mark: Hashable, path: cty.Path) -> Any:
        seen.append((mark, path.format()))
        return None

    assert value.wrangle_marks_deep(look) is value
    assert seen == [("top", ""), ("b", '.m["b"]'), ("c", '.m["b"]'), ("a", '.m["z"]'),
                    ("in set", ".s"), ("u", ".u")]


def test_only_what_changed_is_rebuilt() -> None:
    keep_list = cty.list_val([S("k").mark("keep")])
    value = cty.object_val({"kept": keep_list, "plain": cty.list_val([S("p")]),
                            "dropped": cty.list_val([S("d").mark("drop")])})
    got = value.wrangle_marks_deep(drop("drop"))
    assert got.get_attr("dropped").raw_equals(cty.list_val([S("d")]))
    assert payload(got)["kept"] is payload(value)["kept"]
    assert payload(got)["plain"] is payload(value)["plain"]
    assert value.wrangle_marks_deep(lambda m, p: WrangleKeep) is value


def test_replacing_and_expanding_at_the_top() -> None:
    value = S("x").mark("old").mark("other")
    got = value.wrangle_marks_deep(
        lambda m, p: wrangle_replace("new") if m == "old" else WrangleExpand)
    assert got.raw_equals(S("x").mark("new").mark("other"))


def test_actions() -> None:
    action = wrangle_replace("m")
    assert wrangle_replace_mark(action) == "m"
    assert wrangle_replace_mark(WrangleDrop) is None
    assert wrangle_replace_mark(None) is None
    assert action == wrangle_replace("m") and action != wrangle_replace("n")
    assert repr(WrangleKeep) == "cty.marks.WrangleKeep"
    assert repr(action) == "cty.marks.wrangle_replace('m')"
    with pytest.raises(cty.CtyValueError, match="needs a mark"):
        wrangle_replace(None)
    with pytest.raises(cty.CtyTypeError, match="hashable"):
        wrangle_replace(["unhashable"])


@pytest.mark.parametrize(("answer", "message"), [
    ("drop", "gave str, not a cty.marks.WrangleAction"),
    ((WrangleDrop, "not an exception"), "gave str as its error"),
])
def test_a_function_that_answers_otherwise_is_a_type_error(answer: Any, message: str) -> None:
    with pytest.raises(cty.CtyTypeError, match=message):
        S("x").mark("m").wrangle_marks_deep(lambda m, p: answer)


def test_functions_must_be_callable() -> None:
    with pytest.raises(cty.CtyTypeError, match="wrangle function 1 is not callable"):
        S("x").mark("m").wrangle_marks_deep(drop("m"), "drop")


def test_any_depth_without_running_anything_twice() -> None:
    v = S("leaf").mark("deep")
    for i in range(20_000):
        v = cty.list_val([v]) if i % 2 else cty.object_val({"a": v})
    calls: list[int] = []

    def count(mark: Hashable, path: cty.Path) -> Any:
        calls.append(len(path))
        return WrangleDrop

    got = v.wrangle_marks_deep(count)
    assert calls == [20_000]
    assert not got.contains_marked()


@settings(max_examples=examples(200), deadline=None)
@given(cst.types(max_depth=3).flatmap(lambda t: cst.values(t, marks=True)))
def test_dropping_everything_is_unmark_deep(value: cty.Value) -> None:
    found: set[Hashable] = set()

    def take(mark: Hashable, path: cty.Path) -> Any:
        found.add(mark)
        return WrangleDrop

    unmarked, marks = value.unmark_deep()
    got = value.wrangle_marks_deep(take)
    assert got.raw_equals(unmarked)
    assert found == marks


# --- go-cty's answers (tests/vectors/wrangle.jsonl, made by tests/vectors/tools/make_wrangle.py
# through the oracle shim tests/oracle_shims/zz_wrangle.go) -------------------------------------

_VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "wrangle.jsonl"
_CASES = [json.loads(line) for line in _VECTORS.read_text(encoding="ascii").splitlines()]


def _wrangler(rules: list[dict[str, Any]]) -> Any:
    """The wrangle function a list of rules describes, as the shim makes it in Go."""
    actions = {"keep": WrangleKeep, "drop": WrangleDrop, "expand": WrangleExpand}

    def fn(mark: Hashable, path: cty.Path) -> Any:
        for r in rules:
            if mark != r["mark"] or r.get("depth") not in (None, len(path)):
                continue
            error = ValueError(f"{mark}@{len(path)}") if r.get("error") else None
            name = r["action"]
            action = (None if name is None else wrangle_replace(r["to"]) if name == "replace"
                      else actions[name])
            return action, error
        return None
    return fn


def _check_vector(case: dict[str, Any]) -> None:
    value = tvn.build(case["type"], case["value"])
    funcs = [_wrangler(rules) for rules in case["funcs"]]
    try:
        got, errors = value.wrangle_marks_deep(*funcs), []
    except WrangleError as e:
        got, errors = e.value, e.errors
    rendered = tvn.render(got)
    rendered["errors"] = sorted(
        ({"message": e.message if isinstance(e, cty.PathError) else str(e),
          "path": tvn.render_path(e.path) if isinstance(e, cty.PathError) else None}
         for e in errors), key=lambda x: json.dumps(x, sort_keys=True, separators=(",", ":")))
    want = dict(case["expect"])
    want["errors"] = sorted(want["errors"], key=lambda x: json.dumps(
        x, sort_keys=True, separators=(",", ":")))
    assert tvn.matches(rendered, want), tvn.difference(rendered, want)


@pytest.mark.parametrize("batch", batches(_CASES, [c["id"] for c in _CASES]))
def test_go_cty_answers(batch: Batch) -> None:
    run_batch(batch, _check_vector)


def test_the_error_pickles() -> None:
    import pickle

    e = pickle.loads(pickle.dumps(WrangleError([ValueError("x")], S("v").mark("m"))))
    assert [str(x) for x in e.errors] == ["x"] and e.value.raw_equals(S("v").mark("m"))
