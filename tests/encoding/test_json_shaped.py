"""The shaped pass of JSON decoding (cty.encoding._json_shaped) gives what the general decoder
gives, value for value and error for error, on generated JSON and on every way JSON can stray
from the plain shape; it takes the plain shape itself, and declines the rest."""

from __future__ import annotations

import json as stdlib_json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cty
from cty.encoding import DecodeError, json
from cty.encoding._json_shaped import DECLINED
from cty.testing import strategies as cst

from .._examples import examples


class Lit(str):
    """A number literal, written as it is."""


class Obj(list[tuple[str, Any]]):
    """A JSON object as its entries, so that a key can come twice."""


def read(text: str | bytes) -> Any:
    return stdlib_json.loads(text, object_pairs_hook=Obj, parse_int=Lit, parse_float=Lit)


def write(node: Any, ascii_only: bool) -> str:
    if isinstance(node, Lit):
        return str(node)
    if isinstance(node, Obj):
        return "{" + ",".join(f"{write(k, ascii_only)}:{write(v, ascii_only)}"
                              for k, v in node) + "}"
    if isinstance(node, list):
        return "[" + ",".join(write(e, ascii_only) for e in node) + "]"
    return stdlib_json.dumps(node, ensure_ascii=ascii_only)


def outcome(dec: json.Decoder, text: str) -> tuple[Any, ...]:
    try:
        v = dec.decode(text)
    except DecodeError as e:
        return ("error", str(e), e.path)
    return ("value", v.type(), v)


def both(ty: cty.Type) -> tuple[json.Decoder, json.Decoder]:
    shaped = json.Decoder(ty)
    shaped.shaped_pass()  # (made now: a decoder makes it on its second decode otherwise)
    general = json.Decoder(ty)
    general._shaped, general._planned = None, True
    return shaped, general


ODD_NODES = [None, "x", "5", " 5", "1e3", "true", "TRUE", "0", Lit("7"), Lit("2.50"),
             Lit("-0"), Lit("1e999999999"), Lit("1" * 5000), True, False, [], Obj(), "é",
             "e\u0301", ["a", None], Obj([("a", Lit("1"))])]


@st.composite
def strayed(draw: st.DrawFn, node: Any) -> Any:
    """*node* with one thing changed somewhere inside it (or nothing)."""
    places: list[tuple[Any, int]] = []

    def walk(n: Any) -> None:
        if isinstance(n, Obj):
            for i, (_, v) in enumerate(n):
                places.append((n, i))
                walk(v)
        elif isinstance(n, list):
            for i, e in enumerate(n):
                places.append((n, i))
                walk(e)

    walk(node)
    containers = [node, *[c for c, _ in places]]
    how = draw(st.sampled_from(["none", "replace", "extra", "drop", "repeat", "reverse",
                                "double"]))
    if how == "replace" and places:
        parent, i = draw(st.sampled_from(places))
        new = draw(st.sampled_from(ODD_NODES))
        if isinstance(parent, Obj):
            parent[i] = (parent[i][0], new)
        else:
            parent[i] = new
    elif how in ("extra", "drop", "repeat", "reverse", "double"):
        target = draw(st.sampled_from(containers))
        if isinstance(target, Obj):
            if how == "extra":
                target.append(("zz extra", Lit("1")))
            elif how == "drop" and target:
                del target[draw(st.integers(0, len(target) - 1))]
            elif how == "repeat" and target:
                k, v = target[draw(st.integers(0, len(target) - 1))]
                target.append((k, draw(st.sampled_from([v, "x", Lit("1"), None]))))
            elif how == "reverse":
                target.reverse()
        elif isinstance(target, list):
            if how == "reverse":
                target.reverse()
            elif how == "double" and target:
                target.append(target[0])
    return node


ascii_names = st.text(st.characters(min_codepoint=0x61, max_codepoint=0x7A), min_size=1,
                      max_size=4)
names = st.one_of(ascii_names, ascii_names, cst.unicode_names)
static_types = cst.types(3, dynamic=False, optional_attrs=False, names=names)


@pytest.mark.slow
@settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
@given(static_types.flatmap(lambda ty: st.tuples(st.just(ty), cst.values_conforming(
    ty, unknowns=False, infinities=False, any_precision=False, marks=False, names=names))),
    st.data(), st.booleans())
def test_the_shaped_pass_agrees_with_the_general_decoder(tv: tuple[cty.Type, cty.Value],
                                                       data: st.DataObject,
                                                       ascii_only: bool) -> None:
    ty, v = tv
    tree = data.draw(strayed(read(json.marshal(v, ty))))
    text = write(tree, ascii_only)
    shaped, general = both(ty)
    got, want = outcome(shaped, text), outcome(general, text)
    assert got[:2] == want[:2]
    assert got[2] == want[2]  # (values: raw equality; errors: the same path)
    assert outcome(shaped, text.encode("utf-8"))[:2] == want[:2]


RESOURCE = cty.Object({
    "n": cty.Number, "s": cty.String, "b": cty.Bool, "tags": cty.Map(cty.String),
    "zones": cty.Set(cty.String), "ids": cty.List(cty.String), "flags": cty.List(cty.Bool),
    "sizes": cty.Map(cty.Number), "ports": cty.Set(cty.Number),
    "pair": cty.Tuple([cty.String, cty.Number]),
    "inner": cty.Object({"x": cty.Number, "names": cty.Set(cty.String)}),
    "rows": cty.List(cty.Object({"k": cty.String})),
})
PLAIN = ('[{"b":true,"flags":[false,true],"ids":["b","a"],"inner":{"names":["p","q"],'
         '"x":0.1},"n":12,"pair":["p",2.5],"ports":[443,80],"rows":[{"k":"v"},null],'
         '"s":"i-0abc","sizes":{"a":1,"b":1e3},"tags":{"env":"prod","team":"x"},'
         '"zones":["eu-west-1a","us-east-0"]},null]')


