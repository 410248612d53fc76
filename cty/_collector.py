"""The cyclic garbage collector held off while a large value is built.

Building a value of many containers from data that is itself many containers makes Python's
collector walk both, over and over, as the young objects pile up: a 100,000-row decode spends
more time in the collector than in decoding, and the cost grows faster than the rows. None of
what a build makes can form a cycle (payloads nest strictly), so nothing is lost by holding the
collector off until the build is done; what it would have found is found by its next run.

``with PAUSED:`` holds it off and gives it back as it was, an exception included. The pause is
counted, so builds in several threads at once give it back when the last one ends; a program
that turns the collector off or on itself while a build runs in another thread has its setting
replaced by the one in force when the first build began.
"""

from __future__ import annotations

import gc
import threading
from types import TracebackType
from typing import Final

__all__ = ["LARGE_INPUT", "LARGE_ITEMS", "PAUSED"]

LARGE_INPUT: Final = 16_384
"""Inputs of at least this many bytes or characters are decoded with the collector paused."""
LARGE_ITEMS: Final = 1_000
"""Python data of at least this many items (at the top) is built with the collector paused;
below it, the pause would cost more than the collector's work (a small build takes about
2 µs, the pause as much again)."""


class _Paused:
    __slots__ = ("_holders", "_lock", "_resume")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holders = 0
        self._resume = False

    def __enter__(self) -> None:
        with self._lock:
            if not self._holders:
                self._resume = gc.isenabled()
                gc.disable()
            self._holders += 1

    def __exit__(self, et: type[BaseException] | None, e: BaseException | None,
                 tb: TracebackType | None) -> None:
        with self._lock:
            self._holders -= 1
            if not self._holders and self._resume:
                gc.enable()


PAUSED: Final = _Paused()
"""The context that holds the collector off (see the module documentation)."""
