"""String normalisation: every cty string is NFC, as go-cty's NormalizeString makes it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ._errors import CtyTypeError, CtyValueError
from ._unicode_data import UCD

_normalize: Final[Callable[[str, str], str]] = UCD.normalize
"""NFC at Go's Unicode version (cty._unicode_data); it returns a string that is already NFC
as it is, after a quick check."""


def normalize_string(s: str, /) -> str:
    """Return *s* in Unicode normal form C (go-cty's NormalizeString).

    Raises TypeError for a non-str and ValueError for a str holding lone surrogates,
    which no UTF-8 encoding can carry. Cost: O(len(s)); ASCII returns at once.
    """
    if s.__class__ is not str:
        if not isinstance(s, str):
            raise CtyTypeError(f"a cty string must be a str, not {type(s).__name__}")
        s = str(s)
    if s.isascii():
        return s
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as e:
        raise CtyValueError(
            f"string {s!r} holds a lone surrogate at index {e.start}: not valid Unicode"
        ) from None
    return _normalize("NFC", s)
