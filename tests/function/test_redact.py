"""Error messages never show a marked string's text (cty.function._redact; the
REDACTED_MARKED_TEXT rule of docs/design/divergences.md builds its expectations with
redact_message, so its behaviour is stated here with literal texts)."""

from __future__ import annotations

import pytest

import cty
from cty.function import ArgError
from cty.function._redact import REDACTED, redact_message
from cty.function.stdlib import FUNCTIONS


def test_the_redacted_text_is_terraforms() -> None:
    assert REDACTED == "(sensitive value)"


@pytest.mark.parametrize(("message", "texts", "want"), [
    ('cannot convert "hunter2" to number', ["hunter2"],
     "cannot convert (sensitive value) to number"),
    # quoted as Go quotes it
    ('bad "a\\"b\\n"', ['a"b\n'], "bad (sensitive value)"),
    ('bad "é\\x00"', ["é\x00"], "bad (sensitive value)"),
    # three characters or more: also where it appears unquoted
    ("no such key: abc, in abcd", ["abc"], "no such key: (sensitive value), in (sensitive value)d"),
    # shorter texts only when quoted (a chance match is likely)
    ('key "ab" or ab', ["ab"], "key (sensitive value) or ab"),
    # the longest text first, so a text inside another does not split it
    ('"abc" and "abcdef"', ["abc", "abcdef"], "(sensitive value) and (sensitive value)"),
    ("nothing to hide", ["secret"], "nothing to hide"),
    ("nothing to hide", [], "nothing to hide"),
])
def test_redact_message(message: str, texts: list[str], want: str) -> None:
    assert redact_message(message, texts) == want


def test_a_call_with_a_marked_argument_never_shows_its_text() -> None:
    parseint = FUNCTIONS["parseint"]
    with pytest.raises(ArgError) as plain:
        parseint.call([cty.string_val("hunter2"), cty.number_int_val(10)])
    assert plain.value.message == 'cannot parse "hunter2" as a base 10 integer'
    with pytest.raises(ArgError) as marked:
        parseint.call([cty.string_val("hunter2").mark("sensitive"), cty.number_int_val(10)])
    assert marked.value.message == "cannot parse (sensitive value) as a base 10 integer"
    assert "hunter2" not in str(marked.value)


def test_unquoted_texts_are_redacted_too() -> None:
    regex = FUNCTIONS["regex"]
    with pytest.raises(ArgError) as e:
        regex.call([cty.string_val("hunter2(").mark("sensitive"), cty.string_val("x")])
    assert e.value.message == "invalid regexp pattern: missing closing ) in (sensitive value)"
    timeadd = FUNCTIONS["timeadd"]
    with pytest.raises(cty.function.FunctionError) as f:
        timeadd.call([cty.string_val("hunter2").mark("m"), cty.string_val("1h")])
    assert str(f.value) == ("not a valid RFC3339 timestamp: cannot use (sensitive value) as "
                               "year")
