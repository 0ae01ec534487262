"""Antigravity: conversations encoded with our own wire-format writer, keep/drop, damaged protobuf."""

from __future__ import annotations

import sqlite3
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from agentfixtures import (
    add_steps,
    agent_step,
    thinking_step,
    tool_result_step,
    user_step,
    write_conversation,
    write_history,
    write_titles,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector
from jezero_pipeline.sessions import protowire as pw
from jezero_pipeline.sessions.antigravity import decode_step

T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
CID = "7d1c2a9e-0b44-4c1e-9d1e-3f7a3b2c1d00"


def connector(data_dir: Path, **options):
    opts = {"data_dir": str(data_dir), "settle_minutes": 0, "min_chars": 0, **options}
    return make_connector(
        ConnectorConfig(name="agy", type="antigravity", options=opts), ProjectsConfig(git=False), Path(".")
    )


def scan(data_dir: Path, previous=None, **options):
    return connector(data_dir, **options).scan(previous or {}, time.time() + 10**6)


def steps(t=T0):
    return [
        user_step("Why does the invoice export drop the VAT column?", t),
        thinking_step("HIDDEN THINKING STEP", t + timedelta(seconds=2)),
        agent_step(
            "The exporter builds its header from a stale schema.",
            t + timedelta(seconds=5),
            calls=[
                ("view_file", {"AbsolutePath": "/home/me/projects/billing/export.py"}),
                ("replace_file_content", {"TargetFile": "export.py", "Instruction": "add vat"}),
                ("run_command", {"CommandLine": "git status", "Cwd": "/home/me/projects/billing"}),
                ("run_command", {"CommandLine": "pytest -q tests/test_export.py", "Cwd": "/home/me/projects/billing"}),
            ],
            thinking="HIDDEN THINKING IN TURN",
        ),
        tool_result_step("TOOL RESULT 3 passed", t + timedelta(seconds=9)),
        agent_step("Added VAT to the header; the export test passes.", t + timedelta(seconds=12)),
    ]


def test_user_input_and_agent_turns_kept_tool_results_and_thinking_dropped(tmp_path):
    write_conversation(tmp_path, CID, steps(), workspace="file:///home/me/projects/billing")
    write_titles(tmp_path, {CID: "VAT column missing from the invoice export"})
    r = scan(tmp_path)
    assert r.warnings == []
    (s,) = r.sessions
    assert s.session_id == CID and s.original_ref == f"antigravity-conversation:{CID}"
    assert s.cwd == "/home/me/projects/billing" and s.project_hint == "billing"
    assert s.title_hint == "VAT column missing from the invoice export"
    assert [b.ordinal for b in s.blocks] == [1, 3, 5]
    assert s.blocks[0].text == "[2026-05-04 09:30] user: Why does the invoice export drop the VAT column?"
    lines = s.blocks[1].text.splitlines()
    assert lines == [
        "[2026-05-04 09:30] assistant: The exporter builds its header from a stale schema.",
        '[2026-05-04 09:30] assistant: tool call: replace_file_content {"TargetFile":"export.py","Instruction":"add vat"}',
        '[2026-05-04 09:30] assistant: tool call: run_command {"CommandLine":"pytest -q tests/test_export.py","Cwd":"/home/me/projects/billing"}',
    ]  # view_file (a read-only tool) and `git status` (a read-only command) are dropped
    joined = "\n".join(b.text for b in s.blocks)
    for dropped in ("HIDDEN THINKING", "TOOL RESULT"):
        assert dropped not in joined
    assert s.blocks[2].timestamp == T0 + timedelta(seconds=12)


def test_read_only_calls_are_kept_on_request(tmp_path):
    write_conversation(tmp_path, CID, steps())
    (s,) = scan(tmp_path, keep_read_only_commands=True).sessions
    assert "tool call: view_file" in s.blocks[1].text and '"CommandLine":"git status"' in s.blocks[1].text


def test_history_gives_times_and_the_workspace_a_conversation_lacks(tmp_path):
    write_conversation(tmp_path, CID, [user_step("Rename the ledger module", None), agent_step("Renamed it.", None)])
    when = T0 + timedelta(hours=3)
    write_history(
        tmp_path,
        [
            {"display": "/model", "timestamp": 1, "type": "slash_command"},
            {"display": "Rename the ledger module", "timestamp": int(when.timestamp() * 1000),
             "workspace": "file:///home/me/projects/ledger"},
        ],
    )  # fmt: skip
    (s,) = scan(tmp_path).sessions
    assert s.cwd == "/home/me/projects/ledger"
    assert s.blocks[0].text.startswith("[2026-05-04 12:30] user: Rename the ledger module")


def test_a_conversation_with_steps_but_no_text_is_a_warning(tmp_path):
    unknown = [pw.encode([pw.varint_field(1, 999), pw.bytes_field(40, b"opaque")])] * 3
    path = write_conversation(tmp_path, CID, unknown)
    r = scan(tmp_path)
    assert r.sessions == []
    assert r.warnings == [f"{path}: 3 steps but no readable text (an unknown step format?); conversation skipped"]
    assert scan(tmp_path, unreadable_min_steps=4).warnings == []


def test_history_prompts_with_none_in_the_steps_are_reported(tmp_path):
    path = write_conversation(tmp_path, CID, [agent_step("Only an agent turn here.", T0)])
    write_history(tmp_path, [{"display": "Do the thing", "timestamp": 1, "conversationId": CID}])
    r = scan(tmp_path)
    assert f"{path}: history.jsonl holds 1 prompt(s) of it, its steps none" in r.warnings


def test_a_damaged_step_is_skipped_with_a_warning_and_the_others_are_kept(tmp_path):
    good = steps()
    bad = good[2][:-7]  # an agent turn cut inside its nested message
    path = write_conversation(tmp_path, CID, [good[0], bad, good[4]])
    r = scan(tmp_path)
    (s,) = r.sessions
    assert [b.ordinal for b in s.blocks] == [1, 3]
    (warning,) = r.warnings
    assert warning.startswith(f"{path}: step 2: ") and "step skipped" in warning


def test_unchanged_conversation_is_not_read_and_a_grown_one_is(tmp_path):
    path = write_conversation(tmp_path, CID, steps())
    first = scan(tmp_path)
    again = scan(tmp_path, previous=first.states)
    assert again.sessions == [] and again.bytes_read == 0 and again.unchanged == [str(path)]
    add_steps(path, [user_step("And the CSV export?", T0 + timedelta(minutes=5))])
    grown = scan(tmp_path, previous=first.states)
    (s,) = grown.sessions
    assert s.blocks[-1].text.endswith("user: And the CSV export?") and len(s.blocks) == 4


def test_a_corrupt_database_is_a_warning_and_the_conversation_is_read_once_it_changes(tmp_path):
    folder = tmp_path / "conversations"
    folder.mkdir()
    bad = folder / "broken.db"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 50)
    write_conversation(tmp_path, CID, steps())
    r = scan(tmp_path)
    assert [s.session_id for s in r.sessions] == [CID]
    assert len(r.warnings) == 1 and r.warnings[0].startswith(f"{bad}: not a readable Antigravity conversation")


