"""Make tests/vectors/base64gzip_large.jsonl: Terraform's base64gzip (Go's compress/gzip, the
oracle shim tests/oracle_shims/funcs/zz_gzip.go) of texts too large to store, made from seeds
(tests/vectors/tools/gzip_inputs.py): each line the text's seed, kind and size and the SHA-256
of Go's answer. They reach past Go's 64 KiB window (its window moves), past its 16,384 tokens
a block, and past the 65,535 bytes a stored block holds.

    sh tests/oracle_shims/funcs/build.sh
    python -m tests.vectors.tools.make_base64gzip_large /tmp/funcsoracle/ctyoracle
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ._oracle import answered, oracle_path
from .gzip_inputs import KINDS, text

OUT = Path(__file__).resolve().parents[1] / "base64gzip_large.jsonl"
SIZES = (20_000, 70_000, 140_000, 300_000)


def main() -> None:
    specs = [(seed, kind, size) for seed, (kind, size) in
             enumerate((k, s) for k in KINDS for s in SIZES)]
    cases = [{"id": f"gzip-{seed}", "op": "call", "name": "tf:base64gzip",
              "args": [{"type": "string", "value": {"string": text(seed, kind, size)}}]}
             for seed, kind, size in specs]
    lines = []
    for (seed, kind, size), (_, expect) in zip(specs, answered(oracle_path(), cases),
                                               strict=True):
        digest = hashlib.sha256(expect["value"]["string"].encode()).hexdigest()
        lines.append(json.dumps({"seed": seed, "kind": kind, "size": size, "sha256": digest}))
    OUT.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    print(f"{len(lines)} lines -> {OUT}")


if __name__ == "__main__":
    main()
