"""Mark wrangling's actions and errors (go-cty's ``ctymarks`` package).

:meth:`cty.Value.wrangle_marks_deep` calls each wrangle function with each mark at each place
in a value and the path to that place; the first function to answer with an action decides
what becomes of that mark there::

    def secrets_out(mark, path):
        return cty.marks.WrangleDrop if mark == "sensitive" else None

    plain = v.wrangle_marks_deep(secrets_out)

A function answers None to leave the decision to the next one, or, where it has something to
report, a pair ``(action, error)``: go-cty's functions return both, and the walk takes the
action and goes on; at the end :class:`WrangleError` holds every error and the result.
"""

from __future__ import annotations

from ._marks_wrangle import (
    WrangleAction,
    WrangleDrop,
    WrangleError,
    WrangleExpand,
    WrangleFunc,
    WrangleKeep,
    WrangleResult,
    wrangle_replace,
    wrangle_replace_mark,
)

__all__ = [
    "WrangleAction",
    "WrangleDrop",
    "WrangleError",
    "WrangleExpand",
    "WrangleFunc",
    "WrangleKeep",
    "WrangleResult",
    "wrangle_replace",
    "wrangle_replace_mark",
]
