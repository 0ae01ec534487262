"""The crash drill: kill a run mid-way through summarising, run again, pay for nothing twice."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.library.reader import Library
from jezero_pipeline.staging import Staging

CLI = str(Path(sys.executable).with_name("jezero-pipeline"))


def _env(work: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DAGSTER_HOME=str(work / "dh"),
        JEZERO_SUMMARIZER_API_KEY="test-key-not-secret-0000",
        JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS="0.01",
    )
    return env


@pytest.mark.slow
def test_kill_mid_summarising_then_resume(tmp_path, fake_server):
    fake_server.latency = 0.25
    write_config(tmp_path, base_url=fake_server.anthropic_base_url, concurrency=1)
    for i in range(3):
        write_claude_session(
            tmp_path / "projects", f"dddd000{i}-0000-4000-8000-00000000000{i}", long_turns(f"topic{i}", n=8)
        )
    (tmp_path / "dh").mkdir()
    (tmp_path / "dh" / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
    cmd = [CLI, "-c", str(tmp_path / "jezero.toml"), "run", "--json"]

    proc = subprocess.Popen(
        cmd, env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    deadline = time.time() + 120
    while fake_server.total_calls < 4 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None, "the run finished before it could be killed"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    first_calls = fake_server.total_calls

    staging = Staging(tmp_path / "staging")
    journalled = [r for r in staging.read_journal("cc") if r["status"] == "ok"]
    assert len(journalled) >= 3, "finished answers were journalled before the kill"
    assert not staging.exists("summaries", "cc"), "the kill came before the partition file was written"
    done_docs = {r["content_hash"] for r in journalled}

    fake_server.reset()
    out = subprocess.run(cmd, env=_env(tmp_path), capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    reports = json.loads(out.stdout)
    total = reports[0]["docs"]
    assert reports[0]["calls"] == total - len(journalled)
    assert reports[0]["unchanged"] == len(journalled)
    assert first_calls - len(journalled) <= 1, "at most the one call in flight at the kill was lost"

    # No finished segment was asked again, and nothing is lost: every segment is in the library.
    rows = {r["segment_id"]: r for r in staging.read_rows("summaries", "cc")}
    asked_again = {rows[s]["content_hash"] for s in rows if rows[s]["input_tokens"]}
    assert not (asked_again & done_docs)
    assert reports[-1]["items"] == total == len(rows)
    assert Library(tmp_path / "library.duckdb").stats()
    assert list(staging.read_journal("cc")) == [], "the journal is folded into the partition file"
