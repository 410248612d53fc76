"""Coverage-guided fuzzing of one target with atheris (libFuzzer), by hand.

    pip install atheris
    python -m tests.fuzz.run_atheris TARGET [libFuzzer options]
    python -m tests.fuzz.run_atheris json_unmarshal -max_total_time=120 -timeout=5

TARGET is a name from tests/fuzz/targets.py. The run starts from the target's seeds and its
regression inputs in tests/fuzz/corpus/TARGET/, works in a scratch corpus directory (printed),
and stops at the first input that raises an undocumented error or runs past ``-timeout``
seconds (libFuzzer writes it as ./crash-* or ./timeout-*). Copy such an input into
tests/fuzz/corpus/TARGET/ under a name that says what it found, and fix the bug; test_fuzz.py
replays every input there.
"""

from __future__ import annotations

import pathlib
import sys
import tempfile


def main(argv: list[str]) -> None:
    """Fuzz the target named in *argv* with libFuzzer's options that follow it."""
    import atheris  # an optional tool: imported only when fuzzing by hand

    from .targets import targets

    if len(argv) < 2 or argv[1] not in targets():
        sys.exit(f"usage: python -m tests.fuzz.run_atheris TARGET [options]; targets: "
                 f"{', '.join(sorted(targets()))}")
    name = argv[1]
    target = targets()[name]
    work = pathlib.Path(tempfile.mkdtemp(prefix=f"cty-fuzz-{name}-"))
    for i, seed in enumerate(target.seeds):
        (work / f"seed-{i}").write_bytes(seed)
    regressions = pathlib.Path(__file__).parent / "corpus" / name
    if regressions.is_dir():
        for p in regressions.iterdir():
            (work / f"regression-{p.name}").write_bytes(p.read_bytes())
    print(f"fuzzing {name}; corpus in {work}", flush=True)
    atheris.instrument_all()  # coverage guidance over the library's (and msgspec's) Python code
    atheris.Setup([argv[0], *argv[2:], str(work)], target.fn)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
