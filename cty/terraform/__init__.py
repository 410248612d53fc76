"""Terraform's world over cty values: the JSON documents Terraform writes, read as typed values.

>>> from cty.terraform import read_provider_schemas
>>> schemas = read_provider_schemas('''{"format_version": "1.0", "provider_schemas": {
...   "registry.terraform.io/hashicorp/null": {"resource_schemas": {"null_resource": {
...     "version": 0, "block": {"attributes": {
...       "id": {"type": "string", "computed": true},
...       "triggers": {"type": ["map", "string"], "optional": true}}}}}}}}''')
>>> schemas.resource("null_resource").implied_type()
cty.Object({'id': cty.String, 'triggers': cty.Map(cty.String)})

``read_provider_schemas`` reads what ``terraform providers schema -json`` writes into
``ProviderSchemas``: each provider's ``ProviderSchema`` (its configuration's, resource types',
data sources' and ephemeral resources' ``Schema``s), each a ``Block`` of ``Attribute``s (a
``type`` or a ``NestedType``, and whether it is required, optional, computed, sensitive,
deprecated or write-only) and ``BlockType``s (nesting single, group, list, set or map, with
least and most numbers of blocks). ``Block.implied_type()`` is the cty type of the block's
values as Terraform implies it; ``Block.block_schema()`` the same block as a
``cty.hcl.BlockSchema``. A document that is not what Terraform writes raises ``SchemaError``,
naming where in it. Importing this package loads none of its modules: each name loads its
module when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cty._internal import lazy_names

if TYPE_CHECKING:
    from ._schema import (
        Attribute,
        Block,
        BlockType,
        NestedType,
        ProviderSchema,
        ProviderSchemas,
        Schema,
        SchemaError,
        read_provider_schemas,
    )
    from ._values import SENSITIVE, ValueJSON, ValueJSONError, value_from_json, value_to_json

_LAZY = {name: "._schema" for name in (
    "Attribute", "Block", "BlockType", "NestedType", "ProviderSchema", "ProviderSchemas",
    "Schema", "SchemaError", "read_provider_schemas")}
_LAZY.update({name: "._values" for name in (
    "SENSITIVE", "ValueJSON", "ValueJSONError", "value_from_json", "value_to_json")})

__all__ = ["SENSITIVE", "Attribute", "Block", "BlockType", "NestedType", "ProviderSchema",
           "ProviderSchemas", "Schema", "SchemaError", "ValueJSON", "ValueJSONError",
           "read_provider_schemas", "value_from_json", "value_to_json"]

__getattr__, __dir__ = lazy_names(_LAZY, globals())
