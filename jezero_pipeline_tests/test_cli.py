"""The command line: every command documented and helped, every error one line and an exit code."""

import argparse
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from opsfixtures import one_session_workspace
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.cli import main
from jezero_pipeline.cli.main import build_parser

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def _commands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_every_command_is_in_the_readme_table_and_has_help_text():
    table = README.split("## Command line", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([a-z-]+)", table, re.M)) | set(re.findall(r"`([a-z-]+)[ `]", table))
    for name, parser in _commands().items():
        assert name in documented, f"`{name}` is missing from the README's command table"
        assert parser.description, f"`{name}` has no help text"
        for action in parser._actions:
            if action.option_strings and action.dest != "help":
                assert action.help, f"`{name} {action.option_strings[0]}` has no help text"


def test_redact_prints_what_would_be_stored(tmp_path, capsys, monkeypatch):
    work = one_session_workspace(tmp_path)
    key = "ghp_" + "Zx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"token {key} and plain words\n"))
    assert main(["-c", str(work / "jezero.toml"), "redact", "-"]) == 0
    out = capsys.readouterr().out
    assert key not in out and "[REDACTED:" in out and out.endswith("and plain words\n")


@pytest.mark.parametrize(
    "argv, code, message",
    [
        (["show", "1"], 2, "no library yet"),
        (["redact", "no-such-file.txt"], 2, "no-such-file.txt"),
        (["run", "--since", "yesterday"], 2, "--since 'yesterday' is not a date"),
        (["run", "--connector", "nope"], 2, "no connector named 'nope'"),
        (["import-jsonl", "missing.jsonl", "--source", "x"], 2, "missing.jsonl: no such file"),
        (["resummarize"], 2, "resummarize needs --ids"),
    ],
)
def test_every_error_is_one_line_and_an_exit_code(tmp_path, capsys, argv, code, message):
    work = one_session_workspace(tmp_path)
    assert main(["-c", str(work / "jezero.toml"), *argv]) == code
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_check_config_and_run_name_an_unknown_connector_option_with_exit_2(tmp_path, capsys):
    work = one_session_workspace(tmp_path)
    text = (
        (work / "jezero.toml")
        .read_text()
        .replace('projects_dir = "projects"', 'projects_dir = "projects"\nprojetcs_dri = "x"')
    )
    (work / "jezero.toml").write_text(text)
    for argv in (["check-config"], ["run", "--dry-run"], ["run"]):
        assert main(["-c", str(work / "jezero.toml"), *argv]) == 2
        err = capsys.readouterr()
        assert "projetcs_dri" in err.out + err.err and "Traceback" not in err.err


def test_check_config_says_ok_for_a_good_config(tmp_path, capsys):
    work = one_session_workspace(tmp_path)
    assert main(["-c", str(work / "jezero.toml"), "check-config"]) == 0
    assert capsys.readouterr().out.startswith("ok: ")


def test_a_bad_eval_file_and_serving_http_without_a_token_end_in_one_line(tmp_path, capsys, monkeypatch):
    import dagster as dg
    from runs import run

    work = one_session_workspace(tmp_path)
    with dg.instance_for_test() as instance:
        run(work, instance)
    capsys.readouterr()
    bad = work / "cases.toml"
    bad.write_text("[[case]]\nquery = 'x'\n")  # no expect
    assert main(["-c", str(work / "jezero.toml"), "eval", str(bad)]) == 2
    monkeypatch.delenv("JEZERO_MCP_TOKEN", raising=False)
    assert main(["-c", str(work / "jezero.toml"), "serve", "--host", "127.0.0.1", "--port", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("error: ") for line in err) and "token" in err[1]


def test_the_installed_command_runs_without_pandas_which_pyarrow_and_duckdb_would_load(tmp_path, fake_server):
    """`run` through the installed command converts rows with pyarrow and binds DuckDB
    parameters, and neither loads pandas; the same calls in a plain interpreter do, so the
    test fails loudly once they no longer need keeping away from it."""
    write_config(tmp_path, base_url=fake_server.anthropic_base_url, concurrency=2)
    for i in range(2):
        write_claude_session(tmp_path / "projects", f"eeee000{i}-0000-4000-8000-00000000000{i}", long_turns(f"t{i}"))
    env = {**os.environ, "DAGSTER_HOME": str(tmp_path / "dh"), "JEZERO_SUMMARIZER_API_KEY": "test-key-not-secret-0"}
    cli = str(Path(sys.executable).with_name("jezero-pipeline"))
    cmd = [sys.executable, "-X", "importtime", cli, "-c", str(tmp_path / "jezero.toml"), "run", "--json"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert sum(c["stored"] for c in json.loads(proc.stdout)["connectors"]) >= 2
    imported = {ln.rsplit("|", 1)[1].strip() for ln in proc.stderr.splitlines() if ln.startswith("import time:")}
    assert {"pyarrow", "duckdb", "anthropic"} <= imported
    assert not [m for m in imported if m.startswith("pandas.")]  # a refused try logs `pandas` alone

    plain = "import sys, pyarrow as pa, duckdb; pa.array([1]); duckdb.connect().execute('select ?', [1]); "
    assert subprocess.run([sys.executable, "-c", plain + "print('pandas' in sys.modules)"],
                          capture_output=True, text=True).stdout.strip() == "True"  # fmt: skip
