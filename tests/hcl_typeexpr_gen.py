"""Type expression texts for differential tests against HCL: hand-written seeds, and a
generator of well-formed and malformed expressions (comments, newlines, quoting, defaults)."""

from __future__ import annotations

import random

SEEDS = [
    "string", "any", "strin", "list", "object", "tuple", "list()", "set(string, number)",
    "map(string, number)", 'string("x")', "string(1)", "any(string)", "any()",
    "optional(string)", "lists(string)", '"string"', "object([string])", "tuple({})",
    "object({list(string) = string})", "object({a = string, a = number})",
    "object({a = optional()})", 'object({a = optional(string, "x")})',
    "object({a = optional(number, 1, 2)})", 'object({a = optional(number, -"x")})',
    "object({a = optional(number, 1 + 2)})", "object({\n  a = string\n  b = 5\n})",
    "list(string", "list(string) x", "object({a = string b = number})", "object({a string})",
    'object({"a\\q" = string})', 'object({"a = string})', 'object({"${x}" = string})',
    "list(string) /* never closed", "list(@)", "", '"\\x41"', '"\\u00e"', '"\\ud800"',
    "x\u0301", "object({x\u0301 = string})", "object({\u2160 = string})",
    "object({a\u0903 = string})", "object({a\u00b7 = string})", "object({\u2118 = string})",
    "object({a\u00b2 = string})", 'object({"a" = string})', "list(string...)",
    "tuple([string]...)", "list(string...,)", "object({for = string})",
    "object({a =\nstring})", "object({a\n= string})", "object({\na = string\nb = number})",
    "list(\nstring\n)", "object({a = string,\n\n})", "object({a = string}", "tuple([string",
    "object({a})", "object({a = })", "object({= string})", "#c\nlist(string) # x",
    "/* a */ list(string)", "object({a = string, b = number,})", "list(string,)", "list(,)",
    "()", "(string)", "list((string))", "list(string x)", "tuple([string x])",
    "object({a = string", "object({a = string\n", "{", "[", "object({a = string,",
    "x.y", "x[0]", "list(string)[0]", "1", "-1", "true", "null", "x::y(string)",
    "object({a = string}, )", "object({a = string, b})", "object({a: string})",
    "object({a = string} x)", "list(string))", "list(string) & x", "list(string) ; x",
    "'a'", "`a`", "list(string) ** 2", "\u201ca\u201d", '"ab\nc"', "a-b", "_a", "a--b",
    "object({a-b = string, _c = number})", "map(list(set(tuple([object({})]))))",
    "object({a = optional(string, null)})", "object({a = optional(list(string), [])})",
    'object({a = optional(map(string), {k = "v"})})', "object({a = optional(bool, !false)})",
    "object({a = optional(number, x)})", "object({a = optional(number, f(1))})",
    "object({a = optional(number, (4))})", 'object({a = optional(string, "a\\nb")})',
    'list("%{if true}x%{endif}")', "<<EOT\nstring\nEOT\n", "list(<<EOT\nstring\nEOT\n)",
    "object({<<EOT\na\nEOT\n = string})", "list(string)[*]", "list(string).*", "string[*]",
    '"%{ if }"', '"%{if true}${"a"', '"%{if true}', '"%{', '"${', "list(a.0.1)",
    "list(a.*.0.1)", "list(a.*.*)", "list(a.*[0])", "list(a[*].b[0])", "<<-EOT\n  x",
    "<<EOT", "<<", "list(<<EOT)", "tuple[string,string])", "list(boo[l)", "list(a[*)",
    "list(a[* string)",
]

