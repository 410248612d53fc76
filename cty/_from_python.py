"""cty.from_python: a value of a given type built from plain Python data in one pass.

go-cty's gocty.ToCtyValue, for Python's kinds of data. The type directs the walk: a builder is
planned once per type (cached) and makes payloads straight from the data, never a Value per
element. What each type takes:

* string: a str (NFC-normalised; a str subclass such as a StrEnum member gives its text);
* number: an int, a float (not NaN; the infinities are infinities), a Decimal, a Fraction, a
  gmpy2 mpz, mpq or mpfr, or any other ``numbers.Integral``/``Rational``/``Real``; never a bool;
* bool: True or False;
* list and tuple types: a list, a tuple or another Sequence (not a str, bytes or a mapping);
  set types take those and sets and frozensets too;
* map: a Mapping with str keys;
* object: a Mapping with str keys, a dataclass instance, a NamedTuple or a msgspec Struct, by
  attribute name: every attribute must be there unless it is optional (then it is null), as
  conversion requires, and no other (conversion and gocty drop unknown attributes silently,
  which hides a misspelt key in user-supplied data; gocty would also make missing ones null);
* a capsule type: an instance of its encapsulated class;
* any (DynamicPseudoType): whatever ``cty.implied_type`` finds a type for.

None is null of the wanted type, anywhere. A cty.Value passes through when its type is the
wanted one (or conforms to it, where the wanted type has ``any`` in it); a null or unknown of
type ``any`` becomes a null or unknown of the wanted type; its marks are kept (an element of a
set gives its marks to the set, as in go-cty's SetVal). Anything else raises PathError with the
path to the offending data and what was required there.
"""

from __future__ import annotations

import contextlib
import math
import numbers
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from contextvars import ContextVar
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final, TypeAlias

from . import _number
from ._caches import PerType
from ._codegen import SourceWriter, code, function_of_shape, join, worth_generating
from ._collection_types import Map, Set
from ._collector import LARGE_ITEMS, PAUSED
from ._data_fail import DataFail, index_of
from ._deep import deep
from ._dynamic import DynamicPseudoType
from ._errors import CtyError
from ._field_names import record_fields
from ._marks import Marked
from ._marks_deep import unmark_deep
from ._path import PathStep
from ._path_fail import index_step, step_of
from ._per_type_planner import per_type_planner
from ._primitive_type import Bool, Number, String
from ._python_implied_type import ImpliedTypeError, implied_type
from ._set_payload import EMPTY_SET, SetPayload, build_set_payload
from ._strings import normalize_string
from ._type import Type, check_type
from ._type_conform import test_conformance
from ._unknown import Unknown
from ._value import Value, make, wrap
from ._var_plan import VarFormat, plan_var

Builder: TypeAlias = Callable[[Any], Any]
"""Data to the payload of a value of one fixed type (a type without ``any`` in it)."""
VarBuilder: TypeAlias = Callable[[Any], tuple[Type, Any]]
"""Data to the type and payload of a value of a type with ``any`` in it."""



@deep
def from_python(data: object, ty: Type = DynamicPseudoType, /) -> Value:
    """Return the value of type *ty* that the plain Python *data* describes.

    See the module documentation for what each type takes. With no type (or ``cty.
    DynamicPseudoType``) the type is the one ``cty.implied_type(data)`` gives. A type with
    optional attributes gives values of the type without them (as conversion does).

    >>> v = cty.from_python({"name": "web", "ports": [80, 443]},
    ...                     cty.parse_type("object({name=string, ports=list(number)})"))
    >>> cty.format_value(v)
    '{ name = "web", ports = [80, 443] }'

    Raises PathError naming the path to the data that does not fit, and why.
    """
    check_type(ty, "type")
    try:
        if ty.is_primitive_type() or not _many_items(data):
            return _value_built(ty, data)
        with PAUSED:  # a build of many containers: see cty._collector
            return _value_built(ty, data)
    except DataFail as e:
        raise e.path_error() from None


def _value_built(ty: Type, data: object) -> Value:
    if ty.has_dynamic_types():
        return _value_of(*var_builder(ty)(data))
    return _value_of(_result_type(ty), fixed_builder(ty)(data))


def _many_items(data: object) -> bool:
    c = data.__class__
    return (c is list or c is dict or c is tuple or c is set or c is frozenset) \
        and len(data) >= LARGE_ITEMS  # type: ignore[arg-type]


