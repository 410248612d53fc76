"""cty.to_python: a known value as plain Python data, shaped by an optional type hint.

go-cty's gocty.FromCtyValue, for Python. With no target (or ``Any``, ``object``):

* a string is a str, a bool a bool, null is None, a capsule its encapsulated object;
* a whole number is an int; another number a float when a float holds it exactly (the
  infinities too), else a Decimal of the shortest text that reads back as the same number at
  its precision (go-cty's own text for it), so nothing is lost;
* a list or a tuple is a list, a set a set (its elements must then be hashable: ask for a
  list otherwise), a map or an object a dict.

A target type hint asks for more: ``str``, ``bool``, ``int`` (a whole number, else an error),
``float`` (rounded to the nearest; an error beyond the float range), ``Decimal``, ``Fraction``
(exact), ``gmpy2.mpfr``; ``list[T]``, ``Sequence[T]``, ``tuple[T, ...]``, ``tuple[A, B]``,
``set[T]``, ``frozenset[T]``, ``dict[str, T]``, ``Mapping[str, T]``; a dataclass, NamedTuple,
TypedDict or msgspec Struct made from an object's attributes (a missing attribute leaves a
field's default, or None for an Optional field); ``Optional[T]`` admits null, which any other
target refuses (go-cty's "null value is not allowed"); ``cty.Value`` keeps that part as a
value (unknowns and marks allowed there). An unknown value anywhere else is an error ("value
must be known"), and so is a marked one (its marks would be lost: unmark it first).

Errors are PathErrors with the path to the offending value; a target hint to_python cannot
produce is a CtyTypeError.
"""

from __future__ import annotations

import dataclasses
import inspect
import keyword
import math
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final, TypeAlias, TypeVar, overload

import gmpy2
import msgspec

from . import _number
from ._caches import Bounded, PerClass
from ._codegen import SourceWriter, code, identifier, join, worth_generating
from ._data_fail import DataFail, index_of
from ._deep import deep, hop
from ._errors import CtyTypeError
from ._field_names import attribute_names, described, field_defaults
from ._marks import Marked
from ._primitive_type import Bool, Number, String
from ._set_payload import SetPayload
from ._type import Type
from ._type_height import is_tall
from ._unknown import Unknown
from ._value import Value, check_value, wrap

Conv: TypeAlias = Callable[[Any], Any]
"""A payload of one cty type to Python data of one target."""

MAX_INT_BITS: Final = 1 << 20
"""Whole numbers larger than this many bits are refused as Python ints (a number such as
1e999999999 would take hundreds of megabytes and minutes to make)."""
_FLOAT_MAX: Final = 1.7976931348623157e308
_DEFAULTS: Final = (None, Any, object)
_UNIONS: Final = (typing.Union, types.UnionType)
_LISTS: Final = (list, Sequence, typing.Sequence, typing.List)  # noqa: UP006
_SETS: Final = (set, frozenset, AbstractSet, typing.AbstractSet, typing.Set,  # noqa: UP006
                typing.FrozenSet)  # noqa: UP006
_MAPS: Final = (dict, Mapping, typing.Mapping, typing.Dict)  # noqa: UP006
_STR: Final = {str}
_MPFR: Final = type(gmpy2.mpfr(0))
_STRINGS_AS_THEY_ARE: Final = (*_DEFAULTS, str)
"""Targets for which a str element is returned as it is."""


_T = TypeVar("_T")


@overload
def to_python(value: Value, /) -> Any: ...
@overload
def to_python(value: Value, target: type[_T], /) -> _T: ...
@overload
def to_python(value: Value, target: object, /) -> Any: ...


@deep
def to_python(value: Value, target: object = None, /) -> Any:
    """Return the known value *value* as plain Python data, shaped by the type hint *target*.

    See the module documentation for the correspondence.

    >>> v = cty.from_python({"name": "web", "ports": [80, 443]})
    >>> cty.to_python(v)
    {'name': 'web', 'ports': [80, 443]}

    Raises PathError naming the path to a value that is unknown, marked, null where the target
    does not admit None, or not what the target needs; CtyTypeError for a target hint that
    to_python cannot produce.
    """
    check_value(value, "value")
    conv = converter(value._ty, target)
    p = Marked(value._v, value._marks) if value._marks else value._v
    try:
        return conv(p)
    except DataFail as e:
        raise e.path_error() from None


