"""A msgpack stream of one value per record (what ``cty convert --lines --to msgpack``
writes), cut into its values without decoding them twice."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

import msgspec

_RAW: Final = msgspec.msgpack.Decoder(msgspec.Raw)
_TRAILING: Final = re.compile(r"trailing characters \(byte (\d+)\)")


def msgpack_records(data: bytes) -> Iterator[tuple[int, memoryview]]:
    """Yield (offset, bytes) of each msgpack value in *data*, one after the other.

    msgspec finds where the first value ends (it reads the value as Raw, without building
    it, and names the byte where what follows starts). A value it cannot read is handed out
    with everything after it, for the typed decoder to say what is wrong there.
    """
    view = memoryview(data)
    start = 0
    while start < len(view):
        rest = view[start:]
        try:
            _RAW.decode(rest)
        except msgspec.DecodeError as e:
            m = _TRAILING.search(str(e))
            if m is not None and 0 < int(m.group(1)) <= len(rest):
                end = int(m.group(1))
                yield start, rest[:end]
                start += end
                continue
        yield start, rest
        return
