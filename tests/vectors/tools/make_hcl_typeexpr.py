"""Make tests/vectors/hcl_typeexpr.jsonl: HCL v2.24's answers for type expressions.

Run by hand (not in CI), after ``sh ../shared/oracle/hcl/build.sh`` has built hcloracle:

    python tests/vectors/tools/make_hcl_typeexpr.py [HCLORACLE] [COUNT] [SEED]

The cases are the hand-written SEEDS, in all three modes, COUNT generated
expressions (tests/hcl_typeexpr_gen.py: keywords, constructors, optional attributes with
defaults, comments, newlines, quoting, and about one in five mutated into a malformed form),
and 1,000 generated types (with names HCL may have to quote) for HCL's TypeString.
Each line holds the case and HCL's answer as tests/core/test_hcl_typeexpr.py compares it: the
type's JSON and HCL's TypeString (and in mode "defaults" the tree of defaults, each value with
its type and go-cty's JSON), or the first diagnostic's summary, detail, line and column.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.hcl_typeexpr_gen import SEEDS, expression, type_json  # noqa: E402

OUT = HERE.parent / "hcl_typeexpr.jsonl"
MODES = ("type", "constraint", "defaults")
TYPE_STRINGS = 1000


def expect(answer: dict[str, object]) -> dict[str, object]:
    """The part of hcloracle's *answer* the test compares."""
    if answer.get("ok"):
        out = {"ok": True, "type": answer["type"], "type_string": answer["type_string"]}
        if "has_defaults" in answer:
            out["defaults"] = _defaults(answer["defaults"]) if answer["has_defaults"] else None
        return out
    diags = answer["diags"]
    assert isinstance(diags, list)
    first = diags[0]
    start = first["subject"]["start"]
    return {"ok": False, "stage": answer["stage"], "summary": first["summary"],
            "detail": first["detail"], "line": start["line"], "column": start["column"]}


def _defaults(tree: Any) -> dict[str, Any]:
    """A Defaults tree: its type, its values (type and go-cty's JSON), its children."""
    return {"type": tree["type"],
            "values": {k: {"type": v["type"], "json": v.get("json")}
                       for k, v in (tree.get("values") or {}).items()},
            "children": {k: _defaults(c) for k, c in (tree.get("children") or {}).items()}}


def main() -> None:
    oracle = sys.argv[1] if len(sys.argv) > 1 else "/tmp/hcloracle/hcloracle"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    rng = random.Random(seed)
    cases = [(text, mode) for text in SEEDS for mode in MODES]
    seen = set(cases)
    while len(cases) < len(SEEDS) * len(MODES) + count:
        case = (expression(rng), rng.choice(MODES))
        if case not in seen:
            seen.add(case)
            cases.append(case)
    requests = "".join(json.dumps({"op": "type", "expr": t, "mode": m}) + "\n"
                       for t, m in cases)
    answers = subprocess.run([oracle], input=requests, capture_output=True, text=True,
                             check=True).stdout.rstrip("\n").split("\n")
    with OUT.open("w") as f:
        for i, ((text, mode), line) in enumerate(zip(cases, answers, strict=True)):
            row = {"id": f"hcl-{i:05d}", "op": "type", "expr": text, "mode": mode,
                   "expect": expect(json.loads(line))}
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
        # HCL's TypeString of types whose names it may quote
        types = [type_json(rng) for _ in range(TYPE_STRINGS)]
        requests = "".join(json.dumps({"op": "type_string", "type": t}) + "\n" for t in types)
        answers = subprocess.run([oracle], input=requests, capture_output=True, text=True,
                                 check=True).stdout.rstrip("\n").split("\n")
        for i, (t, line) in enumerate(zip(types, answers, strict=True)):
            a = json.loads(line)
            row = {"id": f"hcl-ts-{i:05d}", "op": "type_string", "type": t,
                   "expect": {"type_string": a["type_string"]}}
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(cases)} cases and {TYPE_STRINGS} type strings (seed {seed}) -> {OUT}")


if __name__ == "__main__":
    main()
