"""Object types too wide to be worth a generated function (cty._codegen.WIDEST_GENERATED): every
planner serves them by its general loop, with the same values and errors as narrow types get
from their generated code, and without the memory a written-out function would take (a JSON
object of 40,000 keys decoded by its implied type cost half a gigabyte)."""

from __future__ import annotations

import dataclasses
from typing import Any

import msgspec
import pytest

import cty
from cty._codegen import WIDEST_GENERATED, worth_generating
from cty._data_fail import DataFail
from cty.convert import convert
from cty.encoding import gob
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack
from cty.encoding._typed_pass import plan_typed_pass

WIDTH = WIDEST_GENERATED + 44

KINDS: list[tuple[cty.Type, Any]] = [
    (cty.String, "caf\u00e9"),
    (cty.Number, 12345678901234567890123),
    (cty.Bool, True),
    (cty.List(cty.String), ["a", "\u00e9"]),
    (cty.Set(cty.String), ["b", "a"]),
    (cty.Map(cty.String), {"k": "v"}),
    (cty.Object({"a": cty.Number}), {"a": 0.5}),
    (cty.List(cty.Number), [1, -2, 2**70]),
    (cty.String, None),
]


def name(i: int) -> str:
    return f"attr_{i:03d}" if i % 7 else f"attr-{i:03d}"  # (some not identifiers)


WIDE = cty.Object({name(i): KINDS[i % len(KINDS)][0] for i in range(WIDTH)})
DATA = {name(i): KINDS[i % len(KINDS)][1] for i in range(WIDTH)}
BAD = name(198)  # (a string attribute, after the first hundred)
ALL_NUMBERS = cty.Object({name(i): cty.Number for i in range(WIDTH)})


def by_attribute(data: dict[str, Any], ty: cty.Type) -> cty.Value:
    """The object built one attribute at a time (no object builder involved)."""
    return cty.object_val({k: cty.from_python(v, ty.attribute_type(k)) for k, v in data.items()})


def test_the_types_here_are_wide() -> None:
    assert not worth_generating(WIDTH)
    assert worth_generating(len(KINDS))


def test_from_python_and_back() -> None:
    v = cty.from_python(DATA, WIDE)
    assert v.equals(by_attribute(DATA, WIDE)).true()
    back = cty.to_python(v)
    assert back == {k: cty.to_python(v.get_attr(k)) for k in DATA}


def test_to_python_into_a_dataclass() -> None:
    ty = cty.Object({f"f{i}": cty.Number if i % 2 else cty.String for i in range(WIDTH)})
    cls = dataclasses.make_dataclass("Wide", [(f"f{i}", int if i % 2 else str)
                                              for i in range(WIDTH)])
    data = {f"f{i}": i if i % 2 else str(i) for i in range(WIDTH)}
    out = cty.to_python(cty.from_python(data, ty), cls)
    assert dataclasses.asdict(out) == data


def test_a_bad_attribute_is_named() -> None:
    bad = dict(DATA, **{BAD: {"not": "a string"}})
    with pytest.raises(cty.CtyError, match=BAD):
        cty.from_python(bad, WIDE)


@pytest.mark.parametrize("codec", [cty_json, cty_msgpack], ids=["json", "msgpack"])
def test_wire_formats_round_trip(codec: Any) -> None:
    for ty, data in [(WIDE, DATA), (ALL_NUMBERS, {k: 2**64 if i == 150 else i
                                                  for i, k in enumerate(ALL_NUMBERS
                                                                        .attribute_types())})]:
        v = cty.from_python(data, ty)
        raw = codec.marshal(v, ty)
        assert codec.unmarshal(raw, ty).equals(v).true()
        # every attribute written as it is written alone
        whole = msgspec.json.decode(raw) if codec is cty_json else msgspec.msgpack.decode(raw)
        for k, t in ty.attribute_types().items():
            alone = codec.marshal(v.get_attr(k), t)
            decode = msgspec.json.decode if codec is cty_json else msgspec.msgpack.decode
            assert whole[k] == decode(alone), k


@pytest.mark.parametrize("codec", [cty_json, cty_msgpack], ids=["json", "msgpack"])
def test_wire_formats_name_a_bad_attribute(codec: Any) -> None:
    fmt = msgspec.json if codec is cty_json else msgspec.msgpack
    tree = fmt.decode(codec.marshal(cty.from_python(DATA, WIDE), WIDE))
    tree[BAD] = [1]
    with pytest.raises(cty.CtyError, match=BAD):
        codec.unmarshal(fmt.encode(tree), WIDE)


def test_unknown_and_marked_attributes_are_written() -> None:
    v = cty.from_python(DATA, WIDE)
    attrs = dict(v.as_value_map())
    attrs[name(10)] = cty.unknown_val(WIDE.attribute_type(name(10)))
    attrs[name(11)] = attrs[name(11)].mark("sensitive")
    odd = cty.object_val(attrs)
    unmarked = odd.unmark_deep()[0]
    raw = cty_msgpack.marshal(unmarked, WIDE)
    assert cty_msgpack.unmarshal(raw, WIDE).raw_equals(unmarked)
    assert cty_json.unmarshal(cty_json.marshal(v, WIDE), WIDE).raw_equals(v)
    assert gob.loads(gob.dumps(odd)).raw_equals(odd)


def test_gob_round_trips() -> None:
    for ty, data in [(WIDE, DATA), (ALL_NUMBERS, dict.fromkeys(ALL_NUMBERS.attribute_types(),
                                                                2**80))]:
        v = cty.from_python(data, ty)
        assert gob.loads(gob.dumps(v)).raw_equals(v)


def test_convert_object_to_object() -> None:
    target = cty.ObjectWithOptionalAttrs(
        {k: cty.String if t is cty.Number or t is cty.Bool else t
         for k, t in WIDE.attribute_types().items()} | {"absent": cty.Number}, ["absent"])
    v = cty.from_python(DATA, WIDE)
    out = convert(v, target)
    for k in WIDE.attribute_types():
        assert out.get_attr(k).raw_equals(convert(v.get_attr(k), target.attribute_type(k))), k
    assert out.get_attr("absent").raw_equals(cty.null_val(cty.Number))
    # a failing attribute is named
    attrs = dict(v.as_value_map())
    attrs[name(201)] = cty.string_val("not a list")
    assert WIDE.attribute_type(name(201)).is_list_type()
    with pytest.raises(cty.CtyError, match=name(201)):
        convert(cty.object_val(attrs), target)


def test_the_typed_pass_leaves_wide_objects_to_the_full_path() -> None:
    build = plan_typed_pass(WIDE, None, strict=True)
    assert build is not None
    assert build(None) is None
    with pytest.raises(DataFail, match="declined"):
        build(DATA)


def test_a_json_object_of_many_keys_by_its_implied_type() -> None:
    data = msgspec.json.encode({f"k{j}": "v" for j in range(5_000)})
    ty = cty_json.implied_type(data)
    v = cty_json.unmarshal(data, ty)
    assert len(v.as_value_map()) == 5_000
    assert cty_json.marshal(v, ty) == msgspec.json.encode(dict(sorted(msgspec.json.decode(data)
                                                                      .items())))
