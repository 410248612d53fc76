"""The preference order unification uses (go-cty's compare_types.go).

``compare_types(a, b)`` is negative when *a* is the better unification target, positive when *b*
is, and zero when neither is preferred. It assumes conversions work out; unification checks.
"""

from __future__ import annotations

from cty import DynamicPseudoType, String, Type
from cty._internal import hop


@hop  # (it recurses: any depth)
def compare_types(a: Type, b: Type, /) -> int:
    """Return -1, 0 or 1: which of two types unification should prefer as its result.

    DynamicPseudoType comes last; string is preferred over the other primitive types;
    collections of the same kind compare their element types; a list is preferred over a tuple,
    a map over an object, a list or tuple over a set; same-shaped objects and tuples prefer
    the one that is a supertype on every attribute or element.

    >>> compare_types(cty.String, cty.Number)
    -1
    """
    dyn = DynamicPseudoType
    if a is dyn or b is dyn:
        if a is not dyn:
            return -1
        if b is not dyn:
            return 1
        return 0

    if a.is_primitive_type() and b.is_primitive_type() and (a is String or b is String):
        if a is not String:
            return 1
        if b is not String:
            return -1
        return 0

    if (a.is_list_type() and b.is_list_type()) or (a.is_set_type() and b.is_set_type()) or (
            a.is_map_type() and b.is_map_type()):
        return compare_types(a.element_type(), b.element_type())

    # From here on the pair may be swapped to halve the cases; "swap" turns the answer back.
    swap = 1
    if ((a.is_tuple_type() and b.is_list_type()) or (a.is_object_type() and b.is_map_type())
            or (a.is_set_type() and (b.is_tuple_type() or b.is_list_type()))):
        a, b = b, a
        swap = -1

    if b.is_set_type() and (a.is_tuple_type() or a.is_list_type()):
        return -1 * swap
    if a.is_list_type() and b.is_tuple_type():
        return -1 * swap
    if a.is_map_type() and b.is_object_type():
        return -1 * swap

    if a.is_object_type() and b.is_object_type():
        atys_a = a.attribute_types()
        atys_b = b.attribute_types()
        if len(atys_a) != len(atys_b):
            return 0
        pairs = []
        for k, t in atys_a.items():
            other = atys_b.get(k)
            if other is None:
                return 0
            pairs.append((t, other))
        return _supertype(pairs) * swap
    if a.is_tuple_type() and b.is_tuple_type():
        etys_a = a.tuple_element_types()
        etys_b = b.tuple_element_types()
        if len(etys_a) != len(etys_b):
            return 0
        return _supertype(list(zip(etys_a, etys_b, strict=True))) * swap
    return 0


def _supertype(pairs: list[tuple[Type, Type]]) -> int:
    a_super = b_super = False
    for x, y in pairs:
        c = compare_types(x, y)
        if c < 0:
            a_super = True
        elif c > 0:
            b_super = True
    if a_super and not b_super:
        return -1
    if b_super and not a_super:
        return 1
    return 0
