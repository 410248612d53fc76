"""Hostile names: attribute names and keys an attacker would write into a document, and the
canaries that tell whether any of them ran.

Each name that could be code holds code that, if it ever ran, would create the canary file or
set the canary global; tests/security checks both after every test.
"""

from __future__ import annotations

import builtins
import keyword
import os
import tempfile
from pathlib import Path

CANARY_FILE = Path(tempfile.gettempdir()) / f"cty-canary-{os.getpid()}"
"""The file any hostile name's code would create (one per test process)."""
CANARY_GLOBAL = "cty_hostile_canary"
"""The builtin any hostile name's code would set."""

_RUN = (f"open({str(CANARY_FILE)!r}, 'w').close(); "
        f"__import__('builtins').{CANARY_GLOBAL} = 1")
_RUN_DQ = _RUN.replace("'", '"')
"""The code the hostile names carry: with single quotes, and with double quotes only (so that
the repr() of a name holding it is single-quoted)."""

HOSTILE: list[str] = [
    # format fields and conversions (str.format over a source holding a repr)
    "{pad!r:.1};" + _RUN + ";#", "{pad!r:.1};" + _RUN_DQ + ";#",
    "{x}", "{", "}", "{{", "}}", "{0}", "{i}", "{name!r}",
    "{k!s:>10}", "{p.__class__}", "{__import__}", "%s", "%(x)s", "$x", "${x}",
    # quotes of every kind, closing a literal and running code
    "'", '"', "'''", '"""', "`", "\u2018\u2019\u201c\u201d",
    "'; " + _RUN + "; '", '"; ' + _RUN + '; "', "'; " + _RUN_DQ + "; '", "'''; " + _RUN + "; '''",
    '"""; ' + _RUN + '; """', "')\n" + _RUN + "\n('", "\"]\n" + _RUN + "\n#",
    # backslashes
    "\\", "a\\", "\\'; " + _RUN + "; #", "\\x00", "\\N{DIGIT ONE}", "\\u0027",
    # line ends and comments
    "\n", "\r\n", "\r", "\n    " + _RUN + "\n", "\u2028", "\u2029", "\x0c", "\x0b", "\x85",
    "#", "# " + _RUN, "#\n" + _RUN,
    # NUL and control characters
    "\x00", "a\x00b", "\x1b[31m",
    # Python keywords and dunders
    *keyword.kwlist, "__import__", "__builtins__", "__class__", "__dict__", "self",
    # the generated code's own locals, bound names and builtins
    "p", "x", "v", "v0", "f0", "k0", "w0", "c0", "n", "ok", "at", "e", "d", "c", "t", "k",
    "slow", "odd", "make", "refused", "Fail", "JOIN", "ATTR", "STR", "names", "keys", "missing",
    "tail", "locate", "special", "enc", "dec", "obj", "build", "conv", "fn", "rewrite",
    "plain", "float53", "SetPayload", "EMPTY_SET", "WRONG_LENGTH", "_cty_fn", "wrapper",
    "len", "str", "dict", "print", "open", "exec", "eval", "compile", "getattr",
    # names the wire formats or Python treat specially
    "", " ", "0", "-1", "1e999", "null", "true", "$ref", "__proto__", "constructor",
    "e\u0301", "\ufeff", "\U0001f600", "\u202e", "A" * 255,
    # long names
    "x" * 100_000, "{" * 100_000, ("'" + _RUN + "#") * 1_000,
]
"""Names that must round-trip exactly and never run: every one is valid Unicode."""

SURROGATES: list[str] = ["\ud800", "a\udfffb", "\udc00\ud800", "{\ud83d}"]
"""Names that are not valid Unicode: refused, always with a library error."""

OTHER = "zz_other"
"""The name of the attribute beside the hostile one (no hostile name is this)."""
assert OTHER not in HOSTILE


def name_id(name: str) -> str:
    """A short test id for *name*."""
    shown = name.encode("unicode_escape").decode("ascii")
    return shown if len(shown) <= 24 else f"{shown[:16]}...({len(name)})"


def canaries_untouched() -> bool:
    """Return whether no hostile name's code ran (neither canary is set)."""
    return not CANARY_FILE.exists() and not hasattr(builtins, CANARY_GLOBAL)
