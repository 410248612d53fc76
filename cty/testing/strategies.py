"""Hypothesis strategies for cty types, values and Python data, for testing code that uses cty.

>>> from hypothesis import given
>>> from cty.testing import strategies as cst
>>> @given(cst.values(cty.List(cty.String), unknowns=False))
... def test_length_is_known(v):
...     assert v.is_null() or v.length().is_known()
>>> test_length_is_known()

* ``types(max_depth=2, dynamic=True, optional_attrs=True, capsules={})``: every type
  constructor, nested at most *max_depth* deep;
* ``values(of_type=None, nulls=True, unknowns=True, marks=True, refinements=True,
  capsules={})``: values of a type (of any type when none is given), with nulls, unknowns
  (refined or not), and marks at any depth, as the flags allow;
* ``values_conforming(type)``: values whose type conforms to a type that may hold
  ``DynamicPseudoType`` (a dynamic slot gets a value of some concrete type);
* ``python_data_for(type)``: plain Python data that ``cty.from_python(data, type)`` takes.

Every value is built with the public constructors, so it is one a user could build. Sizes
stay small (collections of at most three elements) and strategies shrink towards simple
types (primitives first) and simple values (known, unmarked, short). Capsule types come from
the caller: ``capsules`` maps each capsule type to a strategy for the objects it wraps.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping
from typing import Any

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
    "values",
    "values_conforming",
]

PRIMITIVE_TYPES = (cty.String, cty.Number, cty.Bool)
"""The primitive types, in the order strategies shrink towards."""
ATTRIBUTE_NAMES = ("a", "b", "name", "\xe9", "it's")
"""Attribute names and map keys; distinct after NFC normalisation, one not an identifier."""
MARKS: tuple[Hashable, ...] = ("sensitive", "ephemeral", 1, ("tag", 2))
"""Marks drawn when ``marks=True``: any hashable object whose repr rebuilds it."""

MAX_SIZE = 3
"""The most elements a generated collection, tuple or object has."""

attribute_names = st.sampled_from(ATTRIBUTE_NAMES)
"""Attribute names and map keys."""

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
          capsules: Capsules | None = None) -> st.SearchStrategy[cty.Type]:
    """Types nested at most *max_depth* levels: primitives, lists, sets, maps, tuples and
    objects; DynamicPseudoType anywhere with *dynamic*; objects with optional attributes with
    *optional_attrs*; the capsule types of *capsules* among the leaves."""
    if not isinstance(max_depth, int) or max_depth < 0:
        raise cty.CtyValueError(f"max_depth is an int of at least 0, not {max_depth!r}")
    caps = dict(capsules or {})
    _check_capsules(caps)
    leaves = [*PRIMITIVE_TYPES, *([cty.DynamicPseudoType] if dynamic else []), *caps]
    base = st.sampled_from(leaves)
    if max_depth == 0:
        return base
    inner = types(max_depth - 1, dynamic=dynamic, optional_attrs=optional_attrs,
                  capsules=caps)
    attrs = st.dictionaries(attribute_names, inner, max_size=MAX_SIZE)
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


strings = st.one_of(
    st.text(
        # ASCII, quotes and escapes, NFC and NFD forms of é, a combining mark alone, U+2028,
        # an emoji
        alphabet=st.sampled_from(["a", "b", "z", " ", '"', "\\", "\n", "\xe9", "e", "\u0301",
                                  "\u2028", "\U0001f600"]),
        max_size=5),
    # strings that convert to numbers and bools, or nearly do
    st.sampled_from(["1", "0", "true", "false", "True", "1.5", "-0", "1e3", "inf", "0x10", ""]),
).map(cty.string_val)
"""Known strings: those that test normalisation and quoting, and those that convert to numbers
and bools (or nearly do)."""

numbers = st.one_of(
    st.integers(-(2**63), 2**63 - 1).map(cty.number_int_val),
    st.integers(-(2**80), 2**80).map(cty.number_val),
    st.floats(allow_nan=False).map(cty.number_float_val),
    st.decimals(allow_nan=False, allow_infinity=False, places=3, min_value=-(10**6),
                max_value=10**6).map(lambda d: cty.parse_number_val(str(d))),
    # numbers equal although their payloads differ, and go-cty's singletons
    st.sampled_from([
        cty.Zero, cty.number_int_val(0), cty.must_parse_number_val("-0"),
        cty.number_float_val(-0.0), cty.number_int_val(1), cty.number_float_val(1.0),
        cty.must_parse_number_val("1"), cty.must_parse_number_val("1.2"),
        cty.number_float_val(1.2), cty.number_int_val(1).divide(cty.number_int_val(3)),
        cty.PositiveInfinity, cty.NegativeInfinity,
    ]),
)
"""Known numbers: small and huge integers, floats, decimals, infinities, equal ones that are
built differently."""

bools = st.sampled_from([cty.True_, cty.False_])
"""True and False."""

mark_sets = st.frozensets(st.sampled_from(MARKS), max_size=2)
"""Sets of marks (often empty)."""


def _unknowns(ty: cty.Type, refinements: bool) -> st.SearchStrategy[cty.Value]:
    plain = cty.unknown_val(ty)
    if not refinements or ty is cty.DynamicPseudoType or ty.is_capsule_type():
        return st.just(plain)
    refined = [st.just(plain.refine_not_null())]
    if ty is cty.String:
        refined.append(st.sampled_from(["", "a", "ab\xe9"]).map(
            lambda p: plain.refine().not_null().string_prefix(p).new_value()))
    elif ty is cty.Number:
        refined.append(st.tuples(st.integers(-5, 5), st.integers(0, 5)).map(
            lambda lw: plain.refine().number_range_inclusive(
                cty.number_int_val(lw[0]), cty.number_int_val(lw[0] + lw[1])).new_value()))
    elif ty.is_collection_type():
        refined.append(st.tuples(st.integers(0, 3), st.integers(0, 3)).map(
            lambda lw: plain.refine().collection_length_lower_bound(lw[0])
            .collection_length_upper_bound(lw[0] + lw[1]).new_value()))
    return st.one_of(st.just(plain), *refined)


def _known(ty: cty.Type, flags: dict[str, Any]) -> st.SearchStrategy[cty.Value]:
    def elem(t: cty.Type) -> st.SearchStrategy[cty.Value]:
        return _values(t, flags)

    if ty is cty.String:
        return strings
    if ty is cty.Number:
        return numbers
    if ty is cty.Bool:
        return bools
    if ty is cty.DynamicPseudoType:
        if flags["conforming"]:  # a value of some concrete type
            return types(1, dynamic=False, optional_attrs=False).flatmap(elem)
        # no known values: DynamicVal or a dynamic null, as the flags allow (DynamicVal if
        # they allow neither; values_conforming gives known values there)
        return st.sampled_from([cty.DynamicVal, cty.null_val(cty.DynamicPseudoType)]
                               if flags["nulls"] else [cty.DynamicVal])
    if ty.is_capsule_type():
        found: st.SearchStrategy[Any] | None = flags["capsules"].get(ty)
        if found is None:
            raise cty.CtyValueError(f"no strategy for the objects of capsule type "
                                    f"{ty.friendly_name()} (give capsules={{type: strategy}})")
        return found.map(lambda o: cty.capsule_val(ty, o))
    if ty.is_list_type() or ty.is_set_type():
        ety = ty.element_type()
        make, empty = ((cty.list_val, cty.list_val_empty) if ty.is_list_type()
                       else (cty.set_val, cty.set_val_empty))
        if flags["conforming"] and ety.has_dynamic_types():  # elements share one type
            return _concrete(ety).flatmap(
                lambda t: st.lists(_values(t, flags), max_size=MAX_SIZE).map(
                    lambda xs: (make(xs) if xs else empty(t)).unmark()[0]))
        # a set takes its elements' marks: unmark it, as promised
        return st.lists(elem(ety), max_size=MAX_SIZE).map(
            lambda xs: (make(xs) if xs else empty(ety)).unmark()[0])
    if ty.is_map_type():
        ety = ty.element_type()
        if flags["conforming"] and ety.has_dynamic_types():
            return _concrete(ety).flatmap(
                lambda t: st.dictionaries(attribute_names, _values(t, flags),
                                          max_size=MAX_SIZE).map(
                    lambda d: cty.map_val(d) if d else cty.map_val_empty(t)))
        return st.dictionaries(attribute_names, elem(ety), max_size=MAX_SIZE).map(
            lambda d: cty.map_val(d) if d else cty.map_val_empty(ety))
    if ty.is_tuple_type():
        return st.tuples(*[elem(t) for t in ty.tuple_element_types()]).map(cty.tuple_val)
    if ty.is_object_type():
        attrs = ty.without_optional_attributes_deep().attribute_types()
        return st.fixed_dictionaries({k: elem(t) for k, t in attrs.items()}).map(
            cty.object_val)
    raise cty.CtyTypeError(f"no strategy for values of {ty!r}")


def _concrete(ty: cty.Type, *, primitive: bool = False) -> st.SearchStrategy[cty.Type]:
    """Types that conform to *ty*: each dynamic slot in it made some concrete type (with
    *primitive*, a primitive one)."""
    if ty is cty.DynamicPseudoType:
        return st.sampled_from(PRIMITIVE_TYPES) if primitive else types(
            1, dynamic=False, optional_attrs=False)
    if not ty.has_dynamic_types():
        return st.just(ty)
    if ty.is_list_type() or ty.is_set_type() or ty.is_map_type():
        make = cty.List if ty.is_list_type() else cty.Set if ty.is_set_type() else cty.Map
        return _concrete(ty.element_type(), primitive=primitive).map(make)
    if ty.is_tuple_type():
        return st.tuples(*[_concrete(t, primitive=primitive)
                           for t in ty.tuple_element_types()]).map(lambda ts: cty.Tuple(list(ts)))
    attrs = ty.without_optional_attributes_deep().attribute_types()
    return st.fixed_dictionaries({k: _concrete(t, primitive=primitive)
                                  for k, t in attrs.items()}).map(cty.Object)


def _values(ty: cty.Type, flags: dict[str, Any]) -> st.SearchStrategy[cty.Value]:
    ty = ty.without_optional_attributes_deep()
    known = _known(ty, flags)
    choices = [known, known, known]  # mostly known, so that nesting gets deep
    if flags["nulls"] and not (flags["conforming"] and ty.has_dynamic_types()):
        choices.append(st.just(cty.null_val(ty)))
    if flags["unknowns"] and not (flags["conforming"] and ty.has_dynamic_types()):
        choices.append(_unknowns(ty, flags["refinements"]))
    plain = st.one_of(choices)
    marks = flags["marks"]
    if not marks:
        return plain
    return st.tuples(plain, st.frozensets(st.sampled_from(marks), max_size=2)).map(
        lambda vm: vm[0].with_marks(vm[1]) if vm[1] else vm[0])


def _flags(nulls: bool, unknowns: bool, marks: bool | Collection[Hashable],
           refinements: bool, capsules: Capsules | None, *,
           conforming: bool) -> dict[str, Any]:
    if marks is True:
        chosen: tuple[Hashable, ...] = MARKS
    elif marks is False:
        chosen = ()
    elif isinstance(marks, Collection) and not isinstance(marks, (str, bytes)):
        chosen = tuple(marks)
    else:
        raise cty.CtyTypeError(f"marks is a bool or a collection of marks, not {marks!r}")
    caps = dict(capsules or {})
    _check_capsules(caps)
    return {"nulls": bool(nulls), "unknowns": bool(unknowns), "marks": chosen,
            "refinements": bool(refinements), "capsules": caps, "conforming": conforming}


def values(of_type: cty.Type | None = None, *, nulls: bool = True, unknowns: bool = True,
           marks: bool | Collection[Hashable] = True, refinements: bool = True,
           capsules: Capsules | None = None) -> st.SearchStrategy[cty.Value]:
    """Values of *of_type* (or, without one, of a type from types()): known, and as the flags
    allow null, unknown (refined with *refinements*: not null, a string prefix, a number
    range, a length range), and marked (with MARKS, or the given collection of marks), at any
    depth. A set's elements are never marked (a set takes its elements' marks). Optional
    attribute markers are dropped from the type, as values never carry them. A
    DynamicPseudoType slot holds DynamicVal, or a dynamic null with *nulls* (for known values
    there, use values_conforming)."""
    flags = _flags(nulls, unknowns, marks, refinements, capsules, conforming=False)
    if of_type is None:
        return types(capsules=flags["capsules"]).flatmap(lambda t: _values(t, flags))
    if not isinstance(of_type, cty.Type):
        raise cty.CtyTypeError(f"of_type is a cty.Type, not {type(of_type).__name__}")
    return _values(of_type, flags)


def values_conforming(of_type: cty.Type, *, nulls: bool = True, unknowns: bool = True,
                      marks: bool | Collection[Hashable] = True, refinements: bool = True,
                      capsules: Capsules | None = None) -> st.SearchStrategy[cty.Value]:
    """Values whose type conforms to *of_type* (``v.type().test_conformance(of_type)`` is
    empty): a DynamicPseudoType slot gets a value of some concrete type (elements of one list,
    set or map the same type), where values() would put DynamicVal."""
    if not isinstance(of_type, cty.Type):
        raise cty.CtyTypeError(f"of_type is a cty.Type, not {type(of_type).__name__}")
    flags = _flags(nulls, unknowns, marks, refinements, capsules, conforming=True)
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
