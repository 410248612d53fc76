"""Hostile attribute names through every path that generates code (issue #46).

The planners write Python functions for object types; an attribute name comes from the data.
Every hostile name (tests/security/_hostile.py) goes through the JSON and msgpack decoders and
encoders (typed and dynamic), the shaped JSON decoder, the command's typed pass, gob, pickle,
convert, unify, from_python and to_python into dicts, dataclasses, TypedDicts, NamedTuples and
msgspec Structs, in objects narrower and wider than the code generator's limit. Each round trip
must be exact, nothing may run (a canary file and a canary global), and a name that is not valid
Unicode must be refused with a library error.
"""

from __future__ import annotations

import builtins
import dataclasses
import keyword
import linecache
import pickle
import unicodedata
from collections.abc import Callable, Iterator
from typing import Annotated, Any, NamedTuple, TypedDict

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
import cty.strings
from cty._codegen import WIDEST_GENERATED
from cty.convert import Defaults, convert, unify
from cty.encoding import gob
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack
from cty.encoding._typed_pass import plan_typed_pass

from ._hostile import (
    CANARY_FILE,
    CANARY_GLOBAL,
    HOSTILE,
    OTHER,
    SURROGATES,
    canaries_untouched,
    name_id,
)

S, N = cty.String, cty.Number


@pytest.fixture(autouse=True)
def _canaries() -> Iterator[None]:
    CANARY_FILE.unlink(missing_ok=True)
    if hasattr(builtins, CANARY_GLOBAL):
        delattr(builtins, CANARY_GLOBAL)
    yield
    assert canaries_untouched(), "a hostile name ran as code"
    # (and no generated source holds the names: the canary's path is in many of them)
    marker = CANARY_FILE.name
    assert not [k for k, entry in list(linecache.cache.items())
                if k.startswith("<cty generated") and any(marker in line for line in entry[2])]


def _names(names: list[str]) -> Any:
    return pytest.mark.parametrize("name", names, ids=[name_id(n) for n in names])


def _nfc(name: str) -> str:
    return cty.strings.normalize(name)


def _type(name: str) -> cty.Type:
    """An object type with *name* among attributes of the kinds the planners write inline."""
    return cty.Object({name: S, OTHER: N, "zz_set": cty.Set(S), "zz_map": cty.Map(S),
                       "zz_bool": cty.Bool, "zz_list": cty.List(N)})


def _data(name: str) -> dict[str, Any]:
    return {name: "text", OTHER: 12, "zz_set": ["a", "b"], "zz_map": {"k": "v"},
            "zz_bool": True, "zz_list": [1, 2.5]}


def _value(name: str) -> cty.Value:
    return cty.from_python(_data(name), _type(name))


def _nested(name: str) -> cty.Value:
    """A value whose attribute *name* holds what no planner takes inline (so its converter is
    called), objects with the same name inside."""
    inner = cty.object_val({name: cty.number_int_val(7)})
    return cty.object_val({name: cty.list_val([inner, inner]), OTHER: cty.tuple_val([inner])})


def _renamed_struct(rename: dict[str, str], hints: list[type]) -> Any:
    """A msgspec Struct whose fields stand for the names *rename* gives, or None where msgspec
    itself refuses such a name (a quote, a backslash or a control character)."""
    try:
        return msgspec.defstruct("Renamed", list(zip(rename, hints, strict=True)),
                                 rename=rename)
    except ValueError:
        return None


def test_the_hostile_names_are_distinct() -> None:
    assert len(set(HOSTILE)) == len(HOSTILE)


@_names(HOSTILE)
def test_the_wire_formats_round_trip_exactly(name: str) -> None:
    ty, v = _type(name), _value(name)
    assert v.get_attr(_nfc(name)) == cty.string_val("text")
    for codec in (cty_msgpack, cty_json):
        assert codec.unmarshal(codec.marshal(v, ty), ty) == v
        assert codec.unmarshal(codec.marshal(v, cty.DynamicPseudoType),
                               cty.DynamicPseudoType) == v
    assert cty_json.Decoder(ty).decode(cty_json.marshal(v, ty)) == v
    nested = _nested(name)
    for codec in (cty_msgpack, cty_json):
        for t in (nested.type(), cty.DynamicPseudoType):
            assert codec.unmarshal(codec.marshal(nested, t), t) == nested
    # a document's own keys, with its implied type (go-cty reads a key as it is and types an
    # object by its NFC name, so a key NFC changes is refused: with a library error)
    doc = msgspec.json.encode({name: "text", OTHER: 12})
    implied = cty_json.implied_type(doc)
    assert implied == cty.Object({name: S, OTHER: N})
    want = cty.object_val({name: cty.string_val("text"), OTHER: cty.number_int_val(12)})
    if _nfc(name) == name:
        assert cty_json.unmarshal(doc, implied) == want
    else:
        with pytest.raises(cty_json.DecodeError, match="unsupported attribute"):
            cty_json.unmarshal(doc, implied)
    packed = msgspec.msgpack.encode({name: "text", OTHER: 12})
    if _nfc(name) == name:
        assert cty_msgpack.unmarshal(packed, implied) == want
    else:
        with pytest.raises(cty_msgpack.DecodeError, match="unsupported attribute"):
            cty_msgpack.unmarshal(packed, implied)
    assert cty.type_from_json(cty.type_to_json(ty)) == ty


