"""Types: go-cty's type tests (type_test, type_conform_test, object_type_test, tuple_type_test,
primitive_type_test, json_test, capsule_test), carried over, plus names, repr and interning."""

from __future__ import annotations

from typing import Any

import pytest

import cty
from tests._ids import stable_id

TEST_CONFORMANCE = [
    # receiver, given (the wanted type), whether the receiver conforms to it
    (cty.Number, cty.Number, True),
    (cty.Number, cty.String, False),
    (cty.Number, cty.DynamicPseudoType, True),
    (cty.DynamicPseudoType, cty.DynamicPseudoType, True),
    (cty.DynamicPseudoType, cty.Number, False),
    (cty.List(cty.Number), cty.List(cty.Number), True),
    (cty.List(cty.Number), cty.Map(cty.Number), False),
    (cty.List(cty.Number), cty.List(cty.DynamicPseudoType), True),
    (cty.List(cty.Number), cty.List(cty.String), False),
    (cty.Map(cty.Number), cty.Map(cty.Number), True),
    (cty.Map(cty.Number), cty.Set(cty.Number), False),
    (cty.List(cty.Number), cty.Map(cty.DynamicPseudoType), False),
    (cty.Map(cty.Number), cty.Map(cty.DynamicPseudoType), True),
    (cty.Map(cty.Number), cty.Map(cty.String), False),
    (cty.Set(cty.Number), cty.Set(cty.Number), True),
    (cty.Set(cty.Number), cty.List(cty.Number), False),
    (cty.Set(cty.Number), cty.List(cty.DynamicPseudoType), False),
    (cty.Set(cty.Number), cty.Set(cty.DynamicPseudoType), True),
    (cty.Set(cty.Number), cty.Set(cty.String), False),
    (cty.EmptyObject, cty.EmptyObject, True),
    (cty.EmptyObject, cty.Object({"name": cty.String}), False),
    (cty.Object({"name": cty.String}), cty.EmptyObject, False),
    (cty.Object({"name": cty.String}), cty.Object({"name": cty.String}), True),
    (cty.Object({"name": cty.String}), cty.Object({"gnome": cty.String}), False),
    (cty.Object({"name": cty.Number}), cty.Object({"name": cty.String}), False),
    (
        cty.Object({"name": cty.Number}),
        cty.Object({"name": cty.String, "number": cty.Number}),
        False,
    ),
    (
        cty.ObjectWithOptionalAttrs({"name": cty.Number}, ["name"]),
        cty.Object({"name": cty.Number}),
        True,
    ),
    (cty.ObjectWithOptionalAttrs({"name": cty.Number}, ["name"]), cty.EmptyObject, False),
    (cty.EmptyTuple, cty.EmptyTuple, True),
    (cty.EmptyTuple, cty.Tuple([cty.String]), False),
    (cty.EmptyTuple, cty.Tuple([cty.String]), False),
    (cty.Tuple([cty.String]), cty.Tuple([cty.String]), True),
    (cty.Tuple([cty.String]), cty.Tuple([cty.Number]), False),
    (cty.Tuple([cty.String, cty.Number]), cty.Tuple([cty.String, cty.Number]), True),
    (cty.Tuple([cty.String]), cty.Tuple([cty.String, cty.Number]), False),
    (cty.Tuple([cty.String, cty.Number]), cty.Tuple([cty.String]), False),
]


@pytest.mark.parametrize(("receiver", "given", "conforms"), TEST_CONFORMANCE, ids=stable_id)
def test_test_conformance(receiver: cty.Type, given: cty.Type, conforms: bool) -> None:
    errs = receiver.test_conformance(given)
    if conforms:
        assert errs == []
    else:
        assert errs
        assert all(isinstance(e, cty.PathError) for e in errs)


