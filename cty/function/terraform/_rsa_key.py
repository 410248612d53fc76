"""RSA private keys read as Terraform reads them for rsadecrypt (x/crypto/ssh's
ParseRawPrivateKey on Go's crypto/x509 and crypto/rsa), checked as Go checks them, and
PKCS #1 v1.5 decryption with them.

Formats: PEM blocks of PKCS #1 ("RSA PRIVATE KEY"), PKCS #8 ("PRIVATE KEY") and OpenSSH's own
("OPENSSH PRIVATE KEY", what ``ssh-keygen`` writes). Keys of other algorithms (EC, DSA,
Ed25519) and keys protected by a passphrase are refused, as are keys Go finds invalid, with Go's
words. Go also refuses keys shorter than 1,024 bits, when decrypting.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from cty._internal import go_quote

from ._der import SEQUENCE, UNIVERSAL, Asn1Error, Fields, parse_bit_string, read_element
from ._pem import pem_decode

__all__ = ["RsaKey", "RsaKeyError", "decrypt_pkcs1v15", "read_private_key"]


class RsaKeyError(Exception):
    """The key could not be used; the message is Terraform's."""


class _GoError(Exception):
    """An error of Go's key reading that is not the ASN.1 decoder's."""


@dataclass(frozen=True)
class RsaKey:
    """An RSA private key, checked: its modulus, exponents and primes, and the CRT values
    decryption uses (None for keys of more than two primes, which decrypt with *d*)."""

    n: int
    e: int
    d: int
    primes: tuple[int, ...]
    crt: tuple[int, int, int] | None  # (dP, dQ, qInv)


_RSA: Final = (1, 2, 840, 113549, 1, 1, 1)
_OTHER_ALGORITHMS: Final = {(1, 2, 840, 10045, 2, 1): "an ECDSA", (1, 3, 101, 112): "an Ed25519",
                            (1, 3, 101, 110): "an X25519"}
_INSECURE: Final = "-bit keys are insecure (see https://go.dev/pkg/crypto/rsa#hdr-Minimum_key_size)"


def read_private_key(text: bytes) -> RsaKey:
    """The RSA key of the first PEM block in *text*; RsaKeyError, in Terraform's words,
    where there is none or it cannot be used."""
    try:
        return _read(text)
    except Asn1Error as e:
        message = str(e).replace("asn1: syntax error", "invalid ASN1 data in the given private key")
        raise RsaKeyError(message.replace("asn1: structure error",
                                          "invalid ASN1 data in the given private key")) from None
    except _GoError as e:
        raise RsaKeyError(f"invalid private key: {e}") from None


def _not_rsa(what: str) -> RsaKeyError:
    return RsaKeyError(f"invalid private key type: this is {what} key, and rsadecrypt needs an "
                       "RSA key")


def _read(text: bytes) -> RsaKey:
    block = pem_decode(text)
    if block is None:
        raise _GoError("ssh: no key found")
    if "ENCRYPTED" in block.headers.get("Proc-Type", ""):
        raise _GoError("ssh: this private key is passphrase protected")
    if block.type == "RSA PRIVATE KEY":
        return _pkcs1(block.data)
    if block.type == "PRIVATE KEY":
        return _pkcs8(block.data)
    if block.type == "EC PRIVATE KEY":
        raise _not_rsa("an ECDSA")
    if block.type == "DSA PRIVATE KEY":
        raise _not_rsa("a DSA")
    if block.type == "OPENSSH PRIVATE KEY":
        return _openssh(block.data)
    raise _GoError(f"ssh: unsupported key type {go_quote(block.type)}")


# --- PKCS #1 and PKCS #8 (crypto/x509) -------------------------------------------------------

@dataclass(frozen=True)
class _Pkcs1:
    """An RSAPrivateKey as Go's asn1 reads it: version, n, e, d, p, q, the CRT values (each
    optional), further primes, and the bytes after it."""

    version: int
    numbers: tuple[int, int, int, int, int]
    crt: tuple[int | None, int | None, int | None]
    extra: list[int]
    rest: bytes


def _pkcs1_fields(der: bytes) -> _Pkcs1:
    fields, rest = Fields.sequence(der, "pkcs1PrivateKey")
    version = fields.integer()
    n, e, d, p, q = (fields.big_integer(), fields.integer(), fields.big_integer(),
                     fields.big_integer(), fields.big_integer())
    assert n is not None and d is not None and p is not None and q is not None
    dp, dq, qinv = (fields.big_integer(optional=True) for _ in range(3))
    return _Pkcs1(version, (n, e, d, p, q), (dp, dq, qinv), _additional_primes(fields), rest)


