"""import-jsonl: pre-summarised items into rows; bad lines reported and skipped."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from runs import workspace
from sessionfiles import write_config

from jezero_pipeline.library.reader import Library
from jezero_pipeline.operations import import_jsonl as import_module
from jezero_pipeline.operations.import_jsonl import import_jsonl, read_import_file
from jezero_pipeline.staging.tables import IMPORTS

GOOD = {
    "external_id": "note-1",
    "occurred_at": "2026-03-01T10:00:00Z",
    "title": "Chose DuckDB",
    "summary": "We picked DuckDB for the library.",
    "questions": ["Why DuckDB?"],
    "atoms": [{"kind": "decision", "text": "Use DuckDB"}, "fact: FTS is an extension"],
    "original_ref": "wiki:42",
}


def write(tmp_path, lines):
    path = tmp_path / "items.jsonl"
    path.write_bytes(b"".join((rec if isinstance(rec, bytes) else json.dumps(rec).encode()) + b"\n" for rec in lines))
    return path


def test_good_record_becomes_a_row(tmp_path):
    path = write(
        tmp_path,
        [
            GOOD,
            {"id": 7, "occurred_at": 1780000000, "title": "T", "summary": "S", "trust": "external", "project": "Shop"},
        ],
    )
    rows, problems = read_import_file(path, "notes", project="lib", trust="own")
    assert problems == []
    assert rows[0] == {
        "source": "notes",
        "external_id": "note-1",
        "occurred_at": "2026-03-01T10:00:00+00:00",
        "title": "Chose DuckDB",
        "summary": "We picked DuckDB for the library.",
        "questions": ["Why DuckDB?"],
        "atoms": [{"kind": "decision", "text": "Use DuckDB"}, {"kind": "fact", "text": "FTS is an extension"}],
        "project": "lib",
        "trust": "own",
        "original": None,
        "original_ref": "wiki:42",
    }
    assert rows[1]["external_id"] == "7" and rows[1]["trust"] == "external"  # the record's trust wins
    assert rows[1]["project"] == "shop" and rows[1]["questions"] == [] and rows[1]["atoms"] == []


def test_bad_lines_are_reported_and_skipped(tmp_path):
    lines = [
        GOOD,
        b"{broken",
        b"\xff\xfe",
        b"[1]",
        {**GOOD, "external_id": ""},
        {**GOOD, "occurred_at": "soon"},
        {**GOOD, "title": 3},
        {**GOOD, "trust": "mine"},
        {**GOOD, "atoms": [{"kind": "idea", "text": "x"}]},
        {**GOOD, "questions": [1]},
        {**GOOD, "external_id": "note-2"},
    ]
    path = write(tmp_path, lines)
    rows, problems = read_import_file(path, "notes")
    assert [r["external_id"] for r in rows] == ["note-1", "note-2"]
    assert [p.split(": ", 2)[1] for p in problems] == [f"line {n}" for n in range(2, 11)]
    assert all(p.startswith(f"{path}: line ") for p in problems)
    assert "not JSON" in problems[0] and "invalid UTF-8" in problems[1] and "not a JSON object" in problems[2]
    assert "external_id" in problems[3] and "occurred_at" in problems[4] and "title" in problems[5]
    assert "trust 'mine'" in problems[6] and "atoms[0].kind 'idea'" in problems[7] and "questions" in problems[8]


def test_duplicate_ids_later_wins_and_bad_trust_argument(tmp_path):
    path = write(tmp_path, [GOOD, {**GOOD, "title": "Second"}])
    rows, problems = read_import_file(path, "notes")
    assert [r["title"] for r in rows] == ["Second"] and "line 2" in problems[0]
    with pytest.raises(ValueError):
        read_import_file(path, "notes", trust="friends")


def test_control_characters_are_removed(tmp_path):
    path = write(
        tmp_path,
        [
            {
                **GOOD,
                "title": "\x1b[31mRed\x1b[0m title\x07",
                "summary": "a\x1b]0;pwn\x07b\x00c\nd",
                "questions": ["q\x9b2J?"],
                "atoms": [{"kind": "fact", "text": "x\x1bcy"}],
            }
        ],
    )
    rows, _ = read_import_file(path, "notes")
    assert rows[0]["title"] == "Red title"
    assert rows[0]["summary"] == "abc\nd"
    assert rows[0]["questions"] == ["q?"] and rows[0]["atoms"][0]["text"] == "xy"


def test_an_import_stores_each_day_apart_the_later_line_winning_and_a_second_import_updates(tmp_path):
    write_config(tmp_path, provider="extractive", model="")
    ws = workspace(tmp_path)
    lines = [
        {**GOOD, "external_id": "a", "title": "alpha first zorblax", "occurred_at": "2026-03-01T10:00:00Z"},
        {**GOOD, "external_id": "b", "title": "beta zorblax", "occurred_at": "2026-03-02T10:00:00Z"},
        b"not json",
        {**GOOD, "external_id": "a", "title": "alpha second zorblax", "occurred_at": "2026-03-01T11:00:00Z"},
        {
            **GOOD,
            "external_id": "c",
            "title": "gamma zorblax",
            "original": "logged in with password=Hunter2!",
        },
    ]
    report = import_jsonl(ws, write(tmp_path, lines), "notes")
    assert (report["imported"], report["partitions"]) == (3, 2)
    assert [p.split(": ", 1)[1] for p in report["problems"]] == [
        "line 3: not JSON (Expecting value at column 1)",
        "line 4: external_id 'a' repeats an earlier line, this one wins",
    ]
    with Library(ws.library_path) as lib:
        titles = sorted(r["title"] for r in lib.search("zorblax", limit=10)["results"])
        assert titles[:2] == ["alpha second zorblax", "beta zorblax"] and len(titles) == 3
        gamma = lib.get_item(lib.search("gamma")["results"][0]["id"], include_original=True)["item"]
        assert gamma["original"] == "logged in with password=[REDACTED:password]"  # before it was stored
    again = [{**GOOD, "external_id": "b", "title": "beta changed zorblax", "occurred_at": "2026-03-02T10:00:00Z"}]
    import_jsonl(ws, write(tmp_path, again), "notes")
    with Library(ws.library_path) as lib:
        titles = sorted(r["title"] for r in lib.search("zorblax", limit=10)["results"])
        assert titles[:2] == ["alpha second zorblax", "beta changed zorblax"] and len(titles) == 3


def recording_pool(monkeypatch, calls):
    """The import's helper pool, real, with the name and arguments of each function it is handed."""
    real = import_module.helper_pool

    def pool(*args, **kwargs):
        executor = real(*args, **kwargs)
        submit = executor.submit

        def recorded(fn, *fn_args, **fn_kwargs):
            calls.append((fn.__name__, fn_args))
            return submit(fn, *fn_args, **fn_kwargs)

        executor.submit = recorded
        return executor

    monkeypatch.setattr(import_module, "helper_pool", pool)


