"""The functions of maps and objects (go-cty's stdlib collection.go, second part): keys,
values, lookup, merge, zipmap.
"""

from __future__ import annotations

from typing import Any

from cty import (
    DynamicPseudoType,
    EmptyObject,
    EmptyTuple,
    EmptyTupleVal,
    List,
    Map,
    Object,
    PathError,
    String,
    True_,
    Tuple,
    Type,
    Value,
    list_val_empty,
    map_val,
    map_val_empty,
    number_int_val,
    object_val,
    string_val,
    tuple_val,
    unknown_val,
)
from cty._internal import go_quote, make
from cty.convert import convert

from .._errors import ArgError, FunctionError
from .._function import Function
from .._parameter import Parameter
from ._refine import not_null
from ._sequences import sequence_of

__all__ = ["keys", "lookup", "merge", "values", "zipmap"]

_LIST_OF_STRING = List(String)


def _keys_type(args: list[Value]) -> Type:
    t = args[0].type()
    if t.is_map_type():
        return _LIST_OF_STRING
    if t.is_object_type():
        n = len(t.attribute_types())
        return Tuple([String] * n) if n else EmptyTuple
    raise ArgError(0, "must have map or object type")


def _keys(args: list[Value], ty: Type) -> Value:
    m, marks = args[0].unmark()
    if m.type().is_object_type():
        names = sorted(m.type().attribute_types())
        if not names:
            return EmptyTupleVal.with_marks(marks)
        return tuple_val([string_val(n) for n in names]).with_marks(marks)
    if not m.is_known():
        return unknown_val(ty).with_marks(marks)
    names = list(m._v)
    if not names:
        return list_val_empty(String).with_marks(marks)
    return make(_LIST_OF_STRING, tuple(names)).with_marks(marks)


keys = Function(
    description="Returns a list of the keys of the given map in lexicographical order.",
    params=[Parameter("inputMap", DynamicPseudoType,
                      "The map to extract keys from. May instead be an object-typed value, in "
                      "which case the result is a tuple of the object attributes.",
                      allow_unknown=True, allow_marked=True)],
    type=_keys_type, refine_result=not_null, impl=_keys)
"""keys(inputMap): the keys of a map (a list) or the attribute names of an object (a tuple),
in lexicographic order."""


def _values_type(args: list[Value]) -> Type:
    t = args[0].type()
    if t.is_map_type():
        return List(t.element_type())
    if t.is_object_type():
        attrs = t.attribute_types()
        if not attrs:
            return EmptyTuple
        return Tuple([attrs[n] for n in sorted(attrs)])
    raise FunctionError("values() requires a map as the first argument")


def _values(args: list[Value], ty: Type) -> Value:
    m, marks = args[0].unmark()
    return sequence_of(ty, [v for _, v in m.elements()]).with_marks(marks)


values = Function(
    description="Returns the values of elements of a given map, or the values of attributes of "
                "a given object, in lexicographic order by key or attribute name.",
    params=[Parameter("mapping", DynamicPseudoType, allow_marked=True)],
    type=_values_type, refine_result=not_null, impl=_values)
"""values(mapping): the elements of a map (a list) or the attributes of an object (a tuple),
in the lexicographic order of their keys."""


def _lookup_type(args: list[Value]) -> Type:
    t = args[0].type()
    if t.is_object_type():
        if not args[1].is_known():
            return DynamicPseudoType
        key = args[1].unmark()[0].as_string()
        if t.has_attribute(key):
            return t.attribute_type(key)
        return args[2].type()
    if t.is_map_type():
        try:
            convert(args[2], t.element_type())
        except PathError:
            raise ArgError(2, "the default value must have the same type as the map "
                              "elements") from None
        return t.element_type()
    raise ArgError(0, "lookup() requires a map as the first argument")


def _lookup(args: list[Value], ty: Type) -> Value:
    m, map_marks = args[0].unmark()
    key_v, key_marks = args[1].unmark()
    key = key_v.as_string()
    if not m.is_wholly_known():
        return unknown_val(ty).with_marks(map_marks, key_marks)
    if m.type().is_object_type():
        if m.type().has_attribute(key):
            return m.get_attr(key).with_marks(map_marks, key_marks)
    elif m.has_index(string_val(key)).raw_equals(True_):
        return m.index(string_val(key)).with_marks(map_marks, key_marks)
    return convert(args[2], ty).with_marks(map_marks, key_marks)


lookup = Function(
    description="Returns the value of the element with the given key from the given map, or "
                "returns the default value if there is no such element.",
    params=[Parameter("inputMap", DynamicPseudoType, allow_marked=True),
            Parameter("key", String, allow_marked=True),
            Parameter("default", DynamicPseudoType, allow_marked=True)],
    type=_lookup_type, impl=_lookup)
"""lookup(inputMap, key, default): the element of a map (or attribute of an object) at *key*,
or *default* when there is none."""


