"""cty.convert: go-cty's conversions between types, and unification.

Being built (issue #3): the conversion matrices, unify and mismatch messages land here.
"""

__all__: list[str] = []