def _value_of(t: Type, p: Any) -> Value:
    if p.__class__ is Marked:
        return make(t, p.v, p.marks)
    return make(t, p)


def _required(what: str, x: object) -> DataFail:
    return DataFail(f"{what} is required, not {_kind(x)}", x)


def _kind(x: object) -> str:
    if isinstance(x, Value):
        return f"a cty value of type {x.type().friendly_name()}"
    if x is None:
        return "None"
    return type(x).__qualname__


# --- planning -----------------------------------------------------------------------------------

_result_types: PerType[Type] = PerType("from_python result types")


def _result_type(ty: Type) -> Type:
    found = _result_types.get(ty)
    if found is None:
        found = _result_types.setdefault(ty, ty.without_optional_attributes_deep())
    return found


def _plan_fixed(ty: Type) -> Builder:
    if ty is String:
        return _string
    if ty is Number:
        return _number_payload
    if ty is Bool:
        return _bool
    if ty.is_list_type():
        return _list(ty, ty.element_type())
    if ty.is_set_type():
        return _set(ty, ty.element_type())
    if ty.is_map_type():
        return _map(ty, ty.element_type())
    if ty.is_object_type():
        return _object(ty)
    if ty.is_tuple_type():
        return _tuple(ty)
    if ty.is_capsule_type():
        return _capsule(ty)
    raise AssertionError(f"no builder for {ty!r}")  # pragma: no cover


fixed_builder: Final = per_type_planner(
    _plan_fixed, "from_python builders", "fixed_builder",
    """Return the builder of payloads of *ty*, a type without ``any`` (planned once).""")


# --- values passing through ---------------------------------------------------------------------

_seen: Final[ContextVar[int]] = ContextVar("cty_from_python_seen", default=0)
"""How many cty values holding (or able to hold) marks have passed through in this context: a
set's builder that sees the count move takes the marks off its elements. (A context variable,
not a thread-local: cty._deep may build a deep value's elements on helper threads, which run
in copies of the caller's context and hand their changes back.)"""


def _value(v: Value, want: Type) -> tuple[Type, Any]:
    """Return the type and nested payload (marks as Marked) of the value *v* given where a
    value of *want* is wanted, or raise DataFail."""
    t = v._ty
    result = _result_type(want)
    if t is not result and t != result:
        if t is DynamicPseudoType and (v._v is None or v._v.__class__ is Unknown):
            t = result
        elif want is DynamicPseudoType or (want.has_dynamic_types()
                                           and not test_conformance(t, result)):
            pass
        else:
            raise DataFail(f"a value of type {result.friendly_name()} is required, not a cty "
                        f"value of type {t.friendly_name()} (cty.convert converts values)", v)
    if v._marks or not t.is_primitive_type():
        _seen.set(_seen.get() + 1)
    p = v._v
    return t, (Marked(p, v._marks) if v._marks else p)


def _fixed_value(ty: Type) -> Callable[[Value], Any]:
    def from_value(v: Value) -> Any:
        return _value(v, ty)[1]
    return from_value


# --- primitives ---------------------------------------------------------------------------------

def _string(x: Any) -> Any:
    if x.__class__ is str:
        return x if x.isascii() else normalize_string(x)
    if x is None:
        return None
    if isinstance(x, str):
        return normalize_string(str.__str__(x))
    if x.__class__ is Value:
        return _value(x, String)[1]
    raise _required("a string", x)


def _number_payload(x: Any) -> Any:
    c = x.__class__
    if c is int:
        return x
    try:
        if c is float:
            return _number.from_float(x)
        if x is None:
            return None
        if c is Value:
            return _value(x, Number)[1]
        if isinstance(x, bool):
            raise _required("a number", x)
        if isinstance(x, numbers.Integral):
            return int(x)
        if isinstance(x, float):
            return _number.from_float(float(x))
        if isinstance(x, Decimal):
            return _number.from_decimal(x)
        if isinstance(x, Fraction):
            return _number.from_fraction(x)
        if _number.is_mpfr(x):
            return _number.from_mpfr(x)
        if isinstance(x, numbers.Rational):
            return _number.from_fraction(Fraction(int(x.numerator), int(x.denominator)))
        if isinstance(x, numbers.Real):
            return _number.from_float(float(x))
    except CtyError as e:  # NaN
        raise DataFail(str(e), x) from None
    raise _required("a number", x)


def _bool(x: Any) -> Any:
    if x is True or x is False or x is None:
        return x
    if x.__class__ is Value:
        return _value(x, Bool)[1]
    raise _required("a bool", x)


