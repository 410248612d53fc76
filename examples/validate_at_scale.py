"""Validate a million records against a schema, on Dask.

    python examples/validate_at_scale.py                      # 1,000,000 records, 2 local workers
    python examples/validate_at_scale.py --records 20000 --workers 1
    python examples/validate_at_scale.py --scheduler tcp://10.0.0.5:8786 --data /shared/records

The program writes resource records (the benchmarks' shape: id, name, port, enabled, tags,
cidrs; a few deliberately wrong) into gob dataset files, then converts every record to a
schema written as a type expression, on a Dask cluster, and collects each failure with the
path of the offending attribute. It prints a progress bar while the cluster works, and a
summary at the end.

Without --scheduler it starts a dask.distributed LocalCluster of --workers processes; with
it, the same code runs on that cluster (then --data must be a directory every worker can
read, and the records are written there by the workers themselves). Needs the Dask extra:
``pip install -e '.[dask]'``.
"""

from __future__ import annotations

import argparse
import collections
import os
import resource
import sys
import tempfile
import time
from collections.abc import Iterable

from distributed import Client, LocalCluster, as_completed

import cty
from cty import dataset
from cty.convert import conversion_errors

SCHEMA = """object({
  id      = string
  name    = string
  port    = number
  enabled = bool
  tags    = map(string)
  cidrs   = set(string)
})"""

BLOCK = 10_000


def record(i: int) -> cty.Value:
    """Record *i*; one in 997 has a port that is not a number, one in 1,009 lacks its name,
    one in 1,013 has a tag that is a list."""
    sv = cty.string_val
    attrs = {
        "id": sv(f"i-{i:08x}"),
        "name": sv(f"web-{i}"),
        "port": sv("http") if i % 997 == 0 else cty.number_int_val(8000 + i % 1000),
        "enabled": cty.bool_val(i % 3 != 0),
        "tags": cty.object_val({"env": sv("prod"), "team": sv(f"t{i % 7}")}),
        "cidrs": cty.set_val([sv(f"10.{i % 256}.0.0/16"), sv(f"10.{(i + 1) % 256}.0.0/16")]),
    }
    if i % 1009 == 0:
        del attrs["name"]
    if i % 1013 == 0:
        attrs["tags"] = cty.object_val({"env": cty.tuple_val([sv("prod"), sv("dev")])})
    return cty.object_val(attrs)


def write_file(path: str, start: int, stop: int) -> int:
    """Write records start..stop-1 to the dataset file *path* (a task on a worker)."""
    return dataset.write(path, (record(i) for i in range(start, stop)), block_size=BLOCK)


def validate(part: Iterable[cty.Value], schema_text: str) -> list[tuple[int, list[str]]]:
    """Check one partition: (records checked, [each failure, as "id path: message"])."""
    schema = cty.parse_type(schema_text)
    checked, failures = 0, []
    for v in part:
        checked += 1
        errors = conversion_errors(v, schema)
        if errors:
            rid = v.get_attr("id").as_string()
            failures += [f"{rid} {e.path.format() or '(the record)'}: {e.message}"
                         for e in errors]
    return [(checked, failures)]


def progress(done: int, total: int, started: float, out: object = sys.stderr) -> None:
    width = 40
    filled = width * done // total
    rate = done / max(time.perf_counter() - started, 1e-9)
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} partitions "
          f"({rate:.1f}/s)", end="", file=out, flush=True)  # type: ignore[call-overload]


def peak_rss_mib() -> float:
    """This process's peak resident memory, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--files", type=int, default=8, help="dataset files to write")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler")
    parser.add_argument("--data", help="directory for the dataset files (default: temporary)")
    args = parser.parse_args(argv)

    if args.data is None:  # files of our own, removed at the end
        with tempfile.TemporaryDirectory(prefix="cty-records-") as data:
            return run(args, data)
    os.makedirs(args.data, exist_ok=True)
    return run(args, args.data)


def run(args: argparse.Namespace, data: str) -> int:
    """Write the records into *data*, validate them, print the summary."""
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=":0")
        client = Client(cluster)
    with client:
        t0 = time.perf_counter()
        per_file = -(-args.records // args.files)
        spans = [(f"{data}/records-{k:03d}.gob", k * per_file,
                  min((k + 1) * per_file, args.records)) for k in range(args.files)]
        written = sum(client.gather(client.map(write_file, *zip(*spans, strict=True),
                                               pure=False)))
        t1 = time.perf_counter()
        print(f"wrote {written:,} records to {args.files} files in {data} "
              f"({t1 - t0:.1f} s)", file=sys.stderr)

        parts = dataset.to_dask_bag(data).map_partitions(validate, SCHEMA).to_delayed()
        futures = client.compute(parts)
        checked, failures = 0, []
        for done, future in enumerate(as_completed(futures), 1):
            for n, found in future.result():
                checked += n
                failures += found
            progress(done, len(futures), t1)
        t2 = time.perf_counter()
        worker_peaks = client.run(peak_rss_mib)
    print(file=sys.stderr)

    kinds = collections.Counter(f.split(": ", 1)[1] for f in failures)
    bad = len({f.split(" ", 1)[0] for f in failures})
    print(f"checked {checked:,} records in {t2 - t1:.1f} s ({checked / (t2 - t1):,.0f} "
          f"records/s) on {len(worker_peaks)} workers")
    print(f"{bad:,} records do not match the schema; {len(failures):,} errors:")
    for message, count in kinds.most_common():
        print(f"  {count:7,}  {message}")
    for f in sorted(failures)[:5]:
        print(f"  e.g. {f}")
    print(f"peak memory: this process {peak_rss_mib():.0f} MiB; workers "
          + ", ".join(f"{m:.0f}" for m in worker_peaks.values()) + " MiB")
    return 0 if checked == args.records else 1


if __name__ == "__main__":
    sys.exit(main())