# default expressions, each given to optional(T, ...) for several T (seeds in mode defaults)
DEFAULT_EXPRESSIONS = [
    "1 + 2", "2 * 3 - 1", "7 / 2", "7 % 3", "-(4)", "- 4", "1 - -1", "10 / 0", "0 / 0",
    "1 == 1", '1 == "1"', "1 != 2", "1 < 2", "2 >= 3", "true && false", "true || x",
    "false && x", "x || true", "!false", "!1", '!"true"', '-"x"', '-"5"', '"a" + 1', '"2" * "3"',
    "null + 1", "1 + null", "!null", "true ? 1 : 2", 'false ? 1 : "b"', "null ? 1 : 2",
    '"x" ? 1 : 2', '"true" ? "a" : "b"', "true ? [1] : [\"a\"]", "true ? {a = 1} : {b = 2}",
    "false ? null : 5", "true ? 1 : x", "x ? 1 : 2", "true ? [1, 2] : [3]",
    '"${"t"}"', '"a${1}b"', '"${1}"', '"${true}"', '"${null}"', '"${[1]}"', '"${x}"',
    '"a${1 + 1}"', '"${"a"}${"b"}"', '"$${x}"', '"%{if true}y%{endif}"', "(1 + 2) * 3",
    "1 + 2 * 3", "[1 + 1, 2]", '{a = 1 + 1, "b" = 2}', "{(x) = 1}", '{("k") = 1}',
    "{null = 1}", "{true = 1}", "{a = 1, a = 2}", "[for x in [1]: x]", "[1, 2][0]",
    "{a = 1}.a", "x.y", "x[0]", "f(1)", "1.5e3", "-0",
    # template directives, heredocs and splats
    '"%{if false}y%{else}n%{endif}"', '"a %{~ if true ~} b %{~ endif ~} c"', '" ${"x" ~}  c"',
    '"%{for x in [1, 2]}${x},%{endfor}"', '"%{for k, v in {a = 1}}${k}=${v}%{endfor}"',
    '"%{if 1}y%{endif}"', '"%{if null}y%{endif}"', '"%{for x in null}y%{endfor}"',
    '"%{for x in [null]}${x}%{endfor}"', '"%{if true}y"', '"%{endif}"',
    '"%{for x in [1]}a%{else}b%{endfor}"',
    '"%{iff true}a%{endif}"', '"%{for a b}%{endfor}"', '"${1"', '"${1:2}"', '"${1 2}"',
    '"%{for x in [1]}${z}%{endfor}"', "<<EOT\nhello\nEOT\n", "<<-EOT\n  a\n\n    b\n  EOT\n",
    '<<EOT\na ${"b" ~}  \n  c\nEOT\n', "<<EOT\nno end",
    '<<-EOT\n  %{if true}\n  yes\n  %{endif}\nEOT\n',
    "<<EOT\n${1 +}\nEOT\n", "[1, 2][*]", "[{a = 1}, {a = 2}][*].a", "[{a = 1}].*.a", "{a = 1}.*",
    '"x"[*]', "null[*]", "[[1, 2], [3]][*][0]", "[1][*].a", "[{a = [1]}].*.a.0", "[1].0.1",
    "[{a = 1}].*.*", "[1][*][0] + 1", "(true ? [{a = 1}] : [])[*].a",
    "(true ? [[1], [1, 2]] : [])[*][*]",
]
_DEFAULT_TYPES = ["string", "number", "bool", "any", "list(string)", "map(number)",
                  "object({a = number})", "tuple([number, string])", "set(bool)"]
for _expr in DEFAULT_EXPRESSIONS:
    for _ty in _DEFAULT_TYPES:
        SEEDS.append(f"object({{v = optional({_ty}, {_expr})}})")

_KEYWORDS = ["string", "number", "bool", "any"]
_NAMES = ["a", "b", "name", "my-attr", "_x", "\u00e9t\u00e9", "x\u0301", "for", "in", "if"]
_DEFAULTS = ['"x"', "1", "-2.5", "true", "null", "[]", '["a", "b"]', "{}", '{a = "b"}',
             "1 + 2", "(3)", "-(4)", "!false", "x", "f()", '"${"t"}"', "1 < 2 ? 3 : 4",
             '"n${1 + 1}"', "true && !false", '"3" * 2', '"%{if true}a%{else}b%{endif}"',
             '"%{for x in [1, 2]}${x}%{endfor}"', "<<EOT\nhi\nEOT\n", "<<-EOT\n  hi\n  EOT\n",
             "[1, 2][*]", "[{a = 1}].*.a"]
