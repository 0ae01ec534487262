"""What a newcomer meets first: one clear line per mistake, nothing secret, output made for people."""

from __future__ import annotations

import json
import socket

import pytest
from opsfixtures import one_session_workspace
from sessionfiles import write_config

from jezero_pipeline.cli.main import main
from jezero_pipeline.progress import LineProgress
from jezero_pipeline.text import mask_url

PASSWORD = "Hunter2-not-a-real-password-8831"


@pytest.mark.parametrize(
    ("url", "masked"),
    [
        (f"http://user:{PASSWORD}@host/v1", "http://***@host/v1"),
        (f"https://{PASSWORD}@api.example.com", "https://***@api.example.com"),
        ("https://api.example.com/v1", "https://api.example.com/v1"),
        (f"redis://:{PASSWORD}@redis.internal:6379/0", "redis://***@redis.internal:6379/0"),
    ],
)
def test_a_url_is_shown_without_its_user_info(url, masked):
    assert mask_url(url) == masked


def test_a_password_in_the_model_url_never_reaches_the_terminal(tmp_path, capsys):
    write_config(tmp_path, base_url=f"http://jezero:{PASSWORD}@models.example.com/v1")
    for argv in (["check-config"], ["run"]):
        assert main(["-c", str(tmp_path / "jezero.toml"), *argv]) == 2
        got = capsys.readouterr()
        err = got.out + got.err
        assert "models.example.com" in err and "allow_insecure_http" in err
        assert PASSWORD not in err and "jezero:" not in err