# --- planning -----------------------------------------------------------------------------------

_plans: Bounded[Conv] = Bounded("to_python plans", 1024)
_record_plans: PerClass[Conv] = PerClass("to_python plans into record classes",
                                         "__cty_to_python_plans__")
"""Plans into a record class are kept in the class: a class made at run time is freed with
them (in the bounded cache, it would live until a thousand other plans pushed it out)."""


@deep
def converter(ty: Type, target: object) -> Conv:
    """Return the converter of payloads of *ty* to *target* (planned once per pair)."""
    if isinstance(target, type):
        found: Conv | None = _record_plans.get(target, ty)
        if found is not None:
            return found
    try:
        key = (ty, target)
        found = _plans.get(key)
    except TypeError:  # an unhashable hint (Annotated with a list in it, say): plan each time
        return _hopping(ty, _plan(ty, target))
    if found is None:
        found = _hopping(ty, _plan(ty, target))
        kept = (_record_plans.setdefault(target, ty, found)
                if isinstance(target, type) and _is_record(target) else None)
        found = kept if kept is not None else _plans.setdefault(key, found)
    return found


def _hopping(ty: Type, conv: Conv) -> Conv:
    """*conv*, made a hop point for cty._deep when *ty* is tall (values of any depth)."""
    return hop(conv) if is_tall(ty) else conv


def _plan(ty: Type, target: object) -> Conv:
    target, nullable = _unwrap(target)
    if target is Value:
        return _as_value(ty)
    if target in _DEFAULTS:
        return _default(ty)
    return _targeted(ty, target, nullable)


def _unwrap(target: object) -> tuple[object, bool]:
    """Return *target* without Annotated and Optional, and whether it admits None."""
    nullable = False
    while True:
        origin = typing.get_origin(target)
        if origin is typing.Annotated:
            target = typing.get_args(target)[0]
        elif origin in _UNIONS:
            members = [a for a in typing.get_args(target) if a is not type(None)]
            if len(members) != 1:
                raise CtyTypeError(f"to_python cannot produce {_name(target)}: a union other "
                                   "than Optional[T] says no one type to produce")
            target, nullable = members[0], True
        else:
            return target, nullable


def _name(tp: object) -> str:
    if isinstance(tp, type) and typing.get_origin(tp) is None:
        return tp.__qualname__
    return repr(tp).replace("typing.", "")


def _odd(nullable: bool) -> Conv:
    """Return the converter of what is not an ordinary known payload: null (None when
    *nullable*), unknown, marked."""
    def odd(p: Any) -> Any:
        if p is None:
            if nullable:
                return None
            raise DataFail("null value is not allowed", p)
        if p.__class__ is Unknown:
            raise DataFail("value must be known", p)
        if p.__class__ is Marked:
            raise DataFail("value is marked, and its marks would be lost (unmark it first, "
                           "or ask for cty.Value here)", p)
        raise AssertionError(f"unexpected payload {p!r}")  # pragma: no cover
    return odd


_NULLABLE_ODD: Final = _odd(True)
_STRICT_ODD: Final = _odd(False)


def _as_value(ty: Type) -> Conv:
    def conv(p: Any) -> Any:
        return wrap(ty, p)
    return conv


def _refuse(message: str, odd: Conv) -> Conv:
    """Return the converter that refuses every known value with *message* (the target asks
    for another kind of value than the type holds)."""
    def conv(p: Any) -> Any:
        if p is None or p.__class__ is Unknown or p.__class__ is Marked:
            return odd(p)
        raise DataFail(message, p)
    return conv


# --- with no target -----------------------------------------------------------------------------

