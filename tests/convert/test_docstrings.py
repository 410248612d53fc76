"""The ``>>>`` examples in cty.convert's docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cty
import cty.convert

MODULES = ["cty.convert"] + [f"cty.convert.{m.name}"
                              for m in pkgutil.iter_modules(cty.convert.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    globs = {"cty": cty, **{n: getattr(module, n) for n in dir(module)
                            if not n.startswith("__")}}

    result = doctest.testmod(module, globs=globs, optionflags=doctest.ELLIPSIS)

    assert result.failed == 0
