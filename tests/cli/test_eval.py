"""``cty eval``: HCL expressions and templates evaluated from the shell, with variables from
the command line and from files; values printed for people or as cty JSON, diagnostics as
HCL's text writer writes them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_cli import run

pytestmark = pytest.mark.slow  # each test starts the console script: a process


def test_an_expression_with_variables_prints_its_value() -> None:
    p = run("eval", "--var", 'names=["web", "db"]', "--var", "port=80", "--var", "who=some one",
            '{for i, n in names: upper(n) => "${who}:${port + i}"}')
    assert (p.returncode, p.stderr) == (0, "")
    assert p.stdout == '{ DB = "some one:81", WEB = "some one:80" }\n'


def test_a_template_and_json_output(tmp_path: Path) -> None:
    (tmp_path / "vars.json").write_text(json.dumps({"n": 3, "tags": {"env": "prod"}}))
    (tmp_path / "vars.yaml").write_text("n: 4\n")
    p = run("eval", "--template", "--to", "json", "--var-file", str(tmp_path / "vars.json"),
            "--var-file", str(tmp_path / "vars.yaml"),
            "%{ for i in range(n) }${i}%{ endfor } ${tags.env}")
    assert (p.returncode, p.stdout, p.stderr) == (0, '"0123 prod"\n', "")


def test_diagnostics_are_written_as_hcl_writes_them(tmp_path: Path) -> None:
    source = tmp_path / "expr.hcl"
    source.write_text("[for x in xs:\n  x + 1]\n")
    p = run("eval", "--var", 'xs=[1, "a"]', f"@{source}")
    assert (p.returncode, p.stdout) == (1, "")
    assert p.stderr == (
        f"Error: Invalid operand\n\n  on {source} line 2:\n   2:   x + 1]\n\n"
        'with x as "a".\n\nUnsuitable value for left operand: a number is required.\n\n')


def test_bad_input_is_an_error_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "list.json").write_text("[1]")
    p = run("eval", "--var-file", str(tmp_path / "list.json"), "1")
    assert p.returncode == 1
    assert p.stderr.endswith("list.json: expected an object of variables, found tuple\n")
    p = run("eval", "--var", "novalue", "1")
    assert (p.returncode, p.stderr) == (1, "cty: error: --var 'novalue': expected NAME=VALUE\n")
    p = run("eval", "--to", "json", "timeadd(ts, \"1h\")", "--var", "ts=2026-01-01T00:00:00Z")
    assert p.returncode == 0 and p.stdout == '"2026-01-01T01:00:00Z"\n'
    p = run("eval", "[1, 2] + 1")
    assert p.returncode == 1 and p.stderr.startswith("Error: Invalid operand")


def test_a_file_of_attributes_with_tfvars(tmp_path: Path) -> None:
    (tmp_path / "prod.tfvars").write_text('region = "eu"\nsizes = [1, 2]\n')
    (tmp_path / "main.hcl").write_text('name = "web-${region}"\ncount = length(sizes)\n')
    p = run("eval", "--file", str(tmp_path / "main.hcl"), "--var-file",
            str(tmp_path / "prod.tfvars"))
    assert (p.returncode, p.stdout, p.stderr) == (0, '{ count = 2, name = "web-eu" }\n', "")


def test_a_file_s_diagnostics_name_their_block(tmp_path: Path) -> None:
    source = tmp_path / "main.hcl"
    source.write_text('server "web" {\n  size = 1 +\n}\n')
    p = run("eval", "--file", str(source))
    assert (p.returncode, p.stdout) == (1, "")
    assert p.stderr.startswith(f'Error: Invalid expression\n\n  on {source} line 2, in server '
                               '"web":\n')
    source.write_text('a = 1\nserver "web" {\n}\n')
    p = run("eval", "--file", str(source))
    assert (p.returncode, p.stderr.splitlines()[0]) == (1, 'Error: Unexpected "server" block')


def test_a_tfvars_file_holds_constants(tmp_path: Path) -> None:
    (tmp_path / "bad.tfvars").write_text("region = var.default\n")
    p = run("eval", "--var-file", str(tmp_path / "bad.tfvars"), "1")
    assert p.returncode == 1
    assert "bad.tfvars: not constant HCL attributes:\nError: Variables not allowed" in p.stderr
    p = run("eval", "--file", str(tmp_path / "bad.tfvars"), "1")
    assert (p.returncode, p.stderr) == (
        1, "cty: error: give an expression (EXPR) or --file FILE, one of them\n")
