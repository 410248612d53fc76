"""Compiling generated Python functions (objects' decoders, encoders and builders).

The planners write a function per object type for their hottest shapes, so that a known-good
attribute costs a class check instead of a call. Sources are compiled once (identical sources
share their code object) and registered in linecache under ``<cty generated ...>``, so
tracebacks and debuggers show the generated lines. A generated source is code of ours; names
from a type (attribute names) enter it only as ``repr()`` literals or through the namespace.
"""

from __future__ import annotations

import itertools
import linecache
import threading
from collections.abc import Callable
from typing import Any, Final

WIDEST_GENERATED: Final = 256
"""The most attributes an object type may have for a planner to write a function for it.

Compiling one costs about 13 KB and 80 microseconds per attribute, once per type; a wider type
(the implied type of a JSON object of 40,000 keys, say: half a gigabyte and three seconds) is
seldom decoded often enough to earn that back, and the planners' general loops serve it.
"""

_codes: dict[str, Any] = {}
"""Compiled sources: object types whose attributes have the same kinds share code."""
_counter = itertools.count()
_lock = threading.Lock()


def worth_generating(width: int) -> bool:
    """Return whether a function is worth writing for an object type of *width* attributes."""
    return width <= WIDEST_GENERATED


def compile_generated(name: str, source: str, namespace: dict[str, Any],
                      what: str = "") -> Callable[..., Any]:
    """Return the function *name* that *source* defines, run in *namespace*; *what* it does,
    if given, is part of the file name tracebacks show (that of the first identical source)."""
    code = _codes.get(source)
    if code is None:
        with _lock:
            code = _codes.get(source)
            if code is None:
                label = f": {what}" if what else ""
                filename = f"<cty generated {name} {next(_counter)}{label}>"
                code = compile(source, filename, "exec")
                linecache.cache[filename] = (len(source), None, source.splitlines(True),
                                             filename)
                _codes[source] = code
    exec(code, namespace)  # our own generated source: no input data in it
    fn: Callable[..., Any] = namespace[name]
    return fn
