"""Terraform's provider schemas, as ``terraform providers schema -json`` writes them, read into
typed schemas whose blocks give the cty type of every resource's and data source's values.

A block's type is Terraform's (configschema's ``ImpliedType``): an object of its attributes
(each of its ``type``, or of its ``nested_type``: objects whose optional and computed
attributes are optional, nested as one, a list, a set or a map) and of its nested block types
(single and group blocks as objects; lists, sets and maps of blocks, where a list or a map of
blocks holding a dynamic type is itself dynamic, its values then tuples or objects), with no
optional attribute left anywhere. ``Block.block_schema()`` is the same block as a
``cty.hcl.BlockSchema``, to decode a configuration body by.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, cast

import cty
from cty import Type, Value
from cty._internal import deep
from cty.hcl import AttributeSpec, BlockSchema, NestedBlockSpec

from ._document import DocumentError, Invalid, choice, count, flag, load, object_, quote, text
from ._identity import IdentitySchema, read_identities
from ._signatures import FunctionSignature, read_functions

__all__ = ["Attribute", "Block", "BlockType", "NestedType", "ProviderSchema",
           "ProviderSchemas", "Schema", "SchemaError", "read_provider_schemas"]

BlockNesting = Literal["single", "group", "list", "set", "map"]
AttributeNesting = Literal["single", "list", "set", "map"]


class SchemaError(DocumentError):
    """A provider schema document that is not what Terraform writes: ``where`` says where in
    the document (``provider_schemas["…"].resource_schemas["…"].block.attributes["…"]``)."""


@dataclass(frozen=True)
class NestedType:
    """An attribute's ``nested_type``: attributes of their own, nested as one object, a list,
    a set or a map of them, with Terraform's least and most numbers of items (0: no bound)."""

    attributes: Mapping[str, Attribute]
    nesting: AttributeNesting = "single"
    min_items: int = 0
    max_items: int = 0

    def spec_type(self) -> Type:
        """The type a configuration's value is converted to: the nested attributes that are
        optional or computed are optional attributes of the object type."""
        return _nested_spec_type(self)

    def implied_type(self) -> Type:
        """The type of the attribute's values (no optional attributes anywhere)."""
        return self.spec_type().without_optional_attributes_deep()


@dataclass(frozen=True)
class Attribute:
    """An attribute of a block: its ``type`` or its ``nested_type`` (one of the two), and what
    Terraform says of it."""

    type: Type | None = None
    nested_type: NestedType | None = None
    required: bool = False
    optional: bool = False
    computed: bool = False
    sensitive: bool = False
    deprecated: bool = False
    write_only: bool = False
    description: str = ""

    def spec_type(self) -> Type:
        """The type a configuration's value is converted to (see ``NestedType.spec_type``)."""
        if self.nested_type is not None:
            return self.nested_type.spec_type()
        assert self.type is not None  # (the reader gives one of the two)
        return self.type

    def implied_type(self) -> Type:
        """The type of the attribute's values."""
        if self.nested_type is not None:
            return self.nested_type.implied_type()
        assert self.type is not None
        return self.type


@dataclass(frozen=True)
class BlockType:
    """A type of nested block: how its blocks nest (``single``, ``group``, ``list``, ``set``,
    ``map``), the block's schema, and the least and most numbers of blocks (0: no bound)."""

    nesting: BlockNesting
    block: Block
    min_items: int = 0
    max_items: int = 0


