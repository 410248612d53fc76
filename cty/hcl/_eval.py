"""HCL's evaluation of an expression (hclsyntax's Value), in a context of variables and
functions (cty.hcl._context), or in none: what a default in a type expression
(``optional(number, 1 + 2)``) may be, as HCL's TypeConstraintWithDefaults evaluates it (a nil
EvalContext).

Each expression gives a value and the diagnostics HCL would report, in HCL's order (an
expression with an error yields an unknown and evaluation goes on, so that the first
diagnostic is the one HCL reports first). Operators convert their operands as HCL's do, and
use cty's operations, which are go-cty's.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, Final

import cty
from cty import CtyError, Type, Value
from cty._internal import (
    Node,
    Pos,
    TypeExprError,
    edit_distance,
    go_quote,
    hop,
    is_literal_key,
    name_suggestion,
    safe_prefix_before_cut,
)
from cty.convert._runtime import convert
from cty.convert._unify import unify_unsafe

from ._context import EvalContext
from ._variables import LITERAL_VALUES

Diags = list[TypeExprError]
Env = EvalContext | None
"""The context names are looked up in: the caller's, or a child a for expression or a splat
made for its own names; None: no context at all (HCL's nil EvalContext)."""

_OPERATORS: Final[dict[str, tuple[str, Type, Type]]] = {
    "||": ("or", cty.Bool, cty.Bool), "&&": ("and", cty.Bool, cty.Bool),
    "==": ("equal", cty.DynamicPseudoType, cty.Bool),
    "!=": ("notequal", cty.DynamicPseudoType, cty.Bool),
    "<": ("lessthan", cty.Number, cty.Bool), ">": ("greaterthan", cty.Number, cty.Bool),
    "<=": ("lessthanorequalto", cty.Number, cty.Bool),
    ">=": ("greaterthanorequalto", cty.Number, cty.Bool),
    "+": ("add", cty.Number, cty.Number), "-": ("subtract", cty.Number, cty.Number),
    "*": ("multiply", cty.Number, cty.Number), "/": ("divide", cty.Number, cty.Number),
    "%": ("modulo", cty.Number, cty.Number),
    "neg": ("negate", cty.Number, cty.Number), "not": ("not", cty.Bool, cty.Bool),
}
"""Each operator (and the unary ``neg`` and ``not``): the name of the standard library's
function HCL calls for it, its parameters' type and its result's."""
_METHODS: Final[dict[str, Callable[..., Value]]] = {
    "or": Value.or_, "and": Value.and_, "equal": Value.equals, "notequal": Value.not_equal,
    "lessthan": Value.less_than, "greaterthan": Value.greater_than,
    "lessthanorequalto": Value.less_than_or_equal_to,
    "greaterthanorequalto": Value.greater_than_or_equal_to, "add": Value.add,
    "subtract": Value.subtract, "multiply": Value.multiply, "divide": Value.divide,
    "modulo": Value.modulo, "negate": Value.negate, "not": Value.not_,
}
"""The operations themselves, which the functions come to on known, unmarked, not-null
primitive values (``_apply`` takes them directly there)."""
_PRIMITIVES: Final = frozenset({cty.Number, cty.String, cty.Bool})


def _operator(name: str) -> Any:
    """The standard library's function for the operation *name* (HCL's operators call
    them, for go-cty's function-call rules on marks, unknowns and nulls), its module loaded
    when first needed."""
    functions = importlib.import_module("cty.function.stdlib").FUNCTIONS
    return functions[name]


def _apply(name: str, args: list[Value]) -> Value:
    """The operation *name* on *args*, as HCL's function call of it. On known, unmarked,
    non-null primitive values the call comes to the operation itself (the functions' rules
    are about marks, unknowns and nulls; their results' refinement leaves a known value as
    it is), which is taken directly."""
    for a in args:
        if a.type() not in _PRIMITIVES or a.is_marked() or not a.is_known() or a.is_null():
            break
    else:
        return _METHODS[name](*args)
    return _operator(name).call(args)  # type: ignore[no-any-return]


def evaluate(node: Node) -> Value:
    """Return the value of *node* with no context, or raise the first diagnostic HCL would
    report."""
    value, diags = _value(node, None)
    if diags:
        raise diags[0]
    return value


def value_in(node: Node, ctx: EvalContext | None, filename: str = "<expression>"
             ) -> tuple[Value, Diags]:
    """Return the value of *node* in *ctx*, and every diagnostic HCL would report, in its
    order (where evaluation failed, the value is unknown); *filename* is the file's name for
    the messages that quote a place (``try``'s)."""
    token = _FILENAME.set(filename)
    try:
        return _value(node, ctx)
    finally:
        _FILENAME.reset(token)


class ExpressionClosure:
    """An argument left unevaluated for a function that takes expressions (HCL's
    customdecode.ExpressionClosure): the expression and the context it is in, or, for an
    element of an expanded argument, its value."""

    __slots__ = ("_env", "_node", "_value")

    def __init__(self, node: Node | None, env: Env, value: Value | None = None) -> None:
        self._node = node
        self._env = env
        self._value = value

    def value(self) -> tuple[Value, Diags]:
        """Evaluate the expression in its context: its value and diagnostics."""
        if self._node is None:
            assert self._value is not None
            return self._value, []
        return _value(self._node, self._env)


EXPRESSION_CLOSURE: Final = cty.Capsule("expression closure", ExpressionClosure)
"""The type of a parameter that takes its argument as an expression (HCL's
customdecode.ExpressionClosureType): ``try`` and ``can``."""
_FILENAME: Final[ContextVar[str]] = ContextVar("hcl_filename", default="<expression>")


def evaluation_filename() -> str:
    """The name of the file whose expression is being evaluated."""
    return _FILENAME.get()


def _scope(env: Env, names: dict[str, Value]) -> EvalContext:
    """A child of *env* holding *names* (a for expression's variables, a splat's item)."""
    return EvalContext._scope(env, names)  # (its private fast constructor)


Range = tuple[Pos, Pos]
"""A range of the text: where it starts and where it ends."""


def _diag(summary: str, detail: str, subject: Range, context: Range | None = None,
          about: tuple[Node | None, Env] | None = None) -> TypeExprError:
    """A diagnostic with HCL's subject range and, where HCL gives one, context range; where
    HCL names them (its Expression and EvalContext, whose variables its text writer shows),
    *about* is the expression the diagnostic is about and the context it was evaluated in."""
    d = TypeExprError(summary, detail, subject[0], subject[1], context)
    if about is not None:
        d.expression, d.scope = about
    return d


def _range(node: Node) -> Range:
    """HCL's Range of the expression *node*."""
    return node.pos, node.end or node.pos


def _between(start: Range, end: Range) -> Range:
    """HCL's RangeBetween: from the start of one range to the end of another."""
    return start[0], end[1]


def _about(diags: Diags, node: Node, env: Env) -> Diags:
    """*diags*, each that names no expression yet naming *node* and *env* (HCL's
    setDiagEvalContext, as a traversal's or an index's diagnostics pass through the
    expression that took it)."""
    for d in diags:
        if d.expression is None:
            d.expression, d.scope = node, env
    return diags


@hop  # (it recurses: any depth)
def _start_range(node: Node) -> Range:
    """HCL's StartRange of the expression *node*: where a diagnostic about it as an argument
    points (a quoted string's text, a call's name and opening parenthesis, a bracket...)."""
    kind = node.kind
    if kind == "string" and node.args_pos is not None and node.end_pos is not None:
        return node.args_pos, node.end_pos
    if kind == "call" and node.args_pos is not None:
        return node.pos, node.args_pos.after("(")
    if kind in ("conditional", "binary", "paren"):
        return _start_range(node.items[0])
    if kind in ("list", "object", "neg", "not"):
        return node.pos, node.pos.after("[")
    if kind == "for":
        return node.pos, node.end_pos or node.pos.after("[")
    if kind == "splat" and node.args_pos is not None and node.end_pos is not None:
        return node.args_pos, node.end_pos
    if kind == "template" and node.text != "wrap":
        return _start_range(node.items[0])
    if kind == "join":
        return _start_range(node.items[0])
    if (kind == "traversal" and node.text == "index" and node.args_pos is not None
            and not is_literal_key(node.items[1])):  # (an IndexExpr: its opening bracket)
        return node.args_pos, node.args_pos.after("[")
    return _range(node)


def _step_diag(summary: str, detail: str, node: Node) -> TypeExprError:
    """A diagnostic about a traversal step, where HCL points: at the step."""
    return _diag(summary, detail, _step(node))


def _step(node: Node) -> Range:
    """A traversal step's range: its dot or bracket to its end (HCL's subject for a step)."""
    return node.args_pos or node.pos, node.end or node.pos


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
        found = LITERAL_VALUES.get(node.text)
        if found is None and env is not None:
            found = env.variable(node.text)
        if found is not None:
            return found, []
        return cty.DynamicVal, [_unknown_variable(node, env)]
    if kind == "call":
        return _call(node, env)
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
    found = env.variable(_ITEM + node.text) if env is not None else None
    return (cty.DynamicVal if found is None else found), []


_ITEM: Final = "\x00item"
"""The prefix of a splat's item in the environment (no variable's name has it)."""


def _splat(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's SplatExpr: each item of a sequence through the expression after the splat; a
    value that is no sequence is a tuple of itself (an unknown that may be null makes the
    result unknown), or an empty tuple when null; an unknown sequence gives an unknown of the
    type the items would give, refined; the source's marks go onto the result."""
    source_node, each = node.items
    source, diags = _value(source_node, env)
    if diags:
        return cty.DynamicVal, diags
    ty = source.type()
    upgrade = not (ty.is_tuple_type() or ty.is_list_type() or ty.is_set_type())
    if source.is_null():
        if upgrade:
            return cty.EmptyTupleVal.with_same_marks(source), []
        return cty.DynamicVal, [_diag("Splat of null value", "Splat expressions (with the * "
                                      "symbol) cannot be applied to null sequences.",
                                      _range(source_node),
                                      (source_node.pos, node.end_pos or node.pos),
                                      (source_node, env))]
    if ty is cty.DynamicPseudoType:
        return cty.DynamicVal.with_same_marks(source), []
    item = _ITEM + node.text
    upgraded_unknown = False
    if upgrade:
        if not source.is_known() and source.unmark()[0].range().could_be_null():
            upgraded_unknown = True
        source = cty.tuple_val([source]).with_same_marks(source)
        ty = source.type()
    if not source.is_known():
        result_ty, type_diags = _splat_type(ty, each, item, env)
        result = cty.unknown_val(result_ty)
        if result_ty is not cty.DynamicPseudoType:
            result = result.refine_not_null()
        if result_ty.is_list_type() and ty.is_collection_type():
            rng = source.unmark()[0].range()
            result = (result.refine().collection_length_lower_bound(rng.length_lower_bound())
                      .collection_length_upper_bound(rng.length_upper_bound()).new_value())
        return result.with_same_marks(source), type_diags
    source, marks = source.unmark()
    values: list[Value] = []
    known = True
    for _, element in source.elements():
        value, each_diags = _value(each, _scope(env, {item: element}))
        diags += each_diags
        known = known and not each_diags
        values.append(value)
    if upgraded_unknown:
        return cty.DynamicVal.with_marks(marks), diags
    if not known:
        return cty.unknown_val(_splat_type(ty, each, item, env)[0]).with_marks(marks), diags
    if ty.is_list_type() or ty.is_set_type():
        if not values:
            result_ty, type_diags = _splat_type(ty, each, item, env)
            return cty.list_val_empty(result_ty.element_type()).with_marks(marks), [
                *diags, *type_diags]
        if len({v.type() for v in values} - {cty.DynamicPseudoType}) > 1:  # (CanListVal)
            return cty.DynamicVal, [*diags, _diag(
                "Invalid nested splat expressions", "The second level of splat expression "
                "produced elements of different types, so it isn't possible to construct a "
                "valid list to represent the top-level result.\n\nConsider using a for "
                "expression instead, to produce a tuple-typed result which can therefore have "
                "non-homogenous element types.", _range(each), _range(node))]
        return cty.list_val(values).with_marks(marks), diags
    return cty.tuple_val(values).with_marks(marks), diags


def _splat_type(ty: Type, each: Node, item: str, env: Env) -> tuple[Type, Diags]:
    """The type a splat over a sequence of type *ty* yields, *each* applied to an unknown of
    each element's type, and the diagnostics that gave."""
    diags: Diags = []

    def through(t: Type) -> Type:
        value, found = _value(each, _scope(env, {item: cty.unknown_val(t)}))
        diags.extend(found)
        return value.type()

    if ty.is_list_type() or ty.is_set_type():
        return cty.List(through(ty.element_type())), diags
    if ty.is_tuple_type():
        return cty.Tuple([through(t) for t in ty.tuple_element_types()]), diags
    return cty.DynamicPseudoType, diags


def _join(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's TemplateJoinExpr: a template's ``for`` directive, its strings joined (the
    iteration's marks, and each string's, on the result)."""
    each, diags = _value(node.items[0], env)
    if each.type() is cty.DynamicPseudoType or not each.is_known():
        return cty.unknown_val(cty.String), diags
    each, marks = each.unmark()
    all_marks = set(marks)
    out: list[str] = []
    for _, item in each.elements():
        if item.is_null():
            diags.append(_diag("Invalid template interpolation value", "An iteration result "
                               "is null. Cannot include a null value in a string template.",
                               _range(node), about=(node, env)))
            continue
        if item.type() is cty.DynamicPseudoType:
            return cty.unknown_val(cty.String).with_marks(marks), diags
        try:
            text = convert(item, cty.String)
        except CtyError as e:
            diags.append(_diag("Invalid template interpolation value", "Cannot include one of "
                               "the interpolation results into the string template: "
                               f"{_error_text(e)}.", _range(node), about=(node, env)))
            continue
        if not item.is_known():
            return cty.unknown_val(cty.String).with_marks(marks), diags
        text, text_marks = text.unmark()
        all_marks |= text_marks
        out.append(text.as_string())
    return cty.string_val("".join(out)).with_marks(all_marks), diags


def _call(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's FunctionCallExpr: the function looked up from the context outwards, the
    arguments (the last expanded with ``...``) counted, evaluated and converted to their
    parameters' types, then the call; each failure with HCL's words and place."""
    name = node.text
    f = env.function(name) if env is not None else None
    if f is None:
        return cty.DynamicVal, [_unknown_function(node, env)]
    params = f.params()
    var_param = f.var_param()
    args: list[Node | Value] = list(node.items)
    diags: Diags = []
    if node.names == ("...",):
        expand_node = node.items[-1]
        expand, expand_diags = _value(expand_node, env)
        diags += expand_diags
        if expand_diags:
            return cty.DynamicVal, diags
        ty = expand.type()
        if ty is not cty.DynamicPseudoType and not (ty.is_tuple_type() or ty.is_list_type()
                                                   or ty.is_set_type()):
            return cty.DynamicVal, [*diags, _diag(
                "Invalid expanding argument value", "The expanding argument (indicated by "
                "...) must be of a tuple, list, or set type.", _range(expand_node),
                _range(node), (expand_node, env))]
        if expand.is_null():
            return cty.DynamicVal, [*diags, _diag(
                "Invalid expanding argument value", "The expanding argument (indicated by "
                "...) must not be null.", _range(expand_node), _range(node),
                (expand_node, env))]
        if ty is cty.DynamicPseudoType or not expand.is_known():
            return cty.DynamicVal, diags
        bare, marks = expand.unmark()
        args[-1:] = [element.with_marks(marks) for _, element in bare.elements()]
    if len(args) < len(params):
        at_least = " at least" if var_param is not None else ""
        return cty.DynamicVal, [_diag(
            "Not enough function arguments", f"Function {go_quote(name)} expects{at_least} "
            f"{len(params)} argument(s). Missing value for {go_quote(params[len(args)].name)}.",
            (node.end_pos or node.pos, node.end or node.pos), _range(node), (node, env))]
    if var_param is None and len(args) > len(params):
        extra = args[len(params)]
        return cty.DynamicVal, [_diag(
            "Too many function arguments", f"Function {go_quote(name)} expects only "
            f"{len(params)} argument(s).",
            _start_range(extra if isinstance(extra, Node) else node.items[-1]), _range(node),
            (node, env))]
    values: list[Value] = []
    for i, arg in enumerate(args):
        param = params[i] if i < len(params) else var_param
        assert param is not None
        arg_node = arg if isinstance(arg, Node) else node.items[-1]
        if param.type == EXPRESSION_CLOSURE:  # (HCL's customdecode: the argument unevaluated)
            closure = (ExpressionClosure(arg, env) if isinstance(arg, Node)
                       else ExpressionClosure(None, env, arg))
            values.append(cty.capsule_val(EXPRESSION_CLOSURE, closure))
            continue
        if isinstance(arg, Node):
            value, arg_diags = _value(arg, env)
            diags += arg_diags
        else:
            value = arg
        try:
            value = convert(value, param.type)
        except CtyError as e:
            diags.append(_diag("Invalid function argument", f"Invalid value for "
                               f"{go_quote(param.name)} parameter: {_error_text(e)}.",
                               _start_range(arg_node), _range(node),
                               (arg if isinstance(arg, Node) else None, env)))
        values.append(value)
    if diags:
        return cty.DynamicVal, diags
    try:
        return f.call(values), []
    except CtyError as e:
        index = getattr(e, "index", None)  # (an ArgError names its argument)
        if isinstance(index, int):
            param = params[index] if index < len(params) else var_param
            if param is not None:
                detail = f"Invalid value for {go_quote(param.name)} parameter: {_error_text(e)}."
                if index >= len(args):  # (HCL: the call as a whole)
                    return cty.DynamicVal, [_diag("Invalid function argument", detail,
                                                  _range(node), about=(node, env))]
                arg = args[index]
                where = arg if isinstance(arg, Node) else node.items[-1]
                return cty.DynamicVal, [_diag(
                    "Invalid function argument", detail, _start_range(where), _range(node),
                    (arg if isinstance(arg, Node) else None, env))]
        return cty.DynamicVal, [_diag("Error in function call", f"Call to function "
                                      f"{go_quote(name)} failed: {_error_text(e)}.",
                                      _start_range(node), _range(node), (node, env))]


def _unknown_function(node: Node, env: Env) -> TypeExprError:
    """HCL's diagnostic for a call of a function no context has: with no map of functions
    anywhere, calls are not allowed at all; else the name is unknown, with a suggestion
    among the calling context's own functions (HCL looks no further), or, for a name in a
    namespace (``ns::f``), among that namespace's."""
    if env is None or not env.has_functions():
        return _diag("Function calls not allowed", "Functions may not be called here.",
                     _range(node), about=(node, env))
    name = node.text
    at = (node.pos, node.name_end or node.pos), _range(node)
    own = list(env.functions or ())
    if "::" in name:
        namespace, _, short = name.rpartition("::")
        namespace += "::"
        avail = [n for n in own if n.startswith(namespace)]
        if not avail:
            return _diag("Call to unknown function", "There are no functions in namespace "
                         f"{go_quote(namespace)}.", *at, (node, env))
        # (as HCL does: the short name against the full ones, written after the namespace)
        close = next((n for n in avail if edit_distance(short, n) < 3), "")
        hint = f" Did you mean {namespace}{close}?" if close else ""
        return _diag("Call to unknown function", f"There is no function named "
                     f"{go_quote(short)} in namespace {namespace}.{hint}", *at, (node, env))
    return _diag("Call to unknown function", f"There is no function named {go_quote(name)}."
                 f"{name_suggestion(name, own)}", *at, (node, env))


def _unknown_variable(node: Node, env: Env) -> TypeExprError:
    """HCL's diagnostic for a name that is no variable: with no variables in scope (outside
    any ``for``), variables are not allowed at all; inside, the name is unknown, with a
    suggestion among the names in scope: the first close one, innermost scope first and in
    the order each scope was made (HCL takes them in Go's map order, which is mostly that
    order but varies from run to run)."""
    names: list[str] = []
    allowed = False
    while env is not None:
        own = env.variables
        if own is not None:
            mine = [k for k in own if not k.startswith(_ITEM)]
            # (a splat's item is no variable: a scope of it alone is no map of variables)
            allowed = allowed or bool(mine) or not own
            names += mine
        env = env.parent
    if not allowed:
        return _diag("Variables not allowed", "Variables may not be used here.", _range(node))
    hint = name_suggestion(node.text, names)
    return _diag("Unknown variable", f"There is no variable named {go_quote(node.text)}."
                 f"{hint}", _range(node))


def _static_traversal(node: Node) -> bool:
    """Whether *node* is a traversal of static steps from a variable (HCL's
    ScopeTraversalExpr of more than its root): ``a.b``, ``a[0]``, ``a.0``."""
    if node.kind != "traversal":
        return False
    while node.kind == "traversal":
        if node.text == "index" and not is_literal_key(node.items[1]):
            return False
        node = node.items[0]
    return node.kind == "ident" and node.text not in LITERAL_VALUES


def _traversal(node: Node, env: Env) -> tuple[Value, Diags]:
    """A traversal step. An IndexExpr (a key that is no literal) evaluates its collection
    and its key, and reports both, before it indexes. Static steps (attributes, literal
    keys) are taken together with the ones before them, as HCL's traversals are: from a
    variable (ScopeTraversalExpr), nothing more once the variable is missing; from any other
    expression (RelativeTraversalExpr), on from its value even when it failed (an
    operation's unknown result still has a type); either way up to the first failing step."""
    if node.text == "index" and not is_literal_key(node.items[1]):
        base, diags = _value(node.items[0], env)
        key, key_diags = _value(node.items[1], env)
        value, index_diags = _index(base, key, node)
        return value, diags + key_diags + _about(index_diags, node, env)
    steps: list[Node] = []
    source = node
    while source.kind == "traversal" and (source.text == "attr"
                                          or is_literal_key(source.items[1])):
        steps.append(source)
        source = source.items[0]
    value, diags = _value(source, env)
    if diags and source.kind == "ident":
        return cty.DynamicVal, diags
    for step in reversed(steps):
        if step.text == "attr":
            value, step_diags = _get_attr(value, step.names[0], step)
        else:
            value, step_diags = _index(value, _value(step.items[1], env)[0], step)
        if step_diags:
            return cty.DynamicVal, diags + _about(step_diags, node, env)
    return value, diags


_INVALID_INDEX: Final = "Invalid index"
_NOT_AN_ELEMENT: Final = "The given key does not identify an element in this collection value"


def _index(coll: Value, key: Value, node: Node) -> tuple[Value, Diags]:
    """HCL's Index (hcl.Index): a marked collection indexed as an unmarked one would be, the
    result keeping its marks; a marked key's marks go onto the element."""
    if coll.is_null():
        return cty.DynamicVal, [_step_diag("Attempt to index null value", "This value is null, "
                                           "so it does not have any indices.", node)]
    if key.is_null():
        return cty.DynamicVal, [_step_diag(_INVALID_INDEX, "Can't use a null value as an "
                                           "indexing key.", node)]
    ty = coll.type()
    if key.type() is cty.DynamicPseudoType or ty is cty.DynamicPseudoType:
        return cty.DynamicVal.with_same_marks(coll), []
    if ty.is_list_type() or ty.is_tuple_type() or ty.is_map_type():
        want = cty.String if ty.is_map_type() else cty.Number
        try:
            key = convert(key, want)
        except CtyError as e:
            return cty.DynamicVal, [_step_diag(_INVALID_INDEX, f"{_NOT_AN_ELEMENT}: "
                                               f"{_error_text(e)}.", node)]
        has = coll.has_index(key).unmark()[0]
        if not has.is_known():
            if ty.is_tuple_type():
                return cty.DynamicVal.with_same_marks(coll), []
            return cty.unknown_val(ty.element_type()).with_same_marks(coll), []
        if has.false():
            return cty.DynamicVal, [_step_diag(_INVALID_INDEX, _missing(coll, key), node)]
        return coll.index(key), []
    if ty.is_object_type():
        was_number = key.type() is cty.Number
        try:
            key = convert(key, cty.String)
        except CtyError as e:
            return cty.DynamicVal, [_step_diag(_INVALID_INDEX, f"{_NOT_AN_ELEMENT}: "
                                               f"{_error_text(e)}.", node)]
        if not key.is_known():
            return cty.DynamicVal.with_same_marks(coll), []
        name = key.unmark()[0].as_string()
        if name not in ty.attribute_types():
            hint = (" An object only supports looking up attributes by name, not by numeric "
                    "index." if was_number else "")
            return cty.DynamicVal, [_step_diag(_INVALID_INDEX, f"{_NOT_AN_ELEMENT}.{hint}",
                                               node)]
        if not coll.is_known():
            return cty.unknown_val(ty.attribute_types()[name]).with_same_marks(coll), []
        return coll.get_attr(name), []
    if ty.is_set_type():
        return cty.DynamicVal, [_step_diag(_INVALID_INDEX, "Elements of a set are identified "
                                           "only by their value and don't have any separate "
                                           "index or key to select with, so it's only possible "
                                           "to perform operations across all elements of the "
                                           "set.", node)]
    return cty.DynamicVal, [_step_diag(_INVALID_INDEX, "This value does not have any indices.",
                                       node)]


def _missing(coll: Value, key: Value) -> str:
    """hcl.Index's detail for a key the collection does not have."""
    ty = coll.type()
    if not ((ty.is_list_type() or ty.is_tuple_type()) and key.type() is cty.Number
            and key.is_known() and not key.is_null()):
        return f"{_NOT_AN_ELEMENT}."
    bare = key.unmark()[0]
    if not bare.modulo(cty.number_int_val(1)).equals(cty.Zero).true():
        return (f"{_NOT_AN_ELEMENT}: indexing a sequence requires a whole number, but the "
                "given index has a fractional part.")
    if bare.less_than(cty.Zero).true():
        return f"{_NOT_AN_ELEMENT}: a negative number is not a valid index for a sequence."
    length = coll.length()
    if length.is_known() and not length.is_marked() and not bare.greater_than(length).true():
        # (as HCL's hcl.Index: only an index equal to the length gets these words; one past
        # it gets the plain message)
        if length.equals(cty.Zero).true():
            return f"{_NOT_AN_ELEMENT}: the collection has no elements."
        return (f"{_NOT_AN_ELEMENT}: the given index is greater than or equal to the length "
                "of the collection.")
    return f"{_NOT_AN_ELEMENT}."


def _get_attr(obj: Value, name: str, node: Node) -> tuple[Value, Diags]:
    """HCL's GetAttr (hcl.GetAttr): a marked value's attribute keeps its marks."""
    unsupported = "Unsupported attribute"
    if obj.is_null():
        return cty.DynamicVal, [_step_diag("Attempt to get attribute from null value", "This value "
                                      "is null, so it does not have any attributes.", node)]
    ty = obj.type()
    if ty is cty.DynamicPseudoType:
        return cty.DynamicVal.with_same_marks(obj), []
    if ty.is_object_type():
        if name not in ty.attribute_types():
            return cty.DynamicVal, [_step_diag(unsupported, "This object does not have an "
                                          f"attribute named {go_quote(name)}.", node)]
        if not obj.is_known():
            return cty.unknown_val(ty.attribute_types()[name]).with_same_marks(obj), []
        return obj.get_attr(name), []
    if ty.is_map_type():
        if not obj.is_known():
            return cty.unknown_val(ty.element_type()).with_same_marks(obj), []
        key = cty.string_val(name)
        if obj.has_index(key).unmark()[0].false():
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


_NOWHERE: Final = Node("anon", Pos(1, 1, 0))
"""A place for steps taken where no diagnostic is reported."""


def traverse_abs(root: str, path: cty.Path, ctx: EvalContext) -> Value | None:
    """HCL's TraverseAbs of the traversal *root* and *path* in *ctx*: the root variable found
    from *ctx* outwards, then each step as HCL's GetAttr and Index take it; None where HCL
    would report a diagnostic (an unknown name, a step that fails)."""
    value = ctx.variable(root)
    if value is None:
        return None
    for step in path:
        if isinstance(step, cty.GetAttrStep):
            value, diags = _get_attr(value, step.name, _NOWHERE)
        else:
            assert isinstance(step, cty.IndexStep)
            value, diags = _index(value, step.key, _NOWHERE)
        if diags:
            return None
    return value


def _for(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's ForExpr: the collection checked, the condition tried once with unknown
    variables (so that a condition of the wrong type is one error, not one per element), then
    every element: a failing element makes the result unknown, and evaluation goes on to
    gather the diagnostics of the elements after it. The collection's, the conditions' and
    the keys' marks go onto the result."""
    coll_node, value_node, key_node, cond_node = node.items
    key_var, value_var = node.names[0], node.names[1]
    has_cond = len(node.names) > 2
    coll, diags = _value(coll_node, env)
    if coll.is_null():
        return cty.DynamicVal, [*diags, _diag(
            "Iteration over null value", "A null value cannot be used as the collection in a "
            "'for' expression.", _range(coll_node), _range(node), (coll_node, env))]
    if coll.type() is cty.DynamicPseudoType:
        return cty.DynamicVal, diags
    coll, coll_marks = coll.unmark()
    marks: set[object] = set(coll_marks)
    ty = coll.type()
    if not (ty.is_list_type() or ty.is_set_type() or ty.is_map_type() or ty.is_tuple_type()
            or ty.is_object_type()):
        return cty.DynamicVal, [*diags, _diag(
            "Iteration over non-iterable value", f"A value of type {ty.friendly_name()} "
            "cannot be used as the collection in a 'for' expression.", _range(coll_node),
            _range(node), (coll_node, env))]

    def scope(k: Value, v: Value) -> EvalContext:
        return _scope(env, {key_var: k, value_var: v} if key_var else {value_var: v})

    cond_marks: frozenset[object] = frozenset()
    if has_cond:
        probe, cond_diags = _value(cond_node, scope(cty.DynamicVal, cty.DynamicVal))
        diags += cond_diags
        if probe.is_null():
            return cty.DynamicVal, [*diags, _diag(
                "Condition is null", "The value of the 'if' clause must not be null.",
                _range(cond_node), _range(node), (cond_node, env))]
        cond_marks = probe.unmark()[1]
        try:
            convert(probe, cty.Bool)
        except CtyError as e:
            return cty.DynamicVal, [*diags, _diag(
                "Invalid 'for' condition", f"The 'if' clause value is invalid: "
                f"{_error_text(e)}.", _range(cond_node), _range(node), (cond_node, env))]
        if cond_diags:
            return cty.DynamicVal, diags
    if not coll.is_known():  # (only here do the condition's own marks count)
        return cty.DynamicVal.with_marks(marks | cond_marks), diags
    producing_tuple = node.text == "tuple"
    items: list[Value] = []
    keyed: dict[str, list[Value]] = {}
    known = True
    for k, v in coll.elements():
        inner = scope(k, v)
        if has_cond:
            include, cond_diags = _value(cond_node, inner)
            diags += cond_diags
            if include.is_null():
                if known:
                    diags.append(_diag("Invalid 'for' condition", "The value of the 'if' "
                                       "clause must not be null.", _range(cond_node),
                                       _range(node), (cond_node, inner)))
                known = False
                continue
            marks |= include.unmark()[1]
            if producing_tuple and not include.is_known():
                known = False  # (HCL gathers the diagnostics of the elements after it)
                continue
            try:
                include = convert(include, cty.Bool)
            except CtyError as e:
                if known:
                    diags.append(_diag("Invalid 'for' condition", "The 'if' clause value is "
                                       f"invalid: {_error_text(e)}.", _range(cond_node),
                                       _range(node), (cond_node, inner)))
                known = False
                continue
            if not include.is_known():
                known = False
                continue
            if include.unmark()[0].false():
                continue
        if producing_tuple:
            value, value_diags = _value(value_node, inner)
            diags += value_diags
            items.append(value)
            continue
        key, key_diags = _value(key_node, inner)
        diags += key_diags
        if key.is_null():
            if known:
                diags.append(_diag("Invalid object key", "Key expression in 'for' expression "
                                   "must not produce a null value.", _range(key_node),
                                   _range(node), (key_node, inner)))
            known = False
            continue
        marks |= key.unmark()[1]
        if not key.is_known():
            known = False
            continue
        try:
            key = convert(key, cty.String)
        except CtyError as e:
            if known:
                diags.append(_diag("Invalid object key", "The key expression produced an "
                                   f"invalid result: {_error_text(e)}.", _range(key_node),
                                   _range(node), (key_node, inner)))
            known = False
            continue
        value, value_diags = _value(value_node, inner)
        diags += value_diags
        name = key.unmark()[0].as_string()
        if node.text == "object" and name in keyed:
            diags.append(_diag(
                "Duplicate object key", f"Two different items produced the key {go_quote(name)} "
                "in this 'for' expression. If duplicates are expected, use the ellipsis (...) "
                "after the value expression to enable grouping by key.", _range(key_node),
                _range(node), (key_node, inner)))
            continue
        keyed.setdefault(name, []).append(value)
    if not known:
        return cty.DynamicVal.with_marks(marks), diags
    if producing_tuple:
        result = cty.tuple_val(items)
    elif node.text == "object":
        result = cty.object_val({k: vs[0] for k, vs in keyed.items()})
    else:
        result = cty.object_val({k: cty.tuple_val(vs) for k, vs in keyed.items()})
    return result.with_marks(marks), diags


def _object(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's ObjectConsExpr: the keys' marks go onto the object."""
    attrs: dict[str, Value] = {}
    diags: Diags = []
    known = True
    marks: set[object] = set()
    for key_node, value_node in node.pairs:
        key_diags: Diags = []
        if key_node.kind == "ident":  # a bare name is the key itself, as in HCL
            key = cty.string_val(key_node.text)
        elif _static_traversal(key_node):
            key, key_diags = cty.DynamicVal, [_diag(
                "Ambiguous attribute key", "If this expression is intended to be a reference, "
                "wrap it in parentheses. If it's instead intended as a literal name containing "
                "periods, wrap it in quotes to create a string literal.", _range(key_node))]
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
                               _range(value_node), about=(key_node, env)))
            known = False
            continue
        key, key_marks = key.unmark()
        marks |= key_marks
        try:
            key = convert(key, cty.String)
        except CtyError as e:
            diags.append(_diag("Incorrect key type", "Can't use this value as a key: "
                               f"{_error_text(e)}.", _range(key_node), about=(key_node, env)))
            known = False
            continue
        if not key.is_known():
            known = False
            continue
        attrs[key.as_string()] = value
    if not known:
        return cty.DynamicVal, diags
    return cty.object_val(attrs).with_marks(marks), diags


def _operand(node: Node, ty: Type, side: str, env: Env, whole: Node
             ) -> tuple[Value, Diags, Diags]:
    """The operand *node* of the operation *whole*, converted to *ty*: its value, the
    conversion's diagnostics, and the operand's own (HCL reports conversion errors before an
    operand's own)."""
    given, own = _value(node, env)
    try:
        return convert(given, ty), [], own
    except CtyError as e:
        return cty.unknown_val(ty), [_diag("Invalid operand", f"Unsuitable value for {side} "
                                           f"operand: {_error_text(e)}.", _range(node),
                                           _range(whole), (node, env))], own


def _unary(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's UnaryOpExpr: the operand converted, then the operation's function called with
    it (marks and all)."""
    name, param, result = _OPERATORS[node.kind]
    value, conv, own = _operand(node.items[0], param, "unary", env, node)
    diags = own + conv
    if diags:
        return cty.unknown_val(result), diags
    try:
        return _apply(name, [value]), []
    except CtyError as e:
        return cty.unknown_val(result), [_diag("Operation failed", "Error during operation: "
                                               f"{_error_text(e)}.", _range(node),
                                               about=(node, env))]


def _binary(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's BinaryOpExpr: both operands converted, their own marks taken off, the
    operation's function called (``||`` and ``&&`` first short-circuited), the marks put
    back on the result."""
    name, param, result = _OPERATORS[node.text]
    left, right = node.items
    lv, lconv, lown = _operand(left, param, "left", env, node)
    rv, rconv, rown = _operand(right, param, "right", env, node)
    diags = lconv + rconv
    if diags:
        return cty.unknown_val(result), diags + lown + rown
    lv, lmarks = lv.unmark()
    rv, rmarks = rv.unmark()
    marks = lmarks | rmarks
    if name in ("and", "or"):
        short = _short_circuit(name, lv, rv, lown, rown)
        if short is not None:
            return short[0].with_marks(marks), short[1]
    diags = lown + rown
    if diags:
        return cty.unknown_val(result).with_marks(marks), diags
    try:
        return _apply(name, [lv, rv]).with_marks(marks), []
    except CtyError as e:
        return cty.unknown_val(result), [_diag("Operation failed", "Error during operation: "
                                               f"{_error_text(e)}.", _range(node),
                                               about=(node, env))]


def _short_circuit(name: str, lv: Value, rv: Value, lown: Diags, rown: Diags
                   ) -> tuple[Value, Diags] | None:
    """HCL's ShortCircuit of || and &&: a known operand that decides the result makes the
    other's diagnostics irrelevant; None where the operation must be called. As in HCL, a
    known value is "false" unless it equals true, so null decides ``&&`` (``x && null`` is
    false)."""
    unknown = cty.unknown_val(cty.Bool).refine_not_null()

    def true(v: Value) -> bool:  # (go-cty's Value.True, on a known value)
        return not v.is_null() and v.raw_equals(cty.True_)

    lk, rk = lv.is_known(), rv.is_known()
    if not lk and not rk:
        return (unknown, lown) if not lown else None
    decisive = true if name == "or" else (lambda v: not true(v))
    if lk and decisive(lv):
        return (cty.True_ if name == "or" else cty.False_), lown
    if rk and decisive(rv):
        return (cty.True_ if name == "or" else cty.False_), rown
    if not lk:  # (the known one does not decide: the unknown one will)
        return unknown, lown
    if not rk:
        return unknown, rown
    return None


def _conditional(node: Node, env: Env) -> tuple[Value, Diags]:
    """HCL's ConditionalExpr: both results evaluated and their types unified; an unknown
    condition gives an unknown refined by what both results allow; the condition's marks
    and both results' go onto the result."""
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
        return cty.DynamicVal, [_diag(
            "Inconsistent conditional result types", "The true and false result expressions "
            f"must have consistent types. {_mismatch(yes.type(), no.type())}.",
            _between(_range(yes_node), _range(no_node)), _range(node), (node, env))]
    cond, diags = _value(cond_node, env)
    if cond.is_null():
        return cty.unknown_val(result), [*diags, _diag(
            "Null condition", "The condition value is null. Conditions must either be true "
            "or false.", _range(cond_node), _range(node), (cond_node, env))]
    cond, cond_marks = cond.unmark()
    yes, yes_marks = yes.unmark()
    no, no_marks = no.unmark()
    marks = cond_marks | yes_marks | no_marks
    if not cond.is_known():
        return _either(yes, no, result).with_marks(marks), diags
    try:
        cond = convert(cond, cty.Bool)
    except CtyError:
        return cty.unknown_val(result), [*diags, _diag(
            "Incorrect condition type", "The condition expression must be of type bool.",
            _range(cond_node), _range(node), (cond_node, env))]
    chosen, chosen_diags, conversion, side, chosen_node = (
        (yes, yes_diags, conversions[0], "true", yes_node) if cond.true()
        else (no, no_diags, conversions[1], "false", no_node))
    diags += chosen_diags
    if conversion is not None:
        try:
            chosen = conversion(chosen)
        except CtyError as e:
            diags.append(_diag("Inconsistent conditional result types", f"The {side} result "
                               f"value has the wrong type: {_error_text(e)}.",
                               _range(chosen_node), _range(node), (chosen_node, env)))
            chosen = cty.unknown_val(result)
    return chosen.with_marks(marks), diags


def _either(yes: Value, no: Value, result: Type) -> Value:
    """The result of a conditional whose condition is unknown: null when both results are;
    an unknown number within both results' bounds, or collection within both lengths; not
    null when neither result can be null."""
    yr, nr = yes.range(), no.range()
    not_null = yr.definitely_not_null() and nr.definitely_not_null()
    if yes.is_null() and no.is_null():
        return cty.null_val(result)
    if yes.type() is cty.Number and no.type() is cty.Number:
        ref = cty.unknown_val(cty.Number).refine()
        if not_null:
            ref = ref.not_null()
        (n_lo, n_lo_inc), (n_hi, n_hi_inc) = nr.number_lower_bound(), nr.number_upper_bound()
        (y_lo, y_lo_inc), (y_hi, y_hi_inc) = yr.number_lower_bound(), yr.number_upper_bound()
        if n_lo.is_known() and y_lo.is_known():
            lo, lo_inc = n_lo, n_lo_inc
            if y_lo.less_than(n_lo).true():
                lo, lo_inc = y_lo, y_lo_inc
            elif y_lo.equals(n_lo).true():
                lo_inc = y_lo_inc or n_lo_inc
            ref = ref.number_range_lower_bound(lo, lo_inc)
        if n_hi.is_known() and y_hi.is_known():
            hi, hi_inc = n_hi, n_hi_inc
            if y_hi.greater_than(n_hi).true():
                hi, hi_inc = y_hi, y_hi_inc
            elif y_hi.equals(n_hi).true():
                hi_inc = y_hi_inc or n_hi_inc
            ref = ref.number_range_upper_bound(hi, hi_inc)
        return ref.new_value()
    yt, nt = yes.type(), no.type()
    if yt.is_collection_type() and nt.is_collection_type() and yt == nt:
        ref = cty.unknown_val(result).refine()
        if not_null:
            ref = ref.not_null()
        shortest = min(yr.length_lower_bound(), nr.length_lower_bound())
        longest = max(yr.length_upper_bound(), nr.length_upper_bound())
        return (ref.collection_length_lower_bound(shortest)
                .collection_length_upper_bound(longest).new_value())
    out = cty.unknown_val(result)
    return out.refine_not_null() if not_null else out


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
    """HCL's TemplateExpr: every part evaluated (after an unknown one too, for its
    diagnostics); the result never null, unknown when a part is, then refined with the known
    prefix (at most 128 bytes) when nothing failed; every part's marks on it."""
    parts = node.items
    if node.text == "wrap":  # "${x}" alone: the value itself, as HCL's TemplateWrapExpr
        return _value(parts[0], env)
    out: list[str] = []
    diags: Diags = []
    known = True
    marks: set[object] = set()
    for part in parts:
        value, part_diags = _value(part, env)
        diags += part_diags
        if value.is_null():
            diags.append(_diag("Invalid template interpolation value", "The expression result "
                               "is null. Cannot include a null value in a string template.",
                               _range(part), _range(node), (part, env)))
            continue
        plain, part_marks = value.unmark()
        marks |= part_marks
        if not plain.is_known():
            known = False
            continue
        try:
            text = convert(plain, cty.String)
        except CtyError as e:
            diags.append(_diag("Invalid template interpolation value", "Cannot include the "
                               f"given value in a string template: {_error_text(e)}.",
                               _range(part), _range(node), (part, env)))
            continue
        if known and not diags:
            out.append(text.as_string())
    if known:
        return cty.string_val("".join(out)).with_marks(marks), diags
    result = cty.unknown_val(cty.String).refine_not_null()
    prefix = "".join(out)
    if prefix and not diags:
        raw = prefix.encode("utf-8", "surrogatepass")
        if len(raw) <= _PREFIX_BYTES:
            result = result.refine().string_prefix(prefix).new_value()
        else:  # (cut by bytes, as HCL cuts it: a character cut in two is dropped)
            head = raw[:_PREFIX_BYTES].decode("utf-8", "ignore")
            result = (result.refine().string_prefix(head).new_value()
                      if len(head.encode("utf-8", "surrogatepass")) == _PREFIX_BYTES
                      else result.refine().string_prefix_full(safe_prefix_before_cut(head))
                      .new_value())
    return result.with_marks(marks), diags


_PREFIX_BYTES: Final = 128
"""The most of a template's known prefix HCL keeps in its unknown result's refinement."""
