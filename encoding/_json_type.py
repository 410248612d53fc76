"""go-cty's JSON encoding of types, as both wire formats use it (cty.type_to_json underneath).

``"string"``, ``"number"``, ``"bool"``, ``"dynamic"``, ``["list",T]``, ``["set",T]``,
``["map",T]``, ``["object",{"name":T,...}]`` (names sorted) with an optional third element
listing the optional attributes (sorted), and ``["tuple",[T,...]]``. Capsule types have no JSON
form. JSON carries it in dynamic values; msgpack in the bin header of a dynamic value.
This module adapts cty.type_to_json and cty.type_from_json to the encoding errors, and holds
Go's extra JSON escapes.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

import cty
from cty import CtyTypeError, Type

from ._errors import DecodeError, EncodeError

# Go's encoding/json escapes these inside strings; msgspec writes them raw. In msgspec output
# they can only occur inside strings, so a byte-level replacement is exact.
_HTML: Final = ((b"<", b"\\u003c"), (b">", b"\\u003e"), (b"&", b"\\u0026"))
_LINE_SEPARATORS: Final = (("\u2028".encode(), b"\\u2028"), ("\u2029".encode(), b"\\u2029"))


def go_escape(out: bytes) -> bytes:
    """Return msgspec JSON output with Go's extra string escapes applied (HTML, U+2028/9)."""
    for raw, esc in _HTML:
        if raw in out:  # one-byte searches are memchr-fast
            out = out.replace(raw, esc)
    if b"\xe2" in out:  # the lead byte of U+2028 and U+2029 in UTF-8
        for raw, esc in _LINE_SEPARATORS:
            if raw in out:
                out = out.replace(raw, esc)
    return out


def type_to_json(ty: Type) -> bytes:
    """Return go-cty's JSON text of *ty* (cached per type).

    Raises EncodeError (empty path) for a type holding a capsule type, as go-cty refuses them.
    """
    try:
        return cty.type_to_json(ty)
    except ValueError as e:
        raise EncodeError(cty.Path(), str(e)) from None


def type_from_json(data: bytes | str | list[Any] | dict[str, Any]) -> Type:
    """Return the type that go-cty's type JSON *data* describes (its text, or the description
    already decoded: see :func:`cty.type_from_json`).

    Raises DecodeError with go-cty's message (``invalid primitive type name "x"``...) for
    malformed JSON and for anything that is not a type description.
    """
    try:
        return cty.type_from_json(data)
    except ValueError as e:
        raise DecodeError(getattr(e, "message", str(e)),
                          offset=getattr(e, "offset", None)) from None


def _raw_number(x: Any) -> Any:
    text = getattr(x, "text", None)
    if text is None:
        raise CtyTypeError(f"unexpected {type(x).__name__} in type JSON")
    return msgspec.Raw(text.encode())


_retext: Final = msgspec.json.Encoder(enc_hook=_raw_number).encode


def type_from_tree(tree: Any) -> Type:
    """Return the type described by already-decoded type JSON (numbers kept as their text)."""
    try:
        data = _retext(tree)
    except (TypeError, ValueError) as e:
        raise DecodeError(f"invalid type description: {e}") from None
    return type_from_json(data)
