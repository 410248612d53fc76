"""cty.function.stdlib: go-cty's standard library of functions (work in progress, issue #15).

Each function is a cty.function.Function named in snake_case (a trailing ``_`` where the name
is a Python keyword: ``not_``, ``and_``, ``or_``). ``FUNCTIONS`` maps the lower-case names
HCL-based tools call them by (Terraform's where it has one; otherwise go-cty's Go name
lower-cased, without ``Func``) to the Functions.

>>> from cty.function import stdlib
>>> and_fn = stdlib.FUNCTIONS["and"]
>>> and_fn(cty.True_, cty.unknown_val(cty.Bool))
cty.unknown_val(cty.Bool).refine_not_null()
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .._function import Function
from ._bool import and_, not_, or_

__all__ = ["FUNCTIONS", "and_", "not_", "or_"]

FUNCTIONS: Mapping[str, Function] = MappingProxyType({
    "and": and_,
    "not": not_,
    "or": or_,
})
"""Every function of the library, by the lower-case name HCL-based tools call it by."""
