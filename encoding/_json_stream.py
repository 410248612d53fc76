"""Which error go-cty would report for JSON input that does not decode: a cold path.

go-cty's Unmarshal reads JSON as a stream, value by value: a container reads each element's
complete text first (a syntax error there is reported at that element's path, as "failed to
read list value: ..."), then decodes it against the element type. So the first problem in
document order wins, and a syntax error is reported where go-cty was reading. The fast decoder
(msgspec, then the planned decoders) knows only that the input is bad; this module replays
go-cty's reading order in Python, with the standard library's json scanner reading each element,
and returns the first error with go-cty's path. It runs only after the fast decoder has failed.

Our stricter rules apply at the same places: data after the value, a lone surrogate escape,
invalid UTF-8, an element type that differs from the others.
"""

from __future__ import annotations

import json as _stdlib_json
import re
from typing import Any, Final

import cty
from cty import CtyValueError, GetAttrStep, IndexStep, Type, normalize_string
from cty._internal import go_quote, in_deep_thread

from ._errors import DecodeError, Fail
from ._json_decode import fixed_decoder
from ._json_number import JNum
from ._json_type import type_from_json

_WS = " \t\n\r"
_MAX_DEPTH = 10_000


def _no_constant(name: str) -> Any:
    raise CtyValueError(f"invalid character {name[:1]!r} looking for beginning of value")


_scan = _stdlib_json.JSONDecoder(parse_constant=_no_constant, parse_float=JNum,
                                 parse_int=JNum).raw_decode


class _Stop(Exception):
    def __init__(self, message: str, steps: list[Any], offset: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.steps = list(steps)
        self.offset = offset


def first_error(text: str, ty: Type, *, valid_json: bool = False) -> DecodeError | None:
    """Return the DecodeError go-cty's reading order meets first when *text* is read as *ty*,
    or None when it meets none.

    go-cty reads each element as a complete raw value before decoding it, so reading nested
    arrays rescans each level's contents: quadratic in the depth. When the caller knows *text*
    is valid JSON, the extent of each array and object is taken from one bracket-matching pass
    instead, and the reading is linear.
    """
    r = _Reader(text, _container_ends(text) if valid_json else None)
    try:
        end = r.value(0, len(text), ty, 0)
        rest = r.skip(end, len(text))
        if rest < len(text):
            raise _Stop("extraneous data after the JSON value", [], rest)
    except _Stop as e:
        return DecodeError(e.message, path=cty.Path(e.steps), offset=e.offset)
    except RecursionError:
        if not in_deep_thread():
            raise
        return DecodeError("JSON nested too deeply")
    return None


_BRACKETS_AND_STRINGS: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.S)


def _container_ends(text: str) -> dict[int, int]:
    """Return, for valid JSON *text*, where each array or object ends (start -> end + 1)."""
    ends: dict[int, int] = {}
    opened: list[int] = []
    for m in _BRACKETS_AND_STRINGS.finditer(text):
        c = text[m.start()]
        if c in "[{":
            opened.append(m.start())
        elif c in "]}":
            ends[opened.pop()] = m.end()
    return ends


