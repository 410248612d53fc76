"""Benchmark cty.from_python and cty.to_python against msgspec.convert and a deep copy.

The data: the 10,000 Terraform-resource-like objects of bench_encoding.py as plain Python
data a program would hold (dicts, str, int, float, bool; a dict of tags; the zones as a Python
set). In one run:

* from_python(data, TYPE) against msgspec.convert(data, list[Resource]) (Resource: the
  equivalent msgspec Struct, zones a set[str]) and against copy.deepcopy(data);
* to_python(value) against msgspec.to_builtins of the Structs (to plain data), and
  to_python(value, list[Resource]) against msgspec.convert again (to Structs).

    python benchmarks/bench_python.py [--n 10000] [--repeat 15]

Each time is the best over the repetitions (seconds per call, timeit's autorange, garbage
collection off as timeit has it); the ratio is the median over back-to-back pairs of runs of
ours against the baseline's (see bench_encoding.py).
"""

from __future__ import annotations

import argparse
import copy
import platform
import sys
from pathlib import Path
from typing import Any

import msgspec

import cty

sys.path.insert(0, str(Path(__file__).parent))
from bench_encoding import TYPE, paired, plain_data  # the shared benchmark data


class Resource(msgspec.Struct):
    """The resource objects as a msgspec Struct (the baseline's target)."""

    ami: str
    count: int
    enabled: bool
    id: str
    instance_type: str
    monitoring: bool
    name: str
    price: float
    tags: dict[str, str]
    zones: set[str]


def python_data(n: int) -> list[dict[str, Any]]:
    """Return the benchmark data as a Python program holds it (the zones as a set)."""
    data = plain_data(n)
    for d in data:
        d["zones"] = set(d["zones"])
    return data


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="number of objects")
    parser.add_argument("--repeat", type=int, default=15, help="pairs of runs per row")
    args = parser.parse_args()

    print(f"# {platform.processor() or platform.machine()}, Python {sys.version.split()[0]}, "
          f"msgspec {msgspec.__version__}, {args.n} objects")
    data = python_data(args.n)
    value = cty.from_python(data, TYPE)
    structs = msgspec.convert(data, list[Resource])
    if cty.to_python(value, list[Resource]) != structs:
        raise SystemExit("to_python gave other Structs than msgspec.convert")
    if cty.to_python(value) != data:
        raise SystemExit("to_python did not give the data back")

    def build(d: Any) -> Any:
        return cty.from_python(d, TYPE)

    def to_structs(d: Any) -> Any:
        return msgspec.convert(d, list[Resource])

    def back(v: Any) -> Any:
        return cty.to_python(v)

    def back_structs(v: Any) -> Any:
        return cty.to_python(v, list[Resource])

    rows = [
        ("from_python", "msgspec.convert", *paired(to_structs, data, build, data, args.repeat)),
        ("from_python", "copy.deepcopy", *paired(copy.deepcopy, data, build, data,
                                                 args.repeat)),
        ("to_python", "msgspec.to_builtins",
         *paired(msgspec.to_builtins, structs, back, value, args.repeat)),
        ("to_python(Struct)", "msgspec.convert",
         *paired(to_structs, data, back_structs, value, args.repeat)),
    ]
    print(f"{'':18} {'baseline':20} {'base s':>10} {'cty s':>10} {'ratio':>7}")
    for label, base_name, base, ours, ratio in rows:
        print(f"{label:18} {base_name:20} {base:10.2e} {ours:10.2e} {ratio:6.2f}x")


if __name__ == "__main__":
    main()
