"""The extended type of a runtime value: lift (what the value's core type says, and none for
null) and literal_xtype (the same, with int for a whole number written as a literal)."""

from __future__ import annotations

from cty import Value
from cty._internal import check_value, deep

from ._model import INT, NONE, XType, object_, tuple_, x

__all__ = ["lift", "literal_xtype"]


def lift(v: Value) -> XType:
    """The extended type of *v*: none for a null value, else its core type as an XType.

    A number lifts to number, never int: int is a constraint a value meets or not (see
    xconvert), and literal_xtype gives int to a whole-number literal. Marks do not matter.
    """
    check_value(v, "the value")
    if v.is_known() and v.is_null():
        return NONE
    return x(v.type())


@deep
def literal_xtype(v: Value) -> XType:
    """The extended type of *v* read as a literal: int for a known whole number (of any size),
    and so inside tuples and objects (``[1, "a"]`` is ``tuple([int, string])``); otherwise
    as lift gives it."""
    check_value(v, "the value")
    u, _ = v.unmark()
    if not u.is_known() or u.is_null():
        return lift(u)
    t = u.type()
    if t.is_primitive_type() and t.friendly_name() == "number":
        return INT if u.as_big_float().is_integer() else lift(u)
    if t.is_tuple_type():
        return tuple_(*(literal_xtype(e) for e in u.as_value_slice()))
    if t.is_object_type():
        return object_({n: literal_xtype(a) for n, a in u.as_value_map().items()})
    return lift(u)