# --- collections --------------------------------------------------------------------------------

def _sequence(x: Any) -> bool:
    """Return whether *x* is a sequence that may stand for a list or tuple."""
    return isinstance(x, Sequence) and not isinstance(x, str | bytes | bytearray | memoryview)


def _ascii_strs(x: Any) -> bool:
    """Return whether every element of *x* is an ASCII str (exactly str, no subclass)."""
    try:
        return "".join(x).isascii() and _PLAIN_STR.issuperset(map(type, x))
    except TypeError:
        return False


_as_str: Final = str.__str__
"""str.__str__(s): s itself for a str, its text as a plain str for a str subclass (a StrEnum
member, say), TypeError for anything else: checks and converts a string at C speed."""


def _ascii_str_tuple(x: Any) -> tuple[str, ...] | None:
    """Return the elements of *x* as a tuple of plain str when all are ASCII strings, else
    None."""
    try:
        t = tuple(map(_as_str, x))
    except TypeError:
        return None
    return t if "".join(t).isascii() else None


def _elements(f: Builder, x: Any) -> list[Any]:
    """Return the payloads *f* builds from the elements of *x*, or raise DataFail at the index of
    the failing element."""
    try:
        return list(map(f, x))
    except DataFail as e:
        i = index_of(x, e.node)
        if i is None:  # pragma: no cover (every builder records the node it failed on)
            raise
        raise e.at_node("index", i, x) from None


def _list(ty: Type, ety: Type) -> Builder:
    f = fixed_builder(ety)
    strings = ety is String
    from_value = _fixed_value(ty)

    def build(x: Any) -> Any:
        c = x.__class__
        if c is not list and c is not tuple:
            if x is None:
                return None
            if c is Value:
                return from_value(x)
            if not _sequence(x) or isinstance(x, Mapping):
                raise _required("a list", x)
            x = list(x)
        if strings:
            t = _ascii_str_tuple(x)
            if t is not None:
                return t
        return tuple(_elements(f, x))

    return build


def _set(ty: Type, ety: Type) -> Builder:
    f = fixed_builder(ety)
    strings = ety is String
    numbers = ety is Number
    from_value = _fixed_value(ty)

    def build(x: Any) -> Any:
        c = x.__class__
        if c is not set and c is not frozenset and c is not list and c is not tuple:
            if x is None:
                return None
            if c is Value:
                return from_value(x)
            if not (_sequence(x) or isinstance(x, AbstractSet)) or isinstance(x, Mapping):
                raise _required("a set", x)
        if not x:
            return EMPTY_SET
        if strings:
            if (c is set or c is frozenset) and _PLAIN_STR.issuperset(map(type, x)) \
                    and "".join(x).isascii():
                # distinct ASCII strings, which NFC leaves as they are: only ordering is left
                return SetPayload(tuple(sorted(x)))
            t = _ascii_str_tuple(x)
            if t is not None:
                return SetPayload(tuple(sorted(set(t))))
        elif numbers and _NUMBER_KINDS.issuperset(map(type, x)):
            # Python's ints and floats compare by exact value, as go-cty's numbers do, and a
            # Python set keeps the first of equal numbers, as go-cty's set does: the set of
            # them, sorted, is the payload. Not so for zeros: go-cty keeps 0 and -0 apart
            # (their set keys differ), Python makes them one, so a list or tuple holding
            # zeros of both signs takes the general path. (A NaN: the general path says what
            # is wrong.)
            distinct = x if c is set or c is frozenset else set(x)
            if distinct is x or 0 not in distinct or _zeros_of_one_sign(x):
                with contextlib.suppress(ValueError):
                    return SetPayload(tuple(_number.from_ints_and_floats(sorted(distinct))))
        seen = _seen.get()
        payloads = _set_elements(f, x)
        return _set_payload(ety, payloads, seen)

    return build


def _zeros_of_one_sign(x: Any) -> bool:
    """Return whether the ints and floats *x* holds no zeros of both signs."""
    if (x.__class__ is list or x.__class__ is tuple) and x.count(0) == 1:
        return True
    return len({math.copysign(1.0, z) for z in x if z == 0}) <= 1


_NUMBER_KINDS: Final = frozenset((int, float))
_PLAIN_STR: Final = frozenset((str,))


