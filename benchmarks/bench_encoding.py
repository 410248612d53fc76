"""Benchmark cty.encoding.msgpack and cty.encoding.json against msgspec on plain objects.

The data: a list of 10,000 Terraform-resource-like objects (strings, an integer and a
fractional number, bools, a map(string) and a set(string) each). The floor is msgspec encoding
and decoding the same data as plain Python objects (dicts, lists, str, int, float, bool) in the
same run; each of our times is printed with its ratio to that floor.

    python benchmarks/bench_encoding.py [--n 10000]

Each time is the best of 5 repetitions of timeit's autorange (seconds per call).
"""

from __future__ import annotations

import argparse
import platform
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


def best(fn: Callable[[Any], Any], arg: Any) -> float:
    """Return the best time of one call of fn(arg), in seconds."""
    t = timeit.Timer(lambda: fn(arg))
    n, _ = t.autorange()
    return min(t.repeat(5, n)) / n


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="number of objects")
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
        rows.append((f"{name} encode", best(plain_enc, data), best(enc.encode, value), same))
        rows.append((f"{name} decode", best(plain_dec, plain_bytes),
                     best(dec.decode, ours_bytes), f"{len(ours_bytes)} bytes"))

    print(f"{'':16} {'msgspec':>10} {'cty':>10} {'ratio':>7}")
    for label, base, ours, note in rows:
        print(f"{label:16} {base:10.2e} {ours:10.2e} {ours / base:6.2f}x  ({note})")


if __name__ == "__main__":
    main()
