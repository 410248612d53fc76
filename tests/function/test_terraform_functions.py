"""cty.function.terraform: Terraform's functions that go-cty-funcs does not hold (their
behaviour restated from OpenTofu's lang/funcs tests), and what all of them share (refined
unknowns, marks, redacted errors). The functions go-cty-funcs holds are checked against it
line by line in test_terraform_vectors.py."""

from __future__ import annotations

import base64
import gzip

import pytest

import cty
from cty.function import ArgError, FunctionError
from cty.function.terraform import FUNCTIONS

S = cty.string_val


def _call(name: str, *args: cty.Value) -> cty.Value:
    return FUNCTIONS[name].call(list(args))


@pytest.mark.parametrize(("name", "text", "want"), [
    ("base64sha256", "test", "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg="),
    ("base64sha512", "test", "7iaw3Ur350mqGo7jwQrpkj9hiYB3Lkc/iBml1JQODbJ6wYX4oOHV+E+IvIh/1nsU"
                             "NzLDBMxfqa2Ob1f1ACio/w=="),
    ("base64gunzip", "H4sIAAAAAAAA/ypJLS4BAAAA//8BAAD//wx+f9gEAAAA", "test"),
])
def test_functions_go_cty_funcs_does_not_hold(name: str, text: str, want: str) -> None:
    assert _call(name, S(text)) == S(want)


