"""`import cty` loads the core and nothing else (#48: an import pays for what it uses).

Type expressions, type JSON, Python interop, formatting and walking load on first use through
the package's ``__getattr__``; these tests hold which modules a bare ``import cty`` loads (a
count of modules, never a time) and that every public name still resolves.
"""

from __future__ import annotations

import json
import subprocess
import sys

import cty

# Modules `import cty` must not load: each is loaded by the first use of a name that needs it.
LOADED_ON_FIRST_USE = [
    "cty._type_json", "cty._json_repeats", "cty._msgspec_deep", "cty.hcl._lexer",
    "cty.hcl._template", "cty._type_expr", "cty.hcl._parser", "cty.hcl._eval", "cty._from_python",
    "cty._to_python", "cty._python_implied_type", "cty._type_annotations", "cty._field_names",
    "cty._format_value", "cty._value_repr", "cty._walk", "cty._marks_paths", "cty._type_string",
    "cty.convert", "cty.encoding", "cty.function", "cty.ext", "cty.cli", "cty.dataset",
    "cty.testing", "msgspec.inspect",
]


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
        check=True, capture_output=True, text=True,
    ).stdout
    return set(json.loads(out.splitlines()[-1]))


def test_import_cty_loads_only_the_core() -> None:
    loaded = _modules_after("import cty")
    assert sorted(set(LOADED_ON_FIRST_USE) & loaded) == []


def test_every_public_name_resolves_and_loads_its_module_once() -> None:
    for name in cty.__all__:
        assert getattr(cty, name) is getattr(cty, name), name
    assert set(cty.__all__) <= set(dir(cty))


def test_a_lazy_name_loads_its_module_in_a_fresh_interpreter() -> None:
    loaded = _modules_after("import cty\nassert cty.type_from_json(b'\"string\"') == cty.String")
    assert "cty._type_json" in loaded
    assert "cty._from_python" not in loaded


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        cty.no_such_name  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:  # pragma: no cover - the failure being tested for
        raise AssertionError("cty.no_such_name resolved")


def test_star_import_gives_every_public_name() -> None:
    scope: dict[str, object] = {}
    exec("from cty import *", scope)
    assert set(cty.__all__) <= set(scope)


def test_the_internal_interface_names_resolve_to_the_core_definitions() -> None:
    import cty._internal as internal
    from cty import _deep, _path, _value

    assert sorted(internal._WHERE) == sorted(internal.__all__)
    for name in internal.__all__:
        assert getattr(internal, name) is not None, name
    assert internal.make is _value.make
    assert internal.deep is _deep.deep
    assert internal.path_data_keys is _path.data_keys


def test_a_deep_wrapper_keeps_each_function_s_parameters_and_defaults() -> None:
    # One compiled wrapper serves each shape; every function wrapped keeps its own names,
    # defaults and behaviour (positional, keyword, defaulted), and wrappers of different
    # functions of one shape do not share their function.
    import inspect

    from cty._deep import deep, hop

    @deep
    def first(a: int, b: int = 2, c: int = 3) -> tuple[str, int, int, int]:
        return ("first", a, b, c)

    @deep
    def second(x: int, y: int = 20, z: int = 30) -> tuple[str, int, int, int]:
        return ("second", x, y, z)

    @hop
    def third(place: int, _depth: int) -> tuple[int, int]:
        return (place, _depth)

    assert first(1) == ("first", 1, 2, 3)
    assert first(1, c=5) == ("first", 1, 2, 5)
    assert first(a=0, b=1) == ("first", 0, 1, 3)
    assert second(1, z=9) == ("second", 1, 20, 9)
    assert third(_depth=4, place=7) == (7, 4)
    assert str(inspect.signature(second)) == str(inspect.signature(second.__wrapped__))
    assert first.__name__ == "first"
    assert second.__code__.co_varnames[:3] == ("x", "y", "z")
    try:
        first(1, d=4)  # type: ignore[call-arg]
    except TypeError as e:
        assert "'d'" in str(e)
    else:  # pragma: no cover - the failure being tested for
        raise AssertionError("an unknown keyword was accepted")


def test_the_standard_library_loads_a_function_s_module_when_it_is_first_looked_up() -> None:
    loaded = _modules_after("from cty.function.stdlib import FUNCTIONS\n"
                            "assert len(FUNCTIONS) == 86 and 'upper' in FUNCTIONS")
    assert sorted(m for m in loaded if m.startswith("cty.function.stdlib._")) == []
    loaded = _modules_after("import cty\nfrom cty.function.stdlib import FUNCTIONS\n"
                            "assert FUNCTIONS['upper'](cty.string_val('a')) == "
                            "cty.string_val('A')")
    assert "cty.function.stdlib._string" in loaded
    assert "cty.function.stdlib._format" not in loaded and "cty.encoding" not in loaded


def test_the_standard_library_table_is_every_function_by_its_hcl_name() -> None:
    from cty.function import Function, stdlib

    table = dict(stdlib.FUNCTIONS)
    assert len(table) == len(stdlib.FUNCTIONS) == 86
    assert all(isinstance(f, Function) for f in table.values())
    assert table["abs"] is stdlib.absolute and table["strrev"] is stdlib.reverse
    assert "nosuch" not in stdlib.FUNCTIONS and stdlib.FUNCTIONS.get("nosuch") is None
    assert repr(stdlib.FUNCTIONS) == "<cty.function.stdlib.FUNCTIONS: 86 functions>"
    assert set(stdlib.__all__) <= set(dir(stdlib))


def test_evaluating_hcl_loads_neither_msgspec_nor_the_whole_standard_library() -> None:
    loaded = _modules_after("from cty.hcl import parse_expression\n"
                            "parse_expression('1 + 2').evaluate()")
    assert "msgspec" not in loaded and "cty.function.stdlib._format" not in loaded
    loaded = _modules_after(
        "from cty.hcl import EvalContext, parse_expression\n"
        "from cty.function.stdlib import FUNCTIONS\n"
        "ctx = EvalContext(functions=FUNCTIONS)\n"
        "assert parse_expression('upper(\"a\")').evaluate(ctx).as_string() == 'A'")
    assert "cty.function.stdlib._string" in loaded
    assert "cty.function.stdlib._format" not in loaded and "msgspec" not in loaded
