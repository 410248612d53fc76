"""No loader runs code, imports or opens files because of what it reads (issue #46).

Every way the library reads bytes it is given (gob streams and files, the reducers a pickle of
a value or a type calls, msgpack, JSON, type JSON) reads valid input and thousands of crafted
variants of it (flipped bits, cuts, splices of names such as ``os.system`` or ``__import__``
where a capsule codec's or a mark's name stands) while pickle, marshal, eval, exec, compile,
the import system and file opening are watched. The only code that may be compiled and run is
the library's own generated code (cty._codegen); the only imports, of modules already loaded.
Every input is read or refused with a library error.
"""

from __future__ import annotations

import builtins
import contextlib
import gc
import importlib
import io
import marshal
import os
import pickle
import random
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import cty
from cty import dataset
from cty._type_pickle import unflatten
from cty.encoding import gob
from cty.encoding import json as cty_json
from cty.encoding import msgpack as cty_msgpack
from cty.encoding.gob import _unpickle_type, _unpickle_value

_GENERATED = "<cty generated"


class _Watch:
    """What the code under watch tried: each refused call, by name. Only the thread that
    watches is watched (other threads of the test process, a Dask cluster's, run as ever)."""

    def __init__(self) -> None:
        self.refused: list[str] = []
        self.loaded = set(sys.modules)
        self.thread = threading.get_ident()

    def watching(self) -> bool:
        return threading.get_ident() == self.thread

    def refuse(self, what: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def refused(*args: Any, **kwargs: Any) -> Any:
            if not self.watching():
                return real(*args, **kwargs)
            self.refused.append(what)
            raise AssertionError(f"a loader called {what}")
        return refused


@contextlib.contextmanager
def _watched() -> Iterator[_Watch]:
    watch = _Watch()
    real_exec, real_compile, real_import = builtins.exec, builtins.compile, builtins.__import__
    real_import_module = importlib.import_module

    def exec_(code: Any, *args: Any, **kwargs: Any) -> Any:
        if watch.watching() and not getattr(code, "co_filename", "").startswith(_GENERATED):
            return watch.refuse("exec", real_exec)()
        return real_exec(code, *args, **kwargs)

    def compile_(source: Any, filename: str, *args: Any, **kwargs: Any) -> Any:
        if watch.watching() and not str(filename).startswith(_GENERATED):
            return watch.refuse("compile", real_compile)()
        return real_compile(source, filename, *args, **kwargs)

    def import_(name: str, *args: Any, **kwargs: Any) -> Any:
        if watch.watching() and name not in watch.loaded:
            return watch.refuse(f"import {name}", real_import)()
        return real_import(name, *args, **kwargs)

    def import_module(name: str, package: str | None = None) -> Any:
        if watch.watching() and name not in watch.loaded:
            return watch.refuse(f"import_module {name}", real_import_module)()
        return real_import_module(name, package)

    refused = [(pickle, "loads"), (pickle, "load"), (pickle, "Unpickler"), (marshal, "loads"),
               (builtins, "eval"), (builtins, "open"), (io, "open"), (os, "open")]
    patches: list[tuple[Any, str, Any]] = [
        *((owner, name, watch.refuse(f"{owner.__name__}.{name}", getattr(owner, name)))
          for owner, name in refused),
        (builtins, "exec", exec_),
        (builtins, "compile", compile_),
        (builtins, "__import__", import_),
        (importlib, "import_module", import_module),
    ]
    saved = [(owner, name, getattr(owner, name)) for owner, name, _ in patches]
    # (the collector's callbacks run in whatever thread collects: another test's Dask cluster
    # watches memory from one, reading /proc; they are not the loaders')
    callbacks = gc.callbacks[:]
    gc.callbacks.clear()
    try:
        for owner, name, value in patches:
            setattr(owner, name, value)
        yield watch
    finally:
        for owner, name, value in saved:
            setattr(owner, name, value)
        gc.callbacks.extend(callbacks)
    assert watch.refused == []


def _read_or_refuse(read: Callable[[], object]) -> None:
    with contextlib.suppress(cty.CtyError):
        read()


class _Wrapped:
    """The payload of the test capsule type."""

    def __init__(self, text: str) -> None:
        self.text = text


_CAPSULE = cty.Capsule("security-test", _Wrapped)
_CODEC_NAME = "zzzz-sec-capsule-zzzz"
_MARK_NAME = "zzzz-sec-mark-zzzzzzz"


class _Mark:
    def __init__(self, text: str) -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Mark) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


gob.register_capsule_codec(_CAPSULE, _CODEC_NAME, lambda w: w.text.encode(),
                           lambda b: _Wrapped(b.decode()))
gob.register_mark_type(_Mark, _MARK_NAME, lambda m: m.text.encode(), lambda b: _Mark(b.decode()))

_SPLICED = [b"os.system", b"__import__", b"builtins.eval", b"pickle.loads", b"subprocess",
            b"cty._codegen", b"\x80\x04\x95", b"{pad!r:.1}"]
"""What crafted inputs put where a name stands (padded or cut to the name's length)."""


def _values() -> list[cty.Value]:
    obj = cty.object_val({
        "name": cty.string_val("svc").mark("sensitive"),
        "port": cty.number_int_val(443),
        "tags": cty.map_val({"a": cty.string_val("b")}),
        "zones": cty.set_val([cty.string_val("x"), cty.unknown_val(cty.String)]),
        "later": cty.unknown_val(cty.String).refine().not_null().string_prefix("ab").new_value(),
        "thing": cty.capsule_val(_CAPSULE, _Wrapped("payload")).mark(_Mark("secret")),
        "rows": cty.list_val([cty.tuple_val([cty.True_, cty.null_val(cty.Number)])]),
    })
    return [obj, cty.list_val([obj, obj]), cty.unknown_val(obj.type()), cty.DynamicVal]


