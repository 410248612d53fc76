"""HCL type expressions: ``cty.parse_type("list(object({name = string}))")``.

The language is HCL's (its typeexpr extension): the keywords ``string``, ``number``, ``bool``
and ``any``; the constructors ``list(T)``, ``set(T)``, ``map(T)``, ``tuple([T, ...])`` and
``object({name = T, ...})``; and, for an object's attribute, ``optional(T)``. Errors use HCL's
words and point at the line and column. ``str(ty)`` prints a type in this language, and what
it prints parses back to the same type (capsule types aside: they have no written form).
"""

from __future__ import annotations

import json
from typing import Final, Protocol

from ._collection_types import List, Map, Set
from ._deep import deep, hop
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError
from ._primitive_type import Bool, Number, String
from ._strings import normalize_string
from ._structural_types import ObjectWithOptionalAttrs, Tuple
from ._type import Type
from .hcl._lexer import Node, Pos, TypeExprError
from .hcl._lexer import quote_word as _q
from .hcl._parser import parse_expression

_INVALID: Final = "Invalid type specification"
_KEYWORDS: Final = {"bool": Bool, "string": String, "number": Number}
_CONSTRUCTOR_NEEDS: Final = {
    "list": "The list type constructor requires one argument specifying the element type.",
    "set": "The set type constructor requires one argument specifying the element type.",
    "map": "The map type constructor requires one argument specifying the element type.",
    "object": "The object type constructor requires one argument specifying the attribute "
              "types and values as a map.",
    "tuple": "The tuple type constructor requires one argument specifying the element types "
             "as a list.",
}


class DefaultsBuilder(Protocol):
    """What reading defaults (``optional(T, default)``) needs from above the type layer:
    cty.convert evaluates a default and converts it to its attribute's type, and builds the
    tree of defaults that applies them to values."""

    def evaluate(self, node: Node, /) -> object:
        """Return the value of the default expression *node*; raise TypeExprError (HCL's
        diagnostic) if it cannot be evaluated without variables and functions."""

    def default(self, value: object, node: Node, attr_type: Type, /) -> object:
        """Return *value* (the default *node* gave) converted to *attr_type*; raise
        TypeExprError if it does not convert."""

    def tree(self, ty: Type, values: dict[str, object], children: dict[str, object],
             /) -> object:
        """Return the defaults of a node of type *ty*: its attributes' *values* and its
        *children*' defaults (keyed by attribute name, tuple index, or "" for a collection's
        elements)."""


@deep
def parse_type(text: str, /, *, constraint: bool = True, allow_quoted_keys: bool = False
               ) -> Type:
    """Return the type the HCL type expression *text* describes.

    With *constraint* (the default, HCL's TypeConstraint) ``any`` stands for
    DynamicPseudoType and object attributes may be ``optional(T)``; without it (HCL's Type)
    only exact types are allowed. Raises TypeExprError, with HCL's words and the line and
    column, for text that is not a type expression. With *allow_quoted_keys* an object's
    attribute name may also be a quoted string with Go's escapes, as ``str(type)`` writes
    names that are not identifiers (HCL refuses them: "Object constructor map keys must be
    attribute names.").

    >>> cty.parse_type("object({name = string, port = optional(number)})")
    cty.ObjectWithOptionalAttrs({'name': cty.String, 'port': cty.Number}, ['port'])
    >>> str(cty.parse_type("map( list(any) )"))
    'map(list(any))'
    """
    check_text(text)
    node = parse_expression(text, go_escapes=allow_quoted_keys)
    return interpret(node, constraint, None, allow_quoted_keys=allow_quoted_keys)[0]


def check_text(text: object) -> None:
    """Raise CtyTypeError unless *text* is a str."""
    if not isinstance(text, str):
        raise CtyTypeError(f"a type expression must be a str, not {type(text).__name__}")


def interpret(node: Node, constraint: bool, builder: DefaultsBuilder | None, *,
              allow_quoted_keys: bool = False) -> tuple[Type, object | None]:
    """Return the type the expression *node* describes, and (given a *builder*, which allows
    ``optional(T, default)``) the tree of its defaults, or None where it has none."""
    return _Interpreter(constraint, builder, allow_quoted_keys).type(node)


def _error(detail: str, pos: Pos, summary: str = _INVALID) -> TypeExprError:
    return TypeExprError(summary, detail, pos)


