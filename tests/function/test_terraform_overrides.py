"""Terraform's own versions of functions go-cty's standard library also has (length, index,
lookup, matchkeys, replace, the conversions), and timecmp, urldecode, flip_sensitive,
templatestring and the table terraform_functions makes: OpenTofu's tests restated, and the
differences from go-cty's versions checked."""

from __future__ import annotations

import pytest

import cty
from cty.function import ArgError, FunctionError
from cty.function.stdlib import FUNCTIONS as STDLIB
from cty.function.terraform import FUNCTIONS, terraform_functions

S = cty.string_val
N = cty.number_val
TF = terraform_functions()


def _error(name: str, *args: cty.Value) -> str:
    with pytest.raises((FunctionError, cty.PathError)) as e:
        TF[name](*args)
    return getattr(e.value, "message", str(e.value))


def test_the_table_is_terraforms() -> None:
    missing_yet: set[str] = set()
    opentofu = {  # (OpenTofu's table, without the file functions and the impure ones)
        "abs", "alltrue", "anytrue", "basename", "base64decode", "base64encode", "base64gzip",
        "base64gunzip", "base64sha256", "base64sha512", "can", "ceil", "chomp",
        "cidrcontains", "cidrhost", "cidrnetmask", "cidrsubnet", "cidrsubnets", "coalesce",
        "coalescelist", "compact", "concat", "contains", "csvdecode", "dirname", "distinct",
        "element", "endswith", "chunklist", "flatten", "floor", "format", "formatdate",
        "formatlist", "indent", "index", "join", "jsondecode", "jsonencode", "keys", "length",
        "list", "log", "lookup", "lower", "map", "matchkeys", "max", "md5", "merge", "min",
        "one", "parseint", "pow", "range", "regex", "regexall", "replace", "reverse",
        "rsadecrypt", "sensitive", "nonsensitive", "issensitive", "flip_sensitive",
        "setintersection", "setproduct", "setsubtract", "setunion", "sha1", "sha256", "sha512",
        "signum", "slice", "sort", "split", "startswith", "strcontains", "strrev", "substr",
        "sum", "textdecodebase64", "textencodebase64", "timeadd", "timecmp", "title",
        "tostring", "tonumber", "tobool", "toset", "tolist", "tomap", "transpose", "trim",
        "trimprefix", "trimspace", "trimsuffix", "try", "upper", "urlencode", "urldecode",
        "uuidv5", "values", "yamldecode", "yamlencode", "zipmap", "templatestring"}
    opentofu |= {"ephemeralasnull"}  # (Terraform 1.10 on; OpenTofu 1.11 on)
    assert {name for name in TF if not name.startswith("core::")} == opentofu - missing_yet
    for name in ("length", "lookup", "index", "replace", "tostring", "coalesce"):
        assert TF[name] is FUNCTIONS[name] and TF[name] is not STDLIB[name]


@pytest.mark.parametrize(("value", "want"), [
    (S("héllo"), 5), (S("👾🕹️"), 2), (cty.list_val([S("a"), S("b")]), 2),
    (cty.tuple_val([S("a"), N(1), cty.True_]), 3), (cty.object_val({"a": N(1)}), 1),
    (cty.map_val({"a": N(1)}), 1), (cty.set_val([N(1), N(2)]), 2), (cty.EmptyObjectVal, 0),
])
def test_length(value: cty.Value, want: int) -> None:
    assert TF["length"](value) == N(want)


def test_length_of_unknowns_and_marks() -> None:
    assert TF["length"](cty.DynamicVal) == cty.unknown_val(cty.Number).refine_not_null()
    assert TF["length"](S("ab").mark("sensitive")) == N(2).mark("sensitive")
    assert TF["length"](cty.tuple_val([S("a")]).mark("m")) == N(1).mark("m")
    assert not TF["length"](cty.unknown_val(cty.String)).is_known()
    assert _error("length", N(1)) == \
        "argument must be a string, a collection type, or a structural type"
    assert STDLIB["length"] is not TF["length"]  # (go-cty's refuses strings)


