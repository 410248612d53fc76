"""cty.from_python: values of a type from plain Python data, in one pass, errors with paths."""

from __future__ import annotations

import dataclasses
import enum
from collections import OrderedDict
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

import gmpy2
import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cty
from tests import strategies as cst

SERVICE = cty.parse_type("""object({
    name  = string,
    port  = number,
    up    = bool,
    tags  = map(string),
    zones = set(string),
    note  = optional(string),
})""")


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


class Colour(enum.StrEnum):
    RED = "red"


def service(**changes: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"name": "web", "port": 80, "up": True, "tags": {"env": "prod"},
                         "zones": {"b", "a"}}
    d.update(changes)
    return d


def test_object_from_a_dict() -> None:
    v = cty.from_python(service(), SERVICE)
    assert v == cty.object_val({
        "name": cty.string_val("web"), "port": cty.number_int_val(80), "up": cty.True_,
        "tags": cty.map_val({"env": cty.string_val("prod")}),
        "zones": cty.set_val([cty.string_val("a"), cty.string_val("b")]),
        "note": cty.null_val(cty.String),
    })
    assert v.type() == SERVICE.without_optional_attributes_deep()


def test_fast_and_general_paths_agree() -> None:
    """A dict of the usual shapes takes the generated fast path; an OrderedDict, non-ASCII
    text, floats, lists for sets and big tags take the general one: the values agree."""
    data = service(name="caf\u00e9", port=80.5, zones=["b", "a", "b"],
                   tags={"z": "1", "\u00e9": "e\u0301"})
    fast = cty.from_python(data, SERVICE)
    general = cty.from_python(OrderedDict(data), SERVICE)
    assert fast == general
    assert fast.get_attr("name").as_string() == "caf\u00e9"
    assert fast.get_attr("tags").index(cty.string_val("\u00e9")).as_string() == "\u00e9"
    assert fast.get_attr("zones").length_int() == 2
    assert fast.get_attr("port") == cty.number_float_val(80.5)


@pytest.mark.parametrize(("data", "ty", "expected"), [
    ("x", cty.String, cty.string_val("x")),
    ("e\u0301", cty.String, cty.string_val("\u00e9")),
    (Colour.RED, cty.String, cty.string_val("red")),
    (1, cty.Number, cty.number_int_val(1)),
    (2**100, cty.Number, cty.number_val(2**100)),
    (1.5, cty.Number, cty.number_float_val(1.5)),
    (float("inf"), cty.Number, cty.PositiveInfinity),
    (-0.0, cty.Number, cty.number_float_val(-0.0)),
    (Decimal("0.1"), cty.Number, cty.parse_number_val("0.1")),
    (Fraction(1, 4), cty.Number, cty.number_val(Fraction(1, 4))),
    (gmpy2.mpz(7), cty.Number, cty.number_int_val(7)),
    (gmpy2.mpq(1, 4), cty.Number, cty.number_val(Fraction(1, 4))),
    (gmpy2.mpfr("1.5", 80), cty.Number, cty.number_val(gmpy2.mpfr("1.5", 80))),
    (True, cty.Bool, cty.True_),
    (None, cty.Number, cty.null_val(cty.Number)),
    ([1, 2], cty.List(cty.Number), cty.list_val([cty.number_int_val(1), cty.number_int_val(2)])),
    ((1,), cty.List(cty.Number), cty.list_val([cty.number_int_val(1)])),
    ([], cty.List(cty.String), cty.list_val_empty(cty.String)),
    (["a", "b"], cty.List(cty.String), cty.list_val([cty.string_val("a"), cty.string_val("b")])),
    ({2, 1}, cty.Set(cty.Number), cty.set_val([cty.number_int_val(1), cty.number_int_val(2)])),
    ([1, 1], cty.Set(cty.Number), cty.set_val([cty.number_int_val(1)])),
    (frozenset(), cty.Set(cty.String), cty.set_val_empty(cty.String)),
    ({"b": 1, "a": 2}, cty.Map(cty.Number),
     cty.map_val({"a": cty.number_int_val(2), "b": cty.number_int_val(1)})),
    ({}, cty.Map(cty.Bool), cty.map_val_empty(cty.Bool)),
    ([1, "a"], cty.Tuple([cty.Number, cty.String]),
     cty.tuple_val([cty.number_int_val(1), cty.string_val("a")])),
    (Port(80, True), cty.Object({"number": cty.Number, "open": cty.Bool}),
     cty.object_val({"number": cty.number_int_val(80), "open": cty.True_})),
    (Point(1.5, 2.5), cty.Object({"x": cty.Number, "y": cty.Number}),
     cty.object_val({"x": cty.number_float_val(1.5), "y": cty.number_float_val(2.5)})),
    (Point(1.5, 2.5), cty.List(cty.Number),
     cty.list_val([cty.number_float_val(1.5), cty.number_float_val(2.5)])),
    (Node("n1"), cty.Object({"id": cty.String, "parent": cty.String}),
     cty.object_val({"id": cty.string_val("n1"), "parent": cty.null_val(cty.String)})),
    ({}, cty.EmptyObject, cty.EmptyObjectVal),
    ([], cty.EmptyTuple, cty.EmptyTupleVal),
    ([1, None], cty.List(cty.Number),
     cty.list_val([cty.number_int_val(1), cty.null_val(cty.Number)])),
])
def test_data_to_values(data: Any, ty: cty.Type, expected: cty.Value) -> None:
    assert cty.from_python(data, ty) == expected


