"""PEM blocks found as Go's encoding/pem finds them (Terraform reads private keys with it).

Go's reader is lenient in its own ways, and which text it takes for a key decides which key
rsadecrypt uses: the first END line is found first, then the last BEGIN line before it; the
type line must end in five dashes; header lines (``key: value``) follow until a line without a
colon; the END line must name the same type and end the line; spaces and tabs in the base64
are dropped, line breaks skipped. A candidate that breaks a rule is passed over and the search
goes on after its END line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ._encoding import go_base64

__all__ = ["PemBlock", "pem_decode"]

_START: Final = b"\n-----BEGIN "
_END: Final = b"\n-----END "
_DASHES: Final = b"-----"


@dataclass(frozen=True)
class PemBlock:
    """One PEM block: its type (the words after BEGIN), its headers and its bytes."""

    type: str
    headers: dict[str, str] = field(default_factory=dict)
    data: bytes = b""


def _line(data: bytes) -> tuple[bytes, bytes, int]:
    """The first line of *data* (without its line break, a carriage return before it, or
    spaces and tabs at its end), what follows it, and how many bytes it took."""
    i = data.find(b"\n")
    if i < 0:
        i = j = len(data)
    else:
        j = i + 1
        if i > 0 and data[i - 1] == 0x0D:
            i -= 1
    return data[:i].rstrip(b" \t"), data[j:], j


def pem_decode(data: bytes) -> PemBlock | None:
    """The first PEM block in *data* that Go's pem.Decode would return, or None."""
    rest = data
    skip = 0
    while True:
        if skip < 0 or skip > len(rest):
            return None
        rest = rest[skip:]
        end = rest.find(_END)
        if end < 0:
            return None
        skip = end + len(_END)
        begin = rest.rfind(_START[1:], 0, end)
        if begin < 0 or (begin > 0 and rest[begin - 1] != 0x0A):
            continue
        shift = begin + len(_START) - 1
        rest = rest[shift:]
        end -= shift
        skip -= shift
        type_line, rest, used = _line(rest)
        end -= used
        skip -= used
        if not type_line.endswith(_DASHES):
            continue
        type_line = type_line[:-len(_DASHES)]
        headers: dict[str, str] = {}
        while True:
            if not rest:
                return None
            line, after, used = _line(rest)
            key, colon, value = line.partition(b":")
            if not colon:
                break
            headers[_text(key.strip())] = _text(value.strip())
            rest = after
            end -= used
            skip -= used
        if headers and end < 0:
            continue
        trailer = rest[skip:]
        trailer_len = len(type_line) + len(_DASHES)
        if len(trailer) < trailer_len:
            continue
        rest_of_line = trailer[trailer_len:]
        trailer = trailer[:trailer_len]
        if not trailer.startswith(type_line) or not trailer.endswith(_DASHES):
            continue
        if _line(rest_of_line)[0]:
            continue
        body = b""
        if end > 0:
            decoded = go_base64(rest[:end].replace(b" ", b"").replace(b"\t", b""))
            if decoded is None:
                continue
            body = decoded
        return PemBlock(_text(type_line), headers, body)


def _text(raw: bytes) -> str:
    """Bytes of a PEM type or header as text (they came from a string, so they are UTF-8 but
    where a cut fell inside a character)."""
    return raw.decode("utf-8", errors="replace")
