"""The fuzz suite: random and mutated bytes into every decoder, random data into from_python
and convert, and every input the fuzzers ever found, replayed.

Each target (tests/fuzz/targets.py) may only return or raise the errors it documents, and
what a decoder accepts must round-trip. Hypothesis mutates each target's seeds (valid
inputs) by flipping, inserting, deleting, duplicating and truncating bytes, and also feeds
plain random bytes. ``python -m tests.fuzz.run_atheris`` runs the same targets under
coverage-guided fuzzing by hand; the inputs it finds go into ``corpus/<target>/``.
"""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .._examples import examples
from .targets import Target, targets

TARGETS = targets()
CORPUS = pathlib.Path(__file__).parent / "corpus"


@st.composite
def _mutated(draw: st.DrawFn, seeds: tuple[bytes, ...]) -> bytes:
    data = bytearray(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["flip", "set", "insert", "delete", "duplicate", "truncate"]))
        at = draw(st.integers(0, len(data)))
        if op == "flip" and at < len(data):
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "set" and at < len(data):
            data[at] = draw(st.sampled_from([0x00, 0x7F, 0x80, 0xC0, 0xC1, 0xD4, 0xDB, 0xDD,
                                             0xFF, ord("["), ord('"'), ord("\\")]))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif op == "delete":
            del data[at:at + draw(st.integers(1, 8))]
        elif op == "duplicate":
            data[at:at] = data[at:at + draw(st.integers(1, 16))]
        elif op == "truncate":
            del data[at:]
    return bytes(data)


def _inputs(target: Target) -> st.SearchStrategy[bytes]:
    return _mutated(target.seeds) | st.binary(max_size=48)


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_the_seeds_pass(name: str) -> None:
    target = TARGETS[name]
    for seed in target.seeds:
        target.fn(seed)


@pytest.mark.parametrize("name", sorted(TARGETS))
@settings(max_examples=examples(150))
@given(data=st.data())
def test_fuzzed_input_raises_only_documented_errors(name: str, data: st.DataObject) -> None:
    target = TARGETS[name]
    target.fn(data.draw(_inputs(target), label="input"))


def _corpus() -> list[tuple[str, pathlib.Path]]:
    return sorted((p.parent.name, p) for p in CORPUS.glob("*/*") if p.is_file())


def test_every_corpus_directory_names_a_target() -> None:
    assert {d.name for d in CORPUS.iterdir() if d.is_dir()} <= set(TARGETS)


@pytest.mark.parametrize(("name", "path"), _corpus(), ids=lambda x: getattr(x, "name", x))
def test_inputs_the_fuzzers_found_stay_fixed(name: str, path: pathlib.Path) -> None:
    TARGETS[name].fn(path.read_bytes())
