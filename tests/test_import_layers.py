"""The import graph of cty, cty.convert and cty.encoding runs one way (docs/design/layers.md).

LAYERS orders every module from the bottom (no imports of ours) to the top; a module may
import only modules below it. The imports are read with ``ast``: module level and inside
functions alike (an import inside a function is still a dependency; ``if TYPE_CHECKING:``
imports are not, since they never run). No import goes up: the last of the debts #19 listed
were paid, and a new one fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"cty": ROOT / "cty", "cty.convert": ROOT / "convert",
            "cty.encoding": ROOT / "encoding", "cty.cli": ROOT / "cty" / "cli",
            "cty.function": ROOT / "cty" / "function",
            "cty.function.stdlib": ROOT / "cty" / "function" / "stdlib",
            "cty.function.terraform": ROOT / "cty" / "function" / "terraform",
            "cty.hcl": ROOT / "cty" / "hcl",
            "cty.terraform": ROOT / "cty" / "terraform",
            "cty.ext": ROOT / "cty" / "ext", "cty.ext.xtypes": ROOT / "cty" / "ext" / "xtypes",
            "cty.dataset": ROOT / "cty" / "dataset", "cty.testing": ROOT / "cty" / "testing"}

LAYERS: list[list[str]] = [
    # foundations: no imports of ours, or only of each other
    ["cty._errors", "cty._lazy_names", "cty._unicode_data", "cty._gostrconv", "cty._go_sort",
     "cty._go_names",
     "cty._mpfr_range",
     "cty._unknown", "cty._strings", "cty._limits", "cty._collector", "cty._codegen", "cty._deep",
     "cty._msgspec_deep", "cty._string_prefix", "cty._atomic_file", "cty.hcl",
     "cty.hcl._ident", "cty.hcl._names", "cty._json_repeats", "cty._memo_room", "cty._go_json",
     "cty._grapheme", "cty._path_text", "cty._field_names", "cty._caches"],
    # numbers
    ["cty._number_core", "cty._number_parse", "cty._number_text", "cty._number_arith",
     "cty._number"],
    # types
    ["cty._type", "cty._primitive_type", "cty._dynamic", "cty._capsule",
     "cty._collection_types", "cty._structural_types", "cty._type_pickle", "cty._type_json",
     "cty.hcl._lexer", "cty.hcl._recovery", "cty.hcl._quoted", "cty.hcl._template",
     "cty.hcl._parser",
     "cty.hcl._config", "cty._type_expr",
     "cty._type_string", "cty._type_annotations", "cty._type_height", "cty._per_type_planner"],
    # value storage
    ["cty._marks", "cty._unknown_refinement", "cty._payload_equal", "cty._set_rules",
     "cty._set_payload",
     "cty._value", "cty._sensitive"],
    # operations on values
    ["cty._refinement_builder", "cty._value_range", "cty._value_equals", "cty._value_arith",
     "cty._value_ops", "cty._value_inspect",
     "cty._marks_deep", "cty._value_set", "cty._value_init", "cty._value_update", "cty._path",
     "cty._path_fail",
     "cty._type_conform",
     "cty._walk", "cty._marks_wrangle", "cty._marks_paths", "cty._value_repr",
     "cty._python_implied_type", "cty._data_fail", "cty._var_plan", "cty._from_python",
     "cty._to_python"],
    # the public API: Value's operation methods bound, then the package; beside it the
    # interface the sub-packages share with the core
    ["cty._value_api", "cty._format_value", "cty", "cty.marks", "cty.strings", "cty._internal"],
    # conversion
    ["cty.convert._compare_types", "cty.convert._sort_types", "cty.convert._dispatch",
     "cty.convert._plan", "cty.convert._conversion_primitive",
     "cty.convert._conversion_capsule", "cty.convert._mismatch_msg", "cty.convert._runtime",
     "cty.convert._unify", "cty.convert._conversion_dynamic", "cty.convert._conversion_tuple",
     "cty.convert._conversion_object", "cty.convert._conversion_collection",
     "cty.convert._conversion_structural",
     "cty.convert._conversion", "cty.convert._conversion_errors", "cty.hcl._variables",
     "cty.hcl._context", "cty.hcl._eval",
     "cty.convert._type_defaults",
     "cty.convert"],
]
"""Every module of cty and cty.convert, bottom first. cty.encoding sits above them
(ENCODING_LAYERS), the functions (FUNCTION_LAYERS) above it (the standard library's JSON
functions use the JSON encoding, as go-cty's do), and the command above everything (CLI)."""
ENCODING_LAYERS: list[list[str]] = [
    # errors, registries and the Go libraries' readers: nothing of the encodings below them
    ["cty.encoding._errors", "cty.encoding._gob_opaque", "cty.encoding._gob_registry",
     "cty.encoding._json_number", "cty.encoding._msgpack_go",
     "cty.encoding._msgpack_reader"],
    # the package (its formats are loaded lazily), and the pieces the planners share
    ["cty.encoding", "cty.encoding._failure_memo", "cty.encoding._gob_codegen",
     "cty.encoding._gob_frame", "cty.encoding._gob_scalar", "cty.encoding._gob_types",
     "cty.encoding._json_type", "cty.encoding._msgpack_codegen",
     "cty.encoding._msgpack_refinement", "cty.encoding._plans", "cty.encoding._typed_pass"],
    # decoders and encoders, then the codecs and streams on them, then the public modules
    ["cty.encoding._gob_decode", "cty.encoding._gob_encode", "cty.encoding._msgpack_decode"],
    ["cty.encoding._codec", "cty.encoding._json_decode", "cty.encoding._msgpack_stream",
     "cty.encoding.gob"],
    ["cty.encoding._json_shaped"],
    ["cty.encoding._json_encode", "cty.encoding._json_stream", "cty.encoding._msgpack_encode"],
    ["cty.encoding.json", "cty.encoding.msgpack"],
]
"""The encodings, bottom first."""
FUNCTION_LAYERS: list[list[str]] = [
    # functions, on values and conversion
    ["cty.function._errors", "cty.function._parameter", "cty.function._redact",
     "cty.function._function",
     "cty.function"],
    # the standard library of functions
    ["cty.function.stdlib._refine", "cty.function.stdlib._sequences",
     "cty.function.stdlib._bool",
     "cty.function.stdlib._general", "cty.function.stdlib._arithmetic",
     "cty.function.stdlib._rounding", "cty.function.stdlib._gocty",
     "cty.function.stdlib._go_unicode",
     "cty.function.stdlib._string", "cty.function.stdlib._collection",
     "cty.function.stdlib._mapping", "cty.function.stdlib._set",
     "cty.function.stdlib._sequence", "cty.function.stdlib._go_csv", "cty.function.stdlib._csv",
     "cty.function.stdlib._json", "cty.function.stdlib._bytes", "cty.function.stdlib._go_math",
     "cty.function.stdlib._math", "cty.function.stdlib._go_regexp",
     "cty.function.stdlib._regexp", "cty.function.stdlib._conversion",
     "cty.function.stdlib._format", "cty.function.stdlib._go_time",
     "cty.function.stdlib._datetime", "cty.function.stdlib"],
    # the functions Terraform adds
    ["cty.function.terraform._redact", "cty.function.terraform._deflate",
     "cty.function.terraform._encoding",
     "cty.function.terraform._pem", "cty.function.terraform._der",
     "cty.function.terraform._rsa_key", "cty.function.terraform._crypto",
     "cty.function.terraform._sensitive",
     "cty.function.terraform._string", "cty.function.terraform._collection",
     "cty.function.terraform._ipaddr", "cty.function.terraform._netcalc",
     "cty.function.terraform._cidr", "cty.function.terraform._gopath",
     "cty.function.terraform._pathnames", "cty.function.terraform._glob",
     "cty.function.terraform._sandbox", "cty.function.terraform._files",
     "cty.function.terraform._impure", "cty.function.terraform._conversion",
     "cty.function.terraform._datetime", "cty.function.terraform._search",
     "cty.function.terraform._yaml_encode", "cty.function.terraform._yaml_time",
     "cty.function.terraform._yaml_decode", "cty.function.terraform._text_tables",
     "cty.function.terraform._text_cjk_tables", "cty.function.terraform._text_cjk",
     "cty.function.terraform._text_encoding",
     "cty.function.terraform._table",
     "cty.function.terraform"],
]
"""The function system, then the standard library of functions, bottom first."""
EXT_LAYERS: list[list[str]] = [["cty.hcl._expression", "cty.hcl._diagnostic_text",
                                 "cty.hcl._tryfunc", "cty.hcl._traversal", "cty.hcl._schema",
                                 "cty.hcl._decode", "cty.hcl._body"],
                                # (templatefile renders with cty.hcl; the table that holds it)
                                ["cty.function.terraform._template",
                                 "cty.function.terraform._scope"],
                                ["cty.terraform._document", "cty.terraform._signatures",
                                 "cty.terraform._identity", "cty.terraform._schema",
                                 "cty.terraform._values", "cty.terraform._plan",
                                 "cty.terraform._write", "cty.terraform._statefile",
                                 "cty.terraform._diff",
                                 "cty.terraform"],
                                ["cty.ext.eventual", "cty.ext.pulumi_wire", "cty.ext"],
                                ["cty.ext.xtypes._model", "cty.ext.xtypes._kind",
                                 "cty.ext.xtypes._values", "cty.ext.xtypes._payload_check",
                                 "cty.ext.xtypes._convert",
                                 "cty.ext.xtypes._unify", "cty.ext.xtypes._shapes",
                                 "cty.ext.xtypes._syntax", "cty.ext.xtypes._json",
                                 "cty.ext.xtypes"], ["cty.yaml"]]
"""The extensions, above the functions."""
DATASET: list[str] = ["cty.dataset._files", "cty.dataset._dask", "cty.dataset",
                      "cty.testing", "cty.testing.strategies"]
"""Datasets of gob files, on Dask (above the encodings); strategies for tests."""
CLI: list[str] = ["cty.cli._progress", "cty.cli._input", "cty.cli._json_scan",
                  "cty.cli._msgpack_records",
                  "cty.cli._records", "cty.cli._sinks", "cty.cli._struct_pass", "cty.cli._pipeline",
                  "cty.cli._commands", "cty.cli._main_job", "cty.cli._eval", "cty.cli._plan",
                  "cty.cli",
                  "cty.__main__"]



def _module_files() -> dict[str, Path]:
    found = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.glob("*.py")):
            found[package if path.stem == "__init__" else f"{package}.{path.stem}"] = path
    return found


