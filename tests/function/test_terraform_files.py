"""Terraform's file, template and impure functions as terraform_functions makes them: the
sandbox (nothing read outside the base directory, whatever the spelling), what go-cty-funcs
cannot answer (templatefile, abspath, pathexpand, the file hashes, the impure functions), and
limits on what one call may read."""

from __future__ import annotations

import base64
import datetime
import hashlib
import os
import re
from pathlib import Path

import pytest

import cty
from cty.function import ArgError, FunctionError
from cty.function.terraform import FUNCTIONS, terraform_functions
from cty.hcl import EvalContext, parse_expression

FILES = Path(__file__).resolve().parent / "fixtures" / "files"
S = cty.string_val


@pytest.fixture(scope="module")
def table() -> object:
    return terraform_functions(FILES, home=str(FILES / "sub"))


def _error(f: object, *args: cty.Value) -> str:
    with pytest.raises(FunctionError) as e:
        f(*args)  # type: ignore[operator]
    return str(e.value)


def test_the_table_holds_the_standard_library_and_terraforms_functions() -> None:
    plain = terraform_functions()
    assert plain["upper"](S("a")) == S("A") and plain["cidrhost"] is FUNCTIONS["cidrhost"]
    assert "file" not in plain and "uuid" not in plain and "templatefile" not in plain
    with pytest.raises(TypeError):
        plain["x"] = plain["upper"]  # type: ignore[index]
    with pytest.raises(ValueError, match="not a directory"):
        terraform_functions(FILES / "hello.txt")


@pytest.mark.parametrize("path", ["../test_terraform_files.py", "/etc/hostname",
                                  "sub/../../test_terraform_files.py", "~/../../../x"])
def test_nothing_is_read_outside_the_base_directory(table: dict, path: str) -> None:
    for name in ("file", "filebase64", "filemd5", "filesha256", "fileexists"):
        assert "the file functions read only within their base directory" in \
            _error(table[name], S(path)), name
    assert "only within" in _error(table["templatefile"], S(path), cty.EmptyObjectVal)


def test_links_out_of_the_base_directory_are_not_followed(tmp_path: Path) -> None:
    base = tmp_path / "base"
    base.mkdir()
    (tmp_path / "secret.txt").write_text("secret")
    (base / "inside.txt").write_text("inside")
    os.symlink(tmp_path / "secret.txt", base / "out.txt")
    os.symlink(base / "inside.txt", base / "in.txt")
    os.symlink(tmp_path, base / "outdir")
    t = terraform_functions(base)
    assert "only within" in _error(t["file"], S("out.txt"))
    assert t["file"](S("in.txt")) == S("inside")
    assert "only within" in _error(t["file"], S("outdir/secret.txt"))
    assert t["fileset"](S("."), S("**")) == cty.set_val([S("in.txt"), S("inside.txt")])


def test_a_file_that_is_not_regular_is_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    t = terraform_functions(tmp_path)
    assert _error(t["file"], S("pipe")) == 'failed to read file: "pipe" is not a regular file'
    assert _error(t["fileexists"], S("pipe")).endswith("is a named pipe, not a regular file")
    with pytest.raises(ArgError) as e:
        t["fileexists"](S("."))
    assert e.value.index == 1  # (as Terraform names it, though there is one argument)


def test_limits(tmp_path: Path) -> None:
    (tmp_path / "big.txt").write_text("x" * 100)
    for i in range(5):
        (tmp_path / f"{i}.txt").write_text("")
    t = terraform_functions(tmp_path, max_file_bytes=99, max_glob_entries=4)
    assert "larger than 99 bytes" in _error(t["file"], S("big.txt"))
    assert "larger than 99 bytes" in _error(t["filesha1"], S("big.txt"))
    assert "more than 4 directory entries" in _error(t["fileset"], S("."), S("*"))


def test_file_and_its_marks(table: dict) -> None:
    assert table["file"](S("unicode.txt")) == S("café ✓\n")
    assert table["file"](S("~/a.txt")) == S("a\n")
    secret = S("hello.txt").mark("sensitive")
    assert table["file"](secret) == S("Hello, World!\n").mark("sensitive")
    assert table["fileexists"](secret) == cty.True_.mark("sensitive")
    assert "(sensitive value)" in _error(table["file"], S("nope").mark("sensitive"))
    assert _error(table["file"], S("~x/a")) == \
        "failed to expand ~: cannot expand user-specific home dir"
    nowhere = terraform_functions(FILES)
    assert "no home directory" in _error(nowhere["file"], S("~/a.txt"))


@pytest.mark.parametrize(("name", "algorithm", "encode"), [
    ("filemd5", "md5", bytes.hex), ("filesha1", "sha1", bytes.hex),
    ("filesha256", "sha256", bytes.hex), ("filesha512", "sha512", bytes.hex),
    ("filebase64sha256", "sha256", lambda d: base64.b64encode(d).decode()),
    ("filebase64sha512", "sha512", lambda d: base64.b64encode(d).decode()),
])
def test_file_hashes(table: dict, name: str, algorithm: str, encode: object) -> None:
    for path in ("hello.txt", "bin.dat", "empty.txt"):
        digest = hashlib.new(algorithm, (FILES / path).read_bytes()).digest()
        assert table[name](S(path)) == S(encode(digest))  # type: ignore[operator]
    assert _error(table[name], S("nope")) == \
        f"open {FILES}/nope: no such file or directory"


