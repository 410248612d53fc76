"""docs/formats/gob.md: every hex example is what gob writes, byte for byte, and reads back.

Also runs the docstring examples of cty.encoding.gob.
"""

from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import pytest

import cty
from cty.encoding import gob

from ._gob_strategies import assert_same, split_frames

SPEC = Path(__file__).parent.parent.parent / "docs" / "formats" / "gob.md"


def _examples() -> list[tuple[str, bool, bytes]]:
    """Return (expression, is a list of values, bytes) of each ```gob block of the spec."""
    out = []
    for block in re.findall(r"```gob\n(.*?)```", SPEC.read_text(encoding="utf-8"), re.S):
        lines = block.splitlines()
        m = re.fullmatch(r"# (value|values): (.*)", lines[0])
        assert m, f"an example starts with '# value: <expression>': {lines[0]!r}"
        hexes = []
        for line in lines[1:]:
            code = line.split("#", 1)[0].split()
            assert all(re.fullmatch(r"[0-9a-f]{2}", h) for h in code), line
            hexes.extend(code)
        out.append((m.group(2), m.group(1) == "values", bytes.fromhex("".join(hexes))))
    return out


EXAMPLES = _examples()


def test_the_spec_has_examples() -> None:
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize(("expr", "many", "data"), EXAMPLES, ids=[e for e, _, _ in EXAMPLES])
def test_spec_example(expr: str, many: bool, data: bytes) -> None:
    value = eval(expr, {"cty": cty})  # the spec's own text, not input data
    if many:
        buf = io.BytesIO()
        with gob.Encoder(buf) as enc:
            for v in value:
                enc.encode(v)
        assert buf.getvalue().hex(" ") == data.hex(" ")
        got = list(gob.Decoder(data))
        for v, w in zip(value, got, strict=True):
            assert_same(v, w)
    else:
        assert gob.dumps(value).hex(" ") == data.hex(" ")
        assert_same(value, gob.loads(data))
    split_frames(data)  # the container reads as the spec says (lengths and checksums)


def test_docstring_examples() -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(gob, "cty.encoding.gob", globs={"cty": cty, "gob": gob, "io": io})
    assert sum(len(t.examples) for t in tests) >= 4
    for t in tests:
        runner.run(t)
    assert runner.failures == 0
