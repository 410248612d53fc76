"""The command's main job at scale: `cty convert` and `cty check` on a JSON array of
Terraform-style records, against the fastest plain Python does the same job.

    python benchmarks/bench_cli.py [--records 200000 1000000] [--rounds 3]

The file is made with a fixed seed: records with nested objects, ``optional(T, default)`` at
several depths, lists, maps and sets (``SCHEMA``), about 150 bytes each, all good data.
Each contender runs in its own process, process start included, in interleaved rounds (every
contender once per round), and is measured by its wall time and its CPU time (user and
system; medians of the rounds) and its peak resident memory. A loaded machine stretches wall
times; CPU time is what the ratios are taken of. The array of records:

* ``cty convert``: the file to cty JSON, written to a file;
* ``cty check``: the file checked, nothing written;
* ``msgspec Structs``: the baseline. ``msgspec.json.decode`` into Structs with the defaults
  (the fastest a Python program does this), written back with ``msgspec.json.encode``, with
  the collector off (the command pauses it while it builds; with it on, the baseline holding
  200,000 Structs spends most of its time in it);
* ``msgspec + from_python``: the library's Python API: the file decoded by msgspec, the data
  made a value by ``cty.from_python`` (no defaults: the type without them), written as cty JSON.

The same records as JSON Lines (one per line), each record converted on its own:

* ``cty convert --lines`` and ``cty check --lines``;
* ``msgspec Structs, streaming`` (the baseline there): the lines read a megabyte at a time,
  each piece decoded at once into Structs with the defaults (``Decoder.decode_lines``) and
  written back at once (``Encoder.encode_lines``), in bounded memory as the command is.

Results: benchmarks/results/bench_cli.txt; docs/performance.md cites them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec

SCHEMA = """list(object({
  name     = string
  region   = optional(string, "us-east-1")
  instance = object({
    type  = string
    count = optional(number, 1)
    disks = optional(list(object({size = number, kind = optional(string, "gp3")})), [])
  })
  tags    = optional(map(string), {})
  zones   = optional(set(string))
  ingress = optional(list(object({
    from  = number
    to    = number
    proto = optional(string, "tcp")
    cidrs = optional(list(string), ["0.0.0.0/0"])
  })), [])
  enabled = optional(bool, true)
}))"""

BASELINE = '''
import gc, sys, msgspec
from typing import Union
gc.disable()  # (like with like: the command pauses the collector while it builds, too)

class Disk(msgspec.Struct, forbid_unknown_fields=True):
    size: Union[int, float]
    kind: str = "gp3"

class Instance(msgspec.Struct, forbid_unknown_fields=True):
    type: str
    count: Union[int, float] = 1
    disks: list[Disk] = []

class Rule(msgspec.Struct, forbid_unknown_fields=True):
    from_: Union[int, float] = msgspec.field(name="from")
    to: Union[int, float]
    proto: str = "tcp"
    cidrs: list[str] = msgspec.field(default_factory=lambda: ["0.0.0.0/0"])

class Resource(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    instance: Instance
    region: str = "us-east-1"
    tags: dict[str, str] = {}
    zones: Union[set[str], None] = None
    ingress: list[Rule] = []
    enabled: bool = True

with open(sys.argv[1], "rb") as f:
    data = f.read()
try:
    records = msgspec.json.decode(data, type=list[Resource], strict=False)
except msgspec.ValidationError as e:
    print(e, file=sys.stderr)
    sys.exit(1)
with open(sys.argv[2], "wb") as f:
    f.write(msgspec.json.encode(records))
'''

STREAMING = BASELINE[:BASELINE.index("with open(sys.argv[1]")] + '''
dec = msgspec.json.Decoder(Resource, strict=False)
enc = msgspec.json.Encoder()
with open(sys.argv[1], "rb") as f, open(sys.argv[2], "wb") as out:
    rest = b""
    while True:
        piece = f.read(1 << 20)
        buf = rest + piece
        if piece:
            cut = buf.rfind(b"\\n") + 1
            rest, buf = buf[cut:], buf[:cut]
        else:
            rest = b""
        if buf:
            try:
                records = dec.decode_lines(buf)
            except msgspec.ValidationError as e:
                print(e, file=sys.stderr)
                sys.exit(1)
            out.write(enc.encode_lines(records))
        if not piece:
            break
'''

FROM_PYTHON = '''
import sys, msgspec, cty
from cty.encoding import json
from cty.convert import parse_type_with_defaults
ty = parse_type_with_defaults(sys.argv[3])[0]
with open(sys.argv[1], "rb") as f:
    data = msgspec.json.decode(f.read())
value = cty.from_python(data, ty)
with open(sys.argv[2], "wb") as f:
    f.write(json.marshal(value, ty))
'''


def record(rng: random.Random, i: int) -> dict[str, object]:
    r: dict[str, object] = {
        "name": f"res-{i:07d}",
        "instance": {"type": rng.choice(["t3.micro", "m5.large", "c6g.xlarge"])},
    }
    inst = r["instance"]
    assert isinstance(inst, dict)
    if rng.random() < 0.5:
        inst["count"] = rng.randrange(1, 9)
    if rng.random() < 0.4:
        inst["disks"] = [{"size": rng.choice([8, 20, 100])} for _ in range(rng.randrange(1, 3))]
    if rng.random() < 0.3:
        r["region"] = rng.choice(["eu-west-1", "ap-south-1"])
    r["tags"] = {"team": rng.choice(["edge", "data", "core"]), "env": rng.choice(["prod", "dev"])}
    if rng.random() < 0.3:
        r["zones"] = rng.sample(["a", "b", "c"], 2)
    if rng.random() < 0.5:
        r["ingress"] = [{"from": 443, "to": 443}] + (
            [{"from": 22, "to": 22, "proto": "tcp", "cidrs": ["10.0.0.0/8"]}]
            if rng.random() < 0.3 else [])
    if rng.random() < 0.2:
        r["enabled"] = False
    return r


def make_file(path: Path, n: int, seed: int = 2026, *, lines: bool = False) -> None:
    """Write *n* records: a JSON array, or with *lines* JSON Lines (the same records)."""
    rng = random.Random(seed)
    with path.open("wb") as f:
        if not lines:
            f.write(b"[\n")
        for start in range(0, n, 10_000):
            rows = [record(rng, i) for i in range(start, min(n, start + 10_000))]
            if lines:
                f.write(b"".join(msgspec.json.encode(r) + b"\n" for r in rows))
                continue
            text = b",\n".join(msgspec.json.encode(r) for r in rows)
            f.write((b",\n" if start else b"") + text)
        if not lines:
            f.write(b"\n]\n")


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The contenders' environment: as a user's, where Python keeps the bytecode it compiles (a
warm-up run writes it), not recompiling every module at every start."""


