"""Side by side: cty for Python against msgspec (the floor) and pyvider-cty (the peer).

The standard workloads, each run in one process by all three where they can:

* build the 10,000-resource list (bench_encoding's data) from Python data: ``from_python``;
  the floor is ``msgspec.convert`` to the equivalent Structs, the peer ``validate``;
* msgpack and JSON encode and decode of that list: the floor is msgspec on the plain data;
* build a set of 100,000 strings and of 100,000 numbers from a Python set, and of the same
  numbers from a list;
* convert a tuple of 10,000 objects (every other one with its price as a string, so the
  element types differ) to a list, unifying the element types (go-cty's tuple-to-list
  conversion); the floor unifies the same dicts in plain Python (each attribute's kinds found
  in one pass, then every record copied with the numbers that must be strings converted);
* build a list nested 200 levels deep from Python data; the floor is a plain recursive copy
  that checks each level is a list and each leaf a string (``msgspec.convert`` re-plans a
  200-deep annotation on every call, so it is no floor for this);
* JSON decode of the resources when one in a hundred has a non-ASCII name.

Then the scaling: the build and the two decodes at 10,000, 100,000 and 1,000,000 resources
(``--rows``), ours against the floor at each size and each size's time over the one before;
the memory the built 10,000-resource value holds (tracemalloc, the value alive) against the
same data as plain dicts and lists (sets hold more than lists: they are not the floor); and the
time of ``import cty`` in a fresh interpreter.

    pip install -e '.[bench]'       # pyvider-cty, the peer (optional: skipped if absent)
    python benchmarks/compare.py [--repeat 7] [--rows 10000,100000,1000000] [--without-peer]

Rounds are interleaved: each round times one sample of every contender in turn, so a swing
in the machine's load falls on all of them alike. A sample of a fast call times a batch of
calls and divides. Like with like: where ours holds the cyclic collector off (a build from
1,000 items or more, a decode of 16 KiB or more: ``cty._collector``), the floor's call runs
with the same pause, and every call is followed, inside its sample, by one allocation, so that
whatever collection its young objects made due is paid there by every contender alike; elsewhere the
collector runs as it does for users. A full collection before each sample starts every
contender from the same heap. Times are medians; ratios are of medians. Targets (issue #32):
ours/floor at most 2x everywhere, each tenfold of rows at most 11x the time, memory at most
1.0x the plain data, import under 60 ms.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import platform
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

import cty
from cty import convert
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack

sys.path.insert(0, str(Path(__file__).parent))
from bench_encoding import TYPE, plain_data  # the shared benchmark data
from bench_python import Resource, python_data

try:
    import pyvider.cty as pv
    from pyvider.cty.codec import cty_from_msgpack, cty_to_msgpack
    from pyvider.cty.json_codec import cty_from_json, cty_to_json
except ImportError:  # the optional peer
    pv = None

N = 10_000
SET_N = 100_000
DEPTH = 200


@dataclass
class Row:
    """One workload: its three contenders (None where one cannot run it) and a note."""

    name: str
    floor: Callable[[], Any]
    ours: Callable[[], Any]
    peer: Callable[[], Any] | None
    target: float = 2.0


def paused(fn: Callable[[], Any]) -> Callable[[], Any]:
    """Return *fn* run with the cyclic collector held off, as ours holds it off for large
    builds and decodes (the floor gets the same pause: like with like)."""
    def run() -> Any:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return fn()
        finally:
            if enabled:
                gc.enable()
    return run


def _batch(fn: Callable[[], Any]) -> int:
    """Return how many calls of *fn* one sample makes (about 50 ms of them), after a first
    call that also warms any cache a plan keeps."""
    t0 = time.perf_counter()
    fn()
    first = time.perf_counter() - t0
    return max(1, int(0.05 / first)) if first > 0 else 1000


def _settle() -> list[None]:
    """Make one object the collector tracks: a collection that a call's young objects made
    due (the call paused the collector, or ran into its threshold at the end) runs now, inside
    the sample, over the call's result, alive as a caller's result is, for every contender
    alike (ours allocates after its pause ends, and so pays for it inside its call)."""
    return [None]


def interleaved(fns: list[Callable[[], Any] | None], repeat: int) -> list[float | None]:
    """Return the median time of one call of each of *fns* (None: not run), sampling them in
    turn in every round."""
    batches = [_batch(fn) if fn is not None else 0 for fn in fns]
    samples: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, batch, out in zip(fns, batches, samples, strict=True):
            if fn is None:
                continue
            gc.collect()
            t0 = time.perf_counter()
            for _ in range(batch):
                kept = fn()  # (alive while the collection runs, as a caller's result is)
                _settle()
                del kept
            out.append((time.perf_counter() - t0) / batch)
    return [statistics.median(s) if s else None for s in samples]


# --- the peer's types ------------------------------------------------------------------------

def _peer_types() -> tuple[Any, Any]:
    s = pv.CtyString()
    resource = pv.CtyObject(attribute_types={
        "id": s, "name": s, "ami": s, "instance_type": s, "count": pv.CtyNumber(),
        "price": pv.CtyNumber(), "enabled": pv.CtyBool(), "monitoring": pv.CtyBool(),
        "tags": pv.CtyMap(element_type=s), "zones": pv.CtySet(element_type=s)})
    return resource, pv.CtyList(element_type=resource)


def _nested_data(depth: int) -> Any:
    data: Any = ["leaf"]
    for _ in range(depth - 1):
        data = [data]
    return data


def _nested_type(depth: int) -> cty.Type:
    t = cty.List(cty.String)
    for _ in range(depth - 1):
        t = cty.List(t)
    return t


def nested_floor(data: Any, depth: int) -> list[Any]:
    """Copy a list nested *depth* deep with strings at the bottom, checking every level: the
    plain Python floor of building the nested list."""
    if data.__class__ is not list:
        raise TypeError("a list is required")
    if depth == 1:
        for leaf in data:
            if leaf.__class__ is not str:
                raise TypeError("a string is required")
        return list(data)
    return [nested_floor(item, depth - 1) for item in data]


def unify_floor(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Unify a sequence of records in plain Python, as converting the tuple to a list does:
    find each attribute's kinds in one pass; where strings and numbers meet, the attribute
    becomes a string, and each record is copied with its numbers there written as strings."""
    kinds: dict[str, set[type]] = {}
    for record in records:
        for key, item in record.items():
            kinds.setdefault(key, set()).add(item.__class__)
    to_string = [key for key, seen in kinds.items() if str in seen and len(seen) > 1]
    out = []
    for record in records:
        copy = dict(record)
        for key in to_string:
            item = copy[key]
            if item.__class__ is not str:
                copy[key] = str(item)
        out.append(copy)
    return out