@pytest.mark.parametrize("port", ["70000", "-1", "0", "http"])
def test_a_port_out_of_range_is_refused_before_anything_starts(tmp_path, port, capsys):
    one_session_workspace(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(["-c", str(tmp_path / "jezero.toml"), "serve", "--web", "--port", port])
    assert exit_.value.code == 2 and "--port" in capsys.readouterr().err


def test_a_port_in_use_fails_with_one_line_and_announces_nothing(tmp_path, capsys):
    one_session_workspace(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        rc = main(["-c", str(tmp_path / "jezero.toml"), "serve", "--web", "--port", str(port)])
    err = capsys.readouterr().err
    assert rc == 1, "a bind failure is a failure (exit 1), not 'locked' (3)"
    assert err.strip() == f"error: cannot listen on 127.0.0.1:{port}: Address already in use"


def test_run_prints_a_line_per_connector_on_a_terminal_and_one_json_object_with_json(tmp_path, capsys):
    work = one_session_workspace(tmp_path)
    assert main(["-c", str(work / "jezero.toml"), "run"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].startswith("cc ") and "1 session(s) read" in text[0] and "summarised" in text[0]
    assert text[-1].startswith("library ") and "item(s)" in text[-1]
    assert not any(line.startswith("vectors ") for line in text)  # the bundled model embeds in its own step
    assert main(["-c", str(work / "jezero.toml"), "run", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert set(answer) == {"connectors", "library", "warnings"}
    assert answer["connectors"][0]["connector"] == "cc" and answer["connectors"][0]["partitions"] == 0
    assert answer["library"]["refreshed"] is False


def test_progress_lines_show_plain_figures():
    lines = []

    class Out:
        def write(self, s):
            lines.append(s)

        def flush(self):
            pass

    progress = LineProgress(out=Out())
    progress.add("collect", 29670, bytes_read=29670.0, cost_usd=0.1234)
    progress.batch_done("collect", "3 partition(s)")
    assert "".join(lines) == "collect: 3 partition(s): 29670 session(s) read, bytes_read=29670 cost_usd=0.123\n"
    assert LineProgress(out=Out()).stages == {}, "each run (each Dagster step) counts from zero"


def test_check_config_and_run_say_when_a_connector_has_nothing_to_read(tmp_path, capsys):
    """A config copied elsewhere keeps relative paths that now point nowhere: said, not silent."""
    write_config(tmp_path, provider="extractive", model="")  # projects_dir = "projects", which is not there
    assert main(["-c", str(tmp_path / "jezero.toml"), "check-config"]) == 0
    out = capsys.readouterr().out
    assert f"warning: {tmp_path / 'jezero.toml'}: connectors[0] (cc): nothing to read" in out
    assert str(tmp_path / "projects") in out and out.rstrip().endswith(f"ok: {tmp_path / 'jezero.toml'}")
    assert main(["-c", str(tmp_path / "jezero.toml"), "run"]) == 0
    assert "nothing to read" in capsys.readouterr().err
    (tmp_path / "projects").mkdir()
    assert main(["-c", str(tmp_path / "jezero.toml"), "check-config"]) == 0
    assert "warning" not in capsys.readouterr().out


def test_a_dagster_home_that_does_not_exist_is_named_even_when_nothing_changed(tmp_path, monkeypatch, capsys):
    """A local run never opens the instance, so it would not fail: it says what Dagster will say."""
    work = one_session_workspace(tmp_path)
    assert main(["-c", str(work / "jezero.toml"), "run"]) == 0
    capsys.readouterr()
    missing = tmp_path / "no-such-home"
    monkeypatch.setenv("DAGSTER_HOME", str(missing))
    assert main(["-c", str(work / "jezero.toml"), "run"]) == 0  # nothing changed
    err = capsys.readouterr().err.splitlines()
    assert err == [f"warning: DAGSTER_HOME={missing} does not exist, and Dagster refuses it: "
                   f"create it (mkdir -p {missing}) or unset DAGSTER_HOME"]  # fmt: skip
    monkeypatch.setenv("DAGSTER_HOME", "data/dagster")
    assert main(["-c", str(work / "jezero.toml"), "check-config"]) == 0
    out = capsys.readouterr().out
    assert "DAGSTER_HOME='data/dagster' is not an absolute path" in out and "Traceback" not in out


def test_an_empty_dagster_home_gets_dagsters_defaults_and_a_missing_one_one_line(tmp_path, monkeypatch, capsys):
    from jezero_pipeline.config import ConfigError, load_config
    from jezero_pipeline.defs.instance import instance_for

    work = one_session_workspace(tmp_path)
    cfg = load_config(work / "jezero.toml")
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "nowhere"))
    with pytest.raises(ConfigError, match=r"^DAGSTER_HOME=\S+nowhere does not exist, .*\(mkdir -p "):
        instance_for(cfg)
    empty = tmp_path / "empty-home"
    empty.mkdir()
    monkeypatch.setenv("DAGSTER_HOME", str(empty))
    instance = instance_for(cfg)  # no dagster.yaml: Dagster's defaults, as `dagster dev` would use
    try:
        assert instance.get_runs() == [] and instance.root_directory == str(empty)
    finally:
        instance.dispose()
    assert main(["-c", str(work / "jezero.toml"), "check-config"]) == 0
    assert f"note: DAGSTER_HOME={empty} has no dagster.yaml: Dagster's defaults apply" in capsys.readouterr().out


def test_an_import_reports_in_words_and_names_each_bad_line(tmp_path, capsys):
    work = one_session_workspace(tmp_path)
    path = tmp_path / "notes.jsonl"
    path.write_text('{"id": "a", "occurred_at": "2026-03-01T00:00:00Z", "title": "t", "summary": "s"}\nnot json\n')
    assert main(["-c", str(work / "jezero.toml"), "import-jsonl", str(path), "--source", "notes"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "notes: 1 item(s) imported into 1 day(s), 0 redaction(s), 1 bad line(s)"
    assert out[1].startswith(f"  {path}: line 2: not JSON")


def test_a_sensor_runs_only_days_its_code_location_knows_and_says_to_reload_for_the_others():
    from datetime import date

    from jezero_pipeline.defs.automation import too_early
    from jezero_pipeline.stages.plan import PartitionRange

    old, new = PartitionRange(("cc",), "2024-06-01", "2024-06-01"), PartitionRange(("cc",), "2026-03-01", "2026-03-02")
    assert too_early([new], date(2025, 1, 1)) == ([new], None)
    fits, line = too_early([old, new], date(2025, 1, 1))
    assert fits == [new] and line.startswith("sessions from 2024-06-01 are before 2025-01-01") and "reload" in line
