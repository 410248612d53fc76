"""The command's main job, record by record: read JSON a batch at a time, convert each record
to the type in one typed pass (the full path for what it declines), report every error at
its line and column, and write the converted records as they are done.

What a record is: an element of a top-level JSON array when the type is a list (of a type
without ``any``), a line of JSON Lines, or else the whole document.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, Final

import msgspec

import cty
from cty._internal import DataFail, make, payload
from cty.convert import Defaults, conversion_errors, convert
from cty.encoding import DecodeError
from cty.encoding import json as cty_json
from cty.encoding._typed_pass import json_text_fits, plan_typed_pass

from ._json_scan import offset_of, repeated_keys
from ._records import (
    Batch,
    Reader,
    SyntaxProblem,
    array_batches,
    line_batches,
    start,
    whole_batch,
)
from ._struct_pass import StructPass, plan_struct_pass

_COLONS_OF: Final = msgspec.json.Encoder(enc_hook=lambda _: 0).encode


class Problem:
    """One error to report: where (line and column, when known), the path, and why."""

    __slots__ = ("column", "line", "message", "path", "record")

    def __init__(self, path: cty.Path, message: str, line: int = 0, column: int = 0, *,
                 record: int = 0) -> None:
        self.path = path
        self.message = message
        self.line = line
        self.column = column
        self.record = record
        """The index of the record in its batch."""

    def text(self, name: str) -> str:
        """The error as the command prints it, for the file *name*."""
        where = f"{name}:{self.line}:{self.column}" if self.line else name
        path = self.path.format()
        return f"{where}: {path}: {self.message}" if path else f"{where}: {self.message}"


class Records:
    """How the records of one JSON file are converted to the type *ty* (with *defaults*)."""

    def __init__(self, ty: cty.Type, defaults: Defaults | None, *, strict: bool,
                 duplicates: bool, as_json: bool = True) -> None:
        self.ty = ty
        self.defaults = defaults
        self.strict = strict
        self.duplicates = duplicates
        self.as_json = as_json
        """Whether the records are written as JSON, or not at all (the struct pass's
        output: see batches)."""
        self._struct: StructPass | None = None
        self._passes: dict[cty.Type, Callable[[Any], Any] | None] = {}
        self._keys = [0]
        """The keys the typed pass took in the batch (see _suspect)."""

    def batches(self, reader: Reader, lines: bool) -> tuple[Iterator[Batch], cty.Type, bool]:
        """The batches of records of the text *reader* reads, the type of each record, and
        whether the records are the elements of an array (of the list type)."""
        if lines:
            plan = self._plan(self.ty)
            return line_batches(reader, plan.decode_lines if plan else None), self.ty, False
        first = start(reader)
        if not first:
            raise SyntaxProblem("no JSON value: the file is empty", 0, 0)
        ty = self.ty
        if first == b"[" and ty.is_list_type() and not ty.element_type().has_dynamic_types():
            ety = ty.element_type()
            plan = self._plan(ety)
            return array_batches(reader, plan.decode_array if plan else None), ety, True
        return iter([whole_batch(reader)]), ty, False

    def _plan(self, ty: cty.Type) -> StructPass | None:
        if self.as_json:
            self._struct = plan_struct_pass(ty, self.defaults_of(ty), duplicates=self.duplicates)
        return self._struct

    def convert(self, batch: Batch, ty: cty.Type, indexed: bool,
                problems: list[Problem]) -> list[Any] | bytes:
        """Return the payloads of the records of *batch* converted to *ty*, or (for a batch
        the struct pass took) their JSON text; add a Problem to *problems* for each error (a
        record with errors gives no payload)."""
        if batch.typed:
            assert self._struct is not None
            text = self._struct.encode(batch.records, batch.text, lines=not indexed)
            if text is not None:
                return text
            batch.untyped()
        build = self._passes.get(ty, _UNPLANNED)
        if build is _UNPLANNED:
            build = self._passes[ty] = plan_typed_pass(ty, self.defaults_of(ty),
                                                       strict=self.strict, keys=self._keys)
        if build is not None and not json_text_fits(batch.text):
            build = None
        self._keys[0] = 0
        out: list[tuple[int, Any]] = []
        found: list[Problem] = []
        for i, data in enumerate(batch.records):
            if build is not None:
                try:
                    out.append((i, build(data)))
                    continue
                except DataFail:
                    pass
            got = self._full(batch.raw(i), ty)
            if isinstance(got, cty.Value):
                out.append((i, payload(got)))
            else:
                self._located(batch, i, indexed, got, found)
        if self.duplicates and self._suspect(batch, build is not None):
            repeated = self._repeats(batch, indexed)
            repeating = {p.record for p in repeated}  # (their other errors are not reported)
            out = [(i, p) for i, p in out if i not in repeating]
            found = [p for p in found if p.record not in repeating] + repeated
        problems.extend(sorted(found, key=lambda p: p.record))
        return [p for _, p in out]

    def defaults_of(self, ty: cty.Type) -> Defaults | None:
        """The defaults for records of *ty* (the type's own, or its elements')."""
        d = self.defaults
        if d is None or ty is self.ty:
            return d
        return d.children.get("")

    def _full(self, raw: bytes, ty: cty.Type) -> cty.Value | list[cty.PathError]:
        """The full path: the record's implied value, its defaults applied, converted."""
        try:
            value = cty_json.unmarshal(raw, cty_json.implied_type(raw))
        except DecodeError as e:
            return [cty.PathError(cty.Path(), f"cannot read the value: {e}")]
        defaults = self.defaults_of(ty)
        if defaults is not None:
            value = defaults.apply(value)
        if not self.strict:
            try:
                return convert(value, ty)
            except cty.PathError:
                pass
        errors = conversion_errors(value, ty, strict=self.strict)
        return errors or convert(value, ty)

    def _located(self, batch: Batch, i: int, indexed: bool, errors: list[cty.PathError],
                 problems: list[Problem]) -> None:
        start_at, end_at = batch.span(i)
        for e in errors:
            line, column = batch.position(offset_of(batch.text, e.path, start_at, end_at))
            problems.append(Problem(_prefixed(batch, i, indexed, e.path), e.message, line,
                                    column, record=i))

    def _suspect(self, batch: Batch, typed: bool) -> bool:
        """Whether some object of the batch may give a key twice.

        Each key takes a colon in the text, and so does each colon in a string: when the text
        has exactly as many colons as the objects the typed pass took (*typed*) have keys,
        no key is given twice (and no string has a colon), at no cost. Otherwise the decoded
        records are written again: the text has more colons than that when a key repeats
        (a colon written as an escape would hide one: such text is always suspect)."""
        text = batch.text
        colons = text.count(b":")
        if typed and colons == self._keys[0]:
            return False
        if b"\\u003a" in text or b"\\u003A" in text:
            return True
        try:
            written = _COLONS_OF(batch.records)
        except RecursionError:  # (deeper than msgspec writes: the text itself is checked)
            return True
        return colons != written.count(b":")

    def _repeats(self, batch: Batch, indexed: bool) -> list[Problem]:
        """A Problem for each key a record of *batch* gives twice."""
        found: list[Problem] = []
        for i in range(len(batch.records)):
            start_at, end_at = batch.span(i)
            for where, first, again in repeated_keys(batch.text, start_at, end_at):
                line, column = batch.position(first)
                path = _path_of(where[:-1])
                found.append(Problem(
                    _prefixed(batch, i, indexed, path),
                    f'the key "{where[-1]}" is given twice (first at line {line}, column '
                    f'{column}; --allow-duplicate-keys takes the last)',
                    *batch.position(again), record=i))
        return found


_UNPLANNED: Final[Any] = object()


def _path_of(steps: tuple[str | int, ...]) -> cty.Path:
    p = cty.Path()
    for s in steps:
        p = p.index_int(s) if isinstance(s, int) else p.get_attr(s)
    return p


def _prefixed(batch: Batch, i: int, indexed: bool, path: cty.Path) -> cty.Path:
    if not indexed:
        return path
    return cty.Path([*cty.Path().index_int(batch.first + i), *path])


def syntax_problem(e: SyntaxProblem) -> Problem:
    """The Problem for text that is not JSON."""
    return Problem(cty.Path(), e.message, e.line, e.column)


def report(name: str, problems: list[Problem]) -> None:
    """Print *problems* on standard error, for the file *name*."""
    for p in problems:
        print(p.text(name), file=sys.stderr)


def open_input(name: str) -> BinaryIO:
    """The file *name* opened for reading (``-``: standard input)."""
    if name == "-":
        return sys.stdin.buffer
    return open(name, "rb")


def value_of(ty: cty.Type, p: Any) -> cty.Value:
    """The value of type *ty* (without optional attributes) with payload *p*."""
    return make(ty.without_optional_attributes_deep(), p)