def test_index() -> None:
    assert TF["index"](cty.list_val([S("a"), S("b"), S("c")]), S("b")) == N(1)
    assert TF["index"](cty.tuple_val([S("a"), N(1)]), N(1)) == N(1)
    assert _error("index", cty.list_val([S("a")]), S("z")) == "item not found"
    assert _error("index", cty.list_val_empty(cty.String), S("z")) == \
        "cannot search an empty list"
    assert _error("index", cty.map_val({"a": S("a")}), S("a")) == \
        "argument must be a list or tuple"
    unknown = TF["index"](cty.list_val([cty.unknown_val(cty.String), S("b")]), S("b"))
    assert unknown == cty.unknown_val(cty.Number).refine_not_null()


def test_lookup() -> None:
    m = cty.map_val({"a": S("x")})
    assert TF["lookup"](m, S("a")) == S("x")
    assert TF["lookup"](m, S("b"), S("d")) == S("d")
    assert TF["lookup"](m, S("b"), cty.unknown_val(cty.String)) == cty.unknown_val(cty.String)
    assert TF["lookup"](m.mark("m"), S("a")) == S("x").mark("m")
    assert TF["lookup"](cty.object_val({"a": N(1)}), S("b"), S("x")) == S("x")
    assert _error("lookup", m, S("b")) == 'lookup failed to find key "b"'
    assert _error("lookup", m, S("b").mark("sensitive")) == \
        "lookup failed to find key (sensitive value)"
    assert _error("lookup", m, S("a"), S("x"), S("y")) == \
        "lookup() takes two or three arguments, got 4"
    assert _error("lookup", cty.object_val({"a": N(1)}), S("b")) == \
        'the given object has no attribute "b"'
    assert _error("lookup", S("x"), S("a")) == "lookup() requires a map as the first argument"
    with pytest.raises(ArgError) as e:
        TF["lookup"](m, S("b"), cty.list_val([S("a")]))
    assert e.value.index == 2


def test_matchkeys() -> None:
    values = cty.list_val([S("i-1"), S("i-2"), S("i-3")])
    keys = cty.list_val([S("us-west"), S("us-east"), S("us-west")])
    assert TF["matchkeys"](values, keys, cty.list_val([S("us-west")])) == \
        cty.list_val([S("i-1"), S("i-3")])
    assert TF["matchkeys"](values, keys, cty.list_val([S("eu")])) == \
        cty.list_val_empty(cty.String)
    assert TF["matchkeys"](values, keys, cty.list_val_empty(cty.String)) == \
        cty.list_val_empty(cty.String)
    assert _error("matchkeys", cty.list_val([S("a")]), keys, keys) == \
        "length of keys and values should be equal"
    assert _error("matchkeys", values, keys, cty.list_val([cty.list_val([S("a")])])) == \
        "keys and searchset must be of the same type"
    unknown_keys = cty.list_val([cty.unknown_val(cty.String), S("b"), S("c")])
    assert not TF["matchkeys"](values, unknown_keys, cty.list_val([S("b")])).is_known()


@pytest.mark.parametrize(("text", "old", "new", "want"), [
    ("hello world", "world", "there", "hello there"),
    ("hello world", "/w.*d/", "everybody", "hello everybody"),
    ("a1b22", "/([0-9]+)/", "<$1>", "a<1>b<22>"),
    ("abc", "", "-", "-a-b-c-"),
    ("a/b", "/", "|", "a|b"),  # (one slash is no pattern)
])
def test_replace(text: str, old: str, new: str, want: str) -> None:
    assert TF["replace"](S(text), S(old), S(new)) == S(want)


def test_replace_refuses() -> None:
    assert _error("replace", S("x"), S("/(/"), S("")).startswith("error parsing regexp:")
    assert "more than max_string_length" in _error("replace", S("x" * 1000), S(""),
                                                   S("y" * 100_000))


