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


def with_attr(v: Value, name: str, x: Value) -> Value:
    """Return object *v* with attribute *name* set to *x* (of the attribute's type)."""
    bare, marks = _container(v, "with_attr", "object")
    if not isinstance(name, str):
        raise CtyTypeError(f"with_attr needs an attribute name (a str), not "
                           f"{type(name).__name__}")
    if not bare.type().has_attribute(name):
        raise KeyNotFoundError(f"with_attr: the object has no attribute {go_quote(name)}")
    _fits(x, bare.type().attribute_type(name), "with_attr", f"attribute {go_quote(name)}")
    return make(bare._ty, {**bare._v, name: payload(x)}, marks)


def _key(k: str | Value, what: str) -> tuple[str, frozenset[Any]]:
    if isinstance(k, str):
        return (k if k.isascii() else normalize_string(k)), frozenset()
    check_value(k, f"the key of {what}")
    bare, marks = k.unmark()
    if bare.type() is not String or not bare.is_known() or bare.is_null():
        raise CtyTypeError(f"{what} needs a key that is a str or a known string, not {k!r}")
    return bare.as_string(), marks


def with_key(v: Value, k: str | Value, x: Value) -> Value:
    """Return map *v* with key *k* set to *x* (of the map's element type), added if new."""
    bare, marks = _container(v, "with_key", "map")
    key, key_marks = _key(k, "with_key")
    _fits(x, bare.type().element_type(), "with_key", "element")
    # (a map's payload keeps its keys sorted)
    return make(bare._ty, sorted_dict({**bare._v, key: payload(x)}), marks | key_marks)


def without_key(v: Value, k: str | Value) -> Value:
    """Return map *v* without key *k* (*v* itself if it has no such key)."""
    bare, marks = _container(v, "without_key", "map")
    key, key_marks = _key(k, "without_key")
    if key not in bare._v:
        return v
    elems = dict(bare._v)
    del elems[key]
    return make(bare._ty, elems, marks | key_marks)


def with_element(v: Value, i: int, x: Value) -> Value:
    """Return list or tuple *v* with element *i* (from 0; negative counts from the end) set to
    *x* (of that element's type)."""
    bare, marks = _container(v, "with_element", "list tuple")
    if not isinstance(i, int) or isinstance(i, bool):
        raise CtyTypeError(f"with_element needs an int index, not {type(i).__name__}")
    n = len(bare._v)
    if not -n <= i < n:
        raise IndexOutOfRangeError(f"with_element: index {i} is out of range for "
                                   f"{n} element{'s' if n != 1 else ''}")
    want = (bare.type().element_type() if bare.type().is_list_type()
            else bare.type().tuple_element_types()[i])
    _fits(x, want, "with_element", f"element {i}")
    elems = list(bare._v)
    elems[i] = payload(x)
    return make(bare._ty, tuple(elems), marks)


def append(v: Value, x: Value) -> Value:
    """Return list *v* with *x* (of its element type) added at the end, or tuple *v* with *x*
    added (a tuple type one element longer)."""
    bare, marks = _container(v, "append", "list tuple")
    if bare.type().is_list_type():
        _fits(x, bare.type().element_type(), "append", "element")
        return make(bare._ty, (*bare._v, payload(x)), marks)
    check_value(x, "the new element")
    return make(Tuple([*bare.type().tuple_element_types(), x._ty]), (*bare._v, payload(x)),
                marks)
