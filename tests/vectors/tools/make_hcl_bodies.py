"""Make tests/vectors/hcl_bodies.jsonl.gz: HCL v2.24's answers for configuration files drawn
from the grammar in tests/vectors/tools/hcl_grammar.py (``bodies``: attributes and nested
blocks, comments, CRLF, malformed text), through the HCL oracle's body shim
(tests/oracle_shims/hcl/zz_body.go): the parser's diagnostics, the body's structure with each
attribute's value in the rich environment, JustAttributes, and Content against the case's
schema; and tests/vectors/hcl_decode.jsonl.gz: its answers (hcldec.Decode, the shim's decode
op) for bodies decoded by block schemas (``decodes``: attributes of every kind of type,
blocks of every nesting with least and most counts).

    HCLORACLE_SHIMS=$PWD/tests/oracle_shims/hcl HCLORACLE_BUILD_DIR=/tmp/hcloracle_eval \\
        sh ../shared/oracle/hcl/build.sh
    python -m tests.vectors.tools.make_hcl_bodies /tmp/hcloracle_eval/hcloracle [N]

Every fourth case also asks for the diagnostics as HCL's text writer writes them. The cases
are seeded: the same file every time for the same N (default 3,000).
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from tests.vectors.tools.hcl_grammar import bodies, decodes
from tests.vectors.tools.make_hcl_expressions import DEFAULT, SEED, ask, with_text

OUT = Path(__file__).resolve().parents[1] / "hcl_bodies.jsonl.gz"
DECODE_OUT = OUT.with_name("hcl_decode.jsonl.gz")


def main() -> None:
    """Ask the oracle about every case and write the vectors."""
    oracle = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 3_000
    for cases, out in ((with_text(bodies(SEED, n)), OUT), (decodes(SEED, n), DECODE_OUT)):
        out.write_bytes(gzip.compress("".join(
            json.dumps({"case": case, "expect": expect}, sort_keys=True) + "\n"
            for case, expect in zip(cases, ask(oracle, cases), strict=True)).encode(),
            mtime=0))
        print(f"{len(cases)} cases written to {out}")


if __name__ == "__main__":
    main()
