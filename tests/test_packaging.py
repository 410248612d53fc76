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
    for dep in ("gmpy2", "msgspec", "sortedcontainers"):
        assert dep in requires


def test_public_names_exist_and_are_documented() -> None:
    import cty

    for name in cty.__all__:
        obj = getattr(cty, name)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            assert obj.__doc__, f"cty.{name} has no docstring"
