"""The functions of lists, sets and tuples (go-cty's stdlib collection.go, first part):
has_index, index, length, element, coalesce_list, compact, contains, distinct, chunklist,
flatten, reverse_list, set_product, slice.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from cty import (
    Bool,
    DynamicPseudoType,
    DynamicVal,
    EmptyTupleVal,
    False_,
    LimitExceededError,
    List,
    Number,
    PathError,
    Set,
    String,
    True_,
    Tuple,
    Type,
    Value,
    list_val,
    list_val_empty,
    number_int_val,
    set_val,
    set_val_empty,
    tuple_val,
    unknown_val,
)
from cty._internal import (
    UNKNOWN,
    Marked,
    build_set_payload,
    check_collection_length,
    hop,
    make,
    payload,
    wrap,
)
from cty.convert import convert, unify_unsafe

from .._errors import ArgError, FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._gocty import go_int
from ._refine import not_null
from ._sequences import sequence_of

__all__ = [
    "chunklist",
    "coalesce_list",
    "compact",
    "contains",
    "distinct",
    "element",
    "flatten",
    "has_index",
    "index",
    "length",
    "reverse_list",
    "set_product",
    "slice_",
]

_LIST_OF_STRING = List(String)


def _gocty_int(v: Value, what: str, arg: int | None = None) -> int:
    """*v* as a Go int; gocty's error prefixed with *what* (an ArgError when *arg* is given)."""
    try:
        return go_int(v)
    except PathError as e:
        message = f"{what}: {e.message}"
        raise (FunctionError(message) if arg is None else ArgError(arg, message)) from None


# --- indexing ----------------------------------------------------------------------------------


def _has_index_type(args: list[Value]) -> Type:
    t = args[0].type()
    if not (t.is_tuple_type() or t.is_list_type() or t.is_map_type() or t is DynamicPseudoType):
        raise FunctionError("collection must be a list, a map or a tuple")
    return Bool


has_index = Function(
    description="Returns true if if the given collection can be indexed with the given key "
                "without producing an error, or false otherwise.",
    params=[Parameter("collection", DynamicPseudoType, allow_dynamic_type=True),
            Parameter("key", DynamicPseudoType, allow_dynamic_type=True)],
    type=_has_index_type, refine_result=not_null,
    impl=lambda args, ty: args[0].has_index(args[1]))
"""has_index(collection, key): whether a list, map or tuple has an element at *key*."""


def _index_type(args: list[Value]) -> Type:
    coll, key = args
    t, kt = coll.type(), key.type()
    if t.is_tuple_type():
        if kt is not Number and kt is not DynamicPseudoType:
            raise FunctionError("key for tuple must be number")
        if not key.is_known():
            return DynamicPseudoType
        i = _gocty_int(key, "invalid key for tuple")
        types = t.tuple_element_types()
        if not 0 <= i < len(types):
            raise FunctionError(f"key must be between 0 and {len(types)} inclusive")
        return types[i]
    if t.is_list_type():
        if kt is not Number and kt is not DynamicPseudoType:
            raise FunctionError("key for list must be number")
        return t.element_type()
    if t.is_map_type():
        if kt is not String and kt is not DynamicPseudoType:
            raise FunctionError("key for map must be string")
        return t.element_type()
    raise FunctionError("collection must be a list, a map or a tuple")


def _index(args: list[Value], ty: Type) -> Value:
    if args[0].has_index(args[1]).false():
        raise FunctionError("invalid index")
    return args[0].index(args[1])


index = Function(
    description="Returns the element with the given key from the given collection, or raises "
                "an error if there is no such element.",
    params=[Parameter("collection", DynamicPseudoType),
            Parameter("key", DynamicPseudoType, allow_dynamic_type=True)],
    type=_index_type, impl=_index)
"""index(collection, key): the element of a list, map or tuple at *key*."""


def _length_type(args: list[Value]) -> Type:
    t = args[0].type()
    if not (t.is_tuple_type() or t.is_list_type() or t.is_map_type() or t.is_set_type()
            or t is DynamicPseudoType):
        raise FunctionError("collection must be a list, a map or a tuple")
    return Number