class _Reader:
    __slots__ = ("ends", "steps", "text")

    def __init__(self, text: str, ends: dict[int, int] | None = None) -> None:
        self.text = text
        self.steps: list[Any] = []
        self.ends = ends

    def stop(self, message: str, offset: int | None = None) -> _Stop:
        return _Stop(message, self.steps, offset)

    def skip(self, i: int, end: int) -> int:
        text = self.text
        while i < end and text[i] in _WS:
            i += 1
        return i

    def raw(self, i: int, end: int, what: str) -> tuple[Any, int]:
        """Read one complete JSON value at *i*; a syntax error is "failed to read <what>"."""
        i = self.skip(i, end)
        if i >= end:
            raise self.stop(f"failed to read {what}: unexpected EOF", i)
        if self.ends is not None and self.text[i] in "[{":
            return None, self.ends[i]  # (every caller ignores a container's value)
        try:
            value, j = _scan(self.text, i)
        except ValueError as e:
            raise self.stop(f"failed to read {what}: {_message(e)}", i) from None
        if j > end:  # pragma: no cover - a value never outruns the text it was cut from
            raise self.stop(f"failed to read {what}: unexpected EOF", end)
        return value, j

    def expect(self, i: int, end: int, ch: str, message: str) -> int:
        i = self.skip(i, end)
        if i >= end or self.text[i] != ch:
            raise self.stop(message, i)
        return i + 1

    # --- go-cty's unmarshal ------------------------------------------------------------------

    def value(self, i: int, end: int, ty: Type, depth: int) -> int:
        """Read the value at *i* as *ty* and return where it ends."""
        if depth > _MAX_DEPTH:
            raise self.stop("JSON nested too deeply", i)
        i = self.skip(i, end)
        if i >= end:
            raise self.stop("EOF", i)
        c = self.text[i]
        if c == "n":
            _, j = self.raw(i, end, "value")
            return j
        if ty is cty.DynamicPseudoType:
            return self.dynamic(i, end, depth)
        if ty.is_primitive_type():
            tok, j = self.raw(i, end, "value") if c not in "[{" else (None, i)
            self.primitive(c, tok, ty, i)
            return j if c not in "[{" else self.raw(i, end, "value")[1]
        if ty.is_list_type() or ty.is_set_type() or ty.is_tuple_type():
            return self.array(i, end, ty, depth)
        if ty.is_map_type() or ty.is_object_type():
            return self.object(i, end, ty, depth)
        # a capsule: any complete value
        return self.raw(i, end, "value")[1]

    def primitive(self, c: str, tok: Any, ty: Type, at: int) -> None:
        if c in "[{":
            tok = [] if c == "[" else {}
        elif isinstance(tok, str):
            self.check_unicode(tok, at)
        try:
            fixed_decoder(ty)(tok)
        except Fail as e:
            raise self.stop(e.message, at) from None

    def check_unicode(self, s: str, at: int) -> None:
        try:
            s.encode("utf-8")
        except UnicodeEncodeError:
            raise self.stop("a \\u escape of a lone surrogate: not valid Unicode", at) from None

    def array(self, i: int, end: int, ty: Type, depth: int) -> int:
        if self.text[i] != "[":
            self.raw(i, end, "value")
            raise self.stop("missing expected [", i)
        is_tuple = ty.is_tuple_type()
        etys = ty.tuple_element_types() if is_tuple else ()
        kind = "tuple" if is_tuple else "list" if ty.is_list_type() else "set"
        set_step = IndexStep(cty.unknown_val(ty.element_type())) if kind == "set" else None
        start = i
        i += 1
        idx = 0
        types: list[Type] = []
        while True:
            i = self.skip(i, end)
            if i >= end:
                raise self.stop("EOF", i)  # go-cty: no more elements, and no "]"
            if self.text[i] == "]":
                i += 1
                break
            if is_tuple and idx >= len(etys):
                raise self.stop(f"too many tuple elements (need {len(etys)})", i)
            self.steps.append(set_step if set_step is not None
                              else IndexStep(cty.number_int_val(idx)))
            if idx > 0:
                if i >= end or self.text[i] != ",":
                    raise self.stop(f"failed to read {kind} value: expected comma after "
                                    "array element", i)
                i += 1
            _, j = self.raw(i, end, f"{kind} value")
            ety = etys[idx] if is_tuple else ty.element_type()
            self.value(i, j, ety, depth + 1)
            types.append(ety)
            self.steps.pop()
            i = j
            idx += 1
        if is_tuple and idx < len(etys):
            # go-cty names the path of the tuple's container here (it drops one step too many)
            raise _Stop(f"not enough tuple elements (need {len(etys)})", self.steps[:-1],
                        start)
        return i

    def object(self, i: int, end: int, ty: Type, depth: int) -> int:
        if self.text[i] != "{":
            self.raw(i, end, "value")
            raise self.stop("missing expected {", i)
        is_map = ty.is_map_type()
        what = "map" if is_map else "object"
        attrs = ty.attribute_types() if not is_map else {}
        i += 1
        first = True
        while True:
            i = self.skip(i, end)
            if i >= end:
                raise self.stop("EOF", i)
            if self.text[i] == "}":
                return i + 1
            if is_map:
                self.steps.append(IndexStep(cty.unknown_val(cty.String)))
            if not first:
                if i >= end or self.text[i] != ",":
                    raise self.stop(f"failed to read {what} key: expected comma after object "
                                    "element", i)
                i = self.skip(i + 1, end)
            first = False
            if i >= end or self.text[i] != '"':
                raise self.stop(f"failed to read {what} key: missing expected object key", i)
            key, i = self.raw(i, end, f"{what} key")
            self.check_unicode(key, i)
            if is_map:
                self.steps.pop()
                self.steps.append(IndexStep(cty.string_val(normalize_string(key))))
                ety = ty.element_type()
            else:
                # go-cty looks the key up as written: attribute names are NFC, so a key
                # spelled in another normal form is not one of them
                if key not in attrs:
                    raise self.stop(f"unsupported attribute {_quote(key)}", i)
                self.steps.append(GetAttrStep(key))
                ety = attrs[key]
            i = self.skip(i, end)
            if i >= end or self.text[i] != ":":
                raise self.stop(f"failed to read {what} value: expected colon after object "
                                "key", i)
            _, j = self.raw(i + 1, end, f"{what} value")
            self.value(i + 1, j, ety, depth + 1)
            self.steps.pop()
            i = j

    def dynamic(self, i: int, end: int, depth: int) -> int:
        if self.text[i] != "{":
            self.raw(i, end, "value")
            raise self.stop("missing expected {", i)
        start = i
        i += 1
        first = True
        t: Type | None = None
        body: tuple[int, int] | None = None
        while True:
            i = self.skip(i, end)
            if i >= end:
                raise self.stop("EOF", i)
            if self.text[i] == "}":
                i += 1
                break
            if not first:
                if i >= end or self.text[i] != ",":
                    raise self.stop("failed to read dynamic type descriptor key: expected "
                                    "comma after object element", i)
                i = self.skip(i + 1, end)
            first = False
            if i >= end or self.text[i] != '"':
                raise self.stop("failed to read dynamic type descriptor key: missing expected "
                                "object key", i)
            key, i = self.raw(i, end, "dynamic type descriptor key")
            i = self.skip(i, end)
            if i >= end or self.text[i] != ":":
                raise self.stop("failed to read dynamic type descriptor value: expected colon "
                                "after object key", i)
            vstart = self.skip(i + 1, end)
            _, j = self.raw(vstart, end, "dynamic type descriptor value")
            if key == "type":
                try:
                    t = type_from_json(self.text[vstart:j])
                except DecodeError as e:
                    raise self.stop(f"failed to decode type for dynamic value: {e.message}",
                                    vstart) from None
            elif key == "value":
                body = (vstart, j)
            else:
                raise self.stop(f"invalid key {_quote(key)} in dynamically-typed value", i)
            i = j
        if t is None:
            raise self.stop("missing type in dynamically-typed value", start)
        if body is None:
            raise self.stop("missing value in dynamically-typed value", start)
        self.value(body[0], body[1], t, depth + 1)
        return i


def _message(e: ValueError) -> str:
    msg = getattr(e, "msg", None)
    return msg if isinstance(msg, str) else str(e)


def _quote(s: str) -> str:
    return go_quote(s)
