"""Make tests/vectors/terraform_functions.jsonl: Terraform's functions that HashiCorp's
go-cty-funcs holds (and that we have written so far), called on generated arguments, with
go-cty-funcs' answers.

    sh tests/oracle_shims/funcs/build.sh
    python -m tests.vectors.tools.make_terraform_functions /tmp/funcsoracle/ctyoracle

The arguments (a fixed seed): strings of every kind the functions meet (empty, ASCII,
multi-byte, combining marks, control characters, URL-special characters; base64 text valid,
padded wrongly, with line breaks, with bytes that are not UTF-8 once decoded; UUIDs in every
form google/uuid reads and some it refuses), each also unknown, null, marked and sensitive.
"""

from __future__ import annotations

import base64
import json
import os
import random
from pathlib import Path
from typing import Any

import gmpy2

from ._oracle import answered, oracle_path

OUT = Path(__file__).resolve().parents[1] / "terraform_functions.jsonl"
NAMES = ("base64encode", "base64decode", "urlencode", "md5", "sha1", "sha256", "sha512")

TEXTS = ["", "hello", "Hello, World!", "é", "e\u0301", "日本語", "a b&c=d/e?f#g+h~i",
         "tab\there", "new\nline", "\u0000nul", "💩", "\u2028", "-_.~", "100%", "\\\"'<>",
         "x" * 300]


def _base64_texts(rng: random.Random) -> list[str]:
    out = [base64.b64encode(t.encode()).decode() for t in TEXTS]
    out += ["aGVsbG8", "aGVsbG8=\n", "aGVs\r\nbG8=", "aGVsbG8==", "!!!!", "====", "aGVsbG8=aGk=",
            "/w==", "gA==", base64.b64encode(b"\xff\xfe").decode(), "aGk", "aGk=  ", "aG=k",
            "YQ", "YR==", "YWJj\n", "\nYWJj"]
    for _ in range(20):
        raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12)))
        out.append(base64.b64encode(raw).decode())
    return out


UUIDS = ["dns", "url", "oid", "x500", "DNS", "6ba7b810-9dad-11d1-80b4-00c04fd430c8",
         "6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "6ba7b8109dad11d180b400c04fd430c8",
         "{6ba7b810-9dad-11d1-80b4-00c04fd430c8}", "(6ba7b810-9dad-11d1-80b4-00c04fd430c8]",
         "urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8",
         "URN:UUID:6ba7b810-9dad-11d1-80b4-00c04fd430c8",
         "urn:uuix:6ba7b810-9dad-11d1-80b4-00c04fd430c8", "6ba7b810-9dad-11d1-80b4-00c04fd430cg",
         "6ba7b810_9dad-11d1-80b4-00c04fd430c8", "", "x", "6ba7b8109dad11d180b400c04fd430cz",
         "é" * 18]


def _string(text: str) -> dict[str, Any]:
    return {"type": "string", "value": {"string": text}}


def _variants(arg: dict[str, Any]) -> list[dict[str, Any]]:
    """*arg*, and the same marked, sensitive, unknown and null."""
    value = arg["value"]
    return [arg,
            {"type": "string", "value": {"marked": {"marks": ["m"], "value": value}}},
            {"type": "string", "value": {"marked": {"marks": ["sensitive"], "value": value}}}]


SPECIAL = [{"type": "string", "value": {"unknown": True}},
           {"type": "string", "value": {"null": True}},
           {"type": "string", "value": {"marked": {"marks": ["sensitive"],
                                                   "value": {"unknown": True}}}},
           {"type": "number", "value": {"number": "12"}},
           {"type": "bool", "value": {"bool": True}},
           {"type": ["list", "string"], "value": {"list": [{"string": "a"}]}}]


def cases() -> list[dict[str, Any]]:
    rng = random.Random(50)
    out: list[dict[str, Any]] = []

    def add(name: str, args: list[dict[str, Any]]) -> None:
        out.append({"id": f"tf-{name}-{len(out):04d}", "op": "call", "name": f"tf:{name}",
                    "args": args})

    for name in NAMES:
        texts = _base64_texts(rng) if name == "base64decode" else TEXTS
        for t in texts:
            for arg in _variants(_string(t)):
                add(name, [arg])
        for arg in SPECIAL:
            add(name, [arg])
    for ns in UUIDS:
        for name in ("", "tada", "é", "www.example.com"):
            add("uuidv5", [_string(ns), _string(name)])
    for arg in SPECIAL:
        add("uuidv5", [_string("dns"), arg])
        add("uuidv5", [arg, _string("x")])
    add("uuidv5", [*_variants(_string("dns"))[2:], _string("secret")])
    for args in _coalesce_args():
        add("coalesce", args)
    for name, args in _cidr_calls(rng):
        add(name, args)
    for name, args in _file_calls():
        add(name, args)
    for args in _yaml_values(rng):
        add("yamlencode", args)
    for source in _yaml_sources(rng):
        add("yamldecode", [_string(source)])
    for arg in SPECIAL:
        add("yamldecode", [arg])
    for name, args in _text_calls(rng):
        add(name, args)
    for args in _rsa_calls(random.Random(5051)):
        add("rsadecrypt", args)
    for arg in _gzip_args():
        add("base64gzip", [arg])
    for name, args in _cjk_calls(random.Random(5053)):
        add(name, args)
    return out


