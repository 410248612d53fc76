"""Make tests/vectors/round4.jsonl: the cases of issue #47 ("exact and sound at every edge,
round four") and the CI differential's findings since, answered by go-cty 1.18.1.

Run by hand (not in CI), after ``sh ../shared/oracle/build118.sh`` has built the oracle:

    python -m tests.vectors.tools.make_round4 [ORACLE_BINARY]

Each case is written as the oracle was asked, plus ``expect``, its answer (cases it timed out
on are left out). Ids are ``i47-<op>-<n>``.
"""

from __future__ import annotations

import decimal
import json
import random
from pathlib import Path
from typing import Any

import msgspec

from tests.vectors.tools._oracle import answered, oracle_path

OUT = Path(__file__).resolve().parent.parent / "round4.jsonl"

_UNKNOWN_SET = {"set": [{"unknown": True}, {"number": "1"}]}
_OPT_TUPLE = ["tuple", ["number", ["list", ["object", {"a": "string", "b": "dynamic"}, ["b"]]]]]

CASES: list[dict[str, Any]] = [
    # a set of unknown length inside a collection converted to lists (SET_TO_LIST_UNKNOWN_NESTED;
    # the first from the CI differential, seed 2027)
    {"op": "convert", "type": ["list", ["set", "number"]], "value": {"marked": {"marks": ["m"], "value": {"list": [{"marked": {"marks": ["m"], "value": {"unknown": True, "refinement": {"not_null": True}}}}, {"set": []}, {"set": [{"number": "-4.824"}, {"unknown": True, "refinement": {"number_upper": "-70000000000000000000000000", "number_upper_inclusive": True}}, {"unknown": True}]}]}}}, "target": ["list", ["list", "string"]], "unsafe": False},  # noqa: E501
    {"op": "convert", "type": ["set", "number"], "value": _UNKNOWN_SET,
     "target": ["list", "string"], "unsafe": False},
    {"op": "convert", "type": ["list", ["set", "number"]], "value": {"list": [_UNKNOWN_SET]},
     "target": ["list", ["list", "string"]], "unsafe": False},
    {"op": "convert", "type": ["list", ["set", "number"]],
     "value": {"list": [_UNKNOWN_SET, {"set": []}]},
     "target": ["list", ["list", "string"]], "unsafe": False},
    {"op": "convert", "type": ["list", ["set", "number"]],
     "value": {"list": [_UNKNOWN_SET, {"set": [{"number": "2"}]}]},
     "target": ["list", ["list", "string"]], "unsafe": False},
    {"op": "convert", "type": ["map", ["set", "number"]],
     "value": {"map": {"a": _UNKNOWN_SET, "b": {"set": [{"number": "2"}]}}},
     "target": ["map", ["list", "string"]], "unsafe": False},
    {"op": "convert", "type": ["set", ["set", "number"]],
     "value": {"set": [_UNKNOWN_SET, {"set": [{"number": "2"}]}]},
     "target": ["set", ["list", "string"]], "unsafe": False},
    {"op": "convert", "type": ["list", ["set", "string"]],
     "value": {"list": [{"set": [{"unknown": True}]}, {"set": [{"string": "a"}]}]},
     "target": ["list", ["list", "string"]], "unsafe": True},
    # a not-null unknown whose length is pinned past MAX_KNOWN_LIST_LENGTH (2^20):
    # PINNED_LENGTH_PAST_LIMIT (first found by the CI differential at 44,310,714)
    {"op": "json", "type": ["list", "number"], "value": {"unknown": True, "refinement": {
        "not_null": True, "length_lower": 1048577, "length_upper": 1048577}}},
    {"op": "json", "type": ["list", "number"], "value": {"unknown": True, "refinement": {
        "not_null": True, "length_lower": 1048576, "length_upper": 1048576}}},
    # attribute names equal after NFC (NFC_EQUAL_NAMES): go-cty keeps one of them at random
    {"op": "type_decode", "json": '["object",{"\u00e9":"string","e\u0301":"number"}]'},
    {"op": "type_decode", "json": '["object",{"\u00e9":"string","e\u0301":"string"}]'},
    {"op": "implied_type", "json": '{"\u00e9":1,"e\u0301":"x"}'},
    {"op": "json_decode", "type": ["map", "number"], "json": '{"\u00e9":1,"e\u0301":2}'},
    # an empty tuple type go-cty builds from a nil slice writes its element types as null
    # (NIL_TUPLE_TYPES): rebuilt without optional attributes, or read from such type JSON
    *({"op": "convert", "type": ["object", {"a": ["tuple", []]}], "value": {node: True},
       "target": ["object", {"a": ["tuple", []], "b": "dynamic"}, ["b"]], "unsafe": False}
      for node in ("null", "unknown")),
    {"op": "convert", "type": ["object", {"a": ["tuple", []]}],
     "value": {"object": {"a": {"tuple": []}}},
     "target": ["object", {"a": ["tuple", []], "b": "dynamic"}, ["b"]], "unsafe": False},
    {"op": "convert", "type": ["list", ["tuple", []]], "value": {"unknown": True},
     "target": ["list", ["object", {"a": ["tuple", []], "b": "dynamic"}, ["b"]]],
     "unsafe": False},
    {"op": "type_decode", "json": '["tuple",null]'},
    # item 6: an element of the very type keeps its optional attribute markers through a
    # tuple's conversion, unknown or null; a marked null dynamic element loses its mark in
    # go-cty (NULL_MARKS)
    *({"op": "convert", "type": _OPT_TUPLE, "value": {"tuple": [{"number": "1"}, {node: True}]},
       "target": _OPT_TUPLE, "unsafe": unsafe} for node in ("null", "unknown")
      for unsafe in (False, True)),
    *({"op": "convert", "type": ["list", "dynamic"], "value": {"list": [
        {"marked": {"marks": ["m"], "value": {"dynamic": {"type": "string",
                                                          "value": {"null": True}}}}},
        {"dynamic": {"type": "string", "value": {"string": "a"}}}]},
       "target": target, "unsafe": False}
      for target in (["list", "dynamic"], ["list", "string"], "dynamic")),
    {"op": "type_decode", "json": '["list",["object",{"a":["tuple",null]}]]'},
    *({"op": op, "type": "dynamic",
       "value": {"dynamic": {"type": ["tuple", None], "value": {node: True}}}}
      for op in ("json", "msgpack") for node in ("null", "unknown")),
    {"op": "json", "type": "dynamic",
     "value": {"dynamic": {"type": ["list", ["tuple", None]], "value": {"list": [
         {"tuple": []}]}}}},
]
"""The cases, in order."""


