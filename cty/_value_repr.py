"""Text forms of values: go-cty's GoString, and a Python repr that rebuilds the value."""

from __future__ import annotations

import importlib
from typing import Any, Final

from . import _number, _sensitive
from ._deep import deep, hop
from ._dynamic import DynamicPseudoType
from ._gostrconv import go_quote
from ._limits import LimitExceededError
from ._marks import Marked
from ._primitive_type import Bool, Number, String
from ._set_payload import SetPayload
from ._type import Type
from ._unknown import Unknown
from ._value import Value, make


def _go_mark(m: Any) -> str:
    if isinstance(m, str):
        return go_quote(m)
    if isinstance(m, bool):
        return "true" if m else "false"
    return repr(m)


def _sorted_marks(marks: frozenset[Any]) -> list[Any]:
    try:
        return sorted(marks)
    except TypeError:
        return sorted(marks, key=repr)


def _go_refinement(ty: Type, r: Any) -> str:
    """Return the Go calls that rebuild refinement *r* of an unknown of *ty* (go-cty's GoString:
    only what applies to the type's kind, and bounds that say something)."""
    if r is None:
        return ""
    parts = []
    if r.null is False:
        parts.append(".NotNull()")
    elif r.null is True:
        parts.append(".Null()")
    if ty is String and r.prefix:
        parts.append(f".StringPrefixFull({go_quote(r.prefix)})")
    if ty is Number:
        # (the builder keeps any bound but the infinity singletons, so repr shows them all)
        if r.min is not None and r.min is not _number.NEG_INF:
            parts.append(f".NumberLowerBound({_number.gostring(r.min)}, "
                         f"{'true' if r.min_inclusive else 'false'})")
        if r.max is not None and r.max is not _number.POS_INF:
            parts.append(f".NumberUpperBound({_number.gostring(r.max)}, "
                         f"{'true' if r.max_inclusive else 'false'})")
    if ty.is_collection_type():
        if r.length_min:
            parts.append(f".CollectionLengthLowerBound({r.length_min})")
        if r.length_max is not None and r.length_max != _MAX_INT:
            parts.append(f".CollectionLengthUpperBound({r.length_max})")
    if parts == [".NotNull()"]:
        return ".RefineNotNull()"
    return ".Refine()" + "".join(parts) + ".NewValue()"


_MAX_INT = (1 << 63) - 1


def _py_refinement(ty: Type, r: Any) -> str:
    """Return the refinement builder calls that rebuild refinement *r* of an unknown of *ty*
    (every bound shows, so different values print differently)."""
    if r is None:
        return ""
    if _go_refinement(ty, r) == ".RefineNotNull()":
        return ".refine_not_null()"
    py = ".refine()"
    if r.null is False:
        py += ".not_null()"
    elif r.null is True:
        py += ".null()"
    if ty is String and r.prefix:
        py += f".string_prefix_full({r.prefix!r})"
    if ty is Number:
        # (the builder keeps any bound but the infinity singletons, so repr shows them all)
        if r.min is not None and r.min is not _number.NEG_INF:
            py += f".number_range_lower_bound({_py_number(r.min)}, {bool(r.min_inclusive)})"
        if r.max is not None and r.max is not _number.POS_INF:
            py += f".number_range_upper_bound({_py_number(r.max)}, {bool(r.max_inclusive)})"
    if ty.is_collection_type():
        if r.length_min:
            py += f".collection_length_lower_bound({r.length_min})"
        if r.length_max is not None and r.length_max != _MAX_INT:
            py += f".collection_length_upper_bound({r.length_max})"
    return py + ".new_value()"


