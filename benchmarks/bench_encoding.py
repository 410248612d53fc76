"""Benchmark cty.encoding.msgpack and cty.encoding.json against msgspec on plain objects.

The data: a list of 10,000 Terraform-resource-like objects (strings, an integer and a
fractional number, bools, a map(string) and a set(string) each). The floor is msgspec encoding
and decoding the same data as plain Python objects (dicts, lists, str, int, float, bool) in the
same run; each of our times is printed with its ratio to that floor.

    python benchmarks/bench_encoding.py [--n 10000]

Each time is the best of its repetitions (seconds per call, timeit's autorange, garbage
collection off as timeit has it); the ratio is the median over repetitions of ours against
msgspec's timed just before it, so that the machine's drift between them cancels out.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import timeit
from collections.abc import Callable
from typing import Any

import msgspec

import cty
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack

RESOURCE = cty.Object({
    "id": cty.String,
    "name": cty.String,
    "ami": cty.String,
    "instance_type": cty.String,
    "count": cty.Number,
    "price": cty.Number,
    "enabled": cty.Bool,
    "monitoring": cty.Bool,
    "tags": cty.Map(cty.String),
    "zones": cty.Set(cty.String),
})
TYPE = cty.List(RESOURCE)


def plain_data(n: int) -> list[dict[str, Any]]:
    """Return the benchmark data as plain Python objects (keys sorted, as cty writes them)."""
    out = []
    for i in range(n):
        zones = sorted({f"eu-west-1{'abc'[i % 3]}", "eu-west-1b", f"us-east-{i % 4}"})
        d = {
            "id": f"i-{i:017x}",
            "name": f"web-server-{i}",
            "ami": "ami-0c55b159cbfafe1f0",
            "instance_type": ("t3.micro", "m5.large", "c5.xlarge")[i % 3],
            "count": i % 17,
            "price": (i % 100) + 0.25,
            "enabled": i % 2 == 0,
            "monitoring": i % 5 == 0,
            "tags": {"env": ("prod", "staging")[i % 2], "owner": "platform",
                     "team": f"team-{i % 7}"},
            "zones": zones,
        }
        out.append(dict(sorted(d.items())))
    return out


def cty_value(data: list[dict[str, Any]]) -> cty.Value:
    """Return the same data as a cty value of TYPE."""
    return cty.list_val([
        cty.object_val({
            "id": cty.string_val(d["id"]),
            "name": cty.string_val(d["name"]),
            "ami": cty.string_val(d["ami"]),
            "instance_type": cty.string_val(d["instance_type"]),
            "count": cty.number_int_val(d["count"]),
            "price": cty.number_float_val(d["price"]),
            "enabled": cty.bool_val(d["enabled"]),
            "monitoring": cty.bool_val(d["monitoring"]),
            "tags": cty.map_val({k: cty.string_val(v) for k, v in d["tags"].items()}),
            "zones": cty.set_val([cty.string_val(z) for z in d["zones"]]),
        })
        for d in data
    ])


def paired(base_fn: Callable[[Any], Any], base_arg: Any, fn: Callable[[Any], Any], arg: Any,
           repeat: int) -> tuple[float, float, float]:
    """Return the best time of one call of base_fn(base_arg) and of fn(arg), in seconds, and
    the median ratio of the two over *repeat* back-to-back pairs of runs."""
    base = timeit.Timer(lambda: base_fn(base_arg))
    ours = timeit.Timer(lambda: fn(arg))
    n_base, _ = base.autorange()
    n, _ = ours.autorange()
    pairs = []
    for _ in range(repeat):
        b = base.timeit(n_base) / n_base
        pairs.append((b, ours.timeit(n) / n))
    return (min(b for b, _ in pairs), min(o for _, o in pairs),
            statistics.median(o / b for b, o in pairs))


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="number of objects")
    parser.add_argument("--repeat", type=int, default=15, help="pairs of runs per row")
    args = parser.parse_args()

    print(f"# {platform.processor() or platform.machine()}, Python {sys.version.split()[0]}, "
          f"msgspec {msgspec.__version__}, {args.n} objects")
    data = plain_data(args.n)
    value = cty_value(data)

    rows = []
    for name, fmt, plain_enc, plain_dec in (
        ("msgpack", cty_msgpack, msgspec.msgpack.encode, msgspec.msgpack.decode),
        ("json", cty_json, msgspec.json.encode, msgspec.json.decode),
    ):
        enc = fmt.Encoder(TYPE)
        dec = fmt.Decoder(TYPE)
        plain_bytes = plain_enc(data)
        ours_bytes = enc.encode(value)
        if dec.decode(ours_bytes) != value:
            raise SystemExit(f"{name}: the round trip changed the value")
        same = "same bytes" if ours_bytes == plain_bytes else "other bytes"
        rows.append((f"{name} encode",
                     *paired(plain_enc, data, enc.encode, value, args.repeat), same))
        rows.append((f"{name} decode",
                     *paired(plain_dec, plain_bytes, dec.decode, ours_bytes, args.repeat),
                     f"{len(ours_bytes)} bytes"))

    print(f"{'':16} {'msgspec':>10} {'cty':>10} {'ratio':>7}")
    for label, base, ours, ratio, note in rows:
        print(f"{label:16} {base:10.2e} {ours:10.2e} {ratio:6.2f}x  ({note})")


if __name__ == "__main__":
    main()
