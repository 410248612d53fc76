"""HCL's evaluation of an expression with no variables and no functions: what a default in a
type expression (``optional(number, 1 + 2)``) may be, as HCL's TypeConstraintWithDefaults
evaluates it (hclsyntax's Value with a nil EvalContext).

Each expression gives a value and the diagnostics HCL would report, in HCL's order (an
expression with an error yields an unknown and evaluation goes on, so that the first
diagnostic is the one HCL reports first). Operators convert their operands as HCL's do, and
use cty's operations, which are go-cty's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import cty
from cty import CtyError, Type, Value
from cty._internal import Node, TypeExprError, go_quote, hop, name_suggestion
from cty.convert._runtime import convert
from cty.convert._unify import unify_unsafe

Diags = list[TypeExprError]
Env = dict[str, Value]

_KEYWORDS: Final = {"true": cty.True_, "false": cty.False_,
                    "null": cty.null_val(cty.DynamicPseudoType)}
_ARITHMETIC: Final[dict[str, Callable[[Value, Value], Value]]] = {
    "+": Value.add, "-": Value.subtract, "*": Value.multiply, "/": Value.divide,
    "%": Value.modulo,
}
_COMPARISON: Final[dict[str, Callable[[Value, Value], Value]]] = {
    "<": Value.less_than, ">": Value.greater_than, "<=": Value.less_than_or_equal_to,
    ">=": Value.greater_than_or_equal_to,
}


def evaluate(node: Node) -> Value:
    """Return the value of *node*, or raise the first diagnostic HCL would report."""
    value, diags = _value(node, {})
    if diags:
        raise diags[0]
    return value


def _diag(summary: str, detail: str, node: Node) -> TypeExprError:
    return TypeExprError(summary, detail, node.pos)


def _step_diag(summary: str, detail: str, node: Node) -> TypeExprError:
    """A diagnostic about a traversal step, where HCL points: at the step."""
    return TypeExprError(summary, detail, node.args_pos or node.pos)


def _error_text(e: CtyError) -> str:
    return str(getattr(e, "message", None) or e)


@hop  # (it recurses: any depth)
def _value(node: Node, env: Env) -> tuple[Value, Diags]:
    kind = node.kind
    if kind == "number":
        return cty.parse_number_val(node.text), []
    if kind == "string":
        return cty.string_val(node.text), []
    if kind == "paren":
        return _value(node.items[0], env)
    if kind == "ident":
        found = _KEYWORDS.get(node.text, env.get(node.text))
        if found is not None:
            return found, []
        return cty.DynamicVal, [_unknown_variable(node, env)]
    if kind == "call":
        return cty.DynamicVal, [_diag("Function calls not allowed",
                                      "Functions may not be called here.", node)]
    if kind == "list":
        values, diags = [], []
        for item in node.items:
            v, d = _value(item, env)
            values.append(v)
            diags += d
        return cty.tuple_val(values), diags
    if kind == "object":
        return _object(node, env)
    if kind in ("neg", "not"):
        return _unary(node, env)
    if kind == "binary":
        return _binary(node, env)
    if kind == "conditional":
        return _conditional(node, env)
    if kind == "template":
        return _template(node, env)
    if kind == "traversal":
        return _traversal(node, env)
    if kind == "for":
        return _for(node, env)
    if kind == "join":
        return _join(node, env)
    if kind == "splat":
        return _splat(node, env)
    assert kind == "anon", kind
    return env.get(_ITEM + node.text, cty.DynamicVal), []


_ITEM: Final = "\x00item"
"""The prefix of a splat's item in the environment (no variable's name has it)."""


def _splat(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's SplatExpr: each item of a sequence through the expression after the splat; a
    value that is no sequence is a tuple of itself, or an empty tuple when null."""
    source_node, each = node.items
    source, diags = _value(source_node, env)
    if diags:
        return cty.DynamicVal, diags
    ty = source.type()
    upgrade = not (ty.is_tuple_type() or ty.is_list_type() or ty.is_set_type())
    if source.is_null():
        if upgrade:
            return cty.EmptyTupleVal, []
        return cty.DynamicVal, [_diag("Splat of null value", "Splat expressions (with the * "
                                      "symbol) cannot be applied to null sequences.",
                                      source_node)]
    if ty is cty.DynamicPseudoType or not source.is_known():
        return cty.DynamicVal, []
    if upgrade:
        source = cty.tuple_val([source])
    item = _ITEM + node.text
    values: list[Value] = []
    known = True
    for _, element in source.elements():
        value, each_diags = _value(each, {**env, item: element})
        diags += each_diags
        known = known and not each_diags
        values.append(value)
    if not known:
        return cty.unknown_val(_splat_type(source.type(), each, item, env)), diags
    if not source.type().is_tuple_type():
        if not values:
            return cty.list_val_empty(_splat_type(ty, each, item, env).element_type()), diags
        if len({v.type() for v in values}) > 1:
            return cty.DynamicVal, [_diag(
                "Invalid nested splat expressions", "The second level of splat expression "
                "produced elements of different types, so it isn't possible to construct a "
                "valid list to represent the top-level result.\n\nConsider using a for "
                "expression instead, to produce a tuple-typed result which can therefore have "
                "non-homogenous element types.", each)]
        return cty.list_val(values), diags
    return cty.tuple_val(values), diags


