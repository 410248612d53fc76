"""Hypothesis strategies for cty types, values and Python data, for testing code that uses cty.

>>> from hypothesis import given
>>> from cty.testing import strategies as cst
>>> @given(cst.values(cty.List(cty.String), unknowns=False))
... def test_length_is_known(v):
...     assert v.is_null() or v.length().is_known()
>>> test_length_is_known()

* ``types(max_depth=2, dynamic=True, optional_attrs=True, capsules={}, names=None)``: every
  type constructor, nested at most *max_depth* deep;
* ``values(of_type=None, nulls=True, unknowns=True, marks=True, refinements=True,
  capsules={}, names=None, text=None, infinities=True, any_precision=True)``: values of a
  type (of any type when none is given), with nulls, unknowns (refined or not), and marks at
  any depth, as the flags allow;
* ``values_conforming(type, ...)``: values whose type conforms to a type that may hold
  ``DynamicPseudoType`` (a dynamic slot gets a value of some concrete type), with the
  options of ``values``;
* ``python_data_for(type)``: plain Python data that ``cty.from_python(data, type)`` takes.

Every value is built with the public constructors, so it is one a user could build. Sizes
stay small (collections of at most three elements) and strategies shrink towards simple
types (primitives first) and simple values (known, unmarked, short). Capsule types come from
the caller: ``capsules`` maps each capsule type to a strategy for the objects it wraps.

Where the defaults draw from small fixed sets (attribute names, map keys), a strategy can be
given instead: ``names=unicode_names`` draws any Unicode name, as wire-format tests want.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

import gmpy2
from hypothesis import strategies as st

import cty

__all__ = [
    "ATTRIBUTE_NAMES",
    "MARKS",
    "PRIMITIVE_TYPES",
    "attribute_names",
    "bools",
    "mark_sets",
    "numbers",
    "python_data_for",
    "strings",
    "types",
    "unicode_names",
    "unicode_text",
    "values",
    "values_conforming",
]

PRIMITIVE_TYPES = (cty.String, cty.Number, cty.Bool)
"""The primitive types, in the order strategies shrink towards."""
ATTRIBUTE_NAMES = ("a", "b", "name", "\xe9", "it's", "")
"""Attribute names and map keys; distinct after NFC normalisation, two not identifiers."""
MARKS: tuple[Hashable, ...] = ("sensitive", "ephemeral", 1, ("tag", 2))
"""Marks drawn when ``marks=True``: any hashable object whose repr rebuilds it."""

MAX_SIZE = 3
"""The most elements a generated collection, tuple or object has."""

attribute_names = st.sampled_from(ATTRIBUTE_NAMES)
"""Attribute names and map keys (the default of ``names``)."""

unicode_text = st.text(st.characters(codec="utf-8"), max_size=8)
"""Text of any Unicode scalar values (no lone surrogates, which no encoding carries)."""

unicode_names = unicode_text.map(cty.normalize_string)
"""Any Unicode names, NFC-normalised (so that distinct names stay distinct in cty)."""


def _check_text(what: str, strategy: st.SearchStrategy[str] | None,
                default: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    if strategy is None:
        return default
    if not isinstance(strategy, st.SearchStrategy):
        raise cty.CtyTypeError(f"{what} is a strategy for str, not {strategy!r}")
    return strategy


def _nfc(s: str) -> str:
    if not isinstance(s, str):
        raise cty.CtyTypeError(f"a names strategy drew {s!r}, not a str")
    return cty.normalize_string(s)


Capsules = Mapping[cty.Type, st.SearchStrategy[Any]]


def _check_capsules(capsules: Capsules) -> None:
    if not isinstance(capsules, Mapping):
        raise cty.CtyTypeError(f"capsules maps capsule types to strategies, not "
                               f"{type(capsules).__name__}")
    for t, s in capsules.items():
        if not isinstance(t, cty.Type) or not t.is_capsule_type() or \
                not isinstance(s, st.SearchStrategy):
            raise cty.CtyTypeError("capsules maps capsule types to strategies for the objects "
                                   f"they wrap, not {t!r} to {s!r}")


def types(max_depth: int = 2, *, dynamic: bool = True, optional_attrs: bool = True,
          capsules: Capsules | None = None, names: st.SearchStrategy[str] | None = None
          ) -> st.SearchStrategy[cty.Type]:
    """Types nested at most *max_depth* levels: primitives, lists, sets, maps, tuples and
    objects; DynamicPseudoType anywhere with *dynamic*; objects with optional attributes with
    *optional_attrs*; the capsule types of *capsules* among the leaves; attribute names drawn
    from *names* (ATTRIBUTE_NAMES by default), NFC-normalised."""
    if not isinstance(max_depth, int) or max_depth < 0:
        raise cty.CtyValueError(f"max_depth is an int of at least 0, not {max_depth!r}")
    caps = dict(capsules or {})
    _check_capsules(caps)
    keys = _check_text("names", names, attribute_names).map(_nfc)
    return _types(max_depth, dynamic, optional_attrs, caps, keys)


def _types(max_depth: int, dynamic: bool, optional_attrs: bool, caps: Capsules,
           keys: st.SearchStrategy[str]) -> st.SearchStrategy[cty.Type]:
    leaves = [*PRIMITIVE_TYPES, *([cty.DynamicPseudoType] if dynamic else []), *caps]
    base = st.sampled_from(leaves)
    if max_depth == 0:
        return base
    inner = _types(max_depth - 1, dynamic, optional_attrs, caps, keys)
    attrs = st.dictionaries(keys, inner, max_size=MAX_SIZE)
    objects = attrs.map(cty.Object)
    if optional_attrs:
        objects = st.one_of(objects, attrs.flatmap(
            lambda a: st.lists(st.sampled_from(sorted(a)), unique=True).map(
                lambda opt: cty.ObjectWithOptionalAttrs(a, opt)) if a else st.just(
                cty.EmptyObject)))
    return st.one_of(
        base,
        inner.map(cty.List),
        inner.map(cty.Set),
        inner.map(cty.Map),
        st.lists(inner, max_size=MAX_SIZE).map(cty.Tuple),
        objects,
    )


_string_texts = st.one_of(
    st.text(
        # ASCII, quotes and escapes, NFC and NFD forms of é, a combining mark alone, U+2028,
        # an emoji
        alphabet=st.sampled_from(["a", "b", "z", " ", '"', "\\", "\n", "\xe9", "e", "\u0301",
                                  "\u2028", "\U0001f600"]),
        max_size=5),
    # strings that convert to numbers and bools, or nearly do
    st.sampled_from(["1", "0", "true", "false", "True", "1.5", "-0", "1e3", "inf", "0x10", ""]),
    unicode_text,
)

strings = _string_texts.map(cty.string_val)
"""Known strings: those that test normalisation and quoting, those that convert to numbers
and bools (or nearly do), and any Unicode text."""

_MPFR_TEXTS = ["0", "-0", "1", "-2.5", "0.1", "2", "1e-30", "-7e25",
               "3.14159265358979323846264338327950288"]


@functools.cache
def _numbers(infinities: bool, any_precision: bool, far: bool = True
             ) -> st.SearchStrategy[cty.Value]:
    """Known numbers; *far* adds two far beyond float64's range, whose decimal text is
    hundreds of thousands of digits long."""
    singletons = [
        cty.Zero, cty.number_int_val(0), cty.must_parse_number_val("-0"),
        cty.number_float_val(-0.0), cty.number_int_val(1), cty.number_float_val(1.0),
        cty.must_parse_number_val("1"), cty.must_parse_number_val("1.2"),
        cty.number_float_val(1.2),
        # RawEqual yet hashed apart (Text('g', 10) rounds the float up, the 512-bit parse
        # down), and a number between them: go-cty's set order is its sort algorithm's there
        cty.number_float_val(34947.407335), cty.must_parse_number_val("34947.407335"),
        cty.must_parse_number_val("34947.4073350000017"),
    ]
    if far:
        singletons += [cty.must_parse_number_val("1e-400000"),
                       cty.must_parse_number_val("-1e300000")]
    if infinities:
        singletons += [cty.PositiveInfinity, cty.NegativeInfinity]
    options = [
        st.integers(-(2**63), 2**63 - 1).map(cty.number_int_val),
        st.integers(-(2**300), 2**300).map(cty.number_val),
        st.floats(allow_nan=False, allow_infinity=infinities).filter(
            # the wire writes a whole float64 from 2**53 as its shortest digits, which read
            # back (at 512 bits) as another number, as go-cty's do
            lambda f: any_precision or not f.is_integer() or abs(f) < 2.0**53,
        ).map(cty.number_float_val),
        st.decimals(allow_nan=False, allow_infinity=False, places=3, min_value=-(10**6),
                    max_value=10**6).map(lambda d: cty.parse_number_val(str(d))),
        # numbers equal although their payloads differ, go-cty's singletons, numbers far
        # beyond float64's range
        st.sampled_from(singletons),
    ]
    if any_precision:
        texts = [*_MPFR_TEXTS, "inf", "-inf"] if infinities else _MPFR_TEXTS
        options += [
            # a quotient (at go's precision 64), and big.Float precisions of 1 to 3000 bits
            st.just(cty.number_int_val(1).divide(cty.number_int_val(3))),
            st.builds(lambda prec, text: cty.number_val(gmpy2.mpfr(text, prec)),
                      st.integers(1, 3000), st.sampled_from(texts)),
        ]
    return st.one_of(options)


numbers = _numbers(infinities=True, any_precision=True)
"""Known numbers: small and huge integers, floats, decimals, infinities, equal ones that are
built differently, numbers of every precision go's big.Float has."""

