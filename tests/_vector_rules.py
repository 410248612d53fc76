"""Where we answer differently from go-cty 1.18.1, as rules: each says which cases it covers (a
predicate on the case, go-cty's answer included) and what we must answer instead (a check that
fails when we do not). docs/design/divergences.md has one paragraph per rule, headed by its name.

A vector line that no rule claims must equal go-cty's answer exactly; the first rule (in RULES
order) whose predicate holds claims a line. Nothing here names a line id, so the same rules judge
any directory of freshly generated lines (CTY_VECTORS_DIR).
"""

from __future__ import annotations

import itertools
import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

import cty
from cty._internal import MAX_KNOWN_LIST_LENGTH

from ._msgpack_scan import scan
from ._tvn import InvalidUTF8, build, build_type

Case = dict[str, Any]
Result = dict[str, Any]
Run = Callable[[], Result]


@dataclass(frozen=True)
class Rule:
    """A deliberate divergence: *applies* picks the cases, *check* asserts our answer."""

    name: str
    reason: str
    applies: Callable[[Case], bool]
    check: Callable[[Case, Run], None]
    may_match: bool = False
    """Whether the rule may claim lines we answer as go-cty does (a divergence go-cty shows
    in some cases of the kind and not in others, which no predicate on the case can tell)."""


def _errors(case: Case, run: Run) -> None:
    got = run()
    assert "error" in got, f"{case['id']}: expected an error, got {got!r}"


def _errors_saying(pattern: str, *, where_go_accepted: bool = False) -> Callable[[Case, Run], None]:
    """A check: an error whose text is the one docs/design/divergences.md gives for the rule
    (*pattern*, searched). With *where_go_accepted*, only where go-cty took the input: where
    go-cty refused it too, input bad in two ways is refused for whichever problem a reader
    meets first, go-cty's or the rule's, and any refusal is right."""
    said = re.compile(pattern)

    def check(case: Case, run: Run) -> None:
        try:
            got = run()
        except InvalidUTF8:
            if not where_go_accepted:
                raise
            return  # building the input failed: cty.string_val refused the bytes
        assert "error" in got, f"{case['id']}: expected an error, got {got!r}"
        if where_go_accepted and not _go_accepted(case):
            return
        assert said.search(str(got["error"])), \
            f"{case['id']}: the error is not the rule's ({pattern}): {got['error']!r}"

    return check


def _go_accepted(case: Case) -> bool:
    expect = case["expect"]
    return not any(k in expect for k in ("error", "panic", "fatal"))


# --- inputs that are not Unicode ---------------------------------------------------------------


def _tvn_not_utf8(node: Any) -> bool:
    if isinstance(node, dict):
        if "string_hex" in node and isinstance(node["string_hex"], str):
            try:
                bytes.fromhex(node["string_hex"]).decode("utf-8")
            except UnicodeDecodeError:
                return True
        return any(_tvn_not_utf8(v) for v in node.values())
    if isinstance(node, list):
        return any(_tvn_not_utf8(v) for v in node)
    return False


def _not_unicode(case: Case) -> bool:
    if "s_hex" in case:
        try:
            bytes.fromhex(case["s_hex"]).decode("utf-8")
        except UnicodeDecodeError:
            return True
    if case["op"] in ("msgpack_decode", "msgpack_implied_type") and scan(
            bytes.fromhex(case["hex"])).not_utf8:
        return True
    # the case's values, and go-cty's answer (bytes it decoded from a msgpack bin, say)
    return _tvn_not_utf8(case)


# --- JSON text ---------------------------------------------------------------------------------

