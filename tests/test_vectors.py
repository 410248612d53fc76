"""Every line of go-cty's reference vectors, one pytest case each (id ``FILE.jsonl:LINE``).

The vectors (tests/vectors/*.jsonl, or the directory named by CTY_VECTORS_DIR) are go-cty
1.12.1's answers, made by the oracle in shared/oracle; its README defines every field. Each line
is run through our code and its result is rendered the way the oracle renders go-cty's, then
compared:

* values structurally (type, node tree, set order, sorted marks; unknowns are plain unknowns,
  since 1.12 has no refinements); ``variants`` (go-cty's answer depends on Go's random map
  order) means any variant is right;
* ``panic``/``fatal`` (go-cty crashed) means we must raise TypeError or ValueError;
* errors by kind (an error where go-cty gave one, none where it gave none) and by path; their
  texts word for word for the core's ops, the strings family and type_decode (STRICT_TEXT_OPS),
  not for convert and the encodings, whose texts come from Go's JSON and msgpack libraries or
  changed after 1.12 (1.16.3 rewrote convert's messages). CTY_VECTORS_STRICT_TEXT=1 compares
  every text, to list the differences;
* ``gostring``/``GoString``/``TypeGoString`` (Go's ``%#v``) exactly.

We follow go-cty 1.18.1, not 1.12.1, and we do not copy go-cty's defects. The two tables below
are the only exceptions, line by line, each with its reason:

* VERSION_CHANGES: go-cty changed the answer after 1.12.1 (its CHANGELOG); the line is skipped,
  or, where 1.18's answer is simple to state, that answer is asserted instead;
* DIVERGENCES: go-cty's answer is a defect we deliberately do not copy (shared/ARCHITECTURE.md,
  docs/design/divergences.md); the line asserts our behaviour.

Families whose package is not built yet (cty.convert, cty.encoding) are skipped as a whole,
with the issue named; nothing else is skipped by name.
"""

from __future__ import annotations

import importlib
import json
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import msgspec
import pytest

import cty

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


@dataclass(frozen=True)
class Rule:
    """What a tabled line asserts instead of go-cty 1.12.1's answer.

    kind:
      "skip": not checked;
      "raises": the op must fail with TypeError/ValueError;
      "not-unicode": the input or the decoded bytes are not UTF-8, so building or decoding
      must fail;
      "accepts": the op must succeed where go-cty failed;
      "more-marks": the result must be go-cty's but for marks, and carry more of them;
      "big-whole-numbers-as-strings": the msgpack encoding must be go-cty's but for whole
      numbers outside int64 that go-cty 1.12 wrote as float64 and 1.14.4 writes as strings,
      and it must round-trip;
      "expect": the result must equal ``expect``, given in the oracle's rendering.
    """

    kind: str
    reason: str
    expect: Any = None


# ===============================================================================================
# The tables
# ===============================================================================================

AND_OR_1_13 = Rule("skip", (
    "1.13.0: And/Or with a known false/true operand answer false/true even beside an unknown "
    "(1.12 answered unknown)"))
UNKNOWN_AS_NULL_1_16_4 = Rule("skip", (
    "1.16.4: UnknownAsNull keeps marks and works on marked values (1.12 panicked on a marked "
    "value or dropped the marks)"))
HAS_ELEMENT_1_13 = Rule("skip", (
    "1.13.0: HasElement of a set holding unknown elements is unknown when no known element "
    "matches (1.12 answered false)"))
HAS_ELEMENT_NULL_1_18 = Rule("raises", (
    "1.18.0: HasElement on a null set panics before looking at the element (1.12 answered "
    "unknown for an unknown element); we raise ValueError"))
EQUALS_NULL_MARKS_1_18 = Rule("skip", (
    "1.18.0: Equals against a null keeps only the top-level marks of each side (1.12 kept "
    "nested marks too)"))