CJK = ("Shift_JIS", "EUC-JP", "ISO-2022-JP", "EUC-KR", "GBK", "GB18030", "HZ-GB-2312", "Big5")
CJK_ALIASES = ("ms_kanji", "csEUCPkdFmtJapanese", "csISO2022JP", "csEUCKR", "CP936",
               "gb18030", "hz-gb-2312", "csBig5")


def _cjk_calls(rng: random.Random) -> list[tuple[str, list[dict[str, Any]]]]:
    """textencodebase64 and textdecodebase64 in the CJK encodings (the whole tables are
    checked once, character by character, by make_text_cjk): text of each encoding's own
    characters mixed with ASCII, "~", line feeds, halfwidth katakana and characters it lacks;
    its encoded bytes as they are, cut short, with bytes changed, escapes added or dropped
    (ISO-2022-JP's and HZ's states); random bytes."""
    from cty.function.terraform._text_cjk import CJK_ENCODERS
    from cty.function.terraform._text_tables import ALIASES

    pool = [chr(c) for c in range(0x3000, 0xFFFF) if not 0xD800 <= c < 0xE000]
    ascii_bits = ["a", "~", "\n", " ", "~{", "~}", "\x1b", "Z"]
    calls: list[tuple[str, list[dict[str, Any]]]] = []
    for alias, name in zip(CJK_ALIASES, CJK, strict=True):
        encode = CJK_ENCODERS[ALIASES[name.lower()]]
        own = [ch for ch in pool if encode(ch) is not None]
        texts = list(TEXTS_TO_ENCODE)
        for _ in range(24):
            parts = [rng.choice(own) if rng.random() < 0.6 else rng.choice(ascii_bits)
                     for _ in range(rng.randrange(1, 12))]
            if rng.random() < 0.15:
                parts.append(rng.choice(pool))
            if rng.random() < 0.2:
                parts.append(chr(rng.randrange(0xFF61, 0xFFA0)))
            texts.append("".join(parts))
        for text in texts:
            calls.append(("textencodebase64", [_string(text), _string(rng.choice((name, alias)))]))
        sources: list[bytes] = []
        for text in texts:
            raw = encode(text)
            if raw is None:
                continue
            sources.append(raw)
            spoilt = bytearray(raw)
            if spoilt:
                spoilt[rng.randrange(len(spoilt))] = rng.randrange(256)
                sources += [bytes(spoilt), raw[:-1], raw[1:]]
        for _ in range(12):
            sources.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9))))
            sources.append(bytes(rng.choice(b"\x1b$B(@JID~{}\n!\x21\x7e\x7f\xa1\xfe")
                                 for _ in range(rng.randrange(1, 12))))
        for raw in sources:
            calls.append(("textdecodebase64", [_string(base64.b64encode(raw).decode()),
                                               _string(rng.choice((name, alias)))]))
    return calls


def _gzip_args() -> list[dict[str, Any]]:
    """base64gzip (Terraform's, in the shim zz_gzip.go) on the texts, and on generated ones of
    every kind up to a few thousand characters (tests/vectors/base64gzip_large.jsonl holds
    larger ones)."""
    from .gzip_inputs import KINDS, text

    args = [variant for t in TEXTS for variant in _variants(_string(t))]
    args += [_string(text(seed, kind, size)) for seed, (kind, size) in enumerate(
        (k, s) for k in KINDS for s in (10, 60, 300, 1500, 4000))]
    return args + SPECIAL


