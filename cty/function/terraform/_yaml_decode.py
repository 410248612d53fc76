"""Terraform's yamldecode (zclconf/go-cty-yaml 1.1.0's YAMLDecodeFunc): one YAML document read
into a value, as go-cty-yaml reads it.

go-cty-yaml reads the document's events (from its port of LibYAML's parser) twice: once for
the type (mappings are objects, sequences tuples, scalars resolved by YAML 1.2's core schema
with YAML 1.1's booleans ``yes``/``on``..., timestamps as RFC 3339 strings, ``<<`` merges),
once for the value, converted to that type. Here the events come from LibYAML itself
(PyYAML's binding, the ``yaml`` extra), and the two passes and their errors are
go-cty-yaml's: ``on line N, column M: ...`` where N counts lines from 0, as go-cty-yaml's do,
and no position for what is on the first line.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from typing import Any, Final

from cty import (
    CtyError,
    DynamicPseudoType,
    False_,
    NegativeInfinity,
    Object,
    PositiveInfinity,
    String,
    True_,
    Tuple,
    Type,
    Value,
    null_val,
    number_int_val,
    object_val,
    parse_number_val,
    string_val,
    tuple_val,
)
from cty._internal import deep, hop
from cty.convert import convert

from .._errors import FunctionError
from .._function import Function
from .._parameter import Parameter
from ._yaml_time import parse_yaml_timestamp

__all__ = ["yamldecode"]

_TAG: Final = "tag:yaml.org,2002:"
STR, BOOL, INT, FLOAT = _TAG + "str", _TAG + "bool", _TAG + "int", _TAG + "float"
NULL, TIMESTAMP, BINARY = _TAG + "null", _TAG + "timestamp", _TAG + "binary"
SEQ, MAP = _TAG + "seq", _TAG + "map"
_RESOLVABLE: Final = frozenset({"", STR, BOOL, INT, FLOAT, NULL, TIMESTAMP, BINARY})

_WORDS: Final[dict[str, tuple[Value, str]]] = {}
for _value, _tag, _words in (
        (True_, BOOL, "y Y yes Yes YES true True TRUE on On ON"),
        (False_, BOOL, "n N no No NO false False FALSE off Off OFF"),
        (null_val(DynamicPseudoType), NULL, "~ null Null NULL"),
        (PositiveInfinity, FLOAT, ".inf .Inf .INF +.inf +.Inf +.INF"),
        (NegativeInfinity, FLOAT, "-.inf -.Inf -.INF")):
    for _word in _words.split():
        _WORDS[_word] = (_value, _tag)
_WORDS[""] = (null_val(DynamicPseudoType), NULL)

_HINTS: Final = {**dict.fromkeys("+-", "S"), **dict.fromkeys("0123456789", "D"),
                 **dict.fromkeys("yYnNtTfFoO~", "M"), ".": "."}
_INTEGER: Final = re.compile(r"(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\Z")
_FLOAT: Final = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_GO_INT: Final = re.compile(
    r"[-+]?(?:0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)\Z")


class _Merge:
    """What an untagged ``<<`` is as a mapping key: a merge of a mapping into the one it is in."""


MERGE: Final = _Merge()


def _go_quote(text: str) -> str:
    from cty._internal import go_quote  # noqa: PLC0415 (the core's, lazily: a cold path)
    return go_quote(text)


def _number(text: str) -> Value | None:
    try:
        return parse_number_val(text)
    except CtyError:
        return None


def _go_int(text: str) -> Value | None:
    """strconv.ParseInt(text, 0, 64), then ParseUint: 0x, 0o, 0b and leading-0 octal."""
    if not _GO_INT.match(text):
        return None
    sign = -1 if text[:1] == "-" else 1
    digits = text.lstrip("+-")
    lower = digits.lower()
    if lower.startswith(("0x", "0o", "0b")):
        n = int(digits[2:], {"x": 16, "o": 8, "b": 2}[lower[1]])
    elif len(digits) > 1 and digits[0] == "0":
        n = int(digits[1:], 8)
    else:
        n = int(digits)
    n *= sign
    return number_int_val(n) if -(1 << 63) <= n < (1 << 64) else None


def resolve(tag: str, src: str, quoted: bool) -> Value | _Merge:
    """go-cty-yaml's resolveScalar: the value of scalar *src* with tag *tag* ("" for none)."""
    if tag not in _RESOLVABLE:
        raise FunctionError(f"unsupported tag {_go_quote(tag)}")
    hint = _HINTS.get(src[0]) if src else "N"
    if hint is not None and tag not in (STR, BINARY):
        if quoted:
            return string_val(src)
        if src in _WORDS:
            return _WORDS[src][0]
        if tag == "" and src in (".nan", ".NaN", ".NAN"):
            raise FunctionError("floating point NaN is not supported")
        if hint == ".":
            number = _number(src)
            if number is not None:
                return number
        elif hint in ("D", "S"):
            if tag in ("", TIMESTAMP):
                stamp = parse_yaml_timestamp(src)
                if stamp is not None:
                    return string_val(stamp)
            if _INTEGER.match(src):
                tag = INT
            elif _FLOAT.match(src):
                tag = FLOAT
    if tag == "" and src == "<<":
        return MERGE
    if tag in (STR, BINARY):
        if tag == BINARY:
            try:
                base64.b64decode(src.encode(), validate=True)
            except (binascii.Error, ValueError):
                raise FunctionError(f"cannot parse {_go_quote(src)} as {tag}: not valid "
                                    "base64") from None
        return string_val(src)
    if tag == BOOL:
        word = _WORDS.get(src)
        if word is None or word[1] != BOOL:
            raise FunctionError(f"cannot parse {_go_quote(src)} as {tag}")
        return word[0]
    if tag in (FLOAT, INT):
        plain = src.replace("_", "")
        number = _number(plain)
        if number is None:
            number = _go_int(plain)
        if number is None:
            raise FunctionError(f"cannot parse {_go_quote(src)} as {tag}")
        return number
    if tag == TIMESTAMP:
        stamp = parse_yaml_timestamp(src)
        if stamp is None:
            raise FunctionError(f"cannot parse {_go_quote(src)} as {tag}")
        return string_val(stamp)
    if tag == NULL:
        return null_val(DynamicPseudoType)
    return string_val(src)


