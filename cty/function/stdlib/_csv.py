"""csv_decode (go-cty's stdlib csv.go): a table of strings, read as Go's encoding/csv reads it."""

from __future__ import annotations

from cty import (
    DynamicPseudoType,
    List,
    Object,
    String,
    Type,
    Value,
    list_val_empty,
    normalize_string,
)
from cty._internal import go_quote, make

from .._errors import FunctionError
from .._function import Function
from .._parameter import Parameter
from ._go_csv import CSVParseError, records
from ._refine import not_null

__all__ = ["csv_decode"]


def _header(text: str) -> list[str]:
    try:
        for header in records(text):
            return [normalize_string(name) for name in header]
    except CSVParseError as e:
        raise FunctionError(f"CSV parse error on line {e.line}: {e.message}") from None
    raise FunctionError("missing header line")


def _csv_decode_type(args: list[Value]) -> Type:
    if not args[0].is_known():
        return DynamicPseudoType
    names: dict[str, Type] = {}
    for name in _header(args[0].as_string()):
        if name in names:
            raise FunctionError(f"duplicate column name {go_quote(name)}")
        names[name] = String
    return List(Object(names))


def _csv_decode(args: list[Value], ty: Type) -> Value:
    header = _header(args[0]._v)
    order = sorted(range(len(header)), key=header.__getitem__)
    ety = ty.element_type()
    rows = []
    try:
        rest = records(args[0]._v, len(header))
        next(rest)
        for record in rest:
            # an object's payload: attribute name to string, sorted by name
            rows.append({header[i]: normalize_string(record[i]) for i in order})
    except CSVParseError as e:
        raise FunctionError(f"CSV parse error on line {e.line}: {e.message}") from None
    if not rows:
        return list_val_empty(ety)
    return make(ty, tuple(rows))


csv_decode = Function(
    description="Parses the given string as Comma Separated Values (as defined by RFC 4180) "
                "and returns a map of objects representing the table of data, using the first "
                "row as a header row to define the object attributes.",
    params=[Parameter("str", String)], type=_csv_decode_type, refine_result=not_null,
    impl=_csv_decode)
"""csv_decode(str): the rows of a CSV table as a list of objects, one attribute of type
string per column, named by the header row."""
