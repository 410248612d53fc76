"""The CJK encodings of textencodebase64 and textdecodebase64, as golang.org/x/text has them:
Shift_JIS, EUC-JP, ISO-2022-JP, EUC-KR, GBK, GB18030, HZ-GB-2312 and Big5.

Each decoder reads bytes as x/text's does: the same lead and trail byte ranges, the same
arithmetic from bytes to an index in the encoding's table (with its quirks: ISO-2022-JP's
trail bytes wrap past a row's end), the same states and escapes. Terraform refuses a decoding
that holds U+FFFD anywhere, so a decoder here gives the text or None. Each encoder writes what
x/text writes: the table's first (or, for Big5, last) index for a character, EUC-JP's JIS X
0208 before its JIS X 0212, GB18030's four-byte ranges, ISO-2022-JP's and HZ's escapes where
x/text switches. The tables are x/text's, read through the funcs oracle
(``_text_cjk_tables``, generated).
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections.abc import Callable
from typing import Final

from . import _text_cjk_tables as tables

__all__ = ["CJK_DECODERS", "CJK_ENCODERS"]

_NONE: Final = "\x00"
_EUC_JP: Final = "Extended_UNIX_Code_Packed_Format_for_Japanese"
"""EUC-JP's IANA name (the encodings are known by theirs)."""


def _at(table: str, index: int) -> str | None:
    """The table's character at *index*, or None (past its end, or none there)."""
    if 0 <= index < len(table):
        found = table[index]
        if found != _NONE:
            return found
    return None


# --- decoders --------------------------------------------------------------------------------

def _shift_jis(data: bytes) -> str | None:
    out = []
    i, n = 0, len(data)
    while i < n:
        c0 = data[i]
        if c0 < 0x80:
            out.append(chr(c0))
            i += 1
        elif 0xA1 <= c0 < 0xE0:
            out.append(chr(c0 + 0xFF61 - 0xA1))
            i += 1
        elif c0 == 0x80:
            out.append("\x80")
            i += 1
        elif 0x81 <= c0 < 0xA0 or 0xE0 <= c0 < 0xFD:
            if i + 1 >= n:
                return None
            row = 2 * (c0 - 0x70 if c0 <= 0x9F else c0 - 0xB0) - 0x21
            c1 = data[i + 1]
            if 0x40 <= c1 < 0x7F:
                row, col = row - 1, c1 - 0x40
            elif 0x80 <= c1 < 0x9F:
                row, col = row - 1, c1 - 0x41
            elif 0x9F <= c1 < 0xFD:
                col = c1 - 0x9F
            else:
                return None
            found = _at(tables.JIS0208, row * 94 + col)
            if found is None:
                return None
            out.append(found)
            i += 2
        else:
            return None
    return "".join(out)


def _euc_jp(data: bytes) -> str | None:
    out = []
    i, n = 0, len(data)
    while i < n:
        c0 = data[i]
        if c0 < 0x80:
            out.append(chr(c0))
            i += 1
            continue
        if c0 == 0x8E:
            if i + 1 >= n or not 0xA1 <= data[i + 1] <= 0xDF:
                return None
            out.append(chr(data[i + 1] + 0xFF61 - 0xA1))
            i += 2
            continue
        if c0 == 0x8F:
            if i + 2 >= n or not (0xA1 <= data[i + 1] <= 0xFE and 0xA1 <= data[i + 2] <= 0xFE):
                return None
            found = _at(tables.JIS0212, (data[i + 1] - 0xA1) * 94 + data[i + 2] - 0xA1)
            step = 3
        elif 0xA1 <= c0 <= 0xFE:
            if i + 1 >= n or not 0xA1 <= data[i + 1] <= 0xFE:
                return None
            found = _at(tables.JIS0208, (c0 - 0xA1) * 94 + data[i + 1] - 0xA1)
            step = 2
        else:
            return None
        if found is None:
            return None
        out.append(found)
        i += step
    return "".join(out)


_ASCII, _KATAKANA, _JIS0208, _JIS0212 = range(4)