length = Function(
    description="Returns the number of elements in the given collection.",
    params=[Parameter("collection", DynamicPseudoType, allow_dynamic_type=True,
                      allow_unknown=True, allow_marked=True)],
    type=_length_type, refine_result=not_null, impl=lambda args, ty: args[0].length())
"""length(collection): the number of elements of a list, map, set or tuple."""


def _element_type(args: list[Value]) -> Type:
    t = args[0].type()
    if t.is_list_type():
        return t.element_type()
    if t.is_tuple_type():
        if not args[1].is_known():
            return DynamicPseudoType
        types = t.tuple_element_types()
        i = _gocty_int(args[1], "invalid index")
        if not types:
            raise FunctionError("cannot use element function with an empty list")
        return types[i % len(types)]
    raise FunctionError(f"cannot read elements from {t.friendly_name()}")


def _element(args: list[Value], ty: Type) -> Value:
    i = _gocty_int(args[1], "invalid index")
    coll, marks = args[0].unmark()
    if not coll.is_known():
        return unknown_val(ty)
    n = coll.length_int()
    if n == 0:
        raise FunctionError("cannot use element function with an empty list")
    return coll.index(number_int_val(i % n)).with_marks(marks)


element = Function(
    description="Returns the element with the given index from the given list or tuple, "
                "applying the modulo operation to the given index if it's greater than the "
                "number of elements.",
    params=[Parameter("list", DynamicPseudoType, allow_marked=True), Parameter("index", Number)],
    type=_element_type, impl=_element)
"""element(list, index): the element of a list or tuple at *index*, wrapping around (modulo
its length, negative indexes counting from the end)."""


# --- choosing and filtering --------------------------------------------------------------------


def _coalesce_list_type(args: list[Value]) -> Type:
    if not args:
        raise FunctionError("at least one argument is required")
    types = []
    for a in args:
        if not a.is_known():
            return DynamicPseudoType
        t = a.type()
        if not t.is_list_type() and not t.is_tuple_type():
            raise FunctionError("coalescelist arguments must be lists or tuples")
        types.append(t)
    first = types[0]
    return first if all(t == first for t in types[1:]) else DynamicPseudoType


def _coalesce_list(args: list[Value], ty: Type) -> Value:
    for a in args:
        if not a.is_known():
            return unknown_val(ty)
        if a.is_null():
            continue
        if a.length_int() > 0:
            return a
    raise FunctionError("no non-null arguments")


coalesce_list = Function(
    description="Returns the first of the given sequences that has a length greater than zero.",
    var_param=Parameter("vals", DynamicPseudoType, "List or tuple values to test in the given "
                                                   "order.",
                        allow_unknown=True, allow_dynamic_type=True, allow_null=True),
    type=_coalesce_list_type, refine_result=not_null, impl=_coalesce_list)
"""coalesce_list(vals...): the first list or tuple that is not empty."""


def _compact(args: list[Value], ty: Type) -> Value:
    v = args[0]
    if not v.is_wholly_known():
        return unknown_val(ty)
    kept = tuple(s for s in v._v if s)  # neither null nor ""
    return make(_LIST_OF_STRING, kept)


compact = Function(
    description="Removes all empty string elements from the given list of strings.",
    params=[Parameter("list", _LIST_OF_STRING)], type=static_return_type(_LIST_OF_STRING),
    refine_result=not_null, impl=_compact)
"""compact(list): a list of strings without its empty and null elements."""


def _contains(args: list[Value], ty: Type) -> Value:
    coll, want = args
    t = coll.type()
    if not (t.is_list_type() or t.is_tuple_type() or t.is_set_type()):
        raise FunctionError("argument must be list, tuple, or set")
    if coll.length_int() == 0:
        return False_
    if not coll.is_known() or not want.is_known():
        return unknown_val(Bool)
    unknown = False
    for _, v in coll.elements():
        eq = want.equals(v)
        if not eq.is_known():
            unknown = True
        elif eq.true():
            return True_
    return unknown_val(Bool) if unknown else False_


