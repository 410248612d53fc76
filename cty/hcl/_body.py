"""HCL configuration files: ``parse_config`` reads one (hclsyntax's ParseConfig) into a
``File`` whose ``Body`` holds attributes (``name = expression``) and blocks
(``type "label" { ... }``), and answers as HCL's ``hcl.Body`` does: ``attributes()`` (HCL's
JustAttributes) and ``content(schema)`` (HCL's Content: the attributes and blocks a schema
names, with HCL's diagnostics for the rest).

>>> f = parse_config('region = "eu"\\nserver "web" {\\n  size = 2\\n}\\n', "main.hcl")
>>> content = f.body.content(BodySchema(attributes=[AttributeSchema("region")],
...                                     blocks=[BlockHeaderSchema("server", ["name"])]))
>>> content.attributes["region"].expression.evaluate()
cty.string_val('eu')
>>> [(b.type, b.labels) for b in content.blocks]
[('server', ('web',))]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cty import Value
from cty._internal import (
    LARGE_INPUT,
    PAUSED,
    AttributeNode,
    BlockNode,
    BodyNode,
    Pos,
    TypeExprError,
    deep,
    go_quote,
    hop,
    name_suggestion,
    parse_config_text,
)

from ._context import EvalContext
from ._decode import BlockSchema, decode_body
from ._expression import Diagnostic, DiagnosticsError, Expression, Range, _diagnostic
from ._schema import AttributeSchema, BlockHeaderSchema, BodySchema

__all__ = ["Attribute", "AttributeSchema", "Block", "BlockHeaderSchema", "Body", "BodyContent",
           "BodySchema", "File", "parse_config"]
# (AttributeSchema, BlockHeaderSchema and BodySchema are _schema's, named here too)


@dataclass(frozen=True, eq=False)
class Attribute:
    """``name = expression`` in a body, as HCL's ``hcl.Attribute``: its name, its
    expression (evaluate it in a context), and where it is (``range`` from the name to the
    expression's end; ``name_range`` the name's)."""

    name: str
    expression: Expression
    range: Range
    name_range: Range


@dataclass(frozen=True, eq=False)
class Block:
    """``type "label" ... { body }``, as HCL's ``hcl.Block``: its type, labels and body,
    and where each is (``def_range`` from the type to the last label: where HCL points
    for a block as a whole; ``range`` from the type to the closing brace)."""

    type: str
    labels: tuple[str, ...]
    body: Body
    type_range: Range
    label_ranges: tuple[Range, ...]
    def_range: Range
    open_brace_range: Range
    range: Range


@dataclass(frozen=True, eq=False)
class BodyContent:
    """What ``Body.content`` found (HCL's ``hcl.BodyContent``): the schema's attributes that
    are set, by name, its blocks in the order written, and where to point for something
    missing."""

    attributes: dict[str, Attribute]
    blocks: tuple[Block, ...]
    missing_item_range: Range


@dataclass(frozen=True, eq=False)
class Body:
    """A body of attributes and blocks, as HCL's ``hclsyntax.Body``: its blocks in the order
    written, and where it is (``end_range`` the empty range at its end)."""

    _node: BodyNode = field(repr=False)
    _file: File = field(repr=False)
    blocks: tuple[Block, ...]
    range: Range
    end_range: Range

    @property
    def missing_item_range(self) -> Range:
        """Where HCL points for an item the body lacks: the empty range at its start."""
        start = self.range.start
        return Range(self.range.filename, start, start)

    def _attribute(self, node: AttributeNode) -> Attribute:
        f = self._file
        return Attribute(node.name, Expression(node.expression, f.text, f.filename),
                         Range(f.filename, *node.range), Range(f.filename, *node.name_range))

    def attributes(self) -> dict[str, Attribute]:
        """Return every attribute of the body by name, in the order written (HCL's
        JustAttributes: a body that may hold attributes only).

        Raises DiagnosticsError with HCL's "Unexpected ... block" for a body that holds a
        block."""
        if self.blocks:
            first = self.blocks[0]
            raise DiagnosticsError([Diagnostic(
                "error", f"Unexpected {go_quote(first.type)} block",
                "Blocks are not allowed here.", first.type_range)])
        return {name: self._attribute(a) for name, a in self._node.attributes.items()}

    def value(self, schema: BlockSchema, ctx: EvalContext | None = None
              ) -> tuple[Value, list[Diagnostic]]:
        """Return the value the body decodes to by *schema* in *ctx* (an object with an
        attribute for each of the schema's attributes and nested block types) and every
        diagnostic HCL's decoding reports: the body's content against the schema's first
        (as ``content``), then each attribute's ("Incorrect attribute value type") and
        each block type's ("Missing X block", "Duplicate X block", "Insufficient X
        blocks", "Too many X blocks"), in the schema's order, where HCL's order is its
        map's. Where an attribute fails, its value is an unknown of its type."""
        if not isinstance(schema, BlockSchema):
            raise TypeError(f"schema must be a BlockSchema, not {type(schema).__qualname__}")
        if ctx is not None and not isinstance(ctx, EvalContext):
            raise TypeError(f"ctx must be an EvalContext or None, not {type(ctx).__qualname__}")
        return decode_body(self, schema, ctx)

    def decode(self, schema: BlockSchema, ctx: EvalContext | None = None) -> Value:
        """Return the value the body decodes to by *schema* in *ctx* (see ``value``).

        Raises DiagnosticsError holding every diagnostic."""
        value, diags = self.value(schema, ctx)
        if diags:
            raise DiagnosticsError(diags)
        return value

    def content(self, schema: BodySchema) -> BodyContent:
        """Return the attributes and blocks of the body that *schema* names (HCL's
        Content).

        Raises DiagnosticsError holding every diagnostic HCL reports, in HCL's order (a
        required attribute missing, a block with too many or too few labels, then an
        attribute or a block type the schema does not name: "Unsupported argument", in
        the order written, where HCL's order is its map's)."""
        content, diags = self._content(schema)
        if diags:
            raise DiagnosticsError(diags)
        return content

    def _content(self, schema: BodySchema) -> tuple[BodyContent, list[Diagnostic]]:
        filename = self._file.filename
        diags: list[Diagnostic] = []
        found: dict[str, Attribute] = {}
        defined = self._node.attributes
        for attr_schema in schema.attributes:
            node = defined.get(attr_schema.name)
            if node is None:
                if attr_schema.required:
                    diags.append(Diagnostic(
                        "error", "Missing required argument", f"The argument "
                        f"{go_quote(attr_schema.name)} is required, but no definition was "
                        "found.", self.missing_item_range))
                continue
            found[attr_schema.name] = self._attribute(node)
        wanted = {b.type: b for b in schema.blocks}
        blocks = []
        for block in self.blocks:
            header = wanted.get(block.type)
            if header is None:
                continue
            label_names = list(header.label_names)
            whole = Range(filename, block.type_range.start, block.open_brace_range.end)
            if len(block.labels) > len(label_names):
                detail = (f"No labels are expected for {block.type} blocks." if not label_names
                          else f"Only {len(label_names)} labels ({', '.join(label_names)}) are "
                          f"expected for {block.type} blocks.")
                diags.append(Diagnostic("error", f"Extraneous label for {block.type}", detail,
                                        block.label_ranges[len(label_names)], whole))
            elif len(block.labels) < len(label_names):
                diags.append(Diagnostic(
                    "error", f"Missing {label_names[len(block.labels)]} for {block.type}",
                    f"All {block.type} blocks must have {len(label_names)} labels "
                    f"({', '.join(label_names)}).", block.open_brace_range, whole))
            else:
                blocks.append(block)
        attr_names = [a.name for a in schema.attributes]
        for name, node in defined.items():
            if name in found or name in attr_names:
                continue
            hint = name_suggestion(name, [n for n in attr_names if n not in found])
            if not hint and name in wanted:
                hint = f" Did you mean to define a block of type {go_quote(name)}?"
            diags.append(Diagnostic("error", "Unsupported argument", f"An argument named "
                                    f"{go_quote(name)} is not expected here.{hint}",
                                    Range(filename, *node.name_range)))
        for block in self.blocks:
            if block.type in wanted:
                continue
            hint = name_suggestion(block.type, list(wanted))
            if not hint and block.type in attr_names:
                hint = (f" Did you mean to define argument {go_quote(block.type)}? If so, use "
                        "the equals sign to assign it a value.")
            diags.append(Diagnostic("error", "Unsupported block type", f"Blocks of type "
                                    f"{go_quote(block.type)} are not expected here.{hint}",
                                    block.type_range))
        return BodyContent(found, tuple(blocks), self.missing_item_range), diags


@dataclass(frozen=True, eq=False)
class File:
    """A configuration file, parsed: its body, its text and its name."""

    body: Body = field(init=False)
    text: str
    filename: str

    def context_string(self, byte: int) -> str:
        """The top-level block the byte offset *byte* is in, as HCL's navigation names it
        for its text writer's "on FILE line N, in BLOCK:" (``resource "aws" "web"``; "" when
        it is in none).

        >>> parse_config('x = 1\\nserver "web" {\\n  size = 2\\n}\\n').context_string(22)
        'server "web"'
        """
        for block in self.body.blocks:
            if block.range.start.byte <= byte < block.range.end.byte:
                return " ".join([block.type, *(go_quote(label) for label in block.labels)])
        return ""


def _range(filename: str, at: tuple[Pos, Pos]) -> Range:
    return Range(filename, at[0], at[1])


@hop  # (blocks hold bodies: any depth)
def _body(node: BodyNode, file: File) -> Body:
    name = file.filename
    blocks = tuple(_block(b, file) for b in node.blocks)
    return Body(node, file, blocks, _range(name, node.range), _range(name, node.end_range))


def _block(node: BlockNode, file: File) -> Block:
    name = file.filename
    last = node.label_ranges[-1] if node.label_ranges else node.type_range
    return Block(node.type, node.labels, _body(node.body, file), _range(name, node.type_range),
                 tuple(_range(name, r) for r in node.label_ranges),
                 Range(name, node.type_range[0], last[1]), _range(name, node.open_brace_range),
                 Range(name, node.type_range[0], node.close_brace_range[1]))


def _file(text: str, filename: str) -> tuple[File, list[TypeExprError]]:
    node, errors = parse_config_text(text, filename)
    file = File(text, filename)
    object.__setattr__(file, "body", _body(node, file))
    return file, errors


@deep
def parse_config(text: str, filename: str = "<config>") -> File:
    """Return the configuration file *text* (HCL's native syntax: a body of attributes and
    blocks), as HCL's ParseConfig reads it.

    Raises DiagnosticsError with HCL's diagnostics for a file HCL cannot read: an attribute
    set twice ("Attribute redefined"), and the syntax errors, reading on after each as HCL
    does (every character HCL never accepts comes first); *filename* names the file in
    them. Its ``file`` is the file as HCL's parser made it (for ``format_diagnostics``: the
    blocks that give the diagnostics' "in BLOCK" context).
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__qualname__}")
    if len(text) >= LARGE_INPUT:
        with PAUSED:  # (a parse makes many containers and no cycle: see cty._collector)
            file, errors = _file(text, filename)
    else:
        file, errors = _file(text, filename)
    if errors:
        raise DiagnosticsError([_diagnostic(e, filename, text) for e in errors], file)
    return file