def _iso_2022_jp(data: bytes) -> str | None:
    out = []
    state = _ASCII
    i, n = 0, len(data)
    while i < n:
        c0 = data[i]
        if c0 >= 0x80:
            return None
        if c0 == 0x1B:
            if i + 2 >= n:
                return None
            c1, c2 = data[i + 1], data[i + 2]
            if c1 == 0x24 and c2 in (0x40, 0x42):
                state, i = _JIS0208, i + 3
            elif c1 == 0x24 and c2 == 0x28 and i + 3 < n and data[i + 3] == 0x44:
                state, i = _JIS0212, i + 4
            elif c1 == 0x28 and c2 in (0x42, 0x4A):
                state, i = _ASCII, i + 3
            elif c1 == 0x28 and c2 == 0x49:
                state, i = _KATAKANA, i + 3
            else:
                return None
            continue
        if state == _ASCII:
            out.append(chr(c0))
            i += 1
        elif state == _KATAKANA:
            if c0 < 0x21 or c0 >= 0x60:
                return None
            out.append(chr(c0 + 0xFF61 - 0x21))
            i += 1
        elif c0 == 0x0A:
            state = _ASCII
            out.append("\n")
            i += 1
        else:
            if i + 1 >= n:
                return None
            index = ((c0 - 0x21) & 0xFF) * 94 + ((data[i + 1] - 0x21) & 0xFF)
            found = _at(tables.JIS0208 if state == _JIS0208 else tables.JIS0212, index)
            if found is None:
                return None
            out.append(found)
            i += 2
    return "".join(out)


def _euc_kr(data: bytes) -> str | None:
    out = []
    i, n = 0, len(data)
    while i < n:
        c0 = data[i]
        if c0 < 0x80:
            out.append(chr(c0))
            i += 1
            continue
        if not 0x81 <= c0 < 0xFF or i + 1 >= n:
            return None
        c1 = data[i + 1]
        if c0 < 0xC7:
            if 0x41 <= c1 < 0x5B:
                index = 178 * (c0 - 0x81) + c1 - 0x41
            elif 0x61 <= c1 < 0x7B:
                index = 178 * (c0 - 0x81) + c1 - (0x61 - 26)
            elif 0x81 <= c1 < 0xFF:
                index = 178 * (c0 - 0x81) + c1 - (0x81 - 52)
            else:
                return None
        elif 0xA1 <= c1 < 0xFF:
            index = 178 * (0xC7 - 0x81) + (c0 - 0xC7) * 94 + c1 - 0xA1
        else:
            return None
        found = _at(tables.EUC_KR, index)
        if found is None:
            return None
        out.append(found)
        i += 2
    return "".join(out)


def _gb18030_four(pointer: int) -> str | None:
    if pointer < 39420:
        at = bisect_right(tables.GB18030_POINTERS, pointer) - 1
        found = chr(pointer - tables.GB18030_POINTERS[at] + tables.GB18030_CODES[at])
        return None if found == "\ufffd" else found
    pointer -= 189000
    return chr(pointer + 0x10000) if 0 <= pointer < 0x100000 else None


def _gbk_decoder(four: bool) -> Callable[[bytes], str | None]:
    def decode(data: bytes) -> str | None:
        out = []
        i, n = 0, len(data)
        while i < n:
            c0 = data[i]
            if c0 < 0x80:
                out.append(chr(c0))
                i += 1
                continue
            if c0 == 0x80:
                out.append("\u20ac")
                i += 1
                continue
            if c0 == 0xFF or i + 1 >= n:
                return None
            c1 = data[i + 1]
            if 0x40 <= c1 < 0x7F:
                found = _at(tables.GBK, (c0 - 0x81) * 190 + c1 - 0x40)
            elif 0x80 <= c1 < 0xFF:
                found = _at(tables.GBK, (c0 - 0x81) * 190 + c1 - 0x41)
            elif four and 0x30 <= c1 < 0x40:
                if i + 3 >= n or not 0x81 <= data[i + 2] < 0xFF or \
                        not 0x30 <= data[i + 3] < 0x3A:
                    return None
                found = _gb18030_four((((c0 - 0x81) * 10 + c1 - 0x30) * 126 + data[i + 2]
                                       - 0x81) * 10 + data[i + 3] - 0x30)
                if found is None:
                    return None
                out.append(found)
                i += 4
                continue
            else:
                return None
            if found is None:
                return None
            out.append(found)
            i += 2
        return "".join(out)

    return decode