contains = Function(
    description="Returns true if the given value is a value in the given list, tuple, or set, "
                "or false otherwise.",
    params=[Parameter("list", DynamicPseudoType),
            Parameter("value", DynamicPseudoType, allow_null=True)],
    type=static_return_type(Bool), refine_result=not_null, impl=_contains)
"""contains(list, value): whether a list, tuple or set has an element equal to *value*."""


def _distinct(args: list[Value], ty: Type) -> Value:
    v = args[0]
    if not v.is_wholly_known():
        return unknown_val(ty)
    # go-cty compares each element with every one kept (quadratic); equal values are
    # raw-equal once unmarked, so only those of the same hash are compared: O(n) expected
    kept: list[Value] = []
    same_hash: dict[int, list[Value]] = {}
    for _, e in v.elements():
        bucket = same_hash.setdefault(hash(e.unmark_deep()[0]), [])
        if not any(k.equals(e).true() for k in bucket):
            bucket.append(e)
            kept.append(e)
    if not kept:
        return list_val_empty(ty.element_type())
    return list_val(kept)


distinct = Function(
    description="Removes any duplicate values from the given list, preserving the order of "
                "remaining elements.",
    params=[Parameter("list", List(DynamicPseudoType))], type=lambda args: args[0].type(),
    refine_result=not_null, impl=_distinct)
"""distinct(list): the list without the elements equal to one before them."""


def _chunklist(args: list[Value], ty: Type) -> Value:
    coll, coll_marks = args[0].unmark()
    size_v, size_marks = args[1].unmark()
    size = _gocty_int(size_v, "invalid size")
    if size < 0:
        raise FunctionError("the size argument must be positive")
    if coll.length_int() == 0:
        return list_val_empty(coll.type()).with_marks(coll_marks, size_marks)
    if size == 0:
        return list_val([coll]).with_marks(coll_marks, size_marks)
    items = coll.as_value_slice()
    chunks = [list_val(items[i:i + size]) for i in range(0, len(items), size)]
    return list_val(chunks).with_marks(coll_marks, size_marks)


chunklist = Function(
    description="Splits a single list into multiple lists where each has at most the given "
                "number of elements.",
    params=[Parameter("list", List(DynamicPseudoType), "The list to split into chunks.",
                      allow_marked=True),
            Parameter("size", Number, "The maximum length of each chunk. All but the last "
                                      "element of the result is guaranteed to be of exactly "
                                      "this size.", allow_marked=True)],
    type=lambda args: List(args[0].type()), refine_result=not_null, impl=_chunklist)
"""chunklist(list, size): the list cut into lists of *size* elements (the last may be
shorter; size 0 gives the whole list as the one chunk)."""


# --- reshaping ---------------------------------------------------------------------------------


@hop  # (it recurses: any depth)
def _flattened(v: Value) -> tuple[list[Value], list[frozenset[Any]], bool]:
    """go-cty's flattener: the leaves of nested sequences, the marks met, whether all known."""
    v, top = v.unmark()
    markses = [top] if top else []
    if not v.length().is_known():
        return [], markses, False
    out: list[Value] = []
    known = True
    for _, e in v.elements():
        if e.type() is DynamicPseudoType and e._v is UNKNOWN and not e._marks:
            known = False
        t = e.type()
        if not e.is_null() and (t.is_list_type() or t.is_set_type() or t.is_tuple_type()):
            if not e.is_known():
                known = False
                markses.append(e.unmark()[1])
                continue
            inner, inner_marks, inner_known = _flattened(e)
            markses.extend(inner_marks)
            if inner_known:
                out.extend(inner)
            else:
                known = False
        else:
            out.append(e)
    return out, markses, known


