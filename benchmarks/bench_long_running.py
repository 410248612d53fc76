"""A service that runs for weeks: JSON objects of ever new shapes through the library, and
what the process keeps of them.

    python benchmarks/bench_long_running.py [--shapes 1000000] [--every 100000]

Each iteration reads a JSON object with fresh attribute names (4 of them: a string, a number,
a bool, a list of strings), takes its ``implied_type``, ``unmarshal``s it, ``convert``s it to
a fresh object type (the same names, the number as a string), and writes it with msgpack
``marshal``; every 1,000th iteration also ``to_python``s it into a fresh dataclass. The
resident memory is sampled every *every* iterations (after ``gc.collect()``), with the time
per shape: a service needs both flat.

Results: benchmarks/results/bench_long_running.txt.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import resource
import time

import msgspec

import cty
from cty.encoding import json as cty_json
from cty.encoding import msgpack


def rss_mb() -> float:
    """The process's resident memory now, in MB (from /proc; the peak elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * resource.getpagesize() / 1e6
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def one_shape(i: int) -> None:
    """One iteration: a JSON object of a shape never seen before, through the library."""
    names = [f"a{i}_name", f"a{i}_size", f"a{i}_on", f"a{i}_tags"]
    data = msgspec.json.encode({names[0]: "x", names[1]: i, names[2]: True,
                                names[3]: ["p", "q"]})
    ty = cty_json.implied_type(data)
    value = cty_json.unmarshal(data, ty)
    target = cty.Object({names[0]: cty.String, names[1]: cty.String, names[2]: cty.Bool,
                         names[3]: cty.List(cty.String)})
    converted = cty.convert.convert(value, target)
    msgpack.marshal(converted, target)
    if i % 1000 == 0:
        cls = dataclasses.make_dataclass(f"Shape{i}", [(n, object) for n in names])
        cty.to_python(converted, cls)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", type=int, default=1_000_000)
    ap.add_argument("--every", type=int, default=100_000)
    args = ap.parse_args()
    gc.collect()
    start = rss_mb()
    print(f"{'shapes':>10} {'RSS MB':>8} {'growth MB':>10} {'ms/shape':>9}")
    print(f"{0:>10,} {start:8.1f} {0:10.1f}")
    first = None
    t = time.process_time()
    for i in range(1, args.shapes + 1):
        one_shape(i)
        if i % args.every == 0:
            elapsed = time.process_time() - t
            gc.collect()
            now = rss_mb()
            if first is None:
                first = now
            print(f"{i:>10,} {now:8.1f} {now - start:10.1f} {elapsed / args.every * 1e3:9.3f}",
                  flush=True)
            t = time.process_time()
    if first is not None:
        print(f"growth after the first sample: {rss_mb() - first:.1f} MB")


if __name__ == "__main__":
    main()
