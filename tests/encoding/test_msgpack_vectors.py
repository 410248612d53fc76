"""Every line of go-cty's msgpack vectors (msgpack.jsonl, msgpack_decode.jsonl) against
cty.encoding.msgpack, one case per line.

The vectors come from go-cty 1.12.1; we follow go-cty 1.18.1. A line whose answer changed after
1.12.1 is skipped with the change named (VERSION_CHANGES); a line where go-cty is defective
asserts our behaviour instead (DIVERGENCES, docs/design/divergences.md). tests/test_vectors.py
runs the same lines through the project-wide harness; this file is the encoding's own check,
and `run` is the runner that harness can use.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cty
import cty.convert
from cty.encoding import DecodeError, msgpack

from .._tvn import InvalidUTF8, build, build_type, canonical, render, render_path, type_json

VECTORS = Path(__file__).parent.parent / "vectors"

EXTENSIONS_1_13 = (
    "1.13.0: an extension longer than one byte must be code 12 (refinements); 1.12 read any "
    "extension as an unknown value"
)
NUMBERS_1_14_4 = (
    "1.14.4: a whole number outside int64 is written as its decimal string (1.12 wrote a float64 "
    "when one held it exactly); the line is checked against go-cty with 1.12's number rule"
)
REFINEMENTS_1_13 = (
    "1.13.0: cty.convert gives an unknown list of known length here, and msgpack writes that "
    "refinement as extension 12 (1.12 had no refinements and wrote d4 00 00)"
)
CONVERT_PENDING = "needs cty.convert (issue #3) to convert the value to the marshal type"

TRAILING = "raises: bytes after the value (go-cty's Unmarshal ignores them)"
TRUNCATED_EXT = "raises: a truncated or oversized extension (go-cty reads it as an unknown value)"
EMPTY_STRUCTURE = ("raises: an empty map or array for an object or tuple type with attributes or "
                   "elements (go-cty returns an empty object or tuple, changing the type)")
NON_STRING_KEY = "raises: a non-string map key (go-cty builds the error, drops it and uses \"\")"
DUPLICATE_ATTRIBUTE = ("raises: an object repeating an attribute (go-cty returns an object "
                       "missing an attribute, changing the type)")
NOT_UNICODE = "raises: invalid UTF-8 (a Python str is Unicode; go-cty keeps the raw bytes)"

def _cases(name: str) -> list[Any]:
    out = []
    with (VECTORS / name).open(encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if line.strip():
                out.append(pytest.param(line, id=f"{name}:{lineno}"))
    return out


def _error(e: Exception) -> dict[str, Any]:
    out: dict[str, Any] = {"error": getattr(e, "message", str(e))}
    path = getattr(e, "path", None)
    if isinstance(e, cty.PathError) and path is not None:
        out["path"] = render_path(path)
    return out


def run(case: dict[str, Any]) -> dict[str, Any]:
    """Run one msgpack-family vector case; return the result in the oracle's rendering."""
    op = case["op"]
    if op == "msgpack":
        ty = build_type(case["type"])
        mty = build_type(case.get("marshal_type", case["type"]))
        v = build(ty, case["value"])
        data = msgpack.marshal(v, mty)
        out: dict[str, Any] = {"hex": data.hex()}
        try:
            out["roundtrip"] = render(msgpack.unmarshal(data, mty))
        except DecodeError as e:
            out["roundtrip_error"] = e.message
        try:
            out["implied_type"] = type_json(msgpack.implied_type(data))
        except DecodeError as e:
            out["implied_type_error"] = e.message
        return out
    data = bytes.fromhex(case["hex"])
    if op == "msgpack_decode":
        return render(msgpack.unmarshal(data, build_type(case["type"])))
    assert op == "msgpack_implied_type"
    return {"type": type_json(msgpack.implied_type(data))}


def _without(d: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k not in keys}


