"""DynamicPseudoType: the placeholder for "any type"."""

from __future__ import annotations

from typing import Final

from ._type import Type


class _DynamicPseudoType(Type):
    __slots__ = ()

    def is_dynamic_pseudo_type(self) -> bool:
        return True

    def friendly_name(self) -> str:
        return "dynamic"

    def friendly_name_for_constraint(self) -> str:
        return "any type"

    def has_dynamic_types(self) -> bool:
        return True

    def go_string(self) -> str:
        return "cty.DynamicPseudoType"

    def type_expr(self) -> str:
        return "any"

    def __repr__(self) -> str:
        return "cty.DynamicPseudoType"

    def __reduce__(self) -> str:
        return "DynamicPseudoType"


DynamicPseudoType: Final[Type] = _DynamicPseudoType()
"""The pseudo-type standing for any type; its only values are DynamicVal and a null."""
