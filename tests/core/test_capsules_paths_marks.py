"""Capsules, paths, transform and marks by path: behaviour the go-cty vectors do not cover."""

from __future__ import annotations

import pytest

import cty
from tests._ids import stable_id


class Box:
    def __init__(self, n: int) -> None:
        self.n = n


BOX = cty.Capsule("box", Box)
BOX_BY_VALUE = cty.CapsuleWithOps("valuebox", Box, cty.CapsuleOps(
    raw_equals=lambda a, b: a.n == b.n,
    equals=lambda a, b: cty.bool_val(a.n == b.n),
    hash_key=lambda a: str(a.n),
    go_string=lambda a: f"Box({a.n})",
))


def test_capsules_compare_by_identity_by_default() -> None:
    a, b = Box(1), Box(1)
    assert cty.capsule_val(BOX, a) == cty.capsule_val(BOX, a)
    assert cty.capsule_val(BOX, a) != cty.capsule_val(BOX, b)
    assert cty.capsule_val(BOX, a).equals(cty.capsule_val(BOX, b)).false()
    assert cty.capsule_val(BOX, a).encapsulated_value() is a
    assert BOX.friendly_name() == "box"
    assert cty.Capsule("box", Box) != BOX


def test_capsule_ops_drive_equality_sets_and_go_string() -> None:
    a, b = cty.capsule_val(BOX_BY_VALUE, Box(1)), cty.capsule_val(BOX_BY_VALUE, Box(1))
    assert a == b
    assert a.equals(b).true()
    assert cty.set_val([a, b]).length_int() == 1
    assert a.go_string() == "Box(1)"
    with pytest.raises(ValueError, match="raw_equals"):
        cty.CapsuleWithOps("bad", Box, cty.CapsuleOps(equals=lambda a, b: cty.True_))


PATH_APPLY = [
    # value, path, want (or the error's words)
    (cty.object_val({"a": cty.list_val([cty.string_val("x")])}),
     cty.Path().get_attr("a").index_int(0), cty.string_val("x")),
    (cty.map_val({"k": cty.True_}), cty.Path().index_string("k"), cty.True_),
    (cty.tuple_val([cty.True_, cty.string_val("y")]), cty.Path().index_int(1),
     cty.string_val("y")),
    (cty.set_val([cty.string_val("e")]), cty.Path().index(cty.string_val("e")),
     cty.string_val("e")),
    (cty.list_val([cty.True_]), cty.Path().index(cty.unknown_val(cty.Number)),
     cty.unknown_val(cty.Bool)),
    (cty.list_val([cty.True_]), cty.Path().index_int(3), "does not have given index key"),
    (cty.list_val([cty.True_]), cty.Path().index_string("a"), "not a map type"),
    (cty.map_val({"k": cty.True_}), cty.Path().index_int(0), "not a list type"),
    (cty.list_val([cty.True_]), cty.Path().index(cty.True_), "key value not number or string"),
    (cty.null_val(cty.List(cty.Bool)), cty.Path().index_int(0), "cannot index a null value"),
    (cty.True_, cty.Path().get_attr("a"), "not an object type"),
    (cty.null_val(cty.EmptyObject), cty.Path().get_attr("a"), "attributes on a null value"),
    (cty.EmptyObjectVal, cty.Path().get_attr("a"), 'object has no attribute'),
    (cty.set_val([cty.string_val("e")]), cty.Path().index(cty.string_val("f")),
     "set does not contain the requested element"),
]


@pytest.mark.parametrize(("value", "path", "want"), PATH_APPLY, ids=stable_id)
def test_path_apply(value: cty.Value, path: cty.Path, want: object) -> None:
    if isinstance(want, str):
        with pytest.raises(ValueError, match="at step"):
            path.apply(value)
        with pytest.raises(ValueError, match=want):
            path.apply(value)
        return
    got = path.apply(value)
    if not got.is_known():
        assert isinstance(want, cty.Value) and got.type() == want.type()
    else:
        assert got == want


def test_path_equality_prefix_format_and_sets() -> None:
    p = cty.Path().get_attr("a").index_int(0)
    assert p.equals(cty.Path().get_attr("a").index_int(0))
    assert not p.equals(cty.Path().get_attr("a").index_int(1))
    assert p.has_prefix(cty.Path().get_attr("a"))
    assert not cty.Path().get_attr("a").has_prefix(p)
    assert p.format() == ".a[0]"
    assert cty.Path().index_string("k").format() == '["k"]'
    ps = cty.PathSet(p)
    ps.add(cty.Path().get_attr("a").index(cty.number_float_val(0.0)))  # equal key: no new entry
    assert len(ps) == 1
    ps.add_all_steps(cty.Path().get_attr("b").get_attr("c"))
    assert ps.has(cty.Path().get_attr("b"))
    assert len(ps.union(cty.PathSet(cty.Path().get_attr("z")))) == 4
    assert ps.intersection(cty.PathSet(p)).equal(cty.PathSet(p))
    err = cty.Path().get_attr("a").new_error(cty.Path().index_int(2).new_error("boom"))
    assert err.path.equals(cty.Path().get_attr("a").index_int(2))
    assert str(err) == ".a[2]: boom" and err.message == "boom"


def test_unmark_deep_with_paths_then_mark_with_paths_round_trips() -> None:
    v = cty.object_val({
        "a": cty.string_val("x").mark("s"),
        "b": cty.list_val([cty.number_int_val(1), cty.number_int_val(2).mark("t")]),
    }).mark("top")
    unmarked, pvm = v.unmark_deep_with_paths()
    assert not unmarked.contains_marked()
    assert {(p.path.format(), m) for p in pvm for m in p.marks} == {
        ("", "top"), (".a", "s"), (".b[1]", "t")}
    assert unmarked.mark_with_paths(pvm) == v


def test_transform_rebuilds_bottom_up_with_container_marks() -> None:
    v = cty.list_val([cty.string_val("a"), cty.string_val("b")]).mark("m")

    def upper(path: cty.Path, x: cty.Value) -> cty.Value:
        if x.type() is cty.String:
            return cty.string_val(x.as_string().upper())
        return x

    got = cty.transform(v, upper)
    assert got == cty.list_val([cty.string_val("A"), cty.string_val("B")]).mark("m")


def test_walk_can_prune() -> None:
    v = cty.object_val({"a": cty.list_val([cty.True_]), "b": cty.False_})
    seen: list[str] = []

    def visit(path: cty.Path, x: cty.Value) -> bool:
        seen.append(path.format())
        return path.format() != ".a"

    cty.walk(v, visit)
    assert seen == ["", ".a", ".b"]


def test_mark_with_paths_takes_any_iterable_of_path_marks() -> None:
    v = cty.list_val([cty.string_val("a"), cty.string_val("b")])
    entries = [cty.PathValueMarks(cty.Path().index_int(1), frozenset({"s"}))]
    want = cty.list_val([cty.string_val("a"), cty.string_val("b").mark("s")])
    for given in (entries, tuple(entries), (e for e in entries), iter(entries),
                  {0: entries[0]}.values()):
        assert v.mark_with_paths(given) == want  # type: ignore[arg-type]


def test_marks_of_many_paths_go_back_in_linear_time() -> None:
    # (each path was compared with every entry before: quadratic in the marked elements)
    v = cty.list_val([cty.number_int_val(i).mark(i % 3) for i in range(10_000)])
    plain, paths = v.unmark_deep_with_paths()
    assert len(paths) == 10_000
    assert plain.mark_with_paths(paths) == v