MAX_VALUES: Final = 1_000_000
"""The most values (scalars, sequences and mappings, each alias counted as all it stands for)
one document may describe: aliases of aliases can make a few lines stand for billions."""


_MAX_EVENTS: Final = 2 * MAX_VALUES + 8
"""Events past this many describe more than MAX_VALUES values (each value has at most two:
a mapping's key and value, or a collection's start and end; and the stream's and document's
four)."""


def _too_many() -> FunctionError:
    return FunctionError(f"the document describes more than {MAX_VALUES} values (counting "
                         "each alias as all it stands for)")


class _Events:
    """A document's events, with the parse error LibYAML stopped at (raised when reached)."""

    def __init__(self, source: str) -> None:
        import yaml  # noqa: PLC0415 (optional: the yaml extra)
        self.items: list[Any] = []
        self.error: FunctionError | None = None
        try:
            for event in yaml.parse(source or "\n", Loader=yaml.CLoader):
                self.items.append(event)
                if len(self.items) > _MAX_EVENTS:  # (then more than MAX_VALUES values)
                    self.error = _too_many()
                    return
        except yaml.MarkedYAMLError as e:
            self.error = FunctionError(_parser_message(e))
        except yaml.reader.ReaderError as e:
            self.error = FunctionError(e.reason)

    def __iter__(self) -> Iterator[Any]:
        yield from self.items
        if self.error is not None:
            raise self.error
        raise FunctionError("invalid YAML syntax")  # (never: the stream ends first)


