"""Make cty/function/terraform/_text_cjk_tables.py: golang.org/x/text's tables for the CJK
encodings of textencodebase64/textdecodebase64, read through the funcs oracle's shim
(tests/oracle_shims/funcs/zz_textdump.go: every byte sequence of each table's shape decoded,
every code point encoded); then every one of those answers checked against
cty/function/terraform/_text_cjk.py (some 870,000 byte sequences, which must decode or fail as
x/text's do, and every code point in each encoding, 8.7 million answers in all).

    sh tests/oracle_shims/funcs/build.sh
    python -m tests.vectors.tools.make_text_cjk /tmp/funcsoracle/ctyoracle
"""

from __future__ import annotations

import importlib
import itertools
import json
import subprocess
import unicodedata
from pathlib import Path

from ._oracle import oracle_path

OUT = Path(__file__).resolve().parents[3] / "cty" / "function" / "terraform" / \
    "_text_cjk_tables.py"

DECODES = {  # (encoding, byte ranges a position) -> what the table is read from
    "sjis": ("Shift_JIS", "80-ff,00-ff"), "sjis1": ("Shift_JIS", "00-ff"),
    "eucjp": ("EUC-JP", "80-ff,00-ff"), "eucjp1": ("EUC-JP", "00-ff"),
    "eucjp3": ("EUC-JP", "8f,00-ff,00-ff"),
    "iso208": ("ISO-2022-JP", "1b,24,42,00-ff,00-ff"),
    "iso212": ("ISO-2022-JP", "1b,24,28,44,00-ff,00-ff"),
    "isokana": ("ISO-2022-JP", "1b,28,49,00-ff"), "iso1": ("ISO-2022-JP", "00-ff"),
    "euckr": ("EUC-KR", "80-ff,00-ff"), "euckr1": ("EUC-KR", "00-ff"),
    "gbk": ("GBK", "80-ff,00-ff"), "gbk1": ("GBK", "00-ff"),
    "gb18030": ("GB18030", "80-ff,00-ff"),
    "gb4": ("GB18030", "81-84,30-39,81-ff,30-39"),
    "gb4sup": ("GB18030", "90,30-39,81-ff,30-39"), "gb4end": ("GB18030", "e3-ff,30-39,81-ff,30-39"),
    "hz": ("HZ-GB-2312", "7e,7b,00-ff,00-ff"), "hz1": ("HZ-GB-2312", "00-ff"),
    "big5": ("Big5", "80-ff,00-ff"), "big51": ("Big5", "00-ff"),
}
ENCODES = {name: "0-10ffff" for name in ("Shift_JIS", "EUC-JP", "ISO-2022-JP", "EUC-KR", "GBK",
                                         "Big5", "HZ-GB-2312")}
ENCODES["GB18030"] = "0-ffff"  # (all of it encodes; the planes above are arithmetic)
GB18030_ABOVE = ("10000-10400", "10fc00-10ffff")


def _call(oracle: str, name: str, a: str, b: str) -> str:
    case = {"id": "x", "op": "call", "name": f"tf:{name}",
            "args": [{"type": "string", "value": {"string": a}},
                     {"type": "string", "value": {"string": b}}]}
    out = subprocess.run([oracle], input=json.dumps(case) + "\n", capture_output=True,
                         text=True, check=True).stdout
    answer = json.loads(out)
    if "value" not in answer:
        raise SystemExit(f"{name}({a}, {b}): {answer}")
    return str(answer["value"]["string"])


def _pairs(text: str) -> dict[bytes, str]:
    out = {}
    for line in text.split("\n"):
        if line:
            seq, decoded = line.split("=")
            out[bytes.fromhex(seq)] = bytes.fromhex(decoded).decode()
    return out


def _sequences(spec: str) -> list[bytes]:
    ranges = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        ranges.append(range(int(lo, 16), int(hi or lo, 16) + 1))
    return [bytes(p) for p in itertools.product(*ranges)]


