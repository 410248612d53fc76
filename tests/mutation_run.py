"""A small mutation run over hot spots: does the test suite notice a plausible bug?

Each mutant changes one line of the library the way a careless edit would (drop a condition,
flip a comparison, skip a check), runs the tests that should notice, and restores the file.
A mutant is *killed* when those tests fail and *survives* when they pass; the score is the share
killed. Run by hand, not in CI (each mutant runs part of the suite):

    python -m tests.mutation_run            # all mutants
    python -m tests.mutation_run 3 7        # only mutants 3 and 7

Record the score in docs/testing.md when the list or the suite changes.
"""

from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutant:
    """One edit: in *path*, the unique text *old* becomes *new*; *tests* should notice."""

    what: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


CORE = ("tests/core", "tests/test_vectors.py")
CONVERT = ("tests/convert", "tests/test_vectors.py")
ENCODING = ("tests/encoding", "tests/test_vectors.py")

MUTANTS: list[Mutant] = [
    Mutant("and_: a known false beside an unknown no longer wins",
           "cty/_value_arith.py", "if a._v is False or b._v is False:", "if a._v is False:",
           CORE),
    Mutant("x % 0 is 0 instead of x",
           "cty/_number_arith.py", "    if not b:\n        return a\n",
           "    if not b:\n        return 0\n", CORE),
    Mutant("sums keep the smaller precision",
           "cty/_number_arith.py", "    p = _prec2(a, b)\n    return _finish(_ctx(p or 1).add(",
           "    p = min(precision(a), precision(b))\n    return _finish(_ctx(p or 1).add(",
           CORE),
    Mutant("numbers overflow at MPFR's default exponent range",
           "cty/_mpfr_range.py", "    if _LIB is None:\n        return False\n",
           "    return False\n", CORE),
    Mutant("bool to string is no longer a conversion",
           "convert/_conversion_primitive.py", "    (Bool, String): _bool_to_string,\n}",
           "}\nUNSAFE_EXTRA = {(Bool, String): _bool_to_string}", CONVERT),
    Mutant("msgpack writes every int as an integer, past int64 too",
           "encoding/_msgpack_encode.py",
           "return p if _INT64_MIN <= p <= _INT64_MAX else str(p)", "return p", ENCODING),
    Mutant("JSON forgets Go's HTML escapes",
           "encoding/_json_type.py", "    for raw, esc in _HTML:\n", "    for raw, esc in ():\n",
           ENCODING),
    Mutant("gob accepts a frame whose checksum is wrong",
           "encoding/_gob_frame.py", "        if _crc32(body, _crc32(head)) != crc:",
           "        if False:", ENCODING),
    Mutant("type JSON lists optional attributes unsorted",
           "cty/_type_json.py", "for k in sorted(optional)])", "for k in optional])",
           ("tests/core", "tests/encoding/test_json.py", "tests/test_vectors.py")),
    Mutant("decoding failures are not remembered (retries redo the failing subtree)",
           "encoding/_failure_memo.py",
           "            _failed[(_get_ident(), id(remembering), id(x))] = (x, e, e.message, "
           "len(e.steps))\n", "", ENCODING),
    Mutant("an unknown's repr drops its upper length bound",
           "cty/_value_repr.py",
           "            py += f\".collection_length_upper_bound({r.length_max})\"",
           "            pass", CORE),
    Mutant("strings are not NFC-normalised",
           "cty/_strings.py", "    if s.isascii():", "    if True:", CORE),
]


def run(m: Mutant) -> tuple[bool, float]:
    """Apply *m*, run its tests, restore the file; return (killed, seconds)."""
    path = ROOT / m.path
    original = path.read_text()
    if original.count(m.old) != 1:
        raise SystemExit(f"mutant {m.what!r}: the text to change is not unique in {m.path}")
    path.write_text(original.replace(m.old, m.new))
    start = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                               *m.tests], cwd=ROOT, capture_output=True, timeout=900,
                              check=False)
        killed = done.returncode != 0
    except subprocess.TimeoutExpired:
        killed = True  # a hang is noticed too
    finally:
        path.write_text(original)
    return killed, time.monotonic() - start


def main(argv: list[str]) -> int:
    chosen = [int(a) for a in argv] or list(range(1, len(MUTANTS) + 1))
    killed = 0
    for i in chosen:
        m = MUTANTS[i - 1]
        dead, seconds = run(m)
        killed += dead
        print(f"{i:2d}. {'killed  ' if dead else 'SURVIVED'} {seconds:6.0f} s  {m.what}",
              flush=True)
    print(f"score: {killed}/{len(chosen)} killed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
