"""Values as Terraform's JSON documents write them, and read back.

Terraform writes a value that may hold unknowns and sensitive parts as up to three JSON
trees: the value's JSON with its unknowns left out (``after``: an unknown attribute or map
element is omitted, an unknown element of a sequence is ``null``, a wholly unknown value
leaves the property out); a tree of ``true`` where it is unknown (``after_unknown``); and a
tree of ``true`` where it is sensitive (``before_sensitive``, ``after_sensitive``, a state's
``sensitive_values``). In the two trees of ``true``, sequences are arrays of one entry per
element, objects and maps keep only entries that are not ``false``, and an unknown or empty
collection is ``[]`` or ``{}``.

``value_from_json`` puts the trees back together into one cty value of a given type (a
schema's implied type), unknown where the unknown tree says so at any depth, marked
``"sensitive"`` where the sensitive tree says so; where the type is ``cty.DynamicPseudoType``
the JSON implies it (objects, tuples, numbers, strings, bools, as go-cty's ``ImpliedType``).
``value_to_json`` writes a value as those three trees, byte for byte as Terraform does
(its ``omitUnknowns``, ``unknownAsBool`` and ``SensitiveAsBool`` over go-cty's JSON).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final, NamedTuple

import cty
from cty import Type, Value
from cty._internal import UNKNOWN, PerType, deep, go_json_string, make, payload
from cty.encoding import json as cty_json
from cty.encoding._json_decode import fixed_decoder
from cty.encoding._json_number import JNum

from ._document import kind, quote

__all__ = ["SENSITIVE", "ValueJSON", "ValueJSONError", "value_from_json", "value_to_json"]

SENSITIVE: Final = "sensitive"
"""Terraform's mark for sensitive values, which reading puts where a sensitive tree says."""

_Dynamic: Final = cty.DynamicPseudoType
_UNKNOWN_MAPPING: Final = cty.Map(_Dynamic)
"""The type of an unknown that the JSON says only is a map or an object."""
_UNKNOWN_SEQUENCE: Final = cty.List(_Dynamic)
"""The type of an unknown that the JSON says only is a list, a set or a tuple."""


class ValueJSONError(cty.CtyValueError):
    """JSON trees that do not make a value of the type wanted: ``path`` is where in the value
    (a ``cty.Path``), ``problem`` what is wrong there."""

    def __init__(self, path: cty.Path, problem: str) -> None:
        where = path.format()
        super().__init__(f"{where}: {problem}" if where else problem)
        self.path = path
        self.problem = problem


class ValueJSON(NamedTuple):
    """A value as Terraform writes it: its JSON without its unknowns (None where Terraform
    leaves the property out: the value is wholly unknown), the tree of its unknowns, and the
    tree of its sensitive parts (each UTF-8 JSON, written as Go's encoding/json does)."""

    value: bytes | None
    unknown: bytes
    sensitive: bytes


# --- reading -------------------------------------------------------------------------------


