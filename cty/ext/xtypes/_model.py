"""Extended types: the HCL2 model's int, none, unions, never, output and promise beside cty's
own types, as a static layer (values stay core values).

An XType is frozen and hashable, and equal XTypes are structurally equal. The constructors
normalise: a union is flattened, deduplicated and kept in canonical order (by constructor rank,
then by its text), an empty union is NEVER and a union of one is that member; output() and
promise() resolve the eventual types nested in them as Pulumi's model does.
"""

from __future__ import annotations

import functools
import threading
import weakref
from collections.abc import Mapping
from typing import Final

import cty
from cty import CtyTypeError, Type
from cty._internal import check_type, deep, go_quote, hop, is_identifier

__all__ = [
    "BOOL",
    "DYNAMIC",
    "INT",
    "NEVER",
    "NONE",
    "NUMBER",
    "STRING",
    "XType",
    "contains_outputs",
    "contains_promises",
    "list_",
    "lower",
    "map_",
    "object_",
    "optional",
    "output",
    "promise",
    "resolve_outputs",
    "resolve_promises",
    "set_",
    "tuple_",
    "union",
    "x",
]

_INTERNED: weakref.WeakValueDictionary[tuple[str, tuple[object, ...]], XType] = \
    weakref.WeakValueDictionary()
_INTERN_LOCK = threading.Lock()

# canonical order of union members: by constructor, as the formal model ranks them
_RANK = {"bool": 0, "int": 1, "number": 2, "string": 3, "dynamic": 5, "none": 6,
         "capsule": 8, "list": 9, "set": 10, "map": 11, "tuple": 12, "object": 13,
         "union": 14, "output": 15, "promise": 16}


_OUTPUT: Final = 1
_PROMISE: Final = 2
_EVENTUAL_KINDS: Final = {"output": _OUTPUT, "promise": _PROMISE}


def _summary(kind: str, args: tuple[object, ...]) -> tuple[int, int]:
    """The eventual kinds (_OUTPUT, _PROMISE bits) in a type of *kind* with *args*, at any
    depth, and its height: each from its children's, which are interned and know theirs (so
    building a type costs O(children), and asking a deep type costs nothing)."""
    found = _EVENTUAL_KINDS.get(kind, 0)
    height = -1
    for arg in args:
        child = arg[1] if isinstance(arg, tuple) else arg  # (an object's (name, type) pair)
        if isinstance(child, XType):
            found |= child._eventuals
            height = max(height, child.height)
    return found, height + 1


class XType:
    """An extended type. Build them with the module's constructors and constants.

    ``kind`` is the constructor ("bool", "int", "number", "string", "dynamic", "none",
    "capsule", "list", "set", "map", "tuple", "object", "union", "output", "promise");
    ``args`` its arguments (element types; an object's (name, type) pairs sorted by name; a
    union's members in canonical order; a capsule's core type); ``height`` how many levels of
    constructors with type arguments it nests (0 for ``int``, 1 for ``list(int)``).

    XTypes are interned: building the same type twice gives the same object, so equality is
    identity and costs nothing however deep the types are.
    """

    __slots__ = ("__weakref__", "_eventuals", "_hash", "args", "height", "kind")
    kind: str
    args: tuple[object, ...]
    _hash: int
    _eventuals: int
    height: int

    def __new__(cls, kind: str, args: tuple[object, ...] = ()) -> XType:
        key = (kind, args)  # its children are interned: hashing and comparing it is shallow
        with _INTERN_LOCK:
            found = _INTERNED.get(key)
            if found is not None:
                return found
            self = object.__new__(cls)
            object.__setattr__(self, "kind", kind)
            object.__setattr__(self, "args", args)
            object.__setattr__(self, "_hash", hash(key))
            eventuals, height = _summary(kind, args)
            object.__setattr__(self, "_eventuals", eventuals)
            object.__setattr__(self, "height", height)
            _INTERNED[key] = self
            return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"XType is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"XType is immutable: cannot delete {name!r}")

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other

    def __reduce__(self) -> tuple[object, tuple[str, tuple[object, ...]]]:
        return (XType, (self.kind, self.args))  # interned again where it is loaded

    def __str__(self) -> str:
        return type_text(self)

    def __repr__(self) -> str:
        return f"<XType {self}>"

    def sort_key(self) -> _Canonical:
        """The key of canonical order: by constructor rank, then by structure (children in
        order, attribute names before their types, fewer children first)."""
        return _Canonical(self)

    @property
    def elem(self) -> XType:
        """The element type of a list, set, map, output or promise."""
        if self.kind not in ("list", "set", "map", "output", "promise"):
            raise CtyTypeError(f"{self} has no element type")
        e = self.args[0]
        assert isinstance(e, XType)
        return e

    @property
    def members(self) -> tuple[XType, ...]:
        """A union's members (a non-union type is its own one member)."""
        if self.kind != "union":
            return (self,)
        return self.args  # type: ignore[return-value]

    @property
    def children(self) -> tuple[XType, ...]:
        """The types directly inside: element, elements, attributes' types or members."""
        k = self.kind
        if k in ("list", "set", "map", "output", "promise", "tuple", "union"):
            return self.args  # type: ignore[return-value]
        if k == "object":
            return tuple(self.attrs.values())
        return ()

    @property
    def elems(self) -> tuple[XType, ...]:
        """A tuple's element types."""
        if self.kind != "tuple":
            raise CtyTypeError(f"{self} has no element types")
        return self.args  # type: ignore[return-value]

    @property
    def attrs(self) -> dict[str, XType]:
        """An object's attribute types by name."""
        if self.kind != "object":
            raise CtyTypeError(f"{self} has no attributes")
        return dict(self.args)  # type: ignore[arg-type]


