"""Terraform's conversion functions (OpenTofu's lang/funcs conversion.go): tobool, tonumber,
tostring, tolist, toset, tomap. They are go-cty's, but for marks: an argument's marks stay
where they are in the result (a list with one sensitive element keeps that element's mark on
it alone), and a sensitive value that cannot be converted is not described."""

from __future__ import annotations

from cty import Bool, DynamicPseudoType, List, Map, Number, Set, String

from ..stdlib._conversion import make_to_func

__all__ = ["tobool", "tolist", "tomap", "tonumber", "toset", "tostring"]

tostring = make_to_func(String, marked=True)
"""tostring(v): *v* converted to a string."""
tonumber = make_to_func(Number, marked=True)
"""tonumber(v): *v* converted to a number."""
tobool = make_to_func(Bool, marked=True)
"""tobool(v): *v* converted to a bool."""
tolist = make_to_func(List(DynamicPseudoType), marked=True)
"""tolist(v): *v* converted to a list of its elements' common type."""
toset = make_to_func(Set(DynamicPseudoType), marked=True)
"""toset(v): *v* converted to a set of its elements' common type."""
tomap = make_to_func(Map(DynamicPseudoType), marked=True)
"""tomap(v): *v* converted to a map of its elements' common type."""
