"""The connector registry: a new agent is one file in sessions/, found by its name, imported only
when it is used; its store, declared there, is what push, the inbox and the README go by."""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

from jezero_pipeline import sessions
from jezero_pipeline.config import ConfigError, parse_config
from jezero_pipeline.inbox.push import local_files
from jezero_pipeline.inbox.receive import UploadError, target_path
from jezero_pipeline.sessions import Connector, make_connector
from jezero_pipeline.sessions.registry import (
    UnknownConnectorType,
    agent_name,
    connector_class,
    connector_types,
    inbox_agent,
    inbox_agents,
)
from jezero_pipeline.sessions.stores import AgentStore, session_paths
from jezero_pipeline.workspace import Workspace

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "jezero_pipeline"

NEW_AGENT = '''"""A made-up agent: `<sessions_dir>/<id>.jsonl`."""

from .base import Connector
from .stores import SEGMENT, AgentStore, session_paths


class NewAgentConnector(Connector):
    type = "new_agent"
    store = AgentStore(
        option="sessions_dir", default="~/.new-agent/sessions", paths=session_paths(rf"{SEGMENT}\\.jsonl")
    )
    known_options = frozenset({"sessions_dir"})

    def watch_paths(self):
        return self.store_roots()


CONNECTOR = NewAgentConnector
'''


@pytest.fixture
def add_module(tmp_path, monkeypatch):
    """Adds a module file to the sessions package (a folder joined to its path); forgets it after."""
    folder = tmp_path / "more-sessions"
    folder.mkdir()
    added: list[str] = []

    def add(name: str, source: str) -> None:
        (folder / f"{name}.py").write_text(source)
        monkeypatch.setattr(sessions, "__path__", [*sessions.__path__, str(folder)])
        added.append(name)

    yield add
    for name in added:
        sys.modules.pop(f"{sessions.__name__}.{name}", None)
        vars(sessions).pop(name, None)