_JSON_DECODERS = ("json_decode", "implied_type", "type_decode")
_SURROGATE_ESCAPE = re.compile(r"\\u([dD][89abAB][0-9a-fA-F]{2})(\\u[dD][c-fC-F][0-9a-fA-F]{2})?"
                               r"|\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def _json_text(case: Case) -> str | None:
    """The JSON text a case decodes: a decoder's input, or jsondecode's string argument."""
    if case["op"] in _JSON_DECODERS:
        return str(case["json"])
    if case["op"] in ("call", "return_type") and case["name"] == "JSONDecode":
        arg = without_marks(case["args"][0].get("value", {})) if case["args"] else {}
        if isinstance(arg, dict) and isinstance(arg.get("string"), str):
            return str(arg["string"])
    return None


def _lone_surrogate(case: Case) -> bool:
    text = _json_text(case)
    if text is None:
        return False
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        return True
    return any(m.group(1) is None or m.group(2) is None
               for m in _SURROGATE_ESCAPE.finditer(text))


def _json_trailing(case: Case) -> bool:
    if case["op"] not in _JSON_DECODERS or not _go_accepted(case):
        return False
    text = case["json"].lstrip(" \t\r\n")
    try:
        # (numbers kept as text: an int past Python's 4,300-digit limit is still JSON)
        _, end = json.JSONDecoder(parse_int=str, parse_float=str).raw_decode(text)
    except ValueError:
        return False
    return bool(text[end:].strip(" \t\r\n"))


def _cut_off_key(case: Case) -> bool:
    path = case["expect"].get("path")
    return case["op"] == "json_decode" and bool(path) and path[-1] is None


def _error_at_parent(case: Case, run: Run) -> None:
    got = run()
    assert "error" in got, f"{case['id']}: expected an error, got {got!r}"
    assert got.get("path") == case["expect"]["path"][:-1], (
        f"{case['id']}: the error should name the object, at {case['expect']['path'][:-1]!r}; "
        f"got {got!r}")


# --- msgpack bytes -----------------------------------------------------------------------------

_MSGPACK_DECODERS = ("msgpack_decode", "msgpack_implied_type")


def _msgpack_trailing(case: Case) -> bool:
    if case["op"] not in _MSGPACK_DECODERS or not _go_accepted(case):
        return False
    data = bytes.fromhex(case["hex"])
    end = scan(data).end
    return end is not None and end < len(data)


def _non_string_key(case: Case) -> bool:
    return case["op"] in _MSGPACK_DECODERS and scan(bytes.fromhex(case["hex"])).non_str_key


def _wrong_type_result(case: Case) -> bool:
    """go-cty decoded msgpack into a value whose type is not the type asked for."""
    if case["op"] != "msgpack_decode" or not _go_accepted(case):
        return False
    want = build_type(case["type"])
    got = build_type(case["expect"]["type"])
    return all(got.test_conformance(t)
               for t in (want, want.without_optional_attributes_deep()))


# --- values ------------------------------------------------------------------------------------


def _missing_map_key(case: Case) -> bool:
    if case["op"] != "op" or case["name"] != "Index" or not _go_accepted(case):
        return False
    try:
        coll = build(case["args"][0]["type"], case["args"][0]["value"]).unmark_deep()[0]
        key = build(case["args"][1]["type"], case["args"][1]["value"]).unmark_deep()[0]
    except (InvalidUTF8, TypeError, ValueError):
        return False
    if not coll.type().is_map_type() or not coll.is_known() or coll.is_null():
        return False
    if key.type() is not cty.String or not key.is_known() or key.is_null():
        return False
    return not coll.has_index(key).true()


def _is_null_node(node: Any) -> bool:
    """Whether a node builds a null: itself, or through marked and dynamic wrappers."""
    while isinstance(node, dict) and len(node) == 1 and ("marked" in node or "dynamic" in node):
        node = node.get("marked", node.get("dynamic"))["value"]
    return node == {"null": True}


def _marked_null_inside(node: Any, depth: int = 0) -> bool:
    if isinstance(node, dict):
        if "marked" in node and depth > 0 and _is_null_node(node["marked"]["value"]):
            return True
        return any(_marked_null_inside(v, depth + 1) for v in node.values())
    if isinstance(node, list):
        return any(_marked_null_inside(v, depth + 1) for v in node)
    return False


def _null_marks(case: Case) -> bool:
    return (case["op"] == "convert" and _go_accepted(case)
            and _marked_null_inside(case["value"]))


def without_marks(x: Any) -> Any:
    """Return rendered data with every ``marked`` node replaced by the node it wraps."""
    if isinstance(x, dict):
        if set(x) == {"marked"}:
            return without_marks(x["marked"]["value"])
        return {k: without_marks(v) for k, v in x.items()}
    if isinstance(x, list):
        return [without_marks(v) for v in x]
    return x


def marks_in(x: Any, *, on_nulls_only: bool = False) -> set[tuple[str, str]]:
    """Return the (JSON position, mark) pairs of every marked node in rendered data (or of
    the marked nulls only)."""
    out: set[tuple[str, str]] = set()

    def walk(y: Any, where: str) -> None:
        if isinstance(y, dict):
            if set(y) == {"marked"}:
                if not on_nulls_only or _is_null_node(y["marked"]["value"]):
                    out.update((where, m) for m in y["marked"]["marks"])
                walk(y["marked"]["value"], where)
                return
            for k, v in y.items():
                walk(v, f"{where}.{k}")
        elif isinstance(y, list):
            for i, v in enumerate(y):
                walk(v, f"{where}[{i}]")

    walk(x, "$")
    return out


def _keeps_more_marks(case: Case, run: Run) -> None:
    """go-cty's answer, with marks besides its own only where we keep a null's marks: each
    extra mark is one a null of the input carried (on a null of the result, or on the set that
    holds it, sets keeping their elements' marks)."""
    got = run()
    expect = case["expect"]
    variants = [expect, *expect.get("variants", ())]
    carried = {m for _, m in marks_in(case["value"], on_nulls_only=True)}
    for variant in variants:
        want = {k: v for k, v in variant.items() if k not in ("variants", "nondeterministic")}
        if without_marks(got) != without_marks(want) or not marks_in(got) >= marks_in(want):
            continue
        if all(m in carried for _, m in marks_in(got) - marks_in(want)):
            return
    raise AssertionError(f"{case['id']}: not go-cty's answer with marks kept: {got!r}")


def _nested_marks(node: Any, depth: int = 0) -> bool:
    if isinstance(node, dict):
        if "marked" in node and depth > 0:
            return True
        return any(_nested_marks(v, depth + 1) for v in node.values())
    if isinstance(node, list):
        return any(_nested_marks(v, depth + 1) for v in node)
    return False


def _has_element_nested_marks(case: Case) -> bool:
    # (not a null set: go-cty panics "cannot HasElement on null value" there, and so do we)
    return (case["op"] == "op" and case["name"] == "HasElement" and "panic" in case["expect"]
            and case["expect"]["panic"] != "cannot HasElement on null value"
            and _nested_marks(case["args"][1]["value"]))


def _bool_with_the_element_marks(case: Case, run: Run) -> None:
    got = run()
    assert got.get("type") == "bool", f"{case['id']}: expected a bool, got {got!r}"
    elem = build(case["args"][1]["type"], case["args"][1]["value"])
    want = set(elem.unmark_deep()[1])
    node = got["value"]
    marks = set(node["marked"]["marks"]) if "marked" in node else set()
    assert want <= marks, f"{case['id']}: the element's marks {want} were not all kept: {got!r}"


def _set_to_list_unknown(case: Case) -> bool:
    """go-cty turns a set of unknown length into an unknown list of the *set's* element type,
    whatever list type was asked for."""
    if case["op"] != "convert" or not _go_accepted(case):
        return False
    src, dst = build_type(case["type"]), build_type(case["target"])
    if not (src.is_set_type() and dst.is_list_type()):
        return False
    if "unknown" not in json.dumps(case["expect"].get("value")):
        return False
    got = build_type(case["expect"]["type"])
    return bool(got == cty.List(src.element_type())
                and got.test_conformance(dst.without_optional_attributes_deep()))


def _set_to_list_unknown_nested(case: Case) -> bool:
    """Inside a collection, go-cty's unknown list of the set's element type (see
    _set_to_list_unknown) makes a result of another type than asked for, or does not match
    its siblings of the list type asked for, and go-cty refuses the whole conversion
    ("element types must all match")."""
    if case["op"] != "convert" or not ('"set"' in json.dumps(case["type"])
                                       and '"list"' in json.dumps(case["target"])
                                       and '"unknown"' in json.dumps(case["value"])):
        return False
    if _go_accepted(case):  # (go-cty's result holds the unknown list of the wrong type)
        dst = build_type(case["target"]).without_optional_attributes_deep()
        return bool(build_type(case["expect"]["type"]).test_conformance(dst))
    error = str(case["expect"].get("error", ""))
    return error.startswith("element types must all match for conversion to ")


def _a_value_of_the_type_asked(case: Case, run: Run) -> None:
    _of_the_type_asked(case, run())


def _of_the_type_asked(case: Case, got: dict[str, Any]) -> None:
    """Assert that *got* is a value (not an error) whose type conforms to the target."""
    dst = build_type(case["target"]).without_optional_attributes_deep()
    assert "error" not in got, f"{case['id']}: expected a value, got {got!r}"
    ty = build_type(got["type"])
    assert not ty.test_conformance(dst), f"{case['id']}: {ty!r} is not the {dst!r} asked for"


def _pins_a_long_length(case: Case) -> bool:
    """The case holds a not-null unknown whose length a refinement pins past
    MAX_KNOWN_LIST_LENGTH: go-cty makes it a list of that many unknowns, ours stays unknown."""
    if case.get("op") not in ("json", "msgpack"):
        return False
    found = False

    def visit(x: Any) -> None:
        nonlocal found
        if isinstance(x, dict):
            r = x.get("refinement")
            if (isinstance(r, dict) and r.get("not_null") is True
                    and r.get("length_lower") == r.get("length_upper")
                    and isinstance(r.get("length_lower"), int)
                    and r["length_lower"] > MAX_KNOWN_LIST_LENGTH):
                found = True
            for v in x.values():
                visit(v)
        elif isinstance(x, list):
            for v in x:
                visit(v)

    visit(case.get("value"))
    return found


def _same_refusal_or_encoded(case: Case, run: Run) -> None:
    got = run()
    want = case["expect"]
    assert "panic" not in got, f"{case['id']}: {got!r}"
    if "error" in want:
        assert got.get("error") == want["error"], f"{case['id']}: {got!r}"


def _nfc_equal_names(case: Case) -> bool:
    # go-cty's answer to type JSON naming one attribute twice (equal after NFC) with two types
    return case["op"] == "type_decode" and bool(case["expect"].get("nondeterministic"))


def _refused_as_ambiguous(case: Case, run: Run) -> None:
    got = run()
    assert "same name after NFC normalisation" in str(got.get("error")), \
        f"{case['id']}: expected a refusal, got {got!r}"


def _map_to_object_unknown(case: Case) -> bool:
    """go-cty types an attribute of an unknown map-to-object result whose type the map's
    element type cannot fill as an object with no attributes (its dynamicReplace)."""
    if case["op"] != "convert" or not _go_accepted(case):
        return False
    src, dst = build_type(case["type"]), build_type(case["target"])
    if not (src.is_map_type() and dst.is_object_type()):
        return False
    if without_marks(case["expect"].get("value", {})).get("unknown") is not True:
        return False
    got = build_type(case["expect"]["type"])
    return bool(got.test_conformance(dst.without_optional_attributes_deep()))


def _dynamic_replace_panic(case: Case) -> bool:
    """go-cty panics working out the type of an unknown conversion result whose target holds
    a tuple where the input has no tuple (its dynamicReplace)."""
    if case["op"] != "convert":
        return False
    answers = [case["expect"], *case["expect"].get("variants", ())]
    return any(a.get("panic") == "TupleElementType on non-tuple Type" for a in answers)


def _unknown_of_the_type_asked(case: Case, run: Run) -> None:
    got = run()
    _of_the_type_asked(case, got)
    assert without_marks(got["value"]).get("unknown") is True, f"{case['id']}: {got!r}"


# --- function calls ----------------------------------------------------------------------------


def go_function(name: str) -> Any:
    """Return the stdlib Function for go-cty's Go name (Upper, CoalesceList, JSONEncode...):
    the snake_case attribute of cty.function.stdlib (with a trailing "_" where the name is a
    Python keyword or built-in), or None."""
    from cty.function import Function, stdlib

    snake = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name)
    snake = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", snake).lower()
    found = getattr(stdlib, snake, None) or getattr(stdlib, snake + "_", None)
    return found if isinstance(found, Function) else None


