"""examples/validate_at_scale.py runs to completion on a small dataset, on a one-worker local
cluster, and reports exactly the records it made wrong."""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

import pytest
from distributed import LocalCluster

from cty import dataset

_PATH = Path(__file__).resolve().parents[2] / "examples" / "validate_at_scale.py"
_spec = importlib.util.spec_from_file_location("validate_at_scale", _PATH)
assert _spec is not None and _spec.loader is not None
vas = importlib.util.module_from_spec(_spec)
sys.modules["validate_at_scale"] = vas
_spec.loader.exec_module(vas)


def test_the_example_finds_every_broken_record(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(_PATH.parent))  # so the workers import it by its name
    n = 3000
    assert vas.main(["--records", str(n), "--files", "2", "--workers", "1",
                     "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    ports = [i for i in range(n) if i % 997 == 0]
    names = [i for i in range(n) if i % 1009 == 0]
    tags = [i for i in range(n) if i % 1013 == 0]
    broken = set(ports) | set(names) | set(tags)
    assert f"checked {n:,} records" in out
    assert f"{len(broken):,} records do not match the schema; " \
           f"{len(ports) + len(names) + len(tags):,} errors:" in out
    assert f"{len(ports):7,}  a number is required" in out
    assert f"{len(names):7,}  attribute \"name\" is required" in out
    assert "e.g. i-000003e5 .port: a number is required" in out  # record 997, at its path
    assert sum(1 for _ in dataset.read(tmp_path)) == n
    assert len(dataset.blocks(tmp_path)) == 2


@pytest.mark.slow
def test_the_same_code_runs_on_a_running_cluster_given_its_address(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(_PATH.parent))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0", silence_logs=logging.ERROR) as cluster:
        assert vas.main(["--records", "1500", "--files", "3", "--scheduler",
                         cluster.scheduler_address, "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "checked 1,500 records" in out and "on 2 workers" in out
    assert "4 records do not match the schema; 6 errors:" in out  # 0 (3 errors), 997, 1009, 1013
