"""A body decoded into one typed value by a block schema, the way configuration evaluators
(Terraform's providers among them) describe a block: attributes with a type, required or not,
and nested block types nested as ``single``, ``group``, ``list``, ``set`` or ``map``, with
their least and most numbers of blocks. Decoding follows HCL's ``hcldec`` with the specs such
a schema stands for: an attribute is an ``AttrSpec``; a single block a ``BlockSpec`` (required
when ``min_items`` is 1); a group a single block that, when absent, is the block's empty
value; a list a ``BlockListSpec`` (a ``BlockTupleSpec`` when the block holds a dynamic type);
a set a ``BlockSetSpec``; a map a ``BlockMapSpec`` keyed by the blocks' labels (a
``BlockObjectSpec`` when the block holds a dynamic type).

>>> import cty
>>> from cty.hcl import parse_config
>>> schema = BlockSchema(
...     attributes={"region": AttributeSpec(cty.String, required=True)},
...     blocks={"server": NestedBlockSpec(BlockSchema({"size": AttributeSpec(cty.Number)}),
...                                       nesting="list", max_items=2)})
>>> body = parse_config('region = "eu"\\nserver { size = 2 }\\n', "main.hcl").body
>>> print(cty.format_value(body.decode(schema)))
{ region = "eu", server = [{ size = 2 }] }
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import cty
from cty import Type, Value
from cty._internal import deep, go_quote, hop
from cty.convert import convert, unify_unsafe

from ._context import EvalContext
from ._expression import Diagnostic, Range
from ._schema import AttributeSchema, BlockHeaderSchema, BodySchema

if TYPE_CHECKING:
    from ._body import Block, Body, BodyContent

__all__ = ["AttributeSpec", "BlockSchema", "NestedBlockSpec"]

Nesting = Literal["single", "group", "list", "set", "map"]


@dataclass(frozen=True)
class AttributeSpec:
    """An attribute of a block: its value is converted to *type* (object types may have
    optional attributes); a *required* one must be set."""

    type: Type
    required: bool = False


@dataclass(frozen=True)
class NestedBlockSpec:
    """A type of nested block: each block's body decoded by *block*, the blocks together as
    *nesting* says (``single``: one block or null; ``group``: one block or the block's empty
    value; ``list``, ``set``; ``map``: by the blocks' labels, one per name in *labels*), with
    at least *min_items* and, unless it is 0, at most *max_items* blocks (a single or group
    block with ``min_items=1`` is required)."""

    block: BlockSchema
    nesting: Nesting = "single"
    min_items: int = 0
    max_items: int = 0
    labels: Sequence[str] = ("key",)
    """For ``map`` nesting, the names of the labels each block has (each a level of maps)."""

    def __post_init__(self) -> None:
        if self.nesting not in ("single", "group", "list", "set", "map"):
            raise ValueError(f"nesting must be single, group, list, set or map, not "
                             f"{self.nesting!r}")
        if self.nesting in ("single", "group") and (self.min_items > 1 or self.max_items > 1):
            raise ValueError(f"a {self.nesting} block has at most one item: min_items and "
                             "max_items may be 0 or 1")
        if self.nesting == "set" and self.block.implied_type().has_dynamic_types():
            raise ValueError("a set of blocks cannot hold a dynamic type (its elements would "
                             "have no type to compare by)")
        if self.nesting == "map" and not self.labels:
            raise ValueError("a map of blocks needs at least one label name")


@dataclass(frozen=True)
class BlockSchema:
    """A block's schema: its *attributes* and nested *blocks* by name (each decodes to the
    value's attribute of that name)."""

    attributes: Mapping[str, AttributeSpec] = field(default_factory=dict)
    blocks: Mapping[str, NestedBlockSpec] = field(default_factory=dict)

    def __post_init__(self) -> None:
        both = sorted(set(self.attributes) & set(self.blocks))
        if both:
            raise ValueError(f"{both[0]!r} names both an attribute and a block type: the "
                             "decoded object has one attribute of each name")
        # (copies, so that changing the mappings given leaves the schema as it was: its type
        # is worked out once, when first asked)
        object.__setattr__(self, "attributes", dict(self.attributes))
        object.__setattr__(self, "blocks", dict(self.blocks))

    def implied_type(self) -> Type:
        """The type of the value a body decodes to (its attributes' types without their
        optional markers; a list or map of blocks that hold a dynamic type is dynamic)."""
        # (kept once worked out; not a functools.cached_property, whose lock, shared by every
        # schema, a deep schema's work on a helper thread would wait for forever)
        found: Type | None = self.__dict__.get("_implied")
        if found is None:
            found = _implied_type(self)
            object.__setattr__(self, "_implied", found)
        return found

    def empty_value(self) -> Value:
        """The value of a group block that is absent: every attribute null, every nested
        block type empty (a single block null, a group its own empty value)."""
        values = {name: cty.null_val(a.type.without_optional_attributes_deep())
                  for name, a in self.attributes.items()}
        for name, nested in self.blocks.items():
            values[name] = _empty(nested)
        return cty.object_val(values)


@deep  # (nested blocks: any depth)
def _implied_type(schema: BlockSchema) -> Type:
    types = {name: a.type.without_optional_attributes_deep()
             for name, a in schema.attributes.items()}
    for name, nested in schema.blocks.items():
        types[name] = _blocks_type(nested)
    return cty.Object(types)


def _blocks_type(nested: NestedBlockSpec) -> Type:
    ty = nested.block.implied_type()
    if nested.nesting in ("single", "group"):
        return ty
    if nested.nesting == "set":
        return cty.Set(ty)
    if ty.has_dynamic_types():
        return cty.DynamicPseudoType
    if nested.nesting == "list":
        return cty.List(ty)
    for _ in nested.labels:
        ty = cty.Map(ty)
    return ty


@deep  # (nested blocks: any depth)
def _empty(nested: NestedBlockSpec) -> Value:
    ty = nested.block.implied_type()
    if nested.nesting == "single":
        return cty.null_val(ty)
    if nested.nesting == "group":
        return nested.block.empty_value()
    if nested.nesting == "set":
        return cty.set_val_empty(ty)
    dynamic = ty.has_dynamic_types()
    if nested.nesting == "list":
        return cty.EmptyTupleVal if dynamic else cty.list_val_empty(ty)
    return cty.EmptyObjectVal if dynamic else cty.map_val_empty(ty)  # (HCL's: one level)


def _header(name: str, nested: NestedBlockSpec) -> tuple[str, Sequence[str]]:
    return name, tuple(nested.labels) if nested.nesting == "map" else ()


@hop  # (nested blocks: any depth)
def decode_body(body: Body, schema: BlockSchema, ctx: EvalContext | None
                ) -> tuple[Value, list[Diagnostic]]:
    """The value *body* decodes to by *schema* in *ctx*, and every diagnostic (the body's
    content's first, then each attribute's and each nested block type's, in the schema's
    order)."""
    content, diags = body._content(BodySchema(
        [AttributeSchema(name, a.required) for name, a in schema.attributes.items()],
        [BlockHeaderSchema(*_header(name, n)) for name, n in schema.blocks.items()]))
    values = {}
    for name, spec in schema.attributes.items():
        values[name] = _attribute(content, name, spec, ctx, diags)
    for name, nested in schema.blocks.items():
        values[name] = _nested(content, name, nested, ctx, diags)
    return cty.object_val(values), diags


def _attribute(content: BodyContent, name: str, spec: AttributeSpec, ctx: EvalContext | None,
               diags: list[Diagnostic]) -> Value:
    """HCL's AttrSpec: the attribute's value converted to its type (null when absent)."""
    bare = spec.type.without_optional_attributes_deep()
    attr = content.attributes.get(name)
    if attr is None:
        return cty.null_val(bare)
    value, found = attr.expression.value(ctx)
    diags += found
    try:
        return convert(value, spec.type)
    except cty.CtyError as e:
        where = attr.expression.range
        diags.append(Diagnostic(
            "error", "Incorrect attribute value type", f"Inappropriate value for attribute "
            f"{go_quote(name)}: {getattr(e, 'message', None) or e}.", where,
            Range(where.filename, attr.name_range.start, where.end), attr.expression, ctx))
        return cty.unknown_val(bare)


def _nested(content: BodyContent, name: str, nested: NestedBlockSpec, ctx: EvalContext | None,
            diags: list[Diagnostic]) -> Value:
    """The blocks of type *name* decoded as *nested* says (HCL's block specs)."""
    if nested.nesting in ("single", "group"):
        return _single(content, name, nested, ctx, diags)
    blocks = [b for b in content.blocks if b.type == name]
    if nested.nesting == "map":
        return _map(name, blocks, nested, ctx, diags)
    values = []
    for block in blocks:
        value, found = decode_body(block.body, nested.block, ctx)
        diags += found
        values.append(value)
    ranges = [b.body.missing_item_range for b in blocks]  # (HCL's source range of each)
    if len(values) < nested.min_items:
        diags.append(Diagnostic("error", f"Insufficient {name} blocks", f"At least "
                                f"{nested.min_items} {go_quote(name)} blocks are required.",
                                content.missing_item_range))
    elif nested.max_items and len(values) > nested.max_items:
        diags.append(Diagnostic("error", f"Too many {name} blocks", f"No more than "
                                f"{nested.max_items} {go_quote(name)} blocks are allowed",
                                ranges[nested.max_items]))
    if not values:
        return _empty(nested)
    if nested.block.implied_type().has_dynamic_types():  # (never a set's)
        return cty.tuple_val(values)
    unified = _unified(name, values, ranges, diags)
    if unified is None:
        return cty.DynamicVal
    return cty.set_val(unified) if nested.nesting == "set" else cty.list_val(unified)


def _unified(name: str, values: list[Value], ranges: list[Range], diags: list[Diagnostic]
             ) -> list[Value] | None:
    """*values* converted to the type they unify to, as HCL's list and set block specs do
    (their types differ where a nested map of blocks with more than one label is empty in
    one and not in another: HCL's empty map is one level deep); None, with HCL's
    diagnostic, where they have none."""
    unified, conversions = unify_unsafe([v.type() for v in values])
    summary = f"Unconsistent argument types in {name} blocks"  # (HCL's spelling)
    if unified is None or conversions is None:
        diags.append(Diagnostic("error", summary, "Corresponding attributes in all blocks of "
                                "this type must be the same.", ranges[0]))
        return None
    out = []
    for i, (value, conversion) in enumerate(zip(values, conversions, strict=True)):
        try:
            out.append(value if conversion is None else conversion(value))
        except cty.CtyError as e:
            diags.append(Diagnostic("error", summary, f"Block with index {i} has "
                                    "inconsistent argument types: "
                                    f"{getattr(e, 'message', None) or e}.", ranges[i]))
            return None
    return out


def _single(content: BodyContent, name: str, nested: NestedBlockSpec, ctx: EvalContext | None,
            diags: list[Diagnostic]) -> Value:
    """HCL's BlockSpec (a group's absence is its empty value, as a DefaultSpec gives)."""
    blocks = [b for b in content.blocks if b.type == name]
    if len(blocks) > 1:
        diags.append(Diagnostic("error", f"Duplicate {name} block", f"Only one block of type "
                                f"{go_quote(name)} is allowed. Previous definition was at "
                                f"{blocks[0].def_range}.", blocks[1].def_range))
    if not blocks:
        if nested.min_items == 1:
            diags.append(Diagnostic("error", f"Missing {name} block", f"A block of type "
                                    f"{go_quote(name)} is required here.",
                                    content.missing_item_range))
        return _empty(nested)
    value, found = decode_body(blocks[0].body, nested.block, ctx)
    diags += found
    return value


def _map(name: str, blocks: list[Block], nested: NestedBlockSpec, ctx: EvalContext | None,
         diags: list[Diagnostic]) -> Value:
    """HCL's BlockMapSpec (BlockObjectSpec for a block holding a dynamic type): the blocks
    by their labels, a level of maps (or objects) for each label."""
    tree: dict[str, object] = {}
    for block in blocks:
        value, found = decode_body(block.body, nested.block, ctx)
        level = tree
        for key in block.labels[:-1]:
            level = level.setdefault(key, {})  # type: ignore[assignment]
        diags += found
        key = block.labels[-1]
        if key in level:
            labels = "".join(f" {go_quote(label)}" for label in block.labels)
            diags.append(Diagnostic("error", f"Duplicate {name} block", f"A block for "
                                    f"{name}{labels} was already defined. The {name} labels "
                                    "must be unique.", block.def_range))
            continue
        level[key] = value
    if not tree:
        return _empty(nested)
    make = cty.object_val if nested.block.implied_type().has_dynamic_types() else cty.map_val

    def build(level: dict[str, object], depth: int) -> Value:
        if depth == 1:
            return make(level)  # type: ignore[arg-type]
        return make({k: build(v, depth - 1) for k, v in level.items()})  # type: ignore[arg-type]

    return build(tree, len(nested.labels))
