"""Nothing unredacted reaches Dagster: not the event log, not the compute logs, not run tags.

Secrets planted where operators leak them: a password in the model's base_url (a step that
raises with the URL in its message), and a token a model server echoes in its error answer.
"""

import json

import dagster as dg
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.config import load_config
from jezero_pipeline.defs.definitions import build_definitions

URL_PASSWORD = "Pw9xQ2mZ7LkT4vRb"
ECHOED_TOKEN = "sk-ant-api03-" + "Zq8Xw2Lk5Rt9Vb3Nm7Jh4Gf6Ds1Ap0Oi" * 2 + "AA"


def _everything_dagster_recorded(instance, home) -> str:
    texts = []
    for record in instance.get_run_records():
        texts.append(json.dumps(record.dagster_run.tags))
        texts.extend(dg.serialize_value(e) for e in instance.all_logs(record.dagster_run.run_id))
    texts.extend(
        p.read_text(errors="replace") for p in home.rglob("*") if p.is_file() and p.suffix in (".err", ".out", ".log")
    )
    return "\n".join(texts)


def test_a_secret_in_a_failing_steps_message_or_an_error_answer_never_reaches_dagster(
    tmp_path, fake_server, monkeypatch
):
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")
    monkeypatch.setenv("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    write_claude_session(tmp_path / "projects", "aaaa1111-0000-4000-8000-000000000001", long_turns("ledger"))
    home = tmp_path / "dh"
    home.mkdir()
    (home / "dagster.yaml").write_text(f"telemetry:\n  enabled: false\nstorage:\n  sqlite:\n    base_dir: {home}\n"
                                       f"compute_logs:\n  module: dagster._core.storage.local_compute_log_manager\n"
                                       f"  class: LocalComputeLogManager\n  config:\n    base_dir: {home / 'logs'}\n")  # fmt: skip
    instance = dg.DagsterInstance.from_config(str(home))

    # 1. http to another machine with a password in the URL: the provider refuses it, the step fails
    write_config(tmp_path, base_url=f"http://jezero:{URL_PASSWORD}@models.example.com/v1")
    defs = build_definitions(load_config(tmp_path / "jezero.toml"), str(tmp_path / "jezero.toml"))
    failed = defs.resolve_job_def("sessions_job").execute_in_process(
        partition_key="cc|2026-03-01", instance=instance, raise_on_error=False)  # fmt: skip
    assert not failed.success
    (failure,) = [e for e in failed.all_events if e.is_step_failure]
    message = failure.step_failure_data.error.message
    assert URL_PASSWORD not in message and "models.example.com" in message, "the URL's user-info is masked"

    # 2. a model server that echoes a token in its error answer: the segments fail, nothing leaks
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    fake_server.error_message = f"invalid x-api-key {ECHOED_TOKEN}"
    fake_server.fail_when_contains("ledger", "400")
    defs = build_definitions(load_config(tmp_path / "jezero.toml"), str(tmp_path / "jezero.toml"))
    run = defs.resolve_job_def("sessions_job").execute_in_process(
        partition_key="cc|2026-03-01", instance=instance, raise_on_error=False)  # fmt: skip
    assert fake_server.total_calls > 0

    recorded = _everything_dagster_recorded(instance, home)
    assert "[REDACTED:" in recorded, "the failures were recorded, redacted"
    assert URL_PASSWORD not in recorded and ECHOED_TOKEN not in recorded
    assert run.run_id in recorded
    instance.dispose()
