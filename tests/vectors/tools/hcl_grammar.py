"""A grammar of HCL expressions for differential tests against HCL itself: every form of
hclsyntax's native syntax (literals, templates with interpolations, directives and strip
markers, heredocs, tuples, objects, operators, conditionals, for expressions, splats,
index and attribute access, function calls with expansion), over environments of variables
of many types (unknowns, not-null unknowns, marks at any depth, nulls, dynamic values),
with deep nesting and malformed text mixed in.

``expressions(seed, n)`` draws *n* cases (seeded: the same cases every time), each an
expression, the name of its environment in ENVIRONMENTS and whether functions are given
(go-cty's standard library as HCL tools register it, with HCL's ``try`` and ``can``).
``variables_in(name)`` gives an environment's variables as the HCL oracle's VALUE_IN;
``context(case)`` builds the same context here.
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

import cty
from cty.encoding import json as cty_json
from cty.function.stdlib import FUNCTIONS
from cty.hcl import TRY_FUNCTIONS, EvalContext

__all__ = ["ENVIRONMENTS", "context", "decode_value", "expressions", "variables_in"]


def _v(ty: Any, value: Any, unknown: list[Any] | None = None,
       marks: list[Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": ty, "value": value}
    if unknown:
        out["unknown"] = unknown
    if marks:
        out["marks"] = marks
    return out


_OBJ_T = ["object", {"name": "string", "port": "number", "tags": ["map", "string"],
                     "items": ["list", ["object", {"id": "number"}]]}]
_ROW_T = ["object", {"id": "number", "name": "string"}]

ENVIRONMENTS: dict[str, dict[str, Any] | None] = {
    "rich": {
        "s": _v("string", "hello"),
        "n": _v("number", 3),
        "f": _v("number", 1.5),
        "b": _v("bool", True),
        "ns": _v("string", None),
        "nd": _v("dynamic", None),
        "u": _v("string", None, [{"path": []}]),
        "un": _v("number", None, [{"path": [], "not_null": True}]),
        "ub": _v("bool", None, [{"path": []}]),
        "ud": _v("dynamic", None, [{"path": []}]),
        "l": _v(["list", "string"], ["a", "b", "c"]),
        "lu": _v(["list", "number"], [1, 2], [{"path": [{"index": 1}]}]),
        "lunk": _v(["list", "string"], None, [{"path": [], "not_null": True}]),
        "m": _v(["map", "number"], {"x": 1, "y": 2}),
        "mu": _v(["map", "number"], {"x": 1, "y": 2}, [{"path": [{"key": "y"}]}]),
        "o": _v(_OBJ_T, {"name": "web", "port": 80, "tags": {"env": "prod"},
                         "items": [{"id": 1}, {"id": 2}]}),
        "t": _v(["tuple", ["string", "number", "bool"]], ["x", 2, False]),
        "st": _v(["set", "string"], ["p", "q"]),
        "lo": _v(["list", _ROW_T], [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]),
        "sec": _v("string", "hunter2", marks=[{"path": [], "mark": "sensitive"}]),
        "secn": _v("number", 42, marks=[{"path": [], "mark": "sensitive"}]),
        "ml": _v(["list", "string"], ["a", "b"],
                 marks=[{"path": [{"index": 0}], "mark": "sensitive"}]),
        "mo": _v(_ROW_T, {"id": 7, "name": "x"},
                 marks=[{"path": [{"attr": "name"}], "mark": "sensitive"}]),
        "mm": _v(["map", "string"], {"a": "1"}, marks=[{"path": [], "mark": "sensitive"}]),
        "e": _v(["list", "string"], []),
        "eo": _v(["object", {}], {}),
        "dl": _v("dynamic", None, marks=[{"path": [], "mark": "sensitive"}]),
        "ul": _v(["list", "string"], None, [{"path": []}],
                 marks=[{"path": [], "mark": "sensitive"}]),
    },
    "empty": {},
    "nil": None,
}
"""Each environment's variables as VALUE_IN (None: no map of variables at all)."""

