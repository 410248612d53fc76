"""go-cty's JSON encoding of cty values and types (go-cty's cty/json).

``marshal(v, ty)`` writes the JSON go-cty writes, byte for byte (Go's escaping of ``<``, ``>``,
``&``, U+2028 and U+2029 included; numbers as exact positional decimals), and
``unmarshal(data, ty)`` reads JSON as go-cty does. JSON's types are fewer than cty's, so the
type is given on both sides; where it is ``cty.DynamicPseudoType`` the value travels as
``{"value": ..., "type": ...}`` with the type in go-cty's type JSON (``marshal_type``).

Caveats, as in go-cty:

* Unknown values cannot be encoded (``value is not known``), nor marked values, nor
  infinities. Capsule values are encoded as msgspec encodes the object they wrap.
* Decoding is lenient the way go-cty's is: a JSON string is accepted for a number or a bool,
  a number or a bool for a string (a number keeps its literal text), and missing object
  attributes are null. It is strict about everything else: malformed JSON, trailing data,
  invalid UTF-8 and unknown attributes raise DecodeError with the path.
* ``SimpleJSONValue`` encodes a value with its own type and decodes with ``implied_type``,
  so types come back as objects and tuples.

>>> ty = cty.Object({"name": cty.String, "port": cty.Number})
>>> json.marshal(cty.object_val({"name": cty.string_val("<web>"),
...                              "port": cty.number_float_val(0.5)}), ty)
b'{"name":"\\\\u003cweb\\\\u003e","port":0.5}'
>>> json.unmarshal(b'{"port":"80"}', ty).get_attr("name").is_null()
True
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any, Final

import cty
from cty import CtyTypeError, Type, Value
from cty._internal import PerType, check_type, check_value, deep, make

from ._codec import PlannedDecoder, PlannedEncoder
from ._errors import DecodeError, EncodeError
from ._json_decode import fixed_decoder, load, repeats_dropped, var_decoder
from ._json_decode import implied_type as _implied_type
from ._json_encode import encode_payload, plan
from ._json_shaped import DECLINED, ShapedDecoder, shaped_decoder
from ._json_stream import first_error, implied_first_error
from ._json_type import type_from_json, type_to_json

__all__ = [
    "DecodeError",
    "Decoder",
    "EncodeError",
    "Encoder",
    "SimpleJSONValue",
    "implied_type",
    "marshal",
    "marshal_type",
    "simple_json_marshal",
    "simple_json_unmarshal",
    "unmarshal",
    "unmarshal_type",
]

Buffer = bytes | bytearray | memoryview | str
"""The JSON inputs the decoders take (text, or UTF-8 bytes)."""


class Encoder(PlannedEncoder, plan=plan, write=encode_payload):
    """Encodes values as JSON for one wanted type, planning the work once (``encode(v)``;
    ``type`` is the type values are encoded as).

    >>> json.Encoder(cty.List(cty.Number)).encode(cty.list_val([cty.number_int_val(1)]))
    b'[1]'
    """

    __slots__ = ()


class Decoder(PlannedDecoder[Buffer], fixed_decoder=fixed_decoder,
              var_decoder=var_decoder):
    """Decodes JSON into values of one type, planning the work once (``decode(data)``; see
    unmarshal()).

    >>> json.Decoder(cty.Set(cty.String)).decode('["b", "a", "b"]')
    cty.set_val([cty.string_val('a'), cty.string_val('b')])
    """

    __slots__ = ("_planned", "_shaped", "_used")

    def __init__(self, ty: Type, /) -> None:
        super().__init__(ty)
        self._shaped: ShapedDecoder | None = None
        self._planned = self._fixed is None  # (a type with any in it has no shaped pass)
        self._used = False

    def shaped_pass(self) -> ShapedDecoder | None:
        """Return the shaped pass of this decoder's type (made now if not yet), or None when
        the type has no shape (cty.encoding._json_shaped)."""
        if not self._planned:
            self._shaped = shaped_decoder(self._ty)
            self._planned = True
        return self._shaped

    def _decode(self, data: Buffer) -> Value:
        if self._planned:
            shaped = self._shaped
        elif self._used or _sized(data) >= _SHAPED_FROM:
            shaped = self.shaped_pass()
        else:
            # A type decoded once, in a small document, is decoded the general way: making
            # the shaped pass (a Struct type and a generated builder) costs more than it saves
            # there. A second decode, or a large document, makes it.
            self._used = True
            shaped = None
        if shaped is not None:
            raw: bytes | None = None
            text: str | None = None
            if isinstance(data, str):
                if data.isascii():
                    raw = data.encode("ascii")
                else:  # (a lone surrogate cannot be encoded: the general decoder's)
                    with suppress(UnicodeEncodeError):
                        raw, text = data.encode(), data
            elif isinstance(data, bytes | bytearray | memoryview):
                raw = bytes(data)  # (no copy of bytes)
            if raw is not None:
                p = shaped.payload(raw, text)
                if p is not DECLINED:
                    return make(self._ty, p)
        return super()._decode(data)

    def _load(self, data: Buffer) -> Any:
        """Return the JSON document *data* as Python objects. Where a key came twice in an
        object, its earlier entries are read too, in go-cty's order, and an error in one of
        them is raised (the tree holds the last entry, which go-cty keeps)."""
        tree = load(_check_buffer(data))
        if repeats_dropped(data, tree):
            error = self._explain(data, True)
            if error is not None:
                raise error
        return tree

    def _explain(self, data: Buffer, well_formed: bool) -> DecodeError | None:
        """Return the error go-cty's reading order meets first in *data* (the text, when it is
        not valid UTF-8, is left to the error already found)."""
        if not isinstance(data, str):
            try:
                data = bytes(data).decode("utf-8")
            except UnicodeDecodeError:
                return None
        return first_error(data, self._ty, valid_json=well_formed)


_SHAPED_FROM: Final = 2048
"""Documents of this many bytes or characters or more take the shaped pass at once."""


def _sized(data: Any) -> int:
    return len(data) if isinstance(data, bytes | bytearray | memoryview | str) else 0


def _check_buffer(data: Any) -> Buffer:
    if not isinstance(data, bytes | bytearray | memoryview | str):
        raise CtyTypeError(f"JSON data must be str or bytes-like, not {type(data).__name__}")
    return data


_encoders: PerType[Encoder] = PerType("JSON encoders")
_decoders: PerType[Decoder] = PerType("JSON decoders")


@deep
def marshal(value: Value, ty: Type, /) -> bytes:
    """Return go-cty's JSON encoding of *value* as a value of *ty* (UTF-8, no whitespace).

    A value whose type does not conform to *ty* is converted first (cty.convert), as go-cty
    does. Raises EncodeError (a cty.PathError) for unknown or marked values and infinities.
    """
    enc = _encoders.get(ty)
    if enc is None:
        enc = _encoders.setdefault(ty, Encoder(ty))
    return enc.encode(value)


@deep
def unmarshal(data: Buffer, ty: Type, /) -> Value:
    """Return the value of *ty* that JSON *data* holds (go-cty's Unmarshal).

    Raises DecodeError, with the path, for malformed JSON and for data that does not fit *ty*.
    """
    dec = _decoders.get(ty)
    if dec is None:
        dec = _decoders.setdefault(ty, Decoder(ty))
    return dec.decode(data)


@deep
def marshal_type(ty: Type, /) -> bytes:
    """Return go-cty's JSON encoding of the type *ty* (``["list","string"]``).

    Raises EncodeError for a type holding a capsule type.
    """
    return type_to_json(check_type(ty, "type"))


@deep
def unmarshal_type(data: Buffer, /) -> Type:
    """Return the type go-cty's type JSON *data* describes; DecodeError if it describes none."""
    if isinstance(data, bytearray | memoryview):
        data = bytes(data)
    return type_from_json(_check_buffer(data))  # type: ignore[arg-type]


@deep
def implied_type(data: Buffer, /) -> Type:
    """Return the type JSON *data* implies: objects are object types, arrays tuple types, null
    is dynamic (go-cty's ImpliedType). Raises DecodeError for malformed JSON and for a
    property repeated with values of different types."""
    raw = _check_buffer(data)
    try:
        return _implied_type(raw)
    except ValueError as e:
        error = e if isinstance(e, DecodeError) else DecodeError(str(e))
    try:
        text = raw if isinstance(raw, str) else bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        raise error from None
    raise implied_first_error(text) or error from None


@deep
def simple_json_marshal(value: Value, /) -> bytes:
    """Return *value* as JSON encoded with its own type (go-cty's SimpleJSONValue.MarshalJSON)."""
    return marshal(value, check_value(value, "simple_json_marshal: value").type())


@deep
def simple_json_unmarshal(data: Buffer, /) -> Value:
    """Return the value JSON *data* holds, typed by implied_type() (SimpleJSONValue's
    UnmarshalJSON)."""
    return unmarshal(data, implied_type(data))


class SimpleJSONValue:
    """A value that is encoded with its own type and decoded with the type JSON implies
    (go-cty's SimpleJSONValue); types do not survive, data does.

    >>> SimpleJSONValue(cty.map_val({"k": cty.True_})).marshal_json()
    b'{"k":true}'
    >>> SimpleJSONValue.unmarshal_json(b'{"k":true}').value.type()
    cty.Object({'k': cty.Bool})
    """

    __slots__ = ("value",)

    def __init__(self, value: Value, /) -> None:
        if not isinstance(value, Value):
            raise CtyTypeError(f"SimpleJSONValue wraps a cty.Value, not {type(value).__name__}")
        self.value = value

    def marshal_json(self) -> bytes:
        """Return the JSON of the value, encoded with its own type."""
        return simple_json_marshal(self.value)

    @classmethod
    def unmarshal_json(cls, data: Buffer, /) -> SimpleJSONValue:
        """Return the SimpleJSONValue of JSON *data*, typed by implied_type()."""
        return cls(simple_json_unmarshal(data))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimpleJSONValue):
            return NotImplemented
        return self.value == other.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return f"SimpleJSONValue({self.value!r})"


_ = cty