def _flatten_type(args: list[Value]) -> Type:
    v = args[0]
    if not v.is_wholly_known():
        return DynamicPseudoType
    t = v.type()
    if not (t.is_list_type() or t.is_set_type() or t.is_tuple_type()):
        raise FunctionError("can only flatten lists, sets and tuples")
    items, _, known = _flattened(v)
    if not known:
        return DynamicPseudoType
    return Tuple([e.type() for e in items])


def _flatten(args: list[Value], ty: Type) -> Value:
    bare, marks = args[0].unmark()
    if bare.length_int() == 0:
        return EmptyTupleVal.with_marks(marks)
    items, markses, known = _flattened(args[0])
    if not known:
        return unknown_val(ty).with_marks(*markses)
    return tuple_val(items).with_marks(*markses)


flatten = Function(
    description="Transforms a list, set, or tuple value into a tuple by replacing any given "
                "elements that are themselves sequences with a flattened tuple of all of the "
                "nested elements concatenated together.",
    params=[Parameter("list", DynamicPseudoType, allow_marked=True)],
    type=_flatten_type, refine_result=not_null, impl=_flatten)
"""flatten(list): a tuple of the elements of a list, set or tuple, with the elements of
nested sequences in their place."""


def _reverse_list_type(args: list[Value]) -> Type:
    t = args[0].type()
    if t.is_tuple_type():
        return Tuple(list(reversed(t.tuple_element_types())))
    if t.is_list_type() or t.is_set_type():
        return List(t.element_type())
    raise ArgError(0, f"can only reverse list or tuple values, not {t.friendly_name()}")


def _reverse_list(args: list[Value], ty: Type) -> Value:
    coll, marks = args[0].unmark()
    return sequence_of(ty, coll.as_value_slice()[::-1]).with_marks(marks)


reverse_list = Function(
    description="Returns the given list with its elements in reverse order.",
    params=[Parameter("list", DynamicPseudoType, allow_marked=True)],
    type=_reverse_list_type, refine_result=not_null, impl=_reverse_list)
"""reverse_list(list): a list or tuple (or a set's elements, as a list) in reverse order."""


def _set_product_type(args: list[Value]) -> Type:
    if len(args) < 2:
        raise FunctionError("at least two arguments are required")
    lists = 0
    types: list[Type] = []
    for i, a in enumerate(args):
        t = a.type()
        if t.is_set_type():
            types.append(t.element_type())
        elif t.is_list_type():
            types.append(t.element_type())
            lists += 1
        elif t.is_tuple_type():
            members = t.tuple_element_types()
            lists += 1
            if not members:
                types.append(DynamicPseudoType)
                continue
            unified, _ = unify_unsafe(list(members))
            if unified is None:
                raise ArgError(i, "all elements must be of the same type")
            types.append(unified)
        else:
            raise ArgError(i, "a set or a list is required")
    if lists == len(args):
        return List(Tuple(types))
    return Set(Tuple(types))


def _set_product_unknown(args: list[Value], ty: Type) -> Value:
    """The unknown product of arguments of which one has an unknown length, with go-cty's
    bounds on its length where the arguments' types or refinements give them."""
    result = unknown_val(ty)
    most = 1
    for a in args:
        r = a.unmark()[0].range()
        t = r.type_constraint()
        if t.is_collection_type():
            most_here = r.length_upper_bound()
        elif t.is_tuple_type():
            most_here = t.length()
        else:
            return result
        if most_here > 1024:
            return result
        most *= most_here
        if most > 2048:
            return result
    if most == 0:
        return result.refine().collection_length(0).new_value()
    return result.refine().collection_length_lower_bound(1).collection_length_upper_bound(
        most).new_value()