_RICH = sorted(ENVIRONMENTS["rich"] or {})
_FUNCTIONS = ["upper", "lower", "length", "concat", "join", "keys", "values", "merge",
              "coalesce", "max", "min", "abs", "format", "jsonencode", "jsondecode", "split",
              "element", "lookup", "contains", "distinct", "flatten", "reverse", "sort",
              "range", "tolist", "toset", "tomap", "tonumber", "tostring", "tobool", "zipmap",
              "substr", "replace", "trimspace", "chomp", "compact", "formatlist", "setunion",
              "coalescelist", "chunklist", "index", "slice", "nope", "try", "try", "can"]
_LITERALS = ["0", "1", "2", "1.5", "1e3", "12345678901234567890", "0.1", "007", '""', '"a"',
             '"x y"', '"say \\"hi\\""', '"\\n"', '"\\u00e9"', '"e\\u0301"', '"$${x}"',
             '"%%{x}"', "true", "false", "null", '"1"', '"true"', "-1", "-0", "1.0"]
_BINARY = ["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"]
_STEPS = [".name", ".port", ".tags", ".items", ".id", ".x", ".nope", ".0", "[0]", "[1]", "[5]",
          "[-1]", '["x"]', '["name"]', "[true]", "[null]", "[*]", "[*].id", ".*.id", "[0.5]",
          '["1"]']


