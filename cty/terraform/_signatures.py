"""Provider functions' signatures, as ``terraform providers schema -json`` writes them in each
provider's ``functions`` (Terraform 1.8 and later): each parameter's name and type, the
variadic parameter, the return type, and what the provider says of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import cty
from cty import Type

from ._document import Invalid, array, flag, object_, quote, text

__all__ = ["FunctionParameter", "FunctionSignature", "read_functions"]


@dataclass(frozen=True)
class FunctionParameter:
    """A parameter of a provider function: its name and type, whether it takes null."""

    name: str
    type: Type
    description: str = ""
    is_nullable: bool = False


@dataclass(frozen=True)
class FunctionSignature:
    """A provider function's signature (Terraform's jsonfunction format)."""

    return_type: Type
    parameters: tuple[FunctionParameter, ...] = ()
    variadic_parameter: FunctionParameter | None = None
    description: str = ""
    summary: str = ""
    deprecation_message: str = ""


def _type(doc: dict[str, Any], where: str) -> Type:
    if "type" not in doc and "return_type" not in doc:
        raise Invalid(where, "has no type")
    key = "type" if "type" in doc else "return_type"
    tree = doc[key]
    if not isinstance(tree, str | list):
        raise Invalid(f"{where}.{key}", "a type description is a string or a list")
    try:
        return cty.type_from_json(tree)
    except cty.TypeJSONError as e:
        raise Invalid(f"{where}.{key}", str(e)) from None


def _parameter(tree: Any, where: str) -> FunctionParameter:
    doc = object_(tree, where)
    name = doc.get("name")
    if name.__class__ is not str:
        raise Invalid(f"{where}.name", "must be a string")
    return FunctionParameter(name, _type(doc, where), text(doc, "description", where),
                             flag(doc, "is_nullable", where))


def _signature(tree: Any, where: str) -> FunctionSignature:
    doc = object_(tree, where)
    if "return_type" not in doc:
        raise Invalid(where, "has no return_type")
    here = f"{where}.parameters"
    parameters = tuple(_parameter(p, f"{here}[{i}]")
                       for i, p in enumerate(array(doc.get("parameters", []), here)))
    variadic = doc.get("variadic_parameter")
    return FunctionSignature(
        _type(doc, where), parameters,
        None if variadic is None else _parameter(variadic, f"{where}.variadic_parameter"),
        text(doc, "description", where), text(doc, "summary", where),
        text(doc, "deprecation_message", where))


def read_functions(doc: dict[str, Any], where: str) -> Mapping[str, FunctionSignature]:
    """The signatures a provider's schema document *doc* has under ``functions``."""
    here = f"{where}.functions"
    return {name: _signature(f, f"{here}[{quote(name)}]")
            for name, f in object_(doc.get("functions", {}), here).items()}
