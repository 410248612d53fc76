"""gob's msgpack to payloads: msgspec reads the bytes, a planned decoder per type checks them.

msgspec.msgpack.decode gives plain objects (None, bool, int, float, str, bytes, list, dict,
Ext); the decoder planned for the slot's type checks every one of them and builds the payload
(docs/design/payloads.md) in one pass. A decoder raises Fail; each container on the way out adds
its step, so the DecodeError says where in the value the problem is.

Every slot may hold nil (null), the unknown extension, or a marked slot ``[tag, marks,
payload]``; set elements never hold marks, so their decoders are planned with marks refused.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Final, TypeAlias

import msgspec
from msgspec.msgpack import Ext

import cty
from cty import PathStep, Type, Value, limits
from cty._internal import (
    EMPTY_SET,
    Marked,
    SetPayload,
    build_set_payload,
    deep,
    in_deep_thread,
    is_normal_string,
    make,
    per_type_planner,
)

from . import _gob_registry as registry
from ._errors import Fail
from ._failure_memo import forget_failures, remember_failures, worth_remembering
from ._gob_codegen import Kind, can_generate, object_decoder
from ._gob_opaque import OpaqueCapsule, opaque_name
from ._gob_scalar import (
    EXT_MARKED,
    EXT_NUMBER,
    EXT_UNKNOWN,
    marks_from_wire,
    number_from_ext,
    number_from_float,
    set_budget,
    unknown_from_ext,
)
from ._msgpack_reader import ReaderError, read

Dec: TypeAlias = Callable[[Any], Any]
"""A slot decoder: a decoded msgspec object -> payload (raises Fail)."""

_msgspec_decode: Final = msgspec.msgpack.decode
_lt: Final = operator.lt
_is: Final = operator.is_


def describe(x: Any) -> str:
    """Return the msgpack kind of a decoded object, for messages."""
    c = x.__class__
    if x is None:
        return "nil"
    if c is bool:
        return "a bool"
    if c is int:
        return "an integer"
    if c is float:
        return "a float"
    if c is str:
        return "a string"
    if c is bytes:
        return "binary data"
    if c is list:
        return f"an array of {len(x)}"
    if c is dict:
        return "a map"
    if c is Ext:
        return f"extension {x.code}"
    name: str = c.__name__
    return name


def _is_marked(x: Any) -> bool:
    return bool(x) and x[0].__class__ is Ext and x[0].code == EXT_MARKED


def _tail(x: Any, slot: Dec, marks_ok: bool, what: str) -> Any:
    """Decode what every slot may hold besides a known payload: nil, unknown, marked."""
    if x is None:
        return None
    c = x.__class__
    if c is Ext:
        if x.code == EXT_UNKNOWN:
            return unknown_from_ext(x.data)
        raise Fail(f"expected {what}, found extension {x.code}")
    if c is list and _is_marked(x):
        if not marks_ok:
            raise Fail("a set element (or anything inside one) cannot be marked")
        if len(x) != 3 or x[0].data:
            raise Fail("a marked value is an array [mark tag, marks, payload]")
        marks = marks_from_wire(x[1])
        inner = x[2]
        if inner.__class__ is list and _is_marked(inner):
            raise Fail("a marked value cannot be marked again")
        return Marked(slot(inner), marks)
    raise Fail(f"expected {what}, found {describe(x)}")


def _nfc(s: str) -> str:
    if is_normal_string(s):
        return s
    raise Fail(f"string {s!r} is not in Unicode normal form C")


def _all_ascii_str(x: list[Any]) -> bool:
    """Return whether *x* holds only str, all of them ASCII (so all NFC)."""
    try:
        return "".join(x).isascii()
    except TypeError:
        return False


def _locate(x: Any, decs: Any, steps: Callable[[int], PathStep | None]) -> Fail:
    """Return the Fail of the first item of *x* that fails, with its step recorded.

    *decs* is one decoder for all items, or a sequence of one per item.
    """
    for i, e in enumerate(x):
        d = decs if callable(decs) else decs[i]
        try:
            d(e)
        except Fail as f:
            step = steps(i)
            return f.at(step) if step is not None else f
    return Fail("inconsistent failure")  # pragma: no cover - decoders are deterministic


def _index(i: int) -> PathStep:
    return cty.IndexStep(cty.number_int_val(i))


_KINDS: Final[dict[Type, Kind]] = {cty.String: "str", cty.Number: "num", cty.Bool: "bool",
                                    cty.Map(cty.String): "mapstr", cty.Set(cty.String): "setstr"}

def _remembering(ty: Type, d: Dec) -> Dec:
    return remember_failures(d) if worth_remembering(ty) else d


_planners: Final = (
    per_type_planner(lambda ty: _plan(ty, False), "gob decoders refusing marks", "plan",
                     "The slot decoder of a type, refusing marks.", _remembering),
    per_type_planner(lambda ty: _plan(ty, True), "gob decoders", "plan",
                     "The slot decoder of a type.", _remembering))


def plan(ty: Type, marks_ok: bool = True) -> Dec:
    """Return the slot decoder of type *ty* (refusing marks when *marks_ok* is false)."""
    return _planners[marks_ok](ty)


def _plan(ty: Type, marks_ok: bool) -> Dec:
    if ty is cty.String:
        def string(x: Any) -> Any:
            if x.__class__ is str:
                if is_normal_string(x):
                    return x
                raise Fail(f"string {x!r} is not in Unicode normal form C")
            return _tail(x, string, marks_ok, "a string")
        return string
    if ty is cty.Number:
        def number(x: Any) -> Any:
            c = x.__class__
            if c is int:
                return x
            if c is float:
                return number_from_float(x)
            if c is Ext and x.code == EXT_NUMBER:
                return number_from_ext(x.data)
            return _tail(x, number, marks_ok, "a number")
        return number
    if ty is cty.Bool:
        def boolean(x: Any) -> Any:
            if x is True or x is False:
                return x
            return _tail(x, boolean, marks_ok, "a bool")
        return boolean
    if ty.is_dynamic_pseudo_type():
        def dynamic(x: Any) -> Any:
            return _tail(x, dynamic, marks_ok, "null or unknown (the type is dynamic)")
        return dynamic
    if ty.is_capsule_type():
        return _plan_capsule(ty, marks_ok)
    if ty.is_object_type():
        return _plan_container(ty, marks_ok)
    known = _plan_container(ty, marks_ok)
    kind = ("list" if ty.is_list_type() else "set" if ty.is_set_type() else
            "map" if ty.is_map_type() else "tuple")
    what = f"an array (the {kind})"

    def container(x: Any) -> Any:
        if x.__class__ is list and not (x and x[0].__class__ is Ext and x[0].code == EXT_MARKED):
            return known(x)
        return _tail(x, container, marks_ok, what)
    return container


def _plan_capsule(ty: Type, marks_ok: bool) -> Dec:
    native = ty.encapsulated_type()
    opaque = opaque_name(ty)
    if opaque is not None:
        def opaque_capsule(x: Any) -> Any:
            if x.__class__ is not bytes:
                return _tail(x, opaque_capsule, marks_ok, "binary data (a capsule)")
            return OpaqueCapsule(opaque, x)
        return opaque_capsule

    def capsule(x: Any) -> Any:
        if x.__class__ is not bytes:
            return _tail(x, capsule, marks_ok, "binary data (a capsule)")
        codec = registry.capsules_by_type.get(ty)
        if codec is None:
            raise Fail(f"no gob codec is registered for capsule type {ty!r}")
        try:
            p = codec.decode(x)
        except Exception as e:
            raise Fail(f"capsule codec {codec.name!r} failed: {e!r}") from e
        if not isinstance(p, native):
            raise Fail(f"capsule codec {codec.name!r} returned {type(p).__name__}, "
                       f"not {native.__qualname__}")
        return p
    return capsule


def _plan_container(ty: Type, marks_ok: bool) -> Dec:
    if ty.is_list_type():
        ety = ty.element_type()
        de = plan(ety, marks_ok)
        strings = ety is cty.String

        def list_(x: list[Any]) -> Any:
            if strings and _all_ascii_str(x):
                return tuple(x)
            try:
                return tuple([de(e) for e in x])
            except Fail:
                raise _locate(x, de, _index) from None
        return list_
    if ty.is_set_type():
        ety = ty.element_type()
        ds = plan(ety, False)
        strings = ety is cty.String

        def set_(x: list[Any]) -> Any:
            if strings and _all_ascii_str(x) and all(map(_lt, x, x[1:])):
                return SetPayload(tuple(x)) if x else EMPTY_SET
            try:
                elems = [ds(e) for e in x]
            except Fail:
                for i, e in enumerate(x):
                    try:
                        ds(e)
                    except Fail as f:
                        # a set element has no index in a cty path: say where in words
                        inner = cty.Path(reversed(f.steps)).format()
                        f.message = f"set element {i}{' at ' + inner if inner else ''}: " \
                                    f"{f.message}"
                        f.steps.clear()
                        raise f from None
                raise  # pragma: no cover - decoders are deterministic
            sp = build_set_payload(ety, elems)
            if len(sp.elems) != len(elems) or not all(map(_is, sp.elems, elems)):
                raise Fail("set elements are duplicated or not in set order")
            return sp
        return set_
    if ty.is_map_type():
        dm = plan(ty.element_type(), marks_ok)
        strings = ty.element_type() is cty.String

        def map_(x: list[Any]) -> Any:
            if len(x) != 2:
                raise Fail("a map is an array [keys, values]")
            ks, vs = x
            if ks.__class__ is not list or vs.__class__ is not list or len(ks) != len(vs):
                raise Fail("a map is an array [keys, values] of two arrays of the same length")
            if not _all_ascii_str(ks):
                for k in ks:
                    if k.__class__ is not str:
                        raise Fail(f"map keys are strings, not {describe(k)}")
                    _nfc(k)
            if not all(map(_lt, ks, ks[1:])):
                raise Fail("map keys must be unique and sorted")
            if strings and _all_ascii_str(vs):
                return dict(zip(ks, vs, strict=True))
            try:
                return dict(zip(ks, [dm(e) for e in vs], strict=True))
            except Fail:
                raise _locate(vs, dm, lambda i: cty.IndexStep(cty.string_val(ks[i]))) from None
        return map_
    if ty.is_object_type():
        names = tuple(ty.attribute_types())
        decs = tuple(plan(t, marks_ok) for t in ty.attribute_types().values())
        kinds: list[Kind] = [_KINDS.get(t, "call") for t in ty.attribute_types().values()]

        def locate(x: list[Any]) -> Fail:
            return _locate(x, decs, lambda i: cty.GetAttrStep(names[i]))

        def tail(x: Any) -> Any:
            return _tail(x, obj, marks_ok, "an array (the object)")

        if can_generate(len(names)):
            obj = object_decoder(names, kinds, decs, tail, locate)
            return obj
        n = len(names)

        def obj(x: Any) -> Any:
            if x.__class__ is not list or _is_marked(x):
                return tail(x)
            if len(x) != n:
                raise Fail(f"an object of {n} attributes is an array of {n} values, "
                           f"not {len(x)}")
            try:
                return dict(zip(names, [d(e) for d, e in zip(decs, x, strict=True)],
                                strict=True))
            except Fail:
                raise locate(x) from None
        return obj
    if ty.is_tuple_type():
        tdecs = tuple(plan(t, marks_ok) for t in ty.tuple_element_types())
        tn = len(tdecs)

        def tuple_(x: list[Any]) -> Any:
            if len(x) != tn:
                raise Fail(f"a tuple of {tn} elements is an array of {tn} values, not {len(x)}")
            try:
                return tuple([d(e) for d, e in zip(tdecs, x, strict=True)])
            except Fail:
                raise _locate(x, tdecs, _index) from None
        return tuple_
    raise Fail(f"gob cannot read values of type {ty!r}")


# --- entry point --------------------------------------------------------------------------------


def _decode(ty: Type, data: Any) -> Value:
    try:
        tree = _msgspec_decode(data)
    except RecursionError:
        if not in_deep_thread():
            raise
        tree = _read_deep(data)
    except (msgspec.DecodeError, ValueError, OverflowError) as e:
        raise Fail(f"malformed msgpack: {e}") from None
    p = plan(ty)(tree)
    if p.__class__ is Marked:
        return make(ty, p.v, p.marks)
    return make(ty, p)


def _read_deep(data: Any) -> Any:
    """Return the msgpack document *data* as msgspec would, for one nested deeper than msgspec
    may go on this thread (a chain of cty._deep): with the Python reader. (A level of a value
    takes up to three in gob's msgpack: a map's [keys, values], a marked value's array.)"""
    try:
        return read(bytes(data), 3 * limits().max_depth)
    except ReaderError as e:
        raise Fail(f"malformed msgpack: {e.message} (byte {e.offset})") from None


def decode_deep(ty: Type, data: Any, budget: int) -> Value:
    """Return the Value of type *ty* whose slot is the msgpack document *data*, on a helper
    thread with room for deep nesting (cty._deep). Raises Fail."""
    def again(t: Type, d: Any) -> Value:
        set_budget(budget)
        try:
            return _decode(t, d)
        except Fail:
            forget_failures()  # (this thread's entries: the helper thread ends here)
            raise

    try:
        return deep(again)(ty, data)
    except Fail:
        raise
    except (RecursionError, ValueError):  # cty._deep's limit: a ValueError naming it
        raise Fail(f"value nested too deeply (more than max_depth={limits().max_depth:,} "
                   f"levels of cty.set_limits)") from None
