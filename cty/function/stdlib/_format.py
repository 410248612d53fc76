"""format and format_list (go-cty's stdlib format.go and its format state machine).

A format string is text with verbs: ``%`` then flags (``0 # - + space``), a width, a
precision (``.`` and digits), an argument index (``[n]``, counting from 1) and a letter.
``%v`` writes any value (strings and numbers as they are, anything else as JSON), ``%t`` a
bool, ``%d %b %o %x %X`` a whole number, ``%e %E %f %g %G`` a number (as Go formats a
big.Float), ``%s`` a string and ``%q`` a JSON-quoted string; ``%%`` is a percent sign.
Widths and string precisions count grapheme clusters. Offsets in errors count UTF-8 bytes, as
go-cty's do.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from cty import (
    Bool,
    DynamicPseudoType,
    LimitExceededError,
    List,
    Number,
    PathError,
    String,
    Type,
    Value,
    _number,
    list_val,
    list_val_empty,
    string_val,
    unknown_val,
)
from cty._internal import check_string_length, go_quote
from cty._internal import grapheme_cluster_count as cluster_count
from cty._internal import grapheme_clusters as clusters
from cty.convert import convert
from cty.encoding import EncodeError
from cty.encoding import json as cty_json

from .._errors import ArgError, FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._go_unicode import go_quote_rune
from ._refine import not_null

__all__ = ["format_", "format_list"]


@dataclass
class _Verb:
    """One verb of a format string, as go-cty's state machine reads it."""

    raw: str
    offset: int
    arg: int
    mode: str
    zero: bool = False
    sharp: bool = False
    plus: bool = False
    minus: bool = False
    space: bool = False
    width: int = -1
    prec: int = -1


