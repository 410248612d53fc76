"""terraform_functions: Terraform's whole function table for one caller, with the file
functions bound to the directory the caller gives and the impure functions only on request."""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

from cty.hcl import TRY_FUNCTIONS

from .._function import Function
from ..stdlib import FUNCTIONS as STDLIB
from ._files import file_functions
from ._impure import impure_functions
from ._sandbox import MAX_FILE_BYTES, MAX_GLOB_ENTRIES, Sandbox
from ._table import FUNCTIONS
from ._template import templatefile_function, templatestring_function

__all__ = ["FROM_STDLIB", "terraform_functions"]

FROM_STDLIB: Final = frozenset({
    "abs", "ceil", "chomp", "chunklist", "coalescelist", "compact", "concat", "contains",
    "csvdecode", "distinct", "element", "flatten", "floor", "format", "formatdate",
    "formatlist", "indent", "join", "jsondecode", "jsonencode", "keys", "log", "lower", "max",
    "merge", "min", "parseint", "pow", "range", "regex", "regexall", "reverse",
    "setintersection", "setproduct", "setsubtract", "setunion", "signum", "slice", "sort",
    "split", "strrev", "substr", "timeadd", "title", "trim", "trimprefix", "trimspace",
    "trimsuffix", "upper", "values", "zipmap"})
"""The names Terraform's table gives go-cty's standard library functions as they are (the
rest of go-cty's library is not in Terraform's table; Terraform's own versions of length,
lookup, index, replace, coalesce and the conversions are in ``FUNCTIONS``)."""


CORE: Final = "core::"
"""The namespace every built-in function is also known by (``core::upper``), as in Terraform
1.8 on and OpenTofu."""


def terraform_functions(base_dir: str | os.PathLike[str] | None = None, *,
                        home: str | None = None, impure: bool = False,
                        planning: bool = False, plan_time: datetime.datetime | None = None,
                        clock: Callable[[], datetime.datetime] | None = None,
                        max_file_bytes: int = MAX_FILE_BYTES,
                        max_glob_entries: int = MAX_GLOB_ENTRIES) -> Mapping[str, Function]:
    """Terraform's function table, read-only: the go-cty standard library functions Terraform
    has (``FROM_STDLIB``), HCL's ``try`` and ``can``, ``FUNCTIONS`` and templatestring, with:

    * given *base_dir*, the file functions (file, filebase64, fileexists, fileset, filemd5,
      filesha1, filesha256, filesha512, filebase64sha256, filebase64sha512, templatefile,
      abspath, pathexpand), which read nothing outside *base_dir* (relative paths are joined
      to it, as Terraform joins them to a module's directory; abspath resolves against it);
      ``~`` leads to *home* (None: nowhere); a file of more than *max_file_bytes* is refused,
      and a fileset that looks at more than *max_glob_entries* directory entries;
    * with *impure*, uuid, timestamp, bcrypt and plantimestamp: while *planning*, uuid,
      timestamp and bcrypt give unknowns, as during a Terraform plan; plantimestamp gives
      *plan_time* (unknown without one); *clock* gives the time now (the system's by
      default);
    * and each of them by its name in the ``core::`` namespace too (``core::upper``).

    >>> import cty
    >>> from cty.function.terraform import terraform_functions
    >>> table = terraform_functions(impure=True, planning=True)
    >>> table["timestamp"]()
    cty.unknown_val(cty.String).refine_not_null()
    >>> table["upper"](cty.string_val("a"))
    cty.string_val('A')
    """
    table: dict[str, Function] = {name: STDLIB[name] for name in sorted(FROM_STDLIB)}
    table.update(TRY_FUNCTIONS)
    table.update(FUNCTIONS)
    table["templatestring"] = templatestring_function(lambda: table)
    if base_dir is not None:
        sandbox = Sandbox(base_dir, home=home, max_file_bytes=max_file_bytes,
                          max_glob_entries=max_glob_entries)
        table.update(file_functions(sandbox))
        table["templatefile"] = templatefile_function(sandbox, lambda: table)
    if impure:
        table.update(impure_functions(planning=planning, plan_time=plan_time, clock=clock))
    table.update({CORE + name: f for name, f in list(table.items())})
    return MappingProxyType(table)
