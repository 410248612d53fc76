"""What reading any of Terraform's JSON documents takes: the error that says where in the
document it is not what Terraform writes, and the checks of its fields' kinds.

The checks raise ``Invalid``; each reader turns it into its own public error (SchemaError,
PlanError), keeping ``where``: the place in the document written as a path of JSON names
and indexes (``resource_changes[3].change.after``).
"""

from __future__ import annotations

import codecs
import re
from typing import Any, Final

from cty import CtyValueError
from cty._internal import deep, go_json_string
from cty.encoding import DecodeError
from cty.encoding._json_decode import load as _load_json
from cty.encoding._json_number import JNum

__all__ = ["DocumentError", "Invalid", "array", "at", "choice", "count", "flag", "kind", "load",
           "object_", "quote", "strings", "text", "whole"]


class DocumentError(CtyValueError):
    """A Terraform JSON document that is not what Terraform writes: ``where`` says where in the
    document (empty: the document as a whole), ``problem`` what is wrong there."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem


class Invalid(Exception):
    """Internal: where a document is not what Terraform writes, and why."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(where, problem)
        self.where = where
        self.problem = problem


def load(data: str | bytes | bytearray | memoryview) -> Any:
    """The JSON document *data* as Python objects, numbers as ``int`` or their text (a
    ``JNum``: exact, as go-cty reads them), to the depth cty's limits allow."""
    if not isinstance(data, str | bytes | bytearray | memoryview):
        raise TypeError(f"data must be str or bytes, not {type(data).__name__}")
    if not isinstance(data, str):
        try:
            codecs.decode(data, "utf-8")
        except UnicodeDecodeError as e:
            raise Invalid("", f"the document is not UTF-8 text: {e}") from None
    try:
        return _load_deep(data)
    except DecodeError as e:
        raise Invalid("", f"the document is not JSON: {e}") from None


@deep  # (cty.encoding's reader reads any depth on a chain of cty._deep)
def _load_deep(data: str | bytes | bytearray | memoryview) -> Any:
    return _load_json(data)


def object_(tree: Any, where: str) -> dict[str, Any]:
    """*tree*, which must be a JSON object."""
    if tree.__class__ is not dict:
        raise Invalid(where, "must be a JSON object" if where else
                      "the document must be a JSON object")
    return tree


def array(tree: Any, where: str) -> list[Any]:
    """*tree*, which must be a JSON array."""
    if tree.__class__ is not list:
        raise Invalid(where, f"must be a JSON array, not {kind(tree)}")
    return tree


def strings(tree: Any, where: str) -> list[str]:
    """*tree*, which must be a JSON array of strings."""
    items = array(tree, where)
    for i, s in enumerate(items):
        if s.__class__ is not str:
            raise Invalid(f"{where}[{i}]", f"must be a string, not {kind(s)}")
    return items


def flag(doc: dict[str, Any], key: str, where: str) -> bool:
    """The bool *doc* has at *key* (false when absent)."""
    value = doc.get(key, False)
    if value is not True and value is not False:
        raise Invalid(at(where, key), "must be true or false")
    return value


def text(doc: dict[str, Any], key: str, where: str) -> str:
    """The string *doc* has at *key* (empty when absent)."""
    value = doc.get(key, "")
    if value.__class__ is not str:
        raise Invalid(at(where, key), "must be a string")
    return value


def count(doc: dict[str, Any], key: str, where: str) -> int:
    """The whole number, 0 or more, *doc* has at *key* (0 when absent)."""
    value = whole(doc.get(key, 0))
    if value is None or value < 0:
        raise Invalid(at(where, key), "must be a whole number, 0 or more")
    return value


_WHOLE: Final = re.compile(r"-?(?:0|[1-9][0-9]*)")


def whole(value: Any) -> int | None:
    """*value* as an int when it is a whole number's JSON (an int, or the text the reader
    keeps a number as when the document holds a -0), else None."""
    if value.__class__ is int:
        return int(value)
    if value.__class__ is JNum and _WHOLE.fullmatch(value):
        return int(value)
    return None


def choice(doc: dict[str, Any], key: str, choices: tuple[str, ...], where: str) -> str:
    """The string *doc* has at *key*, which must be one of *choices*."""
    value = doc.get(key)
    if value not in choices:
        given = quote(value) if value.__class__ is str else kind(value)
        raise Invalid(at(where, key), f"must be one of {', '.join(choices)}, not {given}")
    return str(value)


def at(where: str, key: str) -> str:
    """The place of property *key* of the object at *where*."""
    return f"{where}.{key}" if where else key


def quote(name: str) -> str:
    """*name* as a JSON string, for a place in a document."""
    return go_json_string(name)


def kind(value: Any) -> str:
    """What the decoded JSON *value* is, in words."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if value.__class__ is dict:
        return "an object"
    if value.__class__ is list:
        return "an array"
    if value.__class__ is str:
        return "a string"
    return "a number"
