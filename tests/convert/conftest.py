"""Hypothesis runs derandomized under CI (the root conftest's "ci" profile does this; this
keeps it so for tests/convert on its own)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

if os.environ.get("CI") and not getattr(settings.default, "derandomize", False):
    settings.register_profile(
        "convert-ci", derandomize=True, deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.load_profile("convert-ci")
