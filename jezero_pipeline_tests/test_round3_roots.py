"""A store option may name the agent's home, its store, or one session file (a sample, a copy)."""

from __future__ import annotations

import json
import sqlite3

from round3 import scan, write_json, write_jsonl
from vscdb import write_kv


def test_the_agent_home_stands_for_its_store(tmp_path):
    home = tmp_path / ".continue"
    write_json(
        home / "sessions" / "s1.json", {"sessionId": "s1", "history": [{"message": {"role": "user", "content": "hi"}}]}
    )
    assert [s.session_id for s in scan("continue_dev", sessions_dir=str(home)).sessions] == ["s1"]
    write_jsonl(tmp_path / ".copilot" / "session-state" / "c1" / "events.jsonl",
                [{"type": "user.message", "data": {"content": "hello"}}])  # fmt: skip
    assert [s.session_id for s in scan("copilot_cli", sessions_dir=str(tmp_path / ".copilot")).sessions] == ["c1"]


def test_one_session_file(tmp_path):
    thread = write_json(tmp_path / "exported.json", {"id": "T-1", "messages": [{"role": "user", "content": [
        {"type": "text", "text": "Ship it"}]}]})  # fmt: skip
    assert [s.session_id for s in scan("ampcode", threads_dir=str(thread)).sessions] == ["T-1"]
    droid = write_jsonl(tmp_path / "d.jsonl", [{"type": "message", "message": {"role": "user", "content": "hi"}}])
    assert [s.session_id for s in scan("factory_droid", sessions_dir=str(droid)).sessions] == ["d"]
    chat = write_json(
        tmp_path / "chat.json", {"sessionId": "v1", "requests": [{"message": {"text": "hi"}, "response": []}]}
    )
    assert [s.session_id for s in scan("copilot_vscode", user_dir=str(chat)).sessions] == ["v1"]


def test_a_goose_database_named_directly_and_cursor_rich_text(tmp_path):
    db = tmp_path / "copy.db"
    con = sqlite3.connect(db)
    con.executescript("CREATE TABLE sessions (id TEXT PRIMARY KEY, working_dir TEXT);"
                      "CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, content_json TEXT,"
                      " created_timestamp INTEGER);")  # fmt: skip
    con.execute("INSERT INTO sessions VALUES ('g1', '/w')")
    con.execute(
        "INSERT INTO messages VALUES (1, 'g1', 'user', ?, 1767261600)", (json.dumps([{"type": "text", "text": "hi"}]),)
    )
    con.commit()
    con.close()
    assert [s.session_id for s in scan("goose", sessions_dir=str(db)).sessions] == ["g1"]
    rich = {
        "root": {
            "type": "root",
            "children": [{"type": "paragraph", "children": [{"type": "text", "text": "From rich text"}]}],
        }
    }
    kv = write_kv(tmp_path / "state.vscdb", {}, {"composerData:c": {"createdAt": 1767261600000},
                                                 "bubbleId:c:b": {"type": 1, "text": "", "richText": json.dumps(rich)}})  # fmt: skip
    (s,) = scan("cursor", user_dir=str(kv)).sessions
    assert s.blocks[0].text.endswith("user: From rich text")
