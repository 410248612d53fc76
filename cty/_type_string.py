"""``cty.type_string``: a type as HCL's TypeString writes it, or in a multi-line form for
people.

The compact form is HCL's ``typeexpr.TypeString`` byte for byte (checked against HCL v2.24 on
every type of tests/vectors/hcl_typeexpr.jsonl): attributes sorted, no spaces, names that are
not identifiers quoted Go's way, and no ``optional(...)`` (``str(type)`` keeps it, so that it
reads back). The pretty form breaks an object or tuple of six type nodes or more onto one line
per attribute or element, two spaces deeper each level, with trailing commas (rjsonnet's
threshold); it reads back with ``parse_type``.
"""

from __future__ import annotations

from typing import Final, Literal

from ._capsule import CapsuleType
from ._deep import deep, hop
from ._errors import CtyTypeError, CtyValueError
from ._go_names import go_string_literal
from ._type import Type, check_type, child_types
from .hcl._names import is_hcl_identifier

PRETTY_THRESHOLD: Final = 6
"""In the pretty form, an object or tuple of this many type nodes or more takes one line per
attribute or element."""


@deep
def type_string(ty: Type, /, style: Literal["compact", "pretty"] = "compact") -> str:
    """Return *ty* as an HCL type expression: HCL's TypeString (``style="compact"``) or the
    multi-line form (``style="pretty"``). Neither writes ``optional(...)`` (HCL's TypeString
    leaves it out; ``str(ty)`` writes it). Capsule types have no type expression:
    CtyTypeError.

    >>> cty.type_string(cty.Object({"foo": cty.Bool, "bar": cty.String}))
    'object({bar=string,foo=bool})'
    >>> print(cty.type_string(cty.Object({k: cty.String for k in "abcde"}), style="pretty"))
    object({
      a = string,
      b = string,
      c = string,
      d = string,
      e = string,
    })
    """
    check_type(ty, "type_string's type")
    if style not in ("compact", "pretty"):
        raise CtyValueError(f'style must be "compact" or "pretty", not {style!r}')
    out: list[str] = []
    _write(ty, out, "" if style == "pretty" else None)
    return "".join(out)


def _big(ty: Type) -> bool:
    """Whether *ty* has PRETTY_THRESHOLD type nodes or more (counted only that far)."""
    count, todo = 0, [ty]
    while todo:
        count += 1
        if count >= PRETTY_THRESHOLD:
            return True
        todo.extend(child_types(todo.pop()))
    return False


def _name(name: str) -> str:
    return name if is_hcl_identifier(name) else go_string_literal(name)


@hop  # (it recurses, adding to what it is given: any depth)
def _write(ty: Type, out: list[str], indent: str | None) -> None:
    if isinstance(ty, CapsuleType):
        raise CtyTypeError(f"{ty.friendly_name()} is a capsule type, which has no HCL type "
                           "expression")
    if ty.is_primitive_type() or ty.is_dynamic_pseudo_type():
        out.append(ty.type_expr())
    elif ty.is_list_type() or ty.is_set_type() or ty.is_map_type():
        out.append("list(" if ty.is_list_type() else "set(" if ty.is_set_type() else "map(")
        _write(ty.element_type(), out, indent)
        out.append(")")
    else:
        is_tuple = ty.is_tuple_type()
        items: list[tuple[str | None, Type]] = (
            [(None, e) for e in ty.tuple_element_types()] if is_tuple
            else sorted(ty.attribute_types().items()))
        opening, closing = ("tuple([", "])") if is_tuple else ("object({", "})")
        if indent is not None and items and _big(ty):
            inner = indent + "  "
            out.append(opening + "\n")
            for name, item in items:
                out.append(inner if name is None else f"{inner}{_name(name)} = ")
                _write(item, out, inner)
                out.append(",\n")
            out.append(indent + closing)
            return
        out.append(opening)
        for i, (name, item) in enumerate(items):
            if i:
                out.append(",")
            if name is not None:
                out.append(_name(name) + "=")
            _write(item, out, indent)
        out.append(closing)