def _compare(a: XType, b: XType) -> int:
    """-1, 0 or 1 as *a* comes before, with or after *b* in canonical order. Iterative, so
    deep types compare without deep recursion; shared (interned) parts are skipped at once."""
    stack: list[tuple[object, object]] = [(a, b)]
    while stack:
        x_, y_ = stack.pop()
        if x_ is y_:
            continue
        if not (isinstance(x_, XType) and isinstance(y_, XType)):  # names, lengths, capsules
            kx, ky = _plain_key(x_), _plain_key(y_)
            if kx != ky:
                return -1 if kx < ky else 1
            continue
        rx, ry = _RANK[x_.kind], _RANK[y_.kind]
        if rx != ry:
            return -1 if rx < ry else 1
        xs, ys = _parts(x_), _parts(y_)
        stack.append((len(xs), len(ys)))
        stack.extend(reversed(list(zip(xs, ys, strict=False))))
    return 0


def _plain_key(v: object) -> tuple[int, str]:
    """An attribute name, a count of children or a capsule's core type, as a sort key."""
    if isinstance(v, int):
        return (v, "")
    return (0, v.type_expr() if isinstance(v, Type) else str(v))


def _parts(t: XType) -> list[object]:
    """What canonical order compares of *t*, in order."""
    if t.kind == "object":
        return [p for pair in t.args for p in pair]  # type: ignore[attr-defined]
    return list(t.args)


class _Canonical:
    """A sort key comparing XTypes in canonical order."""

    __slots__ = ("t",)

    def __init__(self, t: XType) -> None:
        self.t = t

    def __lt__(self, other: _Canonical) -> bool:
        return _compare(self.t, other.t) < 0


BOOL = XType("bool")
"""bool."""
INT = XType("int")
"""int: a whole number (a static refinement of number; values stay numbers)."""
NUMBER = XType("number")
"""number."""
STRING = XType("string")
"""string."""
DYNAMIC = XType("dynamic")
"""any: the top of conversion (cty's DynamicPseudoType)."""
NONE = XType("none")
"""none: the type of null, which only none (and unions with it) admit."""
NEVER = XType("union", ())
"""never: the empty union."""


def _check(t: object, what: str) -> XType:
    if not isinstance(t, XType):
        raise CtyTypeError(f"{what} must be an XType, not {type(t).__name__}")
    return t


def list_(elem: XType) -> XType:
    """list(T)."""
    return XType("list", (_check(elem, "the element type"),))


def set_(elem: XType) -> XType:
    """set(T)."""
    return XType("set", (_check(elem, "the element type"),))


def map_(elem: XType) -> XType:
    """map(T)."""
    return XType("map", (_check(elem, "the element type"),))


def tuple_(*elems: XType) -> XType:
    """tuple([T, ...])."""
    return XType("tuple", tuple(_check(e, "a tuple element type") for e in elems))


def object_(attrs: Mapping[str, XType]) -> XType:
    """object({name = T, ...}); an attribute whose type admits none is optional."""
    if not isinstance(attrs, Mapping):
        raise CtyTypeError(f"object_ takes a mapping of names to XTypes, not "
                           f"{type(attrs).__name__}")
    pairs = []
    for name, t in attrs.items():
        if not isinstance(name, str):
            raise CtyTypeError(f"attribute names are strings, not {type(name).__name__}")
        pairs.append((name, _check(t, f"attribute {name!r}")))
    return XType("object", tuple(sorted(pairs)))


