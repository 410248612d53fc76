"""cty for Python: go-cty's type system and values.

Types (``cty.String``, ``cty.List(cty.Number)``, ``cty.Object({...})``...) describe values;
values (``cty.string_val("a")``, ``cty.list_val([...])``...) pair a type with an immutable
payload, and may be null, unknown, or marked. Operations follow go-cty (v1.18) exactly,
including its unknown, null and mark rules.

>>> v = cty.object_val({"name": cty.string_val("web"), "port": cty.number_int_val(80)})
>>> v.type()
cty.Object({'name': cty.String, 'port': cty.Number})
>>> v.get_attr("port").add(cty.number_int_val(1)).equals(cty.number_int_val(81)).true()
True
"""

from typing import TYPE_CHECKING

from . import (
    _type_conform,  # noqa: F401 - importing it installs Type.test_conformance
    _type_pickle,  # noqa: F401 - importing it registers the composite types' picklers
    _value_api,  # noqa: F401 - importing it binds Value's operation methods
)
from ._caches import cache_info, clear_caches
from ._capsule import Capsule, CapsuleOps, CapsuleWithOps
from ._collection_types import List, Map, Set
from ._dynamic import DynamicPseudoType
from ._errors import (
    CtyError,
    CtyTypeError,
    CtyValueError,
    ElementNotFoundError,
    IndexOutOfRangeError,
    KeyNotFoundError,
    PathError,
)
from ._lazy_names import lazy_names
from ._limits import LimitExceededError, Limits, limits, set_limits
from ._marks import new_value_marks
from ._marks_deep import value_marks_of_type, value_marks_of_type_deep
from ._path import (
    GetAttrStep,
    IndexStep,
    Path,
    PathSet,
    PathStep,
    PathValueMarks,
    get_attr_path,
    index_int_path,
    index_path,
    index_string_path,
)
from ._path_text import PathSyntaxError
from ._primitive_type import Bool, Number, String
from ._refinement_builder import RefinementBuilder
from ._sensitive import register_sensitive_mark, sensitive_marks, unregister_sensitive_mark
from ._strings import normalize_string
from ._structural_types import EmptyObject, EmptyTuple, Object, ObjectWithOptionalAttrs, Tuple
from ._type import Type
from ._value import (
    DynamicVal,
    EmptyObjectVal,
    EmptyTupleVal,
    False_,
    NegativeInfinity,
    PositiveInfinity,
    True_,
    Value,
    Zero,
    unknown_val,
)
from ._value_init import (
    bool_val,
    can_list_val,
    can_map_val,
    can_set_val,
    capsule_val,
    list_val,
    list_val_empty,
    map_val,
    map_val_empty,
    must_parse_number_val,
    null_val,
    number_float_val,
    number_int_val,
    number_uint_val,
    number_val,
    object_val,
    parse_number_val,
    set_val,
    set_val_empty,
    set_val_from_value_set,
    string_val,
    tuple_val,
)
from ._value_range import ValueRange
from ._value_set import ValueSet

if TYPE_CHECKING:
    from ._field_names import Name
    from ._format_value import format_value
    from ._from_python import from_python
    from ._python_implied_type import implied_type
    from ._to_python import to_python
    from ._type_annotations import type_from_annotation
    from ._type_expr import parse_type
    from ._type_json import TypeJSONError, type_from_json, type_to_json
    from ._type_string import type_string
    from ._walk import (
        Transformer,
        TransformFunc,
        WalkFunc,
        deep_values,
        transform,
        transform_with_transformer,
        unknown_as_null,
        walk,
    )
    from .hcl._lexer import TypeExprError

# Names whose modules load on first use (PEP 562), so that `import cty` pays only for the core:
# type expressions, type JSON, Python interop, formatting and walking load when first asked for.
_LAZY: dict[str, str] = {
    "Name": "._field_names",
    "format_value": "._format_value",
    "from_python": "._from_python",
    "TypeExprError": ".hcl._lexer",
    "implied_type": "._python_implied_type",
    "to_python": "._to_python",
    "type_from_annotation": "._type_annotations",
    "parse_type": "._type_expr",
    "TypeJSONError": "._type_json",
    "type_from_json": "._type_json",
    "type_to_json": "._type_json",
    "type_string": "._type_string",
    "Transformer": "._walk",
    "TransformFunc": "._walk",
    "WalkFunc": "._walk",
    "deep_values": "._walk",
    "transform": "._walk",
    "transform_with_transformer": "._walk",
    "unknown_as_null": "._walk",
    "walk": "._walk",
}


__getattr__, __dir__ = lazy_names(_LAZY, globals())


__all__ = [
    "Bool",
    "Capsule",
    "CapsuleOps",
    "CapsuleWithOps",
    "CtyError",
    "CtyTypeError",
    "CtyValueError",
    "DynamicPseudoType",
    "DynamicVal",
    "ElementNotFoundError",
    "EmptyObject",
    "EmptyObjectVal",
    "EmptyTuple",
    "EmptyTupleVal",
    "False_",
    "GetAttrStep",
    "IndexOutOfRangeError",
    "IndexStep",
    "KeyNotFoundError",
    "LimitExceededError",
    "Limits",
    "List",
    "Map",
    "Name",
    "NegativeInfinity",
    "Number",
    "Object",
    "ObjectWithOptionalAttrs",
    "Path",
    "PathError",
    "PathSet",
    "PathStep",
    "PathSyntaxError",
    "PathValueMarks",
    "PositiveInfinity",
    "RefinementBuilder",
    "Set",
    "String",
    "TransformFunc",
    "Transformer",
    "True_",
    "Tuple",
    "Type",
    "TypeExprError",
    "TypeJSONError",
    "Value",
    "ValueRange",
    "ValueSet",
    "WalkFunc",
    "Zero",
    "bool_val",
    "cache_info",
    "can_list_val",
    "can_map_val",
    "can_set_val",
    "capsule_val",
    "clear_caches",
    "deep_values",
    "format_value",
    "from_python",
    "get_attr_path",
    "implied_type",
    "index_int_path",
    "index_path",
    "index_string_path",
    "limits",
    "list_val",
    "list_val_empty",
    "map_val",
    "map_val_empty",
    "must_parse_number_val",
    "new_value_marks",
    "normalize_string",
    "null_val",
    "number_float_val",
    "number_int_val",
    "number_uint_val",
    "number_val",
    "object_val",
    "parse_number_val",
    "parse_type",
    "register_sensitive_mark",
    "sensitive_marks",
    "set_limits",
    "set_val",
    "set_val_empty",
    "set_val_from_value_set",
    "string_val",
    "to_python",
    "transform",
    "transform_with_transformer",
    "tuple_val",
    "type_from_annotation",
    "type_from_json",
    "type_string",
    "type_to_json",
    "unknown_as_null",
    "unknown_val",
    "unregister_sensitive_mark",
    "value_marks_of_type",
    "value_marks_of_type_deep",
    "walk",
]
