"""Terraform's encoding functions (OpenTofu's lang/funcs encoding.go): base64encode,
base64decode, base64gunzip, urlencode, urldecode.

Strings are UTF-8 bytes to them; base64 is the standard alphabet with padding (RFC 4648
section 4), read as Go's encoding/base64 reads it (line breaks ignored).
"""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse
import zlib
from collections.abc import Hashable
from typing import Final

from cty import String, Type, Value, string_val
from cty._internal import go_quote

from .._errors import FunctionError
from .._function import Function, ImplFunc, refine_not_null, static_return_type
from .._parameter import Parameter
from ._deflate import go_gzip
from ._redact import redacted

__all__ = ["base64decode", "base64encode", "base64gunzip", "base64gzip", "urldecode",
           "urlencode"]

_BASE64: Final = re.compile(rb"[A-Za-z0-9+/]*={0,2}")


def go_base64(data: bytes) -> bytes | None:
    """*data* as Go's base64.StdEncoding decodes it (carriage returns and line feeds
    skipped), or None where Go refuses it."""
    data = data.replace(b"\r", b"").replace(b"\n", b"")
    if len(data) % 4 or not _BASE64.fullmatch(data):
        return None
    try:
        return base64.b64decode(data, validate=True)
    except binascii.Error:
        return None


def _str(name: str, *, marked: bool = False) -> Parameter:
    return Parameter(name, String, allow_marked=marked)


def _strings(impl: ImplFunc, description: str, marked: bool = False) -> Function:
    return Function(params=[_str("str", marked=marked)], type=static_return_type(String),
                    refine_result=refine_not_null, impl=impl, description=description)


def _encode(args: list[Value], ty: Type) -> Value:
    return string_val(base64.b64encode(args[0].as_string().encode()).decode("ascii"))


base64encode = _strings(_encode, "Applies Base64 encoding to a string.")
"""base64encode(str): the string's UTF-8 bytes in base64."""


def _base64_argument(arg: Value) -> tuple[bytes, frozenset[Hashable]]:
    """The bytes string *arg* holds in base64, and its marks; Terraform's error where it holds
    no base64 (the text shown unless it is sensitive)."""
    text, marks = arg.unmark()
    decoded = go_base64(text.as_string().encode())
    if decoded is None:
        raise FunctionError(f"failed to decode base64 data {redacted(text.as_string(), marks)}")
    return decoded, marks


def _decode(args: list[Value], ty: Type) -> Value:
    decoded, marks = _base64_argument(args[0])
    try:
        result = decoded.decode("utf-8")
    except UnicodeDecodeError:
        raise FunctionError("the result of decoding the provided string is not valid UTF-8") \
            from None
    return string_val(result).with_marks(marks)


base64decode = _strings(_decode, "Decodes a string containing a base64 sequence.", marked=True)
"""base64decode(str): the text whose UTF-8 bytes *str* holds in base64 (an error, with the
data unless it is sensitive, for what is not base64 or not UTF-8)."""


MAX_GZIP_BYTES: Final = 4 << 20
"""The most bytes base64gzip compresses (Go's DEFLATE, written here in Python, compresses about
150 KB a second: this bounds a call to half a minute)."""


def _gzip(args: list[Value], ty: Type) -> Value:
    data = args[0].as_string().encode()
    if len(data) > MAX_GZIP_BYTES:
        raise FunctionError(f"base64gzip compresses at most {MAX_GZIP_BYTES} bytes here (this "
                            f"text has {len(data)})")
    return string_val(base64.b64encode(go_gzip(data)).decode("ascii"))


base64gzip = _strings(_gzip, "Compresses a string with gzip and then encodes the result in "
                             "Base64 encoding.")
"""base64gzip(str): the string's UTF-8 bytes gzipped and in base64, byte for byte as Terraform
writes them (Go's compress/gzip at the default level; texts of at most MAX_GZIP_BYTES)."""


MAX_GUNZIP_BYTES: Final = 64 << 20
"""The most bytes base64gunzip makes (a few bytes of gzip can stand for gigabytes)."""


def _gunzip_bytes(data: bytes) -> bytes:
    """The bytes gzip *data* holds (every member, as Go's gzip reader reads them), at most
    MAX_GUNZIP_BYTES of them."""
    out = bytearray()
    while True:
        member = zlib.decompressobj(wbits=31)
        out += member.decompress(data, MAX_GUNZIP_BYTES + 1 - len(out))
        if len(out) > MAX_GUNZIP_BYTES:
            raise FunctionError("failed to gunzip bytestream: the data unpacks to more than "
                                f"{MAX_GUNZIP_BYTES} bytes")
        if not member.eof:
            raise FunctionError("failed to gunzip bytestream: unexpected EOF")
        data = member.unused_data
        if not data:
            return bytes(out)


def _gunzip(args: list[Value], ty: Type) -> Value:
    decoded, _ = _base64_argument(args[0])  # (unmarked: the call puts the marks back)
    try:
        raw = _gunzip_bytes(decoded)
    except zlib.error as e:
        raise FunctionError(f"failed to gunzip bytestream: {e}") from None
    return string_val(raw.decode("utf-8", errors="replace"))


base64gunzip = _strings(_gunzip, "Decodes a Base64-encoded string and uncompresses the "
                                 "result with gzip.")
"""base64gunzip(str): the text *str* holds gzipped in base64 (bytes that are not UTF-8 read
as U+FFFD: a cty string is Unicode text; Terraform keeps the bytes)."""


def _urlencode(args: list[Value], ty: Type) -> Value:
    return string_val(urllib.parse.quote_plus(args[0].as_string(), safe=""))


urlencode = _strings(_urlencode, "Applies URL encoding to a given string.")
"""urlencode(str): *str* escaped for a URL's query (Go's url.QueryEscape: a space is ``+``,
every byte but letters, digits and ``-_.~`` is ``%XX``)."""


_HEX: Final = frozenset(b"0123456789abcdefABCDEF")


def _urldecode(args: list[Value], ty: Type) -> Value:
    data = args[0].as_string().encode()
    at = 0
    while (at := data.find(b"%", at)) >= 0:  # (Go's url.QueryUnescape checks every escape)
        if at + 2 >= len(data) or data[at + 1] not in _HEX or data[at + 2] not in _HEX:
            bad = data[at:at + 3].decode("utf-8", errors="replace")
            raise FunctionError(f"failed to decode URL '': invalid URL escape {go_quote(bad)}")
        at += 3
    decoded = urllib.parse.unquote_to_bytes(data.replace(b"+", b" "))
    return string_val(decoded.decode("utf-8", errors="replace"))


urldecode = _strings(_urldecode, "Applies URL decoding to a given encoded string.")
"""urldecode(str): *str* with URL query escapes undone (``+`` is a space, ``%XX`` a byte;
bytes that are not UTF-8 read as U+FFFD)."""