class _Grammar:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, xs: list[str]) -> str:
        return self.rng.choice(xs)

    def expr(self, depth: int) -> str:
        r = self.rng.random()
        if depth >= 4 or r < 0.25:
            return self.atom(depth)
        forms = [self.binary, self.unary, self.conditional, self.tuple, self.object, self.for_,
                 self.splat, self.template, self.heredoc, self.call, self.paren, self.traversal]
        return self.rng.choice(forms)(depth + 1)

    def atom(self, depth: int) -> str:
        if self.rng.random() < 0.4:
            return self.pick(_LITERALS)
        return self.reference()

    def reference(self) -> str:
        out = self.pick(_RICH)
        for _ in range(self.rng.choice([0, 0, 1, 1, 2])):
            out += self.pick(_STEPS)
        return out

    def traversal(self, depth: int) -> str:
        base = self.expr(depth) if self.rng.random() < 0.3 else self.reference()
        if base[0] in "-!" or " " in base:
            base = f"({base})"
        step = self.pick(_STEPS)
        if self.rng.random() < 0.3:
            step = f"[{self.expr(depth)}]"
        return base + step

    def binary(self, depth: int) -> str:
        return f"{self.expr(depth)} {self.pick(_BINARY)} {self.expr(depth)}"

    def unary(self, depth: int) -> str:
        return self.pick(["-", "!"]) + self.expr(depth)

    def conditional(self, depth: int) -> str:
        return f"{self.expr(depth)} ? {self.expr(depth)} : {self.expr(depth)}"

    def tuple(self, depth: int) -> str:
        items = [self.expr(depth) for _ in range(self.rng.randint(0, 3))]
        sep = self.pick([", ", ",\n  ", ","])
        trailing = self.pick(["", ","]) if items else ""
        return "[" + sep.join(items) + trailing + "]"

    def object(self, depth: int) -> str:
        items = []
        for _ in range(self.rng.randint(0, 3)):
            key = self.pick(["a", "b", '"c"', '"a"', "(s)", "(n)", "(u)", "(ns)", "(l)",
                             "(sec)", '"${s}"', "a.b", "1"])
            items.append(f"{key} {self.pick(['=', ':'])} {self.expr(depth)}")
        sep = self.pick([", ", "\n  "])
        return "{" + sep.join(items) + "}"

    def for_(self, depth: int) -> str:
        coll = self.pick(["l", "lu", "lunk", "m", "mu", "o", "t", "st", "lo", "ml", "mm", "e",
                          "eo", "nd", "ns", "ud", "ul", "dl", "s", "n", "[1, 2, 3]",
                          '{a = 1, b = "x"}', "[]", "null"])
        names = self.pick(["x", "k, v", "i, x"])
        value = names.split(", ")[-1]
        body = self.pick([value, f"{value}.id", f"upper({value})", f"{value} == 1",
                          f'"${{{value}}}!"', self.expr(depth)])
        cond = self.pick(["", "", f" if {value} != null", f" if {value} == 1", " if b",
                          " if ub", " if null", ' if "true"', " if 1", " if sec == \"x\""])
        if self.rng.random() < 0.5:
            return f"[for {names} in {coll}: {body}{cond}]"
        key = names.split(", ")[0]
        key_expr = self.pick([key, f'"${{{key}}}"', f"tostring({key})", "s", value, "u",
                              "null", "sec"])
        group = self.pick(["", "", "..."])
        return f"{{for {names} in {coll}: {key_expr} => {body}{group}{cond}}}"

    def splat(self, depth: int) -> str:
        src = self.pick(["lo", "l", "o", "ns", "nd", "ud", "lunk", "st", "t", "s", "e", "ml",
                         "[o, o]", "null", "o.items", "mo", "ul"])
        return src + self.pick(["[*]", "[*].id", ".*.id", "[*].name", "[*][0]", ".*.0",
                                "[*].nope"])

    def template(self, depth: int) -> str:
        parts = []
        for _ in range(self.rng.randint(1, 3)):
            r = self.rng.random()
            if r < 0.3:
                parts.append(self.pick(["a", " b ", "x-y", "\\n", "é", " "]))
            elif r < 0.7:
                inner = self.expr(depth)
                if '"' in inner or "\n" in inner:
                    inner = self.reference()
                parts.append("${" + self.pick(["", "~"]) + inner + self.pick(["", "~"]) + "}")
            elif r < 0.85:
                parts.append(f"%{{if {self.reference()}}}y%{{else}}n%{{endif}}")
            else:
                parts.append(f"%{{for x in {self.pick(['l', 'lu', 'e', 'ml', 'st'])}}}"
                             "${x},%{endfor}")
        return '"' + "".join(parts) + '"'

    def heredoc(self, depth: int) -> str:
        flush = self.pick(["", "-"])
        lines = [self.pick(["  a", "    b ${s}", "  ${n + 1}", "", "%{if b}yes%{endif}",
                            "  ${u}", "\t${sec}"]) for _ in range(self.rng.randint(1, 3))]
        return f"<<{flush}EOT\n" + "\n".join(lines) + "\n  EOT\n"

    def call(self, depth: int) -> str:
        name = self.pick(_FUNCTIONS)
        args = [self.expr(depth) for _ in range(self.rng.randint(0, 3))]
        if args and self.rng.random() < 0.15:
            args[-1] = self.pick(["l", "lu", "t", "e", "s", "nd", "lunk"]) + "..."
        return f"{name}({', '.join(args)})"

    def paren(self, depth: int) -> str:
        return f"({self.expr(depth)})"


_BREAKERS = [*"{}[]()=,.:?!$%~\"\\*<>-+/&|#;'@", "${", "%{", "<<", "...", "::", "\n"]


def _malformed(rng: random.Random, text: str) -> str:
    """*text* with one mistake: a character deleted, a breaking one inserted, or cut short."""
    if not text:
        return rng.choice(_BREAKERS)
    i = rng.randrange(len(text))
    r = rng.random()
    if r < 0.4:
        return text[:i] + text[i + 1:]
    if r < 0.8:
        return text[:i] + rng.choice(_BREAKERS) + text[i:]
    return text[:i]


