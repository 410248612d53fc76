"""Numbers of every ordinary precision on the wire, byte for byte as go-cty 1.18.1 writes them:
tests/vectors/numbers_wire.jsonl (tests/vectors/tools/make_numbers.py) holds go-cty's JSON and
msgpack for numbers built at precisions 53 (NumberFloatVal), 64 (NumberIntVal), 512
(ParseNumberVal) and others, and its Text('f', -1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import gmpy2
import pytest

import cty
import cty.convert
from cty.encoding import json as cty_json
from cty.encoding import msgpack

from .._batches import Batch, batches, run_batch

_TEXT = (Path(__file__).parents[1] / "vectors" / "numbers_wire.jsonl").read_text()
LINES = [json.loads(line) for line in _TEXT.rstrip("\n").split("\n")]  # (not splitlines: U+0085)


def _number(text: str, prec: int) -> cty.Value:
    # correctly rounded to nearest even at *prec* bits, as Go's big.ParseFloat (mpfr's own
    # precision argument treats 1 as "exact")
    with gmpy2.context(gmpy2.get_context(), precision=prec):
        return cty.number_val(gmpy2.mpfr(text))


@pytest.mark.parametrize("batch", batches(LINES, [c["id"] for c in LINES]))
def test_numbers_on_the_wire_are_go_ctys(batch: Batch) -> None:
    run_batch(batch, _check)


def _check(case: dict[str, Any]) -> None:
    v = _number(case["number"], case["prec"])
    want = case["expect"]
    assert cty.convert.convert(v, cty.String).as_string() == want["text"]
    assert cty_json.marshal(v, cty.Number).decode() == want["json"]
    assert msgpack.marshal(v, cty.Number).hex() == want["msgpack"]
