"""Terraform's sensitivity functions (OpenTofu's lang/funcs sensitive.go): sensitive,
nonsensitive, issensitive, and OpenTofu's flip_sensitive. Each takes any value (unknown,
null, marked, of any type) and looks only at the value's own marks, not those of values inside
it. And ephemeralasnull (ephemeral.go), which looks at every value inside its argument."""

from __future__ import annotations

from typing import Final

from cty import (
    Bool,
    DynamicPseudoType,
    Path,
    Type,
    Value,
    bool_val,
    null_val,
    transform,
    unknown_val,
)

from .._function import Function, static_return_type
from .._parameter import Parameter

__all__ = ["EPHEMERAL", "SENSITIVE", "ephemeralasnull", "flip_sensitive", "issensitive",
           "nonsensitive", "sensitive"]

SENSITIVE: Final = "sensitive"
"""Terraform's mark for sensitive values (``cty.terraform.SENSITIVE`` too)."""
EPHEMERAL: Final = "ephemeral"
"""Terraform's mark for ephemeral values (which no plan or state may keep)."""


def _any_value() -> list[Parameter]:
    return [Parameter("value", DynamicPseudoType, allow_unknown=True, allow_null=True,
                      allow_marked=True, allow_dynamic_type=True)]


def _same_type(args: list[Value]) -> Type:
    return args[0].type()


sensitive = Function(params=_any_value(), type=_same_type,
                     impl=lambda args, ty: args[0].mark(SENSITIVE),
                     description="Treats the given value as sensitive.")
"""sensitive(value): *value* marked sensitive."""


def _nonsensitive(args: list[Value], ty: Type) -> Value:
    value, marks = args[0].unmark()
    return value.with_marks(marks - {SENSITIVE})


nonsensitive = Function(params=_any_value(), type=_same_type, impl=_nonsensitive,
                        description="Removes the sensitive marking from the given value.")
"""nonsensitive(value): *value* without its own sensitive mark (its other marks kept)."""

issensitive = Function(params=_any_value(), type=static_return_type(Bool),
                       impl=lambda args, ty: bool_val(args[0].has_mark(SENSITIVE)),
                       description="Returns true if the given value is marked as sensitive.")
"""issensitive(value): whether *value* itself is marked sensitive (known, also for an unknown
value)."""


def _flip(args: list[Value], ty: Type) -> Value:
    value = args[0]
    if value.is_null():
        return value
    if value.has_mark(SENSITIVE):
        return _nonsensitive(args, ty)
    return value.mark(SENSITIVE)


flip_sensitive = Function(params=_any_value(), type=_same_type, impl=_flip,
                          description="Marks a value sensitive if it is not, and not sensitive "
                                      "if it is.")
"""flip_sensitive(value): OpenTofu's: *value* sensitive if it was not, not sensitive if it was
(a null value as it is)."""


def _as_null(path: Path, value: Value) -> Value:
    plain, marks = value.unmark()
    kept = marks - {EPHEMERAL}
    if plain.is_null():
        return null_val(plain.type()).with_marks(kept)
    if not plain.is_known():  # (whether it will be ephemeral is not known yet: unknown)
        return unknown_val(plain.type()).with_marks(kept)
    if EPHEMERAL in marks:
        return null_val(plain.type()).with_marks(kept)
    return value


ephemeralasnull = Function(
    params=_any_value(), type=_same_type,
    impl=lambda args, ty: transform(args[0], _as_null),
    description="Takes a value of any type and returns a similar value with any ephemeral "
                "values replaced with null.")
"""ephemeralasnull(value): *value* with each value inside it marked ``"ephemeral"`` (itself
included) null, its other marks kept; unknowns lose their refinements and the mark, as in
Terraform (whether they will be ephemeral is not known yet)."""
