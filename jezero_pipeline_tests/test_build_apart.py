"""The library build in a child process: its answer, its exception, its death, reported here."""

import shutil
import sys
from pathlib import Path

import pytest
from sessionfiles import write_samples_config

from jezero_pipeline.config import load_config
from jezero_pipeline.stages.build_apart import BuildProcessDied, run_apart

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
