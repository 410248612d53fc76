"""Per-operation costs on small values: the fixed overhead each call pays before any real work.

The 10,000-row benchmarks (bench_core, bench_convert, bench_encoding) measure throughput; this
one measures what a single call costs on a tiny value, where a change to a hot path (a context
lookup per number operation, a wrapper around each container decoder, one more call on the way
into convert()) shows first. To compare two versions, install each into its own folder and run
this script against both, alternately:

    pip install --no-deps --target /tmp/old <old checkout>
    PYTHONPATH=/tmp/old python benchmarks/bench_ops.py

Each time is the best of 7 repetitions of timeit's autorange, in nanoseconds per call.
"""

from __future__ import annotations

import platform
import timeit
from collections.abc import Callable

import cty
from cty import convert
from cty.encoding import json, msgpack


def cases() -> dict[str, Callable[[], object]]:
    """Return the operations to time, by name."""
    a, b = cty.number_int_val(12345), cty.parse_number_val("1.5")
    obj = cty.object_val({"a": cty.string_val("1"), "b": cty.list_val([cty.number_int_val(1)])})
    target = cty.Object({"a": cty.Number, "b": cty.List(cty.String)})
    packed = msgpack.marshal(obj, obj.type())
    text = json.marshal(obj, obj.type())
    return {
        "number add": lambda: a.add(b),
        "number multiply": lambda: a.multiply(b),
        "number less_than": lambda: a.less_than(b),
        "equals (numbers)": lambda: a.equals(b),
        "== and hash": lambda: (a == b, hash(a)),
        "convert a small object": lambda: convert.convert(obj, target),
        "msgpack unmarshal it": lambda: msgpack.unmarshal(packed, obj.type()),
        "json unmarshal it": lambda: json.unmarshal(text, obj.type()),
        "repr of it": lambda: repr(obj),
    }


def main() -> None:
    """Print the time of each case."""
    print(f"# {cty.__file__}; Python {platform.python_version()} on {platform.machine()}")
    for name, fn in cases().items():
        timer = timeit.Timer(fn)
        n, _ = timer.autorange()
        print(f"{name:28s} {min(timer.repeat(7, n)) / n * 1e9:9.0f} ns")


if __name__ == "__main__":
    main()