def test_conversions_keep_marks_where_they_are() -> None:
    listed = TF["tolist"](cty.tuple_val([S("a"), S("b").mark("sensitive")]))
    assert listed == cty.list_val([S("a"), S("b").mark("sensitive")])
    assert STDLIB["tolist"](cty.tuple_val([S("a"), S("b").mark("sensitive")])) == \
        cty.list_val([S("a"), S("b")]).mark("sensitive")  # (go-cty's moves them to the top)
    assert _error("tobool", S("x").mark("sensitive")) == \
        "cannot convert this sensitive string to bool"
    assert _error("tobool", S("x")) == \
        'cannot convert "x" to bool; only the strings "true" or "false" are allowed'
    assert _error("tonumber", S("x").mark("sensitive")) == \
        "cannot convert this sensitive string to number"
    assert _error("tonumber", cty.list_val([S("x").mark("sensitive")])) == \
        "cannot convert list of string to number"  # (the types alone say so)
    assert TF["tostring"](N(1).mark("m")) == S("1").mark("m")
    assert TF["tonumber"](cty.null_val(cty.String)) == cty.null_val(cty.Number)


@pytest.mark.parametrize(("a", "b", "want"), [
    ("2017-11-22T00:00:00Z", "2017-11-22T00:00:00Z", 0),
    ("2017-11-22T00:00:00Z", "2017-11-22T01:00:00Z", -1),
    ("2017-11-22T02:00:00Z", "2017-11-22T01:00:00Z", 1),
    ("2017-11-22T06:00:00+02:00", "2017-11-22T04:00:00Z", 0),
    ("2017-11-22T00:00:00.5Z", "2017-11-22T00:00:00.4Z", 1),
    ("2017-11-22T1:00:00Z", "2017-11-22T01:00:00Z", 0),  # (Go's time.Parse: one digit)
])
def test_timecmp(a: str, b: str, want: int) -> None:
    assert TF["timecmp"](S(a), S(b)) == N(want)


@pytest.mark.parametrize(("text", "message"), [
    ("bloop", 'not a valid RFC3339 timestamp: cannot use "bloop" as year'),
    ("2017-11-22 00:00:00Z", "not a valid RFC3339 timestamp: missing required time "
                             "introducer 'T'"),
    ("2017-11-22T00:00:00", "not a valid RFC3339 timestamp: end of string before UTC offset"),
    ("2017-11-31T00:00:00Z", 'not a valid RFC3339 timestamp: parsing time '
                             '"2017-11-31T00:00:00Z": day out of range'),
])
def test_timecmp_refuses(text: str, message: str) -> None:
    with pytest.raises(ArgError) as e:
        TF["timecmp"](S("2017-11-22T00:00:00Z"), S(text))
    assert (e.value.index, e.value.message) == (1, message)


def test_urldecode() -> None:
    assert TF["urldecode"](S("a+b%20c%2Fd%C3%A9")) == S("a b c/dé")
    assert TF["urlencode"](TF["urldecode"](S("x%3Dy%26z"))) == S("x%3Dy%26z")
    assert _error("urldecode", S("100%zz")) == \
        "failed to decode URL '': invalid URL escape \"%zz\""
    assert _error("urldecode", S("50%")) == "failed to decode URL '': invalid URL escape \"%\""


def test_flip_sensitive() -> None:
    assert TF["flip_sensitive"](S("a")) == S("a").mark("sensitive")
    assert TF["flip_sensitive"](S("a").mark("sensitive").mark("m")) == S("a").mark("m")
    assert TF["flip_sensitive"](cty.null_val(cty.String)) == cty.null_val(cty.String)