bools = st.sampled_from([cty.True_, cty.False_])
"""True and False."""

mark_sets = st.frozensets(st.sampled_from(MARKS), max_size=2)
"""Sets of marks (often empty)."""


@st.composite
def _refined_string(draw: st.DrawFn, plain: cty.Value, text: st.SearchStrategy[str]
                    ) -> cty.Value:
    """An unknown string with a prefix, or not null, or both."""
    b = plain.refine().string_prefix(draw(st.sampled_from(["", "a", "ab\xe9"]) | text))
    # (string_prefix keeps only what no following text could change: maybe nothing)
    said = b.new_value().range().string_prefix() != ""
    return (b.not_null() if not said or draw(st.booleans()) else b).new_value()


@st.composite
def _refined_number(draw: st.DrawFn, plain: cty.Value,
                    numbers: st.SearchStrategy[cty.Value]) -> cty.Value:
    """An unknown number not null, or bounded below, above or both (each bound inclusive or
    not; equal bounds both inclusive), or all of these."""
    bounds = st.none() | st.integers(-5, 5).map(cty.number_int_val) | numbers
    lo, hi = draw(bounds), draw(bounds)
    lo_inc, hi_inc = draw(st.booleans()), draw(st.booleans())
    if lo is not None and hi is not None:
        if hi.less_than(lo).true():
            lo, hi = hi, lo
        if hi.equals(lo).true():
            lo_inc = hi_inc = True
    b = plain.refine()
    if lo is not None:
        b = b.number_range_lower_bound(lo, lo_inc)
    if hi is not None:
        b = b.number_range_upper_bound(hi, hi_inc)
    # (-inf below and +inf above say nothing)
    bounded = (lo is not None and not lo.equals(cty.NegativeInfinity).true()) or (
        hi is not None and not hi.equals(cty.PositiveInfinity).true())
    return (b.not_null() if not bounded or draw(st.booleans()) else b).new_value()


