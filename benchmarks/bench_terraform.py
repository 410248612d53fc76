"""cty.terraform's plan reader against the dicts: typing a plan of 10,000 resource changes
against a schema of 1,000 resource types.

    python benchmarks/bench_terraform.py [--rounds 3] [--changes 10000] [--types 1000]

The work, made with a fixed seed: a provider schema of ``--types`` resource types (each a
block of 4 to 12 attributes: strings, numbers, bools, maps and lists of strings, a nested
attribute set of objects, some computed, some sensitive; and a list block and a set block of
their own attributes), and a plan of ``--changes`` resource changes over them (creates with
their computed attributes unknown, updates, replacements, deletes), as ``terraform show
-json`` writes it, with its planned values.

Contenders, each the best of ``--rounds`` rounds in one process:

* the dicts (the baseline): ``json.loads`` of the document, then a walk by hand over every
  resource change that puts ``after``, ``after_unknown`` and ``after_sensitive`` together the
  way a careful tool does (each unknown leaf a marker, each sensitive one wrapped), and
  ``before`` with ``before_sensitive``;
* ``read_plan(document, schemas)``: the typed plan (values of each resource type's implied
  type, unknown and marked at any depth);
* ``read_plan(document)``: the same without schemas (types from the JSON).

Memory: what each keeps once done (the dicts json.loads made, and the walk's output; the
``Plan``), and the peak on the way, by tracemalloc.

Results: benchmarks/results/bench_terraform.txt.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from cty.terraform import read_plan, read_provider_schemas

PROVIDER = "registry.terraform.io/example/bench"


# --- the schema -----------------------------------------------------------------------------

def _attributes(rng: random.Random, n: int) -> dict[str, dict[str, Any]]:
    kinds: list[Any] = ["string", "number", "bool", ["map", "string"], ["list", "string"]]
    out: dict[str, dict[str, Any]] = {"id": {"type": "string", "computed": True}}
    for i in range(n):
        a: dict[str, Any] = {"type": rng.choice(kinds)}
        a["computed" if rng.random() < 0.2 else "optional"] = True
        if rng.random() < 0.1:
            a["sensitive"] = True
        out[f"attr_{i}"] = a
    return out


def make_schema(rng: random.Random, types: int) -> dict[str, Any]:
    resources = {}
    for t in range(types):
        block: dict[str, Any] = {"attributes": _attributes(rng, rng.randint(4, 12))}
        block["attributes"]["rules"] = {"nested_type": {"nesting_mode": "set", "attributes": {
            "port": {"type": "number", "required": True},
            "cidr": {"type": "string", "optional": True}}}, "optional": True}
        block["block_types"] = {
            "disk": {"nesting_mode": "list", "block": {"attributes": _attributes(rng, 3)}},
            "tag": {"nesting_mode": "set", "block": {"attributes": {
                "key": {"type": "string", "required": True},
                "value": {"type": "string", "optional": True}}}}}
        resources[f"bench_type_{t}"] = {"version": 0, "block": block}
    return {"format_version": "1.0",
            "provider_schemas": {PROVIDER: {"resource_schemas": resources}}}


# --- the plan -------------------------------------------------------------------------------

def _leaf(rng: random.Random, ty: Any) -> Any:
    if ty == "string":
        return f"v-{rng.randrange(10**6)}"
    if ty == "number":
        return rng.choice([rng.randrange(1000), round(rng.random() * 100, 3)])
    if ty == "bool":
        return rng.random() < 0.5
    if ty == ["map", "string"]:
        return {f"k{i}": f"v{i}" for i in range(rng.randint(0, 3))}
    return [f"e{i}" for i in range(rng.randint(0, 3))]


def _object(rng: random.Random, attrs: dict[str, Any], create: bool
            ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(after without unknowns, after_unknown, after_sensitive) of one object."""
    after: dict[str, Any] = {}
    unknown: dict[str, Any] = {}
    sensitive: dict[str, Any] = {}
    for name in sorted(attrs):
        a = attrs[name]
        ty = a["type"]
        if a.get("computed") and create:
            unknown[name] = True
        else:
            after[name] = _leaf(rng, ty)
            if isinstance(after[name], list):
                unknown[name] = [False] * len(after[name])
                sensitive[name] = [False] * len(after[name])
            elif isinstance(after[name], dict):
                unknown[name] = {}
                sensitive[name] = {}
        if a.get("sensitive"):
            sensitive[name] = True
    return after, unknown, sensitive


