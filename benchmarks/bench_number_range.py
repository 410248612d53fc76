"""Hostile numbers: time and memory of parsing and arithmetic at the edges of Go's range.

Each case runs in a fresh interpreter, so its peak memory (max RSS, less the interpreter's
own after importing cty) belongs to that case alone. Times are the best of three runs.
Run: python3 benchmarks/bench_number_range.py
"""

from __future__ import annotations

import json
import platform
import subprocess
import sys

MILLION_DIGITS = "'7' * 1_000_000"

# (label, setup, operation): both are Python statements run with `import cty`
CASES: list[tuple[str, str, str]] = [
    ("parse 1e400000000", "t = '1e400000000'", "cty.parse_number_val(t)"),
    ("parse 1e999999999 (+Inf, as Go)", "t = '1e999999999'", "cty.parse_number_val(t)"),
    ("parse 1e-400000000", "t = '1e-400000000'", "cty.parse_number_val(t)"),
    ("parse a 1,000,000-digit mantissa", f"t = {MILLION_DIGITS}", "cty.parse_number_val(t)"),
    ("parse 1,000,000 digits e400000000", f"t = {MILLION_DIGITS} + 'e400000000'",
     "cty.parse_number_val(t)"),
    ("1e400000000 + 1", "a = cty.parse_number_val('1e400000000'); b = cty.number_int_val(1)",
     "a.add(b)"),
    ("1e300000000 * 1e300000000", "a = cty.parse_number_val('1e300000000')", "a.multiply(a)"),
    ("1 / 1e400000000", "a = cty.number_int_val(1); b = cty.parse_number_val('1e400000000')",
     "a.divide(b)"),
    ("1e400000000 % 7", "a = cty.parse_number_val('1e400000000'); b = cty.number_int_val(7)",
     "a.modulo(b)"),
    ("1e400000000 == 1e400000000 + 0",
     "a = cty.parse_number_val('1e400000000'); b = a.add(cty.number_int_val(0))",
     "a.equals(b)"),
    ("hash of 1e400000000", "a = cty.parse_number_val('1e400000000')", "a.hash()"),
    ("repr of 1e400000000", "a = cty.parse_number_val('1e400000000')", "repr(a)"),
    ("million digits * million digits", f"a = cty.parse_number_val({MILLION_DIGITS})",
     "a.multiply(a)"),
    ("million digits % 7", f"a = cty.parse_number_val({MILLION_DIGITS}); "
     "b = cty.number_int_val(7)", "a.modulo(b)"),
    # (go-cty writes its 400,000,001 digits; cty refuses, over the max_number_digits limit)
    ("1e400000000 as a string (refused: a limit)",
     "import cty.convert\na = cty.parse_number_val('1e400000000')\n"
     "def to_text():\n    try:\n        cty.convert.convert(a, cty.String)\n"
     "    except cty.PathError as e:\n"
     "        assert 'max_number_digits' in str(e)\n        return\n"
     "    raise AssertionError('not refused')",
     "to_text()"),
]

CHILD = """
import resource, sys, time, json
import cty
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
{setup}
runs = []
for _ in range({repeat}):
    start = time.perf_counter()
    {op}
    runs.append(time.perf_counter() - start)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"seconds": min(runs), "kib": peak - base}}))
"""


def run(setup: str, op: str, repeat: int) -> dict[str, float]:
    code = CHILD.format(setup=setup, op=op, repeat=repeat)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=600)
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    import gmpy2

    print(f"# {platform.python_implementation()} {platform.python_version()} on "
          f"{platform.machine()}, gmpy2 {gmpy2.version()}, {gmpy2.mpfr_version()}")
    print("# best of 3; memory: peak RSS growth over the case")
    print(f"{'case':44} {'time':>11} {'memory':>10}")
    for label, setup, op in CASES:
        r = run(setup, op, 3)
        seconds = r["seconds"]
        shown = f"{seconds * 1e3:8.3f} ms" if seconds < 1 else f"{seconds:9.2f} s"
        print(f"{label:44} {shown:>11} {r['kib'] / 1024:7.1f} MiB", flush=True)


if __name__ == "__main__":
    main()
