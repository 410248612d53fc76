"""Go's sort.SliceStable, step for step, for orders that are not strict weak orders.

A stable sort gives one answer for a strict weak order whatever its algorithm. go-cty's set order
is not always one (two numbers it calls equal may still compare apart from a third), and there
its answer is whatever Go's insertion-sort-and-SymMerge algorithm makes of it: this is that
algorithm (Go's ``stable_func``, ``symMerge_func`` and ``rotate_func``), so ours is the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

_BLOCK = 20
"""Go's first block size: runs of this many are insertion-sorted before merging."""


def go_stable_sort(data: list[T], less: Callable[[T, T], bool]) -> None:
    """Sort *data* in place exactly as Go's sort.SliceStable does with *less*."""
    n = len(data)
    block = _BLOCK
    a, b = 0, block
    while b <= n:
        _insertion_sort(data, less, a, b)
        a = b
        b += block
    _insertion_sort(data, less, a, n)
    while block < n:
        a, b = 0, 2 * block
        while b <= n:
            _sym_merge(data, less, a, a + block, b)
            a = b
            b += 2 * block
        m = a + block
        if m < n:
            _sym_merge(data, less, a, m, n)
        block *= 2


def _insertion_sort(data: list[T], less: Callable[[T, T], bool], a: int, b: int) -> None:
    for i in range(a + 1, b):
        j = i
        while j > a and less(data[j], data[j - 1]):
            data[j], data[j - 1] = data[j - 1], data[j]
            j -= 1


def _sym_merge(data: list[T], less: Callable[[T, T], bool], a: int, m: int, b: int) -> None:
    # (a loop where Go recurses on the second half; the first half recurses, log-deep)
    while True:
        if m - a == 1:
            i, j = m, b
            x = data[a]
            while i < j:
                h = (i + j) >> 1
                if less(data[h], x):
                    i = h + 1
                else:
                    j = h
            data[a:i] = [*data[a + 1:i], x]
            return
        if b - m == 1:
            i, j = a, m
            x = data[m]
            while i < j:
                h = (i + j) >> 1
                if not less(x, data[h]):
                    i = h + 1
                else:
                    j = h
            data[i:m + 1] = [x, *data[i:m]]
            return
        mid = (a + b) >> 1
        n = mid + m
        if m > mid:
            start, r = n - b, mid
        else:
            start, r = a, m
        p = n - 1
        while start < r:
            c = (start + r) >> 1
            if not less(data[p - c], data[c]):
                start = c + 1
            else:
                r = c
        end = n - start
        if start < m < end:
            data[start:end] = [*data[m:end], *data[start:m]]
        if a < start < mid:
            _sym_merge(data, less, a, start, mid)
        if not mid < end < b:
            return
        a, m = mid, end