def _parser_message(e: Any) -> str:
    """go-cty-yaml's parserError for LibYAML's error *e*."""
    import yaml  # noqa: PLC0415
    problem = e.problem or "invalid YAML syntax"
    mark, context = e.problem_mark, e.context_mark
    if mark is not None and mark.line != 0:
        line, column = mark.line, mark.column
        if isinstance(e, yaml.scanner.ScannerError):
            line, column = line + 1, 0
        return f"on line {line}, column {column + 1}: {problem}"
    if context is not None and context.line != 0:
        return f"on line {context.line}, column {context.column + 1}: {problem}"
    return problem


def _at(event: Any, message: str) -> FunctionError:
    """go-cty-yaml's parseEventErrorf: *message* placed at *event* (not on its first line)."""
    mark = event.start_mark
    if mark.line == 0:
        return FunctionError(message)
    return FunctionError(f"on line {mark.line}, column {mark.column + 1}: {message}")


_KINDS: Final = {"StreamStartEvent": "STREAM-START", "StreamEndEvent": "STREAM-END",
                 "DocumentStartEvent": "DOCUMENT-START", "DocumentEndEvent": "DOCUMENT-END",
                 "AliasEvent": "ALIAS", "ScalarEvent": "SCALAR",
                 "SequenceStartEvent": "SEQUENCE-START", "SequenceEndEvent": "SEQUENCE-END",
                 "MappingStartEvent": "MAPPING-START", "MappingEndEvent": "MAPPING-END"}


