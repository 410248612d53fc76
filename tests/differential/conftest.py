"""Prints what the differential runs checked (counts and seed) at the end of the test run,
where pytest shows it even for passing tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ._report import REPORT


@pytest.fixture(autouse=True)
def _no_local_constants() -> Iterator[None]:
    """Draw the cases from the seed alone. Hypothesis also draws, now and then, constants
    it finds in the source of the local modules loaded so far, and which are loaded depends on
    the tests the worker ran before (the same seed gave 15,147 cases in one run and 15,337 in
    another): while a differential test runs, that pool is empty. (Hypothesis's own module;
    where it has changed, the pool stays, and only the case counts may differ.)"""
    try:
        from hypothesis.internal.conjecture import providers
        empty = type(providers._local_constants)(
            integers=type(providers._local_constants.integers)(),
            floats=type(providers._local_constants.floats)(
                key=providers._local_constants.floats.key),
            bytes=type(providers._local_constants.bytes)(),
            strings=type(providers._local_constants.strings)())
        saved = providers._get_local_constants
    except (ImportError, AttributeError, TypeError):
        yield
        return
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE.cache.clear()
    try:
        yield
    finally:
        providers._get_local_constants = saved
        providers.CONSTANTS_CACHE.cache.clear()


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