EXTENSIONS_1_13 = Rule("raises", (
    "1.13.0: a msgpack extension longer than one byte must be code 12 (an unknown value's "
    "refinements) and be complete; 1.12 read any extension, even a truncated one, as an "
    "unknown value"))
REFINEMENTS_1_13 = Rule("skip", (
    "1.13.0: refinements: converting an unknown object to a map refines the unknown with its "
    "length, and msgpack writes the refinement (1.12 wrote a bare unknown)"))
MSGPACK_NUMBERS_1_14_4 = Rule("big-whole-numbers-as-strings", (
    "1.14.4: msgpack writes a whole number outside int64 as its decimal string (1.12 wrote a "
    "float64 when one held it exactly); the rest of the encoding must be 1.12's"))
JSON_UNKNOWN_1_14_4 = Rule("raises", (
    "1.14.4: JSON refuses an unknown value (or an infinity) inside a dynamic value (1.12 "
    "dropped the error and wrote broken JSON)"))
EMPTY_MAP_OPTIONAL_1_16_0 = Rule("expect", (
    "1.16.0: converting an empty map to a map of objects with optional attributes drops the "
    "optional attributes from the result's element type (1.12 kept them)"), expect={
    "type": ["map", ["tuple", [["object", {"0": "dynamic", "A": "number",
                                           "\U0001f600": "string"}], "string"]]],
    "value": {"map": {}}})
IMPLIED_DUPLICATES_1_16_2 = Rule("raises", (
    "1.16.2: JSON ImpliedType refuses a property repeated with values of different types "
    "(1.12 kept the last)"))