class _Pass:
    """One of go-cty-yaml's two passes over the events: types, or values. Each node gives its
    result and the number of values it describes."""

    def __init__(self, events: _Events, values: bool) -> None:
        self.events = iter(events)
        self.values = values
        self.pending: dict[str, int] = {}
        self.anchors: dict[str, tuple[Any, int]] = {}

    def next(self) -> Any:
        return next(self.events)

    def document(self) -> Any:
        first = self.next()
        if type(first).__name__ != "StreamStartEvent":
            raise _at(first, "missing stream start token")
        start = self.next()
        if type(start).__name__ != "DocumentStartEvent":
            raise _at(start, "missing start of document")
        result, _ = self.node(self.next())
        end = self.next()
        kind = type(end).__name__
        if kind == "DocumentStartEvent":
            raise _at(end, "only a single document is allowed")
        if kind != "DocumentEndEvent":
            raise _at(end, f"unexpected extra content ({_KINDS[kind]}) after value")
        last = self.next()
        if type(last).__name__ != "StreamEndEvent":
            raise _at(last, "unexpected extra content after value")
        return result

    @hop  # (it recurses: any depth up to cty's max_depth)
    def node(self, event: Any) -> tuple[Any, int]:
        kind = type(event).__name__
        if kind == "ScalarEvent":
            return self.scalar(event)
        if kind == "AliasEvent":
            return self.alias(event)
        if kind == "MappingStartEvent":
            return self.mapping(event)
        if kind == "SequenceStartEvent":
            return self.sequence(event)
        if kind == "DocumentStartEvent":
            raise _at(event, "only a single document is allowed")
        if kind == "StreamEndEvent":
            raise _at(event, "expecting value but found end of stream")
        raise _at(event, f"unexpected parser event {_KINDS.get(kind, kind)}")

    def _begin(self, anchor: str | None) -> None:
        if anchor:
            self.pending[anchor] = self.pending.get(anchor, 0) + 1

    def _complete(self, anchor: str | None, result: Any, size: int) -> tuple[Any, int]:
        if size > MAX_VALUES:
            raise _too_many()
        if anchor:
            self.pending[anchor] -= 1
            if not self.pending[anchor]:
                del self.pending[anchor]
            self.anchors[anchor] = (result, size)
        return result, size

    def scalar(self, event: Any) -> tuple[Any, int]:
        self._begin(event.anchor)
        tag = event.tag or ""
        if not self.values and tag == "" and not event.implicit[0]:
            result: Any = String  # (quoted, untagged)
        else:
            try:
                resolved = resolve(tag, event.value, event.style in ("'", '"'))
            except FunctionError as e:
                raise _at(event, str(e)) from None
            if resolved is MERGE:
                resolved = string_val("<<")  # (anywhere but as a mapping key)
            assert isinstance(resolved, Value)
            result = resolved if self.values else resolved.type()
        return self._complete(event.anchor, result, 1)

    def alias(self, event: Any) -> tuple[Any, int]:
        name = event.anchor
        if name in self.pending:
            raise _at(event, f"cannot refer to anchor {_go_quote(name)} from inside its own "
                             "definition")
        if name not in self.anchors:
            raise _at(event, f"reference to undefined anchor {_go_quote(name)}")
        return self.anchors[name]

    def mapping(self, event: Any) -> tuple[Any, int]:
        tag = event.tag or ""
        if tag not in ("", MAP):
            raise _at(event, f"can't interpret mapping as {tag}")
        self._begin(event.anchor)
        fields: dict[str, Any] = {}
        sizes: dict[str, int] = {}
        while True:
            key = self.next()
            kind = type(key).__name__
            if kind == "MappingEndEvent":
                result = object_val(fields) if self.values else Object(fields)
                return self._complete(event.anchor, result, 1 + sum(sizes.values()))
            if kind != "ScalarEvent":
                raise _at(key, "only strings are allowed as mapping keys")
            resolved = resolve(key.tag or "", key.value, key.style in ("'", '"'))
            if resolved is MERGE:
                merged, size = self.node(self.next())
                self._merge(key, merged, fields)
                sizes[f"\0merge {len(sizes)}"] = size  # (the whole merged mapping, once)
                continue
            assert isinstance(resolved, Value)
            try:
                name = convert(resolved, String)
            except CtyError:
                raise _at(key, "only strings are allowed as mapping keys") from None
            if name.is_null():
                raise _at(key, "mapping key cannot be null")
            text = name.as_string()
            fields[text], sizes[text] = self.node(self.next())

    def _merge(self, key: Any, merged: Any, fields: dict[str, Any]) -> None:
        """Merge mapping *merged* into *fields* (its entries overriding earlier ones)."""
        if self.values:
            ty = merged.type()
            if not (ty.is_object_type() or ty.is_map_type()):
                raise _at(key, f"cannot merge {ty.friendly_name()} into mapping")
            for name, element in merged.elements():
                fields[name.as_string()] = element
            return
        if not merged.is_object_type():
            raise _at(key, f"cannot merge {merged.friendly_name()} into mapping")
        fields.update(merged.attribute_types())

    def sequence(self, event: Any) -> tuple[Any, int]:
        tag = event.tag or ""
        if tag not in ("", SEQ):
            raise _at(event, f"can't interpret sequence as {tag}")
        self._begin(event.anchor)
        items: list[Any] = []
        size = 1
        while True:
            item = self.next()
            if type(item).__name__ == "SequenceEndEvent":
                result = tuple_val(items) if self.values else Tuple(items)
                return self._complete(event.anchor, result, size)
            element, element_size = self.node(item)
            items.append(element)
            size += element_size


def _source(args: list[Value]) -> _Events:
    try:
        import yaml  # noqa: PLC0415 (optional: the yaml extra)
        yaml.CLoader  # noqa: B018 (LibYAML's parser, or AttributeError)
    except (ImportError, AttributeError):
        raise FunctionError("yamldecode needs PyYAML built with LibYAML (the yaml extra: "
                            "pip install 'cty[yaml]')") from None
    return _Events(args[0].as_string())


@deep  # (a run stopped by the recursion limit runs again, from the start, on a chain)
def _document(events: _Events, values: bool) -> Any:
    return _Pass(events, values).document()


def _type(args: list[Value]) -> Type:
    if not args[0].is_known():
        return DynamicPseudoType
    result: Type = _document(_source(args), False)
    return result


def _decode(args: list[Value], ty: Type) -> Value:
    value: Value = _document(_source(args), True)
    return convert(value, ty)


yamldecode = Function(params=[Parameter("src", String)], type=_type, impl=_decode,
                      description="Parses the given string as YAML and returns a value "
                                  "representing what it describes.")
"""yamldecode(src): the value the YAML document *src* describes (mappings as objects,
sequences as tuples)."""