def _deep(rng: random.Random) -> str:
    """An expression nested thousands of levels deep (up to 10,000), whose value is shallow
    (so that the vector's JSON is too)."""
    n = rng.choice([200, 1000, 3000, 10_000])
    kind = rng.randrange(6)
    if kind == 0:
        return "(" * n + "1" + ")" * n
    if kind == 1:
        return "[" * n + "n" + "]" * n + "[0]" * n
    if kind == 2:
        return "!" * n + "b"
    if kind == 3:
        return " + ".join(["n"] * n)
    if kind == 4:
        return "{a = " * n + "1" + "}" * n + ".a" * n
    return "b ? " * n + "1" + " : 2" * n


def expressions(seed: int, n: int) -> list[dict[str, Any]]:
    """*n* cases drawn with *seed*: mostly well-formed expressions in the rich environment,
    with the standard library; some malformed, some deep, some in the other environments."""
    rng = random.Random(seed)
    g = _Grammar(rng)
    out = []
    for _ in range(n):
        r = rng.random()
        text = g.expr(0)
        env = "rich" if rng.random() < 0.92 else rng.choice(["empty", "nil"])
        functions = rng.random() < 0.95
        if r < 0.12:
            text = _malformed(rng, text)
        elif r < 0.13:  # (in the rich environment: not a diagnostic for each of 10,000 names)
            text, env = _deep(rng), "rich"
        out.append({"expr": text, "env": env, "functions": functions})
    return out


def _template_line(g: _Grammar) -> str:
    """A line of a template file: literal text (quotes and backslashes are themselves there),
    interpolations of any expression, ``if`` and ``for`` directives with strip markers (a
    directive may open on one line and close on a later one), escaped sequences."""
    rng = g.rng
    out = []
    for _ in range(rng.randint(0, 3)):
        r = rng.random()
        if r < 0.35:
            out.append(g.pick(["a", "  b ", '"q"', "\\n", "é", "\t", "$", "%", "$${x}",
                               "%%{y}", "}", "~", "  ", "% ", "$\t", "%%", "\r"]))
        elif r < 0.7:
            out.append("${" + g.pick(["", "~"]) + " " + g.expr(1) + " " + g.pick(["", "~"]) + "}")
        elif r < 0.85:
            out.append(f"%{{{g.pick(['', '~'])} if {g.reference()} {g.pick(['', '~'])}}}")
            out.append(g.pick(["y", "${s}", "\n"]))
            if rng.random() < 0.5:
                out.append("%{else}" + g.pick(["n", ""]))
            out.append(f"%{{{g.pick(['', '~'])} endif {g.pick(['', '~'])}}}")
        else:
            out.append(f"%{{ for {g.pick(['x', 'k, x'])} in "
                       f"{g.pick(['l', 'lu', 'e', 'ml', 'st', 'o'])} {g.pick(['', '~'])}}}")
            out.append(g.pick(["${x},", "\n${x}\n", "[${x}]"]))
            out.append(f"%{{{g.pick(['', '~'])} endfor {g.pick(['', '~'])}}}")
    return "".join(out)


def templates(seed: int, n: int) -> list[dict[str, Any]]:
    """*n* template files drawn with *seed* (cases with "template": True): lines of
    ``_template_line`` joined by newlines (a directive's parts may fall on different lines),
    some one interpolation alone (the value itself), some malformed."""
    rng = random.Random(seed)
    g = _Grammar(rng)
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.08:
            text = "${" + g.expr(0) + "}"
        else:
            lines = [_template_line(g) for _ in range(rng.randint(1, 4))]
            # (a directive's parts on lines of their own, as template files write them)
            text = "\n".join(lines).replace("}%{", "}\n%{" if rng.random() < 0.3 else "}%{")
            if rng.random() < 0.5:
                text += "\n"
        if r > 0.88:
            text = _malformed(rng, text)
        env = "rich" if rng.random() < 0.95 else rng.choice(["empty", "nil"])
        out.append({"expr": text, "env": env, "functions": rng.random() < 0.97,
                    "template": True})
    return out