@dataclass(frozen=True)
class Block:
    """A block's schema: its attributes and nested block types by name."""

    attributes: Mapping[str, Attribute] = field(default_factory=dict)
    block_types: Mapping[str, BlockType] = field(default_factory=dict)
    description: str = ""
    deprecated: bool = False

    def implied_type(self) -> Type:
        """The type of the block's values, as Terraform implies it (the module's docstring)."""
        return self.block_schema().implied_type()

    def sensitive_paths(self, value: Value) -> list[cty.Path]:
        """The paths in *value* (a value of this block) that the schema calls sensitive, as
        Terraform finds them (configschema's SensitivePaths): each sensitive attribute, null
        or not, and those inside nested attributes and blocks, element by element."""
        if not _block_sensitive(self):
            return []
        return _sensitive_paths(self, value, cty.Path(()))

    def block_schema(self) -> BlockSchema:
        """The block as a ``cty.hcl.BlockSchema``: a configuration body decodes by it to a
        value of ``implied_type()`` (required attributes must be set; nested blocks nest as
        the schema says, with its least and most numbers)."""
        # (kept once made; not a functools.cached_property, whose lock, shared by every
        # block, a deep block's work on a helper thread would wait for forever)
        found: BlockSchema | None = self.__dict__.get("_schema")
        if found is None:
            found = _block_schema(self)
            object.__setattr__(self, "_schema", found)
        return found


@dataclass(frozen=True)
class Schema:
    """The schema of a provider's configuration, a resource type or a data source: its
    version and its root block."""

    version: int
    block: Block

    def implied_type(self) -> Type:
        """The type of its values (``Block.implied_type``)."""
        return self.block.implied_type()


@dataclass(frozen=True)
class ProviderSchema:
    """One provider's schemas: its configuration's, and its resource types', data sources'
    and ephemeral resources' by type name; its functions' signatures by name; its resource
    types' identity schemas."""

    provider: Schema | None = None
    resources: Mapping[str, Schema] = field(default_factory=dict)
    data_sources: Mapping[str, Schema] = field(default_factory=dict)
    ephemeral_resources: Mapping[str, Schema] = field(default_factory=dict)
    functions: Mapping[str, FunctionSignature] = field(default_factory=dict)
    resource_identities: Mapping[str, IdentitySchema] = field(default_factory=dict)


@dataclass(frozen=True)
class ProviderSchemas:
    """The document ``terraform providers schema -json`` writes: its format version and each
    provider's schemas by the provider's source address."""

    format_version: str
    providers: Mapping[str, ProviderSchema]

    def resource(self, type_name: str) -> Schema:
        """The schema of the resource type *type_name*, from whichever provider has it.

        Raises KeyError (with the names known) where none has it."""
        found: Schema = _find(self.providers, "resources", type_name, "resource type")
        return found

    def data_source(self, type_name: str) -> Schema:
        """The schema of the data source *type_name*, from whichever provider has it.

        Raises KeyError (with the names known) where none has it."""
        found: Schema = _find(self.providers, "data_sources", type_name, "data source")
        return found

    def resource_identity(self, type_name: str) -> IdentitySchema:
        """The identity schema of the resource type *type_name*, from whichever provider has
        it (its ``implied_type()`` is the type of the resource's identities, as plans and
        state files read with these schemas have them). Raises KeyError (with the names
        known) where none has it."""
        found: IdentitySchema = _find(self.providers, "resource_identities", type_name,
                                      "resource identity schema")
        return found


def resource_schema(schemas: ProviderSchemas, provider: str, mode: str, type_name: str, *,
                    where: str, provider_field: str) -> Schema:
    """The schema of a document's resource (*mode* ``data``: a data source) of *provider*;
    Invalid, at *where* (its *provider_field* or ``type``), where the schemas have none."""
    found = schemas.providers.get(provider)
    if found is None:
        raise Invalid(f"{where}.{provider_field}",
                      f"the schemas have no provider {quote(provider)}")
    schema = (found.data_sources if mode == "data" else found.resources).get(type_name)
    if schema is None:
        what = "data source" if mode == "data" else "resource type"
        raise Invalid(f"{where}.type", f"the schemas of {quote(provider)} have no {what} "
                                       f"{quote(type_name)}")
    return schema


@deep  # (nested types nest: any depth)
def _nested_spec_type(nested: NestedType) -> Type:
    types = {name: a.spec_type() for name, a in nested.attributes.items()}
    optional = [name for name, a in nested.attributes.items() if a.optional or a.computed]
    ty = cty.ObjectWithOptionalAttrs(types, optional) if optional else cty.Object(types)
    if nested.nesting == "list":
        return cty.List(ty)
    if nested.nesting == "set":
        return cty.Set(ty)
    if nested.nesting == "map":
        return cty.Map(ty)
    return ty