@st.composite
def _refined_length(draw: st.DrawFn, plain: cty.Value) -> cty.Value:
    """An unknown collection not null, or with a least length, a greatest, or both, or all
    of these."""
    lengths = st.integers(0, 3) | st.integers(0, 2**40)  # small, and far beyond any list
    lo = draw(lengths)
    b = plain.refine().collection_length_lower_bound(lo)
    bounded = lo > 0
    if draw(st.booleans()):
        b = b.collection_length_upper_bound(lo + draw(lengths))
        bounded = True
    return (b.not_null() if not bounded or draw(st.booleans()) else b).new_value()


def _unknowns(ty: cty.Type, flags: _Flags) -> st.SearchStrategy[cty.Value]:
    plain = cty.unknown_val(ty)
    if not flags.refinements or ty is cty.DynamicPseudoType or ty.is_capsule_type():
        return st.just(plain)
    refined = [st.just(plain.refine_not_null())]
    if ty is cty.String:
        refined.append(_refined_string(plain, flags.text))
    elif ty is cty.Number:
        refined.append(_refined_number(plain, flags.bounds))
    elif ty.is_collection_type():
        refined.append(_refined_length(plain))
    return st.one_of(st.just(plain), *refined)


def _known(ty: cty.Type, flags: _Flags) -> st.SearchStrategy[cty.Value]:
    def elem(t: cty.Type) -> st.SearchStrategy[cty.Value]:
        return _values(t, flags)

    if ty is cty.String:
        return flags.strings
    if ty is cty.Number:
        return flags.numbers
    if ty is cty.Bool:
        return bools
    if ty is cty.DynamicPseudoType:
        if flags.conforming:  # a value of some concrete type
            return _concrete(ty, keys=flags.names).flatmap(elem)
        # no known values: DynamicVal or a dynamic null, as the flags allow (DynamicVal if
        # they allow neither; values_conforming gives known values there)
        return st.sampled_from([cty.DynamicVal, cty.null_val(cty.DynamicPseudoType)]
                               if flags.nulls else [cty.DynamicVal])
    if ty.is_capsule_type():
        found: st.SearchStrategy[Any] | None = flags.capsules.get(ty)
        if found is None:
            raise cty.CtyValueError(f"no strategy for the objects of capsule type "
                                    f"{ty.friendly_name()} (give capsules={{type: strategy}})")
        return found.map(lambda o: cty.capsule_val(ty, o))
    if ty.is_collection_type():
        ety = ty.element_type()
        if flags.conforming and ety.has_dynamic_types():  # elements share one type
            return _concrete(ety, keys=flags.names).flatmap(
                lambda t: _collection(ty, t, flags))
        return _collection(ty, ety, flags)
    if ty.is_tuple_type():
        return st.tuples(*[elem(t) for t in ty.tuple_element_types()]).map(cty.tuple_val)
    if ty.is_object_type():
        attrs = ty.without_optional_attributes_deep().attribute_types()
        return st.fixed_dictionaries({k: elem(t) for k, t in attrs.items()}).map(
            cty.object_val)
    raise cty.CtyTypeError(f"no strategy for values of {ty!r}")


