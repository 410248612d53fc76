"""Test-wide settings: hypothesis runs derandomized under CI, so CI is deterministic; the quick
subset's smaller example counts; the differential runs' lines, gathered from pytest-xdist's
workers."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None)
settings.register_profile("quick", deadline=None, max_examples=20)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

_QUICK_ENV = "CTY_QUICK_EXAMPLES"  # tests/_examples.py reads it


def pytest_configure(config: Any) -> None:
    """Outside CI, ``-m "not slow"`` is the quick subset: fewer hypothesis examples (a fifth
    of the counts tests write, 20 where they write none). Runs in each xdist worker too."""
    if not os.environ.get("CI") and "not slow" in (config.getoption("markexpr") or ""):
        os.environ[_QUICK_ENV] = "1"
        settings.load_profile("quick")


_FROM_WORKERS: list[str] = []
"""The lines tests/differential/conftest.py handed over in the workers, when the suite runs
in several processes (pytest-xdist); in one process it prints them itself."""


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """Take a finished worker's differential lines (an xdist hook: the controller's)."""
    _FROM_WORKERS.extend(getattr(node, "workeroutput", {}).get("cty_differential_report", []))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Write the lines the workers handed over, under their heading."""
    if _FROM_WORKERS:
        terminalreporter.section("differential runs against go-cty and HCL")
        for line in _FROM_WORKERS:
            terminalreporter.write_line(line)
