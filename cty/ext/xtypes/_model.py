"""Extended types: the HCL2 model's int, none, unions, never, output and promise beside cty's
own types, as a static layer (values stay core values).

An XType is frozen and hashable, and equal XTypes are structurally equal. The constructors
normalise: a union is flattened, deduplicated and kept in canonical order (by constructor rank,
then by its text), an empty union is NEVER and a union of one is that member; output() and
promise() resolve the eventual types nested in them as Pulumi's model does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import cty
from cty import CtyTypeError, Type
from cty._internal import check_type, deep, go_quote, is_identifier

__all__ = [
    "BOOL",
    "DYNAMIC",
    "INT",
    "NEVER",
    "NONE",
    "NUMBER",
    "STRING",
    "XType",
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

# canonical order of union members: by constructor, as the formal model ranks them
_RANK = {"bool": 0, "int": 1, "number": 2, "string": 3, "dynamic": 5, "none": 6,
         "capsule": 8, "list": 9, "set": 10, "map": 11, "tuple": 12, "object": 13,
         "union": 14, "output": 15, "promise": 16}


@dataclass(frozen=True)
class XType:
    """An extended type. Build them with the module's constructors and constants.

    ``kind`` is the constructor ("bool", "int", "number", "string", "dynamic", "none",
    "capsule", "list", "set", "map", "tuple", "object", "union", "output", "promise");
    ``args`` its arguments (element types; an object's (name, type) pairs sorted by name; a
    union's members in canonical order; a capsule's core type).
    """

    kind: str
    args: tuple[object, ...] = ()

    def __str__(self) -> str:
        return _text(self)

    def __repr__(self) -> str:
        return f"<XType {self}>"

    def sort_key(self) -> tuple[int, str]:
        """The key of canonical order."""
        return (_RANK[self.kind], str(self))

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


def _resolve(t: XType, drop: tuple[str, ...]) -> XType:
    """*t* with every output (and promise, as asked) nested in it replaced by its element."""
    if t.kind in drop:
        return _resolve(t.elem, drop)
    if t.kind in ("list", "set", "map"):
        return XType(t.kind, (_resolve(t.elem, drop),))
    if t.kind == "tuple":
        return XType("tuple", tuple(_resolve(e, drop) for e in t.elems))
    if t.kind == "object":
        return XType("object", tuple((n, _resolve(a, drop)) for n, a in t.attrs.items()))
    if t.kind == "union":
        return union(*(_resolve(m, drop) for m in t.members))
    if t.kind in ("output", "promise"):
        return XType(t.kind, (_resolve(t.elem, drop),))
    return t


@deep
def resolve_outputs(t: XType) -> XType:
    """*t* with every output and promise in it replaced by its element type."""
    return _resolve(_check(t, "the type"), ("output", "promise"))


@deep
def resolve_promises(t: XType) -> XType:
    """*t* with every promise in it replaced by its element type (outputs kept)."""
    return _resolve(_check(t, "the type"), ("promise",))


def output(t: XType) -> XType:
    """output(T), with the outputs and promises nested in T resolved."""
    return XType("output", (resolve_outputs(t),))


def promise(t: XType) -> XType:
    """promise(T), with the promises nested in T resolved (outputs kept)."""
    return XType("promise", (resolve_promises(t),))


# --- bridges to core types ---------------------------------------------------------------------


@deep
def x(t: Type) -> XType:
    """The extended type of core type *t* (an optional attribute becomes ``T | none``)."""
    check_type(t, "the core type")
    if t is cty.String:
        return STRING
    if t is cty.Number:
        return NUMBER
    if t is cty.Bool:
        return BOOL
    if t is cty.DynamicPseudoType:
        return DYNAMIC
    if t.is_list_type():
        return list_(x(t.element_type()))
    if t.is_set_type():
        return set_(x(t.element_type()))
    if t.is_map_type():
        return map_(x(t.element_type()))
    if t.is_tuple_type():
        return tuple_(*(x(e) for e in t.tuple_element_types()))
    if t.is_object_type():
        opt = t.optional_attributes()
        return object_({n: optional(x(a)) if n in opt else x(a)
                        for n, a in t.attribute_types().items()})
    return XType("capsule", (t,))


@deep
def lower(t: XType) -> Type:
    """The core type values of *t* have: int is number, T? is T (an optional attribute in an
    object), output(T) and promise(T) are T, and a union is its members' one core type, or
    dynamic when they differ."""
    k = _check(t, "the type").kind
    if k in ("bool", "int", "number", "string", "dynamic", "none"):
        return {"bool": cty.Bool, "int": cty.Number, "number": cty.Number,
                "string": cty.String}.get(k, cty.DynamicPseudoType)
    if k == "capsule":
        core = t.args[0]
        assert isinstance(core, Type)
        return core
    if k in ("output", "promise"):
        return lower(t.elem)
    if k == "list":
        return cty.List(lower(t.elem))
    if k == "set":
        return cty.Set(lower(t.elem))
    if k == "map":
        return cty.Map(lower(t.elem))
    if k == "tuple":
        return cty.Tuple([lower(e) for e in t.elems])
    if k == "object":
        attrs = t.attrs
        opt = [n for n, a in attrs.items() if NONE in a.members]
        return cty.ObjectWithOptionalAttrs({n: lower(a) for n, a in attrs.items()}, opt)
    lowered = {lower(m) for m in t.members if m is not NONE and m != NONE}
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


def _attr_text(name: str, t: XType) -> str:
    rest = optional_of(t)
    if rest is not None:
        return f"{attr_key(name)}=optional({_text(rest)})"
    return f"{attr_key(name)}={_text(t)}"


@deep
def _text(t: XType) -> str:
    k = t.kind
    if k == "dynamic":
        return "any"
    if k in ("bool", "int", "number", "string", "none"):
        return k
    if k == "capsule":
        core = t.args[0]
        assert isinstance(core, Type)
        return core.type_expr()
    if k in ("list", "set", "map", "output", "promise"):
        return f"{k}({_text(t.elem)})"
    if k == "tuple":
        return "tuple([" + ",".join(_text(e) for e in t.elems) + "])"
    if k == "object":
        return "object({" + ",".join(_attr_text(n, a) for n, a in t.attrs.items()) + "})"
    members = t.members
    if not members:
        return "never"
    if NONE in members:
        rest = [m for m in members if m != NONE]
        if len(rest) == 1:
            return f"{_text(rest[0])}?"
        return "(" + " | ".join(_text(m) for m in rest) + ")?"
    return " | ".join(_text(m) for m in members)
