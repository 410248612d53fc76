"""Resource identity schemas, as ``terraform providers schema -json`` writes them in each
provider's ``resource_identity_schemas`` (Terraform 1.12 and later): the attributes that
identify a resource instance to import it, with their types."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import cty
from cty import Type

from ._document import Invalid, count, flag, object_, quote, text

__all__ = ["IdentityAttribute", "IdentitySchema", "read_identities"]


@dataclass(frozen=True)
class IdentityAttribute:
    """An identity attribute: its type, and whether importing needs it or may take it."""

    type: Type
    description: str = ""
    required_for_import: bool = False
    optional_for_import: bool = False


@dataclass(frozen=True)
class IdentitySchema:
    """A resource type's identity schema: its version and attributes."""

    version: int = 0
    attributes: Mapping[str, IdentityAttribute] = field(default_factory=dict)

    def implied_type(self) -> Type:
        """The type of the resource's identity values: an object of the attributes."""
        return cty.Object({name: a.type for name, a in self.attributes.items()})


def _attribute(tree: Any, where: str) -> IdentityAttribute:
    doc = object_(tree, where)
    description = doc.get("type")
    if not isinstance(description, str | list):
        raise Invalid(f"{where}.type", "a type description is a string or a list")
    try:
        ty = cty.type_from_json(description)
    except cty.TypeJSONError as e:
        raise Invalid(f"{where}.type", str(e)) from None
    return IdentityAttribute(ty, text(doc, "description", where),
                             flag(doc, "required_for_import", where),
                             flag(doc, "optional_for_import", where))


def read_identities(doc: dict[str, Any], where: str) -> Mapping[str, IdentitySchema]:
    """The identity schemas a provider's schema document *doc* has, by resource type."""
    here = f"{where}.resource_identity_schemas"
    out = {}
    for name, tree in object_(doc.get("resource_identity_schemas", {}), here).items():
        at = f"{here}[{quote(name)}]"
        schema = object_(tree, at)
        attrs = f"{at}.attributes"
        out[name] = IdentitySchema(
            count(schema, "version", at),
            {a: _attribute(t, f"{attrs}[{quote(a)}]")
             for a, t in object_(schema.get("attributes", {}), attrs).items()})
    return out
