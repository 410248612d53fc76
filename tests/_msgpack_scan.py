"""A small, independent msgpack scanner for the vector rules: what a byte string holds, found
without our decoder (so a rule's predicate does not trust the code under test).

`scan(data)` walks the first msgpack item of *data* and reports where it ends (None when the
item is cut off or malformed), whether a str in it (or in an extension 12 body) is not UTF-8,
and whether a map in it has a key that is not a str.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass


@dataclass
class Scan:
    """What `scan` found in the first item."""

    end: int | None = None
    """Offset just past the first item; None when it is cut off or malformed."""
    not_utf8: bool = False
    """A str (or an extension 12 body's str) holds bytes that are not UTF-8."""
    non_str_key: bool = False
    """A map has a key that is neither a str nor a bin (go-cty reads strings from both)."""


_FIXED_SIZES = {0xCC: 1, 0xD0: 1, 0xCD: 2, 0xD1: 2, 0xCE: 4, 0xD2: 4, 0xCA: 4, 0xCF: 8, 0xD3: 8,
                0xCB: 8}
"""Numbers of a fixed size: uint/int 8 to 64, float 32 and 64."""


class _Stop(Exception):
    pass


def scan(data: bytes) -> Scan:
    """Scan the first msgpack item of *data* (see the module docstring)."""
    out = Scan()
    try:
        out.end = _item(data, 0, out)
    except _Stop:
        out.end = None
    return out


def _need(data: bytes, pos: int, n: int) -> None:
    if n < 0 or pos + n > len(data):
        raise _Stop


def _str(data: bytes, pos: int, n: int, out: Scan) -> int:
    _need(data, pos, n)
    try:
        data[pos:pos + n].decode("utf-8")
    except UnicodeDecodeError:
        out.not_utf8 = True
    return pos + n


def _uint(data: bytes, pos: int, size: int) -> int:
    _need(data, pos, size)
    return int.from_bytes(data[pos:pos + size], "big")


def _container(data: bytes, pos: int, n: int, is_map: bool, out: Scan) -> int:
    for _ in range(n):
        if is_map:
            _need(data, pos, 1)
            b = data[pos]
            if not (0xA0 <= b <= 0xBF or b in (0xD9, 0xDA, 0xDB, 0xC4, 0xC5, 0xC6)):
                out.non_str_key = True
            pos = _item(data, pos, out)
        pos = _item(data, pos, out)
    return pos


def _ext(data: bytes, pos: int, code: int, n: int, out: Scan) -> int:
    _need(data, pos, n)
    if code == 12:
        inner = Scan()
        with contextlib.suppress(_Stop):
            _refinement(data[pos:pos + n], inner)
        out.not_utf8 = out.not_utf8 or inner.not_utf8
    return pos + n


_KNOWN_REFINEMENT_KEYS = frozenset(range(1, 7))


def _refinement(body: bytes, out: Scan) -> None:
    """Scan an unknown value's refinements as go-cty reads them: a map whose keys are small
    ints; the value of a key it knows (1 to 6) is read, and one of a key it does not know is
    not read at all (the next bytes are taken as the next key), so a str there is never text.
    """
    _need(body, 0, 1)
    b = body[0]
    if 0x80 <= b <= 0x8F:
        count, pos = b & 0x0F, 1
    elif b in (0xDE, 0xDF):
        size = 2 if b == 0xDE else 4
        count, pos = _uint(body, 1, size), 1 + size
    else:
        _item(body, 0, out)  # not a map: go-cty refuses it; look at what it holds
        return
    for _ in range(count):
        _need(body, pos, 1)
        k = body[pos]
        if k > 0x7F:
            return  # (not a small positive int: go-cty stops with an error here)
        pos += 1
        if k in _KNOWN_REFINEMENT_KEYS:
            pos = _item(body, pos, out)


def _item(data: bytes, pos: int, out: Scan) -> int:
    _need(data, pos, 1)
    b = data[pos]
    pos += 1
    if b <= 0x7F or b >= 0xE0 or b in (0xC0, 0xC2, 0xC3):
        return pos
    if 0x80 <= b <= 0x8F:
        return _container(data, pos, b & 0x0F, True, out)
    if 0x90 <= b <= 0x9F:
        return _container(data, pos, b & 0x0F, False, out)
    if 0xA0 <= b <= 0xBF:
        return _str(data, pos, b & 0x1F, out)
    if b in (0xD9, 0xDA, 0xDB):
        size = {0xD9: 1, 0xDA: 2, 0xDB: 4}[b]
        return _str(data, pos + size, _uint(data, pos, size), out)
    if b in (0xC4, 0xC5, 0xC6):
        size = {0xC4: 1, 0xC5: 2, 0xC6: 4}[b]
        n = _uint(data, pos, size)
        _need(data, pos + size, n)
        return pos + size + n
    fixed = _FIXED_SIZES.get(b)
    if fixed is not None:
        _need(data, pos, fixed)
        return pos + fixed
    if b in (0xDC, 0xDD, 0xDE, 0xDF):
        size = 2 if b in (0xDC, 0xDE) else 4
        return _container(data, pos + size, _uint(data, pos, size), b in (0xDE, 0xDF), out)
    if b in (0xD4, 0xD5, 0xD6, 0xD7, 0xD8):
        n = {0xD4: 1, 0xD5: 2, 0xD6: 4, 0xD7: 8, 0xD8: 16}[b]
        code = _uint(data, pos, 1)
        return _ext(data, pos + 1, code, n, out)
    if b in (0xC7, 0xC8, 0xC9):
        size = {0xC7: 1, 0xC8: 2, 0xC9: 4}[b]
        n = _uint(data, pos, size)
        code = _uint(data, pos + size, 1)
        return _ext(data, pos + size + 1, code, n, out)
    raise _Stop  # 0xC1, never used
