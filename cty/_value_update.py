"""Functional updates: a new value like a container with one attribute, key or element changed
(``with_attr``, ``with_key``, ``without_key``, ``with_element``, ``append``).

The container must be known and not null; the new element must have the type its place
holds (a tuple's appended element makes a longer tuple type). Marks stay where they were: the
container's on the result, an element's on that element (a key's, as go-cty's map constructor
would have it, on the map).

The new value is made from the container's payload with the one place replaced: no Value is
made for the other elements, and none of them is checked again.
"""

from __future__ import annotations

from typing import Any

from ._errors import CtyTypeError, CtyValueError, IndexOutOfRangeError, KeyNotFoundError
from ._gostrconv import go_quote
from ._primitive_type import String
from ._strings import normalize_string
from ._structural_types import Tuple
from ._value import Value, check_value, make, payload
from ._value_init import sorted_dict


def _container(v: Value, what: str, kinds: str) -> tuple[Value, frozenset[Any]]:
    check_value(v, "the value to update")
    bare, marks = v.unmark()
    ok = {"object": bare.type().is_object_type(), "map": bare.type().is_map_type(),
          "list": bare.type().is_list_type(), "tuple": bare.type().is_tuple_type()}
    if not any(ok[k] for k in kinds.split()):
        raise CtyTypeError(f"{what} needs {' or '.join(f'a {k}' for k in kinds.split())}, "
                           f"not a value of type {bare.type().friendly_name()}")
    if not bare.is_known():
        raise CtyValueError(f"{what}: the value is unknown")
    if bare.is_null():
        raise CtyValueError(f"{what}: the value is null")
    return bare, marks


def _fits(x: Value, want: Any, what: str, where: str) -> Value:
    check_value(x, f"the new {where}")
    if x.type() != want:
        raise CtyTypeError(f"{what}: {where} must be of type {want.friendly_name()}, not "
                           f"{x.type().friendly_name()}")
    return x


def with_attr(self: Value, name: str, value: Value, /) -> Value:
    """Return the object with attribute *name* set to *value*, which must have the attribute's
    type; the object's marks stay on the result, *value*'s on the attribute."""
    bare, marks = _container(self, "with_attr", "object")
    if not isinstance(name, str):
        raise CtyTypeError(f"with_attr needs an attribute name (a str), not "
                           f"{type(name).__name__}")
    if not bare.type().has_attribute(name):
        raise KeyNotFoundError(f"with_attr: the object has no attribute {go_quote(name)}")
    _fits(value, bare.type().attribute_type(name), "with_attr", f"attribute {go_quote(name)}")
    return make(bare._ty, {**bare._v, name: payload(value)}, marks)


def _key(k: str | Value, what: str) -> tuple[str, frozenset[Any]]:
    if isinstance(k, str):
        return (k if k.isascii() else normalize_string(k)), frozenset()
    check_value(k, f"the key of {what}")
    bare, marks = k.unmark()
    if bare.type() is not String or not bare.is_known() or bare.is_null():
        raise CtyTypeError(f"{what} needs a key that is a str or a known string, not {k!r}")
    return bare.as_string(), marks


def with_key(self: Value, key: str | Value, value: Value, /) -> Value:
    """Return the map with *key* (a str, or a known string value, whose marks go on the map)
    set to *value*, of the map's element type: replaced, or added."""
    bare, marks = _container(self, "with_key", "map")
    text, key_marks = _key(key, "with_key")
    _fits(value, bare.type().element_type(), "with_key", "element")
    # (a map's payload keeps its keys sorted)
    return make(bare._ty, sorted_dict({**bare._v, text: payload(value)}), marks | key_marks)


def without_key(self: Value, key: str | Value, /) -> Value:
    """Return the map without *key*; the map itself when it has no such key."""
    bare, marks = _container(self, "without_key", "map")
    text, key_marks = _key(key, "without_key")
    if text not in bare._v:
        return self
    elems = dict(bare._v)
    del elems[text]
    return make(bare._ty, elems, marks | key_marks)


def with_element(self: Value, index: int, value: Value, /) -> Value:
    """Return the list or tuple with element *index* (negative: from the end) set to *value*,
    which must have that element's type; IndexOutOfRangeError past the end."""
    bare, marks = _container(self, "with_element", "list tuple")
    if not isinstance(index, int) or isinstance(index, bool):
        raise CtyTypeError(f"with_element needs an int index, not {type(index).__name__}")
    n = len(bare._v)
    if not -n <= index < n:
        raise IndexOutOfRangeError(f"with_element: index {index} is out of range for "
                                   f"{n} element{'s' if n != 1 else ''}")
    want = (bare.type().element_type() if bare.type().is_list_type()
            else bare.type().tuple_element_types()[index])
    _fits(value, want, "with_element", f"element {index}")
    elems = list(bare._v)
    elems[index] = payload(value)
    return make(bare._ty, tuple(elems), marks)


def append(self: Value, value: Value, /) -> Value:
    """Return the list with *value* (of its element type) added at the end, or the tuple with
    *value* added (its type one element longer)."""
    bare, marks = _container(self, "append", "list tuple")
    if bare.type().is_list_type():
        _fits(value, bare.type().element_type(), "append", "element")
        return make(bare._ty, (*bare._v, payload(value)), marks)
    check_value(value, "the new element")
    return make(Tuple([*bare.type().tuple_element_types(), value._ty]), (*bare._v, payload(value)),
                marks)
