"""The porting guide's table of every go-cty exported name, made from tests/data/go_cty_exports.tsv.

The data file holds one line per exported name of go-cty 1.18.1 (as tests/data/tools/go_exports.go
lists them): package, kind, Go name, the Python counterpart as a dotted name (``-`` where there is
none) and a note (the reason, where there is no counterpart). ``render()`` writes the guide's last
section from it; ``python -m tests._porting_names --write`` puts that section into
docs/howto/porting-from-go-cty.md, and tests/test_porting_guide.py holds the two equal.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "go_cty_exports.tsv"
GUIDE = ROOT / "docs" / "howto" / "porting-from-go-cty.md"
BEGIN = "<!-- every-exported-name: begin -->"
END = "<!-- every-exported-name: end -->"

# The packages in the order the guide shows them, with the module each one became.
PACKAGES = {
    "cty": "cty",
    "cty/convert": "cty.convert",
    "cty/json": "cty.encoding.json",
    "cty/msgpack": "cty.encoding.msgpack",
    "cty/gocty": "cty",
    "cty/function": "cty.function",
    "cty/function/stdlib": "cty.function.stdlib",
    "cty/ctymarks": "cty.marks",
    "cty/ctystrings": "cty.strings",
    "cty/set": "cty.ValueSet",
}
KINDS = ("const", "field", "func", "ifacemethod", "method", "type", "var")
NONE = "-"


class Export(NamedTuple):
    """One exported go-cty name and what stands for it here."""

    package: str
    kind: str
    name: str
    python: str
    note: str


def load(path: Path = DATA) -> list[Export]:
    """The rows of the data file, comments left out; a malformed line raises ValueError."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 5:
            raise ValueError(f"{path.name}:{number}: {len(fields)} fields, want 5")
        rows.append(Export(*fields))
    return rows


def resolve(dotted: str) -> object:
    """The object a dotted Python name stands for: the longest importable module prefix, then
    attributes; the last part may also be a keyword the class's constructor takes (an attribute
    each instance gets, such as ``PathError.path``). Raises LookupError when it names nothing."""
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        break
    else:
        raise LookupError(f"{dotted}: no module")
    for index, part in enumerate(parts[split:], split):
        last = index == len(parts) - 1
        inherited = isinstance(found, type) and not any(
            part in vars(klass) for klass in found.__mro__ if klass is not object
        )
        if part.startswith("__") and inherited:
            raise LookupError(f"{dotted}: {part} is object's own")
        if hasattr(found, part):
            found = getattr(found, part)
        elif last and isinstance(found, type) and part in inspect.signature(found).parameters:
            return inspect.signature(found).parameters[part]
        else:
            raise LookupError(f"{dotted}: no {part!r} in {'.'.join(parts[:index])}")
    return found


def _go_name(row: Export) -> str:
    return f"{row.package.rsplit('/', 1)[-1]}.{row.name}"


def _order(row: Export) -> tuple[str, int, str]:
    owner, _, member = row.name.partition(".")
    return (owner, 1 if member else 0, member)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render(rows: list[Export]) -> str:
    """The guide's section, from BEGIN to END inclusive."""
    out = [
        BEGIN,
        "<!-- Made by `python -m tests._porting_names --write` from tests/data/go_cty_exports.tsv:",
        "     edit that file, not this table. -->",
        "",
        "## Every exported name",
        "",
        f"All {len(rows)} exported names of go-cty 1.18.1's packages (functions, methods, types,",
        "struct fields, interface methods, constants and variables; `go run",
        "tests/data/tools/go_exports.go` lists them from go-cty's source), each with what stands",
        "for it here. A dotted name is a module attribute, a method, or a keyword of a",
        "constructor; where there is none, the note says why. In `stdlib`, go-cty has",
        "both `AbsoluteFunc` (the Function) and `Absolute(v)` (a call of it): here both are",
        "`stdlib.absolute`, a Function you call.",
    ]
    for package, module in PACKAGES.items():
        chosen = sorted((r for r in rows if r.package == package), key=_order)
        out += [
            "",
            f"### `{package}` ({len(chosen)} names; here `{module}`)",
            "",
            "| go-cty | kind | cty for Python | note |",
            "| --- | --- | --- | --- |",
        ]
        for row in chosen:
            python = "none" if row.python == NONE else f"`{row.python}`"
            out.append(f"| `{_go_name(row)}` | {row.kind} | {python} | {_cell(row.note)} |")
    out.append(END)
    return "\n".join(out) + "\n"


def guide_section(text: str) -> str:
    """The generated section as the guide holds it now (empty when it has none)."""
    start = text.find(BEGIN)
    end = text.find(END)
    if start < 0 or end < 0:
        return ""
    return text[start : end + len(END)] + "\n"


def write(guide: Path = GUIDE) -> None:
    """Put the rendered section into the guide, in place of the old one or at the end."""
    text = guide.read_text(encoding="utf-8")
    old = guide_section(text)
    new = render(load())
    text = text.replace(old, new) if old else text.rstrip("\n") + "\n\n" + new
    guide.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests._porting_names --write")
    write()
