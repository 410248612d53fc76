"""Hypothesis strategies for gob's laws: any type, any value of it, and a strict comparison.

types() and values(ty) are cty.testing.strategies' (every kind of type and value: numbers of
every precision, refined unknowns, sets, NFC strings), with what gob adds: a capsule type and a
mark class with registered codecs, and marks of every encodable kind (str, int of any size,
bool, None, tuples) at any depth. Payloads no public constructor makes (infinities of
precision 0, contradictory refinements, a known object with optional attributes) are in
test_gob's tables. assert_same() compares two
values more strictly than ==: number precision and payload kind, singleton identity,
refinement fields, mark classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Any

from hypothesis import strategies as st

import cty
from cty import _number
from cty._marks import Marked
from cty._set_payload import SetPayload
from cty._unknown import UNKNOWN, Unknown
from cty.encoding import gob
from cty.testing import strategies as cst

# --- a capsule type and a mark class, registered with gob ----------------------------------------


@dataclass(frozen=True)
class Thing:
    """A capsule payload."""

    n: int


THING = cty.CapsuleWithOps("thing", Thing, cty.CapsuleOps(
    raw_equals=lambda a, b: a.n == b.n, hash_key=lambda t: str(t.n)))
gob.register_capsule_codec(
    THING, "tests.thing", lambda t: t.n.to_bytes(8, "big", signed=True),
    lambda b: Thing(int.from_bytes(b, "big", signed=True)))


@dataclass(frozen=True)
class Secret:
    """A mark of a registered class."""

    level: int


gob.register_mark_type(Secret, "tests.secret", lambda m: bytes([m.level]),
                       lambda b: Secret(b[0]))

# --- types and values, from cty.testing.strategies ----------------------------------------------

CAPSULES = {THING: st.integers(-(2**63), 2**63 - 1).map(Thing)}
NAMES = st.sampled_from(["a", "b", "name", "é", "port", "x-y", ""])


def types(depth: int = 3) -> st.SearchStrategy[cty.Type]:
    """Draw a type nested at most *depth* levels, with the registered capsule type."""
    return cst.types(depth, capsules=CAPSULES, names=NAMES)


_one_mark = st.recursive(
    st.one_of(st.sampled_from(["sensitive", "ephemeral", "", "é"]),
              st.integers(-(2**70), 2**70), st.booleans(), st.none(),
              st.integers(0, 255).map(Secret)),
    lambda inner: st.lists(inner, max_size=3).map(tuple),
    max_leaves=5,
)
marks = st.frozensets(_one_mark, min_size=1, max_size=3)
"""Non-empty mark sets of every encodable kind (the registered mark class among them)."""


def values(ty: cty.Type, *, marked: bool = False) -> st.SearchStrategy[cty.Value]:
    """Draw values of *ty*: known, null or unknown (refined or not), a third of them marked
    (with *marked*, every one at every depth; set elements lose theirs to the set). A null or
    unknown of a type with optional attributes keeps them (known values never have them)."""
    drawn = cst.values(ty, marks=marks if marked else st.one_of(
        st.just(frozenset()), st.just(frozenset()), marks), capsules=CAPSULES)
    if ty.without_optional_attributes_deep() != ty:
        exact = st.sampled_from([cty.null_val(ty), cty.unknown_val(ty)])
        return st.one_of(drawn, exact.map(lambda v: v.mark("optional")) if marked else exact)
    return drawn


typed_values = types().flatmap(values)
"""Draw a value of a drawn type."""
marked_values = types().flatmap(lambda t: values(t, marked=True))
"""Draw a value of a drawn type, marked at every depth."""

# --- strict comparison ---------------------------------------------------------------------------


def _mark_key(m: Any) -> str:
    return repr(m) + type(m).__name__


def _same_marks(a: frozenset[Any], b: frozenset[Any], where: str) -> None:
    assert sorted(map(_mark_key, a)) == sorted(map(_mark_key, b)), f"{where}: marks {a} != {b}"


def _same_number(a: Any, b: Any, where: str) -> None:
    assert a.__class__ is b.__class__, f"{where}: {a!r} became {b!r}"
    for s in (_number.ZERO, _number.POS_INF, _number.NEG_INF):
        assert (a is s) == (b is s), f"{where}: singleton identity of {a!r}"
    if a.__class__ is int:
        assert a == b, where
        return
    assert _number.precision(a) == _number.precision(b), f"{where}: precision of {a!r}"
    assert a.precision == b.precision, f"{where}: mpfr precision of {a!r}"
    assert _number.is_neg_zero(a) == _number.is_neg_zero(b), f"{where}: sign of zero"
    assert a == b or (_number.is_inf(a) and _number.is_inf(b) and (a > 0) == (b > 0)), where


def _same_unknown(a: Unknown, b: Unknown, where: str) -> None:
    if a is UNKNOWN:
        assert b is UNKNOWN, f"{where}: the unrefined unknown is the shared one"
        return
    ra, rb = a.refinement, b.refinement
    assert (ra is None) == (rb is None), where
    if ra is None:
        return
    assert rb is not None
    for f in ("null", "prefix", "min_inclusive", "max_inclusive", "length_min", "length_max"):
        assert getattr(ra, f) == getattr(rb, f), f"{where}: refinement {f}"
        assert type(getattr(ra, f)) is type(getattr(rb, f)), f"{where}: refinement {f} type"
    for f in ("min", "max"):
        x, y = getattr(ra, f), getattr(rb, f)
        assert (x is None) == (y is None), f"{where}: refinement {f}"
        if x is not None:
            _same_number(x, y, f"{where} refinement {f}")


def same_payload(ty: cty.Type, a: Any, b: Any, where: str = "$") -> None:
    """Assert that payloads *a* and *b* of *ty* are the same in every respect gob keeps."""
    if a.__class__ is Marked:
        assert b.__class__ is Marked, f"{where}: lost marks {a.marks}"
        _same_marks(a.marks, b.marks, where)
        same_payload(ty, a.v, b.v, where)
        return
    assert b.__class__ is not Marked, f"{where}: gained marks"
    if a is None:
        assert b is None, f"{where}: null became {b!r}"
        return
    if a.__class__ is Unknown:
        assert b.__class__ is Unknown, f"{where}: unknown became {b!r}"
        _same_unknown(a, b, where)
        return
    if ty is cty.Number:
        _same_number(a, b, where)
    elif ty is cty.String or ty is cty.Bool:
        assert a.__class__ is b.__class__ and a == b, f"{where}: {a!r} != {b!r}"
    elif ty.is_list_type():
        assert b.__class__ is tuple and len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same_payload(ty.element_type(), x, y, f"{where}[{i}]")
    elif ty.is_set_type():
        assert b.__class__ is SetPayload and len(a.elems) == len(b.elems), where
        for i, (x, y) in enumerate(zip(a.elems, b.elems, strict=True)):
            same_payload(ty.element_type(), x, y, f"{where}{{{i}}}")
    elif ty.is_map_type():
        assert b.__class__ is dict and list(a) == list(b), f"{where}: keys {list(a)} {list(b)}"
        for k in a:
            same_payload(ty.element_type(), a[k], b[k], f"{where}[{k!r}]")
    elif ty.is_object_type():
        assert b.__class__ is dict and list(a) == list(b), where
        for k, t in ty.attribute_types().items():
            same_payload(t, a[k], b[k], f"{where}.{k}")
    elif ty.is_tuple_type():
        assert b.__class__ is tuple and len(a) == len(b), where
        for i, (t, x, y) in enumerate(zip(ty.tuple_element_types(), a, b, strict=True)):
            same_payload(t, x, y, f"{where}[{i}]")
    elif ty.is_capsule_type():
        assert a == b, f"{where}: capsule {a!r} != {b!r}"
    else:
        raise AssertionError(f"{where}: unexpected known payload {a!r} of {ty!r}")


def assert_same(a: cty.Value, b: cty.Value) -> None:
    """Assert that *b* is *a* in every respect gob keeps (stricter than a == b)."""
    assert b.type() is a.type(), f"type {a.type()!r} became {b.type()!r}"
    assert a == b
    _same_marks(a.marks(), b.marks(), "$")
    same_payload(a.type(), a._v, b._v)


# --- an independent reading of the container (docs/formats/gob.md), for the tests ----------------

HEADER_SIZE = 8


def split_frames(data: bytes) -> list[tuple[int, int, str]]:
    """Return (start, end, kind letter) of each frame of a well-formed single stream (version
    3: each frame's CRC-32 starts from its index in the stream)."""
    import struct
    import zlib

    assert data[:7] == b"\x89ctygob" and data[7] == 3
    out = []
    pos = HEADER_SIZE
    while pos < len(data):
        (n,) = struct.unpack_from(">I", data, pos)
        end = pos + 4 + n + 4
        (crc,) = struct.unpack_from(">I", data, pos + 4 + n)
        assert zlib.crc32(data[pos:pos + 4 + n], len(out)) == crc
        out.append((pos, end, chr(data[pos + 4])))
        pos = end
    assert pos == len(data)
    return out


def raw_frame(body: bytes, seq: int = 0) -> bytes:
    """Return a frame around *body*, built by hand (for hand-made invalid streams): the
    *seq*-th of a version 3 stream (its CRC-32 starts there), or of any stream of version 1
    or 2 with *seq* 0."""
    import struct
    import zlib

    head = struct.pack(">I", len(body))
    return head + body + struct.pack(">I", zlib.crc32(head + body, seq))


def raw_stream(*bodies: bytes, end: bool = True) -> bytes:
    """Return a version-1 stream of frames around *bodies* (and the end frame)."""
    return b"\x89ctygob\x01" + b"".join(raw_frame(b) for b in bodies) + (
        raw_frame(b"E") if end else b"")


def read_all(source: bytes | IO[bytes]) -> tuple[list[cty.Value], gob.DecodeError | None]:
    """Every value a gob decoder yields from ``source``, and the error that stopped it, if any."""
    got: list[cty.Value] = []
    try:
        for v in gob.Decoder(source):
            got.append(v)
    except gob.DecodeError as e:
        return got, e
    return got, None