def _find(providers: Mapping[str, ProviderSchema], kind: str, type_name: str, what: str
          ) -> Any:
    for provider in providers.values():
        found = getattr(provider, kind).get(type_name)
        if found is not None:
            return found
    known = sorted(name for p in providers.values() for name in getattr(p, kind))
    raise KeyError(f"no provider has a {what} {type_name!r} (known: {', '.join(known) or 'none'})")


@deep  # (blocks nest: any depth)
def _sensitive_paths(block: Block, value: Value, base: cty.Path) -> list[cty.Path]:
    out = [base.get_attr(name) for name, a in block.attributes.items() if a.sensitive]
    value, _ = value.unmark()
    if value.is_null() or not value.is_known():
        return out
    for name, a in block.attributes.items():
        if a.nested_type is not None and _nested_sensitive(a.nested_type):
            out.extend(_nested_paths(a.nested_type, value.get_attr(name), base.get_attr(name)))
    for name, bt in block.block_types.items():
        if not _block_sensitive(bt.block):
            continue
        inner, _ = value.get_attr(name).unmark()
        if inner.is_null() or not inner.is_known():
            continue
        here = base.get_attr(name)
        if bt.nesting in ("single", "group"):
            out.extend(_sensitive_paths(bt.block, inner, here))
        else:
            for key, element in inner.elements():
                out.extend(_sensitive_paths(bt.block, element, here.index(key)))
    return out


@deep  # (nested types nest: any depth)
def _nested_paths(nested: NestedType, value: Value, base: cty.Path) -> list[cty.Path]:
    value, _ = value.unmark()
    if value.is_null() or not value.is_known():
        return []
    if nested.nesting == "single":
        return _object_paths(nested, value, base)
    out = []
    for key, element in value.elements():
        out.extend(_object_paths(nested, element, base.index(key)))
    return out


def _object_paths(nested: NestedType, value: Value, base: cty.Path) -> list[cty.Path]:
    out = [base.get_attr(name) for name, a in nested.attributes.items() if a.sensitive]
    value, _ = value.unmark()
    if value.is_null() or not value.is_known():
        return out
    for name, a in nested.attributes.items():
        if a.nested_type is not None and _nested_sensitive(a.nested_type):
            out.extend(_nested_paths(a.nested_type, value.get_attr(name), base.get_attr(name)))
    return out


def _block_sensitive(block: Block) -> bool:
    found: bool | None = block.__dict__.get("_sensitive")
    if found is None:
        found = _find_sensitive(block)
        object.__setattr__(block, "_sensitive", found)
    return found


@deep
def _find_sensitive(block: Block) -> bool:
    return any(a.sensitive or (a.nested_type is not None and _nested_sensitive(a.nested_type))
               for a in block.attributes.values()) or \
        any(_block_sensitive(bt.block) for bt in block.block_types.values())


@deep
def _nested_sensitive(nested: NestedType) -> bool:
    return any(a.sensitive or (a.nested_type is not None and _nested_sensitive(a.nested_type))
               for a in nested.attributes.values())


# --- reading the JSON document ------------------------------------------------------------------

def read_provider_schemas(data: str | bytes) -> ProviderSchemas:
    """Read the JSON document ``terraform providers schema -json`` writes (format versions
    0.1 to 1.0) into ``ProviderSchemas``.

    Raises SchemaError, naming where in the document, for text that is not such a document
    (JSON that does not parse, a field of the wrong kind, an attribute with both or neither
    of ``type`` and ``nested_type``, a type description go-cty refuses, a nesting mode
    Terraform does not have). Fields Terraform may add later are ignored.
    """
    try:
        return _document(load(data))
    except Invalid as e:
        raise SchemaError(e.where, e.problem) from None