def _set_elements(f: Builder, x: Any) -> list[Any]:
    """Return the payloads of a set's elements; a failing element adds no step, as in gocty
    (a set's elements have no index)."""
    try:
        return list(map(f, x))
    except DataFail as e:
        e.node = x
        raise


def _set_payload(ety: Type, payloads: list[Any], seen: int) -> Any:
    """Return the payload of a set of *payloads*; when cty values passed through while they
    were built (*seen* moved), their marks move onto the set, as go-cty's SetVal does."""
    if _seen.get() == seen:
        return build_set_payload(ety, payloads)
    marks: frozenset[Any] = frozenset()
    bare = []
    for p in payloads:
        v, m = unmark_deep(wrap(ety, p))
        marks |= m
        bare.append(v._v)
    s = build_set_payload(ety, bare)
    return Marked(s, marks) if marks else s


def _map_items(x: Any) -> dict[str, Any]:
    """Return the entries of a Mapping under NFC-normalised keys, or raise DataFail."""
    items: dict[str, Any] = {}
    for k, v in x.items():
        if k.__class__ is str and k.isascii():
            nk = k
        elif isinstance(k, str):
            nk = normalize_string(str.__str__(k))
        else:
            raise DataFail(f"keys must be strings, not {_kind(k)}", x)
        if nk in items:
            raise DataFail(f"two keys are equal after NFC normalisation ({nk!r})", x)
        items[nk] = v
    return items


def _map(ty: Type, ety: Type) -> Builder:
    f = fixed_builder(ety)
    strings = ety is String
    from_value = _fixed_value(ty)

    def build(x: Any) -> Any:
        if x.__class__ is dict and _ascii_strs(x):
            items = x
        elif x is None:
            return None
        elif x.__class__ is Value:
            return from_value(x)
        elif isinstance(x, Mapping):
            items = _map_items(x)
        else:
            raise _required("a map", x)
        keys = sorted(items)
        if strings and _ascii_strs(items.values()):
            return {k: items[k] for k in keys}
        out = {}
        for k in keys:
            try:
                out[k] = f(items[k])
            except DataFail as e:
                raise e.at_node("key", k, x) from None
        return out

    return build


# --- structures ---------------------------------------------------------------------------------

def _fields(x: Any) -> dict[str, Any] | None:
    """Return the attributes an object-like *x* gives (a Mapping, a dataclass instance, a
    NamedTuple, a msgspec Struct), or None for anything else."""
    if isinstance(x, Mapping):
        return _map_items(x)
    fields = record_fields(type(x))  # (renamed fields by the attributes they stand for)
    if fields is None:
        return None
    return {attribute: getattr(x, field) for field, attribute in fields}


def _object_items(ty: Type, x: Any) -> dict[str, Any]:
    """Return the attributes *x* gives for the object type *ty*, every one of them checked
    present or optional and none extra, or raise DataFail."""
    items = _fields(x)
    if items is None:
        raise _required("an object", x)
    attrs = ty.attribute_types()
    for k in items:
        if k not in attrs:
            raise DataFail(f'unsupported attribute "{k}"', x)
    for k in attrs:
        if k not in items and not ty.attribute_optional(k):
            raise DataFail(f'attribute "{k}" is required', x)
    return items


def _object(ty: Type) -> Builder:
    attrs = ty.attribute_types()
    builders = [(k, fixed_builder(t)) for k, t in attrs.items()]
    from_value = _fixed_value(ty)

    def slow(x: Any) -> Any:
        if x is None:
            return None
        if x.__class__ is Value:
            return from_value(x)
        items = _object_items(ty, x)
        out = {}
        for k, f in builders:
            try:
                out[k] = f(items[k]) if k in items else None
            except DataFail as e:
                raise e.at_node("attr", k, x) from None
        return out

    if not attrs or not worth_generating(len(attrs)):
        return slow
    return _object_builder([(k, attrs[k], f) for k, f in builders], slow)


def _object_builder(attrs: list[tuple[str, Type, Builder]], slow: Builder) -> Builder:
    """Return a builder written for the attributes *attrs* (name, type, builder, by name) of a
    dict holding exactly them; anything else goes to *slow*.

    The string attributes are taken together when they all are ASCII str (one join and one
    isascii()), and numbers, bools, maps and sets of strings inline when they are the usual
    (see _KEEP); the rest call their builders. A failing builder adds the attribute's step.
    """
    # the shape: for each attribute, its type where _KEEP (or the strings' join) takes it in
    # place, else None (a call)
    shape = tuple(t if t is String or t in _KEEP else None for _, t, _ in attrs)
    bound: dict[str, object] = {
        "slow": slow, "Fail": DataFail, "ALL_STR": _PLAIN_STR.issuperset,
        "float53": _number.remembered_float,
        "SetPayload": SetPayload, "as_str": _as_str, "JOIN": "".join, "ATTR": "attr",
        "names": [name for name, _, _ in attrs]}
    for i, (name, _, f) in enumerate(attrs):
        bound[f"k{i}"] = name
        bound[f"f{i}"] = f
    return function_of_shape("build", ("from_python object", *shape), bound,
                             lambda w: _write_object_builder(w, shape))


