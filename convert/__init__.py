"""cty.convert: conversions between cty types, and type unification (go-cty's convert package).

A conversion turns a value of one type into a value of another type holding the same
information: the number ``5`` becomes the string ``"5"``. *Safe* conversions succeed for every
value of their input type (number to string); *unsafe* ones only for some (the string
``"2.5"`` converts to a number, ``"bananas"`` does not) and raise cty.PathError otherwise.

* ``get_conversion(in, out)`` and ``get_conversion_unsafe(in, out)`` return a Conversion, or
  None when there is none. There is no conversion from a primitive type to itself.
* ``convert(value, type)`` converts a value, using unsafe conversions too;
  ``conversion_errors(value, type)`` lists every reason it does not convert, each at its path.
* ``unify(types)`` and ``unify_unsafe(types)`` find one type that all the given types convert
  to, with the conversion each needs.
* ``mismatch_message(got, want)`` says in English why *got* does not convert to *want*.
* ``parse_type_with_defaults(text)`` reads an HCL type expression whose optional attributes
  may name defaults (``optional(number, 80)``); ``Defaults.apply(value)`` fills them in, and
  ``convert_with_defaults(value, type, defaults)`` applies them and converts, as HCL does;
  ``type_with_defaults_from_annotation(hint)`` gives a Python class's type and its fields'
  defaults the same way.

The primitive conversions:

|         | string | number | bool   |
|---------|--------|--------|--------|
| string  |        | unsafe | unsafe |
| number  |  safe  |        |  none  |
| bool    |  safe  |  none  |        |

Collections and structures convert element by element: tuple to list (safe), tuple to set
(safe, lossy), list to set (unsafe, lossy), set to list (safe), object to map (safe), map to
object (unsafe); a tuple converts to a tuple of the same length and an object to an object
whose attributes it has (extra attributes are dropped, missing optional ones become null).
There is no conversion from a list or set to a tuple. ``DynamicPseudoType`` as a target lets
any value through; as a source (unsafe only) it checks the value at run time. Null and unknown
values convert to null and unknown values, and marks are kept at every depth.

Caveats: a conversion is planned once per pair of types and cached, and then walks the value's
payloads without making a Value per element. Where go-cty's answer depends on Go's random map
order (which of several bad attributes an error names), ours takes sorted order.

>>> import cty
>>> from cty.convert import convert
>>> convert(cty.tuple_val([cty.number_int_val(1), cty.string_val("2")]), cty.List(cty.Number))
cty.list_val([cty.number_val(1), cty.parse_number_val('2')])
"""

from ._conversion import get_conversion, get_conversion_unsafe
from ._conversion_errors import conversion_errors
from ._mismatch_msg import mismatch_message
from ._runtime import Conversion, convert
from ._type_defaults import (
    Defaults,
    convert_with_defaults,
    parse_type_with_defaults,
    type_with_defaults_from_annotation,
)
from ._unify import UnifyError, unify, unify_or_raise, unify_unsafe

__all__ = [
    "Conversion",
    "Defaults",
    "UnifyError",
    "conversion_errors",
    "convert",
    "convert_with_defaults",
    "get_conversion",
    "get_conversion_unsafe",
    "mismatch_message",
    "parse_type_with_defaults",
    "type_with_defaults_from_annotation",
    "unify",
    "unify_or_raise",
    "unify_unsafe",
]