VERSION_CHANGES: dict[str, Rule] = {
    "c-op-0420": AND_OR_1_13,
    "c-op-0426": AND_OR_1_13,
    "c-op-0434": AND_OR_1_13,
    "c-op-0440": AND_OR_1_13,
    "c-op-0446": AND_OR_1_13,
    "c-op-0447": AND_OR_1_13,
    "c-op-0452": AND_OR_1_13,
    "c-op-0465": AND_OR_1_13,
    "c-op-0471": AND_OR_1_13,
    "c-op-0491": AND_OR_1_13,
    "c-op-0492": AND_OR_1_13,
    "c-op-0497": AND_OR_1_13,
    "c-op-0543": UNKNOWN_AS_NULL_1_16_4,
    "c-op-0798": HAS_ELEMENT_1_13,
    "c-op-0865": UNKNOWN_AS_NULL_1_16_4,
    "r1-op-00050": HAS_ELEMENT_1_13,
    "r1-op-00267": HAS_ELEMENT_1_13,
    "r1-op-00399": UNKNOWN_AS_NULL_1_16_4,
    "r1-op-00602": UNKNOWN_AS_NULL_1_16_4,
    "r1-op-00623": AND_OR_1_13,
    "r1-op-00630": HAS_ELEMENT_1_13,
    "r1-op-00713": HAS_ELEMENT_NULL_1_18,
    "r1-op-00725": HAS_ELEMENT_1_13,
    "r1-op-01025": AND_OR_1_13,
    "r1-op-01051": HAS_ELEMENT_1_13,
    "r1-op-01082": HAS_ELEMENT_NULL_1_18,
    "r1-op-01122": HAS_ELEMENT_NULL_1_18,
    "r1-op-01433": UNKNOWN_AS_NULL_1_16_4,
    "r1-op-01454": UNKNOWN_AS_NULL_1_16_4,
    "r1-op-01456": UNKNOWN_AS_NULL_1_16_4,
    "r1-op-01487": EQUALS_NULL_MARKS_1_18,
    "r1-op-01578": UNKNOWN_AS_NULL_1_16_4,
    "r1-op-01880": AND_OR_1_13,
    "r1-op-01899": AND_OR_1_13,
    "r1-op-02019": AND_OR_1_13,
    "r1-op-02042": HAS_ELEMENT_1_13,
    "r1-op-02053": AND_OR_1_13,
    "r1-op-02092": AND_OR_1_13,
    "r1-op-02123": UNKNOWN_AS_NULL_1_16_4,
    **dict.fromkeys([
        "c-msgpack_decode-0032", "c-msgpack_decode-0035", "c-msgpack_decode-0036",
        "c-msgpack_decode-0037", "c-msgpack_decode-0038", "r1-msgpack_decode-00023",
        "r1-msgpack_decode-00081", "r1-msgpack_decode-00130", "r1-msgpack_decode-00211",
        "r1-msgpack_decode-00246", "r1-msgpack_decode-00264", "r1-msgpack_decode-00327",
        "r1-msgpack_decode-00344", "r1-msgpack_decode-00354", "r1-msgpack_decode-00425",
        "r1-msgpack_decode-00450", "r1-msgpack_decode-00533", "r1-msgpack_decode-00552",
        "r1-msgpack_decode-00563", "r1-msgpack_decode-00566", "r1-msgpack_decode-00609",
        "r1-msgpack_decode-00699", "r1-msgpack_decode-00717", "r1-msgpack_decode-00727",
        "r1-msgpack_decode-00745", "r1-msgpack_decode-00850", "r1-msgpack_decode-00874",
        "r1-msgpack_decode-00997", "r1-msgpack_decode-01030", "r1-msgpack_decode-01067",
        "r1-msgpack_decode-01105", "r1-msgpack_decode-01134", "r1-msgpack_decode-01155",
        "r1-msgpack_decode-01172", "r1-msgpack_decode-01261",
        # the extension is now the first error, where 1.12 went on to a later one
        "r1-msgpack_decode-00150", "r1-msgpack_decode-00363", "r1-msgpack_decode-00412",
        "r1-msgpack_decode-00615", "r1-msgpack_decode-00802", "r1-msgpack_decode-01024",
    ], EXTENSIONS_1_13),
    **dict.fromkeys([
        "r1-msgpack-01713",
    ], REFINEMENTS_1_13),
    **dict.fromkeys([
        "c-msgpack-0046", "c-msgpack-0050", "c-msgpack-0059", "r1-msgpack-00045",
        "r1-msgpack-00087", "r1-msgpack-00118", "r1-msgpack-00124", "r1-msgpack-00137",
        "r1-msgpack-00152", "r1-msgpack-00161", "r1-msgpack-00162", "r1-msgpack-00163",
        "r1-msgpack-00180", "r1-msgpack-00187", "r1-msgpack-00222", "r1-msgpack-00231",
        "r1-msgpack-00316", "r1-msgpack-00319", "r1-msgpack-00367", "r1-msgpack-00390",
        "r1-msgpack-00407", "r1-msgpack-00420", "r1-msgpack-00464", "r1-msgpack-00488",
        "r1-msgpack-00490", "r1-msgpack-00562", "r1-msgpack-00563", "r1-msgpack-00571",
        "r1-msgpack-00581", "r1-msgpack-00714", "r1-msgpack-00719", "r1-msgpack-00721",
        "r1-msgpack-00816", "r1-msgpack-00835", "r1-msgpack-00938", "r1-msgpack-01014",
        "r1-msgpack-01018", "r1-msgpack-01046", "r1-msgpack-01063", "r1-msgpack-01186",
        "r1-msgpack-01247", "r1-msgpack-01266", "r1-msgpack-01399", "r1-msgpack-01410",
        "r1-msgpack-01411", "r1-msgpack-01465", "r1-msgpack-01514", "r1-msgpack-01522",
        "r1-msgpack-01583", "r1-msgpack-01634", "r1-msgpack-01641", "r1-msgpack-01666",
        "r1-msgpack-01691", "r1-msgpack-01717", "r1-msgpack-01893", "r1-msgpack-01961",
    ], MSGPACK_NUMBERS_1_14_4),
    **dict.fromkeys([
        "c-json-0111", "c-json-0115", "c-json-0116", "c-json-0122", "r1-json-00007",
    ], JSON_UNKNOWN_1_14_4),
    **dict.fromkeys([
        "r1-convert-01990",
    ], EMPTY_MAP_OPTIONAL_1_16_0),
    **dict.fromkeys([
        "c-implied_type-0008", "r1-implied_type-00105", "r1-implied_type-00211",
        "r1-implied_type-00214",
    ], IMPLIED_DUPLICATES_1_16_2),
}