def _collection(ty: cty.Type, ety: cty.Type, flags: _Flags) -> st.SearchStrategy[cty.Value]:
    """Known lists, sets or maps (as *ty* is) of elements of type *ety*; an empty one has
    *ty*'s element type (as a decoder that reads ``[]`` for ``list(any)`` gives it)."""
    elems = _values(ety, flags)
    declared = ty.element_type()
    if ty.is_map_type():
        return st.dictionaries(flags.names, elems, max_size=MAX_SIZE).map(
            lambda d: cty.map_val(d) if d else cty.map_val_empty(declared))
    make, empty = ((cty.list_val, cty.list_val_empty) if ty.is_list_type()
                   else (cty.set_val, cty.set_val_empty))
    # a set takes its elements' marks: unmark it, as promised
    return st.lists(elems, max_size=MAX_SIZE).map(
        lambda xs: (make(xs) if xs else empty(declared)).unmark()[0])


def _concrete(ty: cty.Type, *, primitive: bool = False,
              keys: st.SearchStrategy[str] = attribute_names) -> st.SearchStrategy[cty.Type]:
    """Types that conform to *ty*: each dynamic slot in it made some concrete type (with
    *primitive*, a primitive one; otherwise one with attribute names from *keys*)."""
    if ty is cty.DynamicPseudoType:
        return st.sampled_from(PRIMITIVE_TYPES) if primitive else _types(
            1, False, False, {}, keys)
    if not ty.has_dynamic_types():
        return st.just(ty)
    if ty.is_list_type() or ty.is_set_type() or ty.is_map_type():
        make = cty.List if ty.is_list_type() else cty.Set if ty.is_set_type() else cty.Map
        return _concrete(ty.element_type(), primitive=primitive, keys=keys).map(make)
    if ty.is_tuple_type():
        return st.tuples(*[_concrete(t, primitive=primitive, keys=keys)
                           for t in ty.tuple_element_types()]).map(lambda ts: cty.Tuple(list(ts)))
    attrs = ty.without_optional_attributes_deep().attribute_types()
    return st.fixed_dictionaries({k: _concrete(t, primitive=primitive, keys=keys)
                                  for k, t in attrs.items()}).map(cty.Object)


def _values(ty: cty.Type, flags: _Flags) -> st.SearchStrategy[cty.Value]:
    ty = ty.without_optional_attributes_deep()
    known = _known(ty, flags)
    choices = [known, known, known]  # mostly known, so that nesting gets deep
    if flags.nulls:
        choices.append(st.just(cty.null_val(ty)))
    if flags.unknowns:
        choices.append(_unknowns(ty, flags))
    plain = st.one_of(choices)
    if flags.mark_sets is None:
        return plain
    return st.tuples(plain, flags.mark_sets).map(
        lambda vm: vm[0].with_marks(vm[1]) if vm[1] else vm[0])


Marks = bool | Collection[Hashable] | st.SearchStrategy[frozenset[Hashable]]


