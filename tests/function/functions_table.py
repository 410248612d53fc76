"""The table of docs/functions.md, written from the Functions themselves.

``python -m tests.function.functions_table`` rewrites the table in place;
tests/function/test_functions_doc.py fails while the page's table differs from this one.
"""

from __future__ import annotations

import re
from pathlib import Path

from cty.function import Function, Parameter, stdlib

PAGE = Path(__file__).resolve().parents[2] / "docs" / "functions.md"
START, END = "<!-- functions table: start -->", "<!-- functions table: end -->"


def _python_name(fn: Function) -> str:
    for name in stdlib.__all__:
        if getattr(stdlib, name) is fn:
            return name
    raise LookupError(fn)


def _param(p: Parameter, variadic: bool = False) -> str:
    flags = [flag for flag, on in (("null", p.allow_null), ("unknown", p.allow_unknown),
                                   ("marked", p.allow_marked)) if on]
    text = f"{p.name}{'...' if variadic else ''} {p.type.type_expr()}"
    return text + (f" ({', '.join(flags)} ok)" if flags else "")


def signature(name: str, fn: Function) -> str:
    """The function's call form: HCL name, then each parameter with its type."""
    params = [_param(p) for p in fn.params()]
    var = fn.var_param()
    if var is not None:
        params.append(_param(var, variadic=True))
    return f"{name}({', '.join(params)})"


def table() -> str:
    """The markdown table of every stdlib function, by HCL name."""
    rows = ["| HCL name | Python | signature | what it does |", "| --- | --- | --- | --- |"]
    for name, fn in sorted(stdlib.FUNCTIONS.items()):
        doc = fn.description().replace("|", "\\|").replace("\\\"", '"')
        rows.append(f"| `{name}` | `stdlib.{_python_name(fn)}` | `{signature(name, fn)}` | "
                    f"{doc} |")
    return "\n".join(rows)


def page_with_table(text: str) -> str:
    """*text* with the part between the markers replaced by the current table."""
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.S)
    return pattern.sub(lambda m: f"{START}\n{table()}\n{END}", text)


if __name__ == "__main__":
    PAGE.write_text(page_with_table(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
