"""Where converted records go: JSON, msgpack, gob or text, written a batch at a time.

Records of an array make one value of the list type in JSON and msgpack (the same bytes as
the whole list written at once; msgpack's count goes in front at the end); records of JSON
Lines make a line of JSON each, or a msgpack value each; gob writes a stream of one value
per record (and text a value per record).
"""

from __future__ import annotations

import shutil
import tempfile
from typing import Any, BinaryIO

import cty
from cty._internal import make
from cty.encoding import json as cty_json
from cty.encoding._json_encode import encode_lines

from ._input import InputError


class Sink:
    """Writes the records of type *ty* (payloads) in *form* to *out*; *indexed* records are
    the elements of one list."""

    def __init__(self, form: str, ty: cty.Type, indexed: bool, out: BinaryIO) -> None:
        self.form = form
        self.ty = ty.without_optional_attributes_deep()
        self.list_type = cty.List(self.ty)
        self.indexed = indexed
        self.out = out
        self.count = 0
        self._body: BinaryIO | None = None
        self._gob: Any = None
        self._msgpack: Any = None
        if form == "json" and indexed:
            out.write(b"[")
        elif form == "msgpack":
            # (the binary encodings are imported when asked for: the command starts sooner)
            from cty.encoding import msgpack  # noqa: PLC0415
            self._msgpack = msgpack
            if indexed:
                self._body = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        elif form == "gob":
            from cty.encoding import gob  # noqa: PLC0415
            self._gob = gob.Encoder(out)

    def add(self, payloads: list[Any]) -> None:
        """Write the records with these payloads."""
        if not payloads:
            return
        try:
            self._add(payloads)
        except cty.PathError as e:
            raise InputError(f"the value cannot be written as {self.form}: {e}") from None
        self.count += len(payloads)

    def add_json(self, text: bytes, count: int) -> None:
        """Write *count* records that are the JSON *text* already (lines, or the elements of
        the list separated by commas)."""
        if not count:
            return
        if self.indexed and self.count:
            self.out.write(b",")
        self.out.write(text)
        self.count += count

    def _add(self, payloads: list[Any]) -> None:
        out = self.out
        if self.form == "json":
            if self.indexed:
                text = cty_json.marshal(make(self.list_type, tuple(payloads)), self.list_type)
                if self.count:
                    out.write(b",")
                out.write(text[1:-1])
            else:
                lines = encode_lines(self.ty, payloads)  # (a batch in one call)
                if lines is not None:
                    out.write(lines)
                    return
                for p in payloads:  # (the record that cannot be written says why)
                    out.write(cty_json.marshal(make(self.ty, p), self.ty) + b"\n")
        elif self.form == "msgpack":
            data = self._msgpack.marshal(make(self.list_type, tuple(payloads)), self.list_type)
            body = data[_array_header_size(len(payloads)):]
            (self._body or out).write(body)
        elif self._gob is not None:
            for p in payloads:
                self._gob.encode(make(self.ty, p))
        else:
            for p in payloads:
                out.write((cty.format_value(make(self.ty, p)) + "\n").encode())

    def close(self) -> None:
        """Finish the output: the end of the list, msgpack's count, gob's end frame."""
        if self.form == "json" and self.indexed:
            self.out.write(b"]\n")
        elif self._body is not None:
            self.out.write(_array_header(self.count))
            self._body.seek(0)
            shutil.copyfileobj(self._body, self.out)
            self._body.close()
        elif self._gob is not None:
            self._gob.close()


def _array_header_size(n: int) -> int:
    return 1 if n < 16 else 3 if n < 1 << 16 else 5


def _array_header(n: int) -> bytes:
    if n < 16:
        return bytes([0x90 | n])
    if n < 1 << 16:
        return b"\xdc" + n.to_bytes(2, "big")
    return b"\xdd" + n.to_bytes(4, "big")
