"""cty.function.terraform: the functions Terraform adds to go-cty's standard library, with
Terraform's names, argument rules, unknown and mark handling, and messages (written after
OpenTofu's lang/funcs; checked against HashiCorp's go-cty-funcs where it holds the function).

``FUNCTIONS`` maps each name to its Function; merge it with ``cty.function.stdlib.FUNCTIONS``
for Terraform's table:

>>> from cty.function.terraform import FUNCTIONS
>>> FUNCTIONS["base64encode"](cty.string_val("hello"))
cty.string_val('aGVsbG8=')
>>> FUNCTIONS["sha256"](cty.unknown_val(cty.String))
cty.unknown_val(cty.String).refine_not_null()

Here: Terraform's own length, index, lookup, matchkeys, replace, tobool, tolist, tomap,
tonumber, toset, tostring, coalesce; timecmp, urldecode, urlencode, textencodebase64,
textdecodebase64, the base64 and hash functions, uuidv5, rsadecrypt, the CIDR functions, basename,
dirname, sensitive, nonsensitive, issensitive, flip_sensitive, ephemeralasnull,
startswith, endswith,
strcontains, alltrue, anytrue, one, sum (``sum_``: Python has ``sum``), transpose,
yamlencode, yamldecode, and the removed list and map (``list_``, ``map_``).
``terraform_functions()`` makes Terraform's whole table, with the file functions (bound to a
base directory) and the impure ones on request.
Importing this package loads none of its modules: each name loads its module when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cty._internal import lazy_names

if TYPE_CHECKING:
    from ._cidr import cidrcontains, cidrhost, cidrnetmask, cidrsubnet, cidrsubnets
    from ._collection import alltrue, anytrue, coalesce, list_, map_, one, sum_, transpose
    from ._conversion import tobool, tolist, tomap, tonumber, toset, tostring
    from ._crypto import base64sha256, base64sha512, md5, rsadecrypt, sha1, sha256, sha512, uuidv5
    from ._datetime import timecmp
    from ._encoding import (
        base64decode,
        base64encode,
        base64gunzip,
        base64gzip,
        urldecode,
        urlencode,
    )
    from ._pathnames import basename, dirname
    from ._scope import terraform_functions
    from ._search import index, length, lookup, matchkeys
    from ._sensitive import flip_sensitive, issensitive, nonsensitive, sensitive
    from ._string import endswith, replace, startswith, strcontains
    from ._table import FUNCTIONS
    from ._text_encoding import textdecodebase64, textencodebase64
    from ._yaml_decode import yamldecode
    from ._yaml_encode import yamlencode

_LAZY = {"FUNCTIONS": "._table"}
_LAZY.update({name: "._cidr" for name in ("cidrcontains", "cidrhost", "cidrnetmask",
                                          "cidrsubnet", "cidrsubnets")})
_LAZY.update({name: "._collection" for name in ("alltrue", "anytrue", "coalesce", "list_",
                                                "map_", "one", "sum_", "transpose")})
_LAZY.update({name: "._crypto" for name in (
    "base64sha256", "base64sha512", "md5", "rsadecrypt", "sha1", "sha256", "sha512",
    "uuidv5")})
_LAZY.update({name: "._encoding" for name in (
    "base64decode", "base64encode", "base64gunzip", "base64gzip", "urldecode", "urlencode")})
_LAZY.update({name: "._conversion" for name in ("tobool", "tolist", "tomap", "tonumber",
                                                "toset", "tostring")})
_LAZY.update({name: "._search" for name in ("index", "length", "lookup", "matchkeys")})
_LAZY.update({"yamlencode": "._yaml_encode", "yamldecode": "._yaml_decode",
              "textencodebase64": "._text_encoding", "textdecodebase64": "._text_encoding"})
_LAZY.update({"timecmp": "._datetime", "replace": "._string", "flip_sensitive": "._sensitive"})
_LAZY.update({"basename": "._pathnames", "dirname": "._pathnames",
              "terraform_functions": "._scope"})
_LAZY.update({name: "._sensitive" for name in ("ephemeralasnull", "issensitive", "nonsensitive",
                                                "sensitive")})
_LAZY.update({name: "._string" for name in ("endswith", "startswith", "strcontains")})

__all__ = ["FUNCTIONS", "alltrue", "anytrue", "base64decode", "base64encode", "base64gunzip",
           "base64gzip",
           "base64sha256", "base64sha512", "basename", "cidrcontains", "cidrhost", "cidrnetmask",
           "cidrsubnet", "cidrsubnets", "coalesce", "dirname", "endswith", "ephemeralasnull",
           "flip_sensitive",
           "index", "issensitive", "length", "list_", "lookup", "map_", "matchkeys", "md5",
           "nonsensitive", "one", "replace", "rsadecrypt", "sensitive", "sha1", "sha256", "sha512",
           "startswith", "strcontains", "sum_", "terraform_functions", "textdecodebase64",
           "textencodebase64", "timecmp", "tobool", "tolist", "tomap", "tonumber", "toset",
           "tostring", "transpose", "urldecode", "urlencode", "uuidv5", "yamldecode",
           "yamlencode"]

__getattr__, __dir__ = lazy_names(_LAZY, globals())