MISSING_MAP_KEY = Rule("raises", (
    "Index of a map with a key it lacks: go-cty silently yields a null element; we raise "
    "ValueError (check has_index first)"))
NOT_UNICODE = Rule("not-unicode", (
    "the bytes are not UTF-8: a cty string is a Python str (Unicode), so it cannot hold them "
    "and building or decoding refuses them (go-cty keeps the raw bytes)"))

TRAILING_MSGPACK = Rule("raises", (
    "bytes after the msgpack value: go-cty's Unmarshal ignores them; we refuse them"))
TRAILING_JSON = Rule("raises", (
    "data after the JSON value (or a number like 01, which Go reads as 0 followed by junk): "
    "go-cty reads the first value and ignores the rest; we refuse it"))
CUT_OFF_KEY = Rule("raises", (
    "a JSON object key cut off by the end of the input: go-cty's path ends in a nil step (it "
    "adds the attribute's step before reading the key); a cty.Path holds only real steps, so "
    "ours names the object"))
NON_STRING_KEY = Rule("raises", (
    "a msgpack map key that is not a string: go-cty builds the error, drops it and uses \"\" "
    "as the key; we refuse it"))
EMPTY_STRUCTURE = Rule("raises", (
    "an empty msgpack map or array for an object or tuple type that has attributes or "
    "elements: go-cty returns an empty object or tuple, changing the value's type; we refuse it"))
DUPLICATE_ATTRIBUTE = Rule("raises", (
    "a msgpack object naming an attribute twice: go-cty returns an object that lacks another "
    "attribute, changing the value's type; we refuse it"))
LONE_SURROGATE = Rule("raises", (
    "a JSON \\u escape of a lone surrogate: go-cty silently turns it into U+FFFD; we refuse it"))
NULL_MARKS = Rule("more-marks", (
    "marks on null elements or attributes: go-cty 1.12 loses them in some conversions and keeps "
    "them in others; we keep them everywhere"))

