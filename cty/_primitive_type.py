"""The primitive types: String, Number and Bool."""

from __future__ import annotations

from typing import Final

from ._type import Type, _init_slot


class PrimitiveType(Type):
    """String, Number or Bool: there are exactly three instances."""

    __slots__ = ("_name",)
    _name: str

    def __init__(self, name: str) -> None:
        _init_slot(self, "_name", name)

    def is_primitive_type(self) -> bool:
        return True

    def friendly_name(self) -> str:
        return self._name

    def go_string(self) -> str:
        return "cty." + self._name.capitalize()

    def type_expr(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return self.go_string()

    def __reduce__(self) -> str:
        return self._name.capitalize()


String: Final = PrimitiveType("string")
Number: Final = PrimitiveType("number")
Bool: Final = PrimitiveType("bool")