def _variadic_arg_index(case: Case) -> bool:
    """go-cty names a variadic argument whose type does not conform (in a call, or asking for
    the return type) by its place among the variadic arguments (argument 0 of Join(",", [1])
    is the list, not the separator)."""
    if case["op"] not in ("call", "return_type"):
        return False
    if not isinstance(case["expect"].get("arg"), int):
        return False
    fn = go_function(case["name"])
    if fn is None or fn.var_param() is None or not fn.params():
        return False  # (with no positional parameters the two places are the same)
    var = fn.var_param()
    assert var is not None
    for arg, param in zip(case["args"], fn.params(), strict=False):
        t = build_type(arg["type"])  # go-cty checks the positional arguments first
        if t is not cty.DynamicPseudoType and t.test_conformance(param.type):
            return False
    i = case["expect"]["arg"] + len(fn.params())
    if i >= len(case["args"]):
        return False
    errs = build_type(case["args"][i]["type"]).test_conformance(var.type)
    return bool(errs) and errs[0].message == case["expect"]["error"]


def _names_the_whole_call_index(case: Case, run: Run) -> None:
    got = run()
    fn = go_function(case["name"])
    want = {"arg": case["expect"]["arg"] + len(fn.params()), "error": case["expect"]["error"]}
    assert got == want, f"{case['id']}: expected {want!r}, got {got!r}"