def _hz(data: bytes) -> str | None:
    out = []
    in_gb = False
    i, n = 0, len(data)
    while i < n:
        c0 = data[i]
        if c0 >= 0x80:
            return None
        if c0 == 0x7E:  # "~"
            if i + 1 >= n:
                return None
            c1 = data[i + 1]
            if c1 == 0x7B:
                in_gb = True
            elif c1 == 0x7D:
                in_gb = False
            elif c1 == 0x7E:
                out.append("~")
            elif c1 != 0x0A:
                return None
            i += 2
            continue
        if not in_gb:
            out.append(chr(c0))
            i += 1
            continue
        if i + 1 >= n:
            return None
        c1 = data[i + 1]
        if c0 < 0x21 or c0 >= 0x7E or c1 < 0x21 or c1 >= 0x7F:
            return None
        found = _at(tables.GBK, (c0 - 1) * 190 + c1 + 0x3F)
        if found is None:
            return None
        out.append(found)
        i += 2
    return "".join(out)


_BIG5_PAIRS: Final = {1133: "\u00ca\u0304", 1135: "\u00ca\u030c", 1164: "\u00ea\u0304",
                      1166: "\u00ea\u030c"}


def _big5(data: bytes) -> str | None:
    out = []
    i, n = 0, len(data)
    while i < n:
        c0 = data[i]
        if c0 < 0x80:
            out.append(chr(c0))
            i += 1
            continue
        if not 0x81 <= c0 < 0xFF or i + 1 >= n:
            return None
        c1 = data[i + 1]
        if 0x40 <= c1 < 0x7F:
            index = (c0 - 0x81) * 157 + c1 - 0x40
        elif 0xA1 <= c1 < 0xFF:
            index = (c0 - 0x81) * 157 + c1 - 0x62
        else:
            return None
        found = _BIG5_PAIRS.get(index) or _at(tables.BIG5, index)
        if found is None:
            return None
        out.append(found)
        i += 2
    return "".join(out)


CJK_DECODERS: Final[dict[str, Callable[[bytes], str | None]]] = {
    "Shift_JIS": _shift_jis, _EUC_JP: _euc_jp, "ISO-2022-JP": _iso_2022_jp,
    "EUC-KR": _euc_kr, "GBK": _gbk_decoder(False), "GB18030": _gbk_decoder(True),
    "HZ-GB-2312": _hz, "Big5": _big5}
"""Each CJK encoding's decoder, by its IANA name: the text, or None where Terraform
refuses."""


# --- encoders --------------------------------------------------------------------------------

def _two_byte_codes(decoder: Callable[[bytes], str | None], leads: range, trails: range,
                    *, last: bool = False) -> dict[str, bytes]:
    """Each character's bytes in a two-byte table: the first (or *last*) that decode to it."""
    codes: dict[str, bytes] = {}
    for c0 in leads:
        for c1 in trails:
            pair = bytes((c0, c1))
            text = decoder(pair)
            if text is not None and len(text) == 1 and ord(text) >= 0x80 and \
                    (last or text not in codes):
                codes[text] = pair
    return codes


@functools.cache
def _codes(name: str) -> dict[str, bytes]:
    """The encoding's multi-byte characters and their bytes (made once, when first used)."""
    if name == "Shift_JIS":
        codes = _two_byte_codes(_shift_jis, range(0x81, 0xFD), range(0x40, 0xFD))
        codes.update({chr(c + 0xFF61 - 0xA1): bytes((c,)) for c in range(0xA1, 0xE0)})
        return codes
    if name == _EUC_JP:
        codes = {}
        for c1 in range(0xA1, 0xFF):
            for c2 in range(0xA1, 0xFF):
                text = _at(tables.JIS0212, (c1 - 0xA1) * 94 + c2 - 0xA1)
                if text is not None and text not in codes:
                    codes[text] = bytes((0x8F, c1, c2))
        codes.update(_two_byte_codes(_euc_jp, range(0xFE, 0xA0, -1), range(0xFE, 0xA0, -1),
                                     last=True))  # (the first of JIS X 0208 wins over 0212)
        codes.update({chr(c + 0xFF61 - 0xA1): bytes((0x8E, c)) for c in range(0xA1, 0xE0)})
        return codes
    if name == "EUC-KR":
        return _two_byte_codes(_euc_kr, range(0x81, 0xFF), range(0x41, 0xFF))
    if name == "Big5":
        return _two_byte_codes(_big5, range(0x81, 0xFF), range(0x40, 0xFF), last=True)
    codes = _two_byte_codes(_gbk_decoder(False), range(0x81, 0xFF), range(0x40, 0xFF))
    if name == "GBK":
        codes["\u20ac"] = b"\x80"
    return codes


