"""msgspec and the standard library's JSON scanner at any depth, for cty._deep's chains.

msgspec's encoders and decoders and the C scanner of the ``json`` module recurse in C, bounded
by Python's recursion limit, which cty._deep never raises. On a chain's thread, trees deeper
than that take these ways instead:

* **Encoding** (``encode_spliced``): every subtree SLICE levels down is encoded first (through
  a function cty._deep may move to a fresh thread) and spliced into its parent as
  ``msgspec.Raw``, which msgspec writes as it is. The bytes are exactly those of one encode:
  msgpack and JSON both write a container as its header (or bracket) and then its elements'
  encodings, one after another.
* **Reading JSON** (``json_loads_deep``): the ``json`` module's own object and array readers
  (``json.decoder.JSONObject`` and ``JSONArray``, which take the function that reads each
  value), given a value reader of ours that cty._deep may move to a fresh thread.
"""

from __future__ import annotations

import json.decoder
import re
from collections.abc import Callable, Mapping
from typing import Any, Final

import msgspec

from ._deep import deep, hop

SLICE: Final = 64
"""Levels of containers encoded by one call to msgspec."""

_Raw: Final = msgspec.Raw
Expand = Mapping[type, Callable[[Any], Any]]
"""Classes the encoder's enc_hook turns into containers, with the function that does it."""


@deep
def encode_spliced(encode: Callable[[Any], bytes], tree: Any, expand: Expand) -> bytes:
    """Return encode(tree) for a *tree* of any depth: lists, tuples and dicts, and objects of
    the classes in *expand*, which become what their function returns (a set's payload its
    elements, say, as the encoders' enc_hook does)."""
    return encode(_cut(encode, tree, SLICE, expand))


@hop  # (it recurses: any depth)
def _cut(encode: Callable[[Any], bytes], x: Any, room: int, expand: Expand) -> Any:
    """Return *x* with every container *room* levels down encoded and spliced in as Raw."""
    c = x.__class__
    f = expand.get(c)
    if f is not None:
        x = f(x)
        c = x.__class__
    if c is list or c is tuple:
        if not room:
            return _Raw(encode_spliced(encode, x, expand))
        return [_cut(encode, e, room - 1, expand) for e in x]
    if c is dict:
        if not room:
            return _Raw(encode_spliced(encode, x, expand))
        return {k: _cut(encode, e, room - 1, expand) for k, e in x.items()}
    return x


class JSONHooks:
    """What the ``json`` module's loads() takes: how to make numbers, constants and objects."""

    def __init__(self, *, parse_int: Callable[[str], Any], parse_float: Callable[[str], Any],
                 parse_constant: Callable[[str], Any],
                 object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
                 lone_surrogates: bool = True) -> None:
        self.parse_int = parse_int
        self.parse_float = parse_float
        self.parse_constant = parse_constant
        self.object_pairs_hook = object_pairs_hook
        self.lone_surrogates = lone_surrogates
        """False: a string escaping half of a surrogate pair is an error (as in msgspec)."""
        self.memo: dict[str, str] = {}


_NUMBER: Final = re.compile(r"(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_WHITESPACE: Final = re.compile(r"[ \t\n\r]*")
_CONSTANTS: Final = (("null", None), ("true", True), ("false", False))
_scanstring: Final[Callable[[str, int, bool], tuple[str, int]]] = (
    json.decoder.scanstring)  # type: ignore[attr-defined]  # (not in typeshed)
_json_object: Final[Callable[..., tuple[Any, int]]] = (
    json.decoder.JSONObject)  # type: ignore[attr-defined]
_json_array: Final[Callable[..., tuple[Any, int]]] = (
    json.decoder.JSONArray)  # type: ignore[attr-defined]
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
_GO_CONSTANTS: Final = ("NaN", "Infinity", "-Infinity")


@deep
def json_loads_deep(text: str, hooks: JSONHooks) -> Any:
    """Return what ``json.loads(text, **hooks)`` returns, for JSON nested to any depth.

    Raises json.JSONDecodeError (a ValueError, with the position) for text that is not one
    JSON value.
    """
    end = _WHITESPACE.match(text, 0).end()  # type: ignore[union-attr]
    try:
        value, end = _value(text, end, hooks)
    except StopIteration as e:
        raise json.JSONDecodeError("Expecting value", text, e.value) from None
    end = _WHITESPACE.match(text, end).end()  # type: ignore[union-attr]
    if end != len(text):
        raise json.JSONDecodeError("Extra data", text, end)
    return value


@hop  # (it recurses: any depth)
def _value(text: str, i: int, hooks: JSONHooks) -> tuple[Any, int]:
    """Read the JSON value at *i*; return it and where it ends (StopIteration(i): none)."""
    if i >= len(text):
        raise StopIteration(i)
    c = text[i]
    if c == '"':
        s, end = _scanstring(text, i + 1, True)
        if not hooks.lone_surrogates and _SURROGATE.search(s):
            raise json.JSONDecodeError("a lone surrogate escaped in a string", text, i)
        return s, end
    if c == "{":
        return _json_object((text, i + 1), True, _reader(hooks), None,
                            hooks.object_pairs_hook, hooks.memo)
    if c == "[":
        return _json_array((text, i + 1), _reader(hooks))
    for word, value in _CONSTANTS:
        if text.startswith(word, i):
            return value, i + len(word)
    for word in _GO_CONSTANTS:
        if text.startswith(word, i):
            return hooks.parse_constant(word), i + len(word)
    m = _NUMBER.match(text, i)
    if m is None:
        raise StopIteration(i)
    whole, fraction, exponent = m.groups()
    if fraction or exponent:
        return hooks.parse_float(m[0]), m.end()
    return hooks.parse_int(whole), m.end()


def _reader(hooks: JSONHooks) -> Callable[[str, int], tuple[Any, int]]:
    def read(text: str, i: int) -> tuple[Any, int]:
        return _value(text, i, hooks)
    return read
