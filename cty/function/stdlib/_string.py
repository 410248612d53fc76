"""The string functions (go-cty's stdlib string.go, and replace from string_replace.go):
upper, lower, title, reverse, strlen, substr, join, sort, split, chomp, indent, trim_space,
trim, trim_prefix, trim_suffix, replace.

Characters are counted as grapheme clusters (reverse, strlen, substr), and case and space are
Go's (cty.function.stdlib._go_unicode says where Python's differ).
"""

from __future__ import annotations

from collections.abc import Callable

from cty import (
    LimitExceededError,
    List,
    Number,
    RefinementBuilder,
    String,
    Type,
    Value,
    list_val,
    list_val_empty,
    number_int_val,
    string_val,
    unknown_val,
)
from cty._internal import check_string_length, make
from cty._internal import grapheme_cluster_count as cluster_count
from cty._internal import grapheme_clusters as clusters

from .._errors import ArgError, FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._go_unicode import GO_SPACE, go_lower, go_title, go_upper
from ._gocty import go_int
from ._refine import not_null

__all__ = [
    "chomp",
    "indent",
    "join",
    "lower",
    "replace",
    "reverse",
    "sort",
    "split",
    "strlen",
    "substr",
    "title",
    "trim",
    "trim_prefix",
    "trim_space",
    "trim_suffix",
    "upper",
]

_LIST_OF_STRING = List(String)


def _str(name: str, description: str = "", *, dynamic: bool = False) -> Parameter:
    return Parameter(name, String, description=description, allow_dynamic_type=dynamic)


def _string_function(description: str, params: list[Parameter], impl: Callable[..., str]
                     ) -> Function:
    """A function of strings returning the string impl(*strings) (never null)."""
    def call(args: list[Value], ty: Type) -> Value:
        return string_val(impl(*[a._v for a in args]))

    return Function(description=description, params=params, type=static_return_type(String),
                    refine_result=not_null, impl=call)


upper = _string_function(
    "Returns the given string with all Unicode letters translated to their uppercase "
    "equivalents.", [_str("str", dynamic=True)], go_upper)
"""upper(str): every letter in upper case (Unicode's simple mappings, as Go's)."""

lower = _string_function(
    "Returns the given string with all Unicode letters translated to their lowercase "
    "equivalents.", [_str("str", dynamic=True)], go_lower)
"""lower(str): every letter in lower case (Unicode's simple mappings, as Go's)."""

title = _string_function(
    "Replaces one letter after each non-letter and non-digit character with its uppercase "
    "equivalent.", [_str("str")], go_title)
"""title(str): the first letter of each word in title case (Go's strings.Title)."""


def _reverse(s: str) -> str:
    return "".join(reversed(clusters(s)))


reverse = _string_function(
    "Returns the given string with all of its Unicode characters in reverse order.",
    [_str("str", dynamic=True)], _reverse)
"""reverse(str): the string's grapheme clusters in reverse order."""


def _strlen(args: list[Value], ty: Type) -> Value:
    s = args[0]
    if not s.is_known():
        r = s.range()
        result = unknown_val(Number)
        if r.type_constraint() is String:
            result = result.refine().number_range_lower_bound(
                number_int_val(cluster_count(r.string_prefix())), True).new_value()
        return result
    return number_int_val(cluster_count(s._v))


def _refine_length(b: RefinementBuilder) -> RefinementBuilder:
    return b.not_null().number_range_lower_bound(number_int_val(0), True)


strlen = Function(
    description="Returns the number of Unicode characters (technically: grapheme clusters) in "
                "the given string.",
    params=[Parameter("str", String, allow_unknown=True, allow_dynamic_type=True)],
    type=static_return_type(Number), refine_result=_refine_length, impl=_strlen)
"""strlen(str): the number of grapheme clusters in a string."""


def _substr(args: list[Value], ty: Type) -> Value:
    text: str = args[0]._v
    offset = go_int(args[1])
    length = go_int(args[2])
    parts = clusters(text)
    if offset < 0:
        offset += len(parts)
    elif length == 0:
        return string_val("")
    if offset > 0:
        if offset > len(parts):
            return string_val("")
        parts = parts[offset:]
    # go-cty takes the rest for a negative length, and also for a length of zero once a
    # negative offset has been counted back from the end.
    if length > 0:
        parts = parts[:length]
    return string_val("".join(parts))


substr = Function(
    description="Extracts a substring from the given string.",
    params=[_str("str", "The input string.", dynamic=True),
            Parameter("offset", Number, "The starting offset in Unicode characters.",
                      allow_dynamic_type=True),
            Parameter("length", Number,
                      "The maximum length of the result in Unicode characters.",
                      allow_dynamic_type=True)],
    type=static_return_type(String), refine_result=not_null, impl=_substr)
"""substr(str, offset, length): *length* grapheme clusters from *offset* (counted from the end
when negative; a negative length takes the rest)."""


def _join(args: list[Value], ty: Type) -> Value:
    lists = args[1:]
    if not lists:
        raise FunctionError("at least one list is required")
    for v in lists:
        if not v.is_wholly_known():
            return unknown_val(String)
    items: list[str] = []
    for n, v in enumerate(lists, 1):
        elements: tuple[str | None, ...] = v._v
        if None in elements:
            i = elements.index(None)
            if len(lists) > 1:
                raise ArgError(n, f"element {i} of list {n} is null; cannot concatenate null "
                                  "values")
            raise ArgError(n, f"element {i} is null; cannot concatenate null values")
        items.extend(elements)  # type: ignore[arg-type]
    return string_val(args[0]._v.join(items))


