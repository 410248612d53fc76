"""Pickling composite types as a flat table, so types of any depth pickle.

The reducers are registered with copyreg for the composite type classes (pickle and copy look
there first), so the type modules below need not know about pickling.

The pickle module recurses once per nesting level and fails long before a 10,000-deep type.
A composite type therefore reduces to a tuple of nodes in post-order: each node names its
children by their index in the table, and a type used twice is written once.
"""

from __future__ import annotations

import copyreg
from collections.abc import Callable
from typing import Any

from ._collection_types import List, ListType, Map, MapType, Set, SetType
from ._errors import CtyValueError
from ._structural_types import Object, ObjectType, ObjectWithOptionalAttrs, Tuple, TupleType
from ._type import Type, child_types

Node = Any
"""A leaf Type (primitive, dynamic, capsule) or a tuple (kind, children...)."""


def flatten(root: Type) -> tuple[Node, ...]:
    """Return *root* as a post-order table of nodes; the last node is *root*."""
    index: dict[Type, int] = {}
    nodes: list[Node] = []
    stack: list[tuple[Type, bool]] = [(root, False)]
    while stack:
        t, ready = stack.pop()
        if t in index:
            continue
        kids = child_types(t)
        if not ready and kids:
            stack.append((t, True))
            stack.extend((k, False) for k in reversed(kids) if k not in index)
            continue
        if t.is_list_type():
            node: Node = ("list", index[t.element_type()])
        elif t.is_map_type():
            node = ("map", index[t.element_type()])
        elif t.is_set_type():
            node = ("set", index[t.element_type()])
        elif t.is_object_type():
            attrs = tuple((k, index[a]) for k, a in t.attribute_types().items())
            node = ("object", attrs, tuple(sorted(t.optional_attributes())))
        elif t.is_tuple_type():
            node = ("tuple", tuple(index[e] for e in t.tuple_element_types()))
        else:
            node = t
        index[t] = len(nodes)
        nodes.append(node)
    return tuple(nodes)


def unflatten(nodes: tuple[Node, ...]) -> Type:
    """Rebuild the type that flatten() wrote as *nodes*; anything else (a pickle someone
    crafted) is refused with a CtyValueError."""
    try:
        return _unflatten(nodes)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError) as e:
        if isinstance(e, CtyValueError):
            raise
        raise CtyValueError(f"not a pickled cty type: {type(e).__name__}: {e}") from None


def _unflatten(nodes: tuple[Node, ...]) -> Type:
    built: list[Type] = []
    for node in nodes:
        if isinstance(node, Type):
            built.append(node)
            continue
        kind = node[0]
        if kind == "list":
            built.append(List(built[node[1]]))
        elif kind == "map":
            built.append(Map(built[node[1]]))
        elif kind == "set":
            built.append(Set(built[node[1]]))
        elif kind == "object":
            attrs = {k: built[i] for k, i in node[1]}
            built.append(ObjectWithOptionalAttrs(attrs, node[2]) if node[2] else Object(attrs))
        elif kind == "tuple":
            built.append(Tuple([built[i] for i in node[1]]))
        else:
            raise CtyValueError(f"unknown node {node!r} in a pickled cty type")
    if not built:
        raise CtyValueError("empty pickled cty type")
    return built[-1]


def reduce_type(t: Type) -> tuple[Callable[..., Type], tuple[Any, ...]]:
    """Return the __reduce__ result of composite type *t*."""
    return (unflatten, (flatten(t),))


for _composite in (ListType, MapType, SetType, ObjectType, TupleType):
    copyreg.pickle(_composite, reduce_type)
