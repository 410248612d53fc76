"""Every line of go-cty's JSON vectors (json.jsonl) against cty.encoding.json, one case per
line: json, json_decode, implied_type, simple_json and type_decode.

As in test_msgpack_vectors: lines whose answer changed after go-cty 1.12.1 assert 1.18.1's
behaviour, divergences from go-cty defects assert ours, and `run` is the runner the
project-wide harness (tests/test_vectors.py) can use.
"""

from __future__ import annotations

import json as stdlib_json
from pathlib import Path
from typing import Any

import pytest

import cty
import cty.convert
from cty.encoding import DecodeError, json

from .._tvn import InvalidUTF8, build, build_type, canonical, render, type_json

VECTORS = Path(__file__).parent.parent / "vectors"

CONVERT_PENDING = "needs cty.convert (issue #3) to convert the value to the marshal type"


def _cases(name: str) -> list[Any]:
    out = []
    with (VECTORS / name).open(encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if line.strip():
                out.append(pytest.param(line, id=f"{name}:{lineno}"))
    return out


def run(case: dict[str, Any]) -> dict[str, Any]:
    """Run one JSON-family vector case; return the result in the oracle's rendering."""
    op = case["op"]
    if op == "json":
        ty = build_type(case["type"])
        mty = build_type(case.get("marshal_type", case["type"]))
        out: dict[str, Any] = {"type_json": json.marshal_type(mty).decode()}
        v = build(ty, case["value"])
        text = json.marshal(v, mty)
        out["json"] = text.decode()
        try:
            out["roundtrip"] = render(json.unmarshal(text, mty))
        except DecodeError as e:
            out["roundtrip_error"] = e.message
        return out
    if op == "simple_json":
        v = build(build_type(case["type"]), case["value"])
        text = json.simple_json_marshal(v)
        out = {"json": text.decode()}
        try:
            out["roundtrip"] = render(json.simple_json_unmarshal(text))
        except DecodeError as e:
            out["roundtrip_error"] = e.message
        return out
    if op == "json_decode":
        return render(json.unmarshal(case["json"], build_type(case["type"])))
    if op == "implied_type":
        return {"type": type_json(json.implied_type(case["json"]))}
    assert op == "type_decode"
    return {"type": type_json(json.unmarshal_type(case["json"]))}


def _without(d: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k not in keys}


def check(case: dict[str, Any]) -> None:
    """Assert that we answer *case* as go-cty did (or as our tables say we should)."""
    cid = case["id"]
    expect = case["expect"]
    if cid in CONVERT_LINES and not hasattr(cty.convert, "convert"):
        pytest.skip(CONVERT_PENDING)
    if cid in RAISES_NOW:
        with pytest.raises((TypeError, ValueError)):
            run(case)
        return
    if cid in DIVERGENCES:
        reason = DIVERGENCES[cid]
        exc = (InvalidUTF8, DecodeError) if reason is NOT_UNICODE else (DecodeError,)
        with pytest.raises(exc):
            run(case)
        return
    if "panic" in expect or "fatal" in expect:
        with pytest.raises((TypeError, ValueError)):
            run(case)
        return
    if "error" in expect and "json" not in expect and "type" not in expect:
        with pytest.raises((TypeError, ValueError)):
            run(case)
        return
    got = run(case)
    want = _without(expect, "nondeterministic", "variants", "roundtrip_error_path")
    if "roundtrip_panic" in want:
        assert "roundtrip_error" in got, got
        got = _without(got, "roundtrip_error")
        want = _without(want, "roundtrip_panic")
    ok = canonical(got) == canonical(want) or any(
        canonical(got) == canonical(x) for x in expect.get("variants", ()))
    assert ok, f"{cid}: got {got!r}, go-cty gave {expect!r}"


@pytest.mark.parametrize("line", _cases("json.jsonl"))
def test_vector(line: str) -> None:
    check(stdlib_json.loads(line))


JSON_ERRORS_1_14_4 = (
    "1.14.4: an error inside a dynamic value (unknown, infinity) is reported; 1.12 dropped it "
    "and wrote broken JSON"
)
IMPLIED_DUPLICATES_1_16_2 = (
    "1.16.2: ImpliedType refuses a property repeated with values of different types (1.12 kept "
    "the last)"
)
TRAILING = ("raises: data after the JSON value, or a malformed number (go-cty reads the first "
            "token and ignores the rest)")
LONE_SURROGATE = ("raises: a \\u escape of a lone surrogate (go-cty silently turns it into "
                  "U+FFFD)")
NOT_UNICODE = "raises: invalid UTF-8 (a Python str is Unicode; go-cty keeps the raw bytes)"

CONVERT_LINES = frozenset({
    'c-json-0129',
    'c-json-0131',
    'c-json-0132',
    'c-json-0133',
    'c-json-0134',
    'c-json-0135',
    'c-json-0136',
    'c-json-0137',
    'c-json-0138',
    'c-json-0139',
    'c-json-0140',
    'c-json-0143',
    'c-json-0146',
    'r1-json-00101',
    'r1-json-00152',
    'r1-json-00181',
    'r1-json-00210',
    'r1-json-00258',
    'r1-json-00359',
    'r1-json-00462',
})

RAISES_NOW: dict[str, str] = {
    'c-implied_type-0008': IMPLIED_DUPLICATES_1_16_2,
    'r1-implied_type-00105': IMPLIED_DUPLICATES_1_16_2,
    'r1-implied_type-00211': IMPLIED_DUPLICATES_1_16_2,
    'r1-implied_type-00214': IMPLIED_DUPLICATES_1_16_2,
    'c-json-0111': JSON_ERRORS_1_14_4,
    'c-json-0115': JSON_ERRORS_1_14_4,
    'c-json-0116': JSON_ERRORS_1_14_4,
    'c-json-0122': JSON_ERRORS_1_14_4,
    'r1-json-00007': JSON_ERRORS_1_14_4,
}

DIVERGENCES: dict[str, str] = {
    'c-implied_type-0022': LONE_SURROGATE,
    'c-json_decode-0027': LONE_SURROGATE,
    'r1-implied_type-00243': LONE_SURROGATE,
    'c-json-0015': NOT_UNICODE,
    'c-json-0016': NOT_UNICODE,
    'c-json-0017': NOT_UNICODE,
    'c-simple_json-0015': NOT_UNICODE,
    'c-simple_json-0016': NOT_UNICODE,
    'c-simple_json-0017': NOT_UNICODE,
    'c-json_decode-0008': TRAILING,
    'c-json_decode-0017': TRAILING,
    'c-json_decode-0045': TRAILING,
    'c-json_decode-0065': TRAILING,
    'r1-implied_type-00036': TRAILING,
    'r1-implied_type-00079': TRAILING,
    'r1-implied_type-00108': TRAILING,
    'r1-implied_type-00220': TRAILING,
    'r1-implied_type-00286': TRAILING,
    'r1-json_decode-00183': TRAILING,
    'r1-json_decode-00249': TRAILING,
    'r1-json_decode-00307': TRAILING,
    'r1-json_decode-00382': TRAILING,
    'r1-json_decode-00400': TRAILING,
    'r1-json_decode-00414': TRAILING,
    'r1-json_decode-00429': TRAILING,
    'r1-json_decode-00535': TRAILING,
    'r1-json_decode-00550': TRAILING,
}
