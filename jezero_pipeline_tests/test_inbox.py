"""The inbox: approved devices, uploads over loopback, what is refused, and nothing half-written read."""

from __future__ import annotations

import gzip
import json
import os
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest
import zstandard
from inboxfixtures import host_config, inbox_server
from sessionfiles import long_turns, write_claude_session

from jezero_pipeline.inbox.devices import DeviceError, Registry, token_digest
from jezero_pipeline.inbox.push import Pusher, local_files
from jezero_pipeline.sessions import make_connector

REL = "-home-dev-projects-ledger/aaaa1111-0000-4000-8000-000000000001.jsonl"


def put(url, agent, relpath, body, token, encoding="identity", offset=None, device=None, raw=False):
    data = body if raw or encoding == "identity" else _encode(body, encoding)
    headers = {"Authorization": f"Bearer {token}", "Content-Encoding": encoding}
    if offset is not None:
        headers["X-Jezero-Append-Offset"] = str(offset)
    if device:
        headers["X-Jezero-Device"] = device
    req = urllib.request.Request(f"{url}/inbox/v1/{agent}/{quote(relpath)}", data=data, headers=headers, method="PUT")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read() or b"{}")
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")


def head(url, agent, relpath, token):
    req = urllib.request.Request(f"{url}/inbox/v1/{agent}/{quote(relpath)}", headers={"Authorization": f"Bearer {token}"},
                                 method="HEAD")  # fmt: skip
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, resp.headers
    except urllib.error.HTTPError as err:
        return err.code, err.headers


def _encode(body: bytes, encoding: str) -> bytes:
    return gzip.compress(body) if encoding == "gzip" else zstandard.ZstdCompressor().compress(body)


@pytest.fixture
def host(tmp_path):
    cfg = host_config(tmp_path / "host", max_mb=1, max_device_mb=3)
    reg = Registry(cfg.resolve(cfg.inbox.devices_file))
    _, token = reg.approve("laptop")
    with inbox_server(cfg) as url:
        yield cfg, reg, url, token


def transcript(n: int = 4) -> bytes:
    lines = [
        json.dumps({"type": "user", "n": i, "message": {"role": "user", "content": f"line {i}"}}) for i in range(n)
    ]
    return ("\n".join(lines) + "\n").encode()


# --- devices ------------------------------------------------------------------------------


def test_a_device_token_is_stored_only_as_its_digest_and_rotation_retires_the_old_one(tmp_path):
    reg = Registry(tmp_path / "devices.json")
    device, token = reg.approve("laptop")
    stored = (tmp_path / "devices.json").read_text()
    assert token and token not in stored and token_digest(token) in stored
    assert reg.device_for(token).name == "laptop" and reg.device_for("nope") is None
    _, new = reg.rotate("laptop")
    assert reg.device_for(token) is None and reg.device_for(new).name == "laptop"
    assert reg.revoke("laptop").revoked_at and not reg.device_for(new).active
    with pytest.raises(DeviceError, match="no device named 'desk'"):
        reg.revoke("desk")
    with pytest.raises(DeviceError, match="lowercase slug"):
        reg.approve("../etc")
    own = "b" * 64
    device, shown = reg.approve("phone", digest=own)
    assert shown is None and device.token_sha256 == own
    with pytest.raises(DeviceError, match="already approved"):
        reg.approve("phone")


