"""go-cty's msgpack encoding of cty values (go-cty's cty/msgpack), byte for byte.

``marshal(v, ty)`` writes what go-cty writes and ``unmarshal(data, ty)`` reads what go-cty
writes, so a Terraform-style plugin or any go-cty program can exchange values with Python.
The type is not on the wire: both sides must agree on it, except where it is
``cty.DynamicPseudoType``, whose values travel as ``[type JSON, value]``.

Caveats, as in go-cty:

* Unknown values use msgpack extensions (code 0, or 12 with refinements), which plain msgpack
  readers do not understand. Marked values and capsule values cannot be encoded.
* A number is written as the shortest int when it is a whole number in int64 range, as a
  float64 when it is not whole and a float64 holds it exactly, and otherwise as its decimal
  text ``Text('f', -1)`` (for a whole number of low precision, such as a float beyond int64,
  the shortest digits at its precision); so the sign of ``-0`` does not survive, and numbers
  decode at go-cty's precisions (64 bits for ints, 53 for floats, 512 for text).
* Decoding is strict: malformed or truncated data, trailing bytes, unknown extension codes,
  invalid UTF-8, NaN and wrong kinds all raise DecodeError, with the path of the value
  concerned and, for malformed bytes, the byte offset.

>>> ty = cty.Object({"name": cty.String, "port": cty.Number})
>>> data = msgpack.marshal(cty.object_val({"name": cty.string_val("web"),
...                                        "port": cty.number_int_val(80)}), ty)
>>> data.hex()
'82a46e616d65a3776562a4706f727450'
>>> msgpack.unmarshal(data, ty).get_attr("port").equals(cty.number_int_val(80)).true()
True
"""

from __future__ import annotations

from typing import Any

import cty
from cty import CtyTypeError, Type, Value
from cty._internal import PerType, deep, in_deep_thread

from ._codec import PlannedDecoder, PlannedEncoder
from ._errors import DecodeError, EncodeError, Fail
from ._msgpack_decode import fixed_decoder, load, var_decoder
from ._msgpack_decode import implied_type as _implied
from ._msgpack_encode import encode_payload, plan
from ._msgpack_stream import first_error, implied_first_error

__all__ = [
    "DecodeError",
    "Decoder",
    "EncodeError",
    "Encoder",
    "implied_type",
    "marshal",
    "unmarshal",
]

Buffer = bytes | bytearray | memoryview
"""The byte inputs the decoders take."""


class Encoder(PlannedEncoder, plan=plan, write=encode_payload):
    """Encodes values as msgpack for one wanted type, planning the work once.

    Make one and reuse it (``enc.encode(v)``) when encoding many values of one type; ``type``
    is the type values are encoded as.

    >>> enc = msgpack.Encoder(cty.List(cty.String))
    >>> enc.encode(cty.list_val([cty.string_val("a")])).hex()
    '91a161'
    """

    __slots__ = ()


class Decoder(PlannedDecoder[Buffer], fixed_decoder=fixed_decoder,
              var_decoder=var_decoder):
    """Decodes msgpack into values of one type, planning the work once (``decode(data)``; see
    unmarshal()).

    >>> dec = msgpack.Decoder(cty.List(cty.String))
    >>> dec.decode(bytes.fromhex("91a161"))
    cty.list_val([cty.string_val('a')])
    """

    __slots__ = ()

    def _load(self, data: Buffer) -> Any:
        """Return the msgpack document *data* as Python objects."""
        return load(_check_buffer(data), self._ty)

    def _explain(self, data: Buffer, well_formed: bool) -> DecodeError | None:
        """Return the error go-cty's stream order meets first in *data*."""
        return first_error(bytes(data), self._ty)


def _check_buffer(data: Any) -> Buffer:
    if not isinstance(data, bytes | bytearray | memoryview):
        raise CtyTypeError(f"msgpack data must be bytes-like, not {type(data).__name__}")
    return data


_encoders: PerType[Encoder] = PerType("msgpack encoders")
_decoders: PerType[Decoder] = PerType("msgpack decoders")


@deep
def marshal(value: Value, ty: Type, /) -> bytes:
    """Return go-cty's msgpack encoding of *value* as a value of *ty*.

    A value whose type does not conform to *ty* is converted first (cty.convert), as go-cty
    does. Raises EncodeError (a cty.PathError) for a marked or capsule value, with its path;
    conversion errors are the PathErrors of cty.convert.
    """
    enc = _encoders.get(ty)
    if enc is None:
        enc = _encoders.setdefault(ty, Encoder(ty))
    return enc.encode(value)


@deep
def unmarshal(data: Buffer, ty: Type, /) -> Value:
    """Return the value of *ty* that msgpack *data* holds.

    Raises DecodeError (with the path and, for malformed bytes, the offset) for anything that
    is not exactly one value of *ty* as go-cty writes it.
    """
    dec = _decoders.get(ty)
    if dec is None:
        dec = _decoders.setdefault(ty, Decoder(ty))
    return dec.decode(data)


@deep
def implied_type(data: Buffer, /) -> Type:
    """Return the type msgpack *data* implies: maps are objects, arrays are tuples, nil and
    unknowns are dynamic (go-cty's ImpliedType).

    Raises DecodeError for malformed data, trailing bytes, bin data and non-string map keys.
    """
    raw = _check_buffer(data)
    try:
        return _implied(load(raw, None))
    except DecodeError as e:
        error = e
    except Fail as e:
        error = e.decode_error()
    except RecursionError:
        if not in_deep_thread():
            raise
        error = DecodeError("value nested too deeply")
    except ValueError as e:  # names equal after NFC normalisation, and the like
        error = DecodeError(str(e))
    raise implied_first_error(bytes(raw)) or error from None


_ = cty