def _default(ty: Type) -> Conv:
    odd = _NULLABLE_ODD
    if ty is String:
        return _keep(str, odd)
    if ty is Bool:
        return _keep(bool, odd)
    if ty is Number:
        return _default_number
    if ty.is_list_type() or ty.is_tuple_type():
        return _sequence(ty, None, list, odd)
    if ty.is_set_type():
        return _set(ty, None, set, odd)
    if ty.is_map_type() or ty.is_object_type():
        return _dict(ty, None, odd)
    if ty.is_capsule_type():
        return _capsule(ty, odd)
    return odd  # any: only null and unknown have no type


def _keep(cls: type, odd: Conv) -> Conv:
    def conv(p: Any) -> Any:
        return p if p.__class__ is cls else odd(p)
    return conv


def _capsule(ty: Type, odd: Conv) -> Conv:
    def conv(p: Any) -> Any:
        if p is None or p.__class__ is Unknown or p.__class__ is Marked:
            return odd(p)
        return p
    return conv


def _default_number(p: Any) -> Any:
    if p.__class__ is int:
        return p
    if p.__class__ is not _MPFR:
        return _NULLABLE_ODD(p)
    f = float(p)
    if f == p:  # a float holds it exactly (the infinities too)
        if f.is_integer() and (f or math.copysign(1.0, f) > 0):
            return int(f)
        return f
    if _number.is_integer(p):
        return _whole(p)
    return _number.to_shortest_decimal(p)


def _whole(p: Any) -> int:
    if gmpy2.get_exp(p) > MAX_INT_BITS:
        raise DataFail(f"value is too large to be a Python int (more than {MAX_INT_BITS} bits)",
                       p)
    return int(p)


# --- with a target ------------------------------------------------------------------------------

def _targeted(ty: Type, target: object, nullable: bool) -> Conv:
    odd = _NULLABLE_ODD if nullable else _STRICT_ODD
    scalar = _scalar(ty, target, odd)
    if scalar is not None:
        return scalar
    origin = typing.get_origin(target) or target
    args = typing.get_args(target)
    if origin in _LISTS or origin is tuple:
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            return _fixed_tuple(ty, args, odd)
        make = tuple if origin is tuple else list
        if not (ty.is_list_type() or ty.is_set_type() or ty.is_tuple_type()):
            return _refuse("list, set, or tuple value is required", odd)
        return _sequence(ty, args[0] if args else None, make, odd)
    if origin in _SETS:
        if not (ty.is_list_type() or ty.is_set_type() or ty.is_tuple_type()):
            return _refuse("set, list, or tuple value is required", odd)
        return _set(ty, args[0] if args else None, frozenset if origin is frozenset else set, odd)
    if origin in _MAPS:
        if args and args[0] is not str:
            raise CtyTypeError(f"to_python cannot produce {_name(target)}: the keys of maps "
                               "and objects are str")
        if not (ty.is_map_type() or ty.is_object_type()):
            return _refuse("map or object value is required", odd)
        return _dict(ty, args[1] if args else None, odd)
    if isinstance(target, type) and _is_record(target):
        if not (ty.is_map_type() or ty.is_object_type()):
            return _refuse("object or map value is required", odd)
        return _record(ty, target, odd)
    raise CtyTypeError(f"to_python cannot produce {_name(target)}")


def _scalar(ty: Type, target: object, odd: Conv) -> Conv | None:
    if target is str:
        return _keep(str, odd) if ty is String else _refuse("string value is required", odd)
    if target is bool:
        return _keep(bool, odd) if ty is Bool else _refuse("bool value is required", odd)
    conv = _NUMBERS.get(target) if isinstance(target, type) else None
    if conv is None:
        return None
    if ty is not Number:
        return _refuse("number value is required", odd)

    def number(p: Any) -> Any:
        if p.__class__ is int or _number.is_mpfr(p):
            return conv(p)
        return odd(p)
    return number


def _int(p: Any) -> int:
    if p.__class__ is int:
        return p
    if not _number.is_integer(p):
        raise DataFail("value must be a whole number", p)
    return _whole(p)


