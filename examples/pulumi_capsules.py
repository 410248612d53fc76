"""Pulumi's Asset, Archive and ResourceReference as cty capsule types: a worked example of
capsule ops (content equality, set membership, conversion, JSON and Pulumi's wire form).

These are Pulumi-engine concepts, not cty's, so they live here rather than in the library.
Each is a frozen msgspec Struct whose fields are Pulumi's wire fields, so cty's JSON encoding
(which writes a capsule's object with msgspec) and cty.ext.pulumi_wire (through
``__pulumi_wire__``) both write Pulumi's serialized form, signature key first.

    >>> import cty
    >>> a = asset_val(Asset.from_text("hello"))
    >>> a == asset_val(Asset.from_text("hello"))   # equal by content hash, not identity
    True
    >>> ref = resource_ref_val(ResourceRef(urn="urn:pulumi:dev::app::aws:s3/bucket:Bucket::b",
    ...                                    id="bucket-1234"))
    >>> cty.convert.convert(ref, cty.String)       # a reference reads as its id
    cty.string_val('bucket-1234')
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

import cty
import cty.convert
from cty.ext.pulumi_wire import ARCHIVE_SIG, ASSET_SIG, RESOURCE_REFERENCE_SIG, SIG_KEY

__all__ = ["ARCHIVE", "ASSET", "RESOURCE_REF", "Archive", "Asset", "ResourceRef",
           "archive_val", "asset_val", "decoders", "resource_ref_val"]


class Asset(msgspec.Struct, frozen=True, omit_defaults=True):
    """A blob of content: text, a file path or a URI, and the sha256 of its contents (known
    at once for text; for the others, whatever the host supplies)."""

    sig: str = msgspec.field(name=SIG_KEY)
    hash: str | None = None
    text: str | None = None
    path: str | None = None
    uri: str | None = None

    @classmethod
    def from_text(cls, text: str) -> Asset:
        """A text asset, its hash computed as Pulumi's EnsureHash does."""
        return cls(ASSET_SIG, hashlib.sha256(text.encode("utf-8")).hexdigest(), text=text)

    @classmethod
    def from_path(cls, path: str, hash: str | None = None) -> Asset:
        """A file asset (the example reads no files: the hash is the host's)."""
        return cls(ASSET_SIG, hash, path=path)

    def __pulumi_wire__(self) -> Any:
        return msgspec.to_builtins(self)


class Archive(msgspec.Struct, frozen=True, omit_defaults=True):
    """A collection of assets and archives by name, or a path or URI, with the host's hash."""

    sig: str = msgspec.field(name=SIG_KEY)
    hash: str | None = None
    assets: dict[str, Asset | Archive] | None = None
    path: str | None = None
    uri: str | None = None

    def __pulumi_wire__(self) -> Any:
        return msgspec.to_builtins(self)


class ResourceRef(msgspec.Struct, frozen=True, omit_defaults=True):
    """A reference to a resource: its URN, its id (None for a component resource, "" while
    unknown) and its package version."""

    urn: str
    id: str | None = None
    packageVersion: str = ""  # Pulumi's wire name
    name: str = ""  # the resource's name and type: for people, not part of its identity
    type: str = ""

    def __pulumi_wire__(self) -> Any:
        wire = {k: v for k, v in msgspec.to_builtins(self).items() if k not in ("name", "type")}
        return {SIG_KEY: RESOURCE_REFERENCE_SIG, **wire}


def _same_content(a: Asset | Archive, b: Asset | Archive) -> bool:
    return a == b or (a.hash is not None and a.hash == b.hash)


def _content_ops() -> cty.CapsuleOps:
    # Pulumi compares assets and archives by the hash of their contents
    return cty.CapsuleOps(
        raw_equals=_same_content,
        equals=lambda a, b: cty.bool_val(_same_content(a, b)),
        hash_key=lambda a: a.hash or repr(a),
        type_go_string=lambda: "pulumi.Asset",
    )


ASSET = cty.CapsuleWithOps("asset", Asset, _content_ops())
"""The capsule type of an Asset."""
ARCHIVE = cty.CapsuleWithOps("archive", Archive, _content_ops())
"""The capsule type of an Archive."""


def _ref_key(r: ResourceRef) -> tuple[str, str | None, str]:
    return (r.urn, r.id, r.packageVersion)


def _ref_to(target: cty.Type) -> Any:
    """A reference converts to a string: its id, or its URN for a component resource, or an
    unknown string while its id is "" (Pulumi's type system says so)."""
    if target != cty.String:
        return None

    def convert(ref: ResourceRef, path: cty.Path) -> cty.Value:
        if ref.id is None:
            return cty.string_val(ref.urn)
        if ref.id == "":
            return cty.unknown_val(cty.String)
        return cty.string_val(ref.id)

    return convert


RESOURCE_REF = cty.CapsuleWithOps("resource_ref", ResourceRef, cty.CapsuleOps(
    raw_equals=lambda a, b: _ref_key(a) == _ref_key(b),
    equals=lambda a, b: cty.bool_val(_ref_key(a) == _ref_key(b)),
    hash_key=lambda r: repr(_ref_key(r)),
    conversion_from=_ref_to,
))
"""The capsule type of a ResourceRef (equal when URN, id and package version are)."""


def asset_val(a: Asset) -> cty.Value:
    """An Asset as a cty value."""
    return cty.capsule_val(ASSET, a)


def archive_val(a: Archive) -> cty.Value:
    """An Archive as a cty value."""
    return cty.capsule_val(ARCHIVE, a)


def resource_ref_val(r: ResourceRef) -> cty.Value:
    """A ResourceRef as a cty value."""
    return cty.capsule_val(RESOURCE_REF, r)


def decoders() -> dict[str, Any]:
    """Decoders for cty.ext.pulumi_wire.from_pulumi_wire, by signature."""
    return {
        ASSET_SIG: lambda data, ty: asset_val(msgspec.convert(data, Asset)),
        ARCHIVE_SIG: lambda data, ty: archive_val(msgspec.convert(data, Archive)),
        RESOURCE_REFERENCE_SIG: lambda data, ty: resource_ref_val(msgspec.convert(
            {k: v for k, v in data.items() if k != SIG_KEY}, ResourceRef)),
    }
