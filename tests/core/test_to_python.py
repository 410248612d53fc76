"""cty.to_python: known values as plain Python data, shaped by an optional type hint."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, NamedTuple, NotRequired, Optional, TypedDict

import gmpy2
import msgspec
import pytest
from hypothesis import assume, given

import cty
from tests import strategies as cst


@dataclasses.dataclass
class Service:
    name: str
    port: int
    tags: dict[str, str]
    note: str | None
    replicas: int = 1


class Point(NamedTuple):
    x: float
    y: float = 0.0


class Node(msgspec.Struct):
    id: str
    children: list[str] = []


class Movie(TypedDict):
    title: str
    year: NotRequired[int]


@dataclasses.dataclass
class Positive:
    n: int

    def __post_init__(self) -> None:
        if self.n <= 0:
            raise ValueError("n must be positive")


def obj(**attrs: cty.Value) -> cty.Value:
    return cty.object_val(attrs)


S = cty.string_val
N = cty.number_val


@pytest.mark.parametrize(("value", "expected"), [
    (S("x"), "x"),
    (cty.True_, True),
    (N(3), 3),
    (cty.number_float_val(2.0), 2),
    (N(2**80), 2**80),
    (cty.number_float_val(1.5), 1.5),
    (cty.number_float_val(-0.0), -0.0),
    (cty.parse_number_val("0.5"), 0.5),
    (cty.parse_number_val("0.1"), Decimal("0.1")),
    (cty.parse_number_val("1.5e-400"), Decimal("1.5e-400")),
    (cty.PositiveInfinity, math.inf),
    (cty.null_val(cty.String), None),
    (cty.null_val(cty.DynamicPseudoType), None),
    (cty.list_val([N(1), N(2)]), [1, 2]),
    (cty.list_val([S("a")]), ["a"]),
    (cty.tuple_val([N(1), S("a")]), [1, "a"]),
    (cty.set_val([S("b"), S("a")]), {"a", "b"}),
    (cty.map_val({"k": N(1)}), {"k": 1}),
    (cty.map_val({"k": S("v")}), {"k": "v"}),
    (obj(a=N(1), b=cty.list_val_empty(cty.String)), {"a": 1, "b": []}),
    (cty.EmptyObjectVal, {}),
])
def test_default_conversion(value: cty.Value, expected: Any) -> None:
    got = cty.to_python(value)
    assert got == expected
    assert type(got) is type(expected)
    if isinstance(expected, float):
        assert math.copysign(1, got) == math.copysign(1, expected)


def test_the_result_is_the_callers_own() -> None:
    v = obj(tags=cty.map_val({"a": S("1")}), names=cty.list_val([S("x")]))
    first = cty.to_python(v)
    first["tags"]["b"] = "2"
    first["names"].append("y")
    assert cty.to_python(v) == {"tags": {"a": "1"}, "names": ["x"]}


@pytest.mark.parametrize(("value", "target", "expected"), [
    (N(3), int, 3),
    (cty.number_float_val(3.0), int, 3),
    (N(3), float, 3.0),
    (N(2**53 + 1), float, float(2**53)),
    (cty.parse_number_val("1e-400"), float, 0.0),
    (cty.parse_number_val("1e100"), int, 10**100),
    (cty.number_float_val(1e300), None, int(1e300)),
    (cty.parse_number_val("0.1"), float, 0.1),
    (cty.parse_number_val("0.1"), Decimal, Decimal("0.1")),
    (N(7), Decimal, Decimal(7)),
    (cty.number_float_val(0.25), Fraction, Fraction(1, 4)),
    (N(5), Fraction, Fraction(5)),
    (cty.number_float_val(1.5), type(gmpy2.mpfr(0)), gmpy2.mpfr(1.5)),
    (cty.NegativeInfinity, float, -math.inf),
    (cty.PositiveInfinity, Decimal, Decimal("Infinity")),
    (S("x"), str, "x"),
    (cty.False_, bool, False),
    (cty.null_val(cty.Number), Optional[int], None),  # noqa: UP045
    (cty.null_val(cty.Number), int | None, None),
    (N(1), Annotated[int, "doc"], 1),
    (cty.list_val([N(1)]), list[int], [1]),
    (cty.list_val([N(1)]), Sequence[float], [1.0]),
    (cty.list_val([N(1), N(2)]), tuple[int, ...], (1, 2)),
    (cty.tuple_val([N(1), S("a")]), tuple[int, str], (1, "a")),
    (cty.list_val([N(1), N(2)]), tuple[int, int], (1, 2)),
    (cty.set_val([N(1)]), list[int], [1]),
    (cty.list_val([S("a"), S("a")]), set[str], {"a"}),
    (cty.set_val([S("a")]), frozenset[str], frozenset({"a"})),
    (cty.map_val({"a": N(1)}), dict[str, float], {"a": 1.0}),
    (obj(a=N(1)), Mapping[str, int], {"a": 1}),
    (cty.set_val([cty.list_val([S("a")])]), list[list[str]], [["a"]]),
    (cty.list_val([S("a")]), list[Any], ["a"]),
    (cty.list_val([S("a")]), list, ["a"]),
    (cty.list_val([S("a")]), object, ["a"]),
    (obj(name=S("web"), port=N(80), tags=cty.map_val_empty(cty.String),
         note=cty.null_val(cty.String)), Service,
     Service("web", 80, {}, None)),
    (obj(name=S("web"), port=N(80), tags=cty.map_val_empty(cty.String)), Service,
     Service("web", 80, {}, None)),
    (obj(name=S("web"), port=N(80), tags=cty.map_val_empty(cty.String),
         note=S("n"), replicas=N(3)), Service, Service("web", 80, {}, "n", 3)),
    (obj(x=N(1)), Point, Point(1.0)),
    (cty.map_val({"x": N(1), "y": N(2)}), Point, Point(1.0, 2.0)),
    (obj(id=S("n")), Node, Node("n")),
    (obj(id=S("n"), children=cty.list_val([S("c")])), Node, Node("n", ["c"])),
    (obj(title=S("t")), Movie, {"title": "t"}),
    (cty.list_val([obj(x=N(1), y=N(2))]), list[Point], [Point(1.0, 2.0)]),
])
def test_targets(value: cty.Value, target: Any, expected: Any) -> None:
    got = cty.to_python(value, target)
    assert got == expected
    assert type(got) is type(expected)


def test_cty_value_targets_keep_unknowns_and_marks() -> None:
    secret = S("pw").mark("sensitive")
    u = cty.unknown_val(cty.Number)
    got = cty.to_python(obj(a=secret, b=u), dict[str, cty.Value])
    assert got == {"a": secret, "b": u}
    assert cty.to_python(u, cty.Value) == u


ERRORS: list[tuple[cty.Value, Any, str, str]] = [
    (cty.unknown_val(cty.String), None, "", "value must be known"),
    (cty.list_val([S("a"), cty.unknown_val(cty.String)]), None, "[1]", "value must be known"),
    (obj(a=S("x").mark("sensitive")), None, ".a",
     "value is marked, and its marks would be lost (unmark it first, or ask for cty.Value "
     "here)"),
    (cty.null_val(cty.Number), int, "", "null value is not allowed"),
    (cty.list_val([cty.null_val(cty.Number)]), list[int], "[0]", "null value is not allowed"),
    (cty.number_float_val(1.5), int, "", "value must be a whole number"),
    (cty.PositiveInfinity, int, "", "value must be a whole number"),
    (cty.parse_number_val("1e400"), float, "",
     "value must be between -1.7976931348623157e+308 and 1.7976931348623157e+308 inclusive"),
    (N(10**400), float, "",
     "value must be between -1.7976931348623157e+308 and 1.7976931348623157e+308 inclusive"),
    (cty.PositiveInfinity, Fraction, "", "value must be finite"),
    (cty.parse_number_val("1e400000"), int, "",
     f"value is too large to be a Python int (more than {1 << 20} bits)"),
    (S("1"), int, "", "number value is required"),
    (N(1), str, "", "string value is required"),
    (N(1), bool, "", "bool value is required"),
    (S("a"), list[str], "", "list, set, or tuple value is required"),
    (S("a"), set[str], "", "set, list, or tuple value is required"),
    (cty.list_val([S("a")]), dict[str, str], "", "map or object value is required"),
    (cty.list_val([S("a")]), Service, "", "object or map value is required"),
    (cty.map_val({"a": S("x")}), dict[str, int], '["a"]', "number value is required"),
    (obj(a=cty.list_val([S("x")])), dict[str, list[int]], ".a[0]", "number value is required"),
    (cty.list_val([N(1)]), tuple[int, int], "", "must be a list of length 2"),
    (cty.tuple_val([N(1)]), tuple[int, int], "", "a tuple of 2 elements is required"),
    (obj(name=S("web")), Service, "", 'missing required attribute "port"'),
    (obj(name=S("web"), port=N(1), tags=cty.map_val_empty(cty.String), extra=N(1)), Service,
     "", 'unsupported attribute "extra"'),
    (obj(name=S("web"), port=S("x"), tags=cty.map_val_empty(cty.String)), Service, ".port",
     "number value is required"),
    (cty.map_val({"x": S("a")}), Point, '["x"]', "number value is required"),
    (obj(n=N(-1)), Positive, "", "Positive refused the value: n must be positive"),
    (cty.set_val([cty.list_val([S("a")])]), None, "",
     "the elements of this set become unhashable Python data, so they cannot make a Python "
     "set (ask for a list instead)"),
]


@pytest.mark.parametrize(("value", "target", "path", "message"), ERRORS)
def test_errors_name_the_path(value: cty.Value, target: Any, path: str, message: str) -> None:
    with pytest.raises(cty.PathError) as e:
        cty.to_python(value, target)
    assert e.value.path.format() == path
    assert e.value.message == message


@pytest.mark.parametrize("target", [bytes, int | str, dict[int, str], complex])
def test_targets_it_cannot_produce(target: Any) -> None:
    with pytest.raises(cty.CtyTypeError, match="to_python cannot produce"):
        cty.to_python(cty.string_val("x"), target)


def test_not_a_value() -> None:
    with pytest.raises(TypeError):
        cty.to_python("x")  # type: ignore[arg-type]


@given(cst.types(2, dynamic=False).flatmap(lambda t: cst.values(t, unknowns=False,
                                                                 marks=False)))
def test_round_trip_through_python_data(v: cty.Value) -> None:
    """Data to_python gives builds the same value again (numbers by value: a whole number
    comes back as an int whatever its precision)."""
    try:
        data = cty.to_python(v)
    except cty.PathError as e:
        assume("unhashable" not in e.message)
        raise
    back = cty.from_python(data, v.type())
    # (by value: go-cty's Equals compares numbers by their shortest text at each one's
    # precision, so a 2-bit 0.09375, "0.094", is not equal to the float 0.09375 it converts to)
    assert back.equals(v).true() or (not v.is_null() and back == v) or \
        cty.to_python(back) == data