def _staged(ws, source):
    """Every stored row of the source's partitions, without the time it was stored at."""
    out = {}
    for part in ws.store.partitions(IMPORTS, source):
        for row in ws.store.read(IMPORTS, part):
            out[row["segment_id"]] = {**{k: v for k, v in row.items() if k != "summarized_at"}, "day": part.day}
    return out


def test_a_big_import_leaves_half_of_its_days_to_a_helper_and_stores_the_same(tmp_path, monkeypatch):
    lines = [
        {**GOOD, "external_id": f"n{i}", "occurred_at": f"2026-03-{1 + i % 9:02d}T10:00:00Z",
         "title": f"note {i} zorblax", "original": f"step {i}: export TOKEN=ghp_{'x7Kq9' * 8}"}
        for i in range(60)
    ] + [b"not json", {**GOOD, "external_id": "n3", "title": "note 3 again zorblax"}]  # fmt: skip
    path = write(tmp_path, lines)
    calls = []
    recording_pool(monkeypatch, calls)
    stored = {}
    for helper_items, folder in ((1, tmp_path / "two"), (10**9, tmp_path / "one")):
        monkeypatch.setattr(import_module, "HELPER_ITEMS", helper_items)
        folder.mkdir()
        write_config(folder, provider="extractive", model="")
        ws = workspace(folder)
        report = import_jsonl(ws, path, "notes")
        assert (report["imported"], report["partitions"], len(report["problems"])) == (60, 9, 2)
        stored[helper_items] = _staged(ws, "notes")
    ((name, args),) = calls  # the helper ran once, for the big import only, with about half the days
    theirs = args[2]
    assert name == "_store_days_apart"
    assert 3 <= len(theirs) <= 6 and sum(len(v) for v in theirs.values()) in range(25, 36)
    assert stored[1] == stored[10**9] and len(stored[1]) == 60
    assert stored[1]["n3"]["title"] == "note 3 again zorblax" and stored[1]["n3"]["day"] == "2026-03-01"
    assert all("ghp_" not in row["original"] for row in stored[1].values())


