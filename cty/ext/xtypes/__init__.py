"""cty.ext.xtypes: the HCL2 model's extended types (int, none, unions, never, output,
promise) as a static layer above core types; values stay core values.

* Types: XType and its constructors (``list_``, ``set_``, ``map_``, ``tuple_``, ``object_``,
  ``union``, ``optional``, ``output``, ``promise``), the constants ``BOOL INT NUMBER STRING
  DYNAMIC NONE NEVER``, ``x`` (embed a core type) and ``lower`` (to the core type of its
  values).
* Static questions: ``conversion_kind``, ``assignable``, ``xunify``, ``xtraverse``,
  ``input_type``, ``resolve_outputs``/``resolve_promises``, ``lift``, ``literal_xtype``.
  Wherever both types are core types the answer is core cty's.
* Values: ``xconvert`` converts user data to an extended type, with errors at paths.
* Text and JSON: ``parse_xtype``, ``str(t)``, ``pretty_xtype``; ``xtype_to_json``,
  ``xtype_from_json``.

docs/guide/extended-types.md is the guide.

>>> from cty.ext.xtypes import INT, NUMBER, STRING, conversion_kind, optional, union
>>> str(union(STRING, optional(INT)))
'(int | string)?'
>>> conversion_kind(NUMBER, INT).name, conversion_kind(INT, STRING).name
('SAFE', 'UNSAFE')
"""

from ._convert import xconvert
from ._json import xtype_from_json, xtype_to_json
from ._kind import Kind, assignable, conversion_kind
from ._model import (
    BOOL,
    DYNAMIC,
    INT,
    NEVER,
    NONE,
    NUMBER,
    STRING,
    XType,
    contains_outputs,
    contains_promises,
    list_,
    lower,
    map_,
    object_,
    optional,
    output,
    promise,
    resolve_outputs,
    resolve_promises,
    set_,
    tuple_,
    union,
    x,
)
from ._shapes import XTraverseError, input_type, xtraverse
from ._syntax import parse_xtype, pretty_xtype
from ._unify import xunify
from ._values import lift, literal_xtype

__all__ = [
    "BOOL",
    "DYNAMIC",
    "INT",
    "NEVER",
    "NONE",
    "NUMBER",
    "STRING",
    "Kind",
    "XTraverseError",
    "XType",
    "assignable",
    "contains_outputs",
    "contains_promises",
    "conversion_kind",
    "input_type",
    "lift",
    "list_",
    "literal_xtype",
    "lower",
    "map_",
    "object_",
    "optional",
    "output",
    "parse_xtype",
    "pretty_xtype",
    "promise",
    "resolve_outputs",
    "resolve_promises",
    "set_",
    "tuple_",
    "union",
    "x",
    "xconvert",
    "xtraverse",
    "xtype_from_json",
    "xtype_to_json",
    "xunify",
]
