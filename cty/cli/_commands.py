"""The subcommands of the ``cty`` command: convert, check, unify, type, inspect, decode."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from typing import BinaryIO

import cty
from cty._internal import replace_file
from cty.convert import Defaults, convert, unify, unify_unsafe
from cty.encoding import json as cty_json

from ._input import GOB_MAGIC, InputError, read_bytes, read_type
from ._msgpack_records import msgpack_records

OUTPUT_FORMATS = ("json", "msgpack", "gob", "text")


def unify_command(args: argparse.Namespace) -> int:
    """Print the one type that all the given types convert to."""
    types = [read_type(t)[0] for t in args.types]
    found, _ = (unify_unsafe if args.unsafe else unify)(types)
    if found is None:
        how = "" if args.unsafe else " (--unsafe allows unsafe conversions)"
        print(f"cty: error: the types have no common type{how}", file=sys.stderr)
        return 1
    print(found)
    return 0


def type_command(args: argparse.Namespace) -> int:
    """Print a type expression's canonical form and friendly name (or its type JSON)."""
    ty, _ = read_type(args.type)
    if args.json:
        print(cty.type_to_json(ty).decode())
    else:
        print(ty)
        print(f"friendly name: {ty.friendly_name()}")
    return 0


def inspect_command(args: argparse.Namespace) -> int:
    """Print each value of a gob or msgpack file: its type, the value, and its marks."""
    data = read_bytes(args.file)
    ty = read_type(args.type)[0] if args.type else cty.DynamicPseudoType
    shown = 0
    last: cty.Type | None = None
    try:
        for v in _values(args.file, data, ty.without_optional_attributes_deep(), args.lines,
                         opaque_capsules=True):
            _show(shown, v, args.show_sensitive, None if v.type() is last else v.type())
            last = v.type()
            shown += 1
    except InputError as e:
        print(f"cty: error: {e} ({shown} values shown before it)", file=sys.stderr)
        return 1
    return 0


def _values(name: str, data: bytes, wire: cty.Type, lines: bool, *,
            opaque_capsules: bool = False) -> Iterator[cty.Value]:
    """The values of a gob stream (it says their types), or of msgpack holding one value of
    type *wire* (a stream of them, one per record, with *lines*). Raises InputError."""
    from cty.encoding import gob  # noqa: PLC0415 - (imported when used: a quicker start)

    if not data:
        raise InputError(f"{name}: the file is empty")
    if data.startswith(GOB_MAGIC):
        # (capsules whose codec is not registered here are shown as opaque: name and size)
        try:
            yield from gob.Decoder(data, opaque_capsules=opaque_capsules)
        except cty.CtyError as e:  # DecodeError
            raise InputError(f"{name}: {e}") from None
        return
    if not lines:
        yield _unmarshal_msgpack(name, data, wire)
        return
    for i, (offset, record) in enumerate(msgpack_records(data)):
        yield _unmarshal_msgpack(f"{name}: record {i} (at byte {offset})", record, wire)


def _show(i: int, v: cty.Value, show_sensitive: bool, new_type: cty.Type | None) -> None:
    # (a record's type is printed with the first record of that type, not again after it)
    print(f"# {i}" if new_type is None else f"# {i}: {new_type}")
    bare, paths = v.unmark_deep_with_paths()
    # (every registered sensitive mark is redacted; --show-sensitive prints the value bare)
    print(cty.format_value(bare if show_sensitive else v))
    marks = () if show_sensitive else cty.sensitive_marks()
    for pm in paths:
        where = pm.path.format() or "(the value)"
        print(f"#   marks at {where}: {', '.join(sorted(map(repr, pm.marks)))}")
    hidden = [pm.path for pm in paths if set(marks) & pm.marks]
    for path, x in cty.deep_values(bare):
        refined = _refinements(x)
        if refined and not any(path[:len(h)] == h for h in hidden):  # (nothing of secrets)
            where = path.format() or "(the value)"
            print(f"#   unknown at {where}: {', '.join(refined)}")


def _refinements(x: cty.Value) -> list[str]:
    """What is known about the unknown *x* (its refinements), in words; [] for other values."""
    if x.is_known():
        return []
    r = x.range()
    out = ["not null"] if r.definitely_not_null() else []
    ty = r.type_constraint()
    if ty is cty.String and r.string_prefix():
        out.append(f"starts with {cty.format_value(cty.string_val(r.string_prefix()))}")
    elif ty is cty.Number:
        lo, lo_inc = r.number_lower_bound()
        hi, hi_inc = r.number_upper_bound()
        if lo.is_known() and not _infinite(lo):
            out.append(f"{'>=' if lo_inc else '>'} {cty.format_value(lo)}")
        if hi.is_known() and not _infinite(hi):
            out.append(f"{'<=' if hi_inc else '<'} {cty.format_value(hi)}")
    elif ty.is_collection_type():
        lo_n, hi_n = r.length_lower_bound(), r.length_upper_bound()
        if lo_n == hi_n:
            out.append(f"length {lo_n}")
        else:
            if lo_n > 0:
                out.append(f"length >= {lo_n}")
            if hi_n < _GO_MAX_INT:
                out.append(f"length <= {hi_n}")
    return out