DIVERGENCES: dict[str, Rule] = {
    "c-op-0757": MISSING_MAP_KEY,
    "r1-op-00657": MISSING_MAP_KEY,
    "r1-op-00881": MISSING_MAP_KEY,
    "r1-op-01068": MISSING_MAP_KEY,
    "r1-op-01825": MISSING_MAP_KEY,
    **dict.fromkeys([
        "c-string-0034", "c-string-0035", "c-string-0036", "c-string-0037", "c-string-0038",
        "c-string-0039", "c-string-0040", "c-string-0041", "c-string-0043", "c-string-0045",
        "r1-string-00005", "r1-string-00009", "r1-string-00011", "r1-string-00014",
        "r1-string-00030", "r1-string-00053", "r1-string-00056", "r1-string-00072",
        "r1-string-00074", "r1-string-00098", "r1-string-00099", "r1-string-00112",
        "r1-string-00119", "r1-string-00122", "r1-string-00134", "r1-string-00140",
        "r1-string-00152", "r1-string-00170", "r1-string-00174", "r1-string-00175",
        "r1-string-00188", "r1-string-00206", "r1-string-00213", "r1-string-00217",
        "r1-string-00221", "r1-string-00228", "r1-string-00231", "r1-string-00245",
        "r1-string-00246", "r1-string-00262", "r1-string-00264", "r1-string-00268",
        "r1-string-00271", "r1-string-00292", "r1-string-00309", "r1-string-00320",
        "r1-string-00327", "r1-string-00333", "r1-string-00346", "r1-string-00347",
        "r1-string-00355", "r1-string-00356", "r1-string-00361", "r1-string-00363",
        "r1-string-00365", "r1-string-00366", "r1-string-00367", "r1-string-00368",
        "r1-string-00392", "r1-string-00399", "r1-string-00405", "r1-string-00408",
        "r1-string-00410", "r1-string-00414", "r1-string-00418", "r1-string-00419",
        "r1-string-00431", "r1-string-00438", "r1-string-00444", "r1-string-00448",
        "r1-string-00449", "r1-string-00452", "r1-string-00462", "r1-string-00467",
        "r1-string-00472", "r1-string-00494", "r1-string-00497", "r1-string-00510",
        "r1-string-00511", "r1-string-00521", "r1-string-00543", "r1-string-00548",
        "r1-string-00562", "r1-string-00576", "r1-string-00577", "r1-string-00580",
        "r1-string-00581",
        # go-cty reads past the bad bytes and fails later; we stop at them
        "r1-msgpack_decode-00291", "r1-msgpack_decode-00883", "r1-msgpack_decode-00899",
        "r1-msgpack_decode-01213",
    ], NOT_UNICODE),
    **dict.fromkeys([
        "c-json-0015", "c-json-0016", "c-json-0017", "c-msgpack-0015", "c-msgpack-0016",
        "c-msgpack-0017", "c-msgpack_decode-0095", "c-msgpack_implied_type-0028",
        "c-simple_json-0015", "c-simple_json-0016", "c-simple_json-0017",
        "r1-msgpack_decode-00113", "r1-msgpack_decode-00168", "r1-msgpack_decode-00176",
        "r1-msgpack_decode-00304", "r1-msgpack_decode-00382", "r1-msgpack_decode-00387",
        "r1-msgpack_decode-00694", "r1-msgpack_decode-00841", "r1-msgpack_implied_type-00336",
        "r1-msgpack_implied_type-00440", "r1-msgpack_implied_type-00448",
    ], NOT_UNICODE),
    **dict.fromkeys([
        "c-msgpack_decode-0096", "c-msgpack_decode-0101", "c-msgpack_decode-0102",
        "c-msgpack_decode-0110", "c-msgpack_decode-0180", "c-msgpack_decode-0181",
        "c-msgpack_decode-0182", "r1-msgpack_decode-00022", "r1-msgpack_decode-00032",
        "r1-msgpack_decode-00043", "r1-msgpack_decode-00095", "r1-msgpack_decode-00140",
        "r1-msgpack_decode-00268", "r1-msgpack_decode-00271", "r1-msgpack_decode-00275",
        "r1-msgpack_decode-00316", "r1-msgpack_decode-00379", "r1-msgpack_decode-00449",
        "r1-msgpack_decode-00549", "r1-msgpack_decode-00572", "r1-msgpack_decode-00616",
        "r1-msgpack_decode-00627", "r1-msgpack_decode-00666", "r1-msgpack_decode-00747",
        "r1-msgpack_decode-00750", "r1-msgpack_decode-00760", "r1-msgpack_decode-00767",
        "r1-msgpack_decode-00805", "r1-msgpack_decode-00823", "r1-msgpack_decode-00840",
        "r1-msgpack_decode-00909", "r1-msgpack_decode-00973", "r1-msgpack_decode-00977",
        "r1-msgpack_decode-00978", "r1-msgpack_decode-00981", "r1-msgpack_decode-00984",
        "r1-msgpack_decode-00992", "r1-msgpack_decode-01020", "r1-msgpack_decode-01041",
        "r1-msgpack_decode-01043", "r1-msgpack_decode-01063", "r1-msgpack_decode-01090",
        "r1-msgpack_decode-01113", "r1-msgpack_decode-01143", "r1-msgpack_decode-01159",
        "r1-msgpack_decode-01202", "r1-msgpack_decode-01260", "r1-msgpack_implied_type-00084",
        "r1-msgpack_implied_type-00100",
    ], TRAILING_MSGPACK),
    **dict.fromkeys([
        "c-json_decode-0008", "c-json_decode-0017", "c-json_decode-0045", "c-json_decode-0065",
        "r1-implied_type-00036", "r1-implied_type-00079", "r1-implied_type-00108",
        "r1-implied_type-00220", "r1-implied_type-00286", "r1-json_decode-00183",
        "r1-json_decode-00249", "r1-json_decode-00307", "r1-json_decode-00382",
        "r1-json_decode-00400", "r1-json_decode-00414", "r1-json_decode-00429",
        "r1-json_decode-00535", "r1-json_decode-00550",
    ], TRAILING_JSON),
    **dict.fromkeys([
        "c-msgpack_decode-0127", "c-msgpack_decode-0135",
        "r1-msgpack_decode-01259",  # go-cty reads on and fails at a later attribute
    ], NON_STRING_KEY),
    **dict.fromkeys([
        "r1-json_decode-00444", "r1-json_decode-00544",
    ], CUT_OFF_KEY),
    **dict.fromkeys([
        "c-msgpack_decode-0137", "c-msgpack_decode-0138", "c-msgpack_decode-0151",
        "r1-msgpack_decode-00295", "r1-msgpack_decode-00943",
    ], EMPTY_STRUCTURE),
    **dict.fromkeys([
        "c-msgpack_decode-0142",
    ], DUPLICATE_ATTRIBUTE),
    **dict.fromkeys([
        "c-implied_type-0022", "c-json_decode-0027", "r1-implied_type-00243",
    ], LONE_SURROGATE),
    **dict.fromkeys([
        "c-convert-0289", "c-convert-0290", "c-convert-0292", "r1-convert-01065",
    ], NULL_MARKS),
}

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


