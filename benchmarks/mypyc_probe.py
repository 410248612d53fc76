"""What mypyc would give the hottest code: the generated object builder, compiled.

Issue #32 asks for a compiled build of the hot modules with mypyc where pure Python misses the
targets. The profiles put most of a build's and a decode's time in code the library writes at
run time, per object type (``<cty generated build ...>``: straight-line source compiled with
``compile()``), which no ahead-of-time compiler sees. This probe gives mypyc its best chance:
it takes the source the library generated for the benchmark's resource type, writes it into
a module with the same names around it, compiles that module with mypyc, and times the
compiled builder against the interpreted one on the 10,000 resources (interleaved rounds,
collector on, as in compare.py).

    pip install -e '.[dev]'          # mypy, which ships mypyc; a C compiler
    python benchmarks/mypyc_probe.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import importlib.util
import linecache
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from bench_encoding import RESOURCE  # the shared benchmark data
from bench_python import python_data

from cty._internal import fixed_builder


def module_text(builder: Any) -> str:
    """The source of a module holding *builder*'s generated source, its free names declared
    (set at run time) and a loop over rows."""
    source = "".join(linecache.getlines(builder.__code__.co_filename))
    names = sorted(k for k in builder.__globals__ if not k.startswith("__") and k != "build")
    head = ["from typing import Any\n\n"] + [f"{n}: Any = None\n" for n in names]
    tail = "\n\ndef build_all(rows: Any) -> Any:\n    return [build(x) for x in rows]\n"
    return "".join(head) + "\n\n" + source + tail


def load(path: Path, name: str) -> ModuleType:
    """Import the module at *path* (a .py file or a compiled extension) as *name*."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    """Compile the probe module, time both versions, print the result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="rounds")
    args = parser.parse_args()
    if shutil.which("mypyc") is None:
        sys.exit("mypyc is not installed (pip install mypy)")
    builder = fixed_builder(RESOURCE)
    text = module_text(builder)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe.py"
        src.write_text(text)
        interpreted = load(src, "probe_interpreted")
        subprocess.run(["mypyc", "probe.py"], cwd=tmp, check=True, capture_output=True)
        compiled = load(next(Path(tmp).glob("probe.*.so")), "probe")
    for module in (interpreted, compiled):
        for name, value in builder.__globals__.items():
            if not name.startswith("__") and name != "build":
                setattr(module, name, value)
    rows = python_data(10_000)
    assert repr(compiled.build_all(rows)) == repr(interpreted.build_all(rows))  # (payloads)
    times: dict[str, list[float]] = {"interpreted": [], "compiled": []}
    for _ in range(args.repeat):
        for label, module in (("interpreted", interpreted), ("compiled", compiled)):
            start = time.perf_counter()
            module.build_all(rows)
            times[label].append(time.perf_counter() - start)
    a, b = (statistics.median(times[k]) for k in ("interpreted", "compiled"))
    print(f"generated builder, 10,000 resources: interpreted {a * 1e3:.1f} ms, "
          f"compiled by mypyc {b * 1e3:.1f} ms (speed-up {a / b:.2f}x)")


if __name__ == "__main__":
    main()