join = Function(
    description="Concatenates together the elements of all given lists with a delimiter, "
                "producing a single string.",
    params=[_str("separator", "Delimiter to insert between the given strings.")],
    var_param=Parameter("lists", _LIST_OF_STRING, "One or more lists of strings to join."),
    type=static_return_type(String), refine_result=not_null, impl=_join)
"""join(separator, lists...): the strings of all the lists, in order, with *separator*
between them."""


def _sort(args: list[Value], ty: Type) -> Value:
    v = args[0]
    if not v.is_wholly_known():
        r = v.range()
        return unknown_val(ty).refine().collection_length_lower_bound(
            r.length_lower_bound()).collection_length_upper_bound(
            r.length_upper_bound()).new_value()
    elements: tuple[str | None, ...] = v._v
    if not elements:
        return v
    if None in elements:
        raise FunctionError(f"given list element {elements.index(None)} is null; a null "
                            "string cannot be sorted")
    return make(_LIST_OF_STRING, tuple(sorted(elements)))


sort = Function(
    description="Applies a lexicographic sort to the elements of the given list.",
    params=[Parameter("list", _LIST_OF_STRING, allow_unknown=True)],
    type=static_return_type(_LIST_OF_STRING), refine_result=not_null, impl=_sort)
"""sort(list): a list of strings in lexicographic order (by Unicode code point, as Go sorts
UTF-8 bytes)."""


def _split(args: list[Value], ty: Type) -> Value:
    sep: str = args[0]._v
    text: str = args[1]._v
    parts = text.split(sep) if sep else list(text)
    if not parts:
        return list_val_empty(String)
    return list_val([string_val(p) for p in parts])


split = Function(
    description="Produces a list of one or more strings by splitting the given string at all "
                "instances of a given separator substring.",
    params=[_str("separator", "The substring that delimits the result strings."),
            _str("str", "The string to split.")],
    type=static_return_type(_LIST_OF_STRING), refine_result=not_null, impl=_split)
"""split(separator, str): the parts of *str* between occurrences of *separator* (each
character when the separator is empty)."""


def _chomp(s: str) -> str:
    return s.rstrip("\r\n")


chomp = _string_function("Removes one or more newline characters from the end of the given "
                         "string.", [_str("str")], _chomp)
"""chomp(str): the string without the newlines (LF, CR or CRLF) at its end."""


def _indent(args: list[Value], ty: Type) -> Value:
    spaces = go_int(args[0])
    if spaces < 0:  # go-cty panics in strings.Repeat; the argument is refused here
        raise ArgError(0, "the number of spaces must not be negative")
    text = args[1]._v
    try:  # (go-cty builds the padding first, newlines or not: so is its length checked)
        check_string_length(max(spaces, len(text) + text.count("\n") * spaces),
                            f"indenting by {spaces:,} spaces: the result")
    except LimitExceededError as e:
        raise ArgError(0, str(e)) from None
    return string_val(text.replace("\n", "\n" + " " * spaces))


indent = Function(
    description="Adds a given number of spaces after each newline character in the given "
                "string.",
    params=[Parameter("spaces", Number, "Number of spaces to add after each newline "
                                        "character."),
            _str("str", "The string to transform.")],
    type=static_return_type(String), refine_result=not_null, impl=_indent)
"""indent(spaces, str): the string with *spaces* spaces after each newline."""


def _trim_space(s: str) -> str:
    return s.strip(GO_SPACE)


trim_space = _string_function(
    "Removes any consecutive space characters (as defined by Unicode) from the start and end "
    "of the given string.", [_str("str")], _trim_space)
"""trim_space(str): the string without the white space (Unicode's) at its ends."""


def _trim(s: str, cutset: str) -> str:
    return s.strip(cutset)


trim = _string_function(
    "Removes consecutive sequences of characters in \"cutset\" from the start and end of the "
    "given string.",
    [_str("str", "The string to trim."),
     _str("cutset", "A string containing all of the characters to trim. Each character is "
                    "taken separately, so the order of characters is insignificant.")],
    _trim)
"""trim(str, cutset): the string without the characters of *cutset* at its ends."""

trim_prefix = _string_function(
    "Removes the given prefix from the start of the given string, if present.",
    [_str("str", "The string to trim."), _str("prefix", "The prefix to remove, if present.")],
    str.removeprefix)
"""trim_prefix(str, prefix): the string without *prefix* at its start, if it is there."""

trim_suffix = _string_function(
    "Removes the given suffix from the start of the given string, if present.",
    [_str("str", "The string to trim."), _str("suffix", "The suffix to remove, if present.")],
    str.removesuffix)
"""trim_suffix(str, suffix): the string without *suffix* at its end, if it is there."""

replace = _string_function(
    "Replaces all instances of the given substring in the given string with the given "
    "replacement string.",
    [_str("str", "The string to search within."),
     _str("substr", "The substring to search for."),
     _str("replace", "The new substring to replace substr with.")],
    str.replace)
"""replace(str, substr, replace): *str* with every *substr* replaced (between every character
when *substr* is empty)."""
