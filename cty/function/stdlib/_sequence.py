"""The sequence functions (go-cty's stdlib sequence.go): concat and range."""

from __future__ import annotations

from typing import Any

from cty import (
    DynamicPseudoType,
    List,
    Number,
    PathError,
    Tuple,
    Type,
    Value,
    Zero,
    list_val,
    list_val_empty,
    number_int_val,
)
from cty.convert import convert, unify_unsafe

from .._errors import ArgError, FunctionError
from .._function import Function, static_return_type
from .._parameter import Parameter
from ._refine import not_null
from ._sequences import sequence_of

__all__ = ["concat", "range_"]


def _concat_type(args: list[Value]) -> Type:
    if not args:
        raise FunctionError("at least one argument is required")
    if all(a.type().is_list_type() for a in args):
        common, _ = unify_unsafe([a.type() for a in args])
        if common is not None:
            return common
    types: list[Type] = []
    for i, a in enumerate(args):
        v = a.unmark_deep()[0]
        t = v.type()
        if t.is_tuple_type():
            types.extend(t.tuple_element_types())
        elif t.is_list_type():
            if not v.is_known():
                return DynamicPseudoType
            types.extend([t.element_type()] * v.length_int())
        else:
            raise ArgError(i, f"all arguments must be lists or tuples; got {t.friendly_name()}")
    return Tuple(types)


def _concat(args: list[Value], ty: Type) -> Value:
    items: list[Value] = []
    marks: list[frozenset[Any]] = []
    for i, a in enumerate(args):
        seq = a
        if ty.is_list_type():
            try:
                seq = convert(a, ty)
            except PathError as e:
                raise ArgError(i, e.message) from None
        seq, m = seq.unmark()
        marks.append(m)
        items.extend(seq.as_value_slice())
    return sequence_of(ty, items).with_marks(*marks)


concat = Function(
    description="Concatenates together all of the given lists or tuples into a single "
                "sequence, preserving the input order.",
    var_param=Parameter("seqs", DynamicPseudoType, allow_marked=True),
    type=_concat_type, refine_result=not_null, impl=_concat)
"""concat(seqs...): the elements of lists or tuples, in order (a list when all are lists of
types that unify, else a tuple)."""

_MOST_VALUES = 1024


def _range(args: list[Value], ty: Type) -> Value:
    one, minus_one = number_int_val(1), number_int_val(-1)
    if len(args) == 1:
        start, end = Zero, args[0]
        step = minus_one if args[0].less_than(Zero).true() else one
    elif len(args) == 2:
        start, end = args
        step = minus_one if end.less_than(start).true() else one
    elif len(args) == 3:
        start, end, step = args
    else:
        raise FunctionError("must have one, two, or three arguments")
    # go-cty compares the step with its Zero by identity: a zero step given by the caller
    # runs on into the limit on the number of values, as there.
    if step is Zero:
        raise ArgError(2, "step must not be zero")
    down = step.less_than(Zero).true()
    if down:
        if end.greater_than(start).true():
            raise ArgError(1, "end must be less than start when step is negative")
    elif end.less_than(start).true():
        raise ArgError(1, "end must be greater than start when step is positive")
    found: list[Value] = []
    n = start
    while not (n.less_than_or_equal_to(end) if down else n.greater_than_or_equal_to(end)
               ).true():
        if len(found) >= _MOST_VALUES:
            raise FunctionError("more than 1024 values were generated; either decrease the "
                                "difference between start and end or use a smaller step")
        found.append(n)
        n = n.add(step)
    if not found:
        return list_val_empty(Number)
    return list_val(found)


range_ = Function(
    description="Returns a list of numbers spread evenly over a particular range.",
    var_param=Parameter("params", Number), type=static_return_type(List(Number)),
    refine_result=not_null, impl=_range)
"""range(params...): numbers from a start (default 0) up to, not including, an end, by a step
(default 1 or -1); at most 1,024 of them."""
