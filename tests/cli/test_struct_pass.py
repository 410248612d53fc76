"""The struct pass (cty/cli/_struct_pass.py): batches of plain records decoded into msgspec
Structs and written back as cty JSON, byte for byte what the full path writes; everything
else declined, to go the full way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cty
from cty.cli import _pipeline as pipeline
from cty.cli import main
from cty.cli._struct_pass import StructPass, plan_struct_pass
from cty.convert import Defaults, parse_type_with_defaults
from cty.encoding import json as cty_json
from cty.testing import strategies as cst

from .._examples import examples
from ..encoding.test_typed_pass import damaged, defaults_for, full_path

SCHEMA = """object({
  name     = string
  region   = optional(string, "us-east-1")
  count    = optional(number, 1.50)
  note     = optional(string, "<a&b>")
  tags     = optional(map(string), {})
  zones    = optional(set(string))
  ports    = optional(set(number), [443, 80])
  rules    = optional(list(object({
    from  = number
    proto = optional(string, "tcp")
    cidrs = optional(list(string), ["0.0.0.0/0"])
  })), [{from = 1}])
  pair     = optional(tuple([string, bool]))
  enabled  = optional(bool, true)
})"""


def expected(lines: list[bytes], ty: cty.Type, defaults: Defaults | None
             ) -> list[bytes] | None:
    """Each record's cty JSON by the full path (None if one of them has an error)."""
    schema = ty.without_optional_attributes_deep()
    out = []
    for line in lines:
        got = full_path(line, ty, defaults, False)
        if not isinstance(got, cty.Value):
            return None
        out.append(cty_json.marshal(got, schema))
    return out


def repeats_a_key(text: bytes) -> bool:
    """Whether some object in the JSON *text* gives a key twice."""
    found = [False]

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        if len({k for k, _ in items}) < len(items):
            found[0] = True
        return dict(items)

    json.loads(text, object_pairs_hook=pairs)
    return found[0]


def taken(plan: StructPass, lines: list[bytes]) -> tuple[bytes | None, bytes | None]:
    """What the pass writes for *lines* as JSON Lines and as an array (None: declined)."""
    text = b"".join(line + b"\n" for line in lines)
    records = plan.decode_lines(text)
    as_lines = None if records is None else plan.encode(records, text, lines=True)
    body = b",".join(lines)
    records = plan.decode_array(b"[" + body + b"]")
    as_array = None if records is None else plan.encode(records, body, lines=False)
    return as_lines, as_array


def check(lines: list[bytes], ty: cty.Type, defaults: Defaults | None) -> bool:
    """Assert the pass writes what the full path writes, or declines; return whether it
    took the records."""
    plan = plan_struct_pass(ty, defaults, duplicates=True)
    assert plan is not None
    as_lines, as_array = taken(plan, lines)
    if as_lines is None and as_array is None:
        return False
    want = expected(lines, ty, defaults)
    assert want is not None, "the pass took records the full path refuses"
    assert not any(repeats_a_key(line) for line in lines), "a key given twice was taken"
    if as_lines is not None:
        assert as_lines == b"".join(w + b"\n" for w in want)
    if as_array is not None:
        assert as_array == b",".join(want)
    return True


def record_text(draw: st.DrawFn, data: Any) -> bytes:
    """*data* as JSON text, now and then with an object's key given twice or spaces."""
    if isinstance(data, dict):
        members = [(k, record_text(draw, v)) for k, v in data.items()]
        if members and draw(st.integers(0, 7)) == 0:
            k, _ = members[draw(st.integers(0, len(members) - 1))]
            members.append((k, draw(st.sampled_from([b"1", b'"x"', b"null", b"{}"]))))
        sep = b", " if draw(st.integers(0, 5)) == 0 else b","
        return b"{" + sep.join(msgspec.json.encode(k) + b":" + v for k, v in members) + b"}"
    if isinstance(data, list | tuple | set | frozenset):
        return b"[" + b",".join(record_text(draw, e) for e in data) + b"]"
    return msgspec.json.encode(data)


