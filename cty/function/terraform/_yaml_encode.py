"""Terraform's yamlencode (zclconf/go-cty-yaml's YAMLEncodeFunc): a value written as one YAML
document, byte for byte as go-cty-yaml writes it.

go-cty-yaml sends events to its emitter, a port of LibYAML's; here the same events go to
LibYAML itself (PyYAML's binding), with the same settings: block style, Unicode written as it
is, strings double-quoted (those holding a line break in literal style, where the emitter
allows it), numbers as Go's ``Text('f', -1)`` writes them, null as ``null``, keys in cty's
order. It needs PyYAML built with LibYAML (the ``yaml`` extra); without it the function says
so.
"""

from __future__ import annotations

from typing import Any, Final

from cty import Bool, DynamicPseudoType, Number, String, Type, Value, string_val, unknown_val
from cty._number import format_f

from .._errors import FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter

__all__ = ["yamlencode"]


_ESCAPES: Final = {0x00: "0", 0x07: "a", 0x08: "b", 0x09: "t", 0x0A: "n", 0x0B: "v",
                   0x0C: "f", 0x0D: "r", 0x1B: "e", 0x22: '"', 0x5C: "\\", 0x85: "N",
                   0xA0: "_", 0x2028: "L", 0x2029: "P"}


_BREAKS: Final = frozenset("\n\r\x85\u2028\u2029")


def _escaped(text: str) -> str:
    """A string that starts with U+FEFF as go-cty-yaml's emitter writes it: every character
    escaped (its byte-order-mark test looks at the string's start, not at each character)."""
    out = ['"']
    for ch in text:
        code = ord(ch)
        named = _ESCAPES.get(code)
        if named is not None:
            out.append("\\" + named)
        elif code <= 0xFF:
            out.append(f"\\x{code:02X}")
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04X}")
        else:
            out.append(f"\\U{code:08X}")
    out.append('"')
    return "".join(out)


_MARKERS: Final = "~^`#@%&*!|=+<>;$"


def _characters(v: Value, seen: set[str]) -> None:
    """Every character of every string in *v* (keys included) into *seen*."""
    if v.is_null():
        return
    ty = v.type()
    if ty is String:
        seen.update(v.as_string())
    elif ty.is_collection_type() or ty.is_tuple_type() or ty.is_object_type():
        for key, element in v.elements():
            if ty.is_map_type() or ty.is_object_type():
                seen.update(key.as_string())
            _characters(element, seen)


class _Emission:
    """The events for one value, with the strings LibYAML would write otherwise than
    go-cty-yaml's emitter (those that start with U+FEFF) each standing in the events as a
    placeholder that LibYAML writes as wide as go-cty-yaml writes the string (and that is as
    long, for the emitter's 128-byte rule of simple keys), to be replaced in the text."""

    def __init__(self, events: Any, root: Value) -> None:
        self.events = events
        self.root = root
        self.out: list[Any] = []
        self.replaced: dict[str, str] = {}
        self.marker = ""

    def _marker(self) -> str:
        if not self.marker:
            seen: set[str] = set()
            _characters(self.root, seen)
            free = [ch for ch in _MARKERS if ch not in seen]
            self.marker = free[0] if free else "\ue000"  # (all of them used: private use)
        return self.marker

    def scalar(self, text: str, style: str | None) -> None:
        if text.startswith("\ufeff"):
            escaped = _escaped(text)
            broken = any(ch in _BREAKS for ch in text)  # (a key with one is a complex key)
            width = len(escaped) - 2 - (2 if broken else 0)
            size = len(text.encode())
            length = min(width, 128) if size <= 128 else max(width, 129)
            index = str(len(self.replaced))
            placeholder = index + self._marker() * max(1, length - len(index))
            self.replaced['"' + placeholder + ("\\n" if broken else "") + '"'] = escaped
            text, style = placeholder + ("\n" if broken else ""), '"'
        self.out.append(self.events.ScalarEvent(None, None, (True, True), text, style=style))


def _events(v: Value, emission: _Emission) -> None:
    """The YAML events go-cty-yaml's marshalEmit sends for *v* (known, unmarked)."""
    ty = v.type()
    out, events = emission.out, emission.events
    if v.is_null():
        emission.scalar("null", None)
    elif ty is String:
        text = v.as_string()
        emission.scalar(text, "|" if "\n" in text else '"')
    elif ty is Number:
        emission.scalar(format_f(v._v), None)
    elif ty is Bool:
        emission.scalar("true" if v.true() else "false", None)
    elif ty.is_list_type() or ty.is_set_type() or ty.is_tuple_type():
        out.append(events.SequenceStartEvent(None, None, True, flow_style=False))
        for _, element in v.elements():
            _events(element, emission)
        out.append(events.SequenceEndEvent())
    elif ty.is_map_type() or ty.is_object_type():
        out.append(events.MappingStartEvent(None, None, True, flow_style=False))
        for key, element in v.elements():
            _events(key, emission)
            _events(element, emission)
        out.append(events.MappingEndEvent())
    else:
        raise FunctionError(f"can't marshal {ty.friendly_name()} as YAML")


def _yamlencode(args: list[Value], ty: Type) -> Value:
    value = args[0]
    if not value.is_wholly_known():
        return unknown_val(String)
    try:
        import yaml  # noqa: PLC0415 (optional: the yaml extra)
        from yaml import events  # noqa: PLC0415
        dumper = yaml.CDumper
    except (ImportError, AttributeError):
        raise FunctionError("yamlencode needs PyYAML built with LibYAML (the yaml extra: "
                            "pip install 'cty[yaml]')") from None
    emission = _Emission(events, value)
    emission.out += [events.StreamStartEvent(encoding=None),
                     events.DocumentStartEvent(explicit=False)]
    _events(value, emission)
    emission.out += [events.DocumentEndEvent(explicit=False), events.StreamEndEvent()]
    text: str = yaml.emit(emission.out, Dumper=dumper, allow_unicode=True)
    for placeholder, written in emission.replaced.items():
        text = text.replace(placeholder, written)
    # LibYAML ends a document after a literal block kept with "+" with "..."; go-cty-yaml's
    # emitter does not, and ends one whose root is a plain scalar with it.
    if text.endswith("\n...\n") or text == "...\n":
        text = text[:-4]
    if value.is_null() or value.type() in (Number, Bool):
        text += "...\n"
    return string_val(text)


yamlencode = Function(params=[Parameter("value", DynamicPseudoType, allow_null=True,
                                        allow_dynamic_type=True)],
                      type=static_return_type(String), impl=_yamlencode,
                      description="Returns a string containing a YAML representation of the "
                                  "given value.")
"""yamlencode(value): *value* as a YAML document (unknown while any part of it is unknown)."""
