"""The errors a function call raises: FunctionError, ArgError (naming the argument), PanicError."""

from __future__ import annotations

from cty import CtyValueError

__all__ = ["ArgError", "FunctionError", "PanicError"]


class FunctionError(CtyValueError):
    """A function call failed: the wrong number of arguments, or an error of the function's own
    (an implementation raises this, or a subclass, for a call it refuses)."""


class ArgError(FunctionError):
    """A function call failed because of argument number *index* (counting from 0, variadic
    arguments included): go-cty's function.ArgError.

    >>> e = ArgError(1, "argument must not be null")
    >>> e.index, str(e)
    (1, 'argument must not be null')
    """

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message

    def __repr__(self) -> str:
        return f"ArgError({self.index!r}, {self.message!r})"


class PanicError(FunctionError):
    """A function's type or implementation callback raised an exception that is not a
    FunctionError: go-cty's function.PanicError. The exception is ``cause`` (and
    ``__cause__``), with its traceback.
    """

    def __init__(self, cause: BaseException) -> None:
        super().__init__(f"panic in function implementation: {type(cause).__name__}: {cause}")
        self.cause = cause
