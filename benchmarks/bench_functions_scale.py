"""How go-cty's stdlib functions grow with their input: each function that takes a collection
or a string, at 1,000, 10,000 and 100,000 elements (strings of 10,000, 100,000 and 1,000,000
characters).

    python benchmarks/bench_functions_scale.py [--sizes 1000,10000,100000] [--only NAME,...]

Prints a Markdown table (docs/performance.md, "Functions on large input"): the best of three
calls at each size and the growth from the middle size to the largest, which is about 10 for a
linear function, 13 for n log n, and 100 for a quadratic one. A function whose call at one size
takes over 10 s is not run at the next.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import cty
from cty.function import stdlib as S

Args = Callable[[int], list[cty.Value]]


def nums(n: int) -> cty.Value:
    return cty.list_val([cty.number_int_val(i) for i in range(n)])


def strs(n: int) -> cty.Value:
    return cty.list_val([cty.string_val(f"s{i:07d}") for i in range(n)])


def strset(n: int, start: int = 0) -> cty.Value:
    return cty.set_val([cty.string_val(f"s{i:07d}") for i in range(start, start + n)])


def strmap(n: int, start: int = 0) -> cty.Value:
    return cty.map_val({f"k{i:07d}": cty.string_val(f"v{i}") for i in range(start, start + n)})


def text(n: int) -> cty.Value:
    return cty.string_val("abc, defg\n" * n)  # 10 characters per element


def s(x: str) -> cty.Value:
    return cty.string_val(x)


def i(x: int) -> cty.Value:
    return cty.number_int_val(x)


CASES: list[tuple[str, Args]] = [
    # collections
    ("chunklist", lambda n: [nums(n), i(10)]),
    ("compact", lambda n: [cty.list_val([s("") if k % 3 == 0 else s("x") for k in range(n)])]),
    ("concat", lambda n: [nums(n), nums(n)]),
    ("contains", lambda n: [nums(n), i(n - 1)]),
    ("distinct", lambda n: [cty.list_val([i(k % (n // 2)) for k in range(n)])]),
    ("element", lambda n: [nums(n), i(n // 2)]),
    ("flatten", lambda n: [cty.list_val([cty.list_val([i(k), i(k)]) for k in range(n // 2)])]),
    ("format_list", lambda n: [s("%s=%d"), strs(n), nums(n)]),
    ("has_index", lambda n: [nums(n), i(n - 1)]),
    ("index", lambda n: [strmap(n), s(f"k{n - 1:07d}")]),
    ("join", lambda n: [s(","), strs(n)]),
    ("keys", lambda n: [strmap(n)]),
    ("length", lambda n: [nums(n)]),
    ("lookup", lambda n: [strmap(n), s("k0000001"), s("none")]),
    ("max_", lambda n: [i(k) for k in range(n)]),
    ("merge", lambda n: [strmap(n), strmap(n, n // 2)]),
    ("min_", lambda n: [i(k) for k in range(n)]),
    ("reverse_list", lambda n: [nums(n)]),
    ("set_has_element", lambda n: [strset(n), s(f"s{n - 1:07d}")]),
    ("set_intersection", lambda n: [strset(n), strset(n, n // 2)]),
    ("set_product", lambda n: [strset(n), strset(2)]),
    ("set_subtract", lambda n: [strset(n), strset(n, n // 2)]),
    ("set_symmetric_difference", lambda n: [strset(n), strset(n, n // 2)]),
    ("set_union", lambda n: [strset(n), strset(n, n // 2)]),
    ("slice_", lambda n: [nums(n), i(n // 4), i(3 * n // 4)]),
    ("sort", lambda n: [cty.list_val([s(f"s{(k * 7919) % n:07d}") for k in range(n)])]),
    ("to_list", lambda n: [strset(n)]),
    ("to_map", lambda n: [strmap(n)]),
    ("to_set", lambda n: [strs(n)]),
    ("values", lambda n: [strmap(n)]),
    ("zipmap", lambda n: [strs(n), nums(n)]),
    ("coalesce_list", lambda n: [cty.list_val_empty(cty.Number), nums(n)]),
    ("json_encode", lambda n: [strmap(n)]),
    ("json_decode", lambda n: [s("[" + ",".join(str(k) for k in range(n)) + "]")]),
    ("csv_decode", lambda n: [s("a,b\n" + "".join(f"{k},x{k}\n" for k in range(n)))]),
    # strings (10 characters per element)
    ("chomp", lambda n: [text(n)]),
    ("format_", lambda n: [s("%s!"), text(n)]),
    ("indent", lambda n: [i(4), text(n)]),
    ("lower", lambda n: [text(n)]),
    ("upper", lambda n: [text(n)]),
    ("title", lambda n: [text(n)]),
    ("parse_int", lambda n: [s("f" * (n // 10 + 1)), i(16)]),
    ("regex", lambda n: [s("g\n$"), text(n)]),  # (found at the end only)
    ("regex_all", lambda n: [s("[a-z]+"), text(n)]),
    ("regex_replace", lambda n: [text(n), s("[a-z]+"), s("<$0>")]),
    ("replace", lambda n: [text(n), s("de"), s("ED")]),
    ("reverse", lambda n: [text(n)]),
    ("split", lambda n: [s(","), text(n)]),
    ("strlen", lambda n: [text(n)]),
    ("substr", lambda n: [text(n), i(n), i(n * 5)]),
    ("trim", lambda n: [text(n), s("abc")]),
    ("trim_prefix", lambda n: [text(n), s("abc")]),
    ("trim_space", lambda n: [text(n)]),
    ("trim_suffix", lambda n: [text(n), s("\n")]),
]


def best_of_three(fn: Callable[..., Any], args: list[cty.Value]) -> float:
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--only", default="")
    opts = parser.parse_args()
    sizes = [int(x) for x in opts.sizes.split(",")]
    only = set(filter(None, opts.only.split(",")))
    print("| function | " + " | ".join(f"{n:,}" for n in sizes) + " | growth |")
    print("| --- | " + " | ".join("---:" for _ in sizes) + " | ---: |")
    for name, make in CASES:
        if only and name not in only:
            continue
        fn = getattr(S, name)
        times: list[float] = []
        for n in sizes:
            if times and times[-1] > 10:
                break
            times.append(best_of_three(fn, make(n)))
        cells = [f"{t * 1e3:.2f} ms" for t in times] + ["-"] * (len(sizes) - len(times))
        growth = (f"{times[-1] / times[-2]:.1f}" if len(times) == len(sizes) and times[-2] > 0
                  else "-")
        print(f"| `{name.rstrip('_')}` | " + " | ".join(cells) + f" | {growth} |", flush=True)


if __name__ == "__main__":
    main()
