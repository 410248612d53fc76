"""The Unicode tables that go-cty's answers come from.

go-cty 1.18.1 normalises strings with golang.org/x/text v0.11, whose tables are Unicode 15.0.0,
and Go 1.21 and later classify runes (strconv.IsPrint, unicode.IsLetter) with the same version.
Python 3.11's own ``unicodedata`` is Unicode 14.0.0, which lacks the combining marks that 15.0
added (a string holding one normalises differently), so where Python's tables are not 15.0.0
the ``unicodedata2`` package is used at exactly that version (a dependency on Python 3.11).
Without it (another version installed, or none), Python's own tables are used.
"""

from __future__ import annotations

import importlib
import unicodedata
from typing import Any, Final

GO_UNICODE_VERSION: Final = "15.0.0"


def _tables() -> Any:
    """Return the unicodedata module at Go's Unicode version, or Python's own."""
    if unicodedata.unidata_version == GO_UNICODE_VERSION:
        return unicodedata
    try:
        ucd2 = importlib.import_module("unicodedata2")
    except ImportError:
        return unicodedata
    if getattr(ucd2, "unidata_version", None) == GO_UNICODE_VERSION:
        return ucd2
    return unicodedata


UCD: Final = _tables()
"""The unicodedata module to ask: ``normalize``, ``category``, ``combining``,
``decomposition``."""
UNICODE_VERSION: Final[str] = UCD.unidata_version
"""The Unicode version of UCD."""
BUILTIN_TABLES: Final = UCD is unicodedata
"""Whether UCD is Python's own module, so that str methods (isprintable, isalpha) agree with
it."""
