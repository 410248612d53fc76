"""Test ids that are the same in every process: pytest-xdist's workers must collect the same
tests, and a repr holding a set (Python orders strings by a per-process hash) or an object's
address would differ between them."""

from __future__ import annotations

import re

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_SET = re.compile(r"\{([^{}:]*)\}")


def stable_id(x: object) -> str:
    """repr(x), with the elements of each set in sorted order and no object addresses."""
    text = _ADDRESS.sub("", repr(x))
    return _SET.sub(lambda m: "{" + ", ".join(sorted(m.group(1).split(", "))) + "}", text)
