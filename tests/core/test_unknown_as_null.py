"""unknown_as_null: go-cty's unknown_as_null_test.go, carried over."""

from __future__ import annotations

import pytest

import cty
from tests._ids import stable_id

UNKNOWN_AS_NULL = [
    # input, want
    (cty.string_val("hello"), cty.string_val("hello")),
    (cty.null_val(cty.String), cty.null_val(cty.String)),
    (cty.unknown_val(cty.String), cty.null_val(cty.String)),
    (cty.null_val(cty.DynamicPseudoType), cty.null_val(cty.DynamicPseudoType)),
    (
        cty.null_val(cty.Object({"test": cty.String})),
        cty.null_val(cty.Object({"test": cty.String})),
    ),
    (cty.DynamicVal, cty.null_val(cty.DynamicPseudoType)),
    (cty.list_val_empty(cty.String), cty.list_val_empty(cty.String)),
    (cty.list_val([cty.string_val("hello")]), cty.list_val([cty.string_val("hello")])),
    (cty.list_val([cty.null_val(cty.String)]), cty.list_val([cty.null_val(cty.String)])),
    (cty.list_val([cty.unknown_val(cty.String)]), cty.list_val([cty.null_val(cty.String)])),
    (cty.set_val_empty(cty.String), cty.set_val_empty(cty.String)),
    (cty.set_val([cty.string_val("hello")]), cty.set_val([cty.string_val("hello")])),
    (cty.set_val([cty.null_val(cty.String)]), cty.set_val([cty.null_val(cty.String)])),
    (cty.set_val([cty.unknown_val(cty.String)]), cty.set_val([cty.null_val(cty.String)])),
    (cty.EmptyTupleVal, cty.EmptyTupleVal),
    (cty.tuple_val([cty.string_val("hello")]), cty.tuple_val([cty.string_val("hello")])),
    (cty.tuple_val([cty.null_val(cty.String)]), cty.tuple_val([cty.null_val(cty.String)])),
    (cty.tuple_val([cty.unknown_val(cty.String)]), cty.tuple_val([cty.null_val(cty.String)])),
    (cty.map_val_empty(cty.String), cty.map_val_empty(cty.String)),
    (
        cty.map_val({"greeting": cty.string_val("hello")}),
        cty.map_val({"greeting": cty.string_val("hello")}),
    ),
    (
        cty.map_val({"greeting": cty.null_val(cty.String)}),
        cty.map_val({"greeting": cty.null_val(cty.String)}),
    ),
    (
        cty.map_val({"greeting": cty.unknown_val(cty.String)}),
        cty.map_val({"greeting": cty.null_val(cty.String)}),
    ),
    (cty.EmptyObjectVal, cty.EmptyObjectVal),
    (
        cty.object_val({"greeting": cty.string_val("hello")}),
        cty.object_val({"greeting": cty.string_val("hello")}),
    ),
    (
        cty.object_val({"greeting": cty.null_val(cty.String)}),
        cty.object_val({"greeting": cty.null_val(cty.String)}),
    ),
    (
        cty.object_val({"greeting": cty.unknown_val(cty.String)}),
        cty.object_val({"greeting": cty.null_val(cty.String)}),
    ),
    (cty.string_val("hello").mark("..."), cty.string_val("hello").mark("...")),
    (cty.unknown_val(cty.String).mark("..."), cty.null_val(cty.String).mark("...")),
    (cty.DynamicVal.mark("..."), cty.null_val(cty.DynamicPseudoType).mark("...")),
    (
        cty.list_val([cty.unknown_val(cty.String)]).mark("..."),
        cty.list_val([cty.null_val(cty.String)]).mark("..."),
    ),
    (
        cty.list_val([cty.unknown_val(cty.String).mark("...")]),
        cty.list_val([cty.null_val(cty.String).mark("...")]),
    ),
    (
        cty.set_val([cty.unknown_val(cty.String)]).mark("..."),
        cty.set_val([cty.null_val(cty.String)]).mark("..."),
    ),
    (
        cty.set_val([cty.unknown_val(cty.String).mark("...")]),
        cty.set_val([cty.null_val(cty.String).mark("...")]),
    ),
    (
        cty.tuple_val([cty.unknown_val(cty.String)]).mark("..."),
        cty.tuple_val([cty.null_val(cty.String)]).mark("..."),
    ),
    (
        cty.tuple_val([cty.unknown_val(cty.String).mark("...")]),
        cty.tuple_val([cty.null_val(cty.String).mark("...")]),
    ),
    (
        cty.map_val({"greeting": cty.unknown_val(cty.String)}).mark("..."),
        cty.map_val({"greeting": cty.null_val(cty.String)}).mark("..."),
    ),
    (
        cty.map_val({"greeting": cty.unknown_val(cty.String).mark("...")}),
        cty.map_val({"greeting": cty.null_val(cty.String).mark("...")}),
    ),
    (
        cty.object_val({"greeting": cty.unknown_val(cty.String)}).mark("..."),
        cty.object_val({"greeting": cty.null_val(cty.String)}).mark("..."),
    ),
    (
        cty.object_val({"greeting": cty.unknown_val(cty.String).mark("...")}),
        cty.object_val({"greeting": cty.null_val(cty.String).mark("...")}),
    ),
    # several unknowns in a set become one null
    (
        cty.set_val([cty.unknown_val(cty.String), cty.unknown_val(cty.String)]),
        cty.set_val([cty.null_val(cty.String)]),
    ),
    (
        cty.set_val([cty.string_val("a"), cty.unknown_val(cty.String), cty.null_val(cty.String)]),
        cty.set_val([cty.string_val("a"), cty.null_val(cty.String)]),
    ),
    # unknowns deep inside, and unknown elements of structural set elements
    (
        cty.object_val(
            {"l": cty.list_val([cty.tuple_val([cty.DynamicVal, cty.unknown_val(cty.Bool)])])}
        ),
        cty.object_val(
            {
                "l": cty.list_val(
                    [cty.tuple_val([cty.null_val(cty.DynamicPseudoType), cty.null_val(cty.Bool)])]
                )
            }
        ),
    ),
    (
        cty.set_val(
            [
                cty.object_val({"a": cty.unknown_val(cty.String)}),
                cty.object_val({"a": cty.unknown_val(cty.String)}),
            ]
        ),
        cty.set_val([cty.object_val({"a": cty.null_val(cty.String)})]),
    ),
    (cty.unknown_val(cty.List(cty.String)), cty.null_val(cty.List(cty.String))),
]


@pytest.mark.parametrize(("value", "want"), UNKNOWN_AS_NULL, ids=stable_id)
def test_unknown_as_null(value: cty.Value, want: cty.Value) -> None:
    got = cty.unknown_as_null(value)
    assert got == want
    assert got.is_wholly_known()
    assert cty.unknown_as_null(got) == got
