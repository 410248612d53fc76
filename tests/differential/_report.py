"""What the differential runs checked, one line per run, for the end of the test run."""

from __future__ import annotations

REPORT: list[str] = []
