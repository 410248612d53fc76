"""Every line of go-cty's reference vectors (each line's id ``FILE.jsonl:LINE``), run in batches
of lines (tests/_batches.py: a failure names every failing line; ``CTY_CASE=ID`` runs one).

The vectors (tests/vectors/*.jsonl, or the directory named by CTY_VECTORS_DIR) are go-cty
1.18.1's answers, made by the oracle in shared/oracle; its README defines every field. Each line
is run through our code and its result is rendered the way the oracle renders go-cty's, then
compared exactly:

* values structurally (type, node tree, set order, sorted marks, the refinements of unknowns);
  ``variants`` (go-cty's answer depends on Go's random map order) means any variant is right;
* ``panic``/``fatal`` (go-cty crashed) means we must raise TypeError or ValueError;
* errors by text, word for word, and by path (where go-cty's error was a cty.PathError);
* ``gostring``/``GoString``/``TypeGoString`` (Go's ``%#v``) exactly.

Where we deliberately answer otherwise, a rule in tests/_vector_rules.py claims the line: a
predicate on the case says which lines it covers, and a check asserts what we answer instead
(docs/design/divergences.md has a paragraph per rule). No line is named by its id, so a
directory of freshly generated lines is judged the same way. No line is skipped.
"""

from __future__ import annotations

import importlib
import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

import cty
from cty import convert
from cty.function import stdlib

from ._batches import Batch, batches, run_batch
from ._tvn import (
    InvalidUTF8,
    build,
    build_type,
    by_canonical_json,
    difference,
    number_text,
    refuse_not_unicode,
    render,
    render_path,
    type_json,
)
from ._vector_rules import claim, go_function

# ===============================================================================================
# Loading: every file once per session
# ===============================================================================================

VECTORS_DIR = Path(os.environ.get("CTY_VECTORS_DIR") or Path(__file__).parent / "vectors")

_decode_line = msgspec.json.Decoder().decode


def _parse(line: str) -> Any:
    try:
        return _decode_line(line)
    except msgspec.DecodeError:
        return json.loads(line)  # a lone surrogate escape, which msgspec refuses


OWN_TESTS = {
    # vector files of other references, each run by a test module of its own
    "go_stable_sort.jsonl": "tests/core/test_go_sort.py (Go's sort.SliceStable, which orders "
                            "go-cty's sets)",
    "hcl_typeexpr.jsonl": "tests/core/test_hcl_typeexpr.py (HCL v2.24's answers)",
    "hcl_eval.jsonl": "tests/hcl/test_eval_vectors.py (HCL v2.24's values and diagnostics, "
                      "through an oracle shim)",
    "hcl_variables.jsonl": "tests/hcl/test_variables_vectors.py (HCL v2.24's Variables, "
                           "through an oracle shim)",
    "hcl_expressions.jsonl.gz": "tests/hcl/test_expression_vectors.py (HCL v2.24's answers "
                                "for grammar-drawn expressions, gzipped; not a *.jsonl)",
    "hcl_templates.jsonl.gz": "tests/hcl/test_expression_vectors.py (HCL v2.24's answers for "
                              "grammar-drawn template files, gzipped)",
    "hcl_traversals.jsonl.gz": "tests/hcl/test_traversal_vectors.py (HCL v2.24's "
                               "ParseTraversalAbs, gzipped)",
    "hcl_bodies.jsonl.gz": "tests/hcl/test_body_vectors.py (HCL v2.24's ParseConfig, "
                           "JustAttributes and Content, gzipped)",
    "hcl_decode.jsonl.gz": "tests/hcl/test_decode_vectors.py (HCL v2.24's hcldec.Decode by "
                           "block schemas, gzipped)",
    "numbers_wire.jsonl": "tests/encoding/test_numbers_wire.py (go-cty's bytes for numbers of "
                          "every precision)",
    "wrangle.jsonl": "tests/core/test_marks_wrangle.py (go-cty's WrangleMarksDeep, through an "
                     "oracle shim)",
    "terraform_functions.jsonl": "tests/function/test_terraform_vectors.py (HashiCorp's "
                                 "go-cty-funcs, through an oracle shim)",
    "base64gzip_large.jsonl": "tests/function/test_terraform_gzip.py (hashes of Go's gzip of "
                              "large texts, through an oracle shim)",
}


