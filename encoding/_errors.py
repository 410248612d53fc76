"""The error every decoder in cty.encoding raises."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cty import CtyValueError, PathError
from cty import Path as _Path
from cty._internal import PathFail

if TYPE_CHECKING:
    from cty import Path


class DecodeError(CtyValueError):
    """Bytes that cannot be decoded as a value of the wanted type.

    ``message`` says what is wrong; ``path`` (a cty.Path, possibly empty) says where in the
    value, and ``offset`` (an int or None) where in the input, when known.
    """

    def __init__(self, message: str, *, path: Path | None = None, offset: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = path if path is not None else _Path()
        self.offset = offset

    def __str__(self) -> str:
        where = []
        if self.path:
            where.append(self.path.format())
        if self.offset is not None:
            where.append(f"at byte {self.offset}")
        return f"{' '.join(where)}: {self.message}" if where else self.message

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.message, self.path, self.offset))


def _rebuild(message: str, path: Path, offset: int | None) -> DecodeError:
    return DecodeError(message, path=path, offset=offset)


class EncodeError(PathError):
    """A value that cannot be encoded in the wanted format (marked, unknown, a capsule...).

    A cty.PathError: ``path`` locates the offending value, ``message`` is go-cty's text.
    """

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(path, message)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (EncodeError, (self.path, self.message))


class Fail(PathFail):
    """Internal: a decoding failure travelling out of the planned decoders (cty's one
    path-collecting failure: each container it passes adds its step, innermost first); the
    entry point turns it into a DecodeError with the whole path. Never escapes cty.encoding.
    """

    def decode_error(self, offset: int | None = None) -> DecodeError:
        """Return the public DecodeError for this failure."""
        return DecodeError(self.message, path=self.path(), offset=offset)
