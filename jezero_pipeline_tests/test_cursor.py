"""Cursor IDE: composers and bubbles in the global state.vscdb, inline bubbles of older builds, the
pre-composer chat, workspaces, growth by one bubble, secrets never read, damage."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import connector, scan, texts
from vscdb import add_kv, write_kv

CID = "7a1b2c3d-0000-4111-8222-333344445555"
T = 1767261600000  # 2026-01-01 10:00 UTC


def bubble(bid: str, kind: int, text: str, minute: int, **extra) -> dict:
    return {"_v": 3, "bubbleId": bid, "type": kind, "text": text, "richText": "{}",
            "createdAt": f"2026-01-01T10:{minute:02d}:00.000Z", "codeBlocks": [], **extra}  # fmt: skip


BUBBLES = {
    "b1": bubble("b1", 1, "Why does the cache never expire?", 1, workspaceProjectDir="/home/me/api"),
    "b2": bubble("b2", 2, "", 2, capabilityType=30, thinking={"text": "HIDDEN"}),
    "b3": bubble("b3", 2, "Let me look at the TTL handling.", 3),
    "b4": bubble("b4", 2, "", 4, capabilityType=15, toolFormerData={
        "tool": 15, "toolCallId": "tool_1", "status": "completed", "name": "run_terminal_command_v2",
        "params": json.dumps({"command": "pytest tests/test_cache.py"}), "result": json.dumps({"output": "TOOL OUTPUT"})}),
    "b5": bubble("b5", 2, "", 5, capabilityType=15, toolFormerData={"name": "read_file_v2", "params": "{\"path\":\"c.py\"}"}),
    "b6": bubble("b6", 2, "", 6, capabilityType=22),
    "b7": bubble("b7", 2, "The TTL was in seconds but compared to ms; fixed.", 7),
}  # fmt: skip
COMPOSER = {
    "_v": 10, "composerId": CID, "name": "Cache never expires", "createdAt": T, "lastUpdatedAt": T + 420000,
    "unifiedMode": "agent", "modelConfig": {"modelName": "claude-4-sonnet", "maxMode": False},
    "text": "UNSENT DRAFT", "blobEncryptionKey": "SECRETKEY",
    "fullConversationHeadersOnly": [{"bubbleId": b, "type": 1 if b == "b1" else 2} for b in
                                    ("b1", "b2", "b3", "b4", "b5", "b6", "missing", "b7")],
}  # fmt: skip


def build(user: Path) -> Path:
    disk = {f"composerData:{CID}": COMPOSER, **{f"bubbleId:{CID}:{k}": v for k, v in BUBBLES.items()},
            "composerData:draft-1": {"composerId": "draft-1", "name": "x", "text": "NEVER SENT", "createdAt": T},
            "composerData:old-inline": {"composerId": "old-inline", "name": "Old", "createdAt": T, "conversation": [
                {"bubbleId": "i1", "type": 1, "text": "Rename the module"}, {"bubbleId": "i2", "type": 2, "text": "Renamed."}]},
            "agentKv:blob:abc": "\u0000binary", "composer.content.abc": "WHOLE FILE"}  # fmt: skip
    items = {"cursorAuth/accessToken": "SECRET-TOKEN", "secret://x": "SECRET",
             "composer.composerHeaders": {"allComposers": [{"composerId": CID}]}}  # fmt: skip
    return write_kv(user / "globalStorage" / "state.vscdb", items, disk)


def test_composers_from_the_global_database(tmp_path):
    db = build(tmp_path)
    r = scan("cursor", user_dir=str(tmp_path))
    assert r.warnings == []
    got = dict(texts(r))
    assert set(got) == {CID, "old-inline"}  # the draft is no session
    s = next(s for s in r.sessions if s.session_id == CID)
    assert (s.cwd, s.title_hint, s.meta, s.path) == ("/home/me/api", "Cache never expires", {"models": "claude-4-sonnet"},
                                                     f"{db}#{CID}")  # fmt: skip
    assert s.original_ref == f"cursor-composer:{CID}"
    assert got[CID] == [
        "[2026-01-01 10:01] user: Why does the cache never expire?",
        "[2026-01-01 10:03] assistant: Let me look at the TTL handling.",
        '[2026-01-01 10:04] assistant: tool call: run_terminal_command_v2 {"command":"pytest tests/test_cache.py"}',
        "[2026-01-01 10:07] assistant: The TTL was in seconds but compared to ms; fixed.",
    ]
    assert got["old-inline"] == ["[2026-01-01 10:00] user: Rename the module", "[2026-01-01 10:00] assistant: Renamed."]
    joined = str(got)
    assert all(w not in joined for w in ("HIDDEN", "TOOL OUTPUT", "DRAFT", "SECRET", "WHOLE FILE", "NEVER SENT"))
    again = scan("cursor", previous=r.states, user_dir=str(tmp_path))
    assert again.sessions == [] and again.bytes_read == 0 and len(again.unchanged) == 2


def test_a_new_bubble_rereads_only_its_composer(tmp_path):
    db = build(tmp_path)
    first = scan("cursor", user_dir=str(tmp_path))
    add_kv(db, "cursorDiskKV", {f"bubbleId:{CID}:b8": bubble("b8", 1, "Add a regression test too.", 9)})
    r = scan("cursor", previous=first.states, user_dir=str(tmp_path))
    (s,) = r.sessions
    assert s.session_id == CID and s.blocks[-1].text == "[2026-01-01 10:09] user: Add a regression test too."
    assert r.unchanged == [f"{db}#old-inline"]


def test_workspaces_and_the_pre_composer_chat(tmp_path):
    disk = {f"composerData:{CID}": {**COMPOSER, "fullConversationHeadersOnly": []},
            f"bubbleId:{CID}:b3": BUBBLES["b3"], f"bubbleId:{CID}:b1": {**BUBBLES["b1"], "workspaceProjectDir": None}}  # fmt: skip
    write_kv(tmp_path / "globalStorage" / "state.vscdb", {}, disk)
    ws = tmp_path / "workspaceStorage" / "a1b2"
    (ws).mkdir(parents=True)
    (ws / "workspace.json").write_text(json.dumps({"folder": "file:///home/me/proj%20x"}))
    chat = {"tabs": [{"tabId": "t1", "chatTitle": "Old chat", "lastSendTime": T, "bubbles": [
        {"type": "user", "text": "What does this regex match?"}, {"type": "ai", "text": "Dates in ISO form."}]}]}  # fmt: skip
    write_kv(ws / "state.vscdb", {"composer.composerData": {"allComposers": [{"composerId": CID}]},
                                  "workbench.panel.aichat.view.aichat.chatdata": chat})  # fmt: skip
    r = scan("cursor", user_dir=str(tmp_path))
    by_id = {s.session_id: s for s in r.sessions}
    assert by_id[CID].cwd == "/home/me/proj x"
    assert [b.text.split("] ", 1)[1] for b in by_id[CID].blocks] == [  # no header list: by time
        "user: Why does the cache never expire?",
        "assistant: Let me look at the TTL handling.",
    ]
    tab = by_id["chat:t1"]
    assert (tab.cwd, tab.path) == ("/home/me/proj x", f"{ws / 'state.vscdb'}#chat:t1")
    assert [b.text.split("] ", 1)[1] for b in tab.blocks] == [
        "user: What does this regex match?",
        "assistant: Dates in ISO form.",
    ]
    assert (ws / "state.vscdb") in connector("cursor", user_dir=str(tmp_path)).watch_paths()


def test_a_corrupt_database_is_a_warning(tmp_path):
    (tmp_path / "globalStorage").mkdir()
    (tmp_path / "globalStorage" / "state.vscdb").write_bytes(b"not a database at all" * 10)
    r = scan("cursor", user_dir=str(tmp_path))
    assert r.sessions == [] and r.warnings[0].startswith(
        f"{tmp_path / 'globalStorage' / 'state.vscdb'}: not a readable"
    )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(min_size=1, max_size=80), at=st.integers(min_value=0),
       value=st.text(max_size=60))  # fmt: skip
def test_damage_gives_warnings_never_an_exception(cut, garbage, at, value):
    with tempfile.TemporaryDirectory() as d:
        db = build(Path(d))
        add_kv(db, "cursorDiskKV", {f"bubbleId:{CID}:z": value, "composerData:odd": value})
        clean = db.read_bytes()
        for body in (clean, clean[: cut % len(clean)], clean[: at % len(clean)] + garbage + clean[at % len(clean) :]):
            db.write_bytes(body)
            assert len(scan("cursor", user_dir=d).sessions) <= 3
