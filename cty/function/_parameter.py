"""A function's parameter: its name, type and what it lets through (go-cty's function.Parameter)."""

from __future__ import annotations

from dataclasses import dataclass

from cty import CtyTypeError, DynamicPseudoType, Type
from cty._internal import check_type

__all__ = ["Parameter"]


@dataclass(frozen=True, slots=True)
class Parameter:
    """One parameter of a Function.

    Before the implementation runs, each argument's type must conform to ``type`` (it is
    checked, not converted); a null argument is refused unless ``allow_null``; an unknown one
    makes the result unknown unless ``allow_unknown``; one of dynamic type does the same
    unless ``allow_dynamic_type``; marks are taken off, deeply, and put back on the result
    unless ``allow_marked``.

    >>> Parameter("s", cty.String, allow_null=True).allow_null
    True
    """

    name: str = ""
    type: Type = DynamicPseudoType
    description: str = ""
    allow_null: bool = False
    allow_unknown: bool = False
    allow_dynamic_type: bool = False
    allow_marked: bool = False

    def __post_init__(self) -> None:
        check_type(self.type, f"type of parameter {self.name!r}")
        if not isinstance(self.name, str) or not isinstance(self.description, str):
            raise CtyTypeError("a parameter's name and description are strings")
