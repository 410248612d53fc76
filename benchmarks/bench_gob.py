"""Benchmark cty.encoding.gob against msgspec msgpack and pickle on the same plain data.

Two workloads, in one run:

* one value: the list of 10,000 resource objects of bench_encoding.py (strings, an integer and
  a fractional number, bools, a map(string), a set(string)), with gob.dumps/gob.loads;
* a stream of 100,000 small values of one object type ({host, port, up}), written with one
  gob.Encoder and read with one gob.Decoder (each value its own frame).

The baselines handle the same data as plain Python objects (dicts, lists, str, int, float,
bool): msgspec.msgpack and pickle (highest protocol), on the whole list at once ("bulk") and,
for the stream, also value by value ("per value", one encode or decode call per value, as a
stream of separately framed values would need). Each time is printed with our ratio to it.

    python benchmarks/bench_gob.py [--n 10000] [--stream 100000] [--wall]

Each time is the best of 5 repetitions of timeit's autorange, in CPU seconds of this process
(time.process_time, so other load on the machine matters less; --wall for wall-clock time).
"""

from __future__ import annotations

import argparse
import io
import pickle
import platform
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

import cty
from cty.encoding import gob

sys.path.insert(0, str(Path(__file__).parent))
from bench_encoding import cty_value, plain_data  # the shared benchmark data

SMALL = cty.Object({"host": cty.String, "port": cty.Number, "up": cty.Bool})

_timer: Callable[[], float] = time.process_time


def best(fn: Callable[[], Any]) -> float:
    """Return the best time of one call of fn(), in seconds."""
    t = timeit.Timer(fn, timer=_timer)
    n, _ = t.autorange()
    return min(t.repeat(5, n)) / n


def small_plain(n: int) -> list[dict[str, Any]]:
    """Return the stream's values as plain Python objects."""
    return [{"host": f"web-{i % 97}", "port": 1024 + i % 50000, "up": i % 3 != 0}
            for i in range(n)]


def small_values(plain: list[dict[str, Any]]) -> list[cty.Value]:
    """Return the stream's values as cty values of SMALL."""
    return [cty.object_val({"host": cty.string_val(d["host"]),
                            "port": cty.number_int_val(d["port"]), "up": cty.bool_val(d["up"])})
            for d in plain]


def write_stream(values: list[cty.Value]) -> bytes:
    """Return the gob stream of *values*, written with one Encoder."""
    buf = io.BytesIO()
    with gob.Encoder(buf) as enc:
        encode = enc.encode
        for v in values:
            encode(v)
    return buf.getvalue()


def read_stream(data: bytes) -> list[cty.Value]:
    """Return the values of the gob stream *data*, read with one Decoder."""
    return list(gob.Decoder(data))


def main() -> None:
    """Run the benchmark and print the tables."""
    global _timer
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="resource objects in the list")
    parser.add_argument("--stream", type=int, default=100_000, help="values in the stream")
    parser.add_argument("--wall", action="store_true", help="time wall-clock, not CPU")
    args = parser.parse_args()
    if args.wall:
        _timer = time.perf_counter

    print(f"# {platform.machine()}, CPython {platform.python_version()}, "
          f"msgspec {msgspec.__version__}, pickle protocol {pickle.HIGHEST_PROTOCOL}; "
          f"{'wall' if args.wall else 'CPU'} time, best of 5 autorange repetitions")
    proto = pickle.HIGHEST_PROTOCOL
    mp_enc, mp_dec = msgspec.msgpack.Encoder().encode, msgspec.msgpack.Decoder().decode

    # --- one value: the resource list ------------------------------------------------------
    data = plain_data(args.n)
    value = cty_value(data)
    ours = gob.dumps(value)
    if gob.loads(ours) != value:
        raise SystemExit("gob: the round trip changed the value")
    plain_mp, plain_pk = mp_enc(data), pickle.dumps(data, proto)
    t_enc = best(lambda: gob.dumps(value))
    t_dec = best(lambda: gob.loads(ours))
    rows = [
        ("dumps", t_enc, best(lambda: mp_enc(data)), best(lambda: pickle.dumps(data, proto))),
        ("loads", t_dec, best(lambda: mp_dec(plain_mp)), best(lambda: pickle.loads(plain_pk))),
    ]
    print(f"\n## list of {args.n:,} resource objects (one value)")
    print(f"bytes: gob {len(ours):,}, msgspec {len(plain_mp):,}, pickle {len(plain_pk):,}")
    print(f"{'':8} {'gob':>10} {'msgspec':>10} {'pickle':>10} {'/msgspec':>9} {'/pickle':>8}")
    for label, t, t_mp, t_pk in rows:
        print(f"{label:8} {t:10.2e} {t_mp:10.2e} {t_pk:10.2e} {t / t_mp:8.2f}x {t / t_pk:7.2f}x")

    # --- a stream of small values of one type ---------------------------------------------
    n = args.stream
    plain = small_plain(n)
    values = small_values(plain)
    stream = write_stream(values)
    if read_stream(stream) != values:
        raise SystemExit("gob: the stream round trip changed the values")
    one = gob.dumps(values[0])
    empty = len(gob.dumps(cty.EmptyObjectVal))
    per_value = (len(stream) - len(one)) / (n - 1)  # a stream of n costs n - 1 more frames
    chunks_mp = [mp_enc(d) for d in plain]
    chunks_pk = [pickle.dumps(d, proto) for d in plain]
    bulk_mp, bulk_pk = mp_enc(plain), pickle.dumps(plain, proto)
    t_w = best(lambda: write_stream(values))
    t_r = best(lambda: read_stream(stream))
    rows2 = [
        ("write", t_w,
         best(lambda: [mp_enc(d) for d in plain]), best(lambda: mp_enc(plain)),
         best(lambda: [pickle.dumps(d, proto) for d in plain]),
         best(lambda: pickle.dumps(plain, proto))),
        ("read", t_r,
         best(lambda: [mp_dec(b) for b in chunks_mp]), best(lambda: mp_dec(bulk_mp)),
         best(lambda: [pickle.loads(b) for b in chunks_pk]), best(lambda: pickle.loads(bulk_pk))),
    ]
    print(f"\n## stream of {n:,} values of {SMALL.type_expr()}")
    print(f"bytes per value: gob {per_value:.1f} (the type described once: a one-value stream "
          f"is {len(one)} bytes, an empty-object one {empty}), msgspec {len(bulk_mp) / n:.1f}, "
          f"pickle per value {sum(map(len, chunks_pk)) / n:.1f}")
    print(f"per value, µs: {'':2} {'gob':>6} | {'msgspec':>7} {'bulk':>6} | {'pickle':>6} "
          f"{'bulk':>6} | gob/msgspec  gob/pickle (per value, bulk)")
    for label, t, mp1, mpb, pk1, pkb in rows2:
        us = [x / n * 1e6 for x in (t, mp1, mpb, pk1, pkb)]
        print(f"{label:17} {us[0]:6.2f} | {us[1]:7.2f} {us[2]:6.2f} | {us[3]:6.2f} "
              f"{us[4]:6.2f} | {t / mp1:5.1f}x {t / mpb:5.1f}x  {t / pk1:5.1f}x {t / pkb:5.1f}x")


if __name__ == "__main__":
    main()