def _write_object_builder(w: SourceWriter, shape: tuple[Type | None, ...]) -> None:
    """Write _object_builder's function for attributes of the types *shape* gives (None: any
    other; their names and builders bound as ``k0, f0, k1, f1, ...``)."""
    keys = [code("k{i}", i=i) for i in range(len(shape))]
    w.read_exact_dict(keys)
    w.add("    at = 0\n    try:\n")
    strs = [i for i, t in enumerate(shape) if t is String]
    if strs:
        classes = join([code("v{i}.__class__ is str", i=i) for i in strs], " and ")
        joined = join([code("v{i},", i=i) for i in strs], " ")
        w.add("        if not ({classes} and JOIN(({joined})).isascii()):\n",
              classes=classes, joined=joined)
        for i in strs:
            w.add("            at = {i}\n            v{i} = f{i}(v{i})\n", i=i)
    for i, t in enumerate(shape):
        if t is not String:
            w.add(code(_CALL if t is None else _KEEP[t], i=i).indented())
    w.add("    except Fail as e:\n        raise e.at_node(ATTR, names[at], x) from None\n")
    body = join([code("{k}: v{i}", k=k, i=i) for i, k in enumerate(keys)])
    w.add("    return {{{body}}}\n", body=body)


_CALL: Final = "    at = {i}\n    v{i} = f{i}(v{i})\n"
_KEEP: Final = {
    # an int as it is, a float as a 53-bit number (recent ones remembered)
    Number: "    if v{i}.__class__ is not int:\n"
            "        n = float53(v{i}) if v{i}.__class__ is float else None\n"
            "        if n is None:\n            at = {i}\n            v{i} = f{i}(v{i})\n"
            "        else:\n            v{i} = n\n",
    Bool: "    if v{i} is not True and v{i} is not False:\n"
          "        at = {i}\n        v{i} = f{i}(v{i})\n",
    # a dict of ASCII str keys and values, sorted by key
    # (keys and values in one tuple: one join, one pass over their classes)
    Map(String): "    kv = (*v{i}, *v{i}.values()) if v{i}.__class__ is dict else None\n"
                 "    try:\n"
                 "        ok = kv is not None and JOIN(kv).isascii() and ALL_STR(map(type, kv))\n"
                 "    except TypeError:\n        ok = False\n"
                 "    if ok:\n        v{i} = dict(sorted(v{i}.items()))\n"
                 "    else:\n        at = {i}\n        v{i} = f{i}(v{i})\n",
    # a set (or a list) of ASCII str, not empty
    Set(String): "    c = v{i}.__class__\n    t = None\n"
                 "    if (c is set or c is frozenset or c is list or c is tuple) and v{i}:\n"
                 "        try:\n"
                 "            t = tuple(sorted(map(as_str, v{i} if c is set or c is frozenset "
                 "else set(v{i}))))\n"
                 "        except TypeError:\n            pass\n"
                 "    if t is not None and JOIN(t).isascii():\n"
                 "        v{i} = SetPayload(t)\n"
                 "    else:\n        at = {i}\n        v{i} = f{i}(v{i})\n",
}
"""Inline code of the object builders for attributes of the usual types (see _object_builder);
the other types call their builders."""


def _tuple(ty: Type) -> Builder:
    builders = [fixed_builder(t) for t in ty.tuple_element_types()]
    n = len(builders)
    from_value = _fixed_value(ty)

    def build(x: Any) -> Any:
        c = x.__class__
        if c is not list and c is not tuple:
            if x is None:
                return None
            if c is Value:
                return from_value(x)
            if not _sequence(x) or isinstance(x, Mapping):
                raise _required("a tuple", x)
        if len(x) != n:
            raise DataFail(f"a tuple of {n} elements is required, not of {len(x)}", x)
        out = []
        for i, (f, item) in enumerate(zip(builders, x, strict=True)):
            try:
                out.append(f(item))
            except DataFail as e:
                raise e.at_node("index", i, x) from None
        return tuple(out)

    return build


