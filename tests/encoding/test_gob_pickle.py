"""Values pickle through cty.encoding.gob, so they cross process boundaries intact."""

from __future__ import annotations

import pickle
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat

import pytest
from hypothesis import given, settings

import cty
import cty.convert
from cty._unknown import Unknown
from cty._unknown_refinement import Refinement
from cty._value import make
from cty.encoding import EncodeError, gob

from .._examples import examples
from ._gob_strategies import THING, Thing, assert_same, typed_values, types


@pytest.mark.slow
@settings(max_examples=examples(150))
@given(typed_values)
def test_pickle_round_trips_any_value(v: cty.Value) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert_same(v, pickle.loads(pickle.dumps(v, protocol)))


def test_a_pickled_value_holds_its_gob_stream() -> None:
    v = cty.list_val([cty.Zero, cty.number_val(2**70)]).mark("s")
    fn, args = v.__reduce__()
    assert fn is gob._unpickle_value
    assert args == (gob.dumps(v),)
    back = pickle.loads(pickle.dumps(v))
    assert back._v[0] is cty.Zero._v


@settings(max_examples=examples(100))
@given(types())
def test_types_pickle_to_themselves(t: cty.Type) -> None:
    assert pickle.loads(pickle.dumps(t)) is t
    fn, args = gob._reduce_type(t)
    assert fn(*args) is t


def test_a_capsule_type_pickles_by_its_codec_name() -> None:
    assert pickle.loads(pickle.dumps(THING)) is THING
    assert pickle.loads(pickle.dumps(cty.Map(THING))) is cty.Map(THING)
    with pytest.raises(EncodeError, match="lonely"):
        pickle.dumps(cty.Capsule("lonely", Thing))


def test_a_capsule_without_codec_cannot_be_pickled() -> None:
    lonely = cty.Capsule("lonely", Thing)
    with pytest.raises(EncodeError, match="lonely"):
        pickle.dumps(cty.capsule_val(lonely, Thing(1)))


RECORD = cty.Object({"name": cty.String, "port": cty.Number, "tags": cty.Map(cty.String),
                     "thing": THING})
WANT = cty.Object({"name": cty.String, "port": cty.String, "tags": cty.Map(cty.String),
                   "thing": THING})


def _records() -> list[cty.Value]:
    out = []
    for i in range(40):
        port = cty.number_int_val(8000 + i) if i % 7 else make(
            cty.Number, Unknown(Refinement(False, min=0, min_inclusive=True)))
        out.append(cty.object_val({
            "name": cty.string_val(f"svc-{i}").mark("sensitive") if i % 3 == 0
            else cty.string_val(f"svc-{i}"),
            "port": port,
            "tags": cty.map_val({"team": cty.string_val(f"t{i % 4}").mark(("owner", i))}),
            "thing": cty.capsule_val(THING, Thing(i)),
        }))
    return out


def test_a_process_pool_converts_records_and_gives_equal_values_back() -> None:
    records = _records()
    want = [cty.convert.convert(r, WANT) for r in records]
    with ProcessPoolExecutor(max_workers=2) as pool:
        got = list(pool.map(cty.convert.convert, records, repeat(WANT), chunksize=8))
    assert len(got) == len(want)
    for w, g in zip(want, got, strict=True):
        assert_same(w, g)
