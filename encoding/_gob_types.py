"""gob's type table: each type of a stream is described once and then named by a small id.

Ids 0 to 3 are built in (DynamicPseudoType, String, Number, Bool); a stream's type frames
assign 4, 5, ... in the order they describe types. A descriptor is a msgpack array whose first
item is a tag, and refers to its component types by ids assigned before it:

=== ========== ====================================================
tag type       descriptor
=== ========== ====================================================
1   list       ``[1, element id]``
2   map        ``[2, element id]``
3   set        ``[3, element id]``
4   object     ``[4, [names...], [ids...], [optional names...]]``
5   tuple      ``[5, [ids...]]``
6   capsule    ``[6, codec name]``
=== ========== ====================================================
"""

from __future__ import annotations

from typing import Any, Final

import cty
from cty import Path, Type, limits
from cty._internal import child_types, deep, is_normal_string

from . import _gob_registry as registry
from ._errors import EncodeError, Fail
from ._gob_opaque import opaque_capsule_type, opaque_name

BUILTIN_TYPES: Final[tuple[Type, ...]] = (cty.DynamicPseudoType, cty.String, cty.Number,
                                          cty.Bool)
"""The types with built-in ids 0, 1, 2, 3."""

T_LIST, T_MAP, T_SET, T_OBJECT, T_TUPLE, T_CAPSULE = 1, 2, 3, 4, 5, 6


def capsule_name(t: Type) -> str:
    """Return the codec name of capsule type *t*; raise EncodeError when it has none."""
    codec = registry.capsules_by_type.get(t)
    if codec is None:
        name = opaque_name(t)
        if name is not None:
            return name
        raise EncodeError(Path(), (
            f"cannot encode capsule type {t!r} ({t.friendly_name()}): no gob codec is "
            f"registered for it (see cty.encoding.gob.register_capsule_codec)"))
    return codec.name


class _Found(Exception):
    def __init__(self, path: Path) -> None:
        self.path = path


def unencodable_capsule_place(value: cty.Value) -> Path:
    """Return where *value* holds a capsule whose type gob cannot describe (no codec): the
    path of the first such capsule, or, when there is none to point at (an empty list of
    them, a null), of the innermost value whose type holds that capsule type."""
    memo: dict[Type, bool] = {}

    @deep
    def holds(t: Type) -> bool:
        h = memo.get(t)
        if h is None:
            if t.is_capsule_type():
                h = registry.capsules_by_type.get(t) is None and opaque_name(t) is None
            else:
                h = any(holds(c) for c in child_types(t))
            memo[t] = h
        return h

    innermost = Path()

    def visit(path: Path, x: cty.Value) -> bool:
        nonlocal innermost
        t = x.type()
        if not holds(t):
            return False
        if t.is_capsule_type():
            raise _Found(path)
        if len(path) > len(innermost):
            innermost = path
        return True

    try:
        cty.walk(value, visit)
    except _Found as found:
        return found.path
    return innermost


class EncoderTypes:
    """The writer's side of a stream's type table."""

    __slots__ = ("heights", "ids")

    def __init__(self) -> None:
        self.ids: dict[Type, int] = {t: i for i, t in enumerate(BUILTIN_TYPES)}
        self.heights: dict[Type, int] = dict.fromkeys(BUILTIN_TYPES, 0)
        """How many levels of containers each type nests (a value of the type nests as many)."""

    def plan(self, ty: Type) -> tuple[int, list[Any], dict[Type, int]]:
        """Return the id of *ty*, the descriptors still to write, and the ids they assign.

        The table is unchanged until commit() is given the assigned ids (so a value that
        fails to encode leaves it as it was). Raises EncodeError for a capsule type without a
        codec, and for a type nested deeper than cty.limits().max_depth (what a stream holds,
        gob reads back: the reader refuses such types).
        """
        ids = self.ids
        i = ids.get(ty)
        if i is not None:
            return i, [], {}
        heights = self.heights
        deepest = limits().max_depth
        pending: dict[Type, int] = {}
        descs: list[Any] = []
        stack: list[tuple[Type, bool]] = [(ty, False)]
        while stack:
            t, expanded = stack.pop()
            if t in ids or t in pending:
                continue
            if not expanded:
                stack.append((t, True))
                stack.extend((c, False) for c in reversed(child_types(t))
                             if c not in ids and c not in pending)
                continue
            h = heights[t] = 1 + max(map(heights.__getitem__, child_types(t)), default=-1)
            if h > deepest:
                raise EncodeError(Path(), f"value nested too deeply: {h:,} levels of containers "
                                          f"(more than max_depth={deepest:,} of cty.set_limits)")
            descs.append(self._descriptor(t, pending))
            pending[t] = len(ids) + len(pending)
        return pending[ty], descs, pending

    def commit(self, pending: dict[Type, int]) -> None:
        """Record ids that plan() assigned, once their descriptors are written."""
        self.ids.update(pending)

    def _descriptor(self, t: Type, pending: dict[Type, int]) -> list[Any]:
        ids = self.ids

        def id_of(c: Type) -> int:
            i = ids.get(c)
            return pending[c] if i is None else i

        if t.is_list_type():
            return [T_LIST, id_of(t.element_type())]
        if t.is_map_type():
            return [T_MAP, id_of(t.element_type())]
        if t.is_set_type():
            return [T_SET, id_of(t.element_type())]
        if t.is_object_type():
            attrs = t.attribute_types()
            return [T_OBJECT, list(attrs), [id_of(a) for a in attrs.values()],
                    sorted(t.optional_attributes())]
        if t.is_tuple_type():
            return [T_TUPLE, [id_of(e) for e in t.tuple_element_types()]]
        if t.is_capsule_type():
            return [T_CAPSULE, capsule_name(t)]
        raise EncodeError(Path(), f"gob cannot describe type {t!r}")