def test_templatestring() -> None:
    render = TF["templatestring"]
    assert render(S("Hi ${upper(name)}!"), cty.object_val({"name": S("ann")})) == S("Hi ANN!")
    assert render(S("${x}"), cty.object_val({"x": N(1)})) == N(1)
    assert render(S("${x}").mark("m"), cty.object_val({"x": S("v")}).mark("n")) == \
        S("v").mark("m").mark("n")
    with pytest.raises(ArgError) as e:
        render(S("${y}"), cty.object_val({"x": N(1)}))
    assert e.value.message == 'vars map does not contain key "y"'
    assert not render(cty.unknown_val(cty.String), cty.EmptyObjectVal).is_known()


def test_yamlencode() -> None:
    value = cty.object_val({"b": cty.list_val([S("x\ny"), S("z")]), "a": N(1e21)})
    assert TF["yamlencode"](value) == \
        S('"a": 1000000000000000000000\n"b":\n- |-\n  x\n  y\n- "z"\n')
    assert TF["yamlencode"](N(1)) == S("1\n...\n")  # (go-cty-yaml ends a plain root so)
    assert TF["yamlencode"](S("a\n\n")) == S("|+\n  a\n\n")
    assert TF["yamlencode"](S("\ufeffa b")) == S('"\\uFEFF\\x61\\x20\\x62"\n')
    assert TF["yamlencode"](cty.list_val([S("s").mark("sensitive")])) == \
        S('- "s"\n').mark("sensitive")
    partly = cty.list_val([cty.unknown_val(cty.String)])
    assert TF["yamlencode"](partly) == cty.unknown_val(cty.String)  # (not refined)


def test_yamlencode_without_libyaml(monkeypatch: pytest.MonkeyPatch) -> None:
    yaml = pytest.importorskip("yaml", reason="PyYAML is in the test extra")
    monkeypatch.delattr(yaml, "CDumper")
    assert "needs PyYAML built with LibYAML" in _error("yamlencode", S("x"))


def test_yamldecode() -> None:
    got = TF["yamldecode"](S("a: 1\nb: [x, 'y', yes, ~]\nc: 2001-12-14t21:59:43.10-05:00\n"))
    assert got == cty.object_val({
        "a": N(1),
        "b": cty.tuple_val([S("x"), S("y"), cty.True_, cty.null_val(cty.DynamicPseudoType)]),
        "c": S("2001-12-14T21:59:43-05:00")})
    assert TF["yamldecode"](S("~")) == cty.null_val(cty.DynamicPseudoType)
    assert TF["yamldecode"](cty.unknown_val(cty.String)) == cty.DynamicVal
    assert _error("yamldecode", S("a: [1, 2\n")) == \
        "on line 1, column 1: did not find expected ',' or ']'"  # (lines counted from 0)
    assert _error("yamldecode", S("---\na\n---\nb\n")) == \
        "on line 2, column 1: unexpected extra content after value"


def test_yamldecode_is_bounded() -> None:
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(8))  # (10^9 strings)
    assert "more than 1000000 values" in _error("yamldecode", S(laughs))
    deep = "[" * 900 + "]" * 900
    got = TF["yamldecode"](S(deep))  # (deeper than Python's recursion limit allows plainly)
    assert got.type().is_tuple_type()
    assert "exceeded maximum nesting depth" in _error("yamldecode", S("[" * 1100))  # (LibYAML's)


