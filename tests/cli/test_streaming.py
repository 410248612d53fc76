"""``cty convert`` and ``cty check`` on files of many records: read a batch at a time, every
error at its line and column, outputs the same as the whole value written at once."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import msgspec
import pytest

import cty
from cty.convert import convert_with_defaults, parse_type_with_defaults
from cty.encoding import gob
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack

from .test_cli import SCRIPT

pytestmark = pytest.mark.slow  # each test starts the console script: a process

SCHEMA = """list(object({
  name = string
  port = optional(number, 80)
  tags = optional(map(string), {})
  zones = optional(set(string))
  rules = optional(list(object({from = number, proto = optional(string, "tcp")})), [])
}))"""


def run_bytes(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(SCRIPT), *args], input=stdin, capture_output=True,
                          timeout=120, check=False)


def records(n: int, seed: int = 7) -> list[dict[str, object]]:
    rng = random.Random(seed)
    out: list[dict[str, object]] = []
    for i in range(n):
        r: dict[str, object] = {"name": f"svc-{i}", "tags": {"team": rng.choice("abc")}}
        if rng.random() < 0.5:
            r["port"] = rng.choice([80, 443, 8080, 0.5, -3, 12345678901234567890])
        if rng.random() < 0.3:
            r["zones"] = rng.sample(["a", "b", "c", "\u00e9"], 2)
        if rng.random() < 0.3:
            r["rules"] = [{"from": rng.randrange(100)}, {"from": 1, "proto": "udp"}]
        if rng.random() < 0.05:
            r["port"] = str(rng.randrange(100))  # converts, by the full path
        out.append(r)
    return out


def whole(data: bytes) -> cty.Value:
    """The value the whole document converts to, by the library in one call."""
    ty, defaults = parse_type_with_defaults(SCHEMA)
    value = cty_json.unmarshal(data, cty_json.implied_type(data))
    return convert_with_defaults(value, ty, defaults)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """A pretty-printed array of 12,000 records: a few megabytes, so many batches."""
    data = msgspec.json.format(msgspec.json.encode(records(12_000)), indent=2)
    path = tmp_path_factory.mktemp("big") / "services.json"
    path.write_bytes(data)
    return path, data


@pytest.mark.slow
def test_an_array_converts_to_what_the_whole_value_gives(big: tuple[Path, bytes]) -> None:
    path, data = big
    want = whole(data)
    schema = want.type()
    p = run_bytes("convert", "-t", SCHEMA, str(path))
    assert (p.returncode, p.stderr) == (0, b"")
    assert p.stdout == cty_json.marshal(want, schema) + b"\n"
    p = run_bytes("convert", "-t", SCHEMA, "--to", "msgpack", "-", stdin=data)
    assert (p.returncode, p.stderr) == (0, b"")
    assert p.stdout == cty_msgpack.marshal(want, schema)  # one value: the count goes first


@pytest.mark.slow
def test_gob_output_is_a_stream_of_the_records(big: tuple[Path, bytes], tmp_path: Path) -> None:
    path, data = big
    out = tmp_path / "out.gob"
    p = run_bytes("convert", "-t", SCHEMA, "--to", "gob", "-o", str(out), str(path))
    assert (p.returncode, p.stderr) == (0, b"")
    with out.open("rb") as f:
        got = list(gob.Decoder(f))
    assert got == list(whole(data).as_value_slice())


@pytest.mark.slow
def test_json_lines_are_records_each(tmp_path: Path) -> None:
    ty = SCHEMA.removeprefix("list(").removesuffix(")")
    rows = records(3000)
    text = b"\n".join(msgspec.json.encode(r) for r in rows) + b"\n\n"
    path = tmp_path / "services.jsonl"
    path.write_bytes(text)
    want = list(whole(msgspec.json.encode(rows)).as_value_slice())
    p = run_bytes("convert", "-t", ty, str(path))
    assert (p.returncode, p.stderr) == (0, b"")
    lines = p.stdout.splitlines()
    assert len(lines) == len(want)
    assert [cty_json.unmarshal(line, want[0].type()) for line in lines] == want
    p = run_bytes("convert", "-t", ty, "--lines", "--to", "msgpack", "-", stdin=text)
    assert p.returncode == 0
    assert p.stdout == b"".join(cty_msgpack.marshal(v, v.type()) for v in want)
    bad = text.replace(b'"name":"svc-2000"', b'"name":["svc-2000"]')
    p = run_bytes("check", "-t", ty, "--lines", "-", stdin=bad)
    assert p.returncode == 1
    assert p.stderr.decode().splitlines()[0] == \
        "-:2001:9: .name: string required, but have tuple"


def test_errors_deep_in_a_big_file_name_their_line_and_column(tmp_path: Path) -> None:
    rows = records(12_000)
    rows[9_000]["rules"] = [{"from": 1}, {"proto": "udp-9000"}]
    rows[11_999]["tags"] = {"team": {"x9": 1}}
    bad = msgspec.json.format(msgspec.json.encode(rows), indent=2)
    path = tmp_path / "bad.json"
    path.write_bytes(bad)
    p = run_bytes("check", "-t", SCHEMA, str(path))
    assert p.returncode == 1
    lines = bad.splitlines()
    errors = p.stderr.decode().splitlines()
    assert errors[-1] == "cty: 1 of 1 file does not conform (2 errors)"
    for error, needle in zip(errors, [b'"udp-9000"', b'"x9"'], strict=False):
        where, _, _ = error.partition(": ")
        _, line, column = where.split(":")
        at = next(i for i, text in enumerate(lines) if needle in text)
        assert int(line) == at  # (the object holding it starts a line before, at a "{")
        assert lines[int(line) - 1][int(column) - 1:int(column)] == b"{"
    assert errors[0].endswith(': [9000].rules[1]: attribute "from" is required')
    assert errors[1].endswith(': [11999].tags["team"]: string required, but have object')


def test_a_syntax_error_far_into_the_file_is_found_at_its_place(
        big: tuple[Path, bytes], tmp_path: Path) -> None:
    _, data = big
    lines = data.splitlines()
    lines[40_000] = lines[40_000] + b" oops"
    path = tmp_path / "broken.json"
    path.write_bytes(b"\n".join(lines))
    p = run_bytes("check", "-t", SCHEMA, str(path))
    assert p.returncode == 1
    first = p.stderr.decode().splitlines()[0]
    assert first.startswith(f"{path}:40001:")
    assert "not valid JSON" in first


@pytest.mark.parametrize(("text", "message"), [
    (b'[{"name": "a"}, {"name": "b\xff"}]',
     ":1:28: not valid JSON: not UTF-8 (invalid start byte)"),
    (b'[{"name": "a"},\n {"name": "b", "name": "c"}]',
     ':2:24: [1]: the key "name" is given twice (first at line 2, column 11; '
     "--allow-duplicate-keys takes the last)"),
    (b'[{"name": "a", "tags": {"k": "1", "k": "2"}}]',
     ':1:40: [0].tags: the key "k" is given twice (first at line 1, column 30; '
     "--allow-duplicate-keys takes the last)"),
])
def test_bad_text_is_reported_where_it_is(text: bytes, message: str) -> None:
    p = run_bytes("check", "-t", SCHEMA, "-", stdin=text)
    assert p.returncode == 1
    assert p.stderr.decode().splitlines()[0] == "-" + message


def test_duplicate_keys_may_be_allowed_the_last_wins() -> None:
    text = b'[{"name": "a", "name": "b"}]'
    p = run_bytes("convert", "-t", SCHEMA, "--allow-duplicate-keys", "-", stdin=text)
    assert p.returncode == 0
    assert p.stdout.startswith(b'[{"name":"b"')


def test_a_byte_order_mark_is_accepted() -> None:
    p = run_bytes("convert", "-t", SCHEMA, "-", stdin=b'\xef\xbb\xbf[{"name": "a"}]')
    assert (p.returncode, p.stderr) == (0, b"")
    p = run_bytes("convert", "-t", "object({a=number})", "-", stdin=b'\xef\xbb\xbf{"a": 1}')
    assert (p.returncode, p.stdout) == (0, b'{"a":1}\n')
    p = run_bytes("check", "-t", "number", "-", stdin=b'\xef\xbb\xbf "x"')
    assert p.stderr.decode().splitlines()[0] == "-:1:2: a number is required"


def test_multi_document_yaml_is_records_each() -> None:
    text = b"name: a\n---\nname: b\nport: 8\n---\nport: x\n"
    ty = "object({name = string, port = optional(number, 80)})"
    p = run_bytes("convert", "-t", ty, "--from", "yaml", "-", stdin=text)
    assert p.returncode == 1
    assert p.stderr.decode().splitlines() == [
        '-:6:1: attribute "name" is required',
        "-:6:7: .port: a number is required",
    ]
    p = run_bytes("convert", "-t", ty, "--from", "yaml", "-", stdin=text.split(b"---\nport: x")[0])
    assert (p.returncode, p.stdout) == (0, b'{"name":"a","port":80}\n{"name":"b","port":8}\n')


def test_bad_data_leaves_no_output(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    out.write_text("old")
    p = run_bytes("convert", "-t", SCHEMA, "-o", str(out), "-", stdin=b'[{"port": 1}]')
    assert (p.returncode, p.stdout) == (1, b"")
    assert out.read_text() == "old"
    assert [f.name for f in tmp_path.iterdir()] == ["out.json"]


@pytest.mark.slow
def test_records_larger_than_a_batch(tmp_path: Path) -> None:
    rows = [{"name": f"r{i}", "tags": {f"k{j}": "v" * 20 for j in range(40_000)}}
            for i in range(3)]  # about 1.3 MB each, more than a piece of reading
    data = msgspec.json.encode(rows)
    path = tmp_path / "large.json"
    path.write_bytes(data)
    p = run_bytes("convert", "-t", SCHEMA, str(path))
    assert (p.returncode, p.stderr) == (0, b"")
    assert p.stdout == cty_json.marshal(whole(data), whole(data).type()) + b"\n"


@pytest.mark.parametrize(("text", "ok"), [
    (b'[{"name": "http://a:8080"}, {"name": "b", "tags": {"t": "12:30"}}]', True),
    (b'[{"name": "a:b", "name": "c"}]', False),  # a colon in a string, and a key twice
    (b'[{"name": "a", "tags": {"k": "x", "k": "x"}}]', False),
    (b'[{"name": "a", "ports": 1}, {"name": "b", "name": "b"}]', False),  # (one declined)
])
def test_keys_given_twice_are_found_whatever_the_strings_hold(text: bytes, ok: bool) -> None:
    p = run_bytes("check", "-t", SCHEMA, "-", stdin=text)
    assert p.returncode == (0 if ok else 1)
    assert (b"given twice" in p.stderr) is not ok
