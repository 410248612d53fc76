"""The examples in docs/ run: Python blocks (as doctests when they show ``>>>``, as scripts
otherwise), ``$ cty ...`` console blocks (their output compared), and the porting page's
table of names (every Python name in it exists)."""

from __future__ import annotations

import doctest
import importlib
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

import cty

from .cli.test_cli import run

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.S | re.M)


def _blocks(page: Path, language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(page.read_text(encoding="utf-8"))
            if lang == language]


@pytest.mark.parametrize("page", [p for p in PAGES if _blocks(p, "python")],
                         ids=lambda p: str(p.relative_to(DOCS)))
def test_python_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                             ) -> None:
    """The page's Python blocks run in order in one namespace (in a scratch directory)."""
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {"__name__": "docs_example"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(_blocks(page, "python")):
        if ">>>" in block:
            test = parser.get_doctest(block, namespace, f"{page.name}[{i}]", str(page), 0)
            result = runner.run(test, clear_globs=False)
            assert result.failed == 0, f"{page.name}: block {i} failed (see the output)"
            namespace.update(test.globs)  # the doctest ran on a copy
        else:
            # dont_inherit: the block runs as its own module would, without this file's
            # `from __future__ import annotations`
            exec(compile(block, f"{page.name}[{i}]", "exec", dont_inherit=True), namespace)


def _console_examples() -> list[tuple[str, str, list[str]]]:
    found = []
    for page in PAGES:
        for block in _blocks(page, "console"):
            command, *output = block.splitlines()
            assert command.startswith("$ cty "), f"{page.name}: {command}"
            found.append((page.name, command[len("$ cty "):], output))
    return found


@pytest.mark.parametrize(("page", "command", "output"), _console_examples())
def test_console_examples_show_what_the_command_prints(page: str, command: str,
                                                        output: list[str]) -> None:
    p = run(*shlex.split(command))
    assert (p.stdout + p.stderr).splitlines() == output, page


def _python_names(page: Path) -> list[str]:
    """Return the Python names of the second column of the page's tables."""
    names = []
    for line in page.read_text(encoding="utf-8").splitlines():
        cells = line.split("|")
        if len(cells) == 4 and "`" in cells[2]:
            for code in re.findall(r"`([^`]+)`", cells[2]):
                m = re.match(r"(cty(?:\.\w+)+|v\.\w+|ty\.\w+)", code)
                if m:
                    names.append(m.group(1))
    return names


def _resolve(name: str) -> object:
    head, *rest = name.split(".")
    if head in ("v", "ty"):
        obj: object = cty.Value if head == "v" else cty.Type
    else:
        obj = cty
        for i in range(len(rest), 0, -1):  # the longest importable module prefix
            module = ".".join(["cty", *rest[:i]])
            try:
                obj = importlib.import_module(module)
            except ImportError:
                continue
            rest = rest[i:]
            break
    for part in rest:
        obj = getattr(obj, part)
    return obj


def test_the_porting_table_names_only_what_exists() -> None:
    names = _python_names(DOCS / "howto" / "porting-from-go-cty.md")
    assert len(names) > 100
    missing = []
    for name in names:
        try:
            _resolve(name)
        except AttributeError:
            missing.append(name)
    assert missing == []


def test_no_page_left_out_of_the_site() -> None:
    """Every page is in mkdocs.yml's nav (a page left out is unreachable)."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert [str(p.relative_to(DOCS)) for p in PAGES
            if str(p.relative_to(DOCS)) not in nav] == []
