"""The benchmark corpus generator: deterministic, parseable by our connectors, manifests true.

Behaviour only; the benchmark itself prints figures (bench/run_all.py), nothing here is timed.
"""

from __future__ import annotations

import filecmp
import json
import time
from pathlib import Path

import pytest

from bench import corpus
from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions.claude_code import ClaudeCodeConnector
from jezero_pipeline.sessions.codex import CodexConnector

N = 40


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("corpus") / "c"
    corpus.generate(out, sessions=N, seed=11)
    return out


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


def _sessions(root: Path) -> dict[str, object]:
    """Every session our connectors read from the corpus, keyed by session id."""
    projects = ProjectsConfig(git=False)
    claude = ClaudeCodeConnector(
        ConnectorConfig(
            name=corpus.CLAUDE_SOURCE,
            type="claude_code",
            options={"projects_dir": str(root / "claude" / "projects"), "settle_minutes": 0},
        ),
        projects,
        root,
    )
    codex = CodexConnector(
        ConnectorConfig(
            name=corpus.CODEX_SOURCE,
            type="codex",
            options={"sessions_dir": str(root / "codex" / "sessions"), "settle_minutes": 0},
        ),
        projects,
        root,
    )
    found = {}
    for connector in (claude, codex):
        result = connector.scan({}, time.time())
        assert not result.warnings, result.warnings
        for s in result.sessions:
            found[s.session_id] = s
    return found


def test_same_seed_same_bytes_and_mtimes(generated, tmp_path):
    again = tmp_path / "again"
    corpus.generate(again, sessions=N, seed=11)
    a, b = _files(generated), _files(again)
    assert [p.relative_to(generated) for p in a] == [p.relative_to(again) for p in b]
    for x, y in zip(a, b):
        assert filecmp.cmp(x, y, shallow=False), x
        if x.parent != generated:  # session files, not the manifests
            assert x.stat().st_mtime == y.stat().st_mtime


def test_other_seed_other_corpus(generated, tmp_path):
    other = tmp_path / "other"
    corpus.generate(other, sessions=N, seed=12)
    assert (other / "needles.jsonl").read_text() != (generated / "needles.jsonl").read_text()


def test_refuses_a_non_empty_folder(generated):
    with pytest.raises(FileExistsError):
        corpus.generate(generated, sessions=1, seed=1)


def test_layouts_are_the_agents_own(generated):
    summary = json.loads((generated / "corpus.json").read_text())
    claude = list((generated / "claude" / "projects").glob("*/*.jsonl"))
    codex = list((generated / "codex" / "sessions").glob("*/*/*/rollout-*.jsonl"))
    assert len(claude) == summary[corpus.CLAUDE_SOURCE] and len(codex) == summary[corpus.CODEX_SOURCE]
    assert len(claude) + len(codex) == N and claude and codex
    first = json.loads(claude[0].read_text().splitlines()[1])
    assert {"parentUuid", "sessionId", "cwd", "version", "uuid", "timestamp"} <= set(first)
    meta = json.loads(codex[0].read_text().splitlines()[0])
    assert meta["type"] == "session_meta" and meta["payload"]["id"] in codex[0].name


def test_mtimes_in_the_past_so_nothing_is_deferred(generated):
    assert all(p.stat().st_mtime < time.time() - 86400 for p in _files(generated / "claude"))


def test_our_connectors_read_every_session_and_find_every_needle(generated):
    sessions = _sessions(generated)
    needles = corpus.read_jsonl(generated / "needles.jsonl")
    assert len(needles) == 3 * N and {n["kind"] for n in needles} == set(corpus.NEEDLE_KINDS)
    assert len({n["text"] for n in needles}) == len(needles)  # unique
    for n in needles:
        session = sessions[n["session_id"]]
        text = "\n".join(b.text for b in session.blocks)
        assert n["text"] in text, (n, "needle must be in the kept dialogue, not dropped tool output")


def test_planted_secrets_are_in_the_kept_dialogue(generated):
    sessions = _sessions(generated)
    secrets = corpus.read_jsonl(generated / "secrets.jsonl")
    assert secrets and {s["where"] for s in secrets} <= {"user_text", "tool_call"}
    for s in secrets:
        text = "\n".join(b.text for b in sessions[s["session_id"]].blocks)
        runs = corpus.text_runs(text)
        assert corpus.leaked_secrets([s], runs) == [s], s  # it reaches the model unless redacted


def test_leak_check_sees_json_escaped_and_ignores_redacted():
    pem = corpus.make_secret(__import__("random").Random(1), "pem")[0]
    s = {"value": pem, "kind": "pem"}
    assert corpus.leaked_secrets([s], corpus.text_runs(json.dumps({"t": "key:\n" + pem}))) == [s]
    assert corpus.leaked_secrets([s], corpus.text_runs("key: [REDACTED:private_key]")) == []


def test_long_sessions_need_several_segments(tmp_path):
    out = tmp_path / "long"
    summary = corpus.generate(out, sessions=120, seed=3)
    assert summary["long_sessions"] >= 1
    sessions = _sessions(out)
    longest = max(sum(len(b.text) + 1 for b in s.blocks) for s in sessions.values())
    assert longest > 200_000


def test_the_recorded_command_names_no_workdir_of_the_machine_that_ran_it():
    from bench.run_all import recorded_args

    assert recorded_args(["--sessions", "2000", "--workdir", "/srv/x", "--no-slow"]) == [
        "--sessions",
        "2000",
        "--no-slow",
    ]
    assert recorded_args(["--workdir=/srv/x", "--quick"]) == ["--quick"]
    assert recorded_args(["--out", "r.md"]) == ["--out", "r.md"]