@dataclass(frozen=True)
class _Flags:
    """What values() and values_conforming() were asked for, checked."""

    nulls: bool
    unknowns: bool
    refinements: bool
    conforming: bool
    mark_sets: st.SearchStrategy[frozenset[Hashable]] | None
    capsules: Capsules
    names: st.SearchStrategy[str]
    text: st.SearchStrategy[str]
    strings: st.SearchStrategy[cty.Value]
    numbers: st.SearchStrategy[cty.Value]
    bounds: st.SearchStrategy[cty.Value]  # of refined unknown numbers


def _flags(*, nulls: bool, unknowns: bool, marks: Marks, refinements: bool,
           capsules: Capsules | None, names: st.SearchStrategy[str] | None,
           text: st.SearchStrategy[str] | None, infinities: bool, any_precision: bool,
           conforming: bool) -> _Flags:
    chosen: st.SearchStrategy[frozenset[Hashable]] | None
    if marks is True:
        chosen = mark_sets
    elif marks is False:
        chosen = None
    elif isinstance(marks, st.SearchStrategy):
        chosen = marks
    elif isinstance(marks, Collection) and not isinstance(marks, (str, bytes)):
        chosen = st.frozensets(st.sampled_from(tuple(marks)), max_size=2) if marks else None
    else:
        raise cty.CtyTypeError(f"marks is a bool, a collection of marks or a strategy for "
                               f"sets of marks, not {marks!r}")
    caps = dict(capsules or {})
    _check_capsules(caps)
    texts = _check_text("text", text, _string_texts)
    return _Flags(
        nulls=bool(nulls), unknowns=bool(unknowns), refinements=bool(refinements),
        conforming=conforming, mark_sets=chosen, capsules=caps,
        names=_check_text("names", names, attribute_names).map(_nfc),
        text=texts, strings=strings if text is None else texts.map(cty.string_val),
        numbers=_numbers(bool(infinities), bool(any_precision)),
        # (msgpack's refinement of an unknown is at most 1024 bytes, as go-cty reads it: no
        # room there for the far numbers' text)
        bounds=_numbers(bool(infinities), bool(any_precision), far=bool(any_precision)))


def values(of_type: cty.Type | None = None, *, nulls: bool = True, unknowns: bool = True,
           marks: Marks = True, refinements: bool = True, capsules: Capsules | None = None,
           names: st.SearchStrategy[str] | None = None, text: st.SearchStrategy[str] | None = None,
           infinities: bool = True, any_precision: bool = True
           ) -> st.SearchStrategy[cty.Value]:
    """Values of *of_type* (or, without one, of a type from types()): known, and as the flags
    allow null, unknown (refined with *refinements*: not null, a string prefix, number bounds,
    length bounds), and marked, at any depth.

    *marks* is True (sets of MARKS), False, a collection of marks to draw sets of, or a
    strategy for sets of marks (drawn for every value; an empty set leaves it unmarked). A
    set's elements are never marked (a set takes its elements' marks). Map keys (and
    attribute names of types drawn here) come from *names*, NFC-normalised; known strings
    from *text* (by default, ``strings``); numbers include infinities only with *infinities*
    (JSON has none), and precisions other than those of text and floats (512 and 53 bits,
    and integers: what msgpack and JSON give back unchanged) only with *any_precision*,
    which also allows whole floats from 2**53 on (the wire writes them as their shortest
    digits, which read back as other numbers) and refinement bounds too long for msgpack's
    1024-byte refinements.
    Optional attribute markers are dropped from the type, as known values never carry them.
    A DynamicPseudoType slot holds DynamicVal, or a dynamic null with *nulls* (for known
    values there, use values_conforming)."""
    flags = _flags(nulls=nulls, unknowns=unknowns, marks=marks, refinements=refinements,
                   capsules=capsules, names=names, text=text, infinities=infinities,
                   any_precision=any_precision, conforming=False)
    if of_type is None:
        return _types(2, True, True, flags.capsules, flags.names).flatmap(
            lambda t: _values(t, flags))
    if not isinstance(of_type, cty.Type):
        raise cty.CtyTypeError(f"of_type is a cty.Type, not {type(of_type).__name__}")
    return _values(of_type, flags)