def _splat_type(ty: Type, each: Node, item: str, env: Env) -> Type:
    """The type a splat over a sequence of type *ty* yields: *each* applied to an unknown
    of each element's type."""
    def through(t: Type) -> Type:
        return _value(each, {**env, item: cty.unknown_val(t)})[0].type()

    if ty.is_tuple_type():
        return cty.Tuple([through(t) for t in ty.tuple_element_types()])
    return cty.List(through(ty.element_type()))


def _join(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's TemplateJoinExpr: a template's ``for`` directive, its strings joined."""
    each, diags = _value(node.items[0], env)
    if each.type() is cty.DynamicPseudoType or not each.is_known():
        return cty.unknown_val(cty.String), diags
    out: list[str] = []
    for _, text in each.elements():
        if not text.is_known():
            return cty.unknown_val(cty.String), diags
        out.append(text.as_string())
    return cty.string_val("".join(out)), diags


def _unknown_variable(node: Node, env: Env) -> TypeExprError:
    """HCL's diagnostic for a name that is no variable: with no variables in scope (outside
    any ``for``), variables are not allowed at all; inside, the name is unknown, with a
    suggestion among the names in scope: the first close one, innermost scope first and in
    the order each scope was made (HCL takes them in Go's map order, which is mostly that
    order but varies from run to run)."""
    names = [k for k in env if not k.startswith(_ITEM)]
    if not names:
        return _diag("Variables not allowed", "Variables may not be used here.", node)
    hint = name_suggestion(node.text, names)
    return _diag("Unknown variable", f"There is no variable named {go_quote(node.text)}."
                 f"{hint}", node)


def _traversal(node: Node, env: Env) -> tuple[Value, Diags]:
    base, base_diags = _value(node.items[0], env)
    if base_diags:
        return cty.DynamicVal, base_diags
    if node.text == "attr":
        return _get_attr(base, node.names[0], node)
    key, key_diags = _value(node.items[1], env)
    if key_diags:
        return cty.DynamicVal, key_diags
    return _index(base, key, node)


_INVALID_INDEX: Final = "Invalid index"
_NOT_AN_ELEMENT: Final = "The given key does not identify an element in this collection value"


def _index(coll: Value, key: Value, node: Node) -> tuple[Value, Diags]:
    """HCL's Index of a known collection (hcl.Index)."""
    if coll.is_null():
        return cty.DynamicVal, [_step_diag("Attempt to index null value", "This value is null, so "
                                      "it does not have any indices.", node)]
    if key.is_null():
        return cty.DynamicVal, [_step_diag(_INVALID_INDEX, "Can't use a null value as an indexing "
                                      "key.", node)]
    ty = coll.type()
    if key.type() is cty.DynamicPseudoType or ty is cty.DynamicPseudoType:
        return cty.DynamicVal, []
    if ty.is_list_type() or ty.is_tuple_type() or ty.is_map_type():
        want = cty.String if ty.is_map_type() else cty.Number
        try:
            key = convert(key, want)
        except CtyError as e:
            return cty.DynamicVal, [_step_diag(_INVALID_INDEX, f"{_NOT_AN_ELEMENT}: "
                                          f"{_error_text(e)}.", node)]
        has = coll.has_index(key)
        if not has.is_known():
            return cty.DynamicVal, []
        if has.false():
            detail = f"{_NOT_AN_ELEMENT}."
            if want is cty.Number and key.is_known():
                if not key.modulo(cty.number_int_val(1)).equals(cty.Zero).true():
                    detail = (f"{_NOT_AN_ELEMENT}: indexing a sequence requires a whole "
                              "number, but the given index has a fractional part.")
                elif key.less_than(cty.Zero).true():
                    detail = (f"{_NOT_AN_ELEMENT}: a negative number is not a valid index "
                              "for a sequence.")
                elif coll.is_known() and coll.length_int() == 0:
                    detail = f"{_NOT_AN_ELEMENT}: the collection has no elements."
                elif coll.is_known():
                    detail = (f"{_NOT_AN_ELEMENT}: the given index is greater than or equal "
                              "to the length of the collection.")
            return cty.DynamicVal, [_step_diag(_INVALID_INDEX, detail, node)]
        return coll.index(key), []
    if ty.is_object_type():
        was_number = key.type() is cty.Number
        try:
            key = convert(key, cty.String)
        except CtyError as e:
            return cty.DynamicVal, [_step_diag(_INVALID_INDEX, f"{_NOT_AN_ELEMENT}: "
                                          f"{_error_text(e)}.", node)]
        name = key.as_string()
        if name not in ty.attribute_types():
            hint = (" An object only supports looking up attributes by name, not by numeric "
                    "index." if was_number else "")
            return cty.DynamicVal, [_step_diag(_INVALID_INDEX, f"{_NOT_AN_ELEMENT}.{hint}", node)]
        return coll.get_attr(name), []
    if ty.is_set_type():
        return cty.DynamicVal, [_step_diag(_INVALID_INDEX, "Elements of a set are identified only "
                                      "by their value and don't have any separate index or "
                                      "key to select with, so it's only possible to perform "
                                      "operations across all elements of the set.", node)]
    return cty.DynamicVal, [_step_diag(_INVALID_INDEX, "This value does not have any indices.",
                                  node)]


