"""cty.ext: ideas from beyond go-cty, built on the core (docs/design in the reference).

``cty.ext.eventual`` carries Pulumi's Output semantics (secret, dependencies, unknown) on cty
marks and unknowns; ``cty.ext.pulumi_wire`` writes and reads Pulumi's property-value wire form.
"""
