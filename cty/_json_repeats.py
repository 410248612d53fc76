"""Whether msgspec, reading JSON, dropped an object entry because its key came again.

msgspec keeps the last entry of a repeated key and drops the others unseen; go-cty reads every
entry (and reports a bad one, even if a later entry replaces it). Every entry of an object
has one colon; strings may hold more. Writing the tree again gives the same strings, minus
those of dropped entries, and one colon per entry kept: so the text has more colons than the
tree written again exactly when an entry was dropped (or, rarely, when the text wrote a colon
inside a string as an escape, which only sends the caller to its careful path for nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from ._deep import in_deep_thread
from ._msgspec_deep import encode_spliced


def repeats_dropped(raw: bytes, tree: Any, enc_hook: Callable[[Any], Any]) -> bool:
    """Whether JSON text *raw*, which msgspec decoded to *tree*, repeated a key in an object.

    *enc_hook* turns the decoder's own number objects back into something msgspec writes.
    """
    colons = raw.count(b":")
    if colons < 2:
        return False
    try:
        try:
            again = msgspec.json.encode(tree, enc_hook=enc_hook)
        except RecursionError:  # on a chain of cty._deep: deeper than msgspec may go
            if not in_deep_thread():
                raise
            again = encode_spliced(lambda t: msgspec.json.encode(t, enc_hook=enc_hook), tree, {})
    except (TypeError, ValueError, OverflowError, NotImplementedError):
        return True  # (an int beyond 64 bits, say: the caller's careful path decides)
    return again.count(b":") != colons
