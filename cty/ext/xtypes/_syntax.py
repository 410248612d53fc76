"""Extended type syntax: parse_xtype reads what str() and pretty_xtype() print.

The language is HCL's type expressions with more: the keywords ``int``, ``none`` and
``never``; ``output(T)`` and ``promise(T)``; unions ``A | B`` (binding loosest) and, as
Pulumi's model writes them, ``union(A, B)``; a postfix ``?`` for ``T | none`` (binding
tightest: ``int | string?`` is ``int | (string | none)``); and parentheses for grouping, so
``(int | string)?``. In an object an attribute may be ``optional(T)``, the same as ``T?``.
Names of capsule types are read only when the caller gives them (``capsules={...}``).

pretty_xtype() lays out objects and tuples of six or more type nodes (rjsonnet's threshold)
one attribute or element per line, indented by two spaces, with trailing commas; what it
prints reads back to the same type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

import cty
from cty import Type
from cty._internal import (
    Pos,
    TokenCursor,
    TypeExprError,
    check_type,
    deep,
    describe_token,
    hop,
    tokenize,
)
from cty._internal import quote_word as _q

from ._model import (
    BOOL,
    DYNAMIC,
    INT,
    NEVER,
    NONE,
    NUMBER,
    STRING,
    XType,
    list_,
    map_,
    object_,
    optional,
    output,
    promise,
    set_,
    tuple_,
    type_text,
    union,
    x,
)

__all__ = ["parse_xtype", "pretty_xtype"]

_INVALID: Final = "Invalid type specification"
_SYNTAX: Final = "Invalid expression"
_KEYWORDS: Final = {"bool": BOOL, "int": INT, "number": NUMBER, "string": STRING,
                    "any": DYNAMIC, "none": NONE, "never": NEVER}
_ONE_TYPE: Final[dict[str, Callable[[XType], XType]]] = {
    "list": list_, "set": set_, "map": map_, "output": output, "promise": promise}
_NEEDS: Final = {
    **{k: f"The {k} type constructor requires one argument specifying the element type."
       for k in _ONE_TYPE},
    "object": "The object type constructor requires one argument specifying the attribute "
              "types and values as a map.",
    "tuple": "The tuple type constructor requires one argument specifying the element types "
             "as a list.",
    "union": "The union type constructor requires its member types as arguments.",
}
_WHAT: Final = ("A type specification is a type keyword (bool, int, number, string, any, none, "
                "never), a type constructor call like list(string), a union like "
                "int | string, or a type followed by ? for an optional one.")


class _Parser(TokenCursor):
    def __init__(self, text: str, capsules: Mapping[str, Type]) -> None:
        super().__init__(tokenize(text, "|?"))
        self.capsules = capsules

    @hop  # (it recurses, moving the cursor: any depth)
    def xtype(self) -> XType:
        members = [self.postfix()]
        while self.at("|"):
            self.take()
            members.append(self.postfix())
        return union(*members)

    def postfix(self) -> XType:
        t = self.primary()
        if self.at("?"):
            self.take()
            t = optional(t)
        return t

    def primary(self) -> XType:
        tok = self.take()
        if tok.kind == "punct" and tok.text == "(":
            t = self.xtype()
            self.expect(")", "a closing parenthesis")
            return t
        if tok.kind != "ident":
            raise TypeExprError(_INVALID, _WHAT, tok.pos)
        name = tok.text
        if not self.at("("):
            return self.keyword(name, tok.pos)
        self.take()
        if name in _KEYWORDS or name in self.capsules:
            raise TypeExprError(_INVALID, f"Type keyword {_q(name)} does not expect "
                                          "arguments.", tok.pos)
        if name == "optional":
            raise TypeExprError(_INVALID, 'Keyword "optional" is valid only as a modifier for '
                                          "object type attributes; elsewhere write T?.",
                                tok.pos)
        if name not in _NEEDS:
            raise TypeExprError(_INVALID, f"Keyword {_q(name)} is not a valid type "
                                          "constructor.", tok.pos)
        if self.at(")") and name != "union":
            raise TypeExprError(_INVALID, _NEEDS[name], self.peek().pos)
        if name == "union":
            return self.union()
        if name == "tuple":
            t = self.tuple()
        elif name == "object":
            t = self.object()
        else:
            t = _ONE_TYPE[name](self.xtype())
        if self.at(","):
            raise TypeExprError(_INVALID, _NEEDS[name], self.peek().pos)
        self.expect(")", "a closing parenthesis")
        return t

    def keyword(self, name: str, pos: Pos) -> XType:
        found = _KEYWORDS.get(name)
        if found is not None:
            return found
        capsule = self.capsules.get(name)
        if capsule is not None:
            return x(capsule)
        if name in _NEEDS:
            raise TypeExprError(_INVALID, _NEEDS[name], pos)
        raise TypeExprError(_INVALID, f"The keyword {_q(name)} is not a valid type "
                                      "specification.", pos)

    def union(self) -> XType:
        members = []
        while not self.at(")"):
            members.append(self.xtype())
            if not self.at(","):
                break
            self.take()
        self.expect(")", "a comma or a closing parenthesis")
        return union(*members)

    def tuple(self) -> XType:
        if not self.at("["):
            raise TypeExprError(_INVALID, "Tuple type constructor requires a list of element "
                                          "types.", self.peek().pos)
        self.take()
        elems = []
        while not self.at("]"):
            elems.append(self.xtype())
            if not self.at(","):
                break
            self.take()
        self.expect("]", "a comma or a closing ]")
        return tuple_(*elems)

    def object(self) -> XType:
        if not self.at("{"):
            raise TypeExprError(_INVALID, "Object type constructor requires a map whose keys "
                                          "are attribute names and whose values are the "
                                          "corresponding attribute types.", self.peek().pos)
        self.take()
        attrs: dict[str, XType] = {}
        while not self.at("}"):
            key = self.take()
            if key.kind not in ("ident", "string"):
                raise TypeExprError(_INVALID, "Object constructor map keys must be attribute "
                                              "names.", key.pos)
            name = cty.normalize_string(key.text)
            if name in attrs:
                raise TypeExprError(_INVALID, f"The attribute {_q(name)} is given more than "
                                              "once.", key.pos)
            self.attribute_separator()
            attrs[name] = self.attribute()
            self.item_end("}")
        self.expect("}", "a closing }")
        return object_(attrs)

    def attribute(self) -> XType:
        tok = self.peek()
        if tok.kind == "ident" and tok.text == "optional" and \
                self.tokens[self.k + 1].text == "(":
            self.take()
            self.take()
            t = optional(self.xtype())
            if self.at(","):
                raise TypeExprError(_INVALID, "Optional attribute modifier expects only one "
                                              "argument: the attribute type.", self.peek().pos)
            self.expect(")", "a closing parenthesis")
            return t
        return self.xtype()


@deep
def parse_xtype(text: str, /, *, capsules: Mapping[str, Type] | None = None) -> XType:
    """The extended type *text* describes (the module docstring gives the language).

    *capsules* maps the names a text may use for capsule types to those types. Raises
    TypeExprError, with the line and column, for text that is not an extended type.

    >>> str(parse_xtype("string | (int | bool)"))
    'bool | int | string'
    >>> str(parse_xtype("object({port = int, tags = optional(list(string))})"))
    'object({port=int,tags=optional(list(string))})'
    """
    if not isinstance(text, str):
        raise cty.CtyTypeError(f"parse_xtype reads a str, not {type(text).__name__}")
    names: Mapping[str, Type] = {}
    if capsules is not None:
        if not isinstance(capsules, Mapping):
            raise cty.CtyTypeError("capsules maps names to capsule types, not "
                                   f"{type(capsules).__name__}")
        for name, ct in capsules.items():
            if not isinstance(name, str) or not check_type(ct, "a capsule").is_capsule_type():
                raise cty.CtyTypeError(f"capsules maps names to capsule types: {name!r} maps "
                                       f"to {ct!r}")
        names = capsules
    parser = _Parser(text, names)
    t = parser.xtype()
    tok = parser.peek()
    if tok.kind != "end":
        raise TypeExprError(_SYNTAX, f"Extra characters after the type: "
                                     f"{describe_token(tok)}.", tok.pos)
    return t


# --- the pretty form ---------------------------------------------------------------------------


def pretty_xtype(t: XType) -> str:
    """*t* for people: as str() gives it, but objects and tuples of six or more type nodes
    take one line per attribute or element, indented by two spaces, with trailing commas.
    parse_xtype reads it back.

    >>> print(pretty_xtype(object_({"host": STRING, "port": INT, "tags": list_(STRING),
    ...                             "tls": optional(BOOL)})))
    object({
      host = string,
      port = int,
      tags = list(string),
      tls = optional(bool),
    })
    """
    if not isinstance(t, XType):
        raise cty.CtyTypeError(f"pretty_xtype prints an XType, not {type(t).__name__}")
    return type_text(t, "")
