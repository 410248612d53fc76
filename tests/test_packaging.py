"""The three packages come from one installed distribution, mapped by setup.cfg's package_dir."""

from __future__ import annotations

import importlib
import importlib.metadata
import inspect
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("module", "directory"),
    [("cty", "cty"), ("cty.convert", "convert"), ("cty.encoding", "encoding")],
)
def test_subpackages_import_from_the_mapped_directories(module: str, directory: str) -> None:
    mod = importlib.import_module(module)
    assert mod.__file__ is not None
    here = pathlib.Path(mod.__file__).resolve().parent
    # an editable install points into the work tree; a wheel into site-packages/cty/...
    assert here == ROOT / directory or here.parts[-len(module.split(".")):] == tuple(
        module.split(".")
    )
    assert (here / "py.typed").exists()


def test_distribution_is_installed() -> None:
    dist = importlib.metadata.distribution("cty")
    requires = " ".join(dist.requires or [])
    for dep in ("gmpy2", "msgspec"):
        assert dep in requires


# The module each required distribution is imported as.
_IMPORTED_AS = {"gmpy2": "gmpy2", "google-re2": "re2", "msgspec": "msgspec", "regex": "regex",
                "unicodedata2": "unicodedata2"}


def test_every_required_distribution_is_imported_by_the_library() -> None:
    # A declared dependency is used where it serves, or not declared (ARCHITECTURE.md):
    # sortedcontainers was declared and imported nowhere, and is no longer required.
    import ast
    import configparser
    import re

    root = pathlib.Path(__file__).resolve().parent.parent
    cfg = configparser.ConfigParser()
    cfg.read(root / "setup.cfg")
    required = [re.split(r"[<>=;!~ ]", line.strip(), maxsplit=1)[0]
                for line in cfg["options"]["install_requires"].splitlines() if line.strip()]
    assert sorted(required) == sorted(_IMPORTED_AS)
    imported: set[str] = set()
    for folder in ("cty", "convert", "encoding"):
        for path in (root / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    imported.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    imported.add(node.module.split(".")[0])
                elif (isinstance(node, ast.Call) and getattr(node.func, "attr", None)
                      == "import_module" and node.args
                      and isinstance(node.args[0], ast.Constant)):
                    imported.add(str(node.args[0].value).split(".")[0])
    assert sorted(m for m in _IMPORTED_AS.values() if m not in imported) == []


def test_public_names_exist_and_are_documented() -> None:
    import cty

    for name in cty.__all__:
        obj = getattr(cty, name)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            assert obj.__doc__, f"cty.{name} has no docstring"
