"""Every line of go-cty's reference vectors (tests/vectors/*.jsonl), one pytest case each.

The vectors come from go-cty 1.12.1 (shared/oracle). We follow go-cty 1.18.1: a line whose
answer changed after 1.12.1 is skipped with the change named (VERSION_CHANGES), and a line where
we deliberately do better than a go-cty defect asserts our behaviour instead (DIVERGENCES, and
docs/design/divergences.md). Set CTY_VECTORS_DIR to check freshly generated oracle output.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cty
from cty import _number

from ._tvn import InvalidUTF8, build, build_type, canonical, render, render_path, type_json
from ._vector_tables import DIVERGENCES, VERSION_CHANGES

VECTORS_DIR = Path(os.environ.get("CTY_VECTORS_DIR") or Path(__file__).parent / "vectors")


def _cases() -> list[Any]:
    params = []
    for path in sorted(VECTORS_DIR.glob("*.jsonl")):
        with path.open(encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                if line.strip():
                    params.append(pytest.param(path.name, line, id=f"{path.name}:{lineno}"))
    return params


CASES = _cases()


def test_vectors_were_found() -> None:
    assert CASES, f"no vector lines found in {VECTORS_DIR}"


# --- the op family (ops.jsonl) ------------------------------------------------------------------

_BOOL_RESULTS = {
    "IsKnown": "is_known", "IsNull": "is_null", "IsWhollyKnown": "is_wholly_known",
    "HasWhollyKnownType": "has_wholly_known_type", "IsMarked": "is_marked",
    "ContainsMarked": "contains_marked", "CanIterateElements": "can_iterate_elements",
    "True": "true", "False": "false", "LengthInt": "length_int", "RawEquals": "raw_equals",
    "HasSameMarks": "has_same_marks", "AsString": "as_string", "Hash": "hash",
    "GoString": "go_string",
}
_VALUE_RESULTS = {
    "Equals": "equals", "NotEqual": "not_equal", "Add": "add", "Subtract": "subtract",
    "Multiply": "multiply", "Divide": "divide", "Modulo": "modulo", "Negate": "negate",
    "Absolute": "absolute", "GreaterThan": "greater_than",
    "GreaterThanOrEqualTo": "greater_than_or_equal_to", "LessThan": "less_than",
    "LessThanOrEqualTo": "less_than_or_equal_to", "And": "and_", "Or": "or_", "Not": "not_",
    "Length": "length", "Index": "index", "HasIndex": "has_index", "HasElement": "has_element",
}


def _by_json(items: list[Any]) -> list[Any]:
    return sorted(items, key=lambda x: json.dumps(x, sort_keys=True, ensure_ascii=False))


def _run_type_op(name: str, types: list[cty.Type]) -> Any:
    t = types[0]
    if name == "FriendlyName":
        return {"result": t.friendly_name()}
    if name == "FriendlyNameForConstraint":
        return {"result": t.friendly_name_for_constraint()}
    if name == "TypeGoString":
        return {"result": t.go_string()}
    if name == "TypeEquals":
        return {"result": t == types[1]}
    if name == "HasDynamicTypes":
        return {"result": t.has_dynamic_types()}
    if name == "WithoutOptionalAttributesDeep":
        return {"result": type_json(t.without_optional_attributes_deep())}
    errs = t.test_conformance(types[1])
    return {"result": _by_json([{"error": e.message, "path": render_path(e.path)} for e in errs])}


def run_op(case: dict[str, Any]) -> Any:
    """Run one `op` vector case and return its result in the oracle's rendering."""
    name = case["name"]
    args = case["args"]
    if name in ("FriendlyName", "FriendlyNameForConstraint", "TypeGoString", "TypeEquals",
                "HasDynamicTypes", "WithoutOptionalAttributesDeep", "TestConformance"):
        return _run_type_op(name, [build_type(a["type"]) for a in args])
    if name in ("GetAttr", "HasMark", "Mark"):
        v = build(args[0]["type"], args[0]["value"])
        s = args[1]["value"]["string"]
        if name == "GetAttr":
            return render(v.get_attr(s))
        if name == "HasMark":
            return {"result": v.has_mark(s)}
        return render(v.mark(s))
    vals = [build(a["type"], a["value"]) for a in args]
    v = vals[0]
    if name in _BOOL_RESULTS:
        return {"result": getattr(v, _BOOL_RESULTS[name])(*vals[1:])}
    if name in _VALUE_RESULTS:
        return render(getattr(v, _VALUE_RESULTS[name])(*vals[1:]))
    if name == "AsBigFloat":
        return {"result": _number.format_f(_number.from_mpfr(v.as_big_float()))}
    if name == "Marks":
        return {"result": sorted(v.marks())}
    if name in ("Unmark", "UnmarkDeep"):
        r, marks = v.unmark() if name == "Unmark" else v.unmark_deep()
        return {**render(r), "marks": sorted(marks)}
    if name == "UnmarkDeepWithPaths":
        r, pvm = v.unmark_deep_with_paths()
        entries = [{"path": render_path(p.path), "marks": sorted(p.marks)} for p in pvm]
        return {**render(r), "path_marks": _by_json(entries)}
    if name == "Elements":
        return {"result": [{"key": render(k), "elem": render(e)}
                           for k, e in v.element_iterator()]}
    if name == "Walk":
        seen: list[Any] = []

        def visit(path: cty.Path, x: cty.Value) -> bool:
            seen.append({"path": render_path(path), "value": render(x)})
            return True

        cty.walk(v, visit)
        return {"result": seen}
    if name == "UnknownAsNull":
        return render(cty.unknown_as_null(v))
    raise NotImplementedError(f"op {name}")


