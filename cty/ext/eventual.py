"""Pulumi's Output semantics on cty values: secret, dependencies and unknown.

Pulumi gives every value three pieces of metadata: whether it is known, whether it is secret,
and which resources it depends on. cty already carries all three, so an "output" here is an
ordinary cty.Value: unknown values are cty unknowns (partial unknowns may sit inside known
collections), secrecy is the mark ``SECRET``, and each resource a value depends on is a mark
``DependsOn(urn)``. Marks form sets, so dependencies merge and deduplicate by themselves.

>>> from cty.ext import eventual
>>> pw = eventual.depends_on(eventual.secret(cty.string_val("hunter2")), "urn:db")
>>> eventual.output_state(pw)
OutputState(known=True, secret=True, dependencies=frozenset({'urn:db'}))
>>> up = eventual.apply(pw, lambda s: cty.string_val(s.as_string().upper()))
>>> eventual.is_secret(up), sorted(eventual.dependencies(up))
(True, ['urn:db'])
>>> eventual.format_value(cty.object_val({"user": cty.string_val("u"), "pw": up}))
'{ pw = (sensitive value), user = "u" }'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cty import (
    CtyTypeError,
    CtyValueError,
    DynamicPseudoType,
    PathError,
    PathValueMarks,
    Type,
    Value,
    object_val,
    register_sensitive_mark,
    tuple_val,
    unknown_val,
)
from cty import format_value as _format_value
from cty._internal import check_type, check_value
from cty.convert import convert

__all__ = [
    "SECRET",
    "ApplyError",
    "DependsOn",
    "OutputState",
    "all_",
    "all_obj",
    "apply",
    "dependencies",
    "depends_on",
    "format_value",
    "is_plain",
    "is_secret",
    "output_state",
    "secret",
    "unsecret",
    "unwrap",
]


class _Secret:
    """The type of SECRET: one instance, which survives copying and pickling as itself."""

    __slots__ = ()
    _instance: _Secret | None = None

    def __new__(cls) -> _Secret:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "eventual.SECRET"

    def __reduce__(self) -> str:
        return "SECRET"  # pickled by reference to this module's SECRET


SECRET = _Secret()
"""The mark of a secret value (Pulumi's secret; Terraform's sensitive). Registered as sensitive
when this module is imported, so the core printer (:func:`cty.format_value`) redacts it too."""
register_sensitive_mark(SECRET)


@dataclass(frozen=True, order=True)
class DependsOn:
    """The mark saying a value depends on the resource *urn* (one mark per resource).

    >>> DependsOn("urn:a") == DependsOn("urn:a")
    True
    """

    urn: str

    def __post_init__(self) -> None:
        if not isinstance(self.urn, str):
            raise CtyTypeError(f"a resource's URN is a str, not {type(self.urn).__name__}")


@dataclass(frozen=True)
class OutputState:
    """The three flags Pulumi observes on an output: known (nothing in it is unknown), secret
    (anything in it is secret), and the resources it depends on (the union over its parts)."""

    known: bool
    secret: bool
    dependencies: frozenset[str]


class ApplyError(CtyValueError):
    """apply's callback returned something it may not (not a cty.Value, or a value that does
    not convert to the result type). The message never shows the value."""


def secret(v: Value) -> Value:
    """Return *v* marked secret."""
    return check_value(v, "the value").mark(SECRET)


def unsecret(v: Value) -> Value:
    """Return *v* with SECRET taken off at every depth, its other marks kept where they are."""
    bare, found = check_value(v, "the value").unmark_deep_with_paths()
    kept = [PathValueMarks(pm.path, pm.marks - {SECRET}) for pm in found]
    return bare.mark_with_paths([pm for pm in kept if pm.marks])


def depends_on(v: Value, *urns: str) -> Value:
    """Return *v* marked as depending on each resource in *urns*."""
    marks = frozenset(DependsOn(u) for u in urns)
    return check_value(v, "the value").with_marks(marks)


def is_secret(v: Value) -> bool:
    """Return whether anything in *v* is secret."""
    return check_value(v, "the value").has_mark_deep(SECRET)


def dependencies(v: Value) -> frozenset[str]:
    """Return the URNs of the resources anything in *v* depends on."""
    _, marks = check_value(v, "the value").unmark_deep()
    return frozenset(m.urn for m in marks if isinstance(m, DependsOn))


def output_state(v: Value) -> OutputState:
    """Return Pulumi's flags for *v* (known = all of it known, secret = any of it secret,
    dependencies = the union)."""
    bare, marks = check_value(v, "the value").unmark_deep()
    return OutputState(known=bare.is_wholly_known(), secret=SECRET in marks,
                       dependencies=frozenset(m.urn for m in marks if isinstance(m, DependsOn)))


def is_plain(v: Value) -> bool:
    """Return whether *v* is a plain value: wholly known and without marks anywhere."""
    check_value(v, "the value")
    return v.is_wholly_known() and not v.contains_marked()


def apply(v: Value, f: Callable[[Value], Value], *, result_type: Type = DynamicPseudoType,
          run_with_unknowns: bool = False) -> Value:
    """Return ``f(v)`` with every mark found anywhere in *v* on the result (Pulumi's apply).

    The callback sees *v* without marks. It does not run when anything in *v* is unknown
    (the result is then an unknown of *result_type*) unless *run_with_unknowns*. Its result
    keeps its own marks and unknowns, and is converted to *result_type* unless that is
    dynamic; what the callback raises propagates.

    >>> apply(cty.unknown_val(cty.String).mark(SECRET), len, result_type=cty.Number)
    <sensitive cty.Number>.mark(eventual.SECRET)
    """
    check_value(v, "the value")
    check_type(result_type, "the result type")
    if not callable(f):
        raise CtyTypeError(f"apply takes a callable, not {type(f).__name__}")
    bare, marks = v.unmark_deep()
    if not run_with_unknowns and not bare.is_wholly_known():
        return unknown_val(result_type).with_marks(marks)
    result = f(bare)
    if not isinstance(result, Value):
        raise ApplyError(f"apply's callback must return a cty.Value, not a "
                         f"{type(result).__name__}")
    if result_type is not DynamicPseudoType:
        try:
            result = convert(result, result_type)
        except PathError as e:  # the message says what is wrong, never what the value is
            raise ApplyError(f"apply's callback returned a value that does not convert to "
                             f"{result_type.friendly_name_for_constraint()}: {e.message}"
                             ) from None
    return result.with_marks(marks)


def _collapsed(v: Value) -> Value:
    bare, marks = v.unmark_deep()
    if not bare.is_wholly_known():
        return unknown_val(bare.type()).with_marks(marks)
    return bare.with_marks(marks)


def all_(*vs: Value, collapse: bool = False) -> Value:
    """Return the values as a tuple, each keeping its marks and unknowns where they are (or,
    with *collapse*, Pulumi's literal shape: every mark on the tuple, and the whole tuple
    unknown if any part is)."""
    t = tuple_val([check_value(v, f"value {i}") for i, v in enumerate(vs)])
    return _collapsed(t) if collapse else t


def all_obj(attrs: Mapping[str, Value], collapse: bool = False) -> Value:
    """Return the values as an object's attributes; *collapse* as in all_."""
    if not isinstance(attrs, Mapping):
        raise CtyTypeError(f"all_obj takes a mapping of names to values, not "
                           f"{type(attrs).__name__}")
    o = object_val(dict(attrs))
    return _collapsed(o) if collapse else o


def unwrap(v: Value) -> Value:
    """Return *v*: with marks as flat sets an output of an output cannot arise (kept for
    parity with Pulumi's API)."""
    return check_value(v, "the value")


_STYLES: dict[str, tuple[str, str]] = {
    "terraform": ("(sensitive value)", "(known after apply)"),
    "esc": ("[secret]", "[unknown]"),
}


def format_value(v: Value, *, style: str = "terraform", width: int = 80,
                 extra_secret_marks: tuple[Any, ...] = ("sensitive",)) -> str:
    """Return *v* written for people with secret and unknown parts redacted: Terraform's
    ``(sensitive value)`` and ``(known after apply)``, or with ``style="esc"`` Pulumi ESC's
    ``[secret]`` and ``[unknown]``. Values marked with *extra_secret_marks* are hidden too.

    >>> format_value(cty.list_val([secret(cty.string_val("pw")), cty.unknown_val(cty.String)]),
    ...              style="esc")
    '[[secret], [unknown]]'
    """
    if style not in _STYLES:
        raise CtyValueError(f"style must be one of {', '.join(sorted(_STYLES))}, not {style!r}")
    hidden, unknown = _STYLES[style]
    return _format_value(v, width=width, unknown=unknown, sensitive=hidden,
                         sensitive_marks=(SECRET, *extra_secret_marks))
