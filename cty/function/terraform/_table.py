"""The table of Terraform's functions, by Terraform's names."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from .._function import Function
from ._cidr import cidrcontains, cidrhost, cidrnetmask, cidrsubnet, cidrsubnets
from ._collection import alltrue, anytrue, coalesce, list_, map_, one, sum_, transpose
from ._conversion import tobool, tolist, tomap, tonumber, toset, tostring
from ._crypto import base64sha256, base64sha512, md5, rsadecrypt, sha1, sha256, sha512, uuidv5
from ._datetime import timecmp
from ._encoding import base64decode, base64encode, base64gunzip, base64gzip, urldecode, urlencode
from ._pathnames import basename, dirname
from ._search import index, length, lookup, matchkeys
from ._sensitive import ephemeralasnull, flip_sensitive, issensitive, nonsensitive, sensitive
from ._string import endswith, replace, startswith, strcontains
from ._text_encoding import textdecodebase64, textencodebase64
from ._yaml_decode import yamldecode
from ._yaml_encode import yamlencode

__all__ = ["FUNCTIONS"]

FUNCTIONS: Final[Mapping[str, Function]] = MappingProxyType({
    "alltrue": alltrue,
    "anytrue": anytrue,
    "base64decode": base64decode,
    "base64encode": base64encode,
    "base64gunzip": base64gunzip,
    "base64gzip": base64gzip,
    "base64sha256": base64sha256,
    "base64sha512": base64sha512,
    "basename": basename,
    "cidrcontains": cidrcontains,
    "cidrhost": cidrhost,
    "cidrnetmask": cidrnetmask,
    "cidrsubnet": cidrsubnet,
    "cidrsubnets": cidrsubnets,
    "coalesce": coalesce,
    "dirname": dirname,
    "endswith": endswith,
    "ephemeralasnull": ephemeralasnull,
    "flip_sensitive": flip_sensitive,
    "index": index,
    "issensitive": issensitive,
    "length": length,
    "list": list_,
    "lookup": lookup,
    "map": map_,
    "matchkeys": matchkeys,
    "md5": md5,
    "nonsensitive": nonsensitive,
    "one": one,
    "replace": replace,
    "rsadecrypt": rsadecrypt,
    "sensitive": sensitive,
    "sha1": sha1,
    "sha256": sha256,
    "sha512": sha512,
    "startswith": startswith,
    "strcontains": strcontains,
    "sum": sum_,
    "textdecodebase64": textdecodebase64,
    "textencodebase64": textencodebase64,
    "timecmp": timecmp,
    "tobool": tobool,
    "tolist": tolist,
    "tomap": tomap,
    "tonumber": tonumber,
    "toset": toset,
    "tostring": tostring,
    "transpose": transpose,
    "urldecode": urldecode,
    "urlencode": urlencode,
    "uuidv5": uuidv5,
    "yamldecode": yamldecode,
    "yamlencode": yamlencode,
})
"""Terraform's functions beyond go-cty's standard library, by Terraform's names (read-only)."""