def _non_ascii_data(n: int) -> list[dict[str, Any]]:
    """The resources with one name in a hundred written in non-ASCII letters."""
    data = plain_data(n)
    for i in range(0, n, 100):
        data[i]["name"] = f"serveur-web-é-{i}"
    return data


def _peer_nested_type(depth: int) -> Any:
    t = pv.CtyList(element_type=pv.CtyString())
    for _ in range(depth - 1):
        t = pv.CtyList(element_type=t)
    return t


def rows() -> list[Row]:
    """Return the workloads, with their inputs made."""
    data = python_data(N)          # zones as Python sets
    plain = plain_data(N)          # zones as lists: what msgspec encodes
    value = cty.from_python(data, TYPE)
    out: list[Row] = []

    peer_resource = peer_list = None
    pvalue = None
    if pv is not None:
        peer_resource, peer_list = _peer_types()
        pvalue = peer_list.validate(data)

    out.append(Row("from_python: 10,000 resources",
                   paused(lambda: msgspec.convert(data, list[Resource])),
                   lambda: cty.from_python(data, TYPE),
                   (lambda: peer_list.validate(data)) if pv else None))

    for fmt, enc, dec, penc, pdec in (
        ("msgpack", msgspec.msgpack.encode, msgspec.msgpack.decode,
         pv and cty_to_msgpack, pv and cty_from_msgpack),
        ("json", msgspec.json.encode, msgspec.json.decode,
         pv and cty_to_json, pv and cty_from_json),
    ):
        ours_fmt = cty_msgpack if fmt == "msgpack" else cty_json
        e = ours_fmt.Encoder(TYPE)
        d = ours_fmt.Decoder(TYPE)
        plain_bytes = enc(plain)
        ours_bytes = e.encode(value)
        out.append(Row(f"{fmt} encode", lambda enc=enc: enc(plain),
                       lambda e=e: e.encode(value),
                       (lambda penc=penc: penc(pvalue, peer_list)) if pv else None))
        peer_bytes = penc(pvalue, peer_list) if pv else None
        out.append(Row(f"{fmt} decode", paused(lambda dec=dec, b=plain_bytes: dec(b)),
                       lambda d=d, b=ours_bytes: d.decode(b),
                       (lambda pdec=pdec, b=peer_bytes: pdec(b, peer_list)) if pv else None))

    strings = {f"item-{i:06d}" for i in range(SET_N)}
    numbers = {i * 7 + 0.5 if i % 2 else i * 7 for i in range(SET_N)}
    number_list = sorted(numbers, key=lambda x: (x * 7919) % 100_003)  # not in order
    for label, items, ety, annotation, pty in (
        ("set of 100,000 strings", strings, cty.String, set[str], pv and pv.CtyString()),
        ("set of 100,000 numbers", numbers, cty.Number, set[float], pv and pv.CtyNumber()),
        ("set of 100,000 numbers from a list", number_list, cty.Number, set[float],
         pv and pv.CtyNumber()),
    ):
        sty = cty.Set(ety)
        pset = pv.CtySet(element_type=pty) if pv else None
        out.append(Row(label, paused(lambda items=items, a=annotation: msgspec.convert(items, a)),
                       lambda items=items, sty=sty: cty.from_python(items, sty),
                       (lambda items=items, pset=pset: pset.validate(items)) if pv else None))

    mixed = [dict(d, price=str(d["price"])) if i % 2 else d for i, d in enumerate(data)]
    tuple_value = cty.tuple_val([cty.from_python(d, cty.implied_type(d)) for d in mixed])
    to_list = cty.List(cty.DynamicPseudoType)
    peer_tuple = None
    if pv is not None:
        peer_tuple = pv.CtyTuple(element_types=tuple(
            pv.CtyObject(attribute_types={**peer_resource.attribute_types,
                                          "price": pv.CtyString() if i % 2 else pv.CtyNumber()})
            for i in range(N))).validate(mixed)
    out.append(Row("tuple of 10,000 objects to a list (unify)",
                   lambda: unify_floor(mixed),
                   lambda: convert.convert(tuple_value, to_list),
                   (lambda: pv.convert(peer_tuple, pv.CtyList(element_type=pv.CtyDynamic())))
                   if pv else None))

    nested = _nested_data(DEPTH)
    nty = _nested_type(DEPTH)
    pnty = _peer_nested_type(DEPTH) if pv else None
    out.append(Row("list nested 200 deep, from Python",
                   lambda: nested_floor(nested, DEPTH),
                   lambda: cty.from_python(nested, nty),
                   (lambda: pnty.validate(nested)) if pv else None))

    non_ascii = _non_ascii_data(N)
    non_ascii_bytes = msgspec.json.encode(non_ascii)
    non_ascii_value = cty.from_python(non_ascii, TYPE)
    ours_non_ascii = cty_json.Encoder(TYPE).encode(non_ascii_value)
    json_decoder = cty_json.Decoder(TYPE)
    peer_non_ascii = None
    if pv is not None:
        peer_non_ascii = cty_to_json(peer_list.validate(non_ascii), peer_list)
    out.append(Row("json decode, 1 in 100 names non-ASCII",
                   paused(lambda: msgspec.json.decode(non_ascii_bytes)),
                   lambda: json_decoder.decode(ours_non_ascii),
                   (lambda: cty_from_json(peer_non_ascii, peer_list)) if pv else None))
    return out