def test_plain_json_takes_the_shaped_pass() -> None:
    ty = cty.List(RESOURCE)
    shaped, general = both(ty)
    assert shaped.shaped_pass() is not None
    assert shaped.shaped_pass().payload(PLAIN.encode()) is not DECLINED
    assert outcome(shaped, PLAIN) == outcome(general, PLAIN)
    v = shaped.decode(PLAIN).index(cty.number_int_val(0))
    assert v.get_attr("zones") == cty.set_val([cty.string_val("us-east-0"),
                                               cty.string_val("eu-west-1a")])
    assert v.get_attr("n") == cty.number_int_val(12)


def test_text_in_nfc_takes_the_shaped_pass_whatever_its_letters() -> None:
    text = (PLAIN.replace('"s":"i-0abc"', '"s":"caf\u00e9 \u6771\u4eac \U0001f600"')
            .replace('"team":"x"', '"\u00fcber":"\u00e9"')
            .replace('"zones":["eu-west-1a","us-east-0"]', '"zones":["\u00fc","a","\u00e9"]'))
    shaped, general = both(cty.List(RESOURCE))
    assert shaped.shaped_pass() is not None
    assert shaped.shaped_pass().payload(text.encode()) is not DECLINED
    assert outcome(shaped, text) == outcome(general, text)
    assert outcome(shaped, text.encode()) == outcome(general, text)
    v = shaped.decode(text).index(cty.number_int_val(0))
    assert [z.as_string() for z in v.get_attr("zones")] == ["a", "\u00e9", "\u00fc"]
    assert list(v.get_attr("tags").as_value_map()) == ["env", "\u00fcber"]


@pytest.mark.parametrize(("old", "new", "why"), [
    ('"s":"i-0abc"', '"s":"cafe\u0301"', "not NFC (the general decoder normalises it)"),
    ('"zones":["eu-west-1a","us-east-0"]', '"zones":["\u212b"]', "not NFC (a singleton)"),
    ('"s":"i-0abc"', '"s":"caf\\u00e9"', "an escape of a non-ASCII character"),
    ('"n":12', '"n":-0', "a literal -0"),
    ('"n":12', '"n":12,"n":13', "a key given twice"),
    ('"n":12', '"n":12,"extra":1', "an attribute the type lacks"),
    ('"s":"i-0abc"', '"s":5', "a number for a string (go-cty takes it)"),
    ('"b":true', '"b":"true"', "a string for a bool (go-cty takes it)"),
    ('"n":12', '"n":"x"', "not a number (an error, with its path)"),
    ('"tags":{"env":"prod","team":"x"}', '"tags":{"env":"prod","env":"x"}', "a map key twice"),
])
def test_the_shaped_pass_declines_what_is_not_plain(old: str, new: str, why: str) -> None:
    text = PLAIN.replace(old, new, 1)
    assert text != PLAIN, why
    shaped, general = both(cty.List(RESOURCE))
    assert shaped.shaped_pass() is not None
    assert shaped.shaped_pass().payload(text.encode()) is DECLINED, why
    assert outcome(shaped, text) == outcome(general, text)


def test_nulls_stay_in_the_shaped_pass_and_missing_attributes_are_null() -> None:
    ty = cty.Object({"s": cty.String, "n": cty.Number, "l": cty.List(cty.String)})
    shaped, general = both(ty)
    assert shaped.shaped_pass() is not None
    nulls = cty.object_val({"s": cty.null_val(cty.String), "n": cty.null_val(cty.Number),
                            "l": cty.null_val(cty.List(cty.String))})
    text = '{"l":null,"n":null,"s":null}'
    assert shaped.shaped_pass().payload(text.encode()) is not DECLINED
    assert shaped.decode(text) == nulls
    text = '{"n":null}'  # (declined: an attribute is missing)
    assert shaped.shaped_pass().payload(text.encode()) is DECLINED
    assert outcome(shaped, text) == outcome(general, text) == ("value", ty, nulls)


def test_a_type_decoded_once_in_a_small_document_makes_no_shaped_pass() -> None:
    # (#48: a stream of shapes each seen once pays no Struct type or generated builder)
    ty = cty.List(RESOURCE)
    first = json.Decoder(ty)
    want = first.decode(PLAIN)
    assert (first._planned, first._shaped) == (False, None)
    assert first.decode(PLAIN) == want  # the second decode makes it
    assert first._planned and first._shaped is not None
    large = "[" + ",".join([PLAIN[1:-1]] * 20) + "]"
    assert len(large) >= json._SHAPED_FROM
    other = json.Decoder(ty)
    assert other.decode(large).length_int() == 40
    assert other._planned and other._shaped is not None


def test_types_without_a_shape_have_no_shaped_pass() -> None:
    assert json.Decoder(cty.List(cty.DynamicPseudoType)).shaped_pass() is None
    assert json.Decoder(cty.Object({"c": cty.Capsule("thing", object)})).shaped_pass() is None
