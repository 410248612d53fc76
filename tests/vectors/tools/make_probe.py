"""Make tests/vectors/functions_probe.jsonl: every standard library function called with each of
a set of sample values (every kind of type; null, unknown, marked, nested marks and unknowns) in
each argument slot, and variadic functions with every pair of samples, answered by go-cty.

Run by hand (not in CI), after ``sh ../shared/oracle/build118.sh`` has built the oracle:

    python -m tests.vectors.tools.make_probe [ORACLE_BINARY]

The go-cty names come from cty.function.stdlib itself (each function's snake_case name in
CamelCase, with go-cty's capitalised initialisms); each function's arity from its parameters.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from cty.function import Function, stdlib
from tests.vectors.tools._oracle import answered, oracle_path

OUT = Path(__file__).resolve().parent.parent / "functions_probe.jsonl"

SAMPLES: list[dict[str, Any]] = [
    {"type": "string", "value": {"string": "x"}},
    {"type": "string", "value": {"string": ""}},
    {"type": "number", "value": {"number": "2"}},
    {"type": "number", "value": {"number": "-1.5"}},
    {"type": "bool", "value": {"bool": True}},
    {"type": ["list", "string"], "value": {"list": [{"string": "a"}, {"string": "b"}]}},
    {"type": ["list", "number"], "value": {"list": []}},
    {"type": ["map", "string"], "value": {"map": {"a": {"string": "1"}}}},
    {"type": ["set", "number"], "value": {"set": [{"number": "1"}, {"number": "2"}]}},
    {"type": ["object", {"a": "string"}], "value": {"object": {"a": {"string": "v"}}}},
    {"type": ["tuple", ["string", "number"]],
     "value": {"tuple": [{"string": "t"}, {"number": "3"}]}},
    {"type": ["list", "string"], "value": {"null": True}},
    {"type": "string", "value": {"unknown": True}},
    {"type": "dynamic", "value": {"unknown": True}},
    {"type": ["list", "string"], "value": {"list": [{"unknown": True}]}},
    {"type": ["list", ["object", {"a": "string"}]], "value": {"list": [{"object": {"a": {
        "marked": {"marks": ["s"], "value": {"string": "m"}}}}}]}},
    {"type": "string", "value": {"marked": {"marks": ["s"], "value": {"string": "%d"}}}},
    {"type": ["map", "number"], "value": {"marked": {"marks": ["s"], "value": {
        "map": {"k": {"number": "1"}}}}}},
    # refined unknowns (issue #47): a length pinned without not-null (go-cty asks its
    # LengthInt and panics), pinned with it (a list of unknowns), a range of lengths
    {"type": ["list", "string"], "value": {"unknown": True, "refinement": {
        "length_lower": 2, "length_upper": 2}}},
    {"type": ["list", "string"], "value": {"unknown": True, "refinement": {
        "not_null": True, "length_lower": 2, "length_upper": 2}}},
    {"type": ["list", "string"], "value": {"unknown": True, "refinement": {
        "length_lower": 1, "length_upper": 3}}},
    {"type": "string", "value": {"unknown": True, "refinement": {
        "not_null": True, "string_prefix": "ab"}}},
]
"""The sample arguments, in the vector notation."""

_NUMBER = {"type": "number", "value": {"number": "0"}}
_SETS = [
    {"type": ["set", ["list", "string"]], "value": {"set": [{"list": [{"string": "x"}]}]}},
    {"type": ["set", "dynamic"], "value": {"set": [{"unknown": True}]}},
    {"type": ["set", ["tuple", ["string"]]], "value": {"set": [{"tuple": [{"string": "y"}]}]}},
    {"type": ["set", "dynamic"], "value": {"set": []}},
]


def _n(text: str) -> dict[str, Any]:
    return {"type": "number", "value": {"number": text}}


def _s(text: str) -> dict[str, Any]:
    return {"type": "string", "value": {"string": text}}


EXTRA_CALLS: list[dict[str, Any]] = [
    # huge counts (issue #47): go-cty panics building the padding; ours refuses
    {"op": "call", "name": "Indent", "args": [_n("9007199254740991"), _s("a")]},
    {"op": "call", "name": "Indent", "args": [_n("2147483648"), _s("a\nb")]},
    {"op": "call", "name": "Indent", "args": [_n("-1"), _s("a\nb")]},
    {"op": "call", "name": "Indent", "args": [_n("3"), _s("a\nb")]},
    # slices of refined unknowns, by known and unknown indexes
    *({"op": "call", "name": "Slice", "args": [sample, _n(a), _n(b)]}
      for sample in SAMPLES[-4:-1] for a, b in (("0", "1"), ("0", "2"), ("0", "3"), ("2", "1"))),
    *({"op": "call", "name": "Slice", "args": [sample, _NUMBER,
                                               {"type": "number", "value": {"unknown": True}}]}
      for sample in SAMPLES[-4:-1]),
    # set operations over sets whose element types differ only by "any" (go-cty panics:
    # incompatible set rules), or unify
    *({"op": "call", "name": name, "args": [a, b]}
      for name in ("SetUnion", "SetIntersection", "SetSubtract", "SetSymmetricDifference")
      for a in _SETS for b in _SETS if a is not b),
]
"""Calls beyond the samples' grid: the classes issue #47 found."""

_INITIALISMS = {"json": "JSON", "csv": "CSV"}


def go_names() -> dict[str, Function]:
    """go-cty's name of each stdlib function (JSONEncode for json_encode)."""
    names = {}
    for attr in stdlib.__all__:
        fn = getattr(stdlib, attr)
        if isinstance(fn, Function) and attr != "make_to_func" and not attr.startswith("to_"):
            go = "".join(_INITIALISMS.get(p, p.capitalize()) for p in attr.rstrip("_").split("_"))
            names[go] = fn
    return names


def cases() -> list[dict[str, Any]]:
    """The probe's calls, in a fixed order."""
    out: list[dict[str, Any]] = []
    for name, fn in sorted(go_names().items()):
        n = len(fn.params()) + (1 if fn.var_param() is not None else 0)
        for slot in range(max(n, 1)):
            for sample in SAMPLES:
                for base in (SAMPLES[0], SAMPLES[2], SAMPLES[5]):
                    args = [base] * n
                    if n:
                        args[slot] = sample
                    out.append({"op": "call", "name": name, "args": args})
        if fn.var_param() is not None:
            for a, b in itertools.product(SAMPLES[:12], repeat=2):
                out.append({"op": "call", "name": name,
                            "args": [SAMPLES[0]] * len(fn.params()) + [a, b]})
    out.extend(EXTRA_CALLS)
    distinct = list(dict.fromkeys(json.dumps(c, sort_keys=True) for c in out))
    return [{"id": f"p-call-{i + 1:05d}", **json.loads(c)} for i, c in enumerate(distinct)]


def main() -> None:
    """Ask the oracle and write the file."""
    todo = cases()
    written = 0
    with OUT.open("w", encoding="utf-8") as f:
        for case, expect in answered(oracle_path(), todo):
            line = {"id": case["id"], "op": "call", "name": case["name"], "args": case["args"],
                    "expect": expect}
            f.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
            written += 1
    print(f"{OUT}: {written} lines ({len(todo) - written} left out: go-cty gave no answer)")


if __name__ == "__main__":
    main()
