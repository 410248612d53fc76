"""What Terraform's functions put in an error in place of a sensitive argument."""

from __future__ import annotations

from collections.abc import Hashable

from cty import sensitive_marks
from cty._internal import go_quote

__all__ = ["redacted"]


def redacted(text: str, marks: frozenset[Hashable]) -> str:
    """*text* quoted as Go's %q quotes it, or ``(sensitive value)`` when *marks* hold a
    sensitive mark (OpenTofu's redactIfSensitive)."""
    if not sensitive_marks().isdisjoint(marks):
        return "(sensitive value)"
    return go_quote(text)