def scaling_rows(n: int) -> list[Row]:
    """Return the build and the two decodes of *n* resources (no peer: it takes minutes)."""
    data = python_data(n)
    plain = plain_data(n)
    out = [Row(f"from_python: {n:,} resources",
               paused(lambda: msgspec.convert(data, list[Resource])),
               lambda: cty.from_python(data, TYPE), None)]
    value = cty.from_python(data, TYPE)
    for fmt, enc, dec, ours_fmt in (
        ("msgpack", msgspec.msgpack.encode, msgspec.msgpack.decode, cty_msgpack),
        ("json", msgspec.json.encode, msgspec.json.decode, cty_json),
    ):
        plain_bytes = enc(plain)
        ours_bytes = ours_fmt.Encoder(TYPE).encode(value)
        d = ours_fmt.Decoder(TYPE)
        out.append(Row(f"{fmt} decode: {n:,} resources",
                       paused(lambda dec=dec, b=plain_bytes: dec(b)),
                       lambda d=d, b=ours_bytes: d.decode(b), None))
    return out


def retained_bytes(build: Callable[[], Any]) -> int:
    """Return the bytes that the result of *build* holds while alive (tracemalloc)."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = build()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return after - before


def import_time(module: str, repeat: int) -> float:
    """Return the median wall time of importing *module* in a fresh interpreter, less the
    interpreter's own start-up."""
    def run(code: str) -> float:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - t0
    base = statistics.median(run("pass") for _ in range(repeat))
    return statistics.median(run(f"import {module}") for _ in range(repeat)) - base