def _float(p: Any) -> float:
    if p.__class__ is _MPFR:
        f = float(p)
        if f == p:  # exact: no rounding to do
            return f
    f = _number.to_float(p)
    if f in (math.inf, -math.inf) and not _number.is_inf(p):
        raise DataFail(f"value must be between {-_FLOAT_MAX!r} and {_FLOAT_MAX!r} inclusive", p)
    return f


def _decimal(p: Any) -> Decimal:
    if p.__class__ is int:
        return Decimal(p)
    if _number.is_inf(p):
        return Decimal("-Infinity" if _number.sign(p) < 0 else "Infinity")
    return _number.to_shortest_decimal(p)


def _fraction(p: Any) -> Fraction:
    if p.__class__ is int:
        return Fraction(p)
    if _number.is_inf(p):
        raise DataFail("value must be finite", p)
    num, den = _number.as_mpfr(p).as_integer_ratio()
    return Fraction(int(num), int(den))


def _mpfr(p: Any) -> Any:
    return _number.as_mpfr(p)


_NUMBERS: Final[dict[type, Conv]] = {int: _int, float: _float, Decimal: _decimal,
                                     Fraction: _fraction, _MPFR: _mpfr}


# --- collections --------------------------------------------------------------------------------

def _element_types(ty: Type) -> list[Type] | None:
    """Return a tuple type's element types, or None for a list or set type."""
    return list(ty.tuple_element_types()) if ty.is_tuple_type() else None


def _elements(ty: Type, target: object) -> tuple[Conv | None, list[Conv] | None]:
    """Return the element converter of a list or set type, or the per-element converters of
    a tuple type, for the element target *target*."""
    tys = _element_types(ty)
    if tys is None:
        return converter(ty.element_type(), target), None
    return None, [converter(t, target) for t in tys]


def _convert_all(f: Conv | None, fs: list[Conv] | None, items: Any) -> list[Any]:
    try:
        if f is not None:
            return list(map(f, items))
        return [g(x) for g, x in zip(fs or (), items, strict=True)]
    except DataFail as e:
        i = index_of(items, e.node)
        if i is None:  # pragma: no cover (every converter records the node it failed on)
            raise
        raise e.at_node("index", i, items) from None


def _sequence(ty: Type, target: object, make: type, odd: Conv) -> Conv:
    f, fs = _elements(ty, target)
    strings = f is not None and ty.element_type() is String and target in _STRINGS_AS_THEY_ARE

    def conv(p: Any) -> Any:
        c = p.__class__
        if c is tuple:
            items = p
        elif c is SetPayload:
            items = p.elems
        else:
            return odd(p)
        if strings and {*map(type, items)} <= _STR:
            return make(items)
        return make(_convert_all(f, fs, items))

    return conv


def _set(ty: Type, target: object, make: type, odd: Conv) -> Conv:
    seq = _sequence(ty, target, make, odd)
    what = "set" if ty.is_set_type() else ty.friendly_name().split(" ")[0]

    def conv(p: Any) -> Any:
        try:
            return seq(p)
        except TypeError:  # set() of unhashable elements (the converters raise DataFail)
            raise DataFail(f"the elements of this {what} become unhashable Python data, so "
                           "they cannot make a Python set (ask for a list instead)", p) from None

    return conv


def _dict(ty: Type, target: object, odd: Conv) -> Conv:
    if ty.is_map_type():
        f = converter(ty.element_type(), target)
        strings = ty.element_type() is String and target in _STRINGS_AS_THEY_ARE

        def conv(p: Any) -> Any:
            if p.__class__ is not dict:
                return odd(p)
            if strings and {*map(type, p.values())} <= _STR:
                return dict(p)
            out = {}
            for k, v in p.items():
                try:
                    out[k] = f(v)
                except DataFail as e:
                    raise e.at_node("key", k, p) from None
            return out

        return conv
    attrs = [(k, converter(t, target), _kept(t, target))
             for k, t in ty.attribute_types().items()]
    return _object_converter(attrs, odd)


