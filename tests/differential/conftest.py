"""Prints what the differential runs checked (counts and seed) at the end of the test run,
where pytest shows it even for passing tests."""

from __future__ import annotations

from typing import Any

from ._report import REPORT


def pytest_sessionfinish(session: Any) -> None:
    """In a worker of pytest-xdist, hand the lines to the controller (tests/conftest.py
    prints them there)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["cty_differential_report"] = list(REPORT)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Write the differential runs' lines under their own heading."""
    if REPORT:
        terminalreporter.section("differential runs against go-cty and HCL")
        for line in REPORT:
            terminalreporter.write_line(line)
