"""What a body may hold, as HCL's ``hcl.BodySchema`` says it: the attributes (each required or
not) and the types of block (each with the names of its labels) that ``Body.content`` takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["AttributeSchema", "BlockHeaderSchema", "BodySchema"]


@dataclass(frozen=True)
class AttributeSchema:
    """An attribute a body may hold (HCL's ``hcl.AttributeSchema``): with *required*, a body
    without it gets HCL's "Missing required argument"."""

    name: str
    required: bool = False


@dataclass(frozen=True)
class BlockHeaderSchema:
    """A type of block a body may hold, and the names of the labels each must have (HCL's
    ``hcl.BlockHeaderSchema``)."""

    type: str
    label_names: Sequence[str] = ()


@dataclass(frozen=True)
class BodySchema:
    """The attributes and block types a body may hold (HCL's ``hcl.BodySchema``)."""

    attributes: Sequence[AttributeSchema] = ()
    blocks: Sequence[BlockHeaderSchema] = ()