def _kept(ty: Type, target: object) -> str | None:
    """Return the class of the payloads of *ty* that are their own result for *target* (a str
    for a str, an int for an int...), or None."""
    target = _unwrap(target)[0]
    if ty is String and target in _STRINGS_AS_THEY_ARE:
        return "str"
    if ty is Number and (target in _DEFAULTS or target is int):
        return "int"
    if ty is Bool and (target in _DEFAULTS or target is bool):
        return "bool"
    return None


def _object_converter(attrs: list[tuple[str, Conv, str | None]], odd: Conv,
                      make: type | None = None, absent: Sequence[str] = (),
                      keywords: Mapping[str, str] | None = None) -> Conv:
    """Return a converter of object payloads written for the attributes *attrs* (name,
    converter, the class of payloads that are their own result or None): a dict, or with
    *make* an instance of that class made with the attributes as keywords and None for the
    fields *absent*.

    Only attributes whose payloads are not of the kept class call their converters; a
    failing converter adds the attribute's step. *keywords* names the keyword of each
    attribute that *make* takes under another name (a renamed field).
    """
    keywords = keywords or {}
    if not worth_generating(len(attrs)):
        return _object_loop(attrs, odd, make, absent, keywords)
    w = SourceWriter("conv")
    w.bind_names(odd=odd, Fail=DataFail, make=make, refused=_refused, ATTR="attr")
    w.add("def conv(p):\n    if p.__class__ is not dict:\n        return odd(p)\n"
          "    at = None\n    try:\n")
    keys = []
    for i, (name, f, kept) in enumerate(attrs):
        w.bind(f, name=f"f{i}")
        k = w.bind(name, prefix="k")
        keys.append(k)
        w.add("        v{i} = p[{k}]\n", i=i, k=k)
        call = code("at = {k}\nv{i} = f{i}(v{i})\n", k=k, i=i)
        if kept is None:
            w.add(call.indented(2))
        else:
            w.add("        if v{i}.__class__ is not {kept}:\n", i=i, kept=identifier(kept))
            w.add(call.indented(3))
    w.add("        pass\n    except Fail as e:\n        raise e.at_node(ATTR, at, p) from None\n")
    if make is None:
        body = join([code("{k}: v{i}", k=k, i=i) for i, k in enumerate(keys)])
        w.add("    return {{{body}}}\n", body=body)
    else:
        passed = [keywords.get(name, name) for name, _, _ in attrs] + list(absent)
        given = [code("v{i}", i=i) for i in range(len(attrs))] + [code("None")] * len(absent)
        order = _positional_order(make, passed)
        if order is not None:  # the fields in the order __init__ takes them, by place
            args = join([given[i] for i in order])
        else:  # by keyword: the keywords are bound, never written into the source
            args = code("**{{{entries}}}", entries=join(
                [code("{k}: {v}", k=w.bind(kw, prefix="w"), v=v)
                 for kw, v in zip(passed, given, strict=True)]))
        w.add("    try:\n        return make({args})\n"
              "    except Exception as e:  # the class's own checks (__post_init__, say)\n"
              "        raise refused(make, e, p) from None\n", args=args)
    return w.function()


def _positional_order(make: type, passed: list[str]) -> list[int] | None:
    """Return the places in *passed* (keywords, all given) in the order of *make*'s first
    parameters, when they are exactly those and all may be passed by place; else None."""
    try:
        params = list(inspect.signature(make).parameters.values())
    except (TypeError, ValueError):
        return None
    first = params[:len(passed)]
    if len(first) != len(passed) or sorted(p.name for p in first) != sorted(passed) or any(
            p.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD for p in first):
        return None
    if any(p.default is inspect.Parameter.empty and p.kind is not p.VAR_KEYWORD
           and p.kind is not p.VAR_POSITIONAL for p in params[len(passed):]):
        return None
    place = {name: i for i, name in enumerate(passed)}
    return [place[p.name] for p in first]


