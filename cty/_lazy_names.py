"""Names a package loads on first use (PEP 562): a package keeps a table of its lazy names and
the modules that define them, and takes its ``__getattr__`` and ``__dir__`` from
``lazy_names``, so that importing it loads none of those modules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(table: Mapping[str, str | tuple[str, str]], namespace: dict[str, Any],
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the module whose namespace (``globals()``) is
    *namespace*: each name of *table* maps to the module that defines it (relative to the
    module's package), or to (that module, the name there); the first use of a name loads its
    module and keeps the name in *namespace*, so later uses cost nothing."""
    module_name, package = namespace["__name__"], namespace["__package__"]

    def getattr_(name: str) -> Any:
        where = table.get(name)
        if where is None:
            raise AttributeError(f"module {module_name!r} has no attribute {name!r}")
        module, attribute = (where, name) if isinstance(where, str) else where
        value = getattr(import_module(module, package), attribute)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted(set(namespace) | set(table))

    getattr_.__doc__ = f"Load the module behind a lazy name of {module_name!r} on first use."
    dir_.__doc__ = f"List {module_name!r}'s names, the ones that load on first use included."
    return getattr_, dir_
