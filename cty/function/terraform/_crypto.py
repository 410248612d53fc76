"""Terraform's hash functions (OpenTofu's lang/funcs crypto.go): md5, sha1, sha256, sha512 in
hexadecimal; base64sha256 and base64sha512 in base64; uuidv5; rsadecrypt.

Each hashes the string's UTF-8 bytes.
"""

from __future__ import annotations

import base64
import hashlib
import uuid
from collections.abc import Callable
from typing import Final

from cty import String, Type, Value, string_val
from cty._internal import go_quote

from .._errors import ArgError, FunctionError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ._encoding import go_base64
from ._rsa_key import DecryptionError, RsaKeyError, decrypt_pkcs1v15, read_private_key

__all__ = ["base64sha256", "base64sha512", "md5", "rsadecrypt", "sha1", "sha256", "sha512",
           "uuidv5"]


def _hash_function(name: str, encode: Callable[[bytes], str], what: str) -> Function:
    def call(args: list[Value], ty: Type) -> Value:
        digest = hashlib.new(name, args[0].as_string().encode()).digest()
        return string_val(encode(digest))

    return Function(params=[Parameter("str", String)], type=static_return_type(String),
                    refine_result=refine_not_null, impl=call, description=what)


def _hex(digest: bytes) -> str:
    return digest.hex()


def _base64(digest: bytes) -> str:
    return base64.b64encode(digest).decode("ascii")


md5 = _hash_function("md5", _hex, "Computes the MD5 hash of a given string and encodes it "
                                  "with hexadecimal digits.")
"""md5(str): the MD5 hash of *str*'s UTF-8 bytes, in lowercase hexadecimal."""
sha1 = _hash_function("sha1", _hex, "Computes the SHA1 hash of a given string and encodes it "
                                    "with hexadecimal digits.")
"""sha1(str): the SHA-1 hash, in lowercase hexadecimal."""
sha256 = _hash_function("sha256", _hex, "Computes the SHA256 hash of a given string and "
                                        "encodes it with hexadecimal digits.")
"""sha256(str): the SHA-256 hash, in lowercase hexadecimal."""
sha512 = _hash_function("sha512", _hex, "Computes the SHA512 hash of a given string and "
                                        "encodes it with hexadecimal digits.")
"""sha512(str): the SHA-512 hash, in lowercase hexadecimal."""
base64sha256 = _hash_function("sha256", _base64, "Computes the SHA256 hash of a given string "
                                                 "and encodes it with Base64.")
"""base64sha256(str): the SHA-256 hash, in base64."""
base64sha512 = _hash_function("sha512", _base64, "Computes the SHA512 hash of a given string "
                                                 "and encodes it with Base64.")
"""base64sha512(str): the SHA-512 hash, in base64."""

_NAMESPACES: Final = {"dns": uuid.NAMESPACE_DNS, "url": uuid.NAMESPACE_URL,
                      "oid": uuid.NAMESPACE_OID, "x500": uuid.NAMESPACE_X500}


def _uuidv5(args: list[Value], ty: Type) -> Value:
    text = args[0].as_string()
    namespace = _NAMESPACES.get(text)
    if namespace is None:
        try:
            namespace = _go_uuid(text.encode())
        except ValueError as e:
            raise FunctionError(f"uuidv5() doesn't support namespace {text} ({e})") from None
    digest = hashlib.sha1(namespace.bytes + args[1].as_string().encode()).digest()
    return string_val(str(uuid.UUID(bytes=digest[:16], version=5)))


_HEX_AT: Final = (0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34)
"""Where the 16 bytes' hexadecimal pairs stand in a UUID's 36-character form."""


def _go_uuid(b: bytes) -> uuid.UUID:
    """*b* read as github.com/google/uuid's Parse reads a UUID: 36 bytes with dashes, those
    after ``urn:uuid:``, those after any one byte and before any other (braces), or 32
    hexadecimal digits. Raises ValueError with its words."""
    n = len(b)
    if n == 32:
        return uuid.UUID(bytes=bytes(_pair(b, 2 * i) for i in range(16)))
    if n == 36 + 9:
        if b[:9].lower() != b"urn:uuid:":
            raise ValueError(f"invalid urn prefix: {go_quote(b[:9].decode(errors='replace'))}")
        b = b[9:]
    elif n == 36 + 2:
        b = b[1:]
    elif n != 36:
        raise ValueError(f"invalid UUID length: {n}")
    if b[8:9] != b"-" or b[13:14] != b"-" or b[18:19] != b"-" or b[23:24] != b"-":
        raise ValueError("invalid UUID format")
    return uuid.UUID(bytes=bytes(_pair(b, x) for x in _HEX_AT))


def _pair(b: bytes, at: int) -> int:
    try:
        return int(b[at:at + 2].decode("ascii"), 16) if all(
            c in b"0123456789abcdefABCDEF" for c in b[at:at + 2]) else _bad()
    except UnicodeDecodeError:
        return _bad()


def _bad() -> int:
    raise ValueError("invalid UUID format")


uuidv5 = Function(params=[Parameter("namespace", String), Parameter("name", String)],
                  type=static_return_type(String), refine_result=refine_not_null,
                  impl=_uuidv5, description="Generates a name-based UUID, as described in "
                                            "RFC 4122 section 4.3, also known as a \"version "
                                            "5\" UUID.")
"""uuidv5(namespace, name): the version 5 UUID of *name* in *namespace* (``dns``, ``url``,
``oid``, ``x500``, or a UUID)."""


def _rsadecrypt(args: list[Value], ty: Type) -> Value:
    text = args[0].as_string()
    ciphertext = go_base64(text.encode())
    if ciphertext is None:
        raise ArgError(0, f"failed to decode input {go_quote(text)}: cipher text must be "
                          "base64-encoded")
    try:
        key = read_private_key(args[1].as_string().encode())
    except RsaKeyError as e:
        raise ArgError(1, str(e)) from None
    try:
        message = decrypt_pkcs1v15(key, ciphertext)
    except DecryptionError as e:
        raise FunctionError(f"failed to decrypt: {e}") from None
    return string_val(message.decode("utf-8", errors="replace"))


rsadecrypt = Function(
    params=[Parameter("ciphertext", String), Parameter("privatekey", String)],
    type=static_return_type(String), refine_result=refine_not_null, impl=_rsadecrypt,
    description="Decrypts an RSA-encrypted ciphertext, returning the corresponding cleartext.")
"""rsadecrypt(ciphertext, privatekey): the text *ciphertext* (base64) holds, encrypted with
RSA and PKCS #1 v1.5 padding for the key *privatekey* (PEM: PKCS #1, PKCS #8 or OpenSSH's
format, unencrypted), as Terraform decrypts it; Go's errors for keys it refuses (other
algorithms, passphrases, keys it finds invalid or shorter than 1,024 bits). Bytes that are not
UTF-8 read as U+FFFD (a cty string is Unicode text; Terraform keeps the bytes)."""