def test_the_device_commands_work_from_the_command_line(tmp_path, capsys):
    from jezero_pipeline.cli import main

    host_config(tmp_path)
    conf = str(tmp_path / "jezero.toml")
    assert main(["-c", conf, "device", "approve", "laptop", "--json"]) == 0
    token = json.loads(capsys.readouterr().out)["token"]
    assert main(["-c", conf, "device", "list", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["name"], row["active"], row["bytes"], row["revoked_at"]) == ("laptop", True, 0, None)
    assert main(["-c", conf, "device", "revoke", "laptop"]) == 0
    assert not Registry(tmp_path / "devices.json").device_for(token).active
    assert main(["-c", conf, "device", "rotate", "nobody"]) == 2
    assert "no device named 'nobody'" in capsys.readouterr().err


# --- the server -----------------------------------------------------------------------------


def test_an_upload_lands_in_the_device_folder_and_head_tells_its_size_and_digest(host):
    cfg, _, url, token = host
    body = transcript()
    for encoding in ("identity", "gzip", "zstd"):
        status, answer = put(url, "claude-code", REL, body, token, encoding=encoding)
        assert status == 201 and answer == {"device": "laptop", "size": len(body)}
    stored = cfg.resolve("inbox") / "laptop" / "claude-code" / REL
    assert stored.read_bytes() == body
    status, headers = head(url, "claude-code", REL, token)
    assert status == 200 and int(headers["X-Jezero-Size"]) == len(body)
    assert headers["X-Jezero-Sha256"] == __import__("hashlib").sha256(body).hexdigest()
    assert head(url, "claude-code", REL.replace("aaaa", "bbbb"), token)[0] == 404


def test_a_grown_transcript_is_appended_in_place_and_a_stale_offset_is_refused(host):
    cfg, _, url, token = host
    body = transcript(3)
    put(url, "claude-code", REL, body, token)
    stored = cfg.resolve("inbox") / "laptop" / "claude-code" / REL
    inode = stored.stat().st_ino
    more = transcript(5)[len(body) :]
    assert put(url, "claude-code", REL, more, token, encoding="zstd", offset=len(body)) == (
        200, {"device": "laptop", "size": len(body) + len(more), "appended": len(more)})  # fmt: skip
    assert stored.stat().st_ino == inode and stored.read_bytes() == body + more
    status, answer = put(url, "claude-code", REL, more, token, offset=len(body))
    assert status == 409 and f"holds {len(body) + len(more)} bytes" in answer["error"]
    status, answer = put(url, "claude-code", REL, b'{"half": ', token, offset=len(body) + len(more))
    assert status == 400 and "line end" in answer["error"]
    assert stored.read_bytes() == body + more


@pytest.mark.parametrize(
    "agent, relpath, status",
    [
        ("claude-code", "../../devices.json", 400),
        ("claude-code", "proj/../../x.jsonl", 400),
        ("claude-code", ".hidden/x.jsonl", 400),
        ("claude-code", "notes.txt", 400),
        ("claude-code", "a/b/c/d.jsonl", 400),
        ("codex", "2026/03/01/notes.jsonl", 400),
        ("opencode", "other.db", 400),
        ("grok", "%2Fw/g1/system_prompt.txt", 400),
        ("cursor", "x.jsonl", 400),
        ("cursor", "globalStorage/secrets.json", 400),
        ("windsurf", "x.jsonl", 404),
    ],
)
def test_a_path_outside_the_agents_store_is_refused(host, agent, relpath, status):
    cfg, _, url, token = host
    code, answer = put(url, agent, relpath, transcript(), token)
    assert code == status and answer["error"]
    assert not (cfg.resolve("devices.json").read_text().count("jsonl"))
    assert not any(p.is_file() for p in (cfg.resolve("inbox") / "laptop").rglob("*"))


def test_unknown_and_revoked_tokens_and_a_borrowed_device_name_are_refused(host):
    cfg, reg, url, token = host
    assert put(url, "claude-code", REL, transcript(), "not-a-token")[0] == 401
    assert put(url, "claude-code", REL, transcript(), token, device="desk")[0] == 403
    reg.revoke("laptop")
    status, answer = put(url, "claude-code", REL, transcript(), token)
    assert status == 403 and answer == {"error": "device 'laptop' was revoked"}
    assert not (cfg.resolve("inbox") / "laptop" / "claude-code").exists()


@pytest.mark.parametrize("encoding", ["gzip", "zstd"])
def test_a_decompression_bomb_is_refused_while_it_decompresses(host, encoding):
    cfg, _, url, token = host
    bomb = _encode(b"\n" * (200 * 1024 * 1024), encoding)  # 200 MiB of newlines, a few hundred KiB compressed
    assert len(bomb) < 1024 * 1024
    status, answer = put(url, "claude-code", REL, bomb, token, encoding=encoding, raw=True)
    assert status == 413 and "decompresses past the upload cap" in answer["error"]
    inbox = cfg.resolve("inbox")
    assert [p for p in inbox.rglob("*") if p.is_file()] == []  # nothing stored, no temporary file left


def test_too_big_a_body_another_encoding_and_a_full_quota_are_refused(host):
    cfg, _, url, token = host
    assert put(url, "claude-code", REL, b"x\n" * 600_000, token)[0] == 413  # 1.2 MB over max_mb = 1
    status, answer = put(url, "claude-code", REL, b"{}\n", token, encoding="br", raw=True)
    assert status == 415 and "br" in answer["error"]
    for i in range(3):  # 3 x 0.9 MB fits the 3 MB quota; a fourth does not
        rel = f"proj/{i:08d}-0000-4000-8000-000000000000.jsonl"
        assert put(url, "claude-code", rel, b"y\n" * 450_000, token, encoding="zstd")[0] == 201
    status, answer = put(url, "claude-code", "proj/x4.jsonl", b"y\n" * 450_000, token, encoding="zstd")
    assert status == 507 and "quota" in answer["error"]


def test_a_codex_archive_is_stored_compressed_after_its_size_is_checked(host):
    cfg, _, url, token = host
    rel = "2026/03/01/rollout-2026-03-01T09-00-00-aaaa.jsonl.zst"
    archive = zstandard.ZstdCompressor().compress(transcript())
    assert put(url, "codex", rel, archive, token)[0] == 201
    assert (cfg.resolve("inbox") / "laptop" / "codex" / rel).read_bytes() == archive
    bomb = zstandard.ZstdCompressor().compress(b"\n" * (5 * 1024 * 1024))
    assert put(url, "codex", rel, bomb, token)[0] == 413


def test_nothing_half_written_is_ever_read(host):
    """A reader scanning the inbox while versions are replaced and appended sees whole versions only."""
    cfg, _, url, token = host
    versions = [transcript(n) for n in range(2, 40)]
    store = cfg.resolve("inbox") / "laptop" / "claude-code"
    replaced, appended = store / "p/r0000000-0000-4000-8000-000000000000.jsonl", store / REL
    put(url, "claude-code", "p/r0000000-0000-4000-8000-000000000000.jsonl", versions[0], token)
    put(url, "claude-code", REL, versions[0], token)
    seen: list[tuple[str, bytes]] = []
    stop = threading.Event()
    reader = make_connector(cfg.connector("uploads"), cfg.projects, cfg.base_dir)

    def read() -> None:
        while not stop.is_set():
            for p in (replaced, appended):
                seen.append((p.name, p.read_bytes()))
            for unit in reader.survey().units:
                seen.append(("unit", unit.key.encode()))

    t = threading.Thread(target=read)
    t.start()
    try:
        for old, new in zip(versions, versions[1:]):
            assert put(url, "claude-code", "p/r0000000-0000-4000-8000-000000000000.jsonl", new, token,
                       encoding="zstd")[0] == 201  # fmt: skip
            assert put(url, "claude-code", REL, new[len(old) :], token, offset=len(old))[0] == 200
    finally:
        stop.set()
        t.join()
    whole = set(versions)
    for name, data in seen:
        if name == "unit":
            assert not data.endswith(b".uploading") and b"/.spool" not in data
        elif name == replaced.name:
            assert data in whole
        else:
            assert versions[-1].startswith(data) and data.endswith(b"\n")  # a prefix ending at a line end
    assert len(seen) > 50


# --- the push client -------------------------------------------------------------------------

DEVICE_CONFIG = """
[storage]
path = "library.duckdb"
staging_dir = "staging"
[[connectors]]
name = "cc"
type = "claude_code"
[connectors.options]
projects_dir = "projects"
"""


def device_config(workdir: Path):
    from jezero_pipeline.config import load_config

    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "jezero.toml").write_text(DEVICE_CONFIG)
    return load_config(workdir / "jezero.toml")


