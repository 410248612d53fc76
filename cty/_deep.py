"""Running deeply recursive algorithms on deeply nested values.

Recursive walks are the clearest code for nested payloads. When a value is nested deeper than
Python's recursion limit allows, the walk is run again on a helper thread with a large stack and
a raised limit, with room for cty.limits().max_depth levels (10,000 unless set otherwise);
beyond that a clear ValueError is raised.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from ._errors import CtyValueError
from ._limits import FRAMES_PER_LEVEL, limits

P = ParamSpec("P")
R = TypeVar("R")

_STACK_BYTES = 1 << 30
_lock = threading.Lock()
_local = threading.local()


def deep(fn: Callable[P, R]) -> Callable[P, R]:
    """Wrap *fn* so a RecursionError makes it run again with room for deep nesting."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except RecursionError:
            if getattr(_local, "in_deep", False):
                raise
        return _run_deep(fn, *args, **kwargs)

    return wrapper


def in_deep_thread() -> bool:
    """Return whether this is the rerun with room for depth.

    Code that turns RecursionError into its own error (a DecodeError, say) re-raises it when
    this is False, so the nearest @deep entry point reruns the work instead of failing at
    Python's ordinary recursion limit:

        except RecursionError:
            if not in_deep_thread():
                raise
            error = DecodeError("value nested too deeply")
    """
    return bool(getattr(_local, "in_deep", False))


def _run_deep(fn: Callable[..., R], *args: Any, **kwargs: Any) -> R:
    result: list[Any] = []
    error: list[BaseException] = []
    depth = limits().max_depth
    room = FRAMES_PER_LEVEL * depth

    def target() -> None:
        _local.in_deep = True
        try:
            result.append(fn(*args, **kwargs))
        except RecursionError:
            error.append(CtyValueError(
                f"{getattr(fn, '__name__', 'operation')}: value is nested too deeply (this "
                f"is guaranteed to work to max_depth={depth:,} levels of cty.set_limits)"
            ))
        except BaseException as e:  # re-raised in the caller's thread
            error.append(e)

    with _lock:
        old_limit = sys.getrecursionlimit()
        old_stack = threading.stack_size()
        try:
            threading.stack_size(_STACK_BYTES)
            sys.setrecursionlimit(max(old_limit, room))
            t = threading.Thread(target=target, name="cty-deep")
            t.start()
            t.join()
        finally:
            threading.stack_size(old_stack)
            sys.setrecursionlimit(old_limit)
    if error:
        raise error[0]
    return result[0]  # type: ignore[no-any-return]
