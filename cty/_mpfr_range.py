"""Go's binary exponent range for gmpy2, per thread.

Go's big.Float keeps a 32-bit exponent: a finite number is m * 2**e with 0.5 <= m < 1 and
-2**31 <= e <= 2**31 - 1. MPFR allows that range (its own limit is near 2**62), but computes
every operation within the calling thread's current exponent range, which is +-(2**30 - 1)
unless someone widens it, and gmpy2 offers no way to: a gmpy2 context's ``emax``/``emin`` only
narrow a result after MPFR has computed it. So this module calls MPFR's ``mpfr_set_emax`` and
``mpfr_set_emin`` through ctypes, on the very library gmpy2 has loaded, once in each thread
that does number work (MPFR keeps the range per thread).

Widening is invisible to other users of gmpy2 in the process: gmpy2 narrows every result to
its own context's range afterwards, so their numbers overflow where they always did.

Where the library cannot be found (a platform whose loaded libraries cannot be listed and
whose gmpy2 has no bundled copy), numbers keep MPFR's default range: values beyond
+-2**30 binary orders overflow to an infinity or underflow to zero. ``WIDE`` says which.
"""

from __future__ import annotations

import ctypes
import os
import sys
from typing import Final

import gmpy2

GO_MAX_EXP: Final = (1 << 31) - 1
"""Go's big.MaxExp: the largest binary exponent of a finite number."""
GO_MIN_EXP: Final = -(1 << 31)
"""Go's big.MinExp: the smallest binary exponent of a non-zero number."""


def _loaded_mpfr_paths() -> list[str]:
    """Return the paths of the MPFR libraries this process has mapped (Linux), else []."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            lines = maps.read().splitlines()
    except OSError:
        return []
    found: list[str] = []
    for line in lines:
        path = line.rpartition(" ")[2]
        if "libmpfr" in os.path.basename(path) and path not in found:
            found.append(path)
    return found


def _bundled_mpfr_paths() -> list[str]:
    """Return the MPFR libraries shipped inside gmpy2's wheel (macOS and Windows layouts too)."""
    package_dir = os.path.dirname(os.path.abspath(gmpy2.__file__))
    candidates = [
        package_dir,
        os.path.join(package_dir, ".dylibs"),
        os.path.join(os.path.dirname(package_dir), "gmpy2.libs"),
    ]
    found: list[str] = []
    for folder in candidates:
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        found.extend(os.path.join(folder, n) for n in names if _is_mpfr_library(n))
    return found


def _is_mpfr_library(name: str) -> bool:
    """Return whether the file name *name* is a shared MPFR library (libmpfr-ab12.so.6, ...)."""
    lower = name.lower()
    return "mpfr" in lower and (lower.endswith((".so", ".dylib", ".dll")) or ".so." in lower)


def _open_mpfr() -> ctypes.CDLL | None:
    """Return the MPFR library gmpy2 uses, with the range setters typed, or None."""
    paths = _loaded_mpfr_paths() if sys.platform.startswith("linux") else []
    for path in paths or _bundled_mpfr_paths():
        try:
            lib = ctypes.CDLL(path)
            set_emax = lib.mpfr_set_emax
            set_emin = lib.mpfr_set_emin
        except (OSError, AttributeError):
            continue
        set_emax.argtypes = [ctypes.c_long]
        set_emax.restype = ctypes.c_int
        set_emin.argtypes = [ctypes.c_long]
        set_emin.restype = ctypes.c_int
        return lib
    return None


_LIB: Final = _open_mpfr() if ctypes.sizeof(ctypes.c_long) >= 8 else None


def _widen_this_thread() -> bool:
    """Set this thread's MPFR exponent range to Go's; return whether that worked."""
    if _LIB is None:
        return False
    if _LIB.mpfr_set_emax(GO_MAX_EXP) != 0 or _LIB.mpfr_set_emin(GO_MIN_EXP) != 0:
        return False
    # The proof that the library is the one gmpy2 computes with: 2**(2**30 + 1) is finite.
    probe = gmpy2.context(precision=2, emax=GO_MAX_EXP, emin=GO_MIN_EXP)
    return bool(gmpy2.is_finite(probe.mul_2exp(gmpy2.mpfr(1, 2), (1 << 30) + 1)))


WIDE: Final = _widen_this_thread()
"""Whether numbers have Go's exponent range here (False: MPFR's default, +-(2**30 - 1)).

The importing thread is widened now; every other thread must call ``widen_this_thread``
before its first number work (cty._number does, through its per-thread contexts).
"""

EMAX: Final = GO_MAX_EXP if WIDE else int(gmpy2.get_context().emax)
"""The largest binary exponent numbers keep (Go's where WIDE)."""
EMIN: Final = GO_MIN_EXP if WIDE else int(gmpy2.get_context().emin)
"""The smallest binary exponent numbers keep (Go's where WIDE)."""


def widen_this_thread() -> bool:
    """Give the calling thread Go's exponent range, if this platform allows; return whether."""
    return WIDE and _widen_this_thread()