def test_push_sends_new_files_whole_then_only_what_grew_and_resumes_without_its_state(host, tmp_path):
    cfg, _, url, token = host
    dev = device_config(tmp_path / "laptop")
    path = write_claude_session(dev.resolve("projects"), "aaaa1111-0000-4000-8000-000000000001", long_turns("ledger"))
    (dev.resolve("projects") / "notes.txt").write_text("not a session file")
    state = tmp_path / "state.json"
    files = local_files(dev)
    assert [f.relpath for f in files] == [path.relative_to(dev.resolve("projects")).as_posix()]
    first = Pusher(url, "laptop", token, state).push(files)
    assert (first.replaced, first.appended, first.errors) == (1, 0, [])
    assert Pusher(url, "laptop", token, state).push(local_files(dev)).unchanged == 1
    with path.open("a") as f:
        f.write(path.read_text().splitlines()[-1] + "\n")
        f.write('{"half written')  # an unterminated last line waits for a later push
    state.unlink()  # an interrupted push: the state is lost, the server still knows what it holds
    grown = Pusher(url, "laptop", token, state).push(local_files(dev))
    assert (grown.replaced, grown.appended, grown.errors) == (0, 1, [])
    stored = cfg.resolve("inbox") / "laptop" / "claude-code" / files[0].relpath
    assert stored.read_bytes() == path.read_bytes()[: path.read_bytes().rfind(b"\n") + 1]
    assert grown.bytes_sent < len(path.read_bytes()) // 4