def test_yamldecode_counts_a_long_document_before_reading_it_all(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cty.function.terraform import _yaml_decode
    monkeypatch.setattr(_yaml_decode, "_MAX_EVENTS", 20)
    monkeypatch.setattr(_yaml_decode, "MAX_VALUES", 8)
    assert "more than 8 values" in _error("yamldecode", S("- a\n" * 30))
    assert TF["yamldecode"](S("- a\n" * 5)) == cty.tuple_val([S("a")] * 5)


def test_yamldecode_without_libyaml(monkeypatch: pytest.MonkeyPatch) -> None:
    yaml = pytest.importorskip("yaml", reason="PyYAML is in the test extra")
    monkeypatch.delattr(yaml, "CLoader")
    assert "needs PyYAML built with LibYAML" in _error("yamldecode", S("x"))


def test_the_removed_list_and_map() -> None:
    assert _error("list", S("a")) == (
        'the "list" function was deprecated in Terraform v0.12 and is no longer available; '
        "use tolist([ ... ]) syntax to write a literal list")
    assert _error("map") == (
        'the "map" function was deprecated in Terraform v0.12 and is no longer available; '
        "use tomap({ ... }) syntax to write a literal map")


def test_text_encodings() -> None:
    assert TF["textencodebase64"](S("Hello World"), S("UTF-16LE")) == \
        S("SABlAGwAbABvACAAVwBvAHIAbABkAA==")
    assert TF["textdecodebase64"](S("SABlAGwAbABvACAAVwBvAHIAbABkAA=="), S("utf-16le")) == \
        S("Hello World")
    assert TF["textencodebase64"](S("é"), S(" latin1 ")) == S("6Q==")
    with pytest.raises(ArgError) as e:
        TF["textencodebase64"](S("€"), S("latin1"))
    assert (e.value.index, e.value.message) == (
        0, "the given string contains characters that cannot be represented in "
           "ISO_8859-1:1987")
    with pytest.raises(ArgError) as e:
        TF["textdecodebase64"](S("gQ=="), S("windows-1252"))  # (0x81: no character)
    assert e.value.message == "the given string contains symbols that are not defined for " \
                              "windows-1252"
    with pytest.raises(ArgError) as e:
        TF["textdecodebase64"](S("SGk=x"), S("UTF-8"))
    assert e.value.message == "the given value is has an invalid base64 symbol at offset 4"
    assert TF["textencodebase64"](S("x日"), S("Shift_JIS")) == S("eJP6")


EPH = "ephemeral"


@pytest.mark.parametrize(("given", "want"), [  # (OpenTofu's tests, restated)
    (cty.null_val(cty.String), cty.null_val(cty.String)),
    (cty.null_val(cty.String).mark(EPH).mark("sensitive"),
     cty.null_val(cty.String).mark("sensitive")),
    (cty.unknown_val(cty.String).mark(EPH), cty.unknown_val(cty.String)),
    (cty.unknown_val(cty.String).refine_not_null().mark("sensitive"),
     cty.unknown_val(cty.String).mark("sensitive")),
    (S("x").mark("sensitive"), S("x").mark("sensitive")),
    (S("x").mark(EPH), cty.null_val(cty.String)),
    (cty.list_val([S("v")]).mark(EPH).mark("sensitive"),
     cty.null_val(cty.List(cty.String)).mark("sensitive")),
    (cty.list_val([S("v").mark(EPH).mark("sensitive"), S("o")]),
     cty.list_val([cty.null_val(cty.String).mark("sensitive"), S("o")])),
    (cty.list_val_empty(cty.String).mark(EPH), cty.null_val(cty.List(cty.String))),
    (cty.map_val({"k": S("v").mark(EPH)}), cty.map_val({"k": cty.null_val(cty.String)})),
    (cty.object_val({"a": cty.object_val({"b": S("v").mark(EPH)}), "c": N(1)}),
     cty.object_val({"a": cty.object_val({"b": cty.null_val(cty.String)}), "c": N(1)})),
])
def test_ephemeralasnull(given: cty.Value, want: cty.Value) -> None:
    assert TF["ephemeralasnull"](given).raw_equals(want)


def test_every_function_is_also_in_the_core_namespace() -> None:
    table = terraform_functions(impure=True)
    plain = {name for name in table if not name.startswith("core::")}
    assert {name for name in table if name.startswith("core::")} == \
        {"core::" + name for name in plain}
    assert all(table["core::" + name] is table[name] for name in plain)
    assert table["core::plantimestamp"] is table["plantimestamp"]


def test_core_names_reach_hcl_calls() -> None:
    from cty.hcl import EvalContext, parse_expression

    ctx = EvalContext(functions=terraform_functions())
    value, diags = parse_expression('core::upper("a")').value(ctx)
    assert (value, diags) == (S("A"), [])
