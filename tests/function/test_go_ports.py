"""The ports of Go's packages under the standard library, at their edges: RE2 as Go's regexp,
Go's time outside Python's datetime range, byte offsets in format errors, Go's float64 math."""

from __future__ import annotations

import pytest

import cty
from cty.function import ArgError, FunctionError
from cty.function import stdlib as s

S = cty.string_val
N = cty.number_int_val


def test_regexp_refuses_what_go_refuses_with_go_words() -> None:
    with pytest.raises(ArgError, match=r"invalid escape sequence in \\C"):
        s.regex(S(r"a\C"), S("ab"))
    with pytest.raises(ArgError, match="invalid nested repetition operator in"):
        s.regex(S("a**"), S("a"))
    with pytest.raises(FunctionError, match=r"error parsing regexp: missing closing \): `\(`"):
        s.regex_replace(S("x"), S("("), S(""))
    # \C inside \Q...\E is literal text
    assert s.regex(S(r"\Q\C\E"), S(r"a\C")) == S(r"\C")


def test_regex_replace_is_go_replace_all() -> None:
    # Go's template: $1x names group "1x" (empty), ${1}x is group 1 then "x", $$ is "$"
    assert s.regex_replace(S("ab"), S("(a)"), S("$1x|${1}x|$$")) == S("|ax|$b")
    # an empty match right after a match is not replaced again (Python's re.sub would)
    assert s.regex_replace(S("abxd"), S("x*"), S("-")) == S("-a-b-d-")
    # group names, duplicated: the last group of a name wins, as in Go
    assert s.regex(S("(?P<n>.)(?P<n>.)"), S("ab")) == cty.object_val({"n": S("b")})
    # go-cty 1.18.1's answers for the corners of the template
    assert s.regex_replace(S("abc"), S("(?P<n>b)"), S("<$n|${n}x|$nx|${nx}|$0|$10|$01|${>")) == S(
        "a<b|bx|||b|||${>c")
    assert s.regex_replace(S("abc"), S("(b)"), S("$1\u00e9$1${1}")) == S("abbc")
    assert s.regex_replace(S("aaa"), S(""), S("<$0>")) == S("<>a<>a<>a<>")
    assert s.regex_replace(S("abc"), S("b"), S("${1")) == S("a${1c")
    # a long template over many matches is read once, not once per match and per "$"
    assert s.regex_replace(S("a" * 5000), S(""), S("$0" * 1000)) == S("a" * 5000)


def test_time_add_runs_past_the_years_python_handles() -> None:
    assert s.time_add(S("9999-12-31T23:00:00Z"), S("2h")) == S("10000-01-01T01:00:00Z")
    assert s.time_add(S("0000-01-01T00:30:00Z"), S("-1h")) == S("-0001-12-31T23:30:00Z")
    assert s.time_add(S("2017-11-22T00:00:00+05:30"), S("1.5h")) == S(
        "2017-11-22T01:30:00+05:30")
    with pytest.raises(FunctionError, match=r'time: unknown unit "d" in duration "1d"'):
        s.time_add(S("2017-11-22T00:00:00Z"), S("1d"))


def test_format_date_verbs() -> None:
    got = s.format_date(S("EEEE, DD-MMM-YY hh:mm:ss aa ZZZZZ 'o''clock'"),
                        S("2017-03-04T05:06:07-07:30"))
    assert got == S("Saturday, 04-Mar-17 05:06:07 am -07:30 o'clock")
    with pytest.raises(ArgError, match="not a valid RFC3339 timestamp: day out of range"):
        s.format_date(S("YYYY"), S("2017-02-30T00:00:00Z"))


def test_format_error_offsets_count_utf8_bytes() -> None:
    with pytest.raises(FunctionError, match="unrecognized format character '!' at offset 3"):
        s.format_(S("é%!"))
    with pytest.raises(ArgError, match="too many arguments; only 1 used by format string"):
        s.format_(S("%d"), N(1), N(2))