def _pkcs1(der: bytes) -> RsaKey:
    try:
        key = _pkcs1_fields(der)
    except Asn1Error:
        _hint(der, _pkcs8_fields, "ParsePKCS8PrivateKey")
        raise
    if key.rest:
        raise Asn1Error("trailing data", structural=False)
    n, e, d, p, q = key.numbers
    dp, dq, qinv = key.crt
    if key.version > 1:
        raise _GoError("x509: unsupported private key version")
    if min(n, d, p, q) <= 0 or any(v is not None and v <= 0 for v in key.crt):
        raise _GoError("x509: private key contains zero or negative value")
    if any(prime <= 0 for prime in key.extra):
        raise _GoError("x509: private key contains zero or negative prime")
    crt = None if dp is None or dq is None or qinv is None else (dp, dq, qinv)
    return _checked(n, e, d, (p, q, *key.extra), crt)


def _hint(der: bytes, other: Callable[[bytes], object], parser: str) -> None:
    """Go's error pointing at the right parser, where *der* (which did not read as the format
    expected) reads as an EC key or as the *other* format."""
    for read, name in ((_ec_fields, "ParseECPrivateKey"), (other, parser)):
        if _parses(read, der):
            raise _GoError(f"x509: failed to parse private key (use {name} instead for this "
                           "key format)")


def _parses(read: Callable[[bytes], object], der: bytes) -> bool:
    """Whether *der* reads as *read* reads it (for Go's hint at the right format)."""
    try:
        read(der)
    except Asn1Error:
        return False
    return True


def _additional_primes(fields: Fields) -> list[int]:
    """The primes of a multi-prime key (an optional SEQUENCE OF SEQUENCE {prime, exponent,
    coefficient}), read as Go reads a SEQUENCE OF: every element's tag checked first."""
    raw = fields.take(UNIVERSAL, SEQUENCE, True, "", optional=True)
    if raw is None:
        return []
    offset = 0
    while offset < len(raw):
        element = read_element(raw, offset)
        if element.cls != UNIVERSAL or not element.compound or element.tag != SEQUENCE:
            raise Asn1Error("sequence tag mismatch", structural=True)
        offset = element.header_end + element.length
        if offset > len(raw):
            raise Asn1Error("truncated sequence", structural=False)
    elements = Fields(raw)
    primes = []
    while elements.offset < len(raw):
        one = elements.take(UNIVERSAL, SEQUENCE, True, "pkcs1AdditionalRSAPrime")
        assert one is not None
        values = Fields(one)
        prime = values.big_integer()
        values.big_integer()
        values.big_integer()
        assert prime is not None
        primes.append(prime)
    return primes


def _ec_fields(der: bytes) -> None:
    """Read *der* as SEC 1's ECPrivateKey."""
    fields, _ = Fields.sequence(der, "ecPrivateKey")
    fields.integer()
    fields.octets()
    curve = fields.explicit(0)
    if curve is not None:
        curve.oid()
    public = fields.explicit(1)
    if public is not None:
        bits = public.take(UNIVERSAL, 3, False, "BitString")
        assert bits is not None
        parse_bit_string(bits)


def _pkcs8_fields(der: bytes) -> tuple[tuple[int, ...], bytes]:
    fields, _ = Fields.sequence(der, "pkcs8")
    fields.integer()
    algorithm = fields.take(UNIVERSAL, SEQUENCE, True, "AlgorithmIdentifier")
    assert algorithm is not None
    identifier = Fields(algorithm)
    oid = identifier.oid()
    identifier.raw(optional=True)
    return oid, fields.octets()


def _pkcs8(der: bytes) -> RsaKey:
    try:
        oid, inner = _pkcs8_fields(der)
    except Asn1Error:
        _hint(der, _pkcs1_fields, "ParsePKCS1PrivateKey")
        raise
    if oid == _RSA:
        try:
            return _pkcs1(inner)
        except (Asn1Error, _GoError) as e:
            raise _GoError(f"x509: failed to parse RSA private key embedded in PKCS#8: {e}") \
                from None
    if oid in _OTHER_ALGORITHMS:
        raise _not_rsa(_OTHER_ALGORITHMS[oid])
    raise _GoError("x509: PKCS#8 wrapping contained private key with unknown algorithm: "
                   + ".".join(map(str, oid)))


# --- OpenSSH's format (x/crypto/ssh) ---------------------------------------------------------

