"""Writing and compiling generated Python functions (objects' decoders, encoders and builders).

The planners write a function per object type for their hottest shapes, so that a known-good
attribute costs a class check instead of a call. This module is the only way they do it, and it
keeps data out of the code by construction:

- Source is written with :class:`SourceWriter` from templates whose fields take only
  :class:`Code` (pieces this module made: bound names, other templates) and ints (the place of
  an attribute, a count). A template field takes no conversion and no format spec, and a
  str is not a field value, so an attribute name cannot be spliced in as text.
- Data (attribute names, keys, defaults, messages, the planned functions) reaches the code only
  as a constant bound in the function's namespace, by :meth:`SourceWriter.bind`, which gives the
  name the code uses for it.
- Before a source is compiled, it is read back (``ast``) and refused, with
  :class:`GeneratedSourceError`, unless it is plain code of ours: no text or bytes constant at
  all, no import, no keyword argument, every name bound, assigned in the function, or one of a
  few builtins, every attribute one of the few the planners use. The code then runs with only
  those builtins, so even a mistake could not reach ``open``, ``__import__`` or ``eval``.

Since no data is in the source, object types whose attributes have the same kinds share one
compiled code object. A planner that names the *shape* of what it writes (the kinds, not the
names) goes further with :func:`function_of_shape`: the source is written, checked and compiled
once per shape, and a new type of a known shape costs one ``exec`` of the code object with its
own constants. Sources are registered in linecache under ``<cty generated ...>``, so
tracebacks and debuggers show the generated lines.
"""

from __future__ import annotations

import ast
import builtins
import itertools
import keyword
import linecache
import re
import string
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, final

from ._collector import PAUSED
from ._errors import CtyError

WIDEST_GENERATED: Final = 256
"""The most attributes an object type may have for a planner to write a function for it.

Compiling one costs about 13 KB and 80 microseconds per attribute, once per type; a wider type
(the implied type of a JSON object of 40,000 keys, say: half a gigabyte and three seconds) is
seldom decoded often enough to earn that back, and the planners' general loops serve it.
"""

MAX_KEPT_SOURCES: Final = 4096
"""Distinct compiled sources kept for reuse; beyond, a source is compiled for its one use.
Sources hold no data, so the planners write few distinct ones; this bounds them anyway."""

_SAFE_BUILTINS: Final[dict[str, Any]] = {
    name: getattr(builtins, name) for name in (
        "len", "tuple", "list", "dict", "set", "frozenset", "str", "int", "float", "bool",
        "type", "map", "zip", "all", "any", "max", "min", "sorted", "isinstance", "Exception",
        "KeyError", "TypeError", "ValueError", "RecursionError", "IndexError", "None", "True",
        "False")}
"""The builtins generated code may use, and the only ones it can reach."""

_SAFE_ATTRIBUTES: Final = frozenset({
    "__class__", "isascii", "values", "items", "copy", "code", "precision", "elems", "at",
    "at_node", "get", "steps", "append"})
"""The attributes generated code may read."""
_FIELD_ATTRIBUTE: Final = re.compile(r"f[0-9]+\Z")
"""Also readable: the fields of a msgspec Struct a planner defines (f0, f1, ...)."""
_FIELD: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

_codes: dict[str, Any] = {}
"""Compiled sources: object types whose attributes have the same kinds share code."""
_shapes: dict[object, tuple[Any, frozenset[str]]] = {}
"""A shape a planner named -> the code object written for it, and the names it binds."""
_counter = itertools.count()
_lock = threading.Lock()
_parser: Final = string.Formatter()


class GeneratedSourceError(CtyError, ValueError):
    """A generated source was refused: it is not plain code of ours (a bug in a planner)."""


def worth_generating(width: int) -> bool:
    """Return whether a function is worth writing for an object type of *width* attributes."""
    return width <= WIDEST_GENERATED


