"""Paths into values: steps, Path, PathValueMarks and PathSet (go-cty's path.go, path_set.go)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from ._dynamic import DynamicPseudoType
from ._errors import CtyTypeError, CtyValueError, ElementNotFoundError, PathError
from ._gostrconv import go_quote
from ._number import format_g
from ._path_text import PathSyntaxError, read_steps
from ._primitive_type import Number, String
from ._set_rules import element_key
from ._type import Type, brief, check_type
from ._unknown import Unknown
from ._value import DynamicVal, Value, check_value, unknown_val
from ._value_init import number_int_val, parse_number_val, string_val
from ._value_ops import list_index

_tuple_add = tuple.__add__
"""Concatenation of plain tuples (Path.__add__ checks its steps; _plus needs no check)."""


class PathStep:
    """One step of a Path: GetAttrStep or IndexStep."""

    __slots__ = ()

    def apply(self, v: Value, /) -> Value:
        """Return the value this step leads to from *v*; raise ValueError if it leads nowhere."""
        raise NotImplementedError

    def apply_type(self, t: Type, /) -> Type:
        """Return the type this step leads to inside *t* (dynamic inside dynamic); raise
        ValueError, as :meth:`apply` does, if it leads nowhere."""
        raise NotImplementedError


class GetAttrStep(PathStep):
    """A step to the attribute *name* of an object."""

    __slots__ = ("name",)
    name: str

    def __init__(self, name: str) -> None:
        if not isinstance(name, str):
            raise CtyTypeError(f"GetAttrStep name must be a str, not {type(name).__name__}")
        object.__setattr__(self, "name", name)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("path steps are immutable")

    def apply(self, v: Value, /) -> Value:
        check_value(v, "the value a path step applies to")
        if v.is_null():
            raise CtyValueError("cannot access attributes on a null value")
        if not v.type().is_object_type():
            raise CtyValueError("not an object type")
        if not v.type().has_attribute(self.name):
            raise ElementNotFoundError(f"object has no attribute {go_quote(self.name)}")
        return v.get_attr(self.name)

    def apply_type(self, t: Type, /) -> Type:
        check_type(t, "the type a path step applies to")
        if t is DynamicPseudoType:
            return t
        if not t.is_object_type():
            raise CtyValueError("not an object type")
        if not t.has_attribute(self.name):
            raise ElementNotFoundError(f"object has no attribute {go_quote(self.name)}")
        return t.attribute_type(self.name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GetAttrStep) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("attr", self.name))

    def __repr__(self) -> str:
        return f"cty.GetAttrStep({self.name!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (GetAttrStep, (self.name,))


class IndexStep(PathStep):
    """A step to the element at *key* of a list, map, tuple or set (a set's key is the element)."""

    __slots__ = ("key",)
    key: Value

    def __init__(self, key: Value) -> None:
        object.__setattr__(self, "key", check_value(key, "IndexStep key"))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("path steps are immutable")

    def apply(self, v: Value, /) -> Value:
        check_value(v, "the value a path step applies to")
        if v.is_null():
            raise CtyValueError("cannot index a null value")
        ty = v.type()
        if ty.is_set_type():
            has = v.has_element(self.key)
            has_u, marks = has.unmark()
            if not has_u.is_known():
                return unknown_val(ty.element_type()).with_marks(marks, v.marks())
            if not has_u.true():
                raise ElementNotFoundError("set does not contain the requested element")
            return self.key.with_marks(v.marks())
        kt = self.key.type()
        if kt is Number:
            if not (ty.is_list_type() or ty.is_tuple_type()):
                raise CtyValueError("not a list type")
        elif kt is String:
            if not ty.is_map_type():
                raise CtyValueError("not a map type")
        else:
            raise CtyValueError("key value not number or string")
        has, _ = v.has_index(self.key).unmark()
        if not has.is_known():
            if ty.is_tuple_type():
                return DynamicVal
            return unknown_val(ty.element_type())
        if not has.true():
            raise ElementNotFoundError("value does not have given index key")
        return v.index(self.key)

    def apply_type(self, t: Type, /) -> Type:
        check_type(t, "the type a path step applies to")
        if t is DynamicPseudoType:
            return t
        if t.is_set_type():
            return t.element_type()
        key = self.key
        kt = key.type()
        if kt is Number:
            if not (t.is_list_type() or t.is_tuple_type()):
                raise CtyValueError("not a list type")
        elif kt is String:
            if not t.is_map_type():
                raise CtyValueError("not a map type")
        elif kt is not DynamicPseudoType:
            raise CtyValueError("key value not number or string")
        elif not (t.is_list_type() or t.is_map_type() or t.is_tuple_type()):
            raise CtyValueError("not a list type")
        if not t.is_tuple_type():
            return t.element_type()
        k = key.unmark()[0]
        if not k.is_known():
            return DynamicPseudoType  # (which element is not known)
        elems = t.tuple_element_types()
        i = None if k.is_null() or kt is not Number else list_index(k)
        if i is None or not 0 <= i < len(elems):
            raise ElementNotFoundError("value does not have given index key")
        return elems[i]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IndexStep) and other.key.raw_equals(self.key)

    def __hash__(self) -> int:
        return hash(("index", self.key))

    def __repr__(self) -> str:
        return f"cty.IndexStep({self.key!r})"

    def __reduce__(self) -> tuple[object, tuple[Value]]:
        return (IndexStep, (self.key,))