_MAGIC: Final = b"openssh-key-v1\x00"
_SHORT: Final = "ssh: short read"
_PARSE: Final = "ssh: parse error in message type 0"


class _Wire:
    """SSH wire format read field by field, with x/crypto/ssh's errors."""

    def __init__(self, data: bytes) -> None:
        if not data:
            raise _GoError(_PARSE)
        self.data = data

    def _string(self) -> bytes | None:
        if len(self.data) < 4:
            return None
        (size,) = struct.unpack_from(">I", self.data)
        if len(self.data) - 4 < size:
            return None
        out, self.data = self.data[4:4 + size], self.data[4 + size:]
        return out

    def text(self, name: str) -> bytes:
        out = self._string()
        if out is None:
            raise _GoError(f"ssh: unmarshal error for field {name} of type ")
        return out

    def octets(self) -> bytes:
        out = self._string()
        if out is None:
            raise _GoError(_SHORT)
        return out

    def uint32(self) -> int:
        if len(self.data) < 4:
            raise _GoError(_SHORT)
        (value,) = struct.unpack_from(">I", self.data)
        self.data = self.data[4:]
        return int(value)

    def mpint(self) -> int:
        return int.from_bytes(self.octets(), "big", signed=True)

    def rest(self) -> bytes:
        out, self.data = self.data, b""
        return out

    def end(self) -> None:
        if self.data:
            raise _GoError(_PARSE)


def _openssh(data: bytes) -> RsaKey:
    if not data.startswith(_MAGIC):
        raise _GoError("ssh: invalid openssh private key format")
    outer = _Wire(data[len(_MAGIC):])
    cipher, kdf, kdf_options = outer.text("CipherName"), outer.text("KdfName"), \
        outer.text("KdfOpts")
    count = outer.uint32()
    outer.octets()  # (the public key)
    private = outer.octets()
    outer.end()
    if count != 1:
        raise _GoError("ssh: multi-key files are not supported")
    if kdf != b"none" or cipher != b"none":
        raise _GoError("ssh: this private key is passphrase protected")
    if kdf_options:
        raise _GoError("ssh: invalid openssh private key")
    try:
        block = _Wire(private)
        check1, check2 = block.uint32(), block.uint32()
        key_type = block.text("Keytype")
        rest = block.rest()
    except _GoError:
        raise _GoError("ssh: malformed OpenSSH key") from None
    if check1 != check2:
        raise _GoError("ssh: malformed OpenSSH key")
    if key_type == b"ssh-rsa":
        key = _Wire(rest)
        n, e, d, _, p, q = (key.mpint() for _ in range(6))
        key.text("Comment")
        padding = key.rest()
        if any(b != i + 1 for i, b in enumerate(padding)):
            raise _GoError("ssh: padding not as expected")
        return _checked(abs(n), _go_int64(e), abs(d), (abs(p), abs(q)), None)
    if key_type == b"ssh-ed25519":
        raise _not_rsa("an Ed25519")
    if key_type in (b"ecdsa-sha2-nistp256", b"ecdsa-sha2-nistp384", b"ecdsa-sha2-nistp521"):
        raise _not_rsa("an ECDSA")
    raise _GoError("ssh: unhandled key type")


def _go_int64(value: int) -> int:
    """big.Int's Int64: the low 64 bits of the magnitude, signed, negated with the value."""
    low = abs(value) & (1 << 64) - 1
    if value < 0:
        low = -low & (1 << 64) - 1
    return low - (1 << 64) if low >= 1 << 63 else low


# --- Go's checks (crypto/rsa) ----------------------------------------------------------------

def _size(value: int) -> int:
    return (value.bit_length() + 7) // 8


def _modulus(value: int) -> None:
    if value <= 1:
        raise _GoError("modulus must be > 1")


def _fits(value: int, modulus: int, width: int | None = None) -> bool:
    """Whether *value* is below *modulus* and its bytes fit its 64-bit words (*width*
    bytes, or the modulus's own)."""
    words = (width if width is not None else _size(modulus)) + 7 >> 3
    return _size(value) <= words * 8 and value < modulus


def _set(value: int, modulus: int) -> None:
    words = _size(modulus) + 7 >> 3
    if _size(value) > words * 8:
        raise _GoError("input overflows the modulus size")
    if value >= modulus:
        raise _GoError("input overflows the modulus")


MAX_KEY_BITS: Final = 16384
"""The largest modulus read (Go has no limit; one of a million bits would take hours)."""


