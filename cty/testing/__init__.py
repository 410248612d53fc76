"""cty.testing: tools for testing code that uses cty.

``cty.testing.strategies`` holds hypothesis strategies for types, values and Python data
(``pip install hypothesis``, or the ``test`` extra).
"""