CONFORMANCE_ERRORS = [
    # receiver, wanted type, the errors as (path, message): go-cty lists object attributes in
    # Go's random map order, ours are sorted (unsupported first, then missing, then nested)
    (
        cty.Object({"b": cty.String, "z": cty.Number, "x": cty.Bool}),
        cty.Object({"a": cty.String, "z": cty.String, "c": cty.Bool, "x": cty.Bool}),
        [
            (cty.Path(), 'unsupported attribute "b"'),
            (cty.Path(), 'missing required attribute "a"'),
            (cty.Path(), 'missing required attribute "c"'),
            (cty.get_attr_path("z"), "string required, but received number"),
        ],
    ),
    (
        cty.Tuple([cty.String]),
        cty.Tuple([cty.String, cty.Number]),
        [(cty.Path(), "2 elements are required, but got 1")],
    ),
    (
        cty.Tuple([cty.String, cty.Bool]),
        cty.Tuple([cty.Number, cty.Bool]),
        [(cty.index_int_path(0), "number required, but received string")],
    ),
    (
        cty.List(cty.Number),
        cty.List(cty.String),
        [(cty.index_path(cty.unknown_val(cty.Number)), "string required, but received number")],
    ),
    (
        cty.Map(cty.Number),
        cty.Map(cty.String),
        [(cty.index_path(cty.unknown_val(cty.String)), "string required, but received number")],
    ),
    (
        cty.Set(cty.Number),
        cty.Set(cty.String),
        [(cty.index_path(cty.unknown_val(cty.Number)), "string required, but received number")],
    ),
    (
        cty.Set(cty.Number),
        cty.List(cty.Number),
        [(cty.Path(), "list of number required, but received set of number")],
    ),
    (cty.DynamicPseudoType, cty.Number, [(cty.Path(), "number required, but received dynamic")]),
    (
        cty.Tuple([cty.Object({"a": cty.List(cty.Number)})]),
        cty.Tuple([cty.Object({"a": cty.List(cty.Bool)})]),
        [
            (
                cty.index_int_path(0).get_attr("a").index(cty.unknown_val(cty.Number)),
                "bool required, but received number",
            )
        ],
    ),
]


@pytest.mark.parametrize(("receiver", "want", "errors"), CONFORMANCE_ERRORS, ids=stable_id)
def test_test_conformance_errors(
    receiver: cty.Type, want: cty.Type, errors: list[tuple[cty.Path, str]]
) -> None:
    got = receiver.test_conformance(want)
    assert [(e.path, e.message) for e in got] == errors
    for e, (path, _) in zip(got, errors, strict=True):
        assert e.path.equals(path)


HAS_DYNAMIC_TYPES = [
    # type, whether DynamicPseudoType appears anywhere in it
    (cty.DynamicPseudoType, True),
    (cty.List(cty.DynamicPseudoType), True),
    (cty.Tuple([cty.String, cty.DynamicPseudoType]), True),
    (cty.Object({"a": cty.String, "unknown": cty.DynamicPseudoType}), True),
    (cty.List(cty.Object({"a": cty.String, "unknown": cty.DynamicPseudoType})), True),
    (cty.Tuple([cty.Object({"a": cty.String, "unknown": cty.DynamicPseudoType})]), True),
    (cty.String, False),
    (cty.List(cty.String), False),
    (cty.Object({"a": cty.Tuple([cty.Map(cty.Set(cty.Bool))])}), False),
    (cty.Capsule("c", object), False),
    (cty.ObjectWithOptionalAttrs({"a": cty.DynamicPseudoType}, ["a"]), True),
]


@pytest.mark.parametrize(("ty", "want"), HAS_DYNAMIC_TYPES, ids=stable_id)
def test_has_dynamic_types(ty: cty.Type, want: bool) -> None:
    assert ty.has_dynamic_types() is want