@st.composite
def batches(draw: st.DrawFn) -> tuple[list[bytes], cty.Type, Defaults | None]:
    ty = draw(cst.types(max_depth=3, dynamic=False, capsules=False))
    defaults = draw(defaults_for(ty))
    lines = []
    for _ in range(draw(st.integers(1, 3))):
        data = draw(cst.python_data_for(ty))
        if draw(st.integers(0, 3)) == 0:
            data = draw(damaged(data))
        lines.append(record_text(draw, data))
    return lines, ty, defaults


@pytest.mark.slow
@settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
@given(batches())
def test_the_struct_pass_writes_what_the_full_path_writes(
        case: tuple[list[bytes], cty.Type, Defaults | None]) -> None:
    lines, ty, defaults = case
    if plan_struct_pass(ty, defaults, duplicates=True) is not None:
        check(lines, ty, defaults)


# a record; whether the pass takes it (if not, the full path converts it or says why)
CASES = [
    (b'{"name": "web"}', True),
    (b'{"name":"web","region":"eu","count":3,"tags":{"b":"1","a":"2"},"enabled":false}', True),
    (b'{"name": "web", "zones": ["b", "a", "b"], "ports": [8080, 22, 8080]}', True),
    (b'{"name": "web", "zones": null, "pair": ["x", true]}', True),
    (b'{"name": "web", "rules": [{"from": 2}, {"from": 3, "proto": "udp", "cidrs": []}]}',
     True),
    (b'{"name": "a:b", "tags": {"k:1": "v:2"}}', True),  # colons in strings
    (b'{"name": "<caf\xc3\xa9 & \xe2\x80\xa8>"}', True),  # Go's escapes, NFC text
    (b'{"name": "tab\\tquote\\"nl\\n"}', True),
    (b'{"name": "web", "count": 2.5, "ports": [0.25, 1, 0.250]}', True),  # fractions
    (b'{"name": "web", "count": 1.50}', True),
    (b'{"name": "web", "count": 1.5e-3}', False),  # an exponent
    (b'{"name": "web", "count": 123456789012.125}', True),  # 15 digits
    (b'{"name": "web", "count": 1234567890123.125}', False),  # 16: a float may round them
    (b'{"name": "web", "count": 0.1000000000000000055511151231257827}', False),
    (b'{"name": "web", "count": 2.0}', False),  # a whole float: msgspec writes its ".0"
    (b'{"name": "web", "ports": [1e2]}', False),
    (b'{"name": "web", "count": 0.000001}', False),  # msgspec writes 1e-6
    (b'{"name": "web", "count": -0.0}', False),
    (b'{"name": "web", "count": 1e16}', False),
    (b'{"name": "web", "count": -0}', False),  # minus zero
    (b'{"name": "web", "count": 123456789012345678901234567890}', True),  # exact
    (b'{"name": "web", "count": 1' + b"0" * 160 + b'}', False),  # 512 bits or more
    (b'{"name": "web", "count": "3"}', False),  # converts, by the full path
    (b'{"name": 5}', False),
    (b'{"name": null}', False),
    (b'{"name": "web", "region": null}', False),  # a null takes the default there
    (b'{"name": "web", "extra": 1}', False),
    (b'{"region": "eu"}', False),
    (b'{"name": "web", "name": "db"}', False),  # a key given twice
    (b'{"name": "web", "tags": {"a": "1", "a": "2"}}', False),
    (b'{"name": "w\\u003a", "tags": {"a": "1", "a": "2"}}', False),  # an escaped colon
    (b'{"name": "e\\u0301"}', False),  # not NFC
    (b'{"name": "e\xcc\x81"}', False),
    (b'null', False),
]


@pytest.mark.parametrize(("line", "took"), CASES)
def test_which_records_the_struct_pass_takes(line: bytes, took: bool) -> None:
    ty, defaults = parse_type_with_defaults(SCHEMA)
    assert check([line], ty, defaults) is took


