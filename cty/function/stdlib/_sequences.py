"""Building a function's list or tuple result."""

from __future__ import annotations

from collections.abc import Sequence

from cty import Type, Value, list_val, list_val_empty, tuple_val

__all__ = ["sequence_of"]


def sequence_of(ty: Type, items: Sequence[Value]) -> Value:
    """A value of the tuple or list type *ty* holding *items* (an empty list of its element
    type when there are none)."""
    if ty.is_tuple_type():
        return tuple_val(items)
    if not items:
        return list_val_empty(ty.element_type())
    return list_val(items)
