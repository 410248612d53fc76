"""Byte buffers (go-cty's stdlib bytes.go): the Bytes capsule type, bytes_val, bytes_len and
bytes_slice."""

from __future__ import annotations

from cty import Capsule, Number, Type, Value, capsule_val, number_int_val

from .._errors import FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._gocty import go_int
from ._refine import not_null

__all__ = ["Bytes", "bytes_len", "bytes_slice", "bytes_val"]

Bytes = Capsule("bytes", bytes)
"""The capsule type of a buffer of bytes (go-cty's stdlib.Bytes); its values hold ``bytes``."""


def bytes_val(buf: bytes | bytearray | memoryview) -> Value:
    """Return a Bytes value holding a copy of *buf*.

    >>> bytes_len(bytes_val(b"hello"))
    cty.number_val(5)
    """
    if not isinstance(buf, bytes | bytearray | memoryview):
        raise FunctionError(f"bytes_val takes bytes, not {type(buf).__name__}")
    return capsule_val(Bytes, bytes(buf))


def _bytes_len(args: list[Value], ty: Type) -> Value:
    return number_int_val(len(args[0].encapsulated_value()))


bytes_len = Function(
    description="Returns the total number of bytes in the given buffer.",
    params=[Parameter("buf", Bytes, allow_dynamic_type=True)],
    type=static_return_type(Number), refine_result=not_null, impl=_bytes_len)
"""bytes_len(buf): the number of bytes in a buffer."""


def _bytes_slice(args: list[Value], ty: Type) -> Value:
    buf: bytes = args[0].encapsulated_value()
    offset = go_int(args[1])
    length = go_int(args[2])
    if offset < 0 or length < 0:
        raise FunctionError("offset and length must be non-negative")
    if offset > len(buf):
        raise FunctionError(f"offset {offset} is greater than total buffer length {len(buf)}")
    end = offset + length
    if end > len(buf):
        raise FunctionError(f"offset {offset} + length {length} is greater than total buffer "
                            f"length {len(buf)}")
    return capsule_val(Bytes, buf[offset:end])


bytes_slice = Function(
    description="Extracts a subslice from the given buffer.",
    params=[Parameter("buf", Bytes, allow_dynamic_type=True),
            Parameter("offset", Number, allow_dynamic_type=True),
            Parameter("length", Number, allow_dynamic_type=True)],
    type=static_return_type(Bytes), refine_result=not_null, impl=_bytes_slice)
"""bytes_slice(buf, offset, length): *length* bytes of a buffer from *offset*."""
