"""Plain records at msgspec's speed: JSON text decoded straight into msgspec Structs made from
the type, and written back as the cty JSON the full path would write.

For the JSON the type takes as it is (every string a string, every number an integer, every
attribute the type has and no other, nothing null where a default would fill it in), a
record's converted value is the record itself with its missing optional attributes filled in.
So the command's JSON Lines and arrays need no payloads for such batches: msgspec decodes a
batch into Structs (``Decoder(..., strict=True)``, rejecting anything else), and encodes them
again with the keys sorted, the defaults written as cty's own JSON text of them (``Raw``), and
Go's extra escapes applied: byte for byte what ``cty_json.marshal`` writes for the converted
records.

A batch it does not take (anything msgspec's strict types refuse, text ``json_text_fits``
does not accept, a key given twice) goes the full way, with every answer and message the full
path's (tests/cli/test_struct_pass.py holds the two to it). A key given twice is found by its
colon: every key takes one in the text, and so does every colon in a string, written the same
both ways; so the text has as many colons as the written records less their defaults exactly
when no key is given twice.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Final

import msgspec

from cty import Bool, Number, String, Type
from cty.convert import Defaults, convert
from cty.encoding import json as cty_json
from cty.encoding._json_type import go_escape
from cty.encoding._typed_pass import json_text_fits

_COLON_ESCAPES: Final = (b"\\u003a", b"\\u003A")
"""A colon written as an escape: the count of colons would not see it."""


class _Default:
    """A missing optional attribute's value in a decoded Struct: the cty JSON text of its
    default (null when it has none) and the colons writing it adds (its key's and its own)."""

    __slots__ = ("colons", "raw")

    def __init__(self, text: bytes) -> None:
        self.raw = msgspec.Raw(text)
        self.colons = 1 + text.count(b":")


class StructPass:
    """Decodes batches of plain records of the type *ty* (with *defaults*) into Structs and
    writes them as cty JSON; None from any step sends the batch the full way."""

    def __init__(self, ty: Type, defaults: Defaults | None, *, duplicates: bool) -> None:
        self._duplicates = duplicates
        self._colons = 0
        self._taken = 0
        self._declined = 0
        plan = _Plan(int)
        record = plan.type_of(ty, defaults)
        if record is None:
            raise _Unplannable
        self._numbers = plan.numbers
        self._lines: Final = msgspec.json.Decoder(record, strict=True).decode_lines
        self._array: Final = msgspec.json.Decoder(list[record], strict=True).decode  # type: ignore[valid-type]
        # (the same with fractions, for text that has some: see _FRACTIONS)
        record = _Plan(_FRACTIONS).type_of(ty, defaults) if plan.numbers else None
        self._fraction_lines = msgspec.json.Decoder(record, strict=True).decode_lines
        self._fraction_array = msgspec.json.Decoder(list[record], strict=True).decode  # type: ignore[valid-type]
        encoder = msgspec.json.Encoder(enc_hook=self._default, order="deterministic")
        self._encode: Final = encoder.encode
        self._encode_lines: Final = encoder.encode_lines

    def decode_lines(self, text: bytes) -> list[Any] | None:
        """The records of the JSON Lines *text* as Structs, or None."""
        return self._decoded(self._lines, self._fraction_lines, text)

    def decode_array(self, text: bytes) -> list[Any] | None:
        """The elements of the JSON array *text* as Structs, or None."""
        return self._decoded(self._array, self._fraction_array, text)

    def _decoded(self, decode: Any, with_fractions: Any, text: bytes) -> list[Any] | None:
        # (data the pass keeps declining is not tried again and again: after three more
        # batches declined than taken, it is off)
        if self._declined > self._taken + 2 or not _fits(text):
            self._declined += 1
            return None
        try:
            records: list[Any] | None = decode(text)
        except msgspec.ValidationError as e:
            records = self._with_fractions(with_fractions, text, e)
        except msgspec.DecodeError:
            records = None
        if records is None:
            self._declined += 1
            return None
        self._taken += 1
        return records

    def _with_fractions(self, decode: Any, text: bytes, e: Exception) -> list[Any] | None:
        if not (self._numbers and _NOT_AN_INTEGER in str(e)):
            return None
        shape = text.translate(_NUMBER_SHAPES)
        if _LONG_NUMBER in shape or any(e in shape for e in _EXPONENTS):
            return None  # (maybe more digits than a float holds, or beyond its range)
        if b"-0" in text and _MINUS_ZERO.search(text):
            return None  # (-0.0 is 0 to a set of floats; -0 is not 0 to cty)
        try:
            return _WithFractions(decode(text))
        except msgspec.DecodeError:
            return None

    def encode(self, records: list[Any], text: bytes, *, lines: bool) -> bytes | None:
        """The cty JSON of *records* decoded from *text*: a line each (*lines*), or the
        elements of one array separated by commas; None when a key may be given twice."""
        self._colons = 0
        out = self._encode_lines(records) if lines else self._encode(records)[1:-1]
        if ((records.__class__ is _WithFractions and _not_as_cty_writes(out))
                or (self._duplicates and out.count(b":") - self._colons != text.count(b":"))):
            self._taken -= 1
            self._declined += 1
            return None
        return go_escape(out)

    def _default(self, obj: Any) -> msgspec.Raw:
        if obj.__class__ is not _Default:
            raise TypeError(f"not a default: {obj!r}")  # (cannot happen: Structs hold data)
        self._colons += obj.colons
        return obj.raw


class _WithFractions(list[Any]):
    """Records decoded with numbers as floats: their output is checked (_not_as_cty_writes);
    records of only integers need no check."""

    __slots__ = ()


class _Unplannable(Exception):
    """The type has a part the struct pass does not take."""


def plan_struct_pass(ty: Type, defaults: Defaults | None, *,
                     duplicates: bool) -> StructPass | None:
    """The struct pass for records of *ty* with *defaults*, or None if the type has a part
    it does not take (``any``, a capsule, a set of other than strings or numbers). With
    *duplicates*, a batch whose text may give a key twice is declined."""
    try:
        return StructPass(ty, defaults, duplicates=duplicates)
    except _Unplannable:
        return None


def _fits(text: bytes) -> bool:
    return (json_text_fits(text)
            and not (b"\\u" in text and any(e in text for e in _COLON_ESCAPES)))


_FRACTIONS: Final[Any] = int | Annotated[float, msgspec.Meta(gt=-1e16, lt=1e16)]
"""Numbers with fractions as floats, for text the checks below find plain enough that msgspec
writes each as cty does: at most 15 digits (more may not survive a float), no exponent (beyond
a float's range, or 1e-400 read as 0), no minus zero (0 to a set of floats); written neither
as a whole float ("2.0") nor with an exponent (below 1e-5; from 1e16 msgspec would, but
msgspec.Meta refuses those)."""
_NOT_AN_INTEGER: Final = ", got `float`"
_NUMBER_SHAPES: Final = bytes(
    48 if 48 <= b <= 57 or b == 46 else 101 if b in b"eE" else 45 if b in b"+-" else 32
    for b in range(256))
"""Digits and points as 0, exponent marks as e, signs as -, all else a space."""
_LONG_NUMBER: Final = b"0" * 17
_EXPONENTS: Final = (b"0e0", b"0e-0")
_MINUS_ZERO: Final = re.compile(rb"-0(?:\.0*)?(?:[eE][-+]?[0-9]+)?(?![0-9.eE])")
"""Minus zero with a fraction or an exponent (or text like it in a string)."""
_WHOLE_FLOATS: Final = (b".0,", b".0]", b".0}", b".0\n")
_DIGITS_AS_ZEROS: Final = bytes(48 if 48 <= b <= 57 else b for b in range(256))


def _not_as_cty_writes(out: bytes) -> bool:
    """Whether msgspec's JSON *out* may hold a float written otherwise than cty writes it: a
    whole number with its ".0", or a small one with an exponent (or text like them in a
    string: that only sends the batch the full way)."""
    if any(w in out for w in _WHOLE_FLOATS):
        return True
    return b"e-" in out and b"0e-" in out.translate(_DIGITS_AS_ZEROS)


class _Plan:
    """Builds the msgspec types of a cty type, numbers as *number*."""

    def __init__(self, number: Any) -> None:
        self.number = number
        self.numbers = False
        """Whether the type has numbers in it."""

    def type_of(self, ty: Type, defaults: Defaults | None) -> Any:
        """The msgspec type that decodes exactly the JSON of *ty* that needs no conversion
        (with the *defaults* of its missing optional attributes), or None."""
        if ty is String:
            return str
        if ty is Number:
            self.numbers = True
            return self.number
        if ty is Bool:
            return bool
        below = defaults.children.get("") if defaults is not None else None
        if ty.is_list_type():
            element = self.type_of(ty.element_type(), below)
            return None if element is None else list[element]  # type: ignore[valid-type]
        if ty.is_map_type():
            element = self.type_of(ty.element_type(), below)
            return None if element is None else dict[str, element]  # type: ignore[valid-type]
        if ty.is_set_type():
            # (msgspec sorts a set of these as go-cty does; no other kind is hashable)
            element = ty.element_type()
            if element is Number:
                self.numbers = True
                return set[self.number]  # type: ignore[name-defined]
            return set[str] if element is String else None
        if ty.is_tuple_type():
            parts = []
            for i, t in enumerate(ty.tuple_element_types()):
                part = self.type_of(t, defaults.children.get(str(i)) if defaults else None)
                if part is None:
                    return None
                parts.append(part)
            return tuple[tuple(parts)] if parts else tuple[()]  # type: ignore[misc]
        if ty.is_object_type():
            return self._struct(ty, defaults)
        return None

    def _struct(self, ty: Type, defaults: Defaults | None) -> Any:
        attrs = ty.attribute_types()
        optional = ty.optional_attributes()
        fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
        names: dict[str, str] = {}
        for i, name in enumerate(sorted(attrs)):  # (written in this order, as go-cty does)
            below = defaults.children.get(name) if defaults is not None else None
            part = self.type_of(attrs[name], below)
            if part is None:
                return None
            field = f"f{i}"
            names[field] = name
            if name not in optional:
                fields.append((field, part))
                continue
            default = defaults.values.get(name) if defaults is not None else None
            if default is None or default.is_null():
                fields.append((field, part | None, _Default(b"null")))
            else:
                fields.append((field, part, _default_text(default, below, attrs[name])))
        return msgspec.defstruct("Record", fields, kw_only=True, forbid_unknown_fields=True,
                                 rename=names, gc=False)


def _default_text(default: Any, below: Defaults | None, ty: Type) -> _Default:
    """The default of an attribute of *ty* as the full path writes it where the attribute is
    missing: its own defaults (*below*) applied, converted to *ty*, written as cty JSON."""
    value = below.apply(default) if below is not None else default
    try:
        value = convert(value, ty)
        return _Default(cty_json.marshal(value, ty.without_optional_attributes_deep()))
    except Exception:
        raise _Unplannable from None