def _load() -> list[Any]:
    params = []
    for path in sorted(VECTORS_DIR.glob("*.jsonl")):
        with path.open(encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                if line.strip():
                    params.append(pytest.param(_parse(line), id=f"{path.name}:{lineno}"))
    return params


CASES = _load()


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


def _convert_module() -> Any:
    mod = _module("cty.convert")
    return mod if mod is not None and hasattr(mod, "convert") else None


def _number_to_string(v: cty.Value) -> str:
    """go-cty's number-to-string conversion: the number's Text('f', -1)."""
    conv = _convert_module()
    if conv is not None:
        out: str = conv.convert(v, cty.String).as_string()
        return out
    # Until cty.convert exists: the conversion is exactly this (go-cty's primitive conversion).
    return str(cty._number.format_f(v._v))


def _string_to_number(s: str) -> cty.Value:
    """go-cty's string-to-number conversion of cty.StringVal(s)."""
    conv = _convert_module()
    if conv is not None:
        out: cty.Value = conv.convert(cty.string_val(s), cty.Number)
        return out
    # Until cty.convert exists: go-cty's conversion is ParseNumberVal, failing with this text.
    try:
        return cty.parse_number_val(cty.string_val(s).as_string())
    except ValueError:
        raise cty.PathError(cty.Path(), "a number is required") from None


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
    conv = _convert_module()
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
        r, err = v, None
    else:
        fn = conv.get_conversion(v.type(), target)
        if fn is None:
            return {"error": conv.mismatch_message(v.type(), target), "no_conversion": True}
        r, err = _attempt(lambda: fn(v))
    return {**out, **(_error(err) if err else render(r))}


# --- msgpack, msgpack_decode, msgpack_implied_type (cty.encoding.msgpack) ---------------------


def _needs_conversion(case: dict[str, Any]) -> bool:
    """Whether a msgpack/json line's value must be converted to its marshal type first."""
    if "marshal_type" not in case:
        return False
    v = build(case["type"], case["value"])
    return bool(v.type().test_conformance(build_type(case["marshal_type"])))


def _skip_without_convert(case: dict[str, Any]) -> None:
    if _convert_module() is None and _needs_conversion(case):
        pytest.skip("marshalling converts the value to the marshal type first: needs "
                    "cty.convert, not built yet (issue #3)")


def run_msgpack(case: dict[str, Any]) -> Result:
    """Run a ``msgpack``, ``msgpack_decode`` or ``msgpack_implied_type`` line."""
    msgpack = importlib.import_module("cty.encoding.msgpack")
    op = case["op"]
    if op == "msgpack":
        _skip_without_convert(case)
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
        _skip_without_convert(case)
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


# --- dispatch ----------------------------------------------------------------------------------


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _has(name: str, *attrs: str) -> bool:
    mod = _module(name)
    return mod is not None and all(hasattr(mod, a) for a in attrs)


CONVERT_MISSING = "cty.convert not built yet (issue #3)"
ENCODING_MISSING = "cty.encoding not built yet (issue #4)"

_FAMILIES: dict[str, tuple[Callable[[dict[str, Any]], Result], Callable[[], str | None]]] = {}


def _family(ops: tuple[str, ...], runner: Callable[[dict[str, Any]], Result],
            missing: Callable[[], str | None]) -> None:
    for op in ops:
        _FAMILIES[op] = (runner, missing)


_family(("op",), run_op, lambda: None)
_family(("string", "number_parse", "number_format"), run_strings, lambda: None)
_family(("convert", "conversion_kind", "unify"), run_convert, lambda: None if _has(
    "cty.convert", "convert", "get_conversion", "get_conversion_unsafe", "unify",
    "unify_unsafe", "mismatch_message") else CONVERT_MISSING)
_family(("msgpack", "msgpack_decode", "msgpack_implied_type"), run_msgpack, lambda: None if _has(
    "cty.encoding.msgpack", "marshal", "unmarshal", "implied_type") else ENCODING_MISSING)
_family(("json", "json_decode", "implied_type", "simple_json", "type_decode"), run_json,
        lambda: None if _has("cty.encoding.json", "marshal", "unmarshal", "implied_type",
                             "marshal_type", "unmarshal_type", "simple_json_marshal",
                             "simple_json_unmarshal") else ENCODING_MISSING)


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


def _check_rule(rule: Rule, runner: Callable[[dict[str, Any]], Result],
                case: dict[str, Any]) -> None:
    if rule.kind == "not-unicode":
        try:
            got = runner(case)
        except InvalidUTF8:
            return
        assert "error" in got, f"{case['id']}: bytes that are not UTF-8 were accepted: {got!r}"
        return
    got = runner(case)
    expect = case["expect"]
    if rule.kind == "raises":
        assert "error" in got, f"{case['id']}: expected an error ({rule.reason}), got {got!r}"
    elif rule.kind == "accepts":
        assert "error" not in got, f"{case['id']}: expected success ({rule.reason}), got {got!r}"
    elif rule.kind == "more-marks":
        assert _without_marks(got) == _without_marks(expect), (
            f"{case['id']}: differs from go-cty by more than marks: {got!r}")
        assert _marks_in(got) > _marks_in(expect), f"{case['id']}: no marks were kept: {got!r}"
    elif rule.kind == "big-whole-numbers-as-strings":
        assert _same_but_big_whole_numbers(got["hex"], expect["hex"]), (
            f"{case['id']}: differs by more than 1.14.4's number rule: {got['hex']}")
        assert "roundtrip" in got, f"{case['id']}: does not round-trip: {got!r}"
    else:
        assert rule.kind == "expect", rule
        d = difference(got, rule.expect)
        assert d is None, f"{case['id']} ({rule.reason}): {d}"


def _without_marks(x: Any) -> Any:
    """Return rendered data with every ``marked`` node replaced by the node it wraps."""
    if isinstance(x, dict):
        if set(x) == {"marked"}:
            return _without_marks(x["marked"]["value"])
        return {k: _without_marks(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_without_marks(v) for v in x]
    return x


def _marks_in(x: Any) -> set[tuple[str, str]]:
    """Return the (JSON position, mark) pairs of every marked node in rendered data."""
    out: set[tuple[str, str]] = set()

    def walk(y: Any, where: str) -> None:
        if isinstance(y, dict):
            if set(y) == {"marked"}:
                out.update((where, m) for m in y["marked"]["marks"])
                walk(y["marked"]["value"], where)
                return
            for k, v in y.items():
                walk(v, f"{where}.{k}")
        elif isinstance(y, list):
            for i, v in enumerate(y):
                walk(v, f"{where}[{i}]")

    walk(x, "$")
    return out


def _same_but_big_whole_numbers(got_hex: str, want_hex: str) -> bool:
    """Whether two msgpack encodings differ only as go-cty 1.14.4 changed them: a whole number
    outside int64 that 1.12 wrote as a float64 is now written as its decimal string."""

    def ext(code: int, data: memoryview) -> tuple[int, bytes]:
        return (code, bytes(data))

    def same(g: Any, w: Any) -> bool:
        if isinstance(w, float) and isinstance(g, str):
            try:
                d = Decimal(g)
            except ArithmeticError:
                return False
            return (w.is_integer() and d == Decimal(w)
                    and not -(1 << 63) <= int(w) < (1 << 63))
        if type(g) is not type(w):
            return False
        if isinstance(w, list):
            return len(g) == len(w) and all(map(same, g, w))
        if isinstance(w, dict):
            return list(g) == list(w) and all(same(g[k], w[k]) for k in w)
        return bool(g == w)

    decode = msgspec.msgpack.Decoder(ext_hook=ext).decode
    return same(decode(bytes.fromhex(got_hex)), decode(bytes.fromhex(want_hex)))


# Families whose error texts are compared word for word. The others compare errors by kind (an
# error where go-cty gave one, and none where it gave none) and by path: their texts come from
# Go's encoding/json and msgpack libraries, or changed after 1.12 (1.16.3 rewrote convert's
# mismatch messages), so equal texts are not the goal there. CTY_VECTORS_STRICT_TEXT=1 compares
# every text, to list where ours differ.
STRICT_TEXT_OPS = frozenset({"op", "string", "number_parse", "number_format", "type_decode"})
_ERROR_TEXTS = ("error", "roundtrip_error", "implied_type_error", "type_json_error", "mismatch")
_STRICT_EVERYWHERE = os.environ.get("CTY_VECTORS_STRICT_TEXT") == "1"


def _aligned(got: Result, want: dict[str, Any], strict: bool) -> Result:
    """Return *got* with what is not compared taken from *want*: error texts unless *strict*,
    and paths that go-cty did not give (its error was not a cty.PathError)."""
    out = dict(got)
    for k in _ERROR_TEXTS:
        if not strict and k in out and k in want:
            out[k] = want[k]
        path_key = "path" if k == "error" else k + "_path"
        if path_key in out and path_key not in want:
            del out[path_key]
    return out


@pytest.mark.parametrize("case", CASES)
def test_vector(case: dict[str, Any]) -> None:
    cid = case["id"]
    runner, missing = _FAMILIES[case["op"]]
    why_not = missing()
    if why_not:
        pytest.skip(why_not)
    rule = VERSION_CHANGES.get(cid) or DIVERGENCES.get(cid)
    if rule is not None:
        if rule.kind == "skip":
            pytest.skip(rule.reason)
        _check_rule(rule, runner, case)
        return
    try:
        got = runner(case)
    except InvalidUTF8:
        pytest.fail(f"{cid}: input that is not UTF-8, and no DIVERGENCES entry says so")
    expect = case["expect"]
    strict = _STRICT_EVERYWHERE or case["op"] in STRICT_TEXT_OPS
    wants = [_expected(x, got) for x in [expect, *expect.get("variants", ())]]
    for want in wants:
        want.pop("variants", None)
        want.pop("nondeterministic", None)
        if difference(_aligned(got, want, strict), want) is None:
            return
    closest = min(wants, key=lambda w: len(str(difference(_aligned(got, w, strict), w))))
    d = difference(_aligned(got, closest, strict), closest)
    pytest.fail(f"{cid}: {d}\n  got:    {got!r}\n  go-cty: {expect!r}")