def _marked_strings(node: Any, marked: bool = False) -> set[str]:
    """The strings under a ``marked`` node of rendered data."""
    out: set[str] = set()
    if isinstance(node, dict):
        if set(node) == {"marked"}:
            return _marked_strings(node["marked"]["value"], True)
        if marked and isinstance(node.get("string"), str):
            out.add(node["string"])
        for v in node.values():
            out |= _marked_strings(v, marked)
    elif isinstance(node, list):
        for v in node:
            out |= _marked_strings(v, marked)
    return out


def _redacted_expectation(case: Case) -> dict[str, Any] | None:
    """go-cty's error with each marked string argument's quoted text redacted, when that
    changes it."""
    from cty.function._redact import redact_message

    if case["op"] not in ("call", "return_type") or not isinstance(
            case["expect"].get("error"), str):
        return None
    texts: set[str] = set()
    for arg in case["args"]:
        texts |= _marked_strings(arg.get("value"))
    want = dict(case["expect"])
    message = redact_message(want["error"], texts)
    if message == want["error"]:
        return None
    want["error"] = message
    return want


def _marked_text_in_error(case: Case) -> bool:
    return _redacted_expectation(case) is not None


def _error_redacted(case: Case, run: Run) -> None:
    got = run()
    want = _redacted_expectation(case)
    assert got == want, f"{case['id']}: expected {want!r}, got {got!r}"