def _normalise_op(name: str, got: Any, expect: dict[str, Any]) -> tuple[Any, Any]:
    if name == "AsBigFloat":
        text = {"+Inf": "inf", "-Inf": "-inf"}.get(got["result"], got["result"])
        return {"result": text}, {"result": expect["result"]}
    if name == "UnmarkDeepWithPaths":
        expect = dict(expect)
        expect["path_marks"] = _by_json(expect["path_marks"])
    return got, expect


# --- the strings family (strings.jsonl) -------------------------------------------------------


def run_strings(case: dict[str, Any]) -> Any:
    """Run a `string`, `number_parse` or `number_format` case."""
    op = case["op"]
    if op == "string":
        s = case["s"] if "s" in case else bytes.fromhex(case["s_hex"]).decode("utf-8")
        v = cty.string_val(s).as_string()
        out = {"changed": v != s, "nfc_hex": v.encode().hex()}
        if "s" in case or "nfc" in case.get("expect", {}):
            out["nfc"] = v
        return out
    if op == "number_parse":
        v = cty.parse_number_val(case["s"])
        out = render(v)
        out["back"] = _number.format_f(v._v)
        return out
    text = case["number"]
    source = case.get("from", "parse")
    if source == "parse":
        infinities = {"inf": cty.PositiveInfinity, "-inf": cty.NegativeInfinity}
        v = infinities[text] if text in infinities else cty.parse_number_val(text)
    elif source == "float64":
        v = cty.number_float_val(float(text))
    elif source == "int64":
        v = cty.number_int_val(int(text))
    else:
        v = cty.number_uint_val(int(text))
    return {"string": _number.format_f(v._v), "prec": _number.precision(v._v),
            "gostring": v.go_string()}


# --- families built by later issues -------------------------------------------------------------


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _family_runner(filename: str) -> tuple[Callable[[dict[str, Any]], Any] | None, str]:
    if filename == "ops.jsonl":
        return run_op, ""
    if filename == "strings.jsonl":
        return run_strings, ""
    if filename in ("convert.jsonl", "conversion_kind.jsonl", "unify.jsonl"):
        mod = _module("tests._vectors_convert")
        if mod is None or _module("cty.convert") is None or not hasattr(
                _module("cty.convert"), "convert"):
            return None, "cty.convert is not built yet (issue #3)"
        return mod.run, ""
    mod = _module("tests._vectors_encoding")
    if mod is None or _module("cty.encoding.msgpack") is None or _module(
            "cty.encoding.json") is None:
        return None, "cty.encoding.msgpack and .json are not built yet (issue #4)"
    return mod.run, ""


_IGNORED_KEYS = ("nondeterministic", "variants")


def _matches(got: Any, expect: dict[str, Any]) -> bool:
    want = {k: v for k, v in expect.items() if k not in _IGNORED_KEYS}
    if canonical(got) == canonical(want):
        return True
    return any(canonical(got) == canonical(v) for v in expect.get("variants", ()))


@pytest.mark.parametrize(("filename", "line"), CASES)
def test_vector(filename: str, line: str) -> None:
    case = json.loads(line)
    case_id = case["id"]
    expect = case["expect"]
    if case_id in VERSION_CHANGES:
        pytest.skip(VERSION_CHANGES[case_id])
    runner, why_not = _family_runner(filename)
    if runner is None:
        pytest.skip(why_not)
    if case_id in DIVERGENCES:
        kind, _ = DIVERGENCES[case_id]
        _assert_divergence(kind, runner, case)
        return
    if "panic" in expect or "fatal" in expect:
        # go-cty crashed; we must raise a clear, typed error instead
        with pytest.raises((TypeError, ValueError)):
            runner(case)
        return
    if "error" in expect and "type" not in expect and "result" not in expect:
        # go-cty refused the input: so must we, with its words where they are its core's
        with pytest.raises((TypeError, ValueError)) as caught:
            runner(case)
        if filename in ("ops.jsonl", "strings.jsonl"):
            message = getattr(caught.value, "message", str(caught.value))
            assert message == expect["error"]
        return
    try:
        got = runner(case)
    except InvalidUTF8:
        pytest.fail("invalid UTF-8 input without a DIVERGENCES entry")
    name = case.get("name", case["op"])
    got, expect = _normalise_op(name, got, expect)
    assert _matches(got, expect), f"{case_id}: got {got!r}, go-cty gave {expect!r}"


def _assert_divergence(kind: str, runner: Callable[[dict[str, Any]], Any],
                       case: dict[str, Any]) -> None:
    if kind == "invalid-utf8":
        with pytest.raises((InvalidUTF8, UnicodeDecodeError)):
            runner(case)
    elif kind == "raises":
        with pytest.raises((TypeError, ValueError)):
            runner(case)
    else:  # pragma: no cover - a table entry with an unknown kind is a bug in the table
        raise AssertionError(f"unknown divergence kind {kind!r}")
