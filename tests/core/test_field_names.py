"""Renamed fields (gocty's struct tags): msgspec field(name=...) and rename=, dataclass
metadata={"cty": ...}, and Annotated[T, cty.Name(...)], in type_from_annotation, from_python and
to_python, both ways, with errors naming the attribute and the field."""

from __future__ import annotations

import dataclasses
import gc
import weakref
from typing import Annotated, Any, NamedTuple, TypedDict

import msgspec
import pytest

import cty


@dataclasses.dataclass
class Data:
    the_x: Annotated[str, cty.Name("the-x")]
    y: int = dataclasses.field(default=0, metadata={"cty": "why"})


class Kebab(msgspec.Struct, rename="kebab"):
    some_field: str
    other: int = msgspec.field(name="o", default=1)


class Both(msgspec.Struct):
    a: Annotated[str, cty.Name("from-annotated")] = msgspec.field(name="from-field")


class Keys(TypedDict):
    a_b: Annotated[str, cty.Name("a-b")]


class Pair(NamedTuple):
    left_side: Annotated[int, cty.Name("left")]
    right: int


CASES: list[tuple[Any, cty.Type, cty.Value]] = [
    (Data("a", 3), cty.ObjectWithOptionalAttrs({"the-x": cty.String, "why": cty.Number},
                                                ["why"]),
     cty.object_val({"the-x": cty.string_val("a"), "why": cty.number_int_val(3)})),
    (Kebab("q", 2), cty.ObjectWithOptionalAttrs({"some-field": cty.String, "o": cty.Number},
                                                 ["o"]),
     cty.object_val({"some-field": cty.string_val("q"), "o": cty.number_int_val(2)})),
    (Both("v"), cty.Object({"from-annotated": cty.String}),
     cty.object_val({"from-annotated": cty.string_val("v")})),
    (Pair(1, 2), cty.Object({"left": cty.Number, "right": cty.Number}),
     cty.object_val({"left": cty.number_int_val(1), "right": cty.number_int_val(2)})),
]


@pytest.mark.parametrize(("data", "ty", "value"), CASES, ids=lambda c: type(c).__name__)
def test_renamed_fields_both_ways(data: Any, ty: cty.Type, value: cty.Value) -> None:
    cls = type(data)
    assert cty.type_from_annotation(cls) == ty
    assert cty.from_python(data).raw_equals(value)
    assert cty.from_python(data, ty).raw_equals(value)
    assert cty.to_python(value, cls) == data


def test_a_typed_dict_and_a_map() -> None:
    assert cty.type_from_annotation(Keys) == cty.Object({"a-b": cty.String})
    assert cty.to_python(cty.object_val({"a-b": cty.string_val("z")}), Keys) == {"a_b": "z"}
    assert cty.to_python(cty.map_val({"the-x": cty.string_val("m")}), Data) == Data("m")


@pytest.mark.parametrize("value", [cty.object_val({"why": cty.number_int_val(1)}),
                                   cty.map_val({"why": cty.number_int_val(1)})])
def test_errors_name_the_attribute_and_the_field(value: cty.Value) -> None:
    with pytest.raises(cty.PathError, match=r'missing required attribute "the-x" '
                                            r"\(field the_x\)"):
        cty.to_python(value, Data)


def test_an_unsupported_attribute_is_named_as_the_data_names_it() -> None:
    with pytest.raises(cty.PathError, match='unsupported attribute "the_x"'):
        cty.to_python(cty.object_val({"the_x": cty.string_val("a")}), Data)


def test_two_fields_for_one_attribute_is_a_type_error() -> None:
    @dataclasses.dataclass
    class Clash:
        a: Annotated[str, cty.Name("b")]
        b: str

    with pytest.raises(cty.CtyTypeError, match=r"fields 'a' and 'b' of .*Clash both stand "
                                               r"for the attribute 'b'"):
        cty.type_from_annotation(Clash)


def test_name_checks_its_argument() -> None:
    with pytest.raises(cty.CtyTypeError, match="attribute name"):
        cty.Name(3)  # type: ignore[arg-type]
    assert cty.Name("a") == cty.Name("a") and hash(cty.Name("a")) == hash(cty.Name("a"))
    assert repr(cty.Name("a-b")) == "cty.Name('a-b')"


def test_a_class_made_at_run_time_is_not_kept_alive() -> None:
    # (by its renamed fields, read once per class; to_python's plans are cached per target
    # and hold theirs, as every planner cache holds what it planned for)
    def made() -> type:
        @dataclasses.dataclass
        class Made:
            the_x: Annotated[str, cty.Name("the-x")]

        return Made

    cls = made()
    ty = cty.type_from_annotation(cls)
    assert cty.from_python(cls("a"), ty) == cty.object_val({"the-x": cty.string_val("a")})
    ref = weakref.ref(cls)
    del cls
    gc.collect()
    assert ref() is None


def test_a_renamed_field_of_a_record_too_wide_for_generated_code() -> None:
    # (past 256 attributes the converters are loops, not generated functions)
    fields = [(f"f{i}", int) for i in range(299)]
    fields.append(("the_x", Annotated[str, cty.Name("the-x")]))
    wide = dataclasses.make_dataclass("Wide", fields)
    data = wide(*range(299), "x")
    ty = cty.type_from_annotation(wide)
    assert ty.attribute_type("the-x") is cty.String and not ty.has_attribute("the_x")
    value = cty.from_python(data, ty)
    assert value.get_attr("the-x") == cty.string_val("x")
    assert cty.to_python(value, wide) == data
