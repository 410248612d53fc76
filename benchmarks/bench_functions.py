"""The standard library's functions against plain Python doing the same work, and a call's fixed
overhead.

Workloads over 10,000-element inputs, each against its plain-Python (or msgspec, re2)
equivalent run in the same process on the same data:

    format_list  "%s=%d" over a list of 10,000 strings and one of 10,000 numbers
                 vs "{}={}".format(s, n) for each pair (str.format)
    join         ", " over a list of 10,000 strings            vs ", ".join(strings)
    merge        two maps of 10,000 strings (half the keys shared) vs {**a, **b}
    json_encode  a list of 10,000 objects of 3 attributes      vs msgspec.json.encode(dicts)
    regex_replace  r"(\\w+)@(\\w+)" -> "$2 at $1" over 10,000 addresses in one string
                 vs re2.sub (with \\2 at \\1)

Then the fixed cost of one call of upper (one string argument; argument checks, marks and
unknowns, result refinement), the cost of its implementation alone (the Go case mapping and the
string value it returns), and the difference: the overhead the function system adds.

Each time is the best of 7 repetitions (5 for the 10,000-element workloads) of timeit's
autorange. Run: python benchmarks/bench_functions.py
"""

from __future__ import annotations

import platform
import timeit
from collections.abc import Callable

import msgspec
import re2

import cty
from cty.function import stdlib
from cty.function.stdlib._go_unicode import go_upper

N = 10_000


def _best(fn: Callable[[], object], repeat: int) -> float:
    timer = timeit.Timer(fn)
    n, _ = timer.autorange()
    return min(timer.repeat(repeat, n)) / n


def workloads() -> dict[str, tuple[Callable[[], object], Callable[[], object]]]:
    """Return each workload as (ours, plain Python), by name."""
    words = [f"item{i}" for i in range(N)]
    numbers = list(range(N))
    words_v = cty.list_val([cty.string_val(w) for w in words])
    numbers_v = cty.list_val([cty.number_int_val(n) for n in numbers])
    fmt = cty.string_val("%s=%d")

    a = {f"k{i}": f"a{i}" for i in range(N)}
    b = {f"k{i + N // 2}": f"b{i}" for i in range(N)}
    a_v = cty.map_val({k: cty.string_val(v) for k, v in a.items()})
    b_v = cty.map_val({k: cty.string_val(v) for k, v in b.items()})

    rows = [{"name": f"r{i}", "size": i, "on": i % 2 == 0} for i in range(N)]
    rows_v = cty.list_val([cty.object_val({"name": cty.string_val(r["name"]),  # type: ignore[arg-type]
                                           "size": cty.number_int_val(r["size"]),  # type: ignore[arg-type]
                                           "on": cty.bool_val(r["on"])}) for r in rows])  # type: ignore[arg-type]

    text = " ".join(f"user{i}@host{i % 97}" for i in range(N))
    text_v = cty.string_val(text)
    pattern = r"(\w+)@(\w+)"
    compiled = re2.compile(pattern)
    sep = cty.string_val(", ")

    pairs = list(zip(words, numbers, strict=True))
    return {
        "format_list": (lambda: stdlib.format_list(fmt, words_v, numbers_v),
                        lambda: ["{}={}".format(*p) for p in pairs]),
        "join": (lambda: stdlib.join(sep, words_v), lambda: ", ".join(words)),
        "merge": (lambda: stdlib.merge(a_v, b_v), lambda: {**a, **b}),
        "json_encode": (lambda: stdlib.json_encode(rows_v), lambda: msgspec.json.encode(rows)),
        "regex_replace": (lambda: stdlib.regex_replace(text_v, cty.string_val(pattern),
                                                       cty.string_val("$2 at $1")),
                          lambda: compiled.sub(r"\2 at \1", text)),
    }


def main() -> None:
    """Print each workload's time against plain Python's, and the per-call overhead."""
    print(f"# {cty.__file__}; Python {platform.python_version()} on {platform.machine()}")
    print(f"{'workload':16s} {'ours ms':>9s} {'plain ms':>9s} {'ratio':>7s}")
    for name, (ours, plain) in workloads().items():
        t_ours, t_plain = _best(ours, 5), _best(plain, 5)
        print(f"{name:16s} {t_ours * 1e3:9.2f} {t_plain * 1e3:9.2f} {t_ours / t_plain:6.1f}x")
    s = cty.string_val("hello")
    call = _best(lambda: stdlib.upper(s), 7)
    impl = _best(lambda: cty.string_val(go_upper(s.as_string())), 7)
    print(f"upper(s), one call:            {call * 1e6:6.2f} us")
    print(f"its implementation alone:      {impl * 1e6:6.2f} us")
    print(f"fixed overhead of a call:      {(call - impl) * 1e6:6.2f} us")


if __name__ == "__main__":
    main()
