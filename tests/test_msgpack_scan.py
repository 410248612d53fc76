"""The vector rules' own msgpack scanner (tests/_msgpack_scan.py) reads refinements as go-cty
does: only the string of a key go-cty knows is text."""

from __future__ import annotations

from ._msgpack_scan import scan


def test_a_bad_string_prefix_refinement_is_not_utf8() -> None:
    # ext 12 {2: "\xff\xfe"}: the string prefix, read as text
    assert scan(bytes.fromhex("c7050c8102a2fffe")).not_utf8


def test_the_value_of_an_unknown_refinement_key_is_not_read_as_text() -> None:
    # ext 12 {5: 45, 99: ...}: go-cty does not read key 99's value (found by the differential
    # run: go-cty and we both accept it, so no rule may claim it)
    assert not scan(bytes.fromhex("c7090c82052d63a206cd63a4")).not_utf8


def test_a_bad_string_anywhere_else_is_not_utf8() -> None:
    assert scan(bytes.fromhex("91a2fffe")).not_utf8
    assert not scan(bytes.fromhex("91a2c3a8")).not_utf8