_MARKS = ["\u0301", "\u0323", "\u0344", "\u0f73", "\u0f75", "\u0f81", "\u05b0", "\u0345",
          "\u20d0", "\u1dc0", "\u302a", "\u0315", "\u031b", "\u0670"]
"""Non-starters of several combining classes, some decomposing into two (lead 2)."""
_BASES = ["", "a", "\u00e1", "e\u0301", "\u1e69", "\uac00", "\u1100\u1161", "\u4e00",
          "x\u034f", "\u01d5", "\u0344"]
"""What a run follows: nothing, a starter, starters whose decomposition ends in one or two
non-starters, Hangul, a CGJ already there (none above U+FFFF: see NFC_ASTRAL_STARTER)."""


def _stream_safe_cases() -> list[dict[str, Any]]:
    """Runs of non-starters around the Stream-Safe Text Format's limit of 30 (issue #47: x/text
    inserts a CGJ; Python's NFC alone does not)."""
    rng = random.Random(47)
    out: list[dict[str, Any]] = []
    for base in _BASES:
        for n in (29, 30, 31, 32, 45, 61, 62, 100):
            out.append({"op": "string", "s": base + "\u0323" * n})
    # characters that count as non-starters without being marks: Hangul vowels and final
    # consonants, their compatibility and halfwidth forms, halfwidth voiced sound marks
    for c in ("\u1161", "\u11a8", "\u3133", "\u314f", "\uffa3", "\uffc2", "\uff9e"):
        for base in ("", "\u1100", "\uac00", "a"):
            for n in (29, 30, 31, 32):
                out.append({"op": "string", "s": base + c * n})
        out.append({"op": "string", "s": "\u1100" + (c + "\u0301") * 20})
    # a refined unknown's prefix (go-cty keeps what is safe of it: here, up to the CGJ)
    for prefix in ("\u00e1" + "\u0301" * 34, "a" + "\u0323" * 40 + "b", "\u0323" * 31):
        out.append({"op": "msgpack", "type": "string", "value": {"unknown": True, "refinement": {
            "not_null": True, "string_prefix": prefix}}})
    for _ in range(120):
        parts = []
        for _ in range(rng.randint(1, 3)):
            parts.append(rng.choice(_BASES))
            parts.append("".join(rng.choice(_MARKS) for _ in range(rng.randint(10, 70))))
        out.append({"op": "string", "s": "".join(parts)})
    return out


