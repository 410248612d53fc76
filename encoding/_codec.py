"""The Encoder and Decoder machinery msgpack and JSON share: plan once per type, then run.

Each format's Encoder and Decoder subclass these and name their format's functions: how to plan
an encoding and write a payload, how to read the bytes into a tree, how to plan a decoder, and
how to explain a failure the way go-cty would (the cold path).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

import cty
from cty import CtyTypeError, Type, Value
from cty._internal import (
    LARGE_INPUT,
    PAUSED,
    check_type,
    deep,
    in_deep_thread,
    make,
    type_height,
    wrap,
)
from cty.convert import convert

from ._errors import DecodeError, EncodeError, Fail
from ._failure_memo import forget_failures
from ._plans import is_fixed


def conform(v: Value, ty: Type) -> Value:
    """Return *v* if its type conforms to *ty*, else *v* converted to *ty* (cty.convert).

    go-cty's Marshal converts a value that does not conform; conversion errors (PathErrors)
    pass through.
    """
    if v.__class__ is not Value:
        raise CtyTypeError(f"expected a cty.Value, not {type(v).__name__}")
    if not isinstance(ty, Type):
        raise CtyTypeError(f"expected a cty.Type, not {type(ty).__name__}")
    if v._ty is ty or not v._ty.test_conformance(ty):
        return v
    return convert(v, ty)


def _too_deep() -> str:
    return (f"value nested too deeply (its type has more than max_depth="
            f"{cty.limits().max_depth:,} levels of cty.set_limits)")


class _EncodingFormat(NamedTuple):
    plan: Callable[[Type, Type], Any]
    """plan(wanted type, value's type): the format's encoding plan."""
    write: Callable[[Value, Type, Any], bytes]
    """write(value, wanted type, plan): the encoded bytes."""


class _DecodingFormat(NamedTuple):
    fixed_decoder: Callable[[Type], Callable[[Any], Any]]
    """The decoder of a type whose values always have exactly that type."""
    var_decoder: Callable[[Type], Callable[[Any], tuple[Type, Any]]]
    """The (type, payload) decoder of a type with dynamic parts."""


class PlannedEncoder:
    """Encodes values for one wanted type; the plan is made once per type of value given.

    A format subclasses it naming its functions: ``class Encoder(PlannedEncoder, plan=...,
    write=...)``.
    """

    __slots__ = ("_actual", "_plan", "_ty")
    _format: ClassVar[_EncodingFormat]

    def __init_subclass__(cls, *, plan: Callable[[Type, Type], Any],
                          write: Callable[[Value, Type, Any], bytes], **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._format = _EncodingFormat(plan, write)

    @deep
    def __init__(self, ty: Type, /) -> None:
        self._ty = check_type(ty, "type")
        self._actual: Type | None = None
        self._plan: Any = None

    @property
    def type(self) -> Type:
        """The type values are encoded as."""
        return self._ty

    @deep
    def encode(self, value: Value, /) -> bytes:
        """Return *value* encoded for this encoder's type (see the format's marshal())."""
        ty = self._ty
        v = conform(value, ty)
        vt = v._ty
        fmt = self._format
        if vt is not self._actual:
            if type_height(vt) > cty.limits().max_depth:  # (as decoding refuses it)
                raise EncodeError(cty.Path(), _too_deep())
            self._plan = fmt.plan(ty, vt)
            self._actual = vt
        return fmt.write(v, ty, self._plan)


_SIZED = (bytes, bytearray, memoryview, str)

InputT = TypeVar("InputT")
"""What a format's decoders take: bytes-like for msgpack, str or bytes-like for JSON."""


class PlannedDecoder(Generic[InputT]):
    """Decodes into values of one type, with decoders planned once.

    A format subclasses it naming its planners (``class Decoder(PlannedDecoder[bytes],
    fixed_decoder=..., var_decoder=...)``) and defining ``_load`` and ``_explain``.
    """

    __slots__ = ("_fixed", "_height", "_ty", "_var")
    _format: ClassVar[_DecodingFormat]

    def __init_subclass__(cls, *, fixed_decoder: Callable[[Type], Callable[[Any], Any]],
                          var_decoder: Callable[[Type], Callable[[Any], tuple[Type, Any]]],
                          **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._format = _DecodingFormat(fixed_decoder, var_decoder)

    @deep
    def __init__(self, ty: Type, /) -> None:
        self._ty = check_type(ty, "type")
        self._height = type_height(ty)
        fmt = self._format
        self._fixed = fmt.fixed_decoder(ty) if is_fixed(ty) else None
        self._var = fmt.var_decoder(ty) if self._fixed is None else None

    @property
    def type(self) -> Type:
        """The type values are decoded as."""
        return self._ty

    def _load(self, data: InputT) -> Any:
        """Return the tree of Python objects *data* holds (DecodeError if it is malformed)."""
        raise NotImplementedError

    def _explain(self, data: InputT, well_formed: bool) -> DecodeError | None:
        """Return the error go-cty would report first for *data* (None: keep ours).
        *well_formed* says the data loaded, so only the type is at fault."""
        raise NotImplementedError

    def _decode(self, data: InputT) -> Value:
        tree = self._load(data)
        if self._fixed is not None:
            return make(self._ty, self._fixed(tree))
        assert self._var is not None
        t, p = self._var(tree)
        return make(t, p)

    @deep
    def decode(self, data: InputT, /) -> Value:
        """Return the value *data* holds (see the format's unmarshal())."""
        if self._height > cty.limits().max_depth:  # (as encoding refuses it)
            raise DecodeError(_too_deep())
        well_formed = False
        try:
            if isinstance(data, _SIZED) and len(data) >= LARGE_INPUT:
                with PAUSED:
                    return self._decode(data)
            return self._decode(data)
        except Fail as e:
            forget_failures()
            error = e.decode_error()
            well_formed = True
        except RecursionError:
            forget_failures()
            if not in_deep_thread():
                raise
            error = DecodeError("value nested too deeply")
        except DecodeError as e:
            error = e
        # Cold path: say which problem go-cty's reading order meets first, and where.
        raise self._explain(data, well_formed) or error


def element_slots(decl: Type, actual: Type, p: Any,
                  path: cty.Path) -> Iterator[tuple[Type, Type, Any, cty.Path]]:
    """Yield each element of the known payload *p* (declared type *decl*, actual type *actual*)
    with its declared and actual types and its path, in go-cty's marshal order: the walk of
    the encoders' cold paths, which explain what an encoding refused and where."""
    if decl.is_list_type():
        for i, elem in enumerate(p):
            yield decl.element_type(), actual.element_type(), elem, path.index_int(i)
    elif decl.is_set_type():
        aety = actual.element_type()
        for elem in p.elems:
            yield decl.element_type(), aety, elem, path.index(wrap(aety, elem))
    elif decl.is_map_type():
        for k, elem in p.items():
            yield decl.element_type(), actual.element_type(), elem, path.index_string(k)
    elif decl.is_tuple_type():
        for i, (d, a, elem) in enumerate(zip(decl.tuple_element_types(),
                                             actual.tuple_element_types(), p, strict=True)):
            yield d, a, elem, path.index_int(i)
    elif decl.is_object_type():
        aattrs = actual.attribute_types()
        for k, d in decl.attribute_types().items():
            yield d, aattrs[k], p[k], path.get_attr(k)