# --- NFC: golang.org/x/text's composition of supplementary-plane starters -----------------------


def _composes(a: str, b: str) -> bool:
    return len(unicodedata.normalize("NFC", a + b)) == 1


def _astral_starter_composed(case: Case) -> bool:
    """A string op whose input has a code point above U+FFFF directly followed by a character
    that its low 16 bits, as a BMP starter, would compose with (x/text v0.11 composes it so)."""
    s = case.get("s")
    if case.get("op") != "string" or not isinstance(s, str):
        return False
    return any(ord(c) > 0xFFFF and _composes(chr(ord(c) & 0xFFFF), d)
               for c, d in itertools.pairwise(s))


def _unicode_nfc(case: Case, run: Run) -> None:
    got = run()
    want = unicodedata.normalize("NFC", case["s"])  # (Python's own tables: Unicode's answer)
    assert got["nfc"] == want, f"{case['id']}: expected Unicode's NFC {want!r}, got {got!r}"
    assert got["nfc"] != case["expect"]["nfc"]


# --- empty tuple types go-cty builds from a nil slice -------------------------------------------

_NIL_TUPLE = '["tuple",null]'
_EMPTY_TUPLE = '["tuple",[]]'


def _nil_tuple_text(case: Case) -> bool:
    """An encoding op whose answer writes an empty tuple type's element types as null: the type
    was built from a nil Go slice (read from such type JSON, or rebuilt without optional
    attributes), which encoding/json writes as null."""
    expect = case["expect"]
    if case["op"] == "json":
        return _NIL_TUPLE in str(expect.get("json", ""))
    if case["op"] == "msgpack":
        return _NIL_TUPLE.encode().hex() in str(expect.get("hex", ""))
    return False