def _document(tree: Any) -> ProviderSchemas:
    top = object_(tree, "")
    version = top.get("format_version", "")
    if not isinstance(version, str):
        raise Invalid("format_version", "must be a string")
    providers = {}
    for address, entry in object_(top.get("provider_schemas", {}), "provider_schemas").items():
        where = f"provider_schemas[{quote(address)}]"
        doc = object_(entry, where)
        config = doc.get("provider")
        providers[address] = ProviderSchema(
            None if config is None else _schema(config, f"{where}.provider"),
            _schemas(doc, "resource_schemas", where),
            _schemas(doc, "data_source_schemas", where),
            _schemas(doc, "ephemeral_resource_schemas", where),
            read_functions(doc, where), read_identities(doc, where))
    return ProviderSchemas(version, providers)


def _schemas(doc: dict[str, Any], key: str, where: str) -> dict[str, Schema]:
    here = f"{where}.{key}"
    return {name: _schema(s, f"{here}[{quote(name)}]")
            for name, s in object_(doc.get(key, {}), here).items()}


def _schema(tree: Any, where: str) -> Schema:
    doc = object_(tree, where)
    return Schema(count(doc, "version", where), _block(doc.get("block", {}), f"{where}.block"))


@deep  # (blocks nest: any depth)
def _block(tree: Any, where: str) -> Block:
    doc = object_(tree, where)
    here = f"{where}.attributes"
    attributes = {name: _attribute(a, f"{here}[{quote(name)}]")
                  for name, a in object_(doc.get("attributes", {}), here).items()}
    here = f"{where}.block_types"
    block_types = {}
    for name, b in object_(doc.get("block_types", {}), here).items():
        at = f"{here}[{quote(name)}]"
        bt = object_(b, at)
        nesting = choice(bt, "nesting_mode", ("single", "group", "list", "set", "map"), at)
        block_types[name] = BlockType(cast(BlockNesting, nesting),
                                      _block(bt.get("block", {}), f"{at}.block"),
                                      count(bt, "min_items", at), count(bt, "max_items", at))
    block = Block(attributes, block_types, text(doc, "description", where),
                  flag(doc, "deprecated", where))
    try:
        block.block_schema()  # (a set of blocks holding a dynamic type, say)
    except ValueError as e:
        raise Invalid(where, str(e)) from None
    return block


@deep  # (nested types nest: any depth)
def _attribute(tree: Any, where: str) -> Attribute:
    doc = object_(tree, where)
    ty = nested = None
    if "type" in doc:
        try:
            ty = cty.type_from_json(_type_description(doc["type"], f"{where}.type"))
        except cty.TypeJSONError as e:
            raise Invalid(f"{where}.type", str(e)) from None
    if "nested_type" in doc:
        at = f"{where}.nested_type"
        nt = object_(doc["nested_type"], at)
        here = f"{at}.attributes"
        nested = NestedType(
            {name: _attribute(a, f"{here}[{quote(name)}]")
             for name, a in object_(nt.get("attributes", {}), here).items()},
            cast(AttributeNesting, choice(nt, "nesting_mode", ("single", "list", "set", "map"),
                                           at)),
            count(nt, "min_items", at), count(nt, "max_items", at))
    if (ty is None) == (nested is None):
        raise Invalid(where, "an attribute has a type or a nested_type: one of the two")
    return Attribute(ty, nested, required=flag(doc, "required", where),
                     optional=flag(doc, "optional", where),
                     computed=flag(doc, "computed", where),
                     sensitive=flag(doc, "sensitive", where),
                     deprecated=flag(doc, "deprecated", where),
                     write_only=flag(doc, "write_only", where),
                     description=text(doc, "description", where))


def _type_description(tree: Any, where: str) -> str | list[Any]:
    if isinstance(tree, str | list):
        return tree
    raise Invalid(where, "a type description is a string or a list")


# --- as a cty.hcl block schema ------------------------------------------------------------------

@deep  # (blocks nest: any depth)
def _block_schema(block: Block) -> BlockSchema:
    """*block* as a cty.hcl block schema (raises ValueError where it cannot be one)."""
    attributes = {name: AttributeSpec(a.spec_type(), a.required)
                  for name, a in block.attributes.items()}
    blocks = {name: NestedBlockSpec(bt.block.block_schema(), bt.nesting, bt.min_items,
                                    bt.max_items)
              for name, bt in block.block_types.items()}
    return BlockSchema(attributes, blocks)
