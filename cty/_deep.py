"""Running deeply recursive algorithms on deeply nested values, in any thread.

Recursive walks are the clearest code for nested payloads, so the library keeps them. Functions
that recurse are wrapped with :func:`deep` (or :func:`hop`). Shallow data runs as written. When
Python's recursion limit stops a call, the call runs again on a *chain* of helper threads: each
wrapped call made in the chain first looks at how many frames its thread already holds, and
past a third of the recursion limit it runs on a fresh thread (with its own stack and its own
recursion count) while the thread that made it waits. No thread goes deeper than the limit
allows, and the recursion limit, the thread stack size and every other process-wide setting
stay as they are, so other threads, deep in their own work, are never affected. Context
variables flow down the chain and back up: each helper runs in a copy of its caller's context,
and the caller takes every change back.

Recursion in C (msgspec's encoders and decoders, the json module's scanner) cannot hop: on a
chain's thread, code that uses it takes another way where the data is deeper than it may go
(see cty._msgspec_deep).

A chain is bounded by ``cty.limits().max_depth``; beyond it a CtyValueError says the value is
nested too deeply, naming the setting.
"""

from __future__ import annotations

import contextvars
import functools
import sys
import threading
import types
from collections.abc import Callable
from typing import Any, Final, ParamSpec, TypeVar

from ._codegen import SourceWriter, code, join
from ._errors import CtyValueError
from ._limits import FRAMES_PER_LEVEL, LimitExceededError, limits

P = ParamSpec("P")
R = TypeVar("R")

# --- state --------------------------------------------------------------------------------------

_chain: dict[int, tuple[int, int]] = {}
"""Thread ident -> (its place in its chain, counting from 0; the ident of the thread the chain
serves) for the helper threads running now. Empty almost always: the wrappers test it once per
call."""
_get_ident: Final = threading.get_ident
_getframe: Final = sys._getframe


# --- the wrappers ---------------------------------------------------------------------------------

def deep(fn: Callable[P, R]) -> Callable[P, R]:
    """Wrap *fn* (a function that may recurse) so it works at any depth up to max_depth.

    A call stopped by the recursion limit runs again, from this call, on a chain: *fn* must
    have no effects that a second run would repeat (append to a list it was given, say). Such
    a helper is wrapped with :func:`hop` instead, under an entry point wrapped with deep.
    """
    fixed = _fixed_wrapper(fn, _DEEP_SOURCE)
    if fixed is not None:
        return fixed

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        if _chain:
            return _guarded(fn, args, kwargs)
        try:
            return fn(*args, **kwargs)
        except RecursionError:
            pass
        return _rerun(fn, args, kwargs)

    return wrapper


def hop(fn: Callable[P, R]) -> Callable[P, R]:
    """Wrap *fn*, a recursive helper that some function wrapped with :func:`deep` calls, so
    that in a chain it moves on to a fresh thread when its thread is deep. It never runs
    again: a RecursionError goes up to the deep function, which runs the whole work again."""
    fixed = _fixed_wrapper(fn, _HOP_SOURCE)
    if fixed is not None:
        return fixed

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        if _chain:
            return _hopped(fn, args, kwargs)
        return fn(*args, **kwargs)

    return wrapper