def _merge_type(args: list[Value]) -> Type:
    if not args:
        return EmptyObject
    attrs: dict[str, Type] = {}
    first: Type | None = None
    matching = True
    attrs_known = True
    for a in args:
        t = a.type()
        if t is DynamicPseudoType:
            return DynamicPseudoType
        if not t.is_map_type() and not t.is_object_type():
            raise FunctionError(f"arguments must be maps or objects, got "
                                f"{go_quote(t.friendly_name())}")
        bare = a.unmark()[0]
        if t.is_object_type():
            if bare.is_null():
                t = EmptyObject
            attrs.update(t.attribute_types())
        elif bare.is_null():
            pass
        elif bare.is_known():
            ety = t.element_type()
            for k in bare._v:
                attrs[k] = ety
        else:
            attrs_known = False
        if first is None:
            first = t
        elif matching and t != first:
            matching = False
    if matching:
        assert first is not None
        return first
    if not attrs_known:
        return DynamicPseudoType
    return Object(attrs)


def _merge(args: list[Value], ty: Type) -> Value:
    marks: list[frozenset[Any]] = []
    if ty is DynamicPseudoType:
        out: dict[str, Value] = {}
        for i, a in enumerate(args):
            if a.is_null():
                continue
            t = a.type()
            if not t.is_map_type() and not t.is_object_type():
                # (the type check stopped at a dynamic argument; go-cty panics here)
                raise ArgError(i, f"arguments must be maps or objects, got "
                                  f"{go_quote(t.friendly_name())}")
            bare, m = a.unmark()
            marks.append(m)
            for k, v in bare.elements():
                out[k.as_string()] = v
        return object_val(out).with_marks(*marks)
    # The arguments' payloads merged, keys sorted: each element keeps the payload (and the
    # type, by the result type the type callback built the same way) of its last writer.
    merged: dict[str, Any] = {}
    for a in args:
        if a.is_null():
            continue
        bare, m = a.unmark()
        marks.append(m)
        merged.update(bare._v)
    if ty.is_map_type() and not merged:
        return map_val_empty(ty.element_type()).with_marks(*marks)
    return make(ty, {k: merged[k] for k in sorted(merged)}).with_marks(*marks)


merge = Function(
    description="Merges all of the elements from the given maps into a single map, or the "
                "attributes from given objects into a single object.",
    var_param=Parameter("maps", DynamicPseudoType, allow_dynamic_type=True, allow_null=True,
                        allow_marked=True),
    type=_merge_type, refine_result=not_null, impl=_merge)
"""merge(maps...): the elements of maps (or attributes of objects) together, later arguments
winning; a map when all are maps of one type, else an object."""


def _zipmap_type(args: list[Value]) -> Type:
    key_list, vals = args
    vt = vals.type()
    if vt.is_list_type():
        return Map(vt.element_type())
    if vt.is_tuple_type():
        if not key_list.is_wholly_known():
            return DynamicPseudoType
        names = key_list.unmark()[0].as_value_slice()
        types = vt.tuple_element_types()
        if len(names) != len(types):
            raise FunctionError(f"number of keys ({len(names)}) does not match number of "
                                f"values ({len(types)})")
        attrs: dict[str, Type] = {}
        for i, (marked_name, t) in enumerate(zip(names, types, strict=True)):
            name = marked_name.unmark()[0]
            if name.is_null():
                raise FunctionError(f"keys list has null value at index {i}")
            attrs[name.as_string()] = t
        return Object(attrs)
    raise FunctionError("values argument must be a list or tuple value")


def _zipmap(args: list[Value], ty: Type) -> Value:
    key_list, key_marks = args[0].unmark()
    vals, val_marks = args[1].unmark()
    marks = [key_marks, val_marks]
    if not key_list.is_wholly_known():
        return unknown_val(ty).with_marks(*marks)
    if key_list.length_int() != vals.length_int():
        raise FunctionError(f"number of keys ({key_list.length_int()}) does not match number "
                            f"of values ({vals.length_int()})")
    out: dict[str, Value] = {}
    for i, (_, marked_name) in enumerate(key_list.elements()):
        name, name_marks = marked_name.unmark()
        if name.is_null():  # (go-cty panics)
            raise ArgError(0, f"element {i} is null: map keys must not be null")
        marks.append(name_marks)
        out[name.as_string()] = vals.index(number_int_val(i))
    if ty.is_map_type():
        if not out:
            return map_val_empty(ty.element_type()).with_marks(*marks)
        return map_val(out).with_marks(*marks)
    if ty.is_object_type():
        return object_val(out).with_marks(*marks)
    raise FunctionError(f"internally selected incorrect result type {ty.friendly_name()} "
                        "(this is a bug)")


zipmap = Function(
    description="Constructs a map from a list of keys and a corresponding list of values, "
                "which must both be of the same length.",
    params=[Parameter("keys", _LIST_OF_STRING, allow_marked=True),
            Parameter("values", DynamicPseudoType, allow_marked=True)],
    type=_zipmap_type, refine_result=not_null, impl=_zipmap)
"""zipmap(keys, values): a map (an object, for a tuple of values) from each key to the value
at its position."""
