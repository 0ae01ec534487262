"""The library build in a child process: its answer, its exception, its death, reported here."""

import importlib
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.compute as pc
import pytest
from sessionfiles import write_samples_config

from jezero_pipeline.config import load_config
from jezero_pipeline.stages.build_apart import BuildProcessDied, child_env, run_apart, start_apart

REPO = Path(__file__).resolve().parents[1]


def test_an_exception_in_the_child_is_raised_here_with_its_message(tmp_path):
    blocker = tmp_path / "lib"
    blocker.write_text("a file where the library's folder should be")
    cfg = load_config(write_samples_config(tmp_path / "jezero.toml", REPO / "data" / "samples", blocker))
    with pytest.raises(OSError) as err:
        run_apart(cfg, rebuild=True)
    assert str(blocker) in str(err.value)


def test_a_child_that_ends_without_an_answer_is_reported_with_its_exit_code(tmp_path, monkeypatch):
    cfg = load_config(write_samples_config(tmp_path / "jezero.toml", REPO / "data" / "samples", tmp_path / "lib"))
    monkeypatch.setattr(sys, "executable", shutil.which("false"))  # starts, answers nothing, exits 1
    with pytest.raises(BuildProcessDied, match="exit code 1"):
        run_apart(cfg, rebuild=True)


def test_the_child_s_allocator_returns_freed_pages_within_100_ms_unless_the_user_configured_it(monkeypatch):
    """DuckDB's own jemalloc reads DUCKDB_JE_MALLOC_CONF when it loads: only a fresh process can take it."""
    monkeypatch.delenv("DUCKDB_JE_MALLOC_CONF", raising=False)
    assert child_env()["DUCKDB_JE_MALLOC_CONF"] == "dirty_decay_ms:100,muzzy_decay_ms:0"
    monkeypatch.setenv("DUCKDB_JE_MALLOC_CONF", "narenas:2")
    assert child_env()["DUCKDB_JE_MALLOC_CONF"] == "narenas:2"
    probe = "import duckdb; duckdb.connect().execute('select 1').fetchall()"
    out = subprocess.run([sys.executable, "-c", probe], env={**child_env(), "DUCKDB_JE_MALLOC_CONF": "stats_print:true"},
                         capture_output=True, text=True, check=True)  # fmt: skip
    assert "jemalloc statistics" in out.stderr, "the variable reaches DuckDB's allocator"


def test_a_child_refuses_pandas_and_pyarrow_converts_python_values_without_it():
    """Where pandas is installed, pyarrow would import it (45-50 MB) on a child's first conversion."""
    with pytest.raises(ImportError, match="not imported in a child process"):
        start_apart(importlib.import_module, "pandas").result()
    assert start_apart(pc.utf8_length, "no pandas").result().as_py() == 9


def test_a_child_ends_when_the_process_that_started_it_is_killed(tmp_path):
    """The parent holds the locks for the child's work; once it is gone (SIGKILL), so is the child."""
    script = (
        "import sys, time\n"
        "from jezero_pipeline.stages.build_apart import start_apart\n"
        "apart = start_apart(time.sleep, 60)\n"
        "print(apart._proc.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        child = int(parent.stdout.readline())
        time.sleep(0.5)
        assert _alive(child), "the child runs while its parent does"
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + 10
        while _alive(child) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(child), "the child outlived its parent"
    finally:
        parent.kill()


def _alive(pid: int) -> bool:
    """Running, not a zombie (an orphan is reaped by init only after it exits)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"
