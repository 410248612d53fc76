"""The types of eventual inputs and of traversals: input_type and xtraverse (Pulumi's
InputType and Traverse)."""

from __future__ import annotations

from cty import CtyTypeError
from cty._internal import deep

from ._model import (
    DYNAMIC,
    INT,
    NONE,
    NUMBER,
    STRING,
    XType,
    list_,
    map_,
    object_,
    output,
    promise,
    union,
)

__all__ = ["XTraverseError", "input_type", "xtraverse"]


@deep
def input_type(t: XType) -> XType:
    """The type an input of type *t* may have: *t* or an output of it, at every level of its
    lists, maps, objects, promises and unions (not inside tuples or sets, and an output stays
    as it is), as Pulumi's InputType.

    >>> str(input_type(list_(STRING)))
    'list(string | output(string)) | output(list(string))'
    """
    if not isinstance(t, XType):
        raise CtyTypeError(f"input_type takes an XType, not {type(t).__name__}")
    if t == DYNAMIC or t.kind == "output":
        return t
    if t.kind == "union":
        return union(*(input_type(m) for m in t.members))
    if t.kind == "promise":
        src = promise(input_type(t.elem))
    elif t.kind == "list":
        src = list_(input_type(t.elem))
    elif t.kind == "map":
        src = map_(input_type(t.elem))
    elif t.kind == "object":
        src = object_({n: input_type(a) for n, a in t.attrs.items()})
    else:
        src = t
    return union(src, output(t))


class XTraverseError(CtyTypeError):
    """A traversal the type does not allow (an attribute an object lacks, a key of the wrong
    type, a step into a primitive)."""


@deep
def xtraverse(t: XType, step: str | int | XType) -> XType:
    """The type of ``value.step`` (an attribute name) or ``value[step]`` (an int index, or the
    type of a key) for a value of type *t*. Through a union, the union of what its members
    allow (none passes through, so ``optional(map(T)).k`` is ``optional(T)``); through an
    output or a promise, that eventual of the result. Raises XTraverseError where no member
    allows the step.

    >>> str(xtraverse(union(map_(INT), object_({"foo": STRING})), "foo"))
    'int | string'
    """
    if not isinstance(t, XType):
        raise CtyTypeError(f"xtraverse takes an XType, not {type(t).__name__}")
    if not isinstance(step, str | int | XType) or isinstance(step, bool):
        raise CtyTypeError(f"a step is an attribute name, an index or a key type, not "
                           f"{type(step).__name__}")
    k = t.kind
    if t == DYNAMIC:
        return DYNAMIC
    if k == "union":
        found: list[XType] = []
        errors: list[str] = []
        for m in t.members:
            if m == NONE:
                found.append(NONE)
                continue
            try:
                found.append(xtraverse(m, step))
            except XTraverseError as e:
                errors.append(str(e))
        if not found or found == [NONE]:
            raise XTraverseError(errors[0] if errors else f"{t} cannot be traversed")
        return union(*found)
    if k == "output":
        return output(xtraverse(t.elem, step))
    if k == "promise":
        return promise(xtraverse(t.elem, step))
    key = STRING if isinstance(step, str) else NUMBER if isinstance(step, int) else step
    if k == "map":
        if key not in (STRING, DYNAMIC):
            raise XTraverseError(f"a map's keys are strings, not {key}")
        return t.elem
    if k in ("list", "set"):
        if k == "set":
            raise XTraverseError("a set's elements have no index")
        if key not in (NUMBER, INT, DYNAMIC):
            raise XTraverseError(f"a list's indexes are whole numbers, not {key}")
        return t.elem
    if k == "object":
        if not isinstance(step, str):
            return union(*t.attrs.values()) if key in (STRING, DYNAMIC) else _refuse(t, key)
        if step not in t.attrs:
            raise XTraverseError(f"{t} has no attribute {step!r}")
        return t.attrs[step]
    if k == "tuple":
        elems = list(t.elems)
        if isinstance(step, int):
            if not 0 <= step < len(elems):
                raise XTraverseError(f"index {step} is out of range for {t}")
            return elems[step]
        if key in (NUMBER, INT, DYNAMIC):
            return union(*elems)
        return _refuse(t, key)
    raise XTraverseError(f"a value of type {t} has no attributes or elements")


def _refuse(t: XType, key: XType) -> XType:
    raise XTraverseError(f"{t} cannot be indexed with a key of type {key}")