def union(*ts: XType) -> XType:
    """The union of *ts*: flattened, deduplicated, in canonical order; NEVER when empty, the
    member itself when there is one."""
    found: dict[XType, None] = {}
    for t in ts:
        for m in _check(t, "a union member").members:
            found[m] = None
    members = sorted(found, key=XType.sort_key)
    if len(members) == 1:
        return members[0]
    return XType("union", tuple(members))


def optional(t: XType) -> XType:
    """T?: union(T, none)."""
    return union(t, NONE)


@hop  # (it recurses: any depth)
def _resolve(t: XType, drop: int) -> XType:
    """*t* with every output or promise nested in it (the kinds *drop* has bits for) replaced
    by its element. A part without them is returned as it is, so the cost is the size of the
    parts that change."""
    if not t._eventuals & drop:
        return t
    if _EVENTUAL_KINDS.get(t.kind, 0) & drop:
        return _resolve(t.elem, drop)
    if t.kind in ("list", "set", "map", "output", "promise"):
        return XType(t.kind, (_resolve(t.elem, drop),))
    if t.kind == "tuple":
        return XType("tuple", tuple(_resolve(e, drop) for e in t.elems))
    if t.kind == "object":
        return XType("object", tuple((n, _resolve(a, drop)) for n, a in t.attrs.items()))
    return union(*(_resolve(m, drop) for m in t.members))


@deep
def resolve_outputs(t: XType) -> XType:
    """*t* with every output and promise in it replaced by its element type."""
    return _resolve(_check(t, "the type"), _OUTPUT | _PROMISE)


@deep
def resolve_promises(t: XType) -> XType:
    """*t* with every promise in it replaced by its element type (outputs kept)."""
    return _resolve(_check(t, "the type"), _PROMISE)


def contains_outputs(t: XType) -> bool:
    """Whether an output is in *t*, at any depth. Cost: O(1)."""
    return bool(_check(t, "the type")._eventuals & _OUTPUT)


def contains_promises(t: XType) -> bool:
    """Whether a promise is in *t*, at any depth. Cost: O(1)."""
    return bool(_check(t, "the type")._eventuals & _PROMISE)


def output(t: XType) -> XType:
    """output(T), with the outputs and promises nested in T resolved."""
    return XType("output", (resolve_outputs(t),))


def promise(t: XType) -> XType:
    """promise(T), with the promises nested in T resolved (outputs kept)."""
    return XType("promise", (resolve_promises(t),))


# --- bridges to core types ---------------------------------------------------------------------


def x(t: Type) -> XType:
    """The extended type of core type *t* (an optional attribute becomes ``T | none``)."""
    return _x(check_type(t, "the core type"))


@functools.lru_cache(maxsize=4096)
@deep
def _x(t: Type) -> XType:
    if t is cty.String:
        return STRING
    if t is cty.Number:
        return NUMBER
    if t is cty.Bool:
        return BOOL
    if t is cty.DynamicPseudoType:
        return DYNAMIC
    if t.is_list_type():
        return list_(_x(t.element_type()))
    if t.is_set_type():
        return set_(_x(t.element_type()))
    if t.is_map_type():
        return map_(_x(t.element_type()))
    if t.is_tuple_type():
        return tuple_(*(_x(e) for e in t.tuple_element_types()))
    if t.is_object_type():
        opt = t.optional_attributes()
        return object_({n: optional(_x(a)) if n in opt else _x(a)
                        for n, a in t.attribute_types().items()})
    return XType("capsule", (t,))


def lower(t: XType) -> Type:
    """The core type values of *t* have: int is number, T? is T (an optional attribute in an
    object), output(T) and promise(T) are T, and a union is its members' one core type, or
    dynamic when they differ."""
    return _lower(_check(t, "the type"))


