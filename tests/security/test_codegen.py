"""cty._codegen, the only way the library writes Python source: data reaches generated code
only bound, never as text, and a source that is not plain code of ours is refused.
"""

from __future__ import annotations

import builtins
from typing import Any

import pytest

from cty._codegen import (
    Code,
    GeneratedSourceError,
    SourceWriter,
    code,
    identifier,
    join,
)
from cty._errors import CtyError


def _function(source: str, **bound: Any) -> Any:
    w = SourceWriter("f")
    for name, value in bound.items():
        w.bind(value, name=name)
    w.add(code(source.replace("{", "{{").replace("}", "}}")))
    return w.function()


def test_data_is_bound_and_the_source_holds_none_of_it() -> None:
    names = ["{pad!r:.1}", "'\"\\\n#", "x" * 1000]
    made = []
    for name in names:
        w = SourceWriter("get")
        key = w.bind(name, prefix="k")
        w.add("def get(x):\n    return x[{key}]\n", key=key)
        assert name not in w.source()
        fn = w.function()
        assert fn({name: 1}) == 1
        made.append(fn)
    # (sources hold no data, so the three share one code object)
    assert made[0].__code__ is made[1].__code__ is made[2].__code__


@pytest.mark.parametrize("template", ["{x!r}", "{x!s}", "{x:>3}", "{x.y}", "{x[0]}", "{0}",
                                      "{}", "{x", "x}"])
def test_a_template_field_takes_a_name_only(template: str) -> None:
    with pytest.raises(GeneratedSourceError):
        code(template, x=code("a"))


@pytest.mark.parametrize("value", ["text", b"bytes", 1.5, True, None, ["a"]])
def test_a_field_takes_code_or_an_int_never_data(value: Any) -> None:
    with pytest.raises(GeneratedSourceError, match="takes code or an int"):
        code("x = {v}\n", v=value)


def test_fields_fill_and_braces_escape() -> None:
    piece = code("{{{a}: {b}}}", a=code("k"), b=3)
    assert repr(piece) == "Code('{k: 3}')"
    assert repr(join([code("v{i}", i=i) for i in range(3)])) == "Code('v0, v1, v2')"
    assert repr(code("a\nb\n").indented(2)) == "Code('        a\\n        b\\n')"
    with pytest.raises(GeneratedSourceError, match="no value"):
        code("{missing}")
    with pytest.raises(GeneratedSourceError):
        join(["v0"])  # type: ignore[list-item]


def test_code_is_made_here_only() -> None:
    with pytest.raises(GeneratedSourceError):
        Code("x")
    with pytest.raises(GeneratedSourceError):
        SourceWriter("f").add(code("x"), y=1)


@pytest.mark.parametrize("name", ["", "1a", "a b", "class", "a-b", "é", "a\n", "{x}"])
def test_identifiers_are_ascii_names_not_keywords(name: str) -> None:
    with pytest.raises(GeneratedSourceError):
        identifier(name)


def test_bound_names_are_given_once_and_late_values_replace_them() -> None:
    w = SourceWriter("f")
    w.bind(1, name="one")
    with pytest.raises(GeneratedSourceError, match="bound already"):
        w.bind(2, name="one")
    assert repr(w.bind("a")) == "Code('c0')"
    assert repr(w.bind("b")) == "Code('c1')"
    w.add("def f():\n    return one\n")
    assert w.function()() == 1
    assert w.function(one=5)() == 5
    with pytest.raises(GeneratedSourceError, match="not bound"):
        w.function(two=2)


@pytest.mark.parametrize(("source", "refusal"), [
    ("def f():\n    return 'text'\n", "str constant"),
    ("def f():\n    return b'raw'\n", "bytes constant"),
    ("def f():\n    return 1.5\n", "float constant"),
    ("def f(x):\n    return f'{x}'\n", "constant|JoinedStr"),
    ("def f():\n    import os\n", "Import"),
    ("def f():\n    return lambda: 1\n", "Lambda"),
    ("def f(x):\n    return dict(a=x)\n", "keyword argument"),
    ("def f(x):\n    return x.__globals__\n", "may not read"),
    ("def f(x):\n    return x.__init__\n", "may not read"),
    ("def f():\n    return open\n", "neither bound"),
    ("def f():\n    return __import__\n", "neither bound"),
    ("def f():\n    return eval\n", "neither bound"),
    ("def f():\n    return __builtins__\n", "neither bound"),
    ("x = 1\ndef f():\n    return x\n", "functions only"),
    ("def g():\n    return 1\n", "functions only"),
    ("def f(:\n", "does not parse"),
])
def test_sources_that_are_not_plain_code_of_ours_are_refused(source: str, refusal: str) -> None:
    with pytest.raises(GeneratedSourceError, match=refusal):
        _function(source)


def test_refusals_are_library_errors() -> None:
    assert issubclass(GeneratedSourceError, CtyError)
    assert issubclass(GeneratedSourceError, ValueError)


def test_generated_code_reaches_only_the_builtins_it_may_use() -> None:
    fn = _function("def f(x):\n    return len(x)\n")
    assert fn("abc") == 3
    reachable = fn.__globals__["__builtins__"]
    assert "len" in reachable
    for name in ("open", "__import__", "eval", "exec", "compile", "getattr", "globals"):
        assert name not in reachable
        assert hasattr(builtins, name)


def test_a_shape_is_written_once_and_each_function_gets_its_own_constants() -> None:
    """function_of_shape writes (and checks, and compiles) a shape's source once; each
    function made for it has its own bound data, and the source holds none of it."""
    from cty import _codegen

    writes: list[int] = []

    def write(w: SourceWriter) -> None:
        writes.append(1)
        w.add("def pick(x):\n    return x[k0] + c0\n")

    shape = ("test pick", object())  # (a shape no planner names)
    first = _codegen.function_of_shape("pick", shape, {"k0": "a", "c0": 1}, write)
    second = _codegen.function_of_shape("pick", shape, {"k0": "b", "c0": 10}, write)
    assert (first({"a": 1, "b": 2}), second({"a": 1, "b": 2})) == (2, 12)
    assert len(writes) == 1
    assert first.__code__ is second.__code__
    assert "a" not in _codegen._shapes[shape][1]  # (names, not values, are kept)


def test_a_shape_must_name_every_constant_before_it_is_written() -> None:
    from cty import _codegen

    def write(w: SourceWriter) -> None:
        key = w.bind("a")
        w.add("def pick(x):\n    return x[{key}]\n", key=key)

    with pytest.raises(GeneratedSourceError, match="bind every constant before writing"):
        _codegen.function_of_shape("pick", ("test own binds", object()), {}, write)


def test_another_set_of_constants_for_a_known_shape_is_written_again() -> None:
    from cty import _codegen

    def write_one(w: SourceWriter) -> None:
        w.add("def pick(x):\n    return x[k0]\n")

    def write_two(w: SourceWriter) -> None:
        w.add("def pick(x):\n    return x[k0] + x[k1]\n")

    shape = ("test names", object())
    one = _codegen.function_of_shape("pick", shape, {"k0": "a"}, write_one)
    two = _codegen.function_of_shape("pick", shape, {"k0": "a", "k1": "b"}, write_two)
    assert (one({"a": 1, "b": 2}), two({"a": 1, "b": 2})) == (1, 3)
