"""base64gzip beyond the vectors: texts too large to store as vectors, made from seeds, whose
gzip must hash as Go's did (tests/vectors/base64gzip_large.jsonl, made by
``python -m tests.vectors.tools.make_base64gzip_large`` through the oracle shim zz_gzip.go);
what gunzip gives back; and the size limit."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cty
from cty.function import FunctionError
from cty.function.terraform import base64gunzip, base64gzip
from cty.function.terraform._encoding import MAX_GZIP_BYTES
from tests.vectors.tools.gzip_inputs import text

LARGE = [json.loads(line) for line in
         (Path(__file__).resolve().parents[1] / "vectors" / "base64gzip_large.jsonl")
         .read_text(encoding="utf-8").split("\n") if line]


@pytest.mark.parametrize("case", LARGE, ids=[f"{c['kind']}-{c['size']}" for c in LARGE])
def test_large_texts_gzip_as_go_gzips_them(case: dict[str, Any]) -> None:
    result = base64gzip(cty.string_val(text(case["seed"], case["kind"], case["size"])))
    assert hashlib.sha256(result.as_string().encode()).hexdigest() == case["sha256"]


@settings(max_examples=80)
@given(st.text(max_size=3000))
def test_what_base64gzip_writes_gunzips_to_the_text(s: str) -> None:
    value = cty.string_val(s)
    packed = base64gzip(value)
    assert gzip.decompress(base64.b64decode(packed.as_string())) == \
        value.as_string().encode()
    assert base64gunzip(packed) == value


def test_a_text_too_large_to_compress_in_reasonable_time_is_refused() -> None:
    with pytest.raises(FunctionError) as e:
        base64gzip(cty.string_val("x" * (MAX_GZIP_BYTES + 1)))
    assert str(e.value) == (f"base64gzip compresses at most {MAX_GZIP_BYTES} bytes here (this "
                            f"text has {MAX_GZIP_BYTES + 1})")
