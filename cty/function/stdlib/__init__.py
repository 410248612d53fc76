"""cty.function.stdlib: go-cty's standard library of functions (work in progress, issue #15).

Each function is a cty.function.Function named in snake_case (a trailing ``_`` where the name
is a Python keyword or built-in: ``not_``, ``and_``, ``or_``, ``int_``, ``min_``, ``max_``).
``FUNCTIONS`` maps the lower-case names HCL-based tools call them by (Terraform's where it has
one; otherwise go-cty's Go name lower-cased, without ``Func``) to the Functions.

>>> from cty.function import stdlib
>>> and_fn = stdlib.FUNCTIONS["and"]
>>> and_fn(cty.True_, cty.unknown_val(cty.Bool))
cty.unknown_val(cty.Bool).refine_not_null()
>>> stdlib.coalesce(cty.null_val(cty.String), cty.number_int_val(1))
cty.string_val('1')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .._function import Function
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
from ._general import coalesce, equal, not_equal
from ._math import parse_int, signum
from ._rounding import ceil, floor, int_, max_, min_

__all__ = [
    "FUNCTIONS",
    "absolute",
    "add",
    "and_",
    "ceil",
    "coalesce",
    "divide",
    "equal",
    "floor",
    "greater_than",
    "greater_than_or_equal_to",
    "int_",
    "less_than",
    "less_than_or_equal_to",
    "max_",
    "min_",
    "modulo",
    "multiply",
    "negate",
    "not_",
    "not_equal",
    "or_",
    "parse_int",
    "signum",
    "subtract",
]

FUNCTIONS: Mapping[str, Function] = MappingProxyType({
    "absolute": absolute,
    "add": add,
    "and": and_,
    "ceil": ceil,
    "coalesce": coalesce,
    "divide": divide,
    "equal": equal,
    "floor": floor,
    "greaterthan": greater_than,
    "greaterthanorequalto": greater_than_or_equal_to,
    "int": int_,
    "lessthan": less_than,
    "lessthanorequalto": less_than_or_equal_to,
    "max": max_,
    "min": min_,
    "modulo": modulo,
    "multiply": multiply,
    "negate": negate,
    "not": not_,
    "notequal": not_equal,
    "or": or_,
    "parseint": parse_int,
    "signum": signum,
    "subtract": subtract,
})
"""Every function of the library, by the lower-case name HCL-based tools call it by."""
