"""cty.implied_type: the type plain Python data implies."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

import gmpy2
import msgspec
import pytest

import cty
from tests._ids import stable_id


@dataclasses.dataclass
class Port:
    number: int
    open: bool


class Point(NamedTuple):
    x: float
    y: float


class Node(msgspec.Struct):
    id: str
    parent: str | None = None


CASES: list[tuple[Any, cty.Type]] = [
    ("x", cty.String),
    (True, cty.Bool),
    (1, cty.Number),
    (1.5, cty.Number),
    (Decimal("1.5"), cty.Number),
    (Fraction(1, 3), cty.Number),
    (gmpy2.mpz(7), cty.Number),
    (gmpy2.mpq(1, 3), cty.Number),
    (gmpy2.mpfr("0.5"), cty.Number),
    (None, cty.DynamicPseudoType),
    ([], cty.EmptyTuple),
    ([1, "a", None], cty.Tuple([cty.Number, cty.String, cty.DynamicPseudoType])),
    ((True,), cty.Tuple([cty.Bool])),
    ({}, cty.EmptyObject),
    ({"a": {"b": [1]}}, cty.Object({"a": cty.Object({"b": cty.Tuple([cty.Number])})})),
    ({"b", "a"}, cty.Set(cty.String)),
    (frozenset({1, 2}), cty.Set(cty.Number)),
    (set(), cty.Set(cty.DynamicPseudoType)),
    ({None, 1}, cty.Set(cty.Number)),
    (Port(80, True), cty.Object({"number": cty.Number, "open": cty.Bool})),
    (Point(1.0, 2.0), cty.Object({"x": cty.Number, "y": cty.Number})),
    (Node("n1"), cty.Object({"id": cty.String, "parent": cty.DynamicPseudoType})),
    (cty.list_val([cty.True_]), cty.List(cty.Bool)),
    ({"v": cty.string_val("x")}, cty.Object({"v": cty.String})),
]


@pytest.mark.parametrize(("data", "want"), CASES, ids=stable_id)
def test_implied_type(data: Any, want: cty.Type) -> None:
    assert cty.implied_type(data) is want


ERRORS: list[tuple[Any, str]] = [
    (b"x", "bytes is not data cty has a type for"),
    ({"a": [1, 2j]}, "['a'][1]: complex is not data cty has a type for"),
    ({1: "x"}, "a mapping key must be a str to be an attribute name, not int (1)"),
    ({"s": {2, "a", True}}, "['s']: a set's elements must all be of one type, not bool, "
                            "number and string"),
    (Port, "type is not data cty has a type for"),
]


@pytest.mark.parametrize(("data", "words"), ERRORS, ids=stable_id)
def test_data_cty_has_no_type_for(data: Any, words: str) -> None:
    with pytest.raises(cty.CtyTypeError) as caught:
        cty.implied_type(data)
    assert words in str(caught.value)


def test_data_that_contains_itself() -> None:
    cyclic: dict[str, Any] = {"a": [1]}
    cyclic["a"].append(cyclic)
    with pytest.raises(cty.CtyTypeError, match=r"^\['a'\]\[1\]: the data contains itself"):
        cty.implied_type(cyclic)
    shared = [1, 2]
    assert cty.implied_type([shared, shared]) is cty.Tuple([cty.implied_type(shared)] * 2)


@pytest.mark.slow
def test_deep_data() -> None:
    data: Any = "leaf"
    for _ in range(10_000):
        data = [data]
    t = cty.implied_type(data)
    for _ in range(10_000):
        t = t.tuple_element_types()[0]
    assert t is cty.String


def test_ints_too_long_for_python_to_write_are_numbers_and_shown_short() -> None:
    assert cty.implied_type({10**5000}) is cty.Set(cty.Number)
    with pytest.raises(cty.CtyTypeError) as caught:
        cty.implied_type({2**20000: 1})
    assert str(caught.value) == ("a mapping key must be a str to be an attribute name, not int "
                                 "(3980276840337966592354307206191202453704... (an int of "
                                 "6,021 digits))")
    with pytest.raises(cty.CtyTypeError) as caught:
        cty.implied_type({"a": {-(10**60): 1}})
    assert str(caught.value) == ("['a']: a mapping key must be a str to be an attribute name, "
                                 "not int (-" + "1" + "0" * 39 + "... (an int of 61 digits))")
