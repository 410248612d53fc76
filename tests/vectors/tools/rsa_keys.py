"""RSA keys and ciphertexts for testing rsadecrypt, made here from a seed (no cryptography
package needed): primes from gmpy2, keys written as PKCS #1, PKCS #8 and OpenSSH PEM, and
PKCS #1 v1.5 encryption, with ways to spoil each (for the errors).
"""

from __future__ import annotations

import base64
import random
import struct
from dataclasses import dataclass

import gmpy2


@dataclass(frozen=True)
class Key:
    """An RSA key's numbers."""

    n: int
    e: int
    d: int
    p: int
    q: int

    @property
    def crt(self) -> tuple[int, int, int]:
        return self.d % (self.p - 1), self.d % (self.q - 1), pow(self.q, -1, self.p)


def _prime(rng: random.Random, bits: int) -> int:
    start = rng.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2))
    return int(gmpy2.next_prime(start))


def make_key(rng: random.Random, bits: int = 1024, e: int = 65537) -> Key:
    """A key of *bits* bits (its two primes of half as many each)."""
    while True:
        p, q = _prime(rng, bits // 2), _prime(rng, bits - bits // 2)
        if p == q:
            continue
        phi = (p - 1) * (q - 1)
        try:
            d = pow(e, -1, phi)
        except ValueError:
            continue
        if (p * q).bit_length() == bits:
            return Key(p * q, e, d, p, q)


# --- DER -------------------------------------------------------------------------------------

def der(tag: int, content: bytes) -> bytes:
    """One DER element."""
    size = len(content)
    if size < 0x80:
        length = bytes([size])
    else:
        raw = size.to_bytes((size.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(raw)]) + raw
    return bytes([tag]) + length + content


def der_int(value: int) -> bytes:
    size = (value.bit_length() + 8) // 8 if value >= 0 else ((-value - 1).bit_length() + 8) // 8
    return der(0x02, value.to_bytes(max(size, 1), "big", signed=True))


def der_seq(*items: bytes) -> bytes:
    return der(0x30, b"".join(items))


def der_oid(*numbers: int) -> bytes:
    out = bytearray()
    for number in [40 * numbers[0] + numbers[1], *numbers[2:]]:
        chunk = [number & 0x7F]
        rest = number >> 7
        while rest:
            chunk.append(0x80 | (rest & 0x7F))
            rest >>= 7
        out += bytes(reversed(chunk))
    return der(0x06, bytes(out))


def pkcs1_der(key: Key, *, version: int = 0, crt: bool = True) -> bytes:
    values = [key.n, key.e, key.d, key.p, key.q] + (list(key.crt) if crt else [])
    return der_seq(der_int(version), *map(der_int, values))


def pkcs8_der(inner: bytes, oid: tuple[int, ...] = (1, 2, 840, 113549, 1, 1, 1)) -> bytes:
    return der_seq(der_int(0), der_seq(der_oid(*oid), der(0x05, b"")), der(0x04, inner))


def pem(kind: str, data: bytes, headers: str = "") -> str:
    body = base64.b64encode(data).decode()
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return (f"-----BEGIN {kind}-----\n{headers}" + "".join(line + "\n" for line in lines)
            + f"-----END {kind}-----\n")


# --- OpenSSH ---------------------------------------------------------------------------------

def _string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def _mpint(value: int) -> bytes:
    if value == 0:
        return _string(b"")
    return _string(value.to_bytes((value.bit_length() + 8) // 8, "big"))


def openssh(key: Key, *, cipher: str = "none", check: tuple[int, int] = (7, 7),
            key_type: str = "ssh-rsa", pad: bytes | None = None) -> str:
    """The key in OpenSSH's format (what ssh-keygen writes), unencrypted unless *cipher*."""
    public = _string(b"ssh-rsa") + _mpint(key.e) + _mpint(key.n)
    private = (struct.pack(">II", *check) + _string(key_type.encode()) + _mpint(key.n)
               + _mpint(key.e) + _mpint(key.d) + _mpint(key.crt[2]) + _mpint(key.p)
               + _mpint(key.q) + _string(b"comment"))
    if pad is None:
        pad = bytes(range(1, 1 + (-len(private)) % 8))
    kdf = b"none" if cipher == "none" else b"bcrypt"
    blob = (b"openssh-key-v1\x00" + _string(cipher.encode()) + _string(kdf) + _string(b"")
            + struct.pack(">I", 1) + _string(public) + _string(private + pad))
    return pem("OPENSSH PRIVATE KEY", blob)


# --- PKCS #1 v1.5 ------------------------------------------------------------------------------

def encrypt(rng: random.Random, key: Key, message: bytes) -> bytes:
    """*message* encrypted for *key* with PKCS #1 v1.5 padding."""
    size = (key.n.bit_length() + 7) // 8
    padding = bytes(rng.randrange(1, 256) for _ in range(size - 3 - len(message)))
    em = b"\x00\x02" + padding + b"\x00" + message
    return pow(int.from_bytes(em, "big"), key.e, key.n).to_bytes(size, "big")


def raw_encrypt(key: Key, em: bytes) -> bytes:
    """*em* encrypted as it is (no padding added: for padding that is wrong)."""
    size = (key.n.bit_length() + 7) // 8
    return pow(int.from_bytes(em, "big"), key.e, key.n).to_bytes(size, "big")


def b64decode_pem(text: str) -> bytes:
    """The bytes of the PEM block *text* (one block, no headers)."""
    lines = text.strip().split("\n")
    return base64.b64decode("".join(lines[1:-1]))