def _stateless(name: str) -> Callable[[str], bytes | None]:
    def encode(text: str) -> bytes | None:
        codes = _codes(name)
        out = bytearray()
        for ch in text:
            if ch < "\x80":
                out.append(ord(ch))
                continue
            found = codes.get(ch)
            if found is None:
                return None
            out += found
        return bytes(out)

    return encode


def _gb18030(text: str) -> bytes | None:
    codes = _codes("GB18030")
    out = bytearray()
    for ch in text:
        if ch < "\x80":
            out.append(ord(ch))
            continue
        found = codes.get(ch)
        if found is not None:
            out += found
            continue
        cp = ord(ch)
        if cp < 0x10000:
            at = bisect_right(tables.GB18030_CODES, cp) - 1
            pointer = cp - tables.GB18030_CODES[at] + tables.GB18030_POINTERS[at]
        else:
            pointer = cp + 189000 - 0x10000
        pointer, b3 = divmod(pointer, 10)
        pointer, b2 = divmod(pointer, 126)
        b0, b1 = divmod(pointer, 10)
        out += bytes((b0 + 0x81, b1 + 0x30, b2 + 0x81, b3 + 0x30))
    return bytes(out)


_TO_ASCII: Final = b"\x1b(B"


def _iso_2022_jp_encode(text: str) -> bytes | None:
    codes = _codes(_EUC_JP)
    out = bytearray()
    state = _ASCII
    for ch in text:
        if ch < "\x80":
            if state != _ASCII:
                out += _TO_ASCII
                state = _ASCII
            out.append(ord(ch))
        elif "\uff61" <= ch < "\uffa0":
            if state != _KATAKANA:
                out += b"\x1b(I"
                state = _KATAKANA
            out.append(ord(ch) - (0xFF61 - 0x21))
        else:
            found = codes.get(ch)
            if found is None or len(found) != 2:
                return None
            if state != _JIS0208:
                out += b"\x1b$B"
                state = _JIS0208
            out += bytes((found[0] - 0x80, found[1] - 0x80))
    if state != _ASCII:
        out += _TO_ASCII
    return bytes(out)


def _hz_encode(text: str) -> bytes | None:
    codes = _codes("GB18030")
    out = bytearray()
    in_gb = False
    for ch in text:
        if ch < "\x80":
            if ch == "~":
                out += b"~~"
                continue
            if in_gb:
                out += b"~}"
                in_gb = False
            out.append(ord(ch))
            continue
        found = codes.get(ch)
        if found is None:
            return None
        c0, c1 = (found[0] - 0x80) & 0xFF, (found[1] - 0x80) & 0xFF
        if c0 < 0x21 or c0 >= 0x7E or c1 < 0x21 or c1 >= 0x7F:
            return None
        if not in_gb:
            out += b"~{"
            in_gb = True
        out += bytes((c0, c1))
    return bytes(out)


CJK_ENCODERS: Final[dict[str, Callable[[str], bytes | None]]] = {
    "Shift_JIS": _stateless("Shift_JIS"), _EUC_JP: _stateless(_EUC_JP),
    "ISO-2022-JP": _iso_2022_jp_encode, "EUC-KR": _stateless("EUC-KR"),
    "GBK": _stateless("GBK"), "GB18030": _gb18030, "HZ-GB-2312": _hz_encode,
    "Big5": _stateless("Big5")}
"""Each CJK encoding's encoder, by its IANA name: the bytes, or None where a character has no
place in it."""