@_names(HOSTILE)
def test_gob_and_pickle_round_trip_exactly(name: str) -> None:
    ty, v = _type(name), _value(name)
    assert gob.loads(gob.dumps(v)) == v
    assert gob.loads(gob.dumps(_nested(name))) == _nested(name)
    assert gob.loads(gob.dumps(cty.unknown_val(ty))) == cty.unknown_val(ty)
    assert pickle.loads(pickle.dumps(v)) == v
    assert pickle.loads(pickle.dumps(ty)) is ty


@_names(HOSTILE)
def test_convert_and_unify(name: str) -> None:
    v = _value(name)
    to = cty.Object({name: S, OTHER: S, "zz_set": cty.List(S), "zz_map": cty.Map(S),
                     "zz_bool": S, "zz_list": cty.List(S), "zz_absent": cty.String})
    to = cty.ObjectWithOptionalAttrs(to.attribute_types(), ["zz_absent"])
    got = convert(v, to)
    assert got.get_attr(_nfc(name)) == cty.string_val("text")
    assert got.get_attr(OTHER) == cty.string_val("12")
    assert got.get_attr("zz_absent").is_null()
    nested = _nested(name)
    inner_to = cty.Object({name: S})
    converted = convert(nested, cty.Object({name: cty.Set(inner_to), OTHER: cty.List(inner_to)}))
    assert converted.get_attr(OTHER).index(cty.number_int_val(0)).get_attr(_nfc(name)) == \
        cty.string_val("7")
    small = cty.object_val({name: cty.string_val("text"), OTHER: cty.number_int_val(1)})
    as_map = convert(small, cty.Map(S))
    assert as_map == cty.map_val({_nfc(name): cty.string_val("text"), OTHER: cty.string_val("1")})
    assert convert(as_map, cty.Object({name: S, OTHER: N})) == small
    unified, _ = unify([cty.Object({name: S}), cty.Object({name: N})])
    assert unified == cty.Object({name: S})
    with pytest.raises(cty.PathError) as e:
        convert(small, cty.Object({name: cty.Bool, OTHER: N}))
    assert e.value.path == cty.Path().get_attr(_nfc(name))


@_names(HOSTILE)
def test_python_data_both_ways(name: str) -> None:
    ty, v, data = _type(name), _value(name), _data(name)
    key = _nfc(name)
    assert cty.from_python(data) .get_attr(key) == cty.string_val("text")
    plain = cty.to_python(v)
    assert plain[key] == "text"
    assert plain[OTHER] == 12
    assert cty.from_python(plain, ty) == v
    nested = _nested(name)
    assert cty.to_python(nested) == {key: [{key: 7}, {key: 7}], OTHER: [{key: 7}]}
    assert cty.from_python(cty.to_python(nested), nested.type()) == nested
    # a TypedDict may have any keys
    td = TypedDict("TD", {key: str, OTHER: int})  # type: ignore[misc]
    small = cty.object_val({name: cty.string_val("text"), OTHER: cty.number_int_val(3)})
    assert cty.to_python(small, td) == {key: "text", OTHER: 3}
    # records whose field stands for the name (a renamed field)
    struct = _renamed_struct({"f": key, "g": OTHER}, [str, int])
    if struct is not None:
        assert cty.to_python(small, struct) == struct("text", 3)
        assert cty.from_python(struct("text", 3)) == small

    @dataclasses.dataclass
    class Data:
        g: int = dataclasses.field(metadata={"cty": OTHER})
        f: str = dataclasses.field(default="", metadata={"cty": key})

    assert cty.to_python(small, Data) == Data(3, "text")
    assert cty.from_python(Data(3, "text")) == small

    # (functional: the class syntax's annotations are text here, naming a local)
    row = NamedTuple("Row", [("f", Annotated[str, cty.Name(key)]),  # type: ignore[misc]  # noqa: UP014
                             ("g", Annotated[int, cty.Name(OTHER)])])
    assert cty.to_python(small, row) == row("text", 3)
    assert cty.from_python(row("text", 3)) == small


_IDENTIFIERS = [n for n in HOSTILE if n.isidentifier() and not keyword.iskeyword(n)
                and not n.startswith("__") and unicodedata.normalize("NFKC", n) == n]
"""The hostile names a Python class may have as a field (Python reads identifiers as NFKC;
keywords are covered, as renamed fields, by test_python_data_both_ways)."""


@_names(_IDENTIFIERS)
def test_records_whose_fields_are_named_like_the_generated_code(name: str) -> None:
    # (a field named as the generated converter's locals or builtins, keywords included, by
    # place and by keyword: every kind of class the converter makes)
    small = cty.object_val({name: cty.string_val("text"), OTHER: cty.number_int_val(3)})
    for kw_only in (False, True):
        data_cls = dataclasses.make_dataclass(
            "D", [(name, str), (OTHER, int)], kw_only=kw_only)
        made = cty.to_python(small, data_cls)
        assert (getattr(made, name), getattr(made, OTHER)) == ("text", 3)
        assert cty.from_python(made) == small
    struct = msgspec.defstruct("S", [(OTHER, int), (name, str)])
    assert cty.to_python(small, struct) == struct(3, "text")
    if not name.startswith("_"):  # (a NamedTuple's fields may not)
        tup = NamedTuple("T", [(OTHER, int), (name, str)])  # type: ignore[misc]
        assert cty.to_python(small, tup) == tup(3, "text")