@pytest.mark.parametrize(("namespace", "want"), [
    ("dns", "faa898db-9b9d-5b75-86a9-149e7bb8e3b8"),
    ("url", "2c1ff6b4-211f-577e-94de-d978b0caa16e"),
    ("oid", "61eeea26-5176-5288-87fc-232d6ed30d2f"),
    ("x500", "7e12415e-f7c9-57c3-9e43-52dc9950d264"),
    ("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "faa898db-9b9d-5b75-86a9-149e7bb8e3b8"),
])
def test_uuidv5_namespaces(namespace: str, want: str) -> None:
    assert _call("uuidv5", S(namespace), S("tada")) == S(want)


def test_errors_say_what_is_wrong_and_never_show_a_secret() -> None:
    with pytest.raises(FunctionError, match="uuidv5\\(\\) doesn't support namespace tada "
                                            "\\(invalid UUID length: 4\\)"):
        _call("uuidv5", S("tada"), S("x"))
    with pytest.raises(FunctionError) as e:
        _call("base64decode", S("not base64!").mark("sensitive"))
    assert str(e.value) == "failed to decode base64 data (sensitive value)"
    with pytest.raises(FunctionError, match='failed to decode base64 data "aGk"'):
        _call("base64gunzip", S("aGk"))
    with pytest.raises(FunctionError, match="failed to gunzip bytestream"):
        _call("base64gunzip", S("aGVsbG8="))
    bomb = base64.b64encode(gzip.compress(bytes(65 << 20))).decode()  # (a few KiB of base64)
    with pytest.raises(FunctionError, match="unpacks to more than 67108864 bytes"):
        _call("base64gunzip", S(bomb))
    two = base64.b64encode(gzip.compress(b"a") + gzip.compress(b"b")).decode()
    assert _call("base64gunzip", S(two)) == S("ab")  # (every member, as Go reads them)
    with pytest.raises(FunctionError, match="not valid UTF-8"):
        _call("base64decode", S("/w=="))


def test_unknowns_are_refined_and_marks_kept() -> None:
    strings = ("base64decode", "base64encode", "base64gunzip", "base64sha256", "base64sha512",
               "md5", "sha1", "sha256", "sha512", "urlencode", "uuidv5")
    for name in strings:
        args = [cty.unknown_val(cty.String)] * len(FUNCTIONS[name].params())
        assert _call(name, *args).raw_equals(cty.unknown_val(cty.String).refine_not_null()), name
    assert _call("base64decode", S("aGk=").mark("sensitive")) == S("hi").mark("sensitive")
    assert _call("sha1", S("x").mark("sensitive")).has_mark("sensitive")


def test_the_table_holds_terraforms_names() -> None:
    assert sorted(FUNCTIONS) == [
        "alltrue", "anytrue", "base64decode", "base64encode", "base64gunzip", "base64gzip",
        "base64sha256", "base64sha512", "basename", "cidrcontains", "cidrhost", "cidrnetmask",
        "cidrsubnet", "cidrsubnets", "coalesce", "dirname", "endswith", "ephemeralasnull",
        "flip_sensitive", "index", "issensitive", "length", "list", "lookup", "map", "matchkeys",
        "md5", "nonsensitive", "one", "replace", "rsadecrypt", "sensitive", "sha1", "sha256",
        "sha512", "startswith", "strcontains", "sum", "textdecodebase64", "textencodebase64",
        "timecmp", "tobool", "tolist", "tomap", "tonumber", "toset", "tostring", "transpose",
        "urldecode", "urlencode", "uuidv5", "yamldecode", "yamlencode"]
    with pytest.raises(TypeError):
        FUNCTIONS["x"] = FUNCTIONS["md5"]  # type: ignore[index]


def test_sensitivity_is_the_values_own() -> None:
    inner = cty.list_val([S("a").mark("sensitive")])
    assert _call("sensitive", S("x")) == S("x").mark("sensitive")
    assert _call("sensitive", cty.DynamicVal).raw_equals(cty.DynamicVal.mark("sensitive"))
    assert _call("sensitive", cty.null_val(cty.Number)).has_mark("sensitive")
    assert _call("nonsensitive", S("x").mark("sensitive").mark("other")) == \
        S("x").mark("other")
    assert _call("nonsensitive", S("x")) == S("x")  # (no error: OpenTofu's rule)
    assert _call("issensitive", S("x").mark("sensitive")) == cty.True_
    assert _call("issensitive", cty.unknown_val(cty.String).mark("sensitive")) == cty.True_
    assert _call("issensitive", inner) == cty.False_  # (only the value's own marks)
    assert _call("nonsensitive", inner).raw_equals(inner)


@pytest.mark.parametrize(("name", "a", "b", "want"), [
    ("startswith", "hello world", "hello", True),
    ("startswith", "hey world", "hello", False),
    ("startswith", "", "", True),
    ("startswith", "é", "e", False),  # (byte by byte: é is not e and a mark)
    ("endswith", "hello world", "world", True),
    ("endswith", "hello world", "hello", False),
    ("strcontains", "hello world", "o w", True),
    ("strcontains", "hello world", "x", False),
])
def test_string_tests(name: str, a: str, b: str, want: bool) -> None:
    assert _call(name, S(a), S(b)) == cty.bool_val(want)


def test_startswith_answers_from_an_unknowns_known_prefix() -> None:
    url = cty.unknown_val(cty.String).refine().string_prefix("https://").new_value()
    assert _call("startswith", url, S("http")) == cty.True_
    assert _call("startswith", url, S("ftp:")) == cty.False_
    assert _call("startswith", url, S("https://example")).raw_equals(
        cty.unknown_val(cty.Bool).refine_not_null())
    assert _call("startswith", cty.unknown_val(cty.String), S("")) == cty.True_
    assert _call("strcontains", cty.unknown_val(cty.String), S("x")).raw_equals(
        cty.unknown_val(cty.Bool))  # (not refined, as Terraform's)


B = cty.bool_val
U = cty.unknown_val(cty.Bool)
NB = cty.null_val(cty.Bool)


@pytest.mark.parametrize(("items", "alltrue", "anytrue"), [
    ([], True, False),
    ([B(True)], True, True),
    ([B(True), B(False)], False, True),
    ([B(False), B(False)], False, False),
    ([B(True), NB], False, True),  # (a null is not true)
    ([U, B(False)], None, None),  # (an unknown first: alltrue cannot tell; anytrue waits)
    ([B(False), U], False, None),
    ([U, B(True)], None, True),
])
def test_alltrue_and_anytrue(items: list[cty.Value], alltrue: bool | None,
                             anytrue: bool | None) -> None:
    arg = cty.list_val(items) if items else cty.list_val_empty(cty.Bool)
    for name, want in (("alltrue", alltrue), ("anytrue", anytrue)):
        got = _call(name, arg)
        expected = U.refine_not_null() if want is None else B(want)
        assert got.raw_equals(expected), (name, items)


def test_one() -> None:
    assert _call("one", cty.list_val([S("a")])) == S("a")
    assert _call("one", cty.set_val([S("a")])) == S("a")
    assert _call("one", cty.list_val_empty(cty.String)).raw_equals(cty.null_val(cty.String))
    assert _call("one", cty.EmptyTupleVal).raw_equals(cty.null_val(cty.DynamicPseudoType))
    assert _call("one", cty.tuple_val([cty.number_int_val(1)])) == cty.number_int_val(1)
    assert _call("one", cty.set_val([cty.unknown_val(cty.String), S("x")])).raw_equals(
        cty.unknown_val(cty.String))  # (how many a set of unknowns holds is not known)
    assert _call("one", cty.list_val([S("s").mark("sensitive")])).has_mark("sensitive")
    for bad in (cty.list_val([S("a"), S("b")]), S("a"), cty.tuple_val([S("a"), S("b")])):
        with pytest.raises(ArgError, match="must be a list, set, or tuple value with either "
                                           "zero or one elements"):
            _call("one", bad)


N = cty.number_int_val


@pytest.mark.parametrize(("arg", "want"), [
    (cty.list_val([N(1), N(2), N(3)]), N(6)),
    (cty.set_val([N(1), cty.number_float_val(0.5)]), cty.number_float_val(1.5)),
    (cty.tuple_val([N(1), S("2")]), N(3)),  # (each element converted to a number)
    (cty.list_val([N(1), cty.unknown_val(cty.Number)]),
     cty.unknown_val(cty.Number).refine_not_null()),
    (cty.list_val([N(1).mark("sensitive")]), N(1).mark("sensitive")),
])
def test_sum(arg: cty.Value, want: cty.Value) -> None:
    got = _call("sum", arg)
    assert got.marks() == want.marks()
    if want.is_known():
        assert got.unmark()[0].equals(want.unmark()[0]).true()
    else:
        assert got.raw_equals(want)


@pytest.mark.parametrize(("arg", "error", "message"), [
    (cty.list_val_empty(cty.Number), ArgError, "cannot sum an empty list"),
    (S("1"), ArgError, "cannot sum noniterable"),
    (cty.map_val({"a": N(1)}), ArgError,
     "argument must be list, set, or tuple. Received map of number"),
    (cty.list_val([N(1), cty.null_val(cty.Number)]), ArgError,
     "argument must be list, set, or tuple of number values"),
    (cty.tuple_val([N(1), S("one")]), ArgError,
     "argument must be list, set, or tuple of number values"),
    (cty.list_val([cty.PositiveInfinity, cty.NegativeInfinity]), FunctionError,
     "can't compute sum of opposing infinities"),
])
def test_sum_refuses(arg: cty.Value, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as e:
        _call("sum", arg)
    assert str(e.value) == message


def test_transpose() -> None:
    L = cty.list_val
    got = _call("transpose", cty.map_val({"a": L([S("1"), S("2")]), "b": L([S("2"), S("3")]),
                                          "c": cty.list_val_empty(cty.String)}))
    assert got == cty.map_val({"1": L([S("a")]), "2": L([S("a"), S("b")]), "3": L([S("b")])})
    empty = cty.map_val_empty(cty.List(cty.String))
    assert _call("transpose", empty).raw_equals(empty)
    partly = cty.map_val({"a": L([cty.unknown_val(cty.String)])})
    assert _call("transpose", partly).raw_equals(
        cty.unknown_val(cty.Map(cty.List(cty.String))).refine_not_null())