def values_conforming(of_type: cty.Type, *, nulls: bool = True, unknowns: bool = True,
                      marks: Marks = True, refinements: bool = True,
                      capsules: Capsules | None = None,
                      names: st.SearchStrategy[str] | None = None,
                      text: st.SearchStrategy[str] | None = None,
                      infinities: bool = True, any_precision: bool = True
           ) -> st.SearchStrategy[cty.Value]:
    """Values whose type conforms to *of_type* (``v.type().test_conformance(of_type)`` is
    empty): a DynamicPseudoType slot gets a value of some concrete type (elements of one list,
    set or map the same type), where values() would put DynamicVal; nulls and unknowns, as
    the flags allow, are of the type asked for (a null ``list(any)`` is one). The options are
    those of values()."""
    if not isinstance(of_type, cty.Type):
        raise cty.CtyTypeError(f"of_type is a cty.Type, not {type(of_type).__name__}")
    flags = _flags(nulls=nulls, unknowns=unknowns, marks=marks, refinements=refinements,
                   capsules=capsules, names=names, text=text, infinities=infinities,
                   any_precision=any_precision, conforming=True)
    return _values(of_type, flags)


_python_strings = st.text(alphabet=st.sampled_from(["a", "b", " ", "\xe9", '"', "\n"]),
                          max_size=5)


def python_data_for(of_type: cty.Type, *, nulls: bool = True) -> st.SearchStrategy[Any]:
    """Plain Python data that ``cty.from_python(data, of_type)`` takes: str, int, float,
    bool, None (with *nulls*), lists, tuples, sets, dicts; a missing optional attribute is
    left out. A DynamicPseudoType slot gets data of a primitive type."""
    if not isinstance(of_type, cty.Type):
        raise cty.CtyTypeError(f"of_type is a cty.Type, not {type(of_type).__name__}")
    return _python(of_type, nulls)


def _python(ty: cty.Type, nulls: bool, firm: bool = False) -> st.SearchStrategy[Any]:
    """Data for *ty*; *firm* data has no None and no empty collection in it, so that its
    implied types are the same from element to element of a collection of dynamic slots."""
    if ty is cty.DynamicPseudoType:
        # (Python lists and dicts there would stand for tuples and objects of many shapes)
        return st.sampled_from(PRIMITIVE_TYPES).flatmap(lambda t: _python(t, nulls, firm))
    known = _python_known(ty, nulls, firm)
    return st.one_of(known, st.none()) if nulls and not firm else known


def _elements(ety: cty.Type, nulls: bool, firm: bool,
              shape: Callable[[st.SearchStrategy[Any], int], st.SearchStrategy[Any]]
              ) -> st.SearchStrategy[Any]:
    """A collection's data: *shape* applied to a strategy for its elements and the least
    number of them. Elements of a type with dynamic slots share one concrete type and are
    firm, so that from_python finds them all of one type."""
    least = 1 if firm else 0
    if ety.has_dynamic_types():
        return _concrete(ety, primitive=True).flatmap(
            lambda t: shape(_python(t, nulls, True), least))
    return shape(_python(ety, nulls, firm), least)


def _python_known(ty: cty.Type, nulls: bool, firm: bool) -> st.SearchStrategy[Any]:
    if ty is cty.String:
        return _python_strings
    if ty is cty.Number:
        return st.one_of(st.integers(-(2**70), 2**70),
                         st.floats(allow_nan=False, allow_infinity=False))
    if ty is cty.Bool:
        return st.booleans()
    if ty.is_list_type() or (ty.is_set_type() and not ty.element_type().is_primitive_type()):
        return _elements(ty.element_type(), nulls, firm,
                         lambda e, n: st.lists(e, min_size=n, max_size=MAX_SIZE))
    if ty.is_set_type():
        return st.sets(_python_known(ty.element_type(), nulls, firm),
                       min_size=1 if firm else 0, max_size=MAX_SIZE)
    if ty.is_map_type():
        return _elements(ty.element_type(), nulls, firm, lambda e, n: st.dictionaries(
            st.sampled_from(ATTRIBUTE_NAMES), e, min_size=n, max_size=MAX_SIZE))
    if ty.is_tuple_type():
        return st.tuples(*[_python(t, nulls, firm) for t in ty.tuple_element_types()]).map(
            list)
    if ty.is_object_type():
        attrs = ty.attribute_types()
        optional = set() if firm else ty.optional_attributes()
        required = {k: _python(t, nulls, firm) for k, t in attrs.items() if k not in optional}
        maybe = {k: _python(t, nulls, firm) for k, t in attrs.items() if k in optional}
        return st.fixed_dictionaries(required, optional=maybe)
    raise cty.CtyTypeError(f"no Python data stands for values of {ty!r}")