class _FormatError(Exception):
    """A format string go-cty refuses; *arg* is the argument to blame, when there is one."""

    def __init__(self, message: str, arg: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.arg = arg


def _unsupported(verb: _Verb, why: str) -> _FormatError:
    return _FormatError(f"unsupported value for {go_quote(verb.raw)} at {verb.offset}: {why}")


def _pad(verb: _Verb, text: str) -> str:
    if verb.width < 0:
        return text
    have = cluster_count(text)
    if have >= verb.width:
        return text
    pads = ("0" if verb.zero else " ") * (verb.width - have)
    return text + pads if verb.minus else pads + text


def _converted(verb: _Verb, arg: Value, ty: Type) -> Value:
    if arg._ty is ty:
        return arg
    try:
        return convert(arg, ty)
    except PathError as e:
        raise _unsupported(verb, e.message) from None


def _as_is(verb: _Verb, arg: Value) -> str:
    if not verb.sharp and not arg.is_null():
        if arg.type() is String:
            return _pad(verb, arg.as_string())
        if arg.type() is Number:
            return _pad(verb, _number.format_g(arg._v))
    try:
        text = cty_json.marshal(arg, arg.type()).decode("utf-8")
    except EncodeError as e:
        raise _unsupported(verb, e.message) from None
    return _pad(verb, text)


def _go_int_text(verb: _Verb, i: int) -> str:
    """Go's fmt of a *big.Int with the verb's flags, width and precision."""
    mode = verb.mode
    digits = (format(abs(i), "b") if mode == "b" else format(abs(i), "o") if mode == "o"
              else format(abs(i), "x") if mode == "x" else format(abs(i), "X") if mode == "X"
              else _number.int_text(abs(i)))
    sign = "-" if i < 0 else "+" if verb.plus else " " if verb.space else ""
    prefix = ""
    if verb.sharp:
        prefix = {"b": "0b", "o": "0", "x": "0x", "X": "0X"}.get(mode, "")
    zeros = left = right = 0
    if verb.prec >= 0:
        if len(digits) < verb.prec:
            zeros = verb.prec - len(digits)
        elif digits == "0" and verb.prec == 0:
            return ""
    length = len(sign) + len(prefix) + zeros + len(digits)
    if verb.width >= 0 and length < verb.width:
        d = verb.width - length
        if verb.minus:
            right = d
        elif verb.zero and verb.prec < 0:
            zeros = d
        else:
            left = d
    return " " * left + sign + prefix + "0" * zeros + digits + " " * right


def _go_float_text(verb: _Verb, n: _number.Num) -> str:
    """Go's fmt of a *big.Float with the verb's flags, width and precision."""
    mode = verb.mode
    prec = verb.prec
    if prec < 0 and mode in "eEf":
        prec = 6
    text = _number.format_text(n, mode, prec)
    if text[0] == "-":
        sign, text = "-", text[1:]
    elif text[0] == "+":  # +Inf
        sign, text = (" " if verb.space else "+"), text[1:]
    else:
        sign = "+" if verb.plus else " " if verb.space else ""
    padding = 0
    if verb.width >= 0 and verb.width > len(sign) + len(text):
        padding = verb.width - len(sign) - len(text)
    if verb.zero and not _number.is_inf(n):  # Go's fmt reports '0' even beside '-'
        return sign + "0" * padding + text
    if verb.minus:
        return sign + text + " " * padding
    return " " * padding + sign + text


def _number_text(verb: _Verb, arg: Value) -> str:
    n = _converted(verb, arg, Number)._v
    if verb.mode in "bdoxX":
        if _number.is_inf(n) or not _number.is_integer(n):
            raise _unsupported(verb, "an integer is required")
        i = _number.trunc(n)
        if _go_gives_up(verb.raw):
            text = ("-" if i < 0 else "") + _number.int_text(abs(i))
            return f"%!(NOVERB)%!(EXTRA *big.Int={text})"
        return _go_int_text(verb, i)
    if _go_gives_up(verb.raw):
        return f"%!(NOVERB)%!(EXTRA *big.Float={_number.format_text(n, 'g', -1)})"
    try:
        return _go_float_text(verb, n)
    except LimitExceededError as e:  # (a precision past cty.limits().max_number_digits)
        raise _unsupported(verb, str(e)) from None


_GO_MAX_WIDTH: Final = 1_000_000


def _go_gives_up(raw: str) -> bool:
    """Whether Go's fmt, which go-cty hands a number's verb, gives up on its width or
    precision: its parsenum stops at a digit that follows a number already past 1,000,000,
    and takes the rest of the verb with it, so no verb is left ("%!(NOVERB)")."""
    i, end = 1, len(raw)
    if raw.startswith("[", i):
        i = raw.index("]", i) + 1  # (go-cty strips the argument index before)
    while i < end and raw[i] in "+-# 0":
        i += 1
    for _ in range(2):  # the width, then the precision after a "."
        num = 0
        while i < end and "0" <= raw[i] <= "9":
            if num > _GO_MAX_WIDTH:
                return True
            num = num * 10 + ord(raw[i]) - 48
            i += 1
        if not raw.startswith(".", i):
            break
        i += 1
    return False


def _string_text(verb: _Verb, arg: Value) -> str:
    s: str = _converted(verb, arg, String)._v
    if verb.prec > 0:
        s = "".join(clusters(s)[:verb.prec])
    if verb.mode == "q":
        s = cty_json.marshal(string_val(s), String).decode("utf-8")
    return _pad(verb, s)


def _append(verb: _Verb, out: list[str], args: list[Value]) -> None:
    if verb.arg - 1 >= len(args):
        raise _FormatError(f"not enough arguments for {go_quote(verb.raw)} at {verb.offset}: "
                           f"need index {verb.arg} but have {len(args)} total")
    arg = args[verb.arg - 1]
    if verb.mode != "v" and arg.is_null():
        raise _unsupported(verb, "null value cannot be formatted")
    mode = verb.mode
    if mode == "v":
        out.append(_as_is(verb, arg))
    elif mode == "t":
        out.append("true" if _converted(verb, arg, Bool).true() else "false")
    elif mode in "bdoxXeEfgG":
        out.append(_number_text(verb, arg))
    elif mode in "sq":
        out.append(_string_text(verb, arg))
    else:
        raise _FormatError(f"unsupported format verb {go_quote_rune(mode)} in "
                           f"{go_quote(verb.raw)} at offset {verb.offset}")


_FLAGS = {"0": "zero", "#": "sharp", "-": "minus", "+": "plus", " ": "space"}


def _number_at(data: bytes, p: int) -> tuple[int, int] | None:
    """A number with no leading zero ([1-9][0-9]*) at *p*: (value, end), or None."""
    if p >= len(data) or not 0x31 <= data[p] <= 0x39:
        return None
    end = p + 1
    while end < len(data) and 0x30 <= data[end] <= 0x39:
        end += 1
    return int(data[p:end]), end


@functools.lru_cache(maxsize=256)
def _program(fmt: str) -> tuple[tuple[str | _Verb, ...], _FormatError | None, int]:
    """go-cty's formatFSM, read once: the literal text and verbs in order, the error the
    machine stops at (after them, if any), and the highest argument number used."""
    data = fmt.encode("utf-8")
    pieces: list[str | _Verb] = []
    next_arg = 1
    highest = 0
    p, n = 0, len(data)
    error: _FormatError | None = None
    try:
        while p < n:
            i = data.find(b"%", p)
            if i < 0:
                pieces.append(data[p:].decode("utf-8"))
                p = n
                continue
            if i > p:
                pieces.append(data[p:i].decode("utf-8"))
            p = i + 1
            if p < n and data[p] == 0x25:  # %%
                pieces.append("%")
                p += 1
                continue
            start = i
            verb = _Verb(raw="", offset=start, arg=next_arg, mode="")
            while p < n and chr(data[p]) in _FLAGS:
                setattr(verb, _FLAGS[chr(data[p])], True)
                p += 1
            got = _number_at(data, p)
            if got is not None:
                verb.width, p = got
            if p < n and data[p] == 0x2E:  # .
                p += 1
                end = p
                while end < n and 0x30 <= data[end] <= 0x39:
                    end += 1
                verb.prec = int(data[p:end]) if end > p else 0
                p = end
            if p < n and data[p] == 0x5B:  # [
                if p + 1 >= n:
                    break
                got = _number_at(data, p + 1)
                if got is None:
                    raise _bad_character(data, p + 1)
                verb.arg, p = got
                if p >= n:
                    break
                if data[p] != 0x5D:  # ]
                    raise _bad_character(data, p)
                p += 1
            if p >= n:
                break
            c = chr(data[p])
            if not ("a" <= c <= "z" or "A" <= c <= "Z"):
                raise _bad_character(data, p)
            verb.mode = c
            p += 1
            verb.raw = data[start:p].decode("ascii")
            highest = max(highest, verb.arg)
            pieces.append(verb)
            next_arg = verb.arg + 1
        else:
            return tuple(pieces), None, highest
        error = _FormatError(f"invalid format string starting at offset {n}")
    except _FormatError as e:
        error = e
    return tuple(pieces), error, highest


def _format(fmt: str, args: list[Value], written: list[int] | None = None) -> str:
    """The formatted text, or _FormatError: what go-cty's formatFSM writes or says.

    The text, with the *written* characters of a list being made (formatlist's), may be no
    longer than cty.limits().max_string_length: widths ask for padding, and a few bytes of
    format can ask for gigabytes (refused as soon as the text passes the limit)."""
    pieces, error, highest = _program(fmt)
    out: list[str] = []
    size = 0 if written is None else written[0]
    for piece in pieces:
        before = len(out)
        if isinstance(piece, str):
            out.append(piece)
        else:
            _append(piece, out, args)
        size += sum(len(x) for x in out[before:])
        try:
            check_string_length(size, "the formatted text" if written is None else
                                "the formatted list's text")
        except LimitExceededError as e:
            raise _FormatError(str(e)) from None
    if written is not None:
        written[0] = size
    if error is not None:
        raise error
    return _finish("".join(out), highest, len(args))


def _bad_character(data: bytes, p: int) -> _FormatError:
    c = data[p:p + 4].decode("utf-8", "ignore")[:1] if p < len(data) else ""
    return _FormatError(f"unrecognized format character {go_quote_rune(c)} at offset {p}")


def _finish(text: str, highest: int, nargs: int) -> str:
    if highest < nargs:
        if highest == 0:
            raise _FormatError("too many arguments; no verbs in format string", highest + 1)
        raise _FormatError(f"too many arguments; only {highest} used by format string",
                           highest + 1)
    return text


def _raise(e: _FormatError, prefix: str = "") -> FunctionError:
    if e.arg is not None and not prefix:
        return ArgError(e.arg, e.message)
    return FunctionError(prefix + e.message)


def _format_impl(args: list[Value], ty: Type) -> Value:
    fmt: str = args[0]._v
    rest = args[1:]
    for a in rest:
        if not a.is_wholly_known():
            i = fmt.find("%")
            if i > 0:
                return unknown_val(String).refine().string_prefix(fmt[:i]).new_value()
            return unknown_val(String)
    try:
        return string_val(_format(fmt, rest))
    except _FormatError as e:
        raise _raise(e) from None


def _any_arg() -> Parameter:
    return Parameter("args", DynamicPseudoType, allow_null=True, allow_unknown=True,
                     allow_dynamic_type=True)


format_ = Function(
    description="Constructs a string by applying formatting verbs to a series of arguments, "
                "using a similar syntax to the C function \\\"printf\\\".",
    params=[Parameter("format", String)], var_param=_any_arg(),
    type=static_return_type(String), refine_result=not_null, impl=_format_impl)
"""format(format, args...): *format* with its verbs replaced by the arguments, formatted
(see the module's description)."""

_LIST_OF_STRING = List(String)


def _format_list_impl(args: list[Value], ty: Type) -> Value:
    fmt_v = args[0]
    rest = args[1:]
    if not rest:
        return list_val([_format_impl([fmt_v], String)])
    fmt: str = fmt_v._v
    length = -1
    chooser = -1
    sequences: list[list[Value] | None] = [None] * len(rest)
    unknown = False
    for i, a in enumerate(rest):
        t = a.type()
        if (t.is_list_type() or t.is_set_type() or t.is_tuple_type()) and not a.is_null():
            if not t.is_tuple_type() and not (a.is_known() and a.length().is_known()):
                unknown = True
                continue
            here = a.length_int()
            if length == -1:
                length, chooser = here, i
            elif here != length:
                raise ArgError(i + 1, f"argument {i + 1} has length {here}, which is "
                                      f"inconsistent with argument {chooser + 1} of length "
                                      f"{length}")
            if not a.is_known():
                unknown = True
                continue
            sequences[i] = [v for _, v in a.elements()]
        elif t is DynamicPseudoType and not a.is_known() and a._v.refinement is None:
            unknown = True
    if unknown:
        return unknown_val(ty)
    if length == 0:
        return list_val_empty(String)
    if length == -1:
        length = 1
    # whether each argument is wholly known, asked once of each whole argument, and element
    # by element only for those that are not
    whole = [a.is_wholly_known() for a in rest]
    results = []
    written = [0]
    for k in range(length):
        row = [seq[k] if seq is not None else a for seq, a in zip(sequences, rest, strict=True)]
        if not all(known or v.is_wholly_known() for known, v in zip(whole, row, strict=True)):
            results.append(unknown_val(String).refine_not_null())
            continue
        try:
            results.append(string_val(_format(fmt, row, written)))
        except _FormatError as e:
            raise FunctionError(f"error on format iteration {k}: {e.message}") from None
    return list_val(results)


format_list = Function(
    description="Constructs a list of strings by applying formatting verbs to a series of "
                "arguments, using a similar syntax to the C function \\\"printf\\\".",
    params=[Parameter("format", String)], var_param=_any_arg(),
    type=static_return_type(_LIST_OF_STRING), refine_result=not_null, impl=_format_list_impl)
"""format_list(format, args...): format applied once per element of the list, set or tuple
arguments (all of one length), other arguments repeated in each."""
