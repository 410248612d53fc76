"""Paths: go-cty's path_test.go and path_set_test.go, carried over, plus PathSet operations."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

import cty
import cty.testing.strategies as cst
from cty._internal import is_identifier
from tests._examples import examples
from tests._ids import stable_id

PATH_APPLY = [
    # start, path, want, want_error (exact text of go-cty's error)
    (cty.string_val("hello"), cty.Path(), cty.string_val("hello"), ""),
    (
        cty.string_val("hello"),
        cty.Path().index(cty.string_val("boop")),
        None,
        "at step 0: not a map type",
    ),
    (
        cty.string_val("hello"),
        cty.Path().index(cty.number_int_val(0)),
        None,
        "at step 0: not a list type",
    ),
    (
        cty.list_val([cty.string_val("hello")]),
        cty.Path().index(cty.number_int_val(0)),
        cty.string_val("hello"),
        "",
    ),
    (
        cty.tuple_val([cty.string_val("hello")]),
        cty.Path().index(cty.number_int_val(0)),
        cty.string_val("hello"),
        "",
    ),
    (
        cty.list_val_empty(cty.String),
        cty.Path().index(cty.number_int_val(0)),
        None,
        "at step 0: value does not have given index key",
    ),
    (
        cty.list_val([cty.string_val("hello")]),
        cty.Path().index(cty.number_int_val(1)),
        None,
        "at step 0: value does not have given index key",
    ),
    (
        cty.list_val([cty.string_val("hello")]),
        cty.Path().index(cty.number_int_val(0)).get_attr("foo"),
        None,
        "at step 1: not an object type",
    ),
    (
        cty.list_val([cty.EmptyObjectVal]),
        cty.Path().index(cty.number_int_val(0)).get_attr("foo"),
        None,
        'at step 1: object has no attribute "foo"',
    ),
    (
        cty.null_val(cty.List(cty.String)),
        cty.Path().index(cty.number_int_val(0)),
        None,
        "at step 0: cannot index a null value",
    ),
    (
        cty.null_val(cty.Map(cty.String)),
        cty.Path().index(cty.number_int_val(0)),
        None,
        "at step 0: cannot index a null value",
    ),
    (
        cty.null_val(cty.EmptyObject),
        cty.Path().get_attr("foo"),
        None,
        "at step 0: cannot access attributes on a null value",
    ),
    (
        cty.list_val([cty.list_val([cty.string_val("hello")]).mark(2)]).mark(1),
        cty.Path().index(cty.number_int_val(0)).index(cty.number_int_val(0)),
        cty.string_val("hello").mark(1).mark(2),
        "",
    ),
    (
        cty.tuple_val([cty.list_val([cty.string_val("hello")]).mark(2)]).mark(1),
        cty.Path().index(cty.number_int_val(0)).index(cty.number_int_val(0)),
        cty.string_val("hello").mark(1).mark(2),
        "",
    ),
    (
        cty.map_val({"hello": cty.string_val("there")}).mark(1),
        cty.Path().index(cty.string_val("hello")),
        cty.string_val("there").mark(1),
        "",
    ),
    (
        cty.object_val({"hello": cty.string_val("there")}).mark(1),
        cty.get_attr_path("hello"),
        cty.string_val("there").mark(1),
        "",
    ),
    (
        cty.list_val([cty.string_val("hello").mark(1)]),
        cty.Path().index(cty.number_int_val(0)),
        cty.string_val("hello").mark(1),
        "",
    ),
    (
        cty.tuple_val([cty.string_val("hello").mark(1)]),
        cty.Path().index(cty.number_int_val(0)),
        cty.string_val("hello").mark(1),
        "",
    ),
    (
        cty.map_val({"hello": cty.string_val("there").mark(1)}),
        cty.Path().index(cty.string_val("hello")),
        cty.string_val("there").mark(1),
        "",
    ),
    (
        cty.object_val({"hello": cty.string_val("there").mark(1)}),
        cty.get_attr_path("hello"),
        cty.string_val("there").mark(1),
        "",
    ),
    (
        cty.set_val([cty.string_val("hello").mark(1)]).mark(2),
        cty.index_path(cty.string_val("hello")),
        cty.string_val("hello").mark(1).mark(2),
        "",
    ),
    (
        cty.set_val([cty.string_val("hello").mark(1)]).mark(2),
        cty.index_path(cty.string_val("not present")),
        None,
        "at step 0: set does not contain the requested element",
    ),
    (
        cty.set_val([cty.string_val("hello").mark(1), cty.unknown_val(cty.String)]).mark(2),
        cty.index_path(cty.string_val("not present")),
        cty.unknown_val(cty.String).mark(1).mark(2),
        "",
    ),
    (
        cty.set_val([cty.string_val("hello").mark(1)]).mark(2),
        cty.index_path(cty.True_),
        None,
        "at step 0: set does not contain the requested element",
    ),
    (
        cty.set_val([cty.string_val("hello").mark(1)]).mark(2),
        cty.index_path(cty.null_val(cty.String)),
        None,
        "at step 0: set does not contain the requested element",
    ),
    (
        cty.set_val([cty.null_val(cty.String).mark(1)]).mark(2),
        cty.index_path(cty.null_val(cty.String)),
        cty.null_val(cty.String).mark(1).mark(2),
        "",
    ),
    (
        cty.set_val([cty.string_val("hello").mark(1)]).mark(2),
        cty.index_path(cty.unknown_val(cty.String)),
        cty.unknown_val(cty.String).mark(1).mark(2),
        "",
    ),
    (
        cty.unknown_val(cty.Set(cty.String)).mark(2),
        cty.index_path(cty.string_val("hello")),
        cty.unknown_val(cty.String).mark(2),
        "",
    ),
    (
        cty.null_val(cty.Set(cty.String)).mark(2),
        cty.index_path(cty.string_val("hello")),
        None,
        "at step 0: cannot index a null value",
    ),
]


@pytest.mark.parametrize(("start", "path", "want", "want_error"), PATH_APPLY, ids=stable_id)
def test_path_apply(
    start: cty.Value, path: cty.Path, want: cty.Value | None, want_error: str
) -> None:
    if want_error:
        with pytest.raises(ValueError) as caught:
            path.apply(start)
        assert str(caught.value) == want_error
        return
    got = path.apply(start)
    assert want is not None
    if not want.is_known():
        assert not got.is_known()
        assert got.type() == want.type()
        assert got.marks() == want.marks()
    else:
        assert got == want


PATH_EQUALS = [
    # a, b, a.equals(b), a.has_prefix(b)
    (cty.Path(), cty.Path(), True, True),
    (cty.Path([]), cty.Path([]), True, True),
    (
        cty.Path(
            [
                cty.GetAttrStep("attr"),
                cty.IndexStep(cty.unknown_val(cty.String)),
                cty.GetAttrStep("attr"),
            ]
        ),
        cty.Path(
            [cty.GetAttrStep("attr"), cty.IndexStep(cty.string_val("key")), cty.GetAttrStep("attr")]
        ),
        False,
        False,
    ),
    (
        cty.Path(
            [
                cty.GetAttrStep("attr"),
                cty.IndexStep(cty.list_val([cty.unknown_val(cty.String)])),
                cty.GetAttrStep("attr"),
            ]
        ),
        cty.Path(
            [
                cty.GetAttrStep("attr"),
                cty.IndexStep(cty.list_val([cty.string_val("known")])),
                cty.GetAttrStep("attr"),
            ]
        ),
        False,
        False,
    ),
    (
        cty.Path([cty.GetAttrStep("attr"), cty.IndexStep(cty.unknown_val(cty.String))]),
        cty.Path(
            [
                cty.GetAttrStep("attr"),
                cty.IndexStep(cty.string_val("known")),
                cty.GetAttrStep("attr"),
            ]
        ),
        False,
        False,
    ),
    (
        cty.Path([cty.GetAttrStep("attr"), cty.IndexStep(cty.string_val("known"))]),
        cty.Path(
            [
                cty.GetAttrStep("attr"),
                cty.IndexStep(cty.string_val("known")),
                cty.GetAttrStep("attr"),
            ]
        ),
        False,
        False,
    ),
    (
        cty.Path(
            [
                cty.GetAttrStep("attr"),
                cty.IndexStep(cty.string_val("known")),
                cty.GetAttrStep("attr"),
            ]
        ),
        cty.Path([cty.GetAttrStep("attr"), cty.IndexStep(cty.string_val("known"))]),
        False,
        True,
    ),
    (
        cty.Path([cty.GetAttrStep("attr"), cty.IndexStep(cty.unknown_val(cty.String))]),
        cty.Path([cty.GetAttrStep("attr"), cty.IndexStep(cty.unknown_val(cty.String))]),
        True,
        True,
    ),
    (
        cty.Path(
            [
                cty.GetAttrStep("attr"),
                cty.IndexStep(cty.number_float_val(0)),
                cty.GetAttrStep("attr"),
            ]
        ),
        cty.Path(
            [cty.GetAttrStep("attr"), cty.IndexStep(cty.number_int_val(0)), cty.GetAttrStep("attr")]
        ),
        True,
        True,
    ),
    (
        cty.Path(
            [cty.GetAttrStep("attr"), cty.IndexStep(cty.number_int_val(1)), cty.GetAttrStep("attr")]
        ),
        cty.Path(
            [cty.GetAttrStep("attr"), cty.IndexStep(cty.number_int_val(0)), cty.GetAttrStep("attr")]
        ),
        False,
        False,
    ),
    (cty.Path([cty.GetAttrStep("attr")]), cty.get_attr_path("attr"), True, True),
    (
        cty.Path([cty.IndexStep(cty.number_int_val(0))]),
        cty.index_path(cty.number_int_val(0)),
        True,
        True,
    ),
    (cty.Path([cty.IndexStep(cty.number_int_val(0))]), cty.index_int_path(0), True, True),
    (cty.Path([cty.IndexStep(cty.string_val("key"))]), cty.index_string_path("key"), True, True),
    (
        cty.Path([cty.GetAttrStep("attr"), cty.IndexStep(cty.number_int_val(0))]),
        cty.get_attr_path("attr").index_int(0),
        True,
        True,
    ),
    (
        cty.Path([cty.GetAttrStep("attr"), cty.IndexStep(cty.string_val("key"))]),
        cty.get_attr_path("attr").index_string("key"),
        True,
        True,
    ),
]


@pytest.mark.parametrize(("a", "b", "equal", "prefix"), PATH_EQUALS, ids=stable_id)
def test_path_equals(a: cty.Path, b: cty.Path, equal: bool, prefix: bool) -> None:
    assert a.equals(b) is equal
    assert a.has_prefix(b) is prefix


def test_path_steps_must_be_steps() -> None:
    # go-cty's Path{nil} has no counterpart: a path holds only GetAttrStep and IndexStep
    with pytest.raises(TypeError):
        cty.Path([None])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        cty.IndexStep("key")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        cty.GetAttrStep(1)  # type: ignore[arg-type]


def test_path_builders_return_new_paths() -> None:
    base = cty.get_attr_path("a")
    longer = base.index_int(0)
    assert base == cty.Path([cty.GetAttrStep("a")])
    assert longer == cty.Path([cty.GetAttrStep("a"), cty.IndexStep(cty.number_int_val(0))])
    assert base.index_string("k")[-1] == cty.IndexStep(cty.string_val("k"))
    assert base.index(cty.True_)[-1] == cty.IndexStep(cty.True_)
    assert base.get_attr("b").equals(cty.Path([cty.GetAttrStep("a"), cty.GetAttrStep("b")]))
    assert base.copy().equals(base)
    assert len(base) == 1


def test_path_last_step() -> None:
    v = cty.object_val({"a": cty.list_val([cty.True_])})
    path = cty.get_attr_path("a").index_int(0)
    parent, step = path.last_step(v)
    assert parent == cty.list_val([cty.True_])
    assert step == cty.IndexStep(cty.number_int_val(0))
    assert cty.Path().last_step(v) == (v, None)


def test_path_new_error_flattens_nested_path_errors() -> None:
    inner = cty.index_int_path(2).new_error(ValueError("boom"))
    err = cty.get_attr_path("a").new_error(inner)
    assert isinstance(err, cty.PathError)
    assert isinstance(err, ValueError)
    assert err.path.equals(cty.get_attr_path("a").index_int(2))
    assert err.message == "boom"
    errf = cty.get_attr_path("a").new_errorf("bad %s", "thing")
    assert errf.message == "bad thing"


def test_path_set() -> None:
    # go-cty's TestPathSet
    hello_world = cty.Path([cty.GetAttrStep("hello"), cty.GetAttrStep("world")])
    s = cty.PathSet(hello_world)
    assert s.has(hello_world)
    assert not s.has(hello_world[:1])
    assert s.list() == [hello_world]

    foo_bar_baz = cty.Path(
        [cty.GetAttrStep("foo"), cty.IndexStep(cty.string_val("bar")), cty.GetAttrStep("baz")]
    )
    s.add_all_steps(foo_bar_baz)
    assert s.has(hello_world)
    assert s.has(foo_bar_baz)
    assert s.has(foo_bar_baz[:2])
    assert s.has(foo_bar_baz[:1])

    s.remove(foo_bar_baz[:2])
    assert not s.has(foo_bar_baz[:2])
    assert s.has(foo_bar_baz)
    assert s.has(foo_bar_baz[:1])

    new = cty.PathSet(*s.list())
    assert s.equal(new)
    new.remove(hello_world)
    assert not s.equal(new)
    new.add(cty.Path([cty.GetAttrStep("goodbye"), cty.GetAttrStep("world")]))
    assert not s.equal(new)


def test_path_set_operations() -> None:
    a, b, c = cty.get_attr_path("a"), cty.get_attr_path("b"), cty.get_attr_path("c")
    ab, bc = cty.PathSet(a, b), cty.PathSet(b, c)
    assert ab.union(bc).equal(cty.PathSet(a, b, c))
    assert ab.intersection(bc).equal(cty.PathSet(b))
    assert ab.subtract(bc).equal(cty.PathSet(a))
    assert ab.symmetric_difference(bc).equal(cty.PathSet(a, c))
    assert cty.PathSet().empty()
    assert not ab.empty()
    assert len(ab) == 2
    assert a in ab


def test_path_set_index_keys_are_the_same_when_known_equal() -> None:
    s = cty.PathSet(cty.index_path(cty.number_int_val(1)))
    # go-cty's PathSet compares index keys with Equals: 1 and 1.0 are one key
    assert s.has(cty.index_path(cty.number_float_val(1.0)))
    assert not s.has(cty.index_path(cty.number_int_val(2)))
    assert not s.has(cty.get_attr_path("1"))
    # an unknown key is never equal to anything, not even another unknown
    u = cty.index_path(cty.unknown_val(cty.Number))
    s.add(u)
    s.add(u)
    assert not s.has(cty.index_path(cty.unknown_val(cty.Number)))


def test_data_keys_follow_attributes_string_keys_and_whole_indexes() -> None:
    from cty._path import data_keys
    p = cty.get_attr_path("a").index_string("k").index_int(2).get_attr("b")
    assert data_keys(p) == ("a", "k", 2, "b")
    stop_at = [cty.unknown_val(cty.String), cty.null_val(cty.Number), cty.number_float_val(1.5),
               cty.True_]
    for key in stop_at:
        assert data_keys(cty.get_attr_path("a").index(key).get_attr("b")) == ("a",)


@pytest.mark.parametrize(("steps", "text"), [
    # Terraform's tfdiags.FormatCtyPath
    ([cty.GetAttrStep("a"), cty.IndexStep(cty.number_int_val(0)),
      cty.IndexStep(cty.string_val("k\"\n"))], '.a[0]["k\\"\\n"]'),
    ([cty.IndexStep(cty.number_int_val(1_000_000))], "[1e+06]"),
    ([cty.IndexStep(cty.number_int_val(123456))], "[123456]"),
    ([cty.IndexStep(cty.number_float_val(1.5))], "[1.5]"),
    ([cty.IndexStep(cty.number_float_val(0.00001))], "[1e-05]"),
    ([cty.IndexStep(cty.number_int_val(-12345678))], "[-1.2345678e+07]"),
    ([cty.IndexStep(cty.null_val(cty.String))], "[null]"),
    ([cty.IndexStep(cty.null_val(cty.Number))], "[null]"),
    ([cty.IndexStep(cty.unknown_val(cty.String))], "[(not yet known)]"),
    ([cty.IndexStep(cty.DynamicVal)], "[(not yet known)]"),
    ([cty.IndexStep(cty.True_)], "[...]"),
    ([cty.IndexStep(cty.list_val([cty.True_]))], "[...]"),
    ([cty.IndexStep(cty.string_val("s").mark("sensitive"))], '["s"]'),
    ([], ""),
])
def test_format_writes_paths_as_terraform_does(steps: list[Any], text: str) -> None:
    assert cty.Path(steps).format() == text


@settings(max_examples=examples(200), deadline=None)
@given(cst.types(max_depth=3).flatmap(lambda t: cst.values(t, unknowns=False, marks=False)))
def test_apply_type_leads_to_the_type_apply_leads_to(v: cty.Value) -> None:
    for path, x in cty.deep_values(v):
        assert path.apply_type(v.type()) == x.type(), path.format()


OBJ = cty.Object({"a": cty.Tuple([cty.String, cty.List(cty.Number)]),
                  "m": cty.Map(cty.Set(cty.Bool)), "d": cty.DynamicPseudoType})


@pytest.mark.parametrize(("path", "want"), [
    (cty.Path().get_attr("a").index_int(1).index_int(5), cty.Number),
    (cty.Path().get_attr("m").index_string("x").index(cty.True_), cty.Bool),
    (cty.Path().get_attr("d").get_attr("any").index_int(3), cty.DynamicPseudoType),
    (cty.Path().get_attr("a").index(cty.unknown_val(cty.Number)), cty.DynamicPseudoType),
    (cty.Path().get_attr("m").index(cty.DynamicVal), cty.Set(cty.Bool)),
    (cty.Path(), OBJ),
])
def test_apply_type(path: cty.Path, want: cty.Type) -> None:
    assert path.apply_type(OBJ) == want


@pytest.mark.parametrize(("path", "error", "message"), [
    (cty.Path().get_attr("a").index_int(2), cty.ElementNotFoundError,
     "at step 1: value does not have given index key"),
    (cty.Path().get_attr("a").index(cty.number_float_val(0.5)), cty.ElementNotFoundError,
     "at step 1: value does not have given index key"),
    (cty.Path().get_attr("nope"), cty.ElementNotFoundError,
     'at step 0: object has no attribute "nope"'),
    (cty.Path().get_attr("m").index_int(0), cty.CtyValueError, "at step 1: not a list type"),
    (cty.Path().get_attr("a").index_string("k"), cty.CtyValueError,
     "at step 1: not a map type"),
    (cty.Path().get_attr("m").get_attr("k"), cty.CtyValueError,
     "at step 1: not an object type"),
    (cty.Path().get_attr("m").index_string("k").index_int(0).index_int(0), cty.CtyValueError,
     "at step 3: not a list type"),
    (cty.Path().get_attr("m").index(cty.True_), cty.CtyValueError,
     "at step 1: key value not number or string"),
])
def test_apply_type_errors_as_apply_names_them(path: cty.Path, error: type[Exception],
                                               message: str) -> None:
    with pytest.raises(error) as e:
        path.apply_type(OBJ)
    assert str(e.value) == message


def _written_as_terraform_can_read(path: cty.Path) -> bool:
    """Whether *path* formats to text that reads back: attribute names that are identifiers,
    keys that are known, non-null strings and numbers."""
    for s in path:
        if isinstance(s, cty.GetAttrStep):
            if not is_identifier(s.name):
                return False
        elif s.key.type() not in (cty.String, cty.Number) or not s.key.is_known() \
                or s.key.is_null() or (s.key.type() is cty.Number and not s.key.as_big_float() \
                .is_finite()):
            return False
    return True


@settings(max_examples=examples(200), deadline=None)
@given(cst.types(max_depth=3).flatmap(lambda t: cst.values(t, unknowns=False, marks=False)))
def test_parse_reads_back_what_format_writes(v: cty.Value) -> None:
    for path, _ in cty.deep_values(v):
        if _written_as_terraform_can_read(path):
            text = path.format()
            read, read_within = cty.Path.parse(text), cty.Path.parse(text, within=v.type())
            assert read.format() == read_within.format() == text
            # (Go's shortest %g of a number key need not be exact: 5.598412658361865e+16 is
            # written for the float 55984126583618648; such a key reads back as the number
            # its text writes. Every other path reads back equal.)
            if all(isinstance(s, cty.GetAttrStep) or s.key.type() is not cty.Number
                   or _exact_in_text(s.key) for s in path):
                assert read == read_within == path, text


def _exact_in_text(key: cty.Value) -> bool:
    return cty.parse_number_val(cty.Path([cty.IndexStep(key)]).format()[1:-1]).raw_equals(key)


@pytest.mark.parametrize(("text", "path"), [
    ("a", cty.Path().get_attr("a")),
    (".a.b-c_d", cty.Path().get_attr("a").get_attr("b-c_d")),
    ('a["k\\u00e9\\x41\\n"][1]', cty.Path().get_attr("a").index_string("kéA\n").index_int(1)),
    ("[0][-1][2.5]", cty.Path().index_int(0).index_int(-1).index(cty.number_float_val(2.5))),
    ("", cty.Path()),
])
def test_parse(text: str, path: cty.Path) -> None:
    assert cty.Path.parse(text) == path


@pytest.mark.parametrize(("text", "column", "message"), [
    ("a.", 3, "an attribute name is expected after the dot"),
    ("a..b", 3, "an attribute name is expected after the dot"),
    ("a[", 3, "a key is a quoted string or a number, not the end of the text"),
    ('a["x', 3, "the string has no closing quote"),
    ("a[x]", 3, "a key is a quoted string or a number, not 'x'"),
    ("a[1", 4, '"]" is expected after the key, not the end of the text'),
    ("a[1 ]", 4, "\"]\" is expected after the key, not ' '"),
    ("a b", 2, "unexpected ' ': a step starts with a dot or a bracket"),
    ('a["\\q"]', 4, "invalid escape '\\\\q' in a string"),
    ('a["\\ud800"]', 4, "escape \\ud800 is not a character"),
    ("[*]", 2, "a key is a quoted string or a number, not '*'"),
    ("1", 1, "unexpected '1': a step starts with a dot or a bracket"),
])
def test_parse_errors_say_where(text: str, column: int, message: str) -> None:
    with pytest.raises(cty.PathSyntaxError) as e:
        cty.Path.parse(text)
    assert (e.value.column, e.value.message) == (column, message)
    assert str(e.value) == f"column {column}: {message}"


def test_parse_within_a_type_makes_the_steps_it_names_and_checks_them() -> None:
    t = cty.Object({"m": cty.Map(cty.Object({"x": cty.List(cty.Number)})),
                    "s": cty.Set(cty.String)})
    assert cty.Path.parse('m.k["x"][3]', within=t) == \
        cty.Path().get_attr("m").index_string("k").get_attr("x").index_int(3)
    assert cty.Path.parse('.s["a"]', within=t) == cty.Path().get_attr("s").index_string("a")
    for text, column, message in [(".m[0]", 3, "not a list type"),
                                  ("m.k.y", 5, 'object has no attribute "y"'),
                                  ('m.k["x"]["i"]', 9, "not a map type")]:
        with pytest.raises(cty.PathSyntaxError) as e:
            cty.Path.parse(text, within=t)
        assert (e.value.column, e.value.message) == (column, message)


def test_the_syntax_error_pickles() -> None:
    import pickle

    e = pickle.loads(pickle.dumps(cty.PathSyntaxError("bad", 3)))
    assert (e.message, e.column, str(e)) == ("bad", 3, "column 3: bad")
