"""Terraform's functions against go-cty-funcs: every line of
tests/vectors/terraform_functions.jsonl (made by
``python -m tests.vectors.tools.make_terraform_functions``, through the oracle shim
tests/oracle_shims/funcs) gives go-cty-funcs' answer, which ours must equal but where Terraform
itself (OpenTofu's lang/funcs, which we follow) answers otherwise:

* REFINED: an unknown result (of a known type) is refined as not null (Terraform's
  ``refineNotNull``; go-cty-funcs has no refinements).
* BASE64_MESSAGES: base64decode quotes undecodable data as Go's ``%q`` does, and writes
  ``(sensitive value)`` in its place when the argument is sensitive (go-cty-funcs quotes it
  in single quotes, sensitive or not; and every function of ours shows no marked argument's
  text in an error, docs/design/divergences.md REDACTED_MARKED_TEXT); its UTF-8 message says
  "the" once (go-cty-funcs says "the the").
* UNKNOWN_DROPS_MARKS: base64decode's parameter (and file's, filebase64's, fileexists' and
  fileset's) allows marks (so that it can redact them), and
  go-cty returns an unknown argument's unknown result without the marks of such a parameter
  (as for stdlib's element), so Terraform's base64decode of a sensitive unknown is an unknown
  without the mark; go-cty-funcs' parameter takes no marks, so go-cty carries them over.
* IPV6_NETMASK: cidrnetmask refuses a network that is not IPv4 ("IPv6 addresses cannot have a
  netmask"); go-cty-funcs writes its 16-byte mask.
* WHOLE_NUMBER: Terraform reads cidrhost's host number and cidrsubnet's network number as a
  big.Int, so a fraction is refused with "value must be a whole number"; go-cty-funcs reads an
  int and names int's range.
* GO_PANIC: where go-cidr indexes past the end of an address (go-cty-funcs panics), ours
  refuses: the number does not fit.
* VARIADIC_ARG_INDEX: a variadic argument of the wrong type is named by its place in the call
  (docs/design/divergences.md); go-cty counts among the variadic arguments only.
* FILE_MESSAGES: where go-cty-funcs' file functions refuse, Terraform's refuse too, in its own
  (newer) words: both refusing is what is checked there.
* BANG_CLASS: fileset's patterns are doublestar v4's, where ``[!h]`` is ``[^h]``; go-cty-funcs'
  older doublestar reads ``!`` as a character of the class.
* REDACTED_MARKED_TEXT: an error never shows a marked argument's text (docs/design/
  divergences.md); go-cty-funcs' errors show it.
* NOT_UTF8: rsadecrypt's message, where its bytes are not UTF-8, is read with U+FFFD for
  what is not (a cty string is Unicode text, as for base64gunzip); Go keeps the bytes.
* OTHER_ALGORITHMS: rsadecrypt refuses a key of another algorithm (EC, DSA, Ed25519, X25519:
  by its PEM type, PKCS #8 algorithm or OpenSSH key type) as not RSA without reading it; Go
  reads it first, then refuses it as invalid or prints the Go value it read. Both refuse
  the key, argument 1, which is what is checked there.

base64gzip is not in go-cty-funcs: the vectors hold Terraform's, from the oracle shim
tests/oracle_shims/funcs/zz_gzip.go (Go 1.25's compress/gzip; larger texts are checked by
hash in tests/function/test_terraform_gzip.py). rsadecrypt is go-cty-funcs' with older key
reading (PKCS #1 only): the vectors hold Terraform's, from the oracle shim
tests/oracle_shims/funcs/zz_rsa.go (x/crypto/ssh's ParseRawPrivateKey on Go 1.25's crypto).
textencodebase64 and textdecodebase64 are not in
go-cty-funcs: the oracle shim tests/oracle_shims/funcs/zz_text.go has them, on
golang.org/x/text's IANA index (the CJK encodings' whole tables are checked once, character by
character, by tests/vectors/tools/make_text_cjk.py, through the shim zz_textdump.go).

The vectors hold the prefixes both read alike: leading zeros (which Terraform reads, as Go 1.16
did, and go-cty-funcs' Go refuses), numbers beyond int64 and cidrsubnet's new bits above 32
are checked in tests/function/test_terraform_cidr.py.
"""