def _get_attr(obj: Value, name: str, node: Node) -> tuple[Value, Diags]:
    """HCL's GetAttr of a known value (hcl.GetAttr)."""
    unsupported = "Unsupported attribute"
    if obj.is_null():
        return cty.DynamicVal, [_step_diag("Attempt to get attribute from null value", "This value "
                                      "is null, so it does not have any attributes.", node)]
    ty = obj.type()
    if ty is cty.DynamicPseudoType:
        return cty.DynamicVal, []
    if ty.is_object_type():
        if name not in ty.attribute_types():
            return cty.DynamicVal, [_step_diag(unsupported, "This object does not have an "
                                          f"attribute named {go_quote(name)}.", node)]
        return obj.get_attr(name), []
    if ty.is_map_type():
        if not obj.is_known():
            return cty.unknown_val(ty.element_type()), []
        key = cty.string_val(name)
        if obj.has_index(key).false():
            return cty.DynamicVal, [_step_diag("Missing map element", "This map does not have an "
                                          f"element with the key {go_quote(name)}.", node)]
        return obj.index(key), []
    if ty.is_list_type() and ty.element_type().is_object_type():
        which = (f"attribute {go_quote(name)}" if name in ty.element_type().attribute_types()
                 else "an attribute")
        detail = (f"Can't access attributes on a list of objects. Did you mean to access {which} "
                  "for a specific element of the list, or across all elements of the list?")
    elif ty.is_set_type() and ty.element_type().is_object_type():
        detail = ("Can't access attributes on a set of objects. Did you mean to access an "
                  "attribute across all elements of the set?")
    elif ty.is_primitive_type():
        detail = f"Can't access attributes on a primitive-typed value ({ty.friendly_name()})."
    else:
        detail = "This value does not have any attributes."
    return cty.DynamicVal, [_step_diag(unsupported, detail, node)]


