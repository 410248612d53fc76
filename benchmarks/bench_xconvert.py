"""Benchmark cty.ext.xtypes.xconvert against core convert to the lowered type.

Records are resource objects (a name, a replica count, ports, labels, an image); the
schemas say the same in extended types:

* plain: ``object({name=string, replicas=int, ports=list(int),
  labels=optional(map(string)), image=string})``: no unions, so xconvert's extra checks
  (no null where the type has no ``?``, whole numbers for int) are all it adds;
* union: the same with ``image = string | list(string)`` and ``debug = bool | number``:
  a union is a choice, made value by value.

Each is timed two ways: 10,000 records one xconvert call each (how a validator uses it),
and one list of 10,000 records in a single call (there every record makes the same union
choices, since a list's elements share one type). The baseline is core ``convert`` of the
same values to ``lower(schema)``, which works on payloads.

Run: ``python benchmarks/bench_xconvert.py`` (add ``--quick`` for fewer repetitions).
"""

from __future__ import annotations

import platform
import sys
import timeit
from collections.abc import Callable

import cty
from cty.convert import convert
from cty.ext.xtypes import XType, list_, lower, parse_xtype, xconvert

PLAIN = parse_xtype("""object({
  name = string, replicas = int, ports = list(int), labels = optional(map(string)),
  image = string,
})""")
UNION = parse_xtype("""object({
  name = string, replicas = int, ports = list(int), labels = optional(map(string)),
  image = string | list(string), debug = bool | number,
})""")


def records(n: int, union: bool, mixed: bool = True) -> list[cty.Value]:
    """Return *n* records that meet the schema (ports given as strings now and then; with
    *mixed*, images given as lists and debug flags as numbers now and then)."""
    out = []
    for i in range(n):
        attrs = {
            "name": cty.string_val(f"svc-{i}"),
            "replicas": cty.number_int_val(1 + i % 5),
            "ports": cty.tuple_val([cty.string_val("8080") if i % 3 == 0 else
                                    cty.number_int_val(8000 + i % 100),
                                    cty.number_int_val(443)]),
            "image": cty.string_val(f"registry/app:{i % 10}"),
        }
        if i % 4:
            attrs["labels"] = cty.object_val({"env": cty.string_val("prod"),
                                              "team": cty.string_val(f"t{i % 7}")})
        if union:
            if mixed and i % 2:
                attrs["image"] = cty.tuple_val([cty.string_val("app"), cty.string_val("v1")])
            attrs["debug"] = cty.number_int_val(i % 2) if mixed and i % 3 == 0 else \
                cty.bool_val(i % 2 == 0)
        out.append(cty.object_val(attrs))
    return out


def best(fn: Callable[[], object], repeat: int) -> float:
    """Return the best time of *fn* over *repeat* runs of timeit's autorange."""
    t = timeit.Timer(fn)
    n, _ = t.autorange()
    return min(t.repeat(repeat, n)) / n


def main() -> None:
    repeat = 3 if "--quick" in sys.argv else 5
    print(f"cty.ext.xtypes.xconvert benchmark; Python {platform.python_version()} on "
          f"{platform.machine()}")
    print(f"times are the best of {repeat} runs; ratios are xconvert / core convert to "
          "the lowered type\n")
    print(f"{'10,000 records':<36}{'xconvert':>11}{'convert':>11}{'ratio':>8}{'per rec':>10}")
    for name, schema, union in (("plain", PLAIN, False), ("union", UNION, True)):
        for how, tx, tc in _timings(schema, union, repeat):
            print(f"{name + ', ' + how:<36}{tx * 1e3:>9.1f}ms{tc * 1e3:>9.1f}ms"
                  f"{tx / tc:>7.1f}x{tx / 10_000 * 1e6:>8.1f}us")


def _timings(schema: XType, union: bool, repeat: int) -> list[tuple[str, float, float]]:
    """(how, xconvert time, convert time) of 10,000 records, one call each and as a list."""
    recs = records(10_000, union)
    low = lower(schema)
    whole = cty.tuple_val(records(10_000, union, mixed=False))
    whole_schema: XType = list_(schema)
    whole_low = lower(whole_schema)
    for r in recs[:50]:  # the results conform (and, without unions, agree)
        got = xconvert(r, schema)
        assert not got.type().test_conformance(low)
        assert union or got == convert(r, low)
    return [
        ("one call each", best(lambda: [xconvert(r, schema) for r in recs], repeat),
         best(lambda: [convert(r, low) for r in recs], repeat)),
        ("one list", best(lambda: xconvert(whole, whole_schema), repeat),
         best(lambda: convert(whole, whole_low), repeat)),
    ]


if __name__ == "__main__":
    main()
