"""Hypothesis strategies for gob's laws: any type, any value of it, and a strict comparison.

types() draws every kind of type (optional attributes, dynamic slots, a capsule type with a
registered codec); values(ty) draws values of exactly that type with nulls, unknowns (with and
without refinements), marks at any depth (str, int of any size, bool, None, tuples, a
registered mark class), numbers of many precisions (the singletons, -0, infinities of
precision 0, big integers), NFC strings, sets. assert_same() compares two values more strictly
than ==: number precision and payload kind, singleton identity, refinement fields, mark classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import gmpy2
from hypothesis import strategies as st

import cty
from cty import _number
from cty._marks import Marked
from cty._set_payload import SetPayload
from cty._unknown import UNKNOWN, Unknown
from cty._unknown_refinement import Refinement
from cty._value import make
from cty.encoding import gob

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

# --- types ---------------------------------------------------------------------------------------

PRIMITIVES = [cty.String, cty.Number, cty.Bool]
NAMES = ["a", "b", "name", "é", "port", "x-y", ""]


@st.composite
def _object_types(draw: st.DrawFn, inner: st.SearchStrategy[cty.Type]) -> cty.Type:
    attrs = draw(st.dictionaries(st.sampled_from(NAMES), inner, max_size=4))
    optional = draw(st.lists(st.sampled_from(sorted(attrs)), unique=True)) if attrs else []
    if optional:
        return cty.ObjectWithOptionalAttrs(attrs, optional)
    return cty.Object(attrs)


def types(depth: int = 3) -> st.SearchStrategy[cty.Type]:
    """Draw a type nested at most *depth* levels."""
    base = st.sampled_from([*PRIMITIVES, cty.DynamicPseudoType, THING])
    if depth == 0:
        return base
    inner = types(depth - 1)
    return st.one_of(
        base,
        inner.map(cty.List),
        inner.map(cty.Set),
        inner.map(cty.Map),
        st.lists(inner, max_size=3).map(cty.Tuple),
        _object_types(inner),
    )


# --- numbers -------------------------------------------------------------------------------------


def _mpfr(prec: int, text: str) -> Any:
    return gmpy2.mpfr(text, prec)


numbers = st.one_of(
    st.integers(-(2**64), 2**64),
    st.integers(-(2**300), 2**300),
    st.floats(allow_nan=False).map(_number.from_float),
    st.decimals(allow_nan=False, allow_infinity=False, places=6).map(
        lambda d: _number.parse(str(d))),
    st.sampled_from([_number.ZERO, _number.POS_INF, _number.NEG_INF, _number.parse("-0"),
                     _number._prec0_inf(False), _number._prec0_inf(True),
                     _number.parse("inf"), _number.parse("1e-400000"), _number.parse("1e300000"),
                     cty.number_int_val(1).divide(cty.number_int_val(3))._v]),
    st.builds(lambda p, t: _number.from_mpfr(_mpfr(p, t)),
              st.integers(1, 3000),
              st.sampled_from(["0", "-0", "1", "-2.5", "3.14159265358979323846264338327950288",
                               "1e-30", "-7e25", "inf", "-inf", "2", "0.1"])),
)
"""Number payloads of many precisions and kinds."""

# --- marks ---------------------------------------------------------------------------------------

_one_mark = st.recursive(
    st.one_of(st.sampled_from(["sensitive", "ephemeral", "", "é"]),
              st.integers(-(2**70), 2**70), st.booleans(), st.none(),
              st.integers(0, 255).map(Secret)),
    lambda inner: st.lists(inner, max_size=3).map(tuple),
    max_leaves=5,
)
marks = st.frozensets(_one_mark, min_size=1, max_size=3)
"""Non-empty mark sets of every encodable kind."""

# --- values --------------------------------------------------------------------------------------


@st.composite
def refinements(draw: st.DrawFn) -> Refinement:
    """Draw a refinement with any combination of fields set."""
    kw: dict[str, Any] = {}
    if draw(st.booleans()):
        kw["prefix"] = draw(st.text(alphabet="abé-", max_size=4))
    if draw(st.booleans()):
        kw["min"] = draw(numbers)
        kw["min_inclusive"] = draw(st.booleans())
    if draw(st.booleans()):
        kw["max"] = draw(numbers)
        kw["max_inclusive"] = draw(st.booleans())
    if draw(st.booleans()):
        kw["length_min"] = draw(st.integers(0, 2**40))
    if draw(st.booleans()):
        kw["length_max"] = draw(st.integers(0, 2**40))
    return Refinement(draw(st.sampled_from([None, False, True])), **kw)


def unknowns(ty: cty.Type) -> st.SearchStrategy[cty.Value]:
    """Draw unknown values of *ty*, refined or not."""
    return st.one_of(
        st.just(cty.unknown_val(ty)),
        refinements().map(lambda r: make(ty, Unknown(r))),
    )


def _known(ty: cty.Type, depth: int, marked: bool) -> st.SearchStrategy[cty.Value]:
    if ty is cty.String:
        return st.text(max_size=5).filter(_utf8_ok).map(cty.string_val)
    if ty is cty.Number:
        return numbers.map(lambda n: make(cty.Number, n))
    if ty is cty.Bool:
        return st.sampled_from([cty.True_, cty.False_])
    if ty is THING:
        return st.integers(-(2**63), 2**63 - 1).map(lambda n: cty.capsule_val(THING, Thing(n)))
    if ty.is_dynamic_pseudo_type():
        return st.nothing()
    if ty.is_list_type() or ty.is_set_type():
        ety = ty.element_type()
        make_ = cty.list_val if ty.is_list_type() else cty.set_val
        empty = cty.list_val_empty if ty.is_list_type() else cty.set_val_empty
        return st.lists(values(ety, depth - 1, marked=marked), max_size=3).map(
            lambda xs: make_(xs) if xs else empty(ety))
    if ty.is_map_type():
        ety = ty.element_type()
        keys = st.sampled_from(["k", "l", "é", ""])
        return st.dictionaries(keys, values(ety, depth - 1, marked=marked), max_size=3).map(
            lambda d: cty.map_val(d) if d else cty.map_val_empty(ety))
    if ty.is_tuple_type():
        elems = [values(e, depth - 1, marked=marked) for e in ty.tuple_element_types()]
        return st.tuples(*elems).map(lambda xs: cty.tuple_val(list(xs)))
    attrs = ty.attribute_types()
    fields = {k: values(t, depth - 1, marked=marked) for k, t in attrs.items()}
    return st.fixed_dictionaries(fields).map(lambda d: _object(ty, d))


def _object(ty: cty.Type, d: dict[str, cty.Value]) -> cty.Value:
    if ty.optional_attributes():  # go-cty makes no known value of such a type; build one raw
        from cty._value import payload

        return make(ty, {k: payload(v) for k, v in sorted(d.items())})
    return cty.object_val(d)


def _utf8_ok(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def values(ty: cty.Type, depth: int = 4, *, marked: bool = False
           ) -> st.SearchStrategy[cty.Value]:
    """Draw values of exactly *ty*: known, null or unknown, possibly marked.

    With *marked*, every value at every depth is marked (set elements lose theirs to the set).
    """
    options = [st.just(cty.null_val(ty)), unknowns(ty)]
    if depth > 0 or ty.is_primitive_type():
        known = _known(ty, max(depth, 1), marked)
        options = [known, known, known, *options]  # mostly known, so containers nest
    plain = st.one_of(*options)
    with_marks = st.tuples(plain, marks).map(lambda vm: vm[0].with_marks(vm[1]))
    if marked:
        return with_marks
    return st.one_of(plain, plain, with_marks)


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
    """Return (start, end, kind letter) of each frame of a well-formed single stream."""
    import struct
    import zlib

    assert data[:7] == b"\x89ctygob" and data[7] == 1
    out = []
    pos = HEADER_SIZE
    while pos < len(data):
        (n,) = struct.unpack_from(">I", data, pos)
        end = pos + 4 + n + 4
        (crc,) = struct.unpack_from(">I", data, pos + 4 + n)
        assert zlib.crc32(data[pos:pos + 4 + n]) == crc
        out.append((pos, end, chr(data[pos + 4])))
        pos = end
    assert pos == len(data)
    return out


def raw_frame(body: bytes) -> bytes:
    """Return a frame around *body*, built by hand (for hand-made invalid streams)."""
    import struct
    import zlib

    head = struct.pack(">I", len(body))
    return head + body + struct.pack(">I", zlib.crc32(head + body))


def raw_stream(*bodies: bytes, end: bool = True) -> bytes:
    """Return a version-1 stream of frames around *bodies* (and the end frame)."""
    return b"\x89ctygob\x01" + b"".join(raw_frame(b) for b in bodies) + (
        raw_frame(b"E") if end else b"")
