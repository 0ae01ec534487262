"""No planted secret reaches the model or the library: the benchmark corpus, end to end."""

import dagster as dg
import duckdb
import pytest
from runs import run_report, workspace

from bench import corpus
from jezero_pipeline.library.schema import ITEMS_WITH_ORIGINALS


@pytest.mark.slow
def test_no_planted_secret_in_any_request_body_or_the_library(tmp_path, fake_server, monkeypatch):
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")
    root = tmp_path / "corpus"
    corpus.generate(root, sessions=60, seed=5)
    secrets = corpus.read_jsonl(root / "secrets.jsonl")
    assert len(secrets) >= 10 and len({s["kind"] for s in secrets}) >= 5
    (tmp_path / "jezero.toml").write_text(f"""
[storage]
path = "library.duckdb"
staging_dir = "staging"
[summarizer]
provider = "anthropic"
model = "fake"
base_url = "{fake_server.anthropic_base_url}"
[[connectors]]
name = "claude-code"
type = "claude_code"
[connectors.options]
projects_dir = "{root / "claude" / "projects"}"
settle_minutes = 0
[[connectors]]
name = "codex"
type = "codex"
[connectors.options]
sessions_dir = "{root / "codex" / "sessions"}"
settle_minutes = 0
""")
    ws = workspace(tmp_path)
    cfg = ws.cfg
    with dg.instance_for_test() as instance:
        report = run_report(tmp_path, instance, ["claude-code", "codex"])
    reports = [c.as_dict() for c in report.connectors]
    assert report.ok and fake_server.total_calls == sum(r["calls"] for r in reports) > 0
    assert sum(r["redactions"] for r in reports) >= len(secrets)

    sent = corpus.text_runs("\n".join(fake_server.request_bodies))
    assert corpus.leaked_secrets(secrets, sent) == []
    con = duckdb.connect(str(cfg.library_path), read_only=True)
    stored = "\n".join(" ".join(str(v) for v in row) for row in con.execute(ITEMS_WITH_ORIGINALS).fetchall())
    con.close()
    assert corpus.leaked_secrets(secrets, corpus.text_runs(stored)) == []
    # the check is not vacuous: the same test finds the secrets in the raw transcripts
    raw = "\n".join(p.read_text() for p in root.rglob("*.jsonl") if p.name not in ("needles.jsonl", "secrets.jsonl"))
    assert len(corpus.leaked_secrets(secrets, corpus.text_runs(raw))) == len(secrets)