MODULES = _module_files()


def _is_type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Return the modules of ours that *node*, in *module*, imports."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in MODULES]
    package = module if MODULES[module].stem == "__init__" else module.rpartition(".")[0]
    if node.level:
        base = package
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        target = f"{base}.{node.module}" if node.module else base
    else:
        target = node.module or ""
    out = []
    for alias in node.names:
        if f"{target}.{alias.name}" in MODULES:
            out.append(f"{target}.{alias.name}")
        elif target in MODULES:
            out.append(target)
    return out


def imports_of(module: str) -> set[str]:
    """Return the modules of ours that *module* imports at run time, anywhere in its code."""
    tree = ast.parse(MODULES[module].read_text())
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if _is_type_checking_block(node):
            skipped.update(id(n) for n in ast.walk(node))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in skipped:
            found.update(_imported(module, node))
    found.discard(module)
    return found


def _rank() -> dict[str, int]:
    order = [m for layer in LAYERS for m in layer]
    order += [m for layer in ENCODING_LAYERS for m in layer]
    order += [m for layer in FUNCTION_LAYERS for m in layer]
    order += [m for layer in EXT_LAYERS for m in layer]
    order += DATASET
    order += CLI
    return {m: i for i, m in enumerate(order)}


def test_every_module_has_a_place_in_the_layers() -> None:
    ranked = _rank()
    assert sorted(set(MODULES) - set(ranked)) == []
    assert sorted(set(ranked) - set(MODULES)) == []


