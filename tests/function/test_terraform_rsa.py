"""rsadecrypt beyond the vectors (tests/vectors/terraform_functions.jsonl holds Terraform's
answers, from the oracle shim, for keys of every format and every way of spoiling them):
round trips on generated keys and messages, marks, and the PEM reader's rules restated."""

from __future__ import annotations

import base64
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
from cty.function import ArgError, FunctionError
from cty.function.terraform import rsadecrypt
from cty.function.terraform._pem import pem_decode
from tests.vectors.tools import rsa_keys as R

KEY = R.make_key(random.Random(7), 1024)
FORMATS = {"pkcs1": R.pem("RSA PRIVATE KEY", R.pkcs1_der(KEY)),
           "pkcs1-no-crt": R.pem("RSA PRIVATE KEY", R.pkcs1_der(KEY, crt=False)),
           "pkcs8": R.pem("PRIVATE KEY", R.pkcs8_der(R.pkcs1_der(KEY))),
           "openssh": R.openssh(KEY)}


def _decrypt(ciphertext: bytes, key: str) -> cty.Value:
    return rsadecrypt(cty.string_val(base64.b64encode(ciphertext).decode()),
                      cty.string_val(key))


@settings(max_examples=60)
@given(st.text(max_size=40).filter(lambda t: len(t.encode()) <= 117),
       st.sampled_from(sorted(FORMATS)), st.randoms(use_true_random=False))
def test_what_is_encrypted_for_a_key_decrypts_with_it_in_every_format(
        text: str, form: str, rng: random.Random) -> None:
    ciphertext = R.encrypt(rng, KEY, text.encode())
    assert _decrypt(ciphertext, FORMATS[form]) == cty.string_val(text)


def test_a_sensitive_key_or_ciphertext_makes_a_sensitive_result() -> None:
    ciphertext = base64.b64encode(R.encrypt(random.Random(1), KEY, b"s3cret")).decode()
    key = cty.string_val(FORMATS["pkcs1"]).mark("sensitive")
    assert rsadecrypt(cty.string_val(ciphertext), key) == \
        cty.string_val("s3cret").mark("sensitive")
    assert rsadecrypt(cty.unknown_val(cty.String), key) == \
        cty.unknown_val(cty.String).refine_not_null().mark("sensitive")


def test_the_errors_name_the_argument_and_go_s_reason() -> None:
    rng = random.Random(2)
    ciphertext = R.encrypt(rng, KEY, b"x")
    with pytest.raises(ArgError) as e:
        rsadecrypt(cty.string_val("%%%"), cty.string_val(FORMATS["pkcs1"]))
    assert e.value.index == 0
    assert e.value.message == 'failed to decode input "%%%": cipher text must be base64-encoded'
    with pytest.raises(ArgError) as e:
        _decrypt(ciphertext, "no key here")
    assert (e.value.index, e.value.message) == (1, "invalid private key: ssh: no key found")
    other = R.make_key(rng, 1024)
    with pytest.raises(FunctionError) as f:
        _decrypt(ciphertext, R.pem("RSA PRIVATE KEY", R.pkcs1_der(other)))
    assert str(f.value) == "failed to decrypt: crypto/rsa: decryption error"


def test_pem_blocks_are_found_as_go_finds_them() -> None:
    good = R.pem("RSA PRIVATE KEY", b"abc")
    block = pem_decode(("preamble\n" + good).encode())
    assert block is not None and (block.type, block.data) == ("RSA PRIVATE KEY", b"abc")
    # A broken block (its base64) is passed over for the next one.
    broken = "-----BEGIN X-----\n!!!!\n-----END X-----\n"
    block = pem_decode((broken + good).encode())
    assert block is not None and block.data == b"abc"
    # Headers are read until a line without a colon; the END line must name the same type.
    with_headers = good.replace("-----\n", "-----\nProc-Type: 4,ENCRYPTED\n\n", 1)
    block = pem_decode(with_headers.encode())
    assert block is not None and block.headers == {"Proc-Type": "4,ENCRYPTED"}
    assert pem_decode(good.replace("END RSA", "END DSA").encode()) is None
    assert pem_decode(b"") is None


def test_a_key_too_large_to_use_in_reasonable_time_is_refused() -> None:
    huge = R.Key(n=(1 << 20000) + 1, e=65537, d=3, p=5, q=7)
    with pytest.raises(ArgError) as e:
        _decrypt(b"x", R.pem("RSA PRIVATE KEY", R.pkcs1_der(huge, crt=False)))
    assert e.value.message == ("invalid private key: keys of more than 16384 bits are not read "
                               "here (this one has 20001)")


def test_a_key_of_very_many_primes_is_refused() -> None:
    primes = b"".join(R.der_seq(R.der_int(p), R.der_int(1), R.der_int(1))
                      for p in [(1 << 16383) + 2 * i + 1 for i in range(3)])
    der = R.der_seq(R.der_int(1), *map(R.der_int, (KEY.n, KEY.e, KEY.d, KEY.p, KEY.q)),
                    *map(R.der_int, KEY.crt), R.der_seq(primes))
    with pytest.raises(ArgError) as e:
        _decrypt(b"x", R.pem("RSA PRIVATE KEY", der))
    assert e.value.message == ("invalid private key: keys whose primes make more than 32768 "
                               "bits are not read here")