def _is_nfc(s: str) -> bool:
    return is_normal_string(s)


def _names(x: Any, what: str) -> list[str]:
    if x.__class__ is not list:
        raise Fail(f"{what} must be an array of strings")
    prev: str | None = None
    for n in x:
        if n.__class__ is not str:
            raise Fail(f"{what} must be strings, not {n!r}")
        if not _is_nfc(n):
            raise Fail(f"{what}: {n!r} is not in Unicode normal form C")
        if prev is not None and not prev < n:
            raise Fail(f"{what} must be unique and sorted: {prev!r} comes before {n!r}")
        prev = n
    return x


class DecoderTypes:
    """The reader's side of a stream's type table."""

    __slots__ = ("heights", "opaque", "types")

    def __init__(self, *, opaque: bool = False) -> None:
        self.opaque = opaque
        """Whether a capsule type whose codec is not registered is read as an opaque one."""
        self.types: list[Type] = list(BUILTIN_TYPES)
        self.heights: dict[Type, int] = dict.fromkeys(BUILTIN_TYPES, 0)
        """How many levels of containers each type described so far nests."""

    def get(self, i: int) -> Type:
        """Return the type with id *i*; Fail when the stream has not described it."""
        types = self.types
        if i.__class__ is not int or not 0 <= i < len(types):
            raise Fail(f"type id {i!r} is not defined (the stream has described ids 0 to "
                       f"{len(types) - 1} so far)")
        return types[i]

    def define(self, descs: Any) -> None:
        """Add the types a type frame describes (decoded msgpack *descs*)."""
        if descs.__class__ is not list:
            raise Fail("a type frame holds an array of type descriptors")
        deepest = limits().max_depth
        heights = self.heights
        for d in descs:
            try:
                t = self._type(d)
                # (its children were described before it: their heights are known)
                h = heights[t] = 1 + max(map(heights.__getitem__, child_types(t)), default=-1)
                if h > deepest:
                    raise Fail(f"a type nested too deeply: {h:,} levels of containers (more "
                               f"than max_depth={deepest:,} of cty.set_limits)")
                self.types.append(t)
            except Fail as e:
                e.message = f"type descriptor for id {len(self.types)}: {e.message}"
                raise

    def _type(self, d: Any) -> Type:
        if d.__class__ is not list or not d or d[0].__class__ is not int:
            raise Fail(f"a type descriptor is an array [tag, ...], not {d!r}")
        tag, n = d[0], len(d)
        get = self.get
        if tag in (T_LIST, T_MAP, T_SET) and n == 2:
            e = get(d[1])
            return (cty.List if tag == T_LIST else cty.Map if tag == T_MAP else cty.Set)(e)
        if tag == T_OBJECT and n == 4:
            names = _names(d[1], "object attribute names")
            if d[2].__class__ is not list or len(d[2]) != len(names):
                raise Fail("an object descriptor needs one type id per attribute name")
            attrs = {k: get(i) for k, i in zip(names, d[2], strict=True)}
            optional = _names(d[3], "optional attribute names")
            for o in optional:
                if o not in attrs:
                    raise Fail(f"optional attribute {o!r} is not an attribute")
            if optional:
                return cty.ObjectWithOptionalAttrs(attrs, optional)
            return cty.Object(attrs)
        if tag == T_TUPLE and n == 2:
            if d[1].__class__ is not list:
                raise Fail("a tuple descriptor is [5, [type ids...]]")
            return cty.Tuple([get(i) for i in d[1]])
        if tag == T_CAPSULE and n == 2:
            name = d[1]
            if name.__class__ is not str:
                raise Fail("a capsule descriptor is [6, codec name]")
            codec = registry.capsules_by_name.get(name)
            if codec is None:
                if self.opaque:
                    return opaque_capsule_type(name)
                raise Fail(f"no capsule codec is registered under the name {name!r} "
                           f"(see cty.encoding.gob.register_capsule_codec)")
            return codec.capsule_type
        raise Fail(f"unknown type descriptor {d!r}")