def test_push_keeps_to_its_rate_limit(host, tmp_path):
    _, _, url, token = host
    dev = device_config(tmp_path / "laptop")
    path = dev.resolve("projects") / "-home-dev-p" / "aaaa1111-0000-4000-8000-000000000001.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("".join(json.dumps({"type": "user", "noise": os.urandom(600).hex()}) + "\n" for _ in range(300)))
    slept: list[float] = []
    now = [0.0]

    def sleep(seconds: float) -> None:  # recorded and added to the clock, never slept
        slept.append(seconds)
        now[0] += seconds

    rate = 100  # KiB/s
    pusher = Pusher(url, "laptop", token, tmp_path / "s.json", max_kib_per_second=rate, sleep=sleep,
                    clock=lambda: now[0])  # fmt: skip
    report = pusher.push(local_files(dev))
    assert report.replaced == 1 and report.bytes_sent > 150 * 1024  # random hex: about half of it compresses away
    expected = (report.bytes_sent - 64 * 1024) / (rate * 1024)  # every chunk after the first waits its turn
    assert 0.9 * expected <= sum(slept) <= 1.1 * report.bytes_sent / (rate * 1024)


def test_a_sqlite_store_is_pushed_as_a_consistent_snapshot(host, tmp_path):
    import sqlite3

    cfg, _, url, token = host
    workdir = tmp_path / "laptop"
    workdir.mkdir()
    db = workdir / "opencode.db"
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE session (id TEXT PRIMARY KEY, directory TEXT, time_updated INTEGER)")
    con.execute("INSERT INTO session VALUES ('ses_1', '/w', 1)")
    con.commit()  # the row lives in the -wal until a checkpoint: a plain file copy would miss it
    (workdir / "jezero.toml").write_text(
        '[[connectors]]\nname = "oc"\ntype = "opencode"\n[connectors.options]\ndb_path = "opencode.db"\n'
    )
    from jezero_pipeline.config import load_config

    report = Pusher(url, "laptop", token, tmp_path / "s.json").push(local_files(load_config(workdir / "jezero.toml")))
    con.close()
    assert report.replaced == 1 and report.errors == []
    stored = cfg.resolve("inbox") / "laptop" / "opencode" / "opencode.db"
    got = sqlite3.connect(stored).execute("SELECT id FROM session").fetchall()
    assert got == [("ses_1",)]