def test_the_defaults_are_written_as_cty_writes_them() -> None:
    ty, defaults = parse_type_with_defaults(SCHEMA)
    plan = plan_struct_pass(ty, defaults, duplicates=True)
    assert plan is not None
    as_lines, _ = taken(plan, [b'{"name": "web"}'])
    assert as_lines == (
        b'{"count":1.5,"enabled":true,"name":"web","note":"\\u003ca\\u0026b\\u003e",'
        b'"pair":null,"ports":[80,443],"region":"us-east-1",'
        b'"rules":[{"cidrs":["0.0.0.0/0"],"from":1,"proto":"tcp"}],"tags":{},"zones":null}\n')


def test_keys_given_twice_are_taken_when_allowed_the_last_wins() -> None:
    ty, defaults = parse_type_with_defaults(SCHEMA)
    plan = plan_struct_pass(ty, defaults, duplicates=False)
    assert plan is not None
    as_lines, _ = taken(plan, [b'{"name": "web", "name": "db", "enabled": false}'])
    assert as_lines is not None and b'"name":"db"' in as_lines


def test_types_the_struct_pass_does_not_take() -> None:
    for text in ["object({a = any})", "list(set(bool))", "set(object({a = string}))",
                 "map(list(any))"]:
        ty, defaults = parse_type_with_defaults(text)
        assert plan_struct_pass(ty, defaults, duplicates=True) is None, text


def test_a_pass_that_keeps_declining_stops_trying() -> None:
    ty, defaults = parse_type_with_defaults(SCHEMA)
    plan = plan_struct_pass(ty, defaults, duplicates=True)
    assert plan is not None
    good, bad = b'{"name": "web"}\n', b'{"name": "web", "count": "3"}\n'
    assert plan.decode_lines(good) is not None
    for _ in range(4):
        assert plan.decode_lines(bad) is None
    assert plan.decode_lines(good) is None  # (off: the full way from here)


def command_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: bytes, lines: bool,
                   *, struct_pass: bool) -> tuple[int, bytes]:
    """The command's exit status and output converting *text* (the pass on or off)."""
    if not struct_pass:
        monkeypatch.setattr(pipeline, "plan_struct_pass", lambda *_, **__: None)
    src, out, schema = tmp_path / "in.json", tmp_path / "out.json", tmp_path / "t.type"
    src.write_bytes(text)
    out.unlink(missing_ok=True)
    schema.write_text(SCHEMA if lines else f"list({SCHEMA})")
    args = ["--lines"] if lines else []
    try:
        status = main(["convert", "-q", "-t", f"@{schema}", *args, str(src), "-o", str(out)])
    finally:
        monkeypatch.undo()
    return status, out.read_bytes() if out.exists() else b""


@pytest.mark.parametrize("lines", [True, False])
@pytest.mark.parametrize("bad", [False, True])
def test_the_command_writes_and_says_the_same_either_way(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        lines: bool, bad: bool) -> None:
    chosen = [line for line, took in CASES if took or bad] * 2000  # several batches
    text = b"\n".join(chosen) + b"\n" if lines else b"[" + b",\n".join(chosen) + b"]"
    with_pass = command_output(tmp_path, monkeypatch, text, lines, struct_pass=True)
    said_with = capsys.readouterr().err
    without = command_output(tmp_path, monkeypatch, text, lines, struct_pass=False)
    said_without = capsys.readouterr().err
    assert with_pass == without
    assert said_with == said_without
    assert (with_pass[0] != 0) is bad and bool(said_with) is bad


NUMBERS = st.from_regex(rb"-?(0|[1-9][0-9]{0,19})(\.[0-9]{1,19})?([eE][-+]?[0-9]{1,3})?",
                        fullmatch=True)


@settings(max_examples=examples(300))
@given(st.lists(NUMBERS, min_size=1, max_size=6), st.booleans())
def test_numbers_are_written_as_cty_writes_them_or_declined(numbers: list[bytes],
                                                           as_set: bool) -> None:
    ty = cty.Set(cty.Number) if as_set else cty.List(cty.Number)
    check([b"[" + b",".join(numbers) + b"]"], ty, None)
