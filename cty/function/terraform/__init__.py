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

So far: cidrhost, cidrnetmask, cidrsubnet, cidrsubnets, cidrcontains, base64encode,
base64decode, base64gunzip, urlencode, md5, sha1, sha256, sha512, base64sha256, base64sha512,
uuidv5, sensitive, nonsensitive, issensitive, startswith, endswith, strcontains, alltrue,
anytrue, coalesce, one, sum (``sum_``: Python has ``sum``), transpose.
Importing this package loads none of its modules: each name loads its module when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cty._internal import lazy_names

if TYPE_CHECKING:
    from ._cidr import cidrcontains, cidrhost, cidrnetmask, cidrsubnet, cidrsubnets
    from ._collection import alltrue, anytrue, coalesce, one, sum_, transpose
    from ._crypto import base64sha256, base64sha512, md5, sha1, sha256, sha512, uuidv5
    from ._encoding import base64decode, base64encode, base64gunzip, urlencode
    from ._pathnames import basename, dirname
    from ._scope import terraform_functions
    from ._sensitive import issensitive, nonsensitive, sensitive
    from ._string import endswith, startswith, strcontains
    from ._table import FUNCTIONS

_LAZY = {"FUNCTIONS": "._table"}
_LAZY.update({name: "._cidr" for name in ("cidrcontains", "cidrhost", "cidrnetmask",
                                          "cidrsubnet", "cidrsubnets")})
_LAZY.update({name: "._collection" for name in ("alltrue", "anytrue", "coalesce", "one",
                                                "sum_", "transpose")})
_LAZY.update({name: "._crypto" for name in (
    "base64sha256", "base64sha512", "md5", "sha1", "sha256", "sha512", "uuidv5")})
_LAZY.update({name: "._encoding" for name in (
    "base64decode", "base64encode", "base64gunzip", "urlencode")})
_LAZY.update({"basename": "._pathnames", "dirname": "._pathnames",
              "terraform_functions": "._scope"})
_LAZY.update({name: "._sensitive" for name in ("issensitive", "nonsensitive", "sensitive")})
_LAZY.update({name: "._string" for name in ("endswith", "startswith", "strcontains")})

__all__ = ["FUNCTIONS", "alltrue", "anytrue", "base64decode", "base64encode", "base64gunzip",
           "base64sha256", "base64sha512", "basename", "cidrcontains", "cidrhost", "cidrnetmask",
           "cidrsubnet", "cidrsubnets", "coalesce", "dirname", "endswith", "issensitive", "md5",
           "nonsensitive", "one", "sensitive", "sha1", "sha256", "sha512", "startswith",
           "strcontains", "sum_", "terraform_functions", "transpose", "urlencode", "uuidv5"]

__getattr__, __dir__ = lazy_names(_LAZY, globals())
