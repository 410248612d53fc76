"""The variables an HCL expression refers to: hclsyntax's Variables.

An evaluator that orders ``locals`` by dependency, or checks that every name a configuration
uses is defined, asks each expression which root names it reads before evaluating it. HCL
answers with traversals: a root name and the static steps after it (``.name``, ``.0``, and
``[key]`` for a literal key: a number, a quoted string, ``true``, ``false`` or ``null``), in
the order its walker meets them, leaving out the names a ``for`` expression binds inside it.
A dynamic index (``a[b]``) ends the traversal of ``a``; ``b`` is walked on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import cty
from cty import Path, Value
from cty._internal import Node, hop, is_literal_key

__all__ = ["LITERAL_VALUES", "Traversal", "variables"]

LITERAL_VALUES: Final = {"true": cty.True_, "false": cty.False_,
                         "null": cty.null_val(cty.DynamicPseudoType)}
"""HCL's literal names and their values (an identifier so named is no variable)."""


@dataclass(frozen=True)
class Traversal:
    """A variable an expression refers to: its root name, the static steps after it (a
    ``cty.Path`` of attribute and index steps), and where the root name is (1-based line and
    column)."""

    root: str
    path: Path
    line: int
    column: int

    def __str__(self) -> str:
        """The traversal as HCL writes it: ``var.list[0]["key"]``."""
        return self.root + "".join(
            f".{s.name}" if isinstance(s, cty.GetAttrStep)
            else f"[{cty.format_value(s.key)}]" if isinstance(s, cty.IndexStep) else ""
            for s in self.path)


def variables(node: Node) -> list[Traversal]:
    """Return the traversals *node* refers to, in HCL's order (see the module's description)."""
    found: list[Traversal] = []
    _walk(node, (), found)
    return found


def _static_key(key: Node) -> Value | None:
    """The key of an index step HCL takes as static (``is_literal_key``), else None."""
    if not is_literal_key(key):
        return None
    if key.kind == "number":
        return cty.parse_number_val(key.text)
    if key.kind == "string":
        return cty.string_val(key.text)
    if key.kind == "template":
        return cty.string_val(key.items[0].text)
    return LITERAL_VALUES[key.text]


def _scope_traversal(node: Node) -> tuple[Node, list[cty.PathStep]] | None:
    """The root identifier and static steps of *node*, if it is a scope traversal."""
    steps: list[cty.PathStep] = []
    at = node
    while at.kind == "traversal":
        if at.text == "attr":
            steps.append(cty.GetAttrStep(at.names[0]))
        else:
            key = _static_key(at.items[1])
            if key is None:
                return None
            steps.append(cty.IndexStep(key))
        at = at.items[0]
    if at.kind != "ident" or at.text in LITERAL_VALUES:
        return None
    steps.reverse()
    return at, steps


@hop  # (it recurses: any depth)
def _walk(node: Node, local: tuple[frozenset[str], ...], found: list[Traversal]) -> None:
    kind = node.kind
    if kind in ("ident", "traversal"):
        scope = _scope_traversal(node)
        if scope is not None:
            root, steps = scope
            if not any(root.text in names for names in local):
                found.append(Traversal(root.text, Path(steps), root.pos.line, root.pos.column))
            return
        if kind == "ident":
            return
        # a dynamic index: the collection, then the key, each walked on its own
        _walk(node.items[0], local, found)
        if node.text == "index":
            _walk(node.items[1], local, found)
        return
    if kind == "for":
        coll, value, key, cond = node.items
        _walk(coll, local, found)
        inner = (*local, frozenset(n for n in node.names[:2] if n))
        if node.text != "tuple":
            _walk(key, inner, found)
        _walk(value, inner, found)
        if len(node.names) > 2:
            _walk(cond, inner, found)
        return
    if kind == "object":
        for key, value in node.pairs:
            if key.kind != "ident":  # (a bare name is the key itself, no variable)
                _walk(key, local, found)
            _walk(value, local, found)
        return
    for item in node.items:
        _walk(item, local, found)
