"""VS Code Copilot Chat: the JSON session (≤1.108), the JSONL mutation log (1.109+), the oldest
`interactive.sessions` key, other providers' sessions, damage."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import damaged, jsonl_bytes, scan, texts, write_json, write_jsonl
from vscdb import write_kv

from jezero_pipeline.sessions.copilot_vscode import replay

SID = "a9b8c7d6-1111-4222-8333-444455556666"
COPILOT = {"id": "github.copilot.editsAgent", "extensionId": {"value": "GitHub.copilot-chat"}}


def request(text: str, response: list, minute: int) -> dict:
    return {"requestId": f"r{minute}", "message": {"text": text, "parts": []}, "variableData": {"variables": []},
            "response": response, "agent": COPILOT, "modelId": "copilot/gpt-4.1", "timestamp": 1767261600000 + minute * 60000,
            "result": {"metadata": {"toolCallRounds": [{"toolCalls": [{"name": "DUPLICATE"}]}]}}}  # fmt: skip


SESSION = {
    "version": 3, "sessionId": SID, "creationDate": 1767261600000, "customTitle": "Fix the flaky e2e test",
    "requesterUsername": "me", "responderUsername": "GitHub Copilot", "initialLocation": "panel",
    "requests": [
        request("Why does checkout.spec.ts time out?", [
            {"kind": "thinking", "value": "HIDDEN"},
            {"value": "The wait in ", "supportThemeIcons": False},
            {"kind": "inlineReference", "inlineReference": {"fsPath": "/home/me/shop/e2e/checkout.spec.ts"}},
            {"value": " polls a selector that never renders."},
            {"kind": "toolInvocationSerialized", "toolId": "copilot_runInTerminal", "toolCallId": "t1",
             "invocationMessage": {"value": "Running npx playwright test"},
             "toolSpecificData": {"kind": "terminal", "commandLine": {"original": "npx playwright test checkout"}}},
            {"kind": "toolInvocationSerialized", "toolId": "copilot_readFile", "invocationMessage": "Reading file"},
            {"kind": "textEditGroup", "edits": ["BULKY EDIT"]},
            {"kind": "markdownContent", "content": {"value": "Fixed by waiting for the network to go idle."}}], 1),
    ],
}  # fmt: skip


def ws(root: Path) -> Path:
    folder = root / "workspaceStorage" / "f00d"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "workspace.json").write_text(json.dumps({"folder": "file:///home/me/shop"}))
    return folder


EXPECTED = [
    "[2026-01-01 10:01] user: Why does checkout.spec.ts time out?",
    "[2026-01-01 10:01] assistant: The wait in `checkout.spec.ts` polls a selector that never renders.\n"
    '[2026-01-01 10:01] assistant: tool call: copilot_runInTerminal {"command":"npx playwright test checkout"}\n'
    "[2026-01-01 10:01] assistant: Fixed by waiting for the network to go idle.",
]


def test_a_json_session(tmp_path):
    path = write_json(ws(tmp_path) / "chatSessions" / f"{SID}.json", SESSION)
    r = scan("copilot_vscode", user_dir=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.title_hint, s.path) == (SID, "/home/me/shop", "Fix the flaky e2e test", str(path))
    assert s.meta == {"models": "copilot/gpt-4.1"} and s.original_ref == f"copilot-chat-session:{SID}"
    assert [b.text for b in s.blocks] == EXPECTED
    joined = str(texts(r))
    assert "HIDDEN" not in joined and "BULKY" not in joined and "DUPLICATE" not in joined


def test_the_mutation_log_wins_over_the_json_of_the_same_session(tmp_path):
    folder = ws(tmp_path) / "chatSessions"
    write_json(folder / f"{SID}.json", {**SESSION, "requests": []})
    empty = {**SESSION, "requests": [], "customTitle": None}
    first = copy.deepcopy(SESSION["requests"][0])
    log = [
        {"kind": 0, "v": empty},
        {"kind": 2, "k": ["requests"], "v": [{**first, "response": []}]},
        {"kind": 2, "k": ["requests", 0, "response"], "v": first["response"][:4]},
        {"kind": 2, "k": ["requests", 0, "response"], "v": first["response"][2:], "i": 2},
        {"kind": 1, "k": ["customTitle"], "v": "Fix the flaky e2e test"},
        {"kind": 1, "k": ["scratch"], "v": 1},
        {"kind": 3, "k": ["scratch"]},
    ]
    path = write_jsonl(folder / f"{SID}.jsonl", log)
    r = scan("copilot_vscode", user_dir=str(tmp_path))
    (s,) = r.sessions
    assert s.path == str(path) and s.title_hint == "Fix the flaky e2e test" and [b.text for b in s.blocks] == EXPECTED
    assert replay(log[:1] + [{"kind": 0, "v": {"requests": []}}]) == {"requests": []}  # a snapshot starts over


def test_the_oldest_key_other_providers_and_empty_windows(tmp_path):
    folder = ws(tmp_path)
    other = {**SESSION, "sessionId": "other", "responderUsername": "Some Bot",
             "requests": [{**SESSION["requests"][0], "agent": {"extensionId": {"value": "acme.bot"}}}]}  # fmt: skip
    write_kv(folder / "state.vscdb", {"interactive.sessions": [{**SESSION, "sessionId": "legacy-1"}, other],
                                      "secret://github": "SECRET"})  # fmt: skip
    write_json(tmp_path / "globalStorage" / "emptyWindowChatSessions" / "e1.json", {**SESSION, "sessionId": "e1"})
    write_json(tmp_path / "globalStorage" / "emptyWindowChatSessions" / "e2.json",
               {**SESSION, "sessionId": "e2", "workingDirectory": "file:///home/me/scratch"})  # fmt: skip
    r = scan("copilot_vscode", user_dir=str(tmp_path))
    by_id = {s.session_id: s for s in r.sessions}
    assert set(by_id) == {"legacy-1", "e1", "e2"}
    assert (
        by_id["legacy-1"].cwd == "/home/me/shop" and by_id["e1"].cwd is None and by_id["e2"].cwd == "/home/me/scratch"
    )
    assert [b.text for b in by_id["legacy-1"].blocks] == EXPECTED and "SECRET" not in str(texts(r))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(max_size=80), at=st.integers(min_value=0))
def test_damage_gives_warnings_never_an_exception(cut, garbage, at):
    with tempfile.TemporaryDirectory() as d:
        folder = ws(Path(d)) / "chatSessions"
        doc = write_json(folder / "a.json", SESSION)
        log = folder / "b.jsonl"
        clean_log = jsonl_bytes(
            [{"kind": 0, "v": SESSION}, {"kind": 1, "k": ["requests", 0, "message", "text"], "v": "x"}]
        )
        for body, body_log in zip(damaged(doc.read_bytes(), cut, garbage, at), damaged(clean_log, cut, garbage, at)):
            doc.write_bytes(body)
            log.write_bytes(body_log)
            assert len(scan("copilot_vscode", user_dir=d).sessions) <= 2


def test_replay_takes_indexes_written_as_strings_and_ignores_bad_paths():
    log = [{"kind": 0, "v": {"requests": [{"message": {"text": "a"}}], "0": "kept"}},
           {"kind": 1, "k": ["requests", "0", "message", "text"], "v": "b"},
           {"kind": 1, "k": ["requests", 5, "x"], "v": 1}, {"kind": 2, "k": ["requests", "0", "response"], "v": ["r"]},
           {"kind": 3, "k": ["nope", "deeper"]}, {"kind": 1, "k": "notalist", "v": 2}, {"kind": 9, "k": ["requests"]}]  # fmt: skip
    assert replay(log) == {"requests": [{"message": {"text": "b"}, "response": ["r"]}], "0": "kept"}