from __future__ import annotations

import decimal
import ipaddress
import json
import re
from pathlib import Path
from typing import Any, Final

import pytest

import cty
from cty.function import ArgError
from cty.function._redact import redact_message
from cty.function.terraform import terraform_functions
from tests._tvn import build, render, render_path

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "terraform_functions.jsonl"
LINES = [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").split("\n") if line]


def _answer(case: dict[str, Any]) -> dict[str, Any]:
    f = TABLE[case["name"].removeprefix("tf:")]
    args = [build(a["type"], a["value"]) for a in case["args"]]
    try:
        return render(f.call(args))
    except ArgError as e:
        return {"arg": e.index, "error": e.message}
    except cty.CtyError as e:
        out = {"arg": None, "error": getattr(e, "message", str(e))}
        if isinstance(e, cty.PathError):  # (gocty's errors: the path of the argument's part)
            out["path"] = render_path(e.path)
        return out


_UNREFINED: Final = {"tf:yamlencode"}  # (Terraform's table has go-cty-yaml's own)
_MARKS_ALLOWED: Final = {"tf:base64decode", "tf:file", "tf:filebase64", "tf:fileexists",
                         "tf:fileset"}
_FILE_FUNCTIONS: Final = {"tf:file", "tf:filebase64", "tf:fileexists", "tf:fileset"}
FILES: Final = Path(__file__).resolve().parent / "fixtures" / "files"
TABLE: Final = terraform_functions(FILES)


def _files(case: dict[str, Any], expect: dict[str, Any], answer: dict[str, Any]
           ) -> dict[str, Any]:
    """FILE_MESSAGES and BANG_CLASS for the file functions."""
    if "error" in expect and "error" in answer and \
            expect.get("arg") in (None, 0) and answer.get("arg") in (0, 1, None) and \
            not expect["error"].startswith(("argument must", "string required")):
        return answer  # FILE_MESSAGES: both refuse (each in its own words)
    pattern = case["args"][1]["value"].get("string", "") if case["name"] == "tf:fileset" \
        else ""
    if "[!" in pattern:  # BANG_CLASS: "[!h]" is "[^h]"
        same = next(c for c in LINES if c["name"] == "tf:fileset" and c["args"][0] ==
                    case["args"][0] and c["args"][1]["value"].get("string") ==
                    pattern.replace("[!", "[^"))
        return json.loads(json.dumps(same["expect"]))
    return expect


_GO_BASE64: Final = re.compile(r"^failed to decode base64 data '(.*)'$", re.S)


def _terraforms(case: dict[str, Any], expect: dict[str, Any]) -> dict[str, Any]:
    """go-cty-funcs' answer *expect* made Terraform's (the module's words)."""
    value = expect.get("value")
    if value is not None and case["name"] in _MARKS_ALLOWED and "marked" in value \
            and value["marked"]["value"].get("unknown"):  # UNKNOWN_DROPS_MARKS
        expect["value"] = value = value["marked"]["value"]
    if value is not None and expect.get("type") != "dynamic" and \
            case["name"] not in _UNREFINED:  # REFINED
        inner = value["marked"]["value"] if "marked" in value else value
        if inner.get("unknown") and "refinement" not in inner:
            inner["refinement"] = {"not_null": True}
    error = expect.get("error")
    if error is not None and case["name"] == "tf:base64decode":  # BASE64_MESSAGES
        arg = case["args"][0]["value"]
        sensitive = "marked" in arg  # (sensitive for Terraform; any mark for our functions)
        found = _GO_BASE64.match(error)
        if found:
            text = cty.string_val(found.group(1))
            shown = "(sensitive value)" if sensitive else _go_quote(text.as_string())
            expect["error"] = f"failed to decode base64 data {shown}"
        expect["error"] = expect["error"].replace("decoding the the", "decoding the")
    return expect


_INT_MESSAGE: Final = ("value must be a whole number, between -9223372036854775808 and "
                       "9223372036854775807")


def _cidr(case: dict[str, Any], expect: dict[str, Any]) -> dict[str, Any]:
    name = case["name"]
    args = case["args"]
    if name == "tf:cidrnetmask" and "value" in expect and \
            "string" in expect["value"]:  # IPV6_NETMASK
        text = args[0]["value"]["string"]
        network = ipaddress.ip_network(text, strict=False)
        if network.version == 6 and network.network_address.ipv4_mapped is None:
            return {"arg": None, "error": f"IPv6 addresses cannot have a netmask: {text}"}
    if expect.get("error") == _INT_MESSAGE and (  # WHOLE_NUMBER
            name == "tf:cidrhost" or (name == "tf:cidrsubnet" and
                                      decimal.Decimal(args[1]["value"]["number"]) % 1 == 0)):
        expect["error"] = "value must be a whole number"
    if name == "tf:cidrsubnets" and expect.get("error", "").startswith(
            "number required"):  # VARIADIC_ARG_INDEX
        expect["arg"] = next(i for i, a in enumerate(args) if i and a["type"] != "number")
    return expect


def _redacted(case: dict[str, Any], expect: dict[str, Any]) -> dict[str, Any]:
    """REDACTED_MARKED_TEXT: the marked strings' texts out of the expected error."""
    texts = {a["value"]["marked"]["value"]["string"] for a in case["args"]
             if "marked" in a["value"] and "string" in a["value"]["marked"]["value"]}
    if texts and "error" in expect:
        expect["error"] = redact_message(expect["error"], texts)
    return expect


def _rsa(expect: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    value = expect.get("value")
    if value is not None and "string_hex" in value:  # NOT_UTF8
        text = bytes.fromhex(value["string_hex"]).decode("utf-8", errors="replace")
        return {**expect, "value": {"string": text}}
    if answer.get("error", "").startswith("invalid private key type: this is ") and \
            expect.get("arg") == 1 and expect["error"].startswith("invalid private key"):
        return answer  # OTHER_ALGORITHMS
    return expect


def _go_quote(s: str) -> str:
    from cty._internal import go_quote
    return go_quote(s)


@pytest.mark.parametrize("case", LINES, ids=[c["id"] for c in LINES])
def test_terraform_function_vectors(case: dict[str, Any]) -> None:
    text = json.dumps(case["expect"]).replace("{BASE}", str(FILES))
    expect = _terraforms(case, json.loads(text))
    if case["name"].startswith("tf:cidr"):
        expect = _cidr(case, expect)
    expect = _redacted(case, expect)
    answer = _answer(case)
    if case["name"] in _FILE_FUNCTIONS:
        expect = _files(case, expect, answer)
    if case["name"] == "tf:rsadecrypt":
        expect = _rsa(expect, answer)
    if "panic" in expect:  # GO_PANIC
        assert answer["arg"] is None and "does not accommodate" in answer["error"]
        return
    assert answer == expect


def test_the_vectors_cover_every_function_go_cty_funcs_has_of_ours() -> None:
    covered = {c["name"].removeprefix("tf:") for c in LINES}
    assert covered == {"base64encode", "base64decode", "urlencode", "md5", "sha1", "sha256",
                       "sha512", "uuidv5", "coalesce", "cidrhost", "cidrnetmask", "cidrsubnet",
                       "cidrsubnets", "basename", "dirname", "file", "filebase64",
                       "fileexists", "fileset", "yamlencode", "yamldecode", "textencodebase64",
                       "textdecodebase64", "rsadecrypt", "base64gzip"}
