"""DER read as Go's encoding/asn1 reads it into the structures of private keys, with its
errors and their words (Terraform shows them: an RSA key that does not parse is reported with
the decoder's message).

Only what private keys hold is read: SEQUENCEs of INTEGERs, OCTET STRINGs, OBJECT
IDENTIFIERs, BIT STRINGs, explicitly tagged optional fields and raw values. Like Go, a
SEQUENCE may hold more elements than its structure names (later versions add some).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["Asn1Error", "Element", "Fields", "read_element"]

UNIVERSAL: Final = 0
CONTEXT: Final = 2
INTEGER: Final = 2
BIT_STRING: Final = 3
OCTET_STRING: Final = 4
OID: Final = 6
SEQUENCE: Final = 16

_PARAMS: Final = ("{optional:false explicit:false application:false private:false "
                  "defaultValue:<nil> tag:<nil> stringType:0 timeType:0 set:false "
                  "omitEmpty:false}")
"""How Go prints the parameters of a field that has none (every field a mismatch can be
reported for: optional ones are skipped instead)."""


class Asn1Error(Exception):
    """What Go's asn1 package reports: a syntax error (the bytes are not DER) or a structure
    error (DER, but not of the structure read)."""

    def __init__(self, message: str, *, structural: bool) -> None:
        kind = "structure" if structural else "syntax"
        super().__init__(f"asn1: {kind} error: {message}")
        self.structural = structural


def _syntax(message: str) -> Asn1Error:
    return Asn1Error(message, structural=False)


def _structure(message: str) -> Asn1Error:
    return Asn1Error(message, structural=True)


@dataclass(frozen=True)
class Element:
    """One DER element: its class, whether it is constructed, its tag number and the bytes
    it holds; *header* is how many bytes its tag and length took."""

    cls: int
    compound: bool
    tag: int
    length: int
    header_end: int

    def describe(self) -> str:
        """The element as Go prints its tag and length (``%+v``)."""
        return (f"{{class:{self.cls} tag:{self.tag} length:{self.length} "
                f"isCompound:{'true' if self.compound else 'false'}}}")


def _base128(data: bytes, offset: int) -> tuple[int, int]:
    """A base-128 number at *offset* (as in tags and OIDs) and the offset after it."""
    value = 0
    shifted = 0
    while offset < len(data):
        if shifted == 5:
            raise _structure("base 128 integer too large")
        value <<= 7
        b = data[offset]
        if shifted == 0 and b == 0x80:
            raise _syntax("integer is not minimally encoded")
        value |= b & 0x7F
        offset += 1
        shifted += 1
        if not b & 0x80:
            if value > 0x7FFFFFFF:
                raise _structure("base 128 integer too large")
            return value, offset
    raise _syntax("truncated base 128 integer")


def read_element(data: bytes, offset: int) -> Element:
    """The tag and length at *offset* (Go's parseTagAndLength)."""
    b = data[offset]
    offset += 1
    cls, compound, tag = b >> 6, bool(b & 0x20), b & 0x1F
    if tag == 0x1F:
        tag, offset = _base128(data, offset)
        if tag < 0x1F:
            raise _syntax("non-minimal tag")
    if offset >= len(data):
        raise _syntax("truncated tag or length")
    b = data[offset]
    offset += 1
    if not b & 0x80:
        length = b
    else:
        count = b & 0x7F
        if count == 0:
            raise _syntax("indefinite length found (not DER)")
        length = 0
        for _ in range(count):
            if offset >= len(data):
                raise _syntax("truncated tag or length")
            b = data[offset]
            offset += 1
            if length >= 1 << 23:
                raise _structure("length too large")
            length = length << 8 | b
            if length == 0:
                raise _structure("superfluous leading zeros in length")
        if length < 0x80:
            raise _structure("non-minimal length")
    return Element(cls, compound, tag, length, offset)


def _check_integer(raw: bytes) -> None:
    if not raw:
        raise _structure("empty integer")
    if len(raw) > 1 and ((raw[0] == 0 and not raw[1] & 0x80)
                         or (raw[0] == 0xFF and raw[1] & 0x80)):
        raise _structure("integer not minimally-encoded")


class Fields:
    """The elements of a SEQUENCE read one field at a time, as Go fills a structure's fields
    in order; *name* is the Go type a mismatch is reported against."""

    def __init__(self, data: bytes, offset: int = 0) -> None:
        self.data = data
        self.offset = offset

    @classmethod
    def sequence(cls, data: bytes, type_name: str) -> tuple[Fields, bytes]:
        """The fields of the SEQUENCE *data* starts with, and the bytes after it."""
        outer = Fields(data)
        inner = outer.take(UNIVERSAL, SEQUENCE, True, type_name)
        assert inner is not None
        return Fields(inner), data[outer.offset:]

    def take(self, cls: int, tag: int, compound: bool, type_name: str, *,
             optional: bool = False) -> bytes | None:
        """The content of the next element, which must have this class, tag and form (None
        when it is *optional* and absent or another)."""
        if self.offset == len(self.data):
            if optional:
                return None
            raise _syntax("sequence truncated")
        element = read_element(self.data, self.offset)
        if element.cls != cls or element.tag != tag or element.compound != compound:
            if optional:
                return None
            raise _structure(f"tags don't match ({tag} vs {element.describe()}) {_PARAMS} "
                             f"{type_name} @{element.header_end}")
        end = element.header_end + element.length
        if end > len(self.data):
            raise _syntax("data truncated")
        self.offset = end
        return self.data[element.header_end:end]

    def big_integer(self, *, optional: bool = False) -> int | None:
        """The next INTEGER, of any size (a *big.Int field)."""
        raw = self.take(UNIVERSAL, INTEGER, False, "", optional=optional)
        if raw is None:
            return None
        _check_integer(raw)
        return int.from_bytes(raw, "big", signed=True)

    def integer(self) -> int:
        """The next INTEGER, which must fit in 64 bits (an int field)."""
        raw = self.take(UNIVERSAL, INTEGER, False, "int")
        assert raw is not None
        _check_integer(raw)
        if len(raw) > 8:
            raise _structure("integer too large")
        return int.from_bytes(raw, "big", signed=True)

    def octets(self) -> bytes:
        """The next OCTET STRING (a []byte field)."""
        raw = self.take(UNIVERSAL, OCTET_STRING, False, "")
        assert raw is not None
        return raw

    def oid(self) -> tuple[int, ...]:
        """The next OBJECT IDENTIFIER."""
        raw = self.take(UNIVERSAL, OID, False, "ObjectIdentifier")
        assert raw is not None
        return parse_oid(raw)

    def raw(self, *, optional: bool = False) -> bytes | None:
        """The next element whatever it is, whole (a RawValue field)."""
        if self.offset == len(self.data):
            if optional:
                return None
            raise _syntax("sequence truncated")
        element = read_element(self.data, self.offset)
        end = element.header_end + element.length
        if end > len(self.data):
            raise _syntax("data truncated")
        whole = self.data[self.offset:end]
        self.offset = end
        return whole

    def explicit(self, tag: int) -> Fields | None:
        """The element explicitly tagged [*tag*], optional, as fields to read."""
        inner = self.take(CONTEXT, tag, True, "", optional=True)
        return None if inner is None else Fields(inner)


def parse_oid(raw: bytes) -> tuple[int, ...]:
    """An OBJECT IDENTIFIER's numbers."""
    if not raw:
        raise _syntax("zero length OBJECT IDENTIFIER")
    first, offset = _base128(raw, 0)
    numbers = [first // 40, first % 40] if first < 80 else [2, first - 80]
    while offset < len(raw):
        value, offset = _base128(raw, offset)
        numbers.append(value)
    return tuple(numbers)


def parse_bit_string(raw: bytes) -> None:
    """Check a BIT STRING's content as Go does."""
    if not raw:
        raise _syntax("zero length BIT STRING")
    padding = raw[0]
    if padding > 7 or (len(raw) == 1 and padding > 0) or raw[-1] & ((1 << padding) - 1):
        raise _syntax("invalid padding bits in BIT STRING")