@functools.lru_cache(maxsize=4096)
@deep
def _lower(t: XType) -> Type:
    k = t.kind
    if k in ("bool", "int", "number", "string", "dynamic", "none"):
        return {"bool": cty.Bool, "int": cty.Number, "number": cty.Number,
                "string": cty.String}.get(k, cty.DynamicPseudoType)
    if k == "capsule":
        core = t.args[0]
        assert isinstance(core, Type)
        return core
    if k in ("output", "promise"):
        return _lower(t.elem)
    if k == "list":
        return cty.List(_lower(t.elem))
    if k == "set":
        return cty.Set(_lower(t.elem))
    if k == "map":
        return cty.Map(_lower(t.elem))
    if k == "tuple":
        return cty.Tuple([_lower(e) for e in t.elems])
    if k == "object":
        attrs = t.attrs
        opt = [n for n, a in attrs.items() if NONE in a.members]
        return cty.ObjectWithOptionalAttrs({n: _lower(a) for n, a in attrs.items()}, opt)
    lowered = {_lower(m) for m in t.members if m is not NONE and m != NONE}
    return lowered.pop() if len(lowered) == 1 else cty.DynamicPseudoType


# --- text --------------------------------------------------------------------------------------


def attr_key(name: str) -> str:
    """An attribute's name as an object type's text writes it: quoted unless an identifier."""
    return name if is_identifier(name) else go_quote(name)


def optional_of(t: XType) -> XType | None:
    """T when *t* is ``T | none`` (T not never), which an attribute writes ``optional(T)``;
    else None."""
    if t.kind == "union" and NONE in t.members and len(t.members) > 1:
        return union(*(m for m in t.members if m != NONE))
    return None


_WORDS = {"dynamic": "any", "bool": "bool", "int": "int", "number": "number",
          "string": "string", "none": "none"}
PRETTY_THRESHOLD = 6
"""In the pretty form, an object or tuple of this many type nodes or more takes one line per
attribute or element (rjsonnet's threshold)."""


def _big(t: XType) -> bool:
    """Whether *t* has PRETTY_THRESHOLD type nodes or more (counted only that far)."""
    count, todo = 0, [t]
    while todo:
        count += 1
        if count >= PRETTY_THRESHOLD:
            return True
        todo.extend(todo.pop().children)
    return False


@deep  # (a rerun for depth starts again with no pieces)
def type_text(t: XType, indent: str | None = None) -> str:
    """*t*'s text: compact (``str(t)``) when *indent* is None, else the pretty form at that
    indentation. Written as pieces joined once, since a type shared many times over (as
    input_type makes them) can have a text far longer than the type is big."""
    out: list[str] = []
    _write(t, out, indent)
    return "".join(out)


@hop  # (it recurses, adding to what it is given: any depth)
def _write(t: XType, out: list[str], indent: str | None) -> None:
    k = t.kind
    word = _WORDS.get(k)
    if word is not None:
        out.append(word)
    elif k == "capsule":
        core = t.args[0]
        assert isinstance(core, Type)
        out.append(core.type_expr())
    elif k in ("list", "set", "map", "output", "promise"):
        out.append(f"{k}(")
        _write(t.elem, out, indent)
        out.append(")")
    elif k == "union":
        _write_union(t, out, indent)
    elif indent is not None and t.args and _big(t):
        _write_lines(t, out, indent)
    else:
        out.append("tuple([" if k == "tuple" else "object({")
        for i, (name, item) in enumerate(_items(t)):
            if i:
                out.append(",")
            if name is None:
                _write(item, out, indent)
            else:
                _write_attr(name, item, "=", out, indent)
        out.append("])" if k == "tuple" else "})")


def _items(t: XType) -> list[tuple[str | None, XType]]:
    """A tuple's elements (with no name) or an object's attributes."""
    if t.kind == "tuple":
        return [(None, e) for e in t.elems]
    return list(t.attrs.items())


def _write_union(t: XType, out: list[str], indent: str | None) -> None:
    members = t.members
    if not members:
        out.append("never")
        return
    some = [m for m in members if m != NONE]
    optional_ = len(some) < len(members)
    if optional_ and len(some) > 1:
        out.append("(")
    for i, m in enumerate(some):
        if i:
            out.append(" | ")
        _write(m, out, indent)
    if optional_:
        out.append("?" if len(some) == 1 else ")?")


def _write_attr(name: str, t: XType, sep: str, out: list[str], indent: str | None) -> None:
    out.append(attr_key(name) + sep)
    rest = optional_of(t)
    if rest is None:
        _write(t, out, indent)
    else:
        out.append("optional(")
        _write(rest, out, indent)
        out.append(")")


def _write_lines(t: XType, out: list[str], indent: str) -> None:
    inner = indent + "  "
    out.append("tuple([\n" if t.kind == "tuple" else "object({\n")
    for name, item in _items(t):
        out.append(inner)
        if name is None:
            _write(item, out, inner)
        else:
            _write_attr(name, item, " = ", out, inner)
        out.append(",\n")
    out.append(indent + ("])" if t.kind == "tuple" else "})"))