def _table(size: int, entries: dict[int, str]) -> str:
    chars = ["\x00"] * size
    for index, ch in entries.items():
        assert chars[index] in ("\x00", ch), (index, chars[index], ch)
        chars[index] = ch
    return "".join(chars).rstrip("\x00")


def _shift_jis_index(seq: bytes) -> int:
    c0, c1 = seq
    row = 2 * (c0 - 0x70 if c0 <= 0x9F else c0 - 0xB0) - 0x21
    if c1 < 0x7F:
        return (row - 1) * 94 + c1 - 0x40
    if c1 < 0x9F:
        return (row - 1) * 94 + c1 - 0x41
    return row * 94 + c1 - 0x9F


def _wrapped(c0: int, c1: int) -> int:
    return ((c0 - 0x21) & 0xFF) * 94 + ((c1 - 0x21) & 0xFF)


def _euc_kr_index(seq: bytes) -> int:
    c0, c1 = seq
    if c0 < 0xC7:
        base = 178 * (c0 - 0x81)
        return base + (c1 - 0x41 if c1 < 0x5B else c1 - 0x61 + 26 if c1 < 0x7B
                       else c1 - 0x81 + 52)
    return 178 * (0xC7 - 0x81) + (c0 - 0xC7) * 94 + c1 - 0xA1


def _gbk_index(seq: bytes) -> int:
    c0, c1 = seq
    return (c0 - 0x81) * 190 + (c1 - 0x40 if c1 < 0x7F else c1 - 0x41)


def _big5_index(seq: bytes) -> int:
    c0, c1 = seq
    return (c0 - 0x81) * 157 + (c1 - 0x40 if c1 < 0x7F else c1 - 0x62)


def _two(decoded: dict[bytes, str], singles: dict[bytes, str]) -> dict[bytes, str]:
    """The two-byte sequences that are one character (their first byte is no character)."""
    return {s: t for s, t in decoded.items() if s[:1] not in singles}


def _ranges(four: dict[bytes, str]) -> tuple[list[int], list[int]]:
    """GB18030's four-byte ranges below the supplementary planes: where a run of pointers
    to consecutive code points starts, and its first code point."""
    pointers: list[int] = []
    codes: list[int] = []
    by_pointer = {}
    for seq, text in four.items():
        b0, b1, b2, b3 = seq
        by_pointer[(((b0 - 0x81) * 10 + b1 - 0x30) * 126 + b2 - 0x81) * 10 + b3 - 0x30] = \
            ord(text)
    for pointer in sorted(by_pointer):
        cp = by_pointer[pointer]
        if not pointers or cp - pointer != codes[-1] - pointers[-1]:
            pointers.append(pointer)
            codes.append(cp)
    return pointers, codes


def _literal(table: str, width: int) -> str:
    """The table as Python string literals, *width* characters a line; what is not a
    printable letter, digit, punctuation or symbol is escaped."""
    lines = []
    for at in range(0, len(table), width):
        part = []
        for ch in table[at:at + width]:
            kind = unicodedata.category(ch)
            if ch in "\\\"" or kind[0] not in "LNPS" or (ord(ch) < 0x3000 and ord(ch) > 0x7E):
                part.append(f"\\u{ord(ch):04x}" if ord(ch) > 0xFF else f"\\x{ord(ch):02x}")
            else:
                part.append(ch)
        lines.append('    "' + "".join(part) + '"')
    return "(\n" + "\n".join(lines) + "\n)"


