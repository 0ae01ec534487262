"""check-config knows every round-3 connector type and names a misspelt option of each."""

from __future__ import annotations

from jezero_pipeline.config import parse_config
from jezero_pipeline.workspace import Workspace

ROUND3 = {
    "cursor": {"user_dir": "cursor-user"},
    "cursor_agent": {"cursor_dir": "dot-cursor"},
    "copilot_cli": {"sessions_dir": "copilot"},
    "copilot_vscode": {"user_dir": "code-user"},
    "aider": {"projects_dir": "code", "max_depth": 2},
    "cline": {"storage_dir": "cline"},
    "roo_code": {"storage_dir": "roo"},
    "ampcode": {"threads_dir": "amp"},
    "factory_droid": {"sessions_dir": "droid"},
    "qwen_code": {"data_dir": "qwen"},
    "goose": {"sessions_dir": "goose"},
    "continue_dev": {"sessions_dir": "continue"},
    "chatgpt": {"export_path": "chatgpt.zip"},
    "claude_ai": {"export_path": "claude", "max_attachment_chars": 500},
}


def problems(tmp_path, connectors):
    return Workspace(parse_config({"connectors": connectors}, tmp_path)).config_problems()


def test_every_round3_type_is_known_and_a_good_config_has_no_problem(tmp_path):
    good = [{"name": t.replace("_", "-"), "type": t, "options": o} for t, o in ROUND3.items()]
    assert problems(tmp_path, good) == []


def test_a_misspelt_option_is_named_for_each_type(tmp_path):
    bad = [
        {"name": f"c{i}", "type": t, "options": {**o, "sesions_dirr": "x"}} for i, (t, o) in enumerate(ROUND3.items())
    ]
    found = problems(tmp_path, bad)
    assert len(found) == len(ROUND3)
    for i, (line, t) in enumerate(zip(found, ROUND3, strict=True)):
        assert f"(c{i})" in line and "'sesions_dirr'" in line and t in line, line


def test_an_export_without_its_path_is_a_problem(tmp_path):
    (line,) = problems(tmp_path, [{"name": "gpt", "type": "chatgpt"}])
    assert "option 'export_path' is required" in line
