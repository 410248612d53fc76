"""Every reason a value does not convert to a type, not only the first.

``convert`` stops at the first problem, as go-cty's does. A tool checking user data wants the
whole list: every missing attribute, every element of the wrong kind, each with its path.
``conversion_errors`` walks the value beside the type and asks ``convert`` about each part,
reporting the deepest parts that fail (a list whose third element fails reports that element,
not the list); a part whose own children all convert reports its own error (two list elements
of types that do not unify, say). With *strict*, attributes that conversion would drop because
the type does not have them are reported too ("unsupported attribute"), at any depth.
"""

from __future__ import annotations

from typing import Any

from cty import DynamicPseudoType, IndexStep, Path, PathError, Type, Value, string_val
from cty._internal import check_type, check_value, deep

from ._runtime import convert


@deep
def conversion_errors(value: Value, ty: Type, /, *, strict: bool = False) -> list[PathError]:
    """Return every PathError converting *value* to *ty* meets (none: it converts), each with
    the path from *value* to the offending part, in the value's order.

    >>> import cty
    >>> services = cty.parse_type("list(object({name = string, port = number}))")
    >>> data = cty.from_python([{"name": "a", "port": "http"}, {"port": 1}])
    >>> for e in conversion_errors(data, services):
    ...     print(e)
    [0].port: a number is required
    [1]: attribute "name" is required

    With *strict*, object attributes the type does not have are errors too (conversion drops
    them).
    """
    check_value(value, "value")
    check_type(ty, "type")
    out: list[PathError] = []
    _collect(value, ty, Path(), strict, out)
    return out


def _collect(v: Value, ty: Type, path: Path, strict: bool, out: list[PathError]) -> None:
    error: PathError | None = None
    try:
        convert(v, ty)
    except PathError as e:
        error = e
    if error is None and not strict:
        return
    found = len(out)
    bare = v.unmark_deep()[0]
    if bare.is_known() and not bare.is_null() and ty is not DynamicPseudoType:
        _children(bare, ty, path, strict, out)
    if error is not None and len(out) == found:
        out.append(PathError(Path((*path, *error.path)), error.message))


def _children(v: Value, ty: Type, path: Path, strict: bool, out: list[PathError]) -> None:
    vt = v.type()
    if ty.is_object_type() and (vt.is_object_type() or vt.is_map_type()):
        _object(v, ty, path, strict, out)
    elif ty.is_collection_type() and (vt.is_collection_type() or vt.is_structural()):
        ety = ty.element_type()
        if vt.is_map_type() or vt.is_object_type():
            if ty.is_map_type():
                for k, e in v.as_value_map().items():
                    _collect(e, ety, path.index_string(k), strict, out)
        elif not ty.is_map_type():
            for i, e in enumerate(v.as_value_slice()):
                step = path.index_int(i) if not vt.is_set_type() else Path(
                    (*path, IndexStep(e)))
                _collect(e, ety, step, strict, out)
    elif ty.is_tuple_type() and vt.is_tuple_type():
        etys = ty.tuple_element_types()
        elems = v.as_value_slice()
        if len(etys) == len(elems):
            for i, (e, et) in enumerate(zip(elems, etys, strict=True)):
                _collect(e, et, path.index_int(i), strict, out)


def _object(v: Value, ty: Type, path: Path, strict: bool, out: list[PathError]) -> None:
    attrs = ty.attribute_types()
    have: dict[str, Any] = v.as_value_map()
    for k in attrs:
        if k not in have and not ty.attribute_optional(k):
            out.append(PathError(path, f'attribute "{k}" is required'))
    for k, e in have.items():
        if k in attrs:
            step = path.get_attr(k) if v.type().is_object_type() else Path(
                (*path, IndexStep(string_val(k))))
            _collect(e, attrs[k], step, strict, out)
        elif strict:
            out.append(PathError(path, f'unsupported attribute "{k}"'))