def _rsa_calls(rng: random.Random) -> list[list[dict[str, Any]]]:
    """rsadecrypt (Terraform's, in the shim zz_rsa.go) on keys made here: PKCS #1 (with and
    without CRT values, multi-prime), PKCS #8 and OpenSSH's format; PEM as Go finds it (text
    around, headers, CRLF, spaces, a broken block before a good one); keys spoilt every way
    Go checks (versions, signs, exponents, primes, CRT values, sizes), DER mutated byte by
    byte, other algorithms, passphrases; ciphertexts of every length, padded wrongly, for
    another key; and unknown, null and marked arguments."""
    from . import rsa_keys as R

    def call(ciphertext: bytes | str, key: str) -> list[dict[str, Any]]:
        text = ciphertext if isinstance(ciphertext, str) else \
            base64.b64encode(ciphertext).decode()
        return [_string(text), _string(key)]

    calls: list[list[dict[str, Any]]] = []
    key = R.make_key(rng, 1024)
    big = R.make_key(rng, 2048)
    odd = R.make_key(rng, 1031)
    small = R.make_key(rng, 512)
    secret = R.encrypt(rng, key, b"hello")
    pkcs1 = R.pem("RSA PRIVATE KEY", R.pkcs1_der(key))
    for k in (key, big, odd, small):
        size = (k.n.bit_length() + 7) // 8
        for message in (b"", b"hello", "日本語 ✓".encode(), b"\xff", b"x" * (size - 11)):
            ciphertext = R.encrypt(rng, k, message)
            for text in (R.pem("RSA PRIVATE KEY", R.pkcs1_der(k)),
                         R.pem("RSA PRIVATE KEY", R.pkcs1_der(k, crt=False)),
                         R.pem("PRIVATE KEY", R.pkcs8_der(R.pkcs1_der(k))), R.openssh(k)):
                calls.append(call(ciphertext, text))
    calls.append(call(R.encrypt(rng, big, b"hello"), pkcs1))  # (another key)
    size = (key.n.bit_length() + 7) // 8
    for em in (b"\x00\x02" + b"\x01" * 7 + b"\x00" + b"m" * (size - 10),  # padding too short
               b"\x00\x02" + b"\x01" * 8 + b"\x00" + b"m" * (size - 11),
               b"\x00\x01" + b"\xff" * 8 + b"\x00" + b"m" * (size - 11),
               b"\x01\x02" + b"\x01" * 8 + b"\x00" + b"m" * (size - 11),
               b"\x00\x02" + b"\x01" * (size - 2),  # (no zero)
               b"\x00\x02" + b"\x01" * (size - 3) + b"\x00"):
        calls.append(call(R.raw_encrypt(key, em), pkcs1))
    for ciphertext in (b"", b"\x01", secret[1:], b"\x00" + secret, b"\x00" * 8 + secret,
                       b"\x00" * 9 + secret, key.n.to_bytes(size, "big"),
                       (key.n - 1).to_bytes(size, "big"), b"\xff" * size):
        calls.append(call(ciphertext, pkcs1))
    for text in ("not base64", "aGVsbG8", "aGVs\nbG8=", base64.b64encode(secret).decode() + "\n"):
        calls.append(call(text, pkcs1))
    calls += [call(secret, k) for k in _spoilt_keys(rng, R, key)]
    third = int(gmpy2.next_prime(rng.getrandbits(400)))
    n = key.n * third
    d = pow(key.e, -1, (key.p - 1) * (key.q - 1) * (third - 1))
    three = R.pem("RSA PRIVATE KEY", R.der_seq(R.der_int(1), *map(R.der_int, (
        n, key.e, d, key.p, key.q, d % (key.p - 1), d % (key.q - 1), key.crt[2])),
        R.der_seq(R.der_seq(*map(R.der_int, (third, d % (third - 1), 1))))))
    calls.append(call(R.encrypt(rng, R.Key(n, key.e, d, key.p, key.q), b"three primes"), three))
    marked = {"type": "string", "value": {"marked": {"marks": ["sensitive"],
                                                     "value": {"string": pkcs1}}}}
    calls += [[_string(base64.b64encode(secret).decode()), marked],
              [_string("nope"), marked], [_string(base64.b64encode(secret).decode()),
                                          {"type": "string", "value": {"marked": {
                                              "marks": ["sensitive"],
                                              "value": {"string": "not a key"}}}}]]
    for arg in SPECIAL:
        calls.append([arg, _string(pkcs1)])
        calls.append([_string(base64.b64encode(secret).decode()), arg])
    return calls


