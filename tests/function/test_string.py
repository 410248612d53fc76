"""The string functions: go-cty's string_test.go cases restated, and the places where Go's
answer is not Python's str method's (case mappings, white space, grapheme clusters)."""

from __future__ import annotations

import pytest

import cty
from cty.function import ArgError, FunctionError, PanicError
from cty.function import stdlib as s

S = cty.string_val
N = cty.number_int_val


def _strs(*items: str) -> cty.Value:
    return cty.list_val([S(i) for i in items])


@pytest.mark.parametrize(("given", "want"), [
    ("hello", "HELLO"), ("ÄÖÜ", "ÄÖÜ"), ("äöü", "ÄÖÜ"),
    ("straße", "STRAßE"),  # Go: no special casing; Python would give STRASSE
    ("ŉ", "ŉ"), ("ﬀ", "ﬀ"),
    ("ᾳ", "ᾼ"),  # the simple mapping of a letter with ypogegrammeni
    ("ǆ", "Ǆ"), ("", ""),
])
def test_upper_uses_go_simple_mappings(given: str, want: str) -> None:
    assert s.upper(S(given)) == S(want)


@pytest.mark.parametrize(("given", "want"), [
    ("HELLO", "hello"), ("ÄÖÜ", "äöü"),
    ("ΟΔΟΣ", "οδοσ"),  # no final sigma in Go; Python would give οδος
    ("İ", "i"),  # Python gives "i̇" (with U+0307)
])
def test_lower_uses_go_simple_mappings(given: str, want: str) -> None:
    assert s.lower(S(given)) == S(want)


@pytest.mark.parametrize(("given", "want"), [
    ("hello world", "Hello World"), ("hello_world", "Hello_world"), ("a1b c-d", "A1b C-D"),
    ("straße über", "Straße Über"), ("", ""), ("ǆungla", "ǅungla"),
])
def test_title_is_go_strings_title(given: str, want: str) -> None:
    assert s.title(S(given)) == S(want)


def test_trim_space_trims_only_unicode_white_space() -> None:
    assert s.trim_space(S("\u3000 a \t\n\x85")) == S("a")
    assert s.trim_space(S("\x1ca\x1f")) == S("\x1ca\x1f")  # Python's strip would take these


@pytest.mark.parametrize(("given", "count", "reversed_"), [
    ("hello", 5, "olleh"),
    ("\U0001f1fa\U0001f1f8\U0001f1ec\U0001f1e7", 2, "\U0001f1ec\U0001f1e7\U0001f1fa\U0001f1f8"),
    ("e\u0301x", 2, "xé"),  # NFC makes e + U+0301 one character anyway
    ("a\r\nb", 3, "b\r\na"),
    ("\U0001f468\u200d\U0001f469\u200d\U0001f467!", 2,
     "!\U0001f468\u200d\U0001f469\u200d\U0001f467"),
    # Unicode 15.1's rule GB9c would join these; go-cty segments by 15.0
    ("\u0915\u094d\u0937", 2, "\u0937\u0915\u094d"),
])
def test_grapheme_clusters_count_as_characters(given: str, count: int, reversed_: str) -> None:
    assert s.strlen(S(given)) == N(count)
    assert s.reverse(S(given)) == S(reversed_)


def test_strlen_of_unknown_is_bounded_by_its_prefix() -> None:
    text = cty.unknown_val(cty.String).refine().string_prefix("hello").new_value()
    got = s.strlen(text)
    r = got.range()
    assert not got.is_known() and r.definitely_not_null()
    assert r.number_lower_bound() == (N(len(text.range().string_prefix())), True)
    assert len(text.range().string_prefix()) >= 4
    assert s.strlen(cty.unknown_val(cty.String)).range().number_lower_bound() == (N(0), True)