@final
class Code:
    """A piece of generated source this module made: a bound name, an identifier of ours, or a
    filled template. Only Code and ints fill a template's fields."""

    __slots__ = ("_text",)

    def __init__(self, text: str, _token: object = None) -> None:
        if _token is not _MADE_HERE:
            raise GeneratedSourceError("Code is made by cty._codegen's functions only "
                                       "(code, join, identifier, SourceWriter.bind)")
        self._text = text

    def indented(self, levels: int = 1) -> Code:
        """Return this piece with each line indented by *levels* more levels (4 spaces each)."""
        pad = "    " * levels
        return Code("".join(pad + line for line in self._text.splitlines(True)), _MADE_HERE)

    def __repr__(self) -> str:
        return f"Code({self._text!r})"


_MADE_HERE: Final = object()


def code(template: str, /, **fields: int | Code) -> Code:
    """Return *template* with its fields (``{name}``, nothing more) filled from *fields*.

    A field's value is an int (written in decimal) or a Code; anything else, a field with a
    conversion or format spec (``{x!r}``, ``{x:>3}``), or a field *fields* lacks is refused
    with GeneratedSourceError. ``{{`` and ``}}`` stand for braces.
    """
    out: list[str] = []
    parsed = _parsed.get(template)
    if parsed is None:
        parsed = _parse_template(template)
    for literal, field in parsed:
        out.append(literal)
        if field is None:
            continue
        try:
            value = fields[field]
        except KeyError:
            raise GeneratedSourceError(f"no value for the template field {{{field}}}") from None
        if value.__class__ is int:
            out.append(str(value))
        elif value.__class__ is Code:
            out.append(value._text)
        else:
            raise GeneratedSourceError(
                f"the template field {{{field}}} takes code or an int, not "
                f"{type(value).__name__} (bind data with SourceWriter.bind)")
    return Code("".join(out), _MADE_HERE)


_parsed: dict[str, tuple[tuple[str, str | None], ...]] = {}
"""Templates already parsed and checked (our code's own, a few hundred): writing the source
of a type's functions fills the same templates again and again."""
_MOST_PARSED: Final = 4096


def _parse_template(template: str) -> tuple[tuple[str, str | None], ...]:
    try:
        pieces = list(_parser.parse(template))
    except ValueError as e:
        raise GeneratedSourceError(f"a template is not well formed: {e}") from None
    for _, field, spec, conversion in pieces:
        if field is not None and (conversion is not None or spec or not _FIELD.match(field)):
            raise GeneratedSourceError(
                f"a template field takes a name only: {{{field}"
                f"{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}")
    parsed = tuple((literal, field) for literal, field, _, _ in pieces)
    if len(_parsed) < _MOST_PARSED:
        _parsed[template] = parsed
    return parsed


def join(pieces: Iterable[Code], separator: str = ", ") -> Code:
    """Return *pieces* joined by *separator* (a template without fields)."""
    sep = code(separator)._text
    texts = []
    for piece in pieces:
        if piece.__class__ is not Code:
            raise GeneratedSourceError(f"join takes Code, not {type(piece).__name__}")
        texts.append(piece._text)
    return Code(sep.join(texts), _MADE_HERE)


def identifier(name: str) -> Code:
    """Return *name*, a Python identifier of our own code (a parameter's name, say), as Code;
    anything else is refused."""
    if name.__class__ is not str or name not in _identifiers:
        if not (name.__class__ is str and name.isascii() and _FIELD.match(name)
                and not keyword.iskeyword(name)):
            raise GeneratedSourceError(f"not an identifier generated code may use: {name!r}")
        if len(_identifiers) < _MOST_PARSED:
            _identifiers.add(name)
    return Code(name, _MADE_HERE)


_identifiers: set[str] = set()
"""Identifiers already checked (the planners' own names and prefixes, few)."""


