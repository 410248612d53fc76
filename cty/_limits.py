"""The library's resource limits: how deep, how large a number written as text, how long a
string a function may build.

Untrusted input must not make the library use unbounded memory or time. Two limits are
configurable, process-wide, with ``cty.set_limits``:

* ``max_depth`` (default 10,000): the nesting depth that every operation is guaranteed to
  handle. Deeply recursive work runs again on a chain of helper threads with room for this
  many levels (about 20 interpreter frames per level; see cty._deep); beyond the room it
  raises an error saying the value is nested too deeply (a DecodeError from the decoders,
  whose slow paths also stop there).
  It is a floor, not a ceiling: work that fits in the room goes deeper. (go-cty's JSON reader
  stops at 10,000 levels whatever this says, and so does ours, for compatibility.)
* ``max_number_digits`` (default 1,000,000): the longest decimal text a number may be written
  as. A number's decimal text can be far longer than the number's storage (``1e99999999`` is a
  few bytes, and 100,000,000 characters written out), so converting it to a string, encoding it
  as JSON or msgpack, or building an exact Decimal of it checks the length first and raises
  ``LimitExceededError`` (wrapped in the caller's PathError or EncodeError, with the path)
  instead of allocating.

* ``max_string_length`` (default 100,000,000): the longest string a function of the standard
  library may build from shorter arguments (``indent(2147483648, "a\\nb")`` asks for 2 GB from
  12 bytes); the call is refused with an ArgError naming the argument, before the work.

Other sizes need no configuration: decoders check every length a header declares against the
bytes present before allocating anything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ._errors import CtyTypeError, CtyValueError

__all__ = ["LimitExceededError", "Limits", "check_number_digits", "check_string_length", "limits",
           "set_limits"]

MAX_DEPTH_CEILING = 100_000
"""The largest max_depth that can be set (a chain of cty._deep for this many levels has some
6,000 helper threads, each waiting on the next)."""
FRAMES_PER_LEVEL = 20
"""Interpreter frames the deepest recursive algorithm uses per nesting level, at most."""


class LimitExceededError(CtyValueError):
    """An operation would exceed one of the limits of ``cty.limits()``.

    Raised where no path is at hand; conversions and encoders report it as their own error
    (PathError, EncodeError) at the path of the value that exceeded the limit.
    """


@dataclass(frozen=True, slots=True)
class Limits:
    """The resource limits in force (see ``cty.set_limits``).

    >>> cty.limits().max_depth
    10000
    """

    max_depth: int = 10_000
    """Nesting levels every operation is guaranteed to handle (a floor, not a ceiling)."""
    max_number_digits: int = 1_000_000
    """The longest decimal text of a number that the library will write."""
    max_string_length: int = 100_000_000
    """The longest string (in code points) a function may build from shorter arguments
    (``indent``'s spaces, ``format``'s padding, ``regexreplace``'s replacements...): a few
    bytes of input may ask for gigabytes, and are refused before the work."""
    max_collection_length: int = 1_000_000
    """The most elements a function may build from fewer (``setproduct``'s combinations):
    six sets of ten make a million tuples, refused before the work past this many."""


_current = Limits()


def limits() -> Limits:
    """Return the limits in force."""
    return _current


def set_limits(base: Limits | None = None, /, *, max_depth: int | None = None,
               max_number_digits: int | None = None,
               max_string_length: int | None = None,
               max_collection_length: int | None = None) -> Limits:
    """Change the limits, process-wide; return the limits that were in force before.

    The new limits are *base* (the limits in force if not given) with the values given by
    name. ``max_depth`` may be 100 to 100,000; ``max_number_digits``, ``max_string_length``
    and ``max_collection_length`` at least 1,000. Passing the returned limits back restores
    them:

    >>> old = cty.set_limits(max_number_digits=5_000)
    >>> try:
    ...     cty.convert.convert(cty.parse_number_val("1e6000"), cty.String)
    ... except cty.PathError as e:
    ...     print(e.message[:60])
    number is too large to write as text: about 6,001 digits, mo
    >>> _ = cty.set_limits(old)
    """
    global _current
    if base is None:
        base = _current
    elif not isinstance(base, Limits):
        raise CtyTypeError(f"set_limits takes a cty.Limits, not {type(base).__name__}")
    new = replace(base, **{k: v for k, v in (("max_depth", max_depth),
                                             ("max_number_digits", max_number_digits),
                                             ("max_string_length", max_string_length),
                                             ("max_collection_length", max_collection_length))
                           if v is not None})
    _check_int("max_depth", new.max_depth, 100, MAX_DEPTH_CEILING)
    _check_int("max_number_digits", new.max_number_digits, 1_000, None)
    _check_int("max_string_length", new.max_string_length, 1_000, None)
    _check_int("max_collection_length", new.max_collection_length, 1_000, None)
    old, _current = _current, new
    return old


def _check_int(name: str, v: object, lo: int, hi: int | None) -> None:
    if v.__class__ is not int:
        raise CtyTypeError(f"{name} must be an int, not {type(v).__name__}")
    assert isinstance(v, int)
    if v < lo or (hi is not None and v > hi):
        bound = f"at least {lo:,}" if hi is None else f"from {lo:,} to {hi:,}"
        raise CtyValueError(f"{name} must be {bound}, not {v:,}")


def check_string_length(length: int, what: str) -> None:
    """Raise LimitExceededError when *what* (a string about to be built) would be *length*
    code points long, more than max_string_length."""
    limit = _current.max_string_length
    if length > limit:
        raise LimitExceededError(
            f"{what} would be {length:,} characters long, more than max_string_length "
            f"({limit:,}) of cty.set_limits")


def check_collection_length(length: int, what: str) -> None:
    """Raise LimitExceededError when *what* (a collection about to be built) would have
    *length* elements, more than max_collection_length."""
    limit = _current.max_collection_length
    if length > limit:
        raise LimitExceededError(
            f"{what} would have {length:,} elements, more than max_collection_length "
            f"({limit:,}) of cty.set_limits")


def check_number_digits(digits: int) -> None:
    """Raise LimitExceededError when a number's text of about *digits* characters is too long."""
    limit = _current.max_number_digits
    if digits > limit:
        raise LimitExceededError(
            f"number is too large to write as text: about {digits:,} digits, more than "
            f"max_number_digits ({limit:,}) of cty.set_limits")