def test_a_cursor_state_vscdb_is_pushed_as_a_snapshot_and_read_from_the_inbox(host, tmp_path):
    import sqlite3

    from round3 import connector as make

    cfg, _, url, token = host
    user = tmp_path / "laptop" / "cursor-user"
    db = user / "globalStorage" / "state.vscdb"
    db.parent.mkdir(parents=True)
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    con.executemany("INSERT INTO cursorDiskKV VALUES (?, ?)", [
        ("composerData:c1", json.dumps({"composerId": "c1", "name": "Pushed", "createdAt": 1767261600000})),
        ("bubbleId:c1:b1", json.dumps({"type": 1, "text": "Sent from the laptop"}))])  # fmt: skip
    con.commit()  # in the -wal only
    (tmp_path / "laptop" / "jezero.toml").write_text(
        '[[connectors]]\nname = "cu"\ntype = "cursor"\n[connectors.options]\nuser_dir = "cursor-user"\n'
    )
    from jezero_pipeline.config import load_config

    files = local_files(load_config(tmp_path / "laptop" / "jezero.toml"))
    assert [(f.agent.agent, f.relpath) for f in files] == [("cursor", "globalStorage/state.vscdb")]
    report = Pusher(url, "laptop", token, tmp_path / "s.json").push(files)
    con.close()
    assert report.replaced == 1 and report.errors == []
    inbox = make("inbox", dir=str(cfg.resolve("inbox")))
    (s,) = inbox.scan({}, 4e9).sessions
    assert (s.session_id, s.title_hint, s.meta["device"]) == ("c1", "Pushed", "laptop")


def test_two_device_processes_push_at_once_over_loopback(tmp_path):
    """Two `jezero-pipeline push` processes against one `serve --inbox` process."""
    import subprocess
    import sys

    from inboxfixtures import free_port

    cfg = host_config(tmp_path / "host")
    reg = Registry(cfg.resolve(cfg.inbox.devices_file))
    tokens = {name: reg.approve(name)[1] for name in ("laptop", "desktop")}
    exe = str(Path(sys.executable).with_name("jezero-pipeline"))
    port = free_port()
    server = subprocess.Popen([exe, "-c", str(tmp_path / "host" / "jezero.toml"), "serve", "--inbox", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_for(url)
        sessions = {}
        for name in tokens:
            dev = device_config(tmp_path / name)
            sessions[name] = [
                write_claude_session(dev.resolve("projects"), f"{name[:4]}{i:04d}-0000-4000-8000-000000000000",
                                     long_turns(f"{name} topic {i}", n=8), cwd=f"/home/dev/projects/{name}{i % 3}")
                for i in range(12)
            ]  # fmt: skip
        procs = [
            subprocess.Popen(
                [exe, "-c", str(tmp_path / name / "jezero.toml"), "push", "--url", url, "--device", name, "--json"],
                env={**os.environ, "JEZERO_DEVICE_TOKEN": tokens[name]},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for name in tokens
        ]
        outs = [p.communicate(timeout=120) for p in procs]
        for p, (out, err) in zip(procs, outs):
            assert p.returncode == 0, err
            assert json.loads(out)["replaced"] == 12
    finally:
        server.terminate()
        server.wait(10)
    inbox = cfg.resolve("inbox")
    for name, paths in sessions.items():
        for p in paths:
            rel = p.relative_to(tmp_path / name / "projects")
            assert (inbox / name / "claude-code" / rel).read_bytes() == p.read_bytes()
    # the inbox connector reads every device's sessions with the Claude Code reader
    scan = make_connector(cfg.connector("uploads"), cfg.projects, cfg.base_dir).scan({}, time.time() + 10**6)
    assert scan.warnings == [] and len(scan.sessions) == 24
    assert {s.meta["device"] for s in scan.sessions} == {"laptop", "desktop"}
    assert all(s.original_ref == f"claude-code-session:{s.session_id}" and s.source == "uploads" for s in scan.sessions)


def _wait_for(url: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(urllib.request.Request(f"{url}/inbox/v1/codex/x", method="HEAD"), timeout=1)
        except urllib.error.HTTPError:
            return  # it answers (401): it is up
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("serve --inbox did not come up")
