"""cty.function.stdlib: go-cty's standard library of functions (work in progress, issue #15).

Each function is a cty.function.Function named in snake_case (a trailing ``_`` where the name
is a Python keyword or built-in: ``not_``, ``and_``, ``or_``, ``int_``, ``min_``, ``max_``).
``FUNCTIONS`` maps the lower-case names HCL-based tools call them by to the Functions:
Terraform's where it has one (``abs`` for absolute, ``reverse`` for reverse_list, ``strrev`` for
the string reverse, ``tostring`` and the other to* conversions), otherwise go-cty's Go name
lower-cased, without ``Func`` (``coalescelist``, ``jsonencode``, ``formatdate``, ``index``).

>>> from cty.function import stdlib
>>> and_fn = stdlib.FUNCTIONS["and"]
>>> and_fn(cty.True_, cty.unknown_val(cty.Bool))
cty.unknown_val(cty.Bool).refine_not_null()
>>> stdlib.coalesce(cty.null_val(cty.String), cty.number_int_val(1))
cty.string_val('1')
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from cty._internal import lazy_names

from .._function import Function

if TYPE_CHECKING:
    from ._arithmetic import (
        absolute,
        add,
        divide,
        greater_than,
        greater_than_or_equal_to,
        less_than,
        less_than_or_equal_to,
        modulo,
        multiply,
        negate,
        subtract,
    )
    from ._bool import and_, not_, or_
    from ._bytes import (
        Bytes,
        bytes_len,
        bytes_slice,
        bytes_val,
    )
    from ._collection import (
        chunklist,
        coalesce_list,
        compact,
        contains,
        distinct,
        element,
        flatten,
        has_index,
        index,
        length,
        reverse_list,
        set_product,
        slice_,
    )
    from ._conversion import (
        assert_not_null,
        make_to_func,
        to_bool,
        to_list,
        to_map,
        to_number,
        to_set,
        to_string,
    )
    from ._csv import (
        csv_decode,
    )
    from ._datetime import (
        format_date,
        time_add,
    )
    from ._format import (
        format_,
        format_list,
    )
    from ._general import coalesce, equal, not_equal
    from ._json import (
        json_decode,
        json_encode,
    )
    from ._mapping import (
        keys,
        lookup,
        merge,
        values,
        zipmap,
    )
    from ._math import (
        log,
        parse_int,
        pow_,
        signum,
    )
    from ._regexp import (
        regex,
        regex_all,
        regex_replace,
    )
    from ._rounding import ceil, floor, int_, max_, min_
    from ._sequence import (
        concat,
        range_,
    )
    from ._set import (
        set_has_element,
        set_intersection,
        set_subtract,
        set_symmetric_difference,
        set_union,
    )
    from ._string import (
        chomp,
        indent,
        join,
        lower,
        replace,
        reverse,
        sort,
        split,
        strlen,
        substr,
        title,
        trim,
        trim_prefix,
        trim_space,
        trim_suffix,
        upper,
    )

_LAZY = {
    "absolute": "._arithmetic",
    "add": "._arithmetic",
    "divide": "._arithmetic",
    "greater_than": "._arithmetic",
    "greater_than_or_equal_to": "._arithmetic",
    "less_than": "._arithmetic",
    "less_than_or_equal_to": "._arithmetic",
    "modulo": "._arithmetic",
    "multiply": "._arithmetic",
    "negate": "._arithmetic",
    "subtract": "._arithmetic",
    "and_": "._bool",
    "not_": "._bool",
    "or_": "._bool",
    "Bytes": "._bytes",
    "bytes_len": "._bytes",
    "bytes_slice": "._bytes",
    "bytes_val": "._bytes",
    "chunklist": "._collection",
    "coalesce_list": "._collection",
    "compact": "._collection",
    "contains": "._collection",
    "distinct": "._collection",
    "element": "._collection",
    "flatten": "._collection",
    "has_index": "._collection",
    "index": "._collection",
    "length": "._collection",
    "reverse_list": "._collection",
    "set_product": "._collection",
    "slice_": "._collection",
    "assert_not_null": "._conversion",
    "make_to_func": "._conversion",
    "to_bool": "._conversion",
    "to_list": "._conversion",
    "to_map": "._conversion",
    "to_number": "._conversion",
    "to_set": "._conversion",
    "to_string": "._conversion",
    "csv_decode": "._csv",
    "format_date": "._datetime",
    "time_add": "._datetime",
    "format_": "._format",
    "format_list": "._format",
    "coalesce": "._general",
    "equal": "._general",
    "not_equal": "._general",
    "json_decode": "._json",
    "json_encode": "._json",
    "keys": "._mapping",
    "lookup": "._mapping",
    "merge": "._mapping",
    "values": "._mapping",
    "zipmap": "._mapping",
    "log": "._math",
    "parse_int": "._math",
    "pow_": "._math",
    "signum": "._math",
    "regex": "._regexp",
    "regex_all": "._regexp",
    "regex_replace": "._regexp",
    "ceil": "._rounding",
    "floor": "._rounding",
    "int_": "._rounding",
    "max_": "._rounding",
    "min_": "._rounding",
    "concat": "._sequence",
    "range_": "._sequence",
    "set_has_element": "._set",
    "set_intersection": "._set",
    "set_subtract": "._set",
    "set_symmetric_difference": "._set",
    "set_union": "._set",
    "chomp": "._string",
    "indent": "._string",
    "join": "._string",
    "lower": "._string",
    "replace": "._string",
    "reverse": "._string",
    "sort": "._string",
    "split": "._string",
    "strlen": "._string",
    "substr": "._string",
    "title": "._string",
    "trim": "._string",
    "trim_prefix": "._string",
    "trim_space": "._string",
    "trim_suffix": "._string",
    "upper": "._string",
}
"""Each public name and the module that defines it: importing the library loads none of its
modules (they import go-cty's Go libraries' counterparts, the JSON encoding and more); each
name loads its module when first used."""

__all__ = [
    "FUNCTIONS",
    "Bytes",
    "absolute",
    "add",
    "and_",
    "assert_not_null",
    "bytes_len",
    "bytes_slice",
    "bytes_val",
    "ceil",
    "chomp",
    "chunklist",
    "coalesce",
    "coalesce_list",
    "compact",
    "concat",
    "contains",
    "csv_decode",
    "distinct",
    "divide",
    "element",
    "equal",
    "flatten",
    "floor",
    "format_",
    "format_date",
    "format_list",
    "greater_than",
    "greater_than_or_equal_to",
    "has_index",
    "indent",
    "index",
    "int_",
    "join",
    "json_decode",
    "json_encode",
    "keys",
    "length",
    "less_than",
    "less_than_or_equal_to",
    "log",
    "lookup",
    "lower",
    "make_to_func",
    "max_",
    "merge",
    "min_",
    "modulo",
    "multiply",
    "negate",
    "not_",
    "not_equal",
    "or_",
    "parse_int",
    "pow_",
    "range_",
    "regex",
    "regex_all",
    "regex_replace",
    "replace",
    "reverse",
    "reverse_list",
    "set_has_element",
    "set_intersection",
    "set_product",
    "set_subtract",
    "set_symmetric_difference",
    "set_union",
    "signum",
    "slice_",
    "sort",
    "split",
    "strlen",
    "substr",
    "subtract",
    "time_add",
    "title",
    "to_bool",
    "to_list",
    "to_map",
    "to_number",
    "to_set",
    "to_string",
    "trim",
    "trim_prefix",
    "trim_space",
    "trim_suffix",
    "upper",
    "values",
    "zipmap",
]

__getattr__, __dir__ = lazy_names(_LAZY, globals())


class _FunctionTable(Mapping[str, Function]):
    """The library's functions by the names HCL-based tools call them by: a read-only mapping
    that loads a function's module when the function is first looked up."""

    __slots__ = ("_names",)

    def __init__(self, names: dict[str, str]) -> None:
        self._names = names

    def __getitem__(self, name: str) -> Function:
        function: Function = getattr(sys.modules[__name__], self._names[name])
        return function

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __repr__(self) -> str:
        return f"<cty.function.stdlib.FUNCTIONS: {len(self._names)} functions>"