@_names([*HOSTILE[:40], "x" * 100_000])
def test_objects_wider_than_generated_code(name: str) -> None:
    attrs = {f"a{i:04}": N for i in range(WIDEST_GENERATED + 4)}
    ty = cty.Object({**attrs, name: S})
    data = {**dict.fromkeys(attrs, 1), name: "text"}
    v = cty.from_python(data, ty)
    assert cty.to_python(v)[_nfc(name)] == "text"
    for codec in (cty_msgpack, cty_json):
        assert codec.unmarshal(codec.marshal(v, ty), ty) == v
    assert gob.loads(gob.dumps(v)) == v
    assert convert(v, cty.Map(S)).index(cty.string_val(name)) == cty.string_val("text")
    # into a record as wide (its fields renamed to the attributes, the hostile one included)
    fields = [(f"f{i}", int, dataclasses.field(metadata={"cty": a}))
              for i, a in enumerate(attrs)]
    fields.append(("hostile", str, dataclasses.field(metadata={"cty": _nfc(name)})))
    wide = dataclasses.make_dataclass("Wide", fields)
    made = cty.to_python(v, wide)
    assert made.hostile == "text"
    assert cty.from_python(made) == v


@_names(HOSTILE)
def test_the_commands_typed_pass(name: str) -> None:
    key = _nfc(name)
    ty = cty.Object({key: S, OTHER: N})
    defaults = Defaults(ty, {key: cty.string_val("default")}, {})
    build = plan_typed_pass(ty, defaults, strict=True)
    assert build is not None
    assert build({key: "given", OTHER: 1}) == {key: "given", OTHER: 1}
    assert build({OTHER: 1}) == {key: "default", OTHER: 1}


@_names(SURROGATES)
def test_names_that_are_not_unicode_are_refused_by_the_library(name: str) -> None:
    attempts: list[Callable[[], object]] = [
        lambda: cty.Object({name: S}),
        lambda: cty.from_python({name: 1}),
        lambda: cty.from_python({name: 1}, cty.Map(N)),
        lambda: cty.map_val({name: cty.string_val("a")}),
        lambda: cty_json.unmarshal(_escaped_json(name), cty.DynamicPseudoType),
        lambda: cty_json.implied_type(_escaped_json(name)),
        lambda: cty_msgpack.unmarshal(_surrogate_msgpack(name), cty.Map(N)),
    ]
    for attempt in attempts:
        with pytest.raises(cty.CtyError):
            attempt()


def _escaped_json(name: str) -> bytes:
    inner = "".join(f"\\u{ord(c):04x}" for c in name)
    return ('{"' + inner + '": 1}').encode("ascii")


def _surrogate_msgpack(name: str) -> bytes:
    raw = name.encode("utf-8", "surrogatepass")
    return b"\x81" + bytes([0xd9, len(raw)]) + raw + b"\x01"


_FRAGMENTS = st.sampled_from(["{", "}", "!r", ":", "'", '"', "\\", "\n", "#", "\x00", ";",
                              "(", ")", "p", "v0", "__import__", "{pad!r:.1}", ".", "%"])
_GENERATED_NAMES = st.lists(st.one_of(_FRAGMENTS, st.text(max_size=4)), max_size=8).map(
    "".join)


@settings(max_examples=60)
@given(st.lists(_GENERATED_NAMES, min_size=1, max_size=4, unique_by=_nfc))
def test_generated_names_round_trip_through_every_generator(names: list[str]) -> None:
    attrs = {n: S for n in names}
    ty = cty.Object(attrs)
    data = {n: f"value {i}" for i, n in enumerate(names)}
    v = cty.from_python(data, ty)
    assert cty.to_python(v) == {_nfc(n): f"value {i}" for i, n in enumerate(names)}
    for codec in (cty_msgpack, cty_json):
        assert codec.unmarshal(codec.marshal(v, ty), ty) == v
        assert codec.unmarshal(codec.marshal(v, cty.DynamicPseudoType),
                               cty.DynamicPseudoType) == v
    assert gob.loads(gob.dumps(v)) == v
    assert convert(convert(v, cty.Map(S)), ty) == v
    fields = [(f"f{i}", str, dataclasses.field(metadata={"cty": _nfc(n)}))
              for i, n in enumerate(names)]
    made = cty.to_python(v, dataclasses.make_dataclass("G", fields))
    assert cty.from_python(made) == v
    struct = _renamed_struct({f"f{i}": _nfc(n) for i, n in enumerate(names)}, [str] * len(names))
    if struct is not None:
        assert cty.from_python(cty.to_python(v, struct)) == v
    assert canaries_untouched()
