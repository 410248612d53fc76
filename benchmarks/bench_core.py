"""Building values through the public constructors, against the same data as plain Python.

Prints each time and the ratio ours/plain. Run: python3 benchmarks/bench_core.py
"""

from __future__ import annotations

import platform
import sys
import timeit
from collections.abc import Callable

import cty


def best(fn: Callable[[], object], repeat: int = 5) -> float:
    t = timeit.Timer(fn)
    n, _ = t.autorange()
    return min(t.repeat(repeat, n)) / n


def resources_plain(n: int) -> list[dict[str, object]]:
    return [
        {
            "id": f"i-{i:08x}",
            "name": f"web-{i}",
            "port": 8000 + i % 1000,
            "enabled": i % 3 != 0,
            "tags": {"env": "prod", "team": f"t{i % 7}"},
            "cidrs": {f"10.{i % 256}.0.0/16", f"10.{(i + 1) % 256}.0.0/16"},
        }
        for i in range(n)
    ]


def resources_cty(n: int) -> cty.Value:
    sv = cty.string_val
    return cty.list_val([
        cty.object_val({
            "id": sv(f"i-{i:08x}"),
            "name": sv(f"web-{i}"),
            "port": cty.number_int_val(8000 + i % 1000),
            "enabled": cty.bool_val(i % 3 != 0),
            "tags": cty.map_val({"env": sv("prod"), "team": sv(f"t{i % 7}")}),
            "cidrs": cty.set_val([sv(f"10.{i % 256}.0.0/16"), sv(f"10.{(i + 1) % 256}.0.0/16")]),
        })
        for i in range(n)
    ])


def strings_plain(n: int) -> set[str]:
    return {f"s{i}" for i in range(n)}


def strings_cty(n: int) -> cty.Value:
    sv = cty.string_val
    return cty.set_val([sv(f"s{i}") for i in range(n)])


def main() -> None:
    print(f"# {platform.python_implementation()} {sys.version.split()[0]} on {platform.machine()}")
    print(f"{'workload':42} {'plain':>10} {'cty':>10} {'ratio':>7}")
    rows = [
        ("list of 10,000 resource objects", lambda: resources_plain(10_000),
         lambda: resources_cty(10_000)),
        ("set of 100,000 strings", lambda: strings_plain(100_000),
         lambda: strings_cty(100_000)),
    ]
    for name, plain, ours in rows:
        b = best(plain)
        o = best(ours)
        print(f"{name:42} {b * 1e3:8.2f}ms {o * 1e3:8.2f}ms x{o / b:6.2f}")


if __name__ == "__main__":
    main()