def _checked(n: int, e: int, d: int, primes: tuple[int, ...],
             crt: tuple[int, int, int] | None) -> RsaKey:
    """The key, if Go's rsa.PrivateKey.Validate accepts it (its CRT values computed where
    the key does not hold them)."""
    if max(n, d, *primes).bit_length() > MAX_KEY_BITS:
        raise _GoError(f"keys of more than {MAX_KEY_BITS} bits are not read here (this one has "
                       f"{max(n, d, *primes).bit_length()})")
    if len(primes) != 2:
        _modulus(n)
        _set(d, n)
        _check_public(n, e)
        if any(prime <= 1 for prime in primes):
            raise _GoError("crypto/rsa: prime factor is <= 1")
        product = primes[0]
        for prime in primes[1:]:
            try:
                pow(product, -1, prime)
            except ValueError:
                raise _GoError("crypto/rsa: prime factors are not relatively prime") from None
            product *= prime
            if product.bit_length() > 2 * MAX_KEY_BITS:  # (thousands of primes: hours)
                raise _GoError(f"keys whose primes make more than {2 * MAX_KEY_BITS} bits "
                               "are not read here")
        return RsaKey(n, e, d, primes, None)
    p, q = primes
    _modulus(n)
    _modulus(p)
    _modulus(q)
    _set(d, n)
    if crt is not None:
        _set(crt[2], p)
    else:
        _modulus(p - 1)
        _modulus(q - 1)
        if not p & 1:
            raise _GoError("crypto/rsa: p is even")
        crt = (d % (p - 1), d % (q - 1), pow(q % p, p - 2, p))
    _check_private(n, e, d, (p, q), crt)
    return RsaKey(n, e, d, primes, crt)


def _check_public(n: int, e: int) -> None:
    if not n & 1:
        raise _GoError("crypto/rsa: public modulus is even")
    if e < 2:
        raise _GoError("crypto/rsa: public exponent too small or negative")
    if not e & 1:
        raise _GoError("crypto/rsa: public exponent is even")
    if e > (1 << 31) - 1:
        raise _GoError("crypto/rsa: public exponent too large")


def _check_private(n: int, e: int, d: int, primes: tuple[int, int],
                   crt: tuple[int, int, int]) -> None:
    _check_public(n, e)
    p, q = primes
    dp, dq, qinv = crt
    if not _fits(p, n) or not _fits(q, n):
        raise _GoError("crypto/rsa: invalid prime")
    if p * q % n:
        raise _GoError("crypto/rsa: p * q != n")
    for prime, exponent in ((p, dp), (q, dq)):
        if prime - 1 <= 1:
            raise _GoError("crypto/rsa: invalid prime")
        if not _fits(exponent, prime - 1, _size(prime)) or e * exponent % (prime - 1) != 1:
            raise _GoError("crypto/rsa: invalid CRT exponent")
    if q % p * qinv % p != 1:
        raise _GoError("crypto/rsa: invalid CRT coefficient")
    if p == q:
        raise _GoError("crypto/rsa: p == q")
    if abs(p - q).bit_length() <= n.bit_length() // 2 - 100:
        raise _GoError("crypto/rsa: |p - q| too small")
    if d.bit_length() <= n.bit_length() // 2:
        raise _GoError("crypto/rsa: d too small")


class DecryptionError(Exception):
    """Go's rsa.DecryptPKCS1v15 refused the ciphertext or the key; the message is Go's."""


_DECRYPTION: Final = "crypto/rsa: decryption error"


def decrypt_pkcs1v15(key: RsaKey, ciphertext: bytes) -> bytes:
    """The message *ciphertext* holds, padded as PKCS #1 v1.5 asks (Go's
    rsa.DecryptPKCS1v15)."""
    bits = key.n.bit_length()
    if bits < 1024:
        raise DecryptionError(f"crypto/rsa: {bits}{_INSECURE}")
    size = (bits + 7) // 8
    words = size + 7 >> 3
    c = int.from_bytes(ciphertext, "big")
    if len(ciphertext) > words * 8 or c >= key.n:
        raise DecryptionError(_DECRYPTION)
    if key.crt is None:
        m = pow(c, key.d, key.n)
    else:
        p, q = key.primes
        dp, dq, qinv = key.crt
        m1, m2 = pow(c % p, dp, p), pow(c % q, dq, q)
        m = ((m1 - m2) % p * qinv % p * q + m2) % key.n
    em = m.to_bytes(size, "big")
    zero = em.find(0, 2)
    if em[0] != 0 or em[1] != 2 or zero < 10:
        raise DecryptionError(_DECRYPTION)
    return em[zero + 1:]
