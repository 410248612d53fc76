"""examples/pulumi_capsules.py: the rows of the design's table T4 (extensions.md section 4)."""

from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path

import pytest

import cty
from cty.convert import convert
from cty.encoding import json, msgpack
from cty.ext import pulumi_wire

_PATH = Path(__file__).resolve().parents[2] / "examples" / "pulumi_capsules.py"
_spec = importlib.util.spec_from_file_location("pulumi_capsules", _PATH)
assert _spec is not None and _spec.loader is not None
pc = importlib.util.module_from_spec(_spec)
sys.modules["pulumi_capsules"] = pc
_spec.loader.exec_module(pc)

U = "urn:pulumi:dev::app::aws:s3/bucket:Bucket::b"


def test_t4_1_a_text_assets_hash_is_sha256_of_its_text() -> None:
    a = pc.asset_val(pc.Asset.from_text("hello")).encapsulated_value()
    assert a.hash == "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"


def test_t4_2_assets_are_equal_by_content() -> None:
    a, b = (pc.asset_val(pc.Asset.from_text("hello")) for _ in range(2))
    assert a.encapsulated_value() is not b.encapsulated_value()  # two objects, one content
    assert a.raw_equals(b)
    assert a.equals(b).raw_equals(cty.True_)
    assert cty.set_val([a, b]).length_int() == 1
    assert not a.raw_equals(pc.asset_val(pc.Asset.from_text("other")))


def test_t4_3_a_reference_converts_to_its_id_or_urn() -> None:
    def ref(id_: str | None) -> cty.Value:
        return pc.resource_ref_val(pc.ResourceRef(urn=U, id=id_))
    assert convert(ref("i-123"), cty.String).raw_equals(cty.string_val("i-123"))
    assert convert(ref(None), cty.String).raw_equals(cty.string_val(U))
    assert convert(ref(""), cty.String).raw_equals(cty.unknown_val(cty.String))
    with pytest.raises(cty.PathError):
        convert(ref("i-123"), cty.Number)


def test_t4_4_references_equal_whatever_their_name_and_type() -> None:
    a = pc.resource_ref_val(pc.ResourceRef(urn=U, id="i", name="web", type="aws:ec2"))
    b = pc.resource_ref_val(pc.ResourceRef(urn=U, id="i", name="other", type="t"))
    assert a.equals(b).raw_equals(cty.True_)
    c = pc.resource_ref_val(pc.ResourceRef(urn=U, id="j"))
    assert a.equals(c).raw_equals(cty.False_)


def test_t4_5_json_and_msgpack() -> None:
    a = pc.asset_val(pc.Asset.from_text("hi"))
    assert json.marshal(a, pc.ASSET) == (
        b'{"4dabf18193072939515e22adb298388d":"c44067f5952c0a294b673a41bacd8c17",'
        b'"hash":"8f434346648f6b96df89dda901c5176b10a6d83961dd3c1ac88b59b2dc327aa4",'
        b'"text":"hi"}')
    with pytest.raises(cty.CtyError, match="capsule types not supported for msgpack encoding"):
        msgpack.marshal(a, pc.ASSET)


def test_the_wire_form_round_trips_through_decoders() -> None:
    v = cty.object_val({
        "site": pc.asset_val(pc.Asset.from_text("<html/>")),
        "bucket": pc.resource_ref_val(pc.ResourceRef(urn=U, id="b-1", packageVersion="6.0")),
    })
    wire = pulumi_wire.to_pulumi_wire(v)
    assert wire["bucket"] == {pulumi_wire.SIG_KEY: pulumi_wire.RESOURCE_REFERENCE_SIG,
                              "urn": U, "id": "b-1", "packageVersion": "6.0"}
    back = pulumi_wire.from_pulumi_wire(wire, v.type(), decoders=pc.decoders())
    assert back.raw_equals(v)


def test_the_examples_docstring_runs() -> None:
    result = doctest.testmod(pc, extraglobs={"cty": cty})
    assert result.attempted > 0 and result.failed == 0


def _ref_wire(id_: str | None) -> dict[str, str]:
    data = {pulumi_wire.SIG_KEY: pulumi_wire.RESOURCE_REFERENCE_SIG, "urn": U}
    return data if id_ is None else {**data, "id": id_}


def test_a_decoded_special_object_is_converted_to_the_type_asked_for() -> None:
    got = pulumi_wire.from_pulumi_wire([_ref_wire("i-1"), _ref_wire(None)],
                                       cty.List(cty.String), decoders=pc.decoders())
    assert got.raw_equals(cty.list_val([cty.string_val("i-1"), cty.string_val(U)]))
    got = pulumi_wire.from_pulumi_wire({"r": _ref_wire("i-1")},
                                       cty.Object({"r": pc.RESOURCE_REF}), decoders=pc.decoders())
    assert got.get_attr("r").type() is pc.RESOURCE_REF
    with pytest.raises(cty.PathError) as e:
        pulumi_wire.from_pulumi_wire({"n": [_ref_wire("i-1")]},
                                     cty.Object({"n": cty.List(cty.Number)}),
                                     decoders=pc.decoders())
    assert e.value.path == cty.Path().get_attr("n").index_int(0)
    assert e.value.message == "number required, but have resource_ref"


@pytest.mark.parametrize("ty", [cty.String, pc.RESOURCE_REF, cty.DynamicPseudoType])
def test_a_resource_reference_without_its_id_yet_is_unknown(ty: cty.Type) -> None:
    # (extensions.md 1.6: Pulumi's deserialize_property reads an id of "" as unknown)
    for decoders in (pc.decoders(), None):
        got = pulumi_wire.from_pulumi_wire(_ref_wire(""), ty, decoders=decoders)
        assert got.raw_equals(cty.unknown_val(ty))
    got = pulumi_wire.from_pulumi_wire([_ref_wire("")], cty.List(cty.String))
    assert got.raw_equals(cty.list_val([cty.unknown_val(cty.String)]))