@pytest.mark.parametrize(("data", "expected"), [
    ({"a": [1, "x"], "b": None}, cty.object_val({
        "a": cty.tuple_val([cty.number_int_val(1), cty.string_val("x")]),
        "b": cty.null_val(cty.DynamicPseudoType)})),
    ({"s"}, cty.set_val([cty.string_val("s")])),
    (Port(1, False), cty.object_val({"number": cty.number_int_val(1), "open": cty.False_})),
    (None, cty.null_val(cty.DynamicPseudoType)),
])
def test_no_type_means_the_implied_type(data: Any, expected: cty.Value) -> None:
    assert cty.from_python(data) == expected
    assert cty.from_python(data, cty.DynamicPseudoType) == expected


@pytest.mark.parametrize(("data", "ty", "expected"), [
    ([1, 2], cty.List(cty.DynamicPseudoType),
     cty.list_val([cty.number_int_val(1), cty.number_int_val(2)])),
    ([[1], [2, 3]], cty.List(cty.DynamicPseudoType), None),  # tuples of two lengths
    ({"a": {"x": 1}}, cty.Map(cty.DynamicPseudoType),
     cty.map_val({"a": cty.object_val({"x": cty.number_int_val(1)})})),
    ([None, "a"], cty.Set(cty.DynamicPseudoType),
     cty.set_val([cty.null_val(cty.String), cty.string_val("a")])),
    ({"a": 1}, cty.Object({"a": cty.DynamicPseudoType, "b": cty.DynamicPseudoType}), None),
    ({"a": 1}, cty.ObjectWithOptionalAttrs({"a": cty.DynamicPseudoType,
                                            "b": cty.DynamicPseudoType}, ["b"]),
     cty.object_val({"a": cty.number_int_val(1), "b": cty.null_val(cty.DynamicPseudoType)})),
    (["a", 1], cty.Tuple([cty.String, cty.DynamicPseudoType]),
     cty.tuple_val([cty.string_val("a"), cty.number_int_val(1)])),
    ([], cty.List(cty.DynamicPseudoType), cty.list_val_empty(cty.DynamicPseudoType)),
])
def test_types_with_any(data: Any, ty: cty.Type, expected: cty.Value | None) -> None:
    if expected is None:
        with pytest.raises(cty.PathError):
            cty.from_python(data, ty)
    else:
        assert cty.from_python(data, ty) == expected