def _nil_tuples_as_empty(x: Any) -> Any:
    """*x* (an answer, or a decoded msgpack document) with every empty tuple type written as
    ["tuple",[]]: in type JSON structures, in texts and in bytes."""
    if isinstance(x, bytes):
        return x.replace(_NIL_TUPLE.encode(), _EMPTY_TUPLE.encode())
    if isinstance(x, str):
        return x.replace(_NIL_TUPLE, _EMPTY_TUPLE)
    if x == ["tuple", None]:
        return ["tuple", []]
    if isinstance(x, list):
        return [_nil_tuples_as_empty(e) for e in x]
    if isinstance(x, dict):
        return {k: _nil_tuples_as_empty(e) for k, e in x.items()}
    return x


def _empty_tuples_written_as_empty(case: Case, run: Run) -> None:
    got = run()
    want = _nil_tuples_as_empty({k: v for k, v in case["expect"].items() if k != "hex"})
    assert {k: v for k, v in got.items() if k != "hex"} == want, \
        f"{case['id']}: expected {want!r}, got {got!r}"
    if "hex" in case["expect"]:
        theirs = _nil_tuples_as_empty(msgspec.msgpack.decode(bytes.fromhex(
            case["expect"]["hex"])))
        ours = msgspec.msgpack.decode(bytes.fromhex(got["hex"]))
        assert ours == theirs, f"{case['id']}: expected {theirs!r}, got {ours!r}"


# --- function panics ----------------------------------------------------------------------------


def _function_panicked(case: Case) -> bool:
    return case.get("op") in ("call", "return_type") and "panic" in case["expect"]


# What each function go-cty panics in refuses instead, as divergences.md says it: whether the
# refusal is an ArgError (naming an argument) or a FunctionError, and the words it holds.
_NOT_A_SET = (True, r"^a set is required, but the type of this argument is not known$")
_NAN = r"\) is not a number \(NaN\), which cty numbers cannot hold$"
_PANIC_REFUSALS: dict[str, tuple[bool, str]] = {
    "Zipmap": (True, r"^element \d+ is null: map keys must not be null$"),
    "Int": (True, r"^an infinite number has no integer part$"),
    "Indent": (True, r"^the number of spaces must not be negative$|^indenting by [\d,]+ spaces: "
                     r"the result would be "),
    "SetIntersection": _NOT_A_SET, "SetSubtract": _NOT_A_SET,
    "SetSymmetricDifference": _NOT_A_SET, "SetUnion": _NOT_A_SET,
    "Log": (False, r"^log\(.+" + _NAN), "Pow": (False, r"^pow\(.+" + _NAN),
}


