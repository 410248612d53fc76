"""The library's source holds one place that compiles and runs code, and none that unpickles or
imports by a name it was given (issue #46): read with ``ast``, so a new one fails here.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGES = [ROOT / "cty", ROOT / "convert", ROOT / "encoding"]
CODEGEN = ROOT / "cty" / "_codegen.py"

_RUNS_CODE = {"exec", "eval", "compile", "__import__", "breakpoint"}
"""Builtins that compile or run code, or import by name: only cty._codegen may call the first
three (on sources it has checked)."""
_UNPICKLES = {("pickle", "loads"), ("pickle", "load"), ("pickle", "Unpickler"),
              ("marshal", "loads"), ("marshal", "load"), ("shelve", "open")}


def _modules() -> Iterator[tuple[Path, ast.Module]]:
    for package in PACKAGES:
        for path in sorted(package.rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _calls(tree: ast.Module) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield node


def test_only_the_code_generator_compiles_or_runs_code() -> None:
    found = []
    for path, tree in _modules():
        for call in _calls(tree):
            if isinstance(call.func, ast.Name) and call.func.id in _RUNS_CODE:
                if path == CODEGEN and call.func.id in ("exec", "compile"):
                    continue
                found.append(f"{path.relative_to(ROOT)}:{call.lineno}: {call.func.id}()")
    assert found == []


def test_the_code_generator_runs_only_what_it_checked() -> None:
    tree = ast.parse(CODEGEN.read_text(encoding="utf-8"))
    runs = [call for call in _calls(tree)
            if isinstance(call.func, ast.Name) and call.func.id in ("exec", "compile")]
    assert len(runs) == 2  # one compile (in _compile, after _audit) and one exec (in _run)
    compile_fn = next(node for node in tree.body
                      if isinstance(node, ast.FunctionDef) and node.name == "_compile")
    order = [node.func.id for node in sorted(
        (node for node in ast.walk(compile_fn)
         if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
         and node.func.id in ("_audit", "compile")), key=lambda node: node.lineno)]
    assert order == ["_audit", "compile"]


def test_nothing_unpickles_or_imports_by_a_name_it_was_given() -> None:
    found = []
    for path, tree in _modules():
        for call in _calls(tree):
            func = call.func
            if (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                    and (func.value.id, func.attr) in _UNPICKLES):
                found.append(f"{path.relative_to(ROOT)}:{call.lineno}: "
                             f"{func.value.id}.{func.attr}()")
            if (isinstance(func, ast.Attribute) and func.attr == "import_module"
                    and not (call.args and isinstance(call.args[0], ast.Constant)
                             and isinstance(call.args[0].value, str))):
                found.append(f"{path.relative_to(ROOT)}:{call.lineno}: import_module() of a "
                             "name not written in the source")
    assert found == []
