"""go-cty's TestMismatchMessage table (mismatch_msg_test.go, v1.18.1), carried over, and more
cases of each rule."""

from __future__ import annotations

import pytest

import cty
from cty import (
    Bool,
    DynamicPseudoType,
    EmptyObject,
    EmptyTuple,
    List,
    Map,
    Number,
    Object,
    ObjectWithOptionalAttrs,
    Set,
    String,
    Tuple,
)
from cty.convert import convert, mismatch_message
from tests._ids import stable_id

FOO = Object({"foo": String})
FOO_BAR_BAZ = Object({"foo": String, "bar": String, "baz": String})

GO_CTY_CASES: list[tuple[cty.Type, cty.Type, str]] = [
    # got, want, message
    (Bool, Number, "number required, but have bool"),
    (EmptyObject, FOO, 'attribute "foo" is required'),
    (EmptyObject, Object({"foo": String, "bar": String}),
     'attributes "bar" and "foo" are required'),
    (EmptyObject, FOO_BAR_BAZ, 'attributes "bar", "baz", and "foo" are required'),
    (EmptyObject, List(FOO_BAR_BAZ), "list of object required"),
    (List(String), List(FOO), "incorrect list element type: object required, but have string"),
    (List(EmptyObject), List(FOO), 'incorrect list element type: attribute "foo" is required'),
    (Tuple([EmptyObject]), List(FOO), 'element 0: attribute "foo" is required'),
    (List(EmptyObject), Set(FOO), 'incorrect set element type: attribute "foo" is required'),
    (Tuple([EmptyObject]), Set(FOO), 'element 0: attribute "foo" is required'),
    (Map(EmptyObject), Map(FOO), 'incorrect map element type: attribute "foo" is required'),
    (Object({"boop": EmptyObject}), Map(FOO), 'element "boop": attribute "foo" is required'),
    (Tuple([EmptyObject, EmptyTuple]), List(DynamicPseudoType),
     "all list elements must have the same type"),
    (Object({"foo": Bool, "bar": String, "baz": Object({"boop": Number})}),
     Object({"foo": Bool, "bar": String, "baz": Object({"boop": Number, "beep": Bool})}),
     'attribute "baz": attribute "beep" is required'),
]

MORE_CASES: list[tuple[cty.Type, cty.Type, str]] = [
    (Number, Bool, "bool required, but have number"),
    (String, Number, "number required"),
    (String, Bool, "bool required"),
    (Tuple([String]), String, "string required, but have tuple"),
    (String, Object({"a": String}), "object required, but have string"),
    (Tuple([String]), Object({"a": String}), "object required, but have tuple"),
    # go-cty 1.18 means to treat object-to-tuple like tuple-to-object, but its test is a typo
    (Object({"a": String}), Tuple([String]), "tuple required"),
    (Tuple([String]), Tuple([String, String]), "tuple required"),
    (List(String), Tuple([String]), "tuple required"),
    (List(String), Map(String), "map of string required"),
    (Map(String), List(String), "list of string required"),
    (List(Bool), Set(Number), "incorrect set element type: number required, but have bool"),
    (Set(Bool), List(List(String)), "incorrect list element type: list of string required, "
                                    "but have bool"),
    (List(String), List(List(DynamicPseudoType)),
     "incorrect list element type: list of dynamic required, but have string"),
    (List(String), Map(DynamicPseudoType), "map of any single type required"),
    (Tuple([EmptyObject, EmptyTuple]), Set(DynamicPseudoType),
     "all set elements must have the same type"),
    (Object({"a": Bool, "b": Number}), Map(DynamicPseudoType),
     "all map elements must have the same type"),
    (Tuple([Bool, List(String)]), List(String), "element 1: string required, but have list "
                                                "of string"),
    (Object({"é": Bool, "b": List(Bool)}), Map(String),
     'element "b": string required, but have list of bool'),
    (Map(String), Object({"a": String}), "object required"),
    (Object({"a": List(String), "b": Bool}), Object({"a": Number, "b": Number}),
     'attribute "a": number required, but have list of string'),
    # a missing attribute beats a bad one; a required bad attribute beats an unsafe one
    (Object({"b": Bool}), Object({"a": String, "b": Number}), 'attribute "a" is required'),
    (Object({"a": String, "b": Bool}), Object({"a": Number, "b": Number}),
     'attribute "b": number required, but have bool'),
    (EmptyObject, ObjectWithOptionalAttrs({"a": String, "b": String}, ["b"]),
     'attribute "a" is required'),
    (Object({"a": String}), Object({"a": String}), "incorrect object attributes"),
    (EmptyObject, Object({"a b": String, "ü\n": String}),
     'attributes "a b" and "ü\\n" are required'),
]


@pytest.mark.parametrize(("got", "want", "message"), GO_CTY_CASES + MORE_CASES, ids=stable_id)
def test_mismatch_message(got: cty.Type, want: cty.Type, message: str) -> None:
    assert mismatch_message(got, want) == message


def test_the_table_has_every_go_cty_case() -> None:
    assert len(GO_CTY_CASES) == 14


def test_convert_without_conversion_gives_the_mismatch_message() -> None:
    v = cty.object_val({"foo": cty.unknown_val(Bool)})

    with pytest.raises(cty.PathError) as caught:
        convert(v, Object({"foo": Number}))

    assert caught.value.message == 'attribute "foo": number required, but have bool'
    assert caught.value.path == cty.Path()