def test_format_numbers_as_go_formats_big_values() -> None:
    assert s.format_(S("%.3e|%08.2f|%x|%+d"), cty.parse_number_val("123456.789"),
                     cty.parse_number_val("-3.14159"), N(255), N(7)) == S(
        "1.235e+05|-0003.14|ff|+7")
    big = cty.parse_number_val("1" + "0" * 40)
    assert s.format_(S("%d"), big) == S("1" + "0" * 40)
    # longer than Python writes an int (4,300 digits); go-cty 1.18.1's answer, in part
    huge = s.format_(S("%d"), cty.parse_number_val("9" * 4500)).as_string()
    assert len(huge) == 4500
    assert huge[140:220] == ("99999999999999732875718294895249065878696585591611930618246194"
                             "727690440682244807")
    assert huge.endswith("0292118763392016593410669136144263806976")


def test_format_widths_go_gives_up_on_cost_nothing() -> None:
    # go-cty hands a number's verb to Go's fmt, which stops reading a width or precision at a
    # digit after 1,000,000 and prints no verb: go-cty 1.18.1's answers
    assert s.format_(S("%999999999d"), N(1)) == S("%!(NOVERB)%!(EXTRA *big.Int=1)")
    assert s.format_(S("%-99999999x|%.999999999f"), N(-5), cty.parse_number_val("1.5")) == S(
        "%!(NOVERB)%!(EXTRA *big.Int=-5)|%!(NOVERB)%!(EXTRA *big.Float=1.5)")
    assert s.format_(S("%0999999999.2e"), cty.parse_number_val("12345678901234567890")) == S(
        "%!(NOVERB)%!(EXTRA *big.Float=1.234567890123456789e+19)")
    assert len(s.format_(S("%10000009d"), N(7)).as_string()) == 10_000_009  # (Go takes this one)
    # a precision whose digits pass cty.limits().max_number_digits: an error, not a panic
    with pytest.raises(FunctionError, match="more than max_number_digits"):
        s.format_(S("%.1000001f"), N(1))


def test_time_add_durations_beyond_int64_are_gos_invalid_duration() -> None:
    long = "1" + "0" * 10_000 + "h"
    with pytest.raises(FunctionError, match=r'^time: invalid duration "10000'):
        s.time_add(S("2020-01-01T00:00:00Z"), S(long))
    with pytest.raises(FunctionError, match='time: invalid duration "9223372036854775808ns"'):
        s.time_add(S("2020-01-01T00:00:00Z"), S("9223372036854775808ns"))
    assert s.time_add(S("2020-01-01T00:00:00Z"), S("0" * 30 + "1h")) == S(
        "2020-01-01T01:00:00Z")


def test_log_and_pow_round_as_go() -> None:
    # go-cty's answers (the oracle's); Python's libm is one ulp away on both
    assert s.log(N(3), N(2)) == cty.number_float_val(1.584962500721156)  # 1.5849625007211563
    pow_25_17 = s.pow_(cty.parse_number_val("2.5"), cty.parse_number_val("1.7"))
    assert pow_25_17 == cty.number_float_val(4.747861205827336)  # Python: ...337
    assert s.pow_(N(2), N(10)) == cty.number_float_val(1024.0)
    with pytest.raises(FunctionError, match="NaN"):
        s.pow_(N(-8), cty.number_float_val(0.5))


def test_parse_int_reads_long_text_whole() -> None:
    # (read digit by digit, a megabyte of hex took minutes: quadratic)
    assert s.parse_int(S("f" * 100_000), N(16)) == cty.number_val(16**100_000 - 1)
    assert s.parse_int(S("-" + "1" * 5000), N(10)) == cty.number_val(-(10**5000 - 1) // 9)
    # math/big's letters beyond base 36: lower case first, then upper case
    assert s.parse_int(S("zZ"), N(62)) == N(35 * 62 + 61)
    with pytest.raises(ArgError, match='cannot parse "1_0" as a base 10 integer'):
        s.parse_int(S("1_0"), N(10))


def test_huge_whole_numbers_are_not_made_into_ints() -> None:
    # 1e400000000 as an int is 166 MB: floor and ceil give the whole number back, and the
    # int64 arguments are refused before any int is made (go-cty 1.18.1's words)
    big = cty.parse_number_val("1e400000000")
    assert s.floor(big) == big
    assert s.ceil(big) == big
    assert s.floor(cty.parse_number_val("-0")).raw_equals(cty.parse_number_val("0"))
    with pytest.raises(cty.PathError, match="value must be a whole number, between "
                                            "-9223372036854775808 and 9223372036854775807"):
        s.signum(big)
    with pytest.raises(FunctionError, match="invalid index: value must be a whole number"):
        s.element(cty.list_val([N(1)]), big)
