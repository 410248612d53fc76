"""What the command reads: type expressions, and data files (JSON, YAML, gob, msgpack)."""

from __future__ import annotations

import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import cty
from cty.convert import Defaults, parse_type_with_defaults

GOB_MAGIC = b"\x89ctygob"
"""The first bytes of a gob stream (docs/formats/gob.md)."""


class InputError(Exception):
    """Input the command cannot use: a file that cannot be read or parsed, a bad type
    expression. The command prints it (no traceback) and exits with status 1."""


def read_type(arg: str) -> tuple[cty.Type, Defaults | None]:
    """Return the type (and its defaults) that *arg* writes as a type expression, or that the
    file named after an ``@`` holds."""
    text = read_text(arg[1:]) if arg.startswith("@") else arg
    try:
        return parse_type_with_defaults(text)
    except cty.TypeExprError as e:
        raise InputError(type_expr_message(text, e)) from None


def type_expr_message(text: str, e: cty.TypeExprError) -> str:
    """Return the message for a bad type expression, with its line and a caret under the
    column where the mistake starts."""
    lines = text.splitlines() or [""]
    line = lines[min(e.line, len(lines)) - 1]
    return (f"invalid type expression (line {e.line}, column {e.column}): {e.summary}: "
            f"{e.detail}\n  {line}\n  {' ' * (e.column - 1)}^")


def read_text(name: str) -> str:
    """Return the text of the file *name* (``-``: standard input)."""
    try:
        return read_bytes(name).decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{name}: not UTF-8 text ({e.reason} at byte {e.start})") from None


def read_bytes(name: str) -> bytes:
    """Return the bytes of the file *name* (``-``: standard input)."""
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(name).read_bytes()
    except OSError as e:
        raise InputError(f"{name}: {e.strerror or e}") from None


def yaml_documents(name: str, data: bytes) -> list[tuple[object, Any]]:
    """Return the documents of the YAML text *data* (of the file *name*): each as plain
    Python data (dates kept as strings, numbers exact) and its composed node, which knows
    where each part of it was written."""
    try:
        import yaml  # noqa: PLC0415 - an optional dependency, needed only for YAML input
    except ImportError:
        raise InputError(f"{name}: reading YAML needs PyYAML (pip install pyyaml)") from None
    loader = _loader(yaml)(data)
    out: list[tuple[object, Any]] = []
    try:
        limit = EXPANDED_NODES + EXPANDED_NODES_PER_BYTE * len(data)
        while loader.check_node():
            node = loader.get_node()
            _check_expansion(name, node, limit)
            out.append((loader.construct_document(node), node))
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f"{name}:{mark.line + 1}:{mark.column + 1}" if mark else name
        what = " ".join(filter(None, [e.context, e.problem]))
        raise InputError(f"{where}: not valid YAML: {what}") from None
    except yaml.YAMLError as e:
        raise InputError(f"{name}: not valid YAML: {e}") from None
    except RecursionError:
        raise InputError(f"{name}: YAML nested too deeply to read") from None
    finally:
        loader.dispose()
    return out


EXPANDED_NODES = 1_000_000
EXPANDED_NODES_PER_BYTE = 100
"""A YAML document may stand for this many nodes, plus so many per byte of it, once its
aliases are expanded: more is refused before anything is built ("billion laughs": a few
hundred bytes of nested aliases can stand for billions of nodes)."""


def _check_expansion(name: str, root: Any, limit: int) -> None:
    """Refuse a composed YAML document whose aliases expand to more than *limit* nodes
    (sizes are counted once per node, so this takes the time of the document, not of its
    expansion)."""
    sizes: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        value = node.value
        if isinstance(value, str):
            sizes[id(node)] = 1
            continue
        children = [c for pair in value for c in pair] if node.id == "mapping" else value
        if not children_done:
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
            continue
        size = 1 + sum(sizes.get(id(c), 1) for c in children)
        if size > limit:
            mark = node.start_mark
            raise InputError(f"{name}:{mark.line + 1}:{mark.column + 1}: YAML document too "
                             f"large once its aliases are expanded (more than {limit:,} nodes)")
        sizes[id(node)] = size


_loaders: dict[str, Any] = {}


def _loader(yaml: Any) -> Any:
    """Return PyYAML's safe loader, but with timestamps kept as strings (a date is not a cty
    value) and finite floats read as Decimal (so that they are exact, as JSON's are)."""
    found = _loaders.get("loader")
    if found is not None:
        return found

    class Loader(yaml.SafeLoader):  # type: ignore[misc]
        pass

    Loader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def construct_float(loader: Any, node: Any) -> Any:
        text = loader.construct_scalar(node).replace("_", "")
        try:
            d = Decimal(text)
        except InvalidOperation:  # .inf, .nan, 1:30.5 (base 60)
            return loader.construct_yaml_float(node)
        return d if d.is_finite() else loader.construct_yaml_float(node)

    def checked(construct: Any) -> Any:
        """*construct*, with a scalar it cannot read (``!!int 12x``) a YAML error at its
        place instead of a bare ValueError."""
        def run(loader: Any, node: Any) -> Any:
            try:
                return construct(loader, node)
            except (ValueError, OverflowError) as e:
                raise yaml.constructor.ConstructorError(
                    None, None, f"cannot read {node.tag} {node.value!r}: {e}",
                    node.start_mark) from None
        return run

    Loader.add_constructor("tag:yaml.org,2002:float", checked(construct_float))
    Loader.add_constructor("tag:yaml.org,2002:int", checked(yaml.SafeLoader.construct_yaml_int))
    Loader.add_constructor("tag:yaml.org,2002:timestamp", Loader.construct_yaml_str)
    _loaders["loader"] = Loader
    return Loader


def yaml_position(node: Any, steps: list[str | int]) -> tuple[int, int]:
    """Return the line and column where the part of the composed YAML *node* at *steps*
    (keys and indexes) starts; the deepest part on the way that is there, if it is not."""
    for step in steps:
        found = None
        if node.id == "mapping":
            found = next((v for k, v in node.value if k.id == "scalar" and k.value == step),
                         None)
        elif node.id == "sequence" and isinstance(step, int) and 0 <= step < len(node.value):
            found = node.value[step]
        if found is None:
            break
        node = found
    return node.start_mark.line + 1, node.start_mark.column + 1
