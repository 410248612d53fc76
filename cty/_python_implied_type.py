"""The cty type plain Python data implies: ``cty.implied_type({"a": [1, "x"]})``.

As go-cty's JSON ImpliedType reads a document, with Python's own kinds: a str is a string, a
bool a bool, any other real number (int, float, Decimal, Fraction, gmpy2's numbers) a number,
None the dynamic pseudo-type (a null of unknown type); a mapping with string keys, a
dataclass, a NamedTuple or a msgspec Struct is an object of its entries or fields; a list or a
tuple is a tuple of its elements' types; a set or frozenset is a set of the one type its
elements imply (an empty one: a set of any). A cty.Value implies its own type.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, TypeAlias

from ._collection_types import Set
from ._deep import deep, hop
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError
from ._field_names import record_fields
from ._number import int_text
from ._primitive_type import Bool, Number, String
from ._structural_types import Object, Tuple
from ._type import Type
from ._value import Value


@deep
def implied_type(data: object, /) -> Type:
    """Return the type plain Python *data* implies (see the module documentation).

    >>> cty.implied_type({"name": "web", "ports": [80, 443], "tags": {"a", "b"}})
    cty.Object({'name': cty.String, 'ports': cty.Tuple([cty.Number, cty.Number]), \
'tags': cty.Set(cty.String)})

    Raises CtyTypeError, naming where in *data*, for what no cty type describes (bytes, a
    complex number, a mapping with keys that are not strings, a set of mixed types, data that
    contains itself).
    """
    return _Reader().implied(data, None)


_Where: TypeAlias = "tuple[_Where, str | tuple[str, object, str]] | None"
"""Where in the data: the place of the container and the step into it (its text, or the key
or element between two brackets), or None for the top. Made into text only for an error, so
deep or wide data costs no strings."""


class _Reader:
    def __init__(self) -> None:
        self.open: set[int] = set()
        """The ids of the containers being read, to refuse data that contains itself."""

    @hop  # (it recurses, keeping the containers open: any depth)
    def implied(self, x: Any, where: _Where) -> Type:
        if x is None:
            return DynamicPseudoType
        if isinstance(x, Value):
            return x.type()
        if isinstance(x, bool):
            return Bool
        if isinstance(x, str):
            return String
        if isinstance(x, numbers.Real | Decimal):
            return Number
        if id(x) in self.open:
            raise _error(where, "the data contains itself, which no cty value can")
        self.open.add(id(x))
        try:
            return self._container(x, where)
        finally:
            self.open.discard(id(x))

    def _container(self, x: Any, where: _Where) -> Type:
        implied = self.implied
        if isinstance(x, Mapping):
            return Object({_key(k, where): implied(v, (where, ("[", k, "]")))
                           for k, v in x.items()})
        fields = record_fields(type(x))  # (renamed fields by the attributes they stand for)
        if fields is not None:
            return Object({attribute: implied(getattr(x, field), (where, f".{field}"))
                           for field, attribute in fields})
        if isinstance(x, list | tuple):
            return Tuple([implied(e, (where, f"[{i}]")) for i, e in enumerate(x)])
        if isinstance(x, set | frozenset):
            return Set(self._element_type(x, where))
        raise _error(where, f"{type(x).__qualname__} is not data cty has a type for")

    def _element_type(self, elems: set[Any] | frozenset[Any], where: _Where) -> Type:
        kinds = {self.implied(e, (where, ("{", e, "}"))) for e in elems} - {DynamicPseudoType}
        if len(kinds) > 1:
            names = sorted(t.friendly_name() for t in kinds)
            raise _error(where, "a set's elements must all be of one type, not "
                                f"{', '.join(names[:-1])} and {names[-1]}")
        return kinds.pop() if kinds else DynamicPseudoType


def _key(k: object, where: _Where) -> str:
    if not isinstance(k, str):
        raise _error(where, f"a mapping key must be a str to be an attribute name, not "
                            f"{type(k).__qualname__} ({show(k)})")
    return k


def _text(where: _Where) -> str:
    steps = []
    while where is not None:
        where, step = where
        steps.append(step if isinstance(step, str) else step[0] + show(step[1]) + step[2])
    return "".join(reversed(steps))


_SHOWN_DIGITS = 40
"""An int longer than this is shown by its first digits and its length."""


def show(x: object) -> str:
    """*x* for an error message: its repr, but an int too long to show whole (or for Python
    to write at all: past 4,300 digits str() refuses) as its first digits and its length."""
    if isinstance(x, int) and not isinstance(x, bool) and x.bit_length() > 4 * _SHOWN_DIGITS:
        digits = int_text(abs(x))
        if len(digits) > _SHOWN_DIGITS:
            sign = "-" if x < 0 else ""
            return f"{sign}{digits[:_SHOWN_DIGITS]}... (an int of {len(digits):,} digits)"
    return repr(x)


class ImpliedTypeError(CtyTypeError):
    """implied_type's error: the place in Python's notation before the reason, and the same
    place as cty path steps (for from_python's PathError)."""

    def __init__(self, text: str, reason: str, steps: list[tuple[str, Any]]) -> None:
        super().__init__(text)
        self.reason = reason
        self.steps = steps
        """("attr", name) and ("index", i) steps from the top, as far as a cty path can
        follow the data: a mapping's str keys and fields are attributes, a sequence's
        positions indexes; a set's element (not yet a cty value) ends them."""


def _steps(where: _Where) -> tuple[list[tuple[str, Any]], _Where]:
    """Return the cty path steps to *where*, outermost first (see ImpliedTypeError), and what
    of *where* they cannot follow (from a set's element on), relative to where they stop."""
    chain = []
    while where is not None:
        where, step = where
        chain.append(step)
    chain.reverse()
    steps: list[tuple[str, Any]] = []
    for step in chain:
        if isinstance(step, str):
            steps.append(("attr", step[1:]) if step.startswith(".") else
                         ("index", int(step[1:-1])))
        elif step[0] == "[" and isinstance(step[1], str):
            steps.append(("attr", step[1]))
        else:
            break
    rest: _Where = None
    for step in chain[len(steps):]:
        rest = (rest, step)
    return steps, rest


def _error(where: _Where, message: str) -> ImpliedTypeError:
    text = _text(where)
    steps, rest = _steps(where)
    reason = f"{_text(rest)}: {message}" if rest is not None else message
    return ImpliedTypeError(f"{text}: {message}" if text else message, reason, steps)
