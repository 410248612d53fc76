"""The typed pass (cty.encoding._typed_pass) against the full path it stands in for.

The full path is what the command did before the typed pass: the JSON's implied type, the
value unmarshalled with it, the defaults applied, conversion_errors, then convert. On data
the pass takes, it must give exactly the full path's value; on data the full path rejects, it
must decline. Types, defaults and data are generated; data near the type is made from data of
the type by small damage (a value replaced, an attribute added or dropped).
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cty
from cty._internal import DataFail, make
from cty.convert import Defaults, conversion_errors, convert, parse_type_with_defaults
from cty.encoding import DecodeError, gob
from cty.encoding import json as cty_json
from cty.encoding._typed_pass import json_text_fits, plan_typed_pass
from cty.testing import strategies as cst

from .._examples import examples

_decoder = msgspec.json.Decoder(float_hook=cty.parse_number_val)


def full_path(data: bytes, ty: cty.Type, defaults: Defaults | None, strict: bool
              ) -> cty.Value | list[cty.PathError]:
    try:
        value = cty_json.unmarshal(data, cty_json.implied_type(data))
    except DecodeError as e:  # (a key that NFC changes, say: go-cty refuses it too)
        return [cty.PathError(cty.Path(), str(e))]
    if defaults is not None:
        value = defaults.apply(value)
    errors = conversion_errors(value, ty, strict=strict)
    return errors or convert(value, ty)


def typed_pass(data: bytes, ty: cty.Type, defaults: Defaults | None, strict: bool
               ) -> cty.Value | None:
    build = plan_typed_pass(ty, defaults, strict=strict)
    assert build is not None
    if not json_text_fits(data):
        return None
    try:
        p = build(_decoder.decode(data))
    except DataFail:
        return None
    return make(ty.without_optional_attributes_deep(), p)


def check(data: bytes, ty: cty.Type, defaults: Defaults | None, strict: bool) -> bool:
    """Assert the pass agrees with the full path on *data*; return whether it took it."""
    want = full_path(data, ty, defaults, strict)
    got = typed_pass(data, ty, defaults, strict)
    if got is None:
        return False
    assert isinstance(want, cty.Value), f"the full path says {want}, the pass gave {got!r}"
    assert got.type() == want.type()
    assert got == want, (got, want)
    schema = want.type()
    assert cty_json.marshal(got, schema) == cty_json.marshal(want, schema)
    assert gob.dumps(got) == gob.dumps(want)  # (the numbers' precision too: 512 bits)
    return True


@st.composite
def defaults_for(draw: st.DrawFn, ty: cty.Type) -> Defaults | None:
    """A Defaults tree over *ty*, as parse_type_with_defaults would build: a default (of the
    attribute's type, converted to it) for some optional attributes, children below."""
    values: dict[str, cty.Value] = {}
    children: dict[str, Defaults] = {}
    below: list[tuple[str, cty.Type]] = []
    if ty.is_object_type():
        for name, t in ty.attribute_types().items():
            below.append((name, t))
            if ty.attribute_optional(name) and draw(st.booleans()):
                v = draw(cst.values_conforming(t.without_optional_attributes_deep(),
                                               unknowns=False, marks=False, infinities=False,
                                               any_precision=False))
                if not v.is_null():
                    values[name] = convert(v, t)
    elif ty.is_tuple_type():
        below = [(str(i), t) for i, t in enumerate(ty.tuple_element_types())]
    elif ty.is_collection_type():
        below = [("", ty.element_type())]
    for key, t in below:
        d = draw(defaults_for(t))
        if d is not None:
            children[key] = d
    return Defaults(ty, values, children) if values or children else None


_ODD = st.sampled_from(["80", "true", "x", 1, 0, 2.5, True, None, [], {}, [1], {"a": 1}])


@st.composite
def damaged(draw: st.DrawFn, data: Any) -> Any:
    """*data* with, at random places, a value replaced, an attribute added or dropped."""
    if isinstance(data, dict):
        out = {k: draw(damaged(v)) for k, v in data.items()}
        if draw(st.integers(0, 9)) == 0:
            out[draw(st.sampled_from(["zz", "a", "\u00e9", "e\u0301"]))] = draw(_ODD)
        if out and draw(st.integers(0, 9)) == 0:
            del out[draw(st.sampled_from(sorted(out)))]
        return out
    if isinstance(data, list | tuple | set | frozenset):
        return [draw(damaged(e)) for e in data]
    if draw(st.integers(0, 11)) == 0:
        return draw(_ODD)
    return data


@st.composite
def cases(draw: st.DrawFn) -> tuple[bytes, cty.Type, Defaults | None, bool]:
    ty = draw(cst.types(max_depth=3, dynamic=False))
    defaults = draw(defaults_for(ty))
    data = draw(cst.python_data_for(ty))
    if draw(st.booleans()):
        data = draw(damaged(data))
    return msgspec.json.encode(data), ty, defaults, draw(st.booleans())


@pytest.mark.slow
@settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_the_typed_pass_gives_what_the_full_path_gives(
        case: tuple[bytes, cty.Type, Defaults | None, bool]) -> None:
    check(*case)


SCHEMA = """object({
  name = string
  port = optional(number, 80)
  tags = optional(map(string), {})
  zones = optional(set(string))
  rules = optional(list(object({
    from = number
    proto = optional(string, "tcp")
    cidrs = optional(list(string), ["0.0.0.0/0"])
  })), [])
  limits = optional(object({cpu = optional(number, 1), mem = optional(string)}), {})
})"""

# data, whether the typed pass takes it (if not, the full path converts it or says why)
CASES = [
    (b'{"name": "web"}', True),
    (b'{"name": "web", "port": null, "tags": null, "rules": null, "limits": null}', True),
    (b'{"name": "web", "rules": [{"from": 1}, {"from": 2, "proto": "udp", "cidrs": []}]}', True),
    (b'{"name": "web", "limits": {"mem": "1G"}, "zones": ["b", "a", "b"]}', True),
    (b'{"name": "web", "port": 8.5e1}', True),
    (b'{"name": "web", "port": "80"}', True),  # a number as a string, converted
    (b'{"name": "web", "port": "8O"}', False),  # no number: the full path says why
    (b'{"name": 5, "tags": {"k": true}, "limits": {"cpu": "1.50", "mem": 2.5}}', True),
    (b'{"name": "web", "tags": {"k": 1e400000000}}', False),  # too long a text
    (b'{"name": "web", "zones": ["1", 1, true, "true"]}', True),
    (b'{"name": "web", "extra": 1}', True),  # dropped (strict: reported)
    (b'{"name": "web", "\xc3\xa9": 1}', False),  # a key NFC may change: the full path's
    (b'{"port": 1}', False),  # name is required
    (b'{"name": "web", "rules": [{"proto": "udp"}]}', False),
    (b'{"name": "web", "rules": {"from": 1}}', False),
    (b'{"name": "web", "tags": {"k": 1}}', True),
    (b'{"name": "web", "tags": {"k": null}}', True),
    (b'null', True),
    (b'[]', False),
]


@pytest.mark.parametrize(("data", "taken"), CASES)
@pytest.mark.parametrize("strict", [False, True])
def test_a_schema_with_defaults_at_several_depths(data: bytes, taken: bool,
                                                  strict: bool) -> None:
    ty, defaults = parse_type_with_defaults(SCHEMA)
    extra = b'"extra"' in data
    assert check(data, ty, defaults, strict) is (taken and not (strict and extra))


def test_a_type_with_any_in_it_has_no_typed_pass() -> None:
    assert plan_typed_pass(cty.List(cty.DynamicPseudoType), None, strict=False) is None


@pytest.mark.parametrize(("text", "fits"), [
    (b'[-0]', False), (b'{"a": -0 }', False), (b'[1e-0, -0.0, -0e1, 10]', True),
    (b'["2024-01-01", "a-0"]', True), (b'["x -0"]', False),
    (b'"\\u0041"', True), (b'"\\u00e9"', False), (b'"\\\\u00e9"', False),
    (b"1" * 154, True), (b"1" * 155, False), (b'"' + b"1" * 155 + b'"', False),
    ('{"\u00e9": 1}'.encode(), True), ('{"e\u0301": 1}'.encode(), False),
    (b'"\xff"', False),
])
def test_which_text_the_typed_pass_takes(text: bytes, fits: bool) -> None:
    assert json_text_fits(text) is fits