class _Misfit(Exception):
    """Internal: the JSON does not fit; steps are added on the way out (innermost first)."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.steps: list[cty.PathStep] = []


def value_from_json(value: Any, ty: Type = _Dynamic, /, *, unknown: Any = False,
                    sensitive: Any = False) -> Value:
    """Return the value of type *ty* that Terraform's JSON trees describe.

    *value* is the value's JSON as Python objects (None for ``null`` and for a property left
    out; numbers as ``int``, ``float``, or the number's text from cty.encoding's reader),
    *unknown* the tree of its unknowns (``after_unknown``), *sensitive* the tree of its
    sensitive parts; ``False`` (or a property left out) says none. Where *ty* is
    ``cty.DynamicPseudoType`` the JSON implies the type (objects, tuples, numbers, strings and
    bools; ``null`` and unknown dynamic).

    Raises ValueJSONError, with the path in the value, where the JSON does not fit *ty* or a
    tree is not shaped like the value.
    """
    try:
        return _build(value, ty, unknown, sensitive)
    except _Misfit as e:
        raise ValueJSONError(cty.Path(tuple(reversed(e.steps))), e.problem) from None


def _trivial(tree: Any) -> bool:
    """Whether the unknown or sensitive *tree* says nothing at its top (false, absent, [] or
    {})."""
    return tree is None or tree is False or (tree.__class__ in (dict, list) and not tree)


def _says_nothing(tree: Any) -> bool:
    """Whether the unknown or sensitive *tree* holds no ``true`` anywhere (false, absent, or
    arrays and objects of those): the value under it is known and not sensitive."""
    if tree is False or tree is None:
        return True
    if tree is True:
        return False
    todo = [tree]
    while todo:
        t = todo.pop()
        c = t.__class__
        if c is dict:
            todo.extend(t.values())
        elif c is list:
            todo.extend(t)
        elif t is not False and t is not None:
            return False  # (true; or what no tree holds, which the walk reports)
    return True


def _check_tree(tree: Any, shape: type, what: str) -> None:
    if not _trivial(tree) and tree.__class__ is not shape and tree is not True:
        raise _Misfit(f"the {what} tree has {kind(tree)} where the value has "
                      f"{'an array' if shape is list else 'an object'}")


@deep  # (values nest: any depth)
def _build(x: Any, ty: Type, u: Any, s: Any, fast: bool = True) -> Value:
    if s is True:
        return _build(x, ty, u, False, fast).mark(SENSITIVE)
    if u is True:
        if ty is _Dynamic and s.__class__ in (dict, list) and not s:
            # (the sensitive tree says what kind of collection it is: Terraform writes {} for
            # an unknown map or object, [] for an unknown list, set or tuple)
            return cty.unknown_val(_UNKNOWN_MAPPING if s.__class__ is dict
                                   else _UNKNOWN_SEQUENCE)
        return cty.DynamicVal if ty is _Dynamic else make(ty, UNKNOWN)
    if s is not False and s is not None and s.__class__ not in (dict, list):
        raise _Misfit(f"the sensitive tree has {kind(s)}: true, false, an array or an object"
                      " is wanted")
    if u is not False and u is not None and u.__class__ not in (dict, list):
        raise _Misfit(f"the unknown tree has {kind(u)}: true, false, an array or an object"
                      " is wanted")
    if ty is _Dynamic:
        return _implied(x, u, s, fast)
    if ty.is_object_type() and x is not None:
        return _object(x, ty, u, s, fast)  # (which decodes each plain attribute at once)
    if fast and _says_nothing(u) and _says_nothing(s) and not ty.has_dynamic_types():
        try:  # (the planned decoder of go-cty's JSON: no unknowns, no marks, no floats)
            return make(ty, fixed_decoder(ty)(x))
        except Exception as e:
            if _as_misfit(e) is None:
                raise
        return _build(x, ty, u, s, False)  # (for floats, and to say what does not fit)
    if x is None:
        return cty.null_val(ty)
    if ty.is_primitive_type():
        return _primitive(x, ty)
    if ty.is_map_type():
        return _map(x, ty.element_type(), u, s, fast)
    if ty.is_list_type() or ty.is_set_type() or ty.is_tuple_type():
        return _sequence(x, ty, u, s, fast)
    raise _Misfit(f"{ty.friendly_name()} has no JSON form")


def _primitive(x: Any, ty: Type) -> Value:
    try:
        return make(ty, fixed_decoder(ty)(_float_text(x) if x.__class__ is float else x))
    except Exception as e:
        fail = _as_misfit(e)
        if fail is None:
            raise
        raise fail from None


def _as_misfit(e: Exception) -> _Misfit | None:
    """The planned decoders' failure *e* (cty.encoding's Fail, which has the path) as ours."""
    path = getattr(e, "path", None)
    message = getattr(e, "message", None)
    if not callable(path) or not isinstance(message, str):
        return None
    fail = _Misfit(message)
    fail.steps = list(reversed(path()))
    return fail


def _object(x: Any, ty: Type, u: Any, s: Any, fast: bool) -> Value:
    if x.__class__ is not dict:
        raise _Misfit(f"an object is required, not {kind(x)}")
    _check_tree(u, dict, "unknown")
    _check_tree(s, dict, "sensitive")
    fields = _fields(ty)
    for name in x:
        if name not in fields:
            raise _Misfit(f"unsupported attribute {quote(name)}")
    u = u if u.__class__ is dict else {}
    s = s if s.__class__ is dict else {}
    payloads: dict[str, Any] = {}
    types: dict[str, Type] | None = None  # (made when an attribute's type is not the slot's)
    for name, (aty, dec) in fields.items():
        ua = u.get(name, False)
        sa = s.get(name, False)
        plain = sa is False or _says_nothing(sa)
        if ua is True and plain and aty is not _Dynamic:
            payloads[name] = UNKNOWN  # (unknown, not sensitive: the common computed one)
            continue
        if fast and dec is not None and plain and (ua is False or _says_nothing(ua)):
            try:  # (known, not sensitive: the planned decoder's payload, as it is)
                payloads[name] = dec(x.get(name))
                continue
            except Exception as e:
                if _as_misfit(e) is None:
                    raise
        try:
            value = _build(x.get(name), aty, ua, sa, fast and dec is None)
        except _Misfit as e:
            e.steps.append(cty.GetAttrStep(name))
            raise
        payloads[name] = payload(value)
        if value.type() is not aty and types is None:
            types = {n: t for n, (t, _) in fields.items()}
        if types is not None:
            types[name] = value.type()
    if not payloads:
        return cty.EmptyObjectVal
    return make(ty if types is None else cty.Object(types), payloads)


_FIELDS: Final[PerType[dict[str, tuple[Type, Any]]]] = PerType("cty.terraform._values.fields")


def _fields(ty: Type) -> dict[str, tuple[Type, Any]]:
    """An object type's attributes in order: each one's type, and its planned decoder (None
    where the type holds a dynamic one: the JSON implies that part's type)."""
    found = _FIELDS.get(ty)
    if found is None:
        found = {name: (aty, None if aty.has_dynamic_types() else fixed_decoder(aty))
                 for name, aty in sorted(ty.attribute_types().items())}
        found = _FIELDS.setdefault(ty, found)
    return found


def _map(x: Any, ety: Type, u: Any, s: Any, fast: bool) -> Value:
    if x.__class__ is not dict:
        raise _Misfit(f"an object is required, not {kind(x)}")
    elements = _entries(x, ety, u, s, fast, step=_key_step)
    return cty.map_val(elements) if elements else cty.map_val_empty(ety)


def _key_step(key: str) -> cty.PathStep:
    return cty.IndexStep(cty.string_val(key))


def _entries(x: dict[str, Any], ety: Type, u: Any, s: Any, fast: bool, *,
             step: Callable[[str], cty.PathStep]) -> dict[str, Value]:
    """The entries of a JSON object (and those its unknown tree adds: an unknown entry is left
    out of the JSON) as values of *ety*; *step* names an entry in an error's path."""
    _check_tree(u, dict, "unknown")
    _check_tree(s, dict, "sensitive")
    u = u if u.__class__ is dict else {}
    s = s if s.__class__ is dict else {}
    keys = list(x)
    keys += [k for k, v in u.items() if v is True and k not in x]
    out = {}
    for k in keys:
        try:
            out[k] = _build(x.get(k), ety, u.get(k, False), s.get(k, False), fast)
        except _Misfit as e:
            e.steps.append(step(k))
            raise
    return out


def _items(x: list[Any], types: Sequence[Type], u: Any, s: Any, fast: bool) -> list[Value]:
    """The elements of a JSON array as values of *types* (one for each)."""
    _check_tree(u, list, "unknown")
    _check_tree(s, list, "sensitive")
    u = u if u.__class__ is list else ()
    s = s if s.__class__ is list else ()
    out = []
    for i, (e, ety) in enumerate(zip(x, types, strict=True)):
        try:
            out.append(_build(e, ety, u[i] if i < len(u) else False,
                              s[i] if i < len(s) else False, fast))
        except _Misfit as f:
            f.steps.append(cty.IndexStep(cty.number_int_val(i)))
            raise
    return out


def _sequence(x: Any, ty: Type, u: Any, s: Any, fast: bool) -> Value:
    if x.__class__ is not list:
        raise _Misfit(f"an array is required, not {kind(x)}")
    if ty.is_tuple_type():
        types = ty.tuple_element_types()
        if len(types) != len(x):
            raise _Misfit(f"an array of {len(types)} elements is required, not {len(x)}")
        elements = _items(x, types, u, s, fast)
        return cty.tuple_val(elements) if elements else cty.EmptyTupleVal
    ety = ty.element_type()
    elements = _items(x, (ety,) * len(x), u, s, fast)
    if ty.is_list_type():
        return cty.list_val(elements) if elements else cty.list_val_empty(ety)
    return cty.set_val(elements) if elements else cty.set_val_empty(ety)


def _implied(x: Any, u: Any, s: Any, fast: bool) -> Value:
    c = x.__class__
    if x is None:
        return cty.null_val(_Dynamic)
    if c is bool:
        return cty.bool_val(x)
    if c is str:
        return _primitive(x, cty.String)
    if c is dict:
        attrs = _entries(x, _Dynamic, u, s, fast, step=cty.GetAttrStep)
        return cty.object_val(attrs) if attrs else cty.EmptyObjectVal
    if c is list:
        elements = _items(x, (_Dynamic,) * len(x), u, s, fast)
        return cty.tuple_val(elements) if elements else cty.EmptyTupleVal
    if c is int or c is float or c is JNum:
        return _primitive(x, cty.Number)
    raise _Misfit(f"{type(x).__name__} is not a JSON value")


def _float_text(f: float) -> JNum:
    """A float from Python's json reader, as the shortest text that reads back as it (the
    text it was read from, for numbers of up to 17 digits)."""
    if not math.isfinite(f):
        raise _Misfit(f"{f!r} is not a JSON number")
    return JNum(repr(f))


# --- writing -------------------------------------------------------------------------------

def value_to_json(value: Value, /) -> ValueJSON:
    """Return *value* as Terraform writes it: its JSON without its unknowns, the tree of its
    unknowns, and the tree of its sensitive parts (any mark ``cty.sensitive_marks()`` holds,
    ``"sensitive"`` among them), each as Terraform's ``omitUnknowns``, ``unknownAsBool`` and
    ``SensitiveAsBool`` make them, in go-cty's JSON.

    Raises cty.encoding.EncodeError for what JSON cannot hold (a capsule, say)."""
    sensitive = _encode_tree(_sensitive_as_bool(value, cty.sensitive_marks()))
    plain, _ = value.unmark_deep()
    if plain.is_wholly_known():
        return ValueJSON(cty_json.marshal(plain, plain.type()), b"false" if
                         _trivial_known(plain) else _encode_tree(_unknown_as_bool(plain)),
                         sensitive)
    known = _omit_unknowns(plain)
    written = None if known is None or known.is_null() else cty_json.marshal(known, known.type())
    return ValueJSON(written, _encode_tree(_unknown_as_bool(plain)), sensitive)


def _trivial_known(value: Value) -> bool:
    ty = value.type()
    return value.is_null() or ty.is_primitive_type()


@deep  # (values nest: any depth)
def _omit_unknowns(value: Value) -> Value | None:
    """Terraform's omitUnknowns: None for an unknown (Go's NilVal); sequences become tuples
    (an unknown element null), maps and objects objects (an unknown entry left out)."""
    if value.is_null():
        return value
    if not value.is_known():
        return None
    ty = value.type()
    if ty.is_primitive_type():
        return value
    if ty.is_list_type() or ty.is_tuple_type() or ty.is_set_type():
        elements = []
        for _, e in value.elements():
            kept = _omit_unknowns(e)
            elements.append(cty.null_val(e.type()) if kept is None else kept)
        return cty.tuple_val(elements) if elements else cty.EmptyTupleVal
    if ty.is_map_type() or ty.is_object_type():
        attrs = {}
        for k, e in value.elements():
            kept = _omit_unknowns(e)
            if kept is not None:
                attrs[k.as_string()] = kept
        return cty.object_val(attrs) if attrs else cty.EmptyObjectVal
    return value  # (a capsule: go-cty's JSON refuses it)


@deep  # (values nest: any depth)
def _unknown_as_bool(value: Value) -> Any:
    """Terraform's unknownAsBool, as Python objects (objects without their false entries)."""
    if value.is_null():
        return False
    if not value.is_known():
        return True
    ty = value.type()
    if ty.is_list_type() or ty.is_tuple_type() or ty.is_set_type():
        return [_unknown_as_bool(e) for _, e in value.elements()]
    if ty.is_map_type() or ty.is_object_type():
        out = {}
        for k, e in value.elements():
            b = _unknown_as_bool(e)
            if b is not False:
                out[k.as_string()] = b
        return out
    return False


@deep  # (values nest: any depth)
def _sensitive_as_bool(value: Value, marks: frozenset[Hashable]) -> Any:
    """Terraform's SensitiveAsBool, as Python objects (objects without their false entries)."""
    if value.is_marked() and not marks.isdisjoint(value.marks()):
        return True
    ty = value.type()
    if value.is_null() or ty.is_primitive_type() or ty is _Dynamic:
        return False
    if ty.is_list_type() or ty.is_tuple_type() or ty.is_set_type():
        if not value.is_known():
            return []
        return [_sensitive_as_bool(e, marks) for _, e in value.elements()]
    if ty.is_map_type() or ty.is_object_type():
        if not value.is_known():
            return {}
        out = {}
        for k, e in value.elements():
            b = _sensitive_as_bool(e, marks)
            if b is not False:
                out[k.as_string()] = b
        return out
    return False


def _encode_tree(tree: Any) -> bytes:
    """*tree* (bools, lists and dicts of them) as Go's encoding/json writes it: keys sorted."""
    return _tree_text(tree).encode()


@deep  # (trees nest: any depth; no side effects, as a deep call may be run again)
def _tree_text(tree: Any) -> str:
    if tree is True:
        return "true"
    if tree is False:
        return "false"
    if tree.__class__ is list:
        return "[" + ",".join([_tree_text(e) for e in tree]) + "]"
    return "{" + ",".join([f"{go_json_string(k)}:{_tree_text(tree[k])}"
                           for k in sorted(tree)]) + "}"
