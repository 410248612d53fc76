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

from ._atomic_file import atomic_writer, remove_abandoned, replace_file
from ._caches import Bounded, PerType
from ._capsule import CapsuleType, ConversionFromHook, ConversionToHook
from ._codegen import Code, SourceWriter, code, join, worth_generating
from ._collector import LARGE_INPUT, PAUSED
from ._data_fail import DataFail
from ._deep import deep, hop, in_deep_thread, owner_ident
from ._from_python import fixed_builder
from ._gostrconv import go_quote
from ._grapheme import cluster_count as grapheme_cluster_count
from ._grapheme import clusters as grapheme_clusters
from ._hcl_lexer import (
    Node,
    Pos,
    TokenCursor,
    TypeExprError,
    describe_token,
    quote_word,
    tokenize,
)
from ._hcl_names import name_suggestion
from ._json_repeats import repeats_dropped as json_repeats_dropped
from ._limits import check_collection_length, check_string_length
from ._marks import NO_MARKS, Marked
from ._memo_room import make_room
from ._msgspec_deep import JSONHooks, encode_spliced, json_loads_deep
from ._path import Trail, trail_path
from ._path import data_keys as path_data_keys
from ._refinement_builder import MAX_KNOWN_LIST_LENGTH
from ._set_payload import EMPTY_SET, SetPayload, build_set_payload
from ._string_prefix import safe_known_prefix, safe_prefix_before_cut
from ._strings import is_normal_string
from ._structural_types import is_identifier
from ._type import brief, check_type, child_types
from ._type_annotations import type_and_defaults_from_annotation
from ._type_expr import DefaultsBuilder, check_text, interpret
from ._type_expr_syntax import parse_expression
from ._type_height import height as type_height
from ._type_height import is_tall
from ._type_json import go_json_string
from ._unicode_data import UCD
from ._unknown import UNKNOWN, Unknown
from ._unknown_refinement import NOT_NULL, Refinement, not_null_unknown
from ._value import check_value, make, payload, wrap

__all__ = [
    "EMPTY_SET",
    "LARGE_INPUT",
    "MAX_KNOWN_LIST_LENGTH",
    "NOT_NULL",
    "NO_MARKS",
    "PAUSED",
    "UCD",
    "UNKNOWN",
    "Bounded",
    "CapsuleType",
    "Code",
    "ConversionFromHook",
    "ConversionToHook",
    "DataFail",
    "DefaultsBuilder",
    "JSONHooks",
    "Marked",
    "Node",
    "PerType",
    "Pos",
    "Refinement",
    "SetPayload",
    "SourceWriter",
    "TokenCursor",
    "Trail",
    "TypeExprError",
    "Unknown",
    "atomic_writer",
    "brief",
    "build_set_payload",
    "check_collection_length",
    "check_string_length",
    "check_text",
    "check_type",
    "check_value",
    "child_types",
    "code",
    "deep",
    "describe_token",
    "encode_spliced",
    "fixed_builder",
    "go_json_string",
    "go_quote",
    "grapheme_cluster_count",
    "grapheme_clusters",
    "hop",
    "in_deep_thread",
    "interpret",
    "is_identifier",
    "is_normal_string",
    "is_tall",
    "join",
    "json_loads_deep",
    "json_repeats_dropped",
    "make",
    "make_room",
    "name_suggestion",
    "not_null_unknown",
    "owner_ident",
    "parse_expression",
    "path_data_keys",
    "payload",
    "quote_word",
    "remove_abandoned",
    "replace_file",
    "safe_known_prefix",
    "safe_prefix_before_cut",
    "tokenize",
    "trail_path",
    "type_and_defaults_from_annotation",
    "type_height",
    "worth_generating",
    "wrap",
]