_KEPT_CLASSES: Final[dict[str | None, type]] = {"str": str, "int": int, "bool": bool}


def _object_loop(attrs: list[tuple[str, Conv, str | None]], odd: Conv, make: type | None,
                 absent: Sequence[str], keywords: Mapping[str, str]) -> Conv:
    """Return what _object_converter writes, as a loop (for a type too wide to be worth a
    function of its own)."""
    # (each attribute's result goes in under its keyword: its name, unless a field renames it)
    table = [(name, keywords.get(name, name), f, _KEPT_CLASSES.get(kept))
             for name, f, kept in attrs]
    nulls = dict.fromkeys(absent)

    def conv(p: Any) -> Any:
        if p.__class__ is not dict:
            return odd(p)
        out = {}
        for name, key, f, kept in table:
            v = p[name]
            if v.__class__ is not kept:
                try:
                    v = f(v)
                except DataFail as e:
                    raise e.at_node("attr", name, p) from None
            out[key] = v
        if make is None:
            return out
        try:
            return make(**out, **nulls)
        except Exception as e:  # the class's own checks (__post_init__, say)
            raise _refused(make, e, p) from None

    return conv


def _refused(cls: type, error: Exception, p: Any) -> DataFail:
    return DataFail(f"{_name(cls)} refused the value: {error}", p)


def _fixed_tuple(ty: Type, args: tuple[Any, ...], odd: Conv) -> Conv:
    n = len(args) if args != ((),) else 0
    if ty.is_tuple_type():
        tys = list(ty.tuple_element_types())
        if len(tys) != n:
            return _refuse(f"a tuple of {n} elements is required", odd)
    elif ty.is_list_type() or ty.is_set_type():
        tys = [ty.element_type()] * n
    else:
        return _refuse("list, set, or tuple value is required", odd)
    fs = [converter(t, a) for t, a in zip(tys, args, strict=True)]

    def conv(p: Any) -> Any:
        c = p.__class__
        if c is tuple:
            items = p
        elif c is SetPayload:
            items = p.elems
        else:
            return odd(p)
        if len(items) != n:
            raise DataFail(f"must be a {ty.friendly_name().split(' ')[0]} of length {n}", p)
        return tuple(_convert_all(None, fs, items))

    return conv


# --- records: dataclasses, NamedTuples, TypedDicts, msgspec Structs -----------------------------

def _is_record(cls: type) -> bool:
    return (dataclasses.is_dataclass(cls) or typing.is_typeddict(cls)
            or issubclass(cls, msgspec.Struct)
            or (issubclass(cls, tuple) and hasattr(cls, "_fields")))


def _record_fields(cls: type) -> tuple[dict[str, Any], set[str]]:
    """Return the fields of the record class *cls* with their hints, and those that may be
    left out (they have defaults, or are not required keys)."""
    try:
        hints = typing.get_type_hints(cls, include_extras=True)
    except (NameError, TypeError) as e:
        raise CtyTypeError(f"the annotations of {_name(cls)} cannot be read: {e}") from None
    if dataclasses.is_dataclass(cls):
        fields = [f for f in dataclasses.fields(cls) if f.init]
        names = [f.name for f in fields]
        optional = {f.name for f in fields if f.default is not dataclasses.MISSING
                    or f.default_factory is not dataclasses.MISSING}
    elif typing.is_typeddict(cls):
        names = list(hints)
        optional = set(getattr(cls, "__optional_keys__", ()))
        for n in names:
            origin = typing.get_origin(hints[n])
            if origin is typing.NotRequired:
                optional.add(n)
            elif origin is typing.Required:
                optional.discard(n)
    elif issubclass(cls, msgspec.Struct):
        names = list(cls.__struct_fields__)
        info = msgspec.structs.fields(cls)
        optional = {f.name for f in info if not f.required}
    else:
        names = list(cls._fields)  # type: ignore[attr-defined]
        optional = set(cls._field_defaults)  # type: ignore[attr-defined]
    out = {}
    for n in names:
        hint = hints.get(n, Any)
        if typing.get_origin(hint) in (typing.NotRequired, typing.Required):
            hint = typing.get_args(hint)[0]
        out[n] = hint
    return out, optional


