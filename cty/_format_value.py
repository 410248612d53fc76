"""Values printed for people, in the style Terraform users know.

``cty.format_value(v)`` writes a value as HCL would: ``{ name = "web", port = 80 }``,
``["a", "b"]``, ``toset(["a"])``, ``tomap({ "k" = 1 })``; a value that does not fit in the width
is broken over lines, two spaces per level (down to where the indentation reaches the width:
deeper values stay on one line). An unknown value prints as
``(known after apply)`` and a value marked sensitive as ``(sensitive value)``, at whatever
depth it sits; both texts can be chosen. The marks that count as sensitive are those registered
(``register_sensitive_mark``: ``"sensitive"`` from the start, ``cty.ext.eventual.SECRET`` once
that module is imported), and any more a call names: a mark registered anywhere is never
printed in clear by the core printer.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from dataclasses import dataclass
from typing import Final

from . import _number, _sensitive
from ._deep import deep
from ._errors import CtyTypeError
from ._limits import LimitExceededError
from ._primitive_type import Bool, Number, String
from ._structural_types import is_identifier
from ._value import Value, check_value

_ESCAPES: Final = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


@dataclass(frozen=True)
class _Style:
    width: int
    unknown: str
    sensitive: str
    sensitive_marks: frozenset[Hashable]


POSITIONAL_EXPONENTS: Final = 64
"""format_value writes a number whose decimal exponent is within this of 0 digit by digit
(``1e+63`` as 64 digits), and one farther out in exponent form (``1e+64``), so that 1e400000000
does not print 400 million digits."""


@deep
def format_value(value: Value, /, *, width: int = 80, unknown: str = "(known after apply)",
                 sensitive: str = "(sensitive value)",
                 sensitive_marks: Collection[Hashable] = ()) -> str:
    """Return *value* written for people, as Terraform shows values.

    Objects print as ``{ name = "web" }``, lists and tuples as ``["a"]``, sets as
    ``toset([...])``, maps as ``tomap({ "k" = ... })``, nulls as ``null``. A value longer than
    *width* characters is broken over lines. A value carrying a registered sensitive mark
    (:func:`register_sensitive_mark`) or any of *sensitive_marks* prints as *sensitive*, an
    unknown one as *unknown*.

    >>> cty.format_value(cty.object_val({"name": cty.string_val("web"),
    ...                                  "port": cty.number_int_val(80)}))
    '{ name = "web", port = 80 }'
    >>> cty.format_value(cty.list_val([cty.string_val("x").mark("sensitive"),
    ...                                cty.unknown_val(cty.String)]))
    '[(sensitive value), (known after apply)]'
    """
    check_value(value, "value")
    if isinstance(sensitive_marks, str) or not isinstance(sensitive_marks, Collection):
        raise CtyTypeError("sensitive_marks must be a collection of marks, not "
                           f"{type(sensitive_marks).__name__}")
    if not isinstance(width, int) or isinstance(width, bool):
        raise CtyTypeError(f"width must be an int, not {type(width).__name__}")
    style = _Style(width, unknown, sensitive, _sensitive.registered | frozenset(sensitive_marks))
    return _format(value, style, 0)


@deep  # (it recurses: any depth)
def _format(v: Value, style: _Style, indent: int) -> str:
    v, marks = v.unmark()
    if marks & style.sensitive_marks:
        return style.sensitive
    if not v.is_known():
        return style.unknown
    if v.is_null():
        return "null"
    ty = v.type()
    if ty is String:
        return _quote(v.as_string())
    if ty is Number:
        n = v.as_big_float()
        text = _number.format_g(n)  # shortest digits; written out unless far from 1
        _, e, exponent = text.partition("e")
        if e and -POSITIONAL_EXPONENTS < int(exponent) < POSITIONAL_EXPONENTS:
            try:
                return _number.format_f(n)
            except LimitExceededError:
                pass
        return text
    if ty is Bool:
        return "true" if v.true() else "false"
    if ty.is_list_type() or ty.is_tuple_type():
        return _items("[", "]", [_format(e, style, indent + 2) for e in v.as_value_slice()],
                      style, indent)
    if ty.is_set_type():
        items = [_format(e, style, indent + 2) for e in v.as_value_slice()]
        return "toset(" + _items("[", "]", items, style, indent) + ")"
    if ty.is_map_type():
        pairs = [f"{_quote(k)} = {_format(e, style, indent + 2)}"
                 for k, e in v.as_value_map().items()]
        return "tomap(" + _items("{", "}", pairs, style, indent, pad=True) + ")"
    if ty.is_object_type():
        pairs = [f"{k if is_identifier(k) else _quote(k)} = {_format(e, style, indent + 2)}"
                 for k, e in v.as_value_map().items()]
        return _items("{", "}", pairs, style, indent, pad=True)
    return f"{ty.friendly_name()}({v.encapsulated_value()!r})"


def _items(open_: str, close: str, items: list[str], style: _Style, indent: int, *,
           pad: bool = False) -> str:
    """Return *items* between brackets: on one line when that fits in the width (objects
    and maps with a space inside the braces), else one item per line."""
    if not items:
        return open_ + close
    space = " " if pad else ""
    line = f"{open_}{space}{', '.join(items)}{space}{close}"
    if indent >= style.width:
        return line  # as deep as the width: lines would only grow (and cost the square)
    if "\n" not in line and indent + len(line) <= style.width:
        return line
    inner = " " * (indent + 2)
    body = "".join(f"{inner}{item},\n" if not pad else f"{inner}{item}\n" for item in items)
    return f"{open_}\n{body}{' ' * indent}{close}"


def _quote(s: str) -> str:
    """Return *s* as an HCL string literal."""
    out = []
    for i, c in enumerate(s):
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif c in "$%" and s[i + 1:i + 2] == "{":
            out.append(c + c)
        elif not c.isprintable():
            out.append(f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'