class Path(tuple[PathStep, ...]):
    """A sequence of steps from a value to a value inside it. Immutable; builders return new
    paths.

    >>> cty.Path().get_attr("services").index_int(0).format()
    '.services[0]'
    """

    __slots__ = ()

    def __new__(cls, steps: Iterable[PathStep] = ()) -> Path:
        steps = tuple(steps)
        for s in steps:
            if not isinstance(s, PathStep):
                raise CtyTypeError(f"path steps must be GetAttrStep or IndexStep, not {s!r}")
        return super().__new__(cls, steps)

    @classmethod
    def parse(cls, text: str, /, *, within: Type | None = None) -> Path:
        """Return the path that *text* writes as Terraform writes paths (:meth:`format`):
        ``.name`` or ``name`` first, ``["key"]`` with Go's or JSON's escapes, ``[0]``.

        >>> cty.Path.parse('services[0].ports["http"]')
        cty.Path([cty.GetAttrStep('services'), cty.IndexStep(cty.number_val(0)), \
cty.GetAttrStep('ports'), cty.IndexStep(cty.string_val('http'))])

        *within*, a type, checks each step against it, as :meth:`apply_type` would, and makes
        the steps it names: ``["key"]`` into an object is its attribute, ``.name`` into a map
        is its key. Raises cty.PathSyntaxError (a ValueError) with the column where the text
        cannot be read or where it leads nowhere in *within*.
        """
        if within is not None:
            check_type(within, "the type a path is read within")
        ty = within
        steps: list[PathStep] = []
        for kind, raw, column in read_steps(text):
            step: PathStep
            if kind == "number":
                # (a whole number as an int, unless too long for one or a negative zero)
                whole = raw.lstrip("-").isdigit() and len(raw) < 4000 and (
                    raw[0] != "-" or raw.strip("-0") != "")
                step = IndexStep(number_int_val(int(raw)) if whole else parse_number_val(raw))
            else:
                # (an attribute, unless *within* says a map; a string key, unless an object)
                into = "map" if ty is not None and ty.is_map_type() else (
                    "object" if ty is not None and ty.is_object_type() else "")
                attr = into == "object" if kind == "string" else into != "map"
                step = GetAttrStep(raw) if attr else IndexStep(string_val(raw))
            if ty is not None:
                try:
                    ty = step.apply_type(ty)
                except ValueError as e:
                    raise PathSyntaxError(str(e), column) from None
            steps.append(step)
        return tuple.__new__(cls, steps)

    def _plus(self, step: PathStep) -> Path:
        return tuple.__new__(Path, _tuple_add(self, (step,)))

    def index(self, key: Value, /) -> Path:  # type: ignore[override]
        """Return this path followed by an IndexStep for *key*."""
        return self._plus(IndexStep(key))

    def index_int(self, i: int, /) -> Path:
        """Return this path followed by an index step for the number *i*."""
        return self._plus(IndexStep(number_int_val(i)))

    def index_string(self, s: str, /) -> Path:
        """Return this path followed by an index step for the string *s*."""
        return self._plus(IndexStep(string_val(s)))

    def get_attr(self, name: str, /) -> Path:
        """Return this path followed by a GetAttrStep for *name*."""
        return self._plus(GetAttrStep(name))

    def copy(self) -> Path:
        """Return the path itself (paths are immutable)."""
        return self

    def equals(self, other: Path, /) -> bool:
        """Return whether both paths have equal steps (index keys compared raw)."""
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def has_prefix(self, prefix: Path, /) -> bool:
        """Return whether *prefix* is a prefix of this path."""
        return len(prefix) <= len(self) and Path(self[: len(prefix)]).equals(prefix)

    def apply(self, v: Value, /) -> Value:
        """Return the value the path leads to from *v*.

        Raises ValueError("at step N: ...") naming the step that failed.
        """
        check_value(v, "the value a path applies to")
        for i, step in enumerate(self):
            try:
                v = step.apply(v)
            except ValueError as e:
                raise _at_step(i, e) from None
        return v

    def apply_type(self, t: Type, /) -> Type:
        """Return the type the path leads to inside *t*: an attribute's type, a list's, map's
        or set's element type, a tuple's element at a known index; inside the dynamic
        pseudo-type, and at an unknown tuple index, the dynamic pseudo-type.

        >>> cty.Path().get_attr("tags").index_string("k").apply_type(
        ...     cty.Object({"tags": cty.Map(cty.String)}))
        cty.String

        Raises ValueError("at step N: ...") naming the step that failed, as :meth:`apply`.
        """
        check_type(t, "the type a path applies to")
        for i, step in enumerate(self):
            try:
                t = step.apply_type(t)
            except ValueError as e:
                raise _at_step(i, e) from None
        return t

    def last_step(self, v: Value, /) -> tuple[Value, PathStep | None]:
        """Apply all steps but the last to *v*; return that value and the last step."""
        if not self:
            return v, None
        return Path(self[:-1]).apply(v), self[-1]

    def new_error(self, err: Exception | str, /) -> PathError:
        """Return a PathError at this path; a PathError argument extends this path with its own."""
        if isinstance(err, PathError):
            return PathError(Path((*self, *err.path)), err.message)
        return PathError(self, str(err))

    def new_errorf(self, fmt: str, /, *args: object) -> PathError:
        """Return a PathError at this path with message ``fmt % args``."""
        return PathError(self, fmt % args if args else fmt)

    def format(self) -> str:
        """Return the path as Terraform writes it (its tfdiags.FormatCtyPath), such as
        ``.services[0].ports["http"]``: a string key quoted as Go quotes it, a number key in
        Go's shortest ``%g`` form (``[1e+06]``), a null key ``[null]``, an unknown one
        ``[(not yet known)]``, any other key ``[...]``. Marks on a key are not shown."""
        parts = []
        for s in self:
            if isinstance(s, GetAttrStep):
                parts.append("." + s.name)
                continue
            k = s.key  # type: ignore[attr-defined]
            p = k._v  # (a key's own marks are on the Value, not in its payload)
            if p is None:
                parts.append("[null]")
            elif p.__class__ is Unknown:
                parts.append("[(not yet known)]")
            elif k._ty is Number:
                parts.append("[" + format_g(p) + "]")
            elif k._ty is String:
                parts.append("[" + go_quote(p) + "]")
            else:
                parts.append("[...]")
        return "".join(parts)

    def __repr__(self) -> str:
        return "cty.Path([" + ", ".join(repr(s) for s in self) + "])"

    def __add__(self, other: tuple[Any, ...]) -> Path:
        return Path((*self, *other))

    def __getitem__(self, i: Any) -> Any:
        r = tuple.__getitem__(self, i)
        return tuple.__new__(Path, r) if isinstance(i, slice) else r


