"""Generated per-type functions for the hottest shapes: objects.

An object's decoder (or encoder) is a function written for its attribute names and types, so
that a known-good attribute costs a class check instead of a call. The source is registered in
linecache under ``<cty generated ...>``, so tracebacks and debuggers show it. Both wire formats
use these generators; anything unusual falls back to the planned closures they are given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Literal, TypeAlias

from cty._internal import (
    SetPayload,
    SourceWriter,
    code,
    function_of_shape,
    join,
    worth_generating,
)

from ._json_number import JNum, parse, parse_int, remembered_float, remembered_number

Check: TypeAlias = Literal["str", "int", "num", "jnum", "bool", "liststr", "setstr", "mapstr",
                          "call"]
"""How a decoder takes an attribute: keep an ASCII str / an int / a bool as it is, take an
array of ASCII str as a list or (when strictly sorted) as a set, or a map of ASCII str with
sorted keys as it is, and call the attribute's decoder otherwise; or always call it.

These checks join strings to test them, which a str subclass passes; a format whose decoded
tree holds one (JSON's number literals) asks for ``exact_str`` checks, which test classes too."""

_KEEP = {
    "str": "    if v{i}.__class__ is not str or not v{i}.isascii():\n        v{i} = f{i}(v{i})\n",
    "int": "    if v{i}.__class__ is not int:\n        v{i} = f{i}(v{i})\n",
    # a msgpack number: an int as it is, a float as a 53-bit number (recent ones remembered)
    "num": "    if v{i}.__class__ is not int:\n"
           "        n = float53(v{i}) if v{i}.__class__ is float else None\n"
           "        v{i} = n if n is not None else f{i}(v{i})\n",
    "bool": "    if v{i} is not True and v{i} is not False:\n        v{i} = f{i}(v{i})\n",
    # a JSON number: an int or a float literal, read at 512 bits
    "jnum": "    c = v{i}.__class__\n"
            "    n = remembered_number(v{i}) if c is int or c is JNum else None\n"
            "    if n is None:\n"
            "        v{i} = parse_int(v{i}) if c is int else "
            "parse_text(v{i}) if c is JNum else f{i}(v{i})\n"
            "    else:\n        v{i} = n\n",
    "liststr": "    ok = False\n    if v{i}.__class__ is list:\n        try:\n"
               "            ok = JOIN(v{i}).isascii(){exact}\n"
               "        except TypeError:\n            pass\n"
               "    v{i} = tuple(v{i}) if ok else f{i}(v{i})\n",
    # a set of ASCII strings strictly increasing (so sorted and unique) is taken as it is
    "setstr": "    ok = False\n    if v{i}.__class__ is list and v{i}:\n        try:\n"
              "            ok = JOIN(v{i}).isascii(){exact}\n"
              "        except TypeError:\n            pass\n"
              "        if ok:\n            p = None\n            for k in v{i}:\n"
              "                if p is not None and not p < k:\n"
              "                    ok = False\n                    break\n"
              "                p = k\n"
              "    v{i} = SetPayload(tuple(v{i})) if ok else f{i}(v{i})\n",
    # a map of ASCII strings whose keys are strictly increasing is its own payload
    "mapstr": "    ok = False\n    if v{i}.__class__ is dict:\n        try:\n"
              "            ok = JOIN([*v{i}, *v{i}.values()]).isascii(){exact_values}\n"
              "        except TypeError:\n            pass\n"
              "        if ok:\n            p = None\n            for k in v{i}:\n"
              "                if p is not None and not p < k:\n"
              "                    ok = False\n                    break\n"
              "                p = k\n"
              "    if not ok:\n        v{i} = f{i}(v{i})\n",
    "call": "    v{i} = f{i}(v{i})\n",
}


def object_decoder(attrs: Sequence[tuple[str, Check, Callable[[Any], Any]]],
                   slow: Callable[[Any], Any], fail: type[Exception], *,
                   exact_str: bool = False) -> Callable[[Any], Any]:
    """Return a decoder of a decoded map holding exactly the attributes *attrs* (name, check,
    attribute decoder), sorted by name; any other input, or a failing attribute, goes to
    *slow*, which decodes it again with full checks and paths.

    The "str" attributes are checked together: one join and one isascii() for all of them;
    with *exact_str* (a str subclass may stand where a string is wanted), each on its own,
    class first, and the strings of arrays and maps have their classes checked too.
    """
    checks = tuple(check for _, check, _ in attrs)
    bound: dict[str, object] = {
        "slow": slow, "Fail": fail, "SetPayload": SetPayload, "float53": remembered_float,
        "JNum": JNum, "parse_int": parse_int, "parse_text": parse,
        "remembered_number": remembered_number, "STR": {str}, "JOIN": "".join}
    for i, (name, _, f) in enumerate(attrs):
        bound[f"k{i}"] = name
        bound[f"f{i}"] = f
    return function_of_shape("dec", ("object_decoder", checks, exact_str), bound,
                             lambda w: _write_object_decoder(w, checks, exact_str))


def _write_object_decoder(w: SourceWriter, checks: tuple[Check, ...], exact_str: bool) -> None:
    """Write object_decoder's function for attributes of the kinds *checks* (their names and
    decoders bound as ``k0, f0, k1, f1, ...``)."""
    keys = [code("k{i}", i=i) for i in range(len(checks))]
    w.read_exact_dict(keys)
    w.add("    try:\n")
    strs = [i for i, check in enumerate(checks) if check == "str" and not exact_str]
    if strs:
        joined = join([code("v{i},", i=i) for i in strs], " ")
        w.add("        try:\n            plain = JOIN(({joined})).isascii()\n"
              "        except TypeError:\n            plain = False\n"
              "        if not plain:\n", joined=joined)
        for i in strs:
            w.add(code(_KEEP["str"], i=i).indented(2))
    exact = {"exact": code(""), "exact_values": code("")}
    for i, check in enumerate(checks):
        if i not in strs:
            if exact_str:
                exact = {"exact": code(" and {{*map(type, v{i})}} <= STR", i=i),
                         "exact_values": code(" and {{*map(type, v{i}.values())}} <= STR", i=i)}
            w.add(code(_KEEP[check], i=i, **exact).indented())
    # (a ValueError: a number literal parse_text refuses, such as 1e999999999999; the slow
    # decoder says where, in the decoder's own words)
    w.add("    except (Fail, ValueError):\n        return slow(x)\n")
    body = join([code("{k}: v{i}", k=k, i=i) for i, k in enumerate(keys)])
    w.add("    return {{{body}}}\n", body=body)


def _object_encoder_loop(attrs: Sequence[tuple[str, EncKind, Callable[[Any], Any]]],
                         ) -> Callable[[Any], Any]:
    """Return what object_encoder writes, as a loop (for a type too wide to be worth a
    function of its own)."""
    convs = [(name, f) for name, _, f in attrs]
    names = [name for name, _ in convs]
    ints_only = all(kind == "int64" for _, kind, _ in attrs)

    def enc(p: Any) -> Any:
        if p.__class__ is not dict:
            return p
        if ints_only and all(v.__class__ is not int or _INT64_MIN <= v <= _INT64_MAX
                             for v in map(p.__getitem__, names)):
            return p
        d = p.copy()
        for name, f in convs:
            d[name] = f(d[name])
        return d

    return enc


_INT64_MIN: Final = -(1 << 63)
_INT64_MAX: Final = (1 << 63) - 1


def _indent(block: str) -> str:
    return "".join("    " + line for line in block.splitlines(True))


EncKind: TypeAlias = Literal["int64", "call"]
"""How an encoder treats an attribute: an int outside int64 must be rewritten (anything else
the encoder's hook handles), or the attribute's converter must always be called."""


def object_encoder(attrs: Sequence[tuple[str, EncKind, Callable[[Any], Any]]],
                   ) -> Callable[[Any], Any]:
    """Return a converter of object payloads that rewrites the attributes *attrs* (name, kind,
    converter) and passes anything but a dict (null, unknown, marked) through.

    When every attribute is of kind "int64", a payload whose ints all fit is returned as it
    is (no copy); only one holding a big int is copied and rewritten.
    """
    if not worth_generating(len(attrs)):
        return _object_encoder_loop(attrs)
    kinds = tuple(kind for _, kind, _ in attrs)
    bound: dict[str, object] = {}
    for i, (name, _, f) in enumerate(attrs):
        bound[f"k{i}"] = name
        bound[f"f{i}"] = f
    return function_of_shape("enc", ("object_encoder", kinds), bound,
                             lambda w: _write_object_encoder(w, kinds))


def _write_object_encoder(w: SourceWriter, kinds: tuple[EncKind, ...]) -> None:
    """Write object_encoder's function for attributes of the kinds *kinds* (their names and
    converters bound as ``k0, f0, k1, f1, ...``)."""
    keys = [code("k{i}", i=i) for i in range(len(kinds))]
    calls = [i for i, kind in enumerate(kinds) if kind == "call"]
    ints = [i for i, kind in enumerate(kinds) if kind == "int64"]
    w.add("def enc(p):\n    if p.__class__ is not dict:\n        return p\n")
    if not calls:
        for i in ints:
            w.add("    v = p[{k}]\n    if v.__class__ is int and not "
                  "-9223372036854775808 <= v <= 9223372036854775807:\n"
                  "        return rewrite(p)\n", k=keys[i])
        w.add("    return p\n\n\n")
        w.add("def rewrite(p):\n")
    w.add("    d = p.copy()\n")
    for i in calls + ints:
        w.add("    d[{k}] = f{i}(d[{k}])\n", k=keys[i], i=i)
    w.add("    return d\n")