class _Interpreter:
    """HCL's getType over an expression tree."""

    def __init__(self, constraint: bool, builder: DefaultsBuilder | None,
                 allow_quoted_keys: bool) -> None:
        self.constraint = constraint
        self.builder = builder
        self.quoted_keys = allow_quoted_keys

    @hop  # (it recurses: any depth)
    def type(self, node: Node) -> tuple[Type, object | None]:
        constraint, builder = self.constraint, self.builder
        if node.kind == "ident":
            return _keyword(node, constraint), None
        if node.kind != "call":
            raise _error("A type specification is either a primitive type keyword (bool, "
                         "number, string) or a complex type constructor call, like "
                         "list(string).", node.pos)
        name, args = node.text, node.items
        args_pos = node.args_pos or node.pos
        if name in _KEYWORDS:
            raise _error(f"Primitive type keyword {_q(name)} does not expect arguments.",
                         args_pos)
        if name == "any":
            raise _error(f"Type constraint keyword {_q(name)} does not expect arguments.",
                         args_pos)
        if len(args) != 1 and name in _CONSTRUCTOR_NEEDS:
            raise _error(_CONSTRUCTOR_NEEDS[name], args[1].pos if len(args) > 1 else args_pos)
        if name in {"list", "set", "map"}:
            ety, inner = self.type(args[0])
            ty = List(ety) if name == "list" else Set(ety) if name == "set" else Map(ety)
            return ty, _tree(builder, ty, {}, {"": inner})
        if name == "object":
            return self._object(args[0])
        if name == "tuple":
            arg = args[0]
            if arg.kind != "list":
                raise _error("Tuple type constructor requires a list of element types.",
                             arg.pos)
            elems = [self.type(item) for item in arg.items]
            ty = Tuple([t for t, _ in elems])
            return ty, _tree(builder, ty, {}, {str(i): d for i, (_, d) in enumerate(elems)})
        if name == "optional":
            raise _error(f"Keyword {_q(name)} is valid only as a modifier for object type "
                         "attributes.", node.pos)
        raise _error(f"Keyword {_q(name)} is not a valid type constructor.", node.pos)

    def _attribute_name(self, key: Node) -> str | None:
        if key.kind == "ident" or (key.kind == "string" and self.quoted_keys):
            return normalize_string(key.text)
        return None

    def _object(self, arg: Node) -> tuple[Type, object | None]:
        constraint, builder = self.constraint, self.builder
        if arg.kind != "object":
            raise _error("Object type constructor requires a map whose keys are attribute "
                         "names and whose values are the corresponding attribute types.",
                         arg.pos)
        attrs: dict[str, Type] = {}
        optional: list[str] = []
        values: dict[str, object] = {}
        children: dict[str, object | None] = {}
        as_written: dict[str, str] = {}
        """Each attribute's name as first written (HCL's uniqueness check compares those)."""
        for key, written in arg.pairs:
            value = written
            name = self._attribute_name(key)
            if name is None:
                raise _error("Object constructor map keys must be attribute names.", key.pos)
            if key.text in as_written.values():
                raise _error("Object constructor map keys must be unique.", key.pos)
            if name in attrs:  # (two spellings of one name: NFC_EQUAL_NAMES)
                self._same_attribute(name, as_written[name], key, written, (
                    attrs[name], name in optional,
                    name in values or children[name] is not None))
                continue
            as_written[name] = key.text
            default = None
            if value.kind == "call" and value.text == "optional":
                args_pos = value.args_pos or value.pos
                if not value.items:
                    raise _error("Optional attribute modifier requires the attribute type as "
                                 "its argument.", args_pos)
                if not constraint:
                    raise _error("Optional attribute modifier is only for type constraints, "
                                 "not for exact types.", value.pos)
                if builder is None and len(value.items) > 1:
                    error = _error("Optional attribute modifier expects only one argument: "
                                   "the attribute type.", args_pos)
                    if len(value.items) == 2:  # (HCL's words stay as they are; a note says)
                        error.add_note("A default (optional(T, default)) is read by "
                                       "cty.convert.parse_type_with_defaults.")
                    raise error
                if len(value.items) > 2:
                    raise _error("Optional attribute modifier expects at most two "
                                 "arguments: the attribute type, and a default value.",
                                 args_pos)
                optional.append(name)
                if len(value.items) == 2 and builder is not None:
                    # HCL evaluates a default in its attribute's turn, before the type
                    default = (value.items[1], builder.evaluate(value.items[1]))
                value = value.items[0]
            attrs[name], children[name] = self.type(value)
            if default is not None and builder is not None:
                values[name] = builder.default(default[1], default[0], attrs[name])
        ty = ObjectWithOptionalAttrs(attrs, optional)
        return ty, _tree(builder, ty, values, children)

    def _same_attribute(self, name: str, first: str, key: Node, written: Node,
                        known: tuple[Type, bool, bool]) -> None:
        """An attribute written again under another spelling of its name, the same in NFC
        (as cty's attribute names are; the first written *first*, *known* its type, whether
        it is optional and whether it has defaults): HCL takes
        both, and cty keeps one of them, chosen by Go's map order. Where both are the same
        attribute without defaults, that is the answer whichever is kept; otherwise there
        is no one answer, and this refuses it (docs/design/divergences.md, NFC_EQUAL_NAMES)."""
        ty, optional, defaulted = known
        again, defaults = self._object(Node("object", key.pos, pairs=((key, written),)))
        if (not defaulted and defaults is None and again.attribute_type(name) == ty
                and again.attribute_optional(name) == optional):
            return
        raise _error(f"The attribute names {json.dumps(first)} and {json.dumps(key.text)} are "
                     "one name in Unicode normalization form C, as an object type's attribute "
                     "names are, with different types, optional and not, or with defaults: "
                     "write the attribute once.", key.pos)


def _tree(builder: DefaultsBuilder | None, ty: Type, values: dict[str, object],
          children: dict[str, object | None]) -> object | None:
    """Return the builder's defaults of a node, or None where there are none (HCL's
    collectionDefaults and structuredDefaults)."""
    kids = {k: d for k, d in children.items() if d is not None}
    if builder is None or not (values or kids):
        return None
    return builder.tree(ty, values, kids)


def _keyword(node: Node, constraint: bool) -> Type:
    kw = node.text
    found = _KEYWORDS.get(kw)
    if found is not None:
        return found
    if kw == "any":
        if constraint:
            return DynamicPseudoType
        raise _error(f"The keyword {_q(kw)} cannot be used in this type specification: an "
                     "exact type is required.", node.pos)
    if kw in _CONSTRUCTOR_NEEDS:
        raise _error(_CONSTRUCTOR_NEEDS[kw], node.pos)
    raise _error(f"The keyword {_q(kw)} is not a valid type specification.", node.pos)
