"""Run one benchmark against two revisions of the library, interleaved, and set the times side
by side.

    python benchmarks/before_after.py BEFORE AFTER [--rounds 3] -- benchmarks/bench_ops.py

Each revision is taken from git (``git archive``) and installed into its own folder (``pip
install --no-deps --target``), so both run as users run them (an editable checkout imports
through its own finder). The benchmark script is this checkout's, the same for both: the same
workload (``--own-script``: each revision's copy of it, run from the repository's top, for a
script that uses names the older revision lacks). Rounds alternate (before, after, before,
...), so a swing in the machine's load falls on both alike. Every time the script prints (a
number followed by ns, us, ms or s) is collected by its line, named by the words before the
line's first time; the table gives, for each time on such a line, the median of each revision's
rounds and after/before (a benchmark's baseline shows as a time like any other: it should not
move). Lines found in one revision's output only are left out of the table (the runs' full
output is kept in the work folder, printed at the end).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

_TIME = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s?(ns|us|µs|ms|s)\b")
_SCALE = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1.0}


def install(rev: str, work: Path) -> Path:
    """Install revision *rev* of this repository into a folder of *work*; return it."""
    src = work / f"src-{rev}"
    target = work / f"inst-{rev}"
    src.mkdir()
    archive = subprocess.run(["git", "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(src)], check=True)
    return target


def times(output: str) -> dict[str, list[float]]:
    """Return the times (seconds) on each line of *output* that has any, keyed by the line's
    words before its first time (and, for a label seen before, its count)."""
    found: dict[str, list[float]] = {}
    for line in output.splitlines():
        if line.startswith("#"):
            continue
        matches = list(_TIME.finditer(line))
        if not matches:
            continue
        label = " ".join(line[:matches[0].start()].split()) or "(a line of times)"
        key, n = label, 1
        while key in found:
            n += 1
            key = f"{label} ({n})"
        found[key] = [float(m[1].replace(",", "")) * _SCALE[m[2]] for m in matches]
    return found


def _fmt(t: float) -> str:
    if t >= 1:
        return f"{t:.3f}s"
    if t >= 1e-3:
        return f"{t * 1e3:.2f}ms"
    if t >= 1e-6:
        return f"{t * 1e6:.1f}us"
    return f"{t * 1e9:.0f}ns"


def print_table(title: str, before: list[dict[str, list[float]]],
                after: list[dict[str, list[float]]]) -> None:
    """Print each time found in every run of both revisions: the medians and after/before."""
    print(f"# {title}")
    print(f"{'line (its words before the first time)':62} {'before':>10} {'after':>10} "
          f"{'after/before':>13}")
    for key, first in before[0].items():
        olds = [run.get(key) for run in before]
        news = [run.get(key) for run in after]
        if any(v is None or len(v) != len(first) for v in olds + news):
            continue
        for i in range(len(first)):
            old = statistics.median(v[i] for v in olds if v is not None)
            new = statistics.median(v[i] for v in news if v is not None)
            label = f"{key[:52]}: time 1" if i == 0 else f"  time {i + 1}"
            ratio = f"{new / old:12.2f}x" if old else "-"
            print(f"{label:62} {_fmt(old):>10} {_fmt(new):>10} {ratio:>13}")


def main() -> None:
    """Install both revisions, run the benchmark in alternate rounds, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--own-script", action="store_true",
                        help="run each revision's own copy of the script (for a benchmark "
                        "that uses names the older revision lacks)")
    parser.add_argument("--outputs", type=Path,
                        help="tabulate the outputs an earlier run kept in this folder (no runs)")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    command = argv[split + 1:]
    if args.outputs is not None:
        runs = {rev: [times((args.outputs / f"{rev}-{r}.txt").read_text())
                      for r in range(args.rounds)] for rev in (args.before, args.after)}
        print_table(f"{args.outputs}: {args.before} (before) vs {args.after} (after), "
                    f"{args.rounds} rounds, medians", runs[args.before], runs[args.after])
        return
    if not command:
        parser.error("give the benchmark script and its arguments after --")
    script = Path(command[0]).resolve()
    relative = script.relative_to(Path.cwd().resolve()) if args.own_script else None

    work = Path(tempfile.mkdtemp(prefix="before-after-"))
    folders = {rev: install(rev, work) for rev in (args.before, args.after)}
    runs = {rev: [] for rev in folders}
    for r in range(args.rounds):
        for rev, folder in folders.items():
            env = dict(os.environ, PYTHONPATH=str(folder))
            own = script if relative is None else work / f"src-{rev}" / relative
            out = subprocess.run([sys.executable, str(own), *command[1:]], env=env, cwd=work,
                                 check=True, capture_output=True, text=True).stdout
            (work / f"{rev}-{r}.txt").write_text(out)
            runs[rev].append(times(out))
            print(f"# round {r + 1}/{args.rounds}: {rev} done", file=sys.stderr)
    print_table(f"{' '.join(command)}: {args.before} (before) vs {args.after} (after), "
                f"{args.rounds} alternate rounds, medians", runs[args.before], runs[args.after])
    print(f"# full outputs: {work}")


if __name__ == "__main__":
    main()