_TRAVERSAL_STEPS: Final = [
    ".b", ".web", "[0]", '["eu"]', "[1.5]", '["a\\"b"]', "[-1]", '["${x}"]', "[*]", ".*", "[x]",
    "[true]", ".0", " [ 2 ]", "\n.c", "# c\n.d", "[1e3]", "...", '["\\q"]', "[<<EOT\nx\nEOT\n]",
    '["%{if}"]', "[1 2]", "[1.2.3]", '["x\ny"]', "\r\n[3]", '["é"]', ".aws_x-1", "[007]"]


def traversals(seed: int, n: int) -> list[str]:
    """*n* texts for ``parse_traversal`` drawn with *seed*: a root name and up to four steps,
    among them splats, expressions, templates, heredocs and bad escapes in brackets; a fifth
    made malformed."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        parts = [rng.choice(["a", "var", "module", "aws_instance", "x_1", "é", "1", '"s"'])]
        parts += [rng.choice(_TRAVERSAL_STEPS) for _ in range(rng.randint(0, 4))]
        text = "".join(parts)
        if rng.random() < 0.2:
            text = _malformed(rng, text)
        out.append(text)
    return out


_ATTR_NAMES: Final = ["a", "b", "name", "count", "size", "region", "nmae", "server", "é"]
_BLOCK_TYPES: Final = ["resource", "server", "nested", "locals", "a", "servers", "dynamic"]
_LABELS: Final = ['"web"', "db", '"a b"', '""', '"é"', '"a\\"b"', '"x"', "web", '"db"']
_BAD_LABELS: Final = ['"x${s}"', '"\\q"', '"%{if b}"', '"open', "1", "=", '"a\nb"']
_BODY_BREAKERS: Final = ["=", "{", "}", "\n", ",", '"', "#", "/*", "a", " ", "<<EOT\n"]


def _body_text(g: _Grammar, depth: int, indent: str) -> str:
    """The items of a body: attributes (an expression of the grammar: one line, or a
    heredoc, tuple or object over lines), blocks (labels quoted or not; a body over lines,
    on one line, or empty), comments and blank lines."""
    rng = g.rng
    lines = []
    for _ in range(rng.randint(0, 4 if depth else 6)):
        r = rng.random()
        if r < 0.5:
            value = g.expr(2) if rng.random() < 0.8 else g.pick(
                ["<<EOT\nhi ${s}\nEOT", "<<-EOT\n  x\n  EOT", "[\n  1,\n  2\n]",
                 "{\n  a = 1\n  b = 2\n}", "s # trailing", "n // trailing",
                 "n /* c */", "(\n  n + 1\n)"])
            if value.endswith("\n"):  # (a heredoc's own newline ends the attribute)
                value = value[:-1]
            lines.append(f"{indent}{g.pick(_ATTR_NAMES)} = {value}")
        elif r < 0.8 and depth < 3:
            labels = " ".join(g.pick(_BAD_LABELS if rng.random() < 0.03 else _LABELS)
                              for _ in range(rng.choice([0, 0, 1, 1, 2, 3])))
            head = f"{indent}{g.pick(_BLOCK_TYPES)} {labels}".rstrip() + " {"
            kind = rng.random()
            if kind < 0.15:
                lines.append(head + "}")
            elif kind < 0.3:
                lines.append(f"{head} {g.pick(_ATTR_NAMES)} = {g.atom(3)} }}")
            else:
                inner = _body_text(g, depth + 1, indent + "  ")
                lines.append(head + "\n" + inner + f"{indent}}}")
        elif r < 0.9:
            lines.append(indent + g.pick(["# comment", "// comment", "/* c */",
                                          "/* multi\nline */", ""]))
        else:
            lines.append("")
    return "".join(line + "\n" for line in lines)


def bodies(seed: int, n: int) -> list[dict[str, Any]]:
    """*n* configuration files drawn with *seed* (cases with "op": "body"): attributes and
    nested blocks (``_body_text``), some with CRLF line ends, without a last newline, with
    leading blanks; some malformed; each with a schema of some of the attribute names
    (some required) and block types (with zero to two label names)."""
    rng = random.Random(seed)
    g = _Grammar(rng)
    out = []
    for _ in range(n):
        text = _body_text(g, 0, "")
        r = rng.random()
        if r < 0.05:
            text = text.replace("\n", "\r\n")
        elif r < 0.1:
            text = text.rstrip("\n")
        elif r < 0.15:
            text = g.pick(["\n\n", "  ", "# head\n", "/* c */ "]) + text
        if rng.random() < 0.15:
            if rng.random() < 0.5 or not text:
                text = _malformed(rng, text)
            else:
                i = rng.randrange(len(text))
                text = text[:i] + g.pick(_BODY_BREAKERS) + text[i:]
        schema = {
            "attributes": [{"name": name, "required": rng.random() < 0.3}
                           for name in rng.sample(_ATTR_NAMES, rng.randint(0, 4))],
            "blocks": [{"type": t, "labels": rng.sample(["name", "kind"], rng.choice([0, 1, 2]))}
                       for t in rng.sample(_BLOCK_TYPES, rng.randint(0, 3))]}
        env = "rich" if rng.random() < 0.95 else rng.choice(["empty", "nil"])
        out.append({"op": "body", "expr": text, "env": env, "functions": True,
                    "schema": schema})
    return out


_DECODE_TYPES: Final = [
    ("string", ['"x"', "s", "1", "true", "[]", "u", "sec", "null", "un", '"${s}-${n}"']),
    ("number", ["1", '"2"', '"x"', "n", "u", "null", "sec", "n + 1"]),
    ("bool", ["true", '"true"', "1", "b", "ub", "null"]),
    (["list", "string"], ['["a", "b"]', "[1, true]", "l", "[]", '"x"', "lu", "[s, sec]", "null",
                          "st"]),
    (["map", "number"], ["{a = 1}", '{a = "x"}', "{}", "m", "mu", '{"k" = n}', "null"]),
    (["object", {"a": "string", "b": "number"}, ["b"]],
     ['{a = "x"}', '{a = "x", b = 2}', "{b = 1}", '{a = "x", c = 1}', "o", "null", "{}"]),
    ("dynamic", ["1", '"x"', "[1, \"a\"]", "o", "u", "null", "{a = l}"]),
]
_NESTINGS: Final = ["single", "group", "list", "set", "map"]


def _decode_schema(rng: random.Random, depth: int) -> dict[str, Any]:
    """A block schema (the decode op's JSON): one to three attributes of the types above, and
    up to two nested block types of any nesting (a set's block without dynamic types)."""
    names = rng.sample(["a", "b", "name", "count", "tags", "size"], rng.randint(1, 3))
    attributes = {}
    for name in names:
        ty = rng.randrange(len(_DECODE_TYPES))
        attributes[name] = {"type": _DECODE_TYPES[ty][0], "required": rng.random() < 0.3}
    blocks: dict[str, Any] = {}
    if depth < 2:
        for name in rng.sample(["disk", "rule", "tag", "net"], rng.choice([0, 1, 1, 2])):
            nesting = rng.choice(_NESTINGS)
            block = _decode_schema(rng, depth + 1)
            if nesting == "set" and "dynamic" in json.dumps(block):
                nesting = "list"  # (a set's block holds no dynamic type)
            low = rng.choice([0, 0, 1]) if nesting in ("single", "group") else rng.choice(
                [0, 0, 1, 2])
            high = (rng.choice([0, 1]) if nesting in ("single", "group")
                    else rng.choice([0, 0, 1, 2, 3]))
            blocks[name] = {"block": block, "nesting": nesting, "min_items": low,
                            "max_items": high,
                            "labels": rng.choice([["key"], ["key"], ["region", "zone"]])
                            if depth == 0 else ["key"]}
            # (a map of blocks with two labels only at the top: an empty one is one level
            # deep to HCL, and a list, set or map of blocks holding one may not unify)
    return {"attributes": attributes, "blocks": blocks}


def _decode_body(g: _Grammar, schema: dict[str, Any], indent: str) -> str:
    """A body for *schema*: most attributes set (to values of their type, or of another),
    now and then one the schema lacks; zero to three blocks of each nested type (map blocks
    with their labels, some repeated or missing, other blocks now and then with one)."""
    rng = g.rng
    lines = []
    for name, a in schema["attributes"].items():
        if rng.random() < 0.75:
            values = next(v for t, v in _DECODE_TYPES if t == a["type"])
            lines.append(f"{indent}{name} = {g.pick(values)}")
    if rng.random() < 0.05:
        lines.append(f"{indent}extra = 1")
    for name, n in schema["blocks"].items():
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            labels = ""
            if n["nesting"] == "map":
                count = len(n["labels"]) + (rng.choice([-1, 1]) if rng.random() < 0.05 else 0)
                labels = " ".join(f'"{g.pick(["a", "b", "c"])}"' for _ in range(count))
            elif rng.random() < 0.04:
                labels = '"x"'
            inner = _decode_body(g, n["block"], indent + "  ")
            head = f"{indent}{name} {labels}".rstrip()
            lines.append(f"{head} {{\n{inner}{indent}}}")
    rng.shuffle(lines)
    return "".join(line + "\n" for line in lines)


def decodes(seed: int, n: int) -> list[dict[str, Any]]:
    """*n* cases for the decode op drawn with *seed*: a block schema and a body for it."""
    rng = random.Random(seed)
    g = _Grammar(rng)
    out = []
    for _ in range(n):
        schema = _decode_schema(rng, 0)
        out.append({"op": "decode", "expr": _decode_body(g, schema, ""), "block": schema,
                    "env": "rich", "functions": True})
    return out


def variables_in(env: str) -> dict[str, Any] | None:
    """The environment *env*'s variables as the oracle's VALUE_IN."""
    return ENVIRONMENTS[env]


def _path_key(path: cty.Path) -> str:
    steps: list[dict[str, Any]] = []
    for step in path:
        if isinstance(step, cty.GetAttrStep):
            steps.append({"attr": step.name})
        else:
            key = step.key
            if key.type() is cty.String:
                steps.append({"key": key.as_string()})
            else:
                steps.append({"index": int(key.as_big_float())})
    return json.dumps(steps)


def decode_value(v: dict[str, Any]) -> cty.Value:
    """A VALUE_IN as the oracle's decodeValue builds it: the JSON value of its type, then
    each unknown and mark applied at its path, innermost first."""
    ty = cty.type_from_json(json.dumps(v["type"]).encode())
    value = cty_json.unmarshal(json.dumps(v["value"]).encode(), ty)
    unknowns = {json.dumps(u["path"]): u for u in v.get("unknown", ())}
    marks: dict[str, list[str]] = {}
    for m in v.get("marks", ()):
        marks.setdefault(json.dumps(m["path"]), []).append(m["mark"])
    if not unknowns and not marks:
        return value

    def apply(path: cty.Path, x: cty.Value) -> cty.Value:
        key = _path_key(path)
        u = unknowns.get(key)
        if u is not None:
            x = cty.unknown_val(x.type())
            if u.get("not_null"):
                x = x.refine_not_null()
        for mark in marks.get(key, ()):
            x = x.mark(mark)
        return x

    return cty.transform(value, apply)


def context(case: dict[str, Any]) -> EvalContext:
    """The context the oracle evaluates *case* in."""
    variables = variables_in(case["env"])
    return EvalContext(
        variables=None if variables is None else {
            name: decode_value(v) for name, v in variables.items()},
        functions={**FUNCTIONS, **TRY_FUNCTIONS} if case["functions"] else None)
