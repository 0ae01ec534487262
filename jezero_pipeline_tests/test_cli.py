"""The command line: every command documented and helped, every error one line and an exit code."""

import argparse
import io
import re
from pathlib import Path

import pytest
from opsfixtures import one_session_workspace

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