def _capsule(ty: Type) -> Builder:
    native = ty.encapsulated_type()
    from_value = _fixed_value(ty)

    def build(x: Any) -> Any:
        if isinstance(x, native):
            return x
        if x is None:
            return None
        if x.__class__ is Value:
            return from_value(x)
        raise _required(f"a {ty.friendly_name()}", x)

    return build


# --- types with any in them ---------------------------------------------------------------------

class _PythonVar(VarFormat):
    """Python data's leaves of the shared variable-type plan (cty._var_plan): any Mapping,
    sequence or set, cty Values passing through, a set's marks taken off its elements, and
    errors worded as the Python API words them."""

    def var_decoder(self, ty: Type) -> VarBuilder:
        return var_builder(ty)

    def fixed_decoder(self, ty: Type) -> Builder | None:
        return None if ty.has_dynamic_types() else fixed_builder(ty)

    def dynamic(self, x: Any) -> tuple[Type, Any]:
        return _dynamic(x)

    def other(self, ty: Type, x: Any, kind: str) -> tuple[Type, Any]:
        if x is None:
            return _result_type(ty), None
        if x.__class__ is Value:
            return _value(x, ty)
        raise _required(("an " if kind == "object" else "a ") + kind, x)

    def mixed(self, kind: str, found: Type, t: Type, i: int, x: Any) -> DataFail:
        return DataFail(f"the elements of a {kind} must all be of one type, not "
                        f"{found.friendly_name()} and then {t.friendly_name()} (element {i}; "
                        "cty.convert unifies them)", x)

    def open_map(self, f: VarBuilder, x: Any) -> dict[str, Any] | None:
        if not isinstance(x, Mapping):
            return None
        items = _map_items(x)
        return {k: items[k] for k in sorted(items)}

    def open_sequence(self, is_set: bool, x: Any) -> list[Any] | None:
        if x is None or x.__class__ is Value or isinstance(x, Mapping):
            return None
        if not (_sequence(x) or (is_set and isinstance(x, AbstractSet))):
            return None
        return x if x.__class__ is list else list(x)

    def open_object(self, ty: Type, decoders: dict[str, VarBuilder], x: Any
                    ) -> dict[str, Any] | None:
        if x is None or x.__class__ is Value:
            return None
        return _object_items(ty, x)

    def open_tuple(self, n: int, x: Any) -> list[Any] | None:
        if x is None or x.__class__ is Value:
            return None
        if not _sequence(x) or isinstance(x, Mapping):
            raise _required("a tuple", x)
        if len(x) != n:
            raise DataFail(f"a tuple of {n} elements is required, not of {len(x)}", x)
        return x  # type: ignore[no-any-return]

    def result_type(self, ty: Type) -> Type:
        return _result_type(ty)

    def sequence_step(self, ty: Type) -> Callable[[int], PathStep] | None:
        # a set's elements have no index: a failing one adds no step, as in go-cty
        return None if ty.is_set_type() else index_step

    def set_start(self) -> int:
        return _seen.get()

    def set_payload(self, et: Type, payloads: list[Any], start: Any) -> Any:
        return _set_payload(et, payloads, start)


_VAR: Final = _PythonVar()


def _plan_var(ty: Type) -> VarBuilder:
    return plan_var(ty, _VAR)


def _build(ty: Type, x: Any) -> tuple[Type, Any]:
    """Return the type and payload of *x* built as *ty* (any type)."""
    if ty.has_dynamic_types():
        return var_builder(ty)(x)
    return _result_type(ty), fixed_builder(ty)(x)


def _dynamic(x: Any) -> tuple[Type, Any]:
    if x is None:
        return DynamicPseudoType, None
    if x.__class__ is Value:
        return _value(x, DynamicPseudoType)
    try:
        ty = implied_type(x)
    except ImpliedTypeError as e:
        fail = DataFail(e.reason, x)
        # (innermost first, as the walk adds them)
        fail.steps.extend(step_of(kind, key) for kind, key in reversed(e.steps))
        raise fail from None
    except CtyError as e:
        raise DataFail(str(e), x) from None
    return _build(ty, x)


var_builder: Final = per_type_planner(
    _plan_var, "from_python builders with any", "var_builder",
    """Return the builder of types and payloads for *ty*, which has ``any`` in it.""")
