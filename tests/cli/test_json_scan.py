"""Where values stand in a record's JSON text (cty.cli._json_scan, on cty._go_json's scanner)."""

from __future__ import annotations

import cty
from cty.cli._json_scan import line_and_column, offset_of, repeated_keys, value_offsets


def test_every_value_is_found_at_its_byte_offset_depth_first() -> None:
    data = '{"é": [1, {"b": "xé"}], "c": null}'.encode()
    found = list(value_offsets(data))
    assert found == [((), 0), (("é",), 7), (("é", 0), 8), (("é", 1), 11),
                     (("é", 1, "b"), 17), (("c",), 31)]
    assert [data[at:at + 1] for _, at in found] == [b"{", b"[", b"1", b"{", b'"', b"n"]


def test_reading_starts_where_asked_and_stops_after_one_value() -> None:
    data = b'xx{"k": "\xff", "m": [1]} [2]'
    assert list(value_offsets(data, 2)) == [((), 2), (("k",), 8), (("m",), 18), (("m", 0), 19)]


def test_reading_reads_no_further_than_asked() -> None:
    # (a record of a large batch is read alone: what follows it is never decoded)
    data = 'xx{"é": ["ü", {"b": "€"}]}'.encode() + b"\xff\xfe{"
    end = data.index(b"\xff")
    found = list(value_offsets(data, 2, end))
    assert found == list(value_offsets(data[:end], 2))
    assert [data[at:at + 1] for _, at in found] == [b"{", b"[", b'"', b"{", b'"']
    assert repeated_keys(b'{"a": 1, "a": 2}{"b": 1, "b": 2}', 0, 16).__next__() == \
        (("a",), 6, 14)
    assert list(repeated_keys(b'{"a": 1, "a": 2}{"b": 1, "b": 2}', 16, 32)) == \
        [(("b",), 22, 30)]


def test_reading_stops_where_the_text_stops_making_sense() -> None:
    assert list(value_offsets(b'{"a": [1, 2')) == [((), 0), (("a",), 6), (("a", 0), 7),
                                                    (("a", 1), 10)]
    assert list(value_offsets(b'{"a": tru}')) == [((), 0)]
    assert list(value_offsets(b"")) == []


def test_offset_of_a_path_and_of_the_deepest_value_on_the_way() -> None:
    data = b'[{"a": 1}, {"a": {"b": [true]}}]'
    path = cty.Path().index(cty.number_int_val(1)).get_attr("a").get_attr("b")
    assert offset_of(data, path) == data.index(b"[true]")
    missing = cty.Path().index(cty.number_int_val(1)).get_attr("a").get_attr("z")
    assert offset_of(data, missing) == data.index(b'{"b"')


def test_repeated_keys_name_both_places() -> None:
    data = b'{"a": 1, "b": {"x": [], "x": {}}, "a": 2}'
    assert list(repeated_keys(data)) == [(("b", "x"), 20, 29), (("a",), 6, 39)]


def test_line_and_column_count_characters() -> None:
    data = 'é\n  "x"'.encode()
    assert line_and_column(data, data.index(b'"')) == (2, 3)
    assert line_and_column(data, 2) == (1, 2)
