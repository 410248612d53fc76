"""The one failure planned walks raise inside the library (cty._path_fail), #48.

Conversion, decoding, encoding and Python interop each name a subclass of PathFail; the steps,
their builders and the path they make are the base's, so every walk reports its path alike.
"""

from __future__ import annotations

import pytest

import cty
from cty._data_fail import DataFail
from cty._path_fail import PathFail, attr_step, index_step, key_step, step_of
from cty.convert import _plan
from cty.encoding import _errors, _gob_encode


@pytest.mark.parametrize("cls", [_plan.ConversionFailure, _errors.Fail, _gob_encode.EncFail,
                                 DataFail])
def test_every_package_s_failure_is_the_one_failure(cls: type[PathFail]) -> None:
    assert issubclass(cls, PathFail)
    assert "steps" not in vars(cls) and "path" not in vars(cls)


def test_steps_collected_innermost_first_make_the_path_outermost_first() -> None:
    fail = PathFail("a number is required")
    assert fail.at(index_step(2)).at(key_step("k")).at(attr_step("a")) is fail
    want = cty.Path([cty.GetAttrStep("a"), cty.IndexStep(cty.string_val("k")),
                     cty.IndexStep(cty.number_int_val(2))])
    assert fail.path() == want
    error = fail.path_error()
    assert isinstance(error, cty.PathError)
    assert error.path == want
    assert "a number is required" in str(error)


def test_each_package_turns_it_into_its_public_error() -> None:
    decode = _errors.Fail("bad").at(attr_step("x")).decode_error(offset=4)
    assert decode.path == cty.get_attr_path("x") and decode.offset == 4
    encode = _gob_encode.EncFail("bad").at(index_step(0)).encode_error()
    assert isinstance(encode, cty.PathError)
    assert encode.path == cty.index_int_path(0)
    data = DataFail("bad", node=[1]).at_node("key", "m", {"m": [1]})
    assert data.node == {"m": [1]}
    assert data.path_error().path == cty.index_string_path("m")


def test_step_of_names_each_kind() -> None:
    assert step_of("attr", "a") == attr_step("a")
    assert step_of("index", 3) == index_step(3)
    assert step_of("key", "k") == key_step("k")
