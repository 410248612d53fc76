"""The decoders' failure memo (encoding._failure_memo): which decoders remember failures."""

from __future__ import annotations

import cty


def test_the_failure_memo_depth_is_exact_to_three_levels_and_needs_no_room() -> None:
    import sys
    import threading

    from cty.encoding import _failure_memo as memo

    cty.clear_caches()
    inner = cty.List(cty.List(cty.List(cty.String)))  # three levels: worth remembering
    assert [memo.worth_remembering(t) for t in (cty.List(cty.String), inner)] == [False, True]
    # asked for a parent first, its children's answers are still right when asked later
    cty.clear_caches()
    assert memo.worth_remembering(cty.List(inner))
    assert memo.worth_remembering(inner)
    assert not memo.worth_remembering(cty.List(cty.List(cty.String)))
    # a type far deeper than the stack has room for, nothing cached, in a thread with little
    # stack: the count goes three levels down, never further
    deep: cty.Type = cty.String
    for _ in range(sys.getrecursionlimit() * 3):
        deep = cty.List(deep)
    cty.clear_caches()
    answers: list[bool] = []
    t = threading.Thread(target=lambda: answers.append(memo.worth_remembering(deep)))
    t.start()
    t.join()
    assert answers == [True]
