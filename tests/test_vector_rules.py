"""The vector runner and its rules (tests/_vector_rules.py) on cases that are not in the vector
files: go-cty 1.18.1's answers to them were taken from the oracle (shared/oracle, build118.sh)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ._vector_rules import RULES, claim
from .test_vectors import judge

DIVERGENCES_MD = Path(__file__).parent.parent / "docs" / "design" / "divergences.md"

LIST_OF_STRING = ["list", "string"]
OBJ_WITH_DYNAMIC = ["object", {"a": LIST_OF_STRING, "b": "dynamic"}]
OBJ_WITH_OPTIONAL = ["object", {"a": "string", "b": "number"}, ["b"]]


def _obj_with_b(b: dict[str, Any]) -> dict[str, Any]:
    return {"object": {"a": {"list": [{"string": "y"}]}, "b": b}}


# go-cty's own answers (oracle, go-cty 1.18.1), each line as a vector file would hold it
ORACLE_CASES: list[tuple[dict[str, Any], str | None]] = [
    # object to map(dynamic) with a null or unknown attribute of dynamic type (issue #14 part 3)
    ({"id": "x-convert-1", "op": "convert", "type": OBJ_WITH_DYNAMIC,
      "value": _obj_with_b({"null": True}), "target": ["map", "dynamic"], "unsafe": False,
      "expect": {"type": ["map", LIST_OF_STRING],
                 "value": {"map": {"a": {"list": [{"string": "y"}]}, "b": {"null": True}}}}},
     None),
    ({"id": "x-convert-2", "op": "convert", "type": OBJ_WITH_DYNAMIC,
      "value": _obj_with_b({"unknown": True}), "target": ["map", "dynamic"], "unsafe": True,
      "expect": {"type": ["map", LIST_OF_STRING],
                 "value": {"map": {"a": {"list": [{"string": "y"}]}, "b": {"unknown": True}}}}},
     None),
    ({"id": "x-convert-3", "op": "convert", "type": ["object", {"a": "string", "b": "dynamic"}],
      "value": {"object": {"a": {"string": "x"},
                           "b": {"marked": {"marks": ["s"], "value": {"null": True}}}}},
      "target": ["map", "dynamic"], "unsafe": False,
      "expect": {"type": ["map", "string"], "value": {"map": {
          "a": {"string": "x"}, "b": {"marked": {"marks": ["s"], "value": {"null": True}}}}}}},
     "NULL_MARKS"),  # (go-cty keeps the mark here; in other conversions it drops it)
    # ... but a tuple with an element of type dynamic has no conversion to a list
    ({"id": "x-convert-5", "op": "convert", "type": ["tuple", [LIST_OF_STRING, "dynamic"]],
      "value": {"tuple": [{"list": [{"string": "y"}]}, {"null": True}]},
      "target": ["list", "dynamic"], "unsafe": False,
      "expect": {"error": "all list elements must have the same type", "no_conversion": True}},
     None),
    # optional attributes of an unknown's type: kept where a dynamic target takes the input's
    # type, dropped where the target names the type
    ({"id": "x-convert-6", "op": "convert", "type": ["list", OBJ_WITH_OPTIONAL],
      "value": {"unknown": True}, "target": ["list", "dynamic"], "unsafe": True,
      "expect": {"type": ["list", OBJ_WITH_OPTIONAL], "value": {"unknown": True}}},
     None),
    ({"id": "x-convert-7", "op": "convert", "type": ["list", OBJ_WITH_OPTIONAL],
      "value": {"unknown": True}, "target": ["list", OBJ_WITH_OPTIONAL[:2]], "unsafe": True,
      "expect": {"type": ["list", OBJ_WITH_OPTIONAL[:2]], "value": {"unknown": True}}},
     None),
    # a set of unknown length to a list of another element type
    ({"id": "x-convert-4", "op": "convert", "type": ["set", "number"],
      "value": {"set": [{"number": "1"}, {"unknown": True}]}, "target": LIST_OF_STRING,
      "unsafe": True, "expect": {"type": ["list", "number"], "value": {"unknown": True}}},
     "SET_TO_LIST_UNKNOWN_TYPE"),
    # an unknown map to an object whose optional attribute the map's elements cannot fill
    ({"id": "x-convert-5", "op": "convert", "type": ["map", "bool"], "value": {"unknown": True},
      "target": ["object", {"c": ["object", {"o": "bool"}, ["o"]]}, ["c"]], "unsafe": True,
      "expect": {"type": ["object", {"c": ["object", {}]}], "value": {"unknown": True}}},
     "MAP_TO_OBJECT_UNKNOWN_TYPE"),
    # has_element with a mark nested in the element
    ({"id": "x-op-1", "op": "op", "name": "HasElement", "args": [
        {"type": ["set", LIST_OF_STRING], "value": {"set": [{"list": [{"string": "x"}]}]}},
        {"type": LIST_OF_STRING,
         "value": {"list": [{"marked": {"marks": ["secret"], "value": {"string": "x"}}}]}}],
      "expect": {"panic": "can't take hash of value that has marks or has embedded values that "
                          "have marks"}},
     "HAS_ELEMENT_NESTED_MARKS"),
    # ... but not on a (marked) null set, where go-cty panics for the null and so do we
    ({"id": "x-op-4", "op": "op", "name": "HasElement", "args": [
        {"type": ["set", LIST_OF_STRING],
         "value": {"marked": {"marks": ["m"], "value": {"null": True}}}},
        {"type": LIST_OF_STRING,
         "value": {"list": [{"marked": {"marks": ["secret"], "value": {"string": "x"}}}]}}],
      "expect": {"panic": "cannot HasElement on null value"}},
     None),
    # Length of an unknown object: go-cty 1.18 panics, we raise
    ({"id": "x-op-2", "op": "op", "name": "Length", "args": [
        {"type": ["object", {"a": "string"}], "value": {"unknown": True}}],
      "expect": {"panic": "LengthLowerBound for "
                          "cty.Object(map[string]cty.Type{\"a\":cty.String})"}},
     None),
    # go-cty writes the empty tuple type of a nil slice as ["tuple", null]
    ({"id": "x-type_decode-1", "op": "type_decode", "json": "[\"tuple\",null]",
      "expect": {"type": ["tuple", None]}},
     None),
    # a new input that is not UTF-8 (a msgpack str of the bytes c3 28)
    ({"id": "x-msgpack_decode-1", "op": "msgpack_decode", "type": "string", "hex": "a2c328",
      "expect": {"gostring": "cty.StringVal(\"\\xc3(\")", "type": "string",
                 "value": {"string_hex": "c328"}}},
     "NOT_UNICODE"),
    # a new missing map key
    ({"id": "x-op-3", "op": "op", "name": "Index", "args": [
        {"type": ["map", "bool"], "value": {"map": {"k": {"bool": True}}}},
        {"type": "string", "value": {"string": "nope"}}],
      "expect": {"type": "bool", "value": {"null": True}}},
     "MISSING_MAP_KEY"),
    # a variadic argument of the wrong type: go-cty counts among the variadic arguments ...
    ({"id": "x-call-1", "op": "call", "name": "SetUnion", "args": [
        {"type": ["set", "string"], "value": {"set": [{"string": "a"}]}},
        {"type": "string", "value": {"string": "x"}}],
      "expect": {"arg": 0, "error": "set of dynamic required, but received string"}},
     "VARIADIC_ARG_INDEX"),
    # a marked string's text in an error is redacted
    ({"id": "x-call-3", "op": "call", "name": "to_number", "args": [
        {"type": "string", "value": {"marked": {"marks": ["s"], "value": {"string": "pw"}}}}],
      "expect": {"arg": 0, "error": "cannot convert \"pw\" to number; given string must be a "
                                    "decimal representation of a number"}},
     "REDACTED_MARKED_TEXT"),
    # ... but a positional argument that fails first is go-cty's index and ours
    ({"id": "x-call-2", "op": "call", "name": "SetUnion", "args": [
        {"type": "string", "value": {"string": "x"}},
        {"type": "string", "value": {"string": "x"}}],
      "expect": {"arg": 0, "error": "set of dynamic required, but received string"}},
     None),
]


def _oracle_case(cid: str) -> dict[str, Any]:
    return next(c for c, _ in ORACLE_CASES if c["id"] == cid)


@pytest.mark.parametrize(("case", "rule"), ORACLE_CASES, ids=[c["id"] for c, _ in ORACLE_CASES])
def test_an_oracle_case_is_claimed_as_expected_and_passes(case: dict[str, Any],
                                                          rule: str | None) -> None:
    claimed = claim(case)
    assert (claimed.name if claimed else None) == rule
    judge(case)


def test_an_unclaimed_wrong_answer_fails() -> None:
    case = dict(_oracle_case("x-convert-1"))
    case["expect"] = {"type": ["map", LIST_OF_STRING], "value": {"map": {}}}
    with pytest.raises(pytest.fail.Exception, match="x-convert-1"):
        judge(case)


def test_a_rule_check_fails_on_a_wrong_answer() -> None:
    case = _oracle_case("x-op-1")
    rule = claim(case)
    assert rule is not None
    with pytest.raises(AssertionError, match="marks"):
        rule.check(case, lambda: {"type": "bool", "value": {"bool": True}})
    set_case = _oracle_case("x-convert-4")
    set_rule = claim(set_case)
    assert set_rule is not None
    with pytest.raises(AssertionError, match="not the"):
        set_rule.check(set_case, lambda: {"type": ["list", "number"], "value": {"unknown": True}})


def test_every_rule_has_its_paragraph_and_every_paragraph_its_rule() -> None:
    text = DIVERGENCES_MD.read_text()
    before, _, rest = text.partition("\n## HCL\n")  # (HCL's rules: tests/hcl's own)
    after = rest.partition("\n## ")[2]
    headings = set(re.findall(r"^### ([A-Z0-9_]+)$", before + after, re.M))
    assert headings == {r.name for r in RULES}


def test_null_marks_accepts_only_marks_the_input_nulls_carried() -> None:
    case = {"id": "x-null-marks", "op": "convert", "type": ["list", "string"],
            "value": {"list": [{"marked": {"marks": ["m"], "value": {"null": True}}}]},
            "target": ["set", "string"], "unsafe": True,
            "expect": {"type": ["set", "string"], "value": {"set": [{"null": True}]}}}
    rule = claim(case)
    assert rule is not None and rule.name == "NULL_MARKS"

    def answer(marks: list[str]) -> Any:
        return lambda: {"type": ["set", "string"],
                        "value": {"marked": {"marks": marks, "value": {"set": [{"null": True}]}}}}

    rule.check(case, answer(["m"]))  # the null's mark, kept (on the set that holds it)
    with pytest.raises(AssertionError, match="marks kept"):
        rule.check(case, answer(["m", "invented"]))
    with pytest.raises(AssertionError, match="marks kept"):
        rule.check(case, lambda: {"type": ["set", "string"], "value": {"set": []}})