def test_the_database_is_opened_read_only(tmp_path):
    path = write_conversation(tmp_path, CID, steps())
    path.chmod(0o444)
    before = sorted(p.name for p in path.parent.iterdir())
    scan(tmp_path)
    assert sorted(p.name for p in path.parent.iterdir()) == before  # no -wal, no -journal created


# --- the wire format -----------------------------------------------------------------------


@given(
    number=st.integers(min_value=1, max_value=2**29 - 1),
    value=st.one_of(st.integers(min_value=0, max_value=2**64 - 1), st.binary(max_size=200)),
)
def test_every_field_the_writer_encodes_the_reader_decodes(number, value):
    data = pw.varint_field(number, value) if isinstance(value, int) else pw.bytes_field(number, value)
    assert pw.decode(data) == {number: [value]}


@pytest.mark.parametrize(
    "data, reason",
    [
        (b"\x08\xff\xff", "truncated varint at byte 1"),
        (b"\x08" + b"\xff" * 10 + b"\x01", "varint longer than 10 bytes"),
        (b"\x12\x05abc", "length 5 runs past the end (3 left)"),
        (b"\x0b\x01", "unsupported wire type 3"),
        (b"\x0c", "unsupported wire type 4"),
        (b"\x0e\x01", "unsupported wire type 6"),
        (b"\x09\x01\x02", "truncated fixed64"),
        (b"\x00\x01", "field number 0"),
    ],
)
def test_damaged_wire_data_raises_a_wire_error_naming_the_byte(data, reason):
    with pytest.raises(pw.WireError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        pw.decode(data)


def test_a_nested_length_past_the_end_spoils_only_that_field():
    inner = pw.bytes_field(1, "fine text")
    broken = pw.key(20, pw.LENGTH) + pw.encode_varint(len(inner) + 50) + inner  # the nested length lies
    with pytest.raises(pw.WireError):
        pw.decode(pw.varint_field(1, 15) + broken)
    nested_bad = pw.varint_field(1, 15) + pw.bytes_field(20, b"\x0a\x40short")  # inner text length lies
    step = decode_step(1, nested_bad)
    assert step.kind == 15 and step.text == ""  # the outer message decodes; the bad inner one is left out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blob=st.binary(max_size=300))
def test_random_bytes_never_raise_anything_but_a_wire_error(blob):
    try:
        decode_step(1, blob)
    except pw.WireError:
        pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(min_value=0, max_value=4),
    cut=st.integers(min_value=0, max_value=400),
    garbage=st.binary(max_size=40),
)
def test_fuzz_a_damaged_step_never_loses_the_others(which, cut, garbage):
    good = steps()
    damaged = list(good)
    damaged[which] = good[which][: cut % (len(good[which]) + 1)] + garbage
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        write_conversation(root, CID, good)
        full = {b.ordinal: b.text for s in scan(root).sessions for b in s.blocks}
        write_conversation(root, CID, damaged)
        r = scan(root)
        kept = {b.ordinal: b.text for s in r.sessions for b in s.blocks}
        for ordinal, text in full.items():
            if ordinal != which + 1:
                assert kept.get(ordinal) == text  # every other step is read exactly as before


def test_a_locked_database_is_a_warning_and_is_tried_again_next_run(tmp_path):
    path = write_conversation(tmp_path, CID, steps())
    holder = sqlite3.connect(path, timeout=0)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        r = connector(tmp_path).scan({}, time.time() + 10**6)
    finally:
        holder.rollback()
        holder.close()
    assert r.sessions == [] and r.states == {}  # no state: the next run reads it
    assert r.warnings == [f"{path}: cannot read now (database is locked); tried again next run"]