@deep
def go_string(v: Value) -> str:
    """Return go-cty's GoString of *v*."""
    if v._marks:
        bare = go_string(make(v._ty, v._v))
        marks = _sorted_marks(v._marks)
        if len(marks) == 1:
            return f"{bare}.Mark({_go_mark(marks[0])})"
        return f"{bare}.WithMarks(cty.NewValueMarks({', '.join(_go_mark(m) for m in marks)}))"
    ty = v._ty
    p = v._v
    if p is None:
        return f"cty.NullVal({ty.go_string()})"
    if p.__class__ is Unknown:
        if ty is DynamicPseudoType and p.refinement is None:
            return "cty.DynamicVal"
        return f"cty.UnknownVal({ty.go_string()}){_go_refinement(ty, p.refinement)}"
    if ty is Bool:
        return "cty.True" if p else "cty.False"
    if ty is Number:
        return _number.gostring(p)
    if ty is String:
        return f"cty.StringVal({go_quote(p)})"
    if ty.is_set_type() or ty.is_list_type():
        kind = "Set" if ty.is_set_type() else "List"
        elems = [go_string(e) for _, e in v.element_iterator()]
        if not elems:
            return f"cty.{kind}ValEmpty({ty.element_type().go_string()})"
        return f"cty.{kind}Val([]cty.Value{{{', '.join(elems)}}})"
    if ty.is_map_type():
        items = [f"{go_quote(k._v)}:{go_string(e)}" for k, e in v.element_iterator()]
        if not items:
            return f"cty.MapValEmpty({ty.element_type().go_string()})"
        return f"cty.MapVal(map[string]cty.Value{{{', '.join(items)}}})"
    if ty.is_tuple_type():
        if not p:
            return "cty.EmptyTupleVal"
        joined = ", ".join(go_string(e) for _, e in v.element_iterator())
        return f"cty.TupleVal([]cty.Value{{{joined}}})"
    if ty.is_object_type():
        if not p:
            return "cty.EmptyObjectVal"
        items = [f"{go_quote(k._v)}:{go_string(e)}" for k, e in v.element_iterator()]
        return f"cty.ObjectVal(map[string]cty.Value{{{', '.join(items)}}})"
    if ty.is_capsule_type():
        ops = ty.capsule_ops()
        if ops is not None and ops.go_string is not None:
            return str(ops.go_string(p))
        return f"cty.CapsuleVal({ty.go_string()}, {p!r})"
    return f"cty.Value{{ty: {ty.go_string()}, v: {p!r}}}"


_POSITIONAL_REPR = 64
"""repr writes 512-bit numbers with a decimal exponent below this in positional notation."""


_DECIMAL_REPR_BITS: Final = 14_000
"""Ints longer than this are written in hex (Python reads no decimal literal past 4,300 digits)."""


def _py_number(p: Any) -> str:
    if p is _number.POS_INF:
        return "cty.PositiveInfinity"
    if p is _number.NEG_INF:
        return "cty.NegativeInfinity"
    if p is _number.ZERO:
        return "cty.Zero"
    if p.__class__ is int:
        if p.bit_length() > _DECIMAL_REPR_BITS:  # past Python's int-to-str limit
            return f"cty.number_val({p:#x})"
        return f"cty.number_val({p})"
    prec = _number.precision(p)
    if prec == 512:
        # The shortest digits read back to the same 512-bit number in either notation; far
        # from 1 the exponent form keeps 1e400000000 from spelling 400 million digits.
        text = _number.format_g(p)
        _, e, exponent = text.partition("e")
        if not e or -_POSITIONAL_REPR < int(exponent) < _POSITIONAL_REPR:
            text = _number.format_f(p)
        return f"cty.parse_number_val({text!r})"
    if prec == 53:
        f = _number.float64_value(p)
        if f is not None:
            text = repr(f) if abs(f) != float("inf") else f"float({str(f)!r})"
            return f"cty.number_float_val({text})"
    try:
        text = _number.to_exact_text(p)
    except LimitExceededError:  # shortest digits that read back at this precision instead
        text = _number.format_g(p)
    return f"cty.number_val(gmpy2.mpfr({text!r}, {prec}))"