def test_imports_run_down_the_layers() -> None:
    rank = _rank()
    upward = {(m, t) for m in MODULES for t in imports_of(m) if rank[t] > rank[m]}
    assert sorted(upward) == [], "imports going up the layers"


def test_the_encodings_import_only_downwards_or_among_themselves() -> None:
    for m in MODULES:
        if m.startswith(("cty.encoding", "cty.function", "cty.ext", "cty.dataset",
                         "cty.terraform")) or m in CLI:
            continue
        assert not any(t.startswith("cty.encoding") for t in imports_of(m)), m


HCL_IN_THE_CORE = {"cty.hcl", "cty.hcl._ident", "cty.hcl._names", "cty.hcl._lexer",
                   "cty.hcl._recovery", "cty.hcl._template", "cty.hcl._parser",
                   "cty.hcl._quoted", "cty.hcl._config"}
"""cty.hcl's syntax, which the core's type expressions read with: part of the core. The rest
of cty.hcl (its evaluator, on conversion) is a sub-package like the others."""
SHARED_WITH_SUBPACKAGES = {"cty", "cty._internal", "cty._number"}
"""What cty.convert and cty.encoding may import of the core: the public API, the internal
interface made for them, and the number interface (each re-exports what it offers)."""


def _core_modules_used(module: str) -> set[str]:
    """The core modules *module* imports, and those it reaches as ``cty._name`` attributes."""
    used = {t for t in imports_of(module)
            if not t.startswith(("cty.convert", "cty.encoding", "cty.function", "cty.ext",
                                 "cty.dataset", "cty.hcl", "cty.terraform"))
            or t in HCL_IN_THE_CORE}
    tree = ast.parse(MODULES[module].read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "cty" \
                and node.attr.startswith("_"):
            used.add(f"cty.{node.attr}")
    return used


def test_the_subpackages_use_the_core_through_its_interfaces() -> None:
    stray = {m: sorted(_core_modules_used(m) - SHARED_WITH_SUBPACKAGES)
             for m in MODULES if m.startswith(("cty.convert", "cty.encoding", "cty.function",
                                               "cty.ext", "cty.dataset", "cty.hcl",
                                               "cty.terraform"))
             and m not in HCL_IN_THE_CORE}
    # cty.terraform stands on cty.hcl's public API (its block schemas), templatefile too
    stray.update({m: [t for t in s if t != "cty.hcl"] for m, s in stray.items()
                  if m.startswith("cty.terraform") or m in ("cty.function.terraform._template",
                                                           "cty.function.terraform._scope")})
    # the command uses the library through its public API (cty.hcl's for eval), and through
    # the interface made
    # for the subpackages where it works on payloads as they do (its typed pass over records,
    # and the core's file writer, so its -o files are replaced as atomically as gob.dump's)
    stray.update({m: sorted(t for t in _core_modules_used(m) - {"cty", "cty._internal",
                                                                 "cty.yaml", "cty.hcl"}
                            if not t.startswith("cty.cli")) for m in CLI})
    assert {m: s for m, s in stray.items() if s} == {}


def test_the_internal_interface_offers_only_what_the_subpackages_use() -> None:
    import cty._internal

    used: set[str] = set()
    for m in MODULES:
        if m.startswith(("cty.convert", "cty.encoding", "cty.function", "cty.ext",
                         "cty.dataset", "cty.cli", "cty.yaml", "cty.hcl")) \
                and m not in HCL_IN_THE_CORE:
            for node in ast.walk(ast.parse(MODULES[m].read_text())):
                if isinstance(node, ast.ImportFrom) and node.module == "cty._internal":
                    used.update(a.name for a in node.names)
    assert sorted(cty._internal.__all__) == sorted(used)
