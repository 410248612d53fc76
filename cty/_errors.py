"""The errors cty raises: one family under CtyError, each also the matching built-in error.

* CtyError: the base of every error the library raises on purpose; catch it to catch them all.
* CtyTypeError (also a TypeError): an argument of the wrong kind (not a cty.Value where one is
  needed, a value of the wrong cty type, a str where an iterable of marks is expected).
* CtyValueError (also a ValueError): an argument of the right kind with a value the operation
  cannot take (a null, an unknown, a marked value, a number out of range).
* ElementNotFoundError (a CtyValueError, also a LookupError): a missing object attribute;
  its subclasses KeyNotFoundError (also a KeyError) for a map key that is not there and
  IndexOutOfRangeError (also an IndexError) for a list or tuple index out of range.
* PathError (a CtyValueError): an error about the value at a path (go-cty's PathError);
  conversion, decoding and encoding errors are PathErrors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._path import Path


class CtyError(Exception):
    """The base of every error cty raises on purpose."""


class CtyTypeError(CtyError, TypeError):
    """An argument of the wrong kind: not a cty.Value or cty.Type, or of the wrong cty type."""


class CtyValueError(CtyError, ValueError):
    """An argument of the right kind whose value the operation cannot take."""


class ElementNotFoundError(CtyValueError, LookupError):
    """A missing object attribute, a map key that is not there, an index out of range."""


class KeyNotFoundError(ElementNotFoundError, KeyError):
    """A map has no element under the key asked for."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class IndexOutOfRangeError(ElementNotFoundError, IndexError):
    """A list or tuple has no element at the index asked for."""


class PathError(CtyValueError):
    """An error about the value at *path* (go-cty's PathError).

    ``message`` is go-cty's bare text; ``str(e)`` puts the path in front of it
    (``.services[1].port: a number is required``) when the path is not empty.
    """

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message

    def __str__(self) -> str:
        if not self.path:
            return self.message
        return f"{self.path.format()}: {self.message}"

    def __repr__(self) -> str:
        return f"cty.PathError({self.path!r}, {self.message!r})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (PathError, (self.path, self.message))
