"""Room in a bounded memo: the older half goes, the recent half stays.

The number memos (floats made into payloads, JSON numbers parsed) hold the numbers data
repeats. Emptying one when it fills would drop the hot numbers with the cold ones, every few
thousand calls; dropping the older half in insertion order keeps what came lately, and the hot
numbers come back at once if they went.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

__all__ = ["make_room"]


def make_room(memo: dict[Any, Any], limit: int) -> None:
    """Drop the older half of *memo* (in insertion order) when it holds *limit* entries."""
    if len(memo) >= limit:
        for key in list(islice(memo, limit // 2)):
            memo.pop(key, None)  # another thread may have dropped it first
