"""Terraform's textencodebase64 and textdecodebase64 (OpenTofu's lang/funcs encoding.go): a
string in another character encoding, by IANA name or alias (golang.org/x/text's index:
``_text_tables``), in base64.

The Unicode encodings, US-ASCII, the 44 single-byte maps and the CJK ones (Shift_JIS,
EUC-JP, ISO-2022-JP, EUC-KR, GBK, GB18030, HZ-GB-2312, Big5: ``_text_cjk``) are here, each
checked against the funcs oracle byte by byte and character by character. Decoding fails
where the result would hold U+FFFD (a byte the encoding does not define, or U+FFFD itself),
as Terraform's does.
"""

from __future__ import annotations

import base64
from typing import Final

from cty import String, Type, Value, string_val
from cty._internal import go_quote

from .._errors import ArgError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ._text_tables import ALIASES, CHARMAPS, KINDS

__all__ = ["go_base64_decode", "textdecodebase64", "textencodebase64"]

_SPACE: Final = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006" \
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
"""What Go's strings.TrimSpace trims (unicode.IsSpace)."""
_ENCODE_MAPS: Final[dict[str, dict[str, int]]] = {}
_DECODE: Final = {c: i for i, c in
                  enumerate(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}


def _encoding(arg: Value) -> tuple[str, str]:
    """The IANA name of the encoding *arg* names, and how it encodes."""
    given = arg.as_string()
    name = ALIASES.get(given.strip(_SPACE).lower())
    if name is None:
        raise ArgError(1, f"{go_quote(given)} is not a supported IANA encoding name or alias "
                          "in this Terraform version")
    return name, KINDS[name]


class GoBase64Error(Exception):
    """Go's base64.CorruptInputError: the offset of the first byte that is not base64."""

    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


def go_base64_decode(data: bytes) -> bytes:
    """Go's base64.StdEncoding.DecodeString: padded standard base64, line breaks skipped;
    GoBase64Error with Go's offset where it is not."""
    out = bytearray()
    i, size = 0, len(data)
    while i < size:
        quantum: list[int] = []
        while len(quantum) < 4:
            if i == size:
                if not quantum:
                    return bytes(out)
                raise GoBase64Error(i - len(quantum))
            c = data[i]
            i += 1
            if c in _DECODE:
                quantum.append(_DECODE[c])
                continue
            if c in b"\r\n":
                continue
            if c != 0x3D or len(quantum) < 2:  # (not "=", or "=" too soon)
                raise GoBase64Error(i - 1)
            if len(quantum) == 2:  # ("==" expected: the second "=")
                while i < size and data[i] in b"\r\n":
                    i += 1
                if i == size:
                    raise GoBase64Error(size)
                if data[i] != 0x3D:
                    raise GoBase64Error(i - 1)
                i += 1
            while i < size and data[i] in b"\r\n":
                i += 1
            if i < size:
                raise GoBase64Error(i)  # (what follows the padding)
            break
        value = 0
        for digit in quantum + [0] * (4 - len(quantum)):
            value = value << 6 | digit
        out += value.to_bytes(3, "big")[:len(quantum) - 1]
    return bytes(out)


def _encode(text: str, name: str, kind: str) -> bytes | None:
    """*text* in encoding *name*, or None where a character has no place in it."""
    if kind == "utf-8":
        return text.encode("utf-8")
    if kind in ("utf-16", "utf-16be", "utf-16le"):
        raw = text.encode("utf-16-le" if kind == "utf-16le" else "utf-16-be")
        return b"\xfe\xff" + raw if kind == "utf-16" else raw
    if kind == "ascii":
        return text.encode("ascii") if text.isascii() else None
    if kind == "multibyte":
        from ._text_cjk import CJK_ENCODERS  # noqa: PLC0415 - (its tables: on first use)

        return CJK_ENCODERS[name](text)
    table = _ENCODE_MAPS.get(name)
    if table is None:
        table = {ch: b for b, ch in enumerate(CHARMAPS[name]) if ch != "\ufffd"}
        _ENCODE_MAPS[name] = table
    try:
        return bytes(table[ch] for ch in text)
    except KeyError:
        return None


def _decode(data: bytes, name: str, kind: str) -> str | None:
    """*data* read in encoding *name*, or None where it holds what the encoding does not
    define (or U+FFFD: Terraform refuses that too)."""
    if kind == "multibyte":
        from ._text_cjk import CJK_DECODERS  # noqa: PLC0415 - (as above)

        return CJK_DECODERS[name](data)
    text = _decode_text(data, name, kind)
    return None if "\ufffd" in text else text


def _decode_text(data: bytes, name: str, kind: str) -> str:
    """*data* read in encoding *name* (U+FFFD for what it does not define)."""
    if kind == "utf-8":
        return data.decode("utf-8", errors="replace")
    if kind == "utf-16":  # (big-endian, unless a byte-order mark says otherwise)
        if data[:2] in (b"\xfe\xff", b"\xff\xfe"):
            little = data[:2] == b"\xff\xfe"
            return data[2:].decode("utf-16-le" if little else "utf-16-be", errors="replace")
        return data.decode("utf-16-be", errors="replace")
    if kind in ("utf-16be", "utf-16le"):
        return data.decode(kind[:6] + "-" + kind[6:], errors="replace")
    if kind == "ascii":
        return "".join(chr(b) if b < 0x80 else "\ufffd" for b in data)
    table = CHARMAPS[name]
    return "".join(table[b] for b in data)


def _textencodebase64(args: list[Value], ty: Type) -> Value:
    name, kind = _encoding(args[1])
    encoded = _encode(args[0].as_string(), name, kind)
    if encoded is None:
        raise ArgError(0, f"the given string contains characters that cannot be represented "
                          f"in {name}")
    return string_val(base64.b64encode(encoded).decode("ascii"))


def _textdecodebase64(args: list[Value], ty: Type) -> Value:
    name, kind = _encoding(args[1])
    try:
        data = go_base64_decode(args[0].as_string().encode())
    except GoBase64Error as e:
        raise ArgError(0, f"the given value is has an invalid base64 symbol at offset "
                          f"{e.offset}") from None
    text = _decode(data, name, kind)
    if text is None:
        raise ArgError(0, f"the given string contains symbols that are not defined for {name}")
    return string_val(text)


textencodebase64 = Function(
    params=[Parameter("string", String), Parameter("encoding", String)],
    type=static_return_type(String), refine_result=refine_not_null, impl=_textencodebase64,
    description="Encodes the given string in the given character encoding, then in base64.")
"""textencodebase64(string, encoding): *string* in the character encoding an IANA name or
alias names (``UTF-16LE``, ``windows-1252``...), in base64."""

textdecodebase64 = Function(
    params=[Parameter("source", String), Parameter("encoding", String)],
    type=static_return_type(String), refine_result=refine_not_null, impl=_textdecodebase64,
    description="Decodes base64 text holding a string in the given character encoding.")
"""textdecodebase64(source, encoding): the string base64 *source* holds in the character
encoding an IANA name or alias names."""