def _spoilt_keys(rng: random.Random, R: Any, key: Any) -> list[str]:
    """Keys that are not, or not quite, right."""
    der = R.pkcs1_der(key)
    good = R.pem("RSA PRIVATE KEY", der)
    dp, dq, qinv = key.crt
    fields = [key.n, key.e, key.d, key.p, key.q, dp, dq, qinv]

    def pkcs1(*values: int, version: int = 0, extra: bytes = b"") -> str:
        return R.pem("RSA PRIVATE KEY", R.der_seq(R.der_int(version), *map(R.der_int, values))
                     + extra)

    other = R.make_key(rng, 1024)
    third = int(gmpy2.next_prime(rng.getrandbits(200)))
    keys = [
        "", "hello", good.replace("\n", "\r\n"), "junk before\n" + good + "junk after",
        good.replace("-----END RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEYS-----"),
        good.replace("-----END RSA PRIVATE KEY-----\n", ""), good[:-30] + "\n" + good[-30:],
        good.replace("\n", " \n", 3), good.replace("\nM", "\n\tM", 2), "x" + good,
        good.replace("-----BEGIN RSA PRIVATE KEY-----", "-----BEGIN RSA PRIVATE KEY-----  "),
        good.replace("-----BEGIN RSA PRIVATE KEY-----\n",
                     "-----BEGIN RSA PRIVATE KEY-----\nComment: hello\n"),
        good.replace("-----BEGIN RSA PRIVATE KEY-----\n",
                     "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n"
                     "DEK-Info: AES-128-CBC,00000000000000000000000000000000\n\n"),
        "-----BEGIN RSA PRIVATE KEY-----\n!!!!\n-----END RSA PRIVATE KEY-----\n" + good,
        "-----BEGIN RSA PRIVATE KEY-----\n-----END RSA PRIVATE KEY-----\n",
        R.pem("RSA PRIVATE KEY", b""), R.pem("PUBLIC KEY", der), R.pem("FOO KEY", der),
        R.pem("EC PRIVATE KEY", der), R.pem("DSA PRIVATE KEY", der),
        R.pem("PRIVATE KEY", der), R.pem("RSA PRIVATE KEY", R.pkcs8_der(der)),
        R.pem("PRIVATE KEY", R.pkcs8_der(der, (1, 2, 840, 10045, 2, 1))),
        R.pem("PRIVATE KEY", R.pkcs8_der(der, (1, 3, 101, 112))),
        R.pem("PRIVATE KEY", R.pkcs8_der(der, (1, 2, 3, 4))),
        R.pem("PRIVATE KEY", R.pkcs8_der(der + b"\x00")),
        R.pem("PRIVATE KEY", R.pkcs8_der(der[:-3])),
        R.pem("RSA PRIVATE KEY", der + b"\x00"), R.pem("RSA PRIVATE KEY", der[:-1]),
        R.pem("RSA PRIVATE KEY", der[:40]), R.pem("RSA PRIVATE KEY", b"\x30\x80" + der[2:]),
        pkcs1(*fields, version=1), pkcs1(*fields, version=2), pkcs1(*fields, version=-1),
        pkcs1(*fields[:5]), pkcs1(*fields[:6]), pkcs1(*fields[:4]),
        pkcs1(*fields, extra=R.der_int(5)),
        pkcs1(key.n, 3, *fields[2:]), pkcs1(key.n, 65536, *fields[2:]),
        pkcs1(key.n, 1, *fields[2:]), pkcs1(key.n, -65537, *fields[2:]),
        pkcs1(key.n, 1 << 40 | 1, *fields[2:]), pkcs1(key.n + 1, *fields[1:]),
        pkcs1(key.n * 2 + 1, *fields[1:]), pkcs1(0, *fields[1:]),
        pkcs1(key.n, 65537, 0, *fields[3:]),
        pkcs1(key.n, 65537, -key.d, *fields[3:]), pkcs1(*fields[:3], key.q, key.p, *fields[5:]),
        pkcs1(*fields[:3], key.p, key.p, *fields[5:]),
        pkcs1(*fields[:3], other.p, key.q, *fields[5:]),
        pkcs1(*fields[:5], dp + 1, dq, qinv), pkcs1(*fields[:5], dp, dq + 2, qinv),
        pkcs1(*fields[:5], dp, dq, qinv + 1), pkcs1(*fields[:5], dp, dq, key.p),
        pkcs1(*fields[:5], dp, dq, key.p + 5), pkcs1(*fields[:5], key.p - 1, dq, qinv),
        pkcs1(*fields[:5], key.p + (1 << 600), dq, qinv),
        pkcs1(*fields[:2], key.d + key.n, *fields[3:]), pkcs1(*fields[:2], 3, *fields[3:]),
        pkcs1(key.n, key.e, key.d, 1, key.q, *fields[5:]),
        pkcs1(key.n, key.e, key.d, key.n, 1, *fields[5:]),
        pkcs1(*fields[:5], 0, dq, qinv), pkcs1(*fields[:5], dp, dq, -qinv),
        pkcs1(*fields[:5], dp), pkcs1(*fields[:5], dp, dq),
        pkcs1(*fields, extra=R.der_seq(R.der_seq(*map(R.der_int, (third, 1, 1))))),
        pkcs1(*fields, extra=R.der_seq(R.der_seq(*map(R.der_int, (0, 1, 1))))),
        pkcs1(*fields, extra=R.der_seq(R.der_seq(*map(R.der_int, (key.p, 1, 1))))),
        pkcs1(*fields, extra=R.der_seq(R.der_int(3))),
        pkcs1(*fields, extra=R.der_seq(R.der_seq(R.der_int(third)))),
        R.openssh(key, cipher="aes256-ctr"), R.openssh(key, check=(1, 2)),
        R.openssh(key, pad=b"\x01\x03"), R.openssh(key, key_type="ssh-ed25519"),
        R.openssh(key, key_type="ssh-dss"), R.openssh(key, key_type="ecdsa-sha2-nistp256"),
        R.pem("OPENSSH PRIVATE KEY", b"openssh-key-v0\x00"), R.pem("OPENSSH PRIVATE KEY", b""),
        R.pem("OPENSSH PRIVATE KEY", b"openssh-key-v1\x00"),
        R.pem("OPENSSH PRIVATE KEY", b"openssh-key-v1\x00\x00\x00\x00\x04none"),
    ]
    three = R.Key(key.n * third, key.e, pow(key.e, -1, (key.p - 1) * (key.q - 1) * (third - 1)),
                  key.p, key.q)
    keys.append(pkcs1(three.n, three.e, three.d, key.p, key.q, *key.crt,
                      extra=R.der_seq(R.der_seq(*map(R.der_int, (third, 1, 1))))))
    raw = bytearray(R.b64decode_pem(good))
    for _ in range(60):
        spoilt = bytearray(raw)
        for _ in range(rng.choice([1, 1, 2, 3])):
            at = rng.randrange(min(len(spoilt), rng.choice([8, 40, len(spoilt)])))
            spoilt[at] = rng.randrange(256)
        keys.append(R.pem("RSA PRIVATE KEY", bytes(spoilt)))
    return keys


TEXTS_TO_ENCODE = ["", "Hello, World!", "héllo", "€100", "日本語", "💩", "\ufeffbom", "\x00\x7f",
                   "Ω≈ç√", "\ufffd", "ÿ", "tab\tnew\nline"]


