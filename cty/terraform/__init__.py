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
``cty.hcl.BlockSchema``. A provider's ``functions`` are ``FunctionSignature``s (typed
``FunctionParameter``s, a variadic one, a return type), its ``resource_identities``
``IdentitySchema``s (typed ``IdentityAttribute``s, required or optional for import). A document
that is not what Terraform writes raises ``SchemaError``, naming where in it.

``read_plan`` and ``read_state`` read what ``terraform show -json`` writes into a ``Plan`` or a
``State`` whose values are typed (by the schemas, or by the JSON), unknown where
``after_unknown`` says and marked ``"sensitive"`` where the sensitive trees say, at any depth;
``write_plan`` and ``write_state`` write them back byte for byte; ``read_state_file`` and
``write_state_file`` do the same for a ``terraform.tfstate`` file. ``value_from_json`` and
``value_to_json`` do the same for one value and its trees. Importing this package loads none
of its modules: each name loads its module when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cty._internal import lazy_names

if TYPE_CHECKING:
    from ._diff import Difference, diff, summarize, summary_json
    from ._document import DocumentError
    from ._identity import IdentityAttribute, IdentitySchema
    from ._plan import (
        Change,
        Module,
        Output,
        Plan,
        PlanError,
        RelevantAttribute,
        Resource,
        ResourceChange,
        State,
        StateValues,
        read_plan,
        read_state,
    )
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
    from ._signatures import FunctionParameter, FunctionSignature
    from ._statefile import (
        Instance,
        StateFile,
        StateFileError,
        StateFileOutput,
        StateFileResource,
        read_state_file,
        write_state_file,
    )
    from ._values import SENSITIVE, ValueJSON, ValueJSONError, value_from_json, value_to_json
    from ._write import write_plan, write_state

_LAZY = {"DocumentError": "._document"}
_LAZY.update({name: "._schema" for name in (
    "Attribute", "Block", "BlockType", "NestedType", "ProviderSchema", "ProviderSchemas",
    "Schema", "SchemaError", "read_provider_schemas")})
_LAZY.update({name: "._plan" for name in (
    "Change", "Module", "Output", "Plan", "PlanError", "RelevantAttribute", "Resource",
    "ResourceChange", "State", "StateValues", "read_plan", "read_state")})
_LAZY.update({name: "._values" for name in (
    "SENSITIVE", "ValueJSON", "ValueJSONError", "value_from_json", "value_to_json")})
_LAZY.update({"write_plan": "._write", "write_state": "._write"})
_LAZY.update({name: "._statefile" for name in (
    "Instance", "StateFile", "StateFileError", "StateFileOutput", "StateFileResource",
    "read_state_file", "write_state_file")})
_LAZY.update({"IdentityAttribute": "._identity", "IdentitySchema": "._identity",
              "FunctionParameter": "._signatures", "FunctionSignature": "._signatures"})
_LAZY.update({name: "._diff" for name in ("Difference", "diff", "summarize", "summary_json")})

__all__ = ["SENSITIVE", "Attribute", "Block", "BlockType", "Change", "Difference", "DocumentError",
           "FunctionParameter", "FunctionSignature", "IdentityAttribute", "IdentitySchema",
           "Instance", "Module", "NestedType", "Output", "Plan", "PlanError", "ProviderSchema",
           "ProviderSchemas", "RelevantAttribute", "Resource", "ResourceChange", "Schema",
           "SchemaError", "State", "StateFile", "StateFileError", "StateFileOutput",
           "StateFileResource", "StateValues", "ValueJSON", "ValueJSONError", "diff", "read_plan",
           "read_provider_schemas", "read_state", "read_state_file", "summarize", "summary_json",
           "value_from_json", "value_to_json", "write_plan", "write_state", "write_state_file"]

__getattr__, __dir__ = lazy_names(_LAZY, globals())
