"""Terraform's file functions (OpenTofu's lang/funcs filesystem.go and crypto.go), each bound
to a ``Sandbox``: file, filebase64, fileexists, fileset, filemd5, filesha1, filesha256,
filesha512, filebase64sha256, filebase64sha512, abspath and pathexpand.

``file_functions(sandbox)`` makes them; ``cty.function.terraform.terraform_functions`` is how
a caller gets them. A path's marks carry over to the result, and an error shows a sensitive
path as ``(sensitive value)``.
"""

from __future__ import annotations

import base64
import errno
import hashlib
import os
from collections.abc import Callable
from typing import Final

from cty import (
    Bool,
    False_,
    Set,
    String,
    True_,
    Type,
    Value,
    set_val,
    set_val_empty,
    string_val,
)

from .._errors import ArgError, FunctionError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ._glob import GlobSyntaxError, compile_glob, expand_alternatives, literal_prefix
from ._gopath import clean, expand_home, is_abs, join
from ._redact import redacted
from ._sandbox import ReadFailure, Sandbox, go_error_text

__all__ = ["file_functions", "read_text_argument"]

_MISSING: Final = ("no file exists at {}; this function works only with files that are "
                   "distributed as part of the configuration source code, so if this file "
                   "will be created by a resource in this configuration you must instead "
                   "obtain this result from an attribute of that resource")


def _path(name: str = "path") -> Parameter:
    return Parameter(name, String, allow_marked=True)


def _read_argument(sandbox: Sandbox, text: str, marks: frozenset[object]) -> bytes:
    """The bytes of the file *text* names, or Terraform's error for file and filebase64."""
    shown = redacted(text, marks)
    try:
        full = sandbox.path(text)
        return sandbox.read(full, shown)
    except ReadFailure as e:
        raise ArgError(0, f"failed to read file: {e}") from None
    except FunctionError as e:
        raise ArgError(0, str(e)) from None
    except OSError as e:
        if e.errno == errno.ENOENT:
            raise ArgError(0, _MISSING.format(shown)) from None
        raise ArgError(0, f"open {full}: {go_error_text(e)}") from None


def read_text_argument(sandbox: Sandbox, text: str, marks: frozenset[object]) -> str:
    """The text of the file *text* names (UTF-8), or Terraform's error for the file
    function."""
    data = _read_argument(sandbox, text, marks)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FunctionError(
            f"contents of {redacted(text, marks)} are not valid UTF-8; use the filebase64 "
            "function to obtain the Base64 encoded contents or the other file functions "
            "(e.g. filemd5, filesha256) to obtain file hashing results instead") from None


def _file(sandbox: Sandbox, encode: bool) -> Function:
    def call(args: list[Value], ty: Type) -> Value:
        path, marks = args[0].unmark()
        text = path.as_string()
        if encode:
            data = _read_argument(sandbox, text, marks)
            return string_val(base64.b64encode(data).decode("ascii")).with_marks(marks)
        return string_val(read_text_argument(sandbox, text, marks)).with_marks(marks)

    what = ("Reads the contents of a file at the given path and returns them as a "
            "base64-encoded string." if encode else
            "Reads the contents of a file at the given path and returns them as a string.")
    return Function(params=[_path()], type=static_return_type(String),
                    refine_result=refine_not_null, impl=call, description=what)


def _hash_file(sandbox: Sandbox, name: str, encode: Callable[[bytes], str],
               what: str) -> Function:
    def call(args: list[Value], ty: Type) -> Value:
        text = args[0].as_string()
        full = sandbox.path(text)
        try:
            data = sandbox.read(full, redacted(text, frozenset()))
        except OSError as e:
            raise FunctionError(f"open {full}: {go_error_text(e)}") from None
        return string_val(encode(hashlib.new(name, data).digest()))

    return Function(params=[Parameter("path", String)], type=static_return_type(String),
                    refine_result=refine_not_null, impl=call, description=what)


def _hex(digest: bytes) -> str:
    return digest.hex()


def _base64(digest: bytes) -> str:
    return base64.b64encode(digest).decode("ascii")


_KINDS: Final = ((0o040000, "is a directory, not a file"),
                 (0o060000, "is a device node, not a regular file"),
                 (0o020000, "is a device node, not a regular file"),
                 (0o010000, "is a named pipe, not a regular file"),
                 (0o140000, "is a unix domain socket, not a regular file"))