def _variants(blob: bytes, rng: random.Random, count: int) -> Iterator[bytes]:
    names = [n.encode() for n in (_CODEC_NAME, _MARK_NAME)]
    for name in names:
        at = blob.find(name)
        if at >= 0:
            for spliced in _SPLICED:
                yield blob[:at] + spliced.ljust(len(name), b"\x00")[:len(name)] + \
                    blob[at + len(name):]
    for _ in range(count):
        b = bytearray(blob)
        how = rng.randrange(4)
        if how == 0 and b:
            for _ in range(rng.randrange(1, 4)):
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        elif how == 1:
            del b[rng.randrange(len(b) + 1):]
        elif how == 2:
            at = rng.randrange(len(b) + 1)
            b[at:at] = rng.choice(_SPLICED)
        elif b:
            at = rng.randrange(len(b))
            b[at:at + rng.randrange(1, 9)] = bytes(rng.randrange(256) for _ in range(8))
        yield bytes(b)


@pytest.mark.parametrize("seed", range(4))
def test_gob_and_its_reducers_run_no_code(seed: int) -> None:
    rng = random.Random(seed)
    blobs = [gob.dumps(v) for v in _values()]
    type_blobs = [gob.dumps(cty.null_val(v.type())) for v in _values()]
    for blob in blobs:  # (first unwatched: modules the readers load lazily are loaded)
        gob.loads(blob)
        _unpickle_value(blob)
    with _watched():
        for blob in blobs:
            assert gob.dumps(_unpickle_value(blob)) == blob  # (capsules: equal by identity)
            for variant in _variants(blob, rng, 200):
                _read_or_refuse(lambda variant=variant: gob.loads(variant))
                _read_or_refuse(lambda variant=variant: _unpickle_value(variant))
                _read_or_refuse(lambda variant=variant: list(
                    gob.Decoder(io.BytesIO(variant))))
        for blob in type_blobs:
            for variant in _variants(blob, rng, 100):
                _read_or_refuse(lambda variant=variant: _unpickle_type(variant))


def test_the_type_reducer_runs_no_code() -> None:
    crafted: list[Any] = [
        (), (("os", 0),), (("object", (("a", 5),), ()),), (("system",),), ("os.system",),
        (cty.String, ("object", (("__import__", 0),), ("x",))),
        (cty.String, ("eval", 0)), (cty.String, ("tuple", (0, 7))), [None], ("",),
    ]
    with _watched():
        assert unflatten((cty.String, ("object", (("__import__", 0),), ()))) == \
            cty.Object({"__import__": cty.String})
        for nodes in crafted:
            with pytest.raises(cty.CtyValueError):
                unflatten(nodes)


@pytest.mark.parametrize("seed", range(2))
def test_msgpack_json_and_type_json_run_no_code(seed: int) -> None:
    rng = random.Random(seed)
    known = cty.object_val({
        "name": cty.string_val("svc"), "port": cty.number_int_val(443),
        "tags": cty.map_val({"a": cty.string_val("b")}),
        "zones": cty.set_val([cty.string_val("x")]),
        "rows": cty.list_val([cty.tuple_val([cty.True_, cty.null_val(cty.Number)])])})
    partial = cty.object_val({
        "zones": cty.set_val([cty.string_val("x"), cty.unknown_val(cty.String)]),
        "later": cty.unknown_val(cty.String).refine().not_null().string_prefix("ab")
        .new_value()})
    work = [(v.type(), cty_msgpack.marshal(v, v.type()), cty_json.marshal(known, known.type()))
            for v in (known, partial)]
    for ty, packed, text in work:  # (first unwatched: modules loaded lazily are loaded)
        cty_msgpack.unmarshal(packed, ty)
        cty_json.unmarshal(text, cty_json.implied_type(text))
    with _watched():
        for ty, packed, text in work:
            for variant in _variants(packed, rng, 300):
                _read_or_refuse(lambda variant=variant, ty=ty: cty_msgpack.unmarshal(variant, ty))
                _read_or_refuse(lambda variant=variant: cty_msgpack.unmarshal(
                    variant, cty.DynamicPseudoType))
            for variant in _variants(text, rng, 300):
                _read_or_refuse(lambda variant=variant: cty_json.unmarshal(
                    variant, known.type()))
                _read_or_refuse(lambda variant=variant: cty_json.implied_type(variant))
            for variant in _variants(cty.type_to_json(ty), rng, 300):
                _read_or_refuse(lambda variant=variant: cty.type_from_json(variant))


def test_dataset_files_run_no_code(tmp_path: Path) -> None:
    rng = random.Random(5)
    path = tmp_path / "values.gob"
    dataset.write(path, _values() * 3, block_size=2)
    blob = path.read_bytes()
    assert len(list(dataset.read(path))) == 12
    crafted = tmp_path / "crafted.gob"
    for variant in _variants(blob, rng, 60):
        crafted.write_bytes(variant)
        # (reading a file opens it: only the reading of its content is watched)
        data = crafted.read_bytes()
        with _watched():
            _read_or_refuse(lambda data=data: list(gob.Decoder(io.BytesIO(data))))


@pytest.mark.parametrize("attempt", [
    lambda: pickle.loads(pickle.dumps(1)), lambda: eval("1"), lambda: exec("x = 1"),
    lambda: compile("1", "<input>", "eval"), lambda: importlib.import_module("this"),
    lambda: __import__("antigravity"), lambda: open(os.devnull),  # noqa: SIM115
    lambda: marshal.loads(b""),
])
def test_the_watch_sees_each_way_to_run_code(attempt: Callable[[], object]) -> None:
    with pytest.raises(AssertionError, match="a loader called"), _watched():
        attempt()
