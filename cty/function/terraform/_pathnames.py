"""Terraform's path-name functions (OpenTofu's lang/funcs filesystem.go): basename and dirname,
which work on the text of a path alone (Go's filepath.Base and filepath.Dir on Unix) and touch
no file."""

from __future__ import annotations

from cty import String, Type, Value, string_val

from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ._gopath import base, directory

__all__ = ["basename", "dirname"]


def _basename(args: list[Value], ty: Type) -> Value:
    return string_val(base(args[0].as_string()))


def _dirname(args: list[Value], ty: Type) -> Value:
    return string_val(directory(args[0].as_string()))


basename = Function(params=[Parameter("path", String)], type=static_return_type(String),
                    refine_result=refine_not_null, impl=_basename,
                    description="Returns the last element of a path.")
"""basename(path): the last element of *path* (``.`` for an empty path, ``/`` for the root)."""

dirname = Function(params=[Parameter("path", String)], type=static_return_type(String),
                   refine_result=refine_not_null, impl=_dirname,
                   description="Returns all but the last element of a path.")
"""dirname(path): all but the last element of *path*, cleaned (``.`` when there is none)."""