FUNCTIONS: Mapping[str, Function] = _FunctionTable({
    "abs": "absolute",
    "add": "add",
    "and": "and_",
    "assertnotnull": "assert_not_null",
    "byteslen": "bytes_len",
    "bytesslice": "bytes_slice",
    "ceil": "ceil",
    "chomp": "chomp",
    "chunklist": "chunklist",
    "coalesce": "coalesce",
    "coalescelist": "coalesce_list",
    "compact": "compact",
    "concat": "concat",
    "contains": "contains",
    "csvdecode": "csv_decode",
    "distinct": "distinct",
    "divide": "divide",
    "element": "element",
    "equal": "equal",
    "flatten": "flatten",
    "floor": "floor",
    "format": "format_",
    "formatdate": "format_date",
    "formatlist": "format_list",
    "greaterthan": "greater_than",
    "greaterthanorequalto": "greater_than_or_equal_to",
    "hasindex": "has_index",
    "indent": "indent",
    "index": "index",
    "int": "int_",
    "join": "join",
    "jsondecode": "json_decode",
    "jsonencode": "json_encode",
    "keys": "keys",
    "length": "length",
    "lessthan": "less_than",
    "lessthanorequalto": "less_than_or_equal_to",
    "log": "log",
    "lookup": "lookup",
    "lower": "lower",
    "max": "max_",
    "merge": "merge",
    "min": "min_",
    "modulo": "modulo",
    "multiply": "multiply",
    "negate": "negate",
    "not": "not_",
    "notequal": "not_equal",
    "or": "or_",
    "parseint": "parse_int",
    "pow": "pow_",
    "range": "range_",
    "regex": "regex",
    "regexall": "regex_all",
    "regexreplace": "regex_replace",
    "replace": "replace",
    "reverse": "reverse_list",
    "sethaselement": "set_has_element",
    "setintersection": "set_intersection",
    "setproduct": "set_product",
    "setsubtract": "set_subtract",
    "setsymmetricdifference": "set_symmetric_difference",
    "setunion": "set_union",
    "signum": "signum",
    "slice": "slice_",
    "sort": "sort",
    "split": "split",
    "strlen": "strlen",
    "strrev": "reverse",
    "substr": "substr",
    "subtract": "subtract",
    "timeadd": "time_add",
    "title": "title",
    "tobool": "to_bool",
    "tolist": "to_list",
    "tomap": "to_map",
    "tonumber": "to_number",
    "toset": "to_set",
    "tostring": "to_string",
    "trim": "trim",
    "trimprefix": "trim_prefix",
    "trimspace": "trim_space",
    "trimsuffix": "trim_suffix",
    "upper": "upper",
    "values": "values",
    "zipmap": "zipmap",
})
"""Every function of the library, by the lower-case name HCL-based tools call it by."""
