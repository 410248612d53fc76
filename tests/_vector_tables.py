"""Which vector lines we answer differently from go-cty 1.12.1, and why.

VERSION_CHANGES: go-cty changed the answer after 1.12.1 (the version the vectors come from); we
follow the newest go-cty (1.18.1), so the line is skipped with the change named.
DIVERGENCES: go-cty's answer is a defect we deliberately do not copy (docs/design/divergences.md);
the line asserts our behaviour instead: "raises" (a TypeError or ValueError) or "invalid-utf8"
(the input is refused as not Unicode).
"""

from __future__ import annotations

AND_OR_1_13 = (
    '1.13.0: And/Or with a known false/true operand answer false/true even beside an unknown '
    '(1.12 answered unknown)'
)
UNKNOWN_AS_NULL_1_16_4 = (
    '1.16.4: UnknownAsNull unmarks, recurses and keeps marks (1.12 panicked on a marked value '
    'or dropped the marks)'
)
HAS_ELEMENT_1_13 = (
    '1.13.0: HasElement of a set holding unknown elements is unknown when no known element '
    'matches (1.12 answered false)'
)
HAS_ELEMENT_NULL_1_18 = (
    '1.18.0: HasElement on a null set panics before looking at the element (1.12 answered '
    'unknown for an unknown element); we raise ValueError'
)
EQUALS_NULL_MARKS_1_18 = (
    '1.18.0: Equals against a null keeps only the top-level marks of each side (1.12 kept '
    'nested marks too)'
)
MISSING_MAP_KEY = (
    "go-cty's Index yields a null element for a map key that is absent; we raise ValueError "
    '(check has_index first)'
)
NOT_UNICODE = (
    'a Python str is Unicode, so these bytes cannot be a cty string: decoders refuse invalid '
    'UTF-8 (go-cty keeps the raw bytes)'
)

VERSION_CHANGES: dict[str, str] = {
    'c-op-0420': AND_OR_1_13,
    'c-op-0426': AND_OR_1_13,
    'c-op-0434': AND_OR_1_13,
    'c-op-0440': AND_OR_1_13,
    'c-op-0446': AND_OR_1_13,
    'c-op-0447': AND_OR_1_13,
    'c-op-0452': AND_OR_1_13,
    'c-op-0465': AND_OR_1_13,
    'c-op-0471': AND_OR_1_13,
    'c-op-0491': AND_OR_1_13,
    'c-op-0492': AND_OR_1_13,
    'c-op-0497': AND_OR_1_13,
    'c-op-0543': UNKNOWN_AS_NULL_1_16_4,
    'c-op-0798': HAS_ELEMENT_1_13,
    'c-op-0865': UNKNOWN_AS_NULL_1_16_4,
    'r1-op-00050': HAS_ELEMENT_1_13,
    'r1-op-00267': HAS_ELEMENT_1_13,
    'r1-op-00399': UNKNOWN_AS_NULL_1_16_4,
    'r1-op-00602': UNKNOWN_AS_NULL_1_16_4,
    'r1-op-00623': AND_OR_1_13,
    'r1-op-00630': HAS_ELEMENT_1_13,
    'r1-op-00713': HAS_ELEMENT_NULL_1_18,
    'r1-op-00725': HAS_ELEMENT_1_13,
    'r1-op-01025': AND_OR_1_13,
    'r1-op-01051': HAS_ELEMENT_1_13,
    'r1-op-01082': HAS_ELEMENT_NULL_1_18,
    'r1-op-01122': HAS_ELEMENT_NULL_1_18,
    'r1-op-01433': UNKNOWN_AS_NULL_1_16_4,
    'r1-op-01454': UNKNOWN_AS_NULL_1_16_4,
    'r1-op-01456': UNKNOWN_AS_NULL_1_16_4,
    'r1-op-01487': EQUALS_NULL_MARKS_1_18,
    'r1-op-01578': UNKNOWN_AS_NULL_1_16_4,
    'r1-op-01880': AND_OR_1_13,
    'r1-op-01899': AND_OR_1_13,
    'r1-op-02019': AND_OR_1_13,
    'r1-op-02042': HAS_ELEMENT_1_13,
    'r1-op-02053': AND_OR_1_13,
    'r1-op-02092': AND_OR_1_13,
    'r1-op-02123': UNKNOWN_AS_NULL_1_16_4,
}

DIVERGENCES: dict[str, tuple[str, str]] = {
    'c-op-0757': ('raises', MISSING_MAP_KEY),
    'c-string-0034': ('invalid-utf8', NOT_UNICODE),
    'c-string-0035': ('invalid-utf8', NOT_UNICODE),
    'c-string-0036': ('invalid-utf8', NOT_UNICODE),
    'c-string-0037': ('invalid-utf8', NOT_UNICODE),
    'c-string-0038': ('invalid-utf8', NOT_UNICODE),
    'c-string-0039': ('invalid-utf8', NOT_UNICODE),
    'c-string-0040': ('invalid-utf8', NOT_UNICODE),
    'c-string-0041': ('invalid-utf8', NOT_UNICODE),
    'c-string-0043': ('invalid-utf8', NOT_UNICODE),
    'c-string-0045': ('invalid-utf8', NOT_UNICODE),
    'r1-op-00657': ('raises', MISSING_MAP_KEY),
    'r1-op-00881': ('raises', MISSING_MAP_KEY),
    'r1-op-01068': ('raises', MISSING_MAP_KEY),
    'r1-op-01825': ('raises', MISSING_MAP_KEY),
    'r1-string-00005': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00009': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00011': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00014': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00030': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00053': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00056': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00072': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00074': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00098': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00099': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00112': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00119': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00122': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00134': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00140': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00152': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00170': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00174': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00175': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00188': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00206': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00213': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00217': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00221': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00228': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00231': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00245': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00246': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00262': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00264': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00268': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00271': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00292': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00309': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00320': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00327': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00333': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00346': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00347': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00355': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00356': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00361': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00363': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00365': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00366': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00367': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00368': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00392': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00399': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00405': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00408': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00410': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00414': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00418': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00419': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00431': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00438': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00444': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00448': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00449': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00452': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00462': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00467': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00472': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00494': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00497': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00510': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00511': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00521': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00543': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00548': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00562': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00576': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00577': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00580': ('invalid-utf8', NOT_UNICODE),
    'r1-string-00581': ('invalid-utf8', NOT_UNICODE),
}
