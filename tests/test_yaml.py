"""cty.yaml: YAML read as the command reads it."""

from __future__ import annotations

from decimal import Decimal

import pytest

import cty
from cty import yaml
from cty.convert import parse_type_with_defaults


def test_dates_stay_strings_and_numbers_are_exact() -> None:
    assert yaml.load("d: 2024-01-02\nn: 0.1\ni: 12345678901234567890123\nb: yes\n") == {
        "d": "2024-01-02", "n": Decimal("0.1"), "i": 12345678901234567890123, "b": True}


def test_a_key_given_twice_is_an_error_at_both_places() -> None:
    with pytest.raises(yaml.YAMLError) as e:
        yaml.load("a: 1\nb:\n  c: 1\n  c: 2\n")
    assert (e.value.line, e.value.column) == (4, 3)
    assert str(e.value) == "line 4, column 3: the key 'c' is given twice (first at line 3, " \
        "column 3)"
    assert yaml.load("a: 1\na: 2\n", allow_duplicate_keys=True) == {"a": 2}
    # a merge's keys may be overridden
    assert yaml.load("b: &b {x: 1, y: 1}\nd:\n  <<: *b\n  x: 2\n")["d"] == {"x": 2, "y": 1}


def test_documents_know_where_their_parts_are() -> None:
    docs = yaml.documents("a: 1\n---\nlist:\n  - x\n  - {k: v}\n")
    assert [d.data for d in docs] == [{"a": 1}, {"list": ["x", {"k": "v"}]}]
    path = cty.Path().get_attr("list").index_int(1).index_string("k")
    assert docs[1].position(path) == (5, 9)
    assert docs[1].position(cty.Path().get_attr("list").index_int(7)) == (4, 3)  # deepest there
    assert yaml.load_all("a: 1\n---\nb: 2\n") == [{"a": 1}, {"b": 2}]
    with pytest.raises(yaml.YAMLError, match="more than one document"):
        yaml.load("a: 1\n---\nb: 2\n")
    assert yaml.load("") is None


def test_from_yaml_converts_as_the_command_does() -> None:
    ty, defaults = parse_type_with_defaults("object({port = number, proto = optional(string, "
                                            '"tcp")})')
    v = yaml.from_yaml("port: '80'\n", ty, defaults=defaults)
    assert v == cty.object_val({"port": cty.number_int_val(80), "proto": cty.string_val("tcp")})
    with pytest.raises(cty.PathError) as e:
        yaml.from_yaml("port: eighty\n", ty)
    assert e.value.path == cty.Path().get_attr("port")
    assert yaml.from_yaml(b"[1, x]").type() == cty.Tuple([cty.Number, cty.String])


@pytest.mark.parametrize(("text", "where", "words"), [
    ("a: [", (1, 5), "expected the node content"),
    ("- !!int 12x", (1, 3), "cannot read tag:yaml.org,2002:int '12x'"),
    pytest.param("[" * 5000 + "]" * 5000, (0, 0), "nested too deeply", marks=pytest.mark.slow),
])
def test_bad_text_is_a_yaml_error_at_its_place(text: str, where: tuple[int, int],
                                               words: str) -> None:
    with pytest.raises(yaml.YAMLError) as e:
        yaml.load(text)
    assert (e.value.line, e.value.column) == where
    assert words in str(e.value)
    assert isinstance(e.value, cty.CtyValueError)


def test_bad_arguments_are_typed_errors() -> None:
    with pytest.raises(cty.CtyTypeError):
        yaml.load(5)  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        yaml.from_yaml("a: 1", "string")  # type: ignore[arg-type]
    with pytest.raises(cty.CtyTypeError):
        yaml.documents("a: 1")[0].position(".a")  # type: ignore[arg-type]


@pytest.mark.slow
def test_documents_of_a_file_are_read_one_at_a_time() -> None:
    class Source:
        def __init__(self, data: bytes) -> None:
            self.data = data
            self.reads = 0

        def read(self, n: int = -1, /) -> bytes:
            self.reads += 1
            out, self.data = (self.data, b"") if n < 0 else (self.data[:n], self.data[n:])
            return out

    source = Source(b"".join(b"---\nn: %d\n" % i for i in range(20_000)))
    docs = yaml.iter_documents(source)
    assert next(docs).data == {"n": 0}
    assert source.data  # not all read yet
    assert sum(1 for _ in docs) == 19_999


@pytest.mark.parametrize("text", [
    "a: !!int", "a: !!float", "a: !!int\n", "a: !!bool maybe", "a: !!bool", "a: \x00",
    "a: \x80", "a: \u0093", b"a: \x80", b"a: \xff\xfe", "a: !!int 12x", "- !!float .x",
])
def test_scalars_and_characters_yaml_refuses_are_yaml_errors(text: str | bytes) -> None:
    # (#47: empty !!int and !!float raised IndexError, !!bool maybe KeyError, and a character
    # YAML does not allow a ReaderError from outside the reading's try)
    for read in (yaml.load, yaml.documents, lambda t: list(yaml.iter_documents(t)),
                 lambda t: yaml.from_yaml(t, cty.DynamicPseudoType)):
        with pytest.raises(yaml.YAMLError) as e:
            read(text)
        assert isinstance(e.value, cty.CtyError)


@pytest.mark.parametrize("text, empty", [
    ("a: 1\n---\n", [False, True]),
    ("--- null\n", [False]),
    ("---\n~\n", [False]),
    ("---\n''\n", [False]),
    ("a: 1\n---\n---\nb: 2\n", [False, True, False]),
    ("---\na: 1\n", [False]),
])
def test_a_document_knows_whether_it_holds_nothing(text: str, empty: list[bool]) -> None:
    assert [d.empty for d in yaml.documents(text)] == empty
