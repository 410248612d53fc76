"""The marks that count as sensitive: values carrying one are never printed in clear.

``"sensitive"`` is registered from the start (Terraform's mark), ``cty.ext.eventual.SECRET``
when that module is imported. :func:`cty.format_value` redacts them wherever they sit, and so
do ``repr``/``str`` of a value (``go_string`` keeps go-cty's exact text).
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Final

from ._value import check_mark

registered: frozenset[Hashable] = frozenset({"sensitive"})
"""The registered marks (replaced whole on each change, so it is read without a lock)."""
_registry_lock: Final = threading.Lock()


def register_sensitive_mark(mark: Hashable, /) -> None:
    """Have :func:`cty.format_value` (and every printer built on it, ``repr`` and ``str`` of
    values too) redact values carrying *mark*, wherever they sit. ``"sensitive"`` is
    registered from the start, and ``cty.ext.eventual.SECRET`` when that module is imported."""
    global registered
    check_mark(mark)
    with _registry_lock:
        registered = registered | {mark}


def unregister_sensitive_mark(mark: Hashable, /) -> None:
    """Stop redacting *mark* by default (a mark not registered is ignored)."""
    global registered
    check_mark(mark)
    with _registry_lock:
        registered = registered - {mark}


def sensitive_marks() -> frozenset[Hashable]:
    """Return the marks redacted by default (see :func:`register_sensitive_mark`)."""
    return registered