WITHOUT_OPTIONAL_ATTRIBUTES_DEEP = [
    # type, the type with every optional-attribute marker removed
    (cty.DynamicPseudoType, cty.DynamicPseudoType),
    (cty.List(cty.DynamicPseudoType), cty.List(cty.DynamicPseudoType)),
    (
        cty.Tuple([cty.String, cty.DynamicPseudoType]),
        cty.Tuple([cty.String, cty.DynamicPseudoType]),
    ),
    (
        cty.Object({"a": cty.String, "unknown": cty.DynamicPseudoType}),
        cty.Object({"a": cty.String, "unknown": cty.DynamicPseudoType}),
    ),
    (
        cty.ObjectWithOptionalAttrs({"a": cty.String, "unknown": cty.DynamicPseudoType}, ["a"]),
        cty.Object({"a": cty.String, "unknown": cty.DynamicPseudoType}),
    ),
    (
        cty.Map(
            cty.ObjectWithOptionalAttrs({"a": cty.String, "unknown": cty.DynamicPseudoType}, ["a"])
        ),
        cty.Map(cty.Object({"a": cty.String, "unknown": cty.DynamicPseudoType})),
    ),
    (
        cty.Set(
            cty.ObjectWithOptionalAttrs({"a": cty.String, "unknown": cty.DynamicPseudoType}, ["a"])
        ),
        cty.Set(cty.Object({"a": cty.String, "unknown": cty.DynamicPseudoType})),
    ),
    (
        cty.List(
            cty.ObjectWithOptionalAttrs({"a": cty.String, "unknown": cty.DynamicPseudoType}, ["a"])
        ),
        cty.List(cty.Object({"a": cty.String, "unknown": cty.DynamicPseudoType})),
    ),
    (
        cty.Tuple(
            [
                cty.ObjectWithOptionalAttrs(
                    {"a": cty.String, "unknown": cty.DynamicPseudoType}, ["a"]
                ),
                cty.ObjectWithOptionalAttrs({"b": cty.Number}, ["b"]),
            ]
        ),
        cty.Tuple(
            [
                cty.Object({"a": cty.String, "unknown": cty.DynamicPseudoType}),
                cty.Object({"b": cty.Number}),
            ]
        ),
    ),
]


@pytest.mark.parametrize(("ty", "want"), WITHOUT_OPTIONAL_ATTRIBUTES_DEEP, ids=stable_id)
def test_without_optional_attributes_deep(ty: cty.Type, want: cty.Type) -> None:
    assert ty.without_optional_attributes_deep() == want
    assert ty.without_optional_attributes_deep() is want


TYPE_GO_STRING = [
    # type, its GoString
    (cty.DynamicPseudoType, "cty.DynamicPseudoType"),
    (cty.String, "cty.String"),
    (cty.Tuple([cty.String, cty.Bool]), "cty.Tuple([]cty.Type{cty.String, cty.Bool})"),
    (cty.Number, "cty.Number"),
    (cty.Bool, "cty.Bool"),
    (cty.List(cty.String), "cty.List(cty.String)"),
    (cty.List(cty.List(cty.String)), "cty.List(cty.List(cty.String))"),
    (cty.List(cty.Bool), "cty.List(cty.Bool)"),
    (cty.Set(cty.String), "cty.Set(cty.String)"),
    (cty.Set(cty.Map(cty.String)), "cty.Set(cty.Map(cty.String))"),
    (cty.Set(cty.Bool), "cty.Set(cty.Bool)"),
    (cty.Tuple([cty.Bool]), "cty.Tuple([]cty.Type{cty.Bool})"),
    (cty.Map(cty.String), "cty.Map(cty.String)"),
    (cty.Map(cty.Set(cty.String)), "cty.Map(cty.Set(cty.String))"),
    (cty.Map(cty.Bool), "cty.Map(cty.Bool)"),
    (cty.Object({"foo": cty.Bool}), 'cty.Object(map[string]cty.Type{"foo":cty.Bool})'),
    (
        cty.ObjectWithOptionalAttrs({"foo": cty.Bool, "bar": cty.String}, ["bar"]),
        "cty.ObjectWithOptionalAttrs("
        'map[string]cty.Type{"bar":cty.String, "foo":cty.Bool}, []string{"bar"})',
    ),
    (cty.EmptyObject, "cty.EmptyObject"),
    (cty.EmptyTuple, "cty.EmptyTuple"),
    (
        cty.Object({"b": cty.Bool, "a": cty.List(cty.String)}),
        'cty.Object(map[string]cty.Type{"a":cty.List(cty.String), "b":cty.Bool})',
    ),
    (
        cty.ObjectWithOptionalAttrs({"a": cty.Bool, "b": cty.Bool, "c": cty.Bool}, ["c", "a"]),
        'cty.ObjectWithOptionalAttrs(map[string]cty.Type{"a":cty.Bool, "b":cty.Bool, '
        '"c":cty.Bool}, []string{"a", "c"})',
    ),
]


@pytest.mark.parametrize(("ty", "want"), TYPE_GO_STRING, ids=stable_id)
def test_type_go_string(ty: cty.Type, want: str) -> None:
    assert ty.go_string() == want