def _boundary_numbers(rng: random.Random) -> list[Any]:
    """An 11-digit decimal ending in 5 (Text('g', 10), the set hash, rounds it one way or the
    other by a hair), as float64, as go-cty parses it (512 bits) and halfway between the two:
    the first two are RawEqual yet in different buckets, the third lies between them."""
    digits = str(rng.randint(10**9, 10**10 - 1)) + "5"
    point = rng.randint(1, 10)
    text = digits[:point] + "." + digits[point:]
    f = float(text)
    with decimal.localcontext() as ctx:
        ctx.prec = 80
        between = (decimal.Decimal(f) + decimal.Decimal(text)) / 2
    return [f, text, format(between, "f")]


def _set_order_cases() -> list[dict[str, Any]]:
    """Sets whose elements go-cty's Less does not order as a strict weak order (issue #47, item
    3): RawEqual numbers in different buckets, 0 and -0, alone and inside lists, tuples and
    objects, decoded from msgpack (float64s, ints and 512-bit texts in one set), some longer
    than Go's insertion-sorted blocks of 20."""
    rng = random.Random(4703)
    out: list[dict[str, Any]] = [
        {"op": "msgpack_decode", "type": ["set", "number"],
         "hex": msgspec.msgpack.encode([34947.407335, "34947.407335"]).hex()},
        {"op": "msgpack", "type": ["set", ["list", "number"]], "value": {"set": [
            {"list": [{"number": "0"}]}, {"list": [{"number": "-0"}]}]}},
    ]
    for n in range(160):
        pool: list[Any] = [0, -0.0, 0.0, 1, 2.5, "-0"]
        for _ in range(rng.randint(1, 4)):
            pool.extend(_boundary_numbers(rng))
        size = rng.choice([2, 3, 5, 8, 19, 21, 30, 41, 45])
        kind = n % 4
        elems: list[Any]
        if kind == 0:
            ty: Any = ["set", "number"]
            elems = [rng.choice(pool) for _ in range(size)]
        elif kind == 1:
            ty = ["set", ["list", "number"]]
            elems = [[rng.choice(pool) for _ in range(rng.randint(1, 2))] for _ in range(size)]
        elif kind == 2:
            ty = ["set", ["tuple", ["number", "number"]]]
            elems = [[rng.choice(pool), rng.choice(pool)] for _ in range(size)]
        else:
            ty = ["set", ["object", {"a": "number", "b": "bool"}]]
            elems = [{"a": rng.choice(pool), "b": rng.random() < 0.5} for _ in range(size)]
        out.append({"op": "msgpack_decode", "type": ty,
                    "hex": msgspec.msgpack.encode(elems).hex()})
    return out


def main() -> None:
    """Ask the oracle and write the file."""
    counts: dict[str, int] = {}
    todo = []
    for case in [*CASES, *_stream_safe_cases(), *_set_order_cases()]:
        counts[case["op"]] = counts.get(case["op"], 0) + 1
        todo.append({"id": f"i47-{case['op']}-{counts[case['op']]:03d}", **case})
    written = 0
    with OUT.open("w", encoding="ascii") as f:
        for case, expect in answered(oracle_path(), todo):
            f.write(json.dumps({**case, "expect": expect}, separators=(",", ":")) + "\n")
            written += 1
    print(f"{OUT}: {written} lines")


if __name__ == "__main__":
    main()