_GO_MAX_INT = 2**63 - 1
"""An unknown collection's length upper bound when nothing bounds it (Go's MaxInt)."""


def _infinite(n: cty.Value) -> bool:
    return n.raw_equals(cty.PositiveInfinity) or n.raw_equals(cty.NegativeInfinity)


def _unmarshal_msgpack(name: str, data: bytes | memoryview, ty: cty.Type) -> cty.Value:
    from cty.encoding import msgpack as cty_msgpack  # noqa: PLC0415 - (as in _values)

    try:
        return cty_msgpack.unmarshal(data, ty)
    except cty.CtyError as e:  # DecodeError
        hint = ""
        if "extra bytes after the msgpack value" in str(e):
            hint = " (a stream of values, one per record? --lines reads one)"
        raise InputError(f"{name}: not msgpack of {ty}: {e}{hint}") from None


def decode_command(args: argparse.Namespace) -> int:
    """Decode a gob or msgpack file (of a type; a stream of one value per record with
    --lines); write its values in another format, one per record."""
    data = read_bytes(args.file)
    ty: cty.Type | None = None
    defaults: Defaults | None = None
    if args.type:
        ty, defaults = read_type(args.type)
    elif not data.startswith(GOB_MAGIC):
        raise InputError(f"{args.file}: msgpack does not say what type its values are: give "
                         "it with --type (a gob file says it)")
    wire = cty.DynamicPseudoType if ty is None else ty.without_optional_attributes_deep()
    chunks: list[bytes] = []
    values: list[cty.Value] = []
    for i, v in enumerate(_values(args.file, data, wire, args.lines)):
        if ty is not None:
            v = _conformed(v, ty, defaults, f"{args.file}: record {i}")  # noqa: PLW2901
        if args.to == "gob":
            values.append(v)
        else:
            chunks.append(encode(v, v.type() if ty is None else ty, args.to))
    if args.to == "gob":
        chunks.append(_gob_stream(values))
    write_output(b"".join(chunks), args.output, binary=args.to in ("msgpack", "gob"))
    return 0


def _conformed(v: cty.Value, ty: cty.Type, defaults: Defaults | None, where: str) -> cty.Value:
    """*v* with the type constraint's defaults, converted to it (a gob value may be of
    another type: it must convert)."""
    if defaults is not None:
        v = defaults.apply(v)
    try:
        return convert(v, ty)
    except cty.PathError as e:
        at = e.path.format()
        raise InputError(f"{where}{': ' + at if at else ''}: {e.message}") from None


def _gob_stream(values: list[cty.Value]) -> bytes:
    from cty.encoding import gob  # noqa: PLC0415 - (as in _values)

    out = io.BytesIO()
    try:
        with gob.Encoder(out) as enc:
            for v in values:
                enc.encode(v)
    except cty.CtyError as e:
        raise InputError(f"the value cannot be written as gob: {e}") from None
    return out.getvalue()


def encode(value: cty.Value, ty: cty.Type, form: str) -> bytes:
    """Return *value* (of type *ty*, which may have optional attributes) written in *form*."""
    from cty.encoding import gob  # noqa: PLC0415 - (as in _values)
    from cty.encoding import msgpack as cty_msgpack  # noqa: PLC0415

    schema = ty.without_optional_attributes_deep()
    try:
        if form == "json":
            return cty_json.marshal(value, schema) + b"\n"
        if form == "msgpack":
            return cty_msgpack.marshal(value, schema)
        if form == "gob":
            return gob.dumps(value)
    except cty.PathError as e:
        raise InputError(f"the value cannot be written as {form}: {e}") from None
    return (cty.format_value(value) + "\n").encode()


def write_output(data: bytes, output: str | None, *, binary: bool) -> None:
    """Write *data* to the file *output* (replaced whole, never left half-written) or to
    standard output, which must not be a terminal for binary data."""
    if output is None or output == "-":
        if binary and sys.stdout.isatty():
            raise InputError("refusing to write binary data to a terminal; use -o FILE")
        out: BinaryIO = sys.stdout.buffer
        out.write(data)
        out.flush()
        return
    try:
        replace_file(output, data)
    except OSError as e:
        raise InputError(f"{output}: {e.strerror or e}") from None