OBJECT_TYPE_EQUALS = [
    # a, b, whether they are the same type
    (cty.Object({}), cty.Object({}), True),
    (cty.Object({"name": cty.String}), cty.Object({"name": cty.String}), True),
    (cty.Object({"h\xe9llo": cty.String}), cty.Object({"he\u0301llo": cty.String}), True),
    (
        cty.Object({"person": cty.Object({"name": cty.String})}),
        cty.Object({"person": cty.Object({"name": cty.String})}),
        True,
    ),
    (cty.Object({"name": cty.String}), cty.Object({}), False),
    (cty.Object({"name": cty.String}), cty.Object({"name": cty.Number}), False),
    (cty.Object({"name": cty.String}), cty.Object({"nombre": cty.String}), False),
    (cty.Object({"name": cty.String}), cty.Object({"name": cty.String, "age": cty.Number}), False),
    (
        cty.Object({"person": cty.Object({"name": cty.String})}),
        cty.Object({"person": cty.Object({"name": cty.String, "age": cty.Number})}),
        False,
    ),
    (
        cty.ObjectWithOptionalAttrs({"person": cty.Bool}, ["person"]),
        cty.ObjectWithOptionalAttrs({"person": cty.Bool}, ["person"]),
        True,
    ),
    (
        cty.Object({"person": cty.Object({"name": cty.String})}),
        cty.ObjectWithOptionalAttrs({"person": cty.Bool}, ["person"]),
        False,
    ),
    (
        cty.ObjectWithOptionalAttrs({"person": cty.Bool}, ["person"]),
        cty.Object({"person": cty.Object({"name": cty.String})}),
        False,
    ),
]

TUPLE_TYPE_EQUALS = [
    # a, b, whether they are the same type
    (cty.Tuple([]), cty.Tuple([]), True),
    (cty.EmptyTuple, cty.Tuple([]), True),
    (cty.Tuple([cty.String]), cty.Tuple([cty.String]), True),
    (cty.Tuple([cty.Tuple([cty.String])]), cty.Tuple([cty.Tuple([cty.String])]), True),
    (cty.Tuple([cty.String]), cty.EmptyTuple, False),
    (cty.Tuple([cty.String]), cty.Tuple([cty.Number]), False),
    (cty.Tuple([cty.String]), cty.Tuple([cty.String, cty.Number]), False),
    (cty.Tuple([cty.String]), cty.Tuple([cty.Tuple([cty.String])]), False),
]


@pytest.mark.parametrize(("a", "b", "want"), OBJECT_TYPE_EQUALS + TUPLE_TYPE_EQUALS, ids=stable_id)
def test_type_equals(a: cty.Type, b: cty.Type, want: bool) -> None:
    assert a.equals(b) is want
    assert (a == b) is want
    # types are interned: equal types are the same object
    assert (a is b) is want
    if want:
        assert hash(a) == hash(b)


IS_PRIMITIVE_TYPE = [
    # type, whether it is primitive
    (cty.String, True),
    (cty.Number, True),
    (cty.Bool, True),
    (cty.DynamicPseudoType, False),
    (cty.List(cty.String), False),
    (cty.True_.type(), True),
    (cty.False_.type(), True),
    (cty.Zero.type(), True),
    (cty.PositiveInfinity.type(), True),
    (cty.NegativeInfinity.type(), True),
]


@pytest.mark.parametrize(("ty", "want"), IS_PRIMITIVE_TYPE, ids=stable_id)
def test_is_primitive_type(ty: cty.Type, want: bool) -> None:
    assert ty.is_primitive_type() is want


TYPE_JSON = [
    # type, its JSON
    (cty.String, '"string"'),
    (cty.Number, '"number"'),
    (cty.Bool, '"bool"'),
    (cty.List(cty.Bool), '["list","bool"]'),
    (cty.Map(cty.Bool), '["map","bool"]'),
    (cty.Set(cty.Bool), '["set","bool"]'),
    (cty.List(cty.Map(cty.Bool)), '["list",["map","bool"]]'),
    (cty.Tuple([cty.Bool, cty.String]), '["tuple",["bool","string"]]'),
    (
        cty.Object({"bool": cty.Bool, "string": cty.String}),
        '["object",{"bool":"bool","string":"string"}]',
    ),
    (
        cty.ObjectWithOptionalAttrs({"bool": cty.Bool, "string": cty.String}, ["string", "bool"]),
        '["object",{"bool":"bool","string":"string"},["bool","string"]]',
    ),
    (cty.DynamicPseudoType, '"dynamic"'),
]


