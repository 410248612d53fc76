"""Records validated per second on Dask: cty against plain Python + msgspec.

    python benchmarks/bench_scale.py [--records 200000]

The records are examples/validate_at_scale.py's (the resource shape of the other benchmarks,
a few deliberately wrong), stored two ways in blocks of 10,000: as cty gob dataset files, and
as msgpack arrays of plain dicts. The cty job reads a block, converts each record to the
schema's type and collects every error with its path (cty.convert.conversion_errors); the
plain job reads a block with msgspec and converts each dict to a msgspec Struct, collecting
msgspec's error (which also names the path). Both run on a LocalCluster of 1 and then 2
worker processes, best of three runs each, with the cluster started beforehand; reading the
files is part of the work. Needs ``pip install -e '.[dask]'``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path

import msgspec
from distributed import Client, LocalCluster

import cty
from cty import dataset
from cty.convert import conversion_errors

_EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "validate_at_scale.py"
_spec = importlib.util.spec_from_file_location("validate_at_scale", _EXAMPLE)
assert _spec is not None and _spec.loader is not None
vas = importlib.util.module_from_spec(_spec)
sys.modules["validate_at_scale"] = vas
_spec.loader.exec_module(vas)

BLOCK = 10_000


class Record(msgspec.Struct):
    """The schema, as msgspec writes it."""

    id: str
    name: str
    port: int | float
    enabled: bool
    tags: dict[str, str]
    cidrs: set[str]


def plain_record(i: int) -> dict[str, object]:
    """Record *i* as plain data, wrong where vas.record(i) is."""
    d: dict[str, object] = {
        "id": f"i-{i:08x}", "name": f"web-{i}",
        "port": "http" if i % 997 == 0 else 8000 + i % 1000,
        "enabled": i % 3 != 0,
        "tags": {"env": "prod", "team": f"t{i % 7}"},
        "cidrs": [f"10.{i % 256}.0.0/16", f"10.{(i + 1) % 256}.0.0/16"],
    }
    if i % 1009 == 0:
        del d["name"]
    if i % 1013 == 0:
        d["tags"] = {"env": ["prod", "dev"]}
    return d


def validate_cty_block(block: dataset.Block) -> tuple[int, int]:
    schema = cty.parse_type(vas.SCHEMA)
    n = bad = 0
    for v in dataset.read_block(block):
        n += 1
        bad += len(conversion_errors(v, schema))
    return n, bad


def validate_plain_block(path: str) -> tuple[int, int]:
    with open(path, "rb") as f:
        rows = msgspec.msgpack.decode(f.read())
    n = bad = 0
    for row in rows:
        n += 1
        try:
            msgspec.convert(row, Record)
        except msgspec.ValidationError:
            bad += 1
    return n, bad


def write_inputs(directory: str, records: int) -> tuple[list[dataset.Block], list[str]]:
    dataset.write(os.path.join(directory, "records.gob"),
                  (vas.record(i) for i in range(records)), block_size=BLOCK)
    plain = []
    for k, start in enumerate(range(0, records, BLOCK)):
        path = os.path.join(directory, f"plain-{k:04d}.msgpack")
        rows = [plain_record(i) for i in range(start, min(start + BLOCK, records))]
        Path(path).write_bytes(msgspec.msgpack.encode(rows))
        plain.append(path)
    return dataset.blocks(directory), plain


def best_rate(client: Client, fn: object, items: list[object], records: int) -> float:
    times = []
    for _ in range(3):
        t = time.perf_counter()
        results = client.gather(client.map(fn, items, pure=False))
        times.append(time.perf_counter() - t)
        assert sum(n for n, _ in results) == records
    return records / min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=200_000)
    args = parser.parse_args()
    sys.path.insert(0, str(_EXAMPLE.parent))  # the workers import the example by its name
    with tempfile.TemporaryDirectory() as directory:
        blocks, plain = write_inputs(directory, args.records)
        print(f"{args.records:,} records in {len(blocks)} blocks; records validated per second "
              "(best of 3):")
        rates: dict[tuple[str, int], float] = {}
        for workers in (1, 2):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:
                client.run(lambda: None)  # the workers are up
                rates["cty", workers] = best_rate(client, validate_cty_block, list(blocks),
                                                  args.records)
                rates["plain", workers] = best_rate(client, validate_plain_block, list(plain),
                                                    args.records)
            label = f"{workers} worker" + ("s" if workers > 1 else "")
            print(f"  {label}: cty {rates['cty', workers]:>10,.0f}"
                  f"   msgspec {rates['plain', workers]:>10,.0f}   "
                  f"ratio {rates['plain', workers] / rates['cty', workers]:.1f}x")
        print(f"  scaling 1 -> 2 workers: cty {rates['cty', 2] / rates['cty', 1]:.2f}x, "
              f"msgspec {rates['plain', 2] / rates['plain', 1]:.2f}x")


if __name__ == "__main__":
    main()
