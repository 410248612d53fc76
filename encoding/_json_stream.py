"""Which error go-cty would report for JSON input that does not decode: a cold path.

go-cty's Unmarshal reads JSON as a stream, value by value: a container reads each element's
complete text first (a syntax error there is reported at that element's path, as "failed to
read list value: ..."), then decodes it against the element type. So the first problem in
document order wins, and a syntax error is reported where go-cty was reading. The fast decoder
(msgspec, then the planned decoders) knows only that the input is bad; this module replays
go-cty's reading order in Python, over Go's json.Decoder as cty._go_json reproduces it, and returns
the first error with go-cty's path and in go-cty's words. It runs only after the fast decoder has
failed.

Our stricter rules apply at the same places: data after the value, a lone surrogate escape,
invalid UTF-8, an element type that differs from the others.
"""

from __future__ import annotations

from typing import Any

import cty
from cty import GetAttrStep, IndexStep, Type, limits, normalize_string
from cty._internal import (
    Delim,
    GoJSONDecoder,
    GoJSONError,
    NumberToken,
    container_ends,
    deep,
    go_quote,
    hop,
    in_deep_thread,
)

from ._errors import DecodeError, Fail
from ._json_decode import fixed_decoder
from ._json_number import JNum
from ._json_type import type_from_json


