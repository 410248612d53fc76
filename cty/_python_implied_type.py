"""The cty type plain Python data implies: ``cty.implied_type({"a": [1, "x"]})``.

As go-cty's JSON ImpliedType reads a document, with Python's own kinds: a str is a string, a
bool a bool, any other real number (int, float, Decimal, Fraction, gmpy2's numbers) a number,
None the dynamic pseudo-type (a null of unknown type); a mapping with string keys, a
dataclass, a NamedTuple or a msgspec Struct is an object of its entries or fields; a list or a
tuple is a tuple of its elements' types; a set or frozenset is a set of the one type its
elements imply (an empty one: a set of any). A cty.Value implies its own type.
"""

from __future__ import annotations

import dataclasses
import numbers
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import msgspec

from ._collection_types import Set
from ._deep import deep
from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError
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
    complex number, a mapping with keys that are not strings, a set of mixed types).
    """
    return _implied(data, "")


def _implied(x: Any, where: str) -> Type:
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
    if isinstance(x, Mapping):
        return Object({_key(k, where): _implied(v, f"{where}[{k!r}]") for k, v in x.items()})
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return Object({f.name: _implied(getattr(x, f.name), f"{where}.{f.name}")
                       for f in dataclasses.fields(x)})
    if isinstance(x, msgspec.Struct):
        return Object({n: _implied(getattr(x, n), f"{where}.{n}") for n in x.__struct_fields__})
    if isinstance(x, tuple) and hasattr(x, "_fields"):
        return Object({n: _implied(getattr(x, n), f"{where}.{n}") for n in x._fields})
    if isinstance(x, list | tuple):
        return Tuple([_implied(e, f"{where}[{i}]") for i, e in enumerate(x)])
    if isinstance(x, set | frozenset):
        return Set(_element_type(x, where))
    raise _error(where, f"{type(x).__qualname__} is not data cty has a type for")


def _key(k: object, where: str) -> str:
    if not isinstance(k, str):
        raise _error(where, f"a mapping key must be a str to be an attribute name, not "
                            f"{type(k).__qualname__} ({k!r})")
    return k


def _element_type(elems: set[Any] | frozenset[Any], where: str) -> Type:
    kinds = {_implied(e, f"{where}{{{e!r}}}") for e in elems} - {DynamicPseudoType}
    if len(kinds) > 1:
        names = sorted(t.friendly_name() for t in kinds)
        raise _error(where, "a set's elements must all be of one type, not "
                            f"{', '.join(names[:-1])} and {names[-1]}")
    return kinds.pop() if kinds else DynamicPseudoType


def _error(where: str, message: str) -> CtyTypeError:
    return CtyTypeError(f"{where}: {message}" if where else message)