class SourceWriter:
    """The source of one generated function, written piece by piece, with the constants it
    uses bound apart from it.

        w = SourceWriter("dec")
        key = w.bind(name)                      # data: a constant the code names
        w.add("def dec(x):\\n    return x[{key}]\\n", key=key)
        dec = w.function()
    """

    def __init__(self, name: str, what: str | Callable[[], str] = "") -> None:
        """Start the function *name*; *what* (text, or a function giving it, asked only when
        the source is compiled) labels the generated code's file name."""
        self._name = identifier(name)._text
        self._what = what
        self._parts: list[str] = []
        self._bound: dict[str, Any] = {}
        self._counters: dict[str, itertools.count[int]] = {}

    def bind(self, value: object, *, name: str | None = None, prefix: str = "c") -> Code:
        """Bind *value* in the function's namespace and return the name the code uses for it:
        *name* if given (once only), else *prefix* and a number."""
        if name is None:
            count = self._counters.setdefault(prefix, itertools.count())
            name = f"{identifier(prefix)._text}{next(count)}"
            while name in self._bound:
                name = f"{prefix}{next(count)}"
        else:
            name = identifier(name)._text
            if name in self._bound:
                raise GeneratedSourceError(f"the name {name} is bound already")
        self._bound[name] = value
        return Code(name, _MADE_HERE)

    def bind_names(self, **values: object) -> None:
        """Bind each of *values* under its keyword (once only), for the code to use by name."""
        for name, value in values.items():
            self.bind(value, name=name)

    def start_exact_dict(self, keys: Sequence[str], functions: Sequence[object]) -> list[Code]:
        """Write the start of the function, taking one argument ``x``: a dict holding exactly
        *keys* has its values read into ``v0, v1, ...``; anything else goes to ``slow(x)``
        (which must be bound). Each key is bound (as ``k0, k1, ...``) with its function (as
        ``f0, f1, ...``); return the keys' names. What follows is in the function's body."""
        names = [self.bind(key, prefix="k") for key in keys]
        for i, function in enumerate(functions):
            self.bind(function, name=f"f{i}")
        self.read_exact_dict(names)
        return names

    def read_exact_dict(self, keys: Sequence[Code]) -> None:
        """Write what `start_exact_dict` writes, for *keys* bound already (and ``f0, f1,
        ...``, ``slow``)."""
        self.add("def {name}(x):\n    if x.__class__ is not dict or len(x) != {n}:\n"
                 "        return slow(x)\n    try:\n", name=Code(self._name, _MADE_HERE),
                 n=len(keys))
        for i, key in enumerate(keys):
            self.add("        v{i} = x[{k}]\n", i=i, k=key)
        self.add("    except KeyError:\n        return slow(x)\n")

    def add(self, piece: str | Code, /, **fields: int | Code) -> None:
        """Append *piece*: a template filled from *fields* (see :func:`code`), or Code."""
        if piece.__class__ is Code:
            if fields:
                raise GeneratedSourceError("Code takes no fields; fill its template instead")
            self._parts.append(piece._text)
        else:
            self._parts.append(code(piece, **fields)._text)  # type: ignore[arg-type]

    def source(self) -> str:
        """Return the source written so far."""
        return "".join(self._parts)

    def function(self, **late: object) -> Callable[..., Any]:
        """Compile the source (after checking it) and return the function it defines; *late*
        gives bound names other values for this function (the names must be bound)."""
        source = self.source()
        compiled = _codes.get(source)
        if compiled is None:
            compiled = _compile(self._name, source, self._bound, self._what)
        namespace = dict(self._bound)
        for name, value in late.items():
            if name not in namespace:
                raise GeneratedSourceError(f"{name} is not bound, so it cannot be given late")
            namespace[name] = value
        return _run(compiled, self._name, namespace)


