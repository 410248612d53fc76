"""The ``cty`` command, run as users run it: the installed console script, in a subprocess."""

from __future__ import annotations

import json
import os
import pty
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import cty
from cty.encoding import gob

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"
SCRIPT = Path(sys.executable).parent / "cty"

pytestmark = pytest.mark.slow  # each test starts the console script: a process
TYPE = f"@{EXAMPLES / 'services.type'}"
GOOD_JSON = (
    '[{"name":"web","port":443,"protocol":"tcp","replicas":3,"tags":{"team":"edge"}},'
    '{"name":"api","port":8080,"protocol":"http","replicas":1,"tags":null},'
    '{"name":"db","port":5432,"protocol":"tcp","replicas":1,"tags":null}]\n'
)


def run(*args: str, stdin: bytes = b"", cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run the console script with *args*; return its exit status and output as text."""
    assert SCRIPT.exists(), "the cty console script is not installed (pip install -e .)"
    p = subprocess.run([str(SCRIPT), *args], input=stdin, capture_output=True, cwd=cwd,
                       timeout=60, check=False)
    return subprocess.CompletedProcess(p.args, p.returncode, p.stdout.decode(),
                                       p.stderr.decode())


def test_convert_writes_cty_json() -> None:
    p = run("convert", "--type", TYPE, "examples/services.json")
    assert (p.returncode, p.stdout, p.stderr) == (0, GOOD_JSON, "")


def test_convert_lists_every_error_with_its_path() -> None:
    p = run("convert", "--type", TYPE, "examples/services-bad.json")
    assert p.returncode == 1
    assert p.stdout == ""
    assert p.stderr.splitlines() == [
        "examples/services-bad.json:3:27: [1].port: a number is required",
        'examples/services-bad.json:4:3: [2]: attribute "name" is required',
        'examples/services-bad.json:4:35: [2].tags["team"]: string required, but have tuple',
    ]


def test_yaml_reads_as_json_does() -> None:
    p = run("convert", "--type", TYPE, "examples/services.yaml")
    assert (p.returncode, p.stdout) == (0, GOOD_JSON)


def test_yaml_dates_stay_strings_and_numbers_are_exact() -> None:
    p = run("convert", "--type", "object({d=string, n=number})", "--from", "yaml", "-",
            stdin=b"d: 2024-01-02\nn: 0.1\n")
    assert (p.returncode, p.stdout) == (0, '{"d":"2024-01-02","n":0.1}\n')
    p = run("convert", "--type", "object({n=number})", "--to", "text", "-",
            stdin=b'{"n": 0.1}')
    assert p.stdout == "{ n = 0.1 }\n"


def test_standard_input_and_text_output() -> None:
    p = run("convert", "-t", "map(number)", "--to", "text", stdin=b'{"b": 2, "a": "1"}')
    assert (p.returncode, p.stdout) == (0, 'tomap({ "a" = 1, "b" = 2 })\n')


def test_strict_reports_what_conversion_drops() -> None:
    data = b'[{"name": "web", "port": 1, "prot": "udp"}]'
    assert run("convert", "-t", TYPE, "-", stdin=data).returncode == 0
    p = run("convert", "-t", TYPE, "--strict", "-", stdin=data)
    assert (p.returncode, p.stderr) == (1, '-:1:2: [0]: unsupported attribute "prot"\n')


def test_msgpack_out_and_back(tmp_path: Path) -> None:
    out = tmp_path / "services.msgpack"
    p = run("convert", "-t", TYPE, "examples/services.json", "--to", "msgpack", "-o", str(out))
    assert (p.returncode, p.stdout, p.stderr) == (0, "", "")
    assert [f.name for f in tmp_path.iterdir()] == ["services.msgpack"]  # no temporary left
    p = run("decode", "-t", TYPE, str(out))
    assert (p.returncode, p.stdout) == (0, GOOD_JSON)
    p = run("inspect", "-t", TYPE, str(out))
    assert p.returncode == 0
    assert p.stdout.startswith(
        "# 0: list(object({name=string,port=number,protocol=string,replicas=number,"
        "tags=map(string)}))\n[\n")


def test_gob_out_and_inspect(tmp_path: Path) -> None:
    out = tmp_path / "services.gob"
    assert run("convert", "-t", TYPE, "examples/services.json", "--to", "gob",
               "-o", str(out)).returncode == 0
    records = list(gob.Decoder(out.read_bytes()))  # a stream: one value per record
    assert [v.get_attr("name").as_string() for v in records] == ["web", "api", "db"]
    p = run("inspect", str(out))
    assert p.returncode == 0
    # (a record's type comes once, with the first record of that type)
    assert p.stdout.startswith('# 0: object({name=string,port=number,protocol=string,'
                               'replicas=number,tags=map(string)})\n{\n  name = "web"\n')
    assert '# 2\n{ name = "db", port = 5432, protocol = "tcp", replicas = 1, tags = null }\n' \
        in p.stdout
    assert [line for line in p.stdout.splitlines() if line.startswith("# ")][1:] == ["# 1", "# 2"]


def test_inspect_shows_marks_and_unknowns(tmp_path: Path) -> None:
    path = tmp_path / "secrets.gob"
    with path.open("wb") as f, gob.Encoder(f) as enc:
        enc.encode(cty.object_val({"user": cty.string_val("u"),
                                   "password": cty.string_val("hunter2").mark("sensitive"),
                                   "id": cty.unknown_val(cty.String)}))
        enc.encode(cty.number_int_val(7))
    p = run("inspect", str(path))
    assert p.returncode == 0
    assert p.stdout.splitlines() == [
        "# 0: object({id=string,password=string,user=string})",
        '{ id = (known after apply), password = (sensitive value), user = "u" }',
        "#   marks at .password: 'sensitive'",
        "# 1: number",
        "7",
    ]
    assert "hunter2" not in p.stdout
    assert "hunter2" in run("inspect", "--show-sensitive", str(path)).stdout


def test_inspect_says_what_is_known_of_unknowns(tmp_path: Path) -> None:
    def refined(v: cty.Value) -> cty.RefinementBuilder:
        return v.refine()

    number = refined(cty.unknown_val(cty.Number)).number_range_inclusive(
        cty.number_int_val(1), cty.number_int_val(5)).new_value()
    text = refined(cty.unknown_val(cty.String)).not_null().string_prefix("ab-").new_value()
    many = refined(cty.unknown_val(cty.List(cty.String))).collection_length_lower_bound(
        2).new_value()
    two = refined(cty.unknown_val(cty.Map(cty.Bool))).collection_length_lower_bound(
        2).collection_length_upper_bound(2).new_value()
    below = refined(cty.unknown_val(cty.Number)).number_range_upper_bound(
        cty.number_int_val(0), False).new_value()
    secret = refined(cty.unknown_val(cty.String)).string_prefix("hunter").new_value()
    path = tmp_path / "refined.gob"
    path.write_bytes(gob.dumps(cty.object_val({
        "n": number, "s": text, "l": many, "m": two, "below": below,
        "plain": cty.unknown_val(cty.Bool), "secret": secret.mark("sensitive")})))
    p = run("inspect", str(path))
    assert p.returncode == 0, p.stderr
    assert [line for line in p.stdout.splitlines() if line.startswith("#   ")] == [
        "#   marks at .secret: 'sensitive'",
        "#   unknown at .below: < 0",
        "#   unknown at .l: length >= 2",
        "#   unknown at .m: length 2",
        "#   unknown at .n: >= 1, <= 5",
        '#   unknown at .s: not null, starts with "ab-"',
    ]
    assert "hunter" not in p.stdout  # a sensitive unknown's prefix is not shown
    assert '#   unknown at .secret: starts with "hunte"' in run(
        "inspect", "--show-sensitive", str(path)).stdout


def test_inspect_shows_capsules_it_has_no_codec_for_as_opaque(tmp_path: Path) -> None:
    path = tmp_path / "capsules.gob"
    thing = cty.Capsule("thing", bytes)
    with path.open("wb") as f, gob.Encoder(f) as enc:  # (a codec registered here only)
        gob.register_capsule_codec(thing, "test-cli-thing", bytes, bytes)
        enc.encode(cty.object_val({"x": cty.list_val([cty.capsule_val(thing, b"abc")]),
                                   "y": cty.string_val("s")}))
    p = run("inspect", str(path))
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [
        "# 0: object({x=list(opaque test-cli-thing),y=string})",
        '{ x = [opaque test-cli-thing(<3 bytes>)], y = "s" }',
    ]


def test_inspect_reports_a_torn_file(tmp_path: Path) -> None:
    # (the end frame is 13 bytes: cut into the value frame before it)
    data = gob.dumps(cty.string_val("a")) + gob.dumps(cty.string_val("b"))[:-14]
    path = tmp_path / "torn.gob"
    path.write_bytes(data)
    p = run("inspect", str(path))
    assert p.returncode == 1
    assert p.stdout == '# 0: string\n"a"\n'
    assert p.stderr.startswith(f"cty: error: {path}: ")
    assert p.stderr.endswith(" (1 values shown before it)\n")
    assert "Traceback" not in p.stderr


RECORD = "object({name=string, port=optional(number, 80)})"


def test_decode_reads_back_a_msgpack_stream_of_records(tmp_path: Path) -> None:
    src, out = tmp_path / "r.jsonl", tmp_path / "r.msgpack"
    src.write_text('{"name": "a", "port": 1}\n{"name": "b"}\n')
    assert run("convert", "--lines", "-t", RECORD, str(src), "--to", "msgpack",
               "-o", str(out)).returncode == 0
    p = run("decode", "--lines", "-t", RECORD, str(out))
    assert (p.returncode, p.stdout, p.stderr) == (
        0, '{"name":"a","port":1}\n{"name":"b","port":80}\n', "")
    # without --lines it is one value with bytes after it: the message says what to do
    p = run("decode", "-t", RECORD, str(out))
    assert p.returncode == 1
    assert p.stderr.rstrip().endswith("(a stream of values, one per record? --lines reads one)")
    p = run("inspect", "--lines", "-t", RECORD, str(out))
    assert p.stdout == ('# 0: object({name=string,port=number})\n{ name = "a", port = 1 }\n'
                        '# 1\n{ name = "b", port = 80 }\n')


def test_decode_reads_back_gob_records_and_converts_them_to_a_type(tmp_path: Path) -> None:
    src, out = tmp_path / "r.jsonl", tmp_path / "r.gob"
    src.write_text('{"name": "a", "port": 1}\n{"name": "b"}\n')
    assert run("convert", "--lines", "-t", RECORD, str(src), "--to", "gob",
               "-o", str(out)).returncode == 0
    p = run("decode", str(out))  # (a gob stream says its types)
    assert (p.returncode, p.stdout) == (0, '{"name":"a","port":1}\n{"name":"b","port":80}\n')
    p = run("decode", "-t", 'object({name=string, port=string, x=optional(string, "z")})',
            str(out), "--to", "text")
    assert (p.returncode, p.stdout) == (
        0, '{ name = "a", port = "1", x = "z" }\n{ name = "b", port = "80", x = "z" }\n')
    p = run("decode", "-t", "object({name=bool})", str(out))
    assert (p.returncode, p.stderr) == (
        1, f"cty: error: {out}: record 0: .name: a bool is required\n")
    back = tmp_path / "back.gob"
    assert run("decode", str(out), "--to", "gob", "-o", str(back)).returncode == 0
    assert [v.get_attr("port") for v in gob.Decoder(back.read_bytes())] == [
        cty.number_int_val(1), cty.number_int_val(80)]


def test_decode_takes_a_type_constraint_with_optional_attributes(tmp_path: Path) -> None:
    # (optional markers are not part of a wire type: it reads what convert wrote for it)
    src, out = tmp_path / "r.json", tmp_path / "r.msgpack"
    src.write_text('[{"name": "a", "port": 1}, {"name": "b"}]')
    ty = f"list({RECORD})"
    assert run("convert", "-t", ty, str(src), "--to", "msgpack", "-o", str(out)).returncode == 0
    p = run("decode", "-t", ty, str(out))
    assert (p.returncode, p.stdout, p.stderr) == (
        0, '[{"name":"a","port":1},{"name":"b","port":80}]\n', "")


def test_decode_says_what_it_cannot_read(tmp_path: Path) -> None:
    empty, bad = tmp_path / "empty", tmp_path / "bad.msgpack"
    empty.write_bytes(b"")
    bad.write_bytes(b"\x01\xc1\x02")
    assert run("decode", "-t", "string", str(empty)).stderr == \
        f"cty: error: {empty}: the file is empty\n"
    assert run("decode", str(bad)).stderr == (
        f"cty: error: {bad}: msgpack does not say what type its values are: give it with "
        "--type (a gob file says it)\n")
    p = run("decode", "--lines", "-t", "number", str(bad))
    assert (p.returncode, p.stdout) == (1, "")
    assert p.stderr.startswith(f"cty: error: {bad}: record 1 (at byte 1): not msgpack of number")


def test_check_many_files(tmp_path: Path) -> None:
    p = run("check", "-t", TYPE, "examples/services.json", "examples/services-bad.json",
            "examples/missing.json")
    assert p.returncode == 1
    assert p.stdout == "examples/services.json: ok\n"
    assert p.stderr.splitlines() == [
        "examples/services-bad.json:3:27: [1].port: a number is required",
        'examples/services-bad.json:4:3: [2]: attribute "name" is required',
        'examples/services-bad.json:4:35: [2].tags["team"]: string required, but have tuple',
        "cty: error: examples/missing.json: No such file or directory",
        "cty: 2 of 3 files do not conform (4 errors)",
    ]
    p = run("check", "-q", "-t", TYPE, "examples/services.json", "examples/services.yaml")
    assert (p.returncode, p.stdout, p.stderr) == (0, "", "")


def test_a_single_failure_is_counted_in_the_singular(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": 1, "port": "x"}')
    p = run("check", "-t", "object({port=number})", str(bad))
    assert p.returncode == 1
    assert p.stderr.splitlines()[-1] == "cty: 1 of 1 file does not conform (1 error)"


def test_help_has_no_markup_and_ends_with_examples() -> None:
    p = run("--help")
    assert p.returncode == 0
    assert "``" not in p.stdout and "cty check --type @schema.type" in p.stdout
    assert p.stdout.rstrip().splitlines()[-1] == (
        "  cty plan summary --schema schemas.json plan.json")


def test_version() -> None:
    from importlib.metadata import version

    p = run("--version")
    assert (p.returncode, p.stdout) == (0, f"cty {version('cty')}\n")


def test_every_option_of_every_command_has_help() -> None:
    import argparse

    from cty.cli import parser

    top = parser()
    commands = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    assert set(commands.choices) == {"convert", "check", "unify", "type", "inspect", "decode",
                                    "eval", "plan"}
    todo = [("cty", top), *commands.choices.items()]
    while todo:
        name, sub = todo.pop()
        for action in sub._actions:
            assert action.help, f"{name}: {action.dest} has no help text"
            if isinstance(action, argparse._SubParsersAction):  # (cty plan summary)
                todo.extend((f"{name} {n}", p) for n, p in action.choices.items())


def test_type_and_unify() -> None:
    p = run("type", "map( object({ b = optional(number, 1), a = string }) )")
    assert (p.returncode, p.stdout) == (
        0, "map(object({a=string,b=optional(number)}))\nfriendly name: map of object\n")
    assert run("type", "--json", "list(string)").stdout == '["list","string"]\n'
    p = run("unify", "list(string)", "tuple([string, number])")
    assert (p.returncode, p.stdout) == (0, "list(string)\n")
    p = run("unify", "number", "bool")
    assert (p.returncode, p.stderr) == (
        1, "cty: error: the types have no common type (--unsafe allows unsafe conversions)\n")
    assert run("unify", "--unsafe", "string", "bool").stdout == "string\n"


def test_a_bad_type_expression_points_at_the_mistake() -> None:
    p = run("type", "list(object({name=strin}))")
    assert p.returncode == 1
    assert p.stderr.splitlines() == [
        "cty: error: invalid type expression (line 1, column 19): Invalid type specification: "
        'The keyword "strin" is not a valid type specification.',
        "  list(object({name=strin}))",
        "                    ^",
    ]


@pytest.mark.parametrize(("args", "stdin", "words"), [
    (("convert", "-t", "string", "-"), b"{", "not valid JSON"),
    (("convert", "-t", "number", "-"), b"\xff", "not valid JSON"),
    (("convert", "-t", "string", "--from", "yaml", "-"), b"a: [", "not valid YAML"),
    (("convert", "-t", "@nowhere.type", "-"), b"1", "nowhere.type: No such file"),
    (("decode", "-t", "string", "-"), b"\xc1", "not msgpack of string"),
    (("convert", "-t", "number", "--to", "json", "-"), b'{"a": 1}',
     "number required, but have object"),
    (("convert", "-t", "any", "--from", "yaml", "-"), b"a: !!float abc",
     "cannot read tag:yaml.org,2002:float 'abc'"),
    (("convert", "-t", "any", "--from", "yaml", "-"), b"- !!int 12x",
     "cannot read tag:yaml.org,2002:int '12x'"),
    (("convert", "-t", "any", "--from", "yaml", "-"), b"- !!binary a", "not valid YAML"),
    pytest.param(("convert", "-t", "any", "--from", "yaml", "-"), b"[" * 5000 + b"]" * 5000,
                 "nested too deeply", marks=pytest.mark.slow),
    # "billion laughs": 350 bytes of aliases standing for 9**9 strings
    (("convert", "-t", "any", "--from", "yaml", "-"), b"a: &a [lol,lol,lol,lol,lol,lol,lol,lol,"
     b"lol]\n" + b"".join(b"%c: &%c [%s]\n" % (c, c, b",".join([b"*%c" % (c - 1)] * 9))
                         for c in range(ord("b"), ord("j"))),
     "too large once its aliases are expanded"),
])
def test_bad_input_is_an_error_not_a_traceback(args: tuple[str, ...], stdin: bytes,
                                               words: str) -> None:
    p = run(*args, stdin=stdin)
    assert p.returncode == 1
    assert words in p.stderr
    assert "Traceback" not in p.stderr


def test_usage_mistakes_exit_with_2() -> None:
    p = run("convert", "examples/services.json")  # no --type
    assert p.returncode == 2
    assert "--type" in p.stderr
    assert run().returncode == 2


def _with_terminal(args: list[str], stream: str, env: dict[str, str] | None = None
                   ) -> tuple[int, str]:
    """Run the script with a pseudo-terminal as its *stream* (stdout or stderr); return the
    exit status and what reached the terminal."""
    main, other = pty.openpty()
    kw = {stream: other}
    p = subprocess.Popen([str(SCRIPT), *args], cwd=ROOT, stdin=subprocess.DEVNULL,
                         env={**os.environ, **(env or {})},
                         stdout=kw.get("stdout", subprocess.DEVNULL),
                         stderr=kw.get("stderr", subprocess.DEVNULL))
    os.close(other)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    return p.wait(timeout=60), b"".join(chunks).decode(errors="replace")


def test_progress_shows_on_a_terminal_only() -> None:
    files = ["examples/services.json"] * 3
    status, shown = _with_terminal(["check", "-t", TYPE, *files], "stderr")
    assert status == 0
    assert "checking" in shown
    assert "9 records" in shown
    p = run("check", "-t", TYPE, *files)
    assert "\r" not in p.stderr
    status, shown = _with_terminal(["check", "-q", "-t", TYPE, *files], "stderr")
    assert (status, shown) == (0, "")


def test_no_color_is_honoured() -> None:
    files = ["examples/services.json", "examples/services-bad.json"]
    colour = re.compile("\x1b\\[[0-9;]*3[0-9]m")  # a foreground colour
    status, shown = _with_terminal(["check", "-t", TYPE, *files], "stderr")
    assert status == 1
    assert colour.search(shown)
    status, shown = _with_terminal(["check", "-t", TYPE, *files], "stderr", {"NO_COLOR": "1"})
    assert status == 1
    assert "checking" in shown
    assert not colour.search(shown)


def test_binary_output_is_not_written_to_a_terminal() -> None:
    for form in ("gob", "msgpack"):
        status, shown = _with_terminal(["convert", "-t", TYPE, "examples/services.json",
                                        "--to", form], "stdout")
        assert status == 2  # a usage mistake, found before any work
        assert "ctygob" not in shown


def test_python_dash_m_cty() -> None:
    p = subprocess.run([sys.executable, "-m", "cty", "type", "set(string)"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60, check=False)
    assert (p.returncode, p.stdout) == (0, "set(string)\nfriendly name: set of string\n")


def _console_examples() -> list[tuple[str, list[str]]]:
    """Return the ``$ command`` lines of the README's console blocks, with the output each
    shows."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        command, *output = block.splitlines()
        assert command.startswith("$ cty "), command
        found.append((command[len("$ cty "):], output))
    return found


@pytest.mark.parametrize(("command", "output"), _console_examples())
def test_the_readme_shows_what_the_command_prints(command: str, output: list[str]) -> None:
    p = run(*shlex.split(command))
    assert (p.stdout + p.stderr).splitlines() == output


def test_reading_a_terminal_says_so() -> None:
    main, other = pty.openpty()
    p = subprocess.Popen([str(SCRIPT), "convert", "-t", "object({a=number})"], cwd=ROOT,
                         stdin=other, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(other)
    os.write(main, b'{"a": 1}\n\x04')
    out, err = p.communicate(timeout=60)
    os.close(main)
    assert (p.returncode, out) == (0, b'{"a":1}\n')
    assert err.decode() == "cty: reading standard input (end it with Ctrl-D)\n"


POINT = "object({name=string, port=number})"


def test_a_line_that_is_not_json_hides_no_other_lines_errors(tmp_path: Path) -> None:
    src = tmp_path / "r.jsonl"
    src.write_text('{"name":"a","port":"x"}\n{"name": }\n{"name":"c"}\n{"name":"d","port":4}\n')
    for command in ("check", "convert"):
        p = run(command, "--lines", "-t", POINT, str(src))
        assert p.returncode == 1
        assert p.stderr.splitlines()[:3] == [
            f"{src}:1:20: .port: a number is required",
            f"{src}:2:10: not valid JSON: invalid character",
            f'{src}:3:1: attribute "port" is required',
        ]
        assert p.stdout == ""


def test_an_array_that_stops_being_json_reports_the_elements_before(tmp_path: Path) -> None:
    src = tmp_path / "r.json"
    src.write_text('[{"name":"a","port":"x"},\n {"name":"b"},\n {"name": },\n {"name":"c"}]')
    p = run("check", "-t", f"list({POINT})", str(src))
    assert p.returncode == 1
    assert p.stderr.splitlines() == [
        f"{src}:1:21: [0].port: a number is required",
        f'{src}:2:2: [1]: attribute "port" is required',
        f"{src}:3:11: not valid JSON: invalid character",
        "cty: 1 of 1 file does not conform (3 errors)",
    ]


def test_an_array_past_the_first_batch_reports_the_elements_before_its_mistake(
        tmp_path: Path) -> None:
    rows = [{"name": f"r{i}", "port": i} for i in range(60000)]
    rows[49000]["port"] = "bad"
    text = json.dumps(rows)
    at = text.index('"r50000"')
    src = tmp_path / "big.json"
    src.write_text(text[:at] + '"r50000" x' + text[at + 8:])  # (past the first megabyte)
    p = run("check", "-t", f"list({POINT})", str(src))
    assert p.returncode == 1
    lines = p.stderr.splitlines()
    assert lines[0].endswith(": [49000].port: a number is required")
    assert lines[1].startswith(f"{src}:1:") and "not valid JSON" in lines[1]


def test_an_empty_file_says_it_is_empty(tmp_path: Path) -> None:
    for name, text in (("e.json", ""), ("w.json", " \n\t")):
        src = tmp_path / name
        src.write_text(text)
        p = run("check", "-t", POINT, str(src))
        assert (p.returncode, p.stderr.splitlines()[0]) == (
            1, f"{src}: no JSON value: the file is empty")
    assert run("check", "--lines", "-t", POINT, str(tmp_path / "e.json")).returncode == 0


def test_an_empty_yaml_document_is_reported_not_taken_for_null(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    src = tmp_path / "t.yaml"
    src.write_text("name: a\nport: 1\n---\n")
    p = run("convert", "-t", POINT, str(src))
    assert (p.returncode, p.stdout, p.stderr) == (
        1, "", f"{src}:4:1: an empty YAML document (a --- with nothing after it; write null "
        "for a null)\n")
    src.write_text("--- null\n")
    assert run("convert", "-t", POINT, str(src)).stdout == "null\n"
    src.write_text("# only a comment\n")
    p = run("check", "-t", POINT, str(src))
    assert p.stderr.splitlines()[0] == f"{src}: no YAML document: the file is empty"