def _for(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's ForExpr over a known collection."""
    coll_node, value_node, key_node, cond_node = node.items
    key_var, value_var = node.names[0], node.names[1]
    has_cond = len(node.names) > 2
    coll, diags = _value(coll_node, env)
    if diags:
        return cty.DynamicVal, diags
    if coll.is_null():
        return cty.DynamicVal, [_diag("Iteration over null value", "A null value cannot be "
                                      "used as the collection in a 'for' expression.",
                                      coll_node)]
    ty = coll.type()
    if not (ty.is_list_type() or ty.is_set_type() or ty.is_map_type() or ty.is_tuple_type()
            or ty.is_object_type()):
        return cty.DynamicVal, [_diag("Iteration over non-iterable value", "A value of type "
                                      f"{ty.friendly_name()} cannot be used as the collection "
                                      "in a 'for' expression.", coll_node)]
    if not coll.is_known():
        return cty.DynamicVal, []
    items: list[Value] = []
    keyed: dict[str, list[Value]] = {}
    for k, v in coll.elements():
        inner: Env = {key_var: k} if key_var else {}
        inner[value_var] = v
        inner.update((name, outer) for name, outer in env.items() if name not in inner)
        if has_cond:
            ok, cond_diags = _value(cond_node, inner)
            if cond_diags:
                return cty.DynamicVal, cond_diags
            if ok.is_null():
                return cty.DynamicVal, [_diag("Condition is null", "The value of the 'if' "
                                              "clause must not be null.", cond_node)]
            try:
                ok = convert(ok, cty.Bool)
            except CtyError as e:
                return cty.DynamicVal, [_diag("Invalid 'for' condition", "The 'if' clause "
                                              f"value is invalid: {_error_text(e)}.",
                                              cond_node)]
            if not ok.is_known():
                return cty.DynamicVal, []
            if ok.false():
                continue
        if node.text == "tuple":
            value, value_diags = _value(value_node, inner)
            if value_diags:
                return cty.DynamicVal, value_diags
            items.append(value)
            continue
        key, key_diags = _value(key_node, inner)
        if key_diags:
            return cty.DynamicVal, key_diags
        if key.is_null():
            return cty.DynamicVal, [_diag("Invalid object key", "Key expression in 'for' "
                                          "expression must not produce a null value.",
                                          key_node)]
        try:
            key = convert(key, cty.String)
        except CtyError as e:
            return cty.DynamicVal, [_diag("Invalid object key", "The key expression produced "
                                          f"an invalid result: {_error_text(e)}.", key_node)]
        value, value_diags = _value(value_node, inner)
        if value_diags:
            return cty.DynamicVal, value_diags
        name = key.as_string()
        if node.text == "object" and name in keyed:
            return cty.DynamicVal, [_diag(
                "Duplicate object key", f"Two different items produced the key {go_quote(name)} "
                "in this 'for' expression. If duplicates are expected, use the ellipsis (...) "
                "after the value expression to enable grouping by key.", key_node)]
        keyed.setdefault(name, []).append(value)
    if node.text == "tuple":
        return cty.tuple_val(items), []
    if node.text == "object":
        return cty.object_val({k: vs[0] for k, vs in keyed.items()}), []
    return cty.object_val({k: cty.tuple_val(vs) for k, vs in keyed.items()}), []


def _object(node: Node, env: Env) -> tuple[Value, Diags]:
    attrs: dict[str, Value] = {}
    diags: Diags = []
    known = True
    for key_node, value_node in node.pairs:
        key_diags: Diags = []
        if key_node.kind == "ident":  # a bare name is the key itself, as in HCL
            key = cty.string_val(key_node.text)
        else:
            key, key_diags = _value(key_node, env)
        diags += key_diags
        value, value_diags = _value(value_node, env)
        diags += value_diags
        if key_diags:
            known = False
            continue
        if key.is_null():
            diags.append(_diag("Null value as key", "Can't use a null value as a key.",
                               value_node))
            known = False
            continue
        try:
            key = convert(key.unmark()[0], cty.String)
        except CtyError as e:
            diags.append(_diag("Incorrect key type", "Can't use this value as a key: "
                               f"{_error_text(e)}.", key_node))
            known = False
            continue
        if not key.is_known():
            known = False
            continue
        attrs[key.as_string()] = value
    if not known:
        return cty.DynamicVal, diags
    return cty.object_val(attrs), diags


def _operand(node: Node, ty: Type, side: str, env: Env) -> tuple[Value, Diags, Diags]:
    """The operand *node* converted to *ty*: its value, the conversion's diagnostics, and the
    operand's own (HCL reports conversion errors before an operand's own)."""
    given, own = _value(node, env)
    try:
        return convert(given, ty), [], own
    except CtyError as e:
        return cty.unknown_val(ty), [_diag("Invalid operand", f"Unsuitable value for {side} "
                                           f"operand: {_error_text(e)}.", node)], own


def _unary(node: Node, env: Env) -> tuple[Value, Diags]:
    ty = cty.Number if node.kind == "neg" else cty.Bool
    value, conv, own = _operand(node.items[0], ty, "unary", env)
    diags = own + conv
    if diags:
        return cty.unknown_val(ty), diags
    if value.is_null():
        return cty.unknown_val(ty), [_diag("Operation failed", "Error during operation: "
                                           "argument must not be null.", node)]
    return (value.negate() if node.kind == "neg" else value.not_()), []


def _binary(node: Node, env: Env) -> tuple[Value, Diags]:
    op = node.text
    left, right = node.items
    if op in ("==", "!="):
        param, result = cty.DynamicPseudoType, cty.Bool
    elif op in ("&&", "||"):
        param = result = cty.Bool
    else:
        param = cty.Number
        result = cty.Number if op in _ARITHMETIC else cty.Bool
    lv, lconv, lown = _operand(left, param, "left", env)
    rv, rconv, rown = _operand(right, param, "right", env)
    diags = lconv + rconv
    if diags:
        return cty.unknown_val(result), diags + lown + rown
    if op in ("&&", "||"):
        short = _short_circuit(op, lv, rv, lown, rown)
        if short is not None:
            return short
    diags = lown + rown
    if diags:
        return cty.unknown_val(result), diags
    if op not in ("==", "!=") and (lv.is_null() or rv.is_null()):
        return cty.unknown_val(result), [_diag("Operation failed", "Error during operation: "
                                               "argument must not be null.", node)]
    try:
        if op == "==":
            return lv.equals(rv), []
        if op == "!=":
            return lv.not_equal(rv), []
        if op == "&&":
            return lv.and_(rv), []
        if op == "||":
            return lv.or_(rv), []
        if op in _ARITHMETIC:
            return _ARITHMETIC[op](lv, rv), []
        return _COMPARISON[op](lv, rv), []
    except CtyError as e:
        return cty.unknown_val(result), [_diag("Operation failed", "Error during operation: "
                                               f"{_error_text(e)}.", node)]


def _short_circuit(op: str, lv: Value, rv: Value, lown: Diags, rown: Diags
                   ) -> tuple[Value, Diags] | None:
    """HCL's ShortCircuit of || and &&: a known operand that decides the result makes the
    other's diagnostics irrelevant; None where the operation must be called."""
    winner = cty.True_ if op == "||" else cty.False_
    unknown = cty.unknown_val(cty.Bool).refine_not_null()

    def decides(v: Value) -> bool:
        return v.is_known() and not v.is_null() and v.raw_equals(winner)

    def loses(v: Value) -> bool:
        return v.is_known() and not v.is_null() and not v.raw_equals(winner)

    if not lv.is_known() and not rv.is_known():
        return (unknown, lown) if not lown else None
    if decides(lv):
        return winner, lown
    if decides(rv):
        return winner, rown
    if not lv.is_known() and loses(rv):
        return unknown, lown
    if not rv.is_known() and loses(lv):
        return unknown, rown
    return None


def _conditional(node: Node, env: Env) -> tuple[Value, Diags]:
    cond_node, yes_node, no_node = node.items
    yes, yes_diags = _value(yes_node, env)
    no, no_diags = _value(no_node, env)
    dyn_null = cty.null_val(cty.DynamicPseudoType)
    conversions: list[Callable[[Value], Value] | None] = [None, None]
    if yes.raw_equals(dyn_null):
        result: Type | None = no.type()
        conversions[0] = lambda v: convert(v, no.type())
    elif no.raw_equals(dyn_null):
        result = yes.type()
        conversions[1] = lambda v: convert(v, yes.type())
    elif yes.type() is cty.DynamicPseudoType or no.type() is cty.DynamicPseudoType:
        result = cty.DynamicPseudoType
    else:
        result, found = unify_unsafe([yes.type(), no.type()])
        if found is not None:
            conversions = list(found)
    if result is None:
        return cty.DynamicVal, [TypeExprError(
            "Inconsistent conditional result types", "The true and false result expressions "
            f"must have consistent types. {_mismatch(yes.type(), no.type())}.", yes_node.pos)]
    cond, diags = _value(cond_node, env)
    if cond.is_null():
        return cty.unknown_val(result), [*diags, _diag(
            "Null condition", "The condition value is null. Conditions must either be true "
            "or false.", cond_node)]
    if not cond.is_known():
        return cty.unknown_val(result), diags
    try:
        cond = convert(cond, cty.Bool)
    except CtyError:
        return cty.unknown_val(result), [*diags, _diag(
            "Incorrect condition type", "The condition expression must be of type bool.",
            cond_node)]
    chosen, chosen_diags, conversion, side, chosen_node = (
        (yes, yes_diags, conversions[0], "true", yes_node) if cond.true()
        else (no, no_diags, conversions[1], "false", no_node))
    diags += chosen_diags
    if conversion is not None:
        try:
            chosen = conversion(chosen)
        except CtyError as e:
            diags.append(_diag("Inconsistent conditional result types", f"The {side} result "
                               f"value has the wrong type: {_error_text(e)}.", chosen_node))
            chosen = cty.unknown_val(result)
    return chosen, diags


@hop  # (it recurses: any depth)
def _mismatch(t: Type, f: Type) -> str:
    """HCL's describeConditionalTypeMismatch."""
    if t.is_object_type() and f.is_object_type():
        ta, fa = t.attribute_types(), f.attribute_types()
        for name in sorted(ta):
            if name not in fa:
                return (f"The 'true' value includes object attribute {go_quote(name)}, which is "
                        "absent in the 'false' value")
            if ta[name] != fa[name]:
                return (f"Type mismatch for object attribute {go_quote(name)}: "
                        f"{_mismatch(ta[name], fa[name])}")
        for name in sorted(fa):
            if name not in ta:
                return (f"The 'false' value includes object attribute {go_quote(name)}, which is "
                        "absent in the 'true' value")
    elif t.is_tuple_type() and f.is_tuple_type():
        te, fe = t.tuple_element_types(), f.tuple_element_types()
        if len(te) != len(fe):
            return (f"The 'true' tuple has length {len(te)}, but the 'false' tuple has length "
                    f"{len(fe)}")
        for i, (a, b) in enumerate(zip(te, fe, strict=True)):
            if a != b:
                return f"Type mismatch for tuple element {i}: {_mismatch(a, b)}"
    elif t.is_collection_type() and f.is_collection_type():
        ce, cf = t.element_type(), f.element_type()
        same_kind = ((t.is_list_type() and f.is_list_type()) or (t.is_map_type()
                     and f.is_map_type()) or (t.is_set_type() and f.is_set_type()))
        if same_kind and ((ce.is_object_type() and cf.is_object_type())
                          or (ce.is_tuple_type() and cf.is_tuple_type())):
            noun = "list" if t.is_list_type() else "set" if t.is_set_type() else "map"
            return f"Mismatched {noun} element types: {_mismatch(ce, cf)}"
    tn, fn = t.friendly_name(), f.friendly_name()
    if tn == fn:
        return ("At least one deeply-nested attribute or element is not compatible across "
                "both the 'true' and the 'false' value")
    return f"The 'true' value is {tn}, but the 'false' value is {fn}"


def _template(node: Node, env: Env) -> tuple[Value, Diags]:
    parts = node.items
    if node.text == "wrap":  # "${x}" alone: the value itself, as HCL's TemplateWrapExpr
        return _value(parts[0], env)
    out: list[str] = []
    diags: Diags = []
    known = True
    for part in parts:
        value, part_diags = _value(part, env)
        diags += part_diags
        if value.is_null():
            diags.append(_diag("Invalid template interpolation value", "The expression result "
                               "is null. Cannot include a null value in a string template.",
                               part))
            continue
        plain = value.unmark()[0]
        if not plain.is_known():
            known = False
            continue
        try:
            text = convert(plain, cty.String)
        except CtyError as e:
            diags.append(_diag("Invalid template interpolation value", "Cannot include the "
                               f"given value in a string template: {_error_text(e)}.", part))
            continue
        out.append(text.as_string())
    if not known or diags:
        return cty.unknown_val(cty.String), diags
    return cty.string_val("".join(out)), diags
