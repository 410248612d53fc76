"""gob on files: dump and load by path, atomic replacement, and writers killed mid-write.

A writer process is killed at seeded random moments; whatever moment it dies, the file left
behind is whole (dump to a path) or yields every value written before the tear and then says
its tail is incomplete (Encoder). The assertions hold for every moment of death, so the
test does not depend on timing.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import random
import signal
import stat
import subprocess
import sys
import textwrap

import pytest

import cty
from cty.encoding import DecodeError, EncodeError, gob

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX signals")


def _value(i: int) -> cty.Value:
    """The i-th value the writers write: large enough that writing it takes a while."""
    return cty.object_val({
        "i": cty.number_int_val(i),
        "blob": cty.string_val(f"{i:08d}" * 40_000),
        "tags": cty.set_val([cty.string_val(f"t{j}") for j in range(i % 7 + 1)]),
        "secret": cty.string_val("s").mark("sensitive"),
    })


def test_dump_and_load_by_path(tmp_path: pathlib.Path) -> None:
    v = _value(3)
    gob.dump(v, str(tmp_path / "a.gob"))
    gob.dump(v, tmp_path / "b.gob")
    assert gob.load(str(tmp_path / "a.gob")) == v
    assert gob.load(tmp_path / "b.gob") == v
    assert (tmp_path / "a.gob").read_bytes() == gob.dumps(v)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.gob", "b.gob"]


def test_dump_replaces_a_file_and_keeps_its_permissions(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "state.gob"
    gob.dump(_value(1), path)
    path.chmod(0o640)
    gob.dump(_value(2), path)
    assert gob.load(path) == _value(2)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["state.gob"]


def test_a_new_file_gets_the_umask_permissions(tmp_path: pathlib.Path) -> None:
    old = os.umask(0o027)
    try:
        gob.dump(_value(1), tmp_path / "new.gob")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.gob").stat().st_mode) == 0o640


def test_a_value_that_cannot_be_encoded_leaves_the_old_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "state.gob"
    gob.dump(_value(1), path)
    before = path.read_bytes()
    capsule = cty.Capsule("NoCodec", object)
    with pytest.raises(EncodeError):
        gob.dump(cty.capsule_val(capsule, object()), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["state.gob"]


def test_dump_to_a_missing_directory_is_an_os_error(tmp_path: pathlib.Path) -> None:
    with pytest.raises(FileNotFoundError):
        gob.dump(_value(1), tmp_path / "no" / "such.gob")


def test_load_of_a_path_holding_two_streams_says_so(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "two.gob"
    path.write_bytes(gob.dumps(_value(1)) + gob.dumps(_value(2)))
    with pytest.raises(DecodeError, match="trailing bytes"):
        gob.load(path)
    with open(path, "rb") as f:
        assert gob.load(f) == _value(1)
        assert gob.load(f) == _value(2)


def test_dump_rejects_what_is_neither_a_file_nor_a_path() -> None:
    with pytest.raises(cty.CtyTypeError, match="binary file or a path"):
        gob.dump(_value(1), 42)  # type: ignore[arg-type]


# --- writers killed at random moments -----------------------------------------------------------

_WRITER = textwrap.dedent("""
    import sys, time
    sys.path[:0] = {path!r}
    from tests.encoding.test_gob_files import _value
    from cty.encoding import gob
    mode, target = sys.argv[1], sys.argv[2]
    print("ready", flush=True)
    if mode == "dump":
        i = 0
        while True:
            i += 1
            gob.dump(_value(i), target)
    with open(target, "wb", buffering=0) as f, gob.Encoder(f) as enc:
        for i in range(1000):
            enc.encode(_value(i))
        time.sleep(600)  # killed before the stream is closed, whenever that is
""")


def _kill_writer_after(mode: str, target: pathlib.Path, delay: float) -> None:
    """Start a writer, wait until it is running, let it write for *delay* s, then SIGKILL it."""
    code = _WRITER.format(path=sys.path)
    proc = subprocess.Popen([sys.executable, "-c", code, mode, str(target)],
                            stdout=subprocess.PIPE, cwd=pathlib.Path(__file__).parents[2])
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == b"ready\n"
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=delay)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert proc.stdout is not None
        proc.stdout.close()


@pytest.mark.parametrize("seed", range(4))
def test_a_killed_dump_leaves_the_old_file_or_the_new_one(tmp_path: pathlib.Path,
                                                          seed: int) -> None:
    target = tmp_path / "state.gob"
    gob.dump(_value(0), target)
    _kill_writer_after("dump", target, random.Random(seed).uniform(0.0, 0.4))
    v = gob.load(target)  # whole, whatever moment the writer died
    i = cty.to_python(v.get_attr("i"))
    assert v == _value(i)
    others = [p.name for p in tmp_path.iterdir() if p.name != "state.gob"]
    assert all(n.startswith(".state.gob.") and n.endswith(".tmp") for n in others), others
    gob.dump(_value(0), target)  # the next write cleans up what the killed one left
    assert [p.name for p in tmp_path.iterdir()] == ["state.gob"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file locks (flock)")
def test_the_next_write_removes_abandoned_temporary_files_only(tmp_path: pathlib.Path) -> None:
    import fcntl

    target = tmp_path / "state.gob"
    abandoned = tmp_path / ".state.gob.0123456789ab.tmp"  # a killed writer's
    alive = tmp_path / ".state.gob.ba9876543210.tmp"  # a writer's still writing: locked
    unrelated = [tmp_path / ".state.gob.notmine.tmp", tmp_path / ".other.gob.0123456789ab.tmp"]
    for p in (abandoned, alive, *unrelated):
        p.write_bytes(b"partial")
    with open(alive, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        gob.dump(_value(1), target)
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
            [target.name, alive.name, *(p.name for p in unrelated)])
    assert gob.load(target) == _value(1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_a_killed_encoder_leaves_every_value_before_the_tear(tmp_path: pathlib.Path,
                                                             seed: int) -> None:
    target = tmp_path / "stream.gob"
    _kill_writer_after("stream", target, random.Random(100 + seed).uniform(0.0, 0.4))
    got: list[cty.Value] = []
    with pytest.raises(DecodeError, match="incomplete"), open(target, "rb") as f:
        for v in gob.Decoder(f):
            got.append(v)
    assert got == [_value(i) for i in range(len(got))]