def run(cmd: list[str]) -> tuple[float, float, float]:
    """Run *cmd*; return its wall time (s), CPU time (s) and peak resident memory (MB)."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    _, status, usage = os.wait4(p.pid, 0)
    elapsed = time.perf_counter() - t
    err = p.stderr.read().decode() if p.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{cmd[:3]} failed: {err}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure(contenders: dict[str, list[str]], rounds: int, warm: bool
            ) -> dict[str, tuple[float, float, float]]:
    """Each contender's median wall and CPU time and its peak memory over *rounds*
    interleaved rounds (after a warm-up run of each, with *warm*)."""
    samples: dict[str, list[tuple[float, float, float]]] = {k: [] for k in contenders}
    if warm:
        for cmd in contenders.values():  # warm-up: the bytecode is written
            run(cmd)
    for _ in range(rounds):
        for name, cmd in contenders.items():
            samples[name].append(run(cmd))
    return {k: (statistics.median(t for t, _, _ in v), statistics.median(c for _, c, _ in v),
                max(m for _, _, m in v)) for k, v in samples.items()}


def show(title: str, n: int, got: dict[str, tuple[float, float, float]], base: str) -> None:
    """Print one table: each contender's times, its CPU time as a ratio of the baseline's."""
    base_cpu = got[base][1]
    print(f"\n{title}")
    for name, (t, cpu, mem) in got.items():
        print(f"  {name:30} {t:6.2f} s wall {cpu:6.2f} s CPU  {cpu / base_cpu:5.2f}x "
              f"baseline  peak {mem:6.0f} MB  {n / t / 1000:6.0f}k records/s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, nargs="+", default=[200_000, 1_000_000])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--without-from-python", action="store_true",
                    help="leave out the slowest contender (the library's Python API)")
    ap.add_argument("--without-lines", action="store_true",
                    help="leave out the JSON Lines table")
    args = ap.parse_args()
    cty_cmd = str(Path(sys.executable).parent / "cty")
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "schema.type").write_text(SCHEMA)
        (d / "record.type").write_text(SCHEMA[len("list("):-1])
        (d / "baseline.py").write_text(BASELINE)
        (d / "streaming.py").write_text(STREAMING)
        (d / "from_python.py").write_text(FROM_PYTHON)
        results: dict[int, dict[str, tuple[float, float, float]]] = {}
        for n in args.records:
            data = d / f"records-{n}.json"
            make_file(data, n)
            size = data.stat().st_size / 1e6
            contenders = {
                "msgspec Structs (baseline)": [py, str(d / "baseline.py"), str(data),
                                               str(d / "out-base.json")],
                "msgspec + from_python": [py, str(d / "from_python.py"), str(data),
                                          str(d / "out-fp.json"), SCHEMA],
                "cty convert": [cty_cmd, "convert", "-q", "-t", f"@{d / 'schema.type'}",
                                str(data), "-o", str(d / "out-cty.json")],
                "cty check": [cty_cmd, "check", "-q", "-t", f"@{d / 'schema.type'}",
                              str(data)],
            }
            if args.without_from_python:
                del contenders["msgspec + from_python"]
            results[n] = measure(contenders, args.rounds, n == args.records[0])
            show(f"{n:,} records, {size:.0f} MB, an array (medians of {args.rounds} rounds, "
                 "process start included)", n, results[n], "msgspec Structs (baseline)")
            data.unlink()
            if args.without_lines:
                continue
            lines = d / f"records-{n}.jsonl"
            make_file(lines, n, lines=True)
            streaming = {
                "msgspec Structs, streaming": [py, str(d / "streaming.py"), str(lines),
                                               str(d / "out-stream.jsonl")],
                "cty convert --lines": [cty_cmd, "convert", "-q", "--lines", "-t",
                                        f"@{d / 'record.type'}", str(lines),
                                        "-o", str(d / "out-cty.jsonl")],
                "cty check --lines": [cty_cmd, "check", "-q", "--lines", "-t",
                                      f"@{d / 'record.type'}", str(lines)],
            }
            got = measure(streaming, args.rounds, n == args.records[0])
            show(f"{n:,} records, JSON Lines", n, got, "msgspec Structs, streaming")
            lines.unlink()
        if len(args.records) > 1:
            lo, hi = args.records[0], args.records[-1]
            print(f"\ngrowth from {lo:,} to {hi:,} records ({hi / lo:.0f}x the records):")
            for name in results[lo]:
                print(f"  {name:28} {results[hi][name][0] / results[lo][name][0]:5.2f}x time")


if __name__ == "__main__":
    main()
