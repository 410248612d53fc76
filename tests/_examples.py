"""How many examples a property test asks hypothesis for.

The full suite (and CI) runs the counts the tests write. The quick subset for local work,
``pytest -m "not slow"`` outside CI, runs a fifth of each (at least 10) and hypothesis's
default of 100 drops to 20: tests/conftest.py sets ``CTY_QUICK_EXAMPLES`` for it.
"""

from __future__ import annotations

import os

QUICK_ENV = "CTY_QUICK_EXAMPLES"


def quick() -> bool:
    """Whether this run is the quick subset."""
    return os.environ.get(QUICK_ENV) == "1"


def examples(n: int) -> int:
    """The example count for a test that asks for *n*: *n*, or a fifth of it in the quick
    subset."""
    return max(10, n // 5) if quick() else n