def _at_step(i: int, e: ValueError) -> CtyValueError:
    """The error of a path whose step *i* failed with *e* (a lookup stays a lookup)."""
    cls = ElementNotFoundError if isinstance(e, LookupError) else CtyValueError
    return cls(f"at step {i}: {e}")


def get_attr_path(name: str, /) -> Path:
    """Return a one-step path to attribute *name*."""
    return Path((GetAttrStep(name),))


def index_path(key: Value, /) -> Path:
    """Return a one-step path to the element at *key*."""
    return Path((IndexStep(key),))


def index_int_path(i: int, /) -> Path:
    """Return a one-step path to element number *i*."""
    return Path().index_int(i)


def index_string_path(s: str, /) -> Path:
    """Return a one-step path to the map element *s*."""
    return Path().index_string(s)


Trail = tuple["Trail", PathStep] | None
"""Where a recursive walk is, as a chain (the place before, the last step); None at the top.
A walk that made a Path per level would copy every step at every level (quadratic in the
depth); a trail costs one pair per level and becomes a Path only when an error needs one."""


def trail_path(trail: Trail) -> Path:
    """Return the Path that *trail* leads along."""
    steps: list[PathStep] = []
    while trail is not None:
        trail, step = trail
        steps.append(step)
    steps.reverse()
    return tuple.__new__(Path, steps)


def steps_path(steps: list[PathStep]) -> Path:
    """Return the Path of *steps* (a walk's own list of the steps to where it is)."""
    return tuple.__new__(Path, steps)


