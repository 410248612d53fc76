"""cty.encoding: go-cty's msgpack and JSON wire formats, and gob, a self-describing format.

Submodules: ``cty.encoding.msgpack``, ``cty.encoding.json``, ``cty.encoding.gob``.
Every decoder raises DecodeError (a ValueError) for bad input.
"""

from ._errors import DecodeError, EncodeError

__all__ = ["DecodeError", "EncodeError"]
