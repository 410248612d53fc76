"""cty.type_from_annotation: Python type hints to cty types."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal, NamedTuple, NotRequired, Optional, TypedDict

import msgspec
import pytest

import cty
from tests._ids import stable_id


@dataclasses.dataclass
class Port:
    number: int
    protocol: Optional[str] = None  # noqa: UP045 - the spelling under test


@dataclasses.dataclass
class Service:
    name: str
    ports: list[Port]
    tags: dict[str, str]
    zones: set[str]
    weight: float | None = None
    extra: Any = None


class Limits(TypedDict):
    cpu: float
    memory: NotRequired[int]


class Loose(TypedDict, total=False):
    a: str
    b: bool


class Point(NamedTuple):
    x: int
    y: int


class Node(msgspec.Struct):
    id: str
    parent: str | None = None
    labels: Sequence[str] = ()


@dataclasses.dataclass
class Tree:
    children: list[Tree]


PORT = cty.ObjectWithOptionalAttrs({"number": cty.Number, "protocol": cty.String},
                                   ["protocol"])
CASES: list[tuple[Any, cty.Type]] = [
    (str, cty.String),
    (int, cty.Number),
    (float, cty.Number),
    (Decimal, cty.Number),
    (Fraction, cty.Number),
    (bool, cty.Bool),
    (Any, cty.DynamicPseudoType),
    (object, cty.DynamicPseudoType),
    (list[str], cty.List(cty.String)),
    (Sequence[int], cty.List(cty.Number)),
    (tuple[int, ...], cty.List(cty.Number)),
    (list, cty.List(cty.DynamicPseudoType)),
    (set[str], cty.Set(cty.String)),
    (frozenset[bool], cty.Set(cty.Bool)),
    (AbstractSet[str], cty.Set(cty.String)),
    (dict[str, int], cty.Map(cty.Number)),
    (Mapping[str, list[str]], cty.Map(cty.List(cty.String))),
    (dict, cty.Map(cty.DynamicPseudoType)),
    (tuple[int, str], cty.Tuple([cty.Number, cty.String])),
    (tuple[()], cty.EmptyTuple),
    (tuple, cty.List(cty.DynamicPseudoType)),
    (typing.Tuple, cty.List(cty.DynamicPseudoType)),  # noqa: UP006
    (Optional[int], cty.Number),  # noqa: UP045
    (list[str | None], cty.List(cty.String)),
    (Annotated[str, "a note"], cty.String),
    (Literal["a", "b"], cty.String),
    (Literal[1, 2.5], cty.Number),
    (Literal[True], cty.Bool),
    (cty.List(cty.String), cty.List(cty.String)),
    (Port, PORT),
    (Service, cty.ObjectWithOptionalAttrs({
        "name": cty.String, "ports": cty.List(PORT), "tags": cty.Map(cty.String),
        "zones": cty.Set(cty.String), "weight": cty.Number, "extra": cty.DynamicPseudoType},
        ["weight", "extra"])),  # (fields with defaults are optional: #47)
    (Limits, cty.ObjectWithOptionalAttrs({"cpu": cty.Number, "memory": cty.Number},
                                         ["memory"])),
    (Loose, cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Bool}, ["a", "b"])),
    (Point, cty.Object({"x": cty.Number, "y": cty.Number})),
    (Node, cty.ObjectWithOptionalAttrs({"id": cty.String, "parent": cty.String,
                                        "labels": cty.List(cty.String)},
                                       ["parent", "labels"])),
]


@pytest.mark.parametrize(("hint", "want"), CASES, ids=stable_id)
def test_type_from_annotation(hint: Any, want: cty.Type) -> None:
    assert cty.type_from_annotation(hint) is want


ERRORS: list[tuple[Any, str]] = [
    (int | str, "is a union, which no cty type describes"),
    (bytes, "bytes is not a type cty can describe"),
    (dict[int, str], "has keys of int; cty map keys are strings"),
    (Literal["a", 1], "mixes kinds of values"),
    (list[dict[str, complex]], "[][]: complex is not a type cty can describe"),
    (Tree, "children[]: Tree contains itself; cty types cannot"),
    (Service | None, None),
]


@pytest.mark.parametrize(("hint", "words"), ERRORS, ids=stable_id)
def test_hints_cty_cannot_describe(hint: Any, words: str | None) -> None:
    if words is None:  # (a union with None is fine: it is the type itself)
        assert cty.type_from_annotation(hint) is cty.type_from_annotation(Service)
        return
    with pytest.raises(cty.CtyTypeError) as caught:
        cty.type_from_annotation(hint)
    assert words in str(caught.value)


def test_the_error_names_the_field() -> None:
    @dataclasses.dataclass
    class Bad:
        good: str
        bad: list[bytes]

    with pytest.raises(cty.CtyTypeError, match=r"^bad\[\]: bytes is not a type"):
        cty.type_from_annotation(Bad)


@dataclasses.dataclass
class WithDefaults:
    name: str
    port: int = 80
    tags: list[str] = dataclasses.field(default_factory=lambda: ["default"])
    note: str | None = "n"


class StructWithDefaults(msgspec.Struct):
    name: str
    port: int = 80
    tags: list[str] = msgspec.field(default_factory=lambda: ["default"])
    note: str | None = "n"


class TupleWithDefaults(NamedTuple):
    name: str
    port: int = 80
    tags: tuple[str, ...] = ("default",)
    note: str | None = "n"


@pytest.mark.parametrize("cls", [WithDefaults, StructWithDefaults, TupleWithDefaults])
def test_fields_with_defaults_are_optional_and_filled_back(cls: Any) -> None:
    # (#47: a field with a default was a required attribute, so the data that leaves it out
    # did not convert)
    ty = cty.type_from_annotation(cls)
    assert ty.optional_attributes() == {"port", "tags", "note"}
    v = cty.from_python({"name": "x"}, ty)
    assert v.get_attr("port").is_null()
    made = cty.to_python(v, cls)
    # each null filled with the field's default, as optional(T, default) fills it, where the
    # field takes no None; where it does, the null is None (a None given comes back)
    assert made == cls("x", note=None)
    given = cls("y", 5, ["a"] if cls is not TupleWithDefaults else ("a",), None)
    assert cty.to_python(cty.from_python(given, ty), cls) == given


def test_a_python_type_where_a_cty_type_is_expected_says_how() -> None:
    with pytest.raises(cty.CtyTypeError, match="type_from_annotation"):
        cty.from_python({"name": "x"}, WithDefaults)  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError, match="type_from_annotation"):
        cty.null_val(list[str])  # type: ignore[arg-type]


# --- the fields' defaults (issue #47, item 12) -------------------------------------------------


@dataclasses.dataclass
class _Disk:
    size: int
    kind: str = "gp3"


@dataclasses.dataclass
class _Service:
    name: str
    port: int = 80
    disks: list[_Disk] = dataclasses.field(default_factory=list)
    tags: dict[str, str] = dataclasses.field(default_factory=lambda: {"team": "core"})
    main: _Disk = dataclasses.field(default_factory=lambda: _Disk(8))
    note: str | None = None


class _Renamed(msgspec.Struct):
    a: int = 1
    b: Annotated[str, cty.Name("bee")] = "z"


class _Point(NamedTuple):
    x: int
    y: int = 0


def test_fields_with_defaults_are_filled_in_as_optional_attributes_with_defaults() -> None:
    from cty.convert import convert_with_defaults, type_with_defaults_from_annotation

    ty, defaults = type_with_defaults_from_annotation(list[_Service])
    assert ty is cty.type_from_annotation(list[_Service])
    data = [{"name": "web", "disks": [{"size": 1}]}, {"name": "db", "port": 5432,
                                                      "note": "x", "tags": {}}]
    got = cty.to_python(convert_with_defaults(cty.from_python(data), ty, defaults),
                        list[_Service])
    assert got == [
        _Service("web", 80, [_Disk(1, "gp3")], {"team": "core"}, _Disk(8, "gp3"), None),
        _Service("db", 5432, [], {}, _Disk(8, "gp3"), "x"),
    ]


@pytest.mark.parametrize(("hint", "data", "want"), [
    (tuple[_Renamed, int], [{}, 1], [{"a": 1, "bee": "z"}, 1]),
    (dict[str, _Point], {"p": {"x": 1}}, {"p": {"x": 1, "y": 0}}),
    (Annotated[_Point, "doc"] | None, {"x": 2}, {"x": 2, "y": 0}),
])
def test_defaults_reach_every_place_a_record_can_be(hint: Any, data: Any, want: Any) -> None:
    from cty.convert import convert_with_defaults, type_with_defaults_from_annotation

    ty, defaults = type_with_defaults_from_annotation(hint)
    assert defaults is not None
    got = convert_with_defaults(cty.from_python(data), ty, defaults)
    assert cty.to_python(got) == want


def test_without_defaults_there_are_none_and_a_bad_default_is_named() -> None:
    from cty.convert import type_with_defaults_from_annotation

    assert type_with_defaults_from_annotation(list[int]) == (cty.List(cty.Number), None)

    @dataclasses.dataclass
    class Bad:
        inner: list[int] = dataclasses.field(default_factory=lambda: ["x"])

    with pytest.raises(cty.CtyTypeError, match=r"inner: its default does not convert to list "
                                               r"of number"):
        type_with_defaults_from_annotation(dict[str, Bad])