def _record(ty: Type, cls: type, odd: Conv) -> Conv:
    fields, may_omit = _record_fields(cls)
    # (everything below by attribute: a renamed field by the attribute it stands for)
    renamed = attribute_names(cls)
    field_of = {renamed.get(n, n): n for n in fields}
    fields = {renamed.get(n, n): hint for n, hint in fields.items()}
    may_omit = {renamed.get(n, n) for n in may_omit}
    absent = {n: _unwrap(hint)[1] for n, hint in fields.items() if n not in may_omit}
    """Fields without defaults: None stands for them when their hint admits it."""
    if ty.is_map_type():
        return _record_from_map(ty, cls, fields, absent, odd, field_of=field_of)
    attrs = ty.attribute_types()
    for k in attrs:
        if k not in fields:
            return _refuse(f'unsupported attribute "{k}"', odd)
    for n, nullable in absent.items():
        if n not in attrs and not nullable:
            return _refuse(f"missing required attribute {described(n, field_of[n])}", odd)
    defaults = field_defaults(cls)
    # (a null where the field's hint takes no None gets the field's default; where it takes
    # None, the null is that None, as given)
    convs = [(k, _or_default(converter(t, fields[k]),
                             None if _unwrap(fields[k])[1] else defaults.get(field_of[k])),
              _kept(t, fields[k])) for k, t in attrs.items()]
    keywords = {k: field_of[k] for k in attrs if field_of[k] != k}
    if typing.is_typeddict(cls) or not all(f.isidentifier() and not keyword.iskeyword(f)
                                           for f in field_of.values()):
        as_dict = _object_converter(convs, odd)
        if not typing.is_typeddict(cls) or keywords:
            typed_dict = typing.is_typeddict(cls)

            def conv(p: Any) -> Any:
                d = as_dict(p)
                if d is None:
                    return None
                if keywords:
                    d = {keywords.get(k, k): v for k, v in d.items()}
                if typed_dict:
                    return d
                try:
                    return cls(**d)
                except Exception as e:  # the class's own checks (__post_init__, say)
                    raise _refused(cls, e, p) from None
            return conv
        return as_dict
    return _object_converter(convs, odd, cls, [field_of[n] for n in absent if n not in attrs],
                             keywords)


def _or_default(conv: Conv, default: Callable[[], Any] | None) -> Conv:
    """*conv*, giving a field with a default its default where the attribute is null (as
    HCL's optional(T, default) fills a null), for a field whose hint takes no None."""
    if default is None:
        return conv

    def or_default(p: Any) -> Any:
        return default() if p is None else conv(p)

    return or_default


def _record_from_map(ty: Type, cls: type, fields: dict[str, Any], absent: dict[str, bool],
                     odd: Conv, *, field_of: dict[str, str]) -> Conv:
    convs = {n: converter(ty.element_type(), hint) for n, hint in fields.items()}
    typed_dict = typing.is_typeddict(cls)

    def conv(p: Any) -> Any:
        if p.__class__ is not dict:
            return odd(p)
        kwargs = {}
        for k, v in p.items():
            f = convs.get(k)
            if f is None:
                raise DataFail(f'unsupported attribute "{k}"', p)
            try:
                kwargs[k] = f(v)
            except DataFail as e:
                raise e.at_node("key", k, p) from None
        for n, nullable in absent.items():
            if n not in kwargs:
                if not nullable:
                    raise DataFail(f"missing required attribute {described(n, field_of[n])}",
                                   p)
                kwargs[n] = None
        kwargs = {field_of[k]: v for k, v in kwargs.items()}
        if typed_dict:
            return kwargs
        try:
            return cls(**kwargs)
        except Exception as e:  # the class's own checks (__post_init__, say)
            raise _refused(cls, e, p) from None

    return conv