ERRORS: list[tuple[Any, cty.Type, str, str]] = [
    (1, cty.String, "", "a string is required, not int"),
    (b"x", cty.String, "", "a string is required, not bytes"),
    ("1", cty.Number, "", "a number is required, not str"),
    (True, cty.Number, "", "a number is required, not bool"),
    (float("nan"), cty.Number, "", "NaN is not a number value"),
    (Decimal("NaN"), cty.Number, "", "NaN is not a number value"),
    (1, cty.Bool, "", "a bool is required, not int"),
    ("ab", cty.List(cty.String), "", "a list is required, not str"),
    ({"a": 1}, cty.List(cty.Number), "", "a list is required, not dict"),
    ({1}, cty.List(cty.Number), "", "a list is required, not set"),
    ([1, "x", 3], cty.List(cty.Number), "[1]", "a number is required, not str"),
    ([[1], [2, "x"]], cty.List(cty.List(cty.Number)), "[1][1]", "a number is required, not str"),
    (["a", 1], cty.List(cty.String), "[1]", "a string is required, not int"),
    ({"a": 1}, cty.Set(cty.Number), "", "a set is required, not dict"),
    ([1, "x"], cty.Set(cty.Number), "", "a number is required, not str"),
    ({"a": "x"}, cty.Map(cty.Number), '["a"]', "a number is required, not str"),
    ({1: "x"}, cty.Map(cty.String), "", "keys must be strings, not int"),
    ({"\u00e9": 1, "e\u0301": 2}, cty.Map(cty.Number), "",
     "two keys are equal after NFC normalisation ('\u00e9')"),
    ([1], cty.Map(cty.Number), "", "a map is required, not list"),
    (service(port="80"), SERVICE, ".port", "a number is required, not str"),
    (service(name=None, up=1), SERVICE, ".up", "a bool is required, not int"),
    (service(tags={"a": 1}), SERVICE, '.tags["a"]', "a string is required, not int"),
    (service(zones=["a", 2]), SERVICE, ".zones", "a string is required, not int"),
    (service(extra=1), SERVICE, "", 'unsupported attribute "extra"'),
    ({"name": "x"}, SERVICE, "", 'attribute "port" is required'),
    ("x", SERVICE, "", "an object is required, not str"),
    ([{"a": [{"b": "x"}]}], cty.List(cty.Object({"a": cty.List(cty.Object({"b": cty.Bool}))})),
     "[0].a[0].b", "a bool is required, not str"),
    ([1], cty.Tuple([cty.Number, cty.Number]), "", "a tuple of 2 elements is required, not of 1"),
    ([1, "x"], cty.Tuple([cty.Number, cty.Number]), "[1]", "a number is required, not str"),
    ([1, "x"], cty.List(cty.DynamicPseudoType), "",
     "the elements of a list must all be of one type, not number and then string "
     "(element 1; cty.convert unifies them)"),
    ({"a": b"x"}, cty.DynamicPseudoType, ".a", "bytes is not data cty has a type for"),
    ({"a": [{"b": 1j}]}, cty.DynamicPseudoType, ".a[0].b",
     "complex is not data cty has a type for"),
    ({"a": [{1: 2}]}, cty.Object({"a": cty.DynamicPseudoType}), ".a[0]",
     "a mapping key must be a str to be an attribute name, not int (1)"),
    # (a set's element is not a cty value yet: the path stops at the set)
    ({"s": {frozenset({b"x"})}}, cty.DynamicPseudoType, ".s",
     "{frozenset({b'x'})}{b'x'}: bytes is not data cty has a type for"),
    ([cty.string_val("x")], cty.List(cty.Number), "[0]",
     "a value of type number is required, not a cty value of type string "
     "(cty.convert converts values)"),
]


@pytest.mark.parametrize(("data", "ty", "path", "message"), ERRORS)
def test_errors_name_the_path(data: Any, ty: cty.Type, path: str, message: str) -> None:
    with pytest.raises(cty.PathError) as e:
        cty.from_python(data, ty)
    assert e.value.path.format() == path
    assert e.value.message == message


def test_a_capsule() -> None:
    class Handle:
        pass

    cap = cty.Capsule("handle", Handle)
    h = Handle()
    assert cty.from_python([h], cty.List(cap)) == cty.list_val([cty.capsule_val(cap, h)])
    with pytest.raises(cty.PathError, match=r"^a handle is required, not str$"):
        cty.from_python("h", cap)


