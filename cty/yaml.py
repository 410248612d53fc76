"""YAML read as the ``cty`` command reads it: plain data for cty values (PyYAML, the ``yaml``
extra: ``pip install 'cty[yaml]'``).

PyYAML's safe loader, with three changes that make YAML data mean what the same JSON means:
timestamps stay strings (``2024-01-02`` is not a date: cty has no dates); floats are read as
``Decimal``, exactly (``0.1`` is the number 0.1, as in JSON, not the nearest float); and an
object that gives a key twice is an error naming both places (PyYAML takes the last, silently;
``allow_duplicate_keys=True`` does that too). A document whose aliases would expand to more
than 1,000,000 nodes plus 100 per byte of it is refused before anything is built.

>>> from cty import yaml
>>> yaml.load("{name: web, ports: [80, 443], since: 2024-01-02, ratio: 0.1}")
{'name': 'web', 'ports': [80, 443], 'since': '2024-01-02', 'ratio': Decimal('0.1')}
>>> cty.format_value(yaml.from_yaml("port: '80'", cty.parse_type("object({port=number})")))
'{ port = 80 }'
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol

import cty
from cty._internal import path_data_keys
from cty.convert import Defaults, convert

__all__ = ["Document", "Readable", "YAMLError", "documents", "from_yaml", "iter_documents", "load",
           "load_all"]


class Readable(Protocol):
    """A binary file, or anything with its ``read``."""

    def read(self, n: int = -1, /) -> bytes:
        """Return up to *n* more bytes (b"" at the end)."""


class YAMLError(cty.CtyValueError):
    """Text that is not YAML cty can read: ``line`` and ``column`` (from 1; 0 when not known)
    say where, ``problem`` what."""

    def __init__(self, problem: str, line: int = 0, column: int = 0) -> None:
        self.problem = problem
        self.line = line
        self.column = column
        super().__init__(f"line {line}, column {column}: {problem}" if line else problem)


class Document:
    """One document of a YAML stream: ``data``, its plain Python data, and where each part of
    it was written (``position``)."""

    __slots__ = ("_node", "data")

    def __init__(self, data: Any, node: Any) -> None:
        self.data = data
        self._node = node

    def __repr__(self) -> str:
        return f"cty.yaml.Document({self.data!r})"

    @property
    def empty(self) -> bool:
        """Whether the document holds nothing at all (a ``---`` with nothing after it, such
        as one that ends a stream): its data is None as for ``null``, but nothing says so."""
        node = self._node
        return bool(node.id == "scalar" and node.value == "" and node.style is None
                    and node.start_mark.index == node.end_mark.index)

    def position(self, path: cty.Path) -> tuple[int, int]:
        """Return the line and column (from 1) where the part of the document at *path*
        (attribute, key and index steps) starts; that of the deepest part on the way that
        the document has, when it does not have that part."""
        if not isinstance(path, cty.Path):
            raise cty.CtyTypeError(f"path is a cty.Path, not {type(path).__name__}")
        node = self._node
        for key in path_data_keys(path):
            found = None
            if node.id == "mapping":
                found = next((v for k, v in node.value
                              if k.id == "scalar" and k.value == str(key)), None)
            elif node.id == "sequence" and isinstance(key, int) and 0 <= key < len(node.value):
                found = node.value[key]
            if found is None:
                break
            node = found
        return node.start_mark.line + 1, node.start_mark.column + 1


def documents(text: str | bytes, /, *, allow_duplicate_keys: bool = False) -> list[Document]:
    """Return the documents of the YAML *text*, each with its data and their positions.

    Raises YAMLError (with the line and column) for text that is not YAML, a key given twice
    (unless *allow_duplicate_keys*), a value a tag cannot read (``!!int 12x``), and a
    document too large once its aliases are expanded; CtyValueError when PyYAML is not
    installed."""
    if not isinstance(text, str | bytes):
        raise cty.CtyTypeError(f"text is a str or bytes, not {type(text).__name__}")
    return list(iter_documents(text, allow_duplicate_keys=allow_duplicate_keys))


def iter_documents(source: str | bytes | Readable, /, *,
                   allow_duplicate_keys: bool = False) -> Iterator[Document]:
    """Yield the documents of the YAML *source* (text, or a binary file read as it goes) one
    at a time: a stream of many documents is read in bounded memory. Raises what documents
    raises, when the reading reaches the mistake."""
    try:
        import yaml  # noqa: PLC0415 - an optional dependency, needed only here
    except ImportError:
        raise cty.CtyValueError("reading YAML needs PyYAML (pip install 'cty[yaml]')") from None
    loader = None
    try:
        # (reading starts here: a character YAML does not allow is a ReaderError at once)
        loader = _loader(yaml)(source)
        while loader.check_node():
            node = loader.get_node()
            # (the limit grows with the text read so far: the document's own, at least)
            _check_expansion(node, EXPANDED_NODES + EXPANDED_NODES_PER_BYTE * loader.index)
            if not allow_duplicate_keys:
                _check_keys(node)
            yield Document(loader.construct_document(node), node)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        what = " ".join(filter(None, [e.context, e.problem])) or "not valid YAML"
        raise YAMLError(what, *((mark.line + 1, mark.column + 1) if mark else ())) from None
    except yaml.reader.ReaderError as e:
        what = f"#x{e.character:04x}" if isinstance(e.character, int) else repr(e.character)
        raise YAMLError(f"unacceptable character {what} at character {e.position + 1}: "
                        f"{e.reason}") from None
    except yaml.YAMLError as e:
        raise YAMLError(str(e)) from None
    except RecursionError:
        raise YAMLError("the document is nested too deeply to read") from None
    finally:
        if loader is not None:
            loader.dispose()


def load_all(text: str | bytes, /, *, allow_duplicate_keys: bool = False) -> list[Any]:
    """Return the plain data of each document of the YAML *text* (see documents)."""
    return [d.data for d in documents(text, allow_duplicate_keys=allow_duplicate_keys)]


def load(text: str | bytes, /, *, allow_duplicate_keys: bool = False) -> Any:
    """Return the plain data of the one document the YAML *text* holds (None for no
    document); YAMLError if it holds more than one (see documents)."""
    docs = documents(text, allow_duplicate_keys=allow_duplicate_keys)
    if len(docs) > 1:
        line, column = docs[1].position(cty.Path())
        raise YAMLError("more than one document (load_all reads them all)", line, column)
    return docs[0].data if docs else None


def from_yaml(text: str | bytes, ty: cty.Type = cty.DynamicPseudoType, /, *,
              defaults: Defaults | None = None) -> cty.Value:
    """Return the value the one YAML document *text* holds, converted to *ty* (with
    *defaults* applied first, as HCL does): what ``cty convert --from yaml`` gives.

    The document's value has the type its data implies (cty.from_python), and is then
    converted, so ``port: "80"`` fits ``number`` as it does in the command. Raises YAMLError
    for text it cannot read and PathError (with the path) for data that does not convert;
    cty.convert.conversion_errors lists every error."""
    if not isinstance(ty, cty.Type):
        raise cty.CtyTypeError(f"ty is a cty.Type, not {type(ty).__name__}")
    value = cty.from_python(load(text))
    if defaults is not None:
        value = defaults.apply(value)
    return convert(value, ty)


def _check_keys(root: Any) -> None:
    """Refuse a mapping that gives a key twice (a merge's keys, ``<<``, may be overridden)."""
    seen_nodes: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen_nodes or isinstance(node.value, str):
            continue
        seen_nodes.add(id(node))
        if node.id == "mapping":
            keys: dict[Any, Any] = {}
            for k, v in node.value:
                stack.append(v)
                if k.id != "scalar" or k.tag == "tag:yaml.org,2002:merge":
                    continue
                first = keys.setdefault((k.tag, k.value), k)
                if first is not k:
                    mark = first.start_mark
                    raise YAMLError(
                        f"the key {k.value!r} is given twice (first at line {mark.line + 1}, "
                        f"column {mark.column + 1})", k.start_mark.line + 1,
                        k.start_mark.column + 1)
        else:
            stack.extend(node.value)


EXPANDED_NODES = 1_000_000
EXPANDED_NODES_PER_BYTE = 100
"""A YAML document may stand for this many nodes, plus so many per byte of it, once its
aliases are expanded: more is refused before anything is built ("billion laughs": a few
hundred bytes of nested aliases can stand for billions of nodes)."""


def _check_expansion(root: Any, limit: int) -> None:
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
            raise YAMLError(f"the document is too large once its aliases are expanded (more "
                            f"than {limit:,} nodes)", mark.line + 1, mark.column + 1)
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
        """*construct*, with a scalar it cannot read (``!!int 12x``, ``!!int`` of nothing,
        ``!!bool maybe``) a YAML error at its place instead of a bare ValueError, IndexError
        or KeyError."""
        def run(loader: Any, node: Any) -> Any:
            try:
                return construct(loader, node)
            except (ValueError, OverflowError, IndexError, KeyError, TypeError) as e:
                why = f": {e}" if isinstance(e, ValueError | OverflowError) else ""
                raise yaml.constructor.ConstructorError(
                    None, None, f"cannot read {node.tag} {node.value!r}{why}",
                    node.start_mark) from None
        return run

    Loader.add_constructor("tag:yaml.org,2002:float", checked(construct_float))
    Loader.add_constructor("tag:yaml.org,2002:int", checked(yaml.SafeLoader.construct_yaml_int))
    Loader.add_constructor("tag:yaml.org,2002:bool",
                           checked(yaml.SafeLoader.construct_yaml_bool))
    Loader.add_constructor("tag:yaml.org,2002:timestamp", Loader.construct_yaml_str)
    _loaders["loader"] = Loader
    return Loader
