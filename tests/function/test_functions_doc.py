"""docs/functions.md lists every standard library function as the Functions describe
themselves (regenerate with ``python -m tests.function.functions_table``)."""

from __future__ import annotations

from cty.function import stdlib

from .functions_table import END, PAGE, START, page_with_table


def test_the_table_of_functions_is_current() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert START in text and END in text
    assert text == page_with_table(text), (
        "docs/functions.md is stale: run python -m tests.function.functions_table")


def test_every_function_is_in_the_table() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for name in stdlib.FUNCTIONS:
        assert f"| `{name}` |" in text