def _resource_value(rng: random.Random, block: dict[str, Any], create: bool
                    ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    after, unknown, sensitive = _object(rng, {k: v for k, v in block["attributes"].items()
                                              if "type" in v}, create)
    disks = [_object(rng, block["block_types"]["disk"]["block"]["attributes"], create)
             for _ in range(rng.randint(0, 2))]
    after["disk"] = [d[0] for d in disks]
    unknown["disk"] = [d[1] for d in disks]
    sensitive["disk"] = [d[2] for d in disks]
    rules = sorted({(rng.randrange(1, 65536), f"10.{i}.0.0/16") for i in range(2)})
    after["rules"] = [{"cidr": c, "port": p} for p, c in rules]
    unknown["rules"] = [{} for _ in rules]
    sensitive["rules"] = [{} for _ in rules]
    after["tag"] = []
    unknown["tag"] = []
    sensitive["tag"] = []
    return ({k: after[k] for k in sorted(after)}, {k: unknown[k] for k in sorted(unknown)},
            {k: sensitive[k] for k in sorted(sensitive)})


def make_plan(rng: random.Random, schema: dict[str, Any], changes: int) -> bytes:
    resources = schema["provider_schemas"][PROVIDER]["resource_schemas"]
    names = sorted(resources)
    out = []
    planned = []
    for i in range(changes):
        type_name = rng.choice(names)
        block = resources[type_name]["block"]
        action = rng.choice(["create", "create", "update", "replace", "delete"])
        address = f"{type_name}.r{i}"
        after, unknown, sensitive = _resource_value(rng, block, action in ("create", "replace"))
        before, _, before_s = _resource_value(rng, block, False)
        change: dict[str, Any] = {
            "actions": {"create": ["create"], "update": ["update"], "delete": ["delete"],
                        "replace": ["delete", "create"]}[action],
            "before": None if action == "create" else before,
            "after": None if action == "delete" else after,
            "after_unknown": {} if action == "delete" else unknown,
            "before_sensitive": False if action == "create" else before_s,
            "after_sensitive": False if action == "delete" else sensitive}
        out.append({"address": address, "mode": "managed", "type": type_name,
                    "name": f"r{i}", "provider_name": PROVIDER, "change": change})
        if action != "delete":
            planned.append({"address": address, "mode": "managed", "type": type_name,
                            "name": f"r{i}", "provider_name": PROVIDER, "schema_version": 0,
                            "values": after, "sensitive_values": sensitive})
    doc = {"format_version": "1.2", "terraform_version": "1.9.5",
           "planned_values": {"root_module": {"resources": planned}},
           "resource_changes": out}
    return json.dumps(doc, separators=(",", ":")).encode() + b"\n"


# --- the baseline: the dicts, walked by hand ------------------------------------------------

class Unknown:
    """The walk's marker for an unknown leaf."""


UNKNOWN = Unknown()


class Sensitive:
    """The walk's wrapper of a sensitive value."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def merge(value: Any, unknown: Any, sensitive: Any) -> Any:
    """*value* with its unknown leaves UNKNOWN and its sensitive parts wrapped."""
    if sensitive is True:
        return Sensitive(merge(value, unknown, False))
    if unknown is True:
        return UNKNOWN
    if isinstance(value, dict):
        u = unknown if isinstance(unknown, dict) else {}
        s = sensitive if isinstance(sensitive, dict) else {}
        out = {k: merge(v, u.get(k, False), s.get(k, False)) for k, v in value.items()}
        for k, v in u.items():
            if v is True and k not in out:
                out[k] = UNKNOWN
        return out
    if isinstance(value, list):
        u = unknown if isinstance(unknown, list) else []
        s = sensitive if isinstance(sensitive, list) else []
        return [merge(v, u[i] if i < len(u) else False, s[i] if i < len(s) else False)
                for i, v in enumerate(value)]
    return value


def dicts(document: bytes) -> Any:
    tree = json.loads(document)
    changes = []
    for rc in tree.get("resource_changes", []):
        c = rc["change"]
        changes.append((rc["address"],
                        merge(c.get("before"), False, c.get("before_sensitive", False)),
                        merge(c.get("after"), c.get("after_unknown", False),
                              c.get("after_sensitive", False))))
    planned = [merge(r.get("values"), False, r.get("sensitive_values", False))
               for r in tree["planned_values"]["root_module"].get("resources", [])]
    return tree, changes, planned


# --- measuring ------------------------------------------------------------------------------

def best(rounds: int, fn: Callable[[], Any]) -> float:
    times = []
    for _ in range(rounds):
        gc.collect()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def memory(fn: Callable[[], Any]) -> tuple[int, int]:
    """(bytes kept by what *fn* returns, peak bytes while it ran)."""
    gc.collect()
    tracemalloc.start()
    result = fn()
    gc.collect()
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del result
    return kept, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--changes", type=int, default=10_000)
    parser.add_argument("--types", type=int, default=1_000)
    args = parser.parse_args()
    rng = random.Random(50)
    schema_doc = make_schema(rng, args.types)
    schemas = read_provider_schemas(json.dumps(schema_doc))
    for name in schemas.providers[PROVIDER].resources:  # (implied types made once, up front)
        schemas.resource(name).implied_type()
    document = make_plan(rng, schema_doc, args.changes)
    print(f"plan: {len(document) / 1e6:.1f} MB, {args.changes} resource changes over "
          f"{args.types} resource types")
    base = best(args.rounds, lambda: dicts(document))
    typed = best(args.rounds, lambda: read_plan(document, schemas))
    untyped = best(args.rounds, lambda: read_plan(document))
    print(f"json.loads + walking the dicts: {base * 1000:8.0f} ms")
    print(f"read_plan with schemas:         {typed * 1000:8.0f} ms  "
          f"({typed / base:.2f}x the dicts; target <= 2x)")
    print(f"read_plan without schemas:      {untyped * 1000:8.0f} ms  "
          f"({untyped / base:.2f}x the dicts)")
    base_kept, base_peak = memory(lambda: dicts(document))
    typed_kept, typed_peak = memory(lambda: read_plan(document, schemas))
    print(f"memory kept: dicts {base_kept / 1e6:.0f} MB, typed plan {typed_kept / 1e6:.0f} MB "
          f"({typed_kept / base_kept:.2f}x; target <= 2x)")
    print(f"memory peak: dicts {base_peak / 1e6:.0f} MB, typed plan {typed_peak / 1e6:.0f} MB "
          f"({typed_peak / base_peak:.2f}x)")


if __name__ == "__main__":
    main()