def function_of_shape(name: str, shape: object, bound: dict[str, object],
                      write: Callable[[SourceWriter], None],
                      what: str | Callable[[], str] = "") -> Callable[..., Any]:
    """Return the function *name* that *write* writes, with the constants *bound* (name ->
    value, bound before *write* runs); the source is written only the first time *shape* is
    asked for.

    *shape* must hold everything the source depends on (a planner's name first, then the kinds
    it writes by), so that *write* writes the same source, naming the same constants, for
    every call with that shape; the names bound are checked against the first call's.
    """
    found = _shapes.get(shape)
    if found is not None and found[1] == bound.keys():
        compiled = found[0]
    else:
        w = SourceWriter(name, what)
        w.bind_names(**bound)
        write(w)
        source = w.source()
        compiled = _codes.get(source)
        if compiled is None:
            compiled = _compile(w._name, source, w._bound, what)
        if w._bound.keys() != bound.keys():
            raise GeneratedSourceError(f"the writer of {name} bound names of its own: "
                                       "bind every constant before writing")
        if len(_shapes) < MAX_KEPT_SOURCES:
            _shapes[shape] = (compiled, frozenset(bound))
    return _run(compiled, name, dict(bound))


def _run(compiled: Any, name: str, namespace: dict[str, Any]) -> Callable[..., Any]:
    """Run *compiled* (made by _compile, after _audit) in *namespace*, its bound constants and
    the builtins it may use; return the function *name* it defines."""
    namespace["__builtins__"] = _SAFE_BUILTINS
    exec(compiled, namespace)  # checked by _audit: code of ours, data only bound
    fn: Callable[..., Any] = namespace[name]
    return fn


def _compile(name: str, source: str, bound: dict[str, Any],
             what: str | Callable[[], str]) -> Any:
    with _lock:
        compiled = _codes.get(source)
        if compiled is not None:
            return compiled
        if not isinstance(what, str):
            what = what()
        label = f": {what[:120]}" if what else ""
        filename = f"<cty generated {name} {next(_counter)}{label}>"
        with PAUSED:  # (the check's syntax tree is thousands of short-lived objects)
            _audit(name, source, bound, filename)
        compiled = compile(source, filename, "exec")
        if len(_codes) < MAX_KEPT_SOURCES:
            linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
            _codes[source] = compiled
        return compiled


def _audit(name: str, source: str, bound: dict[str, Any], filename: str = "<cty generated>"
           ) -> None:
    """Refuse *source* unless it is plain code of ours defining the function *name*."""
    try:
        tree = ast.parse(source, filename)
    except SyntaxError as e:
        raise GeneratedSourceError(f"generated source does not parse: {e.msg}") from None
    defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    if name not in defined or len(defined) != len(tree.body):
        raise GeneratedSourceError("generated source must define functions only, "
                                   f"{name} among them")
    stored: set[str] = set(defined)
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            stored.add(node.arg)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            stored.add(node.id)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            stored.add(node.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant):
            if node.value is not None and node.value.__class__ not in (bool, int):
                raise GeneratedSourceError(
                    f"generated source holds a {type(node.value).__name__} constant: data "
                    "reaches generated code bound (SourceWriter.bind), never as text")
        elif isinstance(node, (ast.JoinedStr, ast.Import, ast.ImportFrom, ast.Global,
                               ast.Nonlocal, ast.Lambda, ast.ClassDef, ast.AsyncFunctionDef,
                               ast.Await, ast.Yield, ast.YieldFrom, ast.With, ast.Delete)):
            raise GeneratedSourceError(
                f"generated source may not use {type(node).__name__}")
        elif isinstance(node, ast.keyword) and node.arg is not None:
            raise GeneratedSourceError(
                f"generated source may not pass a keyword argument ({node.arg}=)")
        elif isinstance(node, ast.Attribute):
            if node.attr not in _SAFE_ATTRIBUTES and not _FIELD_ATTRIBUTE.match(node.attr):
                raise GeneratedSourceError(f"generated source may not read .{node.attr}")
        elif isinstance(node, ast.Name):
            if not (node.id in bound or node.id in stored or node.id in _SAFE_BUILTINS):
                raise GeneratedSourceError(
                    f"generated source names {node.id}, which is neither bound, assigned "
                    "nor a builtin it may use")
            if not node.id.isascii() or (node.id.startswith("__") and node.id not in bound):
                raise GeneratedSourceError(f"generated source may not name {node.id}")