def _fileexists(sandbox: Sandbox) -> Function:
    def call(args: list[Value], ty: Type) -> Value:
        path, marks = args[0].unmark()
        full = sandbox.path(path.as_string())
        shown = redacted(full, marks)
        real = sandbox.inside(full, shown)
        try:
            info = os.stat(real)
        except OSError as e:
            if e.errno == errno.ENOENT:
                return False_.with_marks(marks)
            raise FunctionError(f"failed to stat {shown}") from None
        kind = info.st_mode & 0o170000
        if kind == 0o100000:
            return True_.with_marks(marks)
        problem = next((words for mode, words in _KINDS if mode == kind), "is not a regular file")
        # (Terraform names argument 1 here, though the function has one argument)
        raise ArgError(1, f"{shown} {problem}")

    return Function(params=[_path()], type=static_return_type(Bool),
                    refine_result=refine_not_null, impl=call,
                    description="Determines whether a file exists at a given path.")


def _fileset(sandbox: Sandbox) -> Function:
    def call(args: list[Value], ty: Type) -> Value:
        path_arg, path_marks = args[0].unmark()
        pattern_arg, pattern_marks = args[1].unmark()
        marks = path_marks | pattern_marks
        path = sandbox.joined(path_arg.as_string())
        pattern = join(path, pattern_arg.as_string())
        try:
            patterns = [(literal_prefix(p), p) for p in expand_alternatives(pattern)]
            matchers = [(root or ".", compile_glob(below), below) for (root, below), _
                        in patterns]
        except GlobSyntaxError as e:
            raise FunctionError(f"failed to glob pattern {redacted(pattern, marks)}: {e}") \
                from None
        names: set[str] = set()
        for root, matcher, below in matchers:
            sandbox.inside(root, redacted(root, marks))
            depth = None if "**" in below.split("/") else below.count("/") + 1
            prefix = root.rstrip("/") + "/"
            for full in sandbox.walk(root, depth):
                if matcher.fullmatch(full[len(prefix):]):
                    names.add(_relative(clean(full), path))
        found = [string_val(name) for name in sorted(names)]
        if not found:
            return set_val_empty(String).with_marks(marks)
        return set_val(found).with_marks(marks)

    return Function(params=[_path(), _path("pattern")], type=static_return_type(Set(String)),
                    refine_result=refine_not_null, impl=call,
                    description="Enumerates a set of regular file names given a path and "
                                "pattern.")


def _relative(target: str, base: str) -> str:
    """Go's filepath.Rel for two clean paths both absolute or both relative."""
    if not is_abs(base) and base == ".":
        return target
    rel = os.path.relpath(target if is_abs(target) else "/" + target,
                          base if is_abs(base) else "/" + base)
    return clean(rel)


def _abspath(sandbox: Sandbox) -> Function:
    def call(args: list[Value], ty: Type) -> Value:
        path = args[0].as_string()
        return string_val(clean(path) if is_abs(path) else join(sandbox.real_base, path))

    return Function(params=[Parameter("path", String)], type=static_return_type(String),
                    refine_result=refine_not_null, impl=call,
                    description="Converts a filesystem path to an absolute path.")


def _pathexpand(sandbox: Sandbox) -> Function:
    def call(args: list[Value], ty: Type) -> Value:
        return string_val(expand_home(args[0].as_string(), sandbox.home))

    return Function(params=[Parameter("path", String)], type=static_return_type(String),
                    refine_result=refine_not_null, impl=call,
                    description="Expands a leading ~ character to the current user's home "
                                "directory.")


def file_functions(sandbox: Sandbox) -> dict[str, Function]:
    """Terraform's file functions, reading within *sandbox*, by Terraform's names."""
    hashes = {
        "filemd5": ("md5", _hex, "MD5", "hexadecimal digits"),
        "filesha1": ("sha1", _hex, "SHA1", "hexadecimal digits"),
        "filesha256": ("sha256", _hex, "SHA256", "hexadecimal digits"),
        "filesha512": ("sha512", _hex, "SHA512", "hexadecimal digits"),
        "filebase64sha256": ("sha256", _base64, "SHA256", "Base64"),
        "filebase64sha512": ("sha512", _base64, "SHA512", "Base64"),
    }
    out = {
        "abspath": _abspath(sandbox),
        "file": _file(sandbox, encode=False),
        "filebase64": _file(sandbox, encode=True),
        "fileexists": _fileexists(sandbox),
        "fileset": _fileset(sandbox),
        "pathexpand": _pathexpand(sandbox),
    }
    for name, (algorithm, encode, title, form) in hashes.items():
        out[name] = _hash_file(sandbox, algorithm, encode,
                               f"Computes the {title} hash of the contents of the file at the "
                               f"given path and encodes it with {form}.")
    return out
