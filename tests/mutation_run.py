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

import signal
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


def _files(folder: str, *, leave_out: tuple[str, ...] = ("deep", "robustness")) -> tuple[str, ...]:
    """The test modules of *folder*, less the slow ones at 10,000 levels (each behaviour they
    test at depth is tested shallow elsewhere)."""
    return tuple(sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).glob("test_*.py")
                        if not any(w in p.name for w in leave_out)))


VECTORS = ("tests/test_vectors.py",)
NOT_FUNCTION_VECTORS = ("-k", "not functions")
"""(go-cty's function vectors are a fifth of the lines, and these mutants are not in a
function)"""
CORE = (*_files("tests/core"), *VECTORS, *NOT_FUNCTION_VECTORS)
CONVERT = ("tests/convert", *VECTORS, *NOT_FUNCTION_VECTORS)
ENCODING = (*_files("tests/encoding", leave_out=("deep",)), *VECTORS, *NOT_FUNCTION_VECTORS)
FUNCTION = ("tests/function/test_function.py", "tests/function/test_string.py",
            "tests/function/test_go_ports.py", *VECTORS, "-k", "functions or not test_vector")

MUTANTS: list[Mutant] = [
    Mutant("and_: a known false beside an unknown no longer wins",
           "cty/_value_arith.py", "if self._v is False or other._v is False:",
           "if self._v is False:",
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
           "return p if _INT64_MIN <= p <= _INT64_MAX else _number.whole_number_text(p)",
           "return p", ENCODING),
    Mutant("JSON forgets Go's HTML escapes",
           "encoding/_json_type.py", "    for raw, esc in _HTML:\n", "    for raw, esc in ():\n",
           ENCODING),
    Mutant("gob accepts a frame whose checksum is wrong",
           "encoding/_gob_frame.py", "        if _crc32(body, _crc32(head, seed)) != crc:",
           "        if False:", ENCODING),
    Mutant("type JSON lists optional attributes unsorted",
           "cty/_type_json.py", "for k in sorted(optional)])", "for k in optional])",
           (*_files("tests/core"), "tests/encoding/test_json.py", *VECTORS)),
    Mutant("decoding failures are not remembered (retries redo the failing subtree)",
           "encoding/_failure_memo.py",
           "            _failed[(_get_ident(), id(remembering), id(x))] = (x, e, e.message, "
           "len(e.steps))\n", "",
           ("tests/encoding/test_deep_decoding.py", *ENCODING)),  # (only time shows it)
    Mutant("an unknown's repr drops its upper length bound",
           "cty/_value_repr.py",
           "            py += f\".collection_length_upper_bound({r.length_max})\"",
           "            pass", CORE),
    Mutant("strings are not NFC-normalised",
           "cty/_strings.py", "    if s.isascii():", "    if True:", CORE),
    # --- core ---
    Mutant("v[name] on an object gives None",
           "cty/_value_ops.py", "        return get_attr(self, key)\n    if isinstance(key, bool):",
           "        return None\n    if isinstance(key, bool):", _files("tests/core")),
    Mutant("`in` on a map does not normalise the key",
           "cty/_value_ops.py", "        return normalize_string(item) in p",
           "        return item in p", _files("tests/core")),
    Mutant("less_than is less-or-equal",
           "cty/_value_arith.py", "lambda c: c < 0, False)", "lambda c: c <= 0, False)", CORE),
    Mutant("unmark_deep forgets the marks of the top value",
           "cty/_marks_deep.py", "    found: set[Any] = set(self._marks)",
           "    found: set[Any] = set()", CORE),
    Mutant("from_python takes True as the number 1",
           "cty/_from_python.py",
           "        if isinstance(x, bool):\n            raise _required(\"a number\", x)\n",
           "", _files("tests/core")),
    Mutant("attribute steps on a null value pass",
           "cty/_path.py",
           "            raise CtyValueError(\"cannot access attributes on a null value\")",
           "            return v", _files("tests/core")),
    # --- convert ---
    Mutant("string to bool accepts \"True\"",
           "convert/_conversion_primitive.py", '    if lower in ("true", "false"):',
           '    if lower in ("true", "false"):\n        return lower == "true"', CONVERT),
    Mutant("string to bool forgets \"1\"",
           "convert/_conversion_primitive.py",
           '_BOOL_TEXT = {"true": True, "1": True, "false": False, "0": False}',
           '_BOOL_TEXT = {"true": True, "false": False, "0": False}', CONVERT),
    Mutant("unify prefers the last type of equal standing",
           "convert/_sort_types.py", "    queue = deque(i for i in range(n) if in_degree[i] == 0)",
           "    queue = deque(i for i in reversed(range(n)) if in_degree[i] == 0)", CONVERT),
    Mutant("unify of maps and objects never tries a map",
           "convert/_unify.py", "        if r is not None and r[0].is_map_type():",
           "        if False:", CONVERT),
    # --- encoding ---
    Mutant("msgpack writes int64's minimum as text",
           "encoding/_msgpack_encode.py", "return p if _INT64_MIN <= p <= _INT64_MAX else",
           "return p if _INT64_MIN < p <= _INT64_MAX else", ENCODING),
    Mutant("msgpack lets a NaN through",
           "encoding/_msgpack_decode.py", "        if math.isnan(x):", "        if False:",
           ENCODING),
    Mutant("msgpack keeps the last of repeated keys unchecked",
           "encoding/_msgpack_decode.py", "    for k, v in x.shadowed:\n        try:",
           "    for k, v in ():\n        try:", ENCODING),
    Mutant("JSON objects may repeat a property",
           "encoding/_json_decode.py",
           "                raise Fail(f\"duplicate {_quote(k)} property in JSON object\")",
           "                pass", ENCODING),
    Mutant("a gob stream's end frame count is not checked",
           "encoding/gob.py", "            if info.frames != came:", "            if False:",
           ENCODING),
    Mutant("a gob end frame may carry a block number without the last flag",
           "encoding/_gob_frame.py",
           "and _count(info[1]) and info[2].__class__ is bool:", "and _count(info[1]):",
           ENCODING),
    Mutant("the gob mark-set cache never hits",
           "encoding/_gob_scalar.py", "    if hit is not None and hit[0] is marks:",
           "    if hit is not None and hit[1] is marks:", ("tests/encoding/test_gob.py",)),
    # --- functions ---
    Mutant("range counts down only from one argument",
           "cty/function/stdlib/_sequence.py",
           "        step = minus_one if end.less_than(start).true() else one", "        step = one",
           FUNCTION),
    Mutant("substr ignores its length",
           "cty/function/stdlib/_string.py", "        parts = parts[:length]", "        pass",
           FUNCTION),
    Mutant("element does not wrap around",
           "cty/function/stdlib/_collection.py",
           "    return coll.index(number_int_val(i % n)).with_marks(marks)",
           "    return coll.index(number_int_val(i)).with_marks(marks)", FUNCTION),
    Mutant("keys of a map loses the map's marks",
           "cty/function/stdlib/_mapping.py",
           "    return make(_LIST_OF_STRING, tuple(names)).with_marks(marks)",
           "    return make(_LIST_OF_STRING, tuple(names))", FUNCTION),
    Mutant("lookup drops the key's marks",
           "cty/function/stdlib/_mapping.py",
           "            return m.get_attr(key).with_marks(map_marks, key_marks)",
           "            return m.get_attr(key).with_marks(map_marks)", FUNCTION),
    Mutant("coalesce skips unknowns",
           "cty/function/stdlib/_general.py",
           "        if not a.is_known():\n            return unknown_val(ty)\n        if a.is_null",
           "        if a.is_null", FUNCTION),
    Mutant("chunklist of size 0 gives no chunks",
           "cty/function/stdlib/_collection.py",
           "        return list_val([coll]).with_marks(coll_marks, size_marks)",
           "        return list_val_empty(coll.type()).with_marks(coll_marks, size_marks)",
           FUNCTION),
    Mutant("join accepts a null element",
           "cty/function/stdlib/_string.py", "        if None in elements:", "        if False:",
           FUNCTION),
    Mutant("signum of zero is 1",
           "cty/function/stdlib/_math.py",
           "    return number_int_val(-1 if n < 0 else 1 if n > 0 else 0)",
           "    return number_int_val(-1 if n < 0 else 1)", FUNCTION),
    Mutant("a format width pads on the wrong side",
           "cty/function/stdlib/_format.py",
           "    pads = (\"0\" if verb.zero else \" \") * (verb.width - have)",
           "    pads = \"\"", FUNCTION),
    # rules go-cty states (value_ops.go), edited as a reviewer would: not only our own code
    Mutant("a set's length is known when its unknowns are only deep inside its elements",
           "cty/_value_ops.py",
           "        if n > 1 and (p.has_unknown() or not self.is_wholly_known()):",
           "        if n > 1 and p.has_unknown():", CORE),
    Mutant("a set with unknowns may have no elements once they are known",
           "cty/_value_ops.py", "            return _length_between(1, n)",
           "            return _length_between(0, n)", CORE),
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
        # (-n0: in this process; many small runs would pay for starting workers each)
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-n0", "-p",
                               "no:cacheprovider", *m.tests], cwd=ROOT, capture_output=True,
                              timeout=900, check=False)
        killed = done.returncode != 0
    except subprocess.TimeoutExpired:
        killed = True  # a hang is noticed too
    finally:
        path.write_text(original)
    return killed, time.monotonic() - start


def unapplicable() -> list[str]:
    """Return what is wrong with the list: a mutant whose text is not found exactly once."""
    wrong = []
    for i, m in enumerate(MUTANTS, 1):
        n = (ROOT / m.path).read_text().count(m.old)
        if n != 1:
            wrong.append(f"mutant {i} ({m.what}): its text is found {n} times in {m.path}")
    return wrong


def main(argv: list[str]) -> int:
    # killed from outside, restore the mutated file first (run's finally block)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
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
