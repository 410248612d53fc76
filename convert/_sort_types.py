"""The preference order of candidate unification targets (go-cty's sort_types.go)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from cty import Type

from ._compare_types import compare_types


def sort_types(types: Sequence[Type], /) -> list[int]:
    """Return the indices of *types*, most preferred unification target first.

    A topological sort of the "more general than" relation that compare_types() gives;
    incomparable types keep their relative order. Cost: O(n^2) comparisons, so callers pass
    distinct types.

    >>> sort_types([cty.Number, cty.String])
    [1, 0]
    """
    n = len(types)
    edges: list[list[int]] = [[] for _ in range(n)]
    in_degree = [0] * n
    for i in range(n - 1):
        for j in range(i + 1, n):
            c = compare_types(types[i], types[j])
            if c < 0:
                edges[i].append(j)
                in_degree[j] += 1
            elif c > 0:
                edges[j].append(i)
                in_degree[i] += 1
    queue = deque(i for i in range(n) if in_degree[i] == 0)
    result: list[int] = []
    while queue:
        i = queue.popleft()
        result.append(i)
        for j in edges[i]:
            in_degree[j] -= 1
            if in_degree[j] == 0:
                queue.append(j)
    if len(result) < n:
        # compare_types is not transitive, so a cycle is possible in principle; go-cty then
        # leaves zeros in its result, we list the types it could not place in their order
        placed = set(result)
        result.extend(i for i in range(n) if i not in placed)
    return result
