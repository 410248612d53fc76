"""Terraform's string functions (OpenTofu's lang/funcs string.go): startswith, endswith,
strcontains, and replace (a pattern between slashes is a regular expression). Strings compare
as Go's strings package compares them: byte by byte, in UTF-8."""

from __future__ import annotations

from cty import Bool, False_, String, True_, Type, Value, string_val, unknown_val
from cty import limits as cty_limits

from .._errors import FunctionError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ..stdlib._regexp import regex_replace

__all__ = ["endswith", "replace", "startswith", "strcontains"]


def _startswith(args: list[Value], ty: Type) -> Value:
    prefix = args[1].as_string().encode()
    value = args[0]
    if not value.is_known():
        # (an unknown string refined with a known prefix can still give a known answer)
        if not prefix:
            return True_
        known = value.range().string_prefix().encode()
        if known:
            if known.startswith(prefix):
                return True_
            if len(known) >= len(prefix):
                return False_
        return unknown_val(Bool)
    return True_ if value.as_string().encode().startswith(prefix) else False_


startswith = Function(params=[Parameter("str", String, allow_unknown=True),
                              Parameter("prefix", String)],
                      type=static_return_type(Bool), refine_result=refine_not_null,
                      impl=_startswith,
                      description="Checks whether a string starts with another string.")
"""startswith(str, prefix): whether *str* begins with *prefix* (known for an unknown *str*
whose refined known prefix decides it)."""

endswith = Function(params=[Parameter("str", String), Parameter("suffix", String)],
                    type=static_return_type(Bool), refine_result=refine_not_null,
                    impl=lambda args, ty: True_ if args[0].as_string().encode().endswith(
                        args[1].as_string().encode()) else False_,
                    description="Checks whether a string ends with another string.")
"""endswith(str, suffix): whether *str* ends with *suffix*."""

strcontains = Function(params=[Parameter("str", String), Parameter("substr", String)],
                       type=static_return_type(Bool),
                       impl=lambda args, ty: True_ if args[1].as_string().encode() in
                       args[0].as_string().encode() else False_,
                       description="Checks whether a substring is within another string.")
"""strcontains(str, substr): whether *substr* occurs in *str* (an unknown result is not
refined: Terraform's is not)."""


def _replace(args: list[Value], ty: Type) -> Value:
    text, old, new = (a.as_string() for a in args)
    if len(old) > 1 and old[0] == "/" and old[-1] == "/":
        return regex_replace(args[0], string_val(old[1:-1]), args[2])
    count = text.count(old) if old else len(text) + 1
    size = len(text) + count * (len(new) - len(old))
    limit = cty_limits().max_string_length
    if size > limit:
        raise FunctionError(f"the result would be {size} characters long, more than "
                            f"max_string_length ({limit}) of cty.set_limits")
    return string_val(text.replace(old, new))


replace = Function(params=[Parameter("str", String), Parameter("substr", String),
                           Parameter("replace", String)],
                   type=static_return_type(String), refine_result=refine_not_null,
                   impl=_replace,
                   description="Replaces each occurrence of a substring in a string (a "
                               "substring between slashes is a regular expression).")
"""replace(str, substr, replace): *str* with every *substr* replaced; a *substr* between
slashes (``/a+/``) is an RE2 regular expression, and ``$1`` in *replace* a group's text."""
