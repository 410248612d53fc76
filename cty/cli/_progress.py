"""Progress on standard error while the command works, and its messages: shown only on a
terminal.

The bar is rich's (the ``cli`` extra): records done, bytes read out of the input's size, the
rate and the time left; rich also honours NO_COLOR and TERM=dumb. rich was chosen over tqdm
because the command needs colour as well as a bar, and rich does both (tqdm draws bars only),
and prints messages above a live bar without tearing it. Without rich, or with ``--quiet``,
or when standard error is not a terminal, nothing but the messages is written, as plain
lines (a pipe or a log file gets no control characters).
"""

from __future__ import annotations

import sys
from typing import Any


class Progress:
    """Counts bytes read (out of *total* bytes, when known) and records done, and draws them
    as a bar on a terminal when *enabled*."""

    def __init__(self, label: str, total: int | None, *, enabled: bool = True) -> None:
        self.records = 0
        self._bar: Any = None
        self._console: Any = None
        if not (enabled and sys.stderr.isatty()):
            return
        try:
            from rich import progress as rp  # noqa: PLC0415 - only for a terminal
            from rich.console import Console  # noqa: PLC0415
        except ImportError:  # (the cli extra is not installed: no bar)
            return
        self._console = Console(stderr=True, highlight=False)
        self._bar = rp.Progress(
            rp.TextColumn("{task.description}"), rp.BarColumn(),
            rp.TextColumn("{task.fields[records]:,} records"),
            rp.TextColumn("({task.fields[rate]})"), rp.DownloadColumn(),
            rp.TimeRemainingColumn(), console=self._console, transient=True)
        self._task = self._bar.add_task(label, total=total, records=0, rate="")
        self._bar.start()

    def read(self, n: int) -> None:
        """Record *n* more bytes read."""
        if self._bar is not None:
            self._bar.advance(self._task, n)

    def done(self, n: int) -> None:
        """Record *n* more records done."""
        self.records += n
        if self._bar is not None:
            elapsed = self._bar.tasks[0].elapsed or 0.0
            rate = f"{self.records / elapsed:,.0f}/s" if elapsed > 0.5 else ""
            self._bar.update(self._task, records=self.records, rate=rate)

    def say(self, text: str, *, style: str | None = None) -> None:
        """Print the line *text* on standard error (above the bar, if there is one)."""
        if self._console is not None:
            self._console.print(text, style=style, markup=False)
        else:
            print(text, file=sys.stderr)

    def tell(self, text: str) -> None:
        """Print the line *text* on standard output (above the bar, if there is one)."""
        if self._console is not None:
            self._console.print(text, markup=False)
        else:
            print(text)

    def close(self) -> None:
        """Take the bar away."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
