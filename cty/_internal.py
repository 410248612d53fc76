"""The core's interface for cty.convert and cty.encoding: what they share with it below the
public API.

The sub-packages work on payloads (docs/design/payloads.md), so they need the storage the public
API hides: the payload classes and markers, ``make``/``wrap``/``payload`` to move between values
and payloads, the argument checks, deep recursion, Go quoting, a few refinement helpers, and
atomic file replacement.
They import those from here (and numbers from ``cty._number``, the number interface), never
from the core's other private modules, and never write their own copies;
tests/test_import_layers.py holds them to it. Users import ``cty``, not this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy_names import lazy_names

if TYPE_CHECKING:
    from ._atomic_file import atomic_writer, remove_abandoned, replace_file
    from ._caches import Bounded, PerType
    from ._capsule import CapsuleType, ConversionFromHook, ConversionToHook
    from ._codegen import Code, SourceWriter, code, function_of_shape, join, worth_generating
    from ._collector import LARGE_INPUT, PAUSED
    from ._data_fail import DataFail
    from ._deep import deep, hop, in_deep_thread, owner_ident
    from ._from_python import fixed_builder
    from ._go_json import (
        Delim,
        GoJSONDecoder,
        GoJSONError,
        NumberToken,
        byte_offset,
        container_ends,
    )
    from ._gostrconv import go_quote
    from ._grapheme import cluster_count as grapheme_cluster_count
    from ._grapheme import clusters as grapheme_clusters
    from ._json_repeats import repeats_dropped as json_repeats_dropped
    from ._limits import check_collection_length, check_string_length
    from ._marks import NO_MARKS, Marked
    from ._memo_room import make_room
    from ._msgspec_deep import JSONHooks, encode_spliced, json_loads_deep
    from ._number_text import format_g10
    from ._path import Trail, trail_path
    from ._path import data_keys as path_data_keys
    from ._path_fail import PathFail, attr_step, index_step, key_step
    from ._per_type_planner import per_type_planner
    from ._refinement_builder import MAX_KNOWN_LIST_LENGTH
    from ._set_payload import EMPTY_SET, SetPayload, build_set_payload
    from ._string_prefix import safe_known_prefix, safe_prefix_before_cut
    from ._strings import is_normal_string
    from ._structural_types import is_identifier
    from ._type import brief, check_type, child_types
    from ._type_annotations import type_and_defaults_from_annotation
    from ._type_expr import DefaultsBuilder, check_text, interpret
    from ._type_height import height as type_height
    from ._type_height import is_tall
    from ._type_json import go_json_string
    from ._unicode_data import UCD
    from ._unknown import UNKNOWN, Unknown
    from ._unknown_refinement import NOT_NULL, Refinement, not_null_unknown
    from ._value import check_value, make, payload, wrap
    from ._var_plan import Dec, VarDec, VarFormat, inferred_element_type, plan_var
    from .hcl._config import AttributeNode, BlockNode, BodyNode, parse_config_text
    from .hcl._lexer import (
        Lexer,
        Node,
        Pos,
        SyntaxErrors,
        Token,
        TokenCursor,
        TypeExprError,
        describe_token,
        go_is_space,
        quote_word,
        range_text,
        token_range,
        tokenize,
    )
    from .hcl._names import edit_distance, name_suggestion
    from .hcl._parser import is_literal_key, parse_expression, parse_template_text
    from .hcl._quoted import Source, is_quoted, quoted_literal

# Each name and the module that defines it, loaded when a sub-package first imports the name
# (PEP 562): importing cty.convert loads the core modules conversion uses, not the type
# expression reader or Python interop it never calls.
_WHERE: dict[str, tuple[str, str]] = {
    "atomic_writer": ("._atomic_file", "atomic_writer"),
    "Bounded": ("._caches", "Bounded"),
    "brief": ("._type", "brief"),
    "build_set_payload": ("._set_payload", "build_set_payload"),
    "CapsuleType": ("._capsule", "CapsuleType"),
    "check_collection_length": ("._limits", "check_collection_length"),
    "check_string_length": ("._limits", "check_string_length"),
    "check_text": ("._type_expr", "check_text"),
    "check_type": ("._type", "check_type"),
    "check_value": ("._value", "check_value"),
    "child_types": ("._type", "child_types"),
    "Code": ("._codegen", "Code"),
    "code": ("._codegen", "code"),
    "per_type_planner": ("._per_type_planner", "per_type_planner"),
    "function_of_shape": ("._codegen", "function_of_shape"),
    "ConversionFromHook": ("._capsule", "ConversionFromHook"),
    "ConversionToHook": ("._capsule", "ConversionToHook"),
    "DataFail": ("._data_fail", "DataFail"),
    "deep": ("._deep", "deep"),
    "DefaultsBuilder": ("._type_expr", "DefaultsBuilder"),
    "describe_token": (".hcl._lexer", "describe_token"),
    "EMPTY_SET": ("._set_payload", "EMPTY_SET"),
    "encode_spliced": ("._msgspec_deep", "encode_spliced"),
    "fixed_builder": ("._from_python", "fixed_builder"),
    "go_json_string": ("._type_json", "go_json_string"),
    "go_quote": ("._gostrconv", "go_quote"),
    "format_g10": ("._number_text", "format_g10"),
    "Dec": ("._var_plan", "Dec"),
    "VarDec": ("._var_plan", "VarDec"),
    "VarFormat": ("._var_plan", "VarFormat"),
    "plan_var": ("._var_plan", "plan_var"),
    "inferred_element_type": ("._var_plan", "inferred_element_type"),
    "Delim": ("._go_json", "Delim"),
    "GoJSONDecoder": ("._go_json", "GoJSONDecoder"),
    "GoJSONError": ("._go_json", "GoJSONError"),
    "NumberToken": ("._go_json", "NumberToken"),
    "container_ends": ("._go_json", "container_ends"),
    "byte_offset": ("._go_json", "byte_offset"),
    "grapheme_cluster_count": ("._grapheme", "cluster_count"),
    "grapheme_clusters": ("._grapheme", "clusters"),
    "hop": ("._deep", "hop"),
    "in_deep_thread": ("._deep", "in_deep_thread"),
    "interpret": ("._type_expr", "interpret"),
    "is_identifier": ("._structural_types", "is_identifier"),
    "is_normal_string": ("._strings", "is_normal_string"),
    "is_tall": ("._type_height", "is_tall"),
    "join": ("._codegen", "join"),
    "json_loads_deep": ("._msgspec_deep", "json_loads_deep"),
    "json_repeats_dropped": ("._json_repeats", "repeats_dropped"),
    "JSONHooks": ("._msgspec_deep", "JSONHooks"),
    "LARGE_INPUT": ("._collector", "LARGE_INPUT"),
    "make": ("._value", "make"),
    "make_room": ("._memo_room", "make_room"),
    "Marked": ("._marks", "Marked"),
    "MAX_KNOWN_LIST_LENGTH": ("._refinement_builder", "MAX_KNOWN_LIST_LENGTH"),
    "name_suggestion": (".hcl._names", "name_suggestion"),
    "edit_distance": (".hcl._names", "edit_distance"),
    "NO_MARKS": ("._marks", "NO_MARKS"),
    "Node": (".hcl._lexer", "Node"),
    "Lexer": (".hcl._lexer", "Lexer"),
    "Token": (".hcl._lexer", "Token"),
    "token_range": (".hcl._lexer", "token_range"),
    "SyntaxErrors": (".hcl._lexer", "SyntaxErrors"),
    "Source": (".hcl._quoted", "Source"),
    "AttributeNode": (".hcl._config", "AttributeNode"),
    "BlockNode": (".hcl._config", "BlockNode"),
    "BodyNode": (".hcl._config", "BodyNode"),
    "parse_config_text": (".hcl._config", "parse_config_text"),
    "is_quoted": (".hcl._quoted", "is_quoted"),
    "quoted_literal": (".hcl._quoted", "quoted_literal"),
    "go_is_space": (".hcl._lexer", "go_is_space"),
    "range_text": (".hcl._lexer", "range_text"),
    "NOT_NULL": ("._unknown_refinement", "NOT_NULL"),
    "not_null_unknown": ("._unknown_refinement", "not_null_unknown"),
    "owner_ident": ("._deep", "owner_ident"),
    "parse_expression": (".hcl._parser", "parse_expression"),
    "parse_template_text": (".hcl._parser", "parse_template_text"),
    "is_literal_key": (".hcl._parser", "is_literal_key"),
    "path_data_keys": ("._path", "data_keys"),
    "PAUSED": ("._collector", "PAUSED"),
    "PathFail": ("._path_fail", "PathFail"),
    "attr_step": ("._path_fail", "attr_step"),
    "index_step": ("._path_fail", "index_step"),
    "key_step": ("._path_fail", "key_step"),
    "lazy_names": ("._lazy_names", "lazy_names"),
    "payload": ("._value", "payload"),
    "PerType": ("._caches", "PerType"),
    "Pos": (".hcl._lexer", "Pos"),
    "quote_word": (".hcl._lexer", "quote_word"),
    "Refinement": ("._unknown_refinement", "Refinement"),
    "remove_abandoned": ("._atomic_file", "remove_abandoned"),
    "replace_file": ("._atomic_file", "replace_file"),
    "safe_known_prefix": ("._string_prefix", "safe_known_prefix"),
    "safe_prefix_before_cut": ("._string_prefix", "safe_prefix_before_cut"),
    "SetPayload": ("._set_payload", "SetPayload"),
    "SourceWriter": ("._codegen", "SourceWriter"),
    "TokenCursor": (".hcl._lexer", "TokenCursor"),
    "tokenize": (".hcl._lexer", "tokenize"),
    "Trail": ("._path", "Trail"),
    "trail_path": ("._path", "trail_path"),
    "type_and_defaults_from_annotation": (
        "._type_annotations", "type_and_defaults_from_annotation"),
    "type_height": ("._type_height", "height"),
    "TypeExprError": (".hcl._lexer", "TypeExprError"),
    "UCD": ("._unicode_data", "UCD"),
    "UNKNOWN": ("._unknown", "UNKNOWN"),
    "Unknown": ("._unknown", "Unknown"),
    "worth_generating": ("._codegen", "worth_generating"),
    "wrap": ("._value", "wrap"),
}


__getattr__ = lazy_names(_WHERE, globals())[0]

__all__ = [
    "EMPTY_SET",
    "LARGE_INPUT",
    "MAX_KNOWN_LIST_LENGTH",
    "NOT_NULL",
    "NO_MARKS",
    "PAUSED",
    "UCD",
    "UNKNOWN",
    "AttributeNode",
    "BlockNode",
    "BodyNode",
    "Bounded",
    "CapsuleType",
    "Code",
    "ConversionFromHook",
    "ConversionToHook",
    "DataFail",
    "Dec",
    "DefaultsBuilder",
    "Delim",
    "GoJSONDecoder",
    "GoJSONError",
    "JSONHooks",
    "Lexer",
    "Marked",
    "Node",
    "NumberToken",
    "PathFail",
    "PerType",
    "Pos",
    "Refinement",
    "SetPayload",
    "Source",
    "SourceWriter",
    "SyntaxErrors",
    "Token",
    "TokenCursor",
    "Trail",
    "TypeExprError",
    "Unknown",
    "VarDec",
    "VarFormat",
    "atomic_writer",
    "attr_step",
    "brief",
    "build_set_payload",
    "byte_offset",
    "check_collection_length",
    "check_string_length",
    "check_text",
    "check_type",
    "check_value",
    "child_types",
    "code",
    "container_ends",
    "deep",
    "describe_token",
    "edit_distance",
    "encode_spliced",
    "fixed_builder",
    "format_g10",
    "function_of_shape",
    "go_is_space",
    "go_json_string",
    "go_quote",
    "grapheme_cluster_count",
    "grapheme_clusters",
    "hop",
    "in_deep_thread",
    "index_step",
    "inferred_element_type",
    "interpret",
    "is_identifier",
    "is_literal_key",
    "is_normal_string",
    "is_quoted",
    "is_tall",
    "join",
    "json_loads_deep",
    "json_repeats_dropped",
    "key_step",
    "lazy_names",
    "make",
    "make_room",
    "name_suggestion",
    "not_null_unknown",
    "owner_ident",
    "parse_config_text",
    "parse_expression",
    "parse_template_text",
    "path_data_keys",
    "payload",
    "per_type_planner",
    "plan_var",
    "quote_word",
    "quoted_literal",
    "range_text",
    "remove_abandoned",
    "replace_file",
    "safe_known_prefix",
    "safe_prefix_before_cut",
    "token_range",
    "tokenize",
    "trail_path",
    "type_and_defaults_from_annotation",
    "type_height",
    "worth_generating",
    "wrap",
]