def data_keys(path: Path) -> tuple[str | int, ...]:
    """Return the keys *path* takes through plain data (decoded JSON or YAML): attribute
    names and string keys as str, whole-number indexes as int, up to the first step that is
    none of these (an unknown, null or fractional key, or a set element's)."""
    out: list[str | int] = []
    for step in path:
        if isinstance(step, GetAttrStep):
            out.append(step.name)
            continue
        key = step.key if isinstance(step, IndexStep) else None
        if key is None or not key.is_known() or key.is_null():
            break
        if key.type() is String:
            out.append(key.as_string())
        elif key.type() is Number and key.as_big_float().is_integer():
            out.append(int(key.as_big_float()))
        else:
            break
    return tuple(out)


class PathValueMarks:
    """A path and the marks found there (go-cty's PathValueMarks)."""

    __slots__ = ("marks", "path")

    def __init__(self, path: Path, marks: frozenset[Any]) -> None:
        self.path = _check_path(path)
        if isinstance(marks, (str, bytes)) or not isinstance(marks, Iterable):
            raise CtyTypeError(f"PathValueMarks takes a collection of marks, not {marks!r}")
        try:
            self.marks = frozenset(marks)
        except TypeError:
            raise CtyTypeError(f"marks must be hashable, not {marks!r}") from None

    def equal(self, other: PathValueMarks, /) -> bool:
        """Return whether both name equal paths and the same marks."""
        return self.path.equals(other.path) and self.marks == other.marks

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PathValueMarks) and self.equal(other)

    def __hash__(self) -> int:
        return hash((self.path, self.marks))

    def __repr__(self) -> str:
        return f"cty.PathValueMarks({self.path!r}, {set(self.marks)!r})"


def _step_key(step: PathStep) -> Hashable:
    if isinstance(step, GetAttrStep):
        return ("a", step.name)
    key: Value = step.key  # type: ignore[attr-defined]
    if key.is_marked() or not key.is_wholly_known():
        return ("u", id(step))  # an unknown key is never equal to another
    if key.is_null():
        return ("n",)
    return ("i", key.type(), element_key(key.type(), key._v))


def _path_key(p: Path) -> Hashable:
    return tuple(_step_key(s) for s in p)


def _check_path(path: object) -> Path:
    if not isinstance(path, Path):
        raise CtyTypeError(f"a PathSet holds cty.Paths, not {type(path).__name__} {brief(path)}")
    return path


class PathSet:
    """A set of paths; index keys are the same when they are known equal (go-cty's PathSet)."""

    __slots__ = ("_paths",)

    def __init__(self, *paths: Path) -> None:
        self._paths: dict[Hashable, Path] = {}
        for p in paths:
            self.add(p)

    def add(self, path: Path, /) -> None:
        """Add *path*."""
        self._paths.setdefault(_path_key(_check_path(path)), path)

    def add_all_steps(self, path: Path, /) -> None:
        """Add *path* and every prefix of it (except the empty path)."""
        for i in range(1, len(path) + 1):
            self.add(Path(path[:i]))

    def has(self, path: Path, /) -> bool:
        """Return whether *path* is in the set."""
        return _path_key(_check_path(path)) in self._paths

    def remove(self, path: Path, /) -> None:
        """Remove *path* if present."""
        self._paths.pop(_path_key(_check_path(path)), None)

    def list(self) -> list[Path]:
        """Return the paths, in insertion order."""
        return list(self._paths.values())

    def empty(self) -> bool:
        """Return whether the set is empty."""
        return not self._paths

    def __len__(self) -> int:
        return len(self._paths)

    def __iter__(self) -> Iterator[Path]:
        return iter(self.list())

    def __contains__(self, path: object) -> bool:
        return isinstance(path, Path) and self.has(path)

    def _from(self, items: dict[Hashable, Path]) -> PathSet:
        out = PathSet()
        out._paths = items
        return out

    def union(self, other: PathSet, /) -> PathSet:
        """Return the paths in either set."""
        return self._from({**self._paths, **{k: v for k, v in other._paths.items()
                                             if k not in self._paths}})

    def intersection(self, other: PathSet, /) -> PathSet:
        """Return the paths in both sets."""
        return self._from({k: v for k, v in self._paths.items() if k in other._paths})

    def subtract(self, other: PathSet, /) -> PathSet:
        """Return the paths of this set not in *other*."""
        return self._from({k: v for k, v in self._paths.items() if k not in other._paths})

    def symmetric_difference(self, other: PathSet, /) -> PathSet:
        """Return the paths in exactly one of the sets."""
        return self.subtract(other).union(other.subtract(self))

    def equal(self, other: PathSet, /) -> bool:
        """Return whether both sets hold the same paths."""
        return self._paths.keys() == other._paths.keys()

    def __repr__(self) -> str:
        return "cty.PathSet(" + ", ".join(repr(p) for p in self._paths.values()) + ")"
