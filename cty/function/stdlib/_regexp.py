"""The regular expression functions (go-cty's stdlib regexp.go, and regex_replace from
string_replace.go): regex, regex_all, regex_replace. Patterns are RE2's, run by RE2."""

from __future__ import annotations

from cty import (
    DynamicPseudoType,
    DynamicVal,
    LimitExceededError,
    List,
    Object,
    String,
    Tuple,
    Type,
    Value,
    list_val,
    list_val_empty,
    null_val,
    object_val,
    string_val,
    tuple_val,
)
from cty import limits as cty_limits

from .._errors import ArgError, FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._go_regexp import GoRegexp, RegexpSyntaxError
from ._refine import not_null

__all__ = ["regex", "regex_all", "regex_replace"]


def _compiled(pattern: str) -> GoRegexp:
    """The pattern compiled; an ArgError naming it, in go-cty's words, if it is not RE2."""
    try:
        return GoRegexp(pattern)
    except RegexpSyntaxError as e:
        raise ArgError(0, f"invalid regexp pattern: {e.code} in {e.expr}") from None


def _result_type(pattern: str) -> Type:
    """What a match of *pattern* gives: the matched string without capture groups, a tuple of
    strings for unnamed groups, an object of strings for named ones."""
    names = _compiled(pattern).names
    named = [n for n in names if n]
    if not names:
        return String
    if named and len(named) != len(names):
        raise ArgError(0, "invalid regexp pattern: cannot mix both named and unnamed capture "
                          "groups")
    if not named:
        return Tuple([String] * len(names))
    return Object(dict.fromkeys(named, String))


def _group(text: bytes, span: tuple[int, int]) -> Value:
    if span[0] < 0:
        return null_val(String)  # the group was in a part of the pattern that did not match
    return string_val(text[span[0]:span[1]].decode("utf-8"))


def _match_value(re: GoRegexp, text: bytes, spans: list[tuple[int, int]], ty: Type) -> Value:
    if ty is String:
        return _group(text, spans[0])
    if ty.is_tuple_type():
        return tuple_val([_group(text, s) for s in spans[1:]])
    return object_val({name: _group(text, s) for name, s in zip(re.names, spans[1:],
                                                                strict=True)})


def _regex_type(args: list[Value]) -> Type:
    if not args[0].is_known():
        return DynamicPseudoType
    return _result_type(args[0].as_string())


def _regex(args: list[Value], ty: Type) -> Value:
    if ty is DynamicPseudoType:
        return DynamicVal
    re = _compiled(args[0]._v)
    text = args[1]._v.encode("utf-8")
    spans = re.search(text)
    if spans is None:
        raise FunctionError("pattern did not match any part of the given string")
    return _match_value(re, text, spans, ty)


regex = Function(
    description="Applies the given regular expression pattern to the given string and returns "
                "information about a single match, or raises an error if there is no match.",
    params=[Parameter("pattern", String), Parameter("string", String)],
    type=_regex_type, refine_result=not_null, impl=_regex)
"""regex(pattern, string): the first match of an RE2 pattern: the matched text, or a tuple
(unnamed groups) or object (named groups) of the groups' text (null for a group that took no
part)."""


def _regex_all_type(args: list[Value]) -> Type:
    if not args[0].is_known():
        return List(DynamicPseudoType)
    return List(_result_type(args[0].as_string()))


def _regex_all(args: list[Value], ty: Type) -> Value:
    ety = ty.element_type()
    if ety is DynamicPseudoType:
        return DynamicVal
    re = _compiled(args[0]._v)
    text = args[1]._v.encode("utf-8")
    found = [_match_value(re, text, spans, ety) for spans in re.find_all(text)]
    if not found:
        return list_val_empty(ety)
    return list_val(found)


regex_all = Function(
    description="Applies the given regular expression pattern to the given string and returns "
                "a list of information about all non-overlapping matches, or an empty list if "
                "there are no matches.",
    params=[Parameter("pattern", String), Parameter("string", String)],
    type=_regex_all_type, refine_result=not_null, impl=_regex_all)
"""regex_all(pattern, string): every non-overlapping match, as regex gives each one."""


def _regex_replace(args: list[Value], ty: Type) -> Value:
    try:
        re = GoRegexp(args[1]._v)
    except RegexpSyntaxError as e:
        raise FunctionError(f"error parsing regexp: {e}") from None
    try:
        out = re.replace_all(args[0]._v.encode("utf-8"), args[2]._v.encode("utf-8"),
                             cty_limits().max_string_length)
    except LimitExceededError as e:  # (many matches, each replaced by a long text)
        raise FunctionError(str(e)) from None
    return string_val(out.decode("utf-8"))


regex_replace = Function(
    description="Applies the given regular expression pattern to the given string and replaces "
                "all matches with the given replacement string.",
    params=[Parameter("str", String), Parameter("pattern", String),
            Parameter("replace", String)],
    type=static_return_type(String), refine_result=not_null, impl=_regex_replace)
"""regex_replace(str, pattern, replace): *str* with every match of an RE2 pattern replaced;
``$1`` or ``${name}`` in *replace* is a group's text, ``$$`` a dollar sign."""
