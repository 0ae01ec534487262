"""Every connector type: unknown options refused by name, what it watches (defaults, globs), and a
survey that sees a new or changed unit by stat and nothing when nothing changed."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from agentfixtures import agent_step, mail, user_step, write_conversation, write_maildir
from fake_paperclip import KEY, FakePaperclip

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector
from jezero_pipeline.sessions.jsonl import JsonlFileConnector
from jezero_pipeline.sessions.registry import connector_types

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _line(n: int, text: str = "hello") -> str:
    return json.dumps({"type": "user", "timestamp": "2026-03-01T09:00:00Z", "n": n, "sessionId": "s", "cwd": "/w",
                       "message": {"role": "user", "content": text}}) + "\n"  # fmt: skip


# Each store kind: make unit n under a root, grow unit n; `paths` says what watch_paths lists for a root.


def claude_add(root: Path, n: int) -> None:
    p = root / "-w" / f"{n:08d}-0000-4000-8000-000000000000.jsonl"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(_line(0))


def claude_grow(root: Path, n: int) -> None:
    with (root / "-w" / f"{n:08d}-0000-4000-8000-000000000000.jsonl").open("a") as f:
        f.write(_line(1))


def codex_add(root: Path, n: int) -> None:
    p = root / "2026" / "03" / "01" / f"rollout-2026-03-01T09-00-00-{n:08d}-0000-4000-8000-000000000000.jsonl"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(
        json.dumps({"timestamp": "2026-03-01T09:00:00Z", "type": "session_meta", "payload": {"id": str(n)}}) + "\n"
    )


def codex_grow(root: Path, n: int) -> None:
    (p,) = root.rglob(f"rollout-*-{n:08d}-*.jsonl")
    with p.open("a") as f:
        f.write(json.dumps({"timestamp": "2026-03-01T09:01:00Z", "type": "event_msg", "payload": {}}) + "\n")


def grok_add(root: Path, n: int) -> None:
    folder = root / "%2Fw" / f"g{n}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "summary.json").write_text(
        json.dumps({"info": {"id": f"g{n}", "cwd": "/w"}, "created_at": "2026-03-01T09:00:00Z"})
    )
    (folder / "updates.jsonl").write_text(json.dumps({"timestamp": 1772355600, "params": {"update": {}}}) + "\n")


def grok_grow(root: Path, n: int) -> None:
    with (root / "%2Fw" / f"g{n}" / "updates.jsonl").open("a") as f:
        f.write(json.dumps({"timestamp": 1772355660, "params": {"update": {}}}) + "\n")


def gemini_add(root: Path, n: int) -> None:
    p = root / f"hash{n}" / "chats" / f"session-2026-03-01T09-00-{n:08d}.jsonl"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps({"sessionId": f"gm{n}", "startTime": "2026-03-01T09:00:00Z"}) + "\n")


def gemini_grow(root: Path, n: int) -> None:
    (p,) = root.glob(f"hash{n}/chats/*.jsonl")
    with p.open("a") as f:
        f.write(json.dumps({"$set": {"lastUpdated": "2026-03-01T09:05:00Z"}}) + "\n")


def kiro_add(root: Path, n: int) -> None:
    (root / "cli").mkdir(parents=True, exist_ok=True)
    (root / "cli" / f"k{n}.jsonl").write_text(json.dumps({"version": "v1", "kind": "Prompt", "data": {}}) + "\n")
    (root / "cli" / f"k{n}.json").write_text(json.dumps({"session_id": f"k{n}", "created_at": "2026-03-01T09:00:00Z"}))


def kiro_grow(root: Path, n: int) -> None:
    with (root / "cli" / f"k{n}.jsonl").open("a") as f:
        f.write(json.dumps({"version": "v1", "kind": "AssistantMessage", "data": {}}) + "\n")


def opencode_add(db: Path, n: int) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(db)
    con.executescript(
        "CREATE TABLE IF NOT EXISTS session (id TEXT PRIMARY KEY, directory TEXT, title TEXT, parent_id TEXT,"
        " time_created INTEGER, time_updated INTEGER);"
        "CREATE TABLE IF NOT EXISTS message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER,"
        " time_updated INTEGER, data TEXT);"
        "CREATE TABLE IF NOT EXISTS part (id TEXT PRIMARY KEY, message_id TEXT, session_id TEXT,"
        " time_created INTEGER, time_updated INTEGER, data TEXT);"
    )
    con.execute("INSERT INTO session VALUES (?, '/w', 't', NULL, 1772355600000, 1772355600000)", (f"ses_{n}",))
    con.commit()
    con.close()


def opencode_grow(db: Path, n: int) -> None:
    con = sqlite3.connect(db)
    con.execute(
        "INSERT INTO message VALUES (?, ?, 1772355700000, 1772355700000, '{}')", (f"m{n}-{time.time_ns()}", f"ses_{n}")
    )
    con.commit()
    con.close()


def hermes_add(db: Path, n: int) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(db)
    con.executescript(
        "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL, ended_at REAL);"
        "CREATE TABLE IF NOT EXISTS messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT, role TEXT,"
        " content TEXT, timestamp REAL);"
    )
    con.execute("INSERT INTO sessions VALUES (?, 'cli', 1772355600, NULL)", (f"h{n}",))
    con.commit()
    con.close()


def hermes_grow(db: Path, n: int) -> None:
    con = sqlite3.connect(db)
    con.execute(
        "INSERT INTO messages (session_id, role, content, timestamp) VALUES (?, 'user', 'hi', ?)",
        (f"h{n}", time.time()),
    )
    con.commit()
    con.close()


def antigravity_add(root: Path, n: int) -> None:
    write_conversation(root, f"conv{n}", [user_step("hello", T0)])


def antigravity_grow(root: Path, n: int) -> None:
    from agentfixtures import add_steps

    add_steps(root / "conversations" / f"conv{n}.db", [agent_step("hi back", T0)])


def mail_add(root: Path, n: int) -> None:
    write_maildir(root, [mail("a@example.org", f"Subject {n}", "body", T0, f"m{n}@x")])


def mail_grow(root: Path, n: int) -> None:
    write_maildir(root, [mail("b@example.org", f"Re: Subject {n}", "reply", T0, f"r{n}-{time.time_ns()}@x", reply_to=[f"m{n}@x"])],
                  when=time.time() + 5)  # fmt: skip


def inbox_add(root: Path, n: int) -> None:
    claude_add(root / f"dev{n}" / "claude-code", n)


def inbox_grow(root: Path, n: int) -> None:
    claude_grow(root / f"dev{n}" / "claude-code", n)


# round 3 ------------------------------------------------------------------------------------


def _append(path: Path, record: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        f.write(json.dumps(record) + "\n")


def copilot_cli_add(root: Path, n: int) -> None:
    _append(root / f"s{n}" / "events.jsonl", {"type": "session.start", "timestamp": "2026-03-01T09:00:00Z",
                                              "data": {"sessionId": f"s{n}"}})  # fmt: skip


def copilot_cli_grow(root: Path, n: int) -> None:
    _append(root / f"s{n}" / "events.jsonl", {"type": "user.message", "data": {"content": "hi"}})


def droid_add(root: Path, n: int) -> None:
    _append(root / "-w" / f"d{n}.jsonl", {"type": "session_start", "id": f"d{n}", "cwd": "/w"})


def droid_grow(root: Path, n: int) -> None:
    _append(root / "-w" / f"d{n}.jsonl", {"type": "message", "message": {"role": "user", "content": "hi"}})


def qwen_add(root: Path, n: int) -> None:
    _append(
        root / "projects" / "-w" / "chats" / f"q{n}.jsonl", {"sessionId": f"q{n}", "timestamp": "2026-03-01T09:00:00Z"}
    )


def qwen_grow(root: Path, n: int) -> None:
    _append(root / "projects" / "-w" / "chats" / f"q{n}.jsonl", {"sessionId": f"q{n}", "type": "user"})


def cursor_agent_add(root: Path, n: int) -> None:
    _append(root / "projects" / "w" / "agent-transcripts" / f"c{n}" / f"c{n}.jsonl", {"role": "user", "message": {}})


def cursor_agent_grow(root: Path, n: int) -> None:
    _append(root / "projects" / "w" / "agent-transcripts" / f"c{n}" / f"c{n}.jsonl", {"role": "assistant"})


def amp_add(root: Path, n: int) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / f"T-{n}.json").write_text(json.dumps({"id": f"T-{n}", "created": 1772355600000, "messages": []}))


def amp_grow(root: Path, n: int) -> None:
    (root / f"T-{n}.json").write_text(
        json.dumps({"id": f"T-{n}", "created": 1772355600000, "messages": [{"role": "user"}]})
    )


def continue_add(root: Path, n: int) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / f"k{n}.json").write_text(json.dumps({"sessionId": f"k{n}", "history": []}))


def continue_grow(root: Path, n: int) -> None:
    (root / f"k{n}.json").write_text(json.dumps({"sessionId": f"k{n}", "history": [{"message": {"role": "user"}}]}))


def _task(root: Path, n: int, messages: list) -> None:
    folder = root / "tasks" / f"17723556000{n:02d}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ui_messages.json").write_text(json.dumps(messages))


def task_add(root: Path, n: int) -> None:
    _task(root, n, [{"ts": 1772355600000, "type": "say", "say": "task", "text": "hi"}])


def task_grow(root: Path, n: int) -> None:
    _task(root, n, [{"ts": 1772355600000, "type": "say", "say": "task", "text": "hi"}] * 2)


def aider_add(root: Path, n: int) -> None:
    path = root / f"proj{n}" / ".aider.chat.history.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n# aider chat started at 2026-03-01 09:00:00\n\n#### hi\n")


def aider_grow(root: Path, n: int) -> None:
    with (root / f"proj{n}" / ".aider.chat.history.md").open("a") as f:
        f.write("hello\n")


def _kv(db: Path, key: str, value: object) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE IF NOT EXISTS cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    con.execute("CREATE TABLE IF NOT EXISTS ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    con.execute("INSERT INTO cursorDiskKV VALUES (?, ?)", (key, json.dumps(value)))
    con.commit()
    con.close()


def cursor_add(root: Path, n: int) -> None:
    db = root / "globalStorage" / "state.vscdb"
    _kv(db, f"composerData:c{n}", {"composerId": f"c{n}", "createdAt": 1772355600000, "lastUpdatedAt": 1772355600000})
    _kv(db, f"bubbleId:c{n}:b1", {"type": 1, "text": "hi"})


def cursor_grow(root: Path, n: int) -> None:
    _kv(root / "globalStorage" / "state.vscdb", f"bubbleId:c{n}:b{time.time_ns()}", {"type": 2, "text": "hello"})


def vscode_add(root: Path, n: int) -> None:
    folder = root / "workspaceStorage" / "ws" / "chatSessions"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"v{n}.json").write_text(json.dumps({"sessionId": f"v{n}", "requests": []}))


def vscode_grow(root: Path, n: int) -> None:
    folder = root / "workspaceStorage" / "ws" / "chatSessions"
    (folder / f"v{n}.json").write_text(json.dumps({"sessionId": f"v{n}", "requests": [{"message": {"text": "hi"}}]}))


def goose_add(root: Path, n: int) -> None:
    root.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(root / "sessions.db")
    con.executescript("CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, working_dir TEXT, created_at TEXT);"
                      "CREATE TABLE IF NOT EXISTS messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT,"
                      " content_json TEXT, created_timestamp INTEGER);")  # fmt: skip
    con.execute("INSERT INTO sessions VALUES (?, '/w', '2026-03-01 09:00:00')", (f"g{n}",))
    con.commit()
    con.close()


def goose_grow(root: Path, n: int) -> None:
    con = sqlite3.connect(root / "sessions.db")
    con.execute("INSERT INTO messages (session_id, role, content_json, created_timestamp) VALUES (?, 'user', '[]', ?)",
                (f"g{n}", int(time.time())))  # fmt: skip
    con.commit()
    con.close()


def _export(root: Path, convs: dict) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "conversations.json").write_text(json.dumps(list(convs.values())))


def _convs(root: Path) -> dict:
    path = root / "conversations.json"
    return {c.get("conversation_id") or c.get("uuid"): c for c in json.loads(path.read_text())} if path.exists() else {}


def chatgpt_add(root: Path, n: int) -> None:
    _export(root, {**_convs(root), f"g{n}": {"conversation_id": f"g{n}", "create_time": 1772355600, "mapping": {}}})


def chatgpt_grow(root: Path, n: int) -> None:
    convs = _convs(root)
    convs[f"g{n}"] = {**convs[f"g{n}"], "update_time": 1772355700, "mapping": {"a": {}}}
    _export(root, convs)


def claude_ai_add(root: Path, n: int) -> None:
    _export(
        root, {**_convs(root), f"c{n}": {"uuid": f"c{n}", "created_at": "2026-03-01T09:00:00Z", "chat_messages": []}}
    )


def claude_ai_grow(root: Path, n: int) -> None:
    convs = _convs(root)
    convs[f"c{n}"] = {**convs[f"c{n}"], "updated_at": "2026-03-01T09:05:00Z", "chat_messages": [{}]}
    _export(root, convs)


@dataclass
class Kind:
    type: str
    option: str
    default: str | None  # under the fake HOME; None: the option is required, given as `~/…`
    given: str  # the value used when the default cannot be (required options), `~` = the fake HOME
    add: Callable[[Path, int], None]
    grow: Callable[[Path, int], None]
    database: bool = False

    def watched(self, root: Path) -> list[Path]:
        if self.database:
            return [root, Path(f"{root}-wal")]
        if self.type == "antigravity":
            return [root / "conversations", root / "conversation_summaries.db", root / "conversation_summaries.db-wal",
                    root / "history.jsonl"]  # fmt: skip
        if self.type == "mail":
            return [root / "cur", root / "new"]
        if self.type == "inbox":
            return [root]  # and each device's agent folder, checked below
        if self.type == "cursor_agent":
            return [root / "projects", root / "chats"]
        if self.type == "cursor":
            return [root / "globalStorage" / "state.vscdb", root / "globalStorage" / "state.vscdb-wal"]
        if self.type == "aider":
            return [root / "proj1" / ".aider.chat.history.md"] if (root / "proj1").exists() else []
        return [root]


KINDS = [
    Kind("claude_code", "projects_dir", None, "~/.claude/projects", claude_add, claude_grow),
    Kind("codex", "sessions_dir", None, "~/.codex/sessions", codex_add, codex_grow),
    Kind("grok", "sessions_dir", "~/.grok/sessions", "", grok_add, grok_grow),
    Kind("gemini_cli", "sessions_dir", "~/.gemini/tmp", "", gemini_add, gemini_grow),
    Kind("kiro", "sessions_dir", "~/.kiro/sessions", "", kiro_add, kiro_grow),
    Kind("opencode", "db_path", "~/.local/share/opencode/opencode.db", "", opencode_add, opencode_grow, database=True),
    Kind("hermes", "db_path", None, "~/.hermes/state.db", hermes_add, hermes_grow, database=True),
    Kind("antigravity", "data_dir", "~/.gemini/antigravity-cli", "", antigravity_add, antigravity_grow),
    Kind("mail", "path", None, "~/Mail", mail_add, mail_grow),
    Kind("copilot_cli", "sessions_dir", "~/.copilot/session-state", "", copilot_cli_add, copilot_cli_grow),
    Kind("factory_droid", "sessions_dir", "~/.factory/sessions", "", droid_add, droid_grow),
    Kind("qwen_code", "data_dir", "~/.qwen", "", qwen_add, qwen_grow),
    Kind("cursor_agent", "cursor_dir", "~/.cursor", "", cursor_agent_add, cursor_agent_grow),
    Kind("ampcode", "threads_dir", "~/.local/share/amp/threads", "", amp_add, amp_grow),
    Kind("continue_dev", "sessions_dir", "~/.continue/sessions", "", continue_add, continue_grow),
    Kind("cline", "storage_dir", "~/.config/Code/User/globalStorage/saoudrizwan.claude-dev", "", task_add, task_grow),
    Kind(
        "roo_code",
        "storage_dir",
        "~/.config/VSCodium/User/globalStorage/rooveterinaryinc.roo-cline",
        "",
        task_add,
        task_grow,
    ),
    Kind("aider", "projects_dir", "~", "", aider_add, aider_grow),
    Kind("cursor", "user_dir", "~/.config/Cursor/User", "", cursor_add, cursor_grow),
    Kind("copilot_vscode", "user_dir", "~/.config/Code - Insiders/User", "", vscode_add, vscode_grow),
    Kind("goose", "sessions_dir", "~/.local/share/goose/sessions", "", goose_add, goose_grow),
    Kind("chatgpt", "export_path", None, "~/exports/chatgpt", chatgpt_add, chatgpt_grow),
    Kind("claude_ai", "export_path", None, "~/exports/claude", claude_ai_add, claude_ai_grow),
    Kind("inbox", "dir", None, "~/inbox", inbox_add, inbox_grow),
]


def make(kind: Kind, options: dict, base: Path = Path(".")):
    cfg = ConnectorConfig(name="c", type=kind.type, options={"settle_minutes": 0, **options})
    return make_connector(cfg, ProjectsConfig(git=False), base)


def stamps(connector) -> dict[str, tuple[int, float]]:
    survey = connector.survey()
    assert survey.warnings == []
    return {u.key: (u.size, u.mtime) for u in survey.units}


def test_every_type_is_covered_here():
    assert {k.type for k in KINDS} | {"paperclip"} == set(connector_types())


@pytest.mark.parametrize("type_", connector_types())
def test_an_unknown_option_is_refused_naming_it(type_):
    required = {"claude_code": {"projects_dir": "x"}, "codex": {"sessions_dir": "x"}, "hermes": {"db_path": "x"},
                "mail": {"path": "x"}, "chatgpt": {"export_path": "x"}, "claude_ai": {"export_path": "x"}}.get(type_, {})  # fmt: skip
    with pytest.raises(ValueError, match=r"unknown option\(s\) 'sesions_dir'"):
        make_connector(ConnectorConfig(name="c", type=type_, options={**required, "sesions_dir": "~/typo"}),
                       ProjectsConfig(), Path("."))  # fmt: skip


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.type)
def test_the_default_location_is_watched_and_its_changes_seen_by_stat(kind, tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "COPILOT_HOME", "CURSOR_CONFIG_DIR", "CONTINUE_GLOBAL_DIR"):
        monkeypatch.delenv(name, raising=False)
    root = Path((kind.default or kind.given).replace("~", str(home)))
    options = {} if kind.default else {kind.option: kind.given}
    kind.add(root, 1)
    c = make(kind, options)
    assert all(p in c.watch_paths() for p in kind.watched(root)), c.watch_paths()
    _sees_changes(kind, c, root)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.type)
def test_a_glob_is_expanded_and_every_match_watched(kind, tmp_path):
    roots = [tmp_path / "agents" / name / "store" for name in ("work", "home")]
    for n, root in enumerate(roots):
        target = root / "x.db" if kind.database else root
        kind.add(target, n)
    pattern = str(tmp_path / "agents" / "*" / "store") + ("/x.db" if kind.database else "")
    c = make(kind, {kind.option: pattern})
    targets = [r / "x.db" if kind.database else r for r in roots]
    watched = c.watch_paths()
    for target in targets:
        assert all(p in watched for p in kind.watched(target)), watched
    found = stamps(c)
    assert len(found) == 2
    if kind.type != "mail":  # mail threads across every mailbox it finds: its keys start with the option
        assert all(any(k.startswith(f"{t}/") or k.startswith(f"{t}#") for k in found) for t in targets), found


def _sees_changes(kind: Kind, c, root: Path) -> None:
    first = stamps(c)
    assert len(first) == 1
    assert stamps(make(kind, c.cfg.options)) == first  # nothing changed: the same units, the same stats
    time.sleep(0.01)
    kind.grow(root, 1)
    grown = stamps(make(kind, c.cfg.options))
    assert grown.keys() == first.keys() and grown != first  # the same unit, changed
    kind.add(root, 2)
    added = stamps(make(kind, c.cfg.options))
    assert len(added) == 2 and {k: v for k, v in added.items() if k in first} == grown  # one new unit


def test_the_inbox_watches_each_device_folder_too(tmp_path):
    root = tmp_path / "inbox"
    inbox_add(root, 1)
    c = make(KINDS[-1], {"dir": str(root)})
    assert root / "dev1" / "claude-code" in c.watch_paths()


def test_paperclip_watches_no_file_and_its_survey_sees_updated_issues(tmp_path, monkeypatch):
    monkeypatch.setenv("PAPERCLIP_API_KEY", KEY)
    with FakePaperclip() as board:
        board.add_issue(1)
        c = make_connector(ConnectorConfig(name="pc", type="paperclip", options={"api_url": board.url}),
                           ProjectsConfig(), Path("."))  # fmt: skip
        assert c.watch_paths() == []
        first = stamps(c)
        assert stamps(c) == first and len(first) == 1
        board.issues[0]["updatedAt"] = "2026-06-02T10:00:00Z"
        grown = stamps(c)
        assert grown.keys() == first.keys() and grown != first
        board.add_issue(2)
        assert len(stamps(c)) == 2


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.type)
def test_a_pinned_listing_reads_what_a_fresh_one_reads(kind, tmp_path):
    """A run pins one listing for all its scans (kept compact): a scan of some units through it
    reads exactly those units, as a connector that lists afresh does."""
    root = tmp_path / "store"
    target = root / "x.db" if kind.database else root
    for n in (1, 2, 3):
        kind.add(target, n)
    options = {kind.option: str(target)}
    keys = sorted(stamps(make(kind, options)))
    assert len(keys) == 3
    pinned = make(kind, options)
    pinned.pin_listing()
    kind.add(target, 4)  # after the pin: a pinned run does not see it, a fresh listing does

    def read(connector, only):
        result = connector.scan({}, float("inf"), only=only)
        return sorted(s.session_id for s in result.sessions), sorted(result.states)

    for only in ({keys[1]}, {keys[0], keys[2]}, {keys[1], str(tmp_path / "not-a-unit")}):
        assert read(pinned, only) == read(make(kind, options), only)
    if isinstance(pinned, JsonlFileConnector):  # the connectors that list files pin their listing
        assert len(read(pinned, None)[1]) == len(read(make(kind, options), None)[1]) - 1