@deep
def value_repr(v: Value, redact: bool = True) -> str:
    """Return a Python expression that rebuilds *v* (with ``import cty``); a value carrying a
    registered sensitive mark (cty.register_sensitive_mark) is written ``<sensitive TYPE>``
    instead, with its marks, so that it is never printed in clear (unless *redact* is false:
    the library's tests use that; users unmark)."""
    if v._marks:
        if redact and v._marks & _sensitive.registered:
            bare = f"<sensitive {v._ty!r}>"
        else:
            bare = value_repr(make(v._ty, v._v), redact)
        marks = _sorted_marks(v._marks)
        if len(marks) == 1:
            return f"{bare}.mark({marks[0]!r})"
        return f"{bare}.with_marks(frozenset({{{', '.join(repr(m) for m in marks)}}}))"
    ty = v._ty
    p = v._v
    if p is None:
        return f"cty.null_val({ty!r})"
    if p.__class__ is Unknown:
        if ty is DynamicPseudoType and p.refinement is None:
            return "cty.DynamicVal"
        return f"cty.unknown_val({ty!r}){_py_refinement(ty, p.refinement)}"
    if ty is Bool:
        return "cty.True_" if p else "cty.False_"
    if ty is Number:
        if p.__class__ is not int and _number.is_inf(p):
            # (infinities of every precision are equal; a refinement's bound keeps its own,
            # as the singletons there mean "no bound")
            return "cty.PositiveInfinity" if _number.sign(p) > 0 else "cty.NegativeInfinity"
        return _py_number(p)
    if ty is String:
        return f"cty.string_val({p!r})"
    if ty.is_set_type() or ty.is_list_type():
        kind = "set" if ty.is_set_type() else "list"
        elems = [value_repr(e, redact) for _, e in v.element_iterator()]
        if not elems:
            return f"cty.{kind}_val_empty({ty.element_type()!r})"
        return f"cty.{kind}_val([{', '.join(elems)}])"
    if ty.is_map_type():
        items = [f"{k._v!r}: {value_repr(e, redact)}" for k, e in v.element_iterator()]
        if not items:
            return f"cty.map_val_empty({ty.element_type()!r})"
        return f"cty.map_val({{{', '.join(items)}}})"
    if ty.is_tuple_type():
        if not p:
            return "cty.EmptyTupleVal"
        elems = [value_repr(e, redact) for _, e in v.element_iterator()]
        return f"cty.tuple_val([{', '.join(elems)}])"
    if ty.is_object_type():
        if not p:
            return "cty.EmptyObjectVal"
        items = [f"{k._v!r}: {value_repr(e, redact)}" for k, e in v.element_iterator()]
        return f"cty.object_val({{{', '.join(items)}}})"
    return f"cty.capsule_val({ty!r}, {p!r})"


class _SingletonRef:
    """Stands for one of the number singletons in a pickle, which must come back by identity."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_SingletonRef, (self.name,))


_SINGLETONS = {"ZERO": _number.ZERO, "POS_INF": _number.POS_INF, "NEG_INF": _number.NEG_INF}
_REFS = {id(obj): _SingletonRef(name) for name, obj in _SINGLETONS.items()}


@hop  # (it recurses: any depth)
def _swap(p: Any, out: bool) -> Any:
    """Replace the number singletons by references (*out*) or back, throughout a payload."""
    c = p.__class__
    if c is tuple:
        return tuple([_swap(x, out) for x in p])
    if c is dict:
        return {k: _swap(x, out) for k, x in p.items()}
    if c is Marked:
        return Marked(_swap(p.v, out), p.marks)
    if c is SetPayload:
        return SetPayload(tuple([_swap(x, out) for x in p.elems]))
    if out:
        ref = _REFS.get(id(p))
        return p if ref is None or _SINGLETONS[ref.name] is not p else ref
    if c is _SingletonRef:
        return _SINGLETONS[p.name]
    return p


@deep
def _rebuild(ty: Any, p: Any, marks: frozenset[Any]) -> Value:
    return make(ty, _swap(p, False), marks)


def reduce_value(v: Value) -> tuple[Any, tuple[Any, ...]]:
    """Return the pickle reduction of *v*: its gob stream (cty.encoding.gob).

    Everything the value holds survives (types, unknowns and refinements, marks at any depth,
    number precision and singletons, set order). Raises cty.encoding.EncodeError for what gob
    cannot write: a capsule without a registered codec, a mark of an unregistered class.
    """
    # cty.encoding sits above the core and imports it, so the core cannot import it at import
    # time: it is found by name when a value is first pickled (the one reference up the layers)
    gob = importlib.import_module("cty.encoding.gob")
    return (gob._unpickle_value, (gob.dumps(v),))