def _fmt(t: float | None) -> str:
    if t is None:
        return "-"
    return f"{t * 1e3:9.2f}ms" if t >= 1e-3 else f"{t * 1e6:9.1f}us"


def _print_row(row: Row, floor: float, ours: float, peer: float | None,
               extra: str = "") -> None:
    ratio = ours / floor
    verdict = "ok" if ratio <= row.target else "MISS"
    print(f"{row.name:44} {_fmt(floor):>11} {_fmt(ours):>11} {_fmt(peer):>11} "
          f"{ratio:10.2f}x {f'{peer / ours:9.1f}x' if peer else '-':>10}  "
          f"<{row.target:g}x {verdict}{extra}")


def main() -> None:
    """Run every workload and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="samples per contender")
    parser.add_argument("--rows", default="10000,100000,1000000",
                        help="resources in the scaling rows, comma-separated ('' for none)")
    parser.add_argument("--without-peer", action="store_true",
                        help="leave pyvider-cty out (it takes most of the run's time)")
    args = parser.parse_args()
    if args.without_peer:
        global pv
        pv = None

    peer_version = importlib.metadata.version("pyvider-cty") if pv else None
    print(f"# {platform.machine()}, Python {sys.version.split()[0]}, msgspec "
          f"{msgspec.__version__}, gmpy2 {importlib.metadata.version('gmpy2')}, pyvider-cty "
          f"{peer_version or 'not installed (pip install -e .[bench]): its column is empty'}")
    print(f"# medians of {args.repeat} interleaved samples; ours/floor: cty's time over msgspec's; "
          f"peer/ours: pyvider-cty's over cty's")
    print(f"{'workload':44} {'floor':>11} {'ours':>11} {'peer':>11} {'ours/floor':>11} "
          f"{'peer/ours':>10}  target")
    for row in rows():
        floor, ours, peer = interleaved([row.floor, row.ours, row.peer], args.repeat)
        assert floor is not None and ours is not None
        _print_row(row, floor, ours, peer)

    sizes = [int(n) for n in args.rows.split(",") if n]
    if sizes:
        print("\n# scaling: ours/floor at each size; growth: this size's time over the size "
              "before (target <11x for 10x the rows)")
    before: dict[str, tuple[float, float]] = {}
    for n in sizes:
        for row in scaling_rows(n):
            floor, ours, _ = interleaved([row.floor, row.ours, None], args.repeat)
            assert floor is not None and ours is not None
            kind = row.name.split(":")[0]
            growth = ""
            if kind in before:
                f0, o0 = before[kind]
                verdict = "ok" if ours / o0 <= 11 else "MISS"
                growth = f"  growth: ours {ours / o0:5.1f}x floor {floor / f0:5.1f}x {verdict}"
            before[kind] = (floor, ours)
            _print_row(row, floor, ours, None, growth)
            gc.collect()

    # each built from fresh data, which is dropped after: what remains is what the value holds
    plain = retained_bytes(lambda: plain_data(N))
    with_sets = retained_bytes(lambda: python_data(N))
    ours_mem = retained_bytes(lambda: cty.from_python(python_data(N), TYPE))
    print(f"\nmemory held, 10,000 resources: plain dicts and lists {plain / 1e6:.2f} MB "
          f"(with the zones as sets {with_sets / 1e6:.2f} MB), cty value "
          f"{ours_mem / 1e6:.2f} MB ({ours_mem / plain:.2f}x; target <1.0x)", end="")
    if pv is not None:
        _, peer_list = _peer_types()
        peer_mem = retained_bytes(lambda: peer_list.validate(python_data(N)))
        print(f", pyvider-cty {peer_mem / 1e6:.2f} MB ({peer_mem / plain:.2f}x)")
    else:
        print()
    editable = any("__editable__" in m for m in sys.modules)
    print(f"import cty: {import_time('cty', 7) * 1e3:.0f} ms (target <60 ms); of which "
          f"gmpy2 and msgspec: {import_time('gmpy2, msgspec', 7) * 1e3:.0f} ms"
          + ("; an editable install's import hook adds its own cost: measure an installed "
             "copy (pip install --target DIR .; PYTHONPATH=DIR)" if editable else ""))


if __name__ == "__main__":
    main()