def _load() -> tuple[list[Any], list[str]]:
    cases, ids = [], []
    for path in sorted(VECTORS_DIR.glob("*.jsonl")):
        if path.name in OWN_TESTS:
            continue
        with path.open(encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                if line.strip():
                    cases.append(_parse(line))
                    ids.append(f"{path.name}:{lineno}")
    return cases, ids


CASES, CASE_IDS = _load()
BATCHES = batches(CASES, CASE_IDS, group=lambda cid: cid.partition(":")[0])


def test_vectors_were_found() -> None:
    assert CASES, f"no vector lines found in {VECTORS_DIR}"


# ===============================================================================================
# Running one line: each runner returns the result in the oracle's rendering
# ===============================================================================================

Result = dict[str, Any]


def _error(e: BaseException, key: str = "error") -> Result:
    """Render a raised error as the oracle renders go-cty's (``path`` for path errors)."""
    out: Result = {key: getattr(e, "message", str(e))}
    path = getattr(e, "path", None)
    if isinstance(path, cty.Path):
        out["path" if key == "error" else key + "_path"] = render_path(path)
    return out


def _attempt(fn: Callable[[], Any]) -> tuple[Any, BaseException | None]:
    """Call *fn*; a TypeError or ValueError is go-cty's error or panic, anything else a bug."""
    try:
        return fn(), None
    except (TypeError, ValueError) as e:
        return None, e


# --- op (ops.jsonl) ----------------------------------------------------------------------------

_RESULT_METHODS = {
    "RawEquals": "raw_equals", "LengthInt": "length_int", "IsKnown": "is_known",
    "IsNull": "is_null", "IsWhollyKnown": "is_wholly_known",
    "HasWhollyKnownType": "has_wholly_known_type", "IsMarked": "is_marked",
    "ContainsMarked": "contains_marked", "CanIterateElements": "can_iterate_elements",
    "AsString": "as_string", "True": "true", "False": "false", "HasSameMarks": "has_same_marks",
    "Hash": "hash", "GoString": "go_string",
}
_VALUE_METHODS = {
    "Equals": "equals", "NotEqual": "not_equal", "Add": "add", "Subtract": "subtract",
    "Multiply": "multiply", "Divide": "divide", "Modulo": "modulo", "Negate": "negate",
    "Absolute": "absolute", "GreaterThan": "greater_than",
    "GreaterThanOrEqualTo": "greater_than_or_equal_to", "LessThan": "less_than",
    "LessThanOrEqualTo": "less_than_or_equal_to", "And": "and_", "Or": "or_", "Not": "not_",
    "Length": "length", "Index": "index", "HasIndex": "has_index", "HasElement": "has_element",
}
_TYPE_OPS = frozenset({"FriendlyName", "FriendlyNameForConstraint", "TypeGoString", "TypeEquals",
                       "HasDynamicTypes", "WithoutOptionalAttributesDeep", "TestConformance"})


def _type_op(name: str, types: list[cty.Type]) -> Result:
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
    assert name == "TestConformance"
    errs = t.test_conformance(types[1])
    items = [{"error": e.message, "path": render_path(e.path)} for e in errs]
    return {"result": by_canonical_json(items)}


def _value_op(name: str, vals: list[cty.Value], args: list[Any]) -> Result:
    """Run value op *name*; a raised TypeError/ValueError becomes {"error": ...}."""
    v = vals[0]
    if name in ("GetAttr", "HasMark", "Mark"):
        s = args[1]["value"]["string"]  # the oracle's stringArg: a plain Go string
        if name == "GetAttr":
            got, err = _attempt(lambda: render(v.get_attr(s)))
        elif name == "HasMark":
            got, err = _attempt(lambda: {"result": v.has_mark(s)})
        else:
            got, err = _attempt(lambda: render(v.mark(s)))
        return _error(err) if err else got
    if name in _RESULT_METHODS:
        bound = getattr(v, _RESULT_METHODS[name])
        r, err = _attempt(lambda: bound(*vals[1:]))
        return _error(err) if err else {"result": r}
    if name in _VALUE_METHODS:
        bound = getattr(v, _VALUE_METHODS[name])
        r, err = _attempt(lambda: bound(*vals[1:]))
        return _error(err) if err else render(r)
    if name == "AsBigFloat":
        f, err = _attempt(v.as_big_float)
        if err:
            return _error(err)
        return {"result": number_text(cty._number.from_mpfr(f))}
    if name == "Marks":
        r, err = _attempt(v.marks)
        return _error(err) if err else {"result": sorted(r)}
    if name in ("Unmark", "UnmarkDeep"):
        pair, err = _attempt(v.unmark if name == "Unmark" else v.unmark_deep)
        if err:
            return _error(err)
        return {**render(pair[0]), "marks": sorted(pair[1])}
    if name == "UnmarkDeepWithPaths":
        pair, err = _attempt(v.unmark_deep_with_paths)
        if err:
            return _error(err)
        items = [{"path": render_path(p.path), "marks": sorted(p.marks)} for p in pair[1]]
        return {**render(pair[0]), "path_marks": by_canonical_json(items)}
    if name == "Elements":
        pairs, err = _attempt(lambda: list(v.element_iterator()))
        if err:
            return _error(err)
        return {"result": [{"key": render(k), "elem": render(e)} for k, e in pairs]}
    if name == "Walk":
        seen: list[Any] = []

        def visit(path: Any, x: cty.Value) -> bool:
            seen.append({"path": render_path(path), "value": render(x)})
            return True

        _, err = _attempt(lambda: cty.walk(v, visit))
        return _error(err) if err else {"result": seen}
    if name == "UnknownAsNull":
        r, err = _attempt(lambda: cty.unknown_as_null(v))
        return _error(err) if err else render(r)
    raise AssertionError(f"the harness does not know op {name!r}")


def run_op(case: dict[str, Any]) -> Result:
    """Run an ``op`` line: a cty.Value or cty.Type method (shared/oracle/README.md, Ops)."""
    name = case["name"]
    args = case["args"]
    if name in _TYPE_OPS:
        return _type_op(name, [build_type(a["type"]) for a in args])
    return _value_op(name, [build(a["type"], a["value"]) for a in args], args)


# --- string, number_parse, number_format (strings.jsonl) ---------------------------------------


def _number_to_string(v: cty.Value) -> str:
    """go-cty's number-to-string conversion: the number's Text('f', -1)."""
    return convert.convert(v, cty.String).as_string()


def _string_to_number(s: str) -> cty.Value:
    """go-cty's string-to-number conversion of cty.StringVal(s)."""
    return convert.convert(cty.string_val(s), cty.Number)


def _go_parse_float(text: str) -> float:
    """Go's strconv.ParseFloat(text, 64), out-of-range values becoming ±Inf or 0 as Go's do."""
    if text.lower().lstrip("+-").startswith("0x"):
        return float.fromhex(text)
    return float(text)


def run_strings(case: dict[str, Any]) -> Result:
    """Run a ``string``, ``number_parse`` or ``number_format`` line."""
    op = case["op"]
    if op == "string":
        if "s_hex" in case:
            raw = bytes.fromhex(case["s_hex"])
            try:
                s = raw.decode("utf-8")
            except UnicodeDecodeError:
                # Deliberate divergence (NOT_UNICODE): go-cty keeps raw bytes in a string; ours
                # are Python str, so the constructor must refuse these bytes.
                refuse_not_unicode(raw)
        else:
            s = case["s"]
        out = cty.string_val(s).as_string()
        return {"nfc_hex": out.encode("utf-8").hex(), "nfc": out, "changed": out != s}
    if op == "number_parse":
        v, err = _attempt(lambda: _string_to_number(case["s"]))
        if err:
            return _error(err)
        back, berr = _attempt(lambda: _number_to_string(v))
        extra = {"back_error": str(berr)} if berr else {"back": back}
        return {**render(v), **extra}
    assert op == "number_format"
    text = case["number"]
    source = case.get("from", "parse")
    if source == "parse":
        inf = {"inf": cty.PositiveInfinity, "+inf": cty.PositiveInfinity,
               "-inf": cty.NegativeInfinity}.get(text)
        v = inf if inf is not None else cty.parse_number_val(text)
    elif source == "float64":
        f = _go_parse_float(text)
        v, err = _attempt(lambda: cty.number_float_val(f))
        if err:
            assert math.isnan(f), err
            return _error(err)
    elif source == "int64":
        v = cty.number_int_val(int(text))
    else:
        v = cty.number_uint_val(int(text))
    return {"string": _number_to_string(v), "prec": cty._number.precision(v._v),
            "gostring": v.go_string()}


# --- convert, conversion_kind, unify (cty.convert) ---------------------------------------------


def run_convert(case: dict[str, Any]) -> Result:
    """Run a ``convert``, ``conversion_kind`` or ``unify`` line against cty.convert."""
    conv = convert
    op = case["op"]
    if op == "conversion_kind":
        src, dst = build_type(case["from"]), build_type(case["to"])
        eq = src == dst
        safe = conv.get_conversion(src, dst) is not None
        unsafe = conv.get_conversion_unsafe(src, dst) is not None
        kind = "equal" if eq else "safe" if safe else "unsafe" if unsafe else "none"
        out: Result = {"equals": eq, "safe": safe, "unsafe": unsafe, "kind": kind}
        if not unsafe and not eq:
            out["mismatch"] = conv.mismatch_message(src, dst)
        return out
    if op == "unify":
        types = [build_type(t) for t in case["types"]]
        unify = conv.unify_unsafe if case.get("unsafe") else conv.unify
        t, convs = unify(types)
        return {"type": None if t is None else type_json(t),
                "conversions": None if convs is None else [c is not None for c in convs]}
    assert op == "convert"
    v = build(case["type"], case["value"])
    target = build_type(case["target"])
    out = {}
    if case.get("unsafe"):
        if (v.type() != target.without_optional_attributes_deep()
                and conv.get_conversion_unsafe(v.type(), target) is None):
            out["no_conversion"] = True
        r, err = _attempt(lambda: conv.convert(v, target))
    elif v.type() == target.without_optional_attributes_deep():
        # go-cty's Convert hands back a value of the wanted type before it looks for a
        # conversion (GetConversion has none from a primitive type to itself); ours must too.
        r, err = _attempt(lambda: conv.convert(v, target))
    else:
        fn = conv.get_conversion(v.type(), target)
        if fn is None:
            return {"error": conv.mismatch_message(v.type(), target), "no_conversion": True}
        r, err = _attempt(lambda: fn(v))
    return {**out, **(_error(err) if err else render(r))}


# --- msgpack, msgpack_decode, msgpack_implied_type (cty.encoding.msgpack) ---------------------


def run_msgpack(case: dict[str, Any]) -> Result:
    """Run a ``msgpack``, ``msgpack_decode`` or ``msgpack_implied_type`` line."""
    msgpack = importlib.import_module("cty.encoding.msgpack")
    op = case["op"]
    if op == "msgpack":
        v = build(case["type"], case["value"])
        ty = build_type(case.get("marshal_type", case["type"]))
        data, err = _attempt(lambda: msgpack.marshal(v, ty))
        if err:
            return _error(err)
        out: Result = {"hex": data.hex()}
        rt, err = _attempt(lambda: msgpack.unmarshal(data, ty))
        out.update(_error(err, "roundtrip_error") if err else {"roundtrip": render(rt)})
        it, err = _attempt(lambda: msgpack.implied_type(data))
        out.update({"implied_type_error": err.message if hasattr(err, "message") else str(err)}
                   if err else {"implied_type": type_json(it)})
        return out
    data = bytes.fromhex(case["hex"])
    if op == "msgpack_decode":
        ty = build_type(case["type"])
        v, err = _attempt(lambda: msgpack.unmarshal(data, ty))
        return _error(err) if err else {**render(v), "gostring": v.go_string()}
    assert op == "msgpack_implied_type"
    t, err = _attempt(lambda: msgpack.implied_type(data))
    return {"error": getattr(err, "message", str(err))} if err else {"type": type_json(t)}


# --- json, json_decode, implied_type, simple_json, type_decode (cty.encoding.json) -----------


def run_json(case: dict[str, Any]) -> Result:
    """Run a line of the JSON family against cty.encoding.json."""
    cjson = importlib.import_module("cty.encoding.json")
    op = case["op"]
    if op == "json":
        v = build(case["type"], case["value"])
        ty = build_type(case.get("marshal_type", case["type"]))
        out: Result = {}
        tj, err = _attempt(lambda: cjson.marshal_type(ty))
        out.update({"type_json_error": str(err)} if err else {"type_json": tj.decode()})
        text, err = _attempt(lambda: cjson.marshal(v, ty))
        if err:
            return {**out, **_error(err)}
        out["json"] = text.decode()
        rt, err = _attempt(lambda: cjson.unmarshal(text, ty))
        out.update(_error(err, "roundtrip_error") if err else {"roundtrip": render(rt)})
        return out
    if op == "simple_json":
        v = build(case["type"], case["value"])
        text, err = _attempt(lambda: cjson.simple_json_marshal(v))
        if err:
            return _error(err)
        rt, err = _attempt(lambda: cjson.simple_json_unmarshal(text))
        return {"json": text.decode(),
                **(_error(err, "roundtrip_error") if err else {"roundtrip": render(rt)})}
    text = case["json"]
    if op == "json_decode":
        ty = build_type(case["type"])
        v, err = _attempt(lambda: cjson.unmarshal(text, ty))
        return _error(err) if err else render(v)
    if op == "implied_type":
        t, err = _attempt(lambda: cjson.implied_type(text))
        return {"error": getattr(err, "message", str(err))} if err else {"type": type_json(t)}
    assert op == "type_decode"
    t, err = _attempt(lambda: cjson.unmarshal_type(text))
    return {"error": getattr(err, "message", str(err))} if err else {"type": type_json(t)}


# --- functions (functions.jsonl) ---------------------------------------------------------------


def _function(name: str, target: Any = None) -> Any:
    """Return the stdlib Function for go-cty's *name* (Upper, CoalesceList...; the oracle's
    to_string... and "to", with *target*, are MakeToFunc's), or None."""
    if name == "to":
        return stdlib.make_to_func(build_type(target))
    return go_function(name)


def _call_error(e: BaseException) -> Result:
    """Render an error of a call as the oracle renders go-cty's."""
    from cty.function import ArgError, PanicError

    if isinstance(e, PanicError):
        return {"error": e.message if hasattr(e, "message") else str(e), "returned": True}
    out: Result = {"arg": e.index if isinstance(e, ArgError) else None,
                   "error": getattr(e, "message", str(e))}
    if isinstance(getattr(e, "path", None), cty.Path):  # an error of gocty or convert
        out["path"] = render_path(e.path)  # type: ignore[attr-defined]
    return out


def run_function(case: dict[str, Any]) -> Result:
    """Run one functions.jsonl line: a call, or a return type."""
    f = _function(case["name"], case.get("target"))
    args = case["args"]
    if case["op"] == "return_type":
        if all("value" not in a for a in args):
            t, err = _attempt(lambda: f.return_type([build_type(a["type"]) for a in args]))
        else:
            values = [build(a["type"], a["value"]) if "value" in a
                      else cty.unknown_val(build_type(a["type"])) for a in args]
            t, err = _attempt(lambda: f.return_type_for_values(values))
        return _call_error(err) if err else {"type": type_json(t)}
    values = [build(a["type"], a["value"]) for a in args]
    v, err = _attempt(lambda: f.call(values))
    return _call_error(err) if err else render(v)


# --- dispatch ----------------------------------------------------------------------------------


_FAMILIES: dict[str, Callable[[dict[str, Any]], Result]] = {}


def _family(ops: tuple[str, ...], runner: Callable[[dict[str, Any]], Result]) -> None:
    for op in ops:
        _FAMILIES[op] = runner


_family(("call", "return_type"), run_function)
_family(("op",), run_op)
_family(("string", "number_parse", "number_format"), run_strings)
_family(("convert", "conversion_kind", "unify"), run_convert)
_family(("msgpack", "msgpack_decode", "msgpack_implied_type"), run_msgpack)
_family(("json", "json_decode", "implied_type", "simple_json", "type_decode"), run_json)


# ===============================================================================================
# Comparing
# ===============================================================================================

# Keys that say go-cty crashed at some stage, and the key our error for that stage sits under.
_CRASHES = {"panic": "error", "fatal": "error", "roundtrip_panic": "roundtrip_error",
            "implied_type_panic": "implied_type_error"}


def _expected(expect: dict[str, Any], got: Result) -> dict[str, Any]:
    """Return *expect* adjusted to what we must answer for its crashes.

    Where go-cty panicked or died we must have raised: the crash key is then replaced by our
    error (any text), and a path our error carries is not compared.
    """
    want = dict(expect)
    if "partial_type" in want and "error" in got:
        # go-cty's ImpliedType returns a partial type together with its error; a Python call
        # returns or raises, not both, so only the error is compared.
        del want["partial_type"]
    for crash, ours in _CRASHES.items():
        if crash in want:
            del want[crash]
            if ours in got:
                want[ours] = got[ours]
                for k in ("path", ours + "_path"):
                    if k in got:
                        want[k] = got[k]
    return want


_ERROR_TEXTS = ("error", "roundtrip_error", "implied_type_error", "type_json_error", "mismatch")


def _aligned(got: Result, want: dict[str, Any]) -> Result:
    """Return *got* without the paths go-cty did not give (its error was not a PathError)."""
    out = dict(got)
    for k in _ERROR_TEXTS:
        path_key = "path" if k == "error" else k + "_path"
        if path_key in out and path_key not in want:
            del out[path_key]
    return out


def _wants(case: dict[str, Any], got: Result) -> list[dict[str, Any]]:
    expect = case["expect"]
    wants = [_expected(x, got) for x in [expect, *expect.get("variants", ())]]
    for want in wants:
        want.pop("variants", None)
        want.pop("nondeterministic", None)
    return wants


def _answers(got: Result, wants: list[dict[str, Any]]) -> bool:
    return any(difference(_aligned(got, want), want) is None for want in wants)


def _judge_claimed(case: dict[str, Any], rule: Any, runner: Any, exact_claims: bool) -> None:
    """A line a rule claims: the rule asserts our answer, and the line must be one where we
    differ from go-cty (a rule that claims lines we answer as go-cty does hides nothing now,
    but would hide a change there)."""
    try:
        got = runner(case)
    except Exception as e:
        raised: Exception | None = e
    else:
        raised = None
        # (except a refusal go-cty gives too: input bad in two ways is refused for whichever
        # a reader meets first, go-cty's reason or the rule's, and the rule cannot tell which)
        if (exact_claims and not rule.may_match and "error" not in case["expect"]
                and _answers(got, _wants(case, got))):
            pytest.fail(f"{case['id']}: rule {rule.name} claims a line we answer exactly as "
                        "go-cty does: its predicate should not pick it")

    def run() -> Result:
        if raised is not None:
            raise raised
        return got

    rule.check(case, run)


def judge(case: dict[str, Any], *, exact_claims: bool = True) -> None:
    """Run one vector line and fail unless our answer is right: go-cty's exactly, or what the
    rule that claims the line asserts. With *exact_claims*, a line a rule claims must be one
    we answer differently (the committed vectors; the differential's fresh cases are judged
    without it: they are asked to find disagreements, not to audit predicates)."""
    cid = case["id"]
    runner = _FAMILIES[case["op"]]
    rule = claim(case)
    if rule is not None:
        _judge_claimed(case, rule, runner, exact_claims)
        return
    try:
        got = runner(case)
    except InvalidUTF8:
        pytest.fail(f"{cid}: input that is not UTF-8, and no rule claims it")
    expect = case["expect"]
    wants = _wants(case, got)
    if _answers(got, wants):
        return
    closest = min(wants, key=lambda w: len(str(difference(_aligned(got, w), w))))
    d = difference(_aligned(got, closest), closest)
    pytest.fail(f"{cid}: {d}\n  got:    {got!r}\n  go-cty: {expect!r}")


@pytest.mark.parametrize("batch", BATCHES)
def test_vector(batch: Batch) -> None:
    run_batch(batch, judge)