def test_fileset_patterns(table: dict) -> None:
    names = table["fileset"](S("."), S("[!h]*.txt"))
    assert names == cty.set_val([S("empty.txt"), S("space name.txt"), S("unicode.txt")])
    assert table["fileset"](S("sub"), S("{deep/*,a.*}")) == \
        cty.set_val([S("a.txt"), S("deep/b.txt")])
    assert _error(table["fileset"], S("."), S("{a,b")) == \
        f'failed to glob pattern "{FILES}/{{a,b": syntax error in pattern'


def test_paths(table: dict) -> None:
    assert table["abspath"](S("sub/../x")) == S(f"{os.path.realpath(FILES)}/x")
    assert table["abspath"](S("/a//b/")) == S("/a/b")
    assert table["pathexpand"](S("~/x")) == S(f"{FILES}/sub/x")
    assert table["pathexpand"](S("x/~")) == S("x/~")
    assert _error(table["pathexpand"], S("~root")) == "cannot expand user-specific home dir"


def test_templatefile(table: dict) -> None:
    items = cty.list_val([S("1"), S("2")])
    render = table["templatefile"]
    assert render(S("greeting.tmpl"), cty.object_val({"name": S("web"), "items": items})) == \
        S("Hello, web! [1] [2]\n")
    assert render(S("whole.tmpl"), cty.map_val({"x": S("m")})) == S("m")  # (a map too)
    assert render(S("whole.tmpl"), cty.object_val({"x": items})) == items  # (its own type)
    assert render(S("nested.tmpl"), cty.object_val({"who": S("ann")})) == \
        S("Hello, ANN! [1] [2]\n")
    secret = S("whole.tmpl").mark("sensitive")
    assert render(secret, cty.object_val({"x": S("v")})) == S("v").mark("sensitive")
    unknown = render(S("greeting.tmpl"), cty.object_val({"name": cty.unknown_val(cty.String),
                                                         "items": items}))
    assert not unknown.is_known() and unknown.type() == cty.String


@pytest.mark.parametrize(("path", "variables", "message"), [
    ("greeting.tmpl", cty.object_val({"name": S("x")}),
     'vars map does not contain key "items", referenced at greeting.tmpl:1,28-33'),
    ("greeting.tmpl", S("x"), "invalid vars value: must be a map"),
    ("whole.tmpl", cty.object_val({"x": S("1"), "a-b": S("2")}), None),
    ("whole.tmpl", cty.object_val({"x": S("1"), "1a": S("2")}),
     'invalid template variable name "1a": must start with a letter, followed by zero or more '
     "letters, digits, and underscores"),
    ("broken.tmpl", cty.EmptyObjectVal, re.compile(r"^broken\.tmpl:1,\d+-\d+: ")),
    ("loop.tmpl", cty.EmptyObjectVal,
     "maximum recursion depth 16 reached in loop.tmpl:1,3-16, loop.tmpl:1,3-16 ... "),
])
def test_templatefile_refuses(table: dict, path: str, variables: cty.Value,
                              message: str | re.Pattern[str] | None) -> None:
    if message is None:  # ("a-b" is an HCL identifier: Terraform allows it)
        assert table["templatefile"](S(path), variables) == S("1")
        return
    got = _error(table["templatefile"], S(path), variables)
    assert message.search(got) if isinstance(message, re.Pattern) else got == message


def test_templatefile_through_hcl(table: dict) -> None:
    expr = parse_expression('templatefile("greeting.tmpl", {name = "hcl", items = ["a"]})')
    assert expr.evaluate(EvalContext(functions=table)) == S("Hello, hcl! [a]\n")


def test_impure_functions_only_when_asked() -> None:
    when = datetime.datetime(2024, 5, 6, 7, 8, 9, 123456, tzinfo=datetime.UTC)
    applying = terraform_functions(impure=True, clock=lambda: when, plan_time=when)
    assert applying["timestamp"]() == S("2024-05-06T07:08:09Z")
    assert applying["plantimestamp"]() == S("2024-05-06T07:08:09Z")
    uuid = applying["uuid"]().as_string()
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", uuid)
    assert applying["uuid"]() != applying["uuid"]()
    planning = terraform_functions(impure=True, planning=True)
    unknown = cty.unknown_val(cty.String).refine_not_null()
    for name in ("timestamp", "uuid"):
        assert planning[name]() == unknown
    assert planning["bcrypt"](S("x")) == unknown
    assert planning["plantimestamp"]() == unknown  # (no plan time given)


def test_bcrypt_is_checked_by_verifying() -> None:
    bcrypt = pytest.importorskip("bcrypt", reason="bcrypt is in the test extra; without it "
                                                  "the function says so")
    table = terraform_functions(impure=True)
    hashed = table["bcrypt"](S("hunter2"), cty.number_val(4)).as_string()
    assert hashed.startswith("$2a$04$") and bcrypt.checkpw(b"hunter2", hashed.encode())
    assert table["bcrypt"](S("x"), cty.number_val(1)).as_string().startswith("$2a$10$")
    assert _error(table["bcrypt"], S("x"), cty.number_val(32)) == (
        "error occurred generating password crypto/bcrypt: cost 32 is outside allowed "
        "inclusive range 4..31")
    assert _error(table["bcrypt"], S("x" * 73)) == (
        "error occurred generating password bcrypt: password length exceeds 72 bytes")
    assert _error(table["bcrypt"], S("x"), cty.number_val(4), cty.number_val(4)) == \
        "bcrypt() takes no more than two arguments"
