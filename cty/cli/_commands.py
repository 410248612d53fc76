"""The subcommands of the ``cty`` command: convert, check, unify, type, inspect, decode."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import BinaryIO

import cty
from cty._internal import replace_file
from cty.convert import unify, unify_unsafe
from cty.encoding import json as cty_json

from ._input import GOB_MAGIC, InputError, read_bytes, read_type

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
    from cty.encoding import gob  # noqa: PLC0415 - (imported when used: a quicker start)

    data = read_bytes(args.file)
    if data.startswith(GOB_MAGIC):
        # (capsules whose codec is not registered here are shown as opaque: name and size)
        values: Iterator[cty.Value] = iter(gob.Decoder(data, opaque_capsules=True))
    else:
        ty = read_type(args.type)[0] if args.type else cty.DynamicPseudoType
        values = iter([_unmarshal_msgpack(args.file, data, ty)])
    shown = 0
    try:
        for i, v in enumerate(values):
            shown += 1
            _show(i, v, args.show_sensitive)
    except cty.CtyError as e:  # DecodeError
        print(f"cty: error: {args.file}: after {shown} values: {e}", file=sys.stderr)
        return 1
    return 0


def _show(i: int, v: cty.Value, show_sensitive: bool) -> None:
    print(f"# {i}: {v.type()}")
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


def _unmarshal_msgpack(name: str, data: bytes, ty: cty.Type) -> cty.Value:
    from cty.encoding import msgpack as cty_msgpack  # noqa: PLC0415 - (as in inspect)

    try:
        return cty_msgpack.unmarshal(data, ty)
    except cty.CtyError as e:  # DecodeError
        raise InputError(f"{name}: not msgpack of {ty}: {e}") from None


def decode_command(args: argparse.Namespace) -> int:
    """Decode a msgpack file holding a value of a type; write it in another format."""
    ty, _ = read_type(args.type)
    value = _unmarshal_msgpack(args.file, read_bytes(args.file), ty)
    write_output(encode(value, ty, args.to), args.output, binary=args.to in ("msgpack", "gob"))
    return 0


def encode(value: cty.Value, ty: cty.Type, form: str) -> bytes:
    """Return *value* (of type *ty*, which may have optional attributes) written in *form*."""
    from cty.encoding import gob  # noqa: PLC0415 - (as in inspect)
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
