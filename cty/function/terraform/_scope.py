"""terraform_functions: Terraform's whole function table for one caller, with the file
functions bound to the directory the caller gives and the impure functions only on request."""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Mapping
from types import MappingProxyType

from .._function import Function
from ..stdlib import FUNCTIONS as STDLIB
from ._files import file_functions
from ._impure import impure_functions
from ._sandbox import MAX_FILE_BYTES, MAX_GLOB_ENTRIES, Sandbox
from ._table import FUNCTIONS
from ._template import templatefile_function

__all__ = ["terraform_functions"]


def terraform_functions(base_dir: str | os.PathLike[str] | None = None, *,
                        home: str | None = None, impure: bool = False,
                        planning: bool = False, plan_time: datetime.datetime | None = None,
                        clock: Callable[[], datetime.datetime] | None = None,
                        max_file_bytes: int = MAX_FILE_BYTES,
                        max_glob_entries: int = MAX_GLOB_ENTRIES) -> Mapping[str, Function]:
    """Terraform's function table (go-cty's standard library under Terraform's names, and
    ``FUNCTIONS``), read-only, with:

    * given *base_dir*, the file functions (file, filebase64, fileexists, fileset, filemd5,
      filesha1, filesha256, filesha512, filebase64sha256, filebase64sha512, templatefile,
      abspath, pathexpand), which read nothing outside *base_dir* (relative paths are joined
      to it, as Terraform joins them to a module's directory; abspath resolves against it);
      ``~`` leads to *home* (None: nowhere); a file of more than *max_file_bytes* is refused,
      and a fileset that looks at more than *max_glob_entries* directory entries;
    * with *impure*, uuid, timestamp, bcrypt and plantimestamp: while *planning*, uuid,
      timestamp and bcrypt give unknowns, as during a Terraform plan; plantimestamp gives
      *plan_time* (unknown without one); *clock* gives the time now (the system's by
      default).

    >>> import cty
    >>> from cty.function.terraform import terraform_functions
    >>> table = terraform_functions(impure=True, planning=True)
    >>> table["timestamp"]()
    cty.unknown_val(cty.String).refine_not_null()
    >>> table["upper"](cty.string_val("a"))
    cty.string_val('A')
    """
    table: dict[str, Function] = dict(STDLIB)
    table.update(FUNCTIONS)
    if base_dir is not None:
        sandbox = Sandbox(base_dir, home=home, max_file_bytes=max_file_bytes,
                          max_glob_entries=max_glob_entries)
        table.update(file_functions(sandbox))
        table["templatefile"] = templatefile_function(sandbox, lambda: table)
    if impure:
        table.update(impure_functions(planning=planning, plan_time=plan_time, clock=clock))
    return MappingProxyType(table)