# (In a chain, the wrappers test for room themselves, as _in_chain does, rather than through
# calls: a frame a wrapper adds stays on the stack below the call it makes, so every one
# costs room on each level of the data, and each link of a chain is a thread handoff.)
_DEEP_SOURCE: Final = """\
def wrapper({params}):
    if _cty_chain:
        _cty_place = _cty_chain.get(_cty_ident())
        if _cty_place is None:
            return _cty_guarded(_cty_fn, ({args},), {{}})
        try:
            _cty_getframe(_cty_max(_cty_limit() // 3, 8))
        except ValueError:
            return _cty_fn({args})
        return _cty_link(_cty_fn, ({args},), {{}}, _cty_place[0] + 1, _cty_place[1])
    try:
        return _cty_fn({args})
    except RecursionError:
        pass
    return _cty_rerun(_cty_fn, ({args},), {{}})
"""
_HOP_SOURCE: Final = """\
def wrapper({params}):
    if _cty_chain:
        _cty_place = _cty_chain.get(_cty_ident())
        if _cty_place is not None:
            try:
                _cty_getframe(_cty_max(_cty_limit() // 3, 8))
            except ValueError:
                return _cty_fn({args})
            return _cty_link(_cty_fn, ({args},), {{}}, _cty_place[0] + 1, _cty_place[1])
    return _cty_fn({args})
"""
_PLAIN_ARGUMENTS: Final = 0x04 | 0x08  # CO_VARARGS | CO_VARKEYWORDS
_templates: dict[tuple[str, int, int], Callable[..., Any]] = {}
"""(source, number of parameters, how many of them positional-only) -> the wrapper compiled
with parameters ``_cty_a0...``: each wrapped function gets a copy with its own parameter
names, so the modules that wrap functions compile one wrapper per shape when imported, not one
per function."""


def _fixed_wrapper(fn: Callable[P, R], source: str) -> Callable[P, R] | None:
    """Return a wrapper (*source* formatted) taking exactly *fn*'s parameters (a call with a
    fixed number of arguments costs half as much as one through *args), or None when *fn*
    takes *args, **kwargs or keyword-only parameters."""
    fn_code = getattr(fn, "__code__", None)
    if (fn_code is None or fn_code.co_flags & _PLAIN_ARGUMENTS or fn_code.co_kwonlyargcount
            or not fn_code.co_argcount):
        return None
    count = fn_code.co_argcount
    positional = fn_code.co_posonlyargcount
    names = fn_code.co_varnames[:count]
    if any(name.startswith("_cty_") for name in names):
        return None  # (the template's own names; no function of ours takes such a parameter)
    template = _templates.get((source, count, positional))
    if template is None:
        template = _templates.setdefault((source, count, positional),
                                         _template(source, count, positional))
    template_code = template.__code__
    wrapper_code = template_code.replace(
        co_varnames=names + template_code.co_varnames[count:])
    namespace = dict(template.__globals__)
    namespace["_cty_fn"] = fn
    wrapper: Callable[P, R] = types.FunctionType(
        wrapper_code, namespace, "wrapper", getattr(fn, "__defaults__", None))
    return functools.wraps(fn)(wrapper)


def _template(source: str, count: int, positional: int) -> Callable[..., Any]:
    """Compile *source* as a wrapper of *count* parameters, the first *positional* of them
    positional-only, for no function yet."""
    w = SourceWriter("wrapper")
    w.bind_names(_cty_chain=_chain, _cty_guarded=_guarded, _cty_rerun=_rerun, _cty_fn=None,
                 _cty_ident=_get_ident, _cty_getframe=_getframe, _cty_max=max,
                 _cty_limit=sys.getrecursionlimit, _cty_link=_link)
    args = [code("_cty_a{i}", i=i) for i in range(count)]
    params = [*args[:positional], code("/"), *args[positional:]] if positional else args
    w.add(source, params=join(params), args=join(args))
    return w.function()


def in_deep_thread() -> bool:
    """Return whether this thread is a chain's helper, where recursion that cannot hop
    (msgspec's, in C) must take another way, and where a RecursionError means the value is
    nested too deeply.

    Code that turns RecursionError into its own error (a DecodeError, say) re-raises it when
    this is False, so the nearest @deep function reruns the work on a chain instead of failing
    at Python's ordinary recursion limit:

        except RecursionError:
            if not in_deep_thread():
                raise
            error = DecodeError("value nested too deeply")
    """
    return bool(_chain) and _get_ident() in _chain


def owner_ident() -> int:
    """Return the ident of the thread this thread works for: the chain's caller for a helper
    thread, this thread's own ident otherwise (for state kept per caller, such as memos)."""
    if _chain:
        place = _chain.get(_get_ident())
        if place is not None:
            return place[1]
    return _get_ident()