@pytest.mark.parametrize(("text", "offset", "length", "want"), [
    ("hello world", 0, 5, "hello"), ("hello world", 6, 5, "world"),
    ("hello world", 6, -1, "world"), ("hello world", 6, 100, "world"),
    ("hello world", 11, 1, ""), ("hello world", 12, 1, ""), ("hello", -3, 2, "ll"),
    ("hello", -10, 2, "he"), ("hello", 0, -2, "hello"), ("hello", 2, 0, ""),
    ("hello", -2, 0, "lo"),  # go-cty takes the rest for length 0 after a negative offset
    ("\U0001f1fa\U0001f1f8\U0001f1ec\U0001f1e7", 1, 1, "\U0001f1ec\U0001f1e7"),
])
def test_substr(text: str, offset: int, length: int, want: str) -> None:
    assert s.substr(S(text), N(offset), N(length)) == S(want)


def test_substr_needs_whole_numbers() -> None:
    with pytest.raises(cty.PathError, match="whole number"):
        s.substr(S("x"), cty.number_float_val(1.5), N(1))


def test_join() -> None:
    assert s.join(S(", "), _strs("a", "b"), _strs("c")) == S("a, b, c")
    assert s.join(S("-"), cty.list_val_empty(cty.String)) == S("")
    assert not s.join(S("-"), cty.list_val([cty.unknown_val(cty.String)])).is_known()
    with pytest.raises(FunctionError, match="at least one list is required"):
        s.join(S("-"))
    with pytest.raises(ArgError, match="element 1 is null") as e:
        s.join(S("-"), cty.list_val([S("a"), cty.null_val(cty.String)]))
    assert e.value.index == 1
    with pytest.raises(ArgError, match="element 0 of list 2 is null") as e:
        s.join(S("-"), _strs("a"), cty.list_val([cty.null_val(cty.String)]))
    assert e.value.index == 2
    with pytest.raises(ArgError) as e:
        s.join(S("-"), cty.list_val([N(1)]))
    assert e.value.index == 1  # go-cty says 0: docs/design/divergences.md VARIADIC_ARG_INDEX


def test_sort_orders_by_code_point_and_keeps_length_bounds() -> None:
    assert s.sort(_strs("b", "a", "B", "é", "z")) == _strs("B", "a", "b", "z", "é")
    # the length is kept: a refinement to exactly two elements is a list of two unknowns
    got = s.sort(cty.list_val([S("a"), cty.unknown_val(cty.String)]))
    assert got == cty.list_val([cty.unknown_val(cty.String)] * 2)
    got = s.sort(cty.unknown_val(cty.List(cty.String)).refine().collection_length_lower_bound(
        1).new_value())
    assert not got.is_known() and got.range().length_lower_bound() == 1
    with pytest.raises(FunctionError, match="given list element 1 is null"):
        s.sort(cty.list_val([S("a"), cty.null_val(cty.String)]))


def test_split() -> None:
    assert s.split(S(","), S("a,b,,c")) == _strs("a", "b", "", "c")
    assert s.split(S(","), S("")) == _strs("")
    assert s.split(S(""), S("abc")) == _strs("a", "b", "c")
    assert s.split(S(""), S("")) == cty.list_val_empty(cty.String)


def test_chomp_indent_trim_replace() -> None:
    assert s.chomp(S("a\n\r\n\r")) == S("a")
    assert s.chomp(S("a\nb")) == S("a\nb")
    assert s.indent(N(2), S("a\nb\n")) == S("a\n  b\n  ")
    with pytest.raises(ArgError, match="the number of spaces must not be negative") as e:
        s.indent(N(-1), S("a\nb"))  # (go-cty panics in strings.Repeat)
    assert e.value.index == 0 and not isinstance(e.value, PanicError)
    assert s.trim(S("?!a?!"), S("!?")) == S("a")
    assert s.trim(S(" a "), S("")) == S(" a ")
    assert s.trim_prefix(S("abab"), S("ab")) == S("ab")
    assert s.trim_suffix(S("abab"), S("ab")) == S("ab")
    assert s.replace(S("aXbX"), S("X"), S("-")) == S("a-b-")
    assert s.replace(S("ab"), S(""), S("-")) == S("-a-b-")


def test_results_are_normalised() -> None:
    # taking out "x" leaves U+0301 after "a": NFC composes the two into one character
    assert s.replace(S("ax\u0301"), S("x"), S("")) == S("á")
