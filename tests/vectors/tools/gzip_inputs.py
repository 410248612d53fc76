"""Texts for checking base64gzip against Go's compress/gzip, made from a seed so that the large
ones need not be stored: their answers are kept as hashes
(tests/vectors/base64gzip_large.jsonl)."""

from __future__ import annotations

import random
import unicodedata

WORDS = ("#!/bin/bash", "echo", "\n", " ", "runcmd:", "  - apt-get install -y", "{}", "é",
         "日本", "packages:", "write_files:", "- path: /etc/", "content: |", "\t", "0123456789")
KINDS = ("words", "ascii", "two-letters", "unicode", "runs")


def text(seed: int, kind: str, size: int) -> str:
    """A text of about *size* characters of *kind* (NFC, as a cty string holds it)."""
    rng = random.Random(seed)
    if kind == "words":
        out = "".join(rng.choice(WORDS) for _ in range(size // 4))
    elif kind == "ascii":
        out = "".join(chr(rng.randrange(32, 127)) for _ in range(size))
    elif kind == "two-letters":
        out = "".join(rng.choice("ab") for _ in range(size))
    elif kind == "unicode":
        out = "".join(chr(rng.randrange(32, 0x3000)) for _ in range(size // 3))
    else:  # runs of one character, of every length (matches near the limits)
        parts: list[str] = []
        while sum(map(len, parts)) < size:
            parts.append(rng.choice("xyz") * rng.choice([1, 3, 4, 5, 257, 258, 259, 600]))
        out = "".join(parts)
    return unicodedata.normalize("NFC", out)