@pytest.mark.parametrize(("ty", "want"), TYPE_JSON, ids=stable_id)
def test_type_json(ty: cty.Type, want: str) -> None:
    from cty.encoding import json

    got = json.marshal_type(ty)
    assert got == want.encode()
    assert json.unmarshal_type(got) == ty


KINDS = [
    # type, the kind tests that answer True
    (cty.String, {"primitive"}),
    (cty.Number, {"primitive"}),
    (cty.Bool, {"primitive"}),
    (cty.DynamicPseudoType, {"dynamic"}),
    (cty.List(cty.String), {"list", "collection"}),
    (cty.Map(cty.String), {"map", "collection"}),
    (cty.Set(cty.String), {"set", "collection"}),
    (cty.EmptyObject, {"object", "structural"}),
    (cty.Tuple([cty.String]), {"tuple", "structural"}),
    (cty.Capsule("c", object), {"capsule"}),
]


@pytest.mark.parametrize(("ty", "kinds"), KINDS, ids=stable_id)
def test_kinds(ty: cty.Type, kinds: set[str]) -> None:
    got = {
        name
        for name, ask in [
            ("primitive", ty.is_primitive_type),
            ("dynamic", ty.is_dynamic_pseudo_type),
            ("list", ty.is_list_type),
            ("map", ty.is_map_type),
            ("set", ty.is_set_type),
            ("collection", ty.is_collection_type),
            ("object", ty.is_object_type),
            ("tuple", ty.is_tuple_type),
            ("structural", ty.is_structural),
            ("capsule", ty.is_capsule_type),
        ]
        if ask()
    }
    assert got == kinds


FRIENDLY_NAMES = [
    # type, friendly_name(), friendly_name_for_constraint()
    (cty.String, "string", "string"),
    (cty.Number, "number", "number"),
    (cty.Bool, "bool", "bool"),
    (cty.DynamicPseudoType, "dynamic", "any type"),
    (cty.List(cty.String), "list of string", "list of string"),
    (cty.List(cty.DynamicPseudoType), "list of dynamic", "list of any single type"),
    (cty.Map(cty.DynamicPseudoType), "map of dynamic", "map of any single type"),
    (cty.Set(cty.DynamicPseudoType), "set of dynamic", "set of any single type"),
    (cty.Set(cty.List(cty.Bool)), "set of list of bool", "set of list of bool"),
    (
        cty.Map(cty.List(cty.DynamicPseudoType)),
        "map of list of dynamic",
        "map of list of any single type",
    ),
    (cty.EmptyObject, "object", "object"),
    (cty.Object({"a": cty.DynamicPseudoType}), "object", "object"),
    (cty.EmptyTuple, "tuple", "tuple"),
    (cty.Tuple([cty.DynamicPseudoType]), "tuple", "tuple"),
    (cty.Capsule("my capsule", object), "my capsule", "my capsule"),
]


@pytest.mark.parametrize(("ty", "name", "constraint_name"), FRIENDLY_NAMES, ids=stable_id)
def test_friendly_names(ty: cty.Type, name: str, constraint_name: str) -> None:
    assert ty.friendly_name() == name
    assert ty.friendly_name_for_constraint() == constraint_name


TYPE_EXPRESSIONS = [
    # type, str(type): the HCL type-expression form
    (cty.String, "string"),
    (cty.Number, "number"),
    (cty.Bool, "bool"),
    (cty.DynamicPseudoType, "any"),
    (cty.List(cty.String), "list(string)"),
    (cty.Set(cty.Map(cty.Bool)), "set(map(bool))"),
    (cty.Tuple([cty.String, cty.DynamicPseudoType]), "tuple([string,any])"),
    (cty.EmptyTuple, "tuple([])"),
    (cty.EmptyObject, "object({})"),
    (
        cty.ObjectWithOptionalAttrs({"port": cty.Number, "name": cty.String}, ["port"]),
        "object({name=string,port=optional(number)})",
    ),
]