def _refused_not_panicked(case: Case, run: Run) -> None:
    got = run()
    assert "error" in got, f"{case['id']}: go-cty panicked, and we answered {got!r}"
    assert "returned" not in got, f"{case['id']}: a PanicError, not a refusal: {got!r}"
    documented = _PANIC_REFUSALS.get(case["name"])
    assert documented is not None, (
        f"{case['id']}: go-cty's {case['name']} panics; divergences.md (FUNCTION_PANIC) and "
        f"_PANIC_REFUSALS must say what we refuse instead (we said {got!r})")
    arg_error, words = documented
    if arg_error:
        assert got.get("arg") is not None and 0 <= got["arg"] < len(case["args"]), \
            f"{case['id']}: an ArgError naming an argument of the call is due, not {got!r}"
    else:
        assert got.get("arg") is None, f"{case['id']}: a FunctionError is due, not {got!r}"
    assert re.search(words, got["error"]), \
        f"{case['id']}: the refusal divergences.md gives ({words}), not {got['error']!r}"


def _panicked_on_a_pinned_length(case: Case) -> bool:
    # go-cty asks LengthInt of an unknown collection whose length a refinement pins
    return case.get("op") == "call" and case["expect"].get("panic") == "value is not known"


def _panicked_on_set_rules(case: Case) -> bool:
    # go-cty combines sets whose element types differ where the common one is "any"
    return (case.get("op") == "call"
            and str(case["expect"].get("panic", "")).startswith("incompatible set rules"))


def _answered_not_panicked(case: Case, run: Run) -> None:
    got = run()
    assert "returned" not in got and "panic" not in got, \
        f"{case['id']}: a PanicError where go-cty panicked: {got!r}"
    if "error" not in got:
        assert "type" in got and "value" in got, f"{case['id']}: {got!r}"


# --- the rules, in the order they claim lines --------------------------------------------------

