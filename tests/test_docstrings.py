"""The ``>>>`` examples in every docstring of cty, cty.convert and cty.encoding, and the README's
tour, run as tests: a stale example fails CI."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest

import cty
import cty.convert
import cty.dataset
import cty.encoding
import cty.ext
import cty.ext.eventual
import cty.ext.pulumi_wire
import cty.ext.xtypes
import cty.function
import cty.function.stdlib
import cty.testing

PACKAGES = [cty, cty.convert, cty.encoding, cty.function, cty.function.stdlib, cty.ext,
            cty.ext.xtypes, cty.dataset, cty.testing]
MODULES = [p.__name__ for p in PACKAGES] + [
    f"{p.__name__}.{m.name}" for p in PACKAGES for m in pkgutil.iter_modules(p.__path__)]
README = Path(__file__).parent.parent / "README.md"


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    globs = {"cty": cty, name.rsplit(".", 1)[-1]: module,
             **{n: getattr(module, n) for n in dir(module) if not n.startswith("__")}}

    result = doctest.testmod(module, globs=globs, optionflags=doctest.ELLIPSIS)

    assert result.failed == 0


def _tour() -> list[str]:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## A tour\n\n```python\n(.*?)```", text, re.S)
    assert block, "the README has no tour"
    return block.group(1).splitlines()


class _Raised:
    """What a tour line that raises gives: it shows as ``cty.PathError: message``."""

    def __init__(self, error: Exception) -> None:
        self.text = f"cty.{type(error).__name__}: {error}"

    def __repr__(self) -> str:
        return self.text


def test_the_readme_tour_shows_what_it_gives() -> None:
    """Each line ``expr   # result`` (or ``expr`` followed by a line ``# result``) must give
    that result's repr; other lines run as statements. A line that raises must show the error
    (``# cty.PathError: message``)."""
    env: dict[str, Any] = {}
    last: Any = None
    checked = 0
    for line in _tour():
        code, _, shown = line.partition("   # ")
        if not code.strip() or code.lstrip().startswith("#"):
            if line.strip().startswith("# ") and last is not None:
                want = line.strip()[2:]
                if want[:1] in "'\"0123456789-[{(" or want in ("True", "False", "None") or \
                        want.startswith(("frozenset(", "cty.")):
                    assert repr(last) == want, f"README tour: got {last!r}, shows {want}"
                    checked += 1
                    last = None
            assert not isinstance(last, _Raised), f"README tour: unshown {last!r}"
            continue
        assert not isinstance(last, _Raised), f"README tour: unshown {last!r}"
        try:
            last = eval(code, env)
        except SyntaxError:
            exec(code, env)
            last = None
            continue
        except cty.CtyError as e:
            last = _Raised(e)
        if shown:
            assert repr(last) == shown.strip(), f"README tour: {code.strip()} gives {last!r}"
            checked += 1
            last = None
    assert checked >= 4