def _text_calls(rng: random.Random) -> list[tuple[str, list[dict[str, Any]]]]:
    """textencodebase64 and textdecodebase64 on every IANA name and alias of the encodings
    here (the CJK ones, not here yet, left out), in other cases and with spaces around, names
    that are none, text of every kind, random bytes, and base64 that is not."""
    from cty.function.terraform._text_tables import ALIASES, KINDS

    names = sorted(a for a, n in ALIASES.items() if KINDS[n] != "multibyte")
    calls: list[tuple[str, list[dict[str, Any]]]] = []
    for alias in names:
        calls.append(("textencodebase64", [_string(rng.choice(TEXTS_TO_ENCODE)),
                                           _string(alias)]))
        raw = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 6)))
        calls.append(("textdecodebase64", [_string(base64.b64encode(raw).decode()),
                                           _string(alias)]))
    for name in sorted({n for n in ALIASES.values() if KINDS[n] != "multibyte"}):
        for text in TEXTS_TO_ENCODE:
            calls.append(("textencodebase64", [_string(text), _string(name)]))
        for _ in range(4):
            raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9)))
            calls.append(("textdecodebase64", [_string(base64.b64encode(raw).decode()),
                                               _string(name)]))
    for name in ("UTF-8", "utf-8", " utf-8\t", "UTF8", "latin1", "LATIN1", "nope", "",
                 "utf-7", "Shift-JIS"):
        calls.append(("textencodebase64", [_string("x"), _string(name)]))
    odd = ["SGk=x", "S=Gk", "SG==", "S===", "SGk==", "=", "====", "SGk", "SG\nk=",
           "SGVsbG8=\r\n", "SG\rVs bG8=", "77+9", "/v8ASA==", "//5IAA==", "/v8A"]
    for source in [*_base64_texts(rng), *odd]:
        for name in ("UTF-8", "UTF-16", "UTF-16LE"):
            calls.append(("textdecodebase64", [_string(source), _string(name)]))
    for arg in _variants(_string("SGk="))[1:] + SPECIAL:
        calls.append(("textdecodebase64", [arg, _string("UTF-8")]))
        calls.append(("textencodebase64", [arg, _string("UTF-8")]))
        calls.append(("textencodebase64", [_string("x"), arg]))
    return calls


YAML_SOURCES = [
    "", "\n", "~", "null", "a", "'a'", '"a"', "1", "-1", "+1", "01", "0o17", "0x1F", "0x1f", "0b11",
    "1_000", "1.5", ".5", "5.", "1e3", "1E-3", "-.5e+2", ".inf", "-.Inf", "+.INF", ".nan", ".NaN",
    "y", "Y", "yes", "No", "on", "OFF", "true", "False", "TRUE", "tRUE", "<<", "'<<'",
    "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14T21:59:43Z", "2001-1-2 3:4:5",
    "2001-12-14 21:59:43.10 -5", "2001-02-30", "2000-02-29", "1999-13-01", "2001-12-14T25:00:00Z",
    "2001-12-14T21:59:43+24:00", "2001-12-14T21:59:43+05:60", "0000-02-29",
    "!!str 1", "!!int 12", "!!int abc", "!!int 1_0", "!!int 0b101", "!!int 0101", "!!int '12'",
    "!!float 1", "!!float .inf", "!!bool yes", "!!bool 1", "!!bool x", "!!null x",
    "!!timestamp 2001-12-14", "!!timestamp x", "!!binary aGk=", "!!binary a", "!foo x",
    "!!map {a: 1}", "!!seq [1]", "!!str [1]", "!!map [1]", "! x", "!<tag:yaml.org,2002:str> 1",
    "a: 1\nb: [x, 'y', 2.5, true, ~]\n", "- &a {x: 1}\n- *a\n- <<: *a\n  y: 2\n",
    "a: 1\na: 2\n", "? [a]\n: 1\n", "{[a]: 1}", "1: a\ntrue: b\n~: c\n", "~: x", ".inf: x",
    "a: &x [*x]\n", "- *nope\n", "a: &x 1\nb: *x\n", "<<: 1\n", "<<: [{a: 1}]\n",
    "<<: {a: 1}\na: 2\n", "a: 2\n<<: {a: 1}\n", "x: {<<: {a: 1}}", "'<<': {a: 1}\n",
    "!!merge <<: {a: 1}\n", "- <<\n", "---\na\n---\nb\n", "---\na\n...\n", "a\n...\n---\nb",
    "a: b: c\n", "a: [1, 2\n", "a: {b: 1\n", "\t- a\n", "- a\n b\n", "'unterminated", '"bad \\q"',
    "a:\n  - b\n  c: d\n", "%YAML 1.1\n---\na\n", "%YAML 2.0\n---\na\n",
    "%TAG !e! tag:e,2000:\n--- !e!x 1\n",
    "&a", "*a", "[&a 1, *a, *a]", "a: |\n  x\n  y\n", "a: >\n  x\n  y\n", "a: |-\n  x\n",
    "a: |+\n  x\n\n",
    "# comment\na: 1 # more\n", "a: 'it''s'\n", 'a: "\\u00e9\\x41\\n"\n', "é: ü\n", "- - - x\n",
    "[a, [b, [c]]]", "{}", "[]", "{a: }", "- \n", "key with spaces: v\n", "a:\n", "? a\n",
    "a: 1\n  b: 2\n",
    "\ufeffa: 1\n", "a: \x01", "x: [1,]", "x: {a,}", "- a\n-b\n", "@x", "`x", "a: @x",
]


