"""One typed pass from decoded data to a converted payload, defaults applied.

What ``convert_with_defaults(value, ty, defaults)`` gives for the value JSON (or YAML) data
stands for, made straight from the decoded data (dicts, lists, str, int, bool, None, and
numbers as cty number values) by a walk the type plans once: no implied type, no dynamic
value, no second walk to apply defaults. The command's convert and check run it on every
record.

The pass takes only data it can convert exactly as the full path would (a primitive of another
kind, such as a number written as a string, by the very conversion ``convert`` runs): anything
else (a string that is no number, a key that NFC normalisation changes, an attribute the type
does not have when *strict*, a type with ``any`` in it) makes it raise DataFail, and the caller then
runs the full path (implied type, defaults, conversion_errors, convert), which converts or
says what is wrong in go-cty's words. So good data is converted once, and every answer and
message is the full path's (tests/encoding/test_typed_pass.py holds the two to it).

The data's contract: integers as ``int`` below 2**512 in magnitude (go-cty reads JSON numbers
at 512 bits; a larger one is the caller's to send to the full path), other numbers (and -0) as
cty number values, strings as ``str``, and every key already in NFC (the pass would normalise
a key the full path refuses: ``json_text_fits`` checks all three on the text).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, TypeAlias

from cty import Bool, DynamicPseudoType, List, Map, Number, Set, String, Type, Value
from cty._internal import (
    EMPTY_SET,
    Code,
    DataFail,
    SetPayload,
    SourceWriter,
    build_set_payload,
    code,
    deep,
    fixed_builder,
    is_normal_string,
    join,
    payload,
    worth_generating,
)
from cty.convert import Defaults, convert
from cty.convert._conversion_primitive import SAFE, UNSAFE
from cty.convert._plan import ConversionFailure

from ._json_number import parse_int

Builder: TypeAlias = Callable[[Any], Any]
"""Decoded data to the payload of the converted value; DataFail when the pass declines."""



_WIDE_ESCAPE: Final = re.compile(rb"\\u(?!00[0-7])")
"""A \\u escape that may write a non-ASCII character (or is an escaped backslash's u)."""
_MINUS_ZERO: Final = re.compile(rb"-0(?![\d.eE])")
"""Minus zero written as an integer, which msgspec reads as 0 (or such text in a string),
when the byte before is not a letter, digit, underscore or point (see _minus_zero)."""
_NOT_BEFORE_MINUS_ZERO: Final = frozenset(
    b"._0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_DIGITS_AS_ZEROS: Final = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG_DIGITS: Final = b"0" * 155
"""A run of 155 digits may be an integer of 512 bits or more, which go-cty rounds."""


def json_text_fits(data: bytes) -> bool:
    """Return whether the JSON text *data*, decoded by msgspec (numbers with a fraction or an
    exponent as cty numbers), meets the typed pass's contract: no integer of 512 bits or more,
    no minus zero, every string NFC as written. (It may say no to some text that does: then
    the full path does the work.) Each check is a scan at C speed."""
    if b"\\" in data and b"\\u" in data and _WIDE_ESCAPE.search(data):  # (memchr first)
        return False
    if b"-0" in data and _minus_zero(data):
        return False
    if _LONG_DIGITS in data.translate(_DIGITS_AS_ZEROS):
        return False
    if data.isascii():
        return True
    try:
        text = data.decode()
    except UnicodeDecodeError:
        return False
    return is_normal_string(text)  # (NFC at go-cty's Unicode version, stream-safe)


def _minus_zero(data: bytes) -> bool:
    # (a pattern that starts with its literal is searched for at C speed: no look-behind)
    return any(m.start() == 0 or data[m.start() - 1] not in _NOT_BEFORE_MINUS_ZERO
               for m in _MINUS_ZERO.finditer(data))


def plan_typed_pass(ty: Type, defaults: Defaults | None, *, strict: bool,
                    keys: list[int] | None = None) -> Builder | None:
    """Return the typed pass to (the type without optional attributes of) *ty* with
    *defaults*, or None when *ty* has ``any`` in it (unification decides those types: only
    the full path does that). With *strict*, data with attributes the type lacks is declined
    (the full path reports them). With *keys*, the pass adds the number of keys of every
    object and map it takes to ``keys[0]`` (see the command's check for keys given twice)."""
    if ty.has_dynamic_types():
        return None
    return _plan(ty, defaults, _Plan(strict, keys if keys is not None else [0]))


class _Plan:
    """What every part of one plan shares: *strict*, and the tally of keys taken."""

    __slots__ = ("keys", "strict")

    def __init__(self, strict: bool, keys: list[int]) -> None:
        self.strict = strict
        self.keys = keys


def _declined(x: object) -> DataFail:
    return DataFail("declined by the typed pass", x)


_EMPTY: Final = Defaults(DynamicPseudoType, {}, {})
"""No defaults (a tree with nothing in it)."""


@deep
def _plan(ty: Type, d: Defaults | None, plan: _Plan) -> Builder:
    # (every type is planned here, none left to from_python's builders: a JSON number's
    # payload is go-cty's parse of its text, 512 bits, where from_python's is NumberIntVal's)
    if d is None:
        d = _EMPTY
    if ty is Number:
        return _number
    if ty is String:
        return _string
    if ty is Bool:
        return _bool
    if ty.is_capsule_type():
        return _null_only
    if ty.is_object_type():
        return _object(ty, d, plan)
    if ty.is_tuple_type():
        return _tuple(ty, d, plan)
    below = _plan(ty.element_type(), d.children.get(""), plan)
    if ty.is_list_type():
        return _list(below)
    if ty.is_set_type():
        return _set(ty.element_type().without_optional_attributes_deep(), below)
    return _map(below, plan.keys)


def _number(x: Any) -> Any:
    if x.__class__ is int:
        return parse_int(x)
    if x.__class__ is Value and x._ty is Number and not x._marks:
        return x._v
    if x is None:
        return None
    if x.__class__ is str:  # (converted as convert converts a string: the same function)
        return _converted(_STRING_TO_NUMBER, x)
    raise _declined(x)


_fixed_string: Final = fixed_builder(String)
_STRING_TO_NUMBER: Final = UNSAFE[String, Number]
_STRING_TO_BOOL: Final = UNSAFE[String, Bool]
_NUMBER_TO_STRING: Final = SAFE[Number, String]


def _string(x: Any) -> Any:
    if x.__class__ is str or x is None:
        return _fixed_string(x)  # (NFC)
    if x is True or x is False:
        return "true" if x else "false"
    if x.__class__ is int or (x.__class__ is Value and x._ty is Number):
        return _converted(_NUMBER_TO_STRING, _number(x))
    raise _declined(x)


def _bool(x: Any) -> Any:
    if x is True or x is False or x is None:
        return x
    if x.__class__ is str:
        return _converted(_STRING_TO_BOOL, x)
    raise _declined(x)


def _converted(conversion: Callable[[Any], Any], p: Any) -> Any:
    """The payload *p* converted by the primitive *conversion* (declined where it fails:
    the full path says why)."""
    try:
        return conversion(p)
    except ConversionFailure:
        raise _declined(p) from None


def _null_only(x: Any) -> Any:
    """A capsule's builder: JSON data holds none, only a null."""
    if x is None:
        return None
    raise _declined(x)


def _list(f: Builder) -> Builder:
    def build(x: Any) -> Any:
        if x.__class__ is list:
            return tuple(map(f, x))
        if x is None:
            return None
        raise _declined(x)
    return build


def _set(ety: Type, f: Builder) -> Builder:
    def build(x: Any) -> Any:
        if x.__class__ is list:
            return build_set_payload(ety, list(map(f, x))) if x else EMPTY_SET
        if x is None:
            return None
        raise _declined(x)
    return build


def _map(f: Builder, keys: list[int]) -> Builder:
    def build(x: Any) -> Any:
        if x.__class__ is dict:
            if not "".join(x).isascii():  # (a key NFC would change: the full path's)
                raise _declined(x)
            keys[0] += len(x)
            return {k: f(x[k]) for k in sorted(x)}
        if x is None:
            return None
        raise _declined(x)
    return build


def _tuple(ty: Type, d: Defaults, plan: _Plan) -> Builder:
    builders = [_plan(t, d.children.get(str(i)), plan)
                for i, t in enumerate(ty.tuple_element_types())]
    n = len(builders)

    def build(x: Any) -> Any:
        if x.__class__ is list and len(x) == n:
            return tuple(f(e) for f, e in zip(builders, x, strict=True))
        if x is None:
            return None
        raise _declined(x)
    return build


def _wide(x: Any) -> Any:
    """The builder of an object type too wide to be worth one: it declines all but null."""
    if x is None:
        return None
    raise _declined(x)


def _object(ty: Type, d: Defaults, plan: _Plan) -> Builder:
    """An object's builder: every attribute the type has, taken by its builder; a missing or
    null one with a default gets the default (with the defaults below it applied, converted
    once here); a missing one without is null if optional, the full path's if required.

    The builder is written out for the type (one straight run of code, no loop over the
    attributes), with strings, numbers, bools and maps, lists and sets of strings taken
    inline in their usual form (see _INLINE)."""
    attrs = ty.attribute_types()
    if not attrs:
        return fixed_builder(ty)
    if not worth_generating(len(attrs)):
        return _wide  # (the full path takes such objects)
    w = SourceWriter("build", "typed pass of an object")
    w.bind_names(declined=_declined, SetPayload=SetPayload, keys=plan.keys, EMPTY_SET=EMPTY_SET,
                 num=parse_int, JOIN="".join)
    names: list[Code] = []
    w.add("def build(x):\n    if x.__class__ is not dict:\n        if x is None:\n"
          "            return None\n        raise declined(x)\n    keys[0] += len(x)\n"
          "    missing = 0\n")
    for i, (name, t) in enumerate(attrs.items()):
        below = d.children.get(name)
        default = d.values.get(name)
        w.bind(_plan(t, below, plan), name=f"f{i}")
        key = w.bind(name, prefix="k")
        names.append(key)
        absent: Code | None
        if default is not None:
            absent = null = w.bind(payload(convert(below.apply(default) if below is not None
                                                   else default, t)), name=f"fill{i}")
        else:
            absent = code("None") if ty.attribute_optional(name) else None
            null = code("None")
        # (the usual case first: the attribute is there and not null)
        w.add("    v = x.get({key})\n    if v is not None:\n", key=key)
        w.add(code(_INLINE.get(t, "o{i} = f{i}(v)\n"), i=i).indented(2))
        w.add("    elif {key} in x:\n        o{i} = {null}\n    else:\n"
              "        missing += 1\n", key=key, i=i, null=null)
        if absent is not None:
            w.add("        o{i} = {absent}\n", i=i, absent=absent)
        else:
            w.add("        raise declined(x)\n")
    ascii_only = code("") if plan.strict else code(" and not JOIN(x).isascii()")
    # attributes the type lacks: strict reports them; a key NFC would change may name one of
    # the type's (the full path decides)
    w.add("    if len(x) + missing != {n}{ascii_only}:\n"
          "        raise declined(x)\n", n=len(attrs), ascii_only=ascii_only)
    body = join([code("{k}: o{i}", k=k, i=i) for i, k in enumerate(names)])
    w.add("    return {{{body}}}\n", body=body)
    return w.function()


_INLINE: Final = {
    String: "o{i} = v if v.__class__ is str and v.isascii() else f{i}(v)\n",
    Number: "o{i} = num(v) if v.__class__ is int else f{i}(v)\n",
    Bool: "o{i} = v if v is True or v is False else f{i}(v)\n",
    # (the data are msgspec's: a str is a str, never a subclass; join refuses anything else)
    Map(String): "try:\n"
                 "    ok = v.__class__ is dict and JOIN([*v, *v.values()]).isascii()\n"
                 "except TypeError:\n    ok = False\n"
                 "if ok:\n    keys[0] += len(v)\n    o{i} = dict(sorted(v.items()))\n"
                 "else:\n    o{i} = f{i}(v)\n",
    List(String): "try:\n"
                  "    ok = v.__class__ is list and JOIN(v).isascii()\n"
                  "except TypeError:\n    ok = False\n"
                  "o{i} = tuple(v) if ok else f{i}(v)\n",
    Set(String): "try:\n"
                 "    ok = v.__class__ is list and JOIN(v).isascii()\n"
                 "except TypeError:\n    ok = False\n"
                 "o{i} = (SetPayload(tuple(sorted(set(v)))) if v else EMPTY_SET) if ok "
                 "else f{i}(v)\n",
}
"""Inline code of the object builders for attributes of the usual types: the payload at
once when the data has its usual form (ASCII strings, which NFC leaves as they are; an int),
the attribute's builder otherwise."""