# A line of a generated import file: an item (external id, day of March), a bad line, or blank.
_LINE = st.one_of(
    st.tuples(st.sampled_from("abcde"), st.integers(1, 4)),
    st.sampled_from([b"not json", b"[1, 2]", b'{"external_id": "x"}', b"   "]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_LINE, max_size=14))
def test_validating_a_file_in_two_stretches_and_joining_them_equals_one_pass(lines):
    """For every line the file could be cut at: the ids' days, offsets and order, and every
    problem with its line number, as one pass finds them (repeats across the cut included)."""
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        write_config(folder, provider="extractive", model="")
        ws = workspace(folder)
        records = [
            line
            if isinstance(line, bytes)
            else {**GOOD, "external_id": line[0], "occurred_at": f"2026-03-0{line[1]}T09:00:00Z"}
            for line in lines
        ]
        path = write(folder, records)
        size = path.stat().st_size
        whole = import_module.validate_lines(ws, path, "notes", None, "own", 0, size)
        cuts, offset = [0], 0
        for raw in path.read_bytes().splitlines(keepends=True):
            offset += len(raw)
            cuts.append(offset)
        for cut in cuts:
            first = import_module.validate_lines(ws, path, "notes", None, "own", 0, cut)
            second = import_module.validate_lines(ws, path, "notes", None, "own", cut, size)
            where, problems = import_module.joined(first, second)
            assert list(where.items()) == list(whole.where.items()), cut
            assert problems == whole.problems, cut


def test_a_big_file_is_validated_in_two_halves_with_the_same_report(tmp_path, monkeypatch):
    """Through the helper process: the same problems, in line order, and the same stored rows."""
    lines = [
        {**GOOD, "external_id": f"n{i % 7}", "occurred_at": f"2026-03-0{1 + i % 3}T10:00:00Z", "title": f"note {i}"}
        for i in range(12)
    ]
    lines[2], lines[9] = b"not json", b"{}"
    path = write(tmp_path, lines)
    calls = []
    recording_pool(monkeypatch, calls)
    reports, stored = {}, {}
    for limit, folder in ((1, tmp_path / "halves"), (10**12, tmp_path / "whole")):
        monkeypatch.setattr(import_module, "VALIDATE_HELPER_BYTES", limit)
        folder.mkdir()
        write_config(folder, provider="extractive", model="")
        ws = workspace(folder)
        reports[limit] = [p.split(": ", 1)[1] for p in import_jsonl(ws, path, "notes")["problems"]]
        stored[limit] = _staged(ws, "notes")
    assert [name for name, _ in calls] == ["_validate_apart"]  # the halves ran once, for the small limit only
    assert reports[1] == reports[10**12] and len(reports[1]) == 2 + 4  # two bad lines, four repeats
    assert reports[1][-1] == "line 12: external_id 'n4' repeats an earlier line, this one wins"
    assert stored[1] == stored[10**12] and len(stored[1]) == 6  # n2 is on the bad lines only
