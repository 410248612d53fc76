"""Benchmark cty.convert: a tuple of objects whose attributes differ slightly, converted to a
list of objects with optional attributes.

Each row is an object with a name and a port; some ports are given as strings ("8080"), and
the optional attributes (enabled, tags, weight) are each missing from some rows, so the tuple's
element types come in a handful of variants. The target is
``list(object({name=string, port=number, enabled=optional(bool), tags=optional(list(string)),
weight=optional(number)}))``. Converting it parses the string ports, fills the missing
attributes with nulls, turns the tags tuples into lists, and unifies the element types.

* cold: the first conversion of a tuple type (planning, unification, then the walk), with
  every cache cleared; timed at 1,000, 10,000 and 100,000 rows to show it grows linearly;
* warm: converting a second value of the same type (the plan is cached);
* baseline: a plain Python copy of the same data as dicts and lists (str ports made int).

Run: ``python benchmarks/bench_convert.py`` (add ``--quick`` for fewer repetitions).
"""

from __future__ import annotations

import platform
import sys
import time
import timeit
from collections.abc import Callable
from typing import Any

import cty
from cty.convert import convert, get_conversion_unsafe, unify

TARGET = cty.List(cty.ObjectWithOptionalAttrs({
    "name": cty.String,
    "port": cty.Number,
    "enabled": cty.Bool,
    "tags": cty.List(cty.String),
    "weight": cty.Number,
}, ["enabled", "tags", "weight"]))


def make_rows(n: int, salt: int = 0) -> list[dict[str, Any]]:
    """Return *n* rows of plain Python data, varying as described above."""
    rows = []
    for i in range(n):
        row: dict[str, Any] = {"name": f"svc-{i + salt}"}
        row["port"] = str(8000 + i % 100) if i % 3 == 0 else 8000 + i % 100
        if i % 4 != 1:
            row["enabled"] = i % 2 == 0
        if i % 5 != 2:
            row["tags"] = [f"t{i % 7}", "web"]
        if i % 7 != 3:
            row["weight"] = i % 10
        rows.append(row)
    return rows


def to_value(rows: list[dict[str, Any]]) -> cty.Value:
    """Return the rows as a cty tuple of objects."""
    def attr(v: Any) -> cty.Value:
        if isinstance(v, bool):
            return cty.bool_val(v)
        if isinstance(v, int):
            return cty.number_int_val(v)
        if isinstance(v, str):
            return cty.string_val(v)
        return cty.tuple_val([cty.string_val(s) for s in v])

    return cty.tuple_val([cty.object_val({k: attr(v) for k, v in row.items()})
                          for row in rows])


OPTIONAL = ("enabled", "tags", "weight")


def plain_copy(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The baseline: the same rows copied as plain Python data (ports made int, missing
    optional attributes filled with None, tag lists copied)."""
    out = []
    for row in rows:
        port = row["port"]
        tags = row.get("tags")
        out.append({
            "enabled": row.get("enabled"),
            "name": row["name"],
            "port": int(port) if isinstance(port, str) else port,
            "tags": None if tags is None else list(tags),
            "weight": row.get("weight"),
        })
    return out


def clear_caches() -> None:
    """Forget every plan and unification, so the next conversion is cold."""
    cty.clear_caches()


def best(fn: Callable[[], object], repeat: int) -> float:
    """Return the best time of *fn* over *repeat* runs of timeit's autorange."""
    t = timeit.Timer(fn)
    n, _ = t.autorange()
    return min(t.repeat(repeat, n)) / n


def cold(value: cty.Value, repeat: int) -> float:
    """Return the best time of a conversion from cleared caches."""
    times = []
    for _ in range(repeat):
        clear_caches()
        start = time.perf_counter()
        convert(value, TARGET)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    quick = "--quick" in sys.argv
    repeat = 3 if quick else 5
    print(f"cty.convert benchmark; Python {platform.python_version()} on "
          f"{platform.machine()} ({platform.platform()})")
    print("times are the best of", repeat, "runs; ratios are ours / the plain Python copy\n")

    rows = make_rows(10_000)
    value = to_value(rows)
    other = to_value(make_rows(10_000, salt=1))  # same type, different values
    assert other.type() is value.type()
    got = convert(value, TARGET)
    assert got.length_int() == 10_000
    assert got.index(cty.number_int_val(0)).get_attr("port") == cty.number_int_val(8000)

    base = best(lambda: plain_copy(rows), repeat)
    warm = best(lambda: convert(other, TARGET), repeat)
    elem_types = list(value.type().tuple_element_types())

    def unify_cold() -> None:
        clear_caches()
        unify(elem_types)

    unify_time = best(unify_cold, repeat)
    cold_time = cold(value, repeat)
    conv = get_conversion_unsafe(value.type(), TARGET)
    assert conv is not None
    print(f"{'10,000 rows':<34}{'time':>10}{'ratio':>9}")
    print(f"{'plain Python copy (baseline)':<34}{base * 1e3:>8.2f}ms{1:>8.2f}x")
    print(f"{'convert, warm (plan cached)':<34}{warm * 1e3:>8.2f}ms{warm / base:>8.2f}x")
    print(f"{'convert, cold (plan + unify + run)':<34}{cold_time * 1e3:>8.2f}ms"
          f"{cold_time / base:>8.2f}x")
    print(f"{'unify(10,000 element types), cold':<34}{unify_time * 1e3:>8.2f}ms"
          f"{unify_time / base:>8.2f}x")
    distinct = len(set(elem_types))
    print(f"\n({distinct} distinct element types among the 10,000)\n")

    print(f"{'cold growth':<12}{'rows':>9}{'cold':>11}{'per row':>11}{'baseline':>11}"
          f"{'ratio':>8}")
    first_per_row = None
    for n in (1_000, 10_000, 100_000):
        r = make_rows(n)
        v = to_value(r)
        reps = 3 if n < 100_000 else (1 if quick else 3)
        c = cold(v, reps)
        b = best(lambda r=r: plain_copy(r), reps)  # type: ignore[misc]
        per_row = c / n
        first_per_row = first_per_row or per_row
        print(f"{'':<12}{n:>9,}{c * 1e3:>9.1f}ms{per_row * 1e6:>9.2f}us{b * 1e3:>9.1f}ms"
              f"{c / b:>7.2f}x")
    print("\n(linear growth: the time per row stays about the same from 1,000 to 100,000 rows)")


if __name__ == "__main__":
    main()
