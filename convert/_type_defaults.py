"""Type expressions with defaults: ``optional(number, 80)``, applied to values as HCL does.

``parse_type_with_defaults`` reads a type expression whose optional attributes may name a
default (HCL's TypeConstraintWithDefaults): the default is any expression HCL can evaluate
without variables and functions (cty.hcl._eval), converted to the attribute's type
when it is read. The
``Defaults`` it returns fill in the attributes a value lacks (or holds as null) before the value
is converted to the type (HCL's Defaults.Apply); ``convert_with_defaults`` does both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import cty
from cty import CtyError, Type, Value
from cty._internal import (
    DefaultsBuilder,
    Node,
    TypeExprError,
    check_text,
    check_type,
    check_value,
    deep,
    hop,
    interpret,
    type_and_defaults_from_annotation,
)
from cty._internal import parse_expression as _parse_expression
from cty.hcl import _eval as _hcl_eval

from ._runtime import convert
from ._unify import unify_unsafe

_INVALID_DEFAULT = "Invalid default value for optional attribute"


class Defaults:
    """The defaults of a type expression, as a tree over its type (HCL's typeexpr.Defaults).

    ``type`` is the type of the node; ``values`` maps an object's attribute names to their
    defaults; ``children`` maps an attribute name, a tuple index (as text) or, for a
    collection's elements, ``""`` to the defaults below.
    """

    __slots__ = ("children", "type", "values")

    def __init__(self, ty: Type, values: Mapping[str, Value],
                 children: Mapping[str, Defaults]) -> None:
        self.type = check_type(ty, "the defaults' type")
        if not isinstance(values, Mapping) or not isinstance(children, Mapping):
            raise cty.CtyTypeError("Defaults takes a type and two mappings (values, children)")
        for k, v in values.items():
            if not isinstance(k, str):
                raise cty.CtyTypeError(f"a default's attribute name must be a str, not {k!r}")
            check_value(v, f"the default of {k!r}")
        for k, d in children.items():
            if not isinstance(k, str) or not isinstance(d, Defaults):
                raise cty.CtyTypeError("Defaults' children map str keys to Defaults, not "
                                       f"{k!r} to {type(d).__name__}")
        self.values = dict(values)
        self.children = dict(children)

    def __repr__(self) -> str:
        return f"Defaults({self.type!r}, {self.values!r}, {self.children!r})"

    @deep
    def apply(self, value: Value, /) -> Value:
        """Return *value* with the defaults filled in wherever an optional attribute is
        missing or null, at any depth; nulls and unknowns themselves are left alone.

        The result may still need converting to the type (see convert_with_defaults); like
        HCL's, this step reports no errors, leaving them to the conversion.
        """
        check_value(value, "value")
        return self._apply(value)

    def _apply(self, v: Value) -> Value:
        if not v.is_known() or v.is_null() or not (self.values or self.children):
            return v
        v, marks = v.unmark()
        ty = v.type()
        if ty.is_list_type() or ty.is_set_type() or ty.is_tuple_type():
            items = [self._child_applied(i, e) for i, e in enumerate(v.as_value_slice())]
            collection = _as_collection(ty, items, marks)
            v = cty.tuple_val(items) if collection is None else collection
        elif ty.is_object_type() or ty.is_map_type():
            attrs = {k: self._child_applied(k, e) for k, e in v.as_value_map().items()}
            for name, default in self.values.items():
                if name not in attrs or attrs[name].is_null():
                    below = self.children.get(name)
                    attrs[name] = below._apply(default) if below is not None else default
                elif (default.range().definitely_not_null()
                      and attrs[name].type() is not cty.DynamicPseudoType):
                    # HCL: an attribute with a non-null default is never null, so an unknown
                    # one is refined as not null
                    attrs[name] = attrs[name].refine_not_null()
            as_map = _as_map(ty, attrs)
            v = cty.object_val(attrs) if as_map is None else as_map
        return v.with_marks(marks)

    def _child_applied(self, key: int | str, element: Value) -> Value:
        below = self._child(key)
        return element if below is None else below._apply(element)

    def _child(self, key: int | str) -> Defaults | None:
        # as HCL's getChild: an index into a tuple's defaults, a name into an object's;
        # anything else (a collection's elements, or a value of another shape than the
        # defaults' type) the children under ""
        t = self.type
        if (key.__class__ is int and t.is_tuple_type()) or (
                key.__class__ is str and t.is_object_type()):
            return self.children.get(str(key))
        return self.children.get("")


def _as_collection(ty: Type, items: list[Value], marks: frozenset[Any]) -> Value | None:
    """Return *items* as a list or set again (or None: make a tuple), as HCL's Apply does."""
    if ty.is_tuple_type():
        return None
    if not items:
        ety = ty.element_type()
        return cty.set_val_empty(ety) if ty.is_set_type() else cty.list_val_empty(ety)
    unified = _unified(items)
    if unified is None:
        return None
    return cty.set_val(unified).with_marks(marks) if ty.is_set_type() else cty.list_val(unified)


def _as_map(ty: Type, attrs: dict[str, Value]) -> Value | None:
    """Return *attrs* as a map again (or None: make an object), as HCL's Apply does."""
    if not ty.is_map_type():
        return None
    if not attrs:
        return cty.map_val_empty(ty.element_type())
    keys = sorted(attrs)
    unified = _unified([attrs[k] for k in keys])
    return None if unified is None else cty.map_val(dict(zip(keys, unified, strict=True)))


def _unified(values: list[Value]) -> list[Value] | None:
    """Return *values* converted to the type they unify to (unsafely), or None."""
    ty, conversions = unify_unsafe([v.type() for v in values])
    if ty is None or conversions is None:
        return None
    try:
        return [v if c is None else c(v) for v, c in zip(values, conversions, strict=True)]
    except CtyError:
        return None


class _Builder(DefaultsBuilder):
    """Evaluates defaults and builds Defaults trees for cty's type expression reader."""

    @hop  # (it recurses: any depth)
    def evaluate(self, node: Node, /) -> object:
        # (the module's function read at call time: cty.hcl._eval imports this package's
        # conversions in turn, so it may be the one importing this module)
        return _hcl_eval.evaluate(node)

    def default(self, value: object, node: Node, attr_type: Type, /) -> object:
        try:
            return convert(cast("Value", value), attr_type)
        except CtyError as e:
            # (go-cty's PathError prints its message alone, without the path)
            message = getattr(e, "message", None) or str(e)
            raise TypeExprError(_INVALID_DEFAULT, "This default value is not compatible with "
                                f"the attribute's type constraint: {message}.",
                                node.pos) from None

    def tree(self, ty: Type, values: dict[str, object], children: dict[str, object],
             /) -> object:
        return Defaults(ty, cast("dict[str, Value]", values),
                        cast("dict[str, Defaults]", children))


@deep
def parse_type_with_defaults(text: str, /) -> tuple[Type, Defaults | None]:
    """Return the type the HCL type expression *text* describes and its defaults (None if
    it names none): HCL's TypeConstraintWithDefaults.

    An optional attribute may name a default, ``optional(T, default)``, a literal that is
    converted to T here (TypeExprError "Invalid default value for optional attribute" if it
    does not convert).

    >>> ty, defaults = parse_type_with_defaults('object({port = optional(number, 80)})')
    >>> ty
    cty.ObjectWithOptionalAttrs({'port': cty.Number}, ['port'])
    >>> defaults.apply(cty.EmptyObjectVal).get_attr("port")
    cty.parse_number_val('80')
    """
    check_text(text)
    ty, tree = interpret(_parse_expression(text), True, _Builder())
    return ty, tree if isinstance(tree, Defaults) else None


@deep
def type_with_defaults_from_annotation(annotation: object, /) -> tuple[Type, Defaults | None]:
    """Return the cty type of the Python type hint *annotation* (cty.type_from_annotation)
    and the defaults of its record classes' fields (None if none has one): a field with a
    default is ``optional(T, default)``, as if written in a type expression.

    >>> import dataclasses
    >>> @dataclasses.dataclass
    ... class Service:
    ...     name: str
    ...     port: int = 80
    >>> ty, defaults = type_with_defaults_from_annotation(Service)
    >>> convert_with_defaults(cty.from_python({"name": "web"}), ty, defaults).get_attr("port")
    cty.number_val(80)

    A default (a dataclass ``default`` or what its ``default_factory`` makes, a Struct's, a
    NamedTuple's) is made once, here, and converted to its attribute's type (CtyTypeError
    naming the field if it does not convert).
    """
    ty, tree = type_and_defaults_from_annotation(annotation)
    return ty, None if tree is None else _from_tree(ty, tree, "")


@hop  # (it recurses: any depth)
def _from_tree(ty: Type, tree: tuple[dict[str, Any], dict[str, Any]], where: str) -> Defaults:
    makers, below = tree
    children: dict[str, Defaults] = {}
    for key, sub in below.items():
        if ty.is_object_type():
            child = ty.attribute_type(key)
        elif ty.is_tuple_type():
            child = ty.tuple_element_types()[int(key)]
        else:
            child = ty.element_type()
        children[key] = _from_tree(child, sub, f"{where}.{key}" if key else f"{where}[]")
    values: dict[str, Value] = {}
    for attr, make in makers.items():
        aty = ty.attribute_type(attr)
        try:
            values[attr] = convert(cty.from_python(make()), aty.without_optional_attributes_deep())
        except (cty.PathError, cty.CtyTypeError, cty.CtyValueError) as e:
            raise cty.CtyTypeError(f"{where.lstrip('.')}.{attr}: its default does not convert "
                                   f"to {aty.friendly_name()}: {e}".lstrip(".")) from None
    return Defaults(ty, values, children)


@deep
def convert_with_defaults(value: Value, ty: Type, defaults: Defaults | None, /) -> Value:
    """Return *value* with *defaults* applied (if any), converted to *ty*: what HCL does
    with a value given for a type constraint with defaults."""
    if defaults is not None:
        if not isinstance(defaults, Defaults):
            raise cty.CtyTypeError(f"defaults must be Defaults or None, not "
                                   f"{type(defaults).__name__}")
        value = defaults.apply(value)
    return convert(value, ty)