class _Stop(Exception):
    def __init__(self, message: str, steps: list[Any], offset: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.steps = list(steps)
        self.offset = offset


@deep
def first_error(text: str, ty: Type, *, valid_json: bool = False) -> DecodeError | None:
    """Return the DecodeError go-cty's reading order meets first when *text* is read as *ty*,
    or None when it meets none.

    go-cty reads each element as a complete raw value before decoding it, so reading nested
    arrays rescans each level's contents: quadratic in the depth. Here the extent of each array
    and object is remembered from the first read that found it well formed (or, when the caller
    knows *text* is valid JSON, from one bracket-matching pass), and the reading is linear.
    """
    ends: dict[int, int] = {}
    if valid_json:
        container_ends(text, 0, len(text), ends)
    r = _Reader(text, ends)
    try:
        end = r.unmarshal(0, len(text), ty, 0)
        rest = len(text) - len(text[end:].lstrip(_WS))
        if rest < len(text):
            raise _Stop("extraneous data after the JSON value", [], rest)
    except _Stop as e:
        return DecodeError(e.message, path=cty.Path(e.steps), offset=e.offset)
    except RecursionError:
        if not in_deep_thread():
            raise
        return DecodeError("JSON nested too deeply")
    return None


_WS = " \t\n\r"
class _Reader:
    """go-cty's json Unmarshal, replayed over the text with Go's Decoder (cty._go_json)."""

    __slots__ = ("ends", "steps", "text")

    def __init__(self, text: str, ends: dict[int, int]) -> None:
        self.text = text
        self.steps: list[Any] = []
        self.ends = ends

    def stop(self, message: str, offset: int | None = None) -> _Stop:
        return _Stop(message, self.steps, offset)

    def decoder(self, start: int, end: int) -> GoJSONDecoder:
        return GoJSONDecoder(self.text, start, end, self.ends)

    def raw(self, dec: GoJSONDecoder, what: str) -> tuple[int, int]:
        """Read one complete value (readRawValue); an error is "failed to read <what>: ..."."""
        try:
            return dec.decode_raw()
        except GoJSONError as e:
            raise self.stop(f"failed to read {what}: {e.text}", e.offset) from None

    def token(self, dec: GoJSONDecoder) -> Any:
        try:
            return dec.token()
        except GoJSONError as e:
            raise self.stop(e.text, e.offset) from None

    def require_delim(self, dec: GoJSONDecoder, d: str) -> None:
        tok = self.token(dec)
        if tok.__class__ is not Delim or tok != d:
            raise self.stop(f"missing expected {d}", dec.pos)

    def object_key(self, dec: GoJSONDecoder, what: str) -> str:
        """Read an object key (requireObjectKey); an error is "failed to read <what>: ..."."""
        try:
            tok = dec.token()
        except GoJSONError as e:
            raise self.stop(f"failed to read {what}: {e.text}", e.offset) from None
        if tok.__class__ is not str:
            raise self.stop(f"failed to read {what}: missing expected object key", dec.pos)
        self.check_unicode(tok, dec.pos)
        return tok

    def check_unicode(self, s: str, at: int) -> None:
        try:
            s.encode("utf-8")
        except UnicodeEncodeError:
            raise self.stop("a \\u escape of a lone surrogate: not valid Unicode", at) from None

    # --- go-cty's unmarshal ------------------------------------------------------------------

    @hop  # (it recurses, keeping steps: any depth)
    def unmarshal(self, start: int, end: int, ty: Type, depth: int) -> int:
        """Read text[start:end] as *ty*, as go-cty's unmarshal does; return where the value
        ends."""
        if depth > limits().max_depth:
            raise self.stop("JSON nested too deeply", start)
        dec = self.decoder(start, end)
        tok = self.token(dec)
        if tok is None:
            return dec.pos
        if ty is cty.DynamicPseudoType:
            return self.dynamic(start, end, depth)
        if ty.is_primitive_type():
            self.primitive(tok, ty, start)
            return dec.pos
        if ty.is_list_type() or ty.is_set_type() or ty.is_tuple_type():
            return self.sequence(start, end, ty, depth)
        if ty.is_map_type() or ty.is_object_type():
            return self.members(start, end, ty, depth)
        # a capsule: any complete value
        return self.raw(self.decoder(start, end), "value")[1]

    def primitive(self, tok: Any, ty: Type, at: int) -> None:
        if tok.__class__ is Delim:
            tok = [] if tok == "[" else {}
        elif tok.__class__ is NumberToken:
            tok = JNum(tok)
        elif isinstance(tok, str):
            self.check_unicode(tok, at)
        try:
            fixed_decoder(ty)(tok)
        except Fail as e:
            raise self.stop(e.message, at) from None

    def sequence(self, start: int, end: int, ty: Type, depth: int) -> int:
        """A list, set or tuple (unmarshalList, unmarshalSet, unmarshalTuple)."""
        is_tuple = ty.is_tuple_type()
        etys = ty.tuple_element_types() if is_tuple else ()
        kind = "tuple" if is_tuple else "list" if ty.is_list_type() else "set"
        set_step = IndexStep(cty.unknown_val(ty.element_type())) if kind == "set" else None
        dec = self.decoder(start, end)
        self.require_delim(dec, "[")
        idx = 0
        while dec.more():
            if is_tuple and idx >= len(etys):
                raise self.stop(f"too many tuple elements (need {len(etys)})", dec.pos)
            self.steps.append(set_step if set_step is not None
                              else IndexStep(cty.number_int_val(idx)))
            i, j = self.raw(dec, f"{kind} value")
            self.unmarshal(i, j, etys[idx] if is_tuple else ty.element_type(), depth + 1)
            self.steps.pop()
            idx += 1
        self.require_delim(dec, "]")
        if is_tuple and idx < len(etys):
            # go-cty names the path of the tuple's container here (it drops one step too many)
            raise _Stop(f"not enough tuple elements (need {len(etys)})", self.steps[:-1], start)
        return dec.pos

    def members(self, start: int, end: int, ty: Type, depth: int) -> int:
        """A map or an object (unmarshalMap, unmarshalObject)."""
        is_map = ty.is_map_type()
        what = "map" if is_map else "object"
        attrs = {} if is_map else ty.attribute_types()
        dec = self.decoder(start, end)
        self.require_delim(dec, "{")
        depth_here = len(self.steps)
        self.steps.append(None)  # go-cty's path to a member: a step set as it goes
        try:
            while dec.more():
                if is_map:
                    self.steps[-1] = IndexStep(cty.unknown_val(cty.String))
                at = dec.pos
                key = self.object_key(dec, f"{what} key")
                if is_map:
                    self.steps[-1] = IndexStep(cty.string_val(normalize_string(key)))
                    ety = ty.element_type()
                else:
                    # go-cty looks the key up as written: attribute names are NFC, so a key
                    # spelled in another normal form is not one of them
                    if key not in attrs:
                        raise _Stop(f"unsupported attribute {go_quote(key)}",
                                    self.steps[:depth_here], at)
                    self.steps[-1] = GetAttrStep(key)
                    ety = attrs[key]
                i, j = self.raw(dec, f"{what} value")
                self.unmarshal(i, j, ety, depth + 1)
        except _Stop as e:
            if e.steps and e.steps[-1] is None:
                e.steps.pop()  # go-cty's path ends in a nil step here: we name the container
            raise
        finally:
            del self.steps[depth_here:]
        self.require_delim(dec, "}")
        return dec.pos

    def dynamic(self, start: int, end: int, depth: int) -> int:
        """A dynamic value: {"value": ..., "type": ...} (unmarshalDynamic)."""
        dec = self.decoder(start, end)
        self.require_delim(dec, "{")
        t: Type | None = None
        body: tuple[int, int] | None = None
        while dec.more():
            key = self.object_key(dec, "dynamic type descriptor key")
            i, j = self.raw(dec, "dynamic type descriptor value")
            if key == "type":
                try:
                    t = type_from_json(self.text[i:j])
                except DecodeError as e:
                    raise self.stop(f"failed to decode type for dynamic value: {e.message}",
                                    i) from None
            elif key == "value":
                body = (i, j)
            else:
                raise self.stop(f"invalid key {go_quote(key)} in dynamically-typed value", i)
        self.require_delim(dec, "}")
        if t is None:
            raise self.stop("missing type in dynamically-typed value", start)
        if body is None:
            raise self.stop("missing value in dynamically-typed value", start)
        self.unmarshal(body[0], body[1], t, depth + 1)
        return dec.pos


@deep
def implied_first_error(text: str) -> DecodeError | None:
    """Return the error go-cty's ImpliedType gives for JSON *text*, in its words; None where
    go-cty finds a type (then the caller's error, from a rule of ours, stands)."""
    dec = GoJSONDecoder(text)
    try:
        _implied(dec, dec.token(), 0)
        if dec.more():
            return DecodeError("extraneous data after JSON object", offset=dec.pos)
    except GoJSONError as e:
        return DecodeError(e.text, offset=e.offset)
    except _ImpliedError as e:
        return DecodeError(str(e))
    return None


class _ImpliedError(Exception):
    pass


@hop  # (it recurses, moving the decoder: any depth)
def _implied(dec: GoJSONDecoder, tok: Any, depth: int) -> Type:
    """go-cty's impliedTypeForTok, raising the errors it gives."""
    if depth > limits().max_depth:
        raise _ImpliedError("JSON nested too deeply")
    if tok is None:
        return cty.DynamicPseudoType
    if tok.__class__ is bool:
        return cty.Bool
    if tok.__class__ is NumberToken:
        return cty.Number
    if tok.__class__ is str:
        _check_unicode(tok)
        return cty.String
    if tok == "{":
        attrs: dict[str, Type] = {}
        while True:
            tok = dec.token()
            if tok.__class__ is Delim:
                if tok != "}":
                    raise _ImpliedError(f"unexpected delimiter '{tok}'")  # Go's %q of a rune
                break
            if tok.__class__ is not str:
                raise _ImpliedError(f"expected string but found {_go_type(tok)}")
            _check_unicode(tok)
            aty = _implied(dec, dec.token(), depth + 1)
            if tok in attrs and attrs[tok] != aty:
                raise _ImpliedError(f"duplicate {go_quote(tok)} property in JSON object")
            attrs[tok] = aty
        return cty.Object(attrs) if attrs else cty.EmptyObject
    if tok == "[":
        etys = []
        while True:
            tok = dec.token()
            if tok.__class__ is Delim and tok == "]":
                break
            etys.append(_implied(dec, tok, depth + 1))
        return cty.Tuple(etys) if etys else cty.EmptyTuple
    raise _ImpliedError(f"unexpected token '{tok}'")  # (a Delim: unreachable via Token)


def _check_unicode(s: str) -> None:
    """Refuse a string token holding a lone surrogate (go-cty reads it as U+FFFD)."""
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        raise _ImpliedError("a \\u escape of a lone surrogate: not valid Unicode") from None


def _go_type(tok: Any) -> str:
    """Go's %T of a token that is not a string."""
    if tok is None:
        return "<nil>"
    if tok.__class__ is bool:
        return "bool"
    return "json.Number"
