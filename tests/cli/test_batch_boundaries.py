"""The command's readers end on every size of input (issue #46: a JSON Lines text of 0 bytes,
or of exactly one piece, made `cty check` spin for ever).

Texts of every size around each batch boundary (0, 1, a piece and two pieces, each give or
take a few bytes), as JSON Lines and as one JSON array, read to the end: every record comes
back once, in order. The reader is guarded: a loop that stops making progress fails the test
at once instead of hanging it.
"""

from __future__ import annotations

import io
import subprocess
from pathlib import Path
from typing import Any

import msgspec
import pytest

from cty.cli._records import PIECE, Reader, array_batches, line_batches, start

from .test_cli import SCRIPT

SIZES = sorted({0, 1, 2, 3, *(n + d for n in (PIECE, 2 * PIECE) for d in range(-3, 4))})


class GuardedReader(Reader):
    """A Reader that fails when it is asked to fill far more often than the text needs."""

    def __init__(self, data: bytes) -> None:
        super().__init__(io.BufferedReader(io.BytesIO(data)))  # type: ignore[arg-type]
        self.fills = 0
        self.most = 1000 + 4 * (len(data) // PIECE + 1)

    def fill(self, least: int = PIECE) -> None:
        self.fills += 1
        if self.fills > self.most:
            raise AssertionError(f"the reader was asked to fill {self.fills} times: a loop")
        super().fill(least)


def _lines_of_size(size: int, newline_at_end: bool) -> tuple[bytes, list[Any]]:
    """JSON Lines text of exactly *size* bytes: string records, the last one padded."""
    if size == 0:
        return b"", []
    records: list[Any] = []
    parts: list[bytes] = []
    left = size
    while left > 0:
        # a record is '"' + x * k + '"' + newline: at least 3 bytes; a shorter rest is blank
        # lines
        k = min(left, 5000) - 3
        if k < 0:
            parts.append(b"\n" * left)
            break
        line = b'"' + b"x" * k + b'"'
        records.append("x" * k)
        parts.append(line + b"\n")
        left -= len(line) + 1
    text = b"".join(parts)
    if not newline_at_end and text.endswith(b'"\n'):
        text = text[:-1] + b" "
    assert len(text) == size
    return text, records


def _array_of_size(size: int) -> tuple[bytes, list[Any]] | None:
    """A JSON array of exactly *size* bytes of string elements, or None if none is so small."""
    if size < 2:
        return None
    if size < 4:
        return b"[" + b" " * (size - 2) + b"]", []
    records: list[Any] = []
    parts: list[bytes] = []
    left = size - 2
    while left > 0:
        k = min(left, 5000) - 3  # '"' + x * k + '"' + ','
        if k < 0:
            break
        records.append("x" * k)
        parts.append(b'"' + b"x" * k + b'"')
        left -= k + 3
    body = b",".join(parts)
    return b"[" + body + b" " * (size - 2 - len(body)) + b"]", records


@pytest.mark.parametrize("newline_at_end", [True, False])
@pytest.mark.parametrize("size", SIZES)
def test_json_lines_of_every_size_are_read_to_the_end(size: int, newline_at_end: bool) -> None:
    text, want = _lines_of_size(size, newline_at_end)
    reader = GuardedReader(text)
    got = [r for batch in line_batches(reader) for r in batch.records]
    assert got == want


@pytest.mark.parametrize("size", SIZES)
def test_arrays_of_every_size_are_read_to_the_end(size: int) -> None:
    made = _array_of_size(size)
    if made is None:
        return
    text, want = made
    assert msgspec.json.decode(text) == want
    reader = GuardedReader(text)
    assert start(reader) == b"["
    got = [r for batch in array_batches(reader) for r in batch.records]
    assert got == want


@pytest.mark.slow
@pytest.mark.parametrize("size", [0, PIECE])
def test_the_command_ends_on_an_empty_or_one_piece_file(tmp_path: Path, size: int) -> None:
    text, want = _lines_of_size(size, True)
    path = tmp_path / "records.jsonl"
    path.write_bytes(text)
    done = subprocess.run([str(SCRIPT), "check", "--type", "string", str(path)],
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    done = subprocess.run([str(SCRIPT), "convert", "--type", "string", "--lines"],
                          input=text, capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(b"\n") == len(want)


def test_deep_records_are_read_at_any_depth() -> None:
    # (#47: msgspec's C recursion stops near a thousand levels: a RecursionError came out)
    deep = b"[" * 3000 + b"1" + b"]" * 3000
    assert _unnested(_values(line_batches(GuardedReader(deep + b"\n" + deep)))[1]) == (3000, 1)
    reader = GuardedReader(b"[" + deep + b", 2, " + deep + b"]")
    assert start(reader) == b"["
    got = _values(array_batches(reader))
    assert got[1] == 2
    assert _unnested(got[2]) == (3000, 1)
    # (a line that is not JSON is no record: its problem goes with the batch)
    [batch] = list(line_batches(GuardedReader(deep[:-1])))
    assert batch.records == []
    assert [p.message.startswith("not valid JSON") for p in batch.syntax] == [True]


def _values(batches: Any) -> list[Any]:
    return [r for batch in batches for r in batch.records]


def _unnested(x: Any) -> tuple[int, Any]:
    """How many single-element lists *x* is nested in, and what is inside (a loop: Python's
    own comparison of such lists recurses)."""
    depth = 0
    while isinstance(x, list) and len(x) == 1:
        x, depth = x[0], depth + 1
    return depth, x


@pytest.mark.slow
def test_the_command_reads_deep_documents(tmp_path: Path) -> None:
    deep = "[" * 3000 + "1" + "]" * 3000
    for name, text in (("deep.json", deep), ("deep.jsonl", f"{deep}\n{{\"a\": {deep}}}\n")):
        path = tmp_path / name
        path.write_text(text)
        for command in ("check", "convert"):
            done = subprocess.run([str(SCRIPT), command, "--type", "any", str(path)],
                                  capture_output=True, timeout=300, check=False)
            assert done.returncode == 0, done.stderr.decode()[-500:]
            assert b"Traceback" not in done.stderr