RULES: tuple[Rule, ...] = (
    Rule("NOT_UNICODE", "the input holds bytes that are not UTF-8; a cty string is Unicode text, "
         "so building or decoding refuses them", _not_unicode,
         _errors_saying(r"^invalid UTF-8 in (string|a map key)", where_go_accepted=True)),
    Rule("LONE_SURROGATE", "a JSON \\u escape of a lone surrogate is refused (go-cty turns it "
         "into U+FFFD)", _lone_surrogate,
         _errors_saying(r"^a \\u escape of a lone surrogate: not valid Unicode$")),
    Rule("TRAILING_MSGPACK", "bytes after the msgpack value are refused (go-cty ignores them)",
         _msgpack_trailing, _errors_saying(r"^\d+ extra bytes? after the msgpack value$")),
    Rule("TRAILING_JSON", "text after the JSON value is refused (go-cty ignores it)",
         _json_trailing, _errors_saying(
             r"^(extraneous data after the JSON value|JSON is malformed: trailing characters)")),
    Rule("NON_STRING_KEY", "a msgpack map key that is not a string is refused (go-cty drops "
         "its error and uses \"\")", _non_string_key,
         _errors_saying(r"^(map keys must be strings|all keys must be strings)",
                        where_go_accepted=True)),
    Rule("CUT_OFF_KEY", "a JSON object key cut off by the end of the input is reported at the "
         "object (go-cty's path ends in a nil step)", _cut_off_key, _error_at_parent),
    Rule("WRONG_TYPE_RESULT", "msgpack that go-cty decodes into a value of another type than "
         "asked for (an empty map or array for an object or tuple with members, an attribute "
         "given twice) is refused", _wrong_type_result,
         _errors_saying(r"(is required|given more than once)")),
    Rule("MISSING_MAP_KEY", "indexing a map with a key it lacks raises (go-cty yields a null)",
         _missing_map_key, _errors_saying(r"^index: map has no element ")),
    Rule("HAS_ELEMENT_NESTED_MARKS", "has_element with marks nested in the element answers for "
         "the unmarked element and carries every mark, as equals does (go-cty panics)",
         _has_element_nested_marks, _bool_with_the_element_marks),
    Rule("SET_TO_LIST_UNKNOWN_TYPE", "a set of unknown length converted to a list gives an "
         "unknown list of the type asked for (go-cty keeps the set's element type)",
         _set_to_list_unknown, _unknown_of_the_type_asked),
    Rule("SET_TO_LIST_UNKNOWN_NESTED", "a collection of sets, some of unknown length, "
         "converted to a collection of lists is converted (go-cty's unknown lists of the sets' "
         "element type do not match the others, and it refuses)", _set_to_list_unknown_nested,
         _a_value_of_the_type_asked),
    Rule("PINNED_LENGTH_PAST_LIMIT", "a not-null unknown whose length a refinement pins past "
         "MAX_KNOWN_LIST_LENGTH stays unknown (go-cty makes a list of that many unknowns)",
         _pins_a_long_length, _same_refusal_or_encoded),
    Rule("NFC_EQUAL_NAMES", "type JSON naming one attribute twice (two names equal after NFC) "
         "with two types is refused (go-cty keeps one of them at random)", _nfc_equal_names,
         _refused_as_ambiguous),
    Rule("NIL_TUPLE_TYPES", "an empty tuple type is written [\"tuple\",[]] in JSON and msgpack "
         "type JSON always (go-cty writes [\"tuple\",null] for one it built from a nil slice, "
         "an equal type)", _nil_tuple_text, _empty_tuples_written_as_empty),
    Rule("MAP_TO_OBJECT_UNKNOWN_TYPE", "an unknown map converted to an object gives an "
         "unknown of the object type asked for (go-cty makes an attribute the map cannot "
         "fill an object with no attributes)", _map_to_object_unknown,
         _unknown_of_the_type_asked),
    Rule("DYNAMIC_REPLACE_PANIC", "an unknown converted to a type holding a tuple where the "
         "input has none is an unknown of the type asked for (go-cty panics)",
         _dynamic_replace_panic, _unknown_of_the_type_asked),
    Rule("NULL_MARKS", "marks on null elements and attributes survive conversion (go-cty drops "
         "some)", _null_marks, _keeps_more_marks, may_match=True),
    Rule("REDACTED_MARKED_TEXT", "a function's error never shows a marked string argument's "
         "text: it reads (sensitive value) (go-cty quotes the text)", _marked_text_in_error,
         _error_redacted),
    Rule("NFC_ASTRAL_STARTER", "a code point above U+FFFF followed by a combining mark is "
         "normalised as Unicode says (go-cty's x/text composes it as if it were its low 16 "
         "bits)", _astral_starter_composed, _unicode_nfc),
    Rule("PINNED_LENGTH_PANIC", "a call on an unknown collection whose length a refinement "
         "pins uses that length (go-cty asks the unknown's LengthInt and panics): an unknown "
         "result, or the refusal the length calls for", _panicked_on_a_pinned_length,
         _answered_not_panicked),
    Rule("SET_RULES_PANIC", "a set operation on sets whose element types differ where the "
         "common type is any brings them to one type first (go-cty panics: incompatible set "
         "rules)", _panicked_on_set_rules, _answered_not_panicked),
    Rule("FUNCTION_PANIC", "a call that makes a go-cty function panic is refused with a "
         "FunctionError or ArgError saying why (go-cty returns a PanicError)",
         _function_panicked, _refused_not_panicked),
    Rule("VARIADIC_ARG_INDEX", "a variadic argument of the wrong type is named by its place in "
         "the call (go-cty counts among the variadic arguments only, naming another argument)",
         _variadic_arg_index, _names_the_whole_call_index),
)


def claim(case: Case) -> Rule | None:
    """Return the rule that claims *case*, or None when go-cty's answer must be ours exactly."""
    for rule in RULES:
        if rule.applies(case):
            return rule
    return None