def _yaml_sources(rng: random.Random) -> list[str]:
    """Documents for yamldecode: the list above; yamlencode's output for generated values
    (and for some, that text cut short or with a character changed)."""
    from cty.function.terraform import yamlencode
    from tests._tvn import build

    out = list(YAML_SOURCES)
    for _ in range(250):
        ty, value = _yaml_value(rng)
        text = yamlencode(build(ty, value)).as_string()
        out.append(text)
        if text and rng.random() < 0.4:
            cut = rng.randrange(len(text))
            if rng.random() < 0.5:
                out.append(text[:cut])
            else:
                out.append(text[:cut] + rng.choice(":-[]{}'\"#&*!|> \t\n?") + text[cut + 1:])
    return out


# Text that YAML's emitter must quote, escape, fold or write as a block.
YAML_TEXT = ["a", "b", " ", "  ", "\n", "\t", "\r", "é", "日", "💩", "\u0085", "\u2028", "\u00a0",
             "\ufeff", "\x00", "\x1b", "\x7f", "#", ":", "-", "'", '"', "\\", "{", "}", "[", "]",
             ",", "&", "*", "!", "|", ">", "%", "@", "`", "?", "~", "0", "1", ".", "e", "x" * 30,
             "word " * 20, "\ud7ff", "\ue000", "\ufffd", "\ufffe", "\U00010000"]
YAML_NUMBERS = ["0", "1", "-1", "1.5", "1e21", "1e-7", "123456789012345678901234567890",
                "-0.000001", "3.14159"]


def _yaml_text(rng: random.Random) -> str:
    return "".join(rng.choice(YAML_TEXT) for _ in range(rng.choice([0, 1, 2, 3, 5, 8, 15])))