_BLANKS = [" ", "", "\n", " # c\n", " /* c */ ", "\n  "]
_MUTATIONS = ["drop", "dup", "insert", "swap"]
_JUNK = ["(", ")", "[", "]", "{", "}", ",", "=", ":", '"', "@", ";", "\\", "...", "?", "-",
         "optional", "\n", "'", "#"]


def _blank(rng: random.Random) -> str:
    return rng.choice(_BLANKS) if rng.random() < 0.3 else ""


def _type(rng: random.Random, depth: int) -> str:
    if depth <= 0 or rng.random() < 0.35:
        return rng.choice(_KEYWORDS)
    b = _blank(rng)
    kind = rng.choice(["list", "set", "map", "tuple", "object"])
    if kind in ("list", "set", "map"):
        return f"{kind}({b}{_type(rng, depth - 1)}{b})"
    if kind == "tuple":
        items = [_type(rng, depth - 1) for _ in range(rng.randint(0, 3))]
        sep = rng.choice([", ", ",", ",\n"])
        return f"tuple([{b}{sep.join(items)}{b}])"
    attrs = []
    for name in rng.sample(_NAMES, rng.randint(0, 3)):
        ty = _type(rng, depth - 1)
        r = rng.random()
        if r < 0.25:
            ty = f"optional({ty})"
        elif r < 0.45:
            ty = f"optional({ty}, {rng.choice(_DEFAULTS)})"
        key = f'"{name}"' if rng.random() < 0.05 else name
        attrs.append(f"{key}{_blank(rng)}{rng.choice(['=', ' = ', ': '])}{ty}")
    sep = rng.choice([", ", ",", "\n", ",\n"])
    return "object({" + b + sep.join(attrs) + (rng.choice(["", ","]) if attrs else "") + "})"


def _mutate(text: str, rng: random.Random) -> str:
    if not text:
        return rng.choice(_JUNK)
    i = rng.randrange(len(text))
    how = rng.choice(_MUTATIONS)
    if how == "drop":
        return text[:i] + text[i + 1:]
    if how == "dup":
        return text[:i] + text[i] + text[i:]
    if how == "insert":
        return text[:i] + rng.choice(_JUNK) + text[i:]
    j = rng.randrange(len(text))
    chars = list(text)
    chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def expression(rng: random.Random) -> str:
    """A type expression: well formed four times in five, else mutated."""
    text = _type(rng, 3)
    if rng.random() < 0.2:
        text = _mutate(text, rng)
    return text


_ODD_NAMES = ["a b", "a\u00b2", "x\u0301", "\u2160", "a\u00b7", "\u2118", "1st", "", "quote\"d",
              "new\nline", "tab\there", "\u00e9t\u00e9", "-x", "_", "a-", "\U0001f600", "\\",
              "\x7f", "for", "null", "a.b"]


def type_json(rng: random.Random, depth: int = 3) -> object:
    """A type, as go-cty's type JSON, with attribute names HCL may have to quote."""
    if depth <= 0 or rng.random() < 0.3:
        return rng.choice(["string", "number", "bool", "dynamic"])
    kind = rng.choice(["list", "set", "map", "tuple", "object"])
    if kind in ("list", "set", "map"):
        return [kind, type_json(rng, depth - 1)]
    if kind == "tuple":
        return ["tuple", [type_json(rng, depth - 1) for _ in range(rng.randint(0, 3))]]
    names = rng.sample(_ODD_NAMES + _NAMES, rng.randint(0, 4))
    return ["object", {n: type_json(rng, depth - 1) for n in names}]