def _set_product(args: list[Value], ty: Type) -> Value:
    marks: list[frozenset[Any]] = []
    bare: list[Value] = []
    unknown_length = False
    for a in args:
        v, m = a.unmark()
        marks.append(m)
        bare.append(v)
        if not (v.is_known() and v.length().is_known()):
            unknown_length = True
    if unknown_length:
        return _set_product_unknown(args, ty).with_marks(*marks)
    ety = ty.element_type()
    member_types = ety.tuple_element_types()
    count = math.prod(v.length_int() for v in bare)
    try:  # (a few short sets make a great many tuples: the count is known before the work)
        check_collection_length(count, "the product")
    except LimitExceededError as e:
        raise FunctionError(str(e)) from None
    # each element converted once, then the rows made of payloads (no Value per row)
    columns = [[payload(e if e.type() == t else convert(e, t)) for e in v.as_value_slice()]
               for v, t in zip(bare, member_types, strict=True)]
    rows = list(itertools.product(*columns))
    if not rows:
        out = list_val_empty(ety) if ty.is_list_type() else set_val_empty(ety)
    elif ty.is_list_type():
        out = make(ty, tuple(rows))
    elif any(p.__class__ is Marked for column in columns for p in column):
        out = set_val([wrap(ety, r) for r in rows])  # (set_val moves the marks onto the set)
    else:
        out = make(ty, build_set_payload(ety, rows))
    return out.with_marks(*marks)


set_product = Function(
    description="Calculates the cartesian product of two or more sets.",
    var_param=Parameter("sets", DynamicPseudoType,
                        "The sets to consider. Also accepts lists and tuples, and if all "
                        "arguments are of list or tuple type then the result will preserve the "
                        "input ordering", allow_marked=True, allow_unknown=True),
    type=_set_product_type, refine_result=not_null, impl=_set_product)
"""set_product(sets...): the cartesian product of sets (or lists and tuples: a list when
every argument is one) as tuples."""


def _slice_indexes(args: list[Value]) -> tuple[int, int, bool]:
    coll = args[0].unmark()[0]
    size: int | None = None
    if coll.type().is_tuple_type() or coll.length().is_known():
        # (an unknown list may know its length by a refinement: go-cty asks LengthInt of it
        # and panics; the length the refinement pins is the one to check the indexes by)
        size = (coll.length_int() if coll.is_known() or coll.type().is_tuple_type()
                else coll.range().length_lower_bound())
    start = end = 0
    if args[1].is_known():
        start = _gocty_int(args[1], "invalid start index", 1)
        if start < 0:
            raise ArgError(1, "start index must not be less than zero")
        if size is not None and start > size:
            raise ArgError(1, "start index must not be greater than the length of the list")
    if args[2].is_known():
        end = _gocty_int(args[2], "invalid end index", 2)
        if end < 0:
            raise ArgError(2, "end index must not be less than zero")
        if size is not None and end > size:
            raise ArgError(2, "end index must not be greater than the length of the list")
    known = args[1].is_known() and args[2].is_known()
    if known and start > end:
        raise ArgError(1, "start index must not be greater than end index")
    return start, end, known


def _slice_type(args: list[Value]) -> Type:
    t = args[0].type()
    if t.is_set_type():
        raise ArgError(0, "cannot slice a set, because its elements do not have indices; "
                          "explicitly convert to a list if the ordering of the result is not "
                          "important")
    if not t.is_list_type() and not t.is_tuple_type():
        raise ArgError(0, "must be a list or tuple value")
    start, end, known = _slice_indexes(args)
    if t.is_list_type():
        return t
    if not known:
        return DynamicPseudoType
    return Tuple(list(t.tuple_element_types()[start:end]))


def _slice(args: list[Value], ty: Type) -> Value:
    coll, marks = args[0].unmark()
    if ty is DynamicPseudoType:
        return DynamicVal.with_marks(marks)
    start, end, _ = _slice_indexes(args)
    return sequence_of(ty, coll.as_value_slice()[start:end]).with_marks(marks)


slice_ = Function(
    description="Extracts a subslice of the given list or tuple value.",
    params=[Parameter("list", DynamicPseudoType, allow_marked=True),
            Parameter("start_index", Number), Parameter("end_index", Number)],
    type=_slice_type, refine_result=not_null, impl=_slice)
"""slice(list, start_index, end_index): the elements of a list or tuple from *start_index*
up to (not including) *end_index*."""