@pytest.mark.parametrize(("ty", "want"), TYPE_EXPRESSIONS, ids=stable_id)
def test_type_expressions(ty: cty.Type, want: str) -> None:
    assert str(ty) == want


ROUND_TRIP_TYPES = [
    cty.String,
    cty.Number,
    cty.Bool,
    cty.DynamicPseudoType,
    cty.List(cty.String),
    cty.Map(cty.List(cty.Number)),
    cty.Set(cty.Object({"a": cty.Bool})),
    cty.EmptyObject,
    cty.EmptyTuple,
    cty.Tuple([cty.String, cty.Tuple([])]),
    cty.Object({"b": cty.Bool, "a": cty.String, "\xe9": cty.Number, "it's": cty.Bool}),
    cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Bool}, ["b"]),
    cty.List(cty.ObjectWithOptionalAttrs({"x": cty.DynamicPseudoType}, ["x"])),
]


@pytest.mark.parametrize("ty", ROUND_TRIP_TYPES, ids=stable_id)
def test_repr_rebuilds_the_type(ty: cty.Type) -> None:
    assert eval(repr(ty), {"cty": cty}) is ty


INTERNED = [
    # two ways to build one type
    (cty.List(cty.String), cty.List(cty.String)),
    (cty.Object({"a": cty.String, "b": cty.Bool}), cty.Object({"b": cty.Bool, "a": cty.String})),
    (cty.Object({"e\u0301": cty.Bool}), cty.Object({"\xe9": cty.Bool})),
    (
        cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Bool}, ["a", "b"]),
        cty.ObjectWithOptionalAttrs({"a": cty.String, "b": cty.Bool}, ["b", "a"]),
    ),
    (cty.ObjectWithOptionalAttrs({"a": cty.String}, []), cty.Object({"a": cty.String})),
    (cty.Object({}), cty.EmptyObject),
    (cty.Tuple([]), cty.EmptyTuple),
    (cty.Tuple((cty.String,)), cty.Tuple([cty.String])),
    (cty.string_val("a").type(), cty.String),
    (cty.list_val([cty.True_]).type(), cty.List(cty.Bool)),
]


@pytest.mark.parametrize(("a", "b"), INTERNED, ids=stable_id)
def test_types_are_interned(a: cty.Type, b: cty.Type) -> None:
    assert a is b


def test_optional_attributes_count_in_equality() -> None:
    plain = cty.Object({"a": cty.String})
    optional = cty.ObjectWithOptionalAttrs({"a": cty.String}, ["a"])
    assert plain != optional
    assert optional.attribute_optional("a")
    assert not plain.attribute_optional("a")
    assert optional.optional_attributes() == frozenset({"a"})
    assert optional.without_optional_attributes_deep() is plain


def test_type_accessors() -> None:
    obj = cty.Object({"b": cty.Bool, "a": cty.String})
    assert list(obj.attribute_types()) == ["a", "b"]
    assert obj.attribute_type("b") is cty.Bool
    # attribute names are looked up NFC-normalised
    accented = cty.Object({"\xe9": cty.Bool})
    assert accented.has_attribute("e\u0301")
    assert accented.attribute_type("e\u0301") is cty.Bool
    assert obj.has_attribute("a")
    assert not obj.has_attribute("c")
    tup = cty.Tuple([cty.String, cty.Bool])
    assert tup.tuple_element_types() == (cty.String, cty.Bool)
    assert tup.tuple_element_type(1) is cty.Bool
    assert tup.length() == 2
    assert cty.List(cty.Number).element_type() is cty.Number
    assert cty.List(cty.Number).list_element_type() is cty.Number
    assert cty.List(cty.Number).map_element_type() is None
    assert cty.Map(cty.Number).map_element_type() is cty.Number
    assert cty.Set(cty.Number).set_element_type() is cty.Number