def main() -> None:
    oracle = oracle_path()
    d = {key: _pairs(_call(oracle, "textdecodeall", enc, spec))
         for key, (enc, spec) in DECODES.items()}
    jis0208 = {_shift_jis_index(s): t for s, t in _two(d["sjis"], d["sjis1"]).items()}
    jis0208.update({_wrapped(s[3], s[4]): t for s, t in d["iso208"].items()
                    if len(t) == 1 and s[3] != 0x0A})  # (a line feed ends the state)
    jis0212 = {(s[1] - 0xA1) * 94 + s[2] - 0xA1: t for s, t in d["eucjp3"].items()}
    jis0212.update({_wrapped(s[4], s[5]): t for s, t in d["iso212"].items()
                    if len(t) == 1 and s[4] != 0x0A})
    euc_kr = {_euc_kr_index(s): t for s, t in _two(d["euckr"], d["euckr1"]).items()}
    gbk = {_gbk_index(s): t for s, t in _two(d["gbk"], d["gbk1"]).items()}
    big5 = {_big5_index(s): t for s, t in _two(d["big5"], d["big51"]).items() if len(t) == 1}
    pointers, codes = _ranges(d["gb4"])
    tables = {"JIS0208": (_table(120 * 94, jis0208), 94),
              "JIS0212": (_table(100 * 94, jis0212), 94),
              "EUC_KR": (_table(126 * 178, euc_kr), 178), "GBK": (_table(126 * 190, gbk), 190),
              "BIG5": (_table(126 * 157, big5), 157)}
    doc = ['"""golang.org/x/text\'s tables for the CJK encodings (generated by',
           "tests/vectors/tools/make_text_cjk.py from the funcs oracle's answers: do not edit).",
           "",
           "Each table is a string indexed as x/text indexes it (``_text_cjk`` says how), U+0000",
           "where an index has no character: ``JIS0208`` and ``JIS0212`` (94 a row), ``EUC_KR``,",
           "``GBK`` (190 a lead byte), ``BIG5`` (157 a lead byte); GB18030's four-byte ranges",
           "below the supplementary planes: ``GB18030_POINTERS`` where each starts,",
           '``GB18030_CODES`` its first code point.', '"""', "",
           "# ruff: noqa: E501 (generated data)", "",
           "from __future__ import annotations", "", "from typing import Final", ""]
    for name, (table, width) in tables.items():
        doc.append(f"{name}: Final[str] = {_literal(table, width)}")
        doc.append("")
    doc.append(f"GB18030_POINTERS: Final[tuple[int, ...]] = {tuple(pointers)!r}")
    doc.append(f"GB18030_CODES: Final[tuple[int, ...]] = {tuple(codes)!r}")
    OUT.write_text("\n".join(doc) + "\n", encoding="utf-8")
    print(f"{len(pointers)} GB18030 ranges; tables -> {OUT}")
    _check(oracle, d)


def _check(oracle: str, d: dict[str, dict[bytes, str]]) -> None:
    """Every answer of the oracle against ours."""
    import cty.function.terraform._text_cjk as cjk
    import cty.function.terraform._text_cjk_tables as tables
    from cty.function.terraform._text_tables import ALIASES

    importlib.reload(tables)
    importlib.reload(cjk)
    wrong = 0
    for key, (enc, spec) in DECODES.items():
        decode = cjk.CJK_DECODERS[ALIASES[enc.lower()]]
        for seq in _sequences(spec):
            if decode(seq) != d[key].get(seq):
                wrong += 1
                if wrong < 20:
                    print("decode", enc, seq.hex(), repr(decode(seq)), repr(d[key].get(seq)))
    print("decodings checked")
    spans = [(enc, r) for enc, r in ENCODES.items()] + [("GB18030", r) for r in GB18030_ABOVE]
    for enc, span in spans:
        expected = {int(cp, 16): bytes.fromhex(b) for cp, b in
                    (line.split("=") for line in
                     _call(oracle, "textencodeall", enc, span).split("\n") if line)}
        encode = cjk.CJK_ENCODERS[ALIASES[enc.lower()]]
        lo, _, hi = span.partition("-")
        for cp in range(int(lo, 16), int(hi, 16) + 1):
            if 0xD800 <= cp < 0xE000:
                continue
            if encode(chr(cp)) != expected.get(cp):
                wrong += 1
                if wrong < 40:
                    print("encode", enc, hex(cp), encode(chr(cp)), expected.get(cp))
        print("encodings checked", enc, span)
    if wrong:
        raise SystemExit(f"{wrong} answers differ")
    print("all equal")


if __name__ == "__main__":
    main()