def _yaml_value(rng: random.Random, depth: int = 0) -> tuple[Any, dict[str, Any]]:
    """A value (its type JSON and value JSON) of strings, numbers, bools and nulls, in tuples
    and objects up to three deep."""
    kind = rng.random()
    if depth > 2 or kind < 0.4:
        pick = rng.random()
        if pick < 0.6:
            return "string", {"string": _yaml_text(rng)}
        if pick < 0.75:
            return "number", {"number": rng.choice(YAML_NUMBERS)}
        if pick < 0.85:
            return "bool", {"bool": rng.random() < 0.5}
        return "string", {"null": True}
    if kind < 0.7:
        items = [_yaml_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
        return ["tuple", [t for t, _ in items]], {"tuple": [v for _, v in items]}
    keys = sorted({_yaml_text(rng) or "k" for _ in range(rng.randrange(0, 4))})
    fields = {k: _yaml_value(rng, depth + 1) for k in keys}
    return (["object", {k: t for k, (t, _) in fields.items()}],
            {"object": {k: v for k, (_, v) in fields.items()}})


def _yaml_values(rng: random.Random) -> list[list[dict[str, Any]]]:
    """Arguments of yamlencode: 400 generated values, and lists, sets, maps, unknowns (at the
    top and inside), marks and nulls."""
    out = [[dict(zip(("type", "value"), _yaml_value(rng), strict=True))] for _ in range(400)]
    strings = {"list": [{"string": "b"}, {"string": "a\nb"}]}
    out += [[{"type": ["list", "string"], "value": strings}],
            [{"type": ["set", "string"], "value": {"set": strings["list"]}}],
            [{"type": ["map", "number"], "value": {"map": {"z": {"number": "1"},
                                                             "a": {"number": "2"}}}}],
            [{"type": ["list", "string"], "value": {"list": []}}],
            [{"type": ["list", "string"], "value": {"unknown": True}}],
            [{"type": ["list", "string"], "value": {"list": [{"unknown": True}]}}],
            [{"type": "dynamic", "value": {"unknown": True}}],
            [{"type": "dynamic", "value": {"null": True}}],
            [{"type": ["list", "string"], "value": {"null": True}}],
            [{"type": ["list", "string"],
              "value": {"list": [{"marked": {"marks": ["sensitive"],
                                             "value": {"string": "s"}}}]}}],
            [{"type": "string", "value": {"marked": {"marks": ["m"], "value": {"string": "x"}}}}]]
    return out


FILES = Path(__file__).resolve().parents[2] / "function" / "fixtures" / "files"
"""The directory the file functions read below (the oracle's FUNCS_ORACLE_BASE_DIR)."""
PATH_TEXTS = ["", "/", "//", "a", "a/", "a/b", "/a/b/", "a//b", "./a", "../a", "a/./b/../c",
              "/..", "é/ü", "a\\b", ".", "..", "/a/b//", "~/x", "a/..", "///a", "a b/c d"]
FILE_PATHS = ["hello.txt", "unicode.txt", "bin.dat", "empty.txt", "sub/a.txt",
              "./sub/../hello.txt", "sub", "nope.txt", "sub/nope", "hello.txt/x",
              "space name.txt", ".hidden/h.txt", "sub//deep/b.txt", ""]
GLOBS = [(".", "*"), (".", "**"), (".", "*.txt"), (".", "**/*.txt"), ("sub", "*"),
         ("sub", "**"), ("sub", "../*.txt"), (".", "sub/*"), (".", "{hello,bin}.*"),
         (".", "[a-h]*"), (".", "[!h]*"), (".", "[^h]*"), (".", "?ello.txt"), (".", "**/b.txt"),
         (".", "sub/**/b.txt"), (".", "nope/*"), (".", "hello.txt"), (".", "sub"),
         (".", ".hidden/*"), (".", "*/*.txt"), ("nope", "*"), (".", "**/*"),
         (".", "sub/deep/**"), ("", "*.tmpl"), ("sub", "deep/*"), (".", "*/*/*"),
         (".", "s*/d*/*"), (".", "{sub,.hidden}/*.txt"), (".", "*.{txt,dat}"),
         (".", "[[:alpha:]]*"), (".", "\\*"), (".", "h*o.txt"), ("./sub/..", "*.dat")]


def _file_calls() -> list[tuple[str, list[dict[str, Any]]]]:
    """basename and dirname on path texts; file, filebase64 and fileexists on paths below
    FILES (and ones that are not there); fileset on patterns of every kind."""
    calls: list[tuple[str, list[dict[str, Any]]]] = []
    for text in PATH_TEXTS:
        calls.append(("basename", [_string(text)]))
        calls.append(("dirname", [_string(text)]))
    for path in FILE_PATHS:
        for name in ("file", "filebase64", "fileexists"):
            calls.append((name, [_string(path)]))
    for name in ("basename", "dirname", "file", "filebase64", "fileexists"):
        for arg in _variants(_string("hello.txt"))[1:] + SPECIAL:
            calls.append((name, [arg]))
    for path, pattern in GLOBS:
        calls.append(("fileset", [_string(path), _string(pattern)]))
    for arg in _variants(_string("*.txt"))[1:] + SPECIAL[:3]:
        calls.append(("fileset", [_string("."), arg]))
        calls.append(("fileset", [arg, _string("*.txt")]))
    return calls


# Prefixes both go-cty-funcs (Go 1.25's net) and Terraform (Go 1.16's parser) read alike, and
# ones both refuse; leading zeros in an IPv4 part and IPv6 groups of more than four digits are
# read by Terraform only and are left out (tests/function/test_terraform_cidr.py has them).
PREFIXES = ["10.0.0.0/8", "192.168.1.0/24", "192.168.1.7/24", "0.0.0.0/0", "255.255.255.255/32",
            "10.1.2.3/31", "172.16.0.0/12", "10.0.0.0/08", "100.64.0.0/10", "192.168.0.0/30",
            "fe80::/10", "fe80::/48", "2001:db8::/32", "::/0", "::/128", "::1/128",
            "2001:db8:0:0:1:0:0:1/64", "FE80::/64", "1:2:3:4:5:6:7:8/120", "::ffff:10.0.0.0/104",
            "::ffff:10.0.0.0/120", "::ffff:0:0/96", "::ffff:0:0/80", "::1.2.3.4/100",
            "64:ff9b::/96", "1::/127", "2001:db8::1:0:0:1/112", "::FFFF:192.168.0.0/112"]
BAD_PREFIXES = ["not-a-cidr", "10.0.0.0", "10.0.0.0/33", "::/129", "10.256.0.0/8", "1.2.3/8",
                "1.2.3.4.5/8", "10.0.0.0/", "/8", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0.0/8 ",
                " 10.0.0.0/8", "fe80::1%eth0/64", "1::2::3/64", ":::/8", "12345::/16",
                "1:2:3:4:5:6:7:8:9/64", "1:2:3:4:5:6:7::8/64", "10.0.0.0/8/8", "é/8", "",
                "10.0.0.0/99999999", "::1.2.3/64"]
HOST_NUMBERS = ["0", "1", "2", "5", "-1", "-2", "-5", "255", "256", "-256", "-257", "65535",
                "2147483648", "4294967295", "4294967296", "-4294967296", "4611686018427387904",
                "9223372036854775807", "-9223372036854775808", "1.5", "-0.5", "1e3"]


def _number(text: str) -> dict[str, Any]:
    return {"type": "number", "value": {"number": text}}


def _random_prefix(rng: random.Random) -> str:
    if rng.random() < 0.5:
        parts = ".".join(str(rng.randrange(256)) for _ in range(4))
        return f"{parts}/{rng.randrange(33)}"
    groups = ":".join(f"{rng.randrange(65536):x}" for _ in range(8))
    return f"{groups}/{rng.randrange(129)}"


def _cidr_calls(rng: random.Random) -> list[tuple[str, list[dict[str, Any]]]]:
    """Calls of cidrhost, cidrnetmask, cidrsubnet and cidrsubnets on the prefixes above and
    random ones, with host and network numbers within Go's int (go-cty-funcs reads them as int,
    Terraform as big.Int: the two agree there) and new bits up to 32 for cidrsubnet
    (go-cty-funcs refuses more, Terraform does not)."""
    prefixes = PREFIXES + BAD_PREFIXES + [_random_prefix(rng) for _ in range(24)]
    calls: list[tuple[str, list[dict[str, Any]]]] = []
    for p in prefixes:
        calls.append(("cidrnetmask", [_string(p)]))
        for n in rng.sample(HOST_NUMBERS, 6):
            calls.append(("cidrhost", [_string(p), _number(n)]))
        for _ in range(6):
            newbits = str(rng.choice([0, 1, 2, 4, 8, 16, 24, 31, 32, -1, -4, rng.randrange(33)]))
            netnum = rng.choice(["0", "1", "3", "-1", "255", "256", "65535", "-7", "1.5",
                                 str(rng.randrange(1 << 20))])
            calls.append(("cidrsubnet", [_string(p), _number(newbits), _number(netnum)]))
        for _ in range(4):
            lengths = [str(rng.choice([1, 2, 3, 4, 8, 16, 0, -1, 33, rng.randrange(1, 33)]))
                       for _ in range(rng.randrange(0, 6))]
            calls.append(("cidrsubnets", [_string(p), *(_number(n) for n in lengths)]))
    calls.append(("cidrsubnet", [_string("10.0.0.0/8"), _number("2.5"), _number("1")]))
    calls.append(("cidrsubnets", [_string("10.0.0.0/8"), _number("2.5")]))
    calls.append(("cidrsubnets", [_string("10.0.0.0/8"), _number("1"), _number("1.5")]))
    for arg in _variants(_string("10.0.0.0/8"))[1:] + SPECIAL:
        calls.append(("cidrnetmask", [arg]))
        calls.append(("cidrhost", [arg, _number("3")]))
        calls.append(("cidrsubnet", [arg, _number("8"), _number("3")]))
        calls.append(("cidrsubnets", [arg, _number("8"), _number("8")]))
    for bad in ("not-a-cidr", "10.0.0.0/33"):
        for arg in _variants(_string(bad))[1:]:
            calls.append(("cidrnetmask", [arg]))
            calls.append(("cidrsubnets", [arg, _number("1")]))
    numbers = [{"type": "number", "value": {"unknown": True}},
               {"type": "number", "value": {"null": True}},
               {"type": "number", "value": {"marked": {"marks": ["sensitive"],
                                                       "value": {"number": "3"}}}},
               {"type": "string", "value": {"string": "3"}}]
    for arg in numbers:
        calls.append(("cidrhost", [_string("10.0.0.0/8"), arg]))
        calls.append(("cidrsubnet", [_string("10.0.0.0/8"), arg, _number("3")]))
        calls.append(("cidrsubnet", [_string("10.0.0.0/8"), _number("8"), arg]))
        calls.append(("cidrsubnets", [_string("10.0.0.0/8"), _number("8"), arg]))
    return calls


def _coalesce_args() -> list[list[dict[str, Any]]]:
    """Arguments of coalesce: nulls, empty strings, unknowns, marks, and types that unify
    (a number and a string), that do not (a string and a list), and none at all."""
    null_s = {"type": "string", "value": {"null": True}}
    empty = _string("")
    unknown_s = {"type": "string", "value": {"unknown": True}}
    dyn = {"type": "dynamic", "value": {"unknown": True}}
    dyn_null = {"type": "dynamic", "value": {"null": True}}
    num = {"type": "number", "value": {"number": "1"}}
    null_n = {"type": "number", "value": {"null": True}}
    lst = {"type": ["list", "string"], "value": {"list": [{"string": "a"}]}}
    empty_l = {"type": ["list", "string"], "value": {"list": []}}
    secret = {"type": "string", "value": {"marked": {"marks": ["sensitive"],
                                                      "value": {"string": "s"}}}}
    return [[], [null_s], [empty], [null_s, empty], [null_s, _string("a")],
            [empty, _string("b")], [_string("a"), _string("b")], [unknown_s, _string("a")],
            [_string("a"), unknown_s], [null_s, unknown_s], [dyn, _string("a")],
            [_string("a"), dyn], [dyn_null, _string("a")], [num, _string("a")],
            [null_n, _string("x")], [null_n, num], [_string("a"), lst], [empty_l, lst],
            [lst, empty_l], [secret, _string("a")], [null_s, secret], [empty, secret],
            [{"type": "bool", "value": {"bool": False}}, _string("true")],
            [{"type": ["object", {"a": "string"}], "value": {"null": True}},
             {"type": ["object", {"a": "string"}], "value": {"object": {"a": {"string": "x"}}}}]]


def main() -> None:
    oracle = oracle_path()
    os.environ["FUNCS_ORACLE_BASE_DIR"] = str(FILES)
    lines = []
    for case, expect in answered(oracle, cases()):
        text = json.dumps({**case, "expect": expect}, ensure_ascii=False)
        lines.append(text.replace(str(FILES), "{BASE}"))  # (the answers name the directory)
    OUT.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    print(f"{len(lines)} lines -> {OUT}")


if __name__ == "__main__":
    main()