BAD_TYPE_CALLS = [
    # call (a Python expression); go-cty panics on each
    "cty.String.element_type()",
    "cty.EmptyTuple.element_type()",
    "cty.String.attribute_types()",
    'cty.EmptyObject.attribute_type("a")',
    'cty.List(cty.String).has_attribute("a")',
    'cty.EmptyObject.attribute_optional("a")',
    "cty.String.tuple_element_types()",
    "cty.Tuple([cty.String]).tuple_element_type(1)",
    "cty.String.length()",
    "cty.String.encapsulated_type()",
    "cty.String.capsule_ops()",
    'cty.String.capsule_extension_data("k")',
    'cty.List("string")',
    "cty.Map(None)",
    "cty.Set(str)",
    'cty.Object({"a": "string"})',
    "cty.Object([cty.String])",
    "cty.Tuple([cty.String, 1])",
    'cty.ObjectWithOptionalAttrs({"a": cty.String}, ["b"])',
    "cty.Capsule(1, object)",
    'cty.Capsule("c", 1)',
]


@pytest.mark.parametrize("call", BAD_TYPE_CALLS, ids=stable_id)
def test_bad_type_calls_raise_type_or_value_errors(call: str) -> None:
    with pytest.raises((TypeError, ValueError)) as caught:
        eval(call, {"cty": cty})
    assert not isinstance(caught.value, (KeyError, IndexError, AttributeError))


@pytest.mark.parametrize("ty", [*ROUND_TRIP_TYPES, cty.Capsule("c", object)], ids=stable_id)
def test_types_are_immutable(ty: cty.Type) -> None:
    with pytest.raises(AttributeError):
        ty.anything = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        del ty.anything  # type: ignore[attr-defined]
    for slot in type(ty).__slots__:
        with pytest.raises(AttributeError):
            setattr(ty, slot, None)


def test_object_attribute_types_cannot_be_changed() -> None:
    obj = cty.Object({"a": cty.String})
    attrs: Any = obj.attribute_types()
    with pytest.raises(TypeError):
        attrs["b"] = cty.Bool
    assert not obj.has_attribute("b")


class Box:
    def __init__(self, n: int) -> None:
        self.n = n


def test_capsule_with_ops() -> None:
    # go-cty's TestCapsuleWithOps, "with ops"
    ty = cty.CapsuleWithOps(
        "with ops",
        Box,
        cty.CapsuleOps(
            go_string=lambda v: f"test.WithOpsVal({v.n})",
            type_go_string=lambda t: f"test.WithOps({t.__name__})",
            equals=lambda a, b: cty.bool_val(a.n == b.n),
            raw_equals=lambda a, b: a.n == b.n,
        ),
    )
    v, v2, v3 = (
        cty.capsule_val(ty, Box(0)),
        cty.capsule_val(ty, Box(0)),
        cty.capsule_val(ty, Box(1)),
    )
    assert v.go_string() == "test.WithOpsVal(0)"
    assert ty.go_string() == "test.WithOps(Box)"
    assert v.equals(v2) == cty.True_
    assert v.equals(v3) == cty.False_
    assert v.raw_equals(v2)
    assert not v.raw_equals(v3)


def test_capsule_without_ops() -> None:
    # go-cty's TestCapsuleWithOps, "without ops": identity decides equality
    ty = cty.Capsule("without ops", Box)
    a, b = Box(0), Box(0)
    v, v2 = cty.capsule_val(ty, a), cty.capsule_val(ty, b)
    assert v.equals(v2) == cty.False_
    assert not v.raw_equals(v2)
    assert v.equals(cty.capsule_val(ty, a)) == cty.True_
    # go-cty: cty.Capsule("without ops", reflect.TypeOf(0)), with the name in Go quotes
    assert ty.go_string().startswith('cty.Capsule("without ops", ')
    assert v.go_string().startswith(f"cty.CapsuleVal({ty.go_string()}, ")


def test_capsule_extension_data() -> None:
    ty = cty.CapsuleWithOps(
        "with extension data",
        int,
        cty.CapsuleOps(extension_data=lambda key: "world" if key == "hello" else None),
    )
    assert ty.capsule_extension_data("hello") == "world"
    assert ty.capsule_extension_data("nonexistent") is None
    ty2 = cty.Capsule("without extension data", int)
    assert ty2.capsule_extension_data("hello") is None


def test_capsule_types_compare_by_identity() -> None:
    a = cty.Capsule("same", Box)
    b = cty.Capsule("same", Box)
    assert a != b
    assert a == a  # noqa: PLR0124 - identity is the point
    assert a.encapsulated_type() is Box
    assert a.capsule_ops() is None
    assert cty.List(a) is cty.List(a)
    assert cty.List(a) != cty.List(b)
