"""Extended type JSON: go-cty's JSON type descriptions, with more.

A type with nothing X-only in it is written exactly as cty.type_to_json writes its core type
(an attribute that admits none is an optional attribute). The additions are ``"int"``,
``"none"``, ``["union",[T, ...]]`` (``never`` is ``["union",[]]``), ``["output",T]`` and
``["promise",T]``: words go-cty's and cty's type decoders reject, so an extended type cannot
pass for a core one in a Terraform-style payload. Capsule types have no JSON form, as in the
core.
"""

from __future__ import annotations

from typing import Any

import msgspec

import cty
from cty import TypeJSONError
from cty._internal import JSONHooks, deep, go_json_string, in_deep_thread, json_loads_deep

from ._model import (
    BOOL,
    DYNAMIC,
    INT,
    NONE,
    NUMBER,
    STRING,
    XType,
    list_,
    map_,
    object_,
    optional,
    optional_of,
    output,
    promise,
    set_,
    tuple_,
    union,
)

__all__ = ["xtype_from_json", "xtype_to_json"]

_WORDS = {"bool": BOOL, "int": INT, "number": NUMBER, "string": STRING, "dynamic": DYNAMIC,
          "none": NONE}
_NAMES = {t: f'"{w}"' for w, t in _WORDS.items()}
_ONE = {"list": list_, "set": set_, "map": map_, "output": output, "promise": promise}


@deep
def _write(t: XType) -> str:
    name = _NAMES.get(t)
    if name is not None:
        return name
    k = t.kind
    if k in _ONE:
        return f'["{k}",{_write(t.elem)}]'
    if k in ("tuple", "union"):
        return f'["{k}",[' + ",".join(_write(e) for e in (t.elems if k == "tuple" else
                                                               t.members)) + "]]"
    if k == "object":
        attrs, opt = [], []
        for n, a in t.attrs.items():
            rest = optional_of(a)
            if rest is not None:
                opt.append(go_json_string(n))
            attrs.append(go_json_string(n) + ":" + _write(a if rest is None else rest))
        tail = "]" if not opt else ",[" + ",".join(opt) + "]]"
        return '["object",{' + ",".join(attrs) + "}" + tail
    raise cty.CtyValueError(f"type not allowed: {t} (a capsule type has no JSON form)")


def xtype_to_json(t: XType) -> bytes:
    """The JSON description of *t* (the module docstring gives the form).

    >>> xtype_to_json(optional(INT))
    b'["union",["int","none"]]'
    >>> xtype_to_json(object_({"a": STRING, "b": optional(NUMBER)}))
    b'["object",{"a":"string","b":"number"},["b"]]'
    """
    if not isinstance(t, XType):
        raise cty.CtyTypeError(f"xtype_to_json describes an XType, not {type(t).__name__}")
    return _write(t).encode("utf-8")


def _fail(what: str, x: Any) -> TypeJSONError:
    return TypeJSONError(f"{what}, not {msgspec.json.encode(x).decode()[:80]}")


@deep
def _read(x: Any) -> XType:
    if isinstance(x, str):
        found = _WORDS.get(x)
        if found is None:
            raise _fail('an extended type is a word ("bool", "int", "number", "string", '
                        '"dynamic", "none") or an array', x)
        return found
    if not isinstance(x, list) or not x or not isinstance(x[0], str):
        raise _fail("an extended type is a word or an array that starts with its kind", x)
    kind, args = x[0], x[1:]
    if kind in _ONE:
        if len(args) != 1:
            raise _fail(f'["{kind}", T] has one element type', x)
        return _ONE[kind](_read(args[0]))
    if kind in ("tuple", "union"):
        if len(args) != 1 or not isinstance(args[0], list):
            raise _fail(f'["{kind}", [T, ...]] has an array of types', x)
        ts = [_read(e) for e in args[0]]
        return tuple_(*ts) if kind == "tuple" else union(*ts)
    if kind == "object":
        if not 1 <= len(args) <= 2 or not isinstance(args[0], dict):
            raise _fail('["object", {name: T, ...}] may add an array of optional names', x)
        names = args[1] if len(args) == 2 else []
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise _fail("an object's optional attributes are an array of names", names)
        attrs = {cty.normalize_string(n): _read(a) for n, a in args[0].items()}
        if len(attrs) != len(args[0]):
            raise _fail("an object's attribute names differ after NFC normalisation",
                        list(args[0]))
        for n in names:
            norm = cty.normalize_string(n)
            if norm not in attrs:
                raise TypeJSONError(f"optional names the undeclared attribute {n!r}")
            attrs[norm] = optional(attrs[norm])
        return object_(attrs)
    raise _fail("the kind of an extended type is list, set, map, tuple, object, union, output "
                "or promise", kind)


@deep
def xtype_from_json(data: str | bytes | bytearray | memoryview) -> XType:
    """The extended type JSON *data* describes. Raises cty.TypeJSONError for anything else.

    >>> str(xtype_from_json('["list",["union",["int","string"]]]'))
    'list(int | string)'
    """
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise cty.CtyTypeError(f"xtype_from_json reads str or bytes, not {type(data).__name__}")
    try:
        x = msgspec.json.decode(data)
    except msgspec.DecodeError as e:
        raise TypeJSONError(f"not JSON: {e}") from None
    except RecursionError:  # on a chain of cty._deep: deeper than msgspec may go
        if not in_deep_thread():
            raise
        x = _load_deep(bytes(data))
    return _read(x)


def _no_constant(word: str) -> None:
    raise ValueError(f"invalid character {word[0]!r}")


def _load_deep(data: bytes) -> Any:
    """What msgspec.json.decode gives for *data*, at any depth (with the json module's
    readers: cty._msgspec_deep)."""
    try:
        return json_loads_deep(data.decode("utf-8"), JSONHooks(
            parse_int=int, parse_float=float, parse_constant=_no_constant,
            lone_surrogates=False))
    except ValueError as e:  # (UnicodeDecodeError and JSONDecodeError among them)
        raise TypeJSONError(f"not JSON: {e}") from None