def _hop_frames() -> int:
    """Frames a thread may hold before a wrapped call moves on to a fresh thread: a third of
    the recursion limit, as a frame may count twice or more against it (a call from C code
    counts as well as the Python frame it makes)."""
    return max(sys.getrecursionlimit() // 3, 8)


def _too_deep(fn: Callable[..., Any]) -> CtyValueError:
    return LimitExceededError(
        f"{getattr(fn, '__name__', 'operation')}: value is nested too deeply (this is "
        f"guaranteed to work to max_depth={limits().max_depth:,} levels of cty.set_limits)")


# --- wrapped calls while some chain is going on ---------------------------------------------------

def _guarded(fn: Callable[..., R], args: Any, kwargs: Any) -> R:
    place = _chain.get(_get_ident())
    if place is not None:
        return _in_chain(place, fn, args, kwargs)
    try:  # an ordinary thread, while another one has a chain
        return fn(*args, **kwargs)
    except RecursionError:
        pass
    return _rerun(fn, args, kwargs)


def _hopped(fn: Callable[..., R], args: Any, kwargs: Any) -> R:
    place = _chain.get(_get_ident())
    if place is not None:
        return _in_chain(place, fn, args, kwargs)
    return fn(*args, **kwargs)


def _in_chain(place: tuple[int, int], fn: Callable[..., R], args: Any, kwargs: Any) -> R:
    try:
        _getframe(_hop_frames())
    except ValueError:  # this thread has room
        return fn(*args, **kwargs)
    return _link(fn, args, kwargs, place[0] + 1, place[1])


def _rerun(fn: Callable[..., R], args: Any, kwargs: Any) -> R:
    """Run fn(*args, **kwargs), stopped by the recursion limit in this thread, on a chain."""
    return _link(fn, args, kwargs, 0, _get_ident())


# --- chains -------------------------------------------------------------------------------------

def _most_links() -> int:
    """The longest chain allowed: enough for max_depth levels of FRAMES_PER_LEVEL frames."""
    return limits().max_depth * FRAMES_PER_LEVEL // _hop_frames() + 2


def _link(fn: Callable[..., R], args: Any, kwargs: Any, place: int, owner: int) -> R:
    """Run fn(*args, **kwargs) on a new helper thread, the *place*-th of its chain, and wait."""
    if place > _most_links():
        raise _too_deep(fn)
    return _on_thread(fn, args, kwargs, (place, owner), f"cty-deep-{place}")


def _on_thread(fn: Callable[..., R], args: Any, kwargs: Any, place: tuple[int, int],
               name: str) -> R:
    return _start(fn, args, kwargs, place, name)()


def _start(fn: Callable[..., R], args: Any, kwargs: Any, place: tuple[int, int],
           name: str) -> Callable[[], R]:
    """Start fn(*args, **kwargs) on a new thread at *place* in _chain, in a copy of this
    context; return the function that waits for it, takes the context's changes back and
    gives the result (or raises the error)."""
    context = contextvars.copy_context()
    result: list[Any] = []
    error: list[BaseException] = []

    def target() -> None:
        me = _get_ident()
        _chain[me] = place
        try:
            result.append(context.run(fn, *args, **kwargs))
        except RecursionError:  # recursion that could not hop
            error.append(_too_deep(fn))
        except BaseException as e:  # re-raised in the caller's thread
            error.append(e)
        finally:
            del _chain[me]

    t = threading.Thread(target=target, name=name, daemon=True)
    try:
        t.start()
    except RuntimeError:  # the system gives no more threads
        raise _too_deep(fn) from None

    def wait() -> R:
        t.join()
        for var, value in context.items():
            if var.get(_UNSET) is not value:
                var.set(value)
        if error:
            raise error[0]
        return result[0]  # type: ignore[no-any-return]

    return wait


_UNSET: Final = object()