def test_values_pass_through_with_their_marks() -> None:
    secret = cty.string_val("pw").mark("sensitive")
    v = cty.from_python({"user": "u", "password": secret},
                        cty.Object({"user": cty.String, "password": cty.String}))
    assert v.get_attr("password") == secret
    assert cty.from_python(secret, cty.String) == secret
    assert cty.from_python([secret], cty.Set(cty.String)) == cty.set_val([secret])
    assert cty.from_python([secret], cty.Set(cty.String)).has_mark("sensitive")
    deep = cty.list_val([secret])
    as_set = cty.from_python([deep], cty.Set(cty.List(cty.String)))
    assert as_set == cty.set_val([deep])
    assert as_set.marks() == {"sensitive"}


def test_unknowns_and_dynamic_values_take_the_wanted_type() -> None:
    assert cty.from_python(cty.DynamicVal, cty.List(cty.String)) == cty.unknown_val(
        cty.List(cty.String))
    assert cty.from_python([cty.null_val(cty.DynamicPseudoType)], cty.List(cty.Number)) == \
        cty.list_val([cty.null_val(cty.Number)])
    u = cty.unknown_val(cty.String)
    assert cty.from_python({"a": u}, cty.Object({"a": cty.String})).get_attr("a") == u
    v = cty.list_val([cty.string_val("a")])
    assert cty.from_python(v, cty.List(cty.DynamicPseudoType)) == v
    assert cty.from_python(v, cty.DynamicPseudoType) == v


def test_the_callers_data_is_not_shared() -> None:
    tags = {"b": "2", "a": "1"}
    v = cty.from_python(service(tags=tags), SERVICE)
    tags["c"] = "3"
    assert v.get_attr("tags").length_int() == 2


def test_deep_nesting() -> None:
    ty: cty.Type = cty.String
    data: Any = "x"
    for _ in range(3000):
        ty = cty.List(ty)
        data = [data]
    v = cty.from_python(data, ty)
    assert v.type() == ty


def test_a_cycle_is_an_error_not_a_crash() -> None:
    cyclic: list[Any] = []
    cyclic.append(cyclic)
    with pytest.raises(cty.PathError, match="the data contains itself"):
        cty.from_python(cyclic)
    with pytest.raises(cty.PathError, match=r"^\[0\]\[0\]: the data contains itself"):
        cty.from_python([cyclic], cty.List(cty.DynamicPseudoType))


def test_bad_type_argument() -> None:
    with pytest.raises(TypeError):
        cty.from_python("x", "string")  # type: ignore[arg-type]


@given(cst.types(2, dynamic=False).flatmap(lambda t: st.tuples(
    st.just(t), cst.values(t, unknowns=True, marks=True))))
def test_values_given_as_data_come_back(case: tuple[cty.Type, cty.Value]) -> None:
    ty, v = case
    assert cty.from_python(v, ty) == v
    assert cty.from_python([v], cty.List(ty)) == cty.list_val([v])
    assert cty.from_python({"k": v}, cty.Object({"k": ty})) == cty.object_val({"k": v})


@pytest.mark.parametrize("ty", [cty.List(cty.String), cty.Set(cty.String),
                                cty.Map(cty.String), cty.String])
def test_str_subclasses_become_plain_strings(ty: cty.Type) -> None:
    """A StrEnum member (or any str subclass) is taken for its text, as a plain str: the
    payloads never hold a subclass, on the fast paths or the general ones."""
    data: Any = Colour.RED
    if ty.is_map_type():
        data = {Colour.RED: Colour.RED}
    elif ty.is_collection_type():
        data = [Colour.RED, "b"]
    v = cty.from_python(data, ty)
    if ty is cty.String:
        texts = [v.as_string()]
    elif ty.is_map_type():
        texts = [*v.as_value_map(), *(e.as_string() for e in v.as_value_map().values())]
    else:
        texts = [e.as_string() for e in v]
    assert texts
    assert all(type(t) is str for t in texts)
    obj = cty.from_python({"s": Colour.RED, "z": {Colour.RED}, "t": {Colour.RED: "x"}},
                          cty.Object({"s": cty.String, "z": cty.Set(cty.String),
                                      "t": cty.Map(cty.String)}))
    assert type(obj.get_attr("s").as_string()) is str
    assert type(next(iter(obj.get_attr("z"))).as_string()) is str
    assert all(type(k) is str for k in obj.get_attr("t").as_value_map())
