"""A progress bar on stderr for long work, shown only on a terminal."""

from __future__ import annotations

import sys
import time
from typing import Final, TextIO

_WIDTH: Final = 30
_INTERVAL: Final = 0.1
"""Seconds between redraws: drawing costs more than the work it reports, on fast steps."""


class Progress:
    """Counts work done out of *total* and draws a bar on *stream* when it is a terminal and
    *enabled*; draws nothing otherwise (a pipe or a log file gets no control characters)."""

    def __init__(self, label: str, total: int, *, enabled: bool = True,
                 stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.label = label
        self.total = max(total, 1)
        self.done = 0
        self.shown = enabled and self.stream.isatty()
        self._drawn_at = 0.0

    def advance(self, n: int = 1) -> None:
        """Record *n* more units done and redraw, at most every tenth of a second."""
        self.done += n
        if self.shown:
            now = time.monotonic()
            if now - self._drawn_at >= _INTERVAL or self.done >= self.total:
                self._drawn_at = now
                self._draw()

    def _draw(self) -> None:
        part = min(self.done / self.total, 1.0)
        filled = int(part * _WIDTH)
        bar = "#" * filled + "-" * (_WIDTH - filled)
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        """Clear the bar's line, so that messages after it start clean."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