def test_a_new_agent_is_one_file(add_module, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    store = tmp_path / "home" / ".new-agent" / "sessions"
    store.mkdir(parents=True)
    (store / "s1.jsonl").write_text("{}\n")
    (store / "notes.txt").write_text("not a session")
    data = {"connectors": [{"name": "new", "type": "new_agent"}, {"name": "uploads", "type": "inbox"}]}
    with pytest.raises(ConfigError, match="unknown connector type 'new_agent'"):
        parse_config(data, tmp_path)

    add_module("new_agent", NEW_AGENT)
    cfg = parse_config(data, tmp_path)
    assert "new_agent" in connector_types()
    connector = make_connector(cfg.connector("new"), cfg.projects, cfg.base_dir)
    assert type(connector).__name__ == "NewAgentConnector" and connector.watch_paths() == [store]

    # push sends its session files; the inbox takes them only where the agent keeps them ...
    assert [(f.agent.agent, f.relpath, f.path) for f in local_files(cfg)] == [
        ("new-agent", "s1.jsonl", store / "s1.jsonl")
    ]
    inbox = cfg.resolve("data/inbox")
    assert target_path(inbox, "laptop", "new-agent", "s1.jsonl") == inbox / "laptop" / "new-agent" / "s1.jsonl"
    with pytest.raises(UploadError, match="not a session file's place"):
        target_path(inbox, "laptop", "new-agent", "notes.txt")
    # ... and reads an uploaded folder with the agent's own connector
    (inbox / "laptop" / "new-agent").mkdir(parents=True)
    readers = make_connector(cfg.connector("uploads"), cfg.projects, cfg.base_dir).readers()
    assert [(device, reader.type, reader.watch_paths()) for _, device, reader in readers] == [
        ("laptop", "new_agent", [inbox / "laptop" / "new-agent"])
    ]


def test_every_connector_class_is_its_modules_declared_connector_named_after_it():
    declared = {}
    for info in pkgutil.iter_modules(sessions.__path__):
        module = importlib.import_module(f"{sessions.__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Connector) and value.__module__ == module.__name__:
                if value.type:  # a base for connectors (JsonlFileConnector, DatabaseConnector) has none
                    declared[value.type] = (info.name, module.CONNECTOR is value)
    assert declared == {t: (t, True) for t in connector_types()}
    for agent in inbox_agents():
        assert agent.store.option in connector_class(agent.type).known_options, agent


def test_no_other_module_spells_a_type_or_agent_name():
    names = {name: t for t in connector_types() for name in (t, agent_name(t))}
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
                if path != PACKAGE / "sessions" / f"{names[node.value]}.py":
                    offenders.append(f"{path.relative_to(REPO)}:{node.lineno}: {node.value!r}")
    assert offenders == []


def test_a_shared_module_or_an_agent_without_a_store_is_no_connector_or_agent(tmp_path):
    with pytest.raises(
        UnknownConnectorType, match=r"'base'; known: aider, ampcode, antigravity, .*paperclip, .*roo_code$"
    ):
        connector_class("base")
    for shared in ("docstore", "vscode", "vscode_tasks", "exports", "sqlite_store", "jsonl"):
        with pytest.raises(UnknownConnectorType):
            connector_class(shared)
    cfg = parse_config(
        {"connectors": [{"name": "b", "type": "base"}]}, tmp_path
    )  # a module's name passes the free check
    assert Workspace(cfg).config_problems() == [
        f"connectors[0] (b): unknown connector type 'base'; known: {', '.join(connector_types())}"
    ]
    assert inbox_agent("claude-code").type == "claude_code"
    assert inbox_agent("cursor").type == "cursor" and inbox_agent("roo-code").type == "roo_code"
    assert [
        inbox_agent(a) for a in ("claude_code", "mail", "inbox", "docstore", "vscode-tasks", "base", "../grok")
    ] == [None] * 7


def test_a_store_is_where_the_agent_keeps_it_on_each_platform_and_as_its_environment_says(monkeypatch):
    store = AgentStore(
        option="dir", default="~/.a", macos="~/Library/A", windows="~/AppData/A", paths=session_paths("x")
    )
    assert [store.location(p) for p in ("linux", "darwin", "win32")] == ["~/.a", "~/Library/A", "~/AppData/A"]
    assert AgentStore(option="dir", default="~/.a", paths=session_paths("x")).location("darwin") == "~/.a"
    opencode = connector_class("opencode").store
    monkeypatch.setenv("XDG_DATA_HOME", "/data")
    assert opencode.location() == "/data/opencode/opencode.db"
    monkeypatch.setenv("XDG_DATA_HOME", "")
    assert opencode.location() == "~/.local/share/opencode/opencode.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert opencode.location() == "~/.local/share/opencode/opencode.db"


def test_push_reads_opencode_where_the_connector_does(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    db = tmp_path / "xdg" / "opencode" / "opencode.db"
    db.parent.mkdir(parents=True)
    db.write_bytes(b"")
    cfg = parse_config({"connectors": [{"name": "oc", "type": "opencode"}]}, tmp_path)
    assert make_connector(cfg.connector("oc"), cfg.projects, cfg.base_dir).databases() == [db]
    assert [(f.agent.agent, f.relpath, f.path) for f in local_files(cfg)] == [("opencode", "opencode.db", db)]


def test_loading_a_config_imports_no_connector_and_making_one_imports_only_its_own():
    code = (
        "import json, sys\n"
        "from jezero_pipeline.config import load_config\n"
        "from jezero_pipeline.sessions import make_connector\n"
        "prefix = 'jezero_pipeline.sessions.'\n"
        "loaded = lambda: sorted(m.removeprefix(prefix) for m in sys.modules if m.startswith(prefix))\n"
        "cfg = load_config(sys.argv[1])\n"
        "before = loaded()\n"
        "make_connector(cfg.connector('codex'), cfg.projects, cfg.base_dir)\n"
        "print(json.dumps([[c.type for c in cfg.connectors], before, loaded()]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(REPO / "jezero.toml")], capture_output=True, text=True, check=True
    )
    configured, before, after = json.loads(out.stdout)
    assert set(configured) == {"claude_code", "codex"}
    assert set(before) & set(connector_types()) == set()
    assert set(after) & set(connector_types()) == {"codex"}


def test_the_readme_gives_each_store_as_its_connector_declares_it():
    readme = (REPO / "README.md").read_text()
    rows = {
        t: [line for line in readme.splitlines() if line.startswith("| ") and f"| `{t}` |" in line]
        for t in connector_types()
    }
    assert all(len(found) == 1 for found in rows.values()), rows
    for agent in inbox_agents():
        row = rows[agent.type][0]
        store = agent.store
        wanted = [f"`{store.option}`", *(loc for loc in (store.default, store.macos, store.windows) if loc)]
        assert [w for w in wanted if w not in row] == [], row
    (inbox_row,) = rows["inbox"]
    listed = inbox_row.split("all of ", 1)[1].split(")", 1)[0]
    assert sorted(listed.split(", ")) == [a.agent for a in inbox_agents()]