def check(case: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert that we answer *case* as go-cty did (or as our tables say we should)."""
    cid = case["id"]
    expect = case["expect"]
    if cid in CONVERT_LINES and not hasattr(cty.convert, "convert"):
        pytest.skip(CONVERT_PENDING)
    if cid in REFINED_LINES:
        pytest.skip(REFINED_LINES[cid])
    if cid in EXTENSIONS_1_13_LINES:
        with pytest.raises(DecodeError, match="unsupported extension type"):
            run(case)
        return
    if cid in LEGACY_NUMBERS:
        run(case)  # the line works under 1.18's rule too
        _legacy_numbers(monkeypatch)
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
    if "error" in expect and "type" not in expect:
        with pytest.raises((TypeError, ValueError)):
            run(case)
        return
    got = run(case)
    want = _without(expect, "gostring", "nondeterministic", "variants")
    if "roundtrip_panic" in want:
        # go-cty's constructors panicked on the decoded parts; we raise DecodeError
        assert "roundtrip_error" in got, got
        got = _without(got, "roundtrip_error")
        want = _without(want, "roundtrip_panic")
    variants = [_without(x, "gostring") for x in expect.get("variants", ())]
    ok = canonical(got) == canonical(want) or any(canonical(got) == canonical(x)
                                                  for x in variants)
    assert ok, f"{cid}: got {got!r}, go-cty gave {expect!r}"


def _legacy_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switch the encoder to go-cty 1.12's number rule: a whole number outside int64 that a
    float64 holds exactly is written as that float64."""
    from cty import _number
    from cty.encoding import _msgpack_encode as enc

    new_wire = enc.number_wire

    def wire(n: Any) -> Any:
        if not _number.is_inf(n) and _number.int64_value(n) is None:
            f = _number.float64_value(n)
            if f is not None:
                return f
        return new_wire(n)

    def number_enc(p: Any) -> Any:
        return wire(p) if p.__class__ is int and not -(1 << 63) <= p < (1 << 63) else p

    monkeypatch.setattr(enc, "number_wire", wire)
    monkeypatch.setattr(enc, "_number_enc", number_enc)
    monkeypatch.setattr(enc, "_plans", {})
    monkeypatch.setattr(msgpack, "_encoders", {})


@pytest.mark.parametrize("line", _cases("msgpack.jsonl") + _cases("msgpack_decode.jsonl"))
def test_vector(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    check(json.loads(line), monkeypatch)


REFINED_LINES = {'r1-msgpack-01713': REFINEMENTS_1_13}

EXTENSIONS_1_13_LINES = frozenset({
    'c-msgpack_decode-0032',
    'c-msgpack_decode-0035',
    'c-msgpack_decode-0036',
    'r1-msgpack_decode-00023',
    'r1-msgpack_decode-00081',
    'r1-msgpack_decode-00130',
    'r1-msgpack_decode-00264',
    'r1-msgpack_decode-00327',
    'r1-msgpack_decode-00354',
    'r1-msgpack_decode-00425',
    'r1-msgpack_decode-00533',
    'r1-msgpack_decode-00563',
    'r1-msgpack_decode-00699',
    'r1-msgpack_decode-00717',
    'r1-msgpack_decode-00727',
    'r1-msgpack_decode-00745',
    'r1-msgpack_decode-00850',
    'r1-msgpack_decode-00874',
    'r1-msgpack_decode-00997',
    'r1-msgpack_decode-01030',
    'r1-msgpack_decode-01067',
    'r1-msgpack_decode-01105',
    'r1-msgpack_decode-01134',
    'r1-msgpack_decode-01155',
    'r1-msgpack_decode-01172',
    'r1-msgpack_decode-01261',
})

LEGACY_NUMBERS = frozenset({
    'r1-msgpack-00162',
    'r1-msgpack-01713',
    'c-msgpack-0046',
    'c-msgpack-0050',
    'c-msgpack-0059',
    'r1-msgpack-00045',
    'r1-msgpack-00087',
    'r1-msgpack-00118',
    'r1-msgpack-00124',
    'r1-msgpack-00137',
    'r1-msgpack-00152',
    'r1-msgpack-00161',
    'r1-msgpack-00163',
    'r1-msgpack-00180',
    'r1-msgpack-00187',
    'r1-msgpack-00222',
    'r1-msgpack-00231',
    'r1-msgpack-00316',
    'r1-msgpack-00319',
    'r1-msgpack-00367',
    'r1-msgpack-00390',
    'r1-msgpack-00407',
    'r1-msgpack-00420',
    'r1-msgpack-00464',
    'r1-msgpack-00488',
    'r1-msgpack-00490',
    'r1-msgpack-00562',
    'r1-msgpack-00563',
    'r1-msgpack-00571',
    'r1-msgpack-00581',
    'r1-msgpack-00714',
    'r1-msgpack-00719',
    'r1-msgpack-00721',
    'r1-msgpack-00816',
    'r1-msgpack-00835',
    'r1-msgpack-00938',
    'r1-msgpack-01014',
    'r1-msgpack-01018',
    'r1-msgpack-01046',
    'r1-msgpack-01063',
    'r1-msgpack-01186',
    'r1-msgpack-01247',
    'r1-msgpack-01266',
    'r1-msgpack-01399',
    'r1-msgpack-01410',
    'r1-msgpack-01411',
    'r1-msgpack-01465',
    'r1-msgpack-01514',
    'r1-msgpack-01522',
    'r1-msgpack-01583',
    'r1-msgpack-01634',
    'r1-msgpack-01641',
    'r1-msgpack-01666',
    'r1-msgpack-01691',
    'r1-msgpack-01717',
    'r1-msgpack-01893',
    'r1-msgpack-01961',
})

CONVERT_LINES = frozenset({
    'c-msgpack-0129',
    'c-msgpack-0131',
    'c-msgpack-0132',
    'c-msgpack-0133',
    'c-msgpack-0134',
    'c-msgpack-0135',
    'c-msgpack-0136',
    'c-msgpack-0137',
    'c-msgpack-0138',
    'c-msgpack-0139',
    'c-msgpack-0140',
    'c-msgpack-0143',
    'c-msgpack-0146',
    'r1-msgpack-00051',
    'r1-msgpack-00066',
    'r1-msgpack-00073',
    'r1-msgpack-00162',
    'r1-msgpack-00223',
    'r1-msgpack-00373',
    'r1-msgpack-00377',
    'r1-msgpack-00511',
    'r1-msgpack-00676',
    'r1-msgpack-00823',
    'r1-msgpack-00954',
    'r1-msgpack-00964',
    'r1-msgpack-01167',
    'r1-msgpack-01173',
    'r1-msgpack-01203',
    'r1-msgpack-01204',
    'r1-msgpack-01372',
    'r1-msgpack-01424',
    'r1-msgpack-01426',
    'r1-msgpack-01475',
    'r1-msgpack-01624',
    'r1-msgpack-01659',
    'r1-msgpack-01713',
    'r1-msgpack-01768',
})

DIVERGENCES: dict[str, str] = {
    'c-msgpack_decode-0096': TRAILING,
    'c-msgpack_decode-0101': TRAILING,
    'c-msgpack_decode-0102': TRAILING,
    'c-msgpack_decode-0110': TRAILING,
    'c-msgpack_decode-0180': TRAILING,
    'c-msgpack_decode-0181': TRAILING,
    'c-msgpack_decode-0182': TRAILING,
    'r1-msgpack_decode-00022': TRAILING,
    'r1-msgpack_decode-00032': TRAILING,
    'r1-msgpack_decode-00043': TRAILING,
    'r1-msgpack_decode-00095': TRAILING,
    'r1-msgpack_decode-00140': TRAILING,
    'r1-msgpack_decode-00268': TRAILING,
    'r1-msgpack_decode-00271': TRAILING,
    'r1-msgpack_decode-00275': TRAILING,
    'r1-msgpack_decode-00316': TRAILING,
    'r1-msgpack_decode-00379': TRAILING,
    'r1-msgpack_decode-00449': TRAILING,
    'r1-msgpack_decode-00549': TRAILING,
    'r1-msgpack_decode-00572': TRAILING,
    'r1-msgpack_decode-00616': TRAILING,
    'r1-msgpack_decode-00627': TRAILING,
    'r1-msgpack_decode-00666': TRAILING,
    'r1-msgpack_decode-00747': TRAILING,
    'r1-msgpack_decode-00750': TRAILING,
    'r1-msgpack_decode-00760': TRAILING,
    'r1-msgpack_decode-00767': TRAILING,
    'r1-msgpack_decode-00805': TRAILING,
    'r1-msgpack_decode-00823': TRAILING,
    'r1-msgpack_decode-00840': TRAILING,
    'r1-msgpack_decode-00909': TRAILING,
    'r1-msgpack_decode-00973': TRAILING,
    'r1-msgpack_decode-00977': TRAILING,
    'r1-msgpack_decode-00978': TRAILING,
    'r1-msgpack_decode-00981': TRAILING,
    'r1-msgpack_decode-00984': TRAILING,
    'r1-msgpack_decode-00992': TRAILING,
    'r1-msgpack_decode-01020': TRAILING,
    'r1-msgpack_decode-01041': TRAILING,
    'r1-msgpack_decode-01043': TRAILING,
    'r1-msgpack_decode-01063': TRAILING,
    'r1-msgpack_decode-01090': TRAILING,
    'r1-msgpack_decode-01113': TRAILING,
    'r1-msgpack_decode-01143': TRAILING,
    'r1-msgpack_decode-01159': TRAILING,
    'r1-msgpack_decode-01202': TRAILING,
    'r1-msgpack_decode-01260': TRAILING,
    'r1-msgpack_implied_type-00084': TRAILING,
    'r1-msgpack_implied_type-00100': TRAILING,
    'c-msgpack_decode-0037': TRUNCATED_EXT,
    'c-msgpack_decode-0038': TRUNCATED_EXT,
    'r1-msgpack_decode-00211': TRUNCATED_EXT,
    'r1-msgpack_decode-00246': TRUNCATED_EXT,
    'r1-msgpack_decode-00344': TRUNCATED_EXT,
    'r1-msgpack_decode-00450': TRUNCATED_EXT,
    'r1-msgpack_decode-00552': TRUNCATED_EXT,
    'r1-msgpack_decode-00566': TRUNCATED_EXT,
    'r1-msgpack_decode-00609': TRUNCATED_EXT,
    'c-msgpack_decode-0137': EMPTY_STRUCTURE,
    'c-msgpack_decode-0138': EMPTY_STRUCTURE,
    'c-msgpack_decode-0151': EMPTY_STRUCTURE,
    'r1-msgpack_decode-00295': EMPTY_STRUCTURE,
    'r1-msgpack_decode-00943': EMPTY_STRUCTURE,
    'c-msgpack_decode-0127': NON_STRING_KEY,
    'c-msgpack_decode-0135': NON_STRING_KEY,
    'c-msgpack_decode-0142': DUPLICATE_ATTRIBUTE,
    'c-msgpack-0015': NOT_UNICODE,
    'c-msgpack-0016': NOT_UNICODE,
    'c-msgpack-0017': NOT_UNICODE,
    'c-msgpack_decode-0095': NOT_UNICODE,
    'c-msgpack_implied_type-0028': NOT_UNICODE,
    'r1-msgpack_decode-00113': NOT_UNICODE,
    'r1-msgpack_decode-00168': NOT_UNICODE,
    'r1-msgpack_decode-00176': NOT_UNICODE,
    'r1-msgpack_decode-00304': NOT_UNICODE,
    'r1-msgpack_decode-00382': NOT_UNICODE,
    'r1-msgpack_decode-00387': NOT_UNICODE,
    'r1-msgpack_decode-00694': NOT_UNICODE,
    'r1-msgpack_decode-00841': NOT_UNICODE,
    'r1-msgpack_implied_type-00336': NOT_UNICODE,
    'r1-msgpack_implied_type-00440': NOT_UNICODE,
    'r1-msgpack_implied_type-00448': NOT_UNICODE,
}
