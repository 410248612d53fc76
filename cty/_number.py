"""Numbers with Go math/big.Float semantics, as go-cty uses them: the one interface to them.

A number payload is a Python ``int`` (the exact integer at go precision max(64, bit length)) or
a ``gmpy2.mpfr`` whose go precision is its ``.precision``. Three objects are identity
singletons, as in go-cty: ``ZERO`` (``cty.Zero``, precision 53) and ``POS_INF``/``NEG_INF``
(``cty.PositiveInfinity``/``cty.NegativeInfinity``, go precision 0). An infinity of go
precision 0 is an mpfr of precision 1 (so an mpfr infinity of precision 1 reads as go
precision 0).

Everything follows big.Float: binary mantissas rounded to nearest even, signed zeros, no NaN
(an operation that would make one raises ValueError). Binary exponents have Go's range,
-2**31 to 2**31 - 1 (cty._mpfr_range widens MPFR's default +-(2**30 - 1) in each thread), so a
value overflows to an infinity or underflows to zero exactly where Go's does. Parsing rejects
exponents outside Go's int64 and int32 limits, as Go does.

Formatting reproduces ``Text('f', -1)`` (the shortest decimal that reads back to the same
number at its own precision, found with Go's roundShortest rules), ``Text('g', 10)`` and
``Text('g', -1)``. Every gmpy2 operation here runs in an explicit context, so the caller's
current gmpy2 context never matters and is never changed.

The work is split by concept: ``_number_core`` (payloads, rounding contexts, construction,
inspection), ``_number_parse`` (text to number), ``_number_text`` (number to text) and
``_number_arith`` (arithmetic, comparison, equality); only they and ``_mpfr_range`` import
gmpy2. Everything else uses this module.
"""

from __future__ import annotations

from ._number_arith import (
    NaNResultError,
    abs_,
    add,
    cmp,
    div,
    eq_key,
    equal,
    mod,
    mul,
    neg,
    sub,
    to_int,
)
from ._number_core import (
    _INF1,
    _NINF1,
    _PZERO,
    NEG_INF,
    PARSE_PRECISION,
    POS_INF,
    ZERO,
    Num,
    _ctx,
    _from_int_at,
    _prec0_inf,
    as_mpfr,
    float64_value,
    from_float,
    from_fraction,
    from_int,
    from_ints_and_floats,
    from_mpfr,
    int64_value,
    is_inf,
    is_integer,
    is_mpfr,
    is_neg_zero,
    precision,
    remembered_float,
    sign,
    sort_key,
    to_float,
    trunc,
    uint64_value,
)
from ._number_parse import (
    NumberSyntaxError,
    from_decimal,
    parse,
)
from ._number_text import (
    float_set_key,
    format_f,
    format_g,
    format_g10,
    format_text,
    gostring,
    int_text,
    to_decimal,
    to_exact_text,
    to_shortest_decimal,
    whole_number_text,
)

__all__ = [
    "NEG_INF",
    "PARSE_PRECISION",
    "POS_INF",
    "ZERO",
    "_INF1",
    "_NINF1",
    "_PZERO",
    "NaNResultError",
    "Num",
    "NumberSyntaxError",
    "_ctx",
    "_from_int_at",
    "_prec0_inf",
    "abs_",
    "add",
    "as_mpfr",
    "cmp",
    "div",
    "eq_key",
    "equal",
    "float64_value",
    "float_set_key",
    "format_f",
    "format_g",
    "format_g10",
    "format_text",
    "from_decimal",
    "from_float",
    "from_fraction",
    "from_int",
    "from_ints_and_floats",
    "from_mpfr",
    "gostring",
    "int64_value",
    "int_text",
    "is_inf",
    "is_integer",
    "is_mpfr",
    "is_neg_zero",
    "mod",
    "mul",
    "neg",
    "parse",
    "precision",
    "remembered_float",
    "sign",
    "sort_key",
    "sub",
    "to_decimal",
    "to_exact_text",
    "to_float",
    "to_int",
    "to_shortest_decimal",
    "trunc",
    "uint64_value",
    "whole_number_text",
]
